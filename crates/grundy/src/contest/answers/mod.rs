//! The contest problems answered: a whole input read ([`super::parse`]), each case
//! answered by the library's engines, the answers written in the contest's format (what
//! `grundy solve` prints, and what the judge compares with).
//!
//! An adapter holds no game logic: it calls the engines and formats.

mod caos3;
mod inventor;
mod lamqugam;
mod pshtbrth;
mod shgame;

use super::{Instance, Problem};
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::Error;

/// Solves a whole contest input: the bytes its answer file holds. `progress` hears of the
/// work on the boards of Inventor Outlasting and CAO Stage-3.
///
/// ```
/// use grundy::contest::{Problem, answers};
/// use grundy::parse::Input;
///
/// let input = Input::new("<example>", "2\n1 1\n2 3\n");
/// let out = answers::solve(Problem::Shgame, &input, &mut grundy::NoProgress)?;
/// assert_eq!(out, b"0\n6\n");
/// # Ok::<(), grundy::report::Error>(())
/// ```
pub fn solve(
    problem: Problem,
    input: &Input,
    progress: &mut (dyn Progress + Send),
) -> Result<Vec<u8>, Error> {
    match super::parse(problem, input)? {
        Instance::Shgame(sheets) => Ok(shgame::solve(&sheets)),
        Instance::Lamqugam { d, queries } => lamqugam::solve(d, &queries),
        Instance::InventorOutlasting(boards) => inventor::solve(&boards, progress),
        Instance::Caos3(maps) => caos3::solve(&maps, progress),
        Instance::Pshtbrth(tests) => pshtbrth::solve(&tests),
    }
}
