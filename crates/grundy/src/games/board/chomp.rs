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

use thiserror::Error as ThisError;

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::notation::{Labelled, Notation};
use crate::parse::{Found, Input, ParseError, Tokens};

/// Chomp; positions are packed row lengths (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chomp;

/// Row lengths that are not a Chomp position.
#[derive(Clone, Debug, PartialEq, Eq, ThisError)]
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

    /// Reads a Chomp position: `R C` (two spaced numbers) for a full bar, or the row lengths
    /// bottom row first: one number, three or more, or any number joined by commas.
    pub fn read_position(input: &Input) -> Result<u128, Error> {
        let at = |e| input.error(e);
        let mut t = Tokens::new(&input.bytes);
        let mut numbers: Vec<(usize, usize)> = Vec::new();
        let mut commas = false;
        while let Some(tok) = t.next_token() {
            for part in tok.text.split(|&b| b == b',').filter(|p| !p.is_empty()) {
                commas |= part.len() != tok.text.len();
                let n = std::str::from_utf8(part)
                    .ok()
                    .and_then(|s| s.parse::<usize>().ok())
                    .filter(|&n| n <= Self::MAX_COLS)
                    .ok_or_else(|| {
                        at(ParseError {
                            line: tok.line,
                            expected: format!("a row length from 1 to {}", Self::MAX_COLS),
                            found: Found::Value(crate::parse::escaped(part)),
                        })
                    })?;
                numbers.push((n, tok.line));
            }
            if numbers.len() > Self::MAX_ROWS {
                return Err(at(ParseError {
                    line: tok.line,
                    expected: format!("at most {} rows", Self::MAX_ROWS),
                    found: Found::Value(format!("{} numbers", numbers.len())),
                }));
            }
        }
        let line = numbers.last().map_or(1, |&(_, l)| l);
        let lengths: Vec<usize> = match numbers.as_slice() {
            [] => {
                return Err(at(ParseError {
                    line,
                    expected: "R C, or the row lengths bottom row first".to_string(),
                    found: Found::End,
                }));
            }
            [(rows, _), (cols, _)] if !commas => {
                if *rows > Self::MAX_ROWS {
                    return Err(at(ParseError {
                        line,
                        expected: format!("at most {} rows", Self::MAX_ROWS),
                        found: Found::Value(rows.to_string()),
                    }));
                }
                vec![*cols; *rows]
            }
            all => all.iter().map(|&(n, _)| n).collect(),
        };
        Self::position(&lengths).map_err(|e| {
            at(ParseError {
                line,
                expected: "row lengths from 1 up, never longer than the row below".to_string(),
                found: Found::Value(e.to_string()),
            })
        })
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

/// A position written as `analyze` reads it: the row lengths, bottom row first, joined by
/// commas; moves labelled by the square bitten (rows from the bottom) and drawn as the bar,
/// top row first ('P' the poisoned square, 'o' the others).
impl Notation for Chomp {
    fn read(&self, input: &Input) -> Result<Vec<u128>, Error> {
        Ok(vec![Self::read_position(input)?])
    }

    fn write(&self, sum: &[u128]) -> String {
        let rows: Vec<String> = sum
            .iter()
            .map(|&p| {
                let lengths: Vec<String> = Self::lengths(p).iter().map(usize::to_string).collect();
                lengths.join(",")
            })
            .collect();
        rows.join(" ")
    }

    fn moves(&self, sum: &[u128], i: usize) -> Vec<Labelled<u128>> {
        let p = sum[i];
        let rows = Self::lengths(p).len();
        Self::bites(p)
            .into_iter()
            .map(|bite| Labelled {
                label: format!(
                    "take the square in row {}, column {} (rows from the bottom) and all above and right of it",
                    bite.row + 1,
                    bite.col + 1
                ),
                leaves: crate::game::to(Self::after(p, bite)),
                // Drawn top row first: the bottom row is the last.
                cells: Some(vec![[(rows - bite.row) as u64, bite.col as u64 + 1]]),
                along: None,
                vertex: None,
            })
            .collect()
    }

    fn draw(&self, sum: &[u128]) -> Option<Drawing> {
        let [p] = sum else { return None };
        let lengths = Self::lengths(*p);
        let rows = (0..lengths.len())
            .rev()
            .map(|row| {
                (0..lengths[row])
                    .map(|col| if (row, col) == (0, 0) { "P" } else { "o" }.to_string())
                    .collect()
            })
            .collect();
        Some(Drawing::Grid { rows })
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
    use proptest::prelude::*;

    /// Row lengths of a Chomp position: 1 to 16 rows, never longer upwards.
    fn positions() -> impl Strategy<Value = Vec<usize>> {
        proptest::collection::vec(1usize..=Chomp::MAX_COLS, 1..=Chomp::MAX_ROWS).prop_map(
            |mut rows| {
                rows.sort_unstable_by(|a, b| b.cmp(a));
                rows
            },
        )
    }

    proptest! {
        /// What the notation writes it reads back to the same position, and every move it
        /// lists is a bite the rules make, at the cell it names.
        #[test]
        fn a_written_position_reads_back_and_its_moves_are_the_rules(lengths in positions()) {
            let p = Chomp::position(&lengths).expect("a position");
            let written = Chomp.write(&[p]);
            let read = Chomp.read(&Input::new("p", written.clone())).expect("read back");
            prop_assert_eq!(read, vec![p]);
            let listed = Chomp.moves(&[p], 0);
            let mut options = Vec::new();
            Chomp.options(&p, &mut options);
            prop_assert_eq!(listed.len(), options.len());
            for (m, o) in listed.iter().zip(&options) {
                prop_assert_eq!(&m.leaves, o);
                let [r, c] = m.cells.as_ref().expect("a cell")[0];
                let row = lengths.len() - r as usize;
                prop_assert!((c as usize) <= lengths[row], "{} {}", r, c);
            }
        }
    }

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
