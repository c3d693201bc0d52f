//! The sheet-cutting game (CodeChef SHGAME, "A Game With a Sheet of Paper").
//!
//! An N×M sheet has one marked cell. A move cuts the sheet along a full grid line and
//! throws away the part without the mark; whoever faces a 1×1 sheet cannot move and loses.
//! The cuts left of, right of, above and below the mark never interact, so the position is
//! Nim on four heaps: L and R columns beside the mark, U and D rows above and below it.
//!
//! The contest asks how many marked cells win for the first player: N·M minus the cells
//! where L ⊕ R = U ⊕ D. Since L + R = M − 1 and U + D = N − 1, that is the number of
//! quadruples (L, R, U, D) with L + R = M − 1, U + D = N − 1 and L ⊕ R = U ⊕ D, which
//! [`count_first_player_wins`] counts bit by bit with the two carries as the only state —
//! 64 steps of 16 cases whatever N and M are.
//!
//! ```
//! use grundy::games::sheet;
//!
//! // The statement's samples.
//! assert_eq!(sheet::count_first_player_wins(5, 8), 40);
//! assert_eq!(sheet::count_first_player_wins(6, 7), 42);
//! ```

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::notation::{Labelled, Notation};
use crate::nimber::Nimber;
use crate::parse::{Input, Tokens};

/// The largest side accepted: the count of winning marks is exact up to here.
pub const MAX_SIDE: u64 = 1_000_000_000_000_000_000;
/// The longest side of a sheet that is drawn.
pub const MAX_DRAWN_SIDE: u64 = 40;

/// The sheet as a game of its own, for its notation: a position is `[n, m, x, y]` (the rows,
/// the columns, the mark's row and column, from 1), a move a cut. Its options list every
/// cut, so they are asked only of sheets small enough to list; values come from the four
/// heaps ([`grundy`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sheet;

impl Game for Sheet {
    type Position = [u64; 4];

    fn options(&self, &[n, m, x, y]: &[u64; 4], out: &mut Vec<Components<[u64; 4]>>) {
        out.extend(
            cuts(n, m, x, y)
                .into_iter()
                .map(|c| crate::game::to(c.after)),
        );
    }
}

/// A sheet written as `analyze shgame` reads it: `N M X Y`; a cut labelled by the lines it
/// throws away and the side, and drawn as the sheet ('@' the mark) up to
/// [`MAX_DRAWN_SIDE`] a side.
impl Notation for Sheet {
    fn read(&self, input: &Input) -> Result<Vec<[u64; 4]>, Error> {
        let mut t = Tokens::new(&input.bytes);
        let mut read = |what: &str, hi: u64| t.u64_in(what, 1, hi).map_err(|e| input.error(e));
        let n = read("the number of rows N", MAX_SIDE)?;
        let m = read("the number of columns M", MAX_SIDE)?;
        let x = read(&format!("the mark's row X (at most N = {n})"), n)?;
        let y = read(&format!("the mark's column Y (at most M = {m})"), m)?;
        t.end().map_err(|e| input.error(e))?;
        Ok(vec![[n, m, x, y]])
    }

    fn write(&self, sum: &[[u64; 4]]) -> String {
        let sheets: Vec<String> = sum
            .iter()
            .map(|[n, m, x, y]| format!("{n} {m} {x} {y}"))
            .collect();
        sheets.join(" ")
    }

    fn moves(&self, sum: &[[u64; 4]], i: usize) -> Vec<Labelled<[u64; 4]>> {
        const SIDES: [&str; 4] = [
            "columns off the left",
            "columns off the right",
            "rows off the top",
            "rows off the bottom",
        ];
        let [n, m, x, y] = sum[i];
        cuts(n, m, x, y)
            .into_iter()
            .map(|c| Labelled {
                label: format!("cut {} {}", c.lines, SIDES[c.side]),
                leaves: crate::game::to(c.after),
                cells: None,
                along: None,
                vertex: None,
            })
            .collect()
    }

    fn draw(&self, sum: &[[u64; 4]]) -> Option<Drawing> {
        let &[[n, m, x, y]] = sum else { return None };
        if n > MAX_DRAWN_SIDE || m > MAX_DRAWN_SIDE {
            return None;
        }
        let rows = (1..=n)
            .map(|r| {
                (1..=m)
                    .map(|c| if (r, c) == (x, y) { "@" } else { "." }.to_string())
                    .collect()
            })
            .collect();
        Some(Drawing::Grid { rows })
    }
}

/// The four Nim heaps of a marked cell (1-based row `x` of `n`, column `y` of `m`):
/// `[left, right, up, down]`.
pub fn heaps(n: u64, m: u64, x: u64, y: u64) -> [u64; 4] {
    [y - 1, m - y, x - 1, n - x]
}

/// The Grundy value of a marked cell: the XOR of its four heaps.
pub fn grundy(n: u64, m: u64, x: u64, y: u64) -> Nimber {
    Nimber(heaps(n, m, x, y).iter().fold(0, |a, &h| a ^ h))
}

/// A cut of the sheet: the side it comes from, how many rows or columns it throws away,
/// the sheet left `[n, m, x, y]`, and that sheet's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// 0 left, 1 right, 2 top, 3 bottom.
    pub side: usize,
    /// Columns (left, right) or rows (top, bottom) thrown away.
    pub lines: u64,
    /// The sheet left: rows, columns, the mark's row and column.
    pub after: [u64; 4],
    /// Its value.
    pub value: Nimber,
}

/// Every cut of the N×M sheet marked at (x, y): left, right, top, bottom, the fewest lines
/// first.
pub fn cuts(n: u64, m: u64, x: u64, y: u64) -> Vec<Cut> {
    let h = heaps(n, m, x, y);
    let mut out = Vec::new();
    for (side, &most) in h.iter().enumerate() {
        for lines in 1..=most {
            let after = match side {
                0 => [n, m - lines, x, y - lines],
                1 => [n, m - lines, x, y],
                2 => [n - lines, m, x - lines, y],
                _ => [n - lines, m, x, y],
            };
            let [a, b, c, d] = after;
            out.push(Cut {
                side,
                lines,
                after,
                value: grundy(a, b, c, d),
            });
        }
    }
    out
}

/// The number of marked cells of an N×M sheet (N, M ≥ 1) from which the first player
/// wins, by a digit DP over the bits of M − 1 and N − 1.
pub fn count_first_player_wins(n: u64, m: u64) -> u128 {
    u128::from(n) * u128::from(m) - count_balanced(m - 1, n - 1)
}

/// The number of (l, u) with 0 ≤ l ≤ a, 0 ≤ u ≤ b and l ⊕ (a − l) = u ⊕ (b − u).
///
/// Choose the bits of l, r = a − l, u, d = b − u from the lowest up. With carries c1 and c2
/// into this bit, l_k + r_k + c1 must have a's bit k as its low bit, and likewise for u, d
/// and b; and l_k ⊕ r_k must equal u_k ⊕ d_k. After the top bit both carries must be 0.
pub fn count_balanced(a: u64, b: u64) -> u128 {
    // ways[c1][c2]: assignments of the bits so far that leave these carries.
    let mut ways = [[0u128; 2]; 2];
    ways[0][0] = 1;
    for k in 0..64 {
        let (ak, bk) = ((a >> k) & 1, (b >> k) & 1);
        let mut next = [[0u128; 2]; 2];
        for c1 in 0..2u64 {
            for c2 in 0..2u64 {
                let w = ways[c1 as usize][c2 as usize];
                if w == 0 {
                    continue;
                }
                for lr in 0..4u64 {
                    let (l, r) = (lr & 1, lr >> 1);
                    let s1 = l + r + c1;
                    if s1 & 1 != ak {
                        continue;
                    }
                    for ud in 0..4u64 {
                        let (u, d) = (ud & 1, ud >> 1);
                        let s2 = u + d + c2;
                        if s2 & 1 != bk || (l ^ r) != (u ^ d) {
                            continue;
                        }
                        next[(s1 >> 1) as usize][(s2 >> 1) as usize] += w;
                    }
                }
            }
        }
        ways = next;
    }
    ways[0][0]
}

/// The editorial's O(N + M) count, kept as the digit DP's twin: tally l ⊕ (M − 1 − l) over
/// the columns, then look up u ⊕ (N − 1 − u) for each row.
///
/// Allocates a table of about 2·max(N, M) entries; meant for N, M up to a few million.
pub fn count_first_player_wins_linear(n: u64, m: u64) -> u128 {
    let size = (n.max(m)).next_power_of_two() as usize * 2;
    let mut tally = vec![0u64; size];
    for l in 0..m {
        tally[(l ^ (m - 1 - l)) as usize] += 1;
    }
    let balanced: u128 = (0..n)
        .map(|u| u128::from(tally[(u ^ (n - 1 - u)) as usize]))
        .sum();
    u128::from(n) * u128::from(m) - balanced
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A sheet reads back what it writes, and its notation lists the cuts the move list
        /// of `analyze` gives, labels and sheets left alike.
        #[test]
        fn the_notation_reads_back_and_lists_the_cuts(n in 1u64..30, m in 1u64..30, a in 0u64..1000, b in 0u64..1000) {
            let (x, y) = (1 + a % n, 1 + b % m);
            let text = format!("{n} {m} {x} {y}");
            let sum = Sheet.read(&Input::new("s", text.clone())).expect("a sheet");
            prop_assert_eq!(&sum, &vec![[n, m, x, y]]);
            prop_assert_eq!(Sheet.write(&sum), text.clone());
            let ours: Vec<(String, String)> = Sheet
                .moves(&sum, 0)
                .into_iter()
                .map(|l| (l.label, Sheet.write(&l.leaves)))
                .collect();
            let listed = crate::analysis::moves::sheet(&Input::new("s", text)).expect("listed");
            let theirs: Vec<(String, String)> =
                listed.moves.iter().map(|m| (m.label.clone(), m.position.clone())).collect();
            prop_assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn one_by_one_is_lost() {
        assert_eq!(count_first_player_wins(1, 1), 0);
        assert_eq!(grundy(1, 1, 1, 1), Nimber(0));
    }

    #[test]
    fn the_two_counts_agree_on_small_sheets() {
        for n in 1..=70 {
            for m in 1..=70 {
                assert_eq!(
                    count_first_player_wins(n, m),
                    count_first_player_wins_linear(n, m),
                    "{n}x{m}"
                );
            }
        }
    }

    #[test]
    fn the_largest_sheet_does_not_overflow() {
        let n = 1_000_000_000_000_000_000;
        let c = count_first_player_wins(n, n);
        assert!(c <= u128::from(n) * u128::from(n));
        // A square sheet's centre-symmetric cells balance: L ⊕ R = U ⊕ D on the diagonal.
        assert!(c < u128::from(n) * u128::from(n));
    }
}
