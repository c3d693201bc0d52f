//! The pruning search: Grundy values without computing every option's value.
//!
//! The plain memo solver takes the mex of all option values, so it visits every position
//! reachable from the start. Most of that work is not needed. To learn whether a position's
//! value lies in some set `S`, it is enough to rule values in and out until the answer is
//! settled, and each option only has to answer a narrower question of the same kind. This
//! is the method of Beling and Rogalski (*On pruning search trees of impartial games*,
//! Artificial Intelligence 283, 2020), which refines Lemoine and Viennot (*Nimbers are
//! inevitable*, TCS 2012).
//!
//! A position with `n` options has a value in `0..=n`. The search keeps a set of
//! candidates, starting with all of `0..=n`, and lets each option strike one out: its own
//! value if that is a candidate other than the largest, the largest otherwise. When every
//! option has struck once, the one candidate left is the value (the mex). An option is only
//! asked whether its value is among the candidates below the largest, and among those not
//! above the largest value the caller asked about: an option that answers "not among
//! those" strikes the largest, and the search stops the moment no candidate is left that
//! the caller asked about (a cut-off).
//!
//! An option that is a sum of components asks every component but the hardest for its exact
//! value and the hardest one the question shifted by their nim-sum. Two equal components
//! cancel (G + G = 0). At the root, [`Search::value`] tries 0, 1, 2, … in turn, asking each
//! option only "is your value exactly this?" (aspiration), and [`Search::winner`] asks only
//! about 0 (an outcome search).
//!
//! Only proved, exact values go into the [`Table`]; a table that forgets costs time, never
//! correctness. The search recurses, one level per move, so it suits games whose plays are
//! short (boards); long heap games belong to the memo solver or the heap engines.

use serde::Serialize;

use crate::game::{Components, Game, Player};
use crate::nimber::{MexSet, Nimber};
use crate::progress::Progress;
use crate::solve::table::Table;

/// A set of candidate values, 0 to 127.
type Set = u128;
/// Every value the sets can hold: asking for all of them asks for the exact value.
const ALL: Set = Set::MAX;
/// Values from here on do not fit a set; positions with this many options or more are
/// solved by taking a plain mex.
const WIDTH: u64 = 128;

/// What the search did, for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SearchStats {
    /// Positions asked about.
    pub visits: u64,
    /// Answered from the table or a known value without a search (including the look-ups
    /// made while listing a position's options).
    pub hits: u64,
    /// Positions whose options were listed.
    pub expanded: u64,
    /// Searches ended as soon as the value was shown to lie outside the set asked for.
    pub cutoffs: u64,
    /// Questions answered "no" at once because an earlier cut-off had ruled out every
    /// value asked about.
    pub ruled_out: u64,
    /// Exact values proved (each offered to the table).
    pub proved: u64,
    /// Entries in the table now.
    pub stored: usize,
    /// Entries the table dropped or declined for lack of room.
    pub dropped: u64,
    /// Bytes the table holds.
    pub table_bytes: usize,
}

/// An option still to be asked about: components `comps[first..first + len]` (the first is
/// the hardest), the nim-sum of the components already known, and its weight for ordering.
#[derive(Clone, Copy)]
struct Pending {
    first: usize,
    len: usize,
    acc: u64,
    weight: u64,
}

/// A pruning search over one game, with its transposition table.
///
/// ```
/// use grundy::games::board::Cram;
/// use grundy::solve::{search::Search, table::PackedTable};
/// use grundy::{Nimber, Player};
///
/// let cram = Cram::new(4, 5).unwrap();
/// let mut search = Search::new(cram, PackedTable::with_budget(1 << 24));
/// assert_eq!(search.value(&cram.full()), Nimber(2));
///
/// let square = Cram::new(4, 4).unwrap();
/// let mut search = Search::new(square, PackedTable::with_budget(1 << 24));
/// assert_eq!(search.winner(&square.full()), Player::Second);
/// ```
pub struct Search<'w, G: Game, T> {
    game: G,
    table: T,
    stats: SearchStats,
    /// Shared stacks: each level pushes above the levels below it and pops what it pushed.
    comps: Vec<G::Position>,
    moves: Vec<Pending>,
    known: Vec<u64>,
    mex: MexSet,
    progress: Option<&'w mut dyn Progress>,
}

impl<'w, G: Game, T: Table<G::Position>> Search<'w, G, T> {
    /// A search with `table` for its proved values.
    pub fn new(game: G, table: T) -> Self {
        Search {
            game,
            table,
            stats: SearchStats::default(),
            comps: Vec::new(),
            moves: Vec::new(),
            known: Vec::new(),
            mex: MexSet::new(),
            progress: None,
        }
    }

    /// Tells `progress` what the root is trying as the search advances (the value being
    /// tried, the options still open, of how many), as a status line.
    pub fn with_progress(mut self, progress: &'w mut dyn Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Statistics so far.
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            stored: self.table.len(),
            dropped: self.table.dropped(),
            table_bytes: self.table.bytes(),
            ..self.stats
        }
    }

    /// The Grundy value of `p`, trying 0, 1, 2, … in turn.
    pub fn value(&mut self, p: &G::Position) -> Nimber {
        let p = self.game.canonical(p);
        self.stats.visits += 1;
        if let Some(v) = self.lookup(&p) {
            return Nimber(v);
        }
        let marks = self.marks();
        let listing = self.expand(&p, marks, ALL);
        let v = if listing.n as u64 >= WIDTH {
            self.plain_mex(marks)
        } else {
            self.aspire(marks, listing.n)
        };
        self.release(marks);
        self.proved(&p, v);
        Nimber(v)
    }

    /// The value of a sum: the nim-sum of its components' values.
    pub fn sum_value(&mut self, components: &[G::Position]) -> Nimber {
        components
            .iter()
            .fold(Nimber::ZERO, |acc, c| acc ^ self.value(c))
    }

    /// Who wins `p`: an outcome search, which only asks whether some option is worth 0.
    pub fn winner(&mut self, p: &G::Position) -> Player {
        let p = self.game.canonical(p);
        match self.value_in(&p, 1) {
            Some(0) => Player::Second,
            _ => Player::First,
        }
    }

    /// Whether a sum of components is worth exactly 0 (a move to it is a winning move).
    pub fn is_zero(&mut self, components: &[G::Position]) -> bool {
        self.sum_value_if(components, 0) == Some(0)
    }

    /// The value of the sum of `components` if it is `target`, or if the search happens to
    /// prove it while answering; `None` when it is proved not to be `target`.
    pub fn sum_value_if(&mut self, components: &[G::Position], target: u64) -> Option<u64> {
        let marks = self.marks();
        let known = stage(
            &self.game,
            &self.table,
            &mut self.stats,
            &mut self.comps,
            &mut self.moves,
            components,
        );
        let v = match known {
            Some(acc) => Some(acc),
            None => {
                let acc = self.resolve_others(marks.1);
                let main = self.comps[self.moves[marks.1].first].clone();
                let want = target ^ acc;
                let asked = if want >= WIDTH { ALL } else { 1 << want };
                self.value_in(&main, asked).map(|v| v ^ acc)
            }
        };
        self.release(marks);
        v
    }

    /// Every option of `p` (as the game lists it) that leaves a sum worth 0.
    pub fn winning_moves(&mut self, p: &G::Position) -> Vec<Components<G::Position>> {
        let mut options = Vec::new();
        self.game.options(p, &mut options);
        let (_, zero) = self.value_and_zeros(&options);
        options
            .into_iter()
            .zip(zero)
            .filter_map(|(o, z)| z.then_some(o))
            .collect()
    }

    /// The value of a position whose options are the sums `options`, and which of them
    /// are worth 0 (its winning moves, when the value is not 0), in one search.
    ///
    /// Asking each option whether it is 0 is the first round of the root's aspiration in
    /// any case; here that round asks every option instead of stopping at the first 0, and
    /// the rounds for 1, 2, … follow as in [`Search::value`], skipping the options whose
    /// exact value the first round proved. The winning moves then cost only the questions
    /// "is this option 0?" that the value's search would not have asked, with the table
    /// and the bounds the other questions left.
    pub fn value_and_zeros(&mut self, options: &[Components<G::Position>]) -> (Nimber, Vec<bool>) {
        let weight = |o: &Components<G::Position>| {
            o.iter().fold(0u64, |w, c| {
                let d = self.game.difficulty(&self.game.canonical(c));
                w.saturating_add(d.saturating_mul(d))
            })
        };
        let mut order: Vec<(u64, usize)> = options
            .iter()
            .enumerate()
            .map(|(i, o)| (weight(o), i))
            .collect();
        order.sort_unstable();
        let mut zero = vec![false; options.len()];
        let mut exact: Vec<Option<u64>> = vec![None; options.len()];
        for &(_, i) in &order {
            if let Some(progress) = self.progress.as_mut() {
                progress.status(&format!(
                    "is option {} of {} worth 0?",
                    i + 1,
                    options.len()
                ));
            }
            let v = self.sum_value_if(&options[i], 0);
            zero[i] = v == Some(0);
            exact[i] = v;
        }
        if !zero.contains(&true) {
            return (Nimber::ZERO, zero);
        }
        let seen = |exact: &[Option<u64>], r: u64| exact.contains(&Some(r));
        let mut r = 1;
        'values: loop {
            if seen(&exact, r) {
                r += 1;
                continue;
            }
            for &(_, i) in &order {
                if exact[i].is_some() {
                    continue;
                }
                if let Some(progress) = self.progress.as_mut() {
                    let open = exact.iter().filter(|v| v.is_none()).count();
                    progress.status(&format!(
                        "is the value {r}? {open} of {} options still to answer",
                        options.len()
                    ));
                }
                if let Some(v) = self.sum_value_if(&options[i], r) {
                    exact[i] = Some(v);
                    if v == r {
                        r += 1;
                        continue 'values;
                    }
                }
            }
            return (Nimber(r), zero);
        }
    }

    /// The value of `p` if it lies in `wanted`; `None` when it is proved not to (it may
    /// also return a value outside `wanted` that it happened to prove). Asking for
    /// [`ALL`] always gives the exact value.
    fn value_in(&mut self, p: &G::Position, wanted: Set) -> Option<u64> {
        self.stats.visits += 1;
        if let Some(v) = self.lookup(p) {
            return Some(v);
        }
        // Values an earlier cut-off ruled out need no asking again.
        let wanted = wanted & !Set::from(self.table.excluded(p));
        if wanted == 0 {
            self.stats.ruled_out += 1;
            return None;
        }
        let marks = self.marks();
        let listing = self.expand(p, marks, wanted);
        let found = if listing.cut {
            None
        } else if listing.n as u64 >= WIDTH {
            Some(self.plain_mex(marks))
        } else {
            self.prune(marks, listing.cand, wanted)
        };
        self.release(marks);
        match found {
            Some(v) => self.proved(p, v),
            None => {
                self.stats.cutoffs += 1;
                self.table.exclude(p, wanted as u64);
            }
        }
        found
    }

    /// The candidate-striking search of the module notes, over the options listed from
    /// `marks` (`cand`: the candidates left once the options of known value struck).
    fn prune(&mut self, marks: Marks, mut cand: Set, wanted: Set) -> Option<u64> {
        // Values above the largest one asked about only matter as a count.
        let upto = ALL >> wanted.leading_zeros();
        let mut exact = true;
        for k in marks.1..self.moves.len() {
            if cand & wanted == 0 {
                return None;
            }
            let below_top = cand & !top(cand);
            let ask = below_top & upto;
            if ask == 0 {
                // Nothing this option could say would strike anything but the largest.
                cand = below_top;
                exact = false;
                continue;
            }
            let acc = self.resolve_others(k);
            let main = self.comps[self.moves[k].first].clone();
            if acc >= WIDTH {
                let v = self.value_in(&main, ALL).expect("an exact question") ^ acc;
                cand = strike(cand, v);
                continue;
            }
            match self.value_in(&main, xor_shift(ask, acc)) {
                Some(v) => cand = strike(cand, v ^ acc),
                None => {
                    cand = below_top;
                    exact = false;
                }
            }
        }
        if exact || cand & upto != 0 {
            Some(u64::from(cand.trailing_zeros()))
        } else {
            None
        }
    }

    /// Aspiration at the root: the least `r` that no option is worth.
    fn aspire(&mut self, marks: Marks, n: usize) -> u64 {
        let mut seen: Set = 0;
        for &v in &self.known[marks.2..] {
            if v < WIDTH {
                seen |= 1 << v;
            }
        }
        'values: for r in 0..=n as u64 {
            if seen >> r & 1 == 1 {
                continue;
            }
            let mut k = marks.1;
            while k < self.moves.len() {
                if let Some(progress) = self.progress.as_mut() {
                    let open = self.moves.len() - marks.1;
                    progress.status(&format!(
                        "is the value {r}? {open} of {n} options still to answer"
                    ));
                }
                let acc = self.resolve_others(k);
                let main = self.comps[self.moves[k].first].clone();
                let v = if acc >= WIDTH {
                    self.value_in(&main, ALL)
                } else {
                    self.value_in(&main, 1 << (r ^ acc))
                };
                match v {
                    Some(v) => {
                        // This option's value is known now: it never needs asking again.
                        self.moves.remove(k);
                        let v = v ^ acc;
                        if v == r {
                            continue 'values;
                        }
                        if v < WIDTH {
                            seen |= 1 << v;
                        }
                    }
                    None => k += 1,
                }
            }
            return r;
        }
        unreachable!("a position with n options has a value of at most n")
    }

    /// Every option's exact value, then the mex (positions with too many options for a set).
    fn plain_mex(&mut self, marks: Marks) -> u64 {
        let mut values: Vec<u64> = self.known[marks.2..].to_vec();
        for k in marks.1..self.moves.len() {
            let acc = self.resolve_others(k);
            let main = self.comps[self.moves[k].first].clone();
            values.push(self.value_in(&main, ALL).expect("an exact question") ^ acc);
        }
        self.mex.reset(values.len());
        for v in values {
            self.mex.insert(v);
        }
        self.mex.mex()
    }

    /// Folds the exact values of option `k`'s components other than its hardest into its
    /// nim-sum, and returns that.
    fn resolve_others(&mut self, k: usize) -> u64 {
        let Pending {
            first,
            mut len,
            mut acc,
            ..
        } = self.moves[k];
        while len > 1 {
            let c = self.comps[first + len - 1].clone();
            acc ^= self.value_in(&c, ALL).expect("an exact question");
            len -= 1;
        }
        self.moves[k].len = 1;
        self.moves[k].acc = acc;
        acc
    }

    fn lookup(&mut self, p: &G::Position) -> Option<u64> {
        lookup(&self.game, &self.table, &mut self.stats, p)
    }

    fn proved(&mut self, p: &G::Position, v: u64) {
        self.stats.proved += 1;
        self.table.put(p, v);
    }

    /// The stack heights now, to list a position's options above and pop them after.
    fn marks(&self) -> Marks {
        (self.comps.len(), self.moves.len(), self.known.len())
    }

    fn release(&mut self, (comps, moves, known): Marks) {
        self.comps.truncate(comps);
        self.moves.truncate(moves);
        self.known.truncate(known);
    }

    /// Lists the options of `p` on the stacks: the value of each option whose components
    /// are all known goes on `known` and strikes a candidate, the others go on `moves`,
    /// easiest first. When the game can count its options, listing stops as soon as no
    /// candidate in `wanted` is left (the listing is then `cut`).
    fn expand(&mut self, p: &G::Position, marks: Marks, wanted: Set) -> Listing {
        self.stats.expanded += 1;
        if self.stats.expanded.is_multiple_of(1024) {
            crate::stop::check();
        }
        let counted = self.game.option_count(p).filter(|&n| (n as u64) < WIDTH);
        let full = |n: usize| {
            if n as u64 + 1 >= WIDTH {
                ALL
            } else {
                (1 << (n + 1)) - 1
            }
        };
        let mut cand = counted.map_or(ALL, full);
        let mut listed = 0;
        let mut cut = false;
        let Search {
            game,
            table,
            stats,
            comps,
            moves,
            known,
            ..
        } = self;
        game.each_option(p, &mut |option| {
            listed += 1;
            if let Some(acc) = stage(&*game, &*table, stats, comps, moves, &option) {
                known.push(acc);
                if counted.is_some() {
                    cand = strike(cand, acc);
                    if cand & wanted == 0 {
                        cut = true;
                        return false;
                    }
                }
            }
            true
        });
        if cut {
            return Listing {
                n: listed,
                cand,
                cut,
            };
        }
        debug_assert!(
            counted.is_none_or(|n| n == listed),
            "option_count disagrees"
        );
        if counted.is_none() && (listed as u64) < WIDTH {
            cand = full(listed);
            for &v in &self.known[marks.2..] {
                cand = strike(cand, v);
            }
        }
        self.moves[marks.1..].sort_by_key(|m| m.weight);
        Listing {
            n: listed,
            cand,
            cut,
        }
    }
}

/// What listing a position's options found.
struct Listing {
    /// Options listed (all of them unless `cut`).
    n: usize,
    /// Candidates left after the options of known value struck theirs.
    cand: Set,
    /// Listing stopped early: the value is proved outside the set asked about.
    cut: bool,
}

fn lookup<G: Game, T: Table<G::Position>>(
    game: &G,
    table: &T,
    stats: &mut SearchStats,
    p: &G::Position,
) -> Option<u64> {
    let v = match game.known_value(p) {
        Some(v) => Some(v.0),
        None => table.get(p),
    };
    if v.is_some() {
        stats.hits += 1;
    }
    v
}

/// Puts one option on the stacks: its components in canonical form, those of known value
/// folded into a nim-sum, equal pairs cancelled. Returns the option's value when every
/// component is known; otherwise records it as pending and returns `None`.
fn stage<G: Game, T: Table<G::Position>>(
    game: &G,
    table: &T,
    stats: &mut SearchStats,
    comps: &mut Vec<G::Position>,
    moves: &mut Vec<Pending>,
    option: &[G::Position],
) -> Option<u64> {
    let first = comps.len();
    let mut acc = 0;
    for c in option {
        let c = game.canonical(c);
        match lookup(game, table, stats, &c) {
            Some(v) => acc ^= v,
            None => comps.push(c),
        }
    }
    cancel_pairs(comps, first);
    if comps.len() == first {
        Some(acc)
    } else {
        push_pending(game, comps, moves, first, acc);
        None
    }
}

/// Records the components from `first` to the top of `comps` as one pending option, its
/// hardest component first.
fn push_pending<G: Game>(
    game: &G,
    comps: &mut [G::Position],
    moves: &mut Vec<Pending>,
    first: usize,
    acc: u64,
) {
    let mut weight = 0u64;
    let mut hardest = (0, first);
    for (i, c) in comps.iter().enumerate().skip(first) {
        let d = game.difficulty(c);
        weight = weight.saturating_add(d.saturating_mul(d));
        if d > hardest.0 {
            hardest = (d, i);
        }
    }
    comps.swap(first, hardest.1);
    moves.push(Pending {
        first,
        len: comps.len() - first,
        acc,
        weight,
    });
}

/// Drops equal pairs among the components from `first` on: G + G is worth 0.
fn cancel_pairs<P: Eq>(comps: &mut Vec<P>, first: usize) {
    let mut i = first;
    while i < comps.len() {
        match (i + 1..comps.len()).find(|&j| comps[j] == comps[i]) {
            Some(j) => {
                comps.swap_remove(j);
                comps.swap_remove(i);
            }
            None => i += 1,
        }
    }
}

/// Heights of the three stacks (components, pending options, known option values).
type Marks = (usize, usize, usize);

/// The largest candidate, as a one-bit set.
fn top(s: Set) -> Set {
    1 << (127 - s.leading_zeros())
}

/// Strikes the candidate an option worth `v` accounts for: `v` itself if it is a
/// candidate, the largest otherwise.
fn strike(cand: Set, v: u64) -> Set {
    if v < WIDTH && cand >> v & 1 == 1 {
        cand & !(1 << v)
    } else {
        cand & !top(cand)
    }
}

/// `{e ^ k : e in s}` for `k` below 128: each set bit of `k` exchanges the blocks of that
/// size.
fn xor_shift(mut s: Set, k: u64) -> Set {
    const LOW_HALVES: [Set; 7] = [
        0x5555_5555_5555_5555_5555_5555_5555_5555,
        0x3333_3333_3333_3333_3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF_0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF_0000_0000_FFFF_FFFF,
        0x0000_0000_0000_0000_FFFF_FFFF_FFFF_FFFF,
    ];
    for (i, mask) in LOW_HALVES.iter().enumerate() {
        if k >> i & 1 == 1 {
            let width = 1 << i;
            s = ((s & mask) << width) | ((s >> width) & mask);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use crate::solve::table::{MapTable, NoTable};
    use proptest::prelude::*;

    #[test]
    fn xor_shift_moves_each_element() {
        for k in 0..128u64 {
            for e in [0u64, 1, 5, 64, 100, 127] {
                assert_eq!(xor_shift(1 << e, k), 1 << (e ^ k), "e={e} k={k}");
            }
        }
        assert_eq!(xor_shift(ALL, 77), ALL);
    }

    /// A random acyclic game: position `i` moves to sums of lower positions. Fan-outs past
    /// 128 take the plain-mex path; sums take the shifted questions and pair cancelling.
    #[derive(Clone, Debug)]
    struct Dag(Vec<Vec<Vec<u32>>>);

    impl Game for Dag {
        type Position = u32;
        fn options(&self, p: &u32, out: &mut Vec<Components<u32>>) {
            for o in &self.0[*p as usize] {
                out.push(o.iter().copied().collect());
            }
        }
        fn difficulty(&self, p: &u32) -> u64 {
            u64::from(*p)
        }
    }

    fn dag() -> impl Strategy<Value = Dag> {
        (2usize..60, 1usize..4, any::<u64>()).prop_map(|(nodes, parts, seed)| {
            let mut x = seed | 1;
            let mut next = move || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let mut g = vec![Vec::new()];
            for i in 1..nodes {
                // Wide positions (past 128 options) only from position 8 up: the search
                // without a table below tries every line of play, and must stay small.
                let fan = if i >= 8 && next() % 9 == 0 {
                    130
                } else {
                    (next() % 12) as usize
                };
                let opts = (0..fan)
                    .map(|_| {
                        let k = 1 + (next() % parts as u64) as usize;
                        (0..k).map(|_| (next() % i as u64) as u32).collect()
                    })
                    .collect();
                g.push(opts);
            }
            Dag(g)
        })
    }

    proptest! {
        #[test]
        fn search_equals_the_memo_solver(game in dag()) {
            let mut memo = Solver::new(game.clone());
            let mut search = Search::new(game.clone(), MapTable::with_budget(1 << 20));
            let mut bare = Search::new(game.clone(), NoTable);
            for p in (0..game.0.len() as u32).rev() {
                let v = memo.grundy(&p).unwrap();
                prop_assert_eq!(search.value(&p), v, "position {}", p);
                prop_assert_eq!(search.winner(&p), Player::winner_of(v));
                if p < 6 {
                    prop_assert_eq!(bare.value(&p), v);
                }
            }
        }

        #[test]
        fn the_value_and_the_zero_options_come_out_together(game in dag()) {
            let mut memo = Solver::new(game.clone());
            let mut search = Search::new(game.clone(), MapTable::with_budget(1 << 20));
            for p in (0..game.0.len() as u32).rev() {
                let mut options = Vec::new();
                game.options(&p, &mut options);
                let (v, zero) = search.value_and_zeros(&options);
                prop_assert_eq!(v, memo.grundy(&p).unwrap(), "position {}", p);
                for (o, z) in options.iter().zip(zero) {
                    let worth = o.iter().fold(Nimber::ZERO, |acc, c| acc ^ memo.grundy(c).unwrap());
                    prop_assert_eq!(z, worth.is_zero(), "position {}", p);
                }
            }
        }

        #[test]
        fn every_question_is_answered_truly(game in dag(), wanted in any::<u128>()) {
            let mut memo = Solver::new(game.clone());
            let mut search = Search::new(game.clone(), MapTable::with_budget(1 << 20));
            for p in 0..game.0.len() as u32 {
                let v = memo.grundy(&p).unwrap().0;
                match search.value_in(&p, wanted) {
                    Some(got) => prop_assert_eq!(got, v),
                    None => prop_assert!(v >= 128 || wanted >> v & 1 == 0),
                }
            }
        }
    }
}
