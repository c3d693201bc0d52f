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

use crate::nimber::Nimber;

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
