//! caos3 — "CAO Stage-3": who wins the lava game.
//!
//! Input: T; per case `R C` then R rows of `#` (wall) and `^`. Output: `Asuna` when the
//! first player wins, else `Kirito`.

use std::fmt::Write as _;

use crate::contest::Board;
use crate::progress::watching;
use crate::report::cells::lava_winner_name as name;
use crate::solve::cross_cut::lava;
use crate::work::{self, Budget};
use rayon::prelude::*;

use crate::progress::Progress;
use crate::report::Error;

/// The winner of each map; the maps are independent and shared between the cores.
pub fn solve(maps: &[Board], progress: &mut (dyn Progress + Send)) -> Result<Vec<u8>, Error> {
    // One account for the whole input: many maps of moderate size add up.
    let budget = Budget::new(work::MAX_STEPS);
    let values = watching(&budget, progress, || {
        maps.par_iter()
            .map(|map| lava::grundy_within(map.rows, map.cols, &map.cells, &budget))
            .collect::<Result<Vec<_>, _>>()
    })
    .map_err(|e| Error::failed(e.to_string()))?;
    let mut out = String::new();
    for g in values {
        let _ = writeln!(out, "{}", name(!g.is_zero()));
    }
    Ok(out.into_bytes())
}
