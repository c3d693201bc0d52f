//! Games given as tables, for the engines' tests: each engine draws its own random tables
//! (with cycles or without) and checks itself against the rules applied literally.

use crate::game::{self, Components, Game};

/// A game on positions `0..n`: `moves[u]` lists each option of `u` as the positions it
/// leaves (none: the move ends the game there; two or more: a split into a sum).
#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub(crate) moves: Vec<Vec<Vec<u32>>>,
}

impl Game for Table {
    type Position = u32;
    fn options(&self, p: &u32, out: &mut Vec<Components<u32>>) {
        for o in &self.moves[*p as usize] {
            out.push(game::split(o.iter().copied()));
        }
    }
}
