//! Chomp by a dense table: the value of every position inside an R×C box, one byte each.
//!
//! A Chomp position is a Young diagram: row lengths `l0 ≥ l1 ≥ … ≥ l(R-1) ≥ 0`, bottom row
//! first. Diagrams in an R×C box are ranked by the combinatorial number system,
//! `rank = Σ C(l_k + R-1-k, R-k)`, a bijection onto `0..C(R+C, R)`. Every term grows with
//! its row length, and a bite only shortens rows, so every option of a diagram has a lower
//! rank: one pass in rank order finds every value, with no hashing and no recursion.
//!
//! A bite at (i, j) cuts rows i, i+1, … to at most j squares. Its rank differs from the
//! diagram's only in the terms of the rows it cuts, so for a fixed column j the options
//! for i = h-1, h-2, …, 0 (h the rows longer than j) come from one running sum: each
//! option costs an addition and a byte read.

use thiserror::Error;

use crate::nimber::Nimber;
use crate::progress::Progress;

/// A box too large for a dense table.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ChompTableError {
    /// More positions than the limit allows.
    #[error(
        "a {rows}×{cols} box holds {positions} positions, more than the dense table's limit of {limit}"
    )]
    TooMany {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
        /// Positions in it (saturated).
        positions: u64,
        /// The limit in force.
        limit: u64,
    },
    /// More than 256 squares: values might not fit a byte.
    #[error("a {rows}×{cols} box has more than 256 squares, the dense table's limit")]
    TooWide {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
    },
}

/// The values of every Chomp position inside a box.
///
/// ```
/// use grundy::solve::chomp_table::ChompTable;
///
/// let table = ChompTable::build(3, 4, u64::MAX, &mut grundy::NoProgress).unwrap();
/// assert_eq!(table.value(&[4]).0, 3); // one row of 4: take all but the poisoned square
/// assert_eq!(table.value(&[2, 2]).0, 2);
/// assert!(table.value(&[4, 4, 4]).0 != 0); // a full rectangle is a first-player win
/// ```
pub struct ChompTable {
    rows: usize,
    cols: usize,
    /// `term[k][l]`: row k's contribution to the rank when it has l squares.
    term: Vec<Vec<u64>>,
    values: Vec<u8>,
}

/// `C(n, k)`, saturating at `u64::MAX`.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * u128::from(n - i) / u128::from(i + 1);
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

impl ChompTable {
    /// Positions in an R×C box (diagrams, the empty one included), saturating.
    pub fn positions(rows: usize, cols: usize) -> u64 {
        binomial((rows + cols) as u64, rows as u64)
    }

    /// Fills the table for an R×C box, refusing before allocating a box of more than
    /// `limit` positions. `progress` hears of the positions filled now and then.
    pub fn build(
        rows: usize,
        cols: usize,
        limit: u64,
        progress: &mut dyn Progress,
    ) -> Result<ChompTable, ChompTableError> {
        let positions = Self::positions(rows, cols);
        if rows * cols > 256 {
            return Err(ChompTableError::TooWide { rows, cols });
        }
        if positions > limit || positions > usize::MAX as u64 {
            return Err(ChompTableError::TooMany {
                rows,
                cols,
                positions,
                limit,
            });
        }
        let term: Vec<Vec<u64>> = (0..rows)
            .map(|k| {
                (0..=cols)
                    .map(|l| binomial((l + rows - 1 - k) as u64, (rows - k) as u64))
                    .collect()
            })
            .collect();
        let mut values = vec![0u8; positions as usize];
        let mut lengths = vec![0usize; rows];
        let mut rank_terms = vec![0u64; rows];
        for (k, t) in rank_terms.iter_mut().enumerate() {
            *t = term[k][0];
        }
        let step = (positions / 1000).max(1 << 16);
        progress.start(positions);
        for rank in 0..positions {
            if rank % step == 0 {
                progress.advance(rank);
            }
            if rank.is_multiple_of(4096) {
                crate::stop::check();
            }
            if lengths[0] > 0 {
                values[rank as usize] = Self::mex_of_options(&term, &values, &lengths, rank);
            }
            // The next diagram in rank order: lengthen the highest row that can grow,
            // and empty the rows above it.
            let Some(k) = (0..rows)
                .rev()
                .find(|&k| lengths[k] < if k == 0 { cols } else { lengths[k - 1] })
            else {
                break;
            };
            lengths[k] += 1;
            rank_terms[k] = term[k][lengths[k]];
            for j in k + 1..rows {
                lengths[j] = 0;
                rank_terms[j] = term[j][0];
            }
            debug_assert_eq!(rank + 1, rank_terms.iter().sum::<u64>());
        }
        progress.advance(positions);
        progress.finish();
        Ok(ChompTable {
            rows,
            cols,
            term,
            values,
        })
    }

    fn mex_of_options(term: &[Vec<u64>], values: &[u8], lengths: &[usize], rank: u64) -> u8 {
        let mut seen = [0u64; 4];
        let rows = lengths.iter().take_while(|&&l| l > 0).count();
        for j in 0..lengths[0] {
            // Rows longer than j: a bite at (i, j) cuts rows i..h to j.
            let h = lengths[..rows].partition_point(|&l| l > j);
            let lowest = if j == 0 { 1 } else { 0 };
            let mut drop = 0u64;
            for i in (lowest..h).rev() {
                drop += term[i][lengths[i]] - term[i][j];
                let v = values[(rank - drop) as usize];
                seen[usize::from(v >> 6)] |= 1 << (v & 63);
            }
        }
        let mut mex = 0;
        for word in seen {
            let free = (!word).trailing_zeros();
            mex += free;
            if free < 64 {
                break;
            }
        }
        mex as u8
    }

    /// Rows of the box.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the box.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The rank of a diagram (row lengths bottom first, at most `rows` of them, each at
    /// most `cols` and non-increasing).
    pub fn rank(&self, lengths: &[usize]) -> u64 {
        assert!(lengths.len() <= self.rows, "more rows than the box");
        (0..self.rows)
            .map(|k| {
                let l = lengths.get(k).copied().unwrap_or(0);
                assert!(l <= self.cols, "a row longer than the box");
                self.term[k][l]
            })
            .sum()
    }

    /// The value of a diagram in the box.
    pub fn value(&self, lengths: &[usize]) -> Nimber {
        Nimber(u64::from(self.values[self.rank(lengths) as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoProgress;
    use crate::Solver;
    use crate::games::board::Chomp;
    use proptest::prelude::*;

    #[test]
    fn binomials() {
        assert_eq!(binomial(24, 12), 2_704_156);
        assert_eq!(binomial(5, 0), 1);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(200, 100), u64::MAX);
    }

    #[test]
    fn ranks_are_a_bijection_in_the_order_built() {
        let t = ChompTable::build(3, 3, u64::MAX, &mut NoProgress).unwrap();
        let mut seen = vec![false; ChompTable::positions(3, 3) as usize];
        for a in 0..=3 {
            for b in 0..=a {
                for c in 0..=b {
                    let r = t.rank(&[a, b, c]) as usize;
                    assert!(!seen[r]);
                    seen[r] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn known_values() {
        let t = ChompTable::build(2, 9, u64::MAX, &mut NoProgress).unwrap();
        for c in 1..=9 {
            assert_eq!(t.value(&[c]).0, c as u64 - 1, "1×{c}");
        }
        assert_eq!(t.value(&[2, 2]).0, 2);
        // A full rectangle is a first-player win (strategy stealing).
        for c in 2..=9 {
            assert_ne!(t.value(&[c, c]).0, 0);
        }
    }

    #[test]
    fn boxes_too_big_are_refused_before_allocating() {
        assert!(matches!(
            ChompTable::build(16, 255, 1 << 30, &mut NoProgress),
            Err(ChompTableError::TooWide { .. })
        ));
        assert!(matches!(
            ChompTable::build(15, 15, 1 << 20, &mut NoProgress),
            Err(ChompTableError::TooMany { .. })
        ));
    }

    fn diagram() -> impl Strategy<Value = Vec<usize>> {
        prop::collection::vec(1usize..=7, 1..=6).prop_map(|mut v| {
            v.sort_unstable_by(|a, b| b.cmp(a));
            v
        })
    }

    proptest! {
        /// Every diagram's value equals the generic solver's.
        #[test]
        fn table_equals_the_memo_solver(lengths in diagram()) {
            let t = ChompTable::build(lengths.len(), lengths[0], u64::MAX, &mut NoProgress).unwrap();
            let p = Chomp::position(&lengths).unwrap();
            let expected = Solver::new(Chomp).grundy(&p).unwrap();
            prop_assert_eq!(t.value(&lengths), expected);
        }
    }
}
