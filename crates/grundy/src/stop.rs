//! Stopping a computation from outside: a request cut off, a client that hung up.
//!
//! A [`Stop`] is a flag shared between whoever may give up on the work and the thread doing
//! it. [`run`] installs it on the calling thread for the length of one computation; the
//! engines call [`check`] at the points where they already report progress (a heap of a
//! sequence, a position of the memo solver or of the pruning search, a row of a table, a
//! block of Rhai operations, a charge to a [`crate::work::Budget`]). Once the flag is
//! raised, the next [`check`] unwinds the computation to [`run`], which returns
//! [`Stopped`]: every table, stack and buffer it built is dropped on the way, so the memory
//! and the CPU are back within one check of the flag.
//!
//! Unwinding (with [`std::panic::resume_unwind`], which runs no panic hook and prints
//! nothing) is what lets one flag reach every engine without a stop parameter threaded
//! through each of them; the same design stops a query in rust-analyzer (salsa's
//! `Cancelled`). Work that runs on other threads (rayon loops) is reached through its
//! [`crate::work::Budget`], which holds the flag of the thread that opened it ([`current`]);
//! a stop there reaches [`run`] as any panic on a rayon thread reaches its caller.
//! Without a [`run`] around it, [`check`] does nothing: the command line's engines are
//! stopped by their own watchers.
//!
//! ```
//! use grundy::stop::{self, Stop};
//!
//! let stop = Stop::new();
//! stop.request();
//! let r = stop::run(&stop, || {
//!     for _ in 0..u64::MAX {
//!         stop::check();
//!     }
//! });
//! assert!(r.is_err());
//! assert_eq!(stop::run(&Stop::new(), || 6 * 7).unwrap(), 42);
//! ```

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;

/// A flag that asks a computation to stop. Clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Raises the flag: the computation stops at its next [`check`].
    pub fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Unwinds to the enclosing [`run`] if the flag is raised.
    pub fn check(&self) {
        if self.is_requested() {
            panic::resume_unwind(Box::new(Stopped));
        }
    }
}

/// A computation stopped by its [`Stop`] flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the computation was stopped")]
pub struct Stopped;

thread_local! {
    static CURRENT: RefCell<Option<Stop>> = const { RefCell::new(None) };
}

/// Runs `work` with `stop` installed on this thread: `Err(Stopped)` if the flag stopped it.
/// A panic that is not a stop goes on unwinding.
pub fn run<T>(stop: &Stop, work: impl FnOnce() -> T) -> Result<T, Stopped> {
    let _installed = install(stop);
    match panic::catch_unwind(AssertUnwindSafe(work)) {
        Ok(v) => Ok(v),
        Err(payload) if payload.is::<Stopped>() => Err(Stopped),
        Err(payload) => panic::resume_unwind(payload),
    }
}

/// The flag a thread had before [`install`], put back when dropped (also on unwinding).
struct Installed(Option<Stop>);

impl Drop for Installed {
    fn drop(&mut self) {
        let before = self.0.take();
        CURRENT.with(|c| *c.borrow_mut() = before);
    }
}

fn install(stop: &Stop) -> Installed {
    Installed(CURRENT.with(|c| c.borrow_mut().replace(stop.clone())))
}

/// The flag installed on this thread by [`run`], to carry into work on other threads.
pub fn current() -> Option<Stop> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Unwinds to the enclosing [`run`] if its flag is raised; does nothing outside one.
#[inline]
pub fn check() {
    CURRENT.with(|c| {
        if let Some(stop) = &*c.borrow() {
            stop.check();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_flag_stops_at_the_next_check_and_nothing_else_does() {
        let stop = Stop::new();
        let mut done = 0u64;
        let r = run(&stop, || {
            for i in 0..1_000_000u64 {
                if i == 500 {
                    stop.request();
                }
                check();
                done += 1;
            }
        });
        assert_eq!(r, Err(Stopped));
        assert_eq!(done, 500);
        // Outside a run, a check is nothing; the flag is gone from the thread.
        assert!(current().is_none());
        check();
    }

    #[test]
    fn other_panics_go_on_unwinding() {
        let r = panic::catch_unwind(|| run(&Stop::new(), || panic!("a real bug")));
        assert!(r.is_err());
        assert!(current().is_none());
    }

    #[test]
    fn a_stop_crosses_rayon_threads() {
        use rayon::prelude::*;
        let stop = Stop::new();
        stop.request();
        let r = run(&stop, || {
            let budget = crate::work::Budget::unlimited();
            (0..1000u32).into_par_iter().for_each(|_| {
                budget.charge(1);
            });
        });
        assert_eq!(r, Err(Stopped));
    }
}
