//! caos3 — "CAO Stage-3": who wins the lava game.
//!
//! Input: T; per case `R C` then R rows of `#` (wall) and `^`. Output: `Asuna` when the
//! first player wins, else `Kirito`.

use std::fmt::Write as _;

use grundy::games::lava;
use grundy::parse::Tokens;
use grundy::progress::watching;
use grundy::report::cells::{self, Grid, LAVA_LIMITS, lava_winner_name as name, open_cells};
use grundy::work::{self, Budget};
use rayon::prelude::*;

use super::{Input, read_cases};
use crate::Failure;
use crate::progress::Bar;

/// The most cases in one input.
const MAX_CASES: u64 = 1000;
fn read_map(t: &mut Tokens, input: &Input) -> Result<Grid, Failure> {
    Ok(cells::read_grid(t, &LAVA_LIMITS, b"#^").map_err(|e| input.error(e))?)
}

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let cases = read_cases(&mut t, input, "the number of test cases T", MAX_CASES)?;
    // The whole input is checked before any map is solved; the maps are then independent
    // and shared between the cores.
    let maps = (0..cases)
        .map(|_| read_map(&mut t, input))
        .collect::<Result<Vec<_>, _>>()?;
    t.end().map_err(|e| input.error(e))?;
    // One account for the whole input: many maps of moderate size add up.
    let budget = Budget::new(work::MAX_STEPS);
    let values = watching(&budget, &mut Bar::delayed(), || {
        maps.par_iter()
            .map(|grid| lava::grundy_within(grid.rows, grid.cols, &open_cells(grid), &budget))
            .collect::<Result<Vec<_>, _>>()
    })
    .map_err(Failure::other)?;
    let mut out = String::new();
    for g in values {
        let _ = writeln!(out, "{}", name(!g.is_zero()));
    }
    Ok(out.into_bytes())
}
