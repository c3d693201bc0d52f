//! Chomp: a move takes a square of the chocolate bar and every square above and to the
//! right of it; the poisoned corner square (bottom left) cannot be taken, and whoever
//! cannot move loses. (Gale, 1974.)
//!
//! A position is the lengths of its rows, bottom row first, never increasing upwards, one
//! byte each in a 128-bit word: at most 16 rows of at most 255 squares. A 1×c bar is a
//! Nim heap of c − 1; a rectangle is always a first-player win (strategy stealing).
//!
//! ```
//! use grundy::games::board::Chomp;
//! use grundy::{Nimber, Solver};
//!
//! let mut solver = Solver::new(Chomp);
//! assert_eq!(solver.grundy(&Chomp::rectangle(2, 2).unwrap()).unwrap(), Nimber(2));
//! assert_eq!(solver.grundy(&Chomp::rectangle(1, 7).unwrap()).unwrap(), Nimber(6));
//! ```

use thiserror::Error;

use crate::game::{Components, Game};

/// Chomp; positions are packed row lengths (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chomp;

/// Row lengths that are not a Chomp position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ChompError {
    /// No rows, or more than 16.
    #[error("a Chomp bar has 1 to {max} rows, not {0}", max = Chomp::MAX_ROWS)]
    Rows(usize),
    /// A row of 0 squares or more than 255.
    #[error("row {row} has {len} squares; rows have 1 to {max}", max = Chomp::MAX_COLS)]
    Length {
        /// The row, from 1 at the bottom.
        row: usize,
        /// Its length.
        len: usize,
    },
    /// A row longer than the one below it.
    #[error("row {row} ({len} squares) is longer than the row below it ({below})")]
    Increasing {
        /// The row, from 1 at the bottom.
        row: usize,
        /// Its length.
        len: usize,
        /// The length of the row below.
        below: usize,
    },
}

/// A move: the square taken, with everything above and to its right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bite {
    /// Its row, from 0 at the bottom.
    pub row: usize,
    /// Its column, from 0 at the left.
    pub col: usize,
}

impl Chomp {
    /// The most rows.
    pub const MAX_ROWS: usize = 16;
    /// The most squares in a row.
    pub const MAX_COLS: usize = 255;

    /// The position with these row lengths, bottom row first.
    pub fn position(lengths: &[usize]) -> Result<u128, ChompError> {
        if lengths.is_empty() || lengths.len() > Self::MAX_ROWS {
            return Err(ChompError::Rows(lengths.len()));
        }
        let mut packed = 0u128;
        for (i, &len) in lengths.iter().enumerate() {
            if len == 0 || len > Self::MAX_COLS {
                return Err(ChompError::Length { row: i + 1, len });
            }
            if i > 0 && len > lengths[i - 1] {
                return Err(ChompError::Increasing {
                    row: i + 1,
                    len,
                    below: lengths[i - 1],
                });
            }
            packed |= (len as u128) << (8 * i);
        }
        Ok(packed)
    }

    /// A full R×C bar.
    pub fn rectangle(rows: usize, cols: usize) -> Result<u128, ChompError> {
        Self::position(&vec![cols; rows])
    }

    /// The row lengths of `p`, bottom row first.
    pub fn lengths(p: u128) -> Vec<usize> {
        (0..Self::MAX_ROWS)
            .map(|i| (p >> (8 * i)) as usize & 0xff)
            .take_while(|&len| len > 0)
            .collect()
    }

    /// Every legal bite of `p`, row by row.
    pub fn bites(p: u128) -> Vec<Bite> {
        let mut out = Vec::new();
        for (row, len) in Self::lengths(p).into_iter().enumerate() {
            for col in 0..len {
                if row > 0 || col > 0 {
                    out.push(Bite { row, col });
                }
            }
        }
        out
    }

    /// `p` after `bite`: rows from the bitten one up are cut to `bite.col` squares (rows
    /// left empty go), worked on the packed bytes directly.
    pub fn after(p: u128, bite: Bite) -> u128 {
        let row_shift = 8 * bite.row as u32;
        if bite.col == 0 {
            // Everything from this row up goes.
            return p & ((1u128 << row_shift) - 1);
        }
        let col = bite.col as u128;
        let mut out = p;
        // Rows never grow upwards: once a row is no longer than the cut, none above is.
        for i in bite.row..Self::MAX_ROWS {
            let len = (p >> (8 * i)) & 0xff;
            if len <= col {
                break;
            }
            out = (out & !(0xff << (8 * i))) | (col << (8 * i));
        }
        out
    }

    /// Calls `f` with every position one bite away.
    fn each_option(p: u128, mut f: impl FnMut(u128)) {
        for row in 0..Self::MAX_ROWS {
            let len = (p >> (8 * row)) as usize & 0xff;
            if len == 0 {
                break;
            }
            for col in usize::from(row == 0)..len {
                f(Self::after(p, Bite { row, col }));
            }
        }
    }
}

impl Game for Chomp {
    type Position = u128;

    fn options(&self, p: &u128, out: &mut Vec<Components<u128>>) {
        Chomp::each_option(*p, |q| out.push(Components::from_elem(q, 1)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Nimber, Solver};

    #[test]
    fn a_single_row_is_a_nim_heap_and_rectangles_are_won() {
        let mut solver = Solver::new(Chomp);
        for c in 1..=20 {
            let p = Chomp::rectangle(1, c).unwrap();
            assert_eq!(solver.grundy(&p).unwrap(), Nimber(c as u64 - 1), "1×{c}");
        }
        for r in 2..=5 {
            for c in 2..=6 {
                let p = Chomp::rectangle(r, c).unwrap();
                assert!(!solver.grundy(&p).unwrap().is_zero(), "{r}×{c}");
            }
        }
        // An L of two arms of equal length is lost for the player to move (mirror play).
        for k in 2..=8 {
            let mut l = vec![1; k];
            l[0] = k;
            let p = Chomp::position(&l).unwrap();
            assert_eq!(solver.grundy(&p).unwrap(), Nimber(0), "L of {k}");
        }
    }

    #[test]
    fn bites_cut_the_rows_above() {
        for lengths in [
            vec![5, 3, 3, 1],
            vec![7; 7],
            vec![4, 4, 2],
            vec![1],
            vec![9, 1, 1],
        ] {
            let p = Chomp::position(&lengths).unwrap();
            for bite in Chomp::bites(p) {
                let expected: Vec<usize> = lengths
                    .iter()
                    .enumerate()
                    .map(|(i, &len)| {
                        if i >= bite.row {
                            len.min(bite.col)
                        } else {
                            len
                        }
                    })
                    .take_while(|&len| len > 0)
                    .collect();
                assert_eq!(
                    Chomp::lengths(Chomp::after(p, bite)),
                    expected,
                    "{lengths:?} {bite:?}"
                );
            }
        }
    }

    #[test]
    fn bad_row_lengths_are_refused() {
        assert!(matches!(Chomp::position(&[]), Err(ChompError::Rows(0))));
        assert!(matches!(
            Chomp::position(&[3, 4]),
            Err(ChompError::Increasing { row: 2, .. })
        ));
        assert!(matches!(
            Chomp::position(&[3, 0]),
            Err(ChompError::Length { row: 2, .. })
        ));
        assert!(matches!(
            Chomp::position(&[256]),
            Err(ChompError::Length { .. })
        ));
        assert!(Chomp::position(&[1; 17]).is_err());
        assert_eq!(
            Chomp::lengths(Chomp::position(&[5, 3, 3, 1]).unwrap()),
            vec![5, 3, 3, 1]
        );
    }
}
