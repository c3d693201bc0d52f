//! pshtbrth inputs: `T`; per test `N M`, N cakes (4 rows of 4 `0`/`1`, a blank line after
//! each), then M queries `1 L R` or `2 pos` and four rows (the statement: T ≤ 5,
//! N, M ≤ 10^5).

use std::fmt::Write as _;

use rand::RngExt;

use super::{CaseInput, Rng, Size, draw, smaller_list};

/// The statement's most tests.
pub const MAX_TESTS: usize = 5;
/// The statement's most cakes, and most queries, in a test.
pub const MAX_CAKES: usize = 100_000;
/// Every candle of a 4×4 cake.
const FULL: u16 = u16::MAX;

/// One test: the row of cakes and the queries on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CakeTest {
    /// The cakes, each a 4×4 mask: bit `4r + c` is the candle in row r, column c, set when
    /// it burns.
    pub cakes: Vec<u16>,
    /// The queries, in order.
    pub queries: Vec<CakeQuery>,
}

/// A query on a row of cakes; positions count from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CakeQuery {
    /// `1 L R`: who wins on cakes L..=R.
    Who(usize, usize),
    /// `2 pos` and four rows: cake pos becomes this one.
    Replace(usize, u16),
}

fn cake_rows(out: &mut String, cake: u16) {
    for r in 0..4 {
        for c in 0..4 {
            out.push(if cake >> (4 * r + c) & 1 == 1 {
                '1'
            } else {
                '0'
            });
        }
        out.push('\n');
    }
}

fn random_cake(rng: &mut Rng, density: f64) -> u16 {
    (0..16).fold(0, |m, b| m | (u16::from(rng.random_bool(density)) << b))
}

fn random_test(rng: &mut Rng, cakes: usize, queries: usize, updates: f64, wide: bool) -> CakeTest {
    let density = draw(rng, 2, 9) as f64 / 10.0;
    let row: Vec<u16> = (0..cakes).map(|_| random_cake(rng, density)).collect();
    let n = cakes as u64;
    let mut qs: Vec<CakeQuery> = (0..queries)
        .map(|_| {
            if rng.random_bool(updates) {
                CakeQuery::Replace(draw(rng, 1, n) as usize, random_cake(rng, density))
            } else if wide {
                CakeQuery::Who(
                    draw(rng, 1, 10.min(n)) as usize,
                    (n - draw(rng, 0, 9.min(n - 1))) as usize,
                )
            } else {
                let (a, b) = (draw(rng, 1, n), draw(rng, 1, n));
                CakeQuery::Who(a.min(b) as usize, a.max(b) as usize)
            }
        })
        .collect();
    if !qs.iter().any(|q| matches!(q, CakeQuery::Who(..))) {
        *qs.last_mut().expect("at least one query") = CakeQuery::Who(1, cakes);
    }
    CakeTest {
        cakes: row,
        queries: qs,
    }
}

pub fn generate(size: Size, cases: Option<usize>, rng: &mut Rng) -> Vec<CakeTest> {
    let (count, low, high) = match size {
        Size::Small => (cases.unwrap_or_else(|| draw(rng, 1, 2) as usize), 1, 4),
        Size::Medium => (cases.unwrap_or_else(|| draw(rng, 1, 3) as usize), 100, 1000),
        Size::Max | Size::Worst => (cases.unwrap_or(MAX_TESTS), MAX_CAKES, MAX_CAKES),
    };
    (0..count)
        .map(|k| {
            let n = draw(rng, low as u64, high as u64) as usize;
            let m = draw(rng, low as u64, high as u64) as usize;
            if size != Size::Worst {
                return random_test(rng, n, m, 0.5, false);
            }
            // The most updates, each followed by ranges over nearly every cake; no candle
            // burning (every query a P-position); every candle burning; a single cake.
            match k % 5 {
                0 => random_test(rng, n, m, 0.67, true),
                1 => {
                    let mut t = random_test(rng, n, m, 0.0, true);
                    t.cakes.fill(0);
                    t
                }
                2 => {
                    let mut t = random_test(rng, n, m, 0.3, true);
                    t.cakes.fill(FULL);
                    t
                }
                3 => random_test(rng, 1, m, 0.5, false),
                _ => random_test(rng, n, m, 0.5, false),
            }
        })
        .collect()
}

pub fn text(tests: &[CakeTest]) -> String {
    let cakes: usize = tests.iter().map(|t| t.cakes.len() + t.queries.len()).sum();
    let mut out = String::with_capacity(cakes * 24 + 16);
    let _ = writeln!(out, "{}", tests.len());
    for t in tests {
        let _ = writeln!(out, "{} {}", t.cakes.len(), t.queries.len());
        for &cake in &t.cakes {
            cake_rows(&mut out, cake);
            out.push('\n');
        }
        for q in &t.queries {
            match *q {
                CakeQuery::Who(l, r) => {
                    let _ = writeln!(out, "1 {l} {r}");
                }
                CakeQuery::Replace(pos, cake) => {
                    let _ = writeln!(out, "2 {pos}");
                    cake_rows(&mut out, cake);
                }
            }
        }
    }
    out
}

/// A cake with fewer candles: none, or one fewer.
fn smaller_cake(cake: u16) -> impl Iterator<Item = u16> {
    let none = (cake != 0).then_some(0);
    let one_fewer = (0..16)
        .filter(move |b| cake >> b & 1 == 1 && cake.count_ones() > 1)
        .map(move |b| cake & !(1 << b));
    none.into_iter().chain(one_fewer)
}

impl CakeTest {
    /// Smaller tests: fewer queries, fewer cakes (the queries moved to match), then on a
    /// short row fewer candles and narrower ranges.
    pub fn smaller(&self) -> Box<dyn Iterator<Item = CakeTest> + '_> {
        let fewer_queries =
            smaller_list(&self.queries, 1, |_| std::iter::empty()).map(|queries| CakeTest {
                cakes: self.cakes.clone(),
                queries,
            });
        let n = self.cakes.len();
        let fewer_cakes = super::blocks(n).filter_map(move |(s, e)| self.without_cakes(s, e));
        let short = n <= 16 && self.queries.len() <= 16;
        let candles = (0..if short { n } else { 0 }).flat_map(move |i| {
            smaller_cake(self.cakes[i]).map(move |c| {
                let mut t = self.clone();
                t.cakes[i] = c;
                t
            })
        });
        let queries = (0..if short { self.queries.len() } else { 0 }).flat_map(move |i| {
            let narrower: Vec<CakeQuery> = match self.queries[i] {
                CakeQuery::Who(l, r) => [(l, l), (l + 1, r), (l, r - 1)]
                    .into_iter()
                    .filter(|&(a, b)| a <= b && (a, b) != (l, r))
                    .map(|(a, b)| CakeQuery::Who(a, b))
                    .collect(),
                CakeQuery::Replace(pos, cake) => smaller_cake(cake)
                    .map(|c| CakeQuery::Replace(pos, c))
                    .collect(),
            };
            narrower.into_iter().map(move |q| {
                let mut t = self.clone();
                t.queries[i] = q;
                t
            })
        });
        Box::new(
            fewer_queries
                .chain(fewer_cakes)
                .chain(candles)
                .chain(queries),
        )
    }

    /// The test without cakes `s..e` (from 0), its queries moved to match: updates of a
    /// removed cake dropped, ranges cut. `None` when no cake or no query would be left.
    pub(super) fn without_cakes(&self, s: usize, e: usize) -> Option<CakeTest> {
        let gone = e - s;
        if gone >= self.cakes.len() {
            return None;
        }
        // New 1-based position of a kept cake at 0-based i.
        let moved = |i: usize| if i < s { i + 1 } else { i + 1 - gone };
        let queries: Vec<CakeQuery> = self
            .queries
            .iter()
            .filter_map(|q| match *q {
                CakeQuery::Replace(p, c) => {
                    let i = p - 1;
                    (i < s || i >= e).then(|| CakeQuery::Replace(moved(i), c))
                }
                CakeQuery::Who(l, r) => {
                    let (l, r) = (l - 1, r - 1);
                    let first = if (s..e).contains(&l) { e } else { l };
                    let last = if (s..e).contains(&r) {
                        s.checked_sub(1)?
                    } else {
                        r
                    };
                    (first <= last).then(|| CakeQuery::Who(moved(first), moved(last)))
                }
            })
            .collect();
        if queries.is_empty() {
            return None;
        }
        let mut cakes = self.cakes[..s].to_vec();
        cakes.extend_from_slice(&self.cakes[e..]);
        Some(CakeTest { cakes, queries })
    }
}

/// The cakes that the `line`-th answer (from 0) is about, as `analyze` reads them.
pub fn case_of_line(tests: &[CakeTest], line: usize) -> Option<CaseInput> {
    let mut seen = 0;
    for (k, t) in tests.iter().enumerate() {
        let mut cakes = t.cakes.clone();
        for (j, q) in t.queries.iter().enumerate() {
            match *q {
                CakeQuery::Replace(p, c) => cakes[p - 1] = c,
                CakeQuery::Who(l, r) => {
                    if seen == line {
                        let mut input = String::new();
                        for (i, &cake) in cakes[l - 1..r].iter().enumerate() {
                            if i > 0 {
                                input.push('\n');
                            }
                            cake_rows(&mut input, cake);
                        }
                        return Some(CaseInput {
                            what: format!("test {}, query {} (cakes {l} to {r})", k + 1, j + 1),
                            input,
                        });
                    }
                    seen += 1;
                }
            }
        }
    }
    None
}
