//! Remoteness of a position and of every move (C. A. B. Smith, *Graphs and composite
//! games*, 1966; Winning Ways, ch. 9): how many moves the game lasts when the winner ends
//! it as fast as it can and the loser makes it last as long as it can. A position is a
//! P-position exactly when its remoteness is even, so a winning move is one to a position
//! of even remoteness, and among winning moves the one of least remoteness wins fastest.
//!
//! The values come from [`crate::solve::remoteness`], which searches the whole sum as one
//! position (remoteness does not add over a sum as Grundy values do); which game's rules it
//! searches, and how a written position becomes a sum, is [`crate::catalogue::components`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::moves::MoveList;
use crate::game::Player;

/// A position's remoteness and every move's: what `analyze --remoteness` adds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemotenessReport {
    /// The position's remoteness: even exactly when the player to move loses.
    pub remoteness: u32,
    /// Who wins with perfect play.
    pub winner: Player,
    /// Every move, with the remoteness of the position it leaves.
    pub moves: Vec<MoveRemoteness>,
}

/// One move and the remoteness of the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRemoteness {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// The position it leaves, written as `analyze` reads it.
    pub position: String,
    /// That position's remoteness.
    pub remoteness: u32,
    /// It leaves a P-position (its remoteness is even).
    pub winning: bool,
}

impl RemotenessReport {
    /// The report of a list whose remoteness is filled in (see [`crate::catalogue::add_remoteness`]); `None` if it is not.
    pub fn of(list: &MoveList) -> Option<RemotenessReport> {
        let moves = list
            .moves
            .iter()
            .map(|m| {
                Some(MoveRemoteness {
                    label: m.label.clone(),
                    position: m.position.clone(),
                    remoteness: m.remoteness?,
                    winning: m.winning,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(RemotenessReport {
            remoteness: list.remoteness?,
            winner: list.winner,
            moves,
        })
    }

    /// The moves a perfect player chooses from: the winning moves of least remoteness
    /// when it wins, else the moves of most remoteness.
    pub fn best(&self) -> impl Iterator<Item = &MoveRemoteness> {
        let target = if !self.remoteness.is_multiple_of(2) {
            self.remoteness - 1
        } else {
            self.remoteness.saturating_sub(1)
        };
        self.moves.iter().filter(move |m| m.remoteness == target)
    }
}

impl fmt::Display for RemotenessReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.remoteness;
        let how = match (r, r % 2) {
            (0, _) => "no move is left".to_string(),
            (_, 1) => format!("the player to move wins in {r} moves at most, whatever the reply"),
            _ => format!("the player to move loses, but can make the game last {r} moves"),
        };
        writeln!(f, "remoteness: {r} ({how})")?;
        if self.moves.is_empty() {
            return Ok(());
        }
        writeln!(
            f,
            "moves, with the remoteness of the position each leaves (even: a winning move):"
        )?;
        let width = self
            .moves
            .iter()
            .map(|m| m.remoteness.to_string().len())
            .max()
            .unwrap_or(1);
        let best: Vec<&str> = self.best().map(|m| m.label.as_str()).collect();
        for m in &self.moves {
            let mark = if best.contains(&m.label.as_str()) {
                if m.winning {
                    "  (wins fastest)"
                } else {
                    "  (loses slowest)"
                }
            } else if m.winning {
                "  (wins)"
            } else {
                ""
            };
            writeln!(f, "  {:>width$}  {}{mark}", m.remoteness, m.label)?;
        }
        Ok(())
    }
}
