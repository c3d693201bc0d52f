//! The sheet-cutting game (shgame) analysed as Nim on four heaps: the value and each winning cut.
//!
//! The report it makes is data in [`crate::report::sheet`].

use crate::report::sheet::*;

use crate::game::Player;
use crate::games::{nim, sheet};
use crate::parse::Input;
use crate::report::Error;

/// The largest side accepted: the count of winning marks is exact up to here.
pub const MAX_SIDE: u64 = sheet::MAX_SIDE;

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
