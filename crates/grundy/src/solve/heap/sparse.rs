//! The sparse-space method for take-and-break games whose moves leave at most two heaps.
//!
//! The values are split into two classes, common (C) and rare (R), such that no two common
//! values XOR to a common value. A split of a heap into two common heaps then never gives
//! a common value, so every option with a common value involves a rare heap, a take, or
//! leaves one heap. The engine first looks at those options only — the pairs with one rare
//! heap, few when the rare values are rare — and takes their mex. If that mex is common,
//! no other pair can reach it: it is the value. Otherwise it scans the other pairs, raising
//! the mex as it is reached, and stops as soon as the mex is common, or at the end.
//!
//! The classes are chosen from the values seen, most frequent first, and rebuilt as the
//! counts change; a value met for the first time is made common when it can be. When the
//! rare heaps are so many that the first pass costs more than it saves, the engine scans
//! every pair for a while and tries again later. (The idea is from Gangolli and Plambeck,
//! and Flammenkamp's "sparse space" computations of octal games; Beling's `ogs` solver
//! implements it as its RC methods.)
//!
//! The first pass is taken for sixteen heaps at once: for a rare heap r, the other heaps of
//! its pairs with heaps n to n + 15 are sixteen neighbours, read in one go, and all below n
//! once r is past 16; each heap then adds only its pairs with the smallest rare heaps and
//! with those that turned up after n.
//!
//! Heaps scanned in full are shared between the cores when they are large: each helper
//! thread keeps its own copy of the values and marks its share of the pairs.
//!
//! Values are kept in 16 bits: [`Sparse::step`] refuses a value past 65535, and the
//! caller continues with a wider engine.

use super::helper::Helper;
use super::simd;

/// How a value is classed.
const UNKNOWN: u8 = 0;
const COMMON: u8 = 1;
const RARE: u8 = 2;

/// Values that fit the engine: below 2^16.
const VALUES: usize = 1 << 16;

/// Heaps between looks at whether the rare-first pass pays.
const WINDOW: usize = 1024;

/// What the engine did, for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SparseStats {
    /// Pairs of heaps looked at, in both passes.
    pub pairs: u64,
    /// Heaps whose first pass ended on a rare value, so that other pairs were scanned.
    pub scans: u64,
    /// Of those, scans that went through every pair.
    pub full_scans: u64,
    /// Heaps computed by scanning every pair without a first pass (the values were not
    /// sparse enough there).
    pub plain_heaps: u64,
    /// Of those, heaps whose scan was shared with a second core.
    pub parallel_heaps: u64,
    /// Times the classes were chosen again.
    pub rebuilds: u64,
    /// Rare heaps at the end.
    pub rare_heaps: u64,
    /// Common values at the end.
    pub common_values: u64,
}

/// A value did not fit 16 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooWide {
    /// The heap whose value is at least 65536.
    pub heap: usize,
}

/// The classes for the splits whose take has one parity d, over tagged values: heap a
/// stands for 2·g(a) + (a mod 2), so that a pair (a, m − a) XORs to 2·(its value) +
/// (m mod 2). A split of heap n reaches value v exactly when the pair's tags XOR to
/// T ^ d, where T = 2v + (n mod 2). The common tags C are chosen so that no c1 ^ c2 equals
/// c3 ^ d (c1, c2, c3 in C): then two common heaps never reach a v whose T is common.
struct Classes {
    d: usize,
    class: Vec<u8>,
    commons: Vec<u32>,
    /// Heaps ≥ 1 whose tag is not common, ascending; `None` while too many to be worth
    /// a first pass (until the next rebuild).
    rare: Option<Vec<usize>>,
}

impl Classes {
    fn new(d: usize) -> Classes {
        let mut class = vec![UNKNOWN; 2 * VALUES];
        // A heap split into two equal heaps: tags XOR to 0 = d ^ d.
        class[d] = RARE;
        Classes {
            d,
            class,
            commons: Vec::new(),
            rare: Some(Vec::new()),
        }
    }

    /// The class of tag `t`, decided now if it was never met.
    #[inline(always)]
    fn classify(&mut self, t: usize) -> u8 {
        match self.class.get(t) {
            Some(&UNKNOWN) => self.decide(t),
            Some(&c) => c,
            None => RARE,
        }
    }

    #[inline(never)]
    fn decide(&mut self, t: usize) -> u8 {
        let common = self.can_be_common(t);
        self.set(t, common);
        self.class[t]
    }

    fn can_be_common(&self, t: usize) -> bool {
        t != self.d
            && self
                .commons
                .iter()
                .all(|&c| self.class[t ^ self.d ^ c as usize] != COMMON)
    }

    fn set(&mut self, t: usize, common: bool) {
        self.class[t] = if common { COMMON } else { RARE };
        if common {
            self.commons.push(t as u32);
        }
    }

    /// Chooses the classes again and lists the rare heaps. Two candidates: greedy, most
    /// frequent tags first; and linear, the tags with an odd number of ones under the
    /// best mask (any such set is closed the right way: two odd tags XOR to an even one;
    /// for d = 1 the mask leaves the parity bit out, so that c ^ 1 stays odd). The one
    /// that makes more heaps common wins.
    fn rebuild(&mut self, by_count: &[usize], count: &[u64], g: &[u16]) {
        self.class.fill(UNKNOWN);
        self.class[self.d] = RARE;
        self.commons.clear();
        for &t in by_count {
            if self.class[t] == UNKNOWN {
                let common = self.can_be_common(t);
                self.set(t, common);
            }
        }
        let greedy: u64 = self.commons.iter().map(|&c| count[c as usize]).sum();
        if let Some((mask, common)) = best_mask(by_count, count, self.d)
            && common > greedy
        {
            self.commons.clear();
            for t in 0..self.class.len() {
                let odd = (t & mask).count_ones() % 2 == 1;
                self.class[t] = if odd { COMMON } else { RARE };
                if odd {
                    self.commons.push(t as u32);
                }
            }
        }
        let rare: Vec<usize> = (1..g.len())
            .filter(|&a| self.class[tag(g, a)] != COMMON)
            .collect();
        self.rare = (rare.len() <= g.len() / 8 + 4096).then_some(rare);
    }

    /// Records heap n's tag; drops the rare list when it grows too long to pay.
    fn push(&mut self, g: &[u16], n: usize) {
        if n == 0 || self.classify(tag(g, n)) == COMMON {
            return;
        }
        let keep = self.rare.as_ref().is_some_and(|r| r.len() <= n / 8 + 4096);
        match &mut self.rare {
            Some(rare) if keep => rare.push(n),
            _ => self.rare = None,
        }
    }
}

/// The mask m (no parity bit when d = 1) under which the most heaps have a tag with an odd
/// number of ones in t & m, and how many: a Walsh–Hadamard transform of the tag counts,
/// W(m) = Σ count(t)·(−1)^popcount(t & m), so that the odd ones number (total − W(m))/2.
fn best_mask(by_count: &[usize], count: &[u64], d: usize) -> Option<(usize, u64)> {
    let top = *by_count.iter().max()?;
    let size = (top + 1).next_power_of_two().max(2);
    let mut w: Vec<i64> = (0..size).map(|t| count[t] as i64).collect();
    let mut h = 1;
    while h < size {
        for block in w.chunks_exact_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        h *= 2;
    }
    let total = w[0];
    (1..size)
        .filter(|&m| d == 0 || m & 1 == 0)
        .map(|m| (m, ((total - w[m]) / 2) as u64))
        .max_by_key(|&(m, common)| (common, std::cmp::Reverse(m)))
}

/// The tag of heap a: 2·g(a) + (a mod 2).
#[inline]
fn tag(g: &[u16], a: usize) -> usize {
    2 * usize::from(g[a]) + (a & 1)
}

/// The sparse-space engine for one game.
pub struct Sparse {
    /// Takes k ≥ 1 that may leave nothing (bit 1 of digit k).
    leave_nothing: Vec<usize>,
    /// Takes k ≥ 1 that may leave one heap (bit 2).
    leave_one: Vec<usize>,
    /// Takes k ≥ 0 that may leave two heaps (bit 4), by the parity of k.
    pairs: [Vec<usize>; 2],
    /// The two heaps must differ (Grundy's game).
    unequal: bool,
    g: Vec<u16>,
    classes: [Classes; 2],
    /// How many heaps have each tag.
    count: Vec<u64>,
    seen: Vec<u8>,
    /// Every value so far, and so every XOR of two, is below this power of two.
    span: usize,
    /// Next heap at which the classes are chosen again.
    next_rebuild: usize,
    /// Heaps left in the current plain stretch (no first pass).
    plain_left: usize,
    plain_stretch: usize,
    /// Pairs looked at and pairs there were, in the current window of rare-first heaps.
    window_looked: u64,
    window_total: u64,
    window_heaps: usize,
    stats: SparseStats,
    /// The largest value kept: 65535, lower in tests of the switch to 32 bits.
    limit: usize,
    /// The second core, for plain scans of large heaps.
    helpers: Vec<Helper>,
    /// Helpers wanted: the threads asked for, less this one.
    want_helpers: usize,
    /// Whether the helpers were started (when first needed).
    started: bool,
    /// The first pass done ahead for `AHEAD` heaps at once (see [`Sparse::fill_ahead`]):
    /// the flags of heap `ahead_from + j` from byte `j * STRIDE`, for values below
    /// `ahead_span`; good while the classes have not been rebuilt since (`ahead_rebuilds`).
    ahead: Vec<u8>,
    ahead_from: usize,
    ahead_span: usize,
    ahead_rebuilds: Option<u64>,
}

/// Heaps whose first pass is taken together.
const AHEAD: usize = 16;
/// Bytes from one heap's flags to the next's: a value's flags for the heaps of a block
/// then fall in different cache sets (at exactly 64 KiB apart they would all share one).
const STRIDE: usize = VALUES + 64;

/// Threads for the plain scans when none are asked for: one per core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Pairs from which a heap's plain scan is split between the cores.
const PARALLEL_PAIRS: u64 = 8192;

impl Sparse {
    /// An engine for the game with these digits (bit 8 is not supported: three heaps).
    pub fn new(digits: &[u8], unequal: bool) -> Sparse {
        assert!(
            digits.iter().all(|d| d & 8 == 0),
            "the sparse engine splits in two at most"
        );
        let takes = |bit: u8, from: usize, parity: Option<usize>| -> Vec<usize> {
            (from..digits.len())
                .filter(|&k| digits[k] & bit != 0 && parity.is_none_or(|p| k % 2 == p))
                .collect()
        };
        Sparse {
            leave_nothing: takes(1, 1, None),
            leave_one: takes(2, 1, None),
            pairs: [takes(4, 0, Some(0)), takes(4, 0, Some(1))],
            unequal,
            g: Vec::new(),
            classes: [Classes::new(0), Classes::new(1)],
            count: vec![0; 2 * VALUES],
            seen: vec![0; VALUES],
            span: 1,
            next_rebuild: 64,
            plain_left: 0,
            plain_stretch: 8 * WINDOW,
            window_looked: 0,
            window_total: 0,
            window_heaps: 0,
            stats: SparseStats::default(),
            limit: VALUES - 1,
            helpers: Vec::new(),
            want_helpers: default_threads() - 1,
            started: false,
            ahead: Vec::new(),
            ahead_from: 0,
            ahead_span: 0,
            ahead_rebuilds: None,
        }
    }

    /// Refuses values past `limit` (below 65535) as if they did not fit: for tests of the
    /// caller's switch to a wider engine.
    pub(crate) fn with_limit(mut self, limit: usize) -> Sparse {
        self.limit = limit.min(VALUES - 1);
        self
    }

    /// An engine that goes on from values already computed (a checkpoint): the classes
    /// are chosen from them.
    pub fn resume(digits: &[u8], unequal: bool, values: Vec<u16>) -> Sparse {
        let mut s = Sparse::new(digits, unequal);
        for (a, &v) in values.iter().enumerate() {
            s.count[2 * usize::from(v) + (a & 1)] += 1;
            s.span = s.span.max((usize::from(v) + 1).next_power_of_two());
        }
        s.g = values;
        s.next_rebuild = (s.g.len() + 1).next_power_of_two().max(64);
        s.rebuild();
        s
    }

    /// The values computed so far: heaps 0..len.
    pub fn values(&self) -> &[u16] {
        &self.g
    }

    /// The values, handed over.
    pub fn into_values(self) -> Vec<u16> {
        self.g
    }

    /// Pairs looked at so far.
    pub fn pairs(&self) -> u64 {
        self.stats.pairs
    }

    /// The heaps ≥ 1 that are rare in some class of splits in use, ascending; `None` when
    /// some class has too many to list, or the game never splits a heap in two.
    pub fn rare_heaps(&self) -> Option<Vec<usize>> {
        let mut heaps = Vec::new();
        let mut used = false;
        for d in 0..2 {
            if !self.pairs[d].is_empty() {
                used = true;
                heaps.extend_from_slice(self.classes[d].rare.as_ref()?);
            }
        }
        heaps.sort_unstable();
        heaps.dedup();
        used.then_some(heaps)
    }

    /// What the engine did so far.
    pub fn stats(&self) -> SparseStats {
        let mut s = self.stats;
        let used = |d: usize| !self.pairs[d].is_empty();
        s.rare_heaps = (0..2)
            .filter(|&d| used(d))
            .map(|d| self.classes[d].rare.as_ref().map_or(0, |r| r.len() as u64))
            .sum();
        s.common_values = (0..2)
            .filter(|&d| used(d))
            .map(|d| self.classes[d].commons.len() as u64)
            .sum();
        s
    }

    /// Computes the value of the next heap.
    pub fn step(&mut self) -> Result<u16, TooWide> {
        let n = self.g.len();
        let mex = if self.span <= 64 {
            // Every option's value is below 64: one word of flags, in a register.
            self.mex_of(n, &mut Word(0))
        } else {
            let mut seen = std::mem::take(&mut self.seen);
            seen[..self.span].fill(0);
            let flags: &mut [u8; VALUES] = seen
                .as_mut_slice()
                .try_into()
                .expect("one flag per 16-bit value");
            let narrow = self.span <= 128;
            let mex = self.mex_of(n, &mut Flags(flags, narrow));
            self.seen = seen;
            mex
        };
        if mex > self.limit {
            return Err(TooWide { heap: n });
        }
        let value = mex as u16;
        self.push(value);
        Ok(value)
    }

    /// Pairs (a, m − a) with 1 ≤ a ≤ half.
    fn half(&self, m: usize) -> usize {
        if self.unequal { (m - 1) / 2 } else { m / 2 }
    }

    /// Whether the first pass can be used: rare heaps listed for every class in use.
    fn rare_known(&self) -> bool {
        (0..2).all(|d| self.pairs[d].is_empty() || self.classes[d].rare.is_some())
    }

    /// The value of heap n, the options marked in `marks` (empty on entry).
    fn mex_of<M: Marks>(&mut self, n: usize, marks: &mut M) -> usize {
        for &k in &self.leave_nothing {
            if k == n {
                marks.mark(0);
            }
        }
        for &k in &self.leave_one {
            if k < n {
                marks.mark(usize::from(self.g[n - k]));
            }
        }
        let total: u64 = self.pairs[0]
            .iter()
            .chain(&self.pairs[1])
            .filter(|&&k| n >= k + 2)
            .map(|&k| self.half(n - k) as u64)
            .sum();
        if self.plain_left == 0 && self.rare_known() && total > 0 {
            let value = self.rare_first(n, total, marks);
            self.window_heaps += 1;
            if self.window_heaps == WINDOW {
                self.judge_window();
            }
            value
        } else {
            self.plain_left = self.plain_left.saturating_sub(1);
            if total > 0 {
                self.stats.plain_heaps += 1;
            }
            // Large heaps: the pairs of each take cut into one share per thread.
            let helpers = if total >= PARALLEL_PAIRS {
                self.helpers().len()
            } else {
                0
            };
            let shares = helpers + 1;
            let mut cut: Vec<Vec<(usize, usize, usize)>> = vec![Vec::new(); shares];
            for &k in self.pairs[0].iter().chain(&self.pairs[1]) {
                if n < k + 2 {
                    continue;
                }
                let (m, half) = (n - k, self.half(n - k));
                for (j, share) in cut.iter_mut().enumerate() {
                    let (from, to) = (1 + j * half / shares, (j + 1) * half / shares);
                    if from <= to {
                        share.push((m, from, to));
                    }
                }
            }
            for (helper, share) in self.helpers.iter_mut().zip(&cut[1..]).take(helpers) {
                helper.post(&self.g, share, self.span);
            }
            for &(m, from, to) in &cut[0] {
                mark_pairs(&self.g, m, from, to, marks);
            }
            for (helper, share) in self.helpers.iter_mut().zip(&cut[1..]).take(helpers) {
                let helped = helper.collect(|flags| {
                    for (v, &f) in flags.iter().enumerate() {
                        if f != 0 {
                            marks.mark(v);
                        }
                    }
                });
                if helped {
                    self.stats.parallel_heaps += 1;
                } else {
                    // Taken back from a helper that had not started: marked here.
                    for &(m, from, to) in share {
                        mark_pairs(&self.g, m, from, to, marks);
                    }
                }
            }
            self.stats.pairs += total;
            marks.first_zero(0)
        }
    }

    /// The helper threads, started when first needed (fewer when the system refuses a
    /// thread).
    fn helpers(&mut self) -> &mut [Helper] {
        if !self.started {
            self.started = true;
            self.helpers = (0..self.want_helpers)
                .map_while(|_| Helper::start())
                .collect();
        }
        &mut self.helpers
    }

    /// Scans of large heaps on `threads` threads (this one and `threads` − 1 helpers);
    /// the default is [`default_threads`].
    pub fn with_threads(mut self, threads: usize) -> Sparse {
        self.want_helpers = threads.max(1) - 1;
        self
    }

    /// Whether the pairs of class d must still be scanned for candidate value v of heap n:
    /// v's tag is not common there.
    fn needs_scan(&mut self, d: usize, v: usize, n: usize) -> bool {
        !self.pairs[d].is_empty() && self.classes[d].classify(2 * v + (n & 1)) != COMMON
    }

    /// The first pass over the pairs with a rare heap, then scans of the other pairs of a
    /// class until the mex is common for every class; the value of heap n.
    fn rare_first<M: Marks>(&mut self, n: usize, total: u64, marks: &mut M) -> usize {
        let mut looked = 0u64;
        let fresh = self.ahead_rebuilds == Some(self.stats.rebuilds)
            && (self.ahead_from..self.ahead_from + AHEAD).contains(&n);
        if !fresh {
            self.fill_ahead(n);
        }
        let j = n - self.ahead_from;
        marks.merge(&self.ahead[j * STRIDE..j * STRIDE + self.ahead_span]);
        for d in 0..2 {
            let Some(rare) = self.classes[d].rare.as_ref() else {
                continue;
            };
            for &k in &self.pairs[d] {
                if n < k + 2 {
                    continue;
                }
                // The rare heaps the pass ahead took for this take, and the others.
                let m = n - k;
                let done = self.ahead_from.saturating_sub(k).max(AHEAD);
                let low = rare.partition_point(|&r| r < AHEAD.min(m));
                let from = rare.partition_point(|&r| r < done);
                let g = &self.g[..m];
                looked += marks.mark_rare(g, &rare[..low], self.unequal) as u64;
                looked += marks.mark_rare(g, &rare[from..], self.unequal) as u64;
                looked += rare[low..from].partition_point(|&r| r < m) as u64;
            }
        }
        let mut mex = marks.first_zero(0);
        let mut need = [self.needs_scan(0, mex, n), self.needs_scan(1, mex, n)];
        if need[0] || need[1] {
            self.stats.scans += 1;
            // Where each class's scan has got to: digit index, next a.
            let mut at = [(0usize, 1usize); 2];
            let mut exhausted = [false; 2];
            while need[0] || need[1] {
                let d = if need[0] { 0 } else { 1 };
                let (i, a) = at[d];
                let Some(&k) = self.pairs[d].get(i) else {
                    exhausted[d] = true;
                    need[d] = false;
                    continue;
                };
                let half = if n >= k + 2 { self.half(n - k) } else { 0 };
                if a > half {
                    at[d] = (i + 1, 1);
                    continue;
                }
                let (next, hit) = mark_until(&self.g, n - k, a, half, mex, marks);
                looked += (next - a) as u64;
                at[d] = (i, next);
                if hit {
                    mex = marks.first_zero(mex);
                    need = [
                        !exhausted[0] && self.needs_scan(0, mex, n),
                        !exhausted[1] && self.needs_scan(1, mex, n),
                    ];
                }
            }
            if exhausted[0] || exhausted[1] {
                self.stats.full_scans += 1;
            }
        }
        self.stats.pairs += looked;
        self.window_looked += looked;
        self.window_total += total;
        mex
    }

    /// The first pass of heaps `from` to `from + AHEAD − 1`, over the rare heaps r from
    /// `AHEAD` up to the take's `from − k` (the rest is each heap's own, in
    /// [`Sparse::rare_first`]): their other heaps, `from + j − k − r`, are all below
    /// `from`, so already known, and lie side by side, so one rare heap's value meets
    /// all the block's heaps in a row (the first pass taken over many heaps at once, an idea
    /// credited to Grossman).
    fn fill_ahead(&mut self, from: usize) {
        if self.ahead.is_empty() {
            self.ahead = vec![0; AHEAD * STRIDE];
        }
        for j in 0..AHEAD {
            self.ahead[j * STRIDE..j * STRIDE + self.ahead_span].fill(0);
        }
        self.ahead_from = from;
        self.ahead_span = self.span;
        self.ahead_rebuilds = Some(self.stats.rebuilds);
        let g = &self.g;
        let ahead: &mut [u8] = &mut self.ahead;
        for d in 0..2 {
            let Some(rare) = self.classes[d].rare.as_ref() else {
                continue;
            };
            let low = rare.partition_point(|&r| r < AHEAD);
            for &k in &self.pairs[d] {
                let Some(end) = from.checked_sub(k) else {
                    continue;
                };
                let high = rare.partition_point(|&r| r < end);
                if low >= high {
                    continue;
                }
                flags_ahead(ahead, g, &rare[low..high], end, self.unequal);
            }
        }
    }

    /// After a window of rare-first heaps: if the first pass and the scans looked at most
    /// of the pairs anyway, scan everything for a while (longer each time it fails).
    fn judge_window(&mut self) {
        // A plain scan of large heaps runs on two cores when there are two.
        let parallel =
            self.want_helpers > 0 && self.window_total >= (WINDOW as u64) * PARALLEL_PAIRS;
        let share = if parallel { 5 } else { 9 };
        if self.window_looked * 10 > self.window_total * share {
            self.plain_left = self.plain_stretch;
            self.plain_stretch = (self.plain_stretch * 2).min(1 << 20);
        } else {
            self.plain_stretch = 8 * WINDOW;
        }
        self.window_looked = 0;
        self.window_total = 0;
        self.window_heaps = 0;
    }

    fn push(&mut self, value: u16) {
        let n = self.g.len();
        self.g.push(value);
        self.count[2 * usize::from(value) + (n & 1)] += 1;
        self.span = self.span.max((usize::from(value) + 1).next_power_of_two());
        for d in 0..2 {
            if !self.pairs[d].is_empty() {
                self.classes[d].push(&self.g, n);
            }
        }
        if self.g.len() == self.next_rebuild {
            // Also when the rare heaps were too many to list: they may have thinned out.
            self.next_rebuild *= 2;
            self.rebuild();
        }
    }

    /// Chooses the classes again from the counts.
    fn rebuild(&mut self) {
        self.stats.rebuilds += 1;
        let mut by_count: Vec<usize> = (0..2 * VALUES).filter(|&t| self.count[t] > 0).collect();
        by_count.sort_by_key(|&t| (std::cmp::Reverse(self.count[t]), t));
        for d in 0..2 {
            if !self.pairs[d].is_empty() {
                self.classes[d].rebuild(&by_count, &self.count, &self.g);
            }
        }
    }
}

/// A set of option values being built.
trait Marks {
    fn mark(&mut self, v: usize);
    /// The smallest value at or after `from` not marked.
    fn first_zero(&self, from: usize) -> usize;
    /// Marks `low[i] ^ high[len − 1 − i]` for i in order, stopping once one equal to
    /// `target` is marked (a few pairs past it may be marked too, a run being marked
    /// whole): how many were marked, if it stopped there.
    fn mark_until(&mut self, low: &[u16], high: &[u16], target: usize) -> Option<usize>;
    /// Marks `low[i] ^ high[len − 1 − i]` for every i.
    fn mark_all(&mut self, low: &[u16], high: &[u16]);
    /// Marks every value whose flag is set in `flags` (one byte a value, from 0).
    fn merge(&mut self, flags: &[u8]);
    /// Marks g(r) ^ g(m − r) for the rare heaps r below m = `g.len()` (with `unequal`,
    /// not r = m/2: splitting into two equal heaps is no move in Grundy's game); how many
    /// rare heaps were below m.
    #[inline(always)]
    fn mark_rare(&mut self, g: &[u16], rare: &[usize], unequal: bool) -> usize {
        rare_pairs(g, rare, unequal, |v| self.mark(v))
    }
}

/// Values below 64, one bit each.
struct Word(u64);

impl Marks for Word {
    #[inline(always)]
    fn mark(&mut self, v: usize) {
        self.0 |= 1 << (v & 63);
    }

    fn first_zero(&self, from: usize) -> usize {
        if from >= 64 {
            return from;
        }
        let free = !self.0 & (u64::MAX << from);
        if free == 0 {
            64
        } else {
            free.trailing_zeros() as usize
        }
    }

    #[inline(always)]
    fn mark_until(&mut self, low: &[u16], high: &[u16], target: usize) -> Option<usize> {
        let len = low.len();
        let high = &high[..len];
        // A run of pairs at a time, in vector instructions; the run that reaches the target
        // is looked at again pair by pair for where. Its later pairs are marked too: they
        // are options all the same, and the scan goes on from the target's pair.
        // Most scans stop within a few pairs: those go one by one.
        let head = len.min(SCALAR_HEAD);
        for i in 0..head {
            let v = usize::from(low[i] ^ high[len - 1 - i]) & 63;
            self.0 |= 1 << v;
            if v == target {
                return Some(i + 1);
            }
        }
        let mut at = head;
        while at < len {
            let end = (at + UNTIL_RUN).min(len);
            let bits = simd::pair_bits(&low[at..end], &high[len - end..len - at]);
            self.0 |= bits;
            if target < 64 && bits >> target & 1 != 0 {
                let hit = (at..end)
                    .position(|i| usize::from(low[i] ^ high[len - 1 - i]) & 63 == target)
                    .expect("the run's bits say a pair reaches the target");
                return Some(at + hit + 1);
            }
            at = end;
        }
        None
    }

    #[inline(always)]
    fn mark_all(&mut self, low: &[u16], high: &[u16]) {
        self.0 |= simd::pair_bits(low, high);
    }

    fn merge(&mut self, flags: &[u8]) {
        for (v, &f) in flags.iter().enumerate() {
            self.0 |= u64::from(f != 0) << (v & 63);
        }
    }
}

/// Pairs [`Word::mark_until`] marks one by one before going a run at a time.
const SCALAR_HEAD: usize = 32;

/// Pairs marked a run at a time by [`Word::mark_until`] before looking for the target.
const UNTIL_RUN: usize = 128;

/// Any 16-bit value, one byte each (independent stores, no read-modify-write); with
/// `true`, every value is below 128, and long runs of pairs are marked in vector
/// instructions first (single marks stay stores: a 128-bit word would make each a chain of
/// shifts).
struct Flags<'a>(&'a mut [u8; VALUES], bool);

impl Marks for Flags<'_> {
    #[inline(always)]
    fn mark(&mut self, v: usize) {
        self.0[v & (VALUES - 1)] = 1;
    }

    fn first_zero(&self, from: usize) -> usize {
        self.0[from.min(VALUES)..]
            .iter()
            .position(|&s| s == 0)
            .map_or(VALUES, |i| from + i)
    }

    #[inline(always)]
    fn mark_until(&mut self, low: &[u16], high: &[u16], target: usize) -> Option<usize> {
        flags_until(self.0, low, high, target)
    }

    #[inline(always)]
    fn mark_rare(&mut self, g: &[u16], rare: &[usize], unequal: bool) -> usize {
        flags_rare(self.0, g, rare, unequal)
    }

    fn merge(&mut self, flags: &[u8]) {
        for (s, &f) in self.0.iter_mut().zip(flags) {
            *s |= f;
        }
    }

    #[inline(always)]
    fn mark_all(&mut self, low: &[u16], high: &[u16]) {
        if self.1 {
            let mut bits = simd::pair_bits_128(low, high);
            while bits != 0 {
                self.0[bits.trailing_zeros() as usize] = 1;
                bits &= bits - 1;
            }
        } else {
            simd::mark_flags(low, high, self.0);
        }
    }
}

/// The loop of [`Marks::mark_rare`], with `mark` for each value.
#[inline(always)]
fn rare_pairs(g: &[u16], rare: &[usize], unequal: bool, mut mark: impl FnMut(usize)) -> usize {
    let m = g.len();
    let end = rare.partition_point(|&r| r < m);
    if unequal {
        for &r in &rare[..end] {
            if 2 * r != m {
                mark(usize::from(g[r] ^ g[m - r]));
            }
        }
    } else {
        for &r in &rare[..end] {
            mark(usize::from(g[r] ^ g[m - r]));
        }
    }
    end
}

/// For each rare heap r, the pairs (r, end + j − r) of the heaps whose pairs sum to
/// `end + j`, j below `AHEAD`: `flags[j * STRIDE + value] = 1` (with `unequal`, a pair of
/// equal heaps is left out).
#[inline(never)]
fn flags_ahead(flags: &mut [u8], g: &[u16], rare: &[usize], end: usize, unequal: bool) {
    let flags: &mut [u8; AHEAD * STRIDE] = flags.try_into().expect("AHEAD flag blocks");
    for &r in rare {
        let v = g[r];
        let other: &[u16; AHEAD] = g[end - r..end - r + AHEAD]
            .try_into()
            .expect("AHEAD values");
        if unequal && (2 * r).wrapping_sub(end) < AHEAD {
            for (j, &o) in other.iter().enumerate() {
                if 2 * r != end + j {
                    flags[j * STRIDE + usize::from(v ^ o)] = 1;
                }
            }
        } else {
            for (j, &o) in other.iter().enumerate() {
                flags[j * STRIDE + usize::from(v ^ o)] = 1;
            }
        }
    }
}

/// [`Marks::mark_rare`] into flags, a function of its own like [`flags_until`].
#[inline(never)]
fn flags_rare(flags: &mut [u8; VALUES], g: &[u16], rare: &[usize], unequal: bool) -> usize {
    rare_pairs(g, rare, unequal, |v| flags[v] = 1)
}

/// [`Flags::mark_until`], a function of its own: inlined into the engine's large step, its
/// loop ran short of registers and read the flags' address back from the stack every pair.
/// The pairs are marked a run of [`FLAG_RUN`] at a time with no test between them (a store
/// a pair), and the target's flag is read after each run: the scan stops at the end of the
/// run that reached it, the run's later pairs marked too (they are options all the same).
#[inline(never)]
fn flags_until(
    flags: &mut [u8; VALUES],
    low: &[u16],
    high: &[u16],
    target: usize,
) -> Option<usize> {
    let len = low.len();
    let high = &high[..len];
    let target = target & (VALUES - 1);
    let mut at = 0;
    while at < len {
        let end = (at + FLAG_RUN).min(len);
        let (lo, hi) = (&low[at..end], &high[len - end..len - at]);
        if let (Ok(lo), Ok(hi)) = (
            <&[u16; FLAG_RUN]>::try_from(lo),
            <&[u16; FLAG_RUN]>::try_from(hi),
        ) {
            // A whole run: its values first (in vector instructions), then their flags,
            // a load and a store each.
            let mut xs = [0u16; FLAG_RUN];
            for (i, x) in xs.iter_mut().enumerate() {
                *x = lo[i] ^ hi[FLAG_RUN - 1 - i];
            }
            for &x in &xs {
                flags[usize::from(x)] = 1;
            }
        } else {
            for (&a, &b) in lo.iter().zip(hi.iter().rev()) {
                flags[usize::from(a ^ b)] = 1;
            }
        }
        if flags[target] != 0 {
            return Some(end);
        }
        at = end;
    }
    None
}

/// Pairs [`flags_until`] marks between two looks at the target.
const FLAG_RUN: usize = 32;

/// Marks g(a) ^ g(m − a) for a in from..=to.
#[inline]
fn mark_pairs<M: Marks>(g: &[u16], m: usize, from: usize, to: usize, marks: &mut M) {
    marks.mark_all(&g[from..=to], &g[m - to..=m - from]);
}

/// Marks g(a) ^ g(m − a) for a from `from` on, up to `to` or until a pair's value is
/// `target`; the next a, and whether the target was reached.
#[inline]
fn mark_until<M: Marks>(
    g: &[u16],
    m: usize,
    from: usize,
    to: usize,
    target: usize,
    marks: &mut M,
) -> (usize, bool) {
    match marks.mark_until(&g[from..=to], &g[m - to..=m - from], target) {
        Some(marked) => (from + marked, true),
        None => (to + 1, false),
    }
}
