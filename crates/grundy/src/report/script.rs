//! Sums of positions of a script game: each position's value, the total, every winning
//! move. Positions are integers and arrays of integers (`3`, `[3, 5]`), separated by
//! white space.
//!
//! A script whose positions can repeat is answered by the generalised Sprague–Grundy
//! function ([`crate::solve::loopy::game`]): values are nimbers or `∞(K)`, the outcome may
//! be a draw, and the report is a [`LoopyScriptReport`]. A script with no cycle gets the
//! memo solver's [`ScriptReport`], as before.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::write_outcome;
use crate::game::Player;
use crate::nimber::Nimber;
use crate::script::{ScriptAnalysis, ScriptPosition};
use crate::solve::loopy::Outcome;

/// The analysis of a sum of script positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScriptReport {
    /// The script, as messages name it.
    pub game: String,
    /// The nim-sum of the positions' values.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// The positions, as given.
    pub positions: Vec<ScriptPosition>,
    /// Each position's value.
    pub values: Vec<Nimber>,
    /// Every move that leaves the whole sum at 0.
    pub winning_moves: Vec<Move>,
    /// Misère play: `grundy`, `values` and `winner` are those of misère play (the sum
    /// valued as a whole; the values alone do not add by XOR).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub misere: bool,
}

/// A move in one position of the sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// The position moved in, from 1.
    pub component: usize,
    /// That position before the move.
    pub from: ScriptPosition,
    /// What the move leaves in its place.
    pub to: Vec<ScriptPosition>,
}

impl From<&ScriptAnalysis> for ScriptReport {
    fn from(a: &ScriptAnalysis) -> ScriptReport {
        ScriptReport {
            game: a.game.clone(),
            grundy: a.grundy,
            winner: a.winner,
            positions: a.positions.clone(),
            values: a.values.clone(),
            winning_moves: a
                .winning_moves
                .iter()
                .map(|m| Move {
                    label: m.to_string(),
                    component: m.component,
                    from: m.from.clone(),
                    to: m.to.clone(),
                })
                .collect(),
            misere: false,
        }
    }
}

pub use crate::script::solve_error;

/// A sum of positions of a script game whose positions can repeat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoopyScriptReport {
    /// The script, as messages name it.
    pub game: String,
    /// Always `true`: the values are those of the generalised Sprague–Grundy function.
    pub loopy: bool,
    /// The positions, as given.
    pub positions: Vec<ScriptPosition>,
    /// Each position's value: a nimber, or `∞(K)`.
    pub values: Vec<String>,
    /// The value of the sum (Smith's rules).
    pub value: String,
    /// `first`, `second` or `draw`.
    pub winner: Outcome,
    /// Every move that leaves a position the opponent loses (they cannot draw it either).
    pub winning_moves: Vec<Move>,
    /// In a drawn sum, every move that keeps the draw (the others lose).
    pub drawing_moves: Vec<Move>,
}

/// What a script's positions came to: values as usual, or, when the game has a cycle,
/// generalised values with draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Analysis {
    /// The game has no cycle from these positions.
    Plain(ScriptReport),
    /// Positions can repeat.
    Loopy(LoopyScriptReport),
}

/// The first lines of a script report: the game and the positions.
fn write_head(
    f: &mut fmt::Formatter<'_>,
    game: &str,
    note: &str,
    positions: &[ScriptPosition],
) -> fmt::Result {
    writeln!(f, "game:      script {game}{note}")?;
    let shown: Vec<String> = positions.iter().map(ToString::to_string).collect();
    writeln!(f, "positions: {}", shown.join(" "))
}

impl fmt::Display for LoopyScriptReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_head(f, &self.game, " (positions can repeat)", &self.positions)?;
        writeln!(f, "values:    {}", self.values.join(" "))?;
        writeln!(f, "value:     {}", self.value)?;
        super::graph::write_loopy_outcome(
            f,
            11,
            self.winner,
            self.winning_moves.iter().map(|m| m.label.as_str()),
            self.drawing_moves.iter().map(|m| m.label.as_str()),
        )
    }
}

impl fmt::Display for ScriptReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |xs: Vec<String>| xs.join(" ");
        write_head(f, &self.game, "", &self.positions)?;
        if self.misere {
            writeln!(f, "play:      misère (the last move loses)")?;
        }
        writeln!(
            f,
            "values:    {}",
            join(self.values.iter().map(ToString::to_string).collect())
        )?;
        write_outcome(
            f,
            11,
            self.grundy,
            self.winner,
            self.winning_moves.iter().map(|m| m.label.as_str()),
        )
    }
}
