//! `grundy table cram|chomp --rows A..=B --cols C..=D`: values over a range of board sizes.

use std::io::{self, BufWriter, Write};
use std::ops::RangeInclusive;

use anyhow::anyhow;
use grundy::analysis::table::{table, table_on};
use grundy::catalogue::{self, Feature};
use grundy::report::table::{BoardGame, TableReport};
use grundy::solve::distributed::{Single, Transport};

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

/// What `grundy table` was asked.
pub struct Request<'a> {
    pub game: &'a str,
    pub rows: &'a str,
    pub cols: &'a str,
    pub json: bool,
    pub memory: Option<&'a str>,
    pub misere: bool,
    pub threads: Option<u16>,
    pub checkpoint: Option<&'a std::path::Path>,
    pub stats: bool,
}

/// Runs `grundy table`; under an MPI launcher `job` is this process's rank of the job.
pub fn run(req: &Request<'_>, job: Option<&mut dyn Transport>) -> Result<(), Failure> {
    let Request {
        game,
        rows,
        cols,
        json,
        memory,
        misere,
        threads,
        checkpoint,
        stats,
    } = *req;
    let board = catalogue::lookup_for(game, Feature::Table)?
        .board_game()
        .unwrap_or(BoardGame::Cram);
    if stats || job.is_some() {
        return on_ranks(board, req, job);
    }
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
        let saved = grundy::analysis::board::Checkpoint {
            path: path.to_path_buf(),
            every: grundy::analysis::board::SAVE_EVERY,
        };
        super::until_signalled(path, || {
            grundy::analysis::table::cram_saved(
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
                grundy::analysis::misere::MISERE_POSITIONS
            )));
        }
        grundy::analysis::table::misere_table(board, rows, cols, &mut Bar::above(8))?
    } else {
        let memory = Memory::parse(memory)?;
        table(board, rows, cols, memory.0, threads, &mut Bar::above(8))?
    };
    print(&report, json)
}

/// The table as one solve over the ranks of an MPI job (or, with `--stats` alone, over
/// this one process), with `--checkpoint DIR` keeping each rank's part in shards there.
fn on_ranks(
    board: BoardGame,
    req: &Request<'_>,
    job: Option<&mut dyn Transport>,
) -> Result<(), Failure> {
    if req.misere || req.threads.is_some() || req.memory.is_some() {
        return Err(Failure::input(anyhow!(
            "--misere, --threads and --memory are not part of the ranks' solve (under an MPI launcher, or with --stats): each rank runs one thread and holds its share of the table"
        )));
    }
    let (max_rows, max_cols) = board.max_sides();
    let rows = range("rows", req.rows, max_rows)?;
    let cols = range("cols", req.cols, max_cols)?;
    let mut alone = Single;
    let transport: &mut dyn Transport = match job {
        Some(job) => job,
        None => &mut alone,
    };
    let (report, counts) = super::ranks::with_shards(req.checkpoint, transport, |job, saving| {
        Ok(table_on(board, rows, cols, job, saving)?)
    })?;
    if req.stats {
        super::ranks::rank_stats(transport, &counts, req.checkpoint.is_some());
    }
    match report {
        Some(report) => print(&report, req.json),
        None => Ok(()),
    }
}

/// Prints the table as text or JSON.
fn print(report: &TableReport, json: bool) -> Result<(), Failure> {
    let mut out = BufWriter::new(io::stdout().lock());
    if json {
        let line = serde_json::to_string(report).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
    } else {
        write!(out, "{report}")?;
    }
    out.flush()?;
    Ok(())
}
