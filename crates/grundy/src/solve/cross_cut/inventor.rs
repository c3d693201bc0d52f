//! Inventor Outlasting (Code Jam to I/O for Women 2022) on the cross-cut engine.
//!
//! An R×C board has spots (`X`) where an attraction may be built. Building one sends signs
//! out in the four diagonal directions, cell by cell, until the board's edge or an occupied
//! cell; a spot under a sign can no longer be built on. Whoever cannot build loses.
//!
//! Signs only travel diagonally, so the two colour classes (parity of r + c) never meet. In
//! the coordinates u = r + c, v = r − c a diagonal is a row or a column, and the signs from
//! (u, v) cover its row and column up to the signs already there: each colour class is the
//! cross-cut game on its spots, and the board is the sum of the two.
//!
//! When the two classes are one game seen in a mirror (a full board with an even side, any
//! board symmetric under a reflection that swaps the colours), the board is worth 0 and no
//! first build wins: whatever is built in one class, the mirror build in the other answers
//! it. Such boards are answered without evaluating either class, whatever their size.
//!
//! ```
//! use grundy::solve::cross_cut::inventor;
//!
//! // Sample case 2 of the statement: three isolated spots in a row.
//! let a = inventor::analyze(1, 5, |_, c| c % 2 == 0).unwrap();
//! assert_eq!(a.winning.len(), 3);
//! ```

use crate::SolveError;
use crate::games::in_play::CutBoard;
use crate::games::inventor::{Inventor, classes, rotated, rotated_all};
use crate::games::inventor_full::{FullBoard, Region as FullRegion};
use crate::nimber::Nimber;
use crate::solve::cross_cut::{
    self, CrossCut, CrossCutError, CrossCutStats, InPlayError, PlayedError, Region,
};
use crate::solve::memo::Solver;
use crate::work::Budget;

/// A board explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The value of each colour class: index 0 for even r + c, 1 for odd. `None` when the
    /// two classes are one game (see [`mirrored`]): the values cancel and are not
    /// computed.
    pub class_values: Option<[Nimber; 2]>,
    /// Their XOR: the value of the board.
    pub grundy: Nimber,
    /// The spots (0-based row, column) where building first wins, in row-major order.
    pub winning: Vec<(usize, usize)>,
    /// What the engine did, per class.
    pub stats: [CrossCutStats; 2],
}

/// Explains the board of `rows` × `cols` whose spots are the cells where `spot(r, c)` holds
/// (0-based).
pub fn analyze(
    rows: usize,
    cols: usize,
    spot: impl Fn(usize, usize) -> bool,
) -> Result<Analysis, CrossCutError> {
    analyze_within(rows, cols, spot, &Budget::unlimited())
}

/// [`analyze`], charging the work to `budget` (see [`crate::work`]).
pub fn analyze_within(
    rows: usize,
    cols: usize,
    spot: impl Fn(usize, usize) -> bool,
    budget: &Budget,
) -> Result<Analysis, CrossCutError> {
    let classes = classes(rows, cols, spot);
    let points = classes.clone().map(|cells| rotated_all(&cells));
    if mirrored(&points[0], &points[1]) {
        return Ok(Analysis {
            class_values: None,
            grundy: Nimber::ZERO,
            winning: Vec::new(),
            stats: [CrossCutStats::default(); 2],
        });
    }
    if classes[0].len() + classes[1].len() == rows * cols {
        return full_board(rows, cols, &classes, budget);
    }
    let mut values = [Nimber::ZERO; 2];
    let mut moves: [Vec<Nimber>; 2] = [Vec::new(), Vec::new()];
    let mut stats = [CrossCutStats::default(); 2];
    for (k, points) in points.iter().enumerate() {
        let mut game = CrossCut::new(points)?.within(budget);
        values[k] = game.grundy()?;
        moves[k] = game.move_values()?;
        stats[k] = game.stats();
    }
    let mut winning = Vec::new();
    for k in 0..2 {
        let other = values[1 - k];
        for (i, &left) in moves[k].iter().enumerate() {
            if (left ^ other).is_zero() {
                winning.push(classes[k][i]);
            }
        }
    }
    winning.sort_unstable();
    Ok(Analysis {
        class_values: Some(values),
        grundy: values[0] ^ values[1],
        winning,
        stats,
    })
}

/// A full board, by the regions of [`inventor_full`]: each class's value, and each build's
/// by the regions it leaves.
fn full_board(
    rows: usize,
    cols: usize,
    classes: &[Vec<(usize, usize)>; 2],
    budget: &Budget,
) -> Result<Analysis, CrossCutError> {
    let mut solver = Solver::with_limit(FullBoard::new(budget), cross_cut::MAX_SEARCH_MEMO);
    let mut value = |region: &FullRegion| {
        solver.grundy(region).map_err(|e| match e {
            SolveError::TooManyPositions { limit } => CrossCutError::TooManyRectangles { limit },
            // The only fault the game reports: the budget is spent.
            _ => CrossCutError::WorkLimit {
                limit: budget.limit(),
            },
        })
    };
    let regions = [0, 1].map(|k| FullRegion::class(rows, cols, k));
    let mut values = [Nimber::ZERO; 2];
    for k in 0..2 {
        if let Some(region) = &regions[k] {
            values[k] = value(region)?;
        }
    }
    let mut winning = Vec::new();
    for k in 0..2 {
        let Some(region) = &regions[k] else { continue };
        for &(r, c) in &classes[k] {
            let mut left = Nimber::ZERO;
            for q in region.split((r as i32, c as i32)) {
                left ^= value(&q)?;
            }
            if (left ^ values[1 - k]).is_zero() {
                winning.push((r, c));
            }
        }
    }
    winning.sort_unstable();
    Ok(Analysis {
        class_values: Some(values),
        grundy: values[0] ^ values[1],
        winning,
        stats: [CrossCutStats::default(); 2],
    })
}

/// The points of a cross-cut game by rank: (row rank, column rank) of each, sorted. Two
/// point sets with the same ranked points are the same game, wherever they stand.
fn ranked(points: impl Iterator<Item = (i64, i64)>) -> Vec<(u32, u32)> {
    let points: Vec<(i64, i64)> = points.collect();
    let ranks = |coord: fn(&(i64, i64)) -> i64| {
        let mut all: Vec<i64> = points.iter().map(coord).collect();
        all.sort_unstable();
        all.dedup();
        all
    };
    let (us, vs) = (ranks(|p| p.0), ranks(|p| p.1));
    let rank = |all: &[i64], x: i64| all.partition_point(|&a| a < x) as u32;
    let mut out: Vec<(u32, u32)> = points
        .iter()
        .map(|&(u, v)| (rank(&us, u), rank(&vs, v)))
        .collect();
    out.sort_unstable();
    out
}

/// Are the cross-cut games on `a` and `b` the same game up to the symmetries of the
/// square (rows and columns swapped, either reversed)? Each symmetry maps moves to moves
/// and the four quadrants of a move to the four of its image, so it keeps every value.
pub fn mirrored(a: &[(i64, i64)], b: &[(i64, i64)]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let target = ranked(b.iter().copied());
    type Point = (i64, i64);
    let symmetries: [fn(Point) -> Point; 8] = [
        |(u, v)| (u, v),
        |(u, v)| (-u, v),
        |(u, v)| (u, -v),
        |(u, v)| (-u, -v),
        |(u, v)| (v, u),
        |(u, v)| (-v, u),
        |(u, v)| (v, -u),
        |(u, v)| (-v, -u),
    ];
    symmetries
        .iter()
        .any(|f| ranked(a.iter().map(|&p| f(p))) == target)
}

/// A board in play explained (see [`analyze_played`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The value of each colour class in play: index 0 for even r + c, 1 for odd; `None`
    /// when nothing is built yet and the two classes are one game (see [`mirrored`]).
    pub class_values: Option<[Nimber; 2]>,
    /// Their XOR: the value of the board in play.
    pub grundy: Nimber,
    /// The spots still free to build on (0-based row, column), row-major.
    pub free: Vec<(usize, usize)>,
    /// The free spots where building now wins, row-major.
    pub winning: Vec<(usize, usize)>,
    /// Row-major, `occupied[r·cols + c]`: the cell holds an attraction or a sign.
    pub occupied: Vec<bool>,
}

/// A board in play explained: the board of `rows` × `cols` with spots where `spot(r, c)`
/// holds, after the attractions `played` (0-based cells, in the order built). The signs of
/// each build stop at the signs already there, so in each colour class's rotated
/// coordinates a build cuts the region it falls in into four (see
/// [`cross_cut::in_play`]). A build on a cell that is not a free spot at that point is
/// refused, naming the move.
///
/// ```
/// use grundy::solve::cross_cut::inventor;
/// use grundy::work::Budget;
///
/// // Three spots on a diagonal; building in the middle signs over both others.
/// let spots = |r: usize, c: usize| r == c;
/// let p = inventor::analyze_played(3, 3, spots, &[(1, 1)], &Budget::unlimited()).unwrap();
/// assert!(p.free.is_empty());
/// assert_eq!(p.grundy.0, 0);
/// let again = inventor::analyze_played(3, 3, spots, &[(1, 1), (0, 0)], &Budget::unlimited());
/// assert!(again.is_err());
/// ```
pub fn analyze_played(
    rows: usize,
    cols: usize,
    spot: impl Fn(usize, usize) -> bool,
    played: &[(usize, usize)],
    budget: &Budget,
) -> Result<Played, PlayedError> {
    let classes = classes(rows, cols, spot);
    if played.is_empty() {
        // Nothing built: the board's own analysis, with its shortcuts (mirror images, full
        // boards).
        let spots = |r: usize, c: usize| classes[(r + c) % 2].binary_search(&(r, c)).is_ok();
        let a = analyze_within(rows, cols, spots, budget)?;
        let mut free = [classes[0].as_slice(), classes[1].as_slice()].concat();
        free.sort_unstable();
        return Ok(Played {
            class_values: a.class_values,
            grundy: a.grundy,
            free,
            winning: a.winning,
            occupied: vec![false; rows * cols],
        });
    }
    let mut games = Vec::with_capacity(2);
    for (k, cells) in classes.iter().enumerate() {
        let points = rotated_all(cells);
        // This class's builds, in order, with their place in the whole list.
        let (at, cuts): (Vec<usize>, Vec<(i64, i64)>) = played
            .iter()
            .enumerate()
            .filter(|&(_, &(r, c))| (r + c) % 2 == k)
            .map(|(i, &p)| (i, rotated(p)))
            .unzip();
        let game =
            cross_cut::in_play(&points, &cuts, Region::ALL, budget).map_err(|e| match e {
                InPlayError::NotLive { index } => {
                    let i = at[index - 1];
                    PlayedError::NotLive {
                        index: i + 1,
                        row: played[i].0 + 1,
                        column: played[i].1 + 1,
                        why: <Inventor as CutBoard>::NOT_LIVE,
                    }
                }
                InPlayError::CrossCut(e) => PlayedError::CrossCut(e),
            })?;
        games.push(game);
    }
    let class_values = [games[0].grundy, games[1].grundy];
    let grundy = class_values[0] ^ class_values[1];
    let mut free = Vec::new();
    let mut winning = Vec::new();
    for k in 0..2 {
        for (&cell, after) in classes[k].iter().zip(&games[k].after) {
            if let Some(left) = after {
                free.push(cell);
                // `left` is this class's value after the build; the other class stays.
                if (*left ^ class_values[1 - k]).is_zero() {
                    winning.push(cell);
                }
            }
        }
    }
    free.sort_unstable();
    winning.sort_unstable();
    let occupied = (0..rows * cols)
        .map(|i| {
            let cell = (i / cols, i % cols);
            games[(cell.0 + cell.1) % 2].covers(rotated(cell))
        })
        .collect();
    Ok(Played {
        class_values: Some(class_values),
        grundy,
        free,
        winning,
        occupied,
    })
}
