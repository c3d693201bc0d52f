//! A sum of components held as one position, for the searches that cannot value a sum from
//! its parts (misère play, remoteness): the sorted multiset of the components' canonical
//! forms, with the components that have no move left out (they change nothing).

use rustc_hash::FxHashMap;

use crate::game::{Components, Game};
use crate::solve::memo::SolveError;

/// The game, and which of its components have no move (asked once each).
pub(crate) struct Sums<G: Game> {
    pub(crate) game: G,
    ended: FxHashMap<G::Position, bool>,
}

impl<G> Sums<G>
where
    G: Game,
    G::Position: Ord,
{
    pub(crate) fn new(game: G) -> Sums<G> {
        Sums {
            game,
            ended: FxHashMap::default(),
        }
    }

    /// Whether `p` has no move.
    fn has_ended(&mut self, p: &G::Position) -> Result<bool, SolveError> {
        if let Some(&e) = self.ended.get(p) {
            return Ok(e);
        }
        let mut out = Vec::new();
        self.game.options(p, &mut out);
        if let Some(fault) = self.game.fault() {
            return Err(SolveError::Rules(fault));
        }
        let e = out.is_empty();
        self.ended.insert(p.clone(), e);
        Ok(e)
    }

    /// The sum as a key: canonical components, those with no move left out, sorted.
    pub(crate) fn key(
        &mut self,
        components: impl IntoIterator<Item = G::Position>,
    ) -> Result<Vec<G::Position>, SolveError> {
        let mut key = Vec::new();
        for c in components {
            let c = self.game.canonical(&c);
            if !self.has_ended(&c)? {
                key.push(c);
            }
        }
        key.sort();
        Ok(key)
    }

    /// Every option of the sum `key`, as keys (each move of each distinct component), each
    /// once.
    pub(crate) fn options(
        &mut self,
        key: &[G::Position],
    ) -> Result<Vec<Vec<G::Position>>, SolveError> {
        let mut out = Vec::new();
        let mut moves: Vec<Components<G::Position>> = Vec::new();
        for (i, c) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == *c {
                continue;
            }
            moves.clear();
            self.game.options(c, &mut moves);
            if let Some(fault) = self.game.fault() {
                return Err(SolveError::Rules(fault));
            }
            for leaves in moves.drain(..) {
                let rest = key[..i].iter().chain(&key[i + 1..]).cloned();
                out.push(self.key(rest.chain(leaves))?);
            }
        }
        out.sort();
        out.dedup();
        Ok(out)
    }
}
