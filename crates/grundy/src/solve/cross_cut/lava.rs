//! CAO Stage-3 (CodeChef CAOS3) on the cross-cut engine.
//!
//! An R×C map of walls (`#`) and open cells (`^`). A monster lives on an open cell whose
//! two nearest cells in each of the four directions are open (the runs of `^` beside it are
//! at least 2 long; walls and the map's edge break a run). A move picks a live monster:
//! lava fills its whole row and column, over walls, stopping only at lava already there,
//! and kills every monster it covers. The player who makes the last move wins.
//!
//! Lava lines are exactly the cuts of the cross-cut game on the monsters' cells.
//!
//! ```
//! use grundy::solve::cross_cut::lava;
//!
//! // A 5×5 open map has one monster, in the centre: the first player takes it and wins.
//! let open = vec![true; 25];
//! let a = lava::analyze(5, 5, &open).unwrap();
//! assert_eq!(a.monsters, vec![(2, 2)]);
//! assert_eq!(a.winning, vec![(2, 2)]);
//! ```

use crate::games::in_play::CutBoard;
use crate::games::lava::Lava;
pub use crate::games::lava::monsters;
use crate::nimber::Nimber;
use crate::solve::cross_cut::{
    self, CrossCut, CrossCutError, CrossCutStats, InPlayError, PlayedError, Region,
};
use crate::work::Budget;

/// A map explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every monster (0-based row, column), row-major.
    pub monsters: Vec<(usize, usize)>,
    /// The value of the map.
    pub grundy: Nimber,
    /// The monsters whose cell is a winning first move, row-major.
    pub winning: Vec<(usize, usize)>,
    /// What the engine did.
    pub stats: CrossCutStats,
}

/// The value of a map given row-major as `open[r·cols + c]`, without the winning moves.
pub fn grundy(rows: usize, cols: usize, open: &[bool]) -> Result<Nimber, CrossCutError> {
    grundy_within(rows, cols, open, &Budget::unlimited())
}

/// [`grundy`], charging the work to `budget` (see [`crate::work`]).
pub fn grundy_within(
    rows: usize,
    cols: usize,
    open: &[bool],
    budget: &Budget,
) -> Result<Nimber, CrossCutError> {
    let points: Vec<(i64, i64)> = monsters(rows, cols, open)
        .iter()
        .map(|&(r, c)| (r as i64, c as i64))
        .collect();
    CrossCut::new(&points)?.within(budget).grundy()
}

/// Explains a map given row-major as `open[r·cols + c]`.
pub fn analyze(rows: usize, cols: usize, open: &[bool]) -> Result<Analysis, CrossCutError> {
    analyze_within(rows, cols, open, &Budget::unlimited())
}

/// [`analyze`], charging the work to `budget` (see [`crate::work`]).
pub fn analyze_within(
    rows: usize,
    cols: usize,
    open: &[bool],
    budget: &Budget,
) -> Result<Analysis, CrossCutError> {
    let monsters = monsters(rows, cols, open);
    let points: Vec<(i64, i64)> = monsters
        .iter()
        .map(|&(r, c)| (r as i64, c as i64))
        .collect();
    let mut game = CrossCut::new(&points)?.within(budget);
    let grundy = game.grundy()?;
    let winning = game
        .move_values()?
        .into_iter()
        .zip(&monsters)
        .filter(|(left, _)| left.is_zero())
        .map(|(_, &cell)| cell)
        .collect();
    Ok(Analysis {
        monsters,
        grundy,
        winning,
        stats: game.stats(),
    })
}

/// A map in play explained (see [`analyze_played`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Every monster of the initial map (0-based row, column), row-major.
    pub monsters: Vec<(usize, usize)>,
    /// The monsters not yet under lava: the moves left.
    pub live: Vec<(usize, usize)>,
    /// The value of the map in play.
    pub grundy: Nimber,
    /// The live monsters whose cell wins now, row-major.
    pub winning: Vec<(usize, usize)>,
    /// Row-major, `lava[r·cols + c]`: the cell is under lava.
    pub lava: Vec<bool>,
}

/// A map in play explained: the initial map (which fixes the monsters) after the moves
/// `played` (0-based cells of live monsters, in order). Lava from each move stops at the
/// lava already there, so it cuts the region it falls in into four, and the position is
/// a sum of regions (see [`cross_cut::in_play`]). A move on a cell that holds no live
/// monster at that point is refused, naming the move.
pub fn analyze_played(
    rows: usize,
    cols: usize,
    open: &[bool],
    played: &[(usize, usize)],
    budget: &Budget,
) -> Result<Played, PlayedError> {
    let monsters = monsters(rows, cols, open);
    let points: Vec<(i64, i64)> = monsters.iter().map(|&(r, c)| at(r, c)).collect();
    let cuts: Vec<(i64, i64)> = played.iter().map(|&(r, c)| at(r, c)).collect();
    let map = Region {
        u1: 0,
        u2: rows as i64 - 1,
        v1: 0,
        v2: cols as i64 - 1,
    };
    let game = cross_cut::in_play(&points, &cuts, map, budget).map_err(|e| match e {
        InPlayError::NotLive { index } => {
            let (r, c) = played[index - 1];
            PlayedError::NotLive {
                index,
                row: r + 1,
                column: c + 1,
                why: <Lava as CutBoard>::NOT_LIVE,
            }
        }
        InPlayError::CrossCut(e) => PlayedError::CrossCut(e),
    })?;
    let live = || {
        monsters
            .iter()
            .zip(&game.after)
            .filter_map(|(&m, after)| after.map(|v| (m, v)))
    };
    let lava = (0..rows * cols)
        .map(|i| game.covers(at(i / cols, i % cols)))
        .collect();
    Ok(Played {
        live: live().map(|(m, _)| m).collect(),
        winning: live()
            .filter(|(_, v)| v.is_zero())
            .map(|(m, _)| m)
            .collect(),
        grundy: game.grundy,
        monsters,
        lava,
    })
}

fn at(r: usize, c: usize) -> (i64, i64) {
    (r as i64, c as i64)
}
