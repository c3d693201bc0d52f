//! Analyses: a position read in its game's notation, the engine that serves the game
//! called, and the report made. The reports themselves are data in [`crate::report`];
//! this is the work that fills them, one module per family of games, and the move lists
//! (with each move's outcome), misère play and remoteness asked of any game.
//!
//! The catalogue's objects call these; front ends go through the catalogue, except where
//! a command drives an engine over many positions (`grundy table`, `quotient`, `explore
//! graph`) or over the ranks of a job.

pub mod board;
pub mod cakes;
pub mod cells;
pub mod graph;
pub mod heaps;
pub mod misere;
pub mod moves;
pub mod queen;
pub mod quotient;
pub mod remoteness;
#[cfg(feature = "script")]
pub mod script;
pub mod sheet;
pub mod sum_search;
pub mod table;
