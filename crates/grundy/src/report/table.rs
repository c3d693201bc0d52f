//! Values of a board game over a range of board sizes: `grundy table cram|chomp`.
//!
//! Rows and columns are inclusive ranges; Cram boards are solved one by one by the
//! pruning search (values only), Chomp's bars are read from one table of the largest box,
//! of which every smaller bar is a position.

use std::fmt;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::Error;
use super::board::{ChompEngine, Labelled, empty_cram_value, solve_error};
use crate::games::board::{Chomp, Cram, WideCram};
use crate::nimber::Nimber;
use crate::progress::Progress;

/// The values of every board of a range of sizes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableReport {
    /// `cram` or `chomp`.
    pub game: String,
    /// The numbers of rows, one line of the table each.
    pub rows: Vec<usize>,
    /// The numbers of columns, one column of the table each.
    pub cols: Vec<usize>,
    /// `values[i][j]`: the board of `rows[i]` × `cols[j]`.
    pub values: Vec<Vec<Nimber>>,
    /// Misère play: the values are misère Grundy values (0 exactly when the player to move
    /// loses with the last move losing).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub misere: bool,
}

/// Which game a table is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardGame {
    /// Cram: full boards of at most 128 cells.
    Cram,
    /// Chomp: full rectangular bars.
    Chomp,
}

impl BoardGame {
    /// `cram` or `chomp`.
    pub fn name(self) -> &'static str {
        match self {
            BoardGame::Cram => "cram",
            BoardGame::Chomp => "chomp",
        }
    }

    /// The most rows and the most columns a board may have.
    pub fn max_sides(self) -> (usize, usize) {
        match self {
            BoardGame::Cram => (WideCram::MAX_CELLS, WideCram::MAX_CELLS),
            BoardGame::Chomp => (Chomp::MAX_ROWS, Chomp::MAX_COLS),
        }
    }
}

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

/// The table of `game` over `rows` × `cols` solved over every rank of `transport` (see
/// [`crate::solve::distributed`]): each Cram board one solve of all its regions, every
/// Chomp bar in one solve. Every rank must call it at once; rank 0 gets the table, the
/// others `None`; each rank gets what it stored and sent.
pub fn table_on(
    game: BoardGame,
    rows: RangeInclusive<usize>,
    cols: RangeInclusive<usize>,
    transport: &mut dyn crate::solve::distributed::Transport,
) -> Result<(Option<TableReport>, crate::solve::distributed::Stats), Error> {
    use crate::solve::distributed::{self, Stats};
    check(game, &rows, &cols, false)?;
    let sizes: Vec<(usize, usize)> = rows
        .clone()
        .flat_map(|r| cols.clone().map(move |c| (r, c)))
        .collect();
    let mut total = Stats::default();
    let mut add = |s: Stats| {
        // Each solve's table is gone when it ends: the most held at once is the largest.
        total.stored = total.stored.max(s.stored);
        total.messages += s.messages;
        total.bytes += s.bytes;
    };
    let found: Vec<Nimber> = match game {
        BoardGame::Chomp => {
            let roots = sizes
                .iter()
                .map(|&(r, c)| Chomp::rectangle(r, c).map_err(|e| Error::input(e.to_string())))
                .collect::<Result<Vec<_>, _>>()?;
            let (values, stats) = distributed::values(&Chomp, &roots, transport);
            add(stats);
            values
        }
        BoardGame::Cram => {
            let mut values = Vec::new();
            for &(r, c) in &sizes {
                let size = |e: crate::games::board::CramError| Error::input(e.to_string());
                let (v, stats) = if r * c > Cram::MAX_CELLS {
                    let cram = WideCram::new(r, c).map_err(size)?;
                    distributed::values(&cram, &[cram.full()], transport)
                } else {
                    let cram = Cram::new(r, c).map_err(size)?;
                    distributed::values(&cram, &[cram.full()], transport)
                };
                add(stats);
                values.extend(v);
            }
            values
        }
    };
    if transport.rank() != 0 {
        return Ok((None, total));
    }
    let width = cols.clone().count();
    Ok((
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
/// into `checkpoint` and resumes from it (see [`super::board::solve_cram_saved`]).
pub fn cram_saved(
    rows: usize,
    cols: usize,
    memory: u64,
    threads: usize,
    checkpoint: &super::board::Checkpoint,
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
/// each search holding at most [`super::misere::MISERE_POSITIONS`] sums.
pub fn misere_table(
    game: BoardGame,
    rows: RangeInclusive<usize>,
    cols: RangeInclusive<usize>,
    progress: &mut dyn Progress,
) -> Result<TableReport, Error> {
    use crate::solve::misere::Misere;
    check(game, &rows, &cols, true)?;
    let limit = super::misere::MISERE_POSITIONS;
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

impl fmt::Display for TableReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .values
            .iter()
            .flatten()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1);
        let last = self.cols.last().copied().unwrap_or(0);
        let width = width.max(last.to_string().len());
        write!(f, "{:>5} |", self.game)?;
        for c in &self.cols {
            write!(f, " {c:>width$}")?;
        }
        writeln!(f)?;
        writeln!(f, "{}", "-".repeat(7 + (width + 1) * self.cols.len()))?;
        for (r, line) in self.rows.iter().zip(&self.values) {
            write!(f, "{r:>5} |")?;
            for v in line {
                write!(f, " {v:>width$}")?;
            }
            writeln!(f)?;
        }
        if self.misere {
            writeln!(
                f,
                "misère play: misère Grundy values (0: the player to move loses)"
            )?;
        }
        Ok(())
    }
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
        let results: Vec<Option<TableReport>> = std::thread::scope(|s| {
            let handles: Vec<_> = Local::group(ranks)
                .into_iter()
                .map(|mut t| {
                    let (rows, cols) = (rows.clone(), cols.clone());
                    s.spawn(move || table_on(game, rows, cols, &mut t).unwrap().0)
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
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
        assert!(table_on(BoardGame::Cram, 12..=12, 11..=11, &mut alone).is_err());
    }
}
