//! Engines for one-parameter heap families: the plain table loop, the sparse-space method,
//! periods, and the driver that runs them with progress, checkpoints and bounds.

pub mod certificate;
pub mod checkpoint;
mod helper;
pub mod pattern;
mod period;
pub mod runs;
pub mod simd;
pub mod sparse;
pub(crate) mod table_loop;

mod octal;
pub use period::{Period, proven_period};

use thiserror::Error;

use crate::games::TakeBreak;
use crate::progress::Progress;
use crate::work::{self, TooMuchWork};
use sparse::{Sparse, SparseStats};

/// How the values of a take-and-break game are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The fastest exact method: the sparse-space engine where moves leave at most two
    /// heaps (the plain loop otherwise), stopped as soon as the values prove a period.
    Table,
    /// The sparse-space engine run to the end, never using a period.
    Sparse,
    /// The plain loop over every option, run to the end.
    Loop,
}

/// Values of heaps 0..len, two bytes each while they fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value below 65536.
    Narrow(Vec<u16>),
    /// Some value past 65535.
    Wide(Vec<u32>),
}

impl Values {
    /// How many heaps.
    pub fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// `true` with no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of heap n (< len).
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::Narrow(v) => u32::from(v[n]),
            Values::Wide(v) => v[n],
        }
    }

    /// The values, borrowed.
    pub fn as_ref(&self) -> ValuesRef<'_> {
        match self {
            Values::Narrow(v) => ValuesRef::Narrow(v),
            Values::Wide(v) => ValuesRef::Wide(v),
        }
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::Narrow(v) => v.truncate(len),
            Values::Wide(v) => v.truncate(len),
        }
    }

    /// Every value, widened.
    pub fn to_u32(&self) -> Vec<u32> {
        match self {
            Values::Narrow(v) => v.iter().map(|&x| u32::from(x)).collect(),
            Values::Wide(v) => v.clone(),
        }
    }

    /// The shortest period the values prove for `game`, if any.
    pub fn proven_period(&self, game: &TakeBreak) -> Option<Period> {
        match self {
            Values::Narrow(v) => game.proven_period(v),
            Values::Wide(v) => game.proven_period(v),
        }
    }
}

/// The values of heaps 0..=upto of a game: those computed, continued by a proven period.
#[derive(Clone, Debug)]
pub struct Computed {
    /// The values computed.
    pub values: Values,
    /// The period proved by them, which gives every later value.
    pub period: Option<Period>,
    /// The largest heap asked for.
    pub upto: u64,
    /// What the sparse-space engine did (zero for the plain loop).
    pub stats: SparseStats,
    /// The heap from which values were computed in this run (those below came from a
    /// checkpoint).
    pub resumed_at: usize,
}

impl Computed {
    /// The value of heap n ≤ upto.
    pub fn value(&self, n: u64) -> u32 {
        let len = self.values.len() as u64;
        if n < len {
            return self.values.get(n as usize);
        }
        let p = self
            .period
            .expect("values past those computed come from a period");
        let (pre, per) = (p.preperiod as u64, p.period as u64);
        self.values.get((pre + (n - pre) % per) as usize)
    }
}

/// Why a computation stopped early.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HeapError {
    /// Refused before starting: the estimate is past the bound.
    #[error(transparent)]
    TooMuchWork(#[from] TooMuchWork),
    /// Stopped on the way, past the bound; the values so far are kept.
    #[error(
        "stopped {task} at heap {heap}: past the work limit of {limit} steps (about {}); with --checkpoint FILE there is no limit and the work can be resumed",
        work::in_words(*limit)
    )]
    WorkLimit {
        /// What was asked.
        task: String,
        /// The first heap not computed.
        heap: usize,
        /// The bound.
        limit: u64,
        /// The values computed.
        values: Values,
    },
    /// Stopped because the watcher asked (a signal); the values so far are kept.
    #[error("stopped at heap {}", values.len())]
    Stopped {
        /// The values computed.
        values: Values,
    },
    /// The table grew as far as memory allows before a period was proved; the values so
    /// far are kept.
    #[error(
        "stopped at heap {heap} with no period proved: a larger table would pass the {} MiB this machine has available",
        available / (1 << 20)
    )]
    OutOfMemory {
        /// The first heap not computed.
        heap: usize,
        /// Bytes available.
        available: u64,
        /// The values computed.
        values: Values,
    },
    /// The table would not fit in memory.
    #[error(
        "values up to {upto} need about {} MiB, more than the {} MiB this machine has available",
        need / (1 << 20),
        available / (1 << 20)
    )]
    Memory {
        /// The largest heap asked for.
        upto: u64,
        /// Bytes needed.
        need: u64,
        /// Bytes available.
        available: u64,
    },
}

/// Told about the work as it goes: progress, and the chance to save or stop.
pub trait Watch {
    /// Called every few thousand heaps (and more often when heaps are large) with the
    /// values so far; `false` stops the computation with [`HeapError::Stopped`].
    fn tick(&mut self, values: ValuesRef<'_>) -> bool;
}

/// The values so far, borrowed.
#[derive(Clone, Copy, Debug)]
pub enum ValuesRef<'a> {
    /// Two bytes a value.
    Narrow(&'a [u16]),
    /// Four bytes a value.
    Wide(&'a [u32]),
}

impl ValuesRef<'_> {
    /// How many heaps.
    pub fn len(&self) -> usize {
        match self {
            ValuesRef::Narrow(v) => v.len(),
            ValuesRef::Wide(v) => v.len(),
        }
    }

    /// `true` with no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A watcher that reports heaps done to a [`Progress`] and never stops anything.
pub struct Reporting<'a> {
    /// Where to report.
    pub progress: &'a mut dyn Progress,
}

impl Watch for Reporting<'_> {
    fn tick(&mut self, values: ValuesRef<'_>) -> bool {
        self.progress.advance(values.len() as u64);
        true
    }
}

/// A watcher that never stops anything.
pub struct Unwatched;

impl Watch for Unwatched {
    fn tick(&mut self, _: ValuesRef<'_>) -> bool {
        true
    }
}

/// Steps (see [`crate::work`]) per pair the sparse-space engine looks at (0.4–1 ns).
pub const SPARSE_PAIR: u64 = 3;

/// Bytes of memory per heap for `method` on `game`, at most (values, the copies the
/// plain loop reads, the sparse engine's rare heaps).
pub fn bytes_per_heap(game: &TakeBreak, method: Method) -> u64 {
    if uses_sparse(game, method) { 3 } else { 10 }
}

fn uses_sparse(game: &TakeBreak, method: Method) -> bool {
    method != Method::Loop && !game.splits_in_three()
}

/// Values of heaps 0..=upto of `game` by `method`, going on from `start` (values of a
/// checkpoint) if given. Refused before allocating when the memory is not there; stopped
/// past `budget` steps of work.
pub fn compute(
    game: &TakeBreak,
    upto: u64,
    method: Method,
    start: Option<Values>,
    watch: &mut dyn Watch,
    budget: u64,
) -> Result<Computed, HeapError> {
    compute_on(
        game,
        upto,
        method,
        start,
        watch,
        budget,
        sparse::default_threads(),
    )
}

/// [`compute`] with the sparse engine's plain scans of large heaps on `threads` threads
/// (1: this one alone). The values do not depend on it.
pub fn compute_on(
    game: &TakeBreak,
    upto: u64,
    method: Method,
    start: Option<Values>,
    watch: &mut dyn Watch,
    budget: u64,
    threads: usize,
) -> Result<Computed, HeapError> {
    let narrow = u16::MAX as usize;
    compute_narrow_to(game, upto, method, start, watch, budget, (narrow, threads))
}

/// [`compute_on`], with values past `narrow` (at most 65535) sent to the 32-bit loop.
fn compute_narrow_to(
    game: &TakeBreak,
    upto: u64,
    method: Method,
    start: Option<Values>,
    watch: &mut dyn Watch,
    budget: u64,
    (narrow, threads): (usize, usize),
) -> Result<Computed, HeapError> {
    // Without a period every value is computed: refuse at once what cannot fit. With
    // one, a period may end the work early; memory is checked as the table grows.
    let per_heap = bytes_per_heap(game, method);
    let need = (upto + 1).saturating_mul(per_heap);
    let available = work::memory_available();
    let period_possible = method == Method::Table && !game.unequal();
    if !period_possible
        && let Some(available) = available
        && need > available
    {
        return Err(HeapError::Memory {
            upto,
            need,
            available,
        });
    }
    let task = || format!("the table of {} up to {upto}", game.short_name());
    let use_period = method == Method::Table;
    let resumed_at = start.as_ref().map_or(0, Values::len).min(upto as usize + 1);
    let mut start = start.unwrap_or(Values::Narrow(Vec::new()));
    start.truncate(upto as usize + 1);
    // The period, when a check has just found it, is passed in rather than found again.
    let done = |values: Values, stats, found: Option<Period>| {
        let period = match found {
            Some(p) => Some(p),
            None if use_period => values.proven_period(game),
            None => None,
        };
        Ok(Computed {
            values,
            period,
            upto,
            stats,
            resumed_at,
        })
    };
    if use_period && let Some(p) = start.proven_period(game) {
        return done(start, SparseStats::default(), Some(p));
    }
    let mut stats = SparseStats::default();
    if uses_sparse(game, method)
        && let Values::Narrow(prefix) = start
    {
        let mut engine = Sparse::resume(game.digits(), game.unequal(), prefix)
            .with_limit(narrow)
            .with_threads(threads);
        let target = usize::try_from(upto).unwrap_or(usize::MAX);
        let mut next_period_check = 64usize.max(engine.values().len().next_power_of_two());
        let mut next_tick = engine.values().len() + 1024;
        let (mut ticked_heaps, mut ticked_pairs) = (engine.values().len(), 0u64);
        // (heap, pairs looked at) as the heaps double, for the projection of the work.
        let mut snaps: Vec<(usize, u64)> = Vec::new();
        let mut next_snap = 1024usize.max(engine.values().len() + 1);
        loop {
            let n = engine.values().len();
            if n > target {
                stats = engine.stats();
                return done(Values::Narrow(engine.into_values()), stats, None);
            }
            let pairs = engine.pairs();
            if n >= next_tick || pairs - ticked_pairs >= 1 << 24 {
                crate::stop::check();
                if !watch.tick(ValuesRef::Narrow(engine.values())) {
                    return Err(HeapError::Stopped {
                        values: Values::Narrow(engine.into_values()),
                    });
                }
                // The table doubles when full: refuse the doubling that would not fit.
                if let Some(available) = available
                    && (2 * n as u64 + 2048).saturating_mul(per_heap) > available
                    && (2 * n as u64) < upto
                {
                    return Err(HeapError::OutOfMemory {
                        heap: n,
                        available,
                        values: Values::Narrow(engine.into_values()),
                    });
                }
                if n >= next_snap {
                    snaps.push((n, pairs));
                    next_snap = 2 * n;
                }
                if budget != work::UNLIMITED {
                    // With a period to hope for, the projection waits for a second or so
                    // of work.
                    let recent = (ticked_heaps, ticked_pairs);
                    let projected = projected_pairs(&snaps, recent, (n, pairs), upto);
                    let steps = projected * SPARSE_PAIR as f64;
                    let patience = if use_period { budget / 256 } else { 0 };
                    let spent = u128::from(pairs) * u128::from(SPARSE_PAIR);
                    if n >= 4096 && spent >= u128::from(patience) && steps > budget as f64 {
                        return Err(HeapError::TooMuchWork(TooMuchWork {
                            task: format!("{} (projected from the first {n} heaps)", task()),
                            steps: steps.min(u64::MAX as f64) as u64,
                            limit: budget,
                        }));
                    }
                    if u128::from(pairs) * u128::from(SPARSE_PAIR) > u128::from(budget) {
                        return Err(HeapError::WorkLimit {
                            task: task(),
                            heap: n,
                            limit: budget,
                            values: Values::Narrow(engine.into_values()),
                        });
                    }
                }
                next_tick = n + 1024;
                (ticked_heaps, ticked_pairs) = (n, pairs);
            }
            if use_period && n == next_period_check {
                // At doublings: the checks cost O(n) each, linear overall.
                next_period_check *= 2;
                if let Some(p) = game.proven_period(engine.values()) {
                    stats = engine.stats();
                    return done(Values::Narrow(engine.into_values()), stats, Some(p));
                }
            }
            if engine.step().is_err() {
                // A value past 65535: the plain loop goes on in 32 bits.
                stats = engine.stats();
                start = Values::Wide(engine.values().iter().map(|&v| u32::from(v)).collect());
                break;
            }
        }
    }
    let prefix = start.to_u32();
    drop(start);
    let values = table_loop::octal(
        game,
        usize::try_from(upto).unwrap_or(usize::MAX),
        use_period,
        prefix,
        watch,
        budget,
    )?;
    done(Values::Wide(values), stats, None)
}

/// The pairs the sparse engine will have looked at by heap `upto`, from those it has looked
/// at by heap n (`now`), the last tick's (`recent`) and `snaps` taken as the heaps doubled.
///
/// A heap's pairs grow at most in proportion to its size (two-heap splits), and in sparse
/// games hardly at all. The pairs a heap costs are taken to grow as n^α, α between 0 and
/// 1 read off the last two doublings (their mean cost, at their middles); with fewer
/// doublings seen, α = 1, the most they can grow. The rest then costs
/// rate · (upto^(α+1) − n^(α+1)) / ((α + 1) · m^α), rate being the cost a heap near m.
fn projected_pairs(
    snaps: &[(usize, u64)],
    recent: (usize, u64),
    now: (usize, u64),
    upto: u64,
) -> f64 {
    let (n, pairs) = now;
    let (u, h) = (upto as f64, n as f64);
    let per_heap = |(a, pa): (usize, u64), (b, pb): (usize, u64)| {
        (pb.saturating_sub(pa)) as f64 / (b.saturating_sub(a)).max(1) as f64
    };
    // The last snapshot at most half of n, and the one before it.
    let half = snaps.iter().rposition(|&(m, _)| 2 * m <= n);
    let (rate, middle, alpha) = match half {
        Some(j) if j >= 1 => {
            let (a, b) = (snaps[j - 1], snaps[j]);
            let (r1, r2) = (per_heap(a, b), per_heap(b, now));
            let (m1, m2) = ((a.0 + b.0) as f64 / 2.0, (b.0 + n) as f64 / 2.0);
            let alpha = if r1 > 0.0 && r2 > 0.0 {
                ((r2 / r1).ln() / (m2 / m1).ln()).clamp(0.0, 1.0)
            } else {
                1.0
            };
            (r2, m2, alpha)
        }
        _ => (per_heap(recent, now), h, 1.0),
    };
    let grown = (u.powf(alpha + 1.0) - h.powf(alpha + 1.0)).max(0.0);
    pairs as f64 + rate * grown / ((alpha + 1.0) * middle.powf(alpha))
}

/// A 64-bit FNV-1a checksum of a value table, so two methods or two machines can compare
/// long sequences at a glance.
pub fn checksum(values: &[u32]) -> u64 {
    checksum_of(values.iter().copied())
}

/// [`checksum`] of values as they come (a table continued by its period, say).
pub fn checksum_of(values: impl Iterator<Item = u32>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in values {
        for b in v.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// The checksum Beling's `ogsolve` prints for the values of heaps 0..=N: two running sums
/// of the values taken as 16-bit words, wrapping at 2^16 (a Fletcher-32 checksum without
/// the reduction mod 65535), the second sum in the high half. Printed beside
/// [`checksum`] so that a long sequence can be compared with `ogsolve`'s run of it.
pub fn fletcher_of(values: impl Iterator<Item = u32>) -> u32 {
    let (mut a, mut b) = (0u16, 0u16);
    for v in values {
        a = a.wrapping_add(v as u16);
        b = b.wrapping_add(a);
    }
    (u32::from(b) << 16) | u32::from(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work growing as n² (every heap's pairs in proportion to it) is projected as n², and
    /// work growing as n (a sparse game) as n, within a few per cent.
    #[test]
    fn the_projection_follows_how_the_work_grows() {
        for (alpha, cost) in [
            (1.0, (|n: f64| n * n / 4.0) as fn(f64) -> f64),
            (0.0, |n: f64| 37.0 * n),
            (0.5, |n: f64| n.powf(1.5)),
        ] {
            let at = |n: usize| (n, cost(n as f64) as u64);
            let snaps: Vec<(usize, u64)> = [1024, 2048, 4096, 8192, 16384].map(at).to_vec();
            let now = at(20000);
            let upto = 1 << 24;
            let projected = projected_pairs(&snaps, at(19000), now, upto);
            let truth = cost(upto as f64);
            assert!(
                (projected / truth - 1.0).abs() < 0.05,
                "alpha {alpha}: {projected} against {truth}"
            );
        }
        // Without two doublings seen: the most the work can grow (α = 1).
        let projected = projected_pairs(&[], (1000, 10_000), (2000, 30_000), 1 << 20);
        let linear_rate = 20.0; // pairs a heap lately
        let bound = 30_000.0 + linear_rate * ((1u64 << 40) as f64 - 4e6) / (2.0 * 2000.0);
        assert!((projected / bound - 1.0).abs() < 1e-9);
    }

    #[test]
    fn values_too_wide_for_the_sparse_engine_go_on_in_32_bits() {
        for code in ["0.77", "0.16", "4.7", "0.7777"] {
            let game: TakeBreak = code.parse().unwrap();
            let plain = compute(
                &game,
                3000,
                Method::Loop,
                None,
                &mut Unwatched,
                work::UNLIMITED,
            )
            .unwrap();
            for narrow in [1, 3, 5] {
                let switched = compute_narrow_to(
                    &game,
                    3000,
                    Method::Sparse,
                    None,
                    &mut Unwatched,
                    work::UNLIMITED,
                    (narrow, 2),
                )
                .unwrap();
                let largest = plain.values.to_u32().into_iter().max().unwrap() as usize;
                let wide = matches!(switched.values, Values::Wide(_));
                assert_eq!(wide, largest > narrow, "{code} past {narrow}");
                assert_eq!(
                    switched.values.to_u32(),
                    plain.values.to_u32(),
                    "{code} past {narrow}"
                );
            }
        }
    }
}
