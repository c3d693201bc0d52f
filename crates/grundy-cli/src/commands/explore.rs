//! `grundy explore`: the values of a family over a line or a grid, and what they show.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use anyhow::anyhow;
use grundy::explore::{Grid, GridShape, Periodicity, line_period, zeros};
use grundy::games::lame_queen;
use grundy::{Family, picture};
use serde::Serialize;

use super::{family_failure, script};
use crate::Failure;

/// What `grundy explore` was asked.
pub struct Request<'a> {
    pub family: &'a str,
    pub upto: Option<u64>,
    pub grid: Option<&'a str>,
    pub json: bool,
    pub png: Option<&'a Path>,
    pub memory: Option<&'a str>,
}

/// The most P-positions listed in the text output (JSON has them all).
const LISTED: usize = 200;

pub fn run(req: &Request<'_>) -> Result<(), Failure> {
    grundy::catalogue::lookup_for(req.family, grundy::catalogue::Feature::Explore)?;
    if req.memory.is_some() && script::path_of(req.family).is_none() {
        return Err(Failure::input(anyhow!(
            "--memory applies to script games; built-in tables size themselves"
        )));
    }
    match (req.upto, req.grid) {
        (Some(upto), None) => line(req, upto),
        (None, Some(grid)) => {
            let (xs, ys) = parse_grid(grid)?;
            plane(req, xs, ys)
        }
        _ => Err(Failure::input(anyhow!(
            "give exactly one of --upto N (positions 0..=N) and --grid X,Y (positions [x, y] for 0..=X × 0..=Y)"
        ))),
    }
}

fn parse_grid(text: &str) -> Result<(u64, u64), Failure> {
    let bad = || {
        Failure::input(anyhow!(
            "--grid expects X,Y (two whole numbers, like 30,30), found '{}'",
            grundy::parse::escaped_str(text)
        ))
    };
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x = x.trim().parse().map_err(|_| bad())?;
    let y = y.trim().parse().map_err(|_| bad())?;
    Ok((x, y))
}

#[derive(Serialize)]
struct PeriodJson {
    preperiod: usize,
    period: usize,
    step: i64,
    /// "proved" (a periodicity theorem) or "apparent".
    status: &'static str,
}

#[derive(Serialize)]
struct LineJson<'a> {
    game: &'a str,
    kind: &'static str,
    upto: u64,
    values: &'a [u64],
    period: Option<PeriodJson>,
    p_positions: Vec<usize>,
}

fn line(req: &Request<'_>, upto: u64) -> Result<(), Failure> {
    let (name, values, proved) = if let Some(path) = script::path_of(req.family) {
        let limit = script::limit(req.memory)?;
        let game = script::load(path)?;
        let values = script::values_upto(&game, upto, limit)?;
        (format!("script {}", game.source()), values, None)
    } else if is_plane(req.family) {
        return Err(Failure::input(anyhow!(
            "{} is a game on [x, y]: use --grid X,Y",
            req.family
        )));
    } else {
        let family: Family = req.family.parse().map_err(Failure::input)?;
        let values = family.values(upto).map_err(family_failure)?;
        let proved = family.proven_period(&values);
        let values: Vec<u64> = values.into_iter().map(u64::from).collect();
        (family.to_string(), values, proved)
    };
    let period = match proved {
        Some(p) => Some((
            Periodicity {
                preperiod: p.preperiod,
                period: p.period,
                step: 0,
            },
            "proved",
        )),
        None => line_period(&values).map(|p| (p, "apparent")),
    };
    if let Some(png) = req.png {
        picture::line_plot(png, &name, 0, &values).map_err(Failure::input)?;
    }
    let ps = zeros(&values);
    let mut out = BufWriter::new(io::stdout().lock());
    if req.json {
        let json = LineJson {
            game: &name,
            kind: "line",
            upto,
            values: &values,
            period: period.map(|(p, status)| PeriodJson {
                preperiod: p.preperiod,
                period: p.period,
                step: p.step,
                status,
            }),
            p_positions: ps,
        };
        let line = serde_json::to_string(&json).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
        out.flush()?;
        return Ok(());
    }
    writeln!(out, "game:   {name} (positions 0..={upto})")?;
    let shown: Vec<String> = values.iter().map(u64::to_string).collect();
    writeln!(out, "values: {}", shown.join(" "))?;
    match period {
        Some((p, status)) => {
            let how = if status == "proved" {
                "proved by the periodicity theorem".to_string()
            } else {
                format!("apparent, seen up to {upto}")
            };
            let kind = if p.step == 0 {
                p.period.to_string()
            } else {
                format!("{}, arithmetic: each period adds {}", p.period, p.step)
            };
            writeln!(out, "period: {kind}, from n = {} ({how})", p.preperiod)?;
        }
        None => writeln!(out, "period: none seen up to {upto}")?,
    }
    write_list(&mut out, ps.len(), ps.iter().map(ToString::to_string))?;
    out.flush()?;
    Ok(())
}

fn write_list(
    out: &mut impl Write,
    count: usize,
    items: impl Iterator<Item = String>,
) -> io::Result<()> {
    let listed: Vec<String> = items.take(LISTED).collect();
    let more = if count > LISTED {
        format!(" … ({} more; --json lists them all)", count - LISTED)
    } else {
        String::new()
    };
    writeln!(out, "P-positions ({count}): {}{more}", listed.join(" "))
}

/// Built-in games on [x, y]: Wythoff's game and the lame queen with its d.
fn is_plane(name: &str) -> bool {
    name == "wythoff" || name.starts_with("lame-queen:")
}

#[derive(Serialize)]
struct GridJson<'a> {
    game: &'a str,
    kind: &'static str,
    x: u64,
    y: u64,
    /// values[x][y].
    values: Vec<&'a [u64]>,
    p_positions: Vec<(usize, usize)>,
    shape: &'a GridShape,
    status: &'static str,
}

fn plane(req: &Request<'_>, xs: u64, ys: u64) -> Result<(), Failure> {
    let (name, values) = if let Some(path) = script::path_of(req.family) {
        let limit = script::limit(req.memory)?;
        let game = script::load(path)?;
        let values = script::values_grid(&game, xs, ys, limit)?;
        (format!("script {}", game.source()), values)
    } else if is_plane(req.family) {
        let d = match req.family.strip_prefix("lame-queen:") {
            None => 1,
            Some(d) => d
                .parse::<u64>()
                .ok()
                .filter(|&d| (1..=lame_queen::MAX_STEP).contains(&d))
                .ok_or_else(|| {
                    Failure::input(anyhow!(
                        "lame-queen:D needs a whole number D from 1 to {}",
                        lame_queen::MAX_STEP
                    ))
                })?,
        };
        // The board's squares are counted from 1; [x, y] is the square (x + 1, y + 1).
        let values = lame_queen::grundy_values(d, xs.saturating_add(1), ys.saturating_add(1))
            .ok_or_else(|| {
                Failure::input(anyhow!(
                    "a grid of {}×{} positions is more than the supported {} (or the memory it would need)",
                    xs.saturating_add(1),
                    ys.saturating_add(1),
                    lame_queen::GRUNDY_SQUARES
                ))
            })?;
        let name = if d == 1 {
            "wythoff".to_string()
        } else {
            format!("lame-queen:{d}")
        };
        (name, values.into_iter().map(u64::from).collect())
    } else {
        return Err(Failure::input(anyhow!(
            "--grid works with script games and the built-in games on [x, y] (wythoff, lame-queen:D); '{}' is a line of heaps: use --upto N",
            grundy::parse::escaped_str(req.family)
        )));
    };
    let grid = Grid {
        xs: xs as usize,
        ys: ys as usize,
        values,
    };
    if let Some(png) = req.png {
        picture::value_map(png, &name, &grid).map_err(Failure::input)?;
    }
    let shape = grid.shape();
    let ps = grid.zeros();
    let mut out = BufWriter::new(io::stdout().lock());
    if req.json {
        let json = GridJson {
            game: &name,
            kind: "grid",
            x: xs,
            y: ys,
            values: grid.values.chunks(grid.ys + 1).collect(),
            p_positions: ps,
            shape: &shape,
            status: "apparent",
        };
        let line = serde_json::to_string(&json).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
        out.flush()?;
        return Ok(());
    }
    writeln!(
        out,
        "game:   {name} (positions [x, y], 0 ≤ x ≤ {xs}, 0 ≤ y ≤ {ys})"
    )?;
    writeln!(out, "values (one line per x, y = 0, 1, …):")?;
    for (x, row) in grid.values.chunks(grid.ys + 1).enumerate() {
        let shown: Vec<String> = row.iter().map(u64::to_string).collect();
        writeln!(out, "  x = {x}: {}", shown.join(" "))?;
    }
    write_list(
        &mut out,
        ps.len(),
        ps.iter().map(|(x, y)| format!("[{x}, {y}]")),
    )?;
    writeln!(out, "shape (apparent, seen up to [{xs}, {ys}]):")?;
    for line in describe_shape(&shape) {
        writeln!(out, "  {line}")?;
    }
    out.flush()?;
    Ok(())
}

fn describe_shape(s: &GridShape) -> Vec<String> {
    let mut lines = Vec::new();
    if s.symmetric {
        lines.push("symmetric: [x, y] and [y, x] have the same value".to_string());
    } else {
        lines.push("not symmetric: some [x, y] and [y, x] differ".to_string());
    }
    lines.push(format!(
        "each row (x fixed) holds {} P-position(s); each column (y fixed) {}",
        s.rows.describe(),
        s.columns.describe()
    ));
    let d = &s.diagonal_differences;
    if !d.is_empty() {
        let shown: Vec<String> = d.iter().take(30).map(ToString::to_string).collect();
        let more = if d.len() > 30 { ", …" } else { "" };
        let note = match s.each_diagonal {
            Some(1) => ": exactly one P-position on each diagonal y − x = 0, 1, 2, …".to_string(),
            Some(k) => format!(": exactly {k} P-positions on each diagonal y − x = 0, 1, 2, …"),
            None if s.differences_distinct => {
                ": at most one P-position on each diagonal".to_string()
            }
            None => String::new(),
        };
        lines.push(format!(
            "differences y − x of the P-positions with x ≤ y: {}{more}{note}",
            shown.join(", ")
        ));
    }
    if let Some(slope) = s.slope {
        lines.push(format!(
            "the P-positions with x < y lie near the line y = {slope:.4}·x (mean of y/x away from the corner)"
        ));
    }
    lines
}
