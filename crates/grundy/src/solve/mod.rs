//! Engines: how values are computed, for games described in [`crate::games`].

pub mod cakes;
pub mod chomp_table;
pub mod cross_cut;
pub mod distributed;
pub mod genus;
pub mod heap;
pub mod loopy;
pub mod memo;
pub mod misere;
pub mod parallel;
pub mod quotient;
pub mod remoteness;
pub mod search;
mod sums;
pub mod table;
#[cfg(test)]
mod test_games;
