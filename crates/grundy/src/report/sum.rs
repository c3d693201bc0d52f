//! The report of a game analysed through its notation (see
//! [`crate::games::notation::Notation`]): the position as a sum of parts, each part's
//! value, the total, the winner and every winning move. Every game added as one object
//! (its rules and its notation in one module) is reported this way, with no type of its
//! own.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::moves::{Move, MoveList};
use crate::game::Player;
use crate::nimber::Nimber;

/// One position of a game analysed through its notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SumReport {
    /// The game's name.
    pub game: String,
    /// The position, written as `analyze` reads it.
    pub position: String,
    /// Each part's value, in the order the position is written.
    pub parts: Vec<Nimber>,
    /// The nim-sum of the parts: the value of the position.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// How many moves the position has.
    pub moves: usize,
    /// Every move that leaves a position of value 0.
    pub winning_moves: Vec<Move>,
    /// The position drawn, where its game draws it (a picture is made from this).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawing: Option<crate::drawing::Drawing>,
}

impl From<&MoveList> for SumReport {
    fn from(list: &MoveList) -> SumReport {
        let grundy = list.grundy.unwrap_or(Nimber::ZERO);
        SumReport {
            game: list.game.clone(),
            position: list.position.clone(),
            parts: list.values.clone().unwrap_or_default(),
            grundy,
            winner: list.winner,
            moves: list
                .only_winning_of
                .map_or(list.moves.len(), |n| n as usize),
            winning_moves: list.moves.iter().filter(|m| m.winning).cloned().collect(),
            drawing: list
                .drawings
                .as_ref()
                .and_then(|d| d.first())
                .map(|d| d.drawing.clone()),
        }
    }
}

impl fmt::Display for SumReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game:    {}", self.game)?;
        let position = self.position.trim_end();
        if position.contains('\n') {
            writeln!(f, "position:\n{position}")?;
        } else {
            writeln!(f, "position: {position}")?;
        }
        if self.parts.len() > 1 {
            let values: Vec<String> = self.parts.iter().map(ToString::to_string).collect();
            writeln!(
                f,
                "parts:   {} (values {})",
                self.parts.len(),
                values.join(", ")
            )?;
        }
        writeln!(f, "moves:   {}", self.moves)?;
        super::write_outcome(
            f,
            9,
            self.grundy,
            self.winner,
            self.winning_moves.iter().map(|m| m.label.as_str()),
        )
    }
}
