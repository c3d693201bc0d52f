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
//! use grundy::games::lava;
//!
//! // A 5×5 open map has one monster, in the centre: the first player takes it and wins.
//! let open = vec![true; 25];
//! let a = lava::analyze(5, 5, &open).unwrap();
//! assert_eq!(a.monsters, vec![(2, 2)]);
//! assert_eq!(a.winning, vec![(2, 2)]);
//! ```

use crate::games::cross_cut::{CrossCut, CrossCutError, CrossCutStats};
use crate::nimber::Nimber;
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

/// Why a lava map in play was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayedError {
    /// A move played on a cell that holds no live monster at that point.
    #[error("move {index}: row {row}, column {column} holds no live monster")]
    NotLive {
        /// The move, from 1.
        index: usize,
        /// Its row, from 1.
        row: usize,
        /// Its column, from 1.
        column: usize,
    },
    /// The engine refused a region.
    #[error(transparent)]
    CrossCut(#[from] CrossCutError),
}

/// A map in play explained: the initial map (which fixes the monsters) after the moves
/// `played` (0-based cells of live monsters, in order). Lava from each move cuts the
/// region it falls in into four, so the position is a sum of regions, each a cross-cut
/// game on the monsters inside it. `winning` lists the live monsters whose cell wins now;
/// `stats` is left empty.
pub fn analyze_played(
    rows: usize,
    cols: usize,
    open: &[bool],
    played: &[(usize, usize)],
    budget: &Budget,
) -> Result<Analysis, PlayedError> {
    let monsters = monsters(rows, cols, open);
    // Regions as inclusive bounds [r0, r1, c0, c1]; lava lines belong to none.
    let mut regions: Vec<[usize; 4]> = vec![[0, rows - 1, 0, cols - 1]];
    let inside = |b: &[usize; 4], (r, c): (usize, usize)| {
        (b[0]..=b[1]).contains(&r) && (b[2]..=b[3]).contains(&c)
    };
    let quadrants = |b: [usize; 4], (r, c): (usize, usize)| {
        let mut out = Vec::new();
        let rows = [
            (r > b[0]).then(|| (b[0], r - 1)),
            (r < b[1]).then(|| (r + 1, b[1])),
        ];
        let cols = [
            (c > b[2]).then(|| (b[2], c - 1)),
            (c < b[3]).then(|| (c + 1, b[3])),
        ];
        for (r0, r1) in rows.into_iter().flatten() {
            for (c0, c1) in cols.into_iter().flatten() {
                out.push([r0, r1, c0, c1]);
            }
        }
        out
    };
    for (i, &cell) in played.iter().enumerate() {
        let at = regions.iter().position(|b| inside(b, cell));
        match at {
            Some(k) if monsters.binary_search(&cell).is_ok() => {
                let b = regions.swap_remove(k);
                regions.extend(quadrants(b, cell));
            }
            _ => {
                return Err(PlayedError::NotLive {
                    index: i + 1,
                    row: cell.0 + 1,
                    column: cell.1 + 1,
                });
            }
        }
    }
    let points_in = |b: &[usize; 4]| -> Vec<(i64, i64)> {
        monsters
            .iter()
            .filter(|&&m| inside(b, m))
            .map(|&(r, c)| (r as i64, c as i64))
            .collect()
    };
    let mut grundy = Nimber::ZERO;
    let mut per_region = Vec::new();
    for b in &regions {
        let points = points_in(b);
        let mut game = CrossCut::new(&points)?.within(budget);
        let value = game.grundy()?;
        let after = game.move_values()?;
        grundy ^= value;
        per_region.push((points, value, after));
    }
    let mut winning: Vec<(usize, usize)> = per_region
        .iter()
        .flat_map(|(points, value, after)| {
            points
                .iter()
                .zip(after)
                .filter(move |(_, left)| (grundy ^ *value ^ **left).is_zero())
                .map(|(&(r, c), _)| (r as usize, c as usize))
        })
        .collect();
    winning.sort_unstable();
    Ok(Analysis {
        monsters,
        grundy,
        winning,
        // Each region has an engine of its own; their counts are not kept.
        stats: CrossCutStats::default(),
    })
}
