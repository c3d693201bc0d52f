//! The sheet-cutting game (shgame): a marked cell on an N × M sheet, cut along lines that
//! keep the mark; Nim on four heaps in disguise.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Error, winner_line, write_moves};
use crate::game::Player;
use crate::games::{nim, sheet};
use crate::nimber::Nimber;
use crate::parse::Input;

/// The largest side accepted: the count of winning marks is exact up to here.
pub const MAX_SIDE: u64 = sheet::MAX_SIDE;
/// The largest sheet drawn in the text report.
const MAX_DRAWN: u64 = 40;

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

/// Reads `N M X Y` (by the sheet's notation, beside its rules in [`crate::games::sheet`]).
pub fn parse(input: &Input) -> Result<Sheet, Error> {
    use crate::games::notation::Notation as _;
    let [n, m, x, y] = sheet::Sheet.read(input)?[0];
    Ok(Sheet {
        rows: n,
        columns: m,
        mark_row: x,
        mark_column: y,
    })
}

/// The sheet of `input` explained.
pub fn analyze(input: &Input) -> Result<SheetReport, Error> {
    Ok(explain(parse(input)?))
}

/// A sheet explained.
pub fn explain(here: Sheet) -> SheetReport {
    let (n, m, x, y) = (here.rows, here.columns, here.mark_row, here.mark_column);
    let heaps = sheet::heaps(n, m, x, y);
    let g = sheet::grundy(n, m, x, y);
    SheetReport {
        game: "shgame".into(),
        grundy: g,
        winner: Player::winner_of(g),
        sheet: here,
        heaps: SheetHeaps {
            left: heaps[0],
            right: heaps[1],
            up: heaps[2],
            down: heaps[3],
        },
        winning_moves: nim::winning_moves(&heaps)
            .into_iter()
            .map(|(i, left)| cut(here, i, heaps[i] - left))
            .collect(),
    }
}

/// The cut that removes `lines` rows or columns on side `heap` (0 left, 1 right, 2 top,
/// 3 bottom).
pub fn cut(s: Sheet, heap: usize, lines: u64) -> Move {
    let plural = |word: &str| {
        if lines == 1 {
            word.to_string()
        } else {
            format!("{word}s")
        }
    };
    let (side, label, after) = match heap {
        0 => (
            "left",
            format!("cut {lines} {} off the left side", plural("column")),
            Sheet {
                columns: s.columns - lines,
                mark_column: s.mark_column - lines,
                ..s
            },
        ),
        1 => (
            "right",
            format!("cut {lines} {} off the right side", plural("column")),
            Sheet {
                columns: s.columns - lines,
                ..s
            },
        ),
        2 => (
            "top",
            format!("cut {lines} {} off the top", plural("row")),
            Sheet {
                rows: s.rows - lines,
                mark_row: s.mark_row - lines,
                ..s
            },
        ),
        _ => (
            "bottom",
            format!("cut {lines} {} off the bottom", plural("row")),
            Sheet {
                rows: s.rows - lines,
                ..s
            },
        ),
    };
    Move {
        label,
        side: side.into(),
        lines,
        after,
    }
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
