//! Cram and Chomp boards: a board read, solved, explained.
//!
//! Cram goes to the pruning search with a transposition table within the memory given,
//! boards of up to 64 cells a `u64` a position and boards of up to 128 cells a `u128`;
//! Chomp to the dense table of every position in its box when that fits the memory, and
//! to the generic memo solver otherwise.
//!
//! Cram is written `R C` (an empty board), optionally followed by R rows of `.` (free) and
//! `#` (blocked). Chomp is written as its row lengths, bottom row first, joined by commas
//! (`3,2` is two rows) or spaced when there are not exactly two; two spaced numbers `R C`
//! are the full R × C bar.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::Player;
use crate::nimber::Nimber;

/// The analysis of a Cram or Chomp board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardReport {
    /// `cram` or `chomp`.
    pub game: String,
    /// The board's value.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// The board drawn: Cram top row first, `.` free, `#` blocked, each winning domino's
    /// cells lettered; Chomp top row first, `P` the poisoned square, `x` a winning bite,
    /// `o` the rest.
    pub board: Vec<String>,
    /// Every move that leaves a P-position.
    pub winning_moves: Vec<Move>,
    /// A strategy that settles the outcome by a theorem (Cram's mirror strategies), when
    /// one was found before the search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
}

/// A domino or a bite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// The cells the move takes: a domino's two cells, or a bite's corner square; from 1,
    /// rows from the top for Cram and from the bottom for Chomp.
    pub cells: Vec<[usize; 2]>,
}

impl fmt::Display for BoardReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (caption, moves_name) = if self.game == "cram" {
            (
                format!(
                    "{}×{} Cram board ('.' free, '#' blocked, each winning domino lettered; a cell in several shows the first)",
                    self.board.len(),
                    self.board.first().map_or(0, |r| r.chars().count())
                ),
                "winning dominoes",
            )
        } else {
            (
                "Chomp bar, top row first ('P' poisoned, 'x' a winning bite)".to_string(),
                "winning bites",
            )
        };
        writeln!(f, "game:    {}", self.game)?;
        writeln!(
            f,
            "grundy:  {} ({})",
            self.grundy,
            if self.grundy.is_zero() {
                "a P-position: the player to move loses"
            } else {
                "an N-position: the player to move wins"
            }
        )?;
        writeln!(f, "winner:  {} player", self.winner.as_str())?;
        if let Some(strategy) = &self.strategy {
            writeln!(f, "why:     {strategy}")?;
        }
        super::write_moves(
            f,
            moves_name,
            self.winning_moves.iter().map(|m| m.label.as_str()),
            "every move leaves a winning position",
        )?;
        writeln!(f, "{caption}:")?;
        for row in &self.board {
            writeln!(f, "  {row}")?;
        }
        Ok(())
    }
}
