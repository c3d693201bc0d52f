//! Pattern finding in tables of Grundy values: periods of a line of values, and the shape
//! of the P-positions of a grid.
//!
//! Everything here is *seen*, not proved: a period found in values up to N may break at
//! N + 1. Callers that have a theorem (octal and subtraction games) say "proved" from
//! that theorem; this module only reports what the values show.
//!
//! ```
//! use grundy::explore::{line_period, Periodicity};
//!
//! // Values that repeat 0 1 2 after a preperiod of one value.
//! let values = [5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2];
//! assert_eq!(
//!     line_period(&values),
//!     Some(Periodicity { preperiod: 1, period: 3, step: 0 })
//! );
//! ```

use serde::Serialize;

use crate::nimber::Nimber;

pub mod similar;
pub mod sweep;

/// Values that repeat every `period` from `preperiod` on, each time `step` larger:
/// `v(n + period) = v(n) + step` for every `n >= preperiod` seen. `step` 0 is a pure period,
/// anything else an arithmetic period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first n from which the pattern holds.
    pub preperiod: usize,
    /// The period.
    pub period: usize,
    /// What each period adds.
    pub step: i64,
}

/// The shortest period the values show, with the shortest preperiod for it, if the
/// repeating part spans at least three periods and at least half of the values (so a
/// few equal values at the end are not taken for a pattern).
pub fn line_period(values: &[u64]) -> Option<Periodicity> {
    let n = values.len();
    for period in 1..=n / 3 {
        let last = n - 1;
        let step = values[last] as i64 - values[last - period] as i64;
        // Walk back from the end while the relation holds.
        let mut start = last - period;
        while start > 0 && values[start - 1 + period] as i64 - values[start - 1] as i64 == step {
            start -= 1;
        }
        let span = n - start;
        if span >= 3 * period && span * 2 >= n {
            return Some(Periodicity {
                preperiod: start,
                period,
                step,
            });
        }
    }
    None
}

/// The positions of value 0 in a line of values.
pub fn zeros(values: &[u64]) -> Vec<usize> {
    values
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v == 0)
        .map(|(i, _)| i)
        .collect()
}

/// A grid of values: `values[x * (ys + 1) + y]` is the value of `[x, y]`, for
/// 0..=xs × 0..=ys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The largest first coordinate.
    pub xs: usize,
    /// The largest second coordinate.
    pub ys: usize,
    /// Row by row.
    pub values: Vec<u64>,
}

impl Grid {
    /// The value of `[x, y]`.
    pub fn at(&self, x: usize, y: usize) -> u64 {
        self.values[x * (self.ys + 1) + y]
    }

    /// The P-positions (value 0), row by row.
    pub fn zeros(&self) -> Vec<(usize, usize)> {
        (0..=self.xs)
            .flat_map(|x| (0..=self.ys).map(move |y| (x, y)))
            .filter(|&(x, y)| self.at(x, y) == 0)
            .collect()
    }

    /// What the P-positions of the grid look like.
    pub fn shape(&self) -> GridShape {
        let zeros = self.zeros();
        let side = self.xs.min(self.ys);
        let symmetric = (0..=side).all(|x| (0..=side).all(|y| self.at(x, y) == self.at(y, x)));
        let mut per_row = vec![0usize; self.xs + 1];
        let mut per_col = vec![0usize; self.ys + 1];
        for &(x, y) in &zeros {
            per_row[x] += 1;
            per_col[y] += 1;
        }
        // Differences y − x of the P-positions on or above the diagonal.
        let mut differences: Vec<usize> = zeros
            .iter()
            .filter(|&&(x, y)| x <= y)
            .map(|&(x, y)| y - x)
            .collect();
        differences.sort_unstable();
        let distinct = differences.windows(2).all(|w| w[0] != w[1]);
        // How many P-positions each diagonal y − x = 0, 1, …, up to the last one used, holds.
        let mut per_diagonal = vec![0usize; differences.last().map_or(0, |&d| d + 1)];
        for &d in &differences {
            per_diagonal[d] += 1;
        }
        // Two diagonals used at least (one alone is a line, said as such); the last used
        // may be cut short by the edge of the grid.
        let each_diagonal = per_diagonal.first().copied().filter(|&k| {
            let (last, before) = per_diagonal.split_last().expect("not empty");
            k > 0 && !before.is_empty() && before.iter().all(|&c| c == k) && *last <= k
        });
        let line = self.line_through(&zeros);
        let nim_sum = self.nim_sum();
        let nim_product = if nim_sum.is_none() {
            self.nim_product()
        } else {
            None
        };
        // The slope y/x of the upper P-positions away from the corner.
        let far: Vec<f64> = zeros
            .iter()
            .filter(|&&(x, y)| x < y && x * 4 >= side)
            .map(|&(x, y)| y as f64 / x as f64)
            .collect();
        let slope = (far.len() >= 3).then(|| far.iter().sum::<f64>() / far.len() as f64);
        GridShape {
            count: zeros.len(),
            symmetric,
            rows: Count::of(&per_row),
            columns: Count::of(&per_col),
            diagonal_differences: differences,
            differences_distinct: distinct,
            each_diagonal,
            slope,
            line,
            nim_sum,
            nim_product,
        }
    }

    /// The line through every P-position, if they are two at least and one line holds
    /// them all, with whether every point of it in the grid is one.
    fn line_through(&self, zeros: &[(usize, usize)]) -> Option<Line> {
        let (&(x0, y0), rest) = zeros.split_first()?;
        let &(x1, y1) = rest.first()?;
        let (x0, y0, x1, y1) = (x0 as i64, y0 as i64, x1 as i64, y1 as i64);
        // (y − y0)·dx = (x − x0)·dy, in lowest terms with dx ≥ 0.
        let (mut dx, mut dy) = (x1 - x0, y1 - y0);
        let g = gcd(dx.abs(), dy.abs());
        (dx, dy) = (dx / g, dy / g);
        if dx < 0 || (dx == 0 && dy < 0) {
            (dx, dy) = (-dx, -dy);
        }
        let on = |x: i64, y: i64| (y - y0) * dx == (x - x0) * dy;
        if !zeros.iter().all(|&(x, y)| on(x as i64, y as i64)) {
            return None;
        }
        let points = (0..=self.xs)
            .flat_map(|x| (0..=self.ys).map(move |y| (x, y)))
            .filter(|&(x, y)| on(x as i64, y as i64))
            .count();
        Some(Line {
            equation: equation(dx, dy, x0, y0),
            points,
            whole: points == zeros.len(),
        })
    }

    /// value(x, y) = f(x) ⊕ g(y) on the whole grid, with f(x) = value(x, 0) and
    /// g(y) = value(0, y) ⊕ value(0, 0), if it holds.
    fn nim_sum(&self) -> Option<NimSum> {
        let f: Vec<u64> = (0..=self.xs).map(|x| self.at(x, 0)).collect();
        let g: Vec<u64> = (0..=self.ys)
            .map(|y| self.at(0, y) ^ self.at(0, 0))
            .collect();
        let holds = (0..=self.xs).all(|x| (0..=self.ys).all(|y| self.at(x, y) == f[x] ^ g[y]));
        // A grid of one row or column is trivially such a sum.
        (holds && self.xs > 0 && self.ys > 0).then(|| NimSum {
            x_identity: f.iter().enumerate().all(|(i, &v)| v == i as u64),
            y_identity: g.iter().enumerate().all(|(i, &v)| v == i as u64),
            f,
            g,
        })
    }
}

impl Grid {
    /// value(x, y) = f(x) ⊗ g(y) (the nim product) on the whole grid, if it holds: the
    /// values of a product of two coin-turning games with one head at [x, y] (the Tartan
    /// theorem; Winning Ways, ch. 14; On Numbers and Games, ch. 6). f and g are fixed up to
    /// a factor c and its inverse; read them through the first position of nonzero value
    /// v at [x1, y1] with f(x1) = 1: g(y) = value(x1, y) and f(x) = value(x, y1) ⊗ v⁻¹.
    /// Tried on grids of at most 2^22 positions.
    fn nim_product(&self) -> Option<NimProduct> {
        if self.xs == 0 || self.ys == 0 || self.values.len() > 1 << 22 {
            return None;
        }
        let first = self.values.iter().position(|&v| v != 0)?;
        let (x1, y1) = (first / (self.ys + 1), first % (self.ys + 1));
        let inverse = Nimber(self.at(x1, y1)).nim_inverse()?;
        let f: Vec<u64> = (0..=self.xs)
            .map(|x| Nimber(self.at(x, y1)).nim_mul(inverse).0)
            .collect();
        let g: Vec<u64> = (0..=self.ys).map(|y| self.at(x1, y)).collect();
        let holds = (0..=self.xs)
            .all(|x| (0..=self.ys).all(|y| self.at(x, y) == Nimber(f[x]).nim_mul(Nimber(g[y])).0));
        // A product with a constant factor is a line's values scaled: said only when both
        // factors vary.
        let varies = |v: &[u64]| v.iter().any(|&a| a != v[0]);
        (holds && varies(&f) && varies(&g)).then(|| NimProduct {
            x_identity: f.iter().enumerate().all(|(i, &v)| v == i as u64),
            y_identity: g.iter().enumerate().all(|(i, &v)| v == i as u64),
            f,
            g,
            at: (x1, y1),
        })
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

/// The line through (x0, y0) with direction (dx, dy) in lowest terms, as an equation:
/// `y = x`, `y = 2x + 1`, `x = 3`, `y = 0`, `2y = x + 4`.
fn equation(dx: i64, dy: i64, x0: i64, y0: i64) -> String {
    if dx == 0 {
        return format!("x = {x0}");
    }
    // dx·y = dy·x + c.
    let c = dx * y0 - dy * x0;
    let lhs = if dx == 1 {
        "y".to_string()
    } else {
        format!("{dx}y")
    };
    let term = match dy {
        0 => String::new(),
        1 => "x".to_string(),
        -1 => "−x".to_string(),
        d if d < 0 => format!("−{}x", -d),
        d => format!("{d}x"),
    };
    let rhs = match (term.is_empty(), c) {
        (true, c) if c < 0 => format!("−{}", -c),
        (true, c) => c.to_string(),
        (false, 0) => term,
        (false, c) if c > 0 => format!("{term} + {c}"),
        (false, c) => format!("{term} − {}", -c),
    };
    format!("{lhs} = {rhs}")
}

/// A line holding every P-position of a grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Line {
    /// Its equation: `y = x`, `y = 2x + 1`, `x = 3`.
    pub equation: String,
    /// Its points inside the grid.
    pub points: usize,
    /// Every one of them is a P-position.
    pub whole: bool,
}

/// A grid whose values are value(x, 0) ⊕ (value(0, y) ⊕ value(0, 0)) everywhere: the
/// values of a sum of two games, one on each coordinate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct NimSum {
    /// f(x) = value(x, 0).
    pub f: Vec<u64>,
    /// g(y) = value(0, y) ⊕ value(0, 0).
    pub g: Vec<u64>,
    /// f(x) = x for every x.
    pub x_identity: bool,
    /// g(y) = y for every y.
    pub y_identity: bool,
}

/// A grid whose values are f(x) ⊗ g(y) everywhere (the nim product): one head at [x, y]
/// of a product of two coin-turning games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct NimProduct {
    /// f(x) = value(x, y1) ⊗ value(x1, y1)⁻¹.
    pub f: Vec<u64>,
    /// g(y) = value(x1, y).
    pub g: Vec<u64>,
    /// [x1, y1]: the first position of nonzero value, where f(x1) = 1.
    pub at: (usize, usize),
    /// f(x) = x for every x.
    pub x_identity: bool,
    /// g(y) = y for every y.
    pub y_identity: bool,
}

/// How many P-positions each row (or column) holds: the least and the most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Count {
    /// The fewest in one line.
    pub least: usize,
    /// The most in one line.
    pub most: usize,
}

impl Count {
    fn of(counts: &[usize]) -> Count {
        Count {
            least: counts.iter().copied().min().unwrap_or(0),
            most: counts.iter().copied().max().unwrap_or(0),
        }
    }

    /// "exactly one", "at most one", "between 2 and 5", ...
    pub fn describe(&self) -> String {
        match (self.least, self.most) {
            (a, b) if a == b => format!("exactly {a}"),
            (0, b) => format!("at most {b}"),
            (a, b) => format!("between {a} and {b}"),
        }
    }
}

/// The shape of the P-positions of a grid.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct GridShape {
    /// How many there are.
    pub count: usize,
    /// Whether `[x, y]` and `[y, x]` always have the same value (on the square part).
    pub symmetric: bool,
    /// P-positions per row (first coordinate fixed).
    pub rows: Count,
    /// P-positions per column (second coordinate fixed).
    pub columns: Count,
    /// The differences y − x of the P-positions with x ≤ y, sorted.
    pub diagonal_differences: Vec<usize>,
    /// No two of them on one diagonal.
    pub differences_distinct: bool,
    /// `Some(k)` when every diagonal y − x = 0, 1, 2, … before the last one used holds
    /// exactly k of them, and the last (which the edge may cut) at most k: one each for
    /// Wythoff's game.
    pub each_diagonal: Option<usize>,
    /// The mean of y/x over the P-positions with x < y away from the corner.
    pub slope: Option<f64>,
    /// The one line every P-position lies on, when there is one (two P-positions at
    /// least).
    #[serde(default)]
    pub line: Option<Line>,
    /// The values as a nim-sum of a function of x and one of y, when they are.
    #[serde(default)]
    pub nim_sum: Option<NimSum>,
    /// The values as a nim product of a function of x and one of y, when they are (and
    /// are not a nim-sum).
    #[serde(default)]
    pub nim_product: Option<NimProduct>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn periods_pure_and_arithmetic() {
        let nim: Vec<u64> = (0..50).collect();
        assert_eq!(
            line_period(&nim),
            Some(Periodicity {
                preperiod: 0,
                period: 1,
                step: 1
            })
        );
        // Lasker's Nim: 0, then 1 2 4 3, 5 6 8 7, ... every 4 grows by 4.
        let lasker: Vec<u64> = (0..60u64)
            .map(|n| match n % 4 {
                0 if n == 0 => 0,
                0 => n - 1,
                3 => n + 1,
                _ => n,
            })
            .collect();
        assert_eq!(
            line_period(&lasker),
            Some(Periodicity {
                preperiod: 1,
                period: 4,
                step: 4
            })
        );
        // A few equal values at the end are not a pattern.
        let tail = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 7, 7];
        assert_eq!(line_period(&tail), None);
        assert_eq!(line_period(&[]), None);
        assert_eq!(line_period(&[0, 0]), None);
    }

    proptest! {
        /// Any periodic sequence built with a preperiod is found, with a period no
        /// longer than the one built in, and the relation found holds on every value
        /// from its preperiod on.
        #[test]
        fn built_periods_are_found(
            pre in prop::collection::vec(0u64..50, 0..10),
            cycle in prop::collection::vec(0u64..50, 1..8),
            step in 0u64..3,
            reps in 10usize..14,
        ) {
            let mut values = pre.clone();
            for r in 0..reps as u64 {
                values.extend(cycle.iter().map(|v| v + r * step));
            }
            let found = line_period(&values).expect("a period");
            prop_assert!(found.period <= cycle.len());
            if found.period == cycle.len() {
                prop_assert!(found.preperiod <= pre.len());
            }
            for n in found.preperiod..values.len() - found.period {
                prop_assert_eq!(
                    values[n + found.period] as i64 - values[n] as i64,
                    found.step
                );
            }
        }
    }

    #[test]
    fn grid_shape_of_a_small_wythoff_table() {
        // Wythoff values by brute force on 0..=12 squared.
        let side = 12;
        let mut values = vec![0u64; (side + 1) * (side + 1)];
        for x in 0..=side {
            for y in 0..=side {
                let mut seen = [false; 64];
                for k in 1..=x {
                    seen[values[(x - k) * (side + 1) + y] as usize] = true;
                }
                for k in 1..=y {
                    seen[values[x * (side + 1) + y - k] as usize] = true;
                }
                for k in 1..=x.min(y) {
                    seen[values[(x - k) * (side + 1) + y - k] as usize] = true;
                }
                values[x * (side + 1) + y] = seen.iter().position(|s| !s).unwrap() as u64;
            }
        }
        let grid = Grid {
            xs: side,
            ys: side,
            values,
        };
        let shape = grid.shape();
        // (0,0) (1,2) (2,1) (3,5) (5,3) (4,7) (7,4) (6,10) (10,6) (8,13)… within 12.
        assert_eq!(
            grid.zeros(),
            vec![
                (0, 0),
                (1, 2),
                (2, 1),
                (3, 5),
                (4, 7),
                (5, 3),
                (6, 10),
                (7, 4),
                (10, 6)
            ]
        );
        assert!(shape.symmetric);
        assert_eq!(shape.rows.most, 1);
        assert_eq!(shape.each_diagonal, Some(1));
        assert_eq!(shape.diagonal_differences, vec![0, 1, 2, 3, 4]);
        assert_eq!(shape.line, None);
        assert_eq!(shape.nim_sum, None);
    }

    fn grid_of(xs: usize, ys: usize, value: impl Fn(usize, usize) -> u64) -> Grid {
        let values = (0..=xs)
            .flat_map(|x| (0..=ys).map(move |y| (x, y)))
            .map(|(x, y)| value(x, y))
            .collect();
        Grid { xs, ys, values }
    }

    /// Grids built with known shapes, and what is said of them.
    #[test]
    fn known_shapes_are_said_as_built() {
        // Two Nim heaps (the Stair Game's P-positions): all on y = x, the values x ⊕ y.
        let shape = grid_of(20, 20, |x, y| (x ^ y) as u64).shape();
        assert_eq!(shape.each_diagonal, None, "one diagonal alone is a line");
        let line = shape.line.unwrap();
        assert_eq!(
            (line.equation.as_str(), line.points, line.whole),
            ("y = x", 21, true)
        );
        let sum = shape.nim_sum.unwrap();
        assert!(sum.x_identity && sum.y_identity);
        // P-positions on y = 2x + 1, some of them only.
        let shape = grid_of(10, 30, |x, y| u64::from(!(y == 2 * x + 1 && x % 3 != 1))).shape();
        let line = shape.line.unwrap();
        assert_eq!((line.equation.as_str(), line.whole), ("y = 2x + 1", false));
        assert_eq!(line.points, 11);
        // A column, a row, a falling line.
        let line = grid_of(8, 8, |x, _| u64::from(x != 3))
            .shape()
            .line
            .unwrap();
        assert_eq!((line.equation.as_str(), line.whole), ("x = 3", true));
        let line = grid_of(8, 8, |_, y| u64::from(y != 0))
            .shape()
            .line
            .unwrap();
        assert_eq!(line.equation, "y = 0");
        let line = grid_of(8, 8, |x, y| u64::from(x + y != 6))
            .shape()
            .line
            .unwrap();
        assert_eq!((line.equation.as_str(), line.points), ("y = −x + 6", 7));
        // Not on one line: no line said.
        assert_eq!(
            grid_of(8, 8, |x, y| u64::from(!(x == y || x == 2 * y)))
                .shape()
                .line,
            None
        );
        // A sum of Kayles on x and take-1-or-2 on y: f and g are those games' values.
        let kayles = [0u64, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4];
        let sum = grid_of(12, 12, |x, y| kayles[x] ^ (y % 3) as u64)
            .shape()
            .nim_sum
            .unwrap();
        assert_eq!(sum.f, kayles.to_vec());
        assert_eq!(sum.g, (0..=12).map(|y| y % 3).collect::<Vec<u64>>());
        assert!(!sum.x_identity);
        // Turning Corners (Twins × Twins): the head at [x, y] is worth x ⊗ y; Ruler × Twins
        // scales a row by its ruler value.
        let corners = grid_of(15, 15, |x, y| Nimber(x as u64).nim_mul(Nimber(y as u64)).0).shape();
        assert_eq!(corners.nim_sum, None);
        let product = corners.nim_product.unwrap();
        assert!(product.x_identity && product.y_identity);
        let ruler = |x: usize| 1u64 << x.trailing_zeros();
        let scaled = grid_of(15, 9, |x, y| {
            Nimber(ruler(x + 1)).nim_mul(Nimber(y as u64 + 3)).0
        })
        .shape()
        .nim_product
        .unwrap();
        for x in 0..=15 {
            for y in 0..=9 {
                assert_eq!(
                    Nimber(scaled.f[x]).nim_mul(Nimber(scaled.g[y])),
                    Nimber(ruler(x + 1)).nim_mul(Nimber(y as u64 + 3))
                );
            }
        }
        // Nim-sums are said as sums, and one value off breaks a product.
        assert_eq!(
            grid_of(8, 8, |x, y| (x ^ y) as u64).shape().nim_product,
            None
        );
        assert_eq!(
            grid_of(7, 7, |x, y| Nimber(x as u64).nim_mul(Nimber(y as u64)).0
                + u64::from(x == 6 && y == 5))
            .shape()
            .nim_product,
            None
        );
        // One value off breaks the sum.
        assert_eq!(
            grid_of(6, 6, |x, y| ((x ^ y) + usize::from(x == 5 && y == 4))
                as u64)
            .shape()
            .nim_sum,
            None
        );
    }

    proptest! {
        /// Whatever is said of a random grid holds on it: each diagonal's count, the line.
        #[test]
        fn what_is_said_of_any_grid_holds(
            xs in 1usize..9,
            ys in 1usize..9,
            zeros in proptest::collection::vec((0usize..9, 0usize..9), 0..12),
        ) {
            let grid = grid_of(xs, ys, |x, y| u64::from(!zeros.contains(&(x, y))));
            let shape = grid.shape();
            let p = grid.zeros();
            if let Some(k) = shape.each_diagonal {
                let last = *shape.diagonal_differences.last().unwrap();
                prop_assert!(last >= 1);
                for d in 0..=last {
                    let c = p.iter().filter(|&&(x, y)| x <= y && y - x == d).count();
                    if d < last { prop_assert_eq!(c, k); } else { prop_assert!(c <= k && c > 0); }
                }
            }
            if let Some(line) = &shape.line {
                prop_assert!(p.len() >= 2);
                // Every P-position on it: three of them are never off a line that the
                // first two span.
                let (a, b) = (p[0], p[1]);
                let cross = |q: (usize, usize)| {
                    (b.0 as i64 - a.0 as i64) * (q.1 as i64 - a.1 as i64)
                        - (b.1 as i64 - a.1 as i64) * (q.0 as i64 - a.0 as i64)
                };
                prop_assert!(p.iter().all(|&q| cross(q) == 0));
                prop_assert_eq!(line.whole, line.points == p.len());
            } else if p.len() >= 2 {
                let (a, b) = (p[0], p[1]);
                let off = p.iter().any(|&q| {
                    (b.0 as i64 - a.0 as i64) * (q.1 as i64 - a.1 as i64)
                        != (b.1 as i64 - a.1 as i64) * (q.0 as i64 - a.0 as i64)
                });
                prop_assert!(off);
            }
        }

        /// A grid of nim products of two random rows is said to be one, and the f and g
        /// given multiply back to every value; with one value changed, whatever product is
        /// said still multiplies back.
        #[test]
        fn products_are_found_and_hold(
            f in prop::collection::vec(0u64..64, 2..9),
            g in prop::collection::vec(0u64..64, 2..9),
            bump in any::<prop::sample::Index>(),
        ) {
            let grid = grid_of(f.len() - 1, g.len() - 1, |x, y| Nimber(f[x]).nim_mul(Nimber(g[y])).0);
            let shape = grid.shape();
            if let Some(p) = &shape.nim_product {
                for x in 0..f.len() {
                    for y in 0..g.len() {
                        prop_assert_eq!(Nimber(p.f[x]).nim_mul(Nimber(p.g[y])).0, grid.at(x, y));
                    }
                }
            } else {
                // Not said only when a nim-sum says it, or a factor is constant on the grid.
                let constant = |v: &[u64]| v.iter().all(|&a| a == v[0]);
                let product_zero = grid.values.iter().all(|&v| v == 0);
                prop_assert!(shape.nim_sum.is_some() || product_zero || constant(&f) || constant(&g));
            }
            let mut values = grid.values.clone();
            let i = bump.index(values.len());
            values[i] ^= 1 << 7;
            let broken = Grid { values, ..grid };
            if let Some(p) = broken.shape().nim_product {
                for x in 0..f.len() {
                    for y in 0..g.len() {
                        prop_assert_eq!(Nimber(p.f[x]).nim_mul(Nimber(p.g[y])).0, broken.at(x, y));
                    }
                }
            }
        }
    }
}
