//! `grundy table cram|chomp --rows A..=B --cols C..=D`: values over a range of board sizes.

use std::io::{self, BufWriter, Write};
use std::ops::RangeInclusive;

use anyhow::anyhow;
use grundy::catalogue::{self, Feature, Game};
use grundy::report::table::{BoardGame, table};

use super::memory::Memory;
use crate::Failure;
use crate::progress::Bar;

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

pub fn run(
    game: &str,
    rows: &str,
    cols: &str,
    json: bool,
    memory: Option<&str>,
    misere: bool,
    (threads, checkpoint): (Option<u16>, Option<&std::path::Path>),
) -> Result<(), Failure> {
    let board = match catalogue::lookup_for(game, Feature::Table)? {
        Game::Chomp => BoardGame::Chomp,
        _ => BoardGame::Cram,
    };
    if threads.is_some() && (board != BoardGame::Cram || misere) {
        return Err(Failure::input(anyhow!(
            "--threads applies to Cram's normal-play search, not to {}{}",
            board.name(),
            if misere { " --misere" } else { "" }
        )));
    }
    let threads = threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let (max_rows, max_cols) = board.max_sides();
    let rows = range("rows", rows, max_rows)?;
    let cols = range("cols", cols, max_cols)?;
    let one_board = rows.clone().count() * cols.clone().count() == 1;
    if checkpoint.is_some() && (board != BoardGame::Cram || misere || !one_board) {
        return Err(Failure::input(anyhow!(
            "--checkpoint saves one Cram board's search: give one number to --rows and one to --cols, under normal play"
        )));
    }
    let report = if let Some(path) = checkpoint {
        let memory = Memory::parse(memory)?;
        let saved = grundy::report::board::Checkpoint {
            path: path.to_path_buf(),
            every: grundy::report::board::SAVE_EVERY,
        };
        super::until_signalled(path, || {
            grundy::report::table::cram_saved(
                *rows.start(),
                *cols.start(),
                memory.0,
                threads,
                &saved,
                &mut Bar::above(8),
            )
        })??
    } else if misere {
        if memory.is_some() {
            return Err(Failure::input(anyhow!(
                "--memory sizes the normal-play engines; --misere searches hold at most {} sums",
                grundy::report::misere::MISERE_POSITIONS
            )));
        }
        grundy::report::table::misere_table(board, rows, cols, &mut Bar::above(8))?
    } else {
        let memory = Memory::parse(memory)?;
        table(board, rows, cols, memory.0, threads, &mut Bar::above(8))?
    };
    let mut out = BufWriter::new(io::stdout().lock());
    if json {
        let line = serde_json::to_string(&report).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
    } else {
        write!(out, "{report}")?;
    }
    out.flush()?;
    Ok(())
}
