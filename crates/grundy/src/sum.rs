//! Disjunctive sums played out literally, for checking the sum rule.
//!
//! The solver already evaluates a sum as the XOR of its components. [`Sum`] instead treats
//! the whole multiset of components as ONE position and lets the solver search it, so tests
//! can confirm grundy(a + b) = grundy(a) XOR grundy(b) without assuming it.

use crate::game::{Components, Game};

/// The sum of any number of positions of `G`, as a single game.
///
/// ```
/// use grundy::{games::Subtraction, Nimber, Solver, Sum};
///
/// let game = Subtraction::new(vec![1, 2]).unwrap();
/// let mut sum = Solver::new(Sum(game));
/// // 4 and 5 are worth 1 and 2 in take-1-or-2, so the pair is worth 3.
/// assert_eq!(sum.grundy(&vec![4, 5]).unwrap(), Nimber(3));
/// ```
#[derive(Clone, Debug)]
pub struct Sum<G>(pub G);

impl<G> Game for Sum<G>
where
    G: Game,
    G::Position: Ord,
{
    type Position = Vec<G::Position>;

    fn options(&self, p: &Self::Position, out: &mut Vec<Components<Self::Position>>) {
        let mut moves = Vec::new();
        for (i, c) in p.iter().enumerate() {
            moves.clear();
            self.0.options(c, &mut moves);
            for leaves in moves.drain(..) {
                let mut next = Vec::with_capacity(p.len() - 1 + leaves.len());
                next.extend_from_slice(&p[..i]);
                next.extend_from_slice(&p[i + 1..]);
                next.extend(leaves);
                out.push(crate::game::to(next));
            }
        }
    }

    /// Order does not matter in a sum.
    fn canonical(&self, p: &Self::Position) -> Self::Position {
        let mut v: Vec<G::Position> = p.iter().map(|c| self.0.canonical(c)).collect();
        v.sort();
        v
    }
}
