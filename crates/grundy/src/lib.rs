//! # grundy
//!
//! Impartial combinatorial games — both players have the same moves, and whoever cannot
//! move loses — solved and explained with the Sprague–Grundy theorem: every position has a
//! nimber, a sum of independent games is worth the XOR of its parts, and a position is lost
//! for the player to move exactly when its value is 0.
//!
//! The core is small: a [`Game`] lists each move as the independent components it leaves,
//! and the [`Solver`] turns that into values, winners and winning moves, memoised and
//! without recursion. The rules live in [`games`], the engines in [`solve`]. Above them,
//! [`catalogue`] names every game and analyses a position given as text, returning one of
//! the typed reports of [`report`] (serialisable, with its text as `Display`), or every
//! move with its outcome ([`catalogue::moves`]): what the command line, the web page and
//! any other front end show.
//!
//! ```
//! use grundy::{games::TakeBreak, Player, Solver, Nimber};
//!
//! // Kayles: knock down one pin or two adjacent pins from a row.
//! let kayles: TakeBreak = "0.77".parse()?;
//! let mut solver = Solver::new(kayles);
//!
//! // Rows of 3, 4 and 5 pins, played side by side.
//! let position = [3, 4, 5];
//! assert_eq!(solver.sum_grundy(&position)?, Nimber(3 ^ 1 ^ 4));
//! assert_eq!(solver.winner(&4)?, Player::First);
//! for m in solver.sum_winning_moves(&position)? {
//!     println!("in row {}, leave {:?}", m.component + 1, m.leaves);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod catalogue;
pub mod contest;
pub mod drawing;
pub mod error;
pub mod explore;
pub mod family;
pub mod game;
pub mod games;
pub mod index;
pub mod nimber;
pub mod parse;
#[cfg(feature = "picture")]
pub mod picture;
pub mod progress;
pub mod report;
#[cfg(feature = "script")]
pub mod script;
pub mod solve;
pub mod stop;
pub mod store;
pub mod sum;
pub mod survey;
pub mod work;

/// The README's Rust example, run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExample;

pub use family::{Family, FamilyError, HeapAnalysis, HeapMove, checksum, checksum_of};
pub use game::{Components, Game, Player};
pub use nimber::{MexSet, Nimber, mex, nim_sum};
pub use progress::{NoProgress, Progress};
pub use solve::memo::{SolveError, Solver, Stats, SumMove, ValuedOption};
pub use sum::Sum;
