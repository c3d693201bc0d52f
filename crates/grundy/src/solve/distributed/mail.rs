//! Batches sent without waiting, and the test that tells every rank at once that a phase of
//! work is over.
//!
//! Within a phase each rank works on what it has, sends each other rank what it found for
//! it in batches ([`Transport::post`], which does not wait for the batch to arrive), and
//! takes batches as they come ([`Transport::poll`]). No rank waits for another while it has
//! work. The phase is over when no rank has work left and no batch is on its way, and
//! nothing a single rank sees tells it so.
//!
//! Rank 0 finds it out by waves, Mattern's four-counter method (F. Mattern, *Algorithms
//! for distributed termination detection*, Distributed Computing 2, 1987): it asks every
//! rank for the number of batches it has sent and taken so far; a rank answers only when it
//! has no work, and rank 0 adds up the answers and its own count. A wave starts only once
//! the one before has every answer, so every answer of a wave is given after every answer
//! of the wave before. When two waves in a row give the same totals, and those totals say
//! as many batches were taken as were sent, no rank sent or took a batch between its two
//! answers (each count only grows). So at the moment the first of the two waves was
//! complete, every rank was idle (a rank is set to work only by a batch) and every batch
//! sent had been taken: the phase was over, and rank 0 tells every rank so. The test cannot
//! end a phase early, and it ends every phase, two waves after its last batch is taken.
//!
//! A rank that is asked to stop (a signal) tells rank 0 at once, busy or not, and rank 0
//! tells every rank to drop its work and the batches still coming; the phase ends, as
//! above, once none is left, and every rank hears that it ended stopped.

use super::{Stats, Transport};

/// The kinds of batch, in a batch's first word.
const DATA: u32 = 0;
/// Rank 0 asks for the counts of a wave: `[PROBE, wave]`.
const PROBE: u32 = 1;
/// A rank's answer: `[COUNTS, wave, sent (2 words), taken (2 words)]`.
const COUNTS: u32 = 2;
/// Rank 0 tells every rank to drop its work.
const DROP: u32 = 3;
/// Rank 0 tells every rank that the phase is over: `[DONE, stopped]`.
const DONE: u32 = 4;
/// A rank tells rank 0 that it is asked to stop.
const HALT: u32 = 5;

/// Bytes before a data batch's payload.
const HEAD: usize = 4;

/// How a phase ended, the same on every rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// Every rank's work is done.
    Quiet,
    /// A rank was asked to stop; the work left was dropped.
    Stopped,
}

/// A data batch taken from another rank.
pub(crate) struct Batch(Vec<u8>);

impl Batch {
    /// What the sender put in.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.0[HEAD..]
    }
}

/// One rank's side of one phase: its counts, and on rank 0 the waves.
pub(crate) struct Mail {
    /// Data batches posted to other ranks, and taken from them, in this phase.
    sent: u64,
    taken: u64,
    /// A wave rank 0 asked about, not yet answered.
    asked: Option<u32>,
    /// Rank 0: the wave under way (0 before the first), and whether it has every answer.
    wave: u32,
    waiting: bool,
    answers: usize,
    totals: [u64; 2],
    /// This rank has said that it is asked to stop.
    said: bool,
    /// Rank 0: the totals of the last complete wave.
    last: Option<[u64; 2]>,
    dropping: bool,
    ended: Option<Ended>,
    /// How this rank waits while it has nothing to do.
    idle: super::Backoff,
}

fn words(ws: &[u32]) -> Vec<u8> {
    ws.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The `i`-th little-endian word of `b`.
pub(crate) fn word(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[4 * i..4 * i + 4].try_into().expect("four bytes"))
}

fn split(x: u64) -> [u32; 2] {
    [x as u32, (x >> 32) as u32]
}

impl Mail {
    pub(crate) fn new() -> Mail {
        Mail {
            sent: 0,
            taken: 0,
            asked: None,
            wave: 0,
            waiting: false,
            answers: 0,
            totals: [0; 2],
            said: false,
            last: None,
            dropping: false,
            ended: None,
            idle: super::Backoff::default(),
        }
    }

    /// Whether this rank must drop its work and the batches it takes: a rank was asked to
    /// stop.
    pub(crate) fn dropping(&self) -> bool {
        self.dropping
    }

    fn control(t: &mut dyn Transport, stats: &mut Stats, to: usize, ws: &[u32]) {
        let batch = words(ws);
        stats.messages += 1;
        stats.bytes += batch.len() as u64;
        t.post(to, batch);
    }

    fn everyone(t: &mut dyn Transport, stats: &mut Stats, ws: &[u32]) {
        for r in 1..t.ranks() {
            Self::control(t, stats, r, ws);
        }
    }

    /// Sends `payload` to rank `to` (another rank), without waiting.
    pub(crate) fn send(
        &mut self,
        t: &mut dyn Transport,
        stats: &mut Stats,
        to: usize,
        payload: &[u8],
    ) {
        debug_assert_ne!(to, t.rank());
        let mut batch = Vec::with_capacity(HEAD + payload.len());
        batch.extend_from_slice(&DATA.to_le_bytes());
        batch.extend_from_slice(payload);
        self.sent += 1;
        stats.messages += 1;
        stats.bytes += batch.len() as u64;
        t.post(to, batch);
    }

    /// The next data batch that has arrived, if any, after the messages of the test that
    /// came before it; never waits.
    pub(crate) fn take(&mut self, t: &mut dyn Transport, stats: &mut Stats) -> Option<Batch> {
        while let Some(b) = t.poll() {
            match word(&b, 0) {
                DATA => {
                    self.taken += 1;
                    return Some(Batch(b));
                }
                PROBE => self.asked = Some(word(&b, 1)),
                COUNTS => {
                    if word(&b, 1) == self.wave {
                        let at =
                            |i: usize| u64::from(word(&b, i)) | u64::from(word(&b, i + 1)) << 32;
                        self.totals[0] += at(2);
                        self.totals[1] += at(4);
                        self.answers += 1;
                    }
                }
                DROP => self.dropping = true,
                HALT => self.drop_all(t, stats),
                DONE => {
                    self.ended = Some(if word(&b, 1) != 0 {
                        Ended::Stopped
                    } else {
                        Ended::Quiet
                    })
                }
                kind => unreachable!("a batch of unknown kind {kind}"),
            }
        }
        None
    }

    /// Rank 0: has every rank drop its work, once.
    fn drop_all(&mut self, t: &mut dyn Transport, stats: &mut Stats) {
        if !self.dropping {
            self.dropping = true;
            Self::everyone(t, stats, &[DROP]);
        }
    }

    /// Asks `stop` whether this rank is asked to stop, until it is; then says so to rank 0
    /// (on rank 0, has every rank drop its work). Call it between two steps of work, so that
    /// a stop is heard while ranks are busy; [`Mail::idle`] calls it once a wave.
    pub(crate) fn heed(
        &mut self,
        t: &mut dyn Transport,
        stats: &mut Stats,
        stop: impl Fn() -> bool,
    ) {
        if self.said || !stop() {
            return;
        }
        self.said = true;
        if t.rank() == 0 {
            self.drop_all(t, stats);
        } else {
            Self::control(t, stats, 0, &[HALT]);
        }
    }

    /// The end of a step of this rank's loop, after it has sent what is full and taken
    /// what has come: if the step `worked` (or took a batch), hears a stop before the next
    /// one; else this rank is idle ([`Mail::idle`]), and gives up its core for a moment
    /// unless the phase has ended: at first for a moment, then for longer the longer it
    /// stays idle ([`super::Backoff`]), so a waiting rank does not spin a core another
    /// process needs. How the phase ended, once it has.
    pub(crate) fn rest(
        &mut self,
        t: &mut dyn Transport,
        stats: &mut Stats,
        stop: impl Fn() -> bool,
        worked: bool,
    ) -> Option<Ended> {
        if worked {
            self.idle.reset();
            self.heed(t, stats, stop);
            return None;
        }
        let ended = self.idle(t, stats, stop);
        if ended.is_none() {
            self.idle.wait();
        }
        ended
    }

    /// This rank has no work, has sent what it found, and [`Mail::take`] found nothing:
    /// answers rank 0's question, or on rank 0 runs the waves. How the phase ended, once it
    /// has, on every rank, which then meet (a collective): no rank starts its next phase
    /// before every rank has heard that this one ended, so no batch of the next is taken in
    /// this one.
    pub(crate) fn idle(
        &mut self,
        t: &mut dyn Transport,
        stats: &mut Stats,
        stop: impl Fn() -> bool,
    ) -> Option<Ended> {
        let ended = self.outcome(t, stats, stop);
        if ended.is_some() && t.ranks() > 1 {
            t.max(0);
        }
        ended
    }

    fn outcome(
        &mut self,
        t: &mut dyn Transport,
        stats: &mut Stats,
        stop: impl Fn() -> bool,
    ) -> Option<Ended> {
        if t.ranks() == 1 {
            self.heed(t, stats, stop);
            return Some(if self.dropping {
                Ended::Stopped
            } else {
                Ended::Quiet
            });
        }
        if let Some(ended) = self.ended {
            return Some(ended);
        }
        if t.rank() != 0 {
            if let Some(wave) = self.asked.take() {
                self.heed(t, stats, stop);
                let [s0, s1] = split(self.sent);
                let [k0, k1] = split(self.taken);
                let ws = [COUNTS, wave, s0, s1, k0, k1];
                Self::control(t, stats, 0, &ws);
            }
            return None;
        }
        if !self.waiting {
            self.heed(t, stats, stop);
            self.wave += 1;
            self.waiting = true;
            self.answers = 0;
            self.totals = [self.sent, self.taken];
            Self::everyone(t, stats, &[PROBE, self.wave]);
            return None;
        }
        if self.answers + 1 < t.ranks() {
            return None;
        }
        self.waiting = false;
        let totals = self.totals;
        if totals[0] == totals[1] && self.last == Some(totals) {
            let stopped = self.dropping;
            Self::everyone(t, stats, &[DONE, u32::from(stopped)]);
            let ended = if stopped {
                Ended::Stopped
            } else {
                Ended::Quiet
            };
            self.ended = Some(ended);
            return Some(ended);
        }
        self.last = Some(totals);
        None
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::rc::Rc;

    use proptest::prelude::*;

    use super::*;

    /// A rank with nothing to do while another works leaves its core free: over a phase
    /// in which rank 0 computes for 0.3 s of its own time and sends nothing, rank 1, idle
    /// throughout, uses less than a quarter of that (a rank that spun would use as much).
    /// Thread CPU time, not wall time: a loaded machine slows both alike.
    #[cfg(unix)]
    #[test]
    fn an_idle_rank_leaves_its_core_free() {
        use crate::solve::distributed::Local;
        use std::time::Duration;
        fn cpu() -> Duration {
            let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
            Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
        }
        let used = Local::run(2, |t| {
            let mut mail = Mail::new();
            let mut stats = Stats::default();
            let start = cpu();
            if t.rank() == 0 {
                let mut x = 1u64;
                while cpu() - start < Duration::from_millis(300) {
                    for _ in 0..10_000 {
                        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    }
                    std::hint::black_box(x);
                }
            }
            loop {
                while mail.take(t, &mut stats).is_some() {}
                if let Some(ended) = mail.rest(t, &mut stats, || false, false) {
                    assert_eq!(ended, Ended::Quiet);
                    break;
                }
            }
            cpu() - start
        });
        assert!(
            used[1] * 4 < used[0],
            "CPU time of rank 0, rank 1: {used:?}"
        );
    }

    /// Ranks in one thread, whose batches wait in queues until the test lets a rank look.
    struct Sim {
        rank: usize,
        queues: Rc<RefCell<Vec<VecDeque<Vec<u8>>>>>,
    }

    impl Transport for Sim {
        fn rank(&self) -> usize {
            self.rank
        }
        fn ranks(&self) -> usize {
            self.queues.borrow().len()
        }
        fn exchange(&mut self, _: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
            unreachable!("the phase test exchanges nothing")
        }
        /// The meeting at a phase's end, which one thread cannot hold: the test checks
        /// instead that the work is done when each rank hears the end.
        fn max(&mut self, x: u64) -> u64 {
            x
        }
        fn post(&mut self, to: usize, batch: Vec<u8>) {
            assert_ne!(to, self.rank);
            self.queues.borrow_mut()[to].push_back(batch);
        }
        fn poll(&mut self) -> Option<Vec<u8>> {
            self.queues.borrow_mut()[self.rank].pop_front()
        }
    }

    /// A rank whose work is tokens: a token `h > 0` sends `h - 1` on to another rank, and a
    /// token divisible by 3 sends a second one.
    struct Node {
        t: Sim,
        mail: Mail,
        stats: Stats,
        tokens: Vec<u32>,
        handled: u64,
        ended: Option<Ended>,
    }

    /// What is left anywhere: tokens in hand and data batches on their way.
    fn left(nodes: &[Node], queues: &RefCell<Vec<VecDeque<Vec<u8>>>>) -> usize {
        let on_way: usize = queues
            .borrow()
            .iter()
            .map(|q| q.iter().filter(|b| word(b, 0) == DATA).count())
            .sum();
        on_way + nodes.iter().map(|n| n.tokens.len()).sum::<usize>()
    }

    /// Runs `tokens` (rank, token) on `ranks` ranks, letting the rank `order` names take
    /// one step at a time (then each in turn), `stopper` being asked to stop from its
    /// first question; checks that no rank hears the end while work is left, and returns
    /// how each rank's phase ended and the tokens handled.
    fn run(
        ranks: usize,
        tokens: &[(usize, u32)],
        order: &[usize],
        stopper: Option<usize>,
    ) -> (Vec<Ended>, u64) {
        let queues = Rc::new(RefCell::new(vec![VecDeque::new(); ranks]));
        let mut nodes: Vec<Node> = (0..ranks)
            .map(|rank| Node {
                t: Sim {
                    rank,
                    queues: Rc::clone(&queues),
                },
                mail: Mail::new(),
                stats: Stats::default(),
                tokens: tokens
                    .iter()
                    .filter(|&&(r, _)| r % ranks == rank)
                    .map(|&(_, h)| h)
                    .collect(),
                handled: 0,
                ended: None,
            })
            .collect();
        let mut steps = 0usize;
        while nodes.iter().any(|n| n.ended.is_none()) {
            let r = order.get(steps).map_or(steps, |&r| r) % ranks;
            steps += 1;
            assert!(steps < 1_000_000, "the phase never ended");
            let n = &mut nodes[r];
            if n.ended.is_some() {
                continue;
            }
            let asked = stopper == Some(r);
            n.mail.heed(&mut n.t, &mut n.stats, || asked);
            if n.mail.dropping() {
                n.tokens.clear();
            }
            if let Some(h) = n.tokens.pop() {
                n.handled += 1;
                if h > 0 {
                    let to = (r + 1 + h as usize % (ranks - 1)) % ranks;
                    n.mail
                        .send(&mut n.t, &mut n.stats, to, &(h - 1).to_le_bytes());
                    if h.is_multiple_of(3) {
                        let to = (r + ranks - 1) % ranks;
                        n.mail
                            .send(&mut n.t, &mut n.stats, to, &(h - 1).to_le_bytes());
                    }
                }
                continue;
            }
            if let Some(b) = n.mail.take(&mut n.t, &mut n.stats) {
                if !n.mail.dropping() {
                    n.tokens.push(word(b.bytes(), 0));
                }
                continue;
            }
            let ended = n.mail.idle(&mut n.t, &mut n.stats, || asked);
            if let Some(e) = ended {
                nodes[r].ended = Some(e);
                if e == Ended::Quiet {
                    assert_eq!(left(&nodes, &queues), 0, "rank {r} heard the end early");
                }
            }
        }
        // Every batch, the test's own included, was taken.
        assert!(queues.borrow().iter().all(VecDeque::is_empty));
        let ended = nodes.iter().map(|n| n.ended.unwrap()).collect();
        (ended, nodes.iter().map(|n| n.handled).sum())
    }

    /// Tokens handled in all when `h` is given to one rank and nothing is dropped.
    fn expected(h: u32) -> u64 {
        1 + if h == 0 {
            0
        } else if h.is_multiple_of(3) {
            2 * expected(h - 1)
        } else {
            expected(h - 1)
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Whatever order the ranks move in, no rank hears that the phase is over while a
        /// token is in hand or on its way, and every rank hears it.
        #[test]
        fn no_phase_ends_early_in_any_order(
            ranks in 2usize..=4,
            tokens in prop::collection::vec((0usize..4, 0u32..12), 0..6),
            order in prop::collection::vec(0usize..4, 0..400),
        ) {
            let (ended, handled) = run(ranks, &tokens, &order, None);
            prop_assert!(ended.iter().all(|&e| e == Ended::Quiet));
            prop_assert_eq!(handled, tokens.iter().map(|&(_, h)| expected(h)).sum::<u64>());
        }

        /// A rank asked to stop: every rank hears that the phase ended stopped, and no batch
        /// is left behind.
        #[test]
        fn a_stop_ends_the_phase_stopped_on_every_rank(
            ranks in 2usize..=4,
            stopper in 0usize..4,
            tokens in prop::collection::vec((0usize..4, 6u32..12), 1..6),
            order in prop::collection::vec(0usize..4, 0..400),
        ) {
            let (ended, _) = run(ranks, &tokens, &order, Some(stopper % ranks));
            prop_assert!(ended.iter().all(|&e| e == Ended::Stopped));
        }
    }

    #[test]
    fn one_rank_ends_or_stops_at_once_and_the_waves_are_counted_as_messages() {
        let (ended, handled) = run(1, &[], &[], None);
        assert_eq!((ended, handled), (vec![Ended::Quiet], 0));
        // One rank asked to stop drops its work at once.
        let (ended, handled) = run(1, &[(0, 5), (0, 7)], &[], Some(0));
        assert_eq!((ended, handled), (vec![Ended::Stopped], 0));
        // Two ranks, no work: two waves (a question and an answer each) and the end.
        let queues = Rc::new(RefCell::new(vec![VecDeque::new(); 2]));
        let mut t = [0, 1].map(|rank| Sim {
            rank,
            queues: Rc::clone(&queues),
        });
        let mut mail = [Mail::new(), Mail::new()];
        let mut stats = [Stats::default(); 2];
        let mut ended = [None, None];
        for _ in 0..10 {
            for r in 0..2 {
                while mail[r].take(&mut t[r], &mut stats[r]).is_some() {}
                if ended[r].is_none() {
                    ended[r] = mail[r].idle(&mut t[r], &mut stats[r], || false);
                }
            }
        }
        assert_eq!(ended, [Some(Ended::Quiet); 2]);
        assert_eq!((stats[0].messages, stats[1].messages), (3, 2));
    }
}
