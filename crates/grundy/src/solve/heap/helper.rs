//! A second core for the plain scan of large heaps: a helper thread that keeps its own
//! copy of the values (topped up with each job, so nothing is shared while it is written)
//! and marks its half of the pairs into its own flags.
//!
//! The two threads meet twice a heap, through atomics they spin on briefly, so that a
//! heap of a few thousand pairs is already worth splitting; an idle helper parks. A job
//! is claimed by whoever comes to it first: when the caller has marked its own share and
//! the helper has not yet taken the other (on a busy machine it may not be running at
//! all), the caller takes it back and marks it itself, so it never waits on a thread the
//! system has set aside.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// One heap's share of the work.
#[derive(Default)]
struct Job {
    /// Values the helper has not seen yet (heaps `copy.len()..`).
    new_values: Vec<u16>,
    /// Splits to mark: heap m, pairs (a, m − a) for a in from..=to.
    ranges: Vec<(usize, usize, usize)>,
    /// Flags below this are cleared first and handed back.
    span: usize,
}

struct Shared {
    job: Mutex<Job>,
    /// Flags the helper marked, one byte per value below the job's span.
    flags: Mutex<Vec<u8>>,
    posted: AtomicU64,
    /// The last job taken, by the helper or back by the caller.
    claimed: AtomicU64,
    done: AtomicU64,
}

/// The helper thread; stopped and joined when dropped.
pub struct Helper {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
    seq: u64,
    /// How many values the helper has been sent.
    sent: usize,
    /// How many it had been sent before the last job (a job taken back was never read, so
    /// its values go again with the next).
    sent_before: usize,
}

/// The sequence number that tells the helper to stop.
const STOP: u64 = u64::MAX;

impl Helper {
    /// A helper, if a thread can be started.
    pub fn start() -> Option<Helper> {
        let shared = Arc::new(Shared {
            job: Mutex::new(Job::default()),
            flags: Mutex::new(vec![0; 1 << 16]),
            posted: AtomicU64::new(0),
            claimed: AtomicU64::new(0),
            done: AtomicU64::new(0),
        });
        let theirs = Arc::clone(&shared);
        let thread = thread::Builder::new()
            .name("grundy-helper".into())
            .spawn(move || work(&theirs))
            .ok()?;
        Some(Helper {
            shared,
            thread: Some(thread),
            seq: 0,
            sent: 0,
            sent_before: 0,
        })
    }

    /// Hands over the ranges (values of heaps below the largest m must be in `g`); the
    /// caller marks its own share, then calls [`collect`](Self::collect).
    pub fn post(&mut self, g: &[u16], ranges: &[(usize, usize, usize)], span: usize) {
        {
            let mut job = lock(&self.shared.job);
            job.new_values.clear();
            job.new_values.extend_from_slice(&g[self.sent..]);
            job.ranges.clear();
            job.ranges.extend_from_slice(ranges);
            job.span = span;
        }
        self.sent_before = self.sent;
        self.sent = g.len();
        self.seq += 1;
        self.shared.posted.store(self.seq, Ordering::Release);
        if let Some(t) = &self.thread {
            t.thread().unpark();
        }
    }

    /// Finishes the job: when the helper has not started it, takes it back and returns
    /// `false` (the caller marks the helper's share itself); otherwise waits for the
    /// helper, hands its flags (below the span) to `merge` and returns `true`.
    pub fn collect(&mut self, merge: impl FnOnce(&[u8])) -> bool {
        if self
            .shared
            .claimed
            .compare_exchange(self.seq - 1, self.seq, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            self.sent = self.sent_before;
            return false;
        }
        let mut spins = 0u32;
        while self.shared.done.load(Ordering::Acquire) != self.seq {
            spins += 1;
            if spins < 1 << 16 {
                std::hint::spin_loop();
            } else {
                // A helper that died (a bug) would never answer: its panic goes on here.
                if self.thread.as_ref().is_some_and(JoinHandle::is_finished)
                    && let Some(t) = self.thread.take()
                {
                    match t.join() {
                        Err(panic) => std::panic::resume_unwind(panic),
                        Ok(()) => panic!("the helper thread ended with a job unanswered"),
                    }
                }
                thread::yield_now();
            }
        }
        let job_span = lock(&self.shared.job).span;
        merge(&lock(&self.shared.flags)[..job_span]);
        true
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        self.shared.posted.store(STOP, Ordering::Release);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The helper's loop: wait for a job, top up the copy, mark, report.
fn work(shared: &Shared) {
    let mut copy: Vec<u16> = Vec::new();
    let mut seen = 0u64;
    loop {
        let mut spins = 0u32;
        let posted = loop {
            let p = shared.posted.load(Ordering::Acquire);
            if p != seen {
                break p;
            }
            spins += 1;
            if spins < 1 << 14 {
                std::hint::spin_loop();
            } else {
                thread::park_timeout(Duration::from_millis(1));
            }
        };
        if posted == STOP {
            return;
        }
        seen = posted;
        // Taken back already: its values come again with the next job.
        if shared
            .claimed
            .compare_exchange(posted - 1, posted, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
        {
            continue;
        }
        {
            let job = lock(&shared.job);
            copy.extend_from_slice(&job.new_values);
            let mut flags = lock(&shared.flags);
            flags[..job.span].fill(0);
            let flags: &mut [u8; 1 << 16] = flags
                .as_mut_slice()
                .try_into()
                .expect("one flag per 16-bit value");
            if job.span <= 128 {
                // Every value below 128: two words of bits, in vector instructions.
                let mut bits = 0u128;
                for &(m, from, to) in &job.ranges {
                    let (low, high) = (&copy[from..=to], &copy[m - to..=m - from]);
                    bits |= super::simd::pair_bits_128(low, high);
                }
                for (v, f) in flags[..job.span].iter_mut().enumerate() {
                    *f = (bits >> v & 1) as u8;
                }
            } else {
                for &(m, from, to) in &job.ranges {
                    super::simd::mark_flags(&copy[from..=to], &copy[m - to..=m - from], flags);
                }
            }
        }
        shared.done.store(posted, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flags of the pairs (a, m − a), a in from..=to, marked directly.
    fn direct(g: &[u16], ranges: &[(usize, usize, usize)]) -> Vec<u8> {
        let mut flags = vec![0u8; 1 << 16];
        for &(m, from, to) in ranges {
            for a in from..=to {
                flags[usize::from(g[a] ^ g[m - a])] = 1;
            }
        }
        flags
    }

    /// Jobs collected at once (often taken back before the helper starts) and after a
    /// pause (done by the helper) give the flags of marking every pair directly, and a
    /// job taken back sends its values again, so the helper's copy never falls behind;
    /// with values below 64 (the helper's vector path) and past them (byte flags).
    #[test]
    fn taken_back_or_helped_the_flags_are_the_same() {
        for (span, below) in [(512usize, 300u64), (128, 128), (64, 64)] {
            let mut helper = Helper::start().expect("a thread starts");
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            let mut next = move || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let mut g: Vec<u16> = Vec::new();
            let (mut helped, mut taken_back) = (0, 0);
            for job in 0..400 {
                for _ in 0..1 + next() % 50 {
                    g.push((next() % below) as u16);
                }
                let m = g.len() - 1;
                let ranges: Vec<(usize, usize, usize)> = (0..1 + next() % 3)
                    .map(|k| {
                        let mm = m - k as usize;
                        let half = mm / 2;
                        (mm, 1.min(half), half)
                    })
                    .filter(|&(_, from, to)| from >= 1 && from <= to)
                    .collect();
                helper.post(&g, &ranges, span);
                if job % 3 == 0 {
                    thread::sleep(Duration::from_millis(2));
                }
                let mut got = vec![0u8; 1 << 16];
                if helper.collect(|flags| got[..flags.len()].copy_from_slice(flags)) {
                    helped += 1;
                } else {
                    taken_back += 1;
                    got = direct(&g, &ranges);
                }
                assert_eq!(
                    got[..span],
                    direct(&g, &ranges)[..span],
                    "span {span} job {job}"
                );
            }
            assert_eq!(helped + taken_back, 400);
            assert!(helped > 0, "span {span}: the helper never answered");
        }
    }
}
