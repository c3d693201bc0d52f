//! Progress bars for long computations, drawn by indicatif on standard error.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy::Progress;
use grundy::work::Budget;
use indicatif::{ProgressBar, ProgressStyle};

/// A bar for long loops, shown only when the work reaches `threshold` units (short jobs
/// end before a bar would be seen); indicatif hides it when standard error is not a
/// terminal.
pub struct Bar {
    bar: Option<ProgressBar>,
    threshold: u64,
}

impl Bar {
    /// A bar for jobs of at least `threshold` units.
    pub fn above(threshold: u64) -> Bar {
        Bar {
            bar: None,
            threshold,
        }
    }
}

impl Progress for Bar {
    fn start(&mut self, total: u64) {
        if total >= self.threshold {
            let bar = ProgressBar::new(total);
            if let Ok(style) =
                ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {percent}% eta {eta}")
            {
                bar.set_style(style);
            }
            self.bar = Some(bar);
        }
    }

    fn advance(&mut self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Runs `work` while a bar shows how much of `budget` it has used, for work whose size is
/// only known as it goes (the boards of one input). The bar appears after a second, is
/// redrawn a few times a second, and is hidden when standard error is not a terminal.
pub fn watching<T>(budget: &Budget, work: impl FnOnce() -> T) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let poller = scope.spawn(|| {
            let started = Instant::now();
            let mut bar: Option<ProgressBar> = None;
            while !done.load(Ordering::Relaxed) {
                // Woken at once when the work ends, so a short job never waits for it.
                std::thread::park_timeout(Duration::from_millis(100));
                if started.elapsed() < Duration::from_secs(1) {
                    continue;
                }
                let bar = bar.get_or_insert_with(|| {
                    let bar = ProgressBar::new(budget.limit());
                    if let Ok(style) = ProgressStyle::with_template(
                        "{elapsed_precise} [{bar:40}] {percent}% of the work limit",
                    ) {
                        bar.set_style(style);
                    }
                    bar
                });
                bar.set_position(budget.used());
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        // The poller ends however the work does: a work stopped by unwinding (see
        // `grundy::stop`) would otherwise leave the scope waiting on it for ever.
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
