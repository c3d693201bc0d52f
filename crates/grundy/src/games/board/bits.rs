//! Bitboards: a set of cells as the bits of one machine integer, a bit a cell, row by row.
//!
//! Board games here are written once against [`Bits`] and run on `u64` (boards of up to 64
//! cells, the fast path) or `u128` (up to 128 cells). Only what a board game needs is
//! named: the bit operators, shifts that give nothing when they shift everything out, and
//! the counting and reversing instructions of the integer types.

use std::fmt::{Binary, Debug, LowerHex};
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// An unsigned integer used as a set of cells.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Binary
    + LowerHex
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// Bits in the word: the most cells a board of this word may have.
    const BITS: usize;
    /// No cell.
    const ZERO: Self;
    /// Every cell.
    const MAX: Self;

    /// The set holding cell `i` alone.
    fn cell(i: usize) -> Self;
    /// The set whose low 64 bits are `low`.
    fn from_u64(low: u64) -> Self;
    /// The low 64 bits.
    fn low_u64(self) -> u64;
    /// Shifted towards higher cells; nothing left when `n` is the width or more.
    fn up(self, n: usize) -> Self;
    /// Shifted towards lower cells; nothing left when `n` is the width or more.
    fn down(self, n: usize) -> Self;
    /// Cells in the set.
    fn count(self) -> u32;
    /// The lowest cell (the width when empty).
    fn lowest(self) -> u32;
    /// Empty cells above the highest one (the width when empty).
    fn leading(self) -> u32;
    /// The word with its bits in reverse order.
    fn reversed(self) -> Self;
    /// Two's complement negation (its lowest cell, ANDed with the set, is that cell alone).
    fn negated(self) -> Self;
    /// The set without its lowest cell.
    fn without_lowest(self) -> Self;
    /// The sum of the two words as numbers, carries out of the top dropped (a carry runs
    /// along a run of set cells: the board code fills runs with it).
    fn plus(self, other: Self) -> Self;

    /// Whether the set is empty.
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    /// Whether cell `i` is in the set.
    fn has(self, i: usize) -> bool {
        self.down(i).low_u64() & 1 == 1
    }
    /// The low `n` cells (all of them when `n` is the width or more).
    fn low_cells(n: usize) -> Self {
        if n == 0 {
            Self::ZERO
        } else {
            Self::MAX.down(Self::BITS.saturating_sub(n))
        }
    }
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const BITS: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;
            const MAX: Self = <$t>::MAX;

            fn cell(i: usize) -> Self {
                1 << i
            }
            fn from_u64(low: u64) -> Self {
                low as $t
            }
            fn low_u64(self) -> u64 {
                self as u64
            }
            fn up(self, n: usize) -> Self {
                self.checked_shl(n as u32).unwrap_or(0)
            }
            fn down(self, n: usize) -> Self {
                self.checked_shr(n as u32).unwrap_or(0)
            }
            fn count(self) -> u32 {
                self.count_ones()
            }
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            fn leading(self) -> u32 {
                self.leading_zeros()
            }
            fn reversed(self) -> Self {
                self.reverse_bits()
            }
            fn negated(self) -> Self {
                self.wrapping_neg()
            }
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            fn plus(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
        }
    };
}

bits!(u64);
bits!(u128);

#[cfg(test)]
mod tests {
    use super::*;

    fn agree<B: Bits>(x: u64) {
        let b = B::from_u64(x);
        assert_eq!(b.low_u64(), x);
        assert_eq!(b.count(), x.count_ones());
        for n in [0, 1, 5, 63, 64, 127, 128, 200] {
            let expected = if n < 64 { x >> n } else { 0 };
            assert_eq!(b.down(n).low_u64(), expected, "{x:#x} down {n}");
            if n < B::BITS {
                assert_eq!(B::low_cells(n).count() as usize, n);
                assert!(B::low_cells(n).has(n.saturating_sub(1)) || n == 0);
            }
        }
        assert_eq!(B::low_cells(B::BITS), B::MAX);
        assert_eq!(b.up(B::BITS), B::ZERO);
        if x != 0 {
            assert_eq!(b.lowest(), x.trailing_zeros());
            assert_eq!(b.without_lowest().low_u64(), x & (x - 1));
            assert_eq!((b & b.negated()).low_u64(), 1 << x.trailing_zeros());
        }
        assert_eq!(b.reversed().reversed(), b);
    }

    #[test]
    fn both_words_follow_the_integer_rules() {
        for x in [
            0,
            1,
            6,
            0x8000_0000_0000_0001,
            u64::MAX,
            0x1234_5678_9abc_def0,
        ] {
            agree::<u64>(x);
            agree::<u128>(x);
        }
        let wide = u128::cell(100) | u128::cell(3);
        assert_eq!(wide.count(), 2);
        assert_eq!(wide.leading(), 27);
        assert!(wide.has(100) && !wide.has(99));
        assert_eq!(wide.reversed().lowest(), 27);
    }
}
