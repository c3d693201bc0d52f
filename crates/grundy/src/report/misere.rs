//! Misère play of the games that are not heap families: boards, plane games, the sheet, the
//! cakes and script games.
//!
//! The moves come from the game's own list ([`super::moves`]: their labels and the
//! positions they leave, written as `analyze` reads them), and each position is judged by
//! the misère search of [`crate::solve::misere`] over the game's components, shared by the
//! whole list. Sums are never taken to add by XOR: a board that falls apart into regions,
//! a row of cakes, a list of script positions are each searched as one sum. The sheet is
//! Nim on four heaps, move for move, and goes by misère Nim's rule.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::moves::{self, MoveList};
use crate::game::Player;
use crate::nimber::Nimber;

/// A position under misère play: its misère Grundy value, the winner and every winning
/// move, in the fields an ordinary report has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereReport {
    /// The game's name.
    pub game: String,
    /// Always `true`: the analysis is of misère play.
    pub misere: bool,
    /// The position, written as `analyze` reads it.
    pub position: String,
    /// The misère Grundy value of the position (the end of the game is worth 1): 0 exactly
    /// when the player to move loses.
    pub grundy: Nimber,
    /// Who wins under misère play.
    pub winner: Player,
    /// Every move that leaves a position lost for the player to move under misère play.
    pub winning_moves: Vec<moves::Move>,
    /// How many moves the position has.
    pub moves: usize,
}

impl fmt::Display for MisereReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game:    {}", self.game)?;
        writeln!(f, "play:    misère (whoever makes the last move loses)")?;
        let position = self.position.trim_end();
        if position.contains('\n') {
            writeln!(f, "position:\n{position}")?;
        } else {
            writeln!(f, "position: {position}")?;
        }
        super::write_outcome(
            f,
            9,
            self.grundy,
            self.winner,
            self.winning_moves.iter().map(|m| m.label.as_str()),
        )
    }
}

impl From<MoveList> for MisereReport {
    fn from(list: MoveList) -> MisereReport {
        let count = list.moves.len();
        let grundy = list.grundy.unwrap_or(Nimber::ZERO);
        MisereReport {
            game: list.game,
            misere: true,
            position: list.position,
            grundy,
            winner: list.winner,
            winning_moves: list.moves.into_iter().filter(|m| m.winning).collect(),
            moves: count,
        }
    }
}
