//! Sums of heaps of one family (`nim`, `kayles`, `octal:CODE`, ...): each heap's value,
//! the total, and every winning move.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Error, write_outcome};
use crate::family::{Family, FamilyError, HeapAnalysis};
use crate::game::Player;
use crate::nimber::Nimber;
use crate::parse::{Found, Input, ParseError, Tokens};

/// The most heaps one position may have.
pub const MAX_HEAPS: usize = 100_000;

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
    /// The heaps left in its place.
    pub leaves: Vec<u64>,
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
                })
                .collect(),
        }
    }
}

/// Reads the heap sizes of one position: whitespace-separated, each at most `limit`, at
/// most [`MAX_HEAPS`] of them, adding up to at most [`Family::MAX_ANALYZE_TOTAL`].
pub fn parse_heaps(input: &Input, limit: u64) -> Result<Vec<u64>, Error> {
    let at = |e| input.error(e);
    let mut tokens = Tokens::new(&input.bytes);
    let mut heaps = Vec::new();
    let mut total = 0u64;
    while let Some(next) = tokens.clone().next_token() {
        if heaps.len() == MAX_HEAPS {
            return Err(at(ParseError {
                line: next.line,
                expected: format!("at most {MAX_HEAPS} heaps"),
                found: Found::Value("another heap".to_string()),
            }));
        }
        let heap = tokens.u64_in("a heap size", 0, limit).map_err(at)?;
        total += heap;
        if total > Family::MAX_ANALYZE_TOTAL {
            return Err(at(tokens.error(
                format!(
                    "heaps adding up to at most {} (every option of every heap is looked at)",
                    Family::MAX_ANALYZE_TOTAL
                ),
                Found::Value(format!("a total of {total} by this heap")),
            )));
        }
        heaps.push(heap);
    }
    if heaps.is_empty() {
        return Err(at(tokens.error("at least one heap size", Found::End)));
    }
    Ok(heaps)
}

/// The error of a family's refusal: the engine's own failures are [`Failed`](super::ErrorKind::Failed),
/// everything else is the input's.
pub fn family_error(e: FamilyError) -> Error {
    match e {
        FamilyError::Solve(_) => Error::failed(e.to_string()),
        e => Error::input(e.to_string()),
    }
}

/// The heaps of `input` in `family`, explained.
pub fn analyze(family: &Family, input: &Input) -> Result<HeapReport, Error> {
    Ok(analyze_with_stats(family, input)?.0)
}

/// [`analyze`], with a line on what the engine did.
pub fn analyze_with_stats(family: &Family, input: &Input) -> Result<(HeapReport, String), Error> {
    let heaps = parse_heaps(input, family.analyze_limit())?;
    let analysis = family
        .analyze_heaps(&heaps)
        .map_err(|e| family_error(e).context(&input.source))?;
    let s = analysis.stats;
    let stats = format!(
        "{} heaps, largest {}; solver looked at {} options, memo {} entries",
        heaps.len(),
        heaps.iter().max().copied().unwrap_or(0),
        s.options,
        s.memo_size
    );
    Ok((HeapReport::from(&analysis), stats))
}

impl fmt::Display for HeapReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |xs: Vec<String>| xs.join(" ");
        writeln!(f, "game:    {}", self.game)?;
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
        write_outcome(
            f,
            9,
            self.grundy,
            self.winner,
            self.winning_moves.iter().map(|m| m.label.as_str()),
        )
    }
}
