//! Shared by the board tests: Cram with nothing clever, and random blocked boards.

use grundy::games::board::{Bits, Cram, CramOn};
use grundy::{Components, Game};

/// Cram with every position as it is: no regions, no canonical forms, no reductions.
pub struct PlainCram<B: Bits = u64>(pub CramOn<B>);

impl<B: Bits> Game for PlainCram<B> {
    type Position = B;
    fn options(&self, free: &B, out: &mut Vec<Components<B>>) {
        for p in self.0.placements(*free) {
            out.push(Components::from_elem(self.0.after(*free, p), 1));
        }
    }
}

/// A board with about a half, a quarter, an eighth or a sixteenth of its cells blocked
/// (`density` 0 to 3), from random `bits`.
pub fn blocked(cram: &Cram, bits: u64, density: u32) -> u64 {
    let mut mask = bits;
    for k in 0..density {
        mask &= bits.rotate_left(17 * (k + 1));
    }
    cram.full() & !mask
}

thread_local! {
    /// One plain solver per board size, kept across the cases a test thread runs: the
    /// random boards of one size share most of their positions, so each is valued once.
    static PLAIN: std::cell::RefCell<std::collections::HashMap<(usize, usize), grundy::Solver<PlainCram>>> =
        Default::default();
    /// The same for the library's Cram (regions and canonical forms) under the memo solver.
    static MEMO: std::cell::RefCell<std::collections::HashMap<(usize, usize), grundy::Solver<Cram>>> =
        Default::default();
}

/// `f` given the plain solver of `cram`'s board size, with every value found before.
#[allow(dead_code)] // not every test binary that shares this module uses it
pub fn with_plain<R>(cram: Cram, f: impl FnOnce(&mut grundy::Solver<PlainCram>) -> R) -> R {
    PLAIN.with(|solvers| {
        let mut solvers = solvers.borrow_mut();
        f(solvers
            .entry((cram.rows(), cram.cols()))
            .or_insert_with(|| grundy::Solver::new(PlainCram(cram))))
    })
}

/// `f` given the memo solver of `cram`'s board size, with every value found before.
#[allow(dead_code)] // not every test binary that shares this module uses it
pub fn with_memo<R>(cram: Cram, f: impl FnOnce(&mut grundy::Solver<Cram>) -> R) -> R {
    MEMO.with(|solvers| {
        let mut solvers = solvers.borrow_mut();
        f(solvers
            .entry((cram.rows(), cram.cols()))
            .or_insert_with(|| grundy::Solver::new(cram)))
    })
}
