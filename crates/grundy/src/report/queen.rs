//! The lame queen: a queen on square (x, y) moves left along its row, down its column, or
//! diagonally by a multiple of d; whoever cannot move loses. Wythoff's game is d = 1.
//!
//! Two conventions, one per name: the contest problem `lamqugam` counts squares from 1,
//! as its statement does ((1, 1) is the corner with no move); the plane games `wythoff`
//! and `lame-queen:D` count from 0, as heaps do ((0, 0) is the corner), in `analyze`,
//! `explore` and `picture` alike.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{winner_line, write_moves};
use crate::game::Player;
use crate::games::lame_queen::{self};
use crate::nimber::Nimber;

/// The largest square drawn in the text report.
pub(crate) const MAX_DRAWN: u64 = 40;

/// The analysis of one square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueenReport {
    /// `lamqugam`, `wythoff` or `lame-queen:D`.
    pub game: String,
    /// Known exactly for P-positions (0) and where the Grundy table was built.
    pub grundy: Option<Nimber>,
    /// Who wins with perfect play: known exactly even where the value is not.
    pub winner: Player,
    /// The diagonal step.
    pub d: u64,
    /// The queen's row, from [`origin`](Self::origin).
    pub x: u64,
    /// The queen's column, from [`origin`](Self::origin).
    pub y: u64,
    /// Where squares are counted from: 1 for `lamqugam`, 0 for `wythoff` and
    /// `lame-queen:D`.
    #[serde(default = "one")]
    pub origin: u64,
    /// Every move to a P-position.
    pub winning_moves: Vec<Move>,
    /// Rows x down to 1 as the text report draws them, where the square is small enough:
    /// `Q` the queen, `*` a winning target, `o` another P-position, `.` the rest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
}

fn one() -> u64 {
    1
}

/// A move of the queen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// The square it reaches.
    pub to: [u64; 2],
}

/// The move from (x, y) to (tx, ty) in words.
pub fn describe(x: u64, y: u64, tx: u64, ty: u64) -> String {
    if tx == x {
        format!("move left along the row by {} to ({tx}, {ty})", y - ty)
    } else if ty == y {
        format!("move down the column by {} to ({tx}, {ty})", x - tx)
    } else {
        format!("move diagonally by {} to ({tx}, {ty})", x - tx)
    }
}

impl fmt::Display for QueenReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let from = if self.origin == 0 {
            " (squares from 0)"
        } else {
            ""
        };
        writeln!(
            f,
            "queen:   ({}, {}){from}, diagonal steps in multiples of d = {}",
            self.x, self.y, self.d
        )?;
        if let Some(board) = &self.board {
            writeln!(f)?;
            for (k, row) in board.iter().enumerate() {
                let row_number = board.len() - k - 1 + self.origin as usize;
                writeln!(f, "  {row_number:>3} {row}")?;
            }
            writeln!(
                f,
                "      Q queen, * winning target, o other P-position (rows x, columns y)\n"
            )?;
        }
        match self.grundy {
            Some(g) => writeln!(f, "grundy:  {g}")?,
            None => writeln!(
                f,
                "grundy:  not computed (the table stops at x·y ≤ {} squares); the outcome below is exact",
                lame_queen::GRUNDY_SQUARES
            )?,
        }
        writeln!(f, "winner:  {}", winner_line(self.winning_moves.is_empty()))?;
        write_moves(
            f,
            "winning moves",
            self.winning_moves.iter().map(|m| m.label.as_str()),
            "every move reaches an N-position",
        )
    }
}
