//! The generalised Sprague–Grundy function of any finite [`Game`], cycles allowed.
//!
//! The memo solver of [`crate::solve::memo`] refuses a game whose positions repeat. This
//! engine answers it: it lists every position reachable from the ones asked about, builds
//! the graph of the game, and labels it with [`Digraph::values`] (Smith 1966; Fraenkel and
//! Yesha 1986). A move that splits a position into a sum is a move to that sum: the sum is a
//! vertex of the graph of its own (a multiset of components), and its options are the moves
//! in each component. That is the game's graph as the rules define it, with no theory of
//! sums in it, so a cycle that passes through a split is handled as any other. Components
//! with no move are dropped from a sum (they add nothing), and a component whose value the
//! game knows by a formula ([`Game::known_value`]) stands as a nim heap of that size.
//!
//! The positions asked about are played side by side by Smith's rules for sums
//! ([`Value::sum`]), so a sum of many loopy positions costs no product of their graphs. A
//! game with no cycle gets exactly the values of the memo solver (the tests check it on
//! Kayles, Cram and Chomp); the memo solver stays the faster road for those.
//!
//! Time and memory are linear in the graph's positions and moves, times the number of
//! labelling rounds (at most one more than the largest number of moves from a position).
//!
//! ```
//! use grundy::game::{self, Components, Game};
//! use grundy::solve::loopy::{Outcome, Value, game::analyze_sum};
//!
//! /// A token on 0..=4: from n move to n - 1, and from 3 also up to 4, so 3 ⇄ 4 is a cycle.
//! struct Ladder;
//! impl Game for Ladder {
//!     type Position = u32;
//!     fn options(&self, n: &u32, out: &mut Vec<Components<u32>>) {
//!         if *n > 0 {
//!             out.push(game::to(n - 1));
//!         }
//!         if *n == 3 {
//!             out.push(game::to(4));
//!         }
//!     }
//! }
//!
//! // 4's one move, to 3, is answered by 3 → 2 (worth 0): 4 is worth 0, and 3 is worth 1.
//! let a = analyze_sum(&Ladder, &[3, 4], usize::MAX).unwrap();
//! assert_eq!(a.values, [Value::Finite(1), Value::Finite(0)]);
//! assert_eq!(a.outcome, Outcome::First);
//! // Three moves leave 0: 3 → 2 and 3 → 4 in the first position, 4 → 3 in the second.
//! assert_eq!(a.winning_moves().count(), 3);
//! ```

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::{Digraph, Outcome, SumOf, Value, Values};
use crate::game::{Components, Game};
use crate::progress::{NoProgress, Progress};
use crate::solve::memo::SolveError;

/// A component as the engine holds it: a position of the game (canonical), or a nim heap
/// standing for a position whose value the game knows.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Part<P> {
    Position(P),
    Heap(u64),
}

/// A sum of components, as sorted ids of the components that have a move.
type Whole = SmallVec<[u32; 4]>;

/// The game's graph, listed from some roots.
struct Graph<'g, G: Game> {
    game: &'g G,
    limit: usize,
    /// Hears of the positions listed against `limit`.
    progress: &'g mut dyn Progress,
    ids: FxHashMap<Part<G::Position>, u32>,
    parts: Vec<Part<G::Position>>,
    /// Each component's options as wholes (`None`: not listed yet).
    options: Vec<Option<Vec<Whole>>>,
    wholes: FxHashMap<Whole, u32>,
    whole_list: Vec<Whole>,
    edges: Vec<(u32, u32)>,
}

impl<'g, G: Game> Graph<'g, G> {
    fn new(game: &'g G, limit: usize, progress: &'g mut dyn Progress) -> Self {
        progress.start(limit as u64);
        Graph {
            game,
            limit,
            progress,
            ids: FxHashMap::default(),
            parts: Vec::new(),
            options: Vec::new(),
            wholes: FxHashMap::default(),
            whole_list: Vec::new(),
            edges: Vec::new(),
        }
    }

    fn check_size(&mut self) -> Result<(), SolveError> {
        let held = self.parts.len() + self.whole_list.len();
        if held > self.limit {
            return Err(SolveError::TooManyPositions { limit: self.limit });
        }
        if held.is_multiple_of(4096) {
            self.progress.advance(held as u64);
        }
        Ok(())
    }

    /// The id of the component `p` stands for (canonical, or a heap of its known value).
    fn part(&mut self, p: &G::Position) -> Result<u32, SolveError> {
        let part = match self.game.known_value(p) {
            Some(v) => Part::Heap(v.0),
            None => Part::Position(self.game.canonical(p)),
        };
        if let Some(&id) = self.ids.get(&part) {
            return Ok(id);
        }
        let id = self.parts.len() as u32;
        self.ids.insert(part.clone(), id);
        self.parts.push(part);
        self.options.push(None);
        self.check_size()?;
        Ok(id)
    }

    /// Lists the options of every component reachable from `roots`, depth first with an
    /// explicit stack.
    fn list_components(&mut self, roots: &[u32]) -> Result<(), SolveError> {
        let mut pending: Vec<u32> = roots.to_vec();
        let mut listed = Vec::new();
        while let Some(id) = pending.pop() {
            if self.options[id as usize].is_some() {
                continue;
            }
            crate::stop::check();
            let mut out: Vec<Whole> = Vec::new();
            match self.parts[id as usize].clone() {
                Part::Heap(v) => {
                    for w in 0..v {
                        let part = Part::Heap(w);
                        let wid = match self.ids.get(&part) {
                            Some(&i) => i,
                            None => {
                                let i = self.parts.len() as u32;
                                self.ids.insert(part.clone(), i);
                                self.parts.push(part);
                                self.options.push(None);
                                i
                            }
                        };
                        pending.push(wid);
                        out.push(SmallVec::from_slice(&[wid]));
                    }
                    self.check_size()?;
                }
                Part::Position(p) => {
                    listed.clear();
                    self.game.options(&p, &mut listed);
                    if let Some(fault) = self.game.fault() {
                        return Err(SolveError::Rules(fault));
                    }
                    for comps in &listed {
                        let mut whole = Whole::new();
                        for c in comps {
                            let cid = self.part(c)?;
                            pending.push(cid);
                            whole.push(cid);
                        }
                        out.push(whole);
                    }
                }
            }
            self.options[id as usize] = Some(out);
        }
        Ok(())
    }

    /// Whether component `id` has a move (listed first).
    fn live(&self, id: u32) -> bool {
        self.options[id as usize]
            .as_ref()
            .is_some_and(|o| !o.is_empty())
    }

    /// `w` without its dead components, sorted.
    fn normal(&self, w: &[u32]) -> Whole {
        let mut n: Whole = w.iter().copied().filter(|&c| self.live(c)).collect();
        n.sort_unstable();
        n
    }

    fn whole(&mut self, w: Whole, pending: &mut Vec<u32>) -> Result<u32, SolveError> {
        if let Some(&id) = self.wholes.get(&w) {
            return Ok(id);
        }
        let id = self.whole_list.len() as u32;
        self.wholes.insert(w.clone(), id);
        self.whole_list.push(w);
        pending.push(id);
        self.check_size()?;
        Ok(id)
    }

    /// Lists every sum reachable from the given ones and the moves between them.
    fn list_wholes(&mut self, roots: Vec<Whole>) -> Result<Vec<u32>, SolveError> {
        let mut pending = Vec::new();
        let mut ids = Vec::with_capacity(roots.len());
        for r in roots {
            let r = self.normal(&r);
            ids.push(self.whole(r, &mut pending)?);
        }
        while let Some(wid) = pending.pop() {
            crate::stop::check();
            let w = self.whole_list[wid as usize].clone();
            for (i, &c) in w.iter().enumerate() {
                if i > 0 && w[i - 1] == c {
                    continue;
                }
                let options = self.options[c as usize].clone().unwrap_or_default();
                for o in options {
                    let mut next: Whole = Whole::new();
                    next.extend_from_slice(&w[..i]);
                    next.extend_from_slice(&w[i + 1..]);
                    next.extend(o);
                    let next = self.normal(&next);
                    let to = self.whole(next, &mut pending)?;
                    self.edges.push((wid, to));
                    if self.edges.len() > self.limit.saturating_mul(8) {
                        return Err(SolveError::TooManyPositions { limit: self.limit });
                    }
                }
            }
        }
        Ok(ids)
    }
}

/// One move of a sum of positions: component `component` (from 0) is replaced by
/// `leaves`, and the sum it leaves is worth `value` (Smith's rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyMove<P> {
    /// Index of the position moved in.
    pub component: usize,
    /// What the move leaves in its place, as the game listed it.
    pub leaves: Components<P>,
    /// The value of what the move leaves in that place.
    pub leaves_value: Value,
    /// The value of the whole sum after the move.
    pub value_after: Value,
}

impl<P> LoopyMove<P> {
    /// The outcome of the sum after the move, for the player who then moves: `Second`
    /// means the move wins outright.
    pub fn outcome_after(&self) -> Outcome {
        self.value_after.outcome()
    }
}

/// A sum of positions of a game that may be loopy, explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopySum<P> {
    /// Each position's value.
    pub values: Vec<Value>,
    /// The value of their sum (Smith's rules).
    pub value: Value,
    /// Who wins the sum with perfect play, or a draw.
    pub outcome: Outcome,
    /// Every move of the sum with the value it leaves.
    pub moves: Vec<LoopyMove<P>>,
    /// Positions of the game's graph (sums counted once each).
    pub graph_positions: usize,
    /// Moves of the game's graph.
    pub graph_moves: usize,
}

impl<P> LoopySum<P> {
    /// Moves that leave a position the opponent loses: they win, and the opponent can
    /// neither win nor steer into a draw afterwards.
    pub fn winning_moves(&self) -> impl Iterator<Item = &LoopyMove<P>> {
        self.moves
            .iter()
            .filter(|m| m.outcome_after() == Outcome::Second)
    }

    /// In a drawn sum, the moves that keep the draw (the others lose); empty otherwise.
    pub fn drawing_moves(&self) -> impl Iterator<Item = &LoopyMove<P>> {
        let drawn = self.outcome == Outcome::Draw;
        self.moves
            .iter()
            .filter(move |m| drawn && m.outcome_after() == Outcome::Draw)
    }
}

/// How the listed graph is labelled: [`Digraph::values`] in this process, or over ranks
/// ([`crate::solve::distributed::graph::Lead`]).
pub type Labeller<'a> = &'a mut dyn FnMut(Digraph) -> Values;

/// The graph of `game` reachable from `roots` and its values by `label`; `roots`' ids in it.
fn solve<G: Game>(
    roots: &[Whole],
    graph: &mut Graph<'_, G>,
    label: Labeller<'_>,
) -> Result<(Values, Vec<u32>), SolveError> {
    let mut all: Vec<u32> = roots.iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    graph.list_components(&all)?;
    let ids = graph.list_wholes(roots.to_vec())?;
    graph.progress.status("labelling the game's graph");
    let digraph = Digraph::new(graph.whole_list.len(), &graph.edges)
        .map_err(|_| SolveError::TooManyPositions { limit: graph.limit })?;
    let values = label(digraph);
    graph.progress.finish();
    Ok((values, ids))
}

/// The generalised value of each position of `positions`, each on its own, holding at
/// most `limit` positions of the game's graph.
pub fn values<G: Game>(
    game: &G,
    positions: &[G::Position],
    limit: usize,
) -> Result<Vec<Value>, SolveError> {
    values_with(game, positions, limit, &mut NoProgress)
}

/// [`values`], telling `progress` of the positions listed (against `limit`).
pub fn values_with<G: Game>(
    game: &G,
    positions: &[G::Position],
    limit: usize,
    progress: &mut dyn Progress,
) -> Result<Vec<Value>, SolveError> {
    let mut graph = Graph::new(game, limit, progress);
    let roots = positions
        .iter()
        .map(|p| graph.part(p).map(|id| SmallVec::from_slice(&[id])))
        .collect::<Result<Vec<Whole>, _>>()?;
    let (values, ids) = solve(&roots, &mut graph, &mut |d| d.values())?;
    Ok(ids.iter().map(|&i| values.value(i)).collect())
}

/// `positions` played side by side: each one's value, the sum's value and outcome by
/// Smith's rules, and every move with the value it leaves; at most `limit` positions of
/// the game's graph are held.
pub fn analyze_sum<G: Game>(
    game: &G,
    positions: &[G::Position],
    limit: usize,
) -> Result<LoopySum<G::Position>, SolveError> {
    analyze_sum_with(game, positions, limit, &mut NoProgress)
}

/// [`analyze_sum`], telling `progress` of the positions listed (against `limit`).
pub fn analyze_sum_with<G: Game>(
    game: &G,
    positions: &[G::Position],
    limit: usize,
    progress: &mut dyn Progress,
) -> Result<LoopySum<G::Position>, SolveError> {
    analyze_sum_by(game, positions, limit, progress, &mut |d| d.values())
}

/// [`analyze_sum_with`], the graph labelled by `label` (over ranks, say).
pub fn analyze_sum_by<G: Game>(
    game: &G,
    positions: &[G::Position],
    limit: usize,
    progress: &mut dyn Progress,
    label: Labeller<'_>,
) -> Result<LoopySum<G::Position>, SolveError> {
    let mut graph = Graph::new(game, limit, progress);
    // Each position's options as the game lists them, to report moves in its own words.
    let mut listed: Vec<Vec<Components<G::Position>>> = Vec::with_capacity(positions.len());
    let mut roots: Vec<Whole> = Vec::new();
    for p in positions {
        let id = graph.part(p)?;
        roots.push(SmallVec::from_slice(&[id]));
        let mut options = Vec::new();
        game.options(p, &mut options);
        if let Some(fault) = game.fault() {
            return Err(SolveError::Rules(fault));
        }
        for o in &options {
            let mut whole = Whole::new();
            for c in o {
                whole.push(graph.part(c)?);
            }
            roots.push(whole);
        }
        listed.push(options);
    }
    let (labels, ids) = solve(&roots, &mut graph, label)?;
    let mut ids = ids.into_iter();
    let mut values = Vec::with_capacity(positions.len());
    let mut option_values: Vec<Vec<Value>> = Vec::with_capacity(positions.len());
    for options in &listed {
        values.push(labels.value(ids.next().expect("one id per root")));
        option_values.push(
            options
                .iter()
                .map(|_| labels.value(ids.next().expect("one id per root")))
                .collect(),
        );
    }
    let value = Value::sum(&values);
    let mut moves = Vec::new();
    let sum = SumOf::new(values.clone());
    for (i, options) in listed.into_iter().enumerate() {
        for (leaves, leaves_value) in options.into_iter().zip(option_values[i].drain(..)) {
            let value_after = sum.replaced(i, &leaves_value);
            moves.push(LoopyMove {
                component: i,
                leaves,
                leaves_value,
                value_after,
            });
        }
    }
    Ok(LoopySum {
        outcome: value.outcome(),
        value,
        values,
        moves,
        graph_positions: graph.whole_list.len(),
        graph_moves: graph.edges.len(),
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;
    use crate::game;
    use crate::solve::test_games::Table;

    /// A random game on positions `0..n`. Positions come in blocks of three; a single move may go
    /// anywhere in the same block or a lower one (so blocks hold cycles), a split only to
    /// lower blocks (so every sum reached is finite).
    fn table() -> impl Strategy<Value = Table> {
        (1usize..10).prop_flat_map(|n| {
            let option = move |u: usize| {
                let block = u / 3;
                let single = (0..(3 * block + 3).min(n) as u32).prop_map(|v| vec![v]);
                if block == 0 {
                    single.boxed()
                } else {
                    let low = 3 * block as u32;
                    prop_oneof![
                        3 => single,
                        1 => prop::collection::vec(0..low, 2..=3),
                        1 => Just(vec![]),
                    ]
                    .boxed()
                }
            };
            (0..n)
                .map(|u| prop::collection::vec(option(u), 0..4))
                .collect::<Vec<_>>()
                .prop_map(|moves| Table { moves })
        })
    }

    /// Win, loss or draw of every sum of positions reachable from `start`, read off the
    /// rules with no theory: components kept as they are (none dropped, none merged), a sum
    /// with no move is lost, one with a move to a lost sum is won, one whose every move
    /// leads to a won sum is lost, and the rest are drawn.
    fn retrograde(t: &Table, start: Vec<u32>) -> HashMap<Vec<u32>, Outcome> {
        let moves = |w: &Vec<u32>| -> Vec<Vec<u32>> {
            let mut out = Vec::new();
            for i in 0..w.len() {
                for o in &t.moves[w[i] as usize] {
                    let mut next: Vec<u32> = w[..i].iter().chain(&w[i + 1..]).copied().collect();
                    next.extend(o);
                    next.sort_unstable();
                    out.push(next);
                }
            }
            out
        };
        let mut start = start;
        start.sort_unstable();
        let mut seen = vec![start.clone()];
        let mut index: HashMap<Vec<u32>, usize> = HashMap::from([(start, 0)]);
        let mut i = 0;
        while i < seen.len() {
            for next in moves(&seen[i].clone()) {
                if !index.contains_key(&next) {
                    index.insert(next.clone(), seen.len());
                    seen.push(next);
                }
            }
            i += 1;
        }
        super::super::outcomes(seen, moves)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Sums of one to three positions of random loopy games with splits: the outcome
        /// of the sum and of every move agree with the retrograde analysis of the rules.
        #[test]
        fn loopy_games_with_splits_agree_with_retrograde_analysis(
            t in table(),
            picks in prop::collection::vec(0u32..100, 1..4),
        ) {
            let n = t.moves.len() as u32;
            let start: Vec<u32> = picks.iter().map(|p| p % n).collect();
            let truth = retrograde(&t, start.clone());
            let a = analyze_sum(&t, &start, usize::MAX).unwrap();
            let mut sorted = start.clone();
            sorted.sort_unstable();
            prop_assert_eq!(a.outcome, truth[&sorted], "{:?} of {:?}", start, t);
            for m in &a.moves {
                let mut after: Vec<u32> = start.clone();
                after.remove(m.component);
                after.extend(m.leaves.iter().copied());
                after.sort_unstable();
                prop_assert_eq!(m.outcome_after(), truth[&after], "{:?} → {:?} of {:?}", start, after, t);
            }
            // Every winning move wins outright; in a draw, the drawing moves are exactly
            // those the rules say keep it.
            prop_assert_eq!(a.winning_moves().count() > 0, a.outcome == Outcome::First);
            if a.outcome == Outcome::Draw {
                prop_assert!(a.drawing_moves().count() > 0);
            }
        }
    }

    #[test]
    fn acyclic_games_get_the_memo_solvers_values() {
        use crate::Solver;
        use crate::games::TakeBreak;
        let kayles: TakeBreak = "0.77".parse().unwrap();
        let heaps: Vec<u64> = (0..40).collect();
        let loopy = values(&kayles, &heaps, usize::MAX).unwrap();
        let mut memo = Solver::new(kayles.clone());
        for (&n, v) in heaps.iter().zip(&loopy) {
            assert_eq!(*v, Value::Finite(memo.grundy(&n).unwrap().0), "Kayles {n}");
        }
        // Dawson's Kayles and three more octal games.
        for code in ["0.07", "0.137", "0.6", "4.7"] {
            let g: TakeBreak = code.parse().unwrap();
            let loopy = values(&g, &heaps, usize::MAX).unwrap();
            let mut memo = Solver::new(g.clone());
            for (&n, v) in heaps.iter().zip(&loopy) {
                assert_eq!(*v, Value::Finite(memo.grundy(&n).unwrap().0), "{code} {n}");
            }
        }
    }

    #[test]
    fn acyclic_boards_get_the_memo_solvers_values() {
        use crate::Solver;
        use crate::games::board::{Chomp, Cram};
        for (rows, cols) in [(2, 3), (3, 3), (3, 4), (2, 6)] {
            let cram = Cram::new(rows, cols).unwrap();
            let start = cram.full();
            let loopy = values(&cram, &[start], usize::MAX).unwrap();
            let memo = Solver::new(&cram).grundy(&start).unwrap();
            assert_eq!(loopy[0], Value::Finite(memo.0), "Cram {rows}×{cols}");
        }
        for (rows, cols) in [(2, 3), (3, 3), (3, 5), (4, 4)] {
            let start = Chomp::rectangle(rows, cols).unwrap();
            let loopy = values(&Chomp, std::slice::from_ref(&start), usize::MAX).unwrap();
            let memo = Solver::new(Chomp).grundy(&start).unwrap();
            assert_eq!(loopy[0], Value::Finite(memo.0), "Chomp {rows}×{cols}");
        }
    }

    /// A move that looks winning by the XOR of the finite parts but lets the opponent draw
    /// is not called winning. 0 is a dead end and 3 → 0 a heap of one; 1 ⇄ 2 a cycle with a
    /// way out from 1 to 3. So 1 is worth ∞(1): it can move to a position worth 1.
    #[test]
    fn a_move_that_lets_the_opponent_draw_is_not_winning() {
        let t = Table {
            moves: vec![vec![], vec![vec![2], vec![3]], vec![vec![1]], vec![vec![0]]],
        };
        let a = analyze_sum(&t, &[3, 1], usize::MAX).unwrap();
        assert_eq!(a.values, [Value::Finite(1), Value::Infinite(vec![1])]);
        assert_eq!(a.value, Value::Infinite(vec![0]));
        assert_eq!(a.outcome, Outcome::First);
        // Emptying the heap leaves the cycle alone with nothing of value 0 beside it: the
        // finite parts XOR to 0, yet the opponent draws by circling 1 ⇄ 2.
        let heap = a.moves.iter().find(|m| m.component == 0).unwrap();
        assert_eq!(heap.value_after, Value::Infinite(vec![1]));
        assert_eq!(heap.outcome_after(), Outcome::Draw);
        // The one winning move is 1 → 3, leaving two heaps of one.
        let wins: Vec<_> = a.winning_moves().collect();
        assert_eq!(wins.len(), 1);
        assert_eq!(
            (wins[0].component, wins[0].leaves.as_slice()),
            (1, &[3][..])
        );
        assert_eq!(a.drawing_moves().count(), 0);
        // Without the way out, 1 ⇄ 2 is ∞(∅) and the sum is a draw, kept by every move.
        let t = Table {
            moves: vec![vec![], vec![vec![2]], vec![vec![1]], vec![vec![0]]],
        };
        let a = analyze_sum(&t, &[3, 1], usize::MAX).unwrap();
        assert_eq!(a.outcome, Outcome::Draw);
        assert_eq!(a.winning_moves().count(), 0);
        assert_eq!(a.drawing_moves().count(), 2);
    }

    #[test]
    fn a_cycle_through_a_split_is_answered() {
        // 2 splits into 0 + 1; 1 moves back to 2; 0 is dead. 2 → {1} → {2} → … for ever,
        // and nothing else: a draw.
        let t = Table {
            moves: vec![vec![], vec![vec![2]], vec![vec![0, 1]]],
        };
        let a = analyze_sum(&t, &[2], usize::MAX).unwrap();
        assert_eq!(a.outcome, Outcome::Draw);
        assert_eq!(a.values, [Value::Infinite(vec![])]);
    }

    #[test]
    fn the_limit_is_kept() {
        // From n move to n + 1: no end, refused at the limit.
        struct Up;
        impl Game for Up {
            type Position = u64;
            fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
                out.push(game::to(n + 1));
            }
        }
        let e = analyze_sum(&Up, &[0], 1000).unwrap_err();
        assert_eq!(e, SolveError::TooManyPositions { limit: 1000 });
    }
}
