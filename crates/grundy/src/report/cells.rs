//! Boards played on cells: Inventor Outlasting (build an attraction on a spot) and the lava
//! maps of CAO Stage-3 (pour lava from a monster), each maybe with moves already made.
//! Both are the cross-cut game in disguise.
//!
//! A board is `R C` and R rows; a board in play adds the word `played` and the row and
//! column (from 1) of each move made, in order.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{count, winner_line, write_moves};
use crate::game::Player;
use crate::games::in_play::MAX_DRAWN;
use crate::nimber::Nimber;

/// A winning move on one cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// Its row, from 1.
    pub row: usize,
    /// Its column, from 1.
    pub column: usize,
}

/// The board of a report drawn for the text report, indented, each winning cell `*`.
fn draw_with_hints(f: &mut fmt::Formatter<'_>, board: &[String], winning: &[Move]) -> fmt::Result {
    for (r, row) in board.iter().enumerate() {
        f.write_str("  ")?;
        for (c, ch) in row.chars().enumerate() {
            let hint = winning.iter().any(|m| (m.row, m.column) == (r + 1, c + 1));
            write!(f, "{}", if hint { '*' } else { ch })?;
        }
        writeln!(f)?;
    }
    Ok(())
}

/// The analysis of an Inventor Outlasting board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InventorReport {
    /// `inventor-outlasting`.
    pub game: String,
    /// The board's value.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// Values of the two colour classes: even and odd row + column; `null` when the two
    /// are mirror images of one game (their values cancel and are not computed).
    pub class_values: Option<[Nimber; 2]>,
    /// The spots of the board as given.
    pub spots: usize,
    /// A board in play: the attractions built, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<Vec<[usize; 2]>>,
    /// A board in play: the spots still free.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_spots: Option<Vec<[usize; 2]>>,
    /// The board drawn: `X` a free spot, `.` no spot, `A` an attraction, `+` a sign.
    pub board: Vec<String>,
    /// Every build that leaves a P-position.
    pub winning_moves: Vec<Move>,
}

impl InventorReport {
    /// The spots still free to build on, from 1.
    pub fn free(&self) -> Vec<[usize; 2]> {
        self.free_spots
            .clone()
            .unwrap_or_else(|| cells_of(&self.board, b'X'))
    }
}

/// The 1-based cells of `board` holding `ch`, row-major.
fn cells_of(board: &[String], ch: u8) -> Vec<[usize; 2]> {
    let mut out = Vec::new();
    for (r, row) in board.iter().enumerate() {
        for (c, b) in row.bytes().enumerate() {
            if b == ch {
                out.push([r + 1, c + 1]);
            }
        }
    }
    out
}

impl fmt::Display for InventorReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = self.board.len();
        let cols = self.board.first().map_or(0, String::len);
        match &self.played {
            None => writeln!(
                f,
                "board:   {rows} x {cols}, {} spots (X); winning first moves marked *",
                self.spots
            )?,
            Some(p) => writeln!(
                f,
                "board:   {rows} x {cols}, {} spots; after {} (A) with their signs (+), {} free (X); winning moves marked *",
                self.spots,
                count(p.len(), "build"),
                count(self.free().len(), "spot")
            )?,
        }
        if rows <= MAX_DRAWN && cols <= MAX_DRAWN {
            writeln!(f)?;
            draw_with_hints(f, &self.board, &self.winning_moves)?;
            writeln!(f)?;
        }
        match self.class_values {
            Some([even, odd]) => {
                writeln!(
                    f,
                    "classes: even squares (row + column even) {even}, odd squares {odd}"
                )?;
                writeln!(f, "grundy:  {} = {even} xor {odd}", self.grundy)?;
            }
            None => {
                writeln!(
                    f,
                    "classes: the even and odd squares are mirror images, one game twice: whatever is built on one, the mirror build answers it"
                )?;
                writeln!(f, "grundy:  0 = x xor x (x not computed)")?;
            }
        }
        writeln!(f, "winner:  {}", winner_line(self.grundy.is_zero()))?;
        write_moves(
            f,
            "winning moves",
            self.winning_moves.iter().map(|m| m.label.as_str()),
            if self.free().is_empty() {
                "no spot is left to build on"
            } else {
                "every build leaves a winning board"
            },
        )
    }
}

/// The analysis of a lava map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LavaReport {
    /// `caos3`.
    pub game: String,
    /// The map's value.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// `Asuna` (she moves first) or `Kirito`.
    pub winner_name: String,
    /// Every monster of the map, from 1.
    pub monsters: Vec<[usize; 2]>,
    /// A map in play: the moves made, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<Vec<[usize; 2]>>,
    /// A map in play: the monsters not yet under lava.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_monsters: Option<Vec<[usize; 2]>>,
    /// The map drawn: `#` wall, `^` open, `m` a live monster, `~` lava.
    pub board: Vec<String>,
    /// Every monster to pour lava from that leaves a P-position.
    pub winning_moves: Vec<Move>,
}

/// The contest's name for the winner.
pub fn lava_winner_name(first_wins: bool) -> &'static str {
    if first_wins { "Asuna" } else { "Kirito" }
}

impl LavaReport {
    /// The monsters still alive, from 1.
    pub fn live(&self) -> &[[usize; 2]] {
        self.live_monsters.as_deref().unwrap_or(&self.monsters)
    }
}

impl fmt::Display for LavaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows = self.board.len();
        let cols = self.board.first().map_or(0, String::len);
        match &self.played {
            None => writeln!(
                f,
                "map:     {rows} x {cols}, {} monsters (m); winning first moves marked *",
                self.monsters.len()
            )?,
            Some(p) => writeln!(
                f,
                "map:     {rows} x {cols}, {}; after {}, lava (~) and {} alive (m); winning moves marked *",
                count(self.monsters.len(), "monster"),
                count(p.len(), "move"),
                count(self.live().len(), "monster")
            )?,
        }
        if rows <= MAX_DRAWN && cols <= MAX_DRAWN {
            writeln!(f)?;
            draw_with_hints(f, &self.board, &self.winning_moves)?;
            writeln!(f)?;
        }
        writeln!(f, "grundy:  {}", self.grundy)?;
        writeln!(
            f,
            "winner:  {} — {}",
            winner_line(self.grundy.is_zero()),
            self.winner_name
        )?;
        write_moves(
            f,
            "winning moves",
            self.winning_moves.iter().map(|m| m.label.as_str()),
            if self.live().is_empty() {
                "no monster is left to pour lava from"
            } else {
                "every move leaves a winning map"
            },
        )
    }
}
