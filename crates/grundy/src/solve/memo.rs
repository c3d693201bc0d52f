//! The generic memoised solver: Grundy values, outcomes and winning moves of any [`Game`].
//!
//! It is the brute-force oracle every fast special-purpose method is checked against, and
//! the tool for games nobody has a formula for. It never recurses on the call stack: a game
//! whose longest play is millions of moves is walked with an explicit stack of frames.

use rustc_hash::FxHashMap;
use serde::Serialize;
use thiserror::Error;

use crate::game::{Components, Game, Player};
use crate::nimber::{MexSet, Nimber};

/// Marks a position whose value is being computed; meeting it again means a cycle.
const IN_PROGRESS: u64 = u64::MAX;

/// Why the solver gave up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// A position can be reached from itself, so Grundy values are not defined.
    #[error("the game is loopy: {} can be reached from itself", at.as_deref().map_or_else(|| "a position".to_string(), |p| format!("position {p}")))]
    Loopy {
        /// A position on the cycle, as the game describes it (when it can).
        at: Option<String>,
    },
    /// The rules failed while listing options (see [`Game::fault`]).
    #[error("{0}")]
    Rules(String),
    /// The positions stored and the options waiting on the solver's stack would pass the
    /// limit set with [`Solver::with_limit`].
    #[error("more than {limit} positions would have to be held")]
    TooManyPositions {
        /// The limit in force.
        limit: usize,
    },
    /// The time set with [`Solver::pause_every`] has passed: every value finished is kept,
    /// and asking again goes on from them (a caller saves its checkpoint in between).
    #[error("paused")]
    Paused,
}

/// What the solver did, for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Positions whose value was computed by taking a mex.
    pub evaluated: u64,
    /// Options generated (moves looked at) while evaluating them.
    pub options: u64,
    /// Positions held in the memo table now.
    pub memo_size: usize,
    /// The deepest the explicit stack went.
    pub max_depth: usize,
}

/// One move of a sum of games: component `component` is replaced by `leaves`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove<P> {
    /// Index of the component moved in.
    pub component: usize,
    /// What the move leaves in its place.
    pub leaves: Components<P>,
}

/// An option and its value (the XOR of its components' values).
pub type ValuedOption<P> = (Components<P>, Nimber);

/// A position's value and every option with its value.
pub type Explained<P> = (Nimber, Vec<ValuedOption<P>>);

/// A position being evaluated. Its options and their finished values live in the solver's
/// two shared stacks, above those of the frames below it: frames finish last-in first-out,
/// so each frame's entries stay contiguous and a deep game costs no allocation per level.
struct Frame<P> {
    position: P,
    /// This frame's options are `options[options_start..options_end]`.
    options_start: usize,
    options_end: usize,
    /// Values of its finished options are `values[values_start..]`.
    values_start: usize,
    /// The option being summed (an index into the shared stack) and its next component.
    option: usize,
    component: usize,
    /// XOR of the components of `option` summed so far.
    acc: u64,
}

enum Lookup {
    Known(u64),
    InProgress,
    Unknown,
}

/// A memoised Grundy-value solver for one game.
///
/// ```
/// use grundy::{games::TakeBreak, Player, Solver};
///
/// let kayles: TakeBreak = "0.77".parse().unwrap();
/// let mut solver = Solver::new(kayles);
/// assert_eq!(solver.grundy(&5).unwrap().0, 4);
/// assert_eq!(solver.winner(&5).unwrap(), Player::First);
/// // From 5 pins the only winning move knocks out the middle pin: 2 + 2.
/// let wins = solver.winning_moves(&5).unwrap();
/// assert_eq!(wins.len(), 1);
/// assert_eq!(wins[0].as_slice(), &[2, 2]);
/// ```
pub struct Solver<G: Game> {
    game: G,
    memo: FxHashMap<G::Position, u64>,
    limit: usize,
    stats: Stats,
    options: Vec<Components<G::Position>>,
    values: Vec<u64>,
    mex: MexSet,
    /// How often to stop with [`SolveError::Paused`], and since when.
    pause: Option<(std::time::Duration, std::time::Instant)>,
    opened: u64,
}

impl<G: Game> Solver<G> {
    /// A solver with an empty memo and no limit on its size.
    pub fn new(game: G) -> Self {
        Self::with_limit(game, usize::MAX)
    }

    /// A solver that refuses to hold more than `limit` positions: values stored, and
    /// options listed and waiting on its stack.
    pub fn with_limit(game: G, limit: usize) -> Self {
        Solver {
            game,
            memo: FxHashMap::default(),
            limit,
            stats: Stats::default(),
            options: Vec::new(),
            values: Vec::new(),
            mex: MexSet::new(),
            pause: None,
            opened: 0,
        }
    }

    /// Makes a search stop with [`SolveError::Paused`] each time `every` has passed since
    /// the last pause (looked at every 4096 positions opened), keeping every value it has
    /// finished, so that a caller can save them and ask again.
    pub fn pause_every(&mut self, every: std::time::Duration) {
        self.pause = Some((every, std::time::Instant::now()));
    }

    /// Takes `value` as the value of `p` (a checkpoint read back): `p` is stored as its
    /// [`Game::canonical`] key says.
    pub fn remember(&mut self, p: &G::Position, value: Nimber) {
        self.memo.insert(self.game.canonical(p), value.0);
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        Stats {
            memo_size: self.memo.len(),
            ..self.stats
        }
    }

    /// Every position valued so far (its memo key) with its value: the table a
    /// certificate is written from.
    pub fn table(&self) -> impl Iterator<Item = (&G::Position, Nimber)> {
        self.memo
            .iter()
            .filter(|&(_, &v)| v != IN_PROGRESS)
            .map(|(p, &v)| (p, Nimber(v)))
    }

    /// The Grundy value of `p`.
    pub fn grundy(&mut self, p: &G::Position) -> Result<Nimber, SolveError> {
        let root = self.game.canonical(p);
        match self.lookup(&root) {
            Lookup::Known(v) => return Ok(Nimber(v)),
            Lookup::InProgress => return Err(self.loopy(&root)),
            Lookup::Unknown => {}
        }
        let mut stack = vec![self.open(root)?];
        let result = self.run(&mut stack);
        if result.is_err() {
            // Leave no half-computed entries behind.
            for frame in stack {
                self.memo.remove(&frame.position);
            }
            self.options.clear();
            self.values.clear();
        }
        result
    }

    /// Who wins `p` with perfect play.
    pub fn winner(&mut self, p: &G::Position) -> Result<Player, SolveError> {
        Ok(Player::winner_of(self.grundy(p)?))
    }

    /// Every option of `p` as the game lists it, with its value (the XOR of its components).
    pub fn option_values(
        &mut self,
        p: &G::Position,
    ) -> Result<Vec<ValuedOption<G::Position>>, SolveError> {
        let mut options = Vec::new();
        self.game.options(p, &mut options);
        self.check_rules()?;
        self.stats.options += options.len() as u64;
        options
            .into_iter()
            .map(|comps| {
                let v = self.sum_grundy(&comps)?;
                Ok((comps, v))
            })
            .collect()
    }

    /// The value of `p` and every option with its value, listing `p`'s options once (a
    /// game whose options are dear to list, a script, is asked once per position).
    pub fn explain(&mut self, p: &G::Position) -> Result<Explained<G::Position>, SolveError> {
        let key = self.game.canonical(p);
        match self.lookup(&key) {
            Lookup::Known(v) => return Ok((Nimber(v), self.option_values(p)?)),
            Lookup::InProgress => return Err(self.loopy(&key)),
            Lookup::Unknown => {}
        }
        if self.memo.len() >= self.limit {
            return Err(SolveError::TooManyPositions { limit: self.limit });
        }
        // Marked in progress, so an option that leads back to `p` is reported as a cycle.
        self.memo.insert(key.clone(), IN_PROGRESS);
        match self.option_values(p) {
            Ok(options) => {
                self.mex.reset(options.len());
                for (_, v) in &options {
                    self.mex.insert(v.0);
                }
                let g = self.mex.mex();
                self.stats.evaluated += 1;
                self.memo.insert(key, g);
                Ok((Nimber(g), options))
            }
            Err(e) => {
                self.memo.remove(&key);
                Err(e)
            }
        }
    }

    /// The options of `p` that leave a position of value 0: the winning moves.
    pub fn winning_moves(
        &mut self,
        p: &G::Position,
    ) -> Result<Vec<Components<G::Position>>, SolveError> {
        Ok(self
            .option_values(p)?
            .into_iter()
            .filter(|(_, v)| v.is_zero())
            .map(|(c, _)| c)
            .collect())
    }

    /// The value of a sum of positions: the XOR of their values.
    pub fn sum_grundy(&mut self, components: &[G::Position]) -> Result<Nimber, SolveError> {
        let mut total = Nimber::ZERO;
        for c in components {
            total ^= self.grundy(c)?;
        }
        Ok(total)
    }

    /// Every winning move of a sum: a move in one component that leaves the whole sum at 0.
    pub fn sum_winning_moves(
        &mut self,
        components: &[G::Position],
    ) -> Result<Vec<SumMove<G::Position>>, SolveError> {
        // Each distinct component is explained once: its value and its options' values,
        // kept for the second pass while they fit a budget (a game whose options are
        // dear to list, a script, then lists each root once); past the budget a
        // component's options are listed again in the second pass instead of held.
        const KEPT_OPTIONS: usize = 1 << 20;
        let mut first_of: FxHashMap<&G::Position, usize> = FxHashMap::default();
        let mut values = Vec::with_capacity(components.len());
        let mut kept: Vec<Option<Vec<ValuedOption<G::Position>>>> = Vec::new();
        let mut held = 0usize;
        for (i, c) in components.iter().enumerate() {
            let v = match first_of.get(c) {
                Some(&j) => {
                    kept.push(None);
                    values[j]
                }
                None => {
                    first_of.insert(c, i);
                    let (v, options) = self.explain(c)?;
                    held += options.len();
                    kept.push((held <= KEPT_OPTIONS).then_some(options));
                    v
                }
            };
            values.push(v);
        }
        let total = values.iter().fold(Nimber::ZERO, |a, v| a ^ *v);
        let mut moves = Vec::new();
        if total.is_zero() {
            return Ok(moves);
        }
        for (i, c) in components.iter().enumerate() {
            // The rest of the sum is worth total ^ value; a move here must match it.
            let target = total ^ values[i];
            let first = first_of[c];
            let listed;
            let options = match &kept[first] {
                Some(options) => options,
                None => {
                    listed = self.option_values(c)?;
                    &listed
                }
            };
            for (leaves, v) in options {
                if *v == target {
                    moves.push(SumMove {
                        component: i,
                        leaves: leaves.clone(),
                    });
                }
            }
        }
        Ok(moves)
    }

    fn lookup(&self, p: &G::Position) -> Lookup {
        if let Some(v) = self.game.known_value(p) {
            return Lookup::Known(v.0);
        }
        match self.memo.get(p) {
            Some(&IN_PROGRESS) => Lookup::InProgress,
            Some(&v) => Lookup::Known(v),
            None => Lookup::Unknown,
        }
    }

    fn loopy(&self, at: &G::Position) -> SolveError {
        SolveError::Loopy {
            at: self.game.describe(at),
        }
    }

    /// The game's fault, if listing options found one.
    fn check_rules(&self) -> Result<(), SolveError> {
        match self.game.fault() {
            Some(fault) => Err(SolveError::Rules(fault)),
            None => Ok(()),
        }
    }

    fn open(&mut self, position: G::Position) -> Result<Frame<G::Position>, SolveError> {
        crate::stop::check();
        self.opened += 1;
        if self.opened.is_multiple_of(4096)
            && let Some((every, since)) = self.pause
            && since.elapsed() >= every
        {
            self.pause = Some((every, std::time::Instant::now()));
            return Err(SolveError::Paused);
        }
        if self.memo.len() >= self.limit {
            return Err(SolveError::TooManyPositions { limit: self.limit });
        }
        self.memo.insert(position.clone(), IN_PROGRESS);
        let options_start = self.options.len();
        self.game.options(&position, &mut self.options);
        if let Err(e) = self.check_rules() {
            self.options.truncate(options_start);
            self.memo.remove(&position);
            return Err(e);
        }
        for comps in &mut self.options[options_start..] {
            for c in comps.iter_mut() {
                *c = self.game.canonical(c);
            }
        }
        let options_end = self.options.len();
        self.stats.options += (options_end - options_start) as u64;
        // The options waiting on the stack cost memory as stored positions do (a deep game
        // with thousands of options a position holds far more of them than of stored
        // values): both count against the limit.
        if self.memo.len().saturating_add(options_end) > self.limit {
            self.options.truncate(options_start);
            self.memo.remove(&position);
            return Err(SolveError::TooManyPositions { limit: self.limit });
        }
        Ok(Frame {
            position,
            options_start,
            options_end,
            values_start: self.values.len(),
            option: options_start,
            component: 0,
            acc: 0,
        })
    }

    fn run(&mut self, stack: &mut Vec<Frame<G::Position>>) -> Result<Nimber, SolveError> {
        'frames: loop {
            self.stats.max_depth = self.stats.max_depth.max(stack.len());
            let Some(frame) = stack.last_mut() else {
                unreachable!("the stack is never empty inside the loop");
            };
            while frame.option < frame.options_end {
                while let Some(c) = self.options[frame.option].get(frame.component) {
                    match self.lookup(c) {
                        Lookup::Known(v) => {
                            frame.acc ^= v;
                            frame.component += 1;
                        }
                        Lookup::InProgress => return Err(self.loopy(c)),
                        Lookup::Unknown => {
                            let child = self.open(c.clone())?;
                            stack.push(child);
                            continue 'frames;
                        }
                    }
                }
                self.values.push(frame.acc);
                frame.acc = 0;
                frame.component = 0;
                frame.option += 1;
            }

            let finished = &self.values[frame.values_start..];
            self.mex.reset(finished.len());
            for &v in finished {
                self.mex.insert(v);
            }
            let g = self.mex.mex();
            let Some(done) = stack.pop() else {
                unreachable!("the frame just read is on the stack");
            };
            self.stats.evaluated += 1;
            self.options.truncate(done.options_start);
            self.values.truncate(done.values_start);
            self.memo.insert(done.position, g);
            if stack.is_empty() {
                return Ok(Nimber(g));
            }
        }
    }
}
