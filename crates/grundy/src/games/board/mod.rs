//! Games on a board of cells: Cram and Chomp.

pub mod chomp;
pub mod cram;

pub use chomp::{Bite, Chomp, ChompError};
pub use cram::{Cram, CramError, Placement};
