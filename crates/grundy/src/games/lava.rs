//! CAO Stage-3 (CodeChef CAOS3): an R×C map of walls (`#`) and open cells (`^`). A
//! monster lives on an open cell whose two nearest cells in each of the four directions
//! are open (the runs of `^` beside it are at least 2 long; walls and the map's edge break
//! a run). A move picks a live monster: lava fills its whole row and column, over walls,
//! stopping only at lava already there, and kills every monster it covers. The player who
//! makes the last move wins: lava lines are the cuts of the cross-cut game
//! ([`crate::games::cross_cut`]) on the monsters' cells.
//!
//! A map in play is read, written and drawn by [`LavaMap`] (see
//! [`crate::games::in_play`]).

use crate::games::cross_cut::Region;
use crate::games::in_play::{CutBoard, CutGame, Grid, LAVA_LIMITS, Limits};

/// caos3's map: walls `#`, open cells `^`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lava;

/// A whole map in play: the map and the monsters lava was poured from, in order.
pub type LavaMap = CutGame<Lava>;

impl CutBoard for Lava {
    const ALPHABET: &'static [u8] = b"#^";
    const LIMITS: Limits = LAVA_LIMITS;
    const VERB: &'static str = "pour lava from the monster at";
    const NOT_LIVE: &'static str = "holds no live monster";
    const GAMES: usize = 1;

    fn points(grid: &Grid) -> Vec<(usize, usize)> {
        monsters(grid.rows, grid.cols, &open_cells(grid))
    }

    fn place((r, c): (usize, usize)) -> (usize, (i64, i64)) {
        (0, (r as i64, c as i64))
    }

    fn start(grid: &Grid) -> Region {
        Region {
            u1: 0,
            u2: grid.rows as i64 - 1,
            v1: 0,
            v2: grid.cols as i64 - 1,
        }
    }

    fn mark(_played: bool, covered: bool, live: bool) -> Option<char> {
        if covered {
            Some('~')
        } else {
            live.then_some('m')
        }
    }
}

/// The map's open cells (`^`), row-major.
pub fn open_cells(grid: &Grid) -> Vec<bool> {
    grid.cells.iter().map(|&b| b == b'^').collect()
}

/// The monsters of a map given row-major as `open[r·cols + c]` (true for `^`).
pub fn monsters(rows: usize, cols: usize, open: &[bool]) -> Vec<(usize, usize)> {
    let at = |r: usize, c: usize| open[r * cols + c];
    let mut found = Vec::new();
    for r in 2..rows.saturating_sub(2) {
        for c in 2..cols.saturating_sub(2) {
            if at(r, c)
                && at(r - 1, c)
                && at(r - 2, c)
                && at(r + 1, c)
                && at(r + 2, c)
                && at(r, c - 1)
                && at(r, c - 2)
                && at(r, c + 1)
                && at(r, c + 2)
            {
                found.push((r, c));
            }
        }
    }
    found
}
