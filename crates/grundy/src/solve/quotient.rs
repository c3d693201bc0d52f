//! Misère quotients of heap games: the commutative monoid that says, for every sum of heaps
//! up to `n`, who wins it under misère play (Plambeck, *Taming the wild in impartial
//! combinatorial games*, Integers 5, 2005; Plambeck and Siegel, *Misère quotients for
//! impartial games*, J. Combin. Theory A 115, 2008).
//!
//! Two sums `G` and `H` are equivalent when `G + X` and `H + X` have the same misère outcome
//! for every sum `X` of heaps up to `n`. The classes form a finite commutative monoid `Q`
//! (often small: misère Nim's is `⟨a, b | a² = 1, b³ = b⟩`, of order 6), with a *P-portion*
//! `P ⊂ Q` (the classes of the positions lost for the player to move) and a *pretending
//! function* `Φ` sending each heap to its class. A sum of any number of heaps is then decided
//! by multiplying the classes of its heaps, in time that does not grow with the number of
//! heaps, and its winning moves are the options whose class falls in `P`.
//!
//! # How it is computed
//!
//! Heap by heap, as Siegel's MisereSolver does, with a candidate-and-proof loop of our own:
//!
//! 1. For the next heap `h`, try to map it to an element `x` of the quotient so far (most heaps
//!    change nothing). Otherwise, build a bigger candidate: the quotient so far times a
//!    cyclic monoid `⟨b | b^(i+2) = b^i⟩` for the new heap; when that is still too coarse,
//!    heaps of the failing sum are given cyclic components of their own, with room for the
//!    exponents the failure used. Each candidate's P-portion is read off the
//!    lexicographically least sum reaching each element, and the candidate is reduced:
//!    elements that no sum can tell apart are merged (Moore's partition refinement).
//! 2. Every candidate is **proved** before it is accepted. The proof walks every sum of
//!    heaps up to `h`, heap after heap, keeping only what decides the rest: the sum's
//!    element `x` and the set `S` of its options' elements. A sum with `k` more copies of a
//!    heap `a` with option classes `T` has element `x·a^k` and options `S·a^k ∪ x·a^(k-1)·T`;
//!    these pairs are finitely many, so the walk ends. The candidate is right exactly when
//!    every pair has `x ∈ P` if and only if `S` is not empty and misses `P` (a misère
//!    position is lost when it has a move and every move leads to a won position). A
//!    failure comes back as a sum of heaps, which the next candidate must predict rightly.
//!
//! Nothing is taken from periodicity: the quotient is stated for heaps `0..=n` only.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::{Components, Game};

/// Why a quotient could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotientError {
    /// A candidate monoid, or the proof's walk, would hold more than the limit.
    TooLarge {
        /// The heap being added.
        heap: u64,
        /// What grew.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
    /// A heap's moves leave heaps as large as itself: not a heap game this engine handles.
    NotDecreasing {
        /// The heap.
        heap: u64,
    },
}

impl fmt::Display for QuotientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuotientError::TooLarge { heap, what, limit } => write!(
                f,
                "the misère quotient at heap {heap} needs {what} past the limit of {limit}"
            ),
            QuotientError::NotDecreasing { heap } => write!(
                f,
                "a move from heap {heap} leaves a heap at least as large: quotients need moves that shrink heaps"
            ),
        }
    }
}

impl std::error::Error for QuotientError {}

/// The most elements a candidate monoid may have.
pub const MAX_CANDIDATE: usize = 1 << 18;
/// The most elements an accepted quotient may have (its table is stored in full).
pub const MAX_ORDER: usize = 4096;
/// The most work one quotient may take, in words of option sets hashed and elements tried:
/// a minute or less on one core (Kayles to heap 400 takes 576 million, 34 s; Nim to heap
/// 200, 659 million, 61 s).
pub const MAX_WORK: u64 = 600_000_000;
/// The most (element, option set) pairs the proof's walk may hold at once.
pub const MAX_STATES: usize = 4_000_000;

/// A finite commutative monoid with identity 0.
trait Monoid {
    fn size(&self) -> usize;
    fn mul(&self, x: u32, y: u32) -> u32;
}

/// A monoid given by its full table.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Table {
    n: usize,
    mul: Vec<u32>,
}

impl Table {
    fn trivial() -> Table {
        Table { n: 1, mul: vec![0] }
    }
}

impl Monoid for Table {
    fn size(&self) -> usize {
        self.n
    }
    fn mul(&self, x: u32, y: u32) -> u32 {
        self.mul[x as usize * self.n + y as usize]
    }
}

/// A candidate: a table times cyclic monoids `⟨b | b^(index+period) = b^index⟩`.
struct Product<'a> {
    base: &'a Table,
    /// (index, period) of each cyclic factor.
    cyclic: Vec<(u32, u32)>,
}

impl Product<'_> {
    /// The element of the base `x` with exponents `e` in the cyclic factors.
    fn encode(&self, x: u32, e: &[u32]) -> u32 {
        let mut code = 0u64;
        for (i, &(index, period)) in self.cyclic.iter().enumerate().rev() {
            code = code * u64::from(index + period) + u64::from(e[i]);
        }
        (code * self.base.n as u64 + u64::from(x)) as u32
    }

    fn decode(&self, mut code: u32, e: &mut Vec<u32>) -> u32 {
        let x = code % self.base.n as u32;
        code /= self.base.n as u32;
        e.clear();
        for &(index, period) in &self.cyclic {
            e.push(code % (index + period));
            code /= index + period;
        }
        x
    }

    /// The generator of cyclic factor `j`.
    fn generator(&self, j: usize) -> u32 {
        let mut e = vec![0; self.cyclic.len()];
        e[j] = 1;
        self.encode(0, &e)
    }
}

impl Monoid for Product<'_> {
    fn size(&self) -> usize {
        self.cyclic
            .iter()
            .fold(self.base.n, |s, &(i, p)| s.saturating_mul((i + p) as usize))
    }
    fn mul(&self, x: u32, y: u32) -> u32 {
        let mut ex = Vec::with_capacity(self.cyclic.len());
        let mut ey = Vec::with_capacity(self.cyclic.len());
        let bx = self.decode(x, &mut ex);
        let by = self.decode(y, &mut ey);
        for (i, &(index, period)) in self.cyclic.iter().enumerate() {
            let mut s = ex[i] + ey[i];
            if s >= index + period {
                s = index + (s - index) % period;
            }
            ex[i] = s;
        }
        self.encode(self.base.mul(bx, by), &ex)
    }
}

/// A sum of heaps as the multiplicity of each heap, largest heap first, so that the
/// ordinary order on vectors is the order MisereSolver calls lexicographic: a sum is
/// smaller when it has fewer of the largest heap where they differ.
type Word = Vec<u16>;

/// The heaps' moves, as sums of smaller heaps (heaps with no move left out).
#[derive(Clone, Debug)]
struct Rules {
    /// `options[h]`: each option of heap `h` as the heaps it leaves that have moves.
    options: Vec<Vec<Vec<u32>>>,
    /// `leaves[h]`: each option of heap `h` as every nonempty heap it leaves, largest first.
    leaves: Vec<Vec<Vec<u64>>>,
    /// Work done so far (words of option sets hashed, sums walked), against [`MAX_WORK`].
    work: Work,
}

/// A count of work that a finished quotient may share between threads.
#[derive(Debug, Default)]
struct Work(std::sync::atomic::AtomicU64);

impl Clone for Work {
    fn clone(&self) -> Work {
        Work(std::sync::atomic::AtomicU64::new(self.get()))
    }
}

impl Work {
    fn get(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
    fn set(&self, v: u64) {
        self.0.store(v, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Rules {
    /// No heaps yet.
    fn new() -> Rules {
        Rules {
            options: Vec::new(),
            leaves: Vec::new(),
            work: Work::default(),
        }
    }

    /// Adds the next heap's moves (heaps are added in order, from 0), counting them as
    /// work so that heaps with very many moves are refused before they are all held.
    fn push<G: Game<Position = u64>>(&mut self, game: &G) -> Result<(), QuotientError> {
        let h = self.options.len() as u64;
        let mut out: Vec<Components<u64>> = Vec::new();
        game.options(&h, &mut out);
        self.spend(out.len() as u64 * 64, h as usize)?;
        let mut list: Vec<Vec<u32>> = Vec::new();
        let mut raw: Vec<Vec<u64>> = Vec::new();
        for o in &out {
            let mut left: Vec<u64> = o.iter().copied().filter(|&c| c > 0).collect();
            left.sort_unstable_by(|a, b| b.cmp(a));
            raw.push(left);
            let mut leaves = Vec::new();
            for &c in o {
                if c >= h {
                    return Err(QuotientError::NotDecreasing { heap: h });
                }
                if !self.options[c as usize].is_empty() {
                    leaves.push(c as u32);
                }
            }
            leaves.sort_unstable();
            list.push(leaves);
        }
        list.sort();
        list.dedup();
        self.options.push(list);
        raw.sort();
        raw.dedup();
        self.leaves.push(raw);
        Ok(())
    }

    fn upto(&self) -> usize {
        self.options.len() - 1
    }

    /// Counts `units` of work done at heap `heap`; refused past [`MAX_WORK`].
    fn spend(&self, units: u64, heap: usize) -> Result<(), QuotientError> {
        let done = self.work.get() + units;
        self.work.set(done);
        if done > MAX_WORK {
            return Err(QuotientError::TooLarge {
                heap: heap as u64,
                what: "work",
                limit: MAX_WORK as usize,
            });
        }
        Ok(())
    }

    fn has_moves(&self, h: usize) -> bool {
        !self.options[h].is_empty()
    }
}

/// The element of each option of heap `h`, under `phi`.
fn transitions<M: Monoid>(m: &M, phi: &[u32], rules: &Rules, h: usize) -> Vec<u32> {
    let mut t: Vec<u32> = rules.options[h]
        .iter()
        .map(|o| o.iter().fold(0, |x, &c| m.mul(x, phi[c as usize])))
        .collect();
    t.sort_unstable();
    t.dedup();
    t
}

/// What [`least_words`] finds: each reachable element with its least sum, in order.
struct Reached {
    /// Elements in the order of their least sums (the identity first).
    order: Vec<u32>,
    /// Least sum of each reached element.
    word: FxHashMap<u32, Word>,
    /// Whether each reached element is a P-position, judged on its least sum.
    p: FxHashMap<u32, bool>,
}

/// Walks the sums of heaps `1..=top` in increasing order, keeping the least sum reaching
/// each element of `m` (sub-sums of least sums are least, so only they are extended), and
/// judges each element's outcome on that sum from its options' elements.
fn least_words<M: Monoid>(
    m: &M,
    phi: &[u32],
    trans: &[Vec<u32>],
    rules: &Rules,
    top: usize,
    limit: usize,
) -> Option<Reached> {
    let heaps: Vec<usize> = (1..=top).filter(|&h| rules.has_moves(h)).collect();
    let len = top + 1;
    let at = |h: usize| top - h;
    let mut queue: BinaryHeap<Reverse<(Word, u32)>> = BinaryHeap::new();
    let mut pushed: FxHashSet<Word> = FxHashSet::default();
    let mut reached = Reached {
        order: Vec::new(),
        word: FxHashMap::default(),
        p: FxHashMap::default(),
    };
    let mut elem_of_word: FxHashMap<Word, u32> = FxHashMap::default();
    queue.push(Reverse((vec![0; len], 0)));
    while let Some(Reverse((w, x))) = queue.pop() {
        if reached.word.contains_key(&x) {
            continue;
        }
        // Options: one heap h of w replaced by one of its options.
        let mut lost = w.iter().any(|&c| c > 0);
        'heaps: for &h in &heaps {
            if w[at(h)] == 0 {
                continue;
            }
            let mut rest = w.clone();
            rest[at(h)] -= 1;
            let y = elem_of_word[&rest];
            for &t in &trans[h] {
                if reached.p.get(&m.mul(y, t)) == Some(&true) {
                    lost = false;
                    break 'heaps;
                }
            }
        }
        reached.order.push(x);
        reached.p.insert(x, lost);
        reached.word.insert(x, w.clone());
        elem_of_word.insert(w.clone(), x);
        if reached.order.len() > limit {
            return None;
        }
        for &h in &heaps {
            let mut next = w.clone();
            next[at(h)] += 1;
            let y = m.mul(x, phi[h]);
            if !reached.word.contains_key(&y) && pushed.insert(next.clone()) {
                queue.push(Reverse((next, y)));
            }
        }
        if reached.order.len().is_multiple_of(1024) {
            crate::stop::check();
        }
    }
    Some(reached)
}

/// A quotient in the making: its table, P-portion, pretending function and the least sum of
/// each element.
#[derive(Clone, Debug)]
struct Bipartite {
    table: Table,
    p: Vec<bool>,
    phi: Vec<u32>,
    words: Vec<Word>,
}

/// Merges the elements of `m` reached in `reached` that no sum tells apart, and numbers the
/// classes in the order of their least sums.
fn reduce<M: Monoid>(m: &M, reached: &Reached, phi: &[u32], rules: &Rules) -> Bipartite {
    let elems = &reached.order;
    let index: FxHashMap<u32, usize> = elems.iter().enumerate().map(|(i, &x)| (x, i)).collect();
    let mut gens: Vec<u32> = (1..phi.len())
        .filter(|&h| rules.has_moves(h))
        .map(|h| phi[h])
        .collect();
    gens.sort_unstable();
    gens.dedup();
    // succ[i][g]: index of elems[i] · gens[g].
    let succ: Vec<Vec<usize>> = elems
        .iter()
        .map(|&x| gens.iter().map(|&g| index[&m.mul(x, g)]).collect())
        .collect();
    let mut class: Vec<usize> = elems.iter().map(|x| usize::from(reached.p[x])).collect();
    loop {
        let mut ids: FxHashMap<(usize, Vec<usize>), usize> = FxHashMap::default();
        let mut next = Vec::with_capacity(elems.len());
        for i in 0..elems.len() {
            let key = (class[i], succ[i].iter().map(|&j| class[j]).collect());
            let n = ids.len();
            next.push(*ids.entry(key).or_insert(n));
        }
        let before = class.iter().copied().collect::<FxHashSet<_>>().len();
        let stable = ids.len() == before;
        class = next;
        if stable {
            break;
        }
    }
    // Number classes by their first (least) element.
    let mut number: FxHashMap<usize, u32> = FxHashMap::default();
    let mut reps: Vec<usize> = Vec::new();
    for (i, &c) in class.iter().enumerate() {
        if let std::collections::hash_map::Entry::Vacant(e) = number.entry(c) {
            e.insert(reps.len() as u32);
            reps.push(i);
        }
    }
    let n = reps.len();
    let of = |x: u32| number[&class[index[&x]]];
    let mut mul = vec![0u32; n * n];
    for a in 0..n {
        for b in a..n {
            let v = of(m.mul(elems[reps[a]], elems[reps[b]]));
            mul[a * n + b] = v;
            mul[b * n + a] = v;
        }
    }
    let p = reps.iter().map(|&i| reached.p[&elems[i]]).collect();
    let words = reps
        .iter()
        .map(|&i| reached.word[&elems[i]].clone())
        .collect();
    let phi = (0..phi.len())
        .map(|h| if rules.has_moves(h) { of(phi[h]) } else { 0 })
        .collect();
    Bipartite {
        table: Table { n, mul },
        p,
        phi,
        words,
    }
}

/// A state of the proof's walk: an element and the set of its options' elements.
type StateKey = (u32, Vec<u64>);
/// How a state's least sum was made: copies of the new heap, rank of the state extended.
type Made = (u16, u32);

/// Proves `q` right for every sum of heaps `1..=top`, or returns the least sum it judges
/// wrongly.
///
/// The sums are walked heap after heap, keeping one state per distinct (element, option
/// set) pair, with the least sum reaching it: a state's sums all have the same future, so
/// the least failing sum is the least sum of the first failing state. At each heap the
/// states are kept in the order of their least sums (more copies of the new heap is
/// larger; then the order of the sums they extend).
fn prove(q: &Bipartite, rules: &Rules, top: usize) -> Result<Option<Word>, QuotientError> {
    let m = &q.table;
    let words = m.n.div_ceil(64);
    let hits_p = |s: &[u64]| {
        s.iter().enumerate().any(|(i, &w)| {
            let mut bits = w;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                if q.p[i * 64 + b] {
                    return true;
                }
                bits &= bits - 1;
            }
            false
        })
    };
    // How each state's least sum was made: (parent node, heap, copies of it).
    let mut nodes: Vec<(u32, u16, u16)> = vec![(u32::MAX, 0, 0)];
    // The states of the sums of heaps walked so far, least sums first: (node, x, S).
    let mut level: Vec<(u32, u32, Vec<u64>)> = vec![(0, 0, vec![0; words])];
    let times = |s: &[u64], a: u32, out: &mut Vec<u64>| {
        out.clear();
        out.resize(words, 0);
        for (i, &w) in s.iter().enumerate() {
            let mut bits = w;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                let y = m.mul((i * 64 + b) as u32, a) as usize;
                out[y / 64] |= 1 << (y % 64);
                bits &= bits - 1;
            }
        }
    };
    for h in 1..=top {
        if !rules.has_moves(h) {
            continue;
        }
        crate::stop::check();
        let a = q.phi[h];
        let t = transitions(m, &q.phi, rules, h);
        // Each state reached: the least (copies of h, rank of the state extended).
        let mut best: FxHashMap<(u32, Vec<u64>), (u16, u32)> = FxHashMap::default();
        fn offer(
            best: &mut FxHashMap<(u32, Vec<u64>), (u16, u32)>,
            key: (u32, Vec<u64>),
            how: (u16, u32),
        ) {
            best.entry(key)
                .and_modify(|b| {
                    if how < *b {
                        *b = how;
                    }
                })
                .or_insert(how);
        }
        let mut buf = Vec::new();
        let mut chain: FxHashSet<(u32, Vec<u64>)> = FxHashSet::default();
        for (rank, (_, x0, s0)) in level.iter().enumerate() {
            let rank = rank as u32;
            offer(&mut best, (*x0, s0.clone()), (0, rank));
            let (mut x, mut s) = (*x0, s0.clone());
            chain.clear();
            let mut copies = 0u16;
            loop {
                times(&s, a, &mut buf);
                for &ti in &t {
                    let y = m.mul(x, ti) as usize;
                    buf[y / 64] |= 1 << (y % 64);
                }
                x = m.mul(x, a);
                std::mem::swap(&mut s, &mut buf);
                copies += 1;
                if !chain.insert((x, s.clone())) || copies == u16::MAX {
                    break;
                }
                offer(&mut best, (x, s.clone()), (copies, rank));
            }
            rules.spend(u64::from(copies) * (words as u64 + 1), top)?;
            if best.len() > MAX_STATES {
                return Err(QuotientError::TooLarge {
                    heap: top as u64,
                    what: "a proof walk",
                    limit: MAX_STATES,
                });
            }
        }
        let mut entries: Vec<(Made, StateKey)> =
            best.into_iter().map(|(key, how)| (how, key)).collect();
        entries.sort_unstable_by_key(|e| e.0);
        let mut next = Vec::with_capacity(entries.len());
        for ((copies, rank), (x, s)) in entries {
            let parent = level[rank as usize].0;
            let node = if copies == 0 {
                parent
            } else {
                nodes.push((parent, h as u16, copies));
                (nodes.len() - 1) as u32
            };
            next.push((node, x, s));
        }
        level = next;
    }
    for (node, x, s) in &level {
        let has_moves = s.iter().any(|&w| w != 0);
        let lost = has_moves && !hits_p(s);
        if lost != q.p[*x as usize] {
            let mut w = vec![0u16; top + 1];
            let mut at = *node;
            while nodes[at as usize].0 != u32::MAX {
                let (parent, heap, copies) = nodes[at as usize];
                w[top - heap as usize] += copies;
                at = parent;
            }
            return Ok(Some(w));
        }
    }
    Ok(None)
}

/// The element of a sum given as a word, under `phi` in `m`.
fn element_of<M: Monoid>(m: &M, phi: &[u32], w: &Word) -> u32 {
    let top = w.len() - 1;
    let mut x = 0;
    for (i, &c) in w.iter().enumerate() {
        for _ in 0..c {
            x = m.mul(x, phi[top - i]);
        }
    }
    x
}

/// The misère quotient of the sums of heaps `0..=n` of a heap game.
#[derive(Clone, Debug)]
pub struct Quotient {
    rules: Rules,
    q: Bipartite,
    /// The heaps at which the quotient grew.
    grew_at: Vec<u64>,
}

impl Quotient {
    /// The quotient of `game`'s heaps `0..=upto`, heap by heap; `progress` hears of the heaps
    /// done.
    pub fn compute<G: Game<Position = u64>>(
        game: &G,
        upto: u64,
        progress: &mut dyn crate::progress::Progress,
    ) -> Result<Quotient, QuotientError> {
        let mut rules = Rules::new();
        rules.push(game)?;
        let n = usize::try_from(upto).unwrap_or(usize::MAX);
        let mut q = Bipartite {
            table: Table::trivial(),
            p: vec![false],
            phi: vec![0],
            words: vec![vec![]],
        };
        let mut grew_at = Vec::new();
        progress.start(upto + 1);
        for h in 1..=n {
            rules.push(game)?;
            q.phi.push(0);
            for w in &mut q.words {
                w.insert(0, 0);
            }
            if rules.has_moves(h) && !Self::extend_conservatively(&mut q, &rules, h)? {
                q = Self::expand(&q, &rules, h, progress)?;
                grew_at.push(h as u64);
            }
            progress.advance(h as u64);
        }
        progress.finish();
        Ok(Quotient { rules, q, grew_at })
    }

    /// Tries every element `x` for heap `h` (with the P-position of the heap alone, and every
    /// least sum plus `h` judged rightly, before the full proof).
    fn extend_conservatively(
        q: &mut Bipartite,
        rules: &Rules,
        h: usize,
    ) -> Result<bool, QuotientError> {
        let m = &q.table;
        let t = transitions(m, &q.phi, rules, h);
        let heap_lost = t.iter().all(|&y| !q.p[y as usize]);
        // The options' elements of each element's least sum.
        let opts: Vec<Vec<u32>> = q
            .words
            .iter()
            .map(|w| options_of(m, &q.phi, rules, w))
            .collect();
        for x in 0..m.n as u32 {
            if q.p[x as usize] != heap_lost {
                continue;
            }
            rules.spend(m.n as u64 * 4, h)?;
            let quick = (0..m.n as u32).all(|y| {
                let any_p = opts[y as usize].iter().any(|&o| q.p[m.mul(o, x) as usize])
                    || t.iter().any(|&ti| q.p[m.mul(y, ti) as usize]);
                q.p[m.mul(y, x) as usize] != any_p
            });
            if !quick {
                continue;
            }
            q.phi[h] = x;
            if prove(q, rules, h)?.is_none() {
                return Ok(true);
            }
        }
        q.phi[h] = 0;
        Ok(false)
    }

    /// A bigger quotient for heaps `0..=h`, found by candidates and proved: first the
    /// quotient so far times a cyclic factor for `h`; after each failure, the last candidate
    /// with the fewest heaps of the failing sum given factors of their own that makes the
    /// failing sum come out right.
    fn expand(
        q: &Bipartite,
        rules: &Rules,
        h: usize,
        progress: &mut dyn crate::progress::Progress,
    ) -> Result<Bipartite, QuotientError> {
        let too_large = |what| QuotientError::TooLarge {
            heap: h as u64,
            what,
            limit: MAX_CANDIDATE,
        };
        let mut current = Self::candidate(q, rules, h, &[(h, 2, 2)])?
            .ok_or_else(|| too_large("a candidate monoid"))?;
        for _round in 0..256 {
            if current.table.n > MAX_ORDER {
                return Err(QuotientError::TooLarge {
                    heap: h as u64,
                    what: "a quotient",
                    limit: MAX_ORDER,
                });
            }
            progress.status(&format!(
                "heap {h}: proving a candidate of order {}",
                current.table.n
            ));
            let Some(w) = prove(&current, rules, h)? else {
                return Ok(current);
            };
            let lost = !current.p[element_of(&current.table, &current.phi, &w) as usize];
            let involved: Vec<(usize, u32)> = w
                .iter()
                .enumerate()
                .filter(|(_, c)| **c > 0)
                .map(|(i, &c)| (h - i, u32::from(c)))
                .collect();
            let mut fixed = None;
            'sizes: for size in 1..=involved.len() {
                for subset in subsets(involved.len(), size) {
                    let split: Vec<(usize, u32, u32)> = subset
                        .iter()
                        .map(|&i| {
                            let (heap, c) = involved[i];
                            // Room for the exponents the failure uses (as MisereSolver
                            // sizes its factors: period 2, longer for long tails).
                            let (index, _) = cycle(&current.table, current.phi[heap]);
                            let index = index.max(c.saturating_sub(1)).max(1);
                            let period = if index >= 8 { 2 * ((index - 4) / 2) } else { 2 };
                            (heap, index, period)
                        })
                        .collect();
                    let Some(candidate) = Self::candidate(&current, rules, h, &split)? else {
                        continue;
                    };
                    let x = element_of(&candidate.table, &candidate.phi, &w);
                    if candidate.p[x as usize] == lost {
                        fixed = Some(candidate);
                        break 'sizes;
                    }
                }
            }
            current = fixed.ok_or_else(|| too_large("a candidate monoid"))?;
        }
        Err(QuotientError::TooLarge {
            heap: h as u64,
            what: "more candidate rounds",
            limit: 256,
        })
    }

    /// The candidate for heaps `0..=h`: the quotient so far times a cyclic factor for each
    /// split heap, its P-portion read off least sums, reduced. `None` when too large.
    fn candidate(
        q: &Bipartite,
        rules: &Rules,
        h: usize,
        split: &[(usize, u32, u32)],
    ) -> Result<Option<Bipartite>, QuotientError> {
        // The base: the part of the quotient so far that the heaps not split generate.
        let (base, mut phi) = regenerate(q, rules, h, split);
        let product = Product {
            base: &base,
            cyclic: split.iter().map(|&(_, i, p)| (i, p)).collect(),
        };
        if product.size() > MAX_CANDIDATE {
            return Ok(None);
        }
        for (j, &(heap, _, _)) in split.iter().enumerate() {
            phi[heap] = product.generator(j);
        }
        let trans: Vec<Vec<u32>> = (0..=h)
            .map(|k| {
                if rules.has_moves(k) {
                    transitions(&product, &phi, rules, k)
                } else {
                    Vec::new()
                }
            })
            .collect();
        let Some(reached) = least_words(&product, &phi, &trans, rules, h, MAX_CANDIDATE) else {
            return Ok(None);
        };
        Ok(Some(reduce(&product, &reached, &phi, rules)))
    }

    /// The largest heap covered.
    pub fn upto(&self) -> u64 {
        self.rules.upto() as u64
    }

    /// The order |Q|.
    pub fn order(&self) -> usize {
        self.q.table.n
    }

    /// The number of elements in the P-portion.
    pub fn p_count(&self) -> usize {
        self.q.p.iter().filter(|&&p| p).count()
    }

    /// The heaps at which the quotient grew.
    pub fn grew_at(&self) -> &[u64] {
        &self.grew_at
    }

    /// The element of heap `h` (0 is the identity). `None` past [`Quotient::upto`].
    pub fn element_of_heap(&self, h: u64) -> Option<u32> {
        self.q.phi.get(usize::try_from(h).ok()?).copied()
    }

    /// The element of a sum of heaps, each at most [`Quotient::upto`] (else `None`).
    pub fn element(&self, heaps: &[u64]) -> Option<u32> {
        let mut counts: FxHashMap<u64, u64> = FxHashMap::default();
        for &h in heaps {
            if h > self.upto() {
                return None;
            }
            *counts.entry(h).or_default() += 1;
        }
        Some(counts.iter().fold(0, |x, (&h, &c)| {
            self.mul(x, self.power(self.q.phi[h as usize], c))
        }))
    }

    /// The product of two elements.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.q.table.mul(x, y)
    }

    /// `x` to the power `k`.
    pub fn power(&self, x: u32, mut k: u64) -> u32 {
        let (mut result, mut base) = (0, x);
        while k > 0 {
            if k & 1 == 1 {
                result = self.mul(result, base);
            }
            base = self.mul(base, base);
            k >>= 1;
        }
        result
    }

    /// Whether `x` is in the P-portion (a sum with that element is lost for the player to
    /// move).
    pub fn is_p(&self, x: u32) -> bool {
        self.q.p[x as usize]
    }

    /// Whether the player to move wins the sum of `heaps` under misère play (`None` when a
    /// heap is past [`Quotient::upto`]).
    pub fn first_wins(&self, heaps: &[u64]) -> Option<bool> {
        self.element(heaps).map(|x| !self.is_p(x))
    }

    /// Every winning move of the sum of `heaps`: (index of the heap moved in, heaps left in
    /// its place). Each heap size's moves are judged once, whatever the number of heaps.
    pub fn winning_moves(&self, heaps: &[u64]) -> Option<Vec<(usize, Vec<u64>)>> {
        let mut counts: FxHashMap<u64, u64> = FxHashMap::default();
        for &h in heaps {
            if h > self.upto() {
                return None;
            }
            *counts.entry(h).or_default() += 1;
        }
        let mut winning_by_size: FxHashMap<u64, Vec<Vec<u64>>> = FxHashMap::default();
        for &h in counts.keys() {
            let rest = counts.iter().fold(0, |x, (&k, &ck)| {
                let ck = if k == h { ck - 1 } else { ck };
                self.mul(x, self.power(self.q.phi[k as usize], ck))
            });
            let mut wins = Vec::new();
            for o in self.heap_options(h) {
                // Heaps with no move are the identity.
                let y = o
                    .iter()
                    .fold(rest, |x, &k| self.mul(x, self.q.phi[k as usize]));
                if self.is_p(y) {
                    wins.push(o);
                }
            }
            winning_by_size.insert(h, wins);
        }
        let mut out = Vec::new();
        for (i, h) in heaps.iter().enumerate() {
            for o in &winning_by_size[h] {
                out.push((i, o.clone()));
            }
        }
        Some(out)
    }

    /// The options of heap `h`, as the nonempty heaps each leaves, largest first.
    fn heap_options(&self, h: u64) -> Vec<Vec<u64>> {
        self.rules.leaves[h as usize].clone()
    }

    /// A presentation: generators (named a, b, c, … after the heaps that bring them), each
    /// element's normal form as a product of generators, and the relations that define the
    /// monoid (every least non-normal product, equal to its normal form).
    pub fn presentation(&self) -> Presentation {
        let m = &self.q.table;
        // Generators: heaps whose element is not a product of earlier generators.
        let mut gens: Vec<(u64, u32)> = Vec::new();
        let mut span: FxHashSet<u32> = [0].into_iter().collect();
        for h in 1..=self.rules.upto() {
            let x = self.q.phi[h];
            if !self.rules.has_moves(h) || span.contains(&x) {
                continue;
            }
            gens.push((h as u64, x));
            // Close the span under the generators so far.
            let mut frontier: Vec<u32> = span.iter().copied().collect();
            while let Some(y) = frontier.pop() {
                for &(_, g) in &gens {
                    let z = m.mul(y, g);
                    if span.insert(z) {
                        frontier.push(z);
                    }
                }
            }
        }
        // Normal forms: least exponent vectors (last generator most significant).
        let k = gens.len();
        let mut normal: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        let mut queue: BinaryHeap<Reverse<(Vec<u32>, u32)>> = BinaryHeap::new();
        queue.push(Reverse((vec![0; k], 0)));
        let mut seen: FxHashSet<Vec<u32>> = FxHashSet::default();
        while let Some(Reverse((e, x))) = queue.pop() {
            if normal.contains_key(&x) {
                continue;
            }
            normal.insert(x, e.clone());
            for (j, &(_, g)) in gens.iter().enumerate() {
                let mut f = e.clone();
                f[k - 1 - j] += 1;
                if seen.insert(f.clone()) {
                    queue.push(Reverse((f, m.mul(x, g))));
                }
            }
        }
        let to_exponents = |rev: &Vec<u32>| -> Vec<u32> { rev.iter().rev().copied().collect() };
        let normal_set: FxHashSet<Vec<u32>> = normal.values().cloned().collect();
        let mut relations = Vec::new();
        let mut forms: Vec<(u32, Vec<u32>)> = normal.iter().map(|(&x, e)| (x, e.clone())).collect();
        forms.sort_by(|a, b| a.1.cmp(&b.1));
        for (x, e) in &forms {
            for (j, &(_, g)) in gens.iter().enumerate() {
                let mut f = e.clone();
                f[k - 1 - j] += 1;
                if normal_set.contains(&f) {
                    continue;
                }
                // Least non-normal: every product with one generator fewer is normal.
                let minimal = (0..k).all(|i| {
                    if f[i] == 0 {
                        return true;
                    }
                    let mut less = f.clone();
                    less[i] -= 1;
                    normal_set.contains(&less)
                });
                if minimal {
                    let y = m.mul(*x, g);
                    relations.push((to_exponents(&f), to_exponents(&normal[&y])));
                }
            }
        }
        // Generator by generator: a's relations first, then those whose highest generator is b…
        let highest = |e: &Vec<u32>| e.iter().rposition(|&c| c > 0).unwrap_or(0);
        relations.sort_by(|x, y| {
            (highest(&x.0), x.0.iter().rev().collect::<Vec<_>>())
                .cmp(&(highest(&y.0), y.0.iter().rev().collect::<Vec<_>>()))
        });
        relations.dedup();
        let mut elements: Vec<Vec<u32>> = vec![Vec::new(); m.n];
        for (x, e) in &normal {
            elements[*x as usize] = to_exponents(e);
        }
        Presentation {
            generators: gens.iter().map(|&(h, _)| h).collect(),
            elements,
            relations,
        }
    }
}

/// The submonoid of `q` generated by the heaps below `h` that are not in `split`, as a
/// table of its own, and the pretending function into it (split heaps and `h` sent to the
/// identity, for the caller to replace).
fn regenerate(
    q: &Bipartite,
    rules: &Rules,
    h: usize,
    split: &[(usize, u32, u32)],
) -> (Table, Vec<u32>) {
    let m = &q.table;
    let gens: Vec<u32> = (1..=h)
        .filter(|&k| rules.has_moves(k) && !split.iter().any(|s| s.0 == k))
        .map(|k| q.phi[k])
        .collect();
    let mut number: FxHashMap<u32, u32> = FxHashMap::default();
    let mut elems = vec![0u32];
    number.insert(0, 0);
    let mut i = 0;
    while i < elems.len() {
        let x = elems[i];
        for &g in &gens {
            let y = m.mul(x, g);
            if let std::collections::hash_map::Entry::Vacant(e) = number.entry(y) {
                e.insert(elems.len() as u32);
                elems.push(y);
            }
        }
        i += 1;
    }
    let n = elems.len();
    let mut mul = vec![0u32; n * n];
    for a in 0..n {
        for b in 0..n {
            mul[a * n + b] = number[&m.mul(elems[a], elems[b])];
        }
    }
    let phi = (0..=h)
        .map(|k| {
            if rules.has_moves(k) && !split.iter().any(|s| s.0 == k) {
                number[&q.phi[k]]
            } else {
                0
            }
        })
        .collect();
    (Table { n, mul }, phi)
}

/// The index and period of `x`: the least `i` and `p > 0` with `x^(i+p) = x^i`.
fn cycle(m: &Table, x: u32) -> (u32, u32) {
    let mut seen: FxHashMap<u32, u32> = FxHashMap::default();
    let mut y = 0;
    for k in 0.. {
        if let Some(&i) = seen.get(&y) {
            return (i, k - i);
        }
        seen.insert(y, k);
        y = m.mul(y, x);
    }
    unreachable!("a finite monoid repeats")
}

/// Every `size`-element subset of `0..n`, in lexicographic order.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    fn go(start: usize, n: usize, size: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == size {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            go(i + 1, n, size, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(0, n, size, &mut Vec::new(), &mut out);
    out
}

/// The elements of the options of the sum `w`, under `phi`.
fn options_of(m: &Table, phi: &[u32], rules: &Rules, w: &Word) -> Vec<u32> {
    let top = w.len() - 1;
    let mut out = Vec::new();
    for (i, &c) in w.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let h = top - i;
        let mut rest = w.clone();
        rest[i] -= 1;
        let y = element_of(m, phi, &rest);
        for o in &rules.options[h] {
            out.push(o.iter().fold(y, |x, &k| m.mul(x, phi[k as usize])));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A quotient's presentation: generators, each element as a product of them, relations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The heap that brings each generator (a, b, c, … in this order).
    pub generators: Vec<u64>,
    /// Each element's normal form: the exponent of each generator.
    pub elements: Vec<Vec<u32>>,
    /// Relations `left = right`, as exponent vectors.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
}

impl Presentation {
    /// The name of generator `i`: a, b, …, z, then g27, g28, …
    pub fn generator_name(i: usize) -> String {
        if i < 26 {
            char::from(b'a' + i as u8).to_string()
        } else {
            format!("g{}", i + 1)
        }
    }

    /// A product of generators written out: `1`, `a`, `a b^2`.
    pub fn write(exponents: &[u32]) -> String {
        let parts: Vec<String> = exponents
            .iter()
            .enumerate()
            .filter(|(_, e)| **e > 0)
            .map(|(i, &e)| {
                let name = Presentation::generator_name(i);
                if e == 1 { name } else { format!("{name}^{e}") }
            })
            .collect();
        if parts.is_empty() {
            "1".to_string()
        } else {
            parts.join(" ")
        }
    }

    /// Element `x` written as a product of generators.
    pub fn element(&self, x: u32) -> String {
        Presentation::write(&self.elements[x as usize])
    }

    /// The relations written out: `a^2 = 1`.
    pub fn relation_texts(&self) -> Vec<String> {
        self.relations
            .iter()
            .map(|(l, r)| format!("{} = {}", Presentation::write(l), Presentation::write(r)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::games::{Nim, Subtraction, TakeBreak};
    use crate::solve::misere::Misere;

    fn quotient<G: Game<Position = u64>>(game: &G, n: u64) -> Quotient {
        Quotient::compute(game, n, &mut crate::NoProgress).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Every sum of heaps `1..=n` with at most `total` counters, as sorted heap lists.
    fn sums(n: u64, total: u64) -> Vec<Vec<u64>> {
        fn go(n: u64, left: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            out.push(cur.clone());
            let start = cur.last().copied().unwrap_or(1);
            for h in start..=n.min(left) {
                cur.push(h);
                go(n, left - h, cur, out);
                cur.pop();
            }
        }
        let mut out = Vec::new();
        go(n, total, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn misere_nim_has_the_quotient_t2() {
        // Plambeck (2005): misère Nim's quotient is ⟨a, b | a² = 1, b³ = b⟩, of order 6,
        // with P-portion {a, b²}.
        let q = quotient(&Nim, 3);
        assert_eq!(q.order(), 6);
        assert_eq!(q.p_count(), 2);
        let pres = q.presentation();
        assert_eq!(pres.generators, vec![1, 2]);
        assert_eq!(pres.relation_texts(), vec!["a^2 = 1", "b^3 = b"]);
        let p: Vec<String> = (0..q.order() as u32)
            .filter(|&x| q.is_p(x))
            .map(|x| pres.element(x))
            .collect();
        assert_eq!(p, vec!["a", "b^2"]);
        // With heaps up to 12 the XOR of the heaps takes 16 values: 2 + 16 classes (sums
        // without a heap of 2 or more tell only their parity).
        assert_eq!(quotient(&Nim, 12).order(), 18);
    }

    #[test]
    fn quotient_outcomes_agree_with_the_misere_search() {
        for code in ["0.77", "0.07", "0.137", "4.7", "0.6", "0.75", "0.31"] {
            let game: TakeBreak = code.parse().unwrap();
            let q = quotient(&game, 11);
            assert_eq!(
                q.order() % 2,
                0,
                "{code}: impartial misère quotients have even order"
            );
            let mut search = Misere::new(game.clone(), 1 << 22);
            for sum in sums(11, 16) {
                let want = search.first_wins(&sum).unwrap();
                assert_eq!(q.first_wins(&sum), Some(want), "{code} {sum:?}");
                let moves = q.winning_moves(&sum).unwrap();
                let search_moves = search.winning_moves(&sum).unwrap();
                assert_eq!(moves.len(), search_moves.len(), "{code} {sum:?}");
            }
        }
    }

    /// Dawson's Kayles past heap 25, where its quotient grows three times over (and the
    /// first candidates fail): every sum of heaps up to 27 with at most 30 counters.
    #[test]
    fn dawsons_kayles_past_its_growth_agrees_with_the_search() {
        let game: TakeBreak = "0.07".parse().unwrap();
        let q = quotient(&game, 27);
        assert!(q.grew_at().contains(&25), "{:?}", q.grew_at());
        let mut search = Misere::new(game.clone(), 1 << 24);
        for sum in sums(27, 30) {
            assert_eq!(
                q.first_wins(&sum),
                Some(search.first_wins(&sum).unwrap()),
                "{sum:?}"
            );
        }
    }

    /// Plambeck's solution of 0.312: every heap but the heap of 4 pretends to be a nim
    /// heap, and the heap of 4 (`A`, of genus 2^1420) has `A + A` equal to nothing.
    #[test]
    fn the_heap_of_four_in_0_312_is_its_own_inverse() {
        let game: TakeBreak = "0.312".parse().unwrap();
        let q = quotient(&game, 12);
        let a = q.element_of_heap(4).unwrap();
        assert_ne!(a, 0);
        assert_eq!(q.mul(a, a), 0);
        let mut search = Misere::new(game, 1 << 22);
        for sum in sums(12, 18) {
            assert_eq!(
                q.first_wins(&sum),
                Some(search.first_wins(&sum).unwrap()),
                "{sum:?}"
            );
        }
    }

    #[test]
    fn a_wrong_pretending_function_or_relation_is_caught() {
        let game: TakeBreak = "0.07".parse().unwrap();
        let q = quotient(&game, 10);
        let rules = q.rules.clone();
        assert_eq!(prove(&q.q, &rules, 10).unwrap(), None);
        // Another element for the largest heap that brought a generator.
        let mut wrong = q.q.clone();
        let h = *q.grew_at().last().unwrap() as usize;
        wrong.phi[h] = 0;
        assert!(prove(&wrong, &rules, 10).unwrap().is_some());
        // A wrong product (a changed relation) in the table.
        let mut wrong = q.q.clone();
        let n = wrong.table.n;
        let x = wrong.phi[h] as usize;
        wrong.table.mul[x * n + x] = (wrong.table.mul[x * n + x] + 1) % n as u32;
        assert!(prove(&wrong, &rules, 10).unwrap().is_some());
        // A wrong P-portion.
        let mut wrong = q.q.clone();
        wrong.p[0] = !wrong.p[0];
        assert!(prove(&wrong, &rules, 10).unwrap().is_some());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Subtraction games: the quotient's outcomes are the search's on every small sum.
        #[test]
        fn subtraction_quotients_agree_with_the_search(
            takes in prop::collection::btree_set(1u64..5, 1..3),
        ) {
            let game = Subtraction::new(takes.into_iter().collect()).unwrap();
            let q = quotient(&game, 9);
            let mut search = Misere::new(game.clone(), 1 << 22);
            for sum in sums(9, 14) {
                prop_assert_eq!(q.first_wins(&sum), Some(search.first_wins(&sum).unwrap()), "{:?}", sum);
            }
        }
    }
}
