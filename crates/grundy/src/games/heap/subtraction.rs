//! Subtraction games: a move takes s counters from the heap, for some s in a fixed set S.
//!
//! `subtraction:1,2,3` is the classic "take 1 to 3" game, worth n mod 4.
//!
//! ```
//! use grundy::games::Subtraction;
//!
//! let game = Subtraction::new(vec![1, 3, 4]).unwrap();
//! assert_eq!(game.values(9), vec![0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
//! ```

use super::RuleError;
use crate::game::{Components, Game};
use crate::games::heaps;
use crate::nimber::MexSet;
use crate::progress::{NoProgress, Progress};

/// A subtraction game with a finite set of allowed takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    takes: Vec<u64>,
}

impl Subtraction {
    /// The largest take accepted.
    pub const MAX_TAKE: u64 = 1_000_000;
    /// The most takes accepted in one set.
    pub const MAX_TAKES: usize = 10_000;

    /// The game with the given takes; they must be positive, and are sorted and deduplicated.
    pub fn new(mut takes: Vec<u64>) -> Result<Self, RuleError> {
        if takes.is_empty() {
            return Err(RuleError::NoTake);
        }
        if takes.contains(&0) {
            return Err(RuleError::ZeroTake);
        }
        if let Some(&take) = takes.iter().find(|&&t| t > Self::MAX_TAKE) {
            return Err(RuleError::TakeTooLarge {
                take,
                limit: Self::MAX_TAKE,
            });
        }
        if takes.len() > Self::MAX_TAKES {
            return Err(RuleError::TooManyTakes {
                count: takes.len(),
                limit: Self::MAX_TAKES,
            });
        }
        takes.sort_unstable();
        takes.dedup();
        Ok(Subtraction { takes })
    }

    /// The allowed takes, ascending.
    pub fn takes(&self) -> &[u64] {
        &self.takes
    }

    /// Every option of every heap 0..=upto: each take s ≤ upto is a move from upto − s + 1
    /// heaps.
    pub fn options_upto(&self, upto: u64) -> u128 {
        self.takes
            .iter()
            .filter(|&&s| s <= upto)
            .map(|&s| u128::from(upto - s + 1))
            .sum()
    }

    /// Steps (see [`crate::work`]) of [`values`](Self::values) up to `upto`.
    pub fn table_steps(&self, upto: u64) -> u128 {
        let per_take = if self.takes.len() < 64 {
            1
        } else {
            crate::work::SUBTRACTION_TAKE
        };
        (u128::from(upto) + 1) * self.takes.len() as u128 * u128::from(per_take)
    }

    /// Values of heaps 0..=upto by a direct table loop.
    pub fn values(&self, upto: usize) -> Vec<u32> {
        self.values_with(upto, &mut NoProgress)
    }

    /// [`values`](Self::values), reporting progress in heaps done.
    pub fn values_with(&self, upto: usize, progress: &mut dyn Progress) -> Vec<u32> {
        progress.start(upto as u64 + 1);
        let mut g: Vec<u32> = Vec::with_capacity(upto + 1);
        // Takes are bounded by MAX_TAKE, so they fit a usize.
        let takes: Vec<usize> = self.takes.iter().map(|&s| s as usize).collect();
        let mut set = MexSet::new();
        for n in 0..=upto {
            let v = if takes.len() < 64 {
                // At most 63 options: every value they can have is below 64, one word.
                let mut seen = 0u64;
                for &s in takes.iter().take_while(|&&s| s <= n) {
                    seen |= 1 << g[n - s];
                }
                seen.trailing_ones()
            } else {
                set.reset(takes.len());
                for &s in takes.iter().take_while(|&&s| s <= n) {
                    set.insert(u64::from(g[n - s]));
                }
                // The mex of |S| values is at most |S| ≤ MAX_TAKES.
                set.mex() as u32
            };
            g.push(v);
            if n % 65536 == 0 {
                progress.advance(n as u64);
                crate::stop::check();
            }
        }
        progress.finish();
        g
    }

    /// The code of the same game in octal notation (digit 3 at each take), used for the
    /// periodicity test.
    pub fn as_octal_digits(&self) -> Vec<u8> {
        let last = *self.takes.last().unwrap_or(&0) as usize;
        let mut digits = vec![0u8; last + 1];
        for &s in &self.takes {
            digits[s as usize] = 3;
        }
        digits
    }
}

impl Game for Subtraction {
    type Position = u64;

    fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
        for &s in &self.takes {
            if s > *n {
                break;
            }
            out.push(heaps([n - s]));
        }
    }
}
