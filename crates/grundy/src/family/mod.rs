//! One-parameter families of heap games by name: `nim`, `subtraction:S`, `octal:CODE`,
//! `hex:CODE`, `grundy-game`.
//!
//! ```
//! use grundy::Family;
//!
//! let kayles: Family = "octal:0.77".parse().unwrap();
//! assert_eq!(kayles.values(5).unwrap(), vec![0, 1, 2, 3, 1, 4]);
//! assert_eq!(kayles.values_by_solver(5).unwrap(), kayles.values(5).unwrap());
//! ```

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

use crate::game::{Components, Game, Player};
use crate::games::heap::RuleError;
use crate::games::{Nim, Subtraction, TakeBreak};
use crate::nimber::Nimber;
use crate::parse::{Found, Input, ParseError, Tokens};
use crate::progress::{NoProgress, Progress};
use crate::solve::heap::HeapError;
use crate::solve::heap::Period;
pub use crate::solve::heap::{checksum, checksum_of, fletcher_of};
use crate::solve::memo::{SolveError, Solver, Stats};
use crate::work::{self, MAX_STEPS, TooMuchWork};

mod any_size;
pub use crate::solve::heap::pattern::Every;

/// Why a family name or a request for its values was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FamilyError {
    /// The name is not a family's code (names of games, such as `kayles`, are the
    /// catalogue's: `catalogue::family`).
    #[error(
        "unknown family '{0}': a family is written nim, grundy-game, subtraction:S (e.g. subtraction:1,3,4), octal:CODE (e.g. octal:0.77) or hex:CODE (e.g. hex:0.9); games known by a name of their own are looked up in the catalogue"
    )]
    Unknown(String),
    /// `subtraction:` with nothing after it.
    #[error("a subtraction game needs at least one take, e.g. subtraction:1,2")]
    EmptySubtractionSet,
    /// A take that is not a positive whole number.
    #[error("expected a comma list of positive whole numbers after 'subtraction:', found '{0}'")]
    BadTake(String),
    /// The rules refused the parameters (a take of 0, a bad code).
    #[error(transparent)]
    Rules(#[from] RuleError),
    /// A table longer than the supported bound was asked for.
    #[error("values up to {upto} were asked for; the supported limit is {limit}")]
    TooLarge {
        /// The largest heap asked for.
        upto: u64,
        /// The bound.
        limit: u64,
    },
    /// The heaps of one position add up to more than the supported total.
    #[error("the heaps add up to {total}; the supported total is {limit}")]
    HeapsTooLarge {
        /// Their sum.
        total: u64,
        /// The bound.
        limit: u64,
    },
    /// More moves than one listing holds.
    #[error("the position has more than {limit} moves to list")]
    TooManyMoves {
        /// The bound.
        limit: usize,
    },
    /// The work asked for would take far too long.
    #[error(transparent)]
    TooMuchWork(#[from] TooMuchWork),
    /// The generic solver gave up.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A heap table stopped or was refused.
    #[error(transparent)]
    Heap(#[from] HeapError),
    /// An engine asked of a family it does not serve.
    #[error("{0}")]
    Engine(String),
    /// No period proved where one was looked for.
    #[error("{}", any_size::not_proved(game, *looked, further))]
    NotProved {
        /// The family's short name.
        game: String,
        /// The values looked at: heaps 0..=looked (0 when no theorem covers the family).
        looked: u64,
        /// What to do about it.
        further: String,
    },
    /// A position past what the plain analysis looks at, in a family whose period is not
    /// proved.
    #[error("{what} analysed option by option; {why}")]
    PastPlain {
        /// What is past which bound, in words.
        what: String,
        /// Why no period answers it.
        why: Box<FamilyError>,
    },
    /// Moves of a large heap into three heaps, which no class lists.
    #[error(transparent)]
    ThreeParts(#[from] crate::solve::heap::pattern::ThreeParts),
}

/// The engine [`Family::sequence`] runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// Take-and-break games: the table loop, which stops at a proved period and reads the
    /// rest from it; Nim and subtraction games: a formula or a short loop.
    #[default]
    Table,
    /// Take-and-break games only: the sparse-space engine.
    Sparse,
    /// The table loop run to the end, period or not.
    Loop,
    /// The generic memo solver, the oracle of the others.
    Solver,
}

/// What a sequence run may use besides the family and the largest heap.
pub struct SequenceRun<'a> {
    /// The engine.
    pub engine: Engine,
    /// Values already computed (a checkpoint), take-and-break games only.
    pub start: Option<crate::solve::heap::Values>,
    /// Told of the values as the heap engines compute them (progress, checkpoints, a
    /// stop).
    pub watch: &'a mut dyn crate::solve::heap::Watch,
    /// Progress of the other engines.
    pub progress: &'a mut dyn Progress,
    /// The most steps the work may take.
    pub budget: u64,
    /// Threads for the sparse engine's plain scans.
    pub threads: usize,
}

/// The values of heaps 0..=N of a family, as [`Family::sequence`] computed them.
pub enum Sequence {
    /// A take-and-break game by the heap engines: the values, the period they prove, what
    /// the engine did.
    Heap(crate::solve::heap::Computed),
    /// Nim, a subtraction game, or any family by the memo solver.
    Listed {
        /// Heaps 0..=N.
        values: Vec<u32>,
        /// The period the values prove, if any.
        period: Option<Period>,
        /// What the memo solver did, when it ran.
        solver: Option<Stats>,
    },
}

impl Sequence {
    /// The value of heap `n` (past the values computed, read from the period).
    pub fn value(&self, n: u64) -> u32 {
        match self {
            Sequence::Heap(c) => c.value(n),
            Sequence::Listed { values, .. } => values[n as usize],
        }
    }

    /// The period the values prove.
    pub fn period(&self) -> Option<Period> {
        match self {
            Sequence::Heap(c) => c.period,
            Sequence::Listed { period, .. } => *period,
        }
    }
}

/// A named one-parameter family of heap games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Family {
    /// Nim: take any number.
    Nim,
    /// Take one of a fixed set of amounts.
    Subtraction(Subtraction),
    /// A take-and-break game: an octal or hexadecimal code, or Grundy's game.
    TakeBreak(TakeBreak),
}

impl Family {
    /// The largest heap of a take-and-break game's sequence: 2^32.
    pub const MAX_HEAP: u64 = 1 << 32;

    /// The most heaps one position may have.
    pub const MAX_HEAPS: usize = 1_000_000;

    /// Reads the heap sizes of one position: whitespace-separated, each at most `limit`, at
    /// most [`MAX_HEAPS`](Self::MAX_HEAPS) of them. With `total` they add up to at most
    /// [`Self::MAX_ANALYZE_TOTAL`] (for the searches that look at every option of every
    /// heap).
    pub fn read_heaps(
        input: &Input,
        limit: u64,
        total: bool,
    ) -> Result<Vec<u64>, crate::error::Error> {
        let bounded = total;
        let at = |e| input.error(e);
        let mut tokens = Tokens::new(&input.bytes);
        let mut heaps = Vec::new();
        let mut total = 0u64;
        while let Some(next) = tokens.clone().next_token() {
            if heaps.len() == Self::MAX_HEAPS {
                return Err(at(ParseError {
                    line: next.line,
                    expected: format!("at most {} heaps", Self::MAX_HEAPS),
                    found: Found::Value("another heap".to_string()),
                }));
            }
            let heap = tokens.u64_in("a heap size", 0, limit).map_err(at)?;
            total = total.saturating_add(heap);
            if bounded && total > Self::MAX_ANALYZE_TOTAL {
                return Err(at(tokens.error(
                    format!(
                        "heaps adding up to at most {} (every option of every heap is looked at)",
                        Self::MAX_ANALYZE_TOTAL
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

    /// The values of heaps 0..=`upto`, by the engine `run` names: the one call every
    /// front end makes for a sequence (the command line's `sequence`, Python's). An engine
    /// the family has no use for (`Sparse` or a saved start for Nim or a subtraction game)
    /// is refused before any work.
    ///
    /// ```
    /// use grundy::family::{Engine, Family, SequenceRun};
    /// use grundy::solve::heap::Unwatched;
    ///
    /// let kayles: Family = "octal:0.77".parse()?;
    /// let run = SequenceRun {
    ///     engine: Engine::Table,
    ///     start: None,
    ///     watch: &mut Unwatched,
    ///     progress: &mut grundy::NoProgress,
    ///     budget: grundy::work::MAX_STEPS,
    ///     threads: 1,
    /// };
    /// let values = kayles.sequence(1000, run)?;
    /// assert_eq!(values.period().map(|p| p.period), Some(12));
    /// assert_eq!(values.value(1000), values.value(1000 - 12));
    /// # Ok::<(), grundy::FamilyError>(())
    /// ```
    pub fn sequence(&self, upto: u64, run: SequenceRun<'_>) -> Result<Sequence, FamilyError> {
        use crate::solve::heap::{Method, compute_on};
        let engine = run.engine;
        match self {
            Family::TakeBreak(game) if engine != Engine::Solver => {
                if upto > Self::MAX_HEAP {
                    return Err(FamilyError::TooLarge {
                        upto,
                        limit: Self::MAX_HEAP,
                    });
                }
                let method = match engine {
                    Engine::Sparse => Method::Sparse,
                    Engine::Loop => Method::Loop,
                    _ => Method::Table,
                };
                let threads = run.threads.max(1);
                Ok(Sequence::Heap(compute_on(
                    game, upto, method, run.start, run.watch, run.budget, threads,
                )?))
            }
            _ if run.start.is_some() => Err(FamilyError::Engine(format!(
                "values saved from an earlier run are taken by take-and-break families (octal:, hex:, grundy-game) and the engines table, sparse and loop, not by {}",
                if engine == Engine::Solver {
                    "the solver".to_string()
                } else {
                    self.short_name()
                }
            ))),
            _ if engine == Engine::Sparse => Err(FamilyError::Engine(format!(
                "--engine sparse works with take-and-break families (octal:, hex:, grundy-game), not {}",
                self.short_name()
            ))),
            _ => {
                let (values, solver) = if engine == Engine::Solver {
                    let (v, s) = self.values_and_stats_by_solver(upto, run.progress)?;
                    (v, Some(s))
                } else {
                    let v = self.values_with(upto, engine == Engine::Table, run.progress)?;
                    (v, None)
                };
                let period = self.proven_period(&values);
                Ok(Sequence::Listed {
                    values,
                    period,
                    solver,
                })
            }
        }
    }

    /// The largest heap a table may be built for: four bytes a heap, 400 MB at the limit.
    pub const MAX_TABLE: u64 = 100_000_000;
    /// For octal games that split heaps, whose tables cost O(n²).
    pub const MAX_SPLIT_TABLE: u64 = 1_000_000;

    /// The largest `upto` this family's tables accept.
    pub fn table_limit(&self) -> u64 {
        match self {
            Family::TakeBreak(o) if o.splits() => Self::MAX_SPLIT_TABLE,
            _ => Self::MAX_TABLE,
        }
    }

    fn check_table(&self, upto: u64) -> Result<usize, FamilyError> {
        let limit = self.table_limit();
        if upto > limit {
            return Err(FamilyError::TooLarge { upto, limit });
        }
        Ok(upto as usize)
    }

    /// Values of heaps 0..=upto by the fastest method known (a formula or a table loop).
    pub fn values(&self, upto: u64) -> Result<Vec<u32>, FamilyError> {
        self.values_with(upto, true, &mut NoProgress)
    }

    /// [`values`](Self::values) with progress reports. With `use_period` false an octal
    /// game's table loop runs to the end even after the values have proved a period.
    /// Refused, before any work, past [`table_limit`](Self::table_limit) or when the loop
    /// is estimated at more than [`MAX_STEPS`] (see [`crate::work`]).
    pub fn values_with(
        &self,
        upto: u64,
        use_period: bool,
        progress: &mut dyn Progress,
    ) -> Result<Vec<u32>, FamilyError> {
        let n = self.check_table(upto)?;
        Ok(match self {
            Family::Nim => (0..=n as u32).collect(),
            Family::Subtraction(s) => {
                work::check(s.table_steps(upto), MAX_STEPS, || {
                    format!("the table of {} up to {upto}", self.short_name())
                })?;
                s.values_with(n, progress)
            }
            Family::TakeBreak(o) => o.values_within(n, use_period, progress, MAX_STEPS)?,
        })
    }

    /// Every option of every heap 0..=upto: what the generic solver looks at.
    pub fn options_upto(&self, upto: u64) -> u128 {
        match self {
            Family::Nim => u128::from(upto) * (u128::from(upto) + 1) / 2,
            Family::Subtraction(s) => s.options_upto(upto),
            Family::TakeBreak(o) => o.options_upto(upto),
        }
    }

    /// Values of heaps 0..=upto by the generic memoised solver: slow, independent, exact.
    pub fn values_by_solver(&self, upto: u64) -> Result<Vec<u32>, FamilyError> {
        Ok(self.values_and_stats_by_solver(upto, &mut NoProgress)?.0)
    }

    /// [`values_by_solver`](Self::values_by_solver), with the solver's statistics and
    /// progress reports (in options looked at). Refused, before any work, when the options to look at
    /// are estimated at more than [`MAX_STEPS`] (see [`crate::work`]).
    pub fn values_and_stats_by_solver(
        &self,
        upto: u64,
        progress: &mut dyn Progress,
    ) -> Result<(Vec<u32>, Stats), FamilyError> {
        let n = self.check_table(upto)?;
        let options = self.options_upto(upto);
        work::check(options * u128::from(work::SOLVER_OPTION), MAX_STEPS, || {
            format!("the generic solver on {} up to {upto}", self.short_name())
        })?;
        let mut solver = Solver::new(Raw(self));
        // Within MAX_STEPS, so the count fits.
        progress.start(options as u64);
        let mut values = Vec::with_capacity(n + 1);
        for h in 0..=upto {
            values.push(solver.grundy(&h)?.0 as u32);
            if h % 1024 == 0 {
                progress.advance(self.options_upto(h) as u64);
            }
        }
        progress.finish();
        Ok((values, solver.stats()))
    }

    /// The largest heap [`analyze_heaps`](Self::analyze_heaps) accepts: its table must be
    /// built first (a splitting octal game's table costs O(n²)), and every option of every
    /// heap is looked at.
    pub fn analyze_limit(&self) -> u64 {
        match self {
            Family::TakeBreak(o) if o.splits() => 100_000,
            _ => 1_000_000,
        }
    }

    /// The most the heaps of one analysed position may add up to: the options looked at
    /// grow with the total.
    pub const MAX_ANALYZE_TOTAL: u64 = 10_000_000;

    /// The name for messages: long codes and take lists cut short.
    pub fn short_name(&self) -> String {
        crate::games::heap::short(self.to_string())
    }

    /// At most how many options a heap of `n` has.
    fn option_bound(&self, n: u64) -> u128 {
        match self {
            Family::Nim => u128::from(n),
            Family::Subtraction(s) => s.takes().len() as u128,
            Family::TakeBreak(o) => {
                let pairs = o.digits().iter().filter(|&&d| d & 4 != 0).count() as u128;
                let triples = o.digits().iter().filter(|&&d| d & 8 != 0).count() as u128;
                let n = u128::from(n);
                pairs * (n / 2) + triples * (n * n / 12 + 1) + 2 * o.digits().len() as u128
            }
        }
    }

    /// The period the values prove, where the family has a periodicity theorem.
    pub fn proven_period(&self, values: &[u32]) -> Option<Period> {
        match self {
            Family::Nim => None,
            Family::Subtraction(s) => {
                let top = s.takes().last().copied().unwrap_or(0);
                crate::solve::heap::proven_period(values, usize::try_from(top).ok()?, 1)
            }
            Family::TakeBreak(o) => o.proven_period(values),
        }
    }

    /// A sum of heaps explained: each heap's value, the total, the winner, every winning
    /// move. Nim by its rule on any heaps; the other families by the plain analysis (the
    /// memo solver over every option, [`analyze_heaps_by_solver`](Self::analyze_heaps_by_solver))
    /// within its limits, and past them by the family's proved period
    /// ([`analyze_by_pattern`](Self::analyze_by_pattern)), refused when none is proved.
    pub fn analyze_heaps(&self, sizes: &[u64]) -> Result<HeapAnalysis, FamilyError> {
        if *self == Family::Nim {
            return Ok(Self::nim_analysis(sizes));
        }
        match self.analyze_heaps_by_solver(sizes) {
            Err(e) if any_size::past_the_plain_limits(&e) => self
                .analyze_by_pattern(sizes)
                .map_err(|e| self.past_plain(sizes, e)),
            plain => plain,
        }
    }

    /// [`analyze_heaps`](Self::analyze_heaps) by the memo solver over every option of
    /// every heap (values from the family's table): refused past
    /// [`analyze_limit`](Self::analyze_limit), [`MAX_ANALYZE_TOTAL`](Self::MAX_ANALYZE_TOTAL)
    /// and the work bound.
    pub fn analyze_heaps_by_solver(&self, sizes: &[u64]) -> Result<HeapAnalysis, FamilyError> {
        let largest = sizes.iter().copied().max().unwrap_or(0);
        let limit = self.analyze_limit();
        if largest > limit {
            return Err(FamilyError::TooLarge {
                upto: largest,
                limit,
            });
        }
        let total: u64 = sizes.iter().fold(0, |a: u64, &h| a.saturating_add(h));
        if total > Self::MAX_ANALYZE_TOTAL {
            return Err(FamilyError::HeapsTooLarge {
                total,
                limit: Self::MAX_ANALYZE_TOTAL,
            });
        }
        // Every option of every heap is looked at for the winning moves.
        let options: u128 = sizes.iter().map(|&h| self.option_bound(h)).sum();
        work::check(options * u128::from(work::SOLVER_OPTION), MAX_STEPS, || {
            format!(
                "the winning moves of {} heaps of {}",
                sizes.len(),
                self.short_name()
            )
        })?;
        let table = match self {
            Family::Nim => Vec::new(),
            _ => self.values(largest)?,
        };
        let mut solver = Solver::new(Tabled {
            family: self,
            table: &table,
        });
        let values: Vec<Nimber> = sizes
            .iter()
            .map(|h| solver.grundy(h))
            .collect::<Result<_, _>>()?;
        let total = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
        let winning_moves = solver
            .sum_winning_moves(sizes)?
            .into_iter()
            .map(|m| {
                let from = sizes[m.component];
                let leaves: Vec<u64> = m.leaves.to_vec();
                HeapMove {
                    heap: m.component + 1,
                    from,
                    take: from - leaves.iter().sum::<u64>(),
                    leaves,
                    every: None,
                }
            })
            .collect();
        Ok(HeapAnalysis {
            game: self.to_string(),
            heaps: sizes.to_vec(),
            values,
            grundy: total,
            winner: Player::winner_of(total),
            winning_moves,
            stats: solver.stats(),
        })
    }
}

impl Family {
    /// The most moves [`heap_moves`](Self::heap_moves) lists.
    pub const MAX_LISTED_MOVES: usize = 20_000;

    /// Every move of a sum of heaps, each once (a split into 1 + 3 is the split into
    /// 3 + 1), with the value of the position it leaves: 0 for the winning moves. In the
    /// order of the heaps, then of the counters taken.
    /// Past the plain analysis's limits, the moves of the family's proved period
    /// ([`heap_moves_by_pattern`](Self::heap_moves_by_pattern)), a large heap's splits in
    /// classes.
    pub fn heap_moves(&self, sizes: &[u64]) -> Result<Vec<(HeapMove, Nimber)>, FamilyError> {
        let limit = Self::MAX_LISTED_MOVES;
        let bound: u128 = sizes.iter().map(|&h| self.option_bound(h)).sum();
        if bound > 4 * limit as u128 {
            return match self {
                Family::Nim => Err(FamilyError::TooManyMoves { limit }),
                _ => self
                    .heap_moves_by_pattern(sizes)
                    .map_err(|e| self.past_plain(sizes, e)),
            };
        }
        let analysis = match self.analyze_heaps_by_solver(sizes) {
            Err(e) if any_size::past_the_plain_limits(&e) => {
                return self
                    .heap_moves_by_pattern(sizes)
                    .map_err(|e| self.past_plain(sizes, e));
            }
            plain => plain?,
        };
        let largest = sizes.iter().copied().max().unwrap_or(0);
        let table = match self {
            Family::Nim => Vec::new(),
            _ => self.values(largest)?,
        };
        let value = |h: u64| match self {
            Family::Nim => Nimber(h),
            _ => Nimber(u64::from(table[h as usize])),
        };
        let mut moves = Vec::new();
        let mut options = Vec::new();
        for (i, &from) in sizes.iter().enumerate() {
            let rest = analysis.grundy ^ analysis.values[i];
            options.clear();
            self.options(&from, &mut options);
            let mut seen = rustc_hash::FxHashSet::default();
            for leaves in &options {
                let mut leaves: Vec<u64> = leaves.to_vec();
                leaves.sort_unstable_by(|a, b| b.cmp(a));
                if !seen.insert(leaves.clone()) {
                    continue;
                }
                let after = leaves.iter().fold(rest, |acc, &h| acc ^ value(h));
                let take = from - leaves.iter().sum::<u64>();
                moves.push((
                    HeapMove {
                        heap: i + 1,
                        from,
                        take,
                        leaves,
                        every: None,
                    },
                    after,
                ));
                if moves.len() > limit {
                    return Err(FamilyError::TooManyMoves { limit });
                }
            }
        }
        moves.sort_by_key(|(m, _)| (m.heap, m.take, std::cmp::Reverse(m.leaves.clone())));
        Ok(moves)
    }
}

/// A heap move in an analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapMove {
    /// 1-based index of the heap moved in.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Counters taken.
    pub take: u64,
    /// The heaps left in its place (none, one, two or three).
    pub leaves: Vec<u64>,
    /// A class of moves, past a heap's proved pre-period: the j-th member leaves
    /// `leaves[0] + j·step` and `leaves[1] − j·step`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub every: Option<Every>,
}

impl HeapMove {
    /// The heaps `sizes` after this move: the heap moved in replaced by the heaps it leaves
    /// that are not empty, the others as they were.
    pub fn after(&self, sizes: &[u64]) -> Vec<u64> {
        let mut next = sizes[..self.heap - 1].to_vec();
        next.extend(self.leaves.iter().copied().filter(|&h| h > 0));
        next.extend_from_slice(&sizes[self.heap..]);
        next
    }
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.take == 0 {
            let parts: Vec<String> = self.leaves.iter().map(u64::to_string).collect();
            return write!(
                f,
                "heap {} ({}): split it into {}",
                self.heap,
                self.from,
                parts.join(" + ")
            );
        }
        if let (Some(e), [a, b]) = (self.every, self.leaves.as_slice()) {
            // The smaller heap left runs a, a + p, …, the larger is what remains.
            let last = a + (e.count - 1) * e.step;
            let rest = a + b;
            if self.take == 0 {
                write!(f, "heap {} ({}): split it into", self.heap, self.from)?;
            } else {
                write!(
                    f,
                    "heap {} ({}): take {} and split the rest into",
                    self.heap, self.from, self.take
                )?;
            }
            return write!(
                f,
                " a + ({rest} − a) for a = {a}, {}, …, {last} (every {}; {} moves)",
                a + e.step,
                e.step,
                e.count
            );
        }
        write!(f, "heap {} ({}): take {}", self.heap, self.from, self.take)?;
        match self.leaves.as_slice() {
            [] => write!(f, ", leaving nothing"),
            [h] => write!(f, ", leaving {h}"),
            hs => {
                let parts: Vec<String> = hs.iter().map(u64::to_string).collect();
                write!(f, " and split the rest into {}", parts.join(" + "))
            }
        }
    }
}

/// The explanation of one sum of heaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapAnalysis {
    /// The family's name.
    pub game: String,
    /// The heaps, as given.
    pub heaps: Vec<u64>,
    /// Each heap's Grundy value.
    pub values: Vec<Nimber>,
    /// Their nim-sum: the value of the whole position.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// Every move that leaves a position of value 0.
    pub winning_moves: Vec<HeapMove>,
    /// What the solver did (heap values come from the family's table or formula).
    #[serde(skip)]
    pub stats: Stats,
}

/// The family as a plain game with no formulas, so the solver explores everything.
struct Raw<'a>(&'a Family);

impl Game for Raw<'_> {
    type Position = u64;
    fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
        self.0.options(n, out)
    }
}

/// The family with values looked up in a precomputed table.
struct Tabled<'a> {
    family: &'a Family,
    table: &'a [u32],
}

impl Game for Tabled<'_> {
    type Position = u64;
    fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
        self.family.options(n, out)
    }
    fn known_value(&self, n: &u64) -> Option<Nimber> {
        match self.family {
            Family::Nim => Some(Nimber(*n)),
            _ => self.table.get(*n as usize).map(|&v| Nimber(u64::from(v))),
        }
    }
}

impl Game for Family {
    type Position = u64;

    fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
        match self {
            Family::Nim => Nim.options(n, out),
            Family::Subtraction(s) => s.options(n, out),
            Family::TakeBreak(o) => o.options(n, out),
        }
    }

    fn known_value(&self, n: &u64) -> Option<Nimber> {
        match self {
            Family::Nim => Nim.known_value(n),
            _ => None,
        }
    }
}

impl FromStr for Family {
    type Err = FamilyError;

    fn from_str(name: &str) -> Result<Self, FamilyError> {
        let octal =
            |code: &str| -> Result<Family, FamilyError> { Ok(Family::TakeBreak(code.parse()?)) };
        match name {
            "nim" => return Ok(Family::Nim),
            "grundy-game" => return Ok(Family::TakeBreak(TakeBreak::grundy_game())),
            _ => {}
        }
        if let Some(code) = name.strip_prefix("octal:") {
            return octal(code);
        }
        if let Some(code) = name.strip_prefix("hex:") {
            return Ok(Family::TakeBreak(TakeBreak::parse_hex(code)?));
        }
        if let Some(list) = name.strip_prefix("subtraction:") {
            if list.is_empty() {
                return Err(FamilyError::EmptySubtractionSet);
            }
            let takes = list
                .split(',')
                .map(|t| {
                    t.trim()
                        .parse::<u64>()
                        .map_err(|_| FamilyError::BadTake(t.to_string()))
                })
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Family::Subtraction(Subtraction::new(takes)?));
        }
        Err(FamilyError::Unknown(name.to_string()))
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Family::Nim => f.write_str("nim"),
            Family::Subtraction(s) => {
                let takes: Vec<String> = s.takes().iter().map(u64::to_string).collect();
                write!(f, "subtraction:{}", takes.join(","))
            }
            Family::TakeBreak(o) => f.write_str(&o.name()),
        }
    }
}

/// Heaps written as `analyze` reads them: sizes separated by white space, each up to
/// 2^64 − 1 (past [`Family::analyze_limit`] answered by a proved period only); a sum played
/// out is written `0`.
impl crate::games::notation::Notation for Family {
    fn read(&self, input: &Input) -> Result<Vec<u64>, crate::error::Error> {
        Self::read_heaps(input, u64::MAX, false)
    }

    fn write(&self, sum: &[u64]) -> String {
        if sum.is_empty() {
            return "0".to_string();
        }
        let parts: Vec<String> = sum.iter().map(u64::to_string).collect();
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::notation::Notation;
    use proptest::prelude::*;

    proptest! {
        /// Heaps written by a family's notation read back to the same heaps, in every
        /// kind of family.
        #[test]
        fn written_heaps_read_back(
            heaps in proptest::collection::vec(0u64..2000, 1..30),
            which in 0usize..4,
        ) {
            let family: Family = ["nim", "octal:0.77", "subtraction:1,3,4", "grundy-game"][which]
                .parse()
                .expect("a family");
            let text = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join("  ");
            let read = family.read(&Input::new("h", text)).expect("heaps");
            prop_assert_eq!(&read, &heaps);
            prop_assert_eq!(family.read(&Input::new("w", family.write(&read))).expect("again"), read);
        }
    }
}
