//! How a board in play is written, for the two cross-cut contests (Inventor Outlasting,
//! caos3): a grid of R rows of C characters from the game's alphabet, then optionally the
//! word `played` and the cells already played, each checked against the board.

use crate::error::Error;
use crate::parse::{Found, Input, ParseError, Tokens};

/// A grid as read: row-major bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// R.
    pub rows: usize,
    /// C.
    pub cols: usize,
    /// The characters, row-major.
    pub cells: Vec<u8>,
}

impl Grid {
    /// The character at row `r`, column `c` (from 0).
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }
}

/// Bounds on a grid's size, checked before any row is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most rows.
    pub max_rows: u64,
    /// Most columns.
    pub max_cols: u64,
    /// Most cells.
    pub max_cells: u64,
}

/// Inventor boards accepted: the contest has R, C ≤ 100 and R·C ≤ 200.
pub const INVENTOR_LIMITS: Limits = Limits {
    max_rows: 4000,
    max_cols: 4000,
    max_cells: 4000,
};

/// Lava maps accepted: the contest has R, C ≤ 20.
pub const LAVA_LIMITS: Limits = Limits {
    max_rows: 200,
    max_cols: 200,
    max_cells: 40_000,
};

/// The largest board drawn in text reports.
pub const MAX_DRAWN: usize = 120;

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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The cells, from 0.
    pub cells: Vec<(usize, usize)>,
    /// The line of each.
    pub lines: Vec<usize>,
}

/// The moves made on a board in play, read after the board: the word `played`, then the
/// 1-based row and column of each move in the order made, to the end of the input. `None`
/// when the input ends with the board.
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

/// A board and the moves made on it, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardInPlay {
    /// The board.
    pub grid: Grid,
    /// The moves made, if the input names any.
    pub played: Option<Played>,
}

/// Reads a board of `alphabet` within `limits`, then maybe `played` and the moves.
pub fn parse(input: &Input, limits: &Limits, alphabet: &[u8]) -> Result<BoardInPlay, Error> {
    let mut t = Tokens::new(&input.bytes);
    let grid = read_grid(&mut t, limits, alphabet).map_err(|e| input.error(e))?;
    let played = read_played(&mut t, &grid).map_err(|e| input.error(e))?;
    t.end().map_err(|e| input.error(e))?;
    Ok(BoardInPlay { grid, played })
}
