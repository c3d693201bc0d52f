//! The generalised Sprague–Grundy values of a graph with cycles, over many ranks.
//!
//! The labelling is that of [`Digraph::values`] (Smith 1966; Fraenkel and Yesha 1986),
//! value by value, with the graph split: each vertex is stored on the rank its hash names,
//! with its out-degree and the vertices that move to it, and nothing else. The moves may
//! start anywhere: all on rank 0 ([`labels`], for a graph one rank has read or listed), or
//! split among the ranks in any way ([`labels_of_parts`], for a file each rank reads part
//! of); each rank sends each move's ends to their owners, and keeps no more of the graph.
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
//! Messages for the rank's own vertices are handled at once. The others are batched by
//! rank and posted without waiting ([`Transport::post`]): a batch leaves when it is full or
//! when the rank has nothing else to do, and batches are taken as they arrive, so no rank
//! waits for another while it has work. A value is done when no rank has work and no batch
//! is on its way, which rank 0 finds out by the waves of Mattern's four-counter method (the
//! `mail` module) and then tells every rank. The vertices that are then unlabelled and do
//! not reach `m` are `∞`, and the ranks agree (a collective) before the next value starts,
//! so no batch of one value is taken in another. The values are the one-process
//! labelling's (the tests check it), but the order in which finite values were given is not
//! kept, so no counters are returned. So that rank 0 can name each `∞_K` without the
//! graph's moves, a vertex still open when one of its options takes `m` notes `m`, and the
//! notes of the `∞` vertices go to rank 0 with the labels.
//!
//! A value takes as long as its longest chain of messages that cross from one rank to
//! another: a random graph's chains are short, a long path's are as long as the path, and
//! along such a chain the ranks take turns rather than work at once.
//!
//! With [`Saving`], each rank keeps its labels in a shard: at the end of a value once the
//! time has come, within a value when a rank is asked to stop (every rank drops its work
//! and the batches still coming, then saves), and at the end. A label
//! once given is final, so a shard holds the value in hand and the labels given so far (an
//! `∞` with the value at whose end it was given). The solve goes on from the least value in
//! hand among the shards: labels above it, and `∞`s given at its end or later, are dropped;
//! every predecessor of a vertex labelled below it hears that its option is no longer open;
//! and the predecessors of the vertices labelled with it hear it again, as when they were
//! labelled.

use rustc_hash::FxBuildHasher;
use std::hash::BuildHasher;

use super::mail::{Ended, Mail};
use super::{
    Saves, Saving, SolveStop, Stats, Transport, agreed, damaged_shard, exchange_words, read_shard,
    shard_head, shard_path, words_of, write_shard,
};
use crate::solve::loopy::Digraph;

/// Moves a rank hands out between two exchanges while the graph is shared out.
const HANDED: usize = 1 << 20;
/// In a batch of the graph's moves: a word that adds one to a vertex's out-degree.
const DEGREE: u32 = 1 << 31;
/// Events a rank handles before it sends what is full and takes what has come.
const STEP: usize = 1 << 12;
/// Events for one rank that fill a batch.
const BATCH: usize = 1 << 14;

/// Not yet labelled.
const UNLABELED: u32 = u32::MAX;
/// `∞`, given at the end of the value below this bit (`INFINITE | m`).
const INFINITE: u32 = 1 << 31;

/// Whether a label leaves its vertex open: not labelled, or `∞`.
fn open(label: u32) -> bool {
    label >= INFINITE
}

/// The kinds of event, in the top two bits of a vertex's place on its rank.
const LABELLED: u32 = 0;
const ANSWERED: u32 = 1 << 30;
const READY: u32 = 2 << 30;
const KIND: u32 = 3 << 30;

/// The rank that stores vertex `v`.
fn owner(v: u32, ranks: usize) -> usize {
    // The hash scaled to `0..ranks` by a multiplication rather than a division.
    ((u128::from(FxBuildHasher.hash_one(u64::from(v))) * ranks as u128) >> 64) as usize
}

/// A vertex's rank (high half) and index there (low half).
fn place(rank: usize, index: u32) -> u64 {
    ((rank as u64) << 32) | u64::from(index)
}

/// One rank's share of the graph and of the solve.
struct Share<'t> {
    transport: &'t mut dyn Transport,
    /// The graph's number of vertices.
    vertices: usize,
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
    /// (vertex, value): one of the vertex's options has the value, seen while the vertex
    /// was open (repeats allowed).
    options: Vec<(u32, u32)>,
    stats: Stats,
    saving: Option<&'t Saving<'t>>,
    /// What the shards are labelled with: the caller's label and the graph's fingerprint.
    label_of_shards: String,
    last_save: std::time::Instant,
}

impl Share<'_> {
    /// Receives this rank's share of a graph of `n` vertices (the largest `n` any rank
    /// passes) whose moves are split among the ranks in any way, `moves` being this rank's
    /// `count` of them: each of its vertices' out-degree and predecessors.
    fn receive(&mut self, n: usize, mut moves: impl Iterator<Item = (u32, u32)>, count: usize) {
        let (me, ranks) = (self.transport.rank(), self.transport.ranks());
        let n = self.transport.max(n as u64) as usize;
        // Every rank numbers each rank's vertices in the order of the graph's.
        let mut counted = vec![0u32; ranks];
        let index: Vec<u32> = (0..n as u32)
            .map(|v| {
                let r = owner(v, ranks);
                counted[r] += 1;
                counted[r] - 1
            })
            .collect();
        let mine = counted[me] as usize;
        self.vertices = n;
        self.open = vec![0; mine];
        // (vertex here, its predecessor's place): about as many as this rank's moves.
        let mut preds: Vec<(u32, u64)> = Vec::with_capacity(count + count / 8);
        let mut print = 0u64;
        let printing = self.saving.is_some();
        let rounds = self.transport.max(count.div_ceil(HANDED) as u64);
        // To a move's tail's owner, `DEGREE | index`; to its head's owner, the head's index
        // and the tail (two words). Room for every move's two records, spread evenly.
        let room = 3 * HANDED.min(count) / ranks + 16;
        let mut out: Vec<Vec<u32>> = (0..ranks)
            .map(|r| Vec::with_capacity(if r == me { 0 } else { room }))
            .collect();
        for _ in 0..rounds {
            out.iter_mut().for_each(Vec::clear);
            for (u, v) in moves.by_ref().take(HANDED) {
                if printing {
                    print = print.wrapping_add(FxBuildHasher.hash_one((u, v)));
                }
                let (ru, rv) = (owner(u, ranks), owner(v, ranks));
                let (iu, iv) = (index[u as usize], index[v as usize]);
                if ru == me {
                    self.open[iu as usize] += 1;
                } else {
                    out[ru].push(DEGREE | iu);
                }
                if rv == me {
                    preds.push((iv, place(ru, iu)));
                } else {
                    // The tail as a vertex: its owner finds its place in its own index.
                    out[rv].extend_from_slice(&[iv, u]);
                }
            }
            for batch in exchange_words(&mut *self.transport, Some(&mut self.stats), &out) {
                let words = words_of(&batch);
                let mut at = 0;
                while at < words.len() {
                    if words[at] & DEGREE != 0 {
                        self.open[(words[at] & !DEGREE) as usize] += 1;
                        at += 1;
                    } else {
                        let (iv, u) = (words[at], words[at + 1]);
                        preds.push((iv, place(owner(u, ranks), index[u as usize])));
                        at += 2;
                    }
                }
            }
        }
        // Each vertex's predecessors together, in the order they came.
        self.pred_at = vec![0; mine + 1];
        for &(i, _) in &preds {
            self.pred_at[i as usize + 1] += 1;
        }
        for i in 0..mine {
            self.pred_at[i + 1] += self.pred_at[i];
        }
        let mut next = self.pred_at.clone();
        self.pred = vec![0; preds.len()];
        for (i, p) in preds {
            self.pred[next[i as usize]] = p;
            next[i as usize] += 1;
        }
        self.label = vec![UNLABELED; mine];
        self.bad = vec![0; mine];
        self.good = vec![false; mine];
        self.stats.stored = mine as u64;
        // Shards are kept for one graph: its size and a hash of its moves that does not
        // depend on how they are split (every rank has a saving or none, so every rank takes
        // part or none does).
        if let Some(s) = self.saving {
            let sums = self
                .transport
                .exchange(vec![print.to_le_bytes().to_vec(); ranks]);
            let print = sums
                .iter()
                .map(|b| u64::from_le_bytes(b[..8].try_into().expect("eight bytes")))
                .fold(0u64, u64::wrapping_add);
            self.label_of_shards = format!(
                "{}, a graph of {n} vertices and fingerprint {print:016x}",
                s.label
            );
        }
    }

    fn preds(&self, i: usize) -> std::ops::Range<usize> {
        self.pred_at[i]..self.pred_at[i + 1]
    }

    /// Sends `event` for the vertex at `place`: at once when it is here, else in the next
    /// round.
    fn emit(me: usize, place: u64, event: u32, stack: &mut Vec<u32>, out: &mut [Vec<u32>]) {
        let (r, j) = ((place >> 32) as usize, place as u32);
        if r == me {
            stack.push(event | j);
        } else {
            out[r].push(event | j);
        }
    }

    /// One of `i`'s open options reaches the value in hand: one fewer to answer.
    fn answered(&mut self, i: usize, stack: &mut Vec<u32>) {
        if self.label[i] == UNLABELED {
            self.bad[i] -= 1;
            if self.bad[i] == 0 && !self.good[i] {
                stack.push(READY | i as u32);
            }
        }
    }

    /// Handles at most `most` events of `stack`, for `level`; events for other ranks go to
    /// `out`.
    fn work(
        &mut self,
        level: u32,
        most: usize,
        stack: &mut Vec<u32>,
        out: &mut [Vec<u32>],
        touched: &mut Vec<u32>,
    ) {
        let me = self.transport.rank();
        for _ in 0..most {
            let Some(event) = stack.pop() else {
                return;
            };
            let i = (event & !KIND) as usize;
            match event & KIND {
                READY => {
                    if self.label[i] != UNLABELED || self.good[i] || self.bad[i] != 0 {
                        continue;
                    }
                    self.label[i] = level;
                    for k in self.preds(i) {
                        Self::emit(me, self.pred[k], LABELLED, stack, out);
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
                        if open(self.label[i]) {
                            // The commonest event, handled here when it stays here.
                            for k in self.preds(i) {
                                let p = self.pred[k];
                                let (r, j) = ((p >> 32) as usize, p as u32);
                                if r == me {
                                    self.answered(j as usize, stack);
                                } else {
                                    out[r].push(ANSWERED | j);
                                }
                            }
                        }
                    }
                }
                _ => self.answered(i, stack),
            }
        }
    }

    /// Handles events until no rank has any left: the work of one value. Batches go out as
    /// they fill, or when this rank has nothing else to do, and are taken as they come. A
    /// rank asked to stop has every rank drop its work and save, with `level` in hand.
    fn settle(
        &mut self,
        level: u32,
        stack: &mut Vec<u32>,
        out: &mut [Vec<u32>],
        touched: &mut Vec<u32>,
    ) -> Result<(), SolveStop> {
        let mut mail = Mail::new();
        let saving = self.saving;
        let stop = || saving.is_some_and(|s| (s.stop)());
        mail.heed(&mut *self.transport, &mut self.stats, stop);
        loop {
            if mail.dropping() {
                stack.clear();
                out.iter_mut().for_each(Vec::clear);
            } else {
                self.work(level, STEP, stack, out, touched);
            }
            let busy = !stack.is_empty();
            for (r, words) in out.iter_mut().enumerate() {
                if words.len() >= BATCH || (!busy && !words.is_empty()) {
                    let bytes = bytemuck::cast_slice::<u32, u8>(words);
                    mail.send(&mut *self.transport, &mut self.stats, r, bytes);
                    words.clear();
                }
            }
            let mut took = false;
            while let Some(batch) = mail.take(&mut *self.transport, &mut self.stats) {
                took = true;
                if !mail.dropping() {
                    stack.extend_from_slice(&words_of(batch.bytes()));
                }
            }
            match mail.rest(&mut *self.transport, &mut self.stats, stop, busy || took) {
                Some(Ended::Quiet) => return Ok(()),
                Some(Ended::Stopped) => return self.stopped(level),
                None => {}
            }
        }
    }

    /// Labels every vertex, from value `from` (the labels below it, and some of it, being
    /// given already).
    fn solve(&mut self, from: u32) -> Result<(), SolveStop> {
        let me = self.transport.rank();
        let ranks = self.transport.ranks();
        let mut unlabeled: Vec<u32> = (0..self.label.len() as u32)
            .filter(|&i| self.label[i as usize] == UNLABELED)
            .collect();
        let mut touched: Vec<u32> = Vec::new();
        let mut stack: Vec<u32> = Vec::new();
        let mut out: Vec<Vec<u32>> = vec![Vec::new(); ranks];
        if from > 0 {
            // The labels of value `from` are heard again as the value is given; when no
            // vertex is left to give it to, they are told here with the rest.
            let left = self.transport.max(unlabeled.len() as u64) > 0;
            self.closed_below(if left { from } else { from + 1 });
        }
        let mut level = from;
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
            if level == from {
                // Labels of this value given before a resume: heard again.
                for i in 0..self.label.len() {
                    if self.label[i] == level {
                        for k in self.preds(i) {
                            Self::emit(me, self.pred[k], LABELLED, &mut stack, &mut out);
                        }
                    }
                }
            }
            self.settle(level, &mut stack, &mut out, &mut touched)?;
            for &i in &unlabeled {
                if self.label[i as usize] == UNLABELED && !self.good[i as usize] {
                    self.label[i as usize] = INFINITE | level;
                }
            }
            // An open vertex one of whose options took this value has it among the finite
            // values of its options, which an `∞` names.
            for &i in &touched {
                if open(self.label[i as usize]) {
                    self.options.push((i, level));
                }
            }
            unlabeled.retain(|&i| self.label[i as usize] == UNLABELED);
            level += 1;
            self.boundary(level)?;
        }
        if self.saving.is_some() {
            self.save_all(level)?;
        }
        Ok(())
    }

    /// After a resume: each vertex labelled below `below` tells its predecessors its value,
    /// so that they have one open option fewer and know the finite values of their options.
    /// Every rank must call it.
    fn closed_below(&mut self, below: u32) {
        let (me, ranks) = (self.transport.rank(), self.transport.ranks());
        let (label, pred_at, pred) = (&self.label, &self.pred_at, &self.pred);
        let told = |i: usize| label[i] < below;
        let count: usize = (0..label.len())
            .filter(|&i| told(i))
            .map(|i| pred_at[i + 1] - pred_at[i])
            .sum();
        // (a predecessor's place, the value it hears)
        let mut heard = (0..label.len())
            .filter(|&i| told(i))
            .flat_map(|i| (pred_at[i]..pred_at[i + 1]).map(move |k| (pred[k], label[i])));
        let hear = |open_options: &mut [u32], options: &mut Vec<(u32, u32)>, j: u32, m: u32| {
            open_options[j as usize] -= 1;
            if open(label[j as usize]) {
                options.push((j, m));
            }
        };
        let rounds = self.transport.max(count.div_ceil(HANDED) as u64);
        for _ in 0..rounds {
            let mut out = vec![Vec::<u32>::new(); ranks];
            for (p, m) in heard.by_ref().take(HANDED) {
                let (r, j) = ((p >> 32) as usize, p as u32);
                if r == me {
                    hear(&mut self.open, &mut self.options, j, m);
                } else {
                    out[r].extend_from_slice(&[j, m]);
                }
            }
            for batch in exchange_words(&mut *self.transport, Some(&mut self.stats), &out) {
                for w in words_of(&batch).chunks_exact(2) {
                    hear(&mut self.open, &mut self.options, w[0], w[1]);
                }
            }
        }
    }

    /// The shards' saving, labelled for this graph.
    fn shards<'s>(&'s self, saving: &Saving<'s>) -> Saving<'s> {
        Saving {
            dir: saving.dir,
            label: &self.label_of_shards,
            every: saving.every,
            stop: saving.stop,
        }
    }

    /// Writes this rank's labels, with `level` in hand.
    fn write(&self, level: u32) -> Result<(), SolveStop> {
        let saving = self.saving.expect("saving");
        let mut payload = Vec::with_capacity(16 + 4 * self.label.len());
        payload.extend_from_slice(&u64::from(level).to_le_bytes());
        payload.extend_from_slice(&(self.label.len() as u64).to_le_bytes());
        for l in &self.label {
            payload.extend_from_slice(&l.to_le_bytes());
        }
        let (me, ranks) = (self.transport.rank(), self.transport.ranks());
        write_shard(&self.shards(saving), me, ranks, &payload)
    }

    /// Reads this rank's shard, if any, keeping the labels below the least value in hand
    /// among every rank's, and those of it; returns that value. Every rank must call it.
    fn load(&mut self) -> Result<u32, SolveStop> {
        let saving = self.saving.expect("saving");
        let (me, ranks) = (self.transport.rank(), self.transport.ranks());
        let path = shard_path(saving.dir, me);
        let read = read_shard(&self.shards(saving), me, ranks).and_then(|bytes| {
            let Some(bytes) = bytes else {
                return Ok(None);
            };
            let damaged = || damaged_shard(&path);
            let (level, count, rest) = shard_head(&bytes).ok_or_else(damaged)?;
            if count != self.label.len() as u64 || rest.len() as u64 != 4 * count {
                return Err(damaged());
            }
            let labels: Vec<u32> = rest
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes(w.try_into().expect("four bytes")))
                .collect();
            Ok(Some((level, labels)))
        });
        let read = agreed(&mut *self.transport, read, || {
            SolveStop::Shard("another rank refused its shard".into())
        })?;
        let mine = read.as_ref().map_or(0, |(level, _)| *level);
        let from = (u64::MAX - self.transport.max(u64::MAX - mine)) as u32;
        if let Some((_, labels)) = read {
            for (kept, l) in self.label.iter_mut().zip(labels) {
                let valued = if l >= INFINITE && l != UNLABELED {
                    // ∞ given at the end of value `l & !INFINITE`.
                    (l & !INFINITE) < from
                } else {
                    l <= from
                };
                if valued && l != UNLABELED {
                    *kept = l;
                    self.stats.loaded += 1;
                }
            }
        }
        Ok(from)
    }

    /// Every rank's labels, on rank 0, in the graph's order, with the finite values of the
    /// options of each `∞` vertex.
    fn gather(&mut self) -> Option<Labels> {
        let (me, ranks) = (self.transport.rank(), self.transport.ranks());
        let mut words: Vec<u32> = self
            .label
            .iter()
            .map(|&l| if open(l) { u32::MAX } else { l })
            .collect();
        let label = &self.label;
        self.options.retain(|&(i, _)| open(label[i as usize]));
        self.options.sort_unstable();
        self.options.dedup();
        for &(i, m) in &self.options {
            words.extend_from_slice(&[i, m]);
        }
        let mut out = vec![Vec::new(); ranks];
        out[0] = words;
        let got = exchange_words(&mut *self.transport, Some(&mut self.stats), &out);
        if me != 0 {
            return None;
        }
        let n = self.vertices;
        let mut members = vec![Vec::new(); ranks];
        for v in 0..n as u32 {
            members[owner(v, ranks)].push(v);
        }
        let mut label = vec![0u32; n];
        let mut options: Vec<(u32, u32)> = Vec::new();
        for (r, batch) in got.iter().enumerate() {
            let words = words_of(batch);
            let (labels, pairs) = words.split_at(members[r].len());
            for (&v, &l) in members[r].iter().zip(labels) {
                label[v as usize] = l;
            }
            options.extend(
                pairs
                    .chunks_exact(2)
                    .map(|w| (members[r][w[0] as usize], w[1])),
            );
        }
        options.sort_unstable();
        let mut at = vec![0usize; n + 1];
        for &(v, _) in &options {
            at[v as usize + 1] += 1;
        }
        for v in 0..n {
            at[v + 1] += at[v];
        }
        Some(Labels {
            label,
            options_at: at,
            options: options.into_iter().map(|(_, m)| u64::from(m)).collect(),
        })
    }
}

/// A graph's values over ranks, on rank 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    /// Each vertex's finite value, or `u32::MAX` for `∞`.
    pub label: Vec<u32>,
    /// Vertex `v`'s entries of `options` are `options[options_at[v]..options_at[v + 1]]`.
    pub options_at: Vec<usize>,
    /// For each `∞` vertex, the finite values of its options, in increasing order (the `K`
    /// of its value `∞_K`); nothing for the others.
    pub options: Vec<u64>,
}

/// The generalised Sprague–Grundy value of every vertex of `graph` (rank 0's; the others
/// pass `None`), solved over every rank of `transport`: on rank 0 each vertex's label (its
/// finite value, or `u32::MAX` for `∞`) and the finite values of the options of each `∞`,
/// elsewhere `None`; with each rank's [`Stats`]. Every rank must call it at once.
pub fn labels(graph: Option<&Digraph>, transport: &mut dyn Transport) -> (Option<Labels>, Stats) {
    labels_saved(graph, transport, None).expect("nothing to save, nothing to stop")
}

/// [`labels`], each rank keeping its labels in a shard as `saving` says (the shards are
/// labelled with `saving.label` and the graph's fingerprint) and going on from the shards
/// it finds. A rank whose shard is missing starts afresh, and the others go back to its
/// value; a shard of another graph or number of ranks, or a damaged one, is refused on
/// every rank before any work.
pub fn labels_saved(
    graph: Option<&Digraph>,
    transport: &mut dyn Transport,
    saving: Option<&Saving<'_>>,
) -> Result<(Option<Labels>, Stats), SolveStop> {
    let graph = graph.filter(|_| transport.rank() == 0);
    let n = graph.map_or(0, Digraph::len);
    let count = graph.map_or(0, Digraph::edges);
    let moves = graph.into_iter().flat_map(|g| {
        (0..g.len() as u32).flat_map(move |u| g.moves(u).iter().map(move |&v| (u, v)))
    });
    labels_of_parts(n, moves, count, transport, saving)
}

/// [`labels_saved`] for a graph whose moves are split among the ranks in any way, as a file
/// read by every rank is: each rank passes the graph's number of vertices (or 0, if another
/// rank passes it) and its own `count` moves (from, to), each end below that number. Every
/// rank must call it at once.
pub fn labels_of_parts(
    vertices: usize,
    moves: impl Iterator<Item = (u32, u32)>,
    count: usize,
    transport: &mut dyn Transport,
    saving: Option<&Saving<'_>>,
) -> Result<(Option<Labels>, Stats), SolveStop> {
    let mut share = Share {
        transport,
        vertices: 0,
        pred_at: vec![0],
        pred: Vec::new(),
        label: Vec::new(),
        open: Vec::new(),
        bad: Vec::new(),
        good: Vec::new(),
        options: Vec::new(),
        stats: Stats::default(),
        saving,
        label_of_shards: String::new(),
        last_save: std::time::Instant::now(),
    };
    share.receive(vertices, moves, count);
    let from = match saving {
        Some(s) => {
            let _ = std::fs::create_dir_all(s.dir);
            share.load()?
        }
        None => 0,
    };
    share.solve(from)?;
    let labels = share.gather();
    Ok((labels, share.stats))
}

impl<'t> Saves<'t> for Share<'t> {
    /// The value in hand: every value below it is given, and some of it may be.
    type Mark = u32;
    fn transport(&mut self) -> &mut dyn Transport {
        &mut *self.transport
    }
    fn saving(&self) -> Option<&'t Saving<'t>> {
        self.saving
    }
    fn last_save(&mut self) -> &mut std::time::Instant {
        &mut self.last_save
    }
    fn save(&mut self, level: u32) -> Result<(), SolveStop> {
        self.write(level)
    }
}

/// What rank 0 tells the others waiting in [`follow`].
const JOIN: u64 = 1;
const DONE: u64 = 2;

/// Rank 0's side of a labelling only rank 0 can start, such as that of a game's graph listed
/// from its rules on rank 0: the other ranks wait in [`follow`] and hear once, from
/// [`Lead::labels`] or when the `Lead` is dropped, whether to join.
pub struct Lead<'t> {
    transport: &'t mut dyn Transport,
    told: bool,
    stats: Stats,
}

impl<'t> Lead<'t> {
    /// Rank 0's lead of the ranks of `transport`.
    pub fn new(transport: &'t mut dyn Transport) -> Lead<'t> {
        Lead {
            transport,
            told: false,
            stats: Stats::default(),
        }
    }

    /// The labels of `graph` (as [`labels`] gives them), over every rank. A lead labels one
    /// graph: the others join once.
    pub fn labels(&mut self, graph: &Digraph) -> Vec<u32> {
        assert!(!self.told, "a Lead labels one graph");
        self.told = true;
        self.transport.max(JOIN);
        let (labels, stats) = labels(Some(graph), &mut *self.transport);
        self.stats = stats;
        labels.expect("rank 0 has the labels").label
    }

    /// What this rank stored and sent.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

impl Drop for Lead<'_> {
    fn drop(&mut self) {
        if !self.told {
            self.transport.max(DONE);
        }
    }
}

/// The other ranks' side of a [`Lead`]: joins rank 0's labelling if it starts one; what this
/// rank stored and sent.
pub fn follow(transport: &mut dyn Transport) -> Stats {
    match transport.max(0) {
        JOIN => labels(None, transport).1,
        _ => Stats::default(),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::Local;
    use super::*;

    /// `labels` on `ranks` threads: rank 0's labels and every rank's stats.
    fn on_ranks(graph: &Digraph, ranks: usize) -> (Vec<u32>, Vec<Stats>) {
        let results = Local::run(ranks, |t| labels((t.rank() == 0).then_some(graph), t));
        for (rank, (l, _)) in results.iter().enumerate().skip(1) {
            assert!(l.is_none(), "rank {rank} returned labels");
        }
        let stats = results.iter().map(|(_, s)| *s).collect();
        let labels = results.into_iter().next().unwrap().0.unwrap();
        assert_eq!(values(graph.len(), labels.clone()), whole(graph));
        (labels.label, stats)
    }

    fn one_process(graph: &Digraph) -> Vec<u32> {
        let values = graph.values();
        (0..graph.len() as u32)
            .map(|v| values.finite(v).map_or(u32::MAX, |m| m as u32))
            .collect()
    }

    /// Every vertex's value, `∞_K` whole, from the one-process labelling.
    fn whole(graph: &Digraph) -> Vec<crate::solve::loopy::Value> {
        let values = graph.values();
        (0..graph.len() as u32).map(|v| values.value(v)).collect()
    }

    /// Every vertex's value from labels over ranks, with no move at hand.
    fn values(n: usize, labels: Labels) -> Vec<crate::solve::loopy::Value> {
        let values = crate::solve::loopy::Values::from_labels_and_options(
            Digraph::new(n, &[]).unwrap(),
            labels.label,
            labels.options_at,
            labels.options,
        )
        .expect("labels for the graph");
        (0..n as u32).map(|v| values.value(v)).collect()
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The moves split among the ranks at random, as when each rank reads part of a
        /// file: the same values, `∞_K` whole, as one process.
        #[test]
        fn moves_split_at_random_among_the_ranks_give_the_one_process_values(
            g in digraph(60), ranks in 1usize..=3, seed: u64
        ) {
            let moves: Vec<(u32, u32)> = (0..g.len() as u32)
                .flat_map(|u| g.moves(u).iter().map(move |&v| (u, v)))
                .collect();
            let whose = |k: usize| {
                (FxBuildHasher.hash_one((seed, k)) % ranks as u64) as usize
            };
            let results = Local::run(ranks, |t| {
                let mine: Vec<(u32, u32)> = moves
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| whose(k) == t.rank())
                    .map(|(_, &m)| m)
                    .collect();
                // Only the last rank names the number of vertices.
                let n = if t.rank() + 1 == ranks { g.len() } else { 0 };
                labels_of_parts(n, mine.iter().copied(), mine.len(), t, None).unwrap()
            });
            let labels = results.into_iter().next().unwrap().0.unwrap();
            prop_assert_eq!(values(g.len(), labels), whole(&g));
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

    /// What `labels_saved` gives a rank.
    type Labelled = Result<(Option<Labels>, Stats), SolveStop>;

    /// `labels_saved` on `ranks` threads with shards in `dir`; rank `ranks.min(2) - 1` is
    /// asked to stop at its `stop_after`-th question, if given. Every rank's result.
    fn saved_on_ranks(
        graph: &Digraph,
        ranks: usize,
        dir: &std::path::Path,
        stop_after: Option<usize>,
    ) -> Vec<Labelled> {
        super::super::tests::saving_on_ranks(ranks, dir, "graph", stop_after, |t, saving| {
            let g = (t.rank() == 0).then_some(graph);
            labels_saved(g, t, Some(saving))
        })
    }

    /// A graph of many values and short chains: vertex `v` moves to three vertices below
    /// it, and every 50th also to one above (cycles).
    fn layered(n: u32) -> Digraph {
        let mut edges = Vec::new();
        for v in 1..n {
            for k in 1..4u32 {
                edges.push((v, v.wrapping_mul(2_654_435_761).wrapping_add(k * 7919) % v));
            }
            if v % 50 == 0 {
                edges.push((v, (v * 7 + 3) % n));
            }
        }
        Digraph::new(n as usize, &edges).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// Stopped at any question on one, two or three ranks, then gone on with: the
        /// one-process values, with labels loaded when any were saved.
        #[test]
        fn a_stopped_solve_goes_on_from_its_shards(
            g in digraph(50), ranks in 1usize..=3, stop_after in 0usize..12
        ) {
            let dir = tempfile::tempdir().unwrap();
            let first = saved_on_ranks(&g, ranks, dir.path(), Some(stop_after));
            let again = saved_on_ranks(&g, ranks, dir.path(), None);
            let again: Vec<(Option<Labels>, Stats)> =
                again.into_iter().map(Result::unwrap).collect();
            prop_assert_eq!(&again[0].0.as_ref().unwrap().label, &one_process(&g));
            // The finite values of the options of each `∞`, those labelled before the
            // stop included.
            prop_assert_eq!(values(g.len(), again[0].0.clone().unwrap()), whole(&g));
            if first.iter().all(|r| matches!(r, Err(SolveStop::Stopped(_)))) {
                for r in 0..ranks {
                    prop_assert!(shard_path(dir.path(), r).is_file());
                }
            } else {
                // It ended before the question: every label is read back.
                prop_assert!(first.iter().all(Result::is_ok));
                prop_assert_eq!(again.iter().map(|(_, s)| s.loaded).sum::<u64>(), g.len() as u64);
            }
        }
    }

    #[test]
    fn stopped_mid_value_and_resumed_many_times_the_values_are_the_one_process_s() {
        let g = layered(20_000);
        let expected = one_process(&g);
        assert!(expected.iter().filter(|&&l| l != u32::MAX).max() > Some(&3));
        for ranks in [1, 2, 3] {
            let dir = tempfile::tempdir().unwrap();
            // Each run is stopped after more questions than the one before: a resume first
            // hears the labels of the value in hand again, which takes some of them.
            let mut runs = 0;
            let got = loop {
                runs += 1;
                let results = saved_on_ranks(&g, ranks, dir.path(), Some(3 * runs));
                if let Ok((labels, _)) = &results[0] {
                    let labels = labels.clone().unwrap();
                    assert_eq!(values(g.len(), labels.clone()), whole(&g));
                    break labels.label;
                }
                assert!(
                    results
                        .iter()
                        .all(|r| matches!(r, Err(SolveStop::Stopped(_))))
                );
                assert!(runs < 500, "no progress");
            };
            assert_eq!(got, expected, "{ranks} ranks, {runs} runs");
            // One rank stops at the ends of values only; more, between rounds too.
            assert!(
                runs > ranks.min(2),
                "{ranks} ranks: stopped only {runs} times"
            );
        }
    }

    #[test]
    fn a_missing_shard_sends_every_rank_back_and_another_graph_s_shards_are_refused() {
        let g = layered(5_000);
        let dir = tempfile::tempdir().unwrap();
        assert!(
            saved_on_ranks(&g, 3, dir.path(), Some(4))
                .iter()
                .all(Result::is_err)
        );
        std::fs::remove_file(shard_path(dir.path(), 1)).unwrap();
        let again: Vec<_> = saved_on_ranks(&g, 3, dir.path(), None)
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert_eq!(again[0].0.as_ref().unwrap().label, one_process(&g));
        assert_eq!(again[1].1.loaded, 0);
        // Read back whole, with no work: every label loaded.
        let whole: Vec<_> = saved_on_ranks(&g, 3, dir.path(), None)
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert_eq!(whole.iter().map(|(_, s)| s.loaded).sum::<u64>(), 5_000);
        // Another graph, another number of ranks, a damaged shard: refused on every rank.
        for (graph, ranks) in [(layered(5_001), 3), (g.clone(), 2)] {
            let refused = saved_on_ranks(&graph, ranks, dir.path(), None);
            assert!(
                refused
                    .iter()
                    .all(|r| matches!(r, Err(SolveStop::Shard(_)))),
                "{refused:?}"
            );
        }
        let path = shard_path(dir.path(), 2);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0xff;
        std::fs::write(&path, bytes).unwrap();
        let refused = saved_on_ranks(&g, 3, dir.path(), None);
        match &refused[0] {
            Err(SolveStop::Shard(m)) => assert!(m.contains("rank-2.shard"), "{m}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_lead_labels_once_over_every_rank_and_the_others_hear_when_it_does_not() {
        let g = layered(3_000);
        for (label, ranks) in [(true, 3), (false, 3), (true, 1)] {
            let results = Local::run(ranks, |t| {
                if t.rank() != 0 {
                    return (None, follow(t));
                }
                let mut lead = Lead::new(t);
                let got = label.then(|| lead.labels(&g));
                (got, lead.stats())
            });
            let stored: u64 = results.iter().map(|(_, s)| s.stored).sum();
            if label {
                assert_eq!(results[0].0.as_ref().unwrap(), &one_process(&g));
                assert_eq!(stored, 3_000);
            } else {
                assert_eq!(stored, 0);
            }
        }
    }
}
