//! CAO Stage-3 (CodeChef CAOS3): an R×C map of walls (`#`) and open cells (`^`). A
//! monster lives on an open cell whose two nearest cells in each of the four directions
//! are open (the runs of `^` beside it are at least 2 long; walls and the map's edge break
//! a run). A move picks a live monster: lava fills its whole row and column, over walls,
//! stopping only at lava already there, and kills every monster it covers. The player who
//! makes the last move wins: lava lines are the cuts of the cross-cut game
//! ([`crate::games::cross_cut`]) on the monsters' cells.

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
