//! The contest problems' whole inputs, answered by the library
//! ([`grundy::contest::answers`]) with a progress bar on the terminal.

use grundy::contest::answers;

use crate::Failure;
use crate::progress::Bar;

pub use grundy::contest::Problem;
pub use grundy::parse::Input;

/// Solves a whole contest input; the bytes to print.
pub fn solve(problem: Problem, input: &Input) -> Result<Vec<u8>, Failure> {
    Ok(answers::solve(problem, input, &mut Bar::delayed())?)
}
