//! Rectangle removal on a bit board (CodeChef PSHTBRTH, "Pishty and birthday").
//!
//! A board of R×C cells (R·C ≤ 25), each burning or not. A move puts out a contiguous
//! sub-rectangle whose cells all burn. Whoever cannot move loses. Several boards side by
//! side are a sum.
//!
//! A board is a bit mask, bit r·C + c for the cell in row r, column c. Putting cells out
//! clears bits, so every option of a mask is numerically smaller: [`Table::build`] fills the
//! values of all 2^(R·C) masks in ascending order, one byte each. A rectangle never spans two
//! 4-connected groups of burning cells, so a board is also the sum of its components
//! ([`Bitboard`] plays it that way through the generic solver).
//!
//! ```
//! use grundy::solve::cakes::{Shape, Table};
//! use grundy::NoProgress;
//!
//! let table = Table::build(Shape::new(2, 2).unwrap(), &mut NoProgress);
//! assert_eq!(table.value(0b0000).0, 0);
//! assert_eq!(table.value(0b0001).0, 1); // one candle
//! assert_eq!(table.value(0b1001).0, 0); // two apart: two single moves
//! assert_eq!(table.value(0b0011).0, 2); // a 1×2 bar: take one or both
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;
use smallvec::SmallVec;
use thiserror::Error;

use crate::game::{Components, Game};
use crate::nimber::Nimber;
use crate::progress::Progress;
use crate::store::{self, StoreError};

/// The most cells a board may have.
pub const MAX_CELLS: usize = 25;

/// Why a shape was refused.
#[derive(Debug, Error)]
pub enum BitboardError {
    /// R or C is 0, or R·C is past [`MAX_CELLS`].
    #[error(
        "a board of {rows}×{cols} cells is not supported: R and C must be at least 1 and R·C at most {MAX_CELLS}"
    )]
    BadShape {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
}

/// A board shape: R rows of C cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    rows: usize,
    cols: usize,
    /// Cells not in the last column / not in the first column / in the first column.
    not_last: u32,
    not_first: u32,
    first_col: u32,
}

/// An axis-parallel rectangle of cells, with its mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rectangle {
    /// Top row, 0-based.
    pub row: usize,
    /// Left column, 0-based.
    pub col: usize,
    /// Rows covered.
    pub height: usize,
    /// Columns covered.
    pub width: usize,
    /// The cells as a mask.
    pub mask: u32,
}

impl Shape {
    /// R×C, with 1 ≤ R, C and R·C ≤ 25.
    pub fn new(rows: usize, cols: usize) -> Result<Shape, BitboardError> {
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
            return Err(BitboardError::BadShape { rows, cols });
        }
        let (mut not_last, mut not_first, mut first_col) = (0, 0, 0);
        for r in 0..rows {
            for c in 0..cols {
                let bit = 1u32 << (r * cols + c);
                if c + 1 < cols {
                    not_last |= bit;
                }
                if c > 0 {
                    not_first |= bit;
                } else {
                    first_col |= bit;
                }
            }
        }
        Ok(Shape {
            rows,
            cols,
            not_last,
            not_first,
            first_col,
        })
    }

    /// R.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// C.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// R·C.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The mask of cell (r, c).
    pub fn bit(&self, r: usize, c: usize) -> u32 {
        1 << (r * self.cols + c)
    }

    fn row_bits(&self, mask: u32, r: usize) -> u32 {
        (mask >> (r * self.cols)) & ((1 << self.cols) - 1)
    }

    /// Every move from `mask`: each sub-rectangle all of whose cells are set, passed to `f`.
    #[inline]
    pub fn for_each_move(&self, mask: u32, mut f: impl FnMut(Rectangle)) {
        let mut rest = mask;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (cell / self.cols, cell % self.cols);
            let mut width = self.cols - c;
            // One set bit at the start of each row covered so far: multiplying a row's
            // segment by it copies the segment onto every row (the copies never overlap).
            let mut rows_covered = 0u32;
            for h in 1..=self.rows - r {
                let run = (self.row_bits(mask, r + h - 1) >> c).trailing_ones() as usize;
                width = width.min(run);
                if width == 0 {
                    break;
                }
                rows_covered |= 1 << ((r + h - 1) * self.cols);
                for w in 1..=width {
                    let segment = ((1u32 << w) - 1) << c;
                    f(Rectangle {
                        row: r,
                        col: c,
                        height: h,
                        width: w,
                        mask: segment.wrapping_mul(rows_covered),
                    });
                }
            }
        }
    }

    /// The 4-connected groups of set cells of `mask`.
    pub fn components(&self, mask: u32) -> SmallVec<[u32; 4]> {
        let mut parts = SmallVec::new();
        let mut rest = mask;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let grown = (part | self.neighbours(part)) & mask;
                if grown == part {
                    break;
                }
                part = grown;
            }
            parts.push(part);
            rest &= !part;
        }
        parts
    }

    /// The cells next to any cell of `m` (inside the board).
    fn neighbours(&self, m: u32) -> u32 {
        let all = ((1u64 << self.cells()) - 1) as u32;
        (((m & self.not_last) << 1)
            | ((m & self.not_first) >> 1)
            | (m << self.cols)
            | (m >> self.cols))
            & all
    }

    /// `mask` moved up and left as far as it goes: equal shapes anywhere on the board get
    /// one representative.
    pub fn to_corner(&self, mask: u32) -> u32 {
        if mask == 0 {
            return 0;
        }
        let mut m = mask;
        while self.row_bits(m, 0) == 0 {
            m >>= self.cols;
        }
        // Shifting right by one moves every cell one column left; nothing is in the first
        // column, so nothing wraps into the row above.
        while m & self.first_col == 0 {
            m >>= 1;
        }
        m
    }
}

/// The value of one mask from the values of all smaller ones.
#[inline]
fn mex_of(shape: &Shape, mask: u32, value: impl Fn(u32) -> u8) -> u8 {
    // At most 15·15 = 225 rectangles fit a 5×5 board, so values stay below 256.
    let mut seen = [0u64; 4];
    shape.for_each_move(mask, |rect| {
        let v = value(mask & !rect.mask);
        seen[usize::from(v >> 6)] |= 1 << (v & 63);
    });
    for (i, w) in seen.iter().enumerate() {
        if *w != u64::MAX {
            return (i * 64) as u8 + w.trailing_ones() as u8;
        }
    }
    u8::MAX
}

/// The Grundy value of every board of one shape, one byte per mask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    shape: Shape,
    values: Vec<u8>,
}

/// Masks handled as one sequential block by one thread.
const BLOCK_BITS: usize = 16;

impl Table {
    /// Computes the table. Boards of more than 2^16 masks are split into blocks sharing
    /// their high bits; a block only needs the blocks whose high bits are a subset of its
    /// own, so blocks with equally many high bits set run in parallel.
    pub fn build(shape: Shape, progress: &mut dyn Progress) -> Table {
        let n = shape.cells();
        let size = 1usize << n;
        progress.start(size as u64);
        if n <= BLOCK_BITS {
            let mut values = vec![0u8; size];
            for mask in 1..size {
                values[mask] = mex_of(&shape, mask as u32, |m| values[m as usize]);
            }
            progress.advance(size as u64);
            progress.finish();
            return Table { shape, values };
        }
        let values: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(0)).collect();
        let high_bits = n - BLOCK_BITS;
        let block = 1usize << BLOCK_BITS;
        let mut done = 0u64;
        for layer in 0..=high_bits as u32 {
            crate::stop::check();
            let blocks: Vec<usize> = (0..1usize << high_bits)
                .filter(|h| h.count_ones() == layer)
                .collect();
            blocks.par_iter().for_each(|&h| {
                let base = h << BLOCK_BITS;
                for low in 0..block {
                    let mask = (base + low) as u32;
                    // Relaxed is enough: every value read was stored by an earlier layer
                    // (joined before this one started) or earlier in this same loop.
                    let v = mex_of(&shape, mask, |m| values[m as usize].load(Ordering::Relaxed));
                    values[mask as usize].store(v, Ordering::Relaxed);
                }
            });
            done += (blocks.len() * block) as u64;
            progress.advance(done);
        }
        progress.finish();
        Table {
            shape,
            values: values.into_iter().map(AtomicU8::into_inner).collect(),
        }
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The value of a board.
    pub fn value(&self, mask: u32) -> Nimber {
        Nimber(u64::from(self.values[mask as usize]))
    }

    /// The raw values, indexed by mask.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The cache file name for a shape.
    pub fn cache_name(shape: Shape) -> String {
        format!("bitboard-{}x{}.bin", shape.rows, shape.cols)
    }

    /// What a cache file for `shape` says it holds: a file for another shape or another
    /// game is refused by its label.
    fn cache_label(shape: Shape) -> String {
        format!(
            "rectangle removal on {}x{}: one value per mask",
            shape.rows, shape.cols
        )
    }

    /// Writes the table to `dir` atomically, labelled with its shape and checksummed (see
    /// [`store`]); the path written.
    pub fn save(&self, dir: &Path) -> Result<PathBuf, StoreError> {
        let path = dir.join(Self::cache_name(self.shape));
        store::write(&path, &Self::cache_label(self.shape), &self.values)?;
        Ok(path)
    }

    /// Reads the table for `shape` from `dir`: `Ok(None)` when there is no file, an error
    /// when something is there but is not a valid, complete table for this shape.
    pub fn load(dir: &Path, shape: Shape) -> Result<Option<Table>, StoreError> {
        let path = dir.join(Self::cache_name(shape));
        let size = 1u64 << shape.cells();
        let Some(values) = store::read(&path, &Self::cache_label(shape), size)? else {
            return Ok(None);
        };
        if values.len() as u64 != size {
            return Err(StoreError::Damaged {
                path,
                why: format!(
                    "{} values where a {}x{} table has {size}",
                    values.len(),
                    shape.rows,
                    shape.cols
                ),
            });
        }
        Ok(Some(Table { shape, values }))
    }
}

/// The game on one shape through the [`Game`] trait: a move leaves the 4-connected groups
/// of the remaining cells as separate components, each moved to the corner. The slow,
/// independent twin of [`Table`].
#[derive(Clone, Copy, Debug)]
pub struct Bitboard(pub Shape);

impl Game for Bitboard {
    type Position = u32;

    fn options(&self, &mask: &u32, out: &mut Vec<Components<u32>>) {
        self.0.for_each_move(mask, |rect| {
            out.push(self.0.components(mask & !rect.mask).into_iter().collect());
        });
    }

    fn canonical(&self, &mask: &u32) -> u32 {
        self.0.to_corner(mask)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_board_has_every_rectangle_as_a_move() {
        let shape = Shape::new(5, 5).unwrap();
        let mut count = 0;
        shape.for_each_move((1 << 25) - 1, |_| count += 1);
        assert_eq!(count, 15 * 15);
    }

    #[test]
    fn components_split_on_gaps() {
        let shape = Shape::new(3, 3).unwrap();
        // X.X / ... / XXX
        let m =
            shape.bit(0, 0) | shape.bit(0, 2) | shape.bit(2, 0) | shape.bit(2, 1) | shape.bit(2, 2);
        let parts = shape.components(m);
        assert_eq!(parts.len(), 3);
        assert_eq!(parts.iter().fold(0, |a, p| a | p), m);
        // The last column does not wrap onto the next row.
        let shape = Shape::new(2, 3).unwrap();
        assert_eq!(shape.components(shape.bit(0, 2) | shape.bit(1, 0)).len(), 2);
    }

    #[test]
    fn corner_moves_shapes_up_and_left() {
        let shape = Shape::new(3, 3).unwrap();
        let m = shape.bit(1, 1) | shape.bit(2, 1) | shape.bit(2, 2);
        assert_eq!(
            shape.to_corner(m),
            shape.bit(0, 0) | shape.bit(1, 0) | shape.bit(1, 1)
        );
    }

    #[test]
    fn bad_shapes_are_refused() {
        assert!(Shape::new(0, 4).is_err());
        assert!(Shape::new(5, 6).is_err());
        assert!(Shape::new(1, 25).is_ok());
    }
}
