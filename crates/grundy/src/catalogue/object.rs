//! A game of the catalogue as one object, and the analysis written once over every game
//! that has a [`Notation`].
//!
//! [`Object`] is what a front end needs of a game: its name, the analysis of a position,
//! the list of its moves, misère play and remoteness. [`Notated`] gives all of them to any
//! game whose rules ([`Game`](crate::game::Game)) and notation
//! ([`Notation`]) live in one module under `games/`: the memo solver values each part of
//! the sum, every move is listed with the value it leaves, the report is made from that
//! list, and the misère and remoteness searches are handed the positions it leaves as
//! values, not read back from the list's text. A new
//! game of this kind is its module and one line of [`super::ENTRIES`]; nothing here or in
//! any front end names it.

use super::Analysis;
use crate::analysis::sum_search::{SumSearch, Sums};
use crate::contest::Problem;
use crate::family::Family;
use crate::game::Player;
use crate::games::notation::{Labelled, Notation};
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::explore::{GridReport, LineReport};
use crate::report::moves::{Candidate, MoveList, Outcome, with_outcomes};
use crate::report::sum::SumReport;
use crate::report::{Error, Options, Report};
#[cfg(feature = "script")]
use crate::script::ScriptGame;
use crate::solve::memo::{SolveError, Solver};

/// A switch of `analyze` that only some games take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    /// `--memory`: the memory an engine's table or a script's positions may use.
    Memory,
    /// `--threads`: threads for a parallel search.
    Threads,
    /// `--checkpoint`: a long search saved and resumed.
    Checkpoint,
    /// `--cache`: tables kept between runs.
    Cache,
    /// `--param NAME=VALUE`: a parameter of the rules.
    Param,
    /// `--certificate FILE`: the table a value rests on, for `grundy verify`.
    Certificate,
}

impl Knob {
    /// The switch as it is written on the command line.
    pub fn flag(self) -> &'static str {
        match self {
            Knob::Memory => "--memory",
            Knob::Threads => "--threads",
            Knob::Checkpoint => "--checkpoint",
            Knob::Cache => "--cache",
            Knob::Param => "--param",
            Knob::Certificate => "--certificate",
        }
    }
}

/// A game as every front end takes it: the questions any game answers, and the few things
/// only some games are (a heap family, a contest problem, a script, a queen on the plane).
pub trait Object {
    /// The name reports give it.
    fn name(&self) -> String;

    /// The position `input` explained under normal play.
    fn analyze(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error>;

    /// Every move of the position `input` under normal play, with the position it leaves
    /// and its outcome.
    fn moves(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error>;

    /// Every move of the position `input` judged under misère play (`options` are those
    /// of normal play). Default: refused.
    fn misere_moves(
        &self,
        _input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        Err(Error::input(format!(
            "misère play is not analysed for {}",
            self.name()
        )))
    }

    /// The position `input` explained under misère play (`options` are those of normal
    /// play). Default: the report made from [`misere_moves`](Object::misere_moves).
    fn misere(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        Ok(Analysis {
            report: Report::Misere(self.misere_moves(input, options, progress)?.into()),
            stats: String::new(),
        })
    }

    /// Fills in the remoteness of `list` (the moves of `input`) and of each of its moves,
    /// searching at most `limit` sums. Default: refused.
    fn remoteness(&self, _input: &Input, _list: &mut MoveList, _limit: usize) -> Result<(), Error> {
        Err(Error::input(format!(
            "{} has no search of whole sums",
            self.name()
        )))
    }

    /// The report of the position whose moves `list` holds, made from the list alone where
    /// the game's report is made that way (so a request that has the list runs no second
    /// analysis). Default: `None`, the report comes from [`analyze`](Object::analyze).
    fn report_of(&self, _list: &MoveList) -> Option<Report> {
        None
    }

    /// Whether [`remoteness`](Object::remoteness) is answered.
    fn has_remoteness(&self) -> bool {
        true
    }

    /// The values over heaps 0..=`upto` (misère ones if `options` say so). Default:
    /// refused, the game is on [x, y].
    fn line(
        &self,
        _upto: u64,
        _options: &Options,
        _progress: &mut dyn Progress,
    ) -> Result<LineReport, Error> {
        Err(Error::input(format!(
            "{} is a game on [x, y]: use --grid X,Y",
            self.name()
        )))
    }

    /// The values over 0..=`xs` × 0..=`ys` (misère ones if `options` say so). Default:
    /// refused, the game is a line of heaps.
    fn grid(
        &self,
        _xs: u64,
        _ys: u64,
        _options: &Options,
        _progress: &mut dyn Progress,
    ) -> Result<GridReport, Error> {
        Err(Error::input(format!(
            "--grid works with script games and the built-in games on [x, y] (wythoff, lame-queen:D); '{}' is a line of heaps: use --upto N",
            crate::parse::escaped_str(&self.name())
        )))
    }

    /// The heap family, for a heap game.
    fn family(&self) -> Option<&Family> {
        None
    }

    /// The contest problem, for one of the five.
    fn problem(&self) -> Option<Problem> {
        None
    }

    /// The script, for a script game.
    #[cfg(feature = "script")]
    fn script(&self) -> Option<&ScriptGame> {
        None
    }

    /// The board game whose tables `grundy table` makes, for Cram and Chomp.
    fn board_game(&self) -> Option<crate::report::table::BoardGame> {
        None
    }

    /// The queen's diagonal step, for the games on the quarter plane counted from 0.
    fn plane_step(&self) -> Option<u64> {
        None
    }

    /// Whether a position is tokens on a directed graph read from a file (its pictures
    /// and explorations are drawn from its vertices' values).
    fn tokens_on_digraph(&self) -> bool {
        false
    }
}

/// A game known by its rules and its notation, given every question by the one analysis
/// below.
pub struct Notated<N> {
    /// The rules and the notation.
    pub game: N,
    /// The name reports give it.
    pub name: String,
}

impl<N: Notation + 'static> Notated<N> {
    /// `game` under `name`, boxed as the catalogue keeps it.
    pub fn boxed(game: N, name: impl Into<String>) -> Box<dyn Object> {
        Box::new(Notated {
            game,
            name: name.into(),
        })
    }

    /// Every move of `sum` in the order of its move list: the component it is made in,
    /// the move as the notation labels it, and the whole sum it leaves.
    fn successors(
        &self,
        sum: &[N::Position],
    ) -> impl Iterator<Item = (usize, Labelled<N::Position>, Vec<N::Position>)> {
        (0..sum.len()).flat_map(move |i| {
            self.game.moves(sum, i).into_iter().map(move |m| {
                let mut next = sum[..i].to_vec();
                next.extend(m.leaves.iter().cloned());
                next.extend_from_slice(&sum[i + 1..]);
                (i, m, next)
            })
        })
    }

    /// The sums of the position `input` and of every move [`Notation::moves`] lists, in
    /// the order of the move list: what the searches of whole sums run on, handed over as
    /// values (nothing the list writes is read back).
    fn sums(&self, input: &Input) -> Result<Sums<N::Position>, Error> {
        let here = self.game.read(input)?;
        let after = self.successors(&here).map(|(_, _, next)| next).collect();
        Ok(Sums { here, after })
    }

    /// The moves of `input` with their values, and the sums the list is of.
    /// The most positions one analysis may hold: what `--memory` holds where it is given,
    /// the game's own bound otherwise.
    fn limit(&self, options: &Options) -> usize {
        options.memory.map_or(self.game.positions(), |bytes| {
            usize::try_from(bytes / self.game.bytes_per_position()).unwrap_or(usize::MAX)
        })
    }

    fn listed(
        &self,
        input: &Input,
        options: &Options,
    ) -> Result<(MoveList, Sums<N::Position>), Error> {
        let sum = self.game.read(input)?;
        let limit = self.limit(options);
        let mut solver = Solver::with_limit(&self.game, limit);
        let kept = match &options.checkpoint {
            Some(path) => Some(Kept::resume(self, path, &sum, &mut solver)?),
            None => None,
        };
        let kept = kept.as_ref();
        let values = sum
            .iter()
            .map(|p| self.grundy_kept(&mut solver, p, kept, limit))
            .collect::<Result<Vec<Nimber>, _>>()?;
        let total = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
        // Where the rules can count the moves, a list that could not fit is not listed
        // (listing a component's moves holds them all at once: a tree of 10^5 edges would
        // hold 10^5 trees); each move is taken to leave at least half the position, as a
        // cut, a take or a split near an end does. The winning moves alone are listed
        // instead where the rules find them without valuing every move, and the list is
        // refused where they do not.
        let counted: Option<usize> = sum.iter().map(|p| self.game.option_count(p)).sum();
        let written = self.game.write(&sum);
        let mut only_winning_of = None;
        let mut winning = None;
        if let Some(count) = counted
            && let Err(refused) = crate::report::moves::room_for(count, written.len() / 2)
        {
            let mut found = Vec::new();
            for (i, &value) in values.iter().enumerate() {
                let to = self
                    .game
                    .moves_to(&sum, i, total ^ value)
                    .ok_or(refused.clone())?;
                found.extend(to.into_iter().map(|m| (i, m)));
            }
            winning = Some(found);
            only_winning_of = Some(count as u64);
        }
        type Successor<P> = (usize, Labelled<P>, Vec<P>);
        let moves: Box<dyn Iterator<Item = Successor<N::Position>> + '_> = match winning {
            Some(found) => {
                let sum = &sum;
                Box::new(found.into_iter().map(move |(i, m)| {
                    let mut next = sum[..i].to_vec();
                    next.extend(m.leaves.iter().cloned());
                    next.extend_from_slice(&sum[i + 1..]);
                    (i, m, next)
                }))
            }
            None => Box::new(self.successors(&sum)),
        };
        let mut candidates = Vec::new();
        let mut sums = Vec::new();
        for (i, m, next) in moves {
            let mut after = total ^ values[i];
            for q in &m.leaves {
                after ^= self.grundy_kept(&mut solver, q, kept, limit)?;
            }
            let position = self.game.write(&next);
            crate::report::moves::room_for(candidates.len() + 1, position.len())?;
            let size = candidates.len() as u64;
            candidates.push(Candidate {
                label: m.label,
                position,
                after,
                size,
                cell: None,
                cells: m.cells,
                along: m.along,
                vertex: m.vertex,
            });
            sums.push(next);
        }
        let mut list = MoveList::new(
            self.name.clone(),
            written,
            Some(total),
            Player::winner_of(total),
            with_outcomes(candidates, |&v| Ok(Outcome::Value(v)))?,
        );
        if let Some(kept) = kept {
            kept.save(self, &solver)?;
        }
        if let Some(path) = &options.certificate {
            self.certify(path, &sum, total, &solver)?;
        }
        list.values = Some(values);
        list.only_winning_of = only_winning_of;
        list.drawings = self.game.draw(&sum).map(|drawing| {
            vec![crate::drawing::Drawn {
                drawing,
                note: String::new(),
            }]
        });
        Ok((
            list,
            Sums {
                here: sum,
                after: sums,
            },
        ))
    }

    /// The value of `p`, saving what `solver` holds into the checkpoint `kept` every
    /// [`SAVE_EVERY`](crate::analysis::board::SAVE_EVERY), as Cram's search does, and
    /// when the search is stopped.
    fn grundy_kept(
        &self,
        solver: &mut Solver<&N>,
        p: &N::Position,
        kept: Option<&Kept>,
        limit: usize,
    ) -> Result<Nimber, Error> {
        let Some(kept) = kept else {
            return solver.grundy(p).map_err(|e| self.solve_error(e, limit));
        };
        loop {
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solver.grundy(p))) {
                Ok(Ok(v)) => return Ok(v),
                Ok(Err(SolveError::Paused)) => kept.save(self, solver)?,
                Ok(Err(e)) => return Err(self.solve_error(e, limit)),
                Err(stopped) => {
                    // Stopped (Ctrl-C, SIGTERM) or failed: the values finished are saved
                    // on the way out.
                    kept.save(self, solver)?;
                    std::panic::resume_unwind(stopped)
                }
            }
        }
    }

    /// Writes the certificate of `sum`, worth `value`, from what `solver` valued, to
    /// `path`, its entries in order.
    fn certify(
        &self,
        path: &std::path::Path,
        sum: &[N::Position],
        value: Nimber,
        solver: &Solver<&N>,
    ) -> Result<(), Error>
    where
        N::Position: Ord,
    {
        let mut table: Vec<(&N::Position, Nimber)> = solver.table().collect();
        table.sort_unstable();
        let shown = crate::parse::escaped_path(path);
        let file =
            std::fs::File::create(path).map_err(|e| Error::failed(format!("{shown}: {e}")))?;
        let mut out = std::io::BufWriter::new(file);
        match self
            .game
            .certificate(&mut out, &self.game.write(sum), sum, value, &table)
        {
            None => Err(Error::input(format!(
                "{}: no certificate is written for this game",
                self.name
            ))),
            Some(written) => written.map_err(|e| Error::failed(format!("{shown}: {e}"))),
        }
    }

    /// The refusal of a search of whole sums (misère play, remoteness) on a position whose
    /// `count` moves are too many to list.
    fn too_many_to_search(&self, what: &str, count: u64) -> Error {
        Error::input(format!(
            "{}: {what} searches every move, and this position's {count} moves are more than a list holds (its normal-play value and winning moves are given without them)",
            self.name
        ))
    }

    /// A fault of the memo solver holding at most `limit` positions as one line naming
    /// the game.
    fn solve_error(&self, e: SolveError, limit: usize) -> Error {
        match e {
            SolveError::TooManyPositions { .. } => Error::input(format!(
                "{}: the position needs more than the {limit} positions one analysis may hold",
                self.name,
            )),
            e => Error::input(format!("{}: {e}", self.name)),
        }
    }
}

/// The format of a memo solver's checkpoint.
const CHECKPOINT_FORMAT: &str = "grundy-memo-checkpoint/1";

/// The first line of a checkpoint: what it is of.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckpointHeader {
    format: String,
    game: String,
    position: String,
}

/// A memo solver's checkpoint: a file of every value finished, one line a position (its
/// key and its value) after a line naming the game and the position, so that the same
/// command goes on from it.
struct Kept {
    path: std::path::PathBuf,
    header: String,
}

impl Kept {
    /// The checkpoint at `path` for `sum`: what it holds is given to `solver` (nothing
    /// where there is no file yet); refused where the game keeps no checkpoints, or the
    /// file is of another game or position, or damaged.
    fn resume<N: Notation>(
        object: &Notated<N>,
        path: &std::path::Path,
        sum: &[N::Position],
        solver: &mut Solver<&N>,
    ) -> Result<Kept, Error> {
        let shown = crate::parse::escaped_path(path);
        if sum.iter().any(|p| object.game.key(p).is_none()) {
            return Err(Error::input(format!(
                "{}: --checkpoint is not kept for this game",
                object.name
            )));
        }
        let header = serde_json::to_string(&CheckpointHeader {
            format: CHECKPOINT_FORMAT.into(),
            game: object.name.clone(),
            position: object.game.write(sum),
        })
        .map_err(|e| Error::failed(e.to_string()))?;
        let bytes = crate::store::read(path, CHECKPOINT_FORMAT, u64::MAX)
            .map_err(|e| Error::input(format!("{shown}: {e}")))?;
        if let Some(bytes) = bytes {
            let text = String::from_utf8(bytes)
                .map_err(|_| Error::input(format!("{shown}: not UTF-8 text")))?;
            let mut lines = text.lines();
            if lines.next() != Some(header.as_str()) {
                return Err(Error::input(format!(
                    "{shown}: a checkpoint of another game or position (line 1)"
                )));
            }
            for (i, line) in lines.enumerate() {
                let bad = |why: String| Error::input(format!("{shown}:{}: {why}", i + 2));
                let (key, value) = line
                    .split_once(' ')
                    .ok_or_else(|| bad("expected a key and a value".into()))?;
                let p = object.game.parse_key(key).map_err(bad)?;
                let value: u64 = value
                    .parse()
                    .map_err(|_| bad(format!("expected a value, found '{value}'")))?;
                solver.remember(&p, Nimber(value));
            }
        }
        solver.pause_every(crate::analysis::board::SAVE_EVERY);
        Ok(Kept {
            path: path.to_path_buf(),
            header,
        })
    }

    /// Saves every value `solver` has finished, atomically.
    fn save<N: Notation>(&self, object: &Notated<N>, solver: &Solver<&N>) -> Result<(), Error> {
        use std::fmt::Write as _;
        let mut text = self.header.clone();
        text.push('\n');
        for (p, v) in solver.table() {
            if let Some(key) = object.game.key(p) {
                // Written in place: no string of its own for each value.
                let _ = writeln!(text, "{key} {}", v.0);
            }
        }
        crate::store::write(&self.path, CHECKPOINT_FORMAT, text.as_bytes())
            .map_err(|e| Error::failed(format!("{}: {e}", crate::parse::escaped_path(&self.path))))
    }
}

impl<N: Notation + 'static> Object for Notated<N> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn analyze(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        let list = self.moves(input, options, progress)?;
        Ok(Analysis {
            report: Report::Sum(SumReport::from(&list)),
            stats: String::new(),
        })
    }

    fn report_of(&self, list: &MoveList) -> Option<Report> {
        let mut report = SumReport::from(list);
        for m in &mut report.winning_moves {
            m.remoteness = None;
        }
        Some(Report::Sum(report))
    }

    fn moves(
        &self,
        input: &Input,
        options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        Ok(self.listed(input, options)?.0)
    }

    fn misere_moves(
        &self,
        input: &Input,
        options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        let (list, sums) = self.listed(input, options)?;
        if let Some(count) = list.only_winning_of {
            return Err(self.too_many_to_search("misère play", count));
        }
        let limit = crate::analysis::misere::MISERE_POSITIONS;
        crate::analysis::misere::Judge { list, limit }.run(&self.game, sums)
    }

    /// The values of the positions numbered 0..=`upto` (see [`Notation::numbered`]), by
    /// the memo solver (which asks the rules' own value first), or under misère play by
    /// the misère search of each position.
    fn line(
        &self,
        upto: u64,
        options: &Options,
        progress: &mut dyn Progress,
    ) -> Result<LineReport, Error> {
        if self.game.numbered(0).is_none() {
            return Err(Error::input(format!(
                "{} has no line of positions numbered 0, 1, 2, ...: sequence and explore --upto take heap games, coin rows and scripts",
                self.name
            )));
        }
        let positions = (0..=upto)
            .map(|n| match self.game.numbered(n) {
                Some(Ok(p)) => Ok(p),
                Some(Err(why)) => Err(Error::input(format!("{}: {why}", self.name))),
                None => Err(Error::input(format!("{}: no position {n}", self.name))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        progress.start(upto + 1);
        let mut values = Vec::with_capacity(positions.len());
        let limit = self.limit(options);
        if options.misere {
            let mut search = crate::solve::misere::Misere::new(&self.game, limit);
            for p in positions {
                values.push(
                    search
                        .value(std::slice::from_ref(&p))
                        .map_err(|e| self.solve_error(e, limit))?
                        .0,
                );
            }
            progress.finish();
            return Ok(super::explore::misere_line(self.name.clone(), upto, values));
        }
        let mut solver = Solver::with_limit(&self.game, limit);
        for p in &positions {
            values.push(solver.grundy(p).map_err(|e| self.solve_error(e, limit))?.0);
        }
        progress.finish();
        Ok(LineReport::of(self.name.clone(), values, None))
    }

    fn remoteness(&self, input: &Input, list: &mut MoveList, limit: usize) -> Result<(), Error> {
        if let Some(count) = list.only_winning_of {
            return Err(self.too_many_to_search("remoteness", count));
        }
        let sums = self.sums(input)?;
        if sums.after.len() != list.moves.len() {
            return Err(Error::input(format!(
                "{}: the move list given is not the list of this position's moves",
                self.name
            )));
        }
        crate::analysis::remoteness::Fill { list, limit }.run(&self.game, sums)
    }
}
