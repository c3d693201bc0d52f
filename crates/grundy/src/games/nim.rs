//! Nim on one heap: a move takes any positive number of counters. The heap of n is worth n.
//!
//! The sheet-cutting game (SHGAME) is four such heaps: the columns left and right of the
//! mark, the rows above and below it.
//!
//! ```
//! use grundy::{games::Nim, Game, Solver, Nimber};
//!
//! let mut solver = Solver::new(Nim);
//! assert_eq!(solver.sum_grundy(&[3, 4, 5]).unwrap(), Nimber(2));
//! ```

use crate::game::{Components, Game};
use crate::games::heaps;
use crate::nimber::Nimber;

/// A single Nim heap; the position is its size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

impl Game for Nim {
    type Position = u64;

    fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
        out.extend((0..*n).map(|h| heaps([h])));
    }

    /// A heap of n is worth n (every smaller value is one move away, n itself is not).
    fn known_value(&self, n: &u64) -> Option<Nimber> {
        Some(Nimber(*n))
    }
}
