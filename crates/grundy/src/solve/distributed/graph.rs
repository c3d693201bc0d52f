//! The generalised Sprague–Grundy values of a graph with cycles, over many ranks.
//!
//! The labelling is that of [`Digraph::values`] (Smith 1966; Fraenkel and Yesha 1986),
//! value by value, with the graph split: each vertex is stored on the rank its hash names,
//! with its out-degree and the vertices that move to it, and nothing else. Rank 0 reads the
//! graph and hands each rank its share, then keeps no state of the solve.
//!
//! For value `m`, a vertex `u` not yet labelled takes `m` when no option of `u` has `m` and
//! every option of `u` still open (unlabelled or `∞`) has an option labelled `m`. So a rank
//! needs, for each of its vertices, two counts and a flag, kept up by two messages to the
//! owners of the vertex's predecessors:
//!
//! - *labelled*: "one of your options took `m`": the option is no longer open (one fewer
//!   open option, for good), and the predecessor now reaches `m`, so it cannot take `m`
//!   and a move onto it can be answered; if it is open, its own predecessors hear
//!   *answered*;
//! - *answered*: "one of your open options reaches `m`": one fewer option left to answer;
//!   at none left, and not reaching `m` itself, the vertex takes `m`.
//!
//! Messages for the rank's own vertices are handled at once; the others are batched, one
//! batch a rank a round, and a round is an all-to-all. A value is done when a round sends
//! nothing anywhere (the largest count sent, taken over every rank, is 0), which cannot
//! happen while a message is on its way. The vertices that are then unlabelled and do not
//! reach `m` are `∞`. The values are the one-process labelling's (the tests check it), but
//! the order in which finite values were given is not kept, so no counters are returned.
//!
//! The rounds of one value are as many as the longest chain of messages that cross from one
//! rank to another; a random graph's chains are short, a long path's are as long as the path.

use rustc_hash::FxBuildHasher;
use std::hash::BuildHasher;

use super::{Stats, Transport};
use crate::solve::loopy::Digraph;

/// Vertices rank 0 hands out between two exchanges.
const HANDED: usize = 1 << 18;

/// Not yet labelled.
const UNLABELED: u32 = u32::MAX - 1;
/// `∞`.
const INFINITE: u32 = u32::MAX;

/// The kinds of event, in the top two bits of a vertex's place on its rank.
const LABELLED: u32 = 0;
const ANSWERED: u32 = 1 << 30;
const READY: u32 = 2 << 30;
const KIND: u32 = 3 << 30;

/// The rank that stores vertex `v`.
fn owner(v: u32, ranks: usize) -> usize {
    (FxBuildHasher.hash_one(u64::from(v)) % ranks as u64) as usize
}

/// A vertex's rank (high half) and index there (low half).
fn place(rank: usize, index: u32) -> u64 {
    ((rank as u64) << 32) | u64::from(index)
}

/// One rank's share of the graph and of the solve.
struct Share<'t> {
    transport: &'t mut dyn Transport,
    /// Each vertex's predecessors, as places: `pred[pred_at[i]..pred_at[i + 1]]`.
    pred_at: Vec<usize>,
    pred: Vec<u64>,
    label: Vec<u32>,
    /// Options not labelled with a finite value.
    open: Vec<u32>,
    /// Open options not yet known to reach the value being given.
    bad: Vec<u32>,
    /// Reaches the value being given.
    good: Vec<bool>,
    stats: Stats,
}

impl Share<'_> {
    /// Sends `out` (events for each rank, as words); returns the events received.
    fn exchange(&mut self, out: &mut [Vec<u32>]) -> Vec<u32> {
        let me = self.transport.rank();
        let batches: Vec<Vec<u8>> = out
            .iter_mut()
            .enumerate()
            .map(|(r, words)| {
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                words.clear();
                if r != me && !bytes.is_empty() {
                    self.stats.messages += 1;
                    self.stats.bytes += bytes.len() as u64;
                }
                bytes
            })
            .collect();
        self.transport
            .exchange(batches)
            .iter()
            .flat_map(|b| {
                b.chunks_exact(4)
                    .map(|w| u32::from_le_bytes(w.try_into().expect("four bytes")))
            })
            .collect()
    }

    /// Receives rank 0's share of the graph: each vertex's out-degree and predecessors.
    fn receive(&mut self, graph: Option<&Digraph>) {
        let ranks = self.transport.ranks();
        let n = self.transport.max(graph.map_or(0, |g| g.len() as u64)) as usize;
        // Rank 0 numbers each rank's vertices in the order of the graph's.
        let index: Vec<u32> = match graph {
            Some(_) => {
                let mut count = vec![0u32; ranks];
                (0..n as u32)
                    .map(|v| {
                        let r = owner(v, ranks);
                        count[r] += 1;
                        count[r] - 1
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        for start in (0..n).step_by(HANDED) {
            let mut out = vec![Vec::new(); ranks];
            if let Some(g) = graph {
                for v in start as u32..(start + HANDED).min(n) as u32 {
                    let batch: &mut Vec<u8> = &mut out[owner(v, ranks)];
                    let preds = g.preds(v);
                    batch.extend_from_slice(&(g.moves(v).len() as u32).to_le_bytes());
                    batch.extend_from_slice(&(preds.len() as u32).to_le_bytes());
                    for &p in preds {
                        let at = place(owner(p, ranks), index[p as usize]);
                        batch.extend_from_slice(&at.to_le_bytes());
                    }
                }
            }
            for (r, b) in out.iter().enumerate() {
                if r != self.transport.rank() && !b.is_empty() {
                    self.stats.messages += 1;
                    self.stats.bytes += b.len() as u64;
                }
            }
            let got = self.transport.exchange(out);
            let word = |b: &[u8], at: usize| {
                u32::from_le_bytes(b[at..at + 4].try_into().expect("four bytes"))
            };
            let mut at = 0;
            let b = &got[0];
            while at < b.len() {
                let (degree, preds) = (word(b, at), word(b, at + 4) as usize);
                at += 8;
                self.open.push(degree);
                for _ in 0..preds {
                    let p = u64::from_le_bytes(b[at..at + 8].try_into().expect("eight bytes"));
                    self.pred.push(p);
                    at += 8;
                }
                self.pred_at.push(self.pred.len());
            }
        }
        let mine = self.open.len();
        self.label = vec![UNLABELED; mine];
        self.bad = vec![0; mine];
        self.good = vec![false; mine];
        self.stats.stored = mine as u64;
    }

    fn preds(&self, i: usize) -> std::ops::Range<usize> {
        self.pred_at[i]..self.pred_at[i + 1]
    }

    /// Labels every vertex: each rank's labels, in its order.
    fn solve(&mut self) {
        let me = self.transport.rank();
        let ranks = self.transport.ranks();
        let mut unlabeled: Vec<u32> = (0..self.label.len() as u32).collect();
        let mut touched: Vec<u32> = Vec::new();
        let mut stack: Vec<u32> = Vec::new();
        let mut out: Vec<Vec<u32>> = vec![Vec::new(); ranks];
        let mut level = 0u32;
        while self.transport.max(unlabeled.len() as u64) > 0 {
            crate::stop::check();
            for i in touched.drain(..) {
                self.good[i as usize] = false;
            }
            for &i in &unlabeled {
                self.bad[i as usize] = self.open[i as usize];
                if self.open[i as usize] == 0 {
                    stack.push(READY | i);
                }
            }
            loop {
                while let Some(event) = stack.pop() {
                    let i = (event & !KIND) as usize;
                    match event & KIND {
                        READY => {
                            if self.label[i] != UNLABELED || self.good[i] || self.bad[i] != 0 {
                                continue;
                            }
                            self.label[i] = level;
                            for k in self.preds(i) {
                                let p = self.pred[k];
                                let (r, j) = ((p >> 32) as usize, p as u32);
                                if r == me {
                                    stack.push(LABELLED | j);
                                } else {
                                    out[r].push(LABELLED | j);
                                }
                            }
                        }
                        LABELLED => {
                            self.open[i] -= 1;
                            if self.label[i] == UNLABELED {
                                self.bad[i] -= 1;
                            }
                            if !self.good[i] {
                                self.good[i] = true;
                                touched.push(i as u32);
                                if matches!(self.label[i], UNLABELED | INFINITE) {
                                    for k in self.preds(i) {
                                        let p = self.pred[k];
                                        let (r, j) = ((p >> 32) as usize, p as u32);
                                        if r == me {
                                            stack.push(ANSWERED | j);
                                        } else {
                                            out[r].push(ANSWERED | j);
                                        }
                                    }
                                }
                            }
                        }
                        _ => {
                            if self.label[i] == UNLABELED {
                                self.bad[i] -= 1;
                                if self.bad[i] == 0 && !self.good[i] {
                                    stack.push(READY | i as u32);
                                }
                            }
                        }
                    }
                }
                let sent = out
                    .iter()
                    .enumerate()
                    .filter(|&(r, _)| r != me)
                    .map(|(_, w)| w.len() as u64)
                    .sum();
                if self.transport.max(sent) == 0 {
                    break;
                }
                stack = self.exchange(&mut out);
            }
            for &i in &unlabeled {
                if self.label[i as usize] == UNLABELED && !self.good[i as usize] {
                    self.label[i as usize] = INFINITE;
                }
            }
            unlabeled.retain(|&i| self.label[i as usize] == UNLABELED);
            level += 1;
        }
    }

    /// Every rank's labels, on rank 0, in the graph's order.
    fn gather(&mut self, graph: Option<&Digraph>) -> Option<Vec<u32>> {
        let ranks = self.transport.ranks();
        let mut out = vec![Vec::new(); ranks];
        out[0] = self.label.iter().flat_map(|l| l.to_le_bytes()).collect();
        if self.transport.rank() != 0 && !out[0].is_empty() {
            self.stats.messages += 1;
            self.stats.bytes += out[0].len() as u64;
        }
        let got = self.transport.exchange(out);
        let g = graph?;
        let mut cursor = vec![0usize; ranks];
        Some(
            (0..g.len() as u32)
                .map(|v| {
                    let r = owner(v, ranks);
                    let at = cursor[r];
                    cursor[r] += 4;
                    u32::from_le_bytes(got[r][at..at + 4].try_into().expect("four bytes"))
                })
                .collect(),
        )
    }
}

/// The generalised Sprague–Grundy value of every vertex of `graph` (rank 0's; the others
/// pass `None`), solved over every rank of `transport`: on rank 0 each vertex's label (its
/// finite value, or `u32::MAX` for `∞`), elsewhere `None`; with each rank's [`Stats`].
/// Every rank must call it at once.
pub fn labels(graph: Option<&Digraph>, transport: &mut dyn Transport) -> (Option<Vec<u32>>, Stats) {
    let mut share = Share {
        transport,
        pred_at: vec![0],
        pred: Vec::new(),
        label: Vec::new(),
        open: Vec::new(),
        bad: Vec::new(),
        good: Vec::new(),
        stats: Stats::default(),
    };
    let graph = graph.filter(|_| share.transport.rank() == 0);
    share.receive(graph);
    share.solve();
    let labels = share.gather(graph);
    (labels, share.stats)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::Local;
    use super::*;

    /// `labels` on `ranks` threads: rank 0's labels and every rank's stats.
    fn on_ranks(graph: &Digraph, ranks: usize) -> (Vec<u32>, Vec<Stats>) {
        let group = Local::group(ranks);
        let results: Vec<(Option<Vec<u32>>, Stats)> = std::thread::scope(|s| {
            let handles: Vec<_> = group
                .into_iter()
                .map(|mut t| {
                    let g = (t.rank() == 0).then_some(graph);
                    s.spawn(move || labels(g, &mut t))
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for (rank, (l, _)) in results.iter().enumerate().skip(1) {
            assert!(l.is_none(), "rank {rank} returned labels");
        }
        let stats = results.iter().map(|(_, s)| *s).collect();
        (results.into_iter().next().unwrap().0.unwrap(), stats)
    }

    fn one_process(graph: &Digraph) -> Vec<u32> {
        let values = graph.values();
        (0..graph.len() as u32)
            .map(|v| values.finite(v).map_or(u32::MAX, |m| m as u32))
            .collect()
    }

    fn digraph(most: usize) -> impl Strategy<Value = Digraph> {
        (1usize..=most).prop_flat_map(|n| {
            prop::collection::vec((0..n as u32, 0..n as u32), 0..(3 * n))
                .prop_map(move |edges| Digraph::new(n, &edges).unwrap())
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Random graphs, cycles and repeated edges allowed: the one-process labelling's
        /// values on one, two and three ranks, every vertex stored once.
        #[test]
        fn random_graphs_get_the_one_process_values(g in digraph(60), ranks in 1usize..=3) {
            let (got, stats) = on_ranks(&g, ranks);
            prop_assert_eq!(got, one_process(&g));
            prop_assert_eq!(stats.iter().map(|s| s.stored).sum::<u64>(), g.len() as u64);
        }
    }

    #[test]
    fn a_long_path_and_a_cycle_with_a_way_out() {
        // 0 → 1 → … → 999, a path: values alternate from the end.
        let path: Vec<(u32, u32)> = (0..999).map(|v| (v, v + 1)).collect();
        let g = Digraph::new(1000, &path).unwrap();
        let (got, _) = on_ranks(&g, 3);
        assert_eq!(got, one_process(&g));
        assert_eq!(got[999], 0);
        assert_eq!(got[998], 1);
        // A two-cycle with no way out: both ∞.
        let g = Digraph::new(2, &[(0, 1), (1, 0)]).unwrap();
        assert_eq!(on_ranks(&g, 2).0, [u32::MAX, u32::MAX]);
    }

    #[test]
    fn three_ranks_split_a_big_graph_evenly_and_each_sends_what_it_counts() {
        let n = 30_000u32;
        let edges: Vec<(u32, u32)> = (0..n)
            .flat_map(|v| {
                (1..4u32).map(move |k| {
                    (
                        v,
                        (v.wrapping_mul(2_654_435_761).wrapping_add(k * 7919)) % n,
                    )
                })
            })
            .collect();
        let g = Digraph::new(n as usize, &edges).unwrap();
        let (got, stats) = on_ranks(&g, 3);
        assert_eq!(got, one_process(&g));
        for s in &stats {
            assert!(s.stored * 100 <= u64::from(n) * 45, "{s:?}");
            assert!(s.messages > 0 && s.bytes >= 4 * s.messages, "{s:?}");
        }
        let (_, alone) = on_ranks(&g, 1);
        assert_eq!((alone[0].messages, alone[0].bytes), (0, 0));
    }
}
