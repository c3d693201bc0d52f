//! Tables of Cram and Chomp values over board sizes, on one process or over ranks, checked against known values.
//!
//! The report it makes is data in [`crate::report::table`].

use crate::report::table::*;
use std::ops::RangeInclusive;

use crate::analysis::board::{ChompEngine, Labelled, empty_cram_value, solve_error};
use crate::games::board::{Chomp, Cram, WideCram};
use crate::nimber::Nimber;
use crate::progress::Progress;
use crate::report::Error;

/// Whether a table of `game` over `rows` × `cols` can be asked at all: sides from 1 to the
/// game's largest, and no Cram board past 128 cells (64 under misère play). A table split
/// into one task a board checks this before any task runs.
pub fn check(
    game: BoardGame,
    rows: &RangeInclusive<usize>,
    cols: &RangeInclusive<usize>,
    misere: bool,
) -> Result<(), Error> {
    let (max_rows, max_cols) = game.max_sides();
    for (what, range, max) in [("rows", rows, max_rows), ("cols", cols, max_cols)] {
        if range.is_empty() || *range.start() == 0 || *range.end() > max {
            return Err(Error::input(format!(
                "--{what} {}..={}: {} tables have 1 to {max} {what}",
                range.start(),
                range.end(),
                game.name()
            )));
        }
    }
    let (r, c) = (*rows.end(), *cols.end());
    let most = if misere {
        Cram::MAX_CELLS
    } else {
        WideCram::MAX_CELLS
    };
    if game == BoardGame::Cram && r * c > most {
        // Boards past the limit in the range: refused before any work.
        return Err(Error::input(format!(
            "--rows {}..={r} --cols {}..={c} includes {r}×{c} = {} cells; Cram boards have at most {most}{}",
            rows.start(),
            cols.start(),
            r * c,
            if misere { " under misère play" } else { "" }
        )));
    }
    Ok(())
}

/// The table of `game` over `rows` × `cols`, each engine within `memory` bytes, Cram's
/// search on `threads` threads. `progress`
/// hears of Chomp's table being filled, then of the boards done, and of what the search on
/// each Cram board is trying.
pub fn table(
    game: BoardGame,
    rows: RangeInclusive<usize>,
    cols: RangeInclusive<usize>,
    memory: u64,
    threads: usize,
    progress: &mut dyn Progress,
) -> Result<TableReport, Error> {
    check(game, &rows, &cols, false)?;
    let (r, c) = (*rows.end(), *cols.end());
    // One Chomp engine for the whole table: smaller bars are positions of larger ones.
    let mut chomp = (game == BoardGame::Chomp).then(|| ChompEngine::new(r, c, memory, progress));
    let boards = rows.clone().count() * cols.clone().count();
    progress.start(boards as u64);
    let mut values = Vec::new();
    let mut done = 0u64;
    for r in rows.clone() {
        let mut line = Vec::new();
        for c in cols.clone() {
            let v = match chomp.as_mut() {
                None => {
                    let mut each = Labelled {
                        label: format!("{r}×{c}"),
                        progress,
                    };
                    empty_cram_value(r, c, memory, threads, None, &mut each)?
                }
                Some(engine) => {
                    let p = Chomp::rectangle(r, c).map_err(|e| Error::input(e.to_string()))?;
                    engine
                        .value(p)
                        .map_err(|e| solve_error(e).context(format!("the {r}×{c} board")))?
                }
            };
            line.push(v);
            done += 1;
            progress.advance(done);
        }
        values.push(line);
    }
    progress.finish();
    Ok(TableReport {
        game: game.name().into(),
        rows: rows.collect(),
        cols: cols.collect(),
        values,
        misere: false,
    })
}

/// Where a table over ranks keeps its shards: one folder a board (`cram-5x7`, or
/// `chomp-RxC` for all the bars to R × C) under `dir`, saved as
/// [`crate::solve::distributed::Saving`] says.
pub struct RanksSaving<'a> {
    /// The folder of the folders.
    pub dir: &'a std::path::Path,
    /// How often each rank saves.
    pub every: std::time::Duration,
    /// Whether this rank was asked to stop.
    pub stop: &'a (dyn Fn() -> bool + Sync),
}

impl<'a> RanksSaving<'a> {
    /// The saving of one solve: its shards in `dir` (a folder under [`RanksSaving::dir`]),
    /// labelled `label`.
    pub fn solve<'b>(
        &'b self,
        dir: &'b std::path::Path,
        label: &'b str,
    ) -> crate::solve::distributed::Saving<'b> {
        crate::solve::distributed::Saving {
            dir,
            label,
            every: self.every,
            stop: self.stop,
        }
    }
}

/// A solve over ranks that did not end: the folder of its shards when it was stopped, or
/// the error it is (a refused shard is bad input, a failed write a failure).
pub(crate) fn stopped_at(
    stop: crate::solve::distributed::SolveStop,
) -> Result<std::path::PathBuf, Error> {
    use crate::solve::distributed::SolveStop;
    match stop {
        SolveStop::Stopped(at) => Ok(at),
        e @ SolveStop::Shard(_) => Err(Error::input(e.to_string())),
        e @ SolveStop::Files(_) => Err(Error::failed(e.to_string())),
    }
}

/// The table of `game` over `rows` × `cols` solved over every rank of `transport` (see
/// [`crate::solve::distributed`]): each Cram board one solve of all its regions, every
/// Chomp bar in one solve. Every rank must call it at once. With `saving`, each board's
/// parts are kept in shards and a run goes on from them.
pub fn table_on(
    game: BoardGame,
    rows: RangeInclusive<usize>,
    cols: RangeInclusive<usize>,
    transport: &mut dyn crate::solve::distributed::Transport,
    saving: Option<&RanksSaving<'_>>,
) -> Result<OnRanks, Error> {
    use crate::solve::distributed::{self, Stats, Tiered};
    check(game, &rows, &cols, false)?;
    let sizes: Vec<(usize, usize)> = rows
        .clone()
        .flat_map(|r| cols.clone().map(move |c| (r, c)))
        .collect();
    let mut total = Stats::default();
    /// One solve, saved under `name` when asked; its values, or where it stopped.
    fn solve<G: Tiered>(
        game: &G,
        roots: &[G::Position],
        name: &str,
        transport: &mut dyn distributed::Transport,
        saving: Option<&RanksSaving<'_>>,
        total: &mut Stats,
    ) -> Result<Result<Vec<Nimber>, std::path::PathBuf>, Error> {
        let dir = saving.map(|s| s.dir.join(name));
        let shards = saving.zip(dir.as_deref()).map(|(s, d)| s.solve(d, name));
        match distributed::values_saved(game, roots, transport, shards.as_ref()) {
            Ok((values, stats)) => {
                // Each solve's table is gone when it ends: the most held at once is the
                // largest.
                total.stored = total.stored.max(stats.stored);
                total.messages += stats.messages;
                total.bytes += stats.bytes;
                total.loaded += stats.loaded;
                Ok(Ok(values))
            }
            Err(e) => stopped_at(e).map(Err),
        }
    }
    let mut found: Vec<Nimber> = Vec::new();
    match game {
        BoardGame::Chomp => {
            let roots = sizes
                .iter()
                .map(|&(r, c)| Chomp::rectangle(r, c).map_err(|e| Error::input(e.to_string())))
                .collect::<Result<Vec<_>, _>>()?;
            let name = format!("chomp-{}x{}", rows.end(), cols.end());
            match solve(&Chomp, &roots, &name, transport, saving, &mut total)? {
                Ok(values) => found = values,
                Err(at) => return Ok(OnRanks::Stopped(at)),
            }
        }
        BoardGame::Cram => {
            for &(r, c) in &sizes {
                let size = |e: crate::games::board::CramError| Error::input(e.to_string());
                let name = format!("cram-{r}x{c}");
                let done = if r * c > Cram::MAX_CELLS {
                    let cram = WideCram::new(r, c).map_err(size)?;
                    solve(&cram, &[cram.full()], &name, transport, saving, &mut total)?
                } else {
                    let cram = Cram::new(r, c).map_err(size)?;
                    solve(&cram, &[cram.full()], &name, transport, saving, &mut total)?
                };
                match done {
                    Ok(values) => found.extend(values),
                    Err(at) => return Ok(OnRanks::Stopped(at)),
                }
            }
        }
    }
    if transport.rank() != 0 {
        return Ok(OnRanks::Done(None, total));
    }
    let width = cols.clone().count();
    Ok(OnRanks::Done(
        Some(TableReport {
            game: game.name().into(),
            rows: rows.collect(),
            cols: cols.collect(),
            values: found.chunks(width).map(<[Nimber]>::to_vec).collect(),
            misere: false,
        }),
        total,
    ))
}

/// The one-board table of an empty Cram board of `rows` × `cols`, by a search that saves
/// into `checkpoint` and resumes from it (see [`crate::analysis::board::solve_cram_saved`]).
pub fn cram_saved(
    rows: usize,
    cols: usize,
    memory: u64,
    threads: usize,
    checkpoint: &crate::analysis::board::Checkpoint,
    progress: &mut dyn Progress,
) -> Result<TableReport, Error> {
    let mut each = Labelled {
        label: format!("{rows}×{cols}"),
        progress,
    };
    let value = empty_cram_value(rows, cols, memory, threads, Some(checkpoint), &mut each)?;
    progress.finish();
    Ok(TableReport {
        game: BoardGame::Cram.name().into(),
        rows: vec![rows],
        cols: vec![cols],
        values: vec![vec![value]],
        misere: false,
    })
}

/// The misère table of `game` over `rows` × `cols`: each board's misère Grundy value by the
/// misère search (Cram's regions searched as one sum; one search for every Chomp bar),
/// each search holding at most [`crate::analysis::misere::MISERE_POSITIONS`] sums.
pub fn misere_table(
    game: BoardGame,
    rows: RangeInclusive<usize>,
    cols: RangeInclusive<usize>,
    progress: &mut dyn Progress,
) -> Result<TableReport, Error> {
    use crate::solve::misere::Misere;
    check(game, &rows, &cols, true)?;
    let limit = crate::analysis::misere::MISERE_POSITIONS;
    let too_big = |r: usize, c: usize| {
        move |e: crate::SolveError| {
            Error::input(format!(
                "the {r}×{c} board under misère play: {e} (the misère search holds at most {limit} sums)"
            ))
        }
    };
    let boards = rows.clone().count() * cols.clone().count();
    progress.start(boards as u64);
    let mut chomp = Misere::new(Chomp, limit);
    let mut values = Vec::new();
    let mut done = 0u64;
    for r in rows.clone() {
        let mut line = Vec::new();
        for c in cols.clone() {
            let v = match game {
                BoardGame::Cram => {
                    let cram = Cram::new(r, c).map_err(|e| {
                        Error::input(format!("{e} (misère play takes boards of at most 64)"))
                    })?;
                    let mut search = Misere::new(cram, limit);
                    search
                        .value(&cram.regions(cram.full()))
                        .map_err(too_big(r, c))?
                }
                BoardGame::Chomp => {
                    let p = Chomp::rectangle(r, c).map_err(|e| Error::input(e.to_string()))?;
                    chomp.value(&[p]).map_err(too_big(r, c))?
                }
            };
            line.push(v);
            done += 1;
            progress.advance(done);
        }
        values.push(line);
    }
    progress.finish();
    Ok(TableReport {
        game: game.name().into(),
        rows: rows.collect(),
        cols: cols.collect(),
        values,
        misere: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::distributed::Local;

    /// `table_on` over `ranks` threads: rank 0's table, the others' `None` checked.
    fn on_ranks(
        game: BoardGame,
        rows: RangeInclusive<usize>,
        cols: RangeInclusive<usize>,
        ranks: usize,
    ) -> TableReport {
        let results = Local::run(ranks, |t| {
            match table_on(game, rows.clone(), cols.clone(), t, None).unwrap() {
                OnRanks::Done(report, _) => report,
                OnRanks::Stopped(_) => panic!("stopped"),
            }
        });
        assert!(results[1..].iter().all(Option::is_none));
        results.into_iter().next().unwrap().unwrap()
    }

    #[test]
    fn a_table_over_ranks_is_the_table_of_one_process() {
        for game in [BoardGame::Cram, BoardGame::Chomp] {
            let here = table(game, 1..=4, 1..=5, 1 << 26, 1, &mut crate::NoProgress).unwrap();
            for ranks in [1, 2, 3] {
                assert_eq!(
                    on_ranks(game, 1..=4, 1..=5, ranks),
                    here,
                    "{} on {ranks} ranks",
                    game.name()
                );
            }
        }
        // Refused like the one-process table, before any solve.
        let mut alone = crate::solve::distributed::Single;
        assert!(table_on(BoardGame::Cram, 12..=12, 11..=11, &mut alone, None).is_err());
    }
}
