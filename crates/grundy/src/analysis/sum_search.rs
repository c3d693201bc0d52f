//! The shape of a search run over any game's sums (misère play, remoteness): it is handed
//! the game's rules and how a written position becomes the components of one sum. Which
//! rules and which reading each game gives is said, game by game, in
//! `catalogue::components`.

use crate::game::Game as Rules;
use crate::report::Error;

/// How a written position becomes the components of one sum of `P`.
pub type Parse<'a, P> = &'a dyn Fn(&str) -> Result<Vec<P>, Error>;

/// A search run over any game's sums: `run` is called with the game's rules and with how a
/// written position becomes the components of one sum.
pub trait SumSearch {
    /// What the search gives.
    type Out;
    /// Runs the search over `rules`, positions read by `parse`.
    fn run<G>(self, rules: G, parse: Parse<'_, G::Position>) -> Result<Self::Out, Error>
    where
        G: Rules,
        G::Position: Ord;
}
