//! Script games (`script:FILE`) as objects of the catalogue: a Rhai script's rules, valued
//! by the memo solver, or, when positions repeat, by the generalised Sprague–Grundy
//! function; searched whole for misère play and remoteness.

use super::Analysis;
use super::components::Searched;
use super::object::Object;
use crate::analysis::sum_search::SumSearch;
use crate::games::notation::Notation as _;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::explore::{GridReport, LineReport, grid_report};
use crate::report::moves::MoveList;
use crate::report::{self, Error, Options, Report};
use crate::script::{ScriptGame, ScriptPosition};

/// A script game, loaded.
pub struct Script(pub Box<ScriptGame>);

/// A script's analysis as a report.
pub(super) fn script_analysis((analysis, stats): (report::script::Analysis, String)) -> Analysis {
    let report = match analysis {
        report::script::Analysis::Plain(r) => Report::Script(r),
        report::script::Analysis::Loopy(r) => Report::ScriptLoopy(r),
    };
    Analysis { report, stats }
}

impl Searched for Script {
    fn search<S: SumSearch>(&self, _input: &Input, search: S) -> Result<S::Out, Error> {
        search.run_read(&*self.0, &|p| self.0.read(&super::components::text(p)))
    }
}

impl Object for Script {
    fn name(&self) -> String {
        self.0.name().to_string()
    }

    fn analyze(
        &self,
        input: &Input,
        options: &Options,
        progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        Ok(script_analysis(crate::analysis::script::analyze(
            &self.0,
            input,
            options.script_positions(),
            progress,
        )?))
    }

    fn moves(
        &self,
        input: &Input,
        options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::moves::script(&self.0, input, options)
    }

    super::components::searched_whole!(|options| options.script_positions());

    fn line(
        &self,
        upto: u64,
        options: &Options,
        progress: &mut dyn Progress,
    ) -> Result<LineReport, Error> {
        let name = format!("script {}", self.0.name());
        if options.misere && options.axes.is_some() {
            return Err(Error::input(
                "--axes explores normal play so far; --misere takes the plain positions (n, or [x, y])",
            ));
        }
        if options.misere {
            let mut search =
                crate::solve::misere::Misere::new(&*self.0, options.script_positions());
            let mut values = Vec::new();
            for n in 0..=upto {
                let v = search
                    .value(&[ScriptPosition::Int(n as i64)])
                    .map_err(crate::report::script::solve_error)?;
                values.push(v.0);
            }
            return Ok(super::explore::misere_line(name, upto, values));
        }
        let values = match &options.axes {
            Some(text) => {
                let axes = crate::script::axes::Axes::parse(text, &["n"]).map_err(Error::input)?;
                crate::script::values_along(
                    &self.0,
                    upto,
                    options.script_positions(),
                    &axes,
                    progress,
                )?
            }
            None => {
                crate::script::values_upto(&self.0, upto, options.script_positions(), progress)?
            }
        };
        let name = match &options.axes {
            Some(text) => format!("{name} at {text}"),
            None => name,
        };
        Ok(LineReport::of(name, values, None))
    }

    fn grid(
        &self,
        xs: u64,
        ys: u64,
        options: &Options,
        progress: &mut dyn Progress,
    ) -> Result<GridReport, Error> {
        let name = format!("script {}", self.0.name());
        if options.misere && options.axes.is_some() {
            return Err(Error::input(
                "--axes explores normal play so far; --misere takes the plain positions (n, or [x, y])",
            ));
        }
        if options.misere {
            let squares = super::explore::misere_grid_squares(xs, ys)?;
            let mut search =
                crate::solve::misere::Misere::new(&*self.0, options.script_positions());
            let mut values = Vec::with_capacity(squares as usize);
            for x in 0..=xs {
                for y in 0..=ys {
                    let p = ScriptPosition::from(&[x as i64, y as i64][..]);
                    values.push(
                        search
                            .value(&[p])
                            .map_err(crate::report::script::solve_error)?
                            .0,
                    );
                }
            }
            return Ok(grid_report(format!("{name} (misère)"), xs, ys, values));
        }
        let axes = match &options.axes {
            Some(text) => {
                Some(crate::script::axes::Axes::parse(text, &["x", "y"]).map_err(Error::input)?)
            }
            None => None,
        };
        let values = crate::script::values_grid(
            &self.0,
            xs,
            ys,
            options.script_positions(),
            axes.as_ref(),
            progress,
        )?;
        let name = match &options.axes {
            Some(text) => format!("{name} at {text}"),
            None => name,
        };
        Ok(grid_report(name, xs, ys, values))
    }

    fn script(&self) -> Option<&ScriptGame> {
        Some(&self.0)
    }
}
