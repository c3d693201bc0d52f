//! shgame — "A Game With a Sheet of Paper": count the marked cells that win.
//!
//! Input: T, then T lines `N M`. Output: one count per line.

use std::fmt::Write as _;

use grundy::games::sheet;
use grundy::parse::Tokens;
use grundy::report::sheet::MAX_SIDE;

use super::{Input, read_cases};
use crate::Failure;

/// The most test cases accepted in one input.
const MAX_CASES: u64 = 1_000_000;

pub fn solve(input: &Input) -> Result<Vec<u8>, Failure> {
    let mut t = Tokens::new(&input.bytes);
    let cases = read_cases(&mut t, input, "the number of test cases T", MAX_CASES)?;
    let mut out = String::with_capacity(cases as usize * 16);
    for _ in 0..cases {
        let n = t.u64_in("N", 1, MAX_SIDE).map_err(|e| input.error(e))?;
        let m = t.u64_in("M", 1, MAX_SIDE).map_err(|e| input.error(e))?;
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{}", sheet::count_first_player_wins(n, m));
    }
    t.end().map_err(|e| input.error(e))?;
    Ok(out.into_bytes())
}
