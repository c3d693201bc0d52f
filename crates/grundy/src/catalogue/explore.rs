//! `explore` over the catalogue: the values of a game over a line of heaps (0..=N) or a
//! grid of positions [x, y], each game computed by its own engine, and what they show (see
//! [`crate::report::explore`] for the reports).

use super::Game;
use crate::explore::{line_period, zeros};
use crate::games::lame_queen;
use crate::progress::Progress;
use crate::report::explore::{GridReport, LineReport, Period, grid_report};
use crate::report::{Error, Options};

/// The values of `game` over 0..=upto: heap families and script games.
pub fn line(
    game: &Game,
    upto: u64,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<LineReport, Error> {
    let _ = (options, &progress);
    if options.misere {
        return misere_line(game, upto, options, progress);
    }
    let (name, values, proved) = match game {
        #[cfg(feature = "script")]
        Game::Script(script) => {
            let values =
                crate::script::values_upto(script, upto, options.script_positions(), progress)?;
            (format!("script {}", script.source()), values, None)
        }
        Game::Heaps(family) => {
            let values = family
                .values(upto)
                .map_err(crate::report::heaps::family_error)?;
            let proved = family.proven_period(&values);
            let values: Vec<u64> = values.into_iter().map(u64::from).collect();
            (family.to_string(), values, proved)
        }
        other => {
            return Err(Error::input(format!(
                "{} is a game on [x, y]: use --grid X,Y",
                other.name()
            )));
        }
    };
    Ok(LineReport::of(name, values, proved))
}

/// The values of `game` over [0..=xs] × [0..=ys]: the plane games and script games.
pub fn grid(
    game: &Game,
    xs: u64,
    ys: u64,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<GridReport, Error> {
    let _ = (options, &progress);
    if options.misere {
        return misere_grid(game, xs, ys, options, progress);
    }
    let (name, values) = match game {
        #[cfg(feature = "script")]
        Game::Script(script) => {
            let values =
                crate::script::values_grid(script, xs, ys, options.script_positions(), progress)?;
            (format!("script {}", script.source()), values)
        }
        Game::Plane { d, name } => {
            // The board's squares are counted from 1; [x, y] is the square (x + 1, y + 1).
            let values =
                lame_queen::grundy_values(*d, xs.saturating_add(1), ys.saturating_add(1))
                    .ok_or_else(|| {
                        Error::input(format!(
                            "a grid of {}×{} positions is more than the supported {} (or the memory it would need)",
                            xs.saturating_add(1),
                            ys.saturating_add(1),
                            lame_queen::GRUNDY_SQUARES
                        ))
                    })?;
            (name.clone(), values.into_iter().map(u64::from).collect())
        }
        other => {
            return Err(Error::input(format!(
                "--grid works with script games and the built-in games on [x, y] (wythoff, lame-queen:D); '{}' is a line of heaps: use --upto N",
                crate::parse::escaped_str(&other.name())
            )));
        }
    };
    Ok(grid_report(name, xs, ys, values))
}

/// The misère values of a line: the heap families' (misère Nim by its formula, others by
/// the misère search) and a script game's positions 0..=upto. Any period is only seen.
fn misere_line(
    game: &Game,
    upto: u64,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<LineReport, Error> {
    let _ = options;
    let (name, values) = match game {
        Game::Heaps(family) => (
            family.to_string(),
            crate::report::heaps::misere_values(family, upto, progress)?,
        ),
        #[cfg(feature = "script")]
        Game::Script(script) => {
            use crate::script::ScriptPosition;
            let mut search =
                crate::solve::misere::Misere::new(&**script, options.script_positions());
            let mut values = Vec::new();
            for n in 0..=upto {
                let v = search
                    .value(&[ScriptPosition::Int(n as i64)])
                    .map_err(crate::report::script::solve_error)?;
                values.push(v.0);
            }
            (format!("script {}", script.source()), values)
        }
        other => {
            return Err(Error::input(format!(
                "{} is a game on [x, y]: use --grid X,Y",
                other.name()
            )));
        }
    };
    let period = line_period(&values);
    let p_positions = zeros(&values);
    Ok(LineReport {
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
    })
}

/// The most squares a misère grid may have: each is searched with all its moves.
pub const MISERE_GRID_SQUARES: u64 = 250_000;

/// The misère values of a grid of the plane games or a script game, by the misère search.
fn misere_grid(
    game: &Game,
    xs: u64,
    ys: u64,
    options: &Options,
    progress: &mut dyn Progress,
) -> Result<GridReport, Error> {
    let _ = (options, &progress);
    let squares = xs.saturating_add(1).saturating_mul(ys.saturating_add(1));
    if squares > MISERE_GRID_SQUARES {
        return Err(Error::input(format!(
            "a misère grid of {squares} positions is more than the supported {MISERE_GRID_SQUARES}"
        )));
    }
    let limit = crate::report::misere::MISERE_POSITIONS;
    let mut values = Vec::with_capacity(squares as usize);
    let name = match game {
        Game::Plane { d, name } => {
            let mut search =
                crate::solve::misere::Misere::new(lame_queen::LameQueen { d: *d }, limit);
            for x in 0..=xs {
                for y in 0..=ys {
                    let v = search
                        .value(&[(x as u32 + 1, y as u32 + 1)])
                        .map_err(|e| Error::input(format!("{name} under misère play: {e}")))?;
                    values.push(v.0);
                }
            }
            name.clone()
        }
        #[cfg(feature = "script")]
        Game::Script(script) => {
            use crate::script::ScriptPosition;
            let mut search =
                crate::solve::misere::Misere::new(&**script, options.script_positions());
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
            format!("script {}", script.source())
        }
        other => {
            return Err(Error::input(format!(
                "--grid works with script games and the built-in games on [x, y] (wythoff, lame-queen:D); '{}' is a line of heaps: use --upto N",
                crate::parse::escaped_str(&other.name())
            )));
        }
    };
    Ok(grid_report(format!("{name} (misère)"), xs, ys, values))
}
