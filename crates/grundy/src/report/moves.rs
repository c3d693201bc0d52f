//! Every move of a position, each with a label, the position it leaves written in the
//! game's own notation (what `analyze` reads), and its outcome.
//!
//! Each game lists its moves as [`Candidate`]s; one routine, [`with_outcomes`], asks the
//! game's engine about the position each leaves: a value where the engine gives one
//! (heaps, Chomp's table, cakes, scripts), whether it is 0 where the engine answers only
//! that (Cram's pruning search, the cross-cut boards).
//!
//! ```
//! use grundy::catalogue::{self, Options};
//! use grundy::parse::Input;
//! use grundy::NoProgress;
//!
//! let nim = catalogue::lookup("nim")?;
//! let list = catalogue::moves(&nim, &Input::new("position", "1 2"), &Options::default(), &mut NoProgress)?;
//! // 1 + 2: take 1 from the 2 and leave 1 + 1, the only winning move.
//! let winning: Vec<&str> = list.moves.iter().filter(|m| m.winning).map(|m| m.position.as_str()).collect();
//! assert_eq!(winning, ["1 1"]);
//! # Ok::<(), grundy::report::Error>(())
//! ```

use serde::{Deserialize, Serialize};

use super::Error;
use crate::family::Family;
use crate::game::Player;
use crate::nimber::Nimber;

/// The most moves one list holds.
pub const MAX_MOVES: u64 = Family::MAX_LISTED_MOVES as u64;
/// The longest side of a sheet or a queen's board that a list draws.
pub const MAX_DRAWN_SIDE: u64 = 40;
/// The most bytes the positions of one list may add up to (each move carries the whole
/// position it leaves).
pub const MAX_LISTED_BYTES: usize = 32 << 20;

/// A move and what it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// The position it leaves, written as `analyze` reads it.
    pub position: String,
    /// The value of that position, where the engine gives it; absent where it only proves
    /// whether that value is 0 (Cram's pruning search asks "is it 0?" of each move, far
    /// cheaper than its value), `winning` saying which.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_after: Option<Nimber>,
    /// It leaves a P-position: the player who makes it wins with perfect play.
    pub winning: bool,
    /// Heap games: the heap moved in (from 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heap: Option<usize>,
    /// Heap games: the counters taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take: Option<u64>,
    /// Heap games: the heaps left in its place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaves: Option<Vec<u64>>,
    /// Boards played on cells: the cell played (row, column, from 1, rows counted from the
    /// top of the list's `board` as drawn, whatever the game's own notation counts from):
    /// the lava's monster, the spot built on, the square Chomp bites (whose label counts
    /// rows from the bottom, as Chomp positions are written, and says so), the queen's new
    /// square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<[u64; 2]>,
    /// Moves on several cells: Cram's domino (its two cells), a rectangle of candles (its
    /// top-left and bottom-right corners, in the rows of cake `part`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<[u64; 2]>>,
    /// Tokens on a graph: the vertex the token leaves and the one it moves to (from 1);
    /// a game whose drawing is a graph of edges: the edge the move is along.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub along: Option<[u64; 2]>,
    /// A game whose drawing is a graph of vertices played (Node-Kayles): the vertex taken
    /// (from 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vertex: Option<u64>,
    /// The cakes: the cake the move is on (from 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<usize>,
    /// The sheet: the cut runs down the line after this column of `board` (from 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut_after_column: Option<u64>,
    /// The sheet: the cut runs across the line after this row of `board` (from 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut_after_row: Option<u64>,
    /// Games with cycles: the move leaves a drawn position (neither player can force a
    /// win); in a drawn position these are the moves that keep the draw.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawing: bool,
    /// Games with cycles: the generalised value of the position the move leaves (a
    /// nimber, or `∞(K)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loopy_value_after: Option<String>,
    /// The remoteness of the position the move leaves (see [`super::remoteness`]): even
    /// exactly when the move is winning. Filled in on request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// How much the move changes, for picking the smallest when nothing wins.
    #[serde(skip)]
    pub size: u64,
}

impl Move {
    /// A move to a position worth `value_after` (where the engine gives it), `winning`
    /// when that is a P-position; where it is on a board, and the rest, not filled in.
    pub fn new(
        label: String,
        position: String,
        value_after: Option<Nimber>,
        winning: bool,
        size: u64,
    ) -> Move {
        Move {
            label,
            position,
            value_after,
            winning,
            heap: None,
            take: None,
            leaves: None,
            cell: None,
            cells: None,
            along: None,
            vertex: None,
            part: None,
            cut_after_column: None,
            cut_after_row: None,
            drawing: false,
            loopy_value_after: None,
            remoteness: None,
            size,
        }
    }

    /// A move of a game with cycles, to a position of generalised value `after`.
    pub fn loopy(
        label: String,
        position: String,
        after: &crate::solve::loopy::Value,
        size: u64,
    ) -> Move {
        use crate::solve::loopy::Outcome;
        Move {
            drawing: after.outcome() == Outcome::Draw,
            loopy_value_after: Some(after.to_string()),
            ..Move::new(
                label,
                position,
                after.nimber(),
                after.outcome() == Outcome::Second,
                size,
            )
        }
    }
}

/// Every move of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveList {
    /// The game's name.
    pub game: String,
    /// The position, written as `analyze` reads it.
    pub position: String,
    /// Its value, where it is known.
    pub grundy: Option<Nimber>,
    /// Who wins it with perfect play.
    pub winner: Player,
    /// Heap games: the heaps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heaps: Option<Vec<u64>>,
    /// Heap and script games: each component's value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<Nimber>>,
    /// The board, one string a row, top row first, where a page can draw it: lava maps and
    /// Inventor boards as their reports draw them; Cram ('.' free, '#' blocked); Chomp
    /// ('o' a square, 'P' the poisoned one); the lame queen ('Q' the queen, '.' a square,
    /// the corner it moves towards at the bottom left, so the first coordinate is the row
    /// counted from the bottom) and the sheet ('@' the marked cell),
    /// these two up to [`MAX_DRAWN_SIDE`] a side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// The cakes: each cake's rows ('1' a burning candle, '0' one out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<Vec<String>>>,
    /// Tokens on a graph small enough to draw: its vertices, moves, values and tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<DrawnGraph>,
    /// Script games: each position of the sum drawn (as its `board(p)` draws it, or as
    /// its integers), for sums of at most [`MAX_DRAWN_PARTS`] positions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawings: Option<Vec<crate::drawing::Drawn>>,
    /// The moves.
    pub moves: Vec<Move>,
    /// Where the whole list would not fit and the rules found the winning moves alone:
    /// how many moves the position has; `moves` then holds only the winning ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_winning_of: Option<u64>,
    /// Misère play: `grundy` and each move's `value_after` are misère Grundy values (or,
    /// for many heaps judged by the misère quotient, only their outcome), `winner` and
    /// `winning` those of misère play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub misere: bool,
    /// Games with cycles: neither player can force a win from this position (`winner`
    /// then names the first player, who can at least keep the draw).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draw: bool,
    /// Games with cycles: the position's generalised value (a nimber, or `∞(K)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loopy_value: Option<String>,
    /// The position's remoteness (see [`super::remoteness`]), when it was asked for and
    /// the search could hold it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// The theorem that decides the position, in a sentence, where one does (misère Nim by
    /// Bouton's rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

/// A graph with tokens as a page draws it (vertices from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawnGraph {
    /// How many vertices.
    pub vertices: u64,
    /// The moves, (tail, head).
    pub edges: Vec<[u64; 2]>,
    /// Each vertex's value (a nimber, or `∞(…)`), in order.
    pub values: Vec<String>,
    /// The vertex each token stands on.
    pub tokens: Vec<u64>,
}

impl MoveList {
    /// A list of `moves` of `position`, with no heaps, values or board.
    pub fn new(
        game: impl Into<String>,
        position: impl Into<String>,
        grundy: Option<Nimber>,
        winner: Player,
        moves: Vec<Move>,
    ) -> MoveList {
        MoveList {
            game: game.into(),
            position: position.into(),
            grundy,
            winner,
            heaps: None,
            values: None,
            board: None,
            parts: None,
            graph: None,
            drawings: None,
            misere: false,
            draw: false,
            loopy_value: None,
            remoteness: None,
            rule: None,
            only_winning_of: None,
            moves,
        }
    }

    /// The reply of a perfect player: a winning move when there is one, else one that
    /// keeps a draw, else a losing one; `None` when there is no move. Where remoteness is
    /// known it wins fastest (the winning move of least remoteness) and loses slowest (the
    /// move of most); where it is not, the smallest move (the longest game, in the hope of
    /// a mistake).
    pub fn reply(&self) -> Option<&Move> {
        self.moves
            .iter()
            .enumerate()
            .min_by_key(|(i, m)| {
                let remoteness = m.remoteness.map_or(0, |r| {
                    if m.winning {
                        i64::from(r)
                    } else {
                        -i64::from(r)
                    }
                });
                (!m.winning, !m.drawing, remoteness, m.size, *i)
            })
            .map(|(_, m)| m)
    }
}

/// What an engine says of the position a move leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Its value.
    Value(Nimber),
    /// Only whether its value is 0.
    Zero(bool),
}

/// A move as a game lists it, before its outcome is known: `after` is the position it
/// leaves in whatever form the game's engine takes.
#[derive(Clone, Debug)]
pub struct Candidate<P> {
    /// The move in words.
    pub label: String,
    /// The position it leaves, written as `analyze` reads it.
    pub position: String,
    /// The same position, for the engine.
    pub after: P,
    /// How much the move changes.
    pub size: u64,
    /// The cell played, on boards played on cells.
    pub cell: Option<[u64; 2]>,
    /// The cells a move covers, where it covers several.
    pub cells: Option<Vec<[u64; 2]>>,
    /// The edge a move is along, on a drawn graph.
    pub along: Option<[u64; 2]>,
    /// The vertex a move takes, on a drawn graph.
    pub vertex: Option<u64>,
}

impl<P> Candidate<P> {
    pub(crate) fn new(label: String, position: String, after: P, size: u64) -> Candidate<P> {
        Candidate {
            label,
            position,
            after,
            size,
            cell: None,
            cells: None,
            along: None,
            vertex: None,
        }
    }
}

/// The moves `candidates`, each with the outcome `engine` gives for the position it leaves.
pub fn with_outcomes<P>(
    candidates: Vec<Candidate<P>>,
    mut engine: impl FnMut(&P) -> Result<Outcome, Error>,
) -> Result<Vec<Move>, Error> {
    candidates
        .into_iter()
        .map(|c| {
            let (value_after, winning) = match engine(&c.after)? {
                Outcome::Value(v) => (Some(v), v.is_zero()),
                Outcome::Zero(true) => (Some(Nimber::ZERO), true),
                Outcome::Zero(false) => (None, false),
            };
            Ok(Move {
                cell: c.cell,
                cells: c.cells,
                along: c.along,
                vertex: c.vertex,
                ..Move::new(c.label, c.position, value_after, winning, c.size)
            })
        })
        .collect()
}

pub(crate) fn too_many(count: u64) -> Error {
    Error::input(format!(
        "position: {count} moves are more than the {MAX_MOVES} a list holds"
    ))
}

/// Refuses a list before it grows past `count` moves, each carrying a position of
/// `position_len` bytes: past [`MAX_MOVES`], or past [`MAX_LISTED_BYTES`] in all.
pub(crate) fn room_for(count: usize, position_len: usize) -> Result<(), Error> {
    if count as u64 > MAX_MOVES {
        return Err(Error::input(format!(
            "position: more than the {MAX_MOVES} moves a list holds"
        )));
    }
    if count.saturating_mul(position_len + 16) > MAX_LISTED_BYTES {
        return Err(Error::input(format!(
            "position: {count} moves, each with the {position_len}-byte position it leaves, are more than the {} MiB a list may hold",
            MAX_LISTED_BYTES >> 20
        )));
    }
    Ok(())
}

/// The most positions of a sum drawn one by one in a move list; a longer sum is shown as text.
pub const MAX_DRAWN_PARTS: usize = 16;
