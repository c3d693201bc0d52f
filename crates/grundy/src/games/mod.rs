//! Game families, one module each, rules first.

pub mod bitboard;
pub mod board;
pub mod cross_cut;
pub mod heap;
pub mod inventor;
pub mod inventor_full;
pub mod lame_queen;
pub mod lava;
pub mod sheet;

pub use heap::{Nim, Subtraction, TakeBreak, nim};

pub(crate) use heap::heaps;
