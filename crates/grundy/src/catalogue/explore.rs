//! `explore` over the catalogue: the values of a game over a line of heaps (0..=N) or a
//! grid of positions [x, y], each game computed by its own engine, and what they show (see
//! [`crate::report::explore`] for the reports).

use super::Game;
use crate::explore::{line_period, zeros};
use crate::progress::Progress;
use crate::report::explore::{GridReport, LineReport, Period};
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

/// The report of misère `values` over 0..=upto of the game `name`: any period is only
/// seen, not proved.
pub(super) fn misere_line(name: String, upto: u64, values: Vec<u64>) -> LineReport {
    let period = line_period(&values);
    let p_positions = zeros(&values);
    LineReport {
        game: format!("{name} (misère)"),
        kind: "line".into(),
        upto,
        values,
        period: period.map(|p| Period {
            preperiod: p.preperiod,
            period: p.period,
            step: p.step,
            status: "apparent".into(),
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
