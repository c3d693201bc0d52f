//! Tokens on a directed graph that may have cycles: win, loss or draw, by the generalised
//! Sprague–Grundy function of [`crate::solve::loopy`].
//!
//! The file:
//!
//! ```text
//! n m          vertices 1..n, m moves
//! u v          (m lines) a move from u to v
//! k            tokens
//! t1 … tk      the vertex of each token; a move moves one token along an edge
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::solve::loopy::Outcome;

/// A position of the graph game explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphReport {
    /// `graph`.
    pub game: String,
    /// The number of vertices.
    pub vertices: u64,
    /// The number of moves (edges).
    pub edges: u64,
    /// The vertex of each token, from 1, in the file's order.
    pub tokens: Vec<u64>,
    /// Each token's value: a nimber, or `∞(K)`.
    pub values: Vec<String>,
    /// The value of the whole position (Smith's rules for sums).
    pub value: String,
    /// `first`, `second` or `draw`.
    pub winner: Outcome,
    /// Every move that leaves a position lost for the player to move.
    pub winning_moves: Vec<GraphMove>,
    /// In a drawn position, every move that keeps the draw (the others lose).
    pub drawing_moves: Vec<GraphMove>,
}

/// A move of one token along an edge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphMove {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// The token moved, from 1.
    pub token: usize,
    /// Its vertex before, from 1.
    pub from: u64,
    /// Its vertex after, from 1.
    pub to: u64,
}

/// Every vertex of a graph valued: what `explore graph FILE` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraphExplore {
    /// `graph`.
    pub game: String,
    /// `vertices`.
    pub kind: String,
    /// The number of vertices.
    pub vertices: u64,
    /// The number of moves.
    pub edges: u64,
    /// Each vertex's value, vertex 1 first.
    pub values: Vec<String>,
    /// How many vertices have each value: nimbers from 0 up, then the ∞ values.
    pub counts: Vec<ValueCount>,
    /// Vertices worth 0: a token there alone loses for the player to move.
    pub p_positions: u64,
    /// Vertices from which one token alone is drawn.
    pub draws: u64,
    /// Vertices from which one token alone wins for the player to move.
    pub wins: u64,
}

/// How many vertices have one value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueCount {
    /// The value.
    pub value: String,
    /// How many vertices have it.
    pub count: u64,
}

impl fmt::Display for GraphExplore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "graph: {} vertices, {} moves; one token on a vertex: {} lost for the player to move (value 0), {} won, {} drawn",
            self.vertices, self.edges, self.p_positions, self.wins, self.draws
        )?;
        writeln!(f, "how many vertices have each value:")?;
        for c in self.counts.iter().take(LISTED_VALUES) {
            writeln!(f, "  {:>10}  {}", c.value, c.count)?;
        }
        if self.counts.len() > LISTED_VALUES {
            writeln!(
                f,
                "  … {} more values (all of them in --json)",
                self.counts.len() - LISTED_VALUES
            )?;
        }
        writeln!(f, "values (vertex: value):")?;
        for (i, v) in self.values.iter().enumerate().take(LISTED_VERTICES) {
            writeln!(f, "  {}: {v}", i + 1)?;
        }
        if self.values.len() > LISTED_VERTICES {
            writeln!(
                f,
                "  … {} more vertices (all of them in --json)",
                self.values.len() - LISTED_VERTICES
            )?;
        }
        Ok(())
    }
}

/// The largest graph a move list carries for drawing (the page lays its vertices on a
/// circle, as `--png` does).
/// The most values the text of `explore` counts, and vertices it lists.
pub(crate) const LISTED_VALUES: usize = 40;
pub(crate) const LISTED_VERTICES: usize = 200;

pub(crate) const DRAWN_VERTICES: usize = 60;
pub(crate) const DRAWN_EDGES: u64 = 400;

impl fmt::Display for GraphReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "game:    graph ({} vertices, {} moves)",
            self.vertices, self.edges
        )?;
        let shown = |xs: &[String]| {
            if xs.len() > 20 {
                format!("{} … ({} in all)", xs[..20].join(" "), xs.len())
            } else {
                xs.join(" ")
            }
        };
        let tokens: Vec<String> = self.tokens.iter().map(u64::to_string).collect();
        writeln!(f, "tokens:  {}", shown(&tokens))?;
        writeln!(f, "values:  {}", shown(&self.values))?;
        writeln!(f, "value:   {}", self.value)?;
        write_loopy_outcome(
            f,
            9,
            self.winner,
            self.winning_moves.iter().map(|m| m.label.as_str()),
            self.drawing_moves.iter().map(|m| m.label.as_str()),
        )
    }
}

/// The end of a report of a game with draws: the winner in words, then the winning moves
/// or, in a drawn position, the moves that keep the draw (at most 50 of either).
pub(crate) fn write_loopy_outcome<'a>(
    f: &mut fmt::Formatter<'_>,
    width: usize,
    winner: Outcome,
    winning: impl ExactSizeIterator<Item = &'a str>,
    drawing: impl ExactSizeIterator<Item = &'a str>,
) -> fmt::Result {
    let line = match winner {
        Outcome::First => "first player (the player to move wins)",
        Outcome::Second => "second player (the player to move loses)",
        Outcome::Draw => "draw (neither player can force a win; play goes on for ever)",
    };
    writeln!(f, "{:<width$}{line}", "winner:")?;
    let list = |f: &mut fmt::Formatter<'_>,
                title: &str,
                moves: &mut dyn ExactSizeIterator<Item = &'a str>| {
        let n = moves.len();
        writeln!(f, "{title} ({n}):")?;
        for m in moves.take(50) {
            writeln!(f, "  {m}")?;
        }
        if n > 50 {
            writeln!(f, "  … {} more (all of them in --json)", n - 50)?;
        }
        Ok(())
    };
    match winner {
        Outcome::First => list(f, "winning moves", &mut { winning }),
        Outcome::Second => writeln!(
            f,
            "winning moves: none; every move leaves a winning position"
        ),
        Outcome::Draw => list(f, "moves that keep the draw", &mut { drawing }),
    }
}
