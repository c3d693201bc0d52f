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
//! Within a tier's step no rank waits for another while it has work: a rank lists its
//! positions a few at a time, posts what it found for each other rank in batches that leave
//! when full ([`Transport::post`], not waiting for them to arrive), and takes the batches
//! that have come between two steps of its own: components to keep in discovery; in
//! values, questions (answered at once, from its table) and answers (a chunk of positions
//! waiting for them takes its values when the last one comes, while the next chunks are
//! listed). A step ends when no rank has work and no batch is on its way, which rank 0
//! finds out by a termination test that cannot end early (Mattern's waves of counts, the
//! `mail` module), and the ranks meet before the next step, so every tier ends on every
//! rank at once and a checkpoint holds whole tiers. This is the partitioned table of
//! transposition-driven scheduling (Romein, Plaat, Bal and Schaeffer, AAAI 1999): work sent
//! to the position's owner, in batched asynchronous messages, with a termination test;
//! with the phases of a retrograde solve done tier by tier (as Romein and Bal solved Awari
//! in 2003, and as GamesCrafters' tiers are), and the values held in the ranks' memory
//! rather than in files. The price of the tiers is idle ranks at the end of each, which
//! small tiers feel; and every position is enumerated, where the one-process search prunes.
//! The labelling of graphs with cycles ([`graph`]) goes the same way, value by value.
//!
//! The ranks talk through a [`Transport`]: MPI in the `grundy` command built with its `mpi`
//! feature, [`Local`] threads here (for tests), or [`Single`] for one process.

pub mod graph;
mod mail;

use mail::{Ended, Mail, word};

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use rustc_hash::FxBuildHasher;
use serde::Serialize;
use thiserror::Error;

use crate::parse::escaped_path;
use crate::store;

use crate::game::{Components, Game};
use crate::games::board::{Bits, Chomp, CramOn};
use crate::nimber::{MexSet, Nimber};

/// How the ranks of one solve reach each other. Every rank makes the same calls of
/// [`Transport::exchange`] and [`Transport::max`] in the same order (collectives); a rank
/// posts and polls on its own.
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
    /// Starts sending `batch` to rank `to`, another rank, and returns without waiting for it
    /// to arrive. Batches from one rank to another arrive in the order they were posted.
    fn post(&mut self, to: usize, batch: Vec<u8>);
    /// A batch posted to this rank that has arrived, if any; never waits.
    fn poll(&mut self) -> Option<Vec<u8>>;
}

/// Batches of words, one for each rank, exchanged among the ranks ([`Transport::exchange`]),
/// those that leave this rank counted in `stats` when given; the batches that came, as
/// bytes ([`words_of`] reads them). The words go as they lie in memory: the ranks of one
/// job share a byte order.
pub(crate) fn exchange_words<W: bytemuck::Pod>(
    transport: &mut dyn Transport,
    mut stats: Option<&mut Stats>,
    out: &[Vec<W>],
) -> Vec<Vec<u8>> {
    let me = transport.rank();
    let batches = out
        .iter()
        .enumerate()
        .map(|(r, words)| {
            let bytes = bytemuck::cast_slice::<W, u8>(words).to_vec();
            if let Some(stats) = stats
                .as_deref_mut()
                .filter(|_| r != me && !words.is_empty())
            {
                stats.messages += 1;
                stats.bytes += bytes.len() as u64;
            }
            bytes
        })
        .collect();
    transport.exchange(batches)
}

/// The words of a batch sent as they lie in memory, copied only when the bytes are not
/// aligned for them.
pub(crate) fn words_of<W: bytemuck::Pod>(bytes: &[u8]) -> std::borrow::Cow<'_, [W]> {
    match bytemuck::try_cast_slice::<u8, W>(bytes) {
        Ok(words) => words.into(),
        Err(_) => {
            let mut words = vec![W::zeroed(); bytes.len() / std::mem::size_of::<W>()];
            let whole = bytemuck::cast_slice_mut::<W, u8>(&mut words);
            let len = whole.len();
            whole.copy_from_slice(&bytes[..len]);
            words.into()
        }
    }
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
    /// Positions read from this rank's shard at the start.
    pub loaded: u64,
}

/// How a rank (or any thread) waits for something another process will do, without
/// spinning a core that process may need: the first few waits only yield, then each sleeps
/// twice as long as the one before, up to [`Backoff::LONGEST`]. A rank idle for long thus
/// looks for news a few thousand times a second, and its core is free in between; a rank
/// that was idle for a moment only answers at once.
#[derive(Clone, Copy, Debug, Default)]
pub struct Backoff {
    rounds: u32,
}

impl Backoff {
    /// Waits that only yield the core before the first sleep.
    pub const YIELDS: u32 = 8;
    /// The longest sleep.
    pub const LONGEST: Duration = Duration::from_micros(256);

    /// Waits once: yields, or sleeps as the waits so far say.
    pub fn wait(&mut self) {
        let d = self.next();
        if d.is_zero() {
            std::thread::yield_now();
        } else {
            std::thread::sleep(d);
        }
    }

    /// The length of the next wait (zero: a yield), counting it.
    fn next(&mut self) -> Duration {
        let r = self.rounds;
        self.rounds = self.rounds.saturating_add(1);
        match r.checked_sub(Self::YIELDS) {
            None => Duration::ZERO,
            Some(k) => Duration::from_micros(1u64 << k.min(8)).min(Self::LONGEST),
        }
    }

    /// Work came: the next wait is short again.
    pub fn reset(&mut self) {
        self.rounds = 0;
    }

    /// Waits until `done` says so, in this way.
    pub fn until(mut done: impl FnMut() -> bool) {
        let mut b = Backoff::default();
        while !done() {
            b.wait();
        }
    }
}

/// Where the ranks keep their parts of a solve, and when they save them.
pub struct Saving<'a> {
    /// The folder of the shards, one a rank: `rank-R.shard`.
    pub dir: &'a Path,
    /// What is solved (the game and board): a shard of another solve is refused.
    pub label: &'a str,
    /// How often the parts are saved (at the end of a tier, once this much time has passed).
    pub every: Duration,
    /// Whether this rank was asked to stop (a signal): then every rank saves and stops at
    /// the end of the tier.
    pub stop: &'a (dyn Fn() -> bool + Sync),
}

/// Why a solve with [`Saving`] ended without its values. Every rank gets the same kind.
#[derive(Debug, Error)]
pub enum SolveStop {
    /// A rank was asked to stop; every part was saved.
    #[error("stopped; every rank's part is saved in {}", escaped_path(.0))]
    Stopped(PathBuf),
    /// A shard was refused: another solve's, another rank count's, or damaged. (On rank 0
    /// the message names the shard; elsewhere it may only say another rank refused one.)
    #[error("{0}")]
    Shard(String),
    /// A shard could not be written or read.
    #[error("{0}")]
    Files(String),
}

/// How far a solve got, as one number that grows with progress (so that the ranks can agree
/// on the least of theirs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Progress {
    /// Nothing saved.
    Fresh,
    /// Every tier from this one up has been expanded, on every rank.
    Found(u32),
    /// Every tier below this one has its values, on every rank.
    Valued(u32),
}

impl Progress {
    const FOUND: u64 = 1;
    const VALUED: u64 = 1 << 40;
    const TOP: u64 = 1 << 32;

    fn code(self) -> u64 {
        match self {
            Progress::Fresh => 0,
            Progress::Found(t) => Self::FOUND + (Self::TOP - u64::from(t)),
            Progress::Valued(t) => Self::VALUED + u64::from(t),
        }
    }

    fn of(code: u64) -> Progress {
        if code >= Self::VALUED {
            Progress::Valued((code - Self::VALUED) as u32)
        } else if code >= Self::FOUND {
            Progress::Found((Self::TOP - (code - Self::FOUND)) as u32)
        } else {
            Progress::Fresh
        }
    }
}

/// The rank that owns `p`: the same on every rank, whatever the process.
pub fn owner<K: Key>(p: &K, ranks: usize) -> usize {
    (FxBuildHasher.hash_one(p) % ranks as u64) as usize
}

/// A rank's part of a solve that keeps shards as [`Saving`] says: the stops between two
/// steps of work and the saves at the end of a phase (a tier, a value), the same for every
/// engine.
trait Saves<'t> {
    /// How far the solve got, as a shard records it.
    type Mark: Copy;
    fn transport(&mut self) -> &mut dyn Transport;
    fn saving(&self) -> Option<&'t Saving<'t>>;
    /// When the part was last saved.
    fn last_save(&mut self) -> &mut Instant;
    /// Writes this rank's shard, with `mark`.
    fn save(&mut self, mark: Self::Mark) -> Result<(), SolveStop>;

    /// Every rank writes its part; if one cannot, every rank fails (rank by rank, with its
    /// own reason or that another rank's save failed).
    fn save_all(&mut self, mark: Self::Mark) -> Result<(), SolveStop> {
        let mine = self.save(mark);
        agreed(self.transport(), mine, || {
            SolveStop::Files("another rank could not save its part".into())
        })
    }

    /// After a phase that ended stopped (a rank was asked to stop, and every rank dropped
    /// its work): every rank saves at once (a launcher gives its processes little time after
    /// a signal), with `mark`, and the solve stops.
    fn stopped(&mut self, mark: Self::Mark) -> Result<(), SolveStop> {
        self.save_all(mark)?;
        let dir = self.saving().expect("only a saving stops").dir;
        Err(SolveStop::Stopped(dir.to_path_buf()))
    }

    /// The end of a step: every rank saves, with `mark`, when it is time or a rank was asked
    /// to stop, and then stops if one was.
    fn boundary(&mut self, mark: Self::Mark) -> Result<(), SolveStop> {
        let Some(saving) = self.saving() else {
            return Ok(());
        };
        let asked = (saving.stop)();
        let due = asked || self.last_save().elapsed() >= saving.every;
        if self.transport().max(u64::from(due)) == 0 {
            return Ok(());
        }
        self.save_all(mark)?;
        *self.last_save() = Instant::now();
        if self.transport().max(u64::from(asked)) == 1 {
            return Err(SolveStop::Stopped(saving.dir.to_path_buf()));
        }
        Ok(())
    }
}

impl<'t, G: Tiered> Saves<'t> for Part<'t, G> {
    /// A tier is found, or valued, when every rank's part of it is; the part saved holds
    /// the tier in hand too, done again on resume, its known values skipped.
    type Mark = Progress;
    fn transport(&mut self) -> &mut dyn Transport {
        &mut *self.transport
    }
    fn saving(&self) -> Option<&'t Saving<'t>> {
        self.saving
    }
    fn last_save(&mut self) -> &mut Instant {
        &mut self.last_save
    }
    fn save(&mut self, reached: Progress) -> Result<(), SolveStop> {
        self.write(reached)
    }
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
    saving: Option<&'t Saving<'t>>,
    last_save: Instant,
}

/// Positions a rank lists before it sends what is full and takes what has come.
const STEP: usize = 1 << 10;
/// Bytes for one rank that fill a batch.
const BATCH: usize = 1 << 16;
/// Components a rank remembers having sent in a tier before it forgets them.
const FORGET: usize = 1 << 20;
/// Positions whose values a rank asks for together, and such chunks waiting for answers.
const CHUNK: usize = 1 << 14;
const WAITING: usize = 4;
/// The kinds of batch while valuing a tier: `[kind, chunk, from rank, keys or values]`.
const QUESTION: u32 = 0;
const ANSWER: u32 = 1;

/// A chunk of positions waiting for the values of their options' components.
struct Chunk<P> {
    positions: Vec<P>,
    options: Vec<Vec<(u64, Components<P>)>>,
    /// Where each component's value is in `values`.
    index: HashMap<P, usize, FxBuildHasher>,
    values: Vec<u32>,
    /// The components asked of each rank, as places in `values`, in the order asked.
    asked: Vec<Vec<usize>>,
    /// Ranks whose answer has not come.
    waiting: usize,
}

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

    /// Finds every position below the roots, tier by tier from the top; after a resume,
    /// from below tier `from`, every tier from it up being expanded already.
    fn discover(&mut self, roots: &[G::Position], from: Option<u32>) -> Result<(), SolveStop> {
        if from.is_none() {
            let found = self.send_keys(roots);
            for p in found {
                self.keep(p);
            }
        }
        let top = self.transport.max(self.tiers.len() as u64) as usize;
        let below = from.map_or(top, |t| t as usize);
        let mut buf = Vec::new();
        for t in (1..below.min(top)).rev() {
            // Taken out while its options are listed (they all lie in lower tiers), not copied.
            let mine = self
                .tiers
                .get_mut(t)
                .map(std::mem::take)
                .unwrap_or_default();
            let ended = self.expand(&mine, &mut buf);
            if let Some(tier) = self.tiers.get_mut(t) {
                *tier = mine;
            }
            if ended == Ended::Stopped {
                // The tiers above are done: what this one found so far is kept too.
                return self.stopped(Progress::Found(t as u32 + 1));
            }
            self.boundary(Progress::Found(t as u32))?;
        }
        Ok(())
    }

    /// One phase: lists the options of `mine` (this rank's positions of one tier) and sends
    /// each component to its owner, which keeps it if it is new there.
    fn expand(&mut self, mine: &[G::Position], buf: &mut Vec<Components<G::Position>>) -> Ended {
        let (me, ranks) = (self.me(), self.ranks());
        let saving = self.saving;
        let stop = || saving.is_some_and(|s| (s.stop)());
        let mut mail = Mail::new();
        let mut out = vec![Vec::new(); ranks];
        // Components already sent from here, forgotten now and then to bound the memory.
        let mut sent = std::collections::HashSet::with_hasher(FxBuildHasher);
        let mut next = 0;
        mail.heed(&mut *self.transport, &mut self.stats, stop);
        loop {
            if mail.dropping() {
                next = mine.len();
                out.iter_mut().for_each(Vec::clear);
            }
            let end = (next + STEP).min(mine.len());
            for p in &mine[next..end] {
                for (_, comps) in self.options(p, buf) {
                    for c in comps {
                        let r = owner(&c, ranks);
                        if r == me {
                            self.keep(c);
                        } else if sent.insert(c) {
                            c.write(&mut out[r]);
                        }
                    }
                }
            }
            next = end;
            if sent.len() > FORGET {
                sent.clear();
            }
            let busy = next < mine.len();
            for (r, batch) in out.iter_mut().enumerate() {
                if batch.len() >= BATCH || (!busy && !batch.is_empty()) {
                    mail.send(&mut *self.transport, &mut self.stats, r, batch);
                    batch.clear();
                }
            }
            let mut took = false;
            while let Some(batch) = mail.take(&mut *self.transport, &mut self.stats) {
                took = true;
                if !mail.dropping() {
                    for c in batch.bytes().chunks_exact(G::Position::BYTES) {
                        self.keep(G::Position::read(c));
                    }
                }
            }
            if let Some(ended) =
                mail.rest(&mut *self.transport, &mut self.stats, stop, busy || took)
            {
                return ended;
            }
        }
    }

    /// Writes this rank's part: how far the solve got, then every position with its tier
    /// and value (`u32::MAX` for none yet).
    fn write(&self, reached: Progress) -> Result<(), SolveStop> {
        let saving = self.saving.expect("saving");
        let mut payload = Vec::with_capacity(16 + self.table.len() * (G::Position::BYTES + 8));
        payload.extend_from_slice(&reached.code().to_le_bytes());
        payload.extend_from_slice(&(self.table.len() as u64).to_le_bytes());
        for (p, v) in &self.table {
            p.write(&mut payload);
            payload.extend_from_slice(&self.game.tier(p).to_le_bytes());
            payload.extend_from_slice(&v.unwrap_or(u32::MAX).to_le_bytes());
        }
        write_shard(saving, self.me(), self.ranks(), &payload)
    }

    /// Reads this rank's shard, if there is one: how far it got. Every rank must call it.
    fn load(&mut self, saving: &Saving<'_>) -> Result<Progress, SolveStop> {
        let entry = G::Position::BYTES + 8;
        let path = shard_path(saving.dir, self.me());
        let read = read_shard(saving, self.me(), self.ranks()).and_then(|bytes| {
            let Some(bytes) = bytes else {
                return Ok(Progress::Fresh);
            };
            let damaged = || damaged_shard(&path);
            let (code, count, rest) = shard_head(&bytes).ok_or_else(damaged)?;
            if rest.len() as u64 != count.saturating_mul(entry as u64) {
                return Err(damaged());
            }
            for e in rest.chunks_exact(entry) {
                let p = G::Position::read(e);
                let at = G::Position::BYTES;
                let tier = u32::from_le_bytes(e[at..at + 4].try_into().expect("four bytes"));
                let v = u32::from_le_bytes(e[at + 4..at + 8].try_into().expect("four bytes"));
                if tier != self.game.tier(&p) {
                    return Err(damaged());
                }
                self.keep(p);
                if v != u32::MAX {
                    self.table.insert(p, Some(v));
                }
            }
            self.stats.loaded = count;
            Ok(Progress::of(code))
        });
        let code = agreed(&mut *self.transport, read.map(Progress::code), || {
            SolveStop::Shard("another rank refused its shard".into())
        })?;
        let least = u64::MAX - self.transport.max(u64::MAX - code);
        Ok(Progress::of(least))
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

    /// Values of every stored position, tier by tier from the bottom (from tier `from`,
    /// the ones below having theirs); a position whose value was loaded is not done again.
    fn evaluate(&mut self, from: u32) -> Result<(), SolveStop> {
        let top = self.transport.max(self.tiers.len() as u64) as usize;
        let mut buf = Vec::new();
        for t in from as usize..top {
            let todo: Vec<G::Position> = self
                .tiers
                .get(t)
                .map(|v| {
                    v.iter()
                        .filter(|p| self.table.get(*p).is_some_and(Option::is_none))
                        .copied()
                        .collect()
                })
                .unwrap_or_default();
            if self.value_tier(&todo, &mut buf) == Ended::Stopped {
                return self.stopped(Progress::Valued(t as u32));
            }
            self.boundary(Progress::Valued(t as u32 + 1))?;
        }
        Ok(())
    }

    /// The value of `p`, stored here, of a tier already valued.
    fn value_of(&self, p: &G::Position) -> u32 {
        self.table
            .get(p)
            .copied()
            .flatten()
            .expect("a lower tier's value is known")
    }

    /// Starts a chunk of `positions`: lists their options, takes the values of their
    /// components stored here and asks the other ranks for the rest (`id` names the chunk
    /// in the questions and answers).
    fn ask_chunk(
        &mut self,
        mail: &mut Mail,
        id: u32,
        positions: &[G::Position],
        buf: &mut Vec<Components<G::Position>>,
    ) -> Chunk<G::Position> {
        let (me, ranks) = (self.me(), self.ranks());
        let options: Vec<Vec<(u64, Components<G::Position>)>> =
            positions.iter().map(|p| self.options(p, buf)).collect();
        let mut index = HashMap::with_hasher(FxBuildHasher);
        let mut keys = Vec::new();
        for c in options.iter().flatten().flat_map(|(_, c)| c) {
            index.entry(*c).or_insert_with(|| {
                keys.push(*c);
                keys.len() - 1
            });
        }
        let mut values = vec![0u32; keys.len()];
        let mut asked = vec![Vec::new(); ranks];
        for (i, k) in keys.iter().enumerate() {
            match owner(k, ranks) {
                r if r == me => values[i] = self.value_of(k),
                r => asked[r].push(i),
            }
        }
        let mut waiting = 0;
        for (r, slots) in asked.iter().enumerate().filter(|(_, s)| !s.is_empty()) {
            let mut question = Vec::with_capacity(12 + slots.len() * G::Position::BYTES);
            for w in [QUESTION, id, me as u32] {
                question.extend_from_slice(&w.to_le_bytes());
            }
            for &i in slots {
                keys[i].write(&mut question);
            }
            mail.send(&mut *self.transport, &mut self.stats, r, &question);
            waiting += 1;
        }
        Chunk {
            positions: positions.to_vec(),
            options,
            index,
            values,
            asked,
            waiting,
        }
    }

    /// Gives every position of a chunk whose answers are all in its value.
    fn finish(&mut self, chunk: Chunk<G::Position>) {
        let mut mex = MexSet::new();
        for (p, opts) in chunk.positions.iter().zip(&chunk.options) {
            mex.reset(opts.len());
            for (acc, comps) in opts {
                let v = comps
                    .iter()
                    .fold(*acc, |a, c| a ^ u64::from(chunk.values[chunk.index[c]]));
                mex.insert(v);
            }
            let v = u32::try_from(mex.mex()).expect("values of boards fit 32 bits");
            self.table.insert(*p, Some(v));
        }
    }

    /// One phase: the values of `todo` (this rank's positions of one tier still without
    /// one), a chunk at a time, with a few chunks waiting for answers while the next is
    /// listed; meanwhile the other ranks' questions are answered as they come.
    fn value_tier(
        &mut self,
        todo: &[G::Position],
        buf: &mut Vec<Components<G::Position>>,
    ) -> Ended {
        let me = self.me();
        let saving = self.saving;
        let stop = || saving.is_some_and(|s| (s.stop)());
        let mut mail = Mail::new();
        let mut waiting: HashMap<u32, Chunk<G::Position>, FxBuildHasher> = HashMap::default();
        let (mut next, mut id) = (0, 0u32);
        mail.heed(&mut *self.transport, &mut self.stats, stop);
        loop {
            if mail.dropping() {
                next = todo.len();
                waiting.clear();
            }
            if next < todo.len() && waiting.len() < WAITING {
                let end = (next + CHUNK).min(todo.len());
                let chunk = self.ask_chunk(&mut mail, id, &todo[next..end], buf);
                next = end;
                if chunk.waiting == 0 {
                    self.finish(chunk);
                } else {
                    waiting.insert(id, chunk);
                }
                id += 1;
            }
            let busy = next < todo.len() && waiting.len() < WAITING;
            let mut took = false;
            while let Some(batch) = mail.take(&mut *self.transport, &mut self.stats) {
                took = true;
                if mail.dropping() {
                    continue;
                }
                let b = batch.bytes();
                let (kind, chunk, from) = (word(b, 0), word(b, 1), word(b, 2) as usize);
                let rest = &b[12..];
                if kind == QUESTION {
                    let mut answer = Vec::with_capacity(12 + rest.len() / G::Position::BYTES * 4);
                    for w in [ANSWER, chunk, me as u32] {
                        answer.extend_from_slice(&w.to_le_bytes());
                    }
                    for k in rest.chunks_exact(G::Position::BYTES) {
                        let v = self.value_of(&G::Position::read(k));
                        answer.extend_from_slice(&v.to_le_bytes());
                    }
                    mail.send(&mut *self.transport, &mut self.stats, from, &answer);
                } else {
                    let c = waiting.get_mut(&chunk).expect("an answer to a chunk asked");
                    for (&slot, v) in c.asked[from].iter().zip(rest.chunks_exact(4)) {
                        c.values[slot] = u32::from_le_bytes(v.try_into().expect("four bytes"));
                    }
                    c.waiting -= 1;
                    if c.waiting == 0 {
                        let done = waiting.remove(&chunk).expect("waiting");
                        self.finish(done);
                    }
                }
            }
            if let Some(ended) =
                mail.rest(&mut *self.transport, &mut self.stats, stop, busy || took)
            {
                return ended;
            }
        }
    }
}

/// The shard of rank `rank` in `dir`.
pub fn shard_path(dir: &Path, rank: usize) -> PathBuf {
    dir.join(format!("rank-{rank}.shard"))
}

/// The label a rank's shard carries: the solve's, and the rank's place in the job.
fn shard_label(saving: &Saving<'_>, rank: usize, ranks: usize) -> String {
    format!("grundy shard: {}, rank {rank} of {ranks}", saving.label)
}

/// Writes rank `rank`'s shard.
fn write_shard(
    saving: &Saving<'_>,
    rank: usize,
    ranks: usize,
    payload: &[u8],
) -> Result<(), SolveStop> {
    let path = shard_path(saving.dir, rank);
    store::write(&path, &shard_label(saving, rank, ranks), payload)
        .map_err(|e| SolveStop::Files(e.to_string()))
}

/// Reads rank `rank`'s shard: `None` when there is none. A shard of another solve or rank,
/// or a damaged one, is refused.
fn read_shard(
    saving: &Saving<'_>,
    rank: usize,
    ranks: usize,
) -> Result<Option<Vec<u8>>, SolveStop> {
    let path = shard_path(saving.dir, rank);
    // A shard can hold no more than this process could: one whose header promises more
    // (a sparse file, say) is refused before anything is allocated for it.
    let most = crate::work::memory_available().unwrap_or(u64::MAX >> 8);
    store::read(&path, &shard_label(saving, rank, ranks), most).map_err(|e| {
        if e.is_damaged() {
            SolveStop::Shard(format!(
                "shard refused: {e} (a shard is kept for one solve and one number of ranks; remove the folder to start afresh)"
            ))
        } else {
            SolveStop::Files(e.to_string())
        }
    })
}

/// The refusal of a shard whose payload does not read.
fn damaged_shard(path: &Path) -> SolveStop {
    SolveStop::Shard(format!(
        "shard refused: {} is cut short or damaged",
        escaped_path(path)
    ))
}

/// A shard payload's head: how far the solve got and how many entries follow; and the rest.
fn shard_head(bytes: &[u8]) -> Option<(u64, u64, &[u8])> {
    if bytes.len() < 16 {
        return None;
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"));
    Some((word(0), word(8), &bytes[16..]))
}

/// Every rank's `mine`, once every rank knows whether one failed: if one did, every rank
/// fails; rank 0 with the first failing rank's reason, a failing rank with its own, the
/// others with `other()`.
fn agreed<T>(
    transport: &mut dyn Transport,
    mine: Result<T, SolveStop>,
    other: impl FnOnce() -> SolveStop,
) -> Result<T, SolveStop> {
    let mut out = vec![Vec::new(); transport.ranks()];
    if let Err(e) = &mine {
        let kind = match e {
            SolveStop::Shard(_) => 1u8,
            _ => 2,
        };
        out[0] = std::iter::once(kind)
            .chain(e.to_string().into_bytes())
            .collect();
    }
    let heard = transport.exchange(out);
    if transport.max(u64::from(mine.is_err())) == 0 {
        return mine;
    }
    let rank = transport.rank();
    match (mine, heard.iter().find(|m| !m.is_empty())) {
        (Err(e), _) if rank != 0 => Err(e),
        (_, Some(m)) if rank == 0 => {
            let why = String::from_utf8_lossy(&m[1..]).into_owned();
            Err(if m[0] == 1 {
                SolveStop::Shard(why)
            } else {
                SolveStop::Files(why)
            })
        }
        _ => Err(other()),
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
    values_saved(game, roots, transport, None).expect("nothing to save, nothing to stop")
}

/// [`values`], each rank keeping its part in a shard as `saving` says and going on from
/// the shards it finds. The ranks resume from the least progress among their shards; a
/// rank whose shard is missing starts its part afresh (the others keep their values, and
/// the positions are found again). A shard of another solve or another number of ranks,
/// or a damaged one, is refused before any work, on every rank.
pub fn values_saved<G: Tiered>(
    game: &G,
    roots: &[G::Position],
    transport: &mut dyn Transport,
    saving: Option<&Saving<'_>>,
) -> Result<(Vec<Nimber>, Stats), SolveStop> {
    let mut part = Part {
        game,
        transport,
        table: HashMap::with_hasher(FxBuildHasher),
        tiers: Vec::new(),
        stats: Stats::default(),
        saving: None,
        last_save: Instant::now(),
    };
    let progress = match saving {
        Some(s) => {
            let _ = std::fs::create_dir_all(s.dir);
            part.load(s)?
        }
        None => Progress::Fresh,
    };
    // Set only now: `Part` borrows the saving for the solve's length.
    let saving: Option<&Saving<'_>> = saving;
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
    let mut part = Part { saving, ..part };
    match progress {
        Progress::Fresh => part.discover(&wanted, None)?,
        Progress::Found(t) => part.discover(&wanted, Some(t))?,
        Progress::Valued(_) => {}
    }
    part.evaluate(match progress {
        Progress::Valued(t) => t,
        _ => 0,
    })?;
    // A finished part is saved whole: the same solve again only reads it.
    if saving.is_some() {
        let top = part.transport.max(part.tiers.len() as u64) as u32;
        part.save_all(Progress::Valued(top))?;
    }
    let asked = part.ask(&wanted);
    let mut next = asked.into_iter();
    let values = rooted
        .into_iter()
        .map(|(known, key)| {
            Nimber(key.map_or(known, |_| u64::from(next.next().expect("one value a root"))))
        })
        .collect();
    part.stats.stored = part.table.len() as u64;
    Ok((values, part.stats))
}

/// The values of sums of positions (rank 0's `sums`; the others' are ignored), each the
/// nim-sum of its components' values, all solved in one [`values_saved`].
pub fn sum_values<G: Tiered>(
    game: &G,
    sums: &[Components<G::Position>],
    transport: &mut dyn Transport,
    saving: Option<&Saving<'_>>,
) -> Result<(Vec<Nimber>, Stats), SolveStop> {
    let roots: Vec<G::Position> = sums.iter().flatten().copied().collect();
    let (values, stats) = values_saved(game, &roots, transport, saving)?;
    if transport.rank() != 0 {
        return Ok((values, stats));
    }
    let mut next = values.into_iter();
    let sums = sums
        .iter()
        .map(|s| {
            s.iter().fold(Nimber(0), |acc, _| {
                acc ^ next.next().expect("a value a component")
            })
        })
        .collect();
    Ok((sums, stats))
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
    fn post(&mut self, to: usize, _: Vec<u8>) {
        unreachable!("one rank has no rank {to} to post to")
    }
    fn poll(&mut self) -> Option<Vec<u8>> {
        None
    }
}

/// Ranks that are threads of one process, for tests: what MPI does between processes,
/// done through shared memory.
pub struct Local {
    rank: usize,
    shared: Arc<Shared>,
    posted: Receiver<Vec<u8>>,
}

struct Shared {
    ranks: usize,
    /// Where each rank's posted batches go.
    post: Vec<Sender<Vec<u8>>>,
    meeting: Meeting,
    /// `mail[from][to]`.
    mail: Mutex<Vec<Vec<Vec<u8>>>>,
    maxima: Mutex<Vec<u64>>,
}

/// Where the ranks of a [`Local`] group wait for each other, which a rank that panics
/// breaks: every rank waiting there, or polling for mail, then panics too (with
/// [`OtherRank`]), so a failing rank fails the run instead of leaving the others waiting
/// for it forever.
struct Meeting {
    ranks: usize,
    /// Ranks arrived at this meeting, the meetings held so far.
    state: Mutex<(usize, u64)>,
    held: Condvar,
    broken: AtomicBool,
}

/// What a rank of a [`Local`] group panics with when another rank panicked first.
#[derive(Debug)]
pub struct OtherRank;

impl Meeting {
    fn new(ranks: usize) -> Meeting {
        Meeting {
            ranks,
            state: Mutex::new((0, 0)),
            held: Condvar::new(),
            broken: AtomicBool::new(false),
        }
    }

    fn check(&self) {
        if self.broken.load(Ordering::Acquire) {
            std::panic::panic_any(OtherRank);
        }
    }

    /// Waits until every rank has come.
    fn wait(&self) {
        self.check();
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.0 += 1;
        if state.0 == self.ranks {
            *state = (0, state.1 + 1);
            self.held.notify_all();
            return;
        }
        let held = state.1;
        while state.1 == held && !self.broken.load(Ordering::Acquire) {
            state = self.held.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        drop(state);
        self.check();
    }

    fn break_off(&self) {
        let _state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        self.broken.store(true, Ordering::Release);
        self.held.notify_all();
    }
}

impl Local {
    /// `ranks` transports that reach each other, one for each thread.
    fn group(ranks: usize) -> Vec<Local> {
        let (post, posted): (Vec<_>, Vec<_>) = (0..ranks).map(|_| channel()).unzip();
        let shared = Arc::new(Shared {
            ranks,
            post,
            meeting: Meeting::new(ranks),
            mail: Mutex::new(vec![vec![Vec::new(); ranks]; ranks]),
            maxima: Mutex::new(vec![0; ranks]),
        });
        posted
            .into_iter()
            .enumerate()
            .map(|(rank, posted)| Local {
                rank,
                shared: Arc::clone(&shared),
                posted,
            })
            .collect()
    }

    /// `work` on `ranks` threads, each one rank of a new group; every rank's result, rank 0's
    /// first. A rank that panics makes every other rank panic at its next exchange or poll,
    /// and the first rank's own panic is passed on.
    pub fn run<T: Send>(ranks: usize, work: impl Fn(&mut Local) -> T + Sync) -> Vec<T> {
        let work = &work;
        let mut results: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = Local::group(ranks)
                .into_iter()
                .map(|mut t| {
                    s.spawn(move || {
                        let shared = Arc::clone(&t.shared);
                        let done =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&mut t)));
                        if done.is_err() {
                            shared.meeting.break_off();
                        }
                        done
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a rank's panic is caught"))
                .collect()
        });
        let first = results
            .iter()
            .position(|r| matches!(r, Err(p) if !p.is::<OtherRank>()))
            .or_else(|| results.iter().position(Result::is_err));
        if let Some(i) = first {
            let Err(p) = results.swap_remove(i) else {
                unreachable!("the rank found panicked")
            };
            std::panic::resume_unwind(p);
        }
        results.into_iter().filter_map(Result::ok).collect()
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
        s.mail.lock().unwrap_or_else(|p| p.into_inner())[self.rank] = out;
        s.meeting.wait();
        let got = {
            let mut mail = s.mail.lock().unwrap_or_else(|p| p.into_inner());
            (0..s.ranks)
                .map(|from| std::mem::take(&mut mail[from][self.rank]))
                .collect()
        };
        s.meeting.wait();
        got
    }
    fn max(&mut self, x: u64) -> u64 {
        let s = &self.shared;
        s.maxima.lock().unwrap_or_else(|p| p.into_inner())[self.rank] = x;
        s.meeting.wait();
        let m = s
            .maxima
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        s.meeting.wait();
        m
    }
    fn post(&mut self, to: usize, batch: Vec<u8>) {
        if self.shared.post[to].send(batch).is_err() {
            self.shared.meeting.check();
            panic!("rank {to} has ended, and rank {} posts to it", self.rank);
        }
    }
    fn poll(&mut self) -> Option<Vec<u8>> {
        self.shared.meeting.check();
        self.posted.try_recv().ok()
    }
}

#[cfg(test)]
mod tests;
