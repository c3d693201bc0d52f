//! Game families, one module each, rules first.

pub mod bitboard;
pub mod cross_cut;
pub mod inventor;
pub mod lame_queen;
pub mod lava;
pub mod nim;
mod octal;
pub mod sheet;
mod subtraction;

pub use nim::Nim;
pub(crate) use octal::proven_period as octal_period;
pub use octal::{Octal, Period};
pub use subtraction::Subtraction;

use crate::game::Components;

/// The components left by heaps of the given sizes; empty heaps are left out.
pub(crate) fn heaps<const N: usize>(sizes: [u64; N]) -> Components<u64> {
    sizes.into_iter().filter(|&h| h > 0).collect()
}
