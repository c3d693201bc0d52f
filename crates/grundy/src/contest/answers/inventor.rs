//! inventor-outlasting — Code Jam to I/O for Women 2022, "Inventor Outlasting": how many
//! first moves win.
//!
//! Input: T; per case `R C` then R rows of `X` (a spot) and `.`. Output: `Case #x: y`.

use std::fmt::Write as _;

use crate::contest::Board;
use crate::progress::watching;
use crate::solve::cross_cut::inventor;
use crate::work::{self, Budget};
use rayon::prelude::*;

use crate::progress::Progress;
use crate::report::Error;

/// The count of winning first builds of each board; the boards are independent and
/// shared between the cores.
pub fn solve(boards: &[Board], progress: &mut (dyn Progress + Send)) -> Result<Vec<u8>, Error> {
    // One account for the whole input: many boards of moderate size add up.
    let budget = Budget::new(work::MAX_STEPS);
    let counts = watching(&budget, progress, || {
        boards
            .par_iter()
            .map(|b| {
                inventor::analyze_within(b.rows, b.cols, |r, c| b.cells[r * b.cols + c], &budget)
                    .map(|a| a.winning.len())
            })
            .collect::<Result<Vec<_>, _>>()
    })
    .map_err(|e| Error::failed(e.to_string()))?;
    let mut out = String::new();
    for (case, count) in counts.into_iter().enumerate() {
        let _ = writeln!(out, "Case #{}: {count}", case + 1);
    }
    Ok(out.into_bytes())
}
