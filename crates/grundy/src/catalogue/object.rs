//! A game of the catalogue as one object, and the analysis written once over every game
//! that has a [`Notation`].
//!
//! [`Object`] is what a front end needs of a game: its name, the analysis of a position,
//! the list of its moves, misère play and remoteness. [`Notated`] gives all of them to any
//! game whose rules ([`Game`](crate::game::Game)) and notation
//! ([`Notation`]) live in one module under `games/`: the memo solver values each part of
//! the sum, every move is listed with the value it leaves, the report is made from that
//! list, and the misère and remoteness searches read the positions the list writes. A new
//! game of this kind is its module and one line of [`super::ENTRIES`]; nothing here or in
//! any front end names it.

use super::Analysis;
use crate::game::Player;
use crate::games::notation::Notation;
use crate::nimber::Nimber;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::moves::{Candidate, MoveList, Outcome, with_outcomes};
use crate::report::sum::SumReport;
use crate::report::sum_search::SumSearch;
use crate::report::{Error, Options, Report};
use crate::solve::memo::{SolveError, Solver};

/// A game as every front end takes it.
pub trait Object: Send + Sync {
    /// The name reports give it.
    fn name(&self) -> String;

    /// The position `input` explained.
    fn analyze(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error>;

    /// Every move of the position `input`, with the position it leaves and its outcome.
    fn moves(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error>;

    /// `list` (this game's moves, as [`moves`](Object::moves) gives them) judged under
    /// misère play, by a search holding at most `limit` sums.
    fn misere(&self, list: MoveList, limit: usize) -> Result<MoveList, Error>;

    /// Fills in the remoteness of `list`'s position and of each move, searching at most
    /// `limit` sums.
    fn remoteness(&self, list: &mut MoveList, limit: usize) -> Result<(), Error>;
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

    /// How a position written by [`Notation::write`] is read back (the searches read
    /// the positions a move list writes).
    fn read_text(&self, text: &str) -> Result<Vec<N::Position>, Error> {
        self.game
            .read(&Input::new("position", text.as_bytes().to_vec()))
    }

    /// A fault of the memo solver as one line naming the game.
    fn solve_error(&self, e: SolveError) -> Error {
        match e {
            SolveError::TooManyPositions { .. } => Error::input(format!(
                "{}: the position needs more than the {} positions one analysis may hold",
                self.name,
                self.game.positions()
            )),
            e => Error::input(format!("{}: {e}", self.name)),
        }
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

    fn moves(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        let sum = self.game.read(input)?;
        let mut solver = Solver::with_limit(&self.game, self.game.positions());
        let values = sum
            .iter()
            .map(|p| solver.grundy(p))
            .collect::<Result<Vec<Nimber>, _>>()
            .map_err(|e| self.solve_error(e))?;
        let total = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
        let mut candidates = Vec::new();
        for (i, part) in values.iter().enumerate() {
            for m in self.game.moves(&sum, i) {
                let mut after = total ^ *part;
                for q in &m.leaves {
                    after ^= solver.grundy(q).map_err(|e| self.solve_error(e))?;
                }
                let mut next = sum[..i].to_vec();
                next.extend(m.leaves.iter().cloned());
                next.extend_from_slice(&sum[i + 1..]);
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
                });
            }
        }
        let mut list = MoveList::new(
            self.name.clone(),
            self.game.write(&sum),
            Some(total),
            Player::winner_of(total),
            with_outcomes(candidates, |&v| Ok(Outcome::Value(v)))?,
        );
        list.values = Some(values);
        list.drawings = self.game.draw(&sum).map(|drawing| {
            vec![crate::drawing::Drawn {
                drawing,
                note: String::new(),
            }]
        });
        Ok(list)
    }

    fn misere(&self, list: MoveList, limit: usize) -> Result<MoveList, Error> {
        crate::report::misere::Judge { list, limit }.run(&self.game, &|p| self.read_text(p))
    }

    fn remoteness(&self, list: &mut MoveList, limit: usize) -> Result<(), Error> {
        crate::report::remoteness::Fill { list, limit }.run(&self.game, &|p| self.read_text(p))
    }
}
