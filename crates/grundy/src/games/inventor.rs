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
//! ```
//! use grundy::games::inventor;
//!
//! // Sample case 2 of the statement: three isolated spots in a row.
//! let a = inventor::analyze(1, 5, |_, c| c % 2 == 0).unwrap();
//! assert_eq!(a.winning.len(), 3);
//! ```

use crate::games::cross_cut::{CrossCut, CrossCutError, CrossCutStats};
use crate::nimber::Nimber;
use crate::work::Budget;

/// A board explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The value of each colour class: index 0 for even r + c, 1 for odd.
    pub class_values: [Nimber; 2],
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
    let mut classes: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
    for r in 0..rows {
        for c in 0..cols {
            if spot(r, c) {
                classes[(r + c) % 2].push((r, c));
            }
        }
    }
    let mut values = [Nimber::ZERO; 2];
    let mut moves: [Vec<Nimber>; 2] = [Vec::new(), Vec::new()];
    let mut stats = [CrossCutStats::default(); 2];
    for (k, cells) in classes.iter().enumerate() {
        let points: Vec<(i64, i64)> = cells
            .iter()
            .map(|&(r, c)| ((r + c) as i64, r as i64 - c as i64))
            .collect();
        let mut game = CrossCut::new(&points)?.within(budget);
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
        class_values: values,
        grundy: values[0] ^ values[1],
        winning,
        stats,
    })
}
