//! `grundy table cram|chomp --rows A..=B --cols C..=D`: values over a range of board sizes.

use std::io::{self, BufWriter, Write};
use std::ops::RangeInclusive;

use anyhow::anyhow;
use grundy::Nimber;
use grundy::catalogue::{self, Feature, Game};
use grundy::games::board::{Chomp, Cram};
use serde::Serialize;

use grundy::report::board::{ChompEngine, solve_cram, solve_error};

use super::memory::Memory;
use crate::Failure;
use crate::progress::Bar;
use grundy::Progress;

/// Parses `A..=B`, `A..B` or `N` for `--rows` or `--cols`, within 1..=`max`.
fn range(flag: &str, text: &str, max: usize) -> Result<RangeInclusive<usize>, Failure> {
    let bad = || {
        Failure::input(anyhow!(
            "--{flag}: expected A..=B, A..B or a number, each from 1 to {max}, found '{}'",
            grundy::parse::escaped_str(text)
        ))
    };
    let num = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| (1..=max).contains(&n))
    };
    let (lo, hi) = if let Some((a, b)) = text.split_once("..=") {
        (num(a).ok_or_else(bad)?, num(b).ok_or_else(bad)?)
    } else if let Some((a, b)) = text.split_once("..") {
        let hi = b
            .trim()
            .parse::<usize>()
            .ok()
            .and_then(|b| b.checked_sub(1));
        (
            num(a).ok_or_else(bad)?,
            hi.and_then(|h| num(&h.to_string())).ok_or_else(bad)?,
        )
    } else {
        let n = num(text).ok_or_else(bad)?;
        (n, n)
    };
    if lo > hi {
        return Err(bad());
    }
    Ok(lo..=hi)
}

#[derive(Serialize)]
struct TableJson<'a> {
    game: &'a str,
    rows: Vec<usize>,
    cols: Vec<usize>,
    values: Vec<Vec<u64>>,
}

pub fn run(
    game: &str,
    rows: &str,
    cols: &str,
    json: bool,
    memory: Option<&str>,
) -> Result<(), Failure> {
    let (max_rows, max_cols) = match catalogue::lookup_for(game, Feature::Table)? {
        Game::Chomp => (Chomp::MAX_ROWS, Chomp::MAX_COLS),
        _ => (64, 64),
    };
    let rows = range("rows", rows, max_rows)?;
    let cols = range("cols", cols, max_cols)?;
    if game == "cram" {
        let (r, c) = (*rows.end(), *cols.end());
        if r * c > Cram::MAX_CELLS {
            // Boards past 64 cells in the range: refused before any work.
            return Err(Failure::input(anyhow!(
                "--rows {}..={r} --cols {}..={c} includes {r}×{c} = {} cells; Cram boards have at most {}",
                rows.start(),
                cols.start(),
                r * c,
                Cram::MAX_CELLS
            )));
        }
    }
    let memory = Memory::parse(memory)?;
    let boards = rows.clone().count() * cols.clone().count();
    let mut bar = Bar::above(8);
    bar.start(boards as u64);
    let mut values: Vec<Vec<u64>> = Vec::new();
    // One Chomp engine for the whole table: smaller bars are positions of larger ones.
    let mut chomp = (game == "chomp")
        .then(|| ChompEngine::new(*rows.end(), *cols.end(), memory.0, &mut Bar::above(1 << 24)));
    let mut done = 0u64;
    for r in rows.clone() {
        let mut line = Vec::new();
        for c in cols.clone() {
            let fail = |e| {
                let f = Failure::from(solve_error(e));
                Failure {
                    status: f.status,
                    error: f.error.context(format!("the {r}×{c} board")),
                }
            };
            let v: Nimber = match chomp.as_mut() {
                None => {
                    let cram = Cram::new(r, c).map_err(Failure::input)?;
                    solve_cram(
                        cram,
                        cram.full(),
                        memory.0,
                        &format!("{r}×{c}"),
                        false,
                        &mut Bar::delayed(),
                    )
                    .0
                }
                Some(engine) => {
                    let p = Chomp::rectangle(r, c).map_err(Failure::input)?;
                    engine.value(p).map_err(fail)?
                }
            };
            line.push(v.0);
            done += 1;
            bar.advance(done);
        }
        values.push(line);
    }
    bar.finish();
    let mut out = BufWriter::new(io::stdout().lock());
    if json {
        let line = serde_json::to_string(&TableJson {
            game,
            rows: rows.collect(),
            cols: cols.collect(),
            values,
        })
        .map_err(Failure::other)?;
        writeln!(out, "{line}")?;
    } else {
        let width = values
            .iter()
            .flatten()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1);
        let width = width.max(cols.end().to_string().len());
        write!(out, "{game:>5} |")?;
        for c in cols.clone() {
            write!(out, " {c:>width$}")?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "{}",
            "-".repeat(7 + (width + 1) * cols.clone().count())
        )?;
        for (r, line) in rows.zip(&values) {
            write!(out, "{r:>5} |")?;
            for v in line {
                write!(out, " {v:>width$}")?;
            }
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(())
}
