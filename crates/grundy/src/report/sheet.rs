//! The sheet-cutting game (shgame): a marked cell on an N × M sheet, cut along lines that
//! keep the mark; Nim on four heaps in disguise.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{winner_line, write_moves};
use crate::game::Player;
use crate::nimber::Nimber;

/// The largest side of a sheet drawn with its mark.
pub(crate) const MAX_DRAWN: u64 = 40;

/// The analysis of one sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetReport {
    /// `shgame`.
    pub game: String,
    /// The value: the nim-sum of the four heaps.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// The sheet and its mark.
    pub sheet: Sheet,
    /// The four heaps: lines that can be cut off each side.
    pub heaps: SheetHeaps,
    /// Every cut that leaves a P-position.
    pub winning_moves: Vec<Move>,
}

/// A sheet: its size and the mark's cell, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// N.
    pub rows: u64,
    /// M.
    pub columns: u64,
    /// X: the mark's row.
    pub mark_row: u64,
    /// Y: the mark's column.
    pub mark_column: u64,
}

/// The lines that can be cut off each side of the mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetHeaps {
    /// Columns left of the mark.
    pub left: u64,
    /// Columns right of it.
    pub right: u64,
    /// Rows above it.
    pub up: u64,
    /// Rows below it.
    pub down: u64,
}

/// A cut.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The cut in words.
    #[serde(rename = "move")]
    pub label: String,
    /// `left`, `right`, `top` or `bottom`.
    pub side: String,
    /// How many rows or columns it cuts off.
    pub lines: u64,
    /// The sheet it leaves.
    pub after: Sheet,
}

impl fmt::Display for SheetReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.sheet;
        let h = &self.heaps;
        writeln!(
            f,
            "sheet:   {} x {}, marked cell at row {}, column {}",
            s.rows, s.columns, s.mark_row, s.mark_column
        )?;
        if s.rows <= MAX_DRAWN && s.columns <= MAX_DRAWN {
            writeln!(f)?;
            for i in 1..=s.rows {
                f.write_str("  ")?;
                for j in 1..=s.columns {
                    f.write_str(if (i, j) == (s.mark_row, s.mark_column) {
                        "@"
                    } else {
                        "."
                    })?;
                }
                writeln!(f)?;
            }
            writeln!(f)?;
        }
        writeln!(
            f,
            "heaps:   left {}, right {}, up {}, down {} (Nim on four heaps)",
            h.left, h.right, h.up, h.down
        )?;
        writeln!(
            f,
            "grundy:  {} = {} xor {} xor {} xor {}",
            self.grundy, h.left, h.right, h.up, h.down
        )?;
        writeln!(f, "winner:  {}", winner_line(self.grundy.is_zero()))?;
        let lines: Vec<String> = self
            .winning_moves
            .iter()
            .map(|c| {
                let a = c.after;
                format!(
                    "{}, leaving {} x {} with the mark at row {}, column {}",
                    c.label, a.rows, a.columns, a.mark_row, a.mark_column
                )
            })
            .collect();
        write_moves(
            f,
            "winning moves",
            lines.iter().map(String::as_str),
            "every cut leaves a winning sheet",
        )
    }
}
