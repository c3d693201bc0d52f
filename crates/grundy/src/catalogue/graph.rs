//! Tokens on a directed graph (`graph`) as an object of the catalogue: win, lose or draw,
//! valued by Smith's generalised Sprague–Grundy function; no misère play, no search of
//! whole sums.

use super::Analysis;
use super::object::Object;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::moves::MoveList;
use crate::report::{Error, Options, Report};

/// Tokens on a directed graph, read with the position.
pub struct Graph;

impl Object for Graph {
    fn name(&self) -> String {
        "graph".into()
    }

    fn analyze(
        &self,
        input: &Input,
        options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        if let Some(memory) = options.memory {
            crate::analysis::graph::check_memory(input, memory)?;
        }
        Ok(Analysis {
            report: Report::Graph(crate::analysis::graph::analyze(input)?),
            stats: String::new(),
        })
    }

    fn moves(
        &self,
        input: &Input,
        options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        if let Some(memory) = options.memory {
            crate::analysis::graph::check_memory(input, memory)?;
        }
        crate::analysis::graph::moves(input)
    }

    fn misere_moves(
        &self,
        _input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        Err(Error::input(
            "misère play is not analysed for graph: its values are those of normal play with draws",
        ))
    }

    fn remoteness(&self, _input: &Input, _list: &mut MoveList, _limit: usize) -> Result<(), Error> {
        Err(Error::input(
            "graph is solved with draws: it has no search of whole sums",
        ))
    }

    fn has_remoteness(&self) -> bool {
        false
    }

    fn tokens_on_digraph(&self) -> bool {
        true
    }
}
