//! Values of a board game over a range of board sizes: `grundy table cram|chomp`.
//!
//! Rows and columns are inclusive ranges; Cram boards are solved one by one by the
//! pruning search (values only), Chomp's bars are read from one table of the largest box,
//! of which every smaller bar is a position.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::board::{Chomp, WideCram};
use crate::nimber::Nimber;

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

/// How a report over ranks (a table, or a graph's) ended.
#[derive(Debug)]
pub enum OnRanks<R = TableReport> {
    /// Rank 0 has the report, the others `None`; each rank what it stored, sent and loaded.
    Done(Option<R>, crate::solve::distributed::Stats),
    /// A rank was asked to stop: every rank's part of the solve in hand is saved under this
    /// folder (for a table, the boards before it are too, finished).
    Stopped(std::path::PathBuf),
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
