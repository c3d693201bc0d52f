//! Inventor Outlasting on a full board (every cell a spot), one colour class at a time.
//!
//! A region of a class, at any point of the game, is every cell of that class inside four
//! pairs of bounds: on the row r, the column c, and the two diagonals u = r + c and
//! v = r − c (a building's signs are diagonal lines, the board's edges are rows and
//! columns). With each bound drawn tight against the region's cells, the region is named
//! by eight numbers, and its game does not change when the region is moved across the
//! board, reflected, or transposed: so the region is keyed by the least of its eight
//! images moved to the corner. A long strip then has a few regions per length instead of
//! one per pair of ends, and each is solved once by the memo solver, without listing or
//! ranking its cells to recognise it.
//!
//! The cross-cut engine ([`crate::solve::cross_cut`]) solves the same game on any board; this one
//! only full boards, much faster when they are long (see BENCHMARKS.md).

use std::cell::Cell;

use crate::game::{Components, Game};
use crate::work::{self, Budget};

/// A region of one colour class: the cells (r, c) with r + c ≡ `parity` (mod 2) and r, c,
/// r + c, r − c within the bounds (inclusive). Built tight: each bound is met by a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    r: [i32; 2],
    c: [i32; 2],
    u: [i32; 2],
    v: [i32; 2],
    parity: u8,
}

impl Region {
    /// The cells of one colour class (`parity`: r + c mod 2) of a full board of `rows` ×
    /// `cols`, or `None` when the class is empty.
    pub fn class(rows: usize, cols: usize, parity: u8) -> Option<Region> {
        let (rows, cols) = (rows as i32, cols as i32);
        Region::tight(
            [0, rows - 1],
            [0, cols - 1],
            [0, rows + cols - 2],
            [-(cols - 1), rows - 1],
            parity,
        )
    }

    /// The cells of the class within the bounds, with every bound drawn tight, or `None`
    /// when there are none. In x = (u − parity)/2, y = (v − parity)/2 the cells are the
    /// integer points with bounds on x, y, x + y (the row) and x − y (the column): an
    /// integer octagon, whose bounds are tightened against each other, rounding as
    /// integers do, until none moves. (Checked against a scan of every row in the tests.)
    fn tight(r: [i32; 2], c: [i32; 2], u: [i32; 2], v: [i32; 2], parity: u8) -> Option<Region> {
        let p = i32::from(parity);
        let half_up = |a: i32| -(-a).div_euclid(2);
        let half_down = |a: i32| a.div_euclid(2);
        let (mut xl, mut xh) = (half_up(u[0] - p), half_down(u[1] - p));
        let (mut yl, mut yh) = (half_up(v[0] - p), half_down(v[1] - p));
        let (mut sl, mut sh) = (r[0] - p, r[1] - p);
        let (mut dl, mut dh) = (c[0], c[1]);
        loop {
            let before = (xl, xh, yl, yh, sl, sh, dl, dh);
            xh = xh.min(sh - yl).min(dh + yh).min(half_down(sh + dh));
            xl = xl.max(sl - yh).max(dl + yl).max(half_up(sl + dl));
            yh = yh.min(sh - xl).min(xh - dl).min(half_down(sh - dl));
            yl = yl.max(sl - xh).max(xl - dh).max(half_up(sl - dh));
            sh = sh.min(xh + yh);
            sl = sl.max(xl + yl);
            dh = dh.min(xh - yl);
            dl = dl.max(xl - yh);
            if xl > xh || yl > yh || sl > sh || dl > dh {
                return None;
            }
            if before == (xl, xh, yl, yh, sl, sh, dl, dh) {
                break;
            }
        }
        Some(Region {
            r: [sl + p, sh + p],
            c: [dl, dh],
            u: [2 * xl + p, 2 * xh + p],
            v: [2 * yl + p, 2 * yh + p],
            parity,
        })
    }

    /// Every cell of the region, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        (self.r[0]..=self.r[1]).flat_map(move |row| {
            let mut lo = self.c[0].max(self.u[0] - row).max(row - self.v[1]);
            let hi = self.c[1].min(self.u[1] - row).min(row - self.v[0]);
            if (row + lo).rem_euclid(2) != i32::from(self.parity) {
                lo += 1;
            }
            (lo..=hi).step_by(2).map(move |col| (row, col))
        })
    }

    /// The regions a building at `(row, col)` (a cell of the region) leaves: the four
    /// quarters between its two diagonals, those that hold cells.
    pub fn split(&self, (row, col): (i32, i32)) -> impl Iterator<Item = Region> + '_ {
        let (u, v) = (row + col, row - col);
        let us = [[self.u[0], u - 2], [u + 2, self.u[1]]];
        let vs = [[self.v[0], v - 2], [v + 2, self.v[1]]];
        us.into_iter().flat_map(move |u| {
            vs.into_iter()
                .filter_map(move |v| Region::tight(self.r, self.c, u, v, self.parity))
        })
    }

    /// The region moved so its first row and column are 0.
    fn at_corner(&self) -> Region {
        let (dr, dc) = (self.r[0], self.c[0]);
        Region {
            r: [0, self.r[1] - dr],
            c: [0, self.c[1] - dc],
            u: [self.u[0] - dr - dc, self.u[1] - dr - dc],
            v: [self.v[0] - dr + dc, self.v[1] - dr + dc],
            parity: (i32::from(self.parity) - dr - dc).rem_euclid(2) as u8,
        }
    }

    /// The region reflected top to bottom within its rows (r → r1 + r2 − r).
    fn flip_rows(&self) -> Region {
        let s = self.r[0] + self.r[1];
        Region {
            r: self.r,
            c: self.c,
            // u' = s − r + c = s − v, v' = s − r − c = s − u.
            u: [s - self.v[1], s - self.v[0]],
            v: [s - self.u[1], s - self.u[0]],
            parity: (i32::from(self.parity) + s).rem_euclid(2) as u8,
        }
    }

    /// The region reflected across its main diagonal (r ↔ c).
    fn transpose(&self) -> Region {
        Region {
            r: self.c,
            c: self.r,
            u: self.u,
            v: [-self.v[1], -self.v[0]],
            parity: self.parity,
        }
    }
}

/// Inventor on a full board, one class's regions as the positions (see the module docs).
/// The cells listed are charged to a work budget; once it is spent, the solver stops with
/// the game's fault.
pub struct FullBoard {
    budget: Budget,
    spent: Cell<bool>,
}

impl FullBoard {
    /// The game, charging its work to `budget`.
    pub fn new(budget: &Budget) -> FullBoard {
        FullBoard {
            budget: budget.clone(),
            spent: Cell::new(false),
        }
    }
}

impl Game for FullBoard {
    type Position = Region;

    fn options(&self, p: &Region, out: &mut Vec<Components<Region>>) {
        let before = out.len();
        for cell in p.cells() {
            out.push(p.split(cell).collect());
        }
        let listed = (out.len() - before) as u64;
        if !self
            .budget
            .charge(listed.saturating_mul(work::FULL_BOARD_OPTION))
        {
            self.spent.set(true);
        }
    }

    fn fault(&self) -> Option<String> {
        self.spent
            .get()
            .then(|| format!("the work budget of {} steps is spent", self.budget.limit()))
    }

    fn canonical(&self, p: &Region) -> Region {
        // The eight symmetries of the square: transposed or not, then rows and columns
        // each reflected or not (columns by transposing, reflecting rows, transposing back).
        // Keys compare the row span first, so only the orientations with the shorter span
        // of rows can be least.
        let (height, width) = (p.r[1] - p.r[0], p.c[1] - p.c[0]);
        let orientations: &[Region] = match height.cmp(&width) {
            std::cmp::Ordering::Less => &[*p],
            std::cmp::Ordering::Greater => &[p.transpose()],
            std::cmp::Ordering::Equal => &[*p, p.transpose()],
        };
        let mut best: Option<Region> = None;
        for &q in orientations {
            for flips in 0..4 {
                let mut x = q;
                if flips & 1 != 0 {
                    x = x.flip_rows();
                }
                if flips & 2 != 0 {
                    x = x.transpose().flip_rows().transpose();
                }
                let x = x.at_corner();
                best = Some(best.map_or(x, |b| b.min(x)));
            }
        }
        best.expect("at least one orientation")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Region {
        /// The cells of the class within the bounds, with every bound drawn tight, or `None`
        /// when there are none.
        fn tight_by_rows(
            r: [i32; 2],
            c: [i32; 2],
            u: [i32; 2],
            v: [i32; 2],
            parity: u8,
        ) -> Option<Region> {
            let mut out: Option<Region> = None;
            for row in r[0]..=r[1] {
                // The columns of this row inside every bound, then of the class's parity.
                let mut lo = c[0].max(u[0] - row).max(row - v[1]);
                let mut hi = c[1].min(u[1] - row).min(row - v[0]);
                if (row + lo).rem_euclid(2) != i32::from(parity) {
                    lo += 1;
                }
                if (row + hi).rem_euclid(2) != i32::from(parity) {
                    hi -= 1;
                }
                if lo > hi {
                    continue;
                }
                let cells = Region {
                    r: [row, row],
                    c: [lo, hi],
                    u: [row + lo, row + hi],
                    v: [row - hi, row - lo],
                    parity,
                };
                out = Some(match out {
                    None => cells,
                    Some(o) => Region {
                        r: [o.r[0], row],
                        c: [o.c[0].min(lo), o.c[1].max(hi)],
                        u: [o.u[0].min(row + lo), o.u[1].max(row + hi)],
                        v: [o.v[0].min(row - hi), o.v[1].max(row - lo)],
                        parity,
                    },
                });
            }
            out
        }
    }

    #[test]
    fn tightening_equals_a_scan_of_every_row() {
        let mut checked = 0;
        for parity in 0..2u8 {
            for r0 in -1..2 {
                for r1 in r0..r0 + 4 {
                    for c0 in -1..2 {
                        for c1 in c0..c0 + 4 {
                            for u0 in -3..4 {
                                for u1 in u0 - 1..u0 + 6 {
                                    for v0 in -4..3 {
                                        for v1 in v0 - 1..v0 + 6 {
                                            let b = ([r0, r1], [c0, c1], [u0, u1], [v0, v1]);
                                            assert_eq!(
                                                Region::tight(b.0, b.1, b.2, b.3, parity),
                                                Region::tight_by_rows(b.0, b.1, b.2, b.3, parity),
                                                "{b:?} parity {parity}"
                                            );
                                            checked += 1;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000);
    }

    #[test]
    fn a_class_holds_its_cells_and_splits_between_the_diagonals() {
        let class = Region::class(3, 4, 0).unwrap();
        let cells: Vec<(i32, i32)> = class.cells().collect();
        assert_eq!(cells, [(0, 0), (0, 2), (1, 1), (1, 3), (2, 0), (2, 2)]);
        // Building at (1, 1) signs over (0, 0), (2, 2), (0, 2), (2, 0): only (1, 3) is left.
        let left: Vec<Vec<(i32, i32)>> = class.split((1, 1)).map(|r| r.cells().collect()).collect();
        assert_eq!(left, [vec![(1, 3)]]);
    }

    #[test]
    fn symmetric_regions_share_a_key() {
        let game = FullBoard::new(&Budget::unlimited());
        // The odd class of a 3×5 board seen from either end, and transposed.
        let a = Region::class(3, 5, 1).unwrap();
        let b = Region::class(5, 3, 1).unwrap();
        assert_eq!(game.canonical(&a), game.canonical(&b));
        // A region and its translate.
        let near = Region::tight([0, 2], [0, 2], [0, 4], [-2, 2], 0).unwrap();
        let far = Region::tight([4, 6], [7, 9], [11, 15], [-5, -1], 1).unwrap();
        assert_eq!(game.canonical(&near), game.canonical(&far));
    }
}
