//! Nimbers and the two operations the Sprague–Grundy theorem needs: nim-sum (XOR) and mex.
//!
//! One rule for widths: tables hold values in the narrowest unsigned integer that fits
//! (one byte in the Chomp and cakes tables, two bytes then four in the heap tables, `u32`
//! from [`Family::values`](crate::Family::values)); a value that crosses the API on its
//! own is a [`Nimber`], 64 bits.
//!
//! ```
//! use grundy::{Nimber, MexSet, nim_sum};
//!
//! assert_eq!(nim_sum([3u64, 5, 6].map(Nimber)), Nimber(0));
//! let mut set = MexSet::new();
//! set.reset(4);
//! for v in [0, 1, 3] {
//!     set.insert(v);
//! }
//! assert_eq!(set.mex(), 2);
//! ```

use std::fmt;
use std::ops::{BitXor, BitXorAssign};

use serde::{Deserialize, Serialize};

/// A Grundy value.
///
/// Sixty-four bits: the sheet-cutting game alone has heaps near 10^18.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The value of a position with no moves (a P-position).
    pub const ZERO: Nimber = Nimber(0);

    /// `true` for a P-position: the player to move loses.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Nimber {
        Nimber(v)
    }
}

/// The nim-sum (XOR) of a collection of values: the value of the sum of the games.
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().fold(Nimber::ZERO, |a, b| a ^ b)
}

/// A reusable bit set for taking the mex (minimum excludant) of option values.
///
/// The mex of k values is at most k, so [`MexSet::reset`] takes the number of options and
/// every larger value is ignored: the set never grows past what the mex can need, and after
/// the first few positions it stops allocating at all.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Values at or above this bound cannot change the mex and are dropped.
    bound: u64,
}

impl MexSet {
    /// An empty set; the buffer grows on the first [`reset`](MexSet::reset).
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Empties the set for a position with `options` options.
    pub fn reset(&mut self, options: usize) {
        self.bound = options as u64 + 1;
        let need = (options >> 6) + 1;
        if self.words.len() < need {
            self.words.resize(need, 0);
        }
        self.words[..need].fill(0);
    }

    /// Records one option's value.
    #[inline]
    pub fn insert(&mut self, value: u64) {
        if value < self.bound {
            self.words[(value >> 6) as usize] |= 1 << (value & 63);
        }
    }

    /// Records a whole word of values at once: bit i of `bits` stands for value 64·`word` + i.
    #[inline]
    pub fn insert_word(&mut self, word: usize, bits: u64) {
        if let Some(w) = self.words.get_mut(word) {
            *w |= bits;
        }
    }

    /// The smallest value not recorded since the last reset.
    pub fn mex(&self) -> u64 {
        if self.bound == 0 {
            return 0;
        }
        let live = ((self.bound - 1) >> 6) as usize + 1;
        for (i, &w) in self.words[..live].iter().enumerate() {
            if w != u64::MAX {
                return ((i as u64) << 6) + u64::from(w.trailing_ones());
            }
        }
        // Unreachable in practice: more distinct values than options.
        (live as u64) << 6
    }
}

/// The mex of a list of values, for one-off use; loops should keep a [`MexSet`].
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let values: Vec<Nimber> = values.into_iter().collect();
    let mut set = MexSet::new();
    set.reset(values.len());
    for v in values {
        set.insert(v.0);
    }
    Nimber(set.mex())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_empty_set_is_zero() {
        assert_eq!(mex([]), Nimber(0));
    }

    #[test]
    fn mex_skips_large_values_and_finds_gaps() {
        assert_eq!(mex([5, 0, 1, 1000].map(Nimber)), Nimber(2));
        assert_eq!(mex((0..200).map(Nimber)), Nimber(200));
        assert_eq!(mex((0..200).filter(|&v| v != 130).map(Nimber)), Nimber(130));
    }

    #[test]
    fn reset_clears_earlier_values() {
        let mut set = MexSet::new();
        set.reset(100);
        for v in 0..100 {
            set.insert(v);
        }
        assert_eq!(set.mex(), 100);
        set.reset(3);
        set.insert(1);
        assert_eq!(set.mex(), 0);
    }

    #[test]
    fn insert_word_marks_many_values() {
        let mut set = MexSet::new();
        set.reset(70);
        set.insert_word(0, u64::MAX);
        set.insert(64);
        assert_eq!(set.mex(), 65);
    }
}
