//! The lame queen (lamqugam): a queen on square (x, y) moves left along its row, down its
//! column, or diagonally by a multiple of d; whoever cannot move loses. Squares count
//! from 1, as in the contest's statement: (1, 1) is the corner with no move.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Error, winner_line, write_moves};
use crate::game::Player;
use crate::games::lame_queen::{self, PPositions};
use crate::nimber::Nimber;
use crate::parse::{Input, Tokens};

/// The largest square drawn in the text report.
const MAX_DRAWN: u64 = 40;

/// The analysis of one square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueenReport {
    /// `lamqugam`.
    pub game: String,
    /// Known exactly for P-positions (0) and where the Grundy table was built.
    pub grundy: Option<Nimber>,
    /// Who wins with perfect play: known exactly even where the value is not.
    pub winner: Player,
    /// The diagonal step.
    pub d: u64,
    /// The queen's row, from 1.
    pub x: u64,
    /// The queen's column, from 1.
    pub y: u64,
    /// Every move to a P-position.
    pub winning_moves: Vec<QueenMove>,
    /// Rows x down to 1 as the text report draws them, where the square is small enough:
    /// `Q` the queen, `*` a winning target, `o` another P-position, `.` the rest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
}

/// A move of the queen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueenMove {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// The square it reaches.
    pub to: [u64; 2],
}

/// Reads `d x y`.
pub fn parse(input: &Input) -> Result<(u64, u64, u64), Error> {
    let err = |e| input.error(e);
    let mut t = Tokens::new(&input.bytes);
    let coord = lame_queen::MAX_COORD;
    let d = t.u64_in("d", 1, lame_queen::MAX_STEP).map_err(err)?;
    let x = t.u64_in("x", 1, coord).map_err(err)?;
    let y = t.u64_in("y", 1, coord).map_err(err)?;
    t.end().map_err(err)?;
    Ok((d, x, y))
}

/// The square of `input` explained.
pub fn analyze(input: &Input) -> Result<QueenReport, Error> {
    let (d, x, y) = parse(input)?;
    explain(d, x, y)
}

/// The square (x, y) with diagonal step d explained.
pub fn explain(d: u64, x: u64, y: u64) -> Result<QueenReport, Error> {
    let p = PPositions::build(d, x.max(y)).map_err(|e| Error::input(e.to_string()))?;
    let winning_moves: Vec<QueenMove> = p
        .winning_moves(x, y)
        .into_iter()
        .map(|(tx, ty)| QueenMove {
            label: describe(x, y, tx, ty),
            to: [tx, ty],
        })
        .collect();
    let is_p = winning_moves.is_empty();
    let grundy = if is_p {
        Some(Nimber::ZERO)
    } else {
        lame_queen::grundy_values(d, x, y)
            .map(|table| Nimber(u64::from(table[((x - 1) * y + (y - 1)) as usize])))
    };
    let board = (x <= MAX_DRAWN && y <= MAX_DRAWN).then(|| {
        (1..=x)
            .rev()
            .map(|i| {
                (1..=y)
                    .map(|j| {
                        if (i, j) == (x, y) {
                            'Q'
                        } else if winning_moves.iter().any(|m| m.to == [i, j]) {
                            '*'
                        } else if p.is_p(i, j) {
                            'o'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    });
    Ok(QueenReport {
        game: "lamqugam".into(),
        grundy,
        winner: if is_p { Player::Second } else { Player::First },
        d,
        x,
        y,
        winning_moves,
        board,
    })
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
        writeln!(
            f,
            "queen:   ({}, {}), diagonal steps in multiples of d = {}",
            self.x, self.y, self.d
        )?;
        if let Some(board) = &self.board {
            writeln!(f)?;
            for (k, row) in board.iter().enumerate() {
                writeln!(f, "  {:>3} {row}", board.len() - k)?;
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
