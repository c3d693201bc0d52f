//! How a board in play is written, for the two cross-cut contests (Inventor Outlasting,
//! caos3): a grid of R rows of C characters from the game's alphabet, then optionally the
//! word `played` and the cells already played, each checked against the board.
//!
//! [`CutGame`] is such a game whole: a position is the board and the cells played on it,
//! a move plays one more cell, and its [`Notation`] reads, writes, labels and draws it.
//! What differs between the two games (which cells are moves, where a cell lies on the
//! plane of the cross-cut game, the words and the marks) is a [`CutBoard`], given in
//! [`crate::games::inventor`] and [`crate::games::lava`]. The engines value the same
//! boards split into regions ([`crate::solve::cross_cut`]); the whole game's rules, with
//! no regions, are the plain twin they are checked against.

use std::marker::PhantomData;
use std::sync::Arc;

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game};
use crate::games::cross_cut::{Region, Split, split};
use crate::games::notation::{Labelled, Notation};
use crate::parse::{Found, Input, ParseError, Tokens};

/// A grid as read: row-major bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

/// What a board-in-play game says about its board.
pub trait CutBoard {
    /// The characters of a board.
    const ALPHABET: &'static [u8];
    /// The boards read.
    const LIMITS: Limits;
    /// A move in words, before its cell: "build at".
    const VERB: &'static str;
    /// What a cell that cannot be played lacks, after "row R, column C".
    const NOT_LIVE: &'static str;
    /// How many separate cross-cut games a board is (Inventor's two colour classes).
    const GAMES: usize;

    /// The cells that are moves on the fresh board, row-major.
    fn points(grid: &Grid) -> Vec<(usize, usize)>;

    /// Which of the board's separate cross-cut games a cell is in (from 0), and where it
    /// lies on that game's plane.
    fn place(cell: (usize, usize)) -> (usize, (i64, i64));

    /// The region every separate game starts from.
    fn start(grid: &Grid) -> Region;

    /// How a cell is drawn: `played` (a move was made there), `covered` (on a line), `live`
    /// (a move now), else `None` for the board's own character.
    fn mark(played: bool, covered: bool, live: bool) -> Option<char>;
}

/// A move of game `B` on the cell at row `r`, column `c` (from 0) in words.
pub fn move_label<B: CutBoard>(r: usize, c: usize) -> String {
    format!("{} row {}, column {}", B::VERB, r + 1, c + 1)
}

/// A board in play: the board as read and the cells played on it (from 0), in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The board.
    pub grid: Arc<Grid>,
    /// The cells played, in the order played.
    pub played: Vec<(usize, usize)>,
}

/// A board game of [`CutBoard`] `B` played whole: a move plays a live cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CutGame<B>(PhantomData<B>);

impl<B> CutGame<B> {
    /// The game.
    pub const fn new() -> Self {
        CutGame(PhantomData)
    }
}

/// A position's lines: each separate game's split, and the board's points.
struct Lines {
    splits: Vec<Split>,
    points: Vec<(usize, usize)>,
}

impl Lines {
    /// The lines of `p`, or the place in `p.played` (from 1) of the first cell that was not
    /// a move when it was played.
    fn of<B: CutBoard>(p: &Position) -> Result<Lines, usize> {
        let points = B::points(&p.grid);
        let start = B::start(&p.grid);
        let mut splits = Vec::with_capacity(B::GAMES);
        for k in 0..B::GAMES {
            let on_k = |cells: &[(usize, usize)]| -> (Vec<usize>, Vec<(i64, i64)>) {
                cells
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &cell)| {
                        let (game, at) = B::place(cell);
                        (game == k).then_some((i, at))
                    })
                    .unzip()
            };
            let (_, here) = on_k(&points);
            let (at, cuts) = on_k(&p.played);
            splits.push(split(&here, &cuts, start).map_err(|i| at[i - 1] + 1)?);
        }
        Ok(Lines { splits, points })
    }

    fn covers<B: CutBoard>(&self, cell: (usize, usize)) -> bool {
        let (k, at) = B::place(cell);
        self.splits[k].covers(at)
    }

    /// The cells that are moves now, row-major.
    fn live<B: CutBoard>(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.points.iter().copied().filter(|&cell| {
            let (k, at) = B::place(cell);
            self.splits[k].is_live(at)
        })
    }
}

impl<B: CutBoard> CutGame<B> {
    /// The cells of `p` that are moves now, row-major (none for a position whose moves
    /// are not all legal: [`Notation::read`] refuses those).
    pub fn live(&self, p: &Position) -> Vec<(usize, usize)> {
        Lines::of::<B>(p)
            .map(|lines| lines.live::<B>().collect())
            .unwrap_or_default()
    }

    /// `p` with `cell` played.
    fn after(p: &Position, cell: (usize, usize)) -> Position {
        let mut played = Vec::with_capacity(p.played.len() + 1);
        played.extend_from_slice(&p.played);
        played.push(cell);
        Position {
            grid: Arc::clone(&p.grid),
            played,
        }
    }
}

impl<B: CutBoard> Game for CutGame<B> {
    type Position = Position;

    fn options(&self, p: &Position, out: &mut Vec<Components<Position>>) {
        for cell in self.live(p) {
            out.push(crate::game::to(Self::after(p, cell)));
        }
    }
}

/// `R C`, R rows of the game's characters, then, once a move is made, `played` and each
/// move's row and column (from 1), one a line, in the order made. A move is labelled by
/// its cell, and listed row by row.
impl<B: CutBoard> Notation for CutGame<B> {
    fn read(&self, input: &Input) -> Result<Vec<Position>, Error> {
        let BoardInPlay { grid, played } = parse(input, &B::LIMITS, B::ALPHABET)?;
        let played = played.unwrap_or_default();
        let p = Position {
            grid: Arc::new(grid),
            played: played.cells.clone(),
        };
        if let Err(index) = Lines::of::<B>(&p) {
            let (r, c) = played.cells[index - 1];
            return Err(Error::input(format!(
                "{}:{}: move {index}: row {}, column {} {}",
                input.source,
                played.lines[index - 1],
                r + 1,
                c + 1,
                B::NOT_LIVE
            )));
        }
        Ok(vec![p])
    }

    /// One board a part (a sum read has one), parts apart by a blank line.
    fn write(&self, sum: &[Position]) -> String {
        let boards: Vec<String> = sum
            .iter()
            .map(|p| {
                let g = &p.grid;
                let mut text = format!("{} {}\n", g.rows, g.cols);
                for row in g.cells.chunks(g.cols) {
                    text.push_str(&String::from_utf8_lossy(row));
                    text.push('\n');
                }
                if !p.played.is_empty() {
                    text.push_str("played\n");
                    for &(r, c) in &p.played {
                        text.push_str(&format!("{} {}\n", r + 1, c + 1));
                    }
                }
                text
            })
            .collect();
        boards.join("\n")
    }

    fn moves(&self, sum: &[Position], i: usize) -> Vec<Labelled<Position>> {
        let p = &sum[i];
        self.live(p)
            .into_iter()
            .map(|(r, c)| Labelled {
                label: move_label::<B>(r, c),
                leaves: crate::game::to(Self::after(p, (r, c))),
                cells: Some(vec![[r as u64 + 1, c as u64 + 1]]),
                along: None,
                vertex: None,
            })
            .collect()
    }

    fn draw(&self, sum: &[Position]) -> Option<Drawing> {
        let [p] = sum else { return None };
        let g = &p.grid;
        if g.rows > MAX_DRAWN || g.cols > MAX_DRAWN {
            return None;
        }
        let lines = Lines::of::<B>(p).ok()?;
        let live: Vec<(usize, usize)> = lines.live::<B>().collect();
        let rows = (0..g.rows).map(|r| {
            (0..g.cols)
                .map(|c| {
                    let cell = (r, c);
                    B::mark(
                        p.played.contains(&cell),
                        lines.covers::<B>(cell),
                        live.binary_search(&cell).is_ok(),
                    )
                    .unwrap_or(g.at(r, c) as char)
                })
                .collect::<String>()
        });
        Some(Drawing::grid_of_lines(rows))
    }
}
