//! Every cake of one shape valued at once (CodeChef PSHTBRTH, "Pishty and birthday"; the
//! rules are in [`crate::games::cakes`]).
//!
//! A cake is a bit mask, bit r·C + c for the cell in row r, column c. Putting candles out
//! clears bits, so every option of a mask is numerically smaller: [`Table::build`] fills the
//! values of all 2^(R·C) masks in ascending order, one byte each. The rules' own game
//! ([`Bitboard`](crate::games::cakes::Bitboard)) is its slow, independent twin through the
//! generic solver.
//!
//! ```
//! use grundy::games::cakes::Shape;
//! use grundy::solve::cakes::Table;
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

use crate::games::cakes::Shape;
use crate::nimber::Nimber;
use crate::progress::Progress;
use crate::store::{self, StoreError};

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
        format!("bitboard-{}x{}.bin", shape.rows(), shape.cols())
    }

    /// What a cache file for `shape` says it holds: a file for another shape or another
    /// game is refused by its label.
    fn cache_label(shape: Shape) -> String {
        format!(
            "rectangle removal on {}x{}: one value per mask",
            shape.rows(),
            shape.cols()
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
                    shape.rows(),
                    shape.cols()
                ),
            });
        }
        Ok(Some(Table { shape, values }))
    }
}
