//! Character grids shared by the board problems: reading `R C` and R rows, and drawing a
//! board back with some cells marked.

use grundy::parse::{Found, ParseError, Tokens};
use serde::Serialize;

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

/// The largest board drawn in text reports.
pub const MAX_DRAWN: usize = 120;

/// The grid drawn back, `mark(r, c)` replacing the cell's character where it says so.
pub fn draw(grid: &Grid, mark: impl Fn(usize, usize) -> Option<char>) -> String {
    let mut out = String::new();
    for r in 0..grid.rows {
        out.push_str("  ");
        for c in 0..grid.cols {
            out.push(mark(r, c).unwrap_or(grid.at(r, c) as char));
        }
        out.push('\n');
    }
    out
}
