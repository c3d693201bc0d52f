//! The games on the quarter plane counted from 0 as objects of the catalogue: Wythoff's
//! game and the lame queen with diagonal step D (`lame-queen:D`), a position the queen's
//! square (x, y).

use super::Analysis;
use super::components::{Searched, queen_moves, queen_square};
use super::object::Object;
use crate::analysis::misere::MISERE_POSITIONS;
use crate::analysis::sum_search::{SumSearch, Sums};
use crate::games::lame_queen::{self, LameQueen};
use crate::games::notation::Notation as _;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::explore::{GridReport, grid_report};
use crate::report::moves::MoveList;
use crate::report::{Error, Options, Report};

/// The lame queen on squares from 0, with its diagonal step (Wythoff's game is d = 1).
pub struct Plane {
    /// The diagonal step.
    pub d: u64,
    /// `wythoff` or `lame-queen:D`.
    pub name: String,
}

impl Searched for Plane {
    fn search<S: SumSearch>(&self, input: &Input, search: S) -> Result<S::Out, Error> {
        // The list's moves are the queen's, in the order `analysis::moves` lists them.
        let queen = LameQueen { d: self.d };
        let here = queen.read(input)?;
        for &(x, y) in &here {
            queen_square(&self.name, u64::from(x) - 1, u64::from(y) - 1)?;
        }
        let (x, y) = crate::analysis::queen::parse_plane(input)?;
        let after = queen_moves(&self.name, self.d, (x + 1, y + 1))?;
        search.run(queen, Sums { here, after })
    }
}

impl Object for Plane {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn analyze(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        Ok(Analysis {
            report: Report::Queen(crate::analysis::queen::analyze_plane(
                &self.name, self.d, input,
            )?),
            stats: String::new(),
        })
    }

    fn moves(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::moves::plane(&self.name, self.d, input)
    }

    super::components::searched_whole!();

    fn grid(
        &self,
        xs: u64,
        ys: u64,
        options: &Options,
        _progress: &mut dyn Progress,
    ) -> Result<GridReport, Error> {
        if options.misere {
            let squares = super::explore::misere_grid_squares(xs, ys)?;
            let mut search =
                crate::solve::misere::Misere::new(LameQueen { d: self.d }, MISERE_POSITIONS);
            let mut values = Vec::with_capacity(squares as usize);
            for x in 0..=xs {
                for y in 0..=ys {
                    let v = search.value(&[(x as u32 + 1, y as u32 + 1)]).map_err(|e| {
                        Error::input(format!("{} under misère play: {e}", self.name))
                    })?;
                    values.push(v.0);
                }
            }
            return Ok(grid_report(
                format!("{} (misère)", self.name),
                xs,
                ys,
                values,
            ));
        }
        // The board's squares are counted from 1; [x, y] is the square (x + 1, y + 1).
        let values = lame_queen::grundy_values(self.d, xs.saturating_add(1), ys.saturating_add(1))
            .ok_or_else(|| {
                Error::input(format!(
                    "a grid of {}×{} positions is more than the supported {} (or the memory it would need)",
                    xs.saturating_add(1),
                    ys.saturating_add(1),
                    lame_queen::GRUNDY_SQUARES
                ))
            })?;
        Ok(grid_report(
            self.name.clone(),
            xs,
            ys,
            values.into_iter().map(u64::from).collect(),
        ))
    }

    fn plane_step(&self) -> Option<u64> {
        Some(self.d)
    }
}
