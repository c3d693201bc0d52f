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
//!
//! Every front end (the command line, the web server, the Python package) makes the same
//! three calls, re-exported here: [`lookup`] a game by name once, then [`analyze`] a
//! position written in its notation, or list its [`moves`]. Each game of the catalogue is
//! one object ([`catalogue::object::Object`]); a game whose rules and notation
//! ([`games::notation::Notation`]) live in one module is analysed by the one analysis
//! written over that trait ([`catalogue::object::Notated`]).
//!
//! ```
//! use grundy::parse::Input;
//!
//! let game = grundy::lookup("arc-kayles")?;
//! // A path of four vertices: Dawson's Kayles on a heap of 4.
//! let position = Input::new("<example>", "4 3\n1 2\n2 3\n3 4\n");
//! let options = grundy::catalogue::Options::default();
//! let analysis = grundy::analyze(&game, &position, &options, &mut grundy::NoProgress)?;
//! assert_eq!(analysis.report.grundy().map(|g| g.0), Some(2));
//! let list = grundy::moves(&game, &position, &options, &mut grundy::NoProgress)?;
//! assert_eq!(list.moves.iter().filter(|m| m.winning).count(), 1);
//! # Ok::<(), grundy::report::Error>(())
//! ```

#![deny(missing_docs)]

pub mod analysis;
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

pub use catalogue::{analyze, lookup, moves};
pub use family::{Family, FamilyError, HeapAnalysis, HeapMove, checksum, checksum_of, fletcher_of};
pub use game::{Components, Game, Player};
pub use nimber::{MexSet, Nimber, mex, nim_sum};
pub use progress::{NoProgress, Progress};
pub use solve::memo::{SolveError, Solver, Stats, SumMove, ValuedOption};
pub use sum::Sum;
