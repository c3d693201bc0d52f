//! Inventor Outlasting (Code Jam to I/O for Women 2022): an R×C board has spots (`X`)
//! where an attraction may be built. Building one sends signs out in the four diagonal
//! directions, cell by cell, until the board's edge or an occupied cell; a spot under a
//! sign can no longer be built on. Whoever cannot build loses.
//!
//! Signs only travel diagonally, so the two colour classes (parity of r + c) never meet.
//! In the coordinates u = r + c, v = r − c a diagonal is a row or a column: each colour
//! class is the cross-cut game ([`crate::games::cross_cut`]) on its spots.

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
