//! Inventor Outlasting (Code Jam to I/O for Women 2022): an R×C board has spots (`X`)
//! where an attraction may be built. Building one sends signs out in the four diagonal
//! directions, cell by cell, until the board's edge or an occupied cell; a spot under a
//! sign can no longer be built on. Whoever cannot build loses.
//!
//! Signs only travel diagonally, so the two colour classes (parity of r + c) never meet.
//! In the coordinates u = r + c, v = r − c a diagonal is a row or a column: each colour
//! class is the cross-cut game ([`crate::games::cross_cut`]) on its spots.
//!
//! A board in play is read, written and drawn by [`InventorBoard`] (see
//! [`crate::games::in_play`]):
//!
//! ```
//! use grundy::games::inventor::InventorBoard;
//! use grundy::games::notation::Notation;
//! use grundy::parse::Input;
//!
//! // Three spots on a diagonal, the middle one built on: its signs cover the other two.
//! let text = "3 3\nX..\n.X.\n..X\nplayed\n2 2\n";
//! let board = InventorBoard::new();
//! let sum = board.read(&Input::new("<example>", text))?;
//! assert_eq!(board.write(&sum), text);
//! assert!(board.moves(&sum, 0).is_empty());
//! # Ok::<(), grundy::report::Error>(())
//! ```

use crate::games::cross_cut::Region;
use crate::games::in_play::{CutBoard, CutGame, Grid, INVENTOR_LIMITS, Limits};

/// Inventor Outlasting's board: spots `X`, other cells `.`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Inventor;

/// A whole Inventor board in play: the board and the attractions built, in order.
pub type InventorBoard = CutGame<Inventor>;

impl CutBoard for Inventor {
    const ALPHABET: &'static [u8] = b"X.";
    const LIMITS: Limits = INVENTOR_LIMITS;
    const VERB: &'static str = "build at";
    const NOT_LIVE: &'static str =
        "is not a free spot (no spot there, or a sign or an attraction on it)";
    const GAMES: usize = 2;

    fn points(grid: &Grid) -> Vec<(usize, usize)> {
        (0..grid.rows * grid.cols)
            .map(|i| (i / grid.cols, i % grid.cols))
            .filter(|&(r, c)| grid.at(r, c) == b'X')
            .collect()
    }

    fn place(cell: (usize, usize)) -> (usize, (i64, i64)) {
        ((cell.0 + cell.1) % 2, rotated(cell))
    }

    fn start(_grid: &Grid) -> Region {
        Region::ALL
    }

    fn mark(played: bool, covered: bool, _live: bool) -> Option<char> {
        if played {
            Some('A')
        } else {
            covered.then_some('+')
        }
    }
}

/// The spots of each colour class (index 0: even r + c), row-major.
pub fn classes(
    rows: usize,
    cols: usize,
    spot: impl Fn(usize, usize) -> bool,
) -> [Vec<(usize, usize)>; 2] {
    let mut classes: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
    for r in 0..rows {
        for c in 0..cols {
            if spot(r, c) {
                classes[(r + c) % 2].push((r, c));
            }
        }
    }
    classes
}

/// A cell in the coordinates where its diagonals are a row and a column.
pub fn rotated((r, c): (usize, usize)) -> (i64, i64) {
    ((r + c) as i64, r as i64 - c as i64)
}

/// [`rotated`], for each cell.
pub fn rotated_all(cells: &[(usize, usize)]) -> Vec<(i64, i64)> {
    cells.iter().map(|&p| rotated(p)).collect()
}
