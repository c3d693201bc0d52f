//! Games on a board of cells: Cram and Chomp.

pub mod bits;
pub mod chomp;
pub mod cram;
pub mod mirror;

pub use bits::Bits;
pub use chomp::{Bite, Chomp, ChompError};
pub use cram::{Cram, CramError, CramOn, Placement, WideCram};
pub use mirror::{Mirror, Symmetry};
