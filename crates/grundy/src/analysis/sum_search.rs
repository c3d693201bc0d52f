//! The shape of a search run over any game's sums (misère play, remoteness): it is handed
//! the game's rules and the position of a move list with every position its moves leave,
//! each as the components of one sum. A game whose positions are values already hands them
//! over as they are ([`Sums`]); one whose list is only text hands over how to read it
//! ([`SumSearch::run_read`]). Which rules and which sums each game gives is said, game by
//! game, in `catalogue::components`.

use crate::game::Game as Rules;
use crate::report::Error;
use crate::report::moves::MoveList;

/// How a written position becomes the components of one sum of `P`.
pub type Parse<'a, P> = &'a dyn Fn(&str) -> Result<Vec<P>, Error>;

/// A position and what each of its listed moves leaves, as sums of components: `after[i]`
/// is what the list's `i`-th move leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sums<P> {
    /// The position itself.
    pub here: Vec<P>,
    /// The position each move leaves, in the list's order.
    pub after: Vec<Vec<P>>,
}

impl<P> Sums<P> {
    /// The sums of `list`'s position and of its moves, each read back from its text.
    pub fn read(list: &MoveList, parse: Parse<'_, P>) -> Result<Self, Error> {
        Ok(Sums {
            here: parse(&list.position)?,
            after: list
                .moves
                .iter()
                .map(|m| parse(&m.position))
                .collect::<Result<_, _>>()?,
        })
    }
}

/// A search run over any game's sums: `run` is called with the game's rules and the sums
/// of the move list the search holds.
pub trait SumSearch: Sized {
    /// What the search gives.
    type Out;

    /// The move list whose position and moves are searched.
    fn list(&self) -> &MoveList;

    /// Runs the search over `rules`, on `sums` (one for each move of [`list`](Self::list)).
    fn run<G>(self, rules: G, sums: Sums<G::Position>) -> Result<Self::Out, Error>
    where
        G: Rules,
        G::Position: Ord;

    /// Runs the search on the list's positions read back from their text by `parse`.
    fn run_read<G>(self, rules: G, parse: Parse<'_, G::Position>) -> Result<Self::Out, Error>
    where
        G: Rules,
        G::Position: Ord,
    {
        let sums = Sums::read(self.list(), parse)?;
        self.run(rules, sums)
    }
}
