//! `explore` over the catalogue: the values of a game over a line of heaps (0..=N) or a
//! grid of positions [x, y], each game computed by its own engine, and what they show (see
//! [`crate::report::explore`] for the reports).

use super::Game;
use crate::explore::{line_period, zeros};
use crate::parse::Params;
use crate::progress::Progress;
use crate::report::explore::{GridReport, LineReport, Period, SweepPoint, SweepReport};
use crate::report::{Error, Options};

/// The values of `game` over 0..=upto (misère ones if `options` say so): heap families and
/// script games.
pub fn line(
    game: &Game,
    upto: u64,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<LineReport, Error> {
    game.object().line(upto, options, progress)
}

/// The values of `game` over [0..=xs] × [0..=ys] (misère ones if `options` say so): the
/// plane games and script games.
pub fn grid(
    game: &Game,
    xs: u64,
    ys: u64,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<GridReport, Error> {
    game.object().grid(xs, ys, options, progress)
}

/// `template` (a name with `{NAME}` in it, or a script reading `param(NAME)`) explored
/// for each value of the parameter `name`, the others as `params` give them: a heap
/// family's period as proved by [`crate::Family::pattern`] (looked for as far as the
/// family's search goes), any other game's over 0..=upto. The rules across the sweep
/// are only observed.
pub fn sweep(
    template: &str,
    name: &str,
    values: &[i64],
    params: &Params,
    upto: u64,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<SweepReport, Error> {
    use super::Feature;
    let mut points = Vec::with_capacity(values.len());
    progress.start(values.len() as u64);
    for (i, &v) in values.iter().enumerate() {
        let params = params.with(name, &v.to_string());
        let game = super::lookup_for_with(template, Feature::Explore, &params)
            .map_err(|e| e.context(format!("{name} = {v}")))?;
        let proved = match game.family() {
            Some(family) if !options.misere => family.pattern().ok().map(|p| Period {
                preperiod: p.period().preperiod,
                period: p.period().period,
                step: 0,
                status: "proved".into(),
                by: crate::report::explore::PERIODICITY_THEOREM.into(),
            }),
            _ => None,
        };
        let period = match proved {
            Some(p) => Some(p),
            None => {
                line(&game, upto, options, &mut crate::NoProgress)
                    .map_err(|e| e.context(format!("{name} = {v}")))?
                    .period
            }
        };
        points.push(SweepPoint {
            value: v,
            game: game.name(),
            period,
        });
        progress.advance(i as u64 + 1);
    }
    progress.finish();
    Ok(SweepReport::of(
        template.to_string(),
        name.to_string(),
        points,
    ))
}

/// The report of misère `values` over 0..=upto of the game `name`: any period is only
/// seen, not proved.
pub(super) fn misere_line(name: String, upto: u64, values: Vec<u64>) -> LineReport {
    let period = line_period(&values);
    let p_positions = zeros(&values);
    LineReport {
        self_similar: None,
        game: format!("{name} (misère)"),
        kind: "line".into(),
        upto,
        values,
        period: period.map(|p| Period {
            preperiod: p.preperiod,
            period: p.period,
            step: p.step,
            status: "apparent".into(),
            by: String::new(),
        }),
        p_positions,
    }
}

/// The most squares a misère grid may have: each is searched with all its moves.
pub const MISERE_GRID_SQUARES: u64 = 250_000;

/// The squares of a misère grid [0..=xs] × [0..=ys], refused past [`MISERE_GRID_SQUARES`].
pub(super) fn misere_grid_squares(xs: u64, ys: u64) -> Result<u64, Error> {
    let squares = xs.saturating_add(1).saturating_mul(ys.saturating_add(1));
    if squares > MISERE_GRID_SQUARES {
        return Err(Error::input(format!(
            "a misère grid of {squares} positions is more than the supported {MISERE_GRID_SQUARES}"
        )));
    }
    Ok(squares)
}

#[cfg(test)]
mod sweep_tests {
    use super::*;
    use crate::games::Subtraction;
    use crate::report::Options;

    /// The sweep of {1, 2, k} beside its slow twin: each k's period is the shortest one
    /// the plain table of Subtraction::values proves, and the rule across k is the one
    /// those periods follow.
    #[test]
    fn the_sweep_of_one_two_k_agrees_with_plain_tables() {
        let values: Vec<i64> = (3..=60).collect();
        let report = sweep(
            "subtraction:1,2,{k}",
            "k",
            &values,
            &Params::none(),
            100,
            &Options::default(),
            &mut crate::NoProgress,
        )
        .unwrap();
        for p in &report.points {
            let k = p.value as u64;
            let table = Subtraction::new(vec![1, 2, k])
                .unwrap()
                .values(6 * k as usize + 100);
            let plain = crate::solve::heap::proven_period(&table, k as usize, 1).unwrap();
            let got = p.period.as_ref().unwrap();
            assert_eq!(
                (got.preperiod, got.period),
                (plain.preperiod, plain.period),
                "k = {k}"
            );
            assert_eq!(got.status, "proved");
        }
        assert_eq!(
            report.period_rule.as_deref(),
            Some("k ≡ 0 mod 3: k + 1; k ≢ 0 mod 3: 3")
        );
        assert_eq!(report.preperiod_rule.as_deref(), Some("0"));
        assert_eq!(report.status, "observed");
    }
}
