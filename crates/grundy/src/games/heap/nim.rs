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

/// Every winning move of a sum of Nim heaps, as (heap index, size after the move): the
/// heaps h with h ⊕ s < h, where s is the nim-sum, cut down to h ⊕ s. Empty when s = 0.
///
/// ```
/// assert_eq!(grundy::games::nim::winning_moves(&[3, 4, 5]), vec![(0, 1)]);
/// ```
pub fn winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let s = heaps.iter().fold(0, |a, &h| a ^ h);
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ s < h)
        .map(|(i, &h)| (i, h ^ s))
        .collect()
}
