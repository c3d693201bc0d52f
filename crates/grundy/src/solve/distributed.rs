//! One solve over many processes: the table split by hash, each position's work done where
//! it is stored.
//!
//! Every position (a canonical component) is owned by one rank, the one its hash names, and
//! only that rank stores it. The solve goes by tiers, a tier being a measure that every
//! move lowers (free cells in Cram, squares in Chomp): a component's components after a
//! move all lie in lower tiers.
//!
//! 1. *Discovery*, from the highest tier down: each rank lists the options of the positions
//!    it owns in the tier and sends every component to its owner, which keeps the new ones.
//!    When a tier is done every rank has sent its part, so every position of the tiers below
//!    has been found: no parent is left to find one later.
//! 2. *Values*, from the lowest tier up: each rank lists the options of its positions in
//!    the tier again, asks the owners of their components for their values (all in lower
//!    tiers, so known), and takes the mex of the options' nim-sums.
//!
//! Messages are batched: a rank sends at most one batch to each other rank per exchange,
//! and an exchange is an all-to-all that every rank enters the same number of times, so the
//! end of each tier is known to all at once and nothing can end early. This is the
//! partitioned table of transposition-driven scheduling (Romein, Plaat, Bal and Schaeffer,
//! AAAI 1999) with the phases of a retrograde solve done tier by tier (as Romein and Bal
//! solved Awari in 2003, and as GamesCrafters' tiers are), but with the values held in the
//! ranks' memory rather than in files.
//!
//! The ranks talk through a [`Transport`]: MPI in the `grundy` command built with its `mpi`
//! feature, [`Local`] threads here (for tests), or [`Single`] for one process.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::sync::{Arc, Barrier, Mutex};

use rustc_hash::FxBuildHasher;
use serde::Serialize;

use crate::game::{Components, Game};
use crate::games::board::{Bits, Chomp, CramOn};
use crate::nimber::{MexSet, Nimber};

/// How the ranks of one solve reach each other. Every rank makes the same calls in the same
/// order (collectives).
pub trait Transport {
    /// This rank, from 0.
    fn rank(&self) -> usize;
    /// How many ranks take part.
    fn ranks(&self) -> usize;
    /// All to all: `out[r]` goes to rank `r` (`out` has one batch per rank, this rank's own
    /// included); returns the batches every rank sent here, in rank order.
    fn exchange(&mut self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>>;
    /// The largest of every rank's `x`, on every rank.
    fn max(&mut self, x: u64) -> u64;
}

/// A position the table can key by: a word of cells, written in a fixed number of bytes.
pub trait Key: Copy + Eq + Hash + Send + Sync {
    /// Bytes a key takes in a message.
    const BYTES: usize;
    /// Appends the key's bytes.
    fn write(&self, out: &mut Vec<u8>);
    /// The key written at the start of `bytes`.
    fn read(bytes: &[u8]) -> Self;
}

impl Key for u64 {
    const BYTES: usize = 8;
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn read(bytes: &[u8]) -> Self {
        u64::from_le_bytes(bytes[..8].try_into().expect("eight bytes"))
    }
}

impl Key for u128 {
    const BYTES: usize = 16;
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn read(bytes: &[u8]) -> Self {
        u128::from_le_bytes(bytes[..16].try_into().expect("sixteen bytes"))
    }
}

/// A game whose moves all lower a measure, its tier.
pub trait Tiered: Game<Position: Key> {
    /// The tier of `p`: every component of every option of `p` has a lower one.
    fn tier(&self, p: &Self::Position) -> u32;
}

impl<B: Bits + Key> Tiered for CramOn<B> {
    fn tier(&self, p: &B) -> u32 {
        p.count()
    }
}

impl Tiered for Chomp {
    fn tier(&self, p: &u128) -> u32 {
        Chomp::lengths(*p).iter().map(|&l| l as u32).sum()
    }
}

/// What one rank did, for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Positions this rank stores.
    pub stored: u64,
    /// Batches sent to other ranks.
    pub messages: u64,
    /// Bytes in those batches.
    pub bytes: u64,
}

/// The rank that owns `p`: the same on every rank, whatever the process.
pub fn owner<K: Key>(p: &K, ranks: usize) -> usize {
    (FxBuildHasher.hash_one(p) % ranks as u64) as usize
}

/// One rank's part of a solve.
struct Part<'t, G: Tiered> {
    game: &'t G,
    transport: &'t mut dyn Transport,
    /// The positions this rank owns: value once known.
    table: HashMap<G::Position, Option<u32>, FxBuildHasher>,
    /// The positions this rank owns, by tier.
    tiers: Vec<Vec<G::Position>>,
    stats: Stats,
}

/// Positions a rank handles between two exchanges (bounds the memory of a round).
const ROUND: usize = 1 << 16;

impl<'t, G: Tiered> Part<'t, G> {
    fn me(&self) -> usize {
        self.transport.rank()
    }

    fn ranks(&self) -> usize {
        self.transport.ranks()
    }

    /// Exchanges batches, counting what leaves for other ranks.
    fn exchange(&mut self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let me = self.me();
        for (r, batch) in out.iter().enumerate() {
            if r != me && !batch.is_empty() {
                self.stats.messages += 1;
                self.stats.bytes += batch.len() as u64;
            }
        }
        self.transport.exchange(out)
    }

    /// Keeps `p` if it is new here.
    fn keep(&mut self, p: G::Position) {
        if self.table.contains_key(&p) {
            return;
        }
        self.table.insert(p, None);
        let t = self.game.tier(&p) as usize;
        if self.tiers.len() <= t {
            self.tiers.resize_with(t + 1, Vec::new);
        }
        self.tiers[t].push(p);
    }

    /// The canonical components of every option of `p` that need a value (known values
    /// are folded into the option's `acc`).
    fn options(
        &self,
        p: &G::Position,
        buf: &mut Vec<Components<G::Position>>,
    ) -> Vec<(u64, Components<G::Position>)> {
        buf.clear();
        self.game.options(p, buf);
        buf.drain(..)
            .map(|comps| {
                let mut acc = 0u64;
                let mut left = Components::new();
                for c in comps {
                    match self.game.known_value(&c) {
                        Some(v) => acc ^= v.0,
                        None => left.push(self.game.canonical(&c)),
                    }
                }
                (acc, left)
            })
            .collect()
    }

    /// Sends each rank's share of `keys` to it; returns the keys received.
    fn send_keys(&mut self, keys: &[G::Position]) -> Vec<G::Position> {
        let ranks = self.ranks();
        let mut out = vec![Vec::new(); ranks];
        for k in keys {
            k.write(&mut out[owner(k, ranks)]);
        }
        self.exchange(out)
            .iter()
            .flat_map(|batch| {
                batch
                    .chunks_exact(G::Position::BYTES)
                    .map(G::Position::read)
            })
            .collect()
    }

    /// How many rounds of [`ROUND`] positions every rank needs for `n` of its own.
    fn rounds(&mut self, n: usize) -> usize {
        self.transport.max(n.div_ceil(ROUND) as u64) as usize
    }

    /// Finds every position below the roots, tier by tier from the top.
    fn discover(&mut self, roots: &[G::Position]) {
        let found = self.send_keys(roots);
        for p in found {
            self.keep(p);
        }
        let top = self.transport.max(self.tiers.len() as u64) as usize;
        let mut buf = Vec::new();
        for t in (1..top).rev() {
            let mine = self.tiers.get(t).map_or(0, Vec::len);
            let rounds = self.rounds(mine);
            for round in 0..rounds {
                let chunk: Vec<G::Position> = self
                    .tiers
                    .get(t)
                    .map(|v| v.iter().skip(round * ROUND).take(ROUND).copied().collect())
                    .unwrap_or_default();
                let mut seen = std::collections::HashSet::with_hasher(FxBuildHasher);
                let mut children = Vec::new();
                for p in &chunk {
                    for (_, comps) in self.options(p, &mut buf) {
                        for c in comps {
                            if !self.table.contains_key(&c) && seen.insert(c) {
                                children.push(c);
                            }
                        }
                    }
                }
                for c in self.send_keys(&children) {
                    self.keep(c);
                }
            }
        }
    }

    /// Values of `keys` from their owners, in order (every key must be stored somewhere
    /// with its value known).
    fn ask(&mut self, keys: &[G::Position]) -> Vec<u32> {
        let ranks = self.ranks();
        let mut out = vec![Vec::new(); ranks];
        for k in keys {
            k.write(&mut out[owner(k, ranks)]);
        }
        let asked = self.exchange(out);
        // Answer every rank's questions, in the order asked.
        let answers: Vec<Vec<u8>> = asked
            .iter()
            .map(|batch| {
                let mut reply = Vec::with_capacity(batch.len() / G::Position::BYTES * 4);
                for k in batch
                    .chunks_exact(G::Position::BYTES)
                    .map(G::Position::read)
                {
                    let v = self
                        .table
                        .get(&k)
                        .copied()
                        .flatten()
                        .expect("a lower tier's value is known");
                    reply.extend_from_slice(&v.to_le_bytes());
                }
                reply
            })
            .collect();
        let replies = self.exchange(answers);
        let mut cursor = vec![0usize; ranks];
        keys.iter()
            .map(|k| {
                let r = owner(k, ranks);
                let at = cursor[r];
                cursor[r] += 4;
                u32::from_le_bytes(replies[r][at..at + 4].try_into().expect("four bytes"))
            })
            .collect()
    }

    /// Values of every stored position, tier by tier from the bottom.
    fn evaluate(&mut self) {
        let top = self.transport.max(self.tiers.len() as u64) as usize;
        let mut buf = Vec::new();
        let mut mex = MexSet::new();
        for t in 0..top {
            let mine = self.tiers.get(t).map_or(0, Vec::len);
            let rounds = self.rounds(mine);
            for round in 0..rounds {
                let chunk: Vec<G::Position> = self
                    .tiers
                    .get(t)
                    .map(|v| v.iter().skip(round * ROUND).take(ROUND).copied().collect())
                    .unwrap_or_default();
                let options: Vec<Vec<(u64, Components<G::Position>)>> =
                    chunk.iter().map(|p| self.options(p, &mut buf)).collect();
                let mut index = HashMap::with_hasher(FxBuildHasher);
                let mut keys = Vec::new();
                for comps in options.iter().flatten().flat_map(|(_, c)| c) {
                    index.entry(*comps).or_insert_with(|| {
                        keys.push(*comps);
                        keys.len() - 1
                    });
                }
                let values = self.ask(&keys);
                for (p, opts) in chunk.iter().zip(&options) {
                    mex.reset(opts.len());
                    for (acc, comps) in opts {
                        let v = comps
                            .iter()
                            .fold(*acc, |a, c| a ^ u64::from(values[index[c]]));
                        mex.insert(v);
                    }
                    let v = u32::try_from(mex.mex()).expect("values of boards fit 32 bits");
                    self.table.insert(*p, Some(v));
                }
            }
        }
    }
}

/// The values of `roots` (read on rank 0; the other ranks' are ignored), solved over every
/// rank of `transport`: on rank 0 one value per root, elsewhere none; with each rank's
/// [`Stats`]. Every rank must call it at once.
pub fn values<G: Tiered>(
    game: &G,
    roots: &[G::Position],
    transport: &mut dyn Transport,
) -> (Vec<Nimber>, Stats) {
    let mut part = Part {
        game,
        transport,
        table: HashMap::with_hasher(FxBuildHasher),
        tiers: Vec::new(),
        stats: Stats::default(),
    };
    // Roots are asked of rank 0 alone; a known value is not stored anywhere.
    let on_zero = part.me() == 0;
    let mut wanted = Vec::new();
    let mut rooted: Vec<(u64, Option<G::Position>)> = Vec::new();
    if on_zero {
        for r in roots {
            match game.known_value(r) {
                Some(v) => rooted.push((v.0, None)),
                None => {
                    let c = game.canonical(r);
                    wanted.push(c);
                    rooted.push((0, Some(c)));
                }
            }
        }
    }
    part.discover(&wanted);
    part.evaluate();
    let asked = part.ask(&wanted);
    let mut next = asked.into_iter();
    let values = rooted
        .into_iter()
        .map(|(known, key)| {
            Nimber(key.map_or(known, |_| u64::from(next.next().expect("one value a root"))))
        })
        .collect();
    part.stats.stored = part.table.len() as u64;
    (values, part.stats)
}

/// One process alone.
pub struct Single;

impl Transport for Single {
    fn rank(&self) -> usize {
        0
    }
    fn ranks(&self) -> usize {
        1
    }
    fn exchange(&mut self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        out
    }
    fn max(&mut self, x: u64) -> u64 {
        x
    }
}

/// Ranks that are threads of one process, for tests: what MPI does between processes,
/// done through shared memory.
pub struct Local {
    rank: usize,
    shared: Arc<Shared>,
}

struct Shared {
    ranks: usize,
    barrier: Barrier,
    /// `mail[from][to]`.
    mail: Mutex<Vec<Vec<Vec<u8>>>>,
    maxima: Mutex<Vec<u64>>,
}

impl Local {
    /// `ranks` transports that reach each other, one for each thread.
    pub fn group(ranks: usize) -> Vec<Local> {
        let shared = Arc::new(Shared {
            ranks,
            barrier: Barrier::new(ranks),
            mail: Mutex::new(vec![vec![Vec::new(); ranks]; ranks]),
            maxima: Mutex::new(vec![0; ranks]),
        });
        (0..ranks)
            .map(|rank| Local {
                rank,
                shared: Arc::clone(&shared),
            })
            .collect()
    }
}

impl Transport for Local {
    fn rank(&self) -> usize {
        self.rank
    }
    fn ranks(&self) -> usize {
        self.shared.ranks
    }
    fn exchange(&mut self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let s = &self.shared;
        s.mail.lock().expect("no panics")[self.rank] = out;
        s.barrier.wait();
        let got = {
            let mut mail = s.mail.lock().expect("no panics");
            (0..s.ranks)
                .map(|from| std::mem::take(&mut mail[from][self.rank]))
                .collect()
        };
        s.barrier.wait();
        got
    }
    fn max(&mut self, x: u64) -> u64 {
        let s = &self.shared;
        s.maxima.lock().expect("no panics")[self.rank] = x;
        s.barrier.wait();
        let m = s
            .maxima
            .lock()
            .expect("no panics")
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        s.barrier.wait();
        m
    }
}

#[cfg(test)]
mod tests;
