//! Game families, one module each, rules first.

pub mod arc_kayles;
pub mod board;
pub mod cakes;
pub mod coins;
pub mod cross_cut;
pub mod digraph;
pub mod geography;
pub mod hackenbush;
pub mod heap;
pub mod in_play;
pub mod inventor;
pub mod inventor_full;
pub mod lame_queen;
pub mod lava;
pub mod node_kayles;
pub mod notation;
pub mod sheet;
pub mod tartan;
pub mod tokens;
pub mod undirected;

pub use heap::{Nim, Subtraction, TakeBreak, nim};

pub(crate) use heap::heaps;
