//! Heap games: one heap of counters per component, one-parameter families by rule.

pub mod nim;
mod subtraction;
mod take_break;

pub use nim::Nim;
pub use subtraction::Subtraction;
pub(crate) use take_break::short;
pub use take_break::{Notation, TakeBreak};

use crate::game::Components;

/// Why a heap game's rules refused its parameters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// A subtraction game with no take.
    #[error("a subtraction game needs at least one take, e.g. subtraction:1,2")]
    NoTake,
    /// A take of 0 would let a player pass forever.
    #[error("a take of 0 would make the game loopy; takes must be at least 1")]
    ZeroTake,
    /// A take past the supported bound.
    #[error("take {take} is larger than the supported {limit}{note}")]
    TakeTooLarge {
        /// The take asked for.
        take: u64,
        /// The bound.
        limit: u64,
        /// What the bound depends on, if anything.
        note: &'static str,
    },
    /// Too many takes in one set.
    #[error("{count} takes is more than the supported {limit}")]
    TooManyTakes {
        /// How many were given.
        count: usize,
        /// The bound.
        limit: usize,
    },
    /// A malformed octal or hexadecimal code; the text says what is wrong.
    #[error("bad {0}")]
    BadCode(String),
}

/// The components left by heaps of the given sizes; empty heaps are left out.
pub(crate) fn heaps<const N: usize>(sizes: [u64; N]) -> Components<u64> {
    sizes.into_iter().filter(|&h| h > 0).collect()
}
