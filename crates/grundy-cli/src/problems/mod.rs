//! The contest problems' whole inputs: one adapter each, parse → library → format.
//!
//! An adapter holds no game logic; one position of a problem is explained by the
//! library's [`grundy::report`], through the catalogue.

mod caos3;
mod inventor;
mod lamqugam;
mod pshtbrth;
mod shgame;

use grundy::parse::Tokens;

use crate::Failure;

pub use grundy::contest::Problem;
pub use grundy::parse::Input;

/// Solves a whole contest input; the bytes to print.
pub fn solve(problem: Problem, input: &Input) -> Result<Vec<u8>, Failure> {
    match problem {
        Problem::Shgame => shgame::solve(input),
        Problem::Lamqugam => lamqugam::solve(input),
        Problem::InventorOutlasting => inventor::solve(input),
        Problem::Caos3 => caos3::solve(input),
        Problem::Pshtbrth => pshtbrth::solve(input),
    }
}

/// Reads the count of test cases that opens most contest inputs.
fn read_cases(t: &mut Tokens, input: &Input, what: &str, max: u64) -> Result<u64, Failure> {
    Ok(t.u64_in(what, 1, max).map_err(|e| input.error(e))?)
}
