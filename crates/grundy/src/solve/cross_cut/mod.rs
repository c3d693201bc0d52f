//! The cross-cut game: points in an axis-parallel rectangle; a move picks a point and
//! deletes its whole row and column, which splits the rectangle into up to four
//! independent rectangles. Whoever cannot move loses.
//!
//! Two contest games are this game in disguise (see [`inventor`] and
//! [`lava`]): CAO Stage-3 plays it on the monsters' rows and columns, and Inventor
//! Outlasting on the diagonals of each colour class of the board.
//!
//! [`CrossCut`] evaluates it on compressed coordinates: a rectangle is replaced by the
//! bounding box of its points (which leaves the game unchanged and makes equal point sets
//! share one memo entry), empty rectangles are worth 0 without a table entry, and a
//! rectangle whose every compressed cell holds a point is keyed by its size alone.
//!
//! ```
//! use grundy::solve::cross_cut::CrossCut;
//!
//! // Two points on one row: a move at either deletes the other too.
//! let mut g = CrossCut::new(&[(0, 0), (0, 5)]).unwrap();
//! assert_eq!(g.grundy().unwrap().0, 1);
//! // Two points on a diagonal: each move leaves the other alone in its quadrant.
//! let mut g = CrossCut::new(&[(0, 0), (1, 1)]).unwrap();
//! assert_eq!(g.grundy().unwrap().0, 0);
//! ```

use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::Serialize;
use thiserror::Error;

use crate::game::{Components, Game};
pub use crate::games::cross_cut::Region;
use crate::games::cross_cut::{self, Split};
use crate::nimber::{MexSet, Nimber};
use crate::work::{self, Budget};

pub mod inventor;
pub mod lava;

/// Why a point set was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CrossCutError {
    /// More points than values can be stored for.
    #[error("{count} points is more than the supported {limit}")]
    TooManyPoints {
        /// Points given.
        count: usize,
        /// The bound.
        limit: usize,
    },
    /// A dense point set on a grid too large for the table of every sub-rectangle.
    #[error(
        "{points} points on {rows} distinct rows and {columns} distinct columns is beyond what can be solved: a dense set needs a table of every sub-rectangle, (rows+1)²·(columns+1)² entries, at most {limit}"
    )]
    TooDense {
        /// Points given.
        points: usize,
        /// Distinct rows.
        rows: usize,
        /// Distinct columns.
        columns: usize,
        /// The bound on the table.
        limit: usize,
    },
    /// The search reached more sub-rectangles than it may remember.
    #[error("more than {limit} distinct sub-rectangles would have to be remembered")]
    TooManyRectangles {
        /// The bound.
        limit: usize,
    },
    /// The work shared by the boards of one request passed its budget.
    #[error(
        "the boards of this input need more than {limit} steps of work, about {}; stopped at that limit",
        crate::work::in_words(*limit)
    )]
    WorkLimit {
        /// The budget, in steps (see [`crate::work`]).
        limit: u64,
    },
    /// The compressed grid (distinct rows × distinct columns) is too large for the tables.
    #[error(
        "{rows} distinct rows × {columns} distinct columns is more than the supported {limit} cells"
    )]
    GridTooLarge {
        /// Distinct rows.
        rows: usize,
        /// Distinct columns.
        columns: usize,
        /// The bound on their product.
        limit: usize,
    },
}

/// The most points accepted (values are stored in 16 bits; the mex of k options is ≤ k).
pub const MAX_POINTS: usize = 65_000;
/// The most cells of the compressed grid (distinct rows × distinct columns).
pub const MAX_GRID: usize = 1 << 26;
/// Grids whose every rectangle fits a table of this many entries are solved bottom-up.
const DENSE_TABLE: usize = 1 << 26;

/// The most sub-rectangles the search remembers (a few GB of hash map at most).
pub const MAX_SEARCH_MEMO: usize = 60_000_000;
/// The search memo is a plain table up to this many entries (8 MB), a hash map beyond.
const DENSE_MEMO: usize = 1 << 22;

const UNKNOWN: u16 = u16::MAX;
/// "No point further along this row/column" in the next-point tables.
const NONE: u16 = u16::MAX;

/// A rectangle of the compressed grid, bounds inclusive, shrunk to its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Rect {
    u1: u16,
    u2: u16,
    v1: u16,
    v2: u16,
    /// Points inside.
    count: u32,
}

impl Rect {
    fn height(&self) -> usize {
        usize::from(self.u2 - self.u1) + 1
    }
    fn width(&self) -> usize {
        usize::from(self.v2 - self.v1) + 1
    }
    fn is_full(&self) -> bool {
        self.count as usize == self.height() * self.width()
    }
    fn key(&self) -> u64 {
        u64::from(self.u1) << 48
            | u64::from(self.u2) << 32
            | u64::from(self.v1) << 16
            | u64::from(self.v2)
    }
}

/// How the evaluator works on this point set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Method {
    /// Every rectangle of the compressed grid, bottom-up, in one table (small grids).
    #[default]
    Table,
    /// Only the rectangles reached, shrunk to their points, memoised in a hash map.
    Search,
}

/// What the evaluator did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CrossCutStats {
    /// The method used.
    pub method: Method,
    /// Rectangles whose value was computed by a mex.
    pub evaluated: u64,
    /// Moves (points) looked at while computing them.
    pub options: u64,
    /// Rows and points read to match point patterns (the search's other large cost).
    pub pattern_reads: u64,
    /// Distinct rows and columns after compression.
    pub rows: usize,
    /// See `rows`.
    pub columns: usize,
}

/// The search's memo: indexed by the four bounds when that table is small enough, else
/// hashed.
enum Memo {
    Dense(Vec<u16>),
    Sparse(FxHashMap<u64, u16>),
}

struct Frame {
    rect: Rect,
    /// The row being scanned and the column of the next point on it (NONE: row done).
    u: u16,
    v: u16,
    values_start: usize,
}

/// The cross-cut game on a fixed point set, with every sub-rectangle's value memoised.
pub struct CrossCut {
    /// For each input point, its compressed (row, column).
    points: Vec<(u16, u16)>,
    rows: usize,
    cols: usize,
    /// prefix[u·(cols + 1) + v]: points with row < u and column < v.
    prefix: Vec<u32>,
    /// The same for points that share their row or their column with another point. A
    /// rectangle holding none of those is worth its count mod 2: every move there removes
    /// exactly one point, so every play has the same length.
    crowded: Vec<u32>,
    /// next_in_row[u·cols + v]: the first column ≥ v holding a point of row u, or NONE.
    next_in_row: Vec<u16>,
    /// next_in_col[v·rows + u]: the first row ≥ u holding a point of column v, or NONE.
    next_in_col: Vec<u16>,
    /// Table method: every rectangle's value (see `build_table`), built on first use.
    table: Option<Vec<Vec<u16>>>,
    /// Search method: values of the shrunk rectangles reached.
    memo: Memo,
    /// Search method: values of full rectangles by (height − 1)·cols + (width − 1).
    full: Vec<u16>,
    /// Search method: one evaluated rectangle per point pattern, by the pattern's hash.
    /// Rectangles whose points, ranked by row and by column within the rectangle, coincide
    /// are the same game wherever they stand (a staircase segment's value depends only on
    /// its length); a value is reused only after the two patterns are compared point by
    /// point, so a hash collision costs time, never correctness.
    patterns: FxHashMap<u64, (Rect, u16)>,
    values: Vec<u16>,
    mex: MexSet,
    stats: CrossCutStats,
    /// The account this evaluation charges its work to, and how much it has charged.
    budget: Budget,
    charged: u64,
}

/// The value of a full block of h × w points, for every h ≤ rows and w ≤ cols, indexed
/// h·(cols + 1) + w: a move at (i, j) leaves four full blocks.
fn full_block_values(rows: usize, cols: usize) -> Vec<u16> {
    let sv = cols + 1;
    let mut f = vec![0u16; (rows + 1) * sv];
    let mut mex = MexSet::new();
    for h in 1..=rows {
        for w in 1..=cols {
            mex.reset(h * w);
            for i in 0..h {
                for j in 0..w {
                    let x = f[i * sv + j]
                        ^ f[i * sv + w - 1 - j]
                        ^ f[(h - 1 - i) * sv + j]
                        ^ f[(h - 1 - i) * sv + w - 1 - j];
                    mex.insert(u64::from(x));
                }
            }
            f[h * sv + w] = mex.mex() as u16;
        }
    }
    f
}

/// Prefix sums over a rows × cols grid of flags, (rows + 1) × (cols + 1).
fn prefix_sums(rows: usize, cols: usize, flag: impl Fn(usize, usize) -> bool) -> Vec<u32> {
    let mut prefix = vec![0u32; (rows + 1) * (cols + 1)];
    for u in 0..rows {
        let mut in_row = 0;
        for v in 0..cols {
            in_row += u32::from(flag(u, v));
            prefix[(u + 1) * (cols + 1) + v + 1] = prefix[u * (cols + 1) + v + 1] + in_row;
        }
    }
    prefix
}

impl CrossCut {
    /// The game on these points (any integer coordinates; repeats count once).
    pub fn new(points: &[(i64, i64)]) -> Result<CrossCut, CrossCutError> {
        if points.len() > MAX_POINTS {
            return Err(CrossCutError::TooManyPoints {
                count: points.len(),
                limit: MAX_POINTS,
            });
        }
        let compress = |coord: fn(&(i64, i64)) -> i64| {
            let mut all: Vec<i64> = points.iter().map(coord).collect();
            all.sort_unstable();
            all.dedup();
            all
        };
        let us = compress(|p| p.0);
        let vs = compress(|p| p.1);
        let (rows, cols) = (us.len(), vs.len());
        if rows.saturating_mul(cols) > MAX_GRID {
            return Err(CrossCutError::GridTooLarge {
                rows,
                columns: cols,
                limit: MAX_GRID,
            });
        }
        // Both counts are at most MAX_POINTS, so the indices fit 16 bits.
        let index = |all: &[i64], x: i64| all.partition_point(|&a| a < x) as u16;
        let compressed: Vec<(u16, u16)> = points
            .iter()
            .map(|&(u, v)| (index(&us, u), index(&vs, v)))
            .collect();

        let mut grid = vec![false; rows * cols];
        let mut in_row = vec![0u32; rows];
        let mut in_col = vec![0u32; cols];
        for &(u, v) in &compressed {
            let cell = &mut grid[usize::from(u) * cols + usize::from(v)];
            if !*cell {
                *cell = true;
                in_row[usize::from(u)] += 1;
                in_col[usize::from(v)] += 1;
            }
        }
        let at = |u: usize, v: usize| grid[u * cols + v];
        let prefix = prefix_sums(rows, cols, at);
        let crowded = prefix_sums(rows, cols, |u, v| {
            at(u, v) && (in_row[u] > 1 || in_col[v] > 1)
        });
        let mut next_in_row = vec![NONE; rows * cols];
        for u in 0..rows {
            let mut next = NONE;
            for v in (0..cols).rev() {
                if at(u, v) {
                    next = v as u16;
                }
                next_in_row[u * cols + v] = next;
            }
        }
        let mut next_in_col = vec![NONE; rows * cols];
        for v in 0..cols {
            let mut next = NONE;
            for u in (0..rows).rev() {
                if at(u, v) {
                    next = u as u16;
                }
                next_in_col[v * rows + u] = next;
            }
        }
        // The table visits every rectangle of the grid; the search only those reached, shrunk
        // to their points, which is far fewer when the points are sparse in their grid
        // (Inventor's long strips put them along a diagonal).
        let small = (rows + 1).pow(2).saturating_mul((cols + 1).pow(2)) <= DENSE_TABLE;
        let dense = 4 * compressed.len() >= rows * cols;
        let full = compressed.len() == rows * cols;
        let method = if small && dense {
            Method::Table
        } else if dense && !full {
            // Dense sets reach nearly every sub-rectangle: the search would not end in any
            // useful time. (A full grid is one block, valued by its size alone.)
            return Err(CrossCutError::TooDense {
                points: compressed.len(),
                rows,
                columns: cols,
                limit: DENSE_TABLE,
            });
        } else {
            Method::Search
        };
        Ok(CrossCut {
            points: compressed,
            rows,
            cols,
            prefix,
            crowded,
            next_in_row,
            next_in_col,
            table: None,
            memo: Memo::Sparse(FxHashMap::default()),
            full: vec![UNKNOWN; rows * cols],
            patterns: FxHashMap::default(),
            values: Vec::new(),
            mex: MexSet::new(),
            budget: Budget::unlimited(),
            charged: 0,
            stats: CrossCutStats {
                method,
                rows,
                columns: cols,
                ..CrossCutStats::default()
            },
        })
    }

    /// The same game, evaluated by the given method whatever the point set looks like (the
    /// table only within its size bound); for tests and benchmarks.
    pub fn with_method(points: &[(i64, i64)], method: Method) -> Result<CrossCut, CrossCutError> {
        let mut game = CrossCut::new(points)?;
        let fits = (game.rows + 1)
            .pow(2)
            .saturating_mul((game.cols + 1).pow(2))
            <= DENSE_TABLE;
        if method == Method::Search || fits {
            game.stats.method = method;
        }
        Ok(game)
    }

    /// The same game, charging its work to `budget` (shared with other evaluations) and
    /// stopping with [`CrossCutError::WorkLimit`] once the budget is spent.
    pub fn within(mut self, budget: &Budget) -> CrossCut {
        self.budget = budget.clone();
        self
    }

    /// Statistics so far.
    pub fn stats(&self) -> CrossCutStats {
        self.stats
    }

    /// Charges the work done since the last charge, in steps (see [`crate::work`]).
    fn charge(&mut self) -> Result<(), CrossCutError> {
        let per_option = match self.stats.method {
            Method::Table => work::CROSS_CUT_TABLE_OPTION,
            Method::Search => work::CROSS_CUT_SEARCH_OPTION,
        };
        let steps = self
            .stats
            .options
            .saturating_mul(per_option)
            .saturating_add(
                self.stats
                    .pattern_reads
                    .saturating_mul(work::CROSS_CUT_PATTERN_READ),
            );
        let delta = steps - self.charged;
        self.charged = steps;
        if self.budget.charge(delta) {
            Ok(())
        } else {
            Err(CrossCutError::WorkLimit {
                limit: self.budget.limit(),
            })
        }
    }

    /// The value of the whole point set.
    pub fn grundy(&mut self) -> Result<Nimber, CrossCutError> {
        let (rows, cols) = (self.rows as i32, self.cols as i32);
        Ok(Nimber(u64::from(self.value_of(
            0,
            rows - 1,
            0,
            cols - 1,
        )?)))
    }

    /// For each input point, the value left after the first move is made there: the XOR of
    /// the four quadrants around it. The move wins exactly when that value is 0 (with
    /// nothing else in play).
    pub fn move_values(&mut self) -> Result<Vec<Nimber>, CrossCutError> {
        let (last_u, last_v) = (self.rows as i32 - 1, self.cols as i32 - 1);
        (0..self.points.len())
            .map(|i| {
                let (u, v) = self.points[i];
                let (u, v) = (i32::from(u), i32::from(v));
                let x = self.value_of(0, u - 1, 0, v - 1)?
                    ^ self.value_of(0, u - 1, v + 1, last_v)?
                    ^ self.value_of(u + 1, last_u, 0, v - 1)?
                    ^ self.value_of(u + 1, last_u, v + 1, last_v)?;
                Ok(Nimber(u64::from(x)))
            })
            .collect()
    }

    /// The value of rows u1..=u2, columns v1..=v2 of the compressed grid (possibly empty).
    fn value_of(&mut self, u1: i32, u2: i32, v1: i32, v2: i32) -> Result<u16, CrossCutError> {
        if u1 > u2 || v1 > v2 {
            return Ok(0);
        }
        match self.stats.method {
            Method::Table => {
                if self.table.is_none() {
                    self.table = Some(self.build_table());
                    self.charge()?;
                }
                let (a, h) = (u1 as usize, (u2 - u1 + 1) as usize);
                let (c, d, sv) = (v1 as usize, v2 as usize + 1, self.cols + 1);
                Ok(self
                    .table
                    .as_ref()
                    .map_or(0, |t| t[h][a * sv * sv + c * sv + d]))
            }
            Method::Search => {
                if let Memo::Sparse(m) = &self.memo {
                    let cells = (self.rows * self.cols).saturating_mul(self.rows * self.cols);
                    if m.is_empty() && cells <= DENSE_MEMO {
                        self.memo = Memo::Dense(vec![UNKNOWN; cells]);
                    }
                }
                match self.shrink(u1, u2, v1, v2) {
                    Some(r) => self.search(r),
                    None => Ok(0),
                }
            }
        }
    }

    fn count_in(prefix: &[u32], cols: usize, u1: usize, u2: usize, v1: usize, v2: usize) -> u32 {
        let w = cols + 1;
        prefix[(u2 + 1) * w + v2 + 1] + prefix[u1 * w + v1]
            - prefix[u1 * w + v2 + 1]
            - prefix[(u2 + 1) * w + v1]
    }

    /// Every rectangle's value, one table per height: entry a·(cols + 1)² + c·(cols + 1) + d
    /// of `tables[h]` is rows a..a + h, columns c..d (half-open; height 0 and c = d are
    /// empty, worth 0). Each quadrant of a move is strictly shorter than its rectangle, so a height only
    /// reads the tables below it, and its rectangles are independent of each other: they
    /// are split between threads by their first row.
    fn build_table(&mut self) -> Vec<Vec<u16>> {
        let (rows, cols) = (self.rows, self.cols);
        let sv = cols + 1;
        let slab = sv * sv;
        let mut tables: Vec<Vec<u16>> = (0..=rows)
            .map(|h| vec![0u16; (rows + 1 - h) * slab])
            .collect();
        let full = full_block_values(rows, cols);
        let this = &*self;
        let mut evaluated = 0;
        let mut options = 0;
        for h in 1..=rows {
            crate::stop::check();
            let (done, rest) = tables.split_at_mut(h);
            let fill = |(a, out): (usize, &mut [u16])| this.fill_slab(done, &full, h, a, out);
            let (e, o) = if (rows + 1 - h) * slab >= 1 << 14 {
                rest[0]
                    .par_chunks_mut(slab)
                    .enumerate()
                    .map(fill)
                    .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1))
            } else {
                rest[0]
                    .chunks_mut(slab)
                    .enumerate()
                    .map(fill)
                    .fold((0, 0), |x, y| (x.0 + y.0, x.1 + y.1))
            };
            evaluated += e;
            options += o;
        }
        self.stats.evaluated += evaluated;
        self.stats.options += options;
        tables
    }

    /// The rectangles of height h starting at row a, into `out` (indexed c·(cols + 1) + d).
    /// Returns (rectangles evaluated by a mex, options looked at).
    fn fill_slab(
        &self,
        done: &[Vec<u16>],
        full: &[u16],
        h: usize,
        a: usize,
        out: &mut [u16],
    ) -> (u64, u64) {
        let (cols, sv) = (self.cols, self.cols + 1);
        let slab = sv * sv;
        let b = a + h;
        let at = |a: usize, b: usize, c: usize, d: usize| done[b - a][a * slab + c * sv + d];
        let mut mex = MexSet::new();
        let (mut evaluated, mut options) = (0, 0);
        for w in 1..=cols {
            for c in 0..=cols - w {
                let d = c + w;
                let count = Self::count_in(&self.prefix, cols, a, b - 1, c, d - 1);
                if count == 0 {
                    continue;
                }
                if Self::count_in(&self.crowded, cols, a, b - 1, c, d - 1) == 0 {
                    out[c * sv + d] = (count % 2) as u16;
                    continue;
                }
                if count as usize == h * w {
                    // Every cell a point: the value depends on the size alone.
                    out[c * sv + d] = full[h * sv + w];
                    continue;
                }
                evaluated += 1;
                options += u64::from(count);
                let small = count < 64;
                let mut seen = 0u64;
                if !small {
                    mex.reset(count as usize);
                }
                for u in a..b {
                    let mut v = self.next_in_row[u * cols + c];
                    while v != NONE && usize::from(v) < d {
                        let vu = usize::from(v);
                        let x = at(a, u, c, vu)
                            ^ at(a, u, vu + 1, d)
                            ^ at(u + 1, b, c, vu)
                            ^ at(u + 1, b, vu + 1, d);
                        if small {
                            if x < 64 {
                                seen |= 1 << x;
                            }
                        } else {
                            mex.insert(u64::from(x));
                        }
                        v = if vu + 1 < cols {
                            self.next_in_row[u * cols + vu + 1]
                        } else {
                            NONE
                        };
                    }
                }
                // At most MAX_POINTS options, so the mex fits 16 bits.
                *out.get_mut(c * sv + d).expect("in the slab") = if small {
                    seen.trailing_ones() as u16
                } else {
                    mex.mex() as u16
                };
            }
        }
        (evaluated, options)
    }

    /// Does row u hold a point in columns v1..=v2?
    fn row_has(&self, u: usize, v1: usize, v2: usize) -> bool {
        let next = self.next_in_row[u * self.cols + v1];
        next != NONE && usize::from(next) <= v2
    }

    fn col_has(&self, v: usize, u1: usize, u2: usize) -> bool {
        let next = self.next_in_col[v * self.rows + u1];
        next != NONE && usize::from(next) <= u2
    }

    /// The bounding box of the points in rows u1..=u2, columns v1..=v2 (which may be
    /// empty or inverted), or `None` when there are none.
    fn shrink(&self, u1: i32, u2: i32, v1: i32, v2: i32) -> Option<Rect> {
        if u1 > u2 || v1 > v2 {
            return None;
        }
        let (mut u1, mut u2, mut v1, mut v2) = (u1 as usize, u2 as usize, v1 as usize, v2 as usize);
        let count = Self::count_in(&self.prefix, self.cols, u1, u2, v1, v2);
        if count == 0 {
            return None;
        }
        // Dropping rows, then columns, that hold none of the points keeps the point set, so
        // one pass of each reaches the bounding box.
        while !self.row_has(u1, v1, v2) {
            u1 += 1;
        }
        while !self.row_has(u2, v1, v2) {
            u2 -= 1;
        }
        while !self.col_has(v1, u1, u2) {
            v1 += 1;
        }
        while !self.col_has(v2, u1, u2) {
            v2 -= 1;
        }
        Some(Rect {
            u1: u1 as u16,
            u2: u2 as u16,
            v1: v1 as u16,
            v2: v2 as u16,
            count,
        })
    }

    /// The points of `r` in row-major order, each as (row rank << 16 | column rank), ranks
    /// counted among the rows and columns of `r` that hold points.
    fn ranked_pattern(&mut self, r: &Rect) -> Vec<u32> {
        self.stats.pattern_reads += r.height() as u64 + u64::from(r.count);
        let mut points: Vec<(u32, u16)> = Vec::with_capacity(r.count as usize);
        let mut row_rank = 0u32;
        for u in usize::from(r.u1)..=usize::from(r.u2) {
            let before = points.len();
            let mut v = self.next_in_row[u * self.cols + usize::from(r.v1)];
            while v != NONE && v <= r.v2 {
                points.push((row_rank, v));
                let next = usize::from(v) + 1;
                v = if next < self.cols {
                    self.next_in_row[u * self.cols + next]
                } else {
                    NONE
                };
            }
            row_rank += u32::from(points.len() > before);
        }
        let mut columns: Vec<u16> = points.iter().map(|p| p.1).collect();
        columns.sort_unstable();
        columns.dedup();
        points
            .iter()
            .map(|&(rr, v)| rr << 16 | columns.partition_point(|&c| c < v) as u32)
            .collect()
    }

    fn pattern_hash(pattern: &[u32]) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        pattern.hash(&mut h);
        h.finish()
    }

    fn lookup(&mut self, r: &Rect) -> Option<u16> {
        let crowded = Self::count_in(
            &self.crowded,
            self.cols,
            usize::from(r.u1),
            usize::from(r.u2),
            usize::from(r.v1),
            usize::from(r.v2),
        );
        if crowded == 0 {
            return Some((r.count % 2) as u16);
        }
        let v = if r.is_full() {
            self.full[(r.height() - 1) * self.cols + r.width() - 1]
        } else {
            match &self.memo {
                Memo::Dense(t) => t[self.memo_index(r)],
                Memo::Sparse(m) => *m.get(&r.key()).unwrap_or(&UNKNOWN),
            }
        };
        if v != UNKNOWN {
            return Some(v);
        }
        if r.is_full() {
            return None;
        }
        // The same points may have been met elsewhere.
        let pattern = self.ranked_pattern(r);
        let &(rep, value) = self.patterns.get(&Self::pattern_hash(&pattern))?;
        if rep.count != r.count || self.ranked_pattern(&rep) != pattern {
            return None;
        }
        self.store_rect(r, value);
        Some(value)
    }

    fn store(&mut self, r: &Rect, v: u16) {
        self.store_rect(r, v);
        if !r.is_full() {
            let hash = Self::pattern_hash(&self.ranked_pattern(r));
            self.patterns.entry(hash).or_insert((*r, v));
        }
    }

    fn store_rect(&mut self, r: &Rect, v: u16) {
        if r.is_full() {
            self.full[(r.height() - 1) * self.cols + r.width() - 1] = v;
            return;
        }
        let i = self.memo_index(r);
        match &mut self.memo {
            Memo::Dense(t) => t[i] = v,
            Memo::Sparse(m) => {
                m.insert(r.key(), v);
            }
        }
    }

    fn memo_index(&self, r: &Rect) -> usize {
        let (rows, cols) = (self.rows, self.cols);
        ((usize::from(r.u1) * rows + usize::from(r.u2)) * cols + usize::from(r.v1)) * cols
            + usize::from(r.v2)
    }

    fn open(&self, rect: Rect) -> Frame {
        Frame {
            rect,
            u: rect.u1,
            v: self.next_in_row[usize::from(rect.u1) * self.cols + usize::from(rect.v1)],
            values_start: self.values.len(),
        }
    }

    /// The value of a shrunk rectangle, evaluating the rectangles it reaches with an
    /// explicit stack.
    fn search(&mut self, root: Rect) -> Result<u16, CrossCutError> {
        // (A pattern hit stores into the memo, so lookups may write.)
        if let Some(v) = self.lookup(&root) {
            return Ok(v);
        }
        let mut stack = vec![self.open(root)];
        'frames: loop {
            let Some(f) = stack.last_mut() else {
                unreachable!("the stack is never empty inside the loop");
            };
            let r = f.rect;
            while f.u <= r.u2 {
                if f.v == NONE || f.v > r.v2 {
                    f.u += 1;
                    if f.u <= r.u2 {
                        f.v = self.next_in_row[usize::from(f.u) * self.cols + usize::from(r.v1)];
                    }
                    continue;
                }
                let (u, v) = (i32::from(f.u), i32::from(f.v));
                let quadrants = [
                    self.shrink(i32::from(r.u1), u - 1, i32::from(r.v1), v - 1),
                    self.shrink(i32::from(r.u1), u - 1, v + 1, i32::from(r.v2)),
                    self.shrink(u + 1, i32::from(r.u2), i32::from(r.v1), v - 1),
                    self.shrink(u + 1, i32::from(r.u2), v + 1, i32::from(r.v2)),
                ];
                let mut x = 0u16;
                for q in quadrants.into_iter().flatten() {
                    match self.lookup(&q) {
                        Some(value) => x ^= value,
                        None => {
                            let child = self.open(q);
                            stack.push(child);
                            continue 'frames;
                        }
                    }
                }
                self.values.push(x);
                self.stats.options += 1;
                let next = usize::from(f.v) + 1;
                f.v = if next < self.cols {
                    self.next_in_row[usize::from(f.u) * self.cols + next]
                } else {
                    NONE
                };
            }
            let start = f.values_start;
            let found = &self.values[start..];
            self.mex.reset(found.len());
            for &x in found {
                self.mex.insert(u64::from(x));
            }
            // At most MAX_POINTS options, so the mex fits 16 bits below UNKNOWN.
            let g = self.mex.mex() as u16;
            self.values.truncate(start);
            self.store(&r, g);
            self.stats.evaluated += 1;
            self.charge()?;
            if let Memo::Sparse(m) = &self.memo
                && m.len() > MAX_SEARCH_MEMO
            {
                return Err(CrossCutError::TooManyRectangles {
                    limit: MAX_SEARCH_MEMO,
                });
            }
            stack.pop();
            if stack.is_empty() {
                return Ok(g);
            }
        }
    }
}

/// A game in play: the point set after some cuts (see [`in_play`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InPlay {
    /// The value of the position: the XOR of its regions.
    pub grundy: Nimber,
    /// For each point, `None` once it lies on a cut line (it can no longer be played),
    /// else the value of the whole position after a cut there.
    pub after: Vec<Option<Nimber>>,
    /// Each cut made, with the region it fell in: its lines run across that region only.
    pub cuts: Vec<((i64, i64), Region)>,
}

impl InPlay {
    /// Does a cut line cover the cell `(u, v)`?
    pub fn covers(&self, p: (i64, i64)) -> bool {
        cross_cut::covered(&self.cuts, p)
    }
}

/// Why a list of cuts was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InPlayError {
    /// Cut `index` (from 1) is not a point, or its point lies on an earlier cut's line.
    #[error("cut {index} is not on a point still in play")]
    NotLive {
        /// The cut, from 1.
        index: usize,
    },
    /// The engine refused a region.
    #[error(transparent)]
    CrossCut(#[from] CrossCutError),
}

/// Why a board in play was refused, in the board's own terms (for the games built on
/// [`in_play`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayedError {
    /// A move on a cell where no move can be made at that point of the game.
    #[error("move {index}: row {row}, column {column} {why}")]
    NotLive {
        /// The move, from 1.
        index: usize,
        /// Its row, from 1.
        row: usize,
        /// Its column, from 1.
        column: usize,
        /// What the cell lacks, in the game's words.
        why: &'static str,
    },
    /// The engine refused a region.
    #[error(transparent)]
    CrossCut(#[from] CrossCutError),
}

/// The cross-cut game on `points` after the cuts `cuts` (points, in the order played),
/// starting from the single region `start`. A cut's lines stop at the lines already
/// there, so it splits the region it falls in into (up to) four, and the position is the
/// sum of the regions, each valued by its own [`CrossCut`].
///
/// ```
/// use grundy::solve::cross_cut::{in_play, InPlayError, Region};
/// use grundy::work::Budget;
///
/// let points = [(0, 0), (1, 1), (2, 2)];
/// let after = in_play(&points, &[(1, 1)], Region::ALL, &Budget::unlimited()).unwrap();
/// // Two single points in two regions: worth 1 xor 1 = 0.
/// assert_eq!(after.grundy.0, 0);
/// assert!(after.after[1].is_none());
/// // The same cut twice is refused.
/// let again = in_play(&points, &[(1, 1), (1, 1)], Region::ALL, &Budget::unlimited());
/// assert_eq!(again.unwrap_err(), InPlayError::NotLive { index: 2 });
/// ```
pub fn in_play(
    points: &[(i64, i64)],
    cuts: &[(i64, i64)],
    start: Region,
    budget: &Budget,
) -> Result<InPlay, InPlayError> {
    let Split {
        regions,
        cuts: made,
    } = cross_cut::split(points, cuts, start).map_err(|index| InPlayError::NotLive { index })?;
    // Each point's region, and each region's game.
    let home: Vec<Option<usize>> = points
        .iter()
        .map(|&p| regions.iter().position(|r| r.holds(p)))
        .collect();
    let mut values = Vec::with_capacity(regions.len());
    let mut moves: Vec<Vec<Nimber>> = Vec::with_capacity(regions.len());
    for k in 0..regions.len() {
        let inside: Vec<(i64, i64)> = points
            .iter()
            .zip(&home)
            .filter(|&(_, &h)| h == Some(k))
            .map(|(&p, _)| p)
            .collect();
        let mut game = CrossCut::new(&inside)?.within(budget);
        values.push(game.grundy()?);
        moves.push(game.move_values()?);
    }
    let grundy = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
    let mut next = vec![0usize; regions.len()];
    let after = home
        .iter()
        .map(|&h| {
            h.map(|k| {
                let left = moves[k][next[k]];
                next[k] += 1;
                grundy ^ values[k] ^ left
            })
        })
        .collect();
    Ok(InPlay {
        grundy,
        after,
        cuts: made,
    })
}

/// The cross-cut game as a plain [`Game`] on raw rectangles, with no compression, no
/// shrinking and no special cases: a slow twin of [`CrossCut`] for tests.
#[derive(Clone, Debug)]
pub struct CrossCutGame {
    /// The points.
    pub points: Vec<(i64, i64)>,
}

impl Game for CrossCutGame {
    /// (first row, last row, first column, last column), inclusive.
    type Position = (i64, i64, i64, i64);

    fn options(
        &self,
        &(u1, u2, v1, v2): &Self::Position,
        out: &mut Vec<Components<Self::Position>>,
    ) {
        for &(u, v) in &self.points {
            if (u1..=u2).contains(&u) && (v1..=v2).contains(&v) {
                out.push(
                    [
                        (u1, u - 1, v1, v - 1),
                        (u1, u - 1, v + 1, v2),
                        (u + 1, u2, v1, v - 1),
                        (u + 1, u2, v + 1, v2),
                    ]
                    .into_iter()
                    .filter(|&(a, b, c, d)| a <= b && c <= d)
                    .collect(),
                );
            }
        }
    }
}
