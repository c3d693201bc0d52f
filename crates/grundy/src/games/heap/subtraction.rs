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
    /// The largest take accepted in a set of more than [`MAX_FEW`](Self::MAX_FEW) takes.
    pub const MAX_TAKE: u64 = 1_000_000;
    /// The most takes accepted in one set.
    pub const MAX_TAKES: usize = 10_000;
    /// The most takes a set may have to take past [`MAX_TAKE`](Self::MAX_TAKE): its values
    /// are then computed run by run ([`crate::solve::heap::runs`]), each at most 64.
    pub const MAX_FEW: usize = 64;
    /// The largest take of a set of at most [`MAX_FEW`](Self::MAX_FEW) takes: 2^63.
    pub const MAX_LARGE_TAKE: u64 = 1 << 63;

    /// The game with the given takes; they must be positive, and are sorted and deduplicated.
    pub fn new(mut takes: Vec<u64>) -> Result<Self, RuleError> {
        if takes.is_empty() {
            return Err(RuleError::NoTake);
        }
        if takes.contains(&0) {
            return Err(RuleError::ZeroTake);
        }
        takes.sort_unstable();
        takes.dedup();
        let (limit, note) = if takes.len() <= Self::MAX_FEW {
            (Self::MAX_LARGE_TAKE, "")
        } else {
            (
                Self::MAX_TAKE,
                " for a set of more than 64 takes (64 or fewer may take up to 2^63)",
            )
        };
        if let Some(&take) = takes.iter().find(|&&t| t > limit) {
            return Err(RuleError::TakeTooLarge { take, limit, note });
        }
        if takes.len() > Self::MAX_TAKES {
            return Err(RuleError::TooManyTakes {
                count: takes.len(),
                limit: Self::MAX_TAKES,
            });
        }
        Ok(Subtraction { takes })
    }

    /// Whether the set's period is looked for run by run ([`crate::solve::heap::runs`]):
    /// a take past 2^20, where a table of the values up to the proof would not fit.
    pub fn runs(&self) -> bool {
        self.takes.last().is_some_and(|&t| t > 1 << 20)
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
        // Takes past the table never apply.
        let takes: Vec<usize> = self
            .takes
            .iter()
            .take_while(|&&s| s <= upto as u64)
            .map(|&s| s as usize)
            .collect();
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
