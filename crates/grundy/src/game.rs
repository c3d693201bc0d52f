//! The [`Game`] trait: what every impartial game tells the solver.

use std::hash::Hash;

use smallvec::SmallVec;

use crate::Nimber;

/// The independent components a move leaves behind.
///
/// An empty list is a position with no moves left; one entry is an ordinary move; several
/// entries are a position that fell apart into a sum (a cross-cut leaves up to four
/// rectangles, an octal split leaves two heaps).
pub type Components<P> = SmallVec<[P; 4]>;

/// A move to the single position `p`: the common case.
pub fn to<P>(p: P) -> Components<P> {
    let mut c = Components::new();
    c.push(p);
    c
}

/// A move that splits the position into the independent `parts`.
pub fn split<P>(parts: impl IntoIterator<Item = P>) -> Components<P> {
    parts.into_iter().collect()
}

/// A move that leaves nothing at all (the game ends with it).
pub fn nothing<P>() -> Components<P> {
    Components::new()
}

/// An impartial game: both players have the same moves, and whoever cannot move loses.
///
/// Only [`options`](Game::options) is required. The solver in [`crate::Solver`] turns it
/// into Grundy values, outcomes and winning moves.
///
/// ```
/// use grundy::game::{self, Components};
/// use grundy::{Game, Solver, Nimber};
///
/// /// Take one or two counters from a single heap.
/// struct TakeOneOrTwo;
///
/// impl Game for TakeOneOrTwo {
///     type Position = u64;
///     fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
///         for take in 1..=2 {
///             if take <= *n {
///                 out.push(game::to(n - take));
///             }
///         }
///     }
/// }
///
/// let mut solver = Solver::new(TakeOneOrTwo);
/// assert_eq!(solver.grundy(&7).unwrap(), Nimber(1)); // 7 mod 3
/// ```
pub trait Game {
    /// A position of one component.
    type Position: Clone + Eq + Hash;

    /// Appends every move from `p` to `out`, each as the list of components it leaves.
    ///
    /// Append only: `out` may already hold entries that belong to someone else. Components
    /// with no moves may be left out or kept: they add nothing to a sum.
    fn options(&self, p: &Self::Position, out: &mut Vec<Components<Self::Position>>);

    /// A representative of `p` with the same Grundy value (a symmetry or translation
    /// applied), used as the memo key. Default: `p` itself.
    fn canonical(&self, p: &Self::Position) -> Self::Position {
        p.clone()
    }

    /// The value of `p` when a formula or a precomputed table knows it; the solver then
    /// neither explores nor stores `p`. Default: unknown.
    fn known_value(&self, _p: &Self::Position) -> Option<Nimber> {
        None
    }

    /// How hard `p` is to solve, for move ordering in the pruning search: options whose
    /// components are easier are tried first, and the hardest component of an option is
    /// the one searched with cut-offs. Any measure that grows with the work will do (cells
    /// left, squares left). Default: all equal, so options keep the order they are listed.
    fn difficulty(&self, _p: &Self::Position) -> u64 {
        0
    }

    /// How many options `p` has, when that is cheaper to count than to list (a popcount of
    /// a bitboard). The pruning search then stops listing as soon as the options seen so
    /// far settle its question. Default: unknown, so every option is listed.
    fn option_count(&self, _p: &Self::Position) -> Option<usize> {
        None
    }

    /// A fault in the rules found while listing options (a script that failed or returned
    /// something that is not a move), as one line naming the position. The memo solver
    /// asks after every listing and stops with [`SolveError::Rules`](crate::SolveError).
    /// Built-in games never fail: default `None`.
    fn fault(&self) -> Option<String> {
        None
    }

    /// `p` written for a person, for error messages (the position on a cycle). Default:
    /// none, and messages say "a position".
    fn describe(&self, _p: &Self::Position) -> Option<String> {
        None
    }

    /// Calls `visit` with each option of `p`, in the order worth trying first, until it
    /// returns `false`. Default: [`options`](Game::options) in its order.
    fn each_option(
        &self,
        p: &Self::Position,
        visit: &mut dyn FnMut(Components<Self::Position>) -> bool,
    ) {
        let mut all = Vec::new();
        self.options(p, &mut all);
        for o in all {
            if !visit(o) {
                break;
            }
        }
    }
}

impl<G: Game + ?Sized> Game for &G {
    type Position = G::Position;
    fn options(&self, p: &Self::Position, out: &mut Vec<Components<Self::Position>>) {
        (**self).options(p, out)
    }
    fn canonical(&self, p: &Self::Position) -> Self::Position {
        (**self).canonical(p)
    }
    fn known_value(&self, p: &Self::Position) -> Option<Nimber> {
        (**self).known_value(p)
    }
    fn difficulty(&self, p: &Self::Position) -> u64 {
        (**self).difficulty(p)
    }
    fn option_count(&self, p: &Self::Position) -> Option<usize> {
        (**self).option_count(p)
    }
    fn fault(&self) -> Option<String> {
        (**self).fault()
    }
    fn describe(&self, p: &Self::Position) -> Option<String> {
        (**self).describe(p)
    }
    fn each_option(
        &self,
        p: &Self::Position,
        visit: &mut dyn FnMut(Components<Self::Position>) -> bool,
    ) {
        (**self).each_option(p, visit)
    }
}

/// Who wins with perfect play. The first player is the one to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player to move (the position is an N-position).
    First,
    /// The other player (the position is a P-position).
    Second,
}

impl Player {
    /// The winner of a position of value `g`: the second player exactly when `g` is 0.
    pub fn winner_of(g: Nimber) -> Player {
        if g.is_zero() {
            Player::Second
        } else {
            Player::First
        }
    }

    /// `"first"` or `"second"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}
