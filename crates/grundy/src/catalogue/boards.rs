//! Cram and Chomp as objects of the catalogue: boards solved by their tables and the
//! pruning search (Cram on many threads, saved and resumed), searched whole for misère
//! play and remoteness.

use super::Analysis;
use super::components::Searched;
use super::object::Object;
use crate::analysis::sum_search::{SumSearch, Sums};
use crate::games::board::chomp::Chomp as ChompRules;
use crate::games::board::cram::Board;
use crate::games::notation::Notation as _;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::moves::MoveList;
use crate::report::table::BoardGame;
use crate::report::{Error, Options, Report};

/// Cram: dominoes on free cells.
pub struct Cram;
/// Chomp: bites of a bar with a poisoned square.
pub struct Chomp;

impl Searched for Cram {
    fn search<S: SumSearch>(&self, input: &Input, search: S) -> Result<S::Out, Error> {
        // The list's moves are the notation's, in its order; the search plays each board
        // split into regions, as the engines do.
        let (cram, free) = crate::games::board::cram::read(input)?;
        let after = Board(cram)
            .moves(&[free], 0)
            .into_iter()
            .map(|m| cram.regions(m.leaves[0]).into_vec())
            .collect();
        let here = cram.regions(free).into_vec();
        search.run(cram, Sums { here, after })
    }
}

impl Object for Cram {
    fn name(&self) -> String {
        "cram".into()
    }

    fn analyze(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        let (report, stats) = crate::analysis::board::analyze_cram(
            input,
            options.board_memory(),
            options.thread_count(),
            options.checkpoint.as_deref(),
            progress,
        )?;
        Ok(Analysis {
            report: Report::Board(report),
            stats,
        })
    }

    fn moves(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::moves::cram(input, options, progress)
    }

    super::components::searched_whole!();

    fn board_game(&self) -> Option<BoardGame> {
        Some(BoardGame::Cram)
    }
}

impl Searched for Chomp {
    fn search<S: SumSearch>(&self, input: &Input, search: S) -> Result<S::Out, Error> {
        // The list's bites are the notation's, in its order.
        let here = ChompRules.read(input)?;
        let after = ChompRules
            .moves(&here, 0)
            .into_iter()
            .map(|m| m.leaves.into_vec())
            .collect();
        search.run(ChompRules, Sums { here, after })
    }
}

impl Object for Chomp {
    fn name(&self) -> String {
        "chomp".into()
    }

    fn analyze(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        let (report, stats) =
            crate::analysis::board::analyze_chomp(input, options.board_memory(), progress)?;
        Ok(Analysis {
            report: Report::Board(report),
            stats,
        })
    }

    fn moves(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::moves::chomp(input, options, progress)
    }

    super::components::searched_whole!();

    fn board_game(&self) -> Option<BoardGame> {
        Some(BoardGame::Chomp)
    }
}
