//! Progress reporting for long computations, free when nobody listens.
//!
//! Engines report through [`Progress`]; they never print. One rule for every engine:
//!
//! - a loop with a known total calls [`start`](Progress::start), then
//!   [`advance`](Progress::advance) now and then, then [`finish`](Progress::finish) (the
//!   heap tables, the Chomp and cakes tables);
//! - a search with no known total says what it is doing with
//!   [`status`](Progress::status) (the pruning search, at its root);
//! - work shared between threads charges a [`Budget`] instead, and [`watching`] turns
//!   the budget's account into `start`/`advance` calls from a thread of its own (the
//!   cross-cut boards);
//! - the heap engines, which can also save what they have, hand their values so far to
//!   a [`crate::solve::heap::Watch`] (a checkpoint writer), which reports to a
//!   `Progress` in turn.
//!
//! Stopping is the other half of watching a long computation, and lives in
//! [`crate::stop`]: the same engines check the stop flag where they report progress.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::work::Budget;

/// Receives progress from a long computation. Every method defaults to doing nothing.
pub trait Progress {
    /// The amount of work ahead, in the computation's own units.
    fn start(&mut self, _total: u64) {}
    /// `done` units of the total are finished.
    fn advance(&mut self, _done: u64) {}
    /// What a computation with no known total is doing now, in words (for a spinner).
    fn status(&mut self, _what: &str) {}
    /// The computation is over.
    fn finish(&mut self) {}
    /// Something the user should know that does not stop the work (a cache that could
    /// not be used), as one line.
    fn warning(&mut self, _message: &str) {}
}

/// A [`Progress`] that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}

/// Runs `work` while `progress` is told, a few times a second, how much of `budget` it
/// has used: for work whose size is only known as it goes (the boards of one input,
/// shared between threads). The total given to [`Progress::start`] is the budget's limit.
pub fn watching<T>(
    budget: &Budget,
    progress: &mut (dyn Progress + Send),
    work: impl FnOnce() -> T,
) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let poller = scope.spawn(|| {
            progress.start(budget.limit());
            while !done.load(Ordering::Relaxed) {
                // Woken at once when the work ends, so a short job never waits for it.
                std::thread::park_timeout(Duration::from_millis(100));
                progress.advance(budget.used());
            }
            progress.finish();
        });
        // The poller ends however the work does: a work stopped by unwinding (see
        // `crate::stop`) would otherwise leave the scope waiting on it for ever.
        struct Done<'a>(&'a AtomicBool, std::thread::Thread);
        impl Drop for Done<'_> {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
                self.1.unpark();
            }
        }
        let _done = Done(&done, poller.thread().clone());
        work()
    })
}
