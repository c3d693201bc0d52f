//! Boards played on cells: Inventor Outlasting (build an attraction on a spot) and the lava
//! maps of CAO Stage-3 (pour lava from a monster), each maybe with moves already made.
//! Both are the cross-cut game in disguise.
//!
//! A board is `R C` and R rows; a board in play adds the word `played` and the row and
//! column (from 1) of each move made, in order.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Error, count, winner_line, write_moves};
use crate::game::Player;
use crate::nimber::Nimber;
use crate::parse::{Found, Input, ParseError, Tokens};
use crate::progress::{Progress, watching};
use crate::solve::cross_cut::PlayedError;
use crate::solve::cross_cut::{inventor, lava};
use crate::work::{self, Budget};

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

/// The error for a board in play that the game refused: a move it refuses is bad input,
/// named with its line.
fn refused(played: Option<&Played>, input: &Input, e: PlayedError) -> Error {
    match (e, played) {
        (e @ PlayedError::NotLive { index, .. }, Some(p)) => {
            Error::input(format!("{}:{}: {e}", input.source, p.lines[index - 1]))
        }
        (e, _) => Error::failed(e.to_string()),
    }
}

/// Reads a board in play of `alphabet` within `limits` and solves it with `solve` (given
/// the board, the moves made and the work account), `progress` watching the account. A
/// move the game refuses is bad input, named with its line.
fn solve_in_play<T>(
    input: &Input,
    limits: &Limits,
    alphabet: &[u8],
    progress: &mut (dyn Progress + Send),
    solve: impl FnOnce(&Grid, &[(usize, usize)], &Budget) -> Result<T, PlayedError>,
) -> Result<(BoardInPlay, T), Error> {
    let board = parse(input, limits, alphabet)?;
    let moves = board
        .played
        .as_ref()
        .map(|p| p.cells.as_slice())
        .unwrap_or_default();
    let budget = Budget::new(work::MAX_STEPS);
    let solved = watching(&budget, progress, || solve(&board.grid, moves, &budget))
        .map_err(|e| refused(board.played.as_ref(), input, e))?;
    Ok((board, solved))
}

/// 0-based cells as 1-based (row, column) pairs.
fn one_based(cells: &[(usize, usize)]) -> Vec<[usize; 2]> {
    cells.iter().map(|&(r, c)| [r + 1, c + 1]).collect()
}

/// The grid's rows, `mark(r, c)` replacing a cell's character where it says so.
fn marked_rows(grid: &Grid, mark: impl Fn(usize, usize) -> Option<char>) -> Vec<String> {
    (0..grid.rows)
        .map(|r| {
            (0..grid.cols)
                .map(|c| mark(r, c).unwrap_or(grid.at(r, c) as char))
                .collect()
        })
        .collect()
}

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

/// The Inventor board of `input` explained.
pub fn analyze_inventor(
    input: &Input,
    progress: &mut (dyn Progress + Send),
) -> Result<InventorReport, Error> {
    let (BoardInPlay { grid, played }, a) = solve_in_play(
        input,
        &INVENTOR_LIMITS,
        b"X.",
        progress,
        |grid, moves, budget| {
            inventor::analyze_played(
                grid.rows,
                grid.cols,
                |r, c| grid.at(r, c) == b'X',
                moves,
                budget,
            )
        },
    )?;
    let moves = played
        .as_ref()
        .map(|p| p.cells.as_slice())
        .unwrap_or_default();
    let board = marked_rows(&grid, |r, c| {
        if moves.contains(&(r, c)) {
            Some('A')
        } else {
            a.occupied[r * grid.cols + c].then_some('+')
        }
    });
    Ok(InventorReport {
        game: "inventor-outlasting".into(),
        grundy: a.grundy,
        winner: Player::winner_of(a.grundy),
        class_values: a.class_values,
        spots: grid.cells.iter().filter(|&&b| b == b'X').count(),
        played: played.as_ref().map(|p| one_based(&p.cells)),
        free_spots: played.as_ref().map(|_| one_based(&a.free)),
        board,
        winning_moves: a
            .winning
            .iter()
            .map(|&(r, c)| Move {
                label: format!("build at row {}, column {}", r + 1, c + 1),
                row: r + 1,
                column: c + 1,
            })
            .collect(),
    })
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

/// The map's open cells, row-major.
pub fn open_cells(grid: &Grid) -> Vec<bool> {
    grid.cells.iter().map(|&b| b == b'^').collect()
}

/// The lava map of `input` explained.
pub fn analyze_lava(
    input: &Input,
    progress: &mut (dyn Progress + Send),
) -> Result<LavaReport, Error> {
    let (BoardInPlay { grid, played }, a) = solve_in_play(
        input,
        &LAVA_LIMITS,
        b"#^",
        progress,
        |grid, moves, budget| {
            lava::analyze_played(grid.rows, grid.cols, &open_cells(grid), moves, budget)
        },
    )?;
    let board = marked_rows(&grid, |r, c| {
        if a.lava[r * grid.cols + c] {
            Some('~')
        } else {
            a.live.binary_search(&(r, c)).is_ok().then_some('m')
        }
    });
    Ok(LavaReport {
        game: "caos3".into(),
        grundy: a.grundy,
        winner: Player::winner_of(a.grundy),
        winner_name: lava_winner_name(!a.grundy.is_zero()).into(),
        monsters: one_based(&a.monsters),
        played: played.as_ref().map(|p| one_based(&p.cells)),
        live_monsters: played.as_ref().map(|_| one_based(&a.live)),
        board,
        winning_moves: a
            .winning
            .iter()
            .map(|&(r, c)| Move {
                label: format!(
                    "pour lava from the monster at row {}, column {}",
                    r + 1,
                    c + 1
                ),
                row: r + 1,
                column: c + 1,
            })
            .collect(),
    })
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
