//! shgame — "A Game With a Sheet of Paper": count the marked cells that win.
//!
//! Input: T, then T lines `N M`. Output: one count per line.

use std::fmt::Write as _;

use crate::games::sheet;

/// The count of winning marks of each sheet.
pub fn solve(sheets: &[(u64, u64)]) -> Vec<u8> {
    let mut out = String::with_capacity(sheets.len() * 16);
    for &(n, m) in sheets {
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{}", sheet::count_first_player_wins(n, m));
    }
    out.into_bytes()
}
