//! Character grids shared by the board problems: reading `R C` and R rows, and drawing a
//! board back with some cells marked.

use anyhow::anyhow;
use grundy::games::cross_cut::PlayedError;
use grundy::parse::{Found, ParseError, Tokens};
use serde::Serialize;

use super::Input;
use crate::Failure;

/// A grid as read: row-major bytes.
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<u8>,
}

impl Grid {
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }
}

/// A winning move on one cell, for JSON reports (1-based row and column).
#[derive(Serialize)]
pub struct CellMove {
    #[serde(rename = "move")]
    pub text: String,
    pub row: usize,
    pub column: usize,
}

/// 0-based cells as 1-based (row, column) pairs, for JSON reports.
pub fn one_based(cells: &[(usize, usize)]) -> Vec<[usize; 2]> {
    cells.iter().map(|&(r, c)| [r + 1, c + 1]).collect()
}

/// Bounds on a grid's size, checked before any row is read.
pub struct Limits {
    pub max_rows: u64,
    pub max_cols: u64,
    pub max_cells: u64,
}

/// Reads `R C` and then R rows of C characters from `alphabet`.
pub fn read_grid(t: &mut Tokens, limits: &Limits, alphabet: &[u8]) -> Result<Grid, ParseError> {
    let rows = t.u64_in("the number of rows R", 1, limits.max_rows)?;
    let cols = t.u64_in("the number of columns C", 1, limits.max_cols)?;
    if rows * cols > limits.max_cells {
        return Err(ParseError {
            line: t.line(),
            expected: format!("R·C at most {}", limits.max_cells),
            found: Found::Value(format!("{rows}·{cols} = {}", rows * cols)),
        });
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let mut cells = Vec::with_capacity(rows * cols);
    for _ in 0..rows {
        cells.extend_from_slice(t.grid_row(cols, alphabet)?);
    }
    Ok(Grid { rows, cols, cells })
}

/// The moves made on a board in play (0-based cells, in the order made) and the line of
/// the input each was read from.
#[derive(Default)]
pub struct Played {
    pub cells: Vec<(usize, usize)>,
    pub lines: Vec<usize>,
}

/// The one-line failure for an analysis of a board in play (`played`, if any) that the
/// game refused: a move it refuses is bad input, named with its line.
pub fn refused(played: Option<&Played>, input: &Input, e: PlayedError) -> Failure {
    match (e, played) {
        (e @ PlayedError::NotLive { index, .. }, Some(p)) => {
            Failure::input(anyhow!("{}:{}: {e}", input.source, p.lines[index - 1]))
        }
        (e, _) => Failure::other(e),
    }
}

/// The moves made on a board in play, read after the board: the word `played`, then
/// the 1-based row and column of each move in the order made, to the end of the input.
/// `None` when the input ends with the board.
pub fn read_played(t: &mut Tokens, grid: &Grid) -> Result<Option<Played>, ParseError> {
    let Some(word) = t.next_token() else {
        return Ok(None);
    };
    if word.text != b"played" {
        return Err(ParseError {
            line: word.line,
            expected: "the end of the board, or 'played' and the moves made".into(),
            found: word.shown(),
        });
    }
    // Every move takes a cell of its own.
    let most = grid.rows * grid.cols;
    let mut played = Played::default();
    while let Some(next) = t.clone().next_token() {
        if played.cells.len() == most {
            return Err(ParseError {
                line: next.line,
                expected: format!("at most R·C = {most} moves, each on a cell of its own"),
                found: Found::Value(format!("move {}", most + 1)),
            });
        }
        let row = t.u64_in("a move's row", 1, grid.rows as u64)?;
        let column = t.u64_in("a move's column", 1, grid.cols as u64)?;
        played.cells.push((row as usize - 1, column as usize - 1));
        played.lines.push(next.line);
    }
    Ok(Some(played))
}

/// The largest board drawn in text reports.
pub const MAX_DRAWN: usize = 120;

/// The grid's rows, `mark(r, c)` replacing a cell's character where it says so.
pub fn marked_rows(grid: &Grid, mark: impl Fn(usize, usize) -> Option<char>) -> Vec<String> {
    (0..grid.rows)
        .map(|r| {
            (0..grid.cols)
                .map(|c| mark(r, c).unwrap_or(grid.at(r, c) as char))
                .collect()
        })
        .collect()
}

/// The grid drawn back for a text report, indented, with `mark` as in [`marked_rows`].
pub fn draw(grid: &Grid, mark: impl Fn(usize, usize) -> Option<char>) -> String {
    let mut out = String::new();
    for row in marked_rows(grid, mark) {
        out.push_str("  ");
        out.push_str(&row);
        out.push('\n');
    }
    out
}
