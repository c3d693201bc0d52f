//! Heap games: one heap of counters per component, one-parameter families by rule.

pub mod nim;
mod subtraction;
mod take_break;

pub use nim::Nim;
pub use subtraction::Subtraction;
pub use take_break::{Notation, TakeBreak};

use crate::game::Components;

/// The components left by heaps of the given sizes; empty heaps are left out.
pub(crate) fn heaps<const N: usize>(sizes: [u64; N]) -> Components<u64> {
    sizes.into_iter().filter(|&h| h > 0).collect()
}
