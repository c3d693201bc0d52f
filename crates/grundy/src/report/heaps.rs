//! Sums of heaps of one family (`nim`, `kayles`, `octal:CODE`, ...): each heap's value,
//! the total, and every winning move.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::write_outcome;
use crate::family::HeapAnalysis;
use crate::game::Player;
use crate::nimber::Nimber;

/// The analysis of a sum of heaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeapReport {
    /// The family's name (`octal:0.77` for `kayles`).
    pub game: String,
    /// The nim-sum of the heaps' values.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// The heaps, as given.
    pub heaps: Vec<u64>,
    /// Each heap's value.
    pub values: Vec<Nimber>,
    /// Every move that leaves a position of value 0.
    pub winning_moves: Vec<Move>,
    /// Misère play (the last move loses): `grundy` and `values` are then misère Grundy
    /// values, `winner` and `winning_moves` those of misère play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub misere: bool,
    /// Misère play decided by the misère quotient of the heaps (many heaps): `grundy` then
    /// only tells the outcome, 0 for a lost position and 1 for a won one; the sum's own
    /// misère value is not computed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_quotient: bool,
}

/// A move in one heap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The move in words.
    #[serde(rename = "move")]
    pub label: String,
    /// The heap moved in, from 1.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Counters taken (0 for a split that takes none).
    pub take: u64,
    /// The heaps left in its place (a class's first member's).
    pub leaves: Vec<u64>,
    /// A class of moves past a large heap's pre-period: the j-th member (j < count) leaves
    /// `leaves[0] + j·step` and `leaves[1] − j·step`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every: Option<crate::family::Every>,
}

impl From<&HeapAnalysis> for HeapReport {
    fn from(a: &HeapAnalysis) -> HeapReport {
        HeapReport {
            game: a.game.clone(),
            grundy: a.grundy,
            winner: a.winner,
            heaps: a.heaps.clone(),
            values: a.values.clone(),
            winning_moves: a
                .winning_moves
                .iter()
                .map(|m| Move {
                    label: m.to_string(),
                    heap: m.heap,
                    from: m.from,
                    take: m.take,
                    leaves: m.leaves.clone(),
                    every: m.every,
                })
                .collect(),
            misere: false,
            by_quotient: false,
        }
    }
}

impl fmt::Display for HeapReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |xs: Vec<String>| xs.join(" ");
        writeln!(f, "game:    {}", self.game)?;
        if self.misere {
            writeln!(f, "play:    misère (whoever makes the last move loses)")?;
        }
        writeln!(
            f,
            "heaps:   {}",
            join(self.heaps.iter().map(u64::to_string).collect())
        )?;
        writeln!(
            f,
            "values:  {}",
            join(self.values.iter().map(Nimber::to_string).collect())
        )?;
        if self.by_quotient {
            writeln!(
                f,
                "outcome: by the misère quotient (the sum's misère value is not computed)"
            )?;
            writeln!(f, "winner:  {} player", self.winner.as_str())?;
            return super::write_moves(
                f,
                "winning moves",
                self.winning_moves.iter().map(|m| m.label.as_str()),
                "every move leaves a winning position",
            );
        }
        write_outcome(
            f,
            9,
            self.grundy,
            self.winner,
            self.winning_moves.iter().map(|m| m.label.as_str()),
        )
    }
}
