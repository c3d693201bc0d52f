//! shgame inputs: `T`, then T lines `N M` (the statement: T ≤ 100, 1 ≤ N, M ≤ 10^6).

use std::fmt::Write as _;

use super::{CaseInput, Rng, Size, draw, smaller_number};
use crate::games::sheet;

/// The statement's most test cases.
pub const MAX_CASES: usize = 100;
/// The statement's longest side.
pub const MAX_SIDE: u64 = 1_000_000;

pub fn generate(size: Size, cases: Option<usize>, rng: &mut Rng) -> Vec<(u64, u64)> {
    let (count, side) = match size {
        Size::Small => (cases.unwrap_or_else(|| draw(rng, 1, 5) as usize), 8),
        Size::Medium => (cases.unwrap_or_else(|| draw(rng, 5, 20) as usize), 1000),
        Size::Max | Size::Worst => (cases.unwrap_or(MAX_CASES), MAX_SIDE),
    };
    if size != Size::Worst {
        return (0..count)
            .map(|_| (draw(rng, 1, side), draw(rng, 1, side)))
            .collect();
    }
    // The traps first: the 1×1 sheet nobody can cut (the count is 0), strips, powers of
    // two and their neighbours (where the XOR of the piles behaves), sides whose count
    // passes 2^32; then the largest sheets, which are the slowest for a method that looks
    // at every row and column.
    let mut traps = vec![
        (1, 1),
        (1, MAX_SIDE),
        (MAX_SIDE, 1),
        (1 << 19, 1 << 19),
        ((1 << 19) + 1, (1 << 19) - 1),
        (2, 2),
        (3, 3),
        (MAX_SIDE, MAX_SIDE - 1),
    ];
    traps.truncate(count);
    while traps.len() < count {
        traps.push((MAX_SIDE - draw(rng, 0, 20), MAX_SIDE - draw(rng, 0, 20)));
    }
    traps
}

pub fn text(sheets: &[(u64, u64)]) -> String {
    let mut out = format!("{}\n", sheets.len());
    for (n, m) in sheets {
        let _ = writeln!(out, "{n} {m}");
    }
    out
}

pub fn smaller(&(n, m): &(u64, u64)) -> Vec<(u64, u64)> {
    // Both sides at once first (a square stays a square), then each alone.
    let mut out: Vec<(u64, u64)> = smaller_number(n, 1)
        .into_iter()
        .zip(smaller_number(m, 1))
        .collect();
    out.extend(smaller_number(n, 1).into_iter().map(|n| (n, m)));
    out.extend(smaller_number(m, 1).into_iter().map(|m| (n, m)));
    out
}

/// `analyze` reads one mark: the first mark lost for the player to move (the marks the
/// count leaves out) when a small sheet has one, else the corner.
pub fn case_input(line: usize, n: u64, m: u64) -> CaseInput {
    let lost = (n.saturating_mul(m) <= 10_000)
        .then(|| {
            (1..=n)
                .flat_map(|x| (1..=m).map(move |y| (x, y)))
                .find(|&(x, y)| sheet::grundy(n, m, x, y).0 == 0)
        })
        .flatten();
    let (x, y) = lost.unwrap_or((1, 1));
    let how = if lost.is_some() {
        "its first mark lost for the player to move"
    } else {
        "its corner mark"
    };
    CaseInput {
        what: format!("case {}, {how}, ({x}, {y})", line + 1),
        input: format!("{n} {m} {x} {y}\n"),
    }
}
