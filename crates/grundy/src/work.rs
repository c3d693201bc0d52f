//! How much work a request is, estimated before it starts, so that one that would run for
//! hours or years is refused with the limit named instead of left running.
//!
//! Work is counted in steps. One step is the inner step of the octal table loop on byte
//! values (one pair of heaps looked at), about a quarter of a nanosecond on one core of the
//! 2-core machine the figures in BENCHMARKS.md come from; other loops count several steps
//! per operation, by their measured speed relative to it. Estimates are upper bounds where
//! the method allows (a period proved early only makes the work smaller).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

/// The most steps one request may be estimated at: about four minutes here.
pub const MAX_STEPS: u64 = 1_000_000_000_000;

/// A limit that refuses nothing, however large the estimate (for library callers that
/// bound the work themselves).
pub const UNLIMITED: u64 = u64::MAX;

/// Nanoseconds per step on the reference machine, for the time shown in messages.
const NS_PER_STEP: f64 = 0.25;

/// Steps per option the generic solver looks at (hashing and a memo lookup per
/// component: 20–30 ns).
pub const SOLVER_OPTION: u64 = 100;
/// Steps per pair in the octal loop once values no longer fit a byte (about 2 ns).
pub const WIDE_PAIR: u64 = 8;
/// Steps per take and heap in the subtraction loop with 64 takes or more (about 1 ns).
pub const SUBTRACTION_TAKE: u64 = 4;

/// Steps per option of the cross-cut table (bottom-up, about 4.5 ns).
pub const CROSS_CUT_TABLE_OPTION: u64 = 18;
/// Steps per option of the cross-cut search (four quadrants shrunk and looked up in a hash
/// map, about 200 ns).
pub const CROSS_CUT_SEARCH_OPTION: u64 = 900;
/// Steps per option of the full-board Inventor solver (four regions tightened and keyed,
/// then looked up in the memo: 380–420 ns, measured on full 3×1333, 5×799 and 21×189
/// boards).
pub const FULL_BOARD_OPTION: u64 = 1600;
/// Steps per row or point read to match a point pattern in the cross-cut search (about
/// 11 ns).
pub const CROSS_CUT_PATTERN_READ: u64 = 45;

/// Steps shared by the parts of one request whose cost cannot be estimated before it runs
/// (the boards of one contest input, solved on both cores): each part charges the work it
/// has done, counted in operations, not time, and all stop once the total passes the
/// limit. Clones share the same account.
#[derive(Clone, Debug)]
pub struct Budget(Arc<Account>);

#[derive(Debug)]
struct Account {
    used: AtomicU64,
    limit: u64,
    /// The stop flag of the thread that opened the account (see [`crate::stop`]): the
    /// parts charge from other threads, and a raised flag stops them there.
    stop: Option<crate::stop::Stop>,
}

impl Budget {
    /// An account of `limit` steps.
    pub fn new(limit: u64) -> Budget {
        Budget(Arc::new(Account {
            used: AtomicU64::new(0),
            limit,
            stop: crate::stop::current(),
        }))
    }

    /// An account that never runs out.
    pub fn unlimited() -> Budget {
        Budget::new(UNLIMITED)
    }

    /// The bound.
    pub fn limit(&self) -> u64 {
        self.0.limit
    }

    /// Steps charged so far, by every clone.
    pub fn used(&self) -> u64 {
        self.0.used.load(Ordering::Relaxed)
    }

    /// Charges `steps`; `false` once the total is past the limit. Unwinds to
    /// [`crate::stop::run`] once the stop flag of the thread that opened the account is
    /// raised.
    pub fn charge(&self, steps: u64) -> bool {
        if let Some(stop) = &self.0.stop {
            stop.check();
        }
        let before = self.0.used.fetch_add(steps, Ordering::Relaxed);
        before.saturating_add(steps) <= self.0.limit
    }
}

/// A request whose estimated work is past [`MAX_STEPS`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "{task} needs an estimated {steps} steps of work, about {} here; the limit is {limit} steps, about {}",
    in_words(*steps),
    in_words(*limit)
)]
pub struct TooMuchWork {
    /// What was asked, in words ("the solver on octal:0.77 up to 100000").
    pub task: String,
    /// The estimate (saturated at `u64::MAX`).
    pub steps: u64,
    /// The bound.
    pub limit: u64,
}

/// Refuses `steps` past `limit` (never with [`UNLIMITED`]), describing the task only when
/// it is refused.
pub fn check(steps: u128, limit: u64, task: impl FnOnce() -> String) -> Result<(), TooMuchWork> {
    if limit != UNLIMITED && steps > u128::from(limit) {
        return Err(TooMuchWork {
            task: task(),
            steps: u64::try_from(steps).unwrap_or(u64::MAX),
            limit,
        });
    }
    Ok(())
}

/// Bytes of memory this process may still use: what the machine has available now
/// (`MemAvailable` in /proc/meminfo on Linux), or less under an address-space limit
/// (`ulimit -v`); `None` where neither can be read.
pub fn memory_available() -> Option<u64> {
    let machine = (|| {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        kib.checked_mul(1024)
    })();
    let limit = address_space_limit();
    match (machine, limit) {
        (Some(m), Some(l)) => Some(m.min(l)),
        (m, l) => m.or(l),
    }
}

/// The address-space limit, less what is mapped already (a rough bound: the limit counts
/// every mapping, not only the heap).
#[cfg(unix)]
fn address_space_limit() -> Option<u64> {
    let limit = rustix::process::getrlimit(rustix::process::Resource::As).current?;
    let mapped = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096);
    Some(limit.saturating_sub(mapped))
}

#[cfg(not(unix))]
fn address_space_limit() -> Option<u64> {
    None
}

/// A number of steps as a rough time on the reference machine: "40 seconds", "3 hours".
pub fn in_words(steps: u64) -> String {
    let seconds = steps as f64 * NS_PER_STEP / 1e9;
    let units = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
        (1.0, "seconds"),
    ];
    for (size, name) in units {
        if seconds >= 2.0 * size {
            return format!("{:.0} {name}", seconds / size);
        }
    }
    "a second or two".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_shared_by_its_clones() {
        let budget = Budget::new(10);
        let other = budget.clone();
        assert!(budget.charge(6));
        assert!(other.charge(4));
        assert!(!budget.charge(1));
        assert_eq!(other.used(), 11);
        assert!(Budget::unlimited().charge(u64::MAX));
    }

    #[test]
    fn times_in_words() {
        assert_eq!(in_words(MAX_STEPS), "4 minutes");
        assert_eq!(in_words(1_000), "a second or two");
        assert_eq!(in_words(u64::MAX), "146 years");
        assert!(check(10, 10, || unreachable!()).is_ok());
        // Estimates are u128 and may pass u64::MAX: the unlimited bound still takes them.
        assert!(check(u128::MAX, UNLIMITED, || unreachable!()).is_ok());
        let e = check(11, 10, || "this".into()).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("this needs an estimated 11 steps"),
            "{e}"
        );
    }
}
