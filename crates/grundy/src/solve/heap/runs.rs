//! Subtraction games whose takes are too large for a table (a take of 10^9 or 2^62), with
//! few takes: the values held as runs, each a short block repeated, and computed a run at a
//! time instead of a heap at a time.
//!
//! The value of a heap of n under the takes S is the mex of the values of n − s, s ∈ S
//! (Winning Ways, chapter 4). Hold the values as runs: over [start, start + len) the value
//! of start + i is block[i mod q]. Say every lookup n + j − s, for 0 ≤ j < J, stays inside
//! one run (or, for the takes whose lookups are in the run still being written, inside
//! that run), and let Q be the least common multiple of the blocks read. If the values of
//! n..n + Q follow the open run's block, so do those of n..n + J: by induction on j ≥ Q,
//! every lookup of n + j reads the same value as the lookup of n + j − Q, so their mexes
//! agree, and n + j − Q follows the block. The engine computes Q heaps one by one and
//! jumps the other J − Q.
//!
//! The values are periodic (Winning Ways, chapter 4: the last max S values determine the
//! rest, so a repeat of them repeats everything after): if g(m + p) = g(m) for the
//! t = max S heaps n0 ≤ m < n0 + t, then g(m + p) = g(m) for every m ≥ n0 (each value
//! reads only the t before it). The engine looks for such a p among the distances between
//! equal runs (the same length and block), and among the open run's block when that run
//! is longer than t plus its block. Both tests compare runs piece by piece, never heap by
//! heap. A period found is cut down to the shortest one (each smaller period it is a
//! multiple of is tried with the same test), and its start moved back to the first heap
//! from which it holds.

use rustc_hash::FxHashMap;

use super::Period;

/// The longest block a run may have: a stretch with no shorter repeat is cut into runs.
const MAX_BLOCK: usize = 64;

/// The most takes the engine accepts: values are then at most 64, one bit each of a u128.
pub const MAX_TAKES: usize = crate::games::Subtraction::MAX_FEW;

/// The fewest heaps a run holds before its block is taken as settled (a stretch 0 0 1 1
/// is not yet a run of 0s).
const MIN_RUN: u64 = 16;

/// The longest common multiple of blocks a jump or a comparison reads before it goes heap
/// by heap.
const MAX_CYCLE: u64 = 1 << 14;

/// The latest runs of each length and block kept to compare a finished run with.
const TWINS: usize = 8;

/// A stretch of values: heap start + i is worth block[i mod block.len()], for i < len.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Run {
    /// The first heap of the run.
    start: u64,
    /// How many heaps it holds.
    len: u64,
    /// The values repeated.
    block: Vec<u32>,
}

impl Run {
    fn end(&self) -> u64 {
        self.start + self.len
    }
}

/// Values held as runs from heap 0, and past them, once a period is proved, repeated with
/// that period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Runs {
    runs: Vec<Run>,
    /// `(n0, p)`: the values of heaps from n0 + p on are those p before them.
    cycle: Option<(u64, u64)>,
}

/// A stretch from `start` (to the end of its run) over which heap x is worth
/// block[(x − origin) mod q].
struct Piece<'a> {
    start: u64,
    origin: u64,
    block: &'a [u32],
}

impl Piece<'_> {
    fn at(&self, x: u64) -> u32 {
        self.block[((x - self.origin) % self.block.len() as u64) as usize]
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The least common multiple, `None` past `cap`.
fn lcm(a: u64, b: u64, cap: u64) -> Option<u64> {
    let l = (a / gcd(a, b)).checked_mul(b)?;
    (l <= cap).then_some(l)
}

/// The shortest q with values[i] = values[i − q] for every i ≥ q.
fn shortest_period(values: &[u32]) -> usize {
    (1..values.len())
        .find(|&q| (q..values.len()).all(|i| values[i] == values[i - q]))
        .unwrap_or(values.len())
}

impl Runs {
    /// The values of heaps 0..values.len(), repeated from `period` on: one run.
    pub fn table(values: &[u32], period: Period) -> Runs {
        Runs {
            runs: vec![Run {
                start: 0,
                len: values.len() as u64,
                block: values.to_vec(),
            }],
            cycle: Some((period.preperiod as u64, period.period as u64)),
        }
    }

    fn index(&self, m: u64) -> usize {
        self.runs.partition_point(|r| r.start <= m) - 1
    }

    /// The piece holding heap m (which must be held, or reached by the period).
    fn piece(&self, m: u64) -> Piece<'_> {
        if let Some((n0, p)) = self.cycle
            && m >= n0 + p
        {
            let shift = (m - n0) / p * p;
            let r = &self.runs[self.index(m - shift)];
            return Piece {
                start: r.start.max(n0) + shift,
                origin: r.start + shift,
                block: &r.block,
            };
        }
        let r = &self.runs[self.index(m)];
        Piece {
            start: r.start,
            origin: r.start,
            block: &r.block,
        }
    }

    /// The value of heap m.
    pub fn value(&self, m: u64) -> u32 {
        self.piece(m).at(m)
    }

    /// The largest i < len with g(a + i) ≠ g(b + i), compared a piece at a time from the
    /// end.
    fn last_mismatch(&self, a: u64, b: u64, len: u64) -> Option<u64> {
        let mut e = len;
        while e > 0 {
            let (x, y) = (a + e - 1, b + e - 1);
            let (pa, pb) = (self.piece(x), self.piece(y));
            let l = e.min(x - pa.start + 1).min(y - pb.start + 1);
            // Over the piece both sides repeat with the lcm of their blocks: the last
            // lcm heaps stand for all of it.
            let scan = lcm(pa.block.len() as u64, pb.block.len() as u64, l).unwrap_or(l);
            for i in 0..scan {
                let k = e - 1 - i;
                if pa.at(a + k) != pb.at(b + k) {
                    return Some(k);
                }
            }
            e -= l;
        }
        None
    }

    /// Whether g(m + p) = g(m) for every m ≥ n0, by the theorem: for t heaps from n0.
    fn repeats(&self, n0: u64, p: u64, t: u64) -> bool {
        self.last_mismatch(n0, n0 + p, t).is_none()
    }

    /// The values proved periodic with p from n0 as the shortest period and its earliest
    /// start, the runs cut to that pre-period and one period.
    fn settle(mut self, n0: u64, mut p: u64, t: u64) -> (Runs, Period) {
        self.cycle = Some((n0, p));
        for r in prime_factors(p) {
            while p.is_multiple_of(r) && self.repeats(n0, p / r, t) {
                p /= r;
                self.cycle = Some((n0, p));
            }
        }
        let n0 = self.last_mismatch(0, p, n0).map_or(0, |k| k + 1);
        let keep = n0 + p;
        self.cycle = Some((n0, p));
        self.runs.truncate(self.index(keep - 1) + 1);
        if let Some(last) = self.runs.last_mut() {
            last.len = keep - last.start;
        }
        let period = Period {
            preperiod: n0 as usize,
            period: p as usize,
        };
        (self, period)
    }
}

/// The prime factors of n: by trial division below 2^20, and what is left over as one
/// more (a product of two larger primes is tried as a whole).
fn prime_factors(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut d = 2u64;
    while d < 1 << 20 && d * d <= n {
        if n.is_multiple_of(d) {
            out.push(d);
            while n.is_multiple_of(d) {
                n /= d;
            }
        }
        d += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// A run too short to be sure of its block: shorter than 16 heaps or two blocks.
fn confirmed(run: &Run) -> bool {
    run.len >= 2 * run.block.len() as u64 && run.len >= MIN_RUN
}

/// Why the period of a large subtraction game was not found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unproved {
    /// The heaps whose values were computed (0..this).
    pub looked: u64,
}

/// The engine's state: the runs so far, heaps 0..n.
struct Engine<'a> {
    takes: &'a [u64],
    t: u64,
    values: Runs,
    n: u64,
    /// Lookups made, against the budget.
    work: u64,
    /// The starts of the latest finished runs of each length and block.
    twins: FxHashMap<(u64, Vec<u32>), Vec<u64>>,
    /// How many runs there were when a finished one was last compared with its twins.
    closed: usize,
}

impl Engine<'_> {
    /// Computes heap n by its lookups, and adds it: `true` when it follows the open run's
    /// block as it was.
    fn step(&mut self) -> bool {
        let n = self.n;
        let mut seen = 0u128;
        for &s in self.takes.iter().take_while(|&&s| s <= n) {
            seen |= 1 << self.values.value(n - s);
        }
        self.work += self.takes.len() as u64;
        self.n += 1;
        self.push(seen.trailing_ones())
    }

    fn push(&mut self, v: u32) -> bool {
        let n = self.n - 1;
        if let Some(open) = self.values.runs.last_mut() {
            let q = open.block.len() as u64;
            if open.block[(open.len % q) as usize] == v {
                open.len += 1;
                return true;
            }
            if !confirmed(open) {
                // Not yet seen long enough: the block is whatever repeats in the run so far.
                let mut seen: Vec<u32> = (0..open.len)
                    .map(|i| open.block[(i % q) as usize])
                    .collect();
                seen.push(v);
                let q = shortest_period(&seen);
                if q <= MAX_BLOCK {
                    seen.truncate(q);
                    open.block = seen;
                    open.len += 1;
                    return false;
                }
                // No short block: the run ends where the longest stretch that repeats one
                // (twice at least) begins, and that stretch is the next run.
                if let Some(k) = (1..seen.len()).find(|&k| {
                    let q = shortest_period(&seen[k..]);
                    q <= MAX_BLOCK && seen.len() - k >= 2 * q
                }) {
                    let tail = seen.split_off(k);
                    let q = shortest_period(&tail);
                    let start = open.start + k as u64;
                    open.len = k as u64;
                    open.block = seen[..shortest_period(&seen)].to_vec();
                    self.values.runs.push(Run {
                        start,
                        len: tail.len() as u64,
                        block: tail[..q].to_vec(),
                    });
                    return false;
                }
            }
        }
        self.values.runs.push(Run {
            start: n,
            len: 1,
            block: vec![v],
        });
        false
    }

    /// How far the values may be jumped from n (J), and the heaps to compute first (Q).
    fn window(&self) -> Option<(u64, u64)> {
        let open = self.values.runs.last()?;
        let q = open.block.len() as u64;
        if !confirmed(open) {
            return None;
        }
        let n = self.n;
        // Stop where the open run proves its own period.
        let mut far = (open.start + self.t + q).saturating_sub(n).max(1);
        let mut cycle = q;
        for &s in self.takes {
            if s > n {
                far = far.min(s - n);
                break;
            }
            let m = n - s;
            if m >= open.start {
                continue;
            }
            let r = &self.values.runs[self.values.index(m)];
            far = far.min(r.end() - m);
            cycle = lcm(cycle, r.block.len() as u64, MAX_CYCLE)?;
        }
        Some((far, cycle))
    }

    /// The period proved when the open run repeats its block over t heaps past one block,
    /// or when the run just finished has a twin p heaps earlier and the t heaps before the
    /// new run repeat with p.
    fn proved(&mut self) -> Option<(u64, u64)> {
        let runs = &self.values.runs;
        let open = runs.last()?;
        let q = open.block.len() as u64;
        if confirmed(open) && open.len >= self.t + q {
            return Some((open.start, q));
        }
        let count = runs.len();
        if count < 2 || count == self.closed {
            return None;
        }
        let b = open.start;
        self.closed = count;
        let done = &self.values.runs[count - 2];
        let starts = self
            .twins
            .entry((done.len, done.block.clone()))
            .or_default();
        let found = starts.iter().rev().find_map(|&twin| {
            let p = done.start - twin;
            (b >= self.t + p && self.values.repeats(b - self.t - p, p, self.t))
                .then(|| (b - self.t - p, p))
        });
        if starts.len() == TWINS {
            starts.remove(0);
        }
        starts.push(done.start);
        found
    }
}

/// The values and the shortest period of the subtraction game with `takes` (ascending, at
/// most [`MAX_TAKES`], each at least 1), computed run by run until the period is proved,
/// within `budget` lookups and `max_runs` runs; with them, how many heaps the proof read.
pub fn subtraction_period(
    takes: &[u64],
    budget: u64,
    max_runs: usize,
) -> Result<(Runs, Period, u64), Unproved> {
    assert!(takes.len() <= MAX_TAKES && !takes.is_empty() && takes[0] > 0);
    let mut e = Engine {
        takes,
        t: *takes.last().expect("a take"),
        values: Runs {
            runs: Vec::new(),
            cycle: None,
        },
        n: 0,
        work: 0,
        twins: FxHashMap::default(),
        closed: 0,
    };
    loop {
        if let Some((n0, p)) = e.proved() {
            let (t, looked) = (e.t, e.n);
            let (runs, period) = e.values.settle(n0, p, t);
            return Ok((runs, period, looked));
        }
        if e.work > budget || e.values.runs.len() > max_runs {
            return Err(Unproved { looked: e.n });
        }
        crate::stop::check();
        match e.window() {
            Some((far, cycle)) if far >= 2 * cycle => {
                let before = e.values.runs.len();
                let mut follows = true;
                for _ in 0..cycle {
                    follows &= e.step();
                    if !follows {
                        break;
                    }
                }
                if follows && e.values.runs.len() == before {
                    let open = e.values.runs.last_mut().expect("a run");
                    open.len += far - cycle;
                    e.n += far - cycle;
                }
            }
            _ => {
                e.step();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Subtraction;
    use crate::solve::heap::proven_period;
    use proptest::prelude::*;

    fn plain(takes: &[u64], upto: usize) -> Vec<u32> {
        Subtraction::new(takes.to_vec()).unwrap().values(upto)
    }

    #[test]
    fn one_two_k_has_period_k_plus_one_when_three_divides_k() {
        // Take 1, 2 or k with 3 | k: the values go 0, 1, 2 up to heap k − 1, heap k is
        // worth 3, and all of it repeats with period k + 1 (Codeforces 1194D's rule). By
        // hand for k = 3: 0 1 2 3 | 0 1 2 3.
        let (runs, period, _) = subtraction_period(&[1, 2, 3], 1 << 20, 1 << 10).unwrap();
        assert_eq!((period.preperiod, period.period), (0, 4));
        assert_eq!(
            (0..8).map(|n| runs.value(n)).collect::<Vec<_>>(),
            [0, 1, 2, 3, 0, 1, 2, 3]
        );
        let k = 999_999_999;
        let (runs, period, _) = subtraction_period(&[1, 2, k], 1 << 24, 1 << 10).unwrap();
        assert_eq!((period.preperiod, period.period), (0, k as usize + 1));
        // In each period the heap k is the only one worth 3; the rest go 0, 1, 2.
        for n in [0, 1, 2, k - 1, k, k + 1, 5 * k + 4, u64::MAX - 7] {
            let r = n % (k + 1);
            let want = if r == k { 3 } else { (r % 3) as u32 };
            assert_eq!(runs.value(n), want, "heap {n}");
        }
        let k = 1_000_000_000;
        let (_, period, _) = subtraction_period(&[1, 2, k], 1 << 24, 1 << 10).unwrap();
        assert_eq!((period.preperiod, period.period), (0, 3));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        /// Beside the plain table: the same values, and the same shortest period and start
        /// as the periodicity test proves on the table.
        #[test]
        fn runs_agree_with_the_table(
            takes in proptest::collection::btree_set(1u64..40, 1..5),
        ) {
            let takes: Vec<u64> = takes.into_iter().collect();
            let (runs, period, _) = subtraction_period(&takes, 1 << 26, 1 << 20).unwrap();
            let upto = 4 * (period.preperiod + period.period) + 400;
            let table = plain(&takes, upto);
            for (n, &v) in table.iter().enumerate() {
                prop_assert_eq!(runs.value(n as u64), v, "heap {}", n);
            }
            let t = *takes.last().unwrap() as usize;
            let shortest = proven_period(&table, t, 1).unwrap();
            prop_assert_eq!(shortest, period);
        }

        /// Takes past a few hundred, beside the table over the pre-period, two periods
        /// and the largest take: the same values and the same shortest period.
        #[test]
        fn large_takes_agree_with_the_table(
            small in proptest::collection::btree_set(1u64..6, 1..3),
            large in 100u64..3000,
            gap in 1u64..50,
        ) {
            let mut takes: Vec<u64> = small.into_iter().collect();
            takes.push(large);
            takes.push(large + gap);
            let (runs, period, _) = subtraction_period(&takes, 1 << 26, 1 << 20).unwrap();
            let t = (large + gap) as usize;
            let upto = (period.preperiod + 2 * period.period + t).min(4_000_000);
            let table = plain(&takes, upto);
            for (n, &v) in table.iter().enumerate() {
                prop_assert_eq!(runs.value(n as u64), v, "heap {}", n);
            }
            if upto < 4_000_000 {
                prop_assert_eq!(proven_period(&table, t, 1).unwrap(), period);
            }
        }
    }
}
