//! Games that can go on forever: the generalised Sprague–Grundy function of a finite game
//! whose positions may repeat (C. A. B. Smith, *Graphs and composite games*, J. Combin.
//! Theory 1, 1966; A. S. Fraenkel and Y. Yesha, *The generalized Sprague–Grundy function
//! and its invariance under certain mappings*, J. Combin. Theory A 43, 1986).
//!
//! Each position `u` gets a value `γ(u)`: a nimber `m`, or `∞(K)` where `K` is the set of
//! finite values among its options. `γ(u) = m` when `u` has an option of each value below
//! `m`, none of value `m`, and every option of infinite value has an option of value `m`
//! (so a move to it can be answered by a move back to `m`); a counter `c(u)`, the order in
//! which finite values were given, decreases along those answers, so they cannot go on for
//! ever. Every other position is `∞`. A game with no cycle gets its ordinary values.
//!
//! Sums (Smith's rules): with every component finite, the value is the XOR and the player to
//! move wins when it is not 0; with one component `∞(K)` and the others' XOR `s`, the sum is
//! `∞(K ⊕ s)`; with two or more infinite components it is `∞(∅)`. A position `∞(L)` is won
//! by the player to move when `0 ∈ L` (a move to a finite sum of value 0) and drawn
//! otherwise.
//!
//! The values are computed in one pass for the vertices that reach no cycle (the mex of
//! their options, from the sinks up), then by labelling the rest, value by value, in time
//! `O((V + E) · levels)`, `levels` being at most one more than the largest number of
//! moves from a position.
//!
//! ```
//! use grundy::solve::loopy::{Digraph, Outcome, Value};
//!
//! // A cycle 0 → 1 → 2 → 0, and 2 → 3, a dead end.
//! let g = Digraph::new(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]).unwrap();
//! let values = g.values();
//! assert_eq!(values.value(3), Value::Finite(0));
//! // 1's one move is to 2, which can always be answered by the move to 3: 1 is worth 0.
//! assert_eq!(values.value(1), Value::Finite(0));
//! assert_eq!(values.value(0), Value::Finite(1));
//! assert_eq!(values.value(2), Value::Finite(2));
//! assert_eq!(values.outcome(&[0, 1]), Outcome::First);
//! // A cycle with no way out is a draw.
//! let g = Digraph::new(2, &[(0, 1), (1, 0)]).unwrap();
//! assert_eq!(g.values().outcome(&[0]), Outcome::Draw);
//! ```

pub mod game;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::games::digraph::{Digraph, MAX_VERTICES};

impl Digraph {
    /// The generalised Sprague–Grundy value of every vertex.
    ///
    /// The vertices that cannot reach a cycle are valued first, in one pass from the sinks
    /// up (the mex of their options, `O(V + E)`): a graph with no cycle, however dense and
    /// however high its values, costs no more. The rest are labelled value by value, the
    /// first pass's vertices taking part at their own level.
    pub fn values(&self) -> Values {
        let (label, counter) = self.labels(true);
        Values {
            label,
            counter,
            graph: self.clone(),
            options: None,
        }
    }

    /// The vertices that reach no cycle, each with its value, from the sinks up; `None` for
    /// the others.
    fn acyclic_part(&self) -> Vec<Option<u32>> {
        let n = self.len();
        let mut left: Vec<u32> = (0..n as u32).map(|v| self.moves(v).len() as u32).collect();
        let mut value: Vec<Option<u32>> = vec![None; n];
        let most = (0..n as u32)
            .map(|v| self.moves(v).len())
            .max()
            .unwrap_or(0);
        // seen[k] == stamp: a move to a vertex of value k was found from the current vertex.
        let mut seen = vec![u32::MAX; most + 1];
        let mut ready: Vec<u32> = (0..n as u32).filter(|&v| left[v as usize] == 0).collect();
        let mut done = 0u32;
        while let Some(u) = ready.pop() {
            if done.is_multiple_of(1 << 16) {
                crate::stop::check();
            }
            for &v in self.moves(u) {
                if let Some(k) = value[v as usize]
                    && (k as usize) < seen.len()
                {
                    seen[k as usize] = done;
                }
            }
            let mex = seen.iter().position(|&s| s != done).unwrap_or(seen.len());
            value[u as usize] = Some(mex as u32);
            done += 1;
            for &p in self.preds(u) {
                left[p as usize] -= 1;
                if left[p as usize] == 0 {
                    ready.push(p);
                }
            }
        }
        value
    }

    /// Each vertex's label (its finite value, or `u32::MAX` for ∞) and counter, labelled
    /// value by value, after the vertices that reach no cycle are valued in one pass when
    /// `peel` is set.
    fn labels(&self, peel: bool) -> (Vec<u32>, Vec<u32>) {
        const UNLABELED: u32 = u32::MAX - 1;
        const INFINITE: u32 = u32::MAX;
        let n = self.len();
        let mut label = vec![UNLABELED; n];
        let mut counter = vec![u32::MAX; n];
        let mut next_count = 0u32;
        // The vertices valued before the levels, by value: each takes its counter, and
        // makes its predecessors reach its value, at its own level.
        let mut by_level: Vec<Vec<u32>> = Vec::new();
        if peel {
            for (v, value) in self.acyclic_part().into_iter().enumerate() {
                if let Some(k) = value {
                    label[v] = k;
                    if by_level.len() <= k as usize {
                        by_level.resize(k as usize + 1, Vec::new());
                    }
                    by_level[k as usize].push(v as u32);
                }
            }
        }
        let mut good = vec![false; n];
        let mut bad = vec![0u32; n];
        let mut queue: Vec<u32> = Vec::new();
        let mut touched: Vec<u32> = Vec::new();
        let mut unlabeled: Vec<u32> = (0..n as u32)
            .filter(|&v| label[v as usize] == UNLABELED)
            .collect();
        let open = |l: u32| l == UNLABELED || l == INFINITE;
        let mut level = 0u32;
        while !unlabeled.is_empty() {
            crate::stop::check();
            // good[v]: v has a move to a vertex labelled `level` (none yet).
            for v in touched.drain(..) {
                good[v as usize] = false;
            }
            // bad[u]: moves of u to open vertices not (yet) known to reach `level`.
            for &u in &unlabeled {
                bad[u as usize] = self
                    .moves(u)
                    .iter()
                    .filter(|&&v| open(label[v as usize]) && !good[v as usize])
                    .count() as u32;
                if bad[u as usize] == 0 {
                    queue.push(u);
                }
            }
            // A vertex labelled `level` makes each predecessor reach it: that one cannot
            // take `level`, and moves to it are answered.
            let reached = |u: u32,
                           label: &[u32],
                           good: &mut [bool],
                           bad: &mut [u32],
                           touched: &mut Vec<u32>,
                           queue: &mut Vec<u32>| {
                for &p in self.preds(u) {
                    let pi = p as usize;
                    if good[pi] {
                        continue;
                    }
                    good[pi] = true;
                    touched.push(p);
                    if open(label[pi]) {
                        for &q in self.preds(p) {
                            let qi = q as usize;
                            if label[qi] == UNLABELED {
                                bad[qi] -= 1;
                                if bad[qi] == 0 && !good[qi] {
                                    queue.push(q);
                                }
                            }
                        }
                    }
                }
            };
            for &w in by_level.get(level as usize).map_or(&[][..], Vec::as_slice) {
                counter[w as usize] = next_count;
                next_count += 1;
                reached(w, &label, &mut good, &mut bad, &mut touched, &mut queue);
            }
            while let Some(u) = queue.pop() {
                let ui = u as usize;
                if label[ui] != UNLABELED || good[ui] || bad[ui] != 0 {
                    continue;
                }
                label[ui] = level;
                counter[ui] = next_count;
                next_count += 1;
                for &p in self.preds(u) {
                    let pi = p as usize;
                    // u is no longer open: one bad move fewer for p.
                    if label[pi] == UNLABELED {
                        bad[pi] -= 1;
                        if bad[pi] == 0 && !good[pi] {
                            queue.push(p);
                        }
                    }
                }
                reached(u, &label, &mut good, &mut bad, &mut touched, &mut queue);
            }
            // Those with no move to `level` can take no larger value.
            for &u in &unlabeled {
                if label[u as usize] == UNLABELED && !good[u as usize] {
                    label[u as usize] = INFINITE;
                }
            }
            unlabeled.retain(|&u| label[u as usize] == UNLABELED);
            level += 1;
        }
        // Vertices of the first pass above the last level: counted in order of value.
        for vertices in by_level.iter().skip(level as usize) {
            for &w in vertices {
                counter[w as usize] = next_count;
                next_count += 1;
            }
        }
        (label, counter)
    }
}

/// A position's generalised Sprague–Grundy value, written `3`, `∞(0,2)`, or `∞` when no
/// option is finite.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Value {
    /// A nimber.
    Finite(u64),
    /// `∞(K)`: `K` the finite values among the options, sorted.
    Infinite(Vec<u64>),
}

impl Value {
    /// The outcome of a position of this value.
    pub fn outcome(&self) -> Outcome {
        match self {
            Value::Finite(0) => Outcome::Second,
            Value::Finite(_) => Outcome::First,
            Value::Infinite(k) if k.contains(&0) => Outcome::First,
            Value::Infinite(_) => Outcome::Draw,
        }
    }

    /// The nimber, when the value is finite.
    pub fn nimber(&self) -> Option<crate::Nimber> {
        match self {
            Value::Finite(v) => Some(crate::Nimber(*v)),
            Value::Infinite(_) => None,
        }
    }

    /// The value of a sum (Smith's rules).
    pub fn sum<'a>(parts: impl IntoIterator<Item = &'a Value>) -> Value {
        let mut xor = 0u64;
        let mut infinite: Vec<&Vec<u64>> = Vec::new();
        for p in parts {
            match p {
                Value::Finite(v) => xor ^= v,
                Value::Infinite(k) => infinite.push(k),
            }
        }
        match infinite.as_slice() {
            [] => Value::Finite(xor),
            [k] => {
                let mut shifted: Vec<u64> = k.iter().map(|v| v ^ xor).collect();
                shifted.sort_unstable();
                Value::Infinite(shifted)
            }
            _ => Value::Infinite(Vec::new()),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Finite(v) => write!(f, "{v}"),
            // ∞ with no finite option: nowhere to go but round a cycle.
            Value::Infinite(k) if k.is_empty() => f.write_str("∞"),
            Value::Infinite(k) => {
                let parts: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞({})", parts.join(","))
            }
        }
    }
}

/// Who wins a position with perfect play, or that neither can force a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player to move wins.
    First,
    /// The player to move loses.
    Second,
    /// Play goes on for ever with best play.
    Draw,
}

impl Outcome {
    /// The player reports name where a draw is possible: in a draw, the first, who can at
    /// least keep it.
    pub fn player(self) -> crate::Player {
        match self {
            Outcome::Second => crate::Player::Second,
            Outcome::First | Outcome::Draw => crate::Player::First,
        }
    }

    /// `first`, `second` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::First => "first",
            Outcome::Second => "second",
            Outcome::Draw => "draw",
        }
    }
}

/// A sum of values, ready to have one part replaced: the XOR of the finite parts and where
/// the infinite ones stand, so each replacement costs the size of one value (Smith's
/// rules, as [`Value::sum`]).
pub struct SumOf {
    parts: Vec<Value>,
    xor: u64,
    /// How many parts are infinite, and the first two of them.
    infinite: usize,
    first: [Option<usize>; 2],
}

impl SumOf {
    /// The sum of `parts`.
    pub fn new(parts: Vec<Value>) -> SumOf {
        let (mut xor, mut infinite, mut first) = (0, 0, [None, None]);
        for (i, p) in parts.iter().enumerate() {
            match p {
                Value::Finite(v) => xor ^= v,
                Value::Infinite(_) => {
                    if infinite < 2 {
                        first[infinite] = Some(i);
                    }
                    infinite += 1;
                }
            }
        }
        SumOf {
            parts,
            xor,
            infinite,
            first,
        }
    }

    /// The value of the sum with part `i` replaced by `v`.
    pub fn replaced(&self, i: usize, v: &Value) -> Value {
        let moved = self.parts[i].nimber().map(|n| n.0);
        let xor = self.xor ^ moved.unwrap_or(0);
        let infinite = self.infinite - usize::from(moved.is_none());
        match (v, infinite) {
            (Value::Finite(f), 0) => Value::Finite(xor ^ f),
            (Value::Finite(f), 1) => {
                // The one infinite part left besides the one replaced.
                let j = self
                    .first
                    .iter()
                    .flatten()
                    .copied()
                    .find(|&j| j != i)
                    .expect("an infinite part besides the one replaced");
                Value::sum(&[self.parts[j].clone(), Value::Finite(xor ^ f)])
            }
            (Value::Infinite(_), 0) => Value::sum(&[v.clone(), Value::Finite(xor)]),
            _ => Value::Infinite(Vec::new()),
        }
    }
}

/// The values of every vertex of a graph.
#[derive(Clone, Debug)]
pub struct Values {
    /// Finite value, or `u32::MAX` for ∞.
    label: Vec<u32>,
    /// The order in which finite values were given (`u32::MAX` for ∞).
    counter: Vec<u32>,
    graph: Digraph,
    /// When the graph holds only some moves: where each `∞` vertex's finite option values
    /// start in the second vector, and those values.
    options: Option<(Vec<usize>, Vec<u64>)>,
}

impl Values {
    /// The value of vertex `v`.
    pub fn value(&self, v: u32) -> Value {
        match self.label[v as usize] {
            u32::MAX if self.options.is_some() => {
                let (at, k) = self.options.as_ref().expect("options");
                Value::Infinite(k[at[v as usize]..at[v as usize + 1]].to_vec())
            }
            u32::MAX => {
                let mut k: Vec<u64> = self
                    .graph
                    .moves(v)
                    .iter()
                    .filter_map(|&w| self.finite(w))
                    .collect();
                k.sort_unstable();
                k.dedup();
                Value::Infinite(k)
            }
            m => Value::Finite(u64::from(m)),
        }
    }

    /// The finite value of `v`, if it has one.
    pub fn finite(&self, v: u32) -> Option<u64> {
        match self.label[v as usize] {
            u32::MAX => None,
            m => Some(u64::from(m)),
        }
    }

    /// The counter of a finite value: answers to a move onto an infinite position go to a
    /// position of smaller counter, so they cannot go on for ever. `None` for `∞`, and for
    /// values made by [`Values::from_labels`], which keep no counters.
    pub fn counter(&self, v: u32) -> Option<u32> {
        self.finite(v).and(self.counter.get(v as usize).copied())
    }

    /// The values of `graph` from each vertex's label (its finite value, or `u32::MAX` for
    /// `∞`), as [`crate::solve::distributed::graph::labels`] gives them; `None` when there is
    /// not one label a vertex.
    pub fn from_labels(graph: Digraph, label: Vec<u32>) -> Option<Values> {
        (label.len() == graph.len()).then_some(Values {
            label,
            counter: Vec::new(),
            graph,
            options: None,
        })
    }

    /// The values of a graph of which only some moves are at hand, such as those of a sum's
    /// tokens (the rest stored elsewhere): `graph` holds those moves, `label` gives each
    /// vertex's label, and `options[options_at[v]..options_at[v + 1]]` the finite values of
    /// the options of each `∞` vertex `v`, in increasing order, so that no value needs moves
    /// that are not there (as [`crate::solve::distributed::graph::labels`] gives them).
    /// `None` when they are not for a graph of `graph.len()` vertices.
    pub fn from_labels_and_options(
        graph: Digraph,
        label: Vec<u32>,
        options_at: Vec<usize>,
        options: Vec<u64>,
    ) -> Option<Values> {
        let n = graph.len();
        let fits = label.len() == n
            && options_at.len() == n + 1
            && options_at.last() == Some(&options.len());
        fits.then_some(Values {
            label,
            counter: Vec::new(),
            graph,
            options: Some((options_at, options)),
        })
    }

    /// The value of the sum of tokens on `tokens`.
    pub fn sum_value(&self, tokens: &[u32]) -> Value {
        let values: Vec<Value> = tokens.iter().map(|&t| self.value(t)).collect();
        Value::sum(&values)
    }

    /// The outcome of the sum of tokens on `tokens`.
    pub fn outcome(&self, tokens: &[u32]) -> Outcome {
        self.sum_value(tokens).outcome()
    }

    /// Every move of the sum (token index, from, to) with the outcome it leaves for the
    /// opponent.
    pub fn moves(&self, tokens: &[u32]) -> Vec<(usize, u32, u32, Outcome)> {
        self.valued_moves(tokens)
            .into_iter()
            .map(|(i, from, to, value)| (i, from, to, value.outcome()))
            .collect()
    }

    /// Every move of the sum (token index, from, to) with the value of the sum it leaves.
    /// The sum of the other tokens is kept once (their XOR and their infinite ones), so a
    /// move costs the size of one value, however many tokens there are.
    pub fn valued_moves(&self, tokens: &[u32]) -> Vec<(usize, u32, u32, Value)> {
        let rest = SumOf::new(tokens.iter().map(|&t| self.value(t)).collect());
        let mut out = Vec::new();
        for (i, &t) in tokens.iter().enumerate() {
            for &w in self.graph.moves(t) {
                out.push((i, t, w, rest.replaced(i, &self.value(w))));
            }
        }
        out
    }

    /// The graph.
    pub fn graph(&self) -> &Digraph {
        &self.graph
    }
}

/// Win, loss or draw read off a game's positions and moves with no theory, for tests: a
/// position with no move is lost; one with a move to a lost one is won; one whose every
/// move leads to a won one is lost; what is left when nothing changes is drawn.
#[cfg(test)]
pub(crate) fn outcomes<P: Clone + Eq + std::hash::Hash>(
    positions: Vec<P>,
    moves: impl Fn(&P) -> Vec<P>,
) -> std::collections::HashMap<P, Outcome> {
    let mut result: std::collections::HashMap<P, Outcome> = Default::default();
    loop {
        let mut changed = false;
        for p in &positions {
            if result.contains_key(p) {
                continue;
            }
            let m = moves(p);
            if m.iter().any(|q| result.get(q) == Some(&Outcome::Second)) {
                result.insert(p.clone(), Outcome::First);
                changed = true;
            } else if m.iter().all(|q| result.get(q) == Some(&Outcome::First)) {
                result.insert(p.clone(), Outcome::Second);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for p in positions {
        result.entry(p).or_insert(Outcome::Draw);
    }
    result
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Win, loss or draw of every position of a sum of tokens by retrograde analysis, with
    /// no Sprague–Grundy theory: a position with no move is lost; a position with a move to
    /// a lost one is won; a position whose every move leads to a won one is lost; what is
    /// left is drawn.
    fn retrograde(g: &Digraph, tokens: usize) -> std::collections::HashMap<Vec<u32>, Outcome> {
        let n = g.len() as u32;
        let mut positions: Vec<Vec<u32>> = vec![vec![]];
        for _ in 0..tokens {
            positions = positions
                .into_iter()
                .flat_map(|p| {
                    (0..n).map(move |v| {
                        let mut q = p.clone();
                        q.push(v);
                        q
                    })
                })
                .collect();
        }
        let moves = |p: &Vec<u32>| -> Vec<Vec<u32>> {
            let mut out = Vec::new();
            for i in 0..p.len() {
                for &w in g.moves(p[i]) {
                    let mut q = p.clone();
                    q[i] = w;
                    out.push(q);
                }
            }
            out
        };
        outcomes(positions, moves)
    }

    /// A random digraph on up to `most` vertices, with up to three moves a vertex.
    fn digraph(most: usize) -> impl Strategy<Value = Digraph> {
        (1usize..=most).prop_flat_map(|n| {
            prop::collection::vec((0..n as u32, 0..n as u32), 0..(3 * n))
                .prop_map(move |edges| Digraph::new(n, &edges).unwrap())
        })
    }

    /// A digraph and a number of tokens: one token on up to 40 vertices, two on up to 14,
    /// three on up to 8 (the retrograde analysis holds every placement of the tokens).
    fn game() -> impl Strategy<Value = (Digraph, usize)> {
        (1usize..4).prop_flat_map(|tokens| {
            let most = [40, 14, 8][tokens - 1];
            (digraph(most), Just(tokens))
        })
    }

    /// A random digraph on up to `most` vertices, most of its moves going down (so that
    /// much of it reaches no cycle), a few going up.
    fn mostly_down(most: usize) -> impl Strategy<Value = Digraph> {
        (2usize..=most).prop_flat_map(|n| {
            let down = prop::collection::vec((1..n as u32, 0..n as u32), 0..(4 * n))
                .prop_map(|es| es.into_iter().map(|(u, v)| (u, v % u)).collect::<Vec<_>>());
            let up = prop::collection::vec((0..n as u32, 0..n as u32), 0..3);
            (down, up).prop_map(move |(mut edges, up)| {
                edges.extend(up);
                Digraph::new(n, &edges).unwrap()
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Valuing first the vertices that reach no cycle changes no label, and the
        /// counters still bound every answer: a finite vertex's move to an infinite one is
        /// answered by a move back to its value, at a smaller counter.
        #[test]
        fn the_first_pass_changes_no_value(g in prop_oneof![digraph(30), mostly_down(40)]) {
            let (peeled, counter) = g.labels(true);
            let (levels, _) = g.labels(false);
            prop_assert_eq!(&peeled, &levels, "{:?}", g);
            for u in 0..g.len() as u32 {
                let l = peeled[u as usize];
                if l == u32::MAX {
                    continue;
                }
                for &v in g.moves(u) {
                    if peeled[v as usize] == u32::MAX {
                        let answered = g.moves(v).iter().any(|&w| {
                            peeled[w as usize] == l && counter[w as usize] < counter[u as usize]
                        });
                        prop_assert!(answered, "{} → {} on {:?}", u, v, g);
                    }
                }
            }
        }

        /// The rules of tokens on a graph as a plain game (`games::tokens::TokenGraph`):
        /// where the memo solver finds a value, the labelling gives it the same finite
        /// value; where it meets a cycle, the vertex reaches one.
        #[test]
        fn the_plain_game_of_a_token_has_the_labels_finite_values(
            g in prop_oneof![digraph(20), mostly_down(30)],
        ) {
            use crate::games::tokens::{Token, TokenGraph};
            let values = g.values();
            let graph = std::sync::Arc::new(g.clone());
            let mut solver = crate::Solver::new(TokenGraph);
            let acyclic = g.acyclic_part();
            for v in 0..g.len() as u32 {
                let token = Token { graph: std::sync::Arc::clone(&graph), at: v };
                match solver.grundy(&token) {
                    Ok(n) => prop_assert_eq!(values.value(v), Value::Finite(n.0)),
                    Err(_) => prop_assert!(acyclic[v as usize].is_none(), "{} on {:?}", v, g),
                }
            }
        }

        /// Sums of one to three tokens: Smith's rules agree with the retrograde analysis.
        #[test]
        fn sums_of_tokens_agree_with_retrograde_analysis((g, tokens) in game()) {
            let values = g.values();
            let truth = retrograde(&g, tokens);
            for (p, outcome) in &truth {
                prop_assert_eq!(values.outcome(p), *outcome, "{:?} on {:?}", p, g);
                // Every move the values call winning leaves a position the opponent loses
                // outright (not one they could draw), and every position left that the
                // opponent loses is called winning.
                // Each move's value, kept incrementally, is the value of the sum it leaves.
                for (i, _, to, value) in values.valued_moves(p) {
                    let mut q = p.clone();
                    q[i] = to;
                    prop_assert_eq!(value, values.sum_value(&q));
                }
                for (i, _, to, left) in values.moves(p) {
                    let mut q = p.clone();
                    q[i] = to;
                    prop_assert_eq!(left, truth[&q], "{:?} → {:?} on {:?}", p, q, g);
                }
            }
        }
    }

    #[test]
    fn a_graph_with_no_cycle_gets_its_ordinary_values() {
        // A random DAG (edges from larger to smaller vertices): the mex rule.
        let mut edges = Vec::new();
        let mut x = 12345u64;
        for u in 1..200u32 {
            for _ in 0..4 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                edges.push((u, (x >> 33) as u32 % u));
            }
        }
        let g = Digraph::new(200, &edges).unwrap();
        let values = g.values();
        let mut mex = vec![0u64; 200];
        for u in 0..200u32 {
            let seen: std::collections::HashSet<u64> =
                g.moves(u).iter().map(|&v| mex[v as usize]).collect();
            mex[u as usize] = (0..).find(|m| !seen.contains(m)).unwrap();
            assert_eq!(
                values.value(u),
                Value::Finite(mex[u as usize]),
                "vertex {u}"
            );
        }
    }

    /// T. S. Ferguson, *Game Theory*, Part I (Impartial Combinatorial Games), §3.4 and its
    /// Figure 3.4: a → b → c → a, c → d → e. e is terminal (0), d is worth 1, and a, b, c
    /// are tied: from c the move to d loses, so play goes round the cycle for ever.
    #[test]
    fn fergusons_cyclic_graph() {
        let (a, b, c, d, e) = (0, 1, 2, 3, 4);
        let g = Digraph::new(5, &[(a, b), (b, c), (c, a), (c, d), (d, e)]).unwrap();
        let v = g.values();
        assert_eq!(v.value(e), Value::Finite(0));
        assert_eq!(v.value(d), Value::Finite(1));
        for x in [a, b, c] {
            assert_eq!(v.outcome(&[x]), Outcome::Draw, "vertex {x}");
        }
        // c's one finite option is d: ∞(1).
        assert_eq!(v.value(c), Value::Infinite(vec![1]));
    }

    #[test]
    fn a_lone_cycle_is_a_draw_and_an_exit_wins() {
        // 0 ⇄ 1: neither can win.
        let g = Digraph::new(2, &[(0, 1), (1, 0)]).unwrap();
        let v = g.values();
        assert_eq!(v.value(0), Value::Infinite(vec![]));
        assert_eq!(v.outcome(&[0]), Outcome::Draw);
        // 0 ⇄ 1 and 0 → 2 (a dead end): 0 wins by moving to 2; 1 must move to 0 and loses.
        let g = Digraph::new(3, &[(0, 1), (1, 0), (0, 2)]).unwrap();
        let v = g.values();
        assert_eq!(v.outcome(&[0]), Outcome::First);
        assert_eq!(v.outcome(&[1]), Outcome::Second);
        assert_eq!(format!("{}", Value::Infinite(vec![0, 2])), "∞(0,2)");
        assert_eq!(format!("{}", Value::Infinite(vec![])), "∞");
    }
}
