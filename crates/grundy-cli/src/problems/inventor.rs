//! inventor-outlasting — Code Jam to I/O for Women 2022, "Inventor Outlasting": how many
//! first moves win.
//!
//! Input: T; per case `R C` then R rows of `X` (a spot) and `.`. Output: `Case #x: y`.
//!

use std::fmt::Write as _;

use grundy::games::inventor;
use grundy::parse::Tokens;
use grundy::progress::watching;
use grundy::report::cells::{self, Grid, INVENTOR_LIMITS};
use grundy::work::{self, Budget};
use rayon::prelude::*;

use super::{Input, read_cases};
use crate::Failure;
use crate::progress::Bar;

/// The most cases in one input.
const MAX_CASES: u64 = 1000;
fn read_board(t: &mut Tokens, input: &Input) -> Result<Grid, Failure> {
    Ok(cells::read_grid(t, &INVENTOR_LIMITS, b"X.").map_err(|e| input.error(e))?)
}

fn explain(grid: &Grid, budget: &Budget) -> Result<inventor::Analysis, Failure> {
    inventor::analyze_within(grid.rows, grid.cols, |r, c| grid.at(r, c) == b'X', budget)
        .map_err(Failure::other)
}

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let cases = read_cases(&mut t, input, "the number of test cases T", MAX_CASES)?;
    // The whole input is checked before any board is solved; the boards are then
    // independent and shared between the cores.
    let boards = (0..cases)
        .map(|_| read_board(&mut t, input))
        .collect::<Result<Vec<_>, _>>()?;
    t.end().map_err(|e| input.error(e))?;
    // One account for the whole input: many boards of moderate size add up.
    let budget = Budget::new(work::MAX_STEPS);
    let counts = watching(&budget, &mut Bar::delayed(), || {
        boards
            .par_iter()
            .map(|grid| explain(grid, &budget).map(|a| a.winning.len()))
            .collect::<Result<Vec<_>, _>>()
    })?;
    let mut out = String::new();
    for (case, count) in counts.into_iter().enumerate() {
        let _ = writeln!(out, "Case #{}: {count}", case + 1);
    }
    Ok(out.into_bytes())
}
