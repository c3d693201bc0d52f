//! Rows of cakes (pshtbrth): a move puts out a rectangle of burning candles on one cake.
//!
//! A position is one or more cakes of the same R × C (R·C ≤ 25), each R rows of `0` and
//! `1`, separated by blank lines.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{winner_line, write_moves};
use crate::game::Player;
use crate::nimber::Nimber;

/// The analysis of a row of cakes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CakeReport {
    /// `pshtbrth`.
    pub game: String,
    /// The nim-sum of the cakes' values.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// `Pishty` (she moves first) or `Lotsy`.
    pub winner_name: String,
    /// R.
    pub rows: usize,
    /// C.
    pub columns: usize,
    /// Each cake's value.
    pub cake_values: Vec<Nimber>,
    /// Every move that leaves a P-position.
    pub winning_moves: Vec<Move>,
    /// The cakes as given: R rows of `0` and `1` each.
    #[serde(default)]
    pub cakes: Vec<Vec<String>>,
}

/// A rectangle put out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// The cake, from 1.
    pub cake: usize,
    /// First and last row put out, from 1.
    pub rows: [usize; 2],
    /// First and last column put out, from 1.
    pub columns: [usize; 2],
}

/// The contest's name for the winner.
pub fn winner_name(first_wins: bool) -> &'static str {
    if first_wins { "Pishty" } else { "Lotsy" }
}

impl fmt::Display for CakeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "cakes:   {} of {}×{}",
            self.cake_values.len(),
            self.rows,
            self.columns
        )?;
        for (k, value) in self.cake_values.iter().enumerate() {
            writeln!(f, "\ncake {}: value {value}", k + 1)?;
            for row in self.cakes.get(k).into_iter().flatten() {
                writeln!(f, "  {row}")?;
            }
        }
        writeln!(
            f,
            "\ngrundy:  {} (the xor of the cakes' values)",
            self.grundy
        )?;
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
            "every move leaves a winning position",
        )
    }
}
