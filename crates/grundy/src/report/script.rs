//! Sums of positions of a script game: each position's value, the total, every winning
//! move. Positions are integers and arrays of integers (`3`, `[3, 5]`), separated by
//! white space.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Error, write_outcome};
use crate::game::Player;
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::script::{
    BYTES_PER_POSITION, ScriptAnalysis, ScriptGame, ScriptPosition, parse_positions,
};
use crate::solve::memo::SolveError;

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
        }
    }
}

/// A script fault, a cycle or too many positions: all the rules' fault or past the limit
/// the caller set, so bad input.
pub fn solve_error(e: SolveError) -> Error {
    Error::input(match e {
        SolveError::TooManyPositions { limit } => format!(
            "more than {limit} positions would have to be held (the limit --memory allows at {BYTES_PER_POSITION} bytes a position)"
        ),
        e => e.to_string(),
    })
}

/// The positions of `input` in `game` explained, storing at most `limit` positions; and a
/// line on what the solver did.
pub fn analyze(
    game: &ScriptGame,
    input: &Input,
    limit: usize,
) -> Result<(ScriptReport, String), Error> {
    let positions = parse_positions(input.text()?).map_err(|e| input.error(e))?;
    let analysis = game.analyze(&positions, limit).map_err(solve_error)?;
    let stats = format!(
        "the script's options called {} times, memo {} entries",
        analysis.calls, analysis.stats.memo_size
    );
    Ok((ScriptReport::from(&analysis), stats))
}

impl fmt::Display for ScriptReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |xs: Vec<String>| xs.join(" ");
        writeln!(f, "game:      script {}", self.game)?;
        writeln!(
            f,
            "positions: {}",
            join(self.positions.iter().map(ToString::to_string).collect())
        )?;
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
