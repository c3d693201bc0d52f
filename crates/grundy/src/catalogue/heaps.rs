//! The heap families (`nim`, `kayles`, `octal:CODE`, `hex:CODE`, `subtraction:S`, ...) as
//! one object: a position is a list of heap sizes, each family valued by its heap engine.

use super::Analysis;
use super::components::heap_bound;
use super::object::Object;
use crate::analysis::sum_search::{SumSearch, Sums};
use crate::family::{Family, FamilyError};
use crate::games::notation::Notation as _;
use crate::parse::Input;
use crate::progress::Progress;
use crate::report::explore::LineReport;
use crate::report::moves::MoveList;
use crate::report::{Error, Options, Report};

/// A heap family.
pub struct Heaps(pub Family);

impl Object for Heaps {
    fn name(&self) -> String {
        self.0.to_string()
    }

    fn analyze(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        let (report, stats) = crate::analysis::heaps::analyze_with_stats(&self.0, input)?;
        Ok(Analysis {
            report: Report::Heaps(report),
            stats,
        })
    }

    fn moves(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::moves::heaps(&self.0, input)
    }

    /// Misère Nim by its rule, the misère search, or the quotient for many heaps.
    fn misere(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<Analysis, Error> {
        let (report, stats) = crate::analysis::heaps::analyze_misere(&self.0, input)?;
        Ok(Analysis {
            report: Report::Heaps(report),
            stats,
        })
    }

    fn misere_moves(
        &self,
        input: &Input,
        _options: &Options,
        _progress: &mut (dyn Progress + Send),
    ) -> Result<MoveList, Error> {
        crate::analysis::misere::heaps(&self.0, input)
    }

    fn remoteness(&self, input: &Input, list: &mut MoveList, limit: usize) -> Result<(), Error> {
        // The list's moves are the family's, in the order `analysis::moves` lists them.
        let heaps = self.0.read(input)?;
        heap_bound(&heaps)?;
        let moves = self
            .0
            .heap_moves(&heaps)
            .map_err(|e| Error::input(format!("position: {e}")))?;
        let after = moves
            .iter()
            .map(|(m, _)| {
                let next = m.after(&heaps);
                heap_bound(&next)?;
                Ok(next)
            })
            .collect::<Result<_, Error>>()?;
        crate::analysis::remoteness::Fill { list, limit }.run(&self.0, Sums { here: heaps, after })
    }

    fn line(
        &self,
        upto: u64,
        options: &Options,
        progress: &mut dyn Progress,
    ) -> Result<LineReport, Error> {
        let family = &self.0;
        if options.misere {
            // Misère Nim by its formula, the others by the misère search; any period is
            // only seen.
            let values = crate::analysis::heaps::misere_values(family, upto, progress)?;
            return Ok(super::explore::misere_line(
                family.to_string(),
                upto,
                values,
            ));
        }
        let (values, mut proved) = match family.values(upto) {
            Ok(values) => {
                let proved = family.proven_period(&values);
                (values, proved)
            }
            // Past the table, a proved period gives every value (as many as a table may
            // hold, each read in constant time).
            Err(e @ (FamilyError::TooLarge { .. } | FamilyError::TooMuchWork(_)))
                if upto <= Family::MAX_TABLE =>
            {
                let pattern = family.pattern().map_err(|why| match why {
                    FamilyError::NotProved { .. } => crate::report::Error::input(format!(
                        "{e}, and past it only a proved period gives the values: {why}"
                    )),
                    _ => crate::analysis::heaps::family_error(e),
                })?;
                let values = (0..=upto).map(|n| pattern.value(n)).collect();
                (values, Some(pattern.period()))
            }
            Err(FamilyError::TooLarge { upto, .. })
                if upto > Family::MAX_TABLE && family.pattern().is_ok() =>
            {
                return Err(crate::report::Error::input(format!(
                    "values up to {upto} were asked for; explore lists at most {} of them, even from a proved period (`grundy sequence {} --from A --upto B` reads any stretch of it)",
                    Family::MAX_TABLE,
                    family.short_name()
                )));
            }
            Err(e) => return Err(crate::analysis::heaps::family_error(e)),
        };
        if proved.is_none() && matches!(family, Family::Subtraction(_)) {
            // A subtraction game's period is found in a few seconds at most (run by run
            // for takes past a table), however far the line stops short of it.
            proved = family.pattern().ok().map(|p| p.period());
        }
        let values: Vec<u64> = values.into_iter().map(u64::from).collect();
        let mut report = LineReport::of(family.to_string(), values, proved);
        if *family == Family::Nim {
            // Not a period the theorem proves, but a rule: g(n) = n for every n.
            report.period = Some(crate::report::explore::Period {
                preperiod: 0,
                period: 1,
                step: 1,
                status: "proved".into(),
                by: crate::report::explore::NIM_RULE.into(),
            });
        }
        Ok(report)
    }

    fn family(&self) -> Option<&Family> {
        Some(&self.0)
    }
}
