//! `grundy explore`: the values of a game over a line or a grid, and what they show (the
//! library's [`grundy::report::explore`]), as text, JSON, or a picture.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use anyhow::anyhow;
use grundy::catalogue::explore;
use grundy::catalogue::{self, Feature, Options};
use grundy::picture;
use grundy::report::export::{Formula, Language};

use super::memory::Memory;
use crate::Failure;
use crate::progress::Bar;

/// What `grundy explore` was asked.
pub struct Request<'a> {
    pub family: &'a str,
    pub params: &'a [String],
    pub file: Option<&'a Path>,
    pub upto: Option<u64>,
    pub grid: Option<&'a str>,
    pub json: bool,
    pub png: Option<&'a Path>,
    pub memory: Option<&'a str>,
    pub misere: bool,
    pub stats: bool,
    pub checkpoint: Option<&'a Path>,
    pub export: Option<&'a str>,
    pub axes: Option<&'a str>,
}

pub fn run(req: &Request<'_>) -> Result<(), Failure> {
    let params = super::params_of(req.params)?;
    if let Some((name, values)) = params.sweep().map_err(|e| Failure::input(anyhow!(e)))? {
        return sweep(req, &params, &name, &values);
    }
    let game = catalogue::lookup_for_with(req.family, Feature::Explore, &params)?;
    if game.tokens_on_digraph() {
        return graph(req);
    }
    if req.stats || req.checkpoint.is_some() {
        return Err(Failure::input(anyhow!(
            "--stats and --checkpoint apply to explore graph over ranks (each rank's share of the graph); {} has none",
            grundy::parse::escaped_str(req.family)
        )));
    }
    if req.file.is_some() {
        return Err(Failure::input(anyhow!(
            "a file is read by explore graph only; {} takes --upto N or --grid X,Y",
            grundy::parse::escaped_str(req.family)
        )));
    }
    if req.memory.is_some() && !game.takes(grundy::catalogue::object::Knob::Memory) {
        return Err(Failure::input(anyhow!(
            "--memory applies to script games; built-in tables size themselves"
        )));
    }
    if req.axes.is_some() && !catalogue::is_script(req.family) {
        return Err(Failure::input(anyhow!(
            "--axes picks the entries of a script game's list positions that vary; {} has its own positions",
            grundy::parse::escaped_str(req.family)
        )));
    }
    let export: Option<Language> = req.export.map(str::parse).transpose()?;
    if export.is_some() && (req.upto.is_none() || req.png.is_some() || req.json) {
        return Err(Failure::input(anyhow!(
            "--export writes the pattern of a line of values: give --upto N (and neither --png nor --json)"
        )));
    }
    let options = options_of(req)?;
    let mut bar = Bar::above(20_000);
    let mut out = BufWriter::new(io::stdout().lock());
    match (req.upto, req.grid) {
        (Some(upto), None) => {
            let report = explore::line(&game, upto, &options, &mut bar)?;
            if let Some(language) = export {
                let formula = Formula::of_line(&report)?;
                write!(out, "{}", formula.write(language))?;
                out.flush()?;
                return Ok(());
            }
            if let Some(png) = req.png {
                picture::line_plot(png, &report.game, 0, &report.values)
                    .map_err(|e| Failure::from(e.into_error()))?;
            }
            print(&mut out, req.json, &report, &report)?;
        }
        (None, Some(grid)) => {
            let (xs, ys) = parse_grid(grid)?;
            let report = explore::grid(&game, xs, ys, &options, &mut bar)?;
            if let Some(png) = req.png {
                picture::value_map(png, &report.game, &report.grid())
                    .map_err(|e| Failure::from(e.into_error()))?;
            }
            print(&mut out, req.json, &report, &report)?;
        }
        _ => {
            return Err(Failure::input(anyhow!(
                "give exactly one of --upto N (positions 0..=N) and --grid X,Y (positions [x, y] for 0..=X × 0..=Y)"
            )));
        }
    }
    out.flush()?;
    Ok(())
}

/// What the engines may use for the request: its --memory, --misere and --axes.
fn options_of(req: &Request<'_>) -> Result<Options, Failure> {
    Ok(Options {
        memory: req
            .memory
            .map(|m| Memory::parse(Some(m)))
            .transpose()?
            .map(|m| m.0),
        cache: None,
        misere: req.misere,
        threads: 0,
        checkpoint: None,
        certificate: None,
        axes: req.axes.map(str::to_string),
    })
}

/// `--param k=A..=B`: the game explored for each k, and the pattern across k.
fn sweep(
    req: &Request<'_>,
    params: &grundy::parse::Params,
    name: &str,
    values: &[i64],
) -> Result<(), Failure> {
    if req.grid.is_some() || req.png.is_some() || req.export.is_some() || req.file.is_some() {
        return Err(Failure::input(anyhow!(
            "a sweep (--param {name}=A..=B) prints the pattern of each game and across {name}: --grid, --png, --export and a file do not apply"
        )));
    }
    let Some(upto) = req.upto else {
        return Err(Failure::input(anyhow!(
            "a sweep (--param {name}=A..=B) explores a line for each {name}: give --upto N (the positions a game with no theorem is explored over)"
        )));
    };
    let options = options_of(req)?;
    let mut bar = Bar::above(50);
    let report = explore::sweep(req.family, name, values, params, upto, &options, &mut bar)?;
    let mut out = BufWriter::new(io::stdout().lock());
    print(&mut out, req.json, &report, &report)?;
    out.flush()?;
    Ok(())
}

/// `explore graph FILE`: every vertex valued, and the graph drawn with --png.
fn graph(req: &Request<'_>) -> Result<(), Failure> {
    if req.upto.is_some()
        || req.grid.is_some()
        || req.memory.is_some()
        || req.misere
        || req.export.is_some()
    {
        return Err(Failure::input(anyhow!(
            "explore graph FILE values every vertex of the file's graph: --upto, --grid, --memory, --misere and --export do not apply"
        )));
    }
    if req.checkpoint.is_some() {
        return Err(Failure::input(anyhow!(
            "--checkpoint keeps the shards of explore graph over ranks: run it under an MPI launcher, or with --stats"
        )));
    }
    let input = super::read_input_of("graph", req.file)?;
    let report = match req.png {
        Some(png) => {
            let (report, pic) = picture::graph::explored(&input)?;
            picture::graph::write_graph(png, &pic, picture::Format::Png)
                .map_err(|e| Failure::from(e.into_error()))?;
            report
        }
        None => grundy::analysis::graph::explore(&input)?,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    print(&mut out, req.json, &report, &report)?;
    out.flush()?;
    Ok(())
}

/// The report as one line of JSON or as its text.
pub(super) fn print(
    out: &mut impl Write,
    json: bool,
    report: &impl serde::Serialize,
    text: &impl std::fmt::Display,
) -> Result<(), Failure> {
    if json {
        let line = serde_json::to_string(report).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
    } else {
        write!(out, "{text}")?;
    }
    Ok(())
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
