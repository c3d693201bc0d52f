//! The contest problems' whole inputs: the library reads an input into its values
//! ([`grundy::contest::parse`]), an adapter per problem answers each case and writes the
//! answers in the contest's format.
//!
//! An adapter holds no game logic; one position of a problem is explained by the
//! library's [`grundy::report`], through the catalogue.

mod caos3;
mod inventor;
mod lamqugam;
mod pshtbrth;
mod shgame;

use grundy::contest::{self, Instance};

use crate::Failure;

pub use grundy::contest::Problem;
pub use grundy::parse::Input;

/// Solves a whole contest input; the bytes to print.
pub fn solve(problem: Problem, input: &Input) -> Result<Vec<u8>, Failure> {
    match contest::parse(problem, input)? {
        Instance::Shgame(sheets) => Ok(shgame::solve(&sheets)),
        Instance::Lamqugam { d, queries } => lamqugam::solve(d, &queries),
        Instance::InventorOutlasting(boards) => inventor::solve(&boards),
        Instance::Caos3(maps) => caos3::solve(&maps),
        Instance::Pshtbrth(tests) => pshtbrth::solve(&tests),
    }
}
