//! Progress on standard error for long computations, drawn by indicatif; nothing is drawn
//! when standard error is not a terminal.

use std::time::{Duration, Instant};

use grundy::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work runs before its bar or spinner appears: short jobs end unseen.
const DELAY: Duration = Duration::from_secs(1);

/// A bar for long loops and a spinner for searches with no known total.
pub struct Bar {
    bar: Option<ProgressBar>,
    /// Jobs of fewer units than this get no bar; `None`: shown after [`DELAY`] instead.
    threshold: Option<u64>,
    total: u64,
    started: Instant,
    spinner: Option<ProgressBar>,
    last_status: Instant,
}

impl Bar {
    /// A bar for jobs of at least `threshold` units.
    pub fn above(threshold: u64) -> Bar {
        Bar::new(Some(threshold))
    }

    /// A bar (or a spinner) that appears once the work has run for a second.
    pub fn delayed() -> Bar {
        Bar::new(None)
    }

    fn new(threshold: Option<u64>) -> Bar {
        let now = Instant::now();
        Bar {
            bar: None,
            threshold,
            total: 0,
            started: now,
            spinner: None,
            last_status: now,
        }
    }

    fn show(&mut self) {
        let bar = ProgressBar::new(self.total);
        if let Ok(style) =
            ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {percent}% eta {eta}")
        {
            bar.set_style(style);
        }
        self.bar = Some(bar);
    }
}

impl Progress for Bar {
    fn start(&mut self, total: u64) {
        self.total = total;
        self.started = Instant::now();
        if self.threshold.is_some_and(|t| total >= t) {
            self.show();
        }
    }

    fn advance(&mut self, done: u64) {
        if self.bar.is_none() && self.threshold.is_none() && self.started.elapsed() >= DELAY {
            self.show();
        }
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    fn status(&mut self, what: &str) {
        let now = Instant::now();
        if now.duration_since(self.last_status) < Duration::from_millis(100) {
            return;
        }
        self.last_status = now;
        let spinner = self.spinner.get_or_insert_with(|| {
            let s = ProgressBar::hidden();
            if let Ok(style) = ProgressStyle::with_template("{elapsed_precise} {spinner} {msg}") {
                s.set_style(style);
            }
            s
        });
        if spinner.is_hidden() && now.duration_since(self.started) >= DELAY {
            spinner.set_draw_target(ProgressDrawTarget::stderr());
        }
        spinner.set_message(what.to_string());
        spinner.tick();
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        if let Some(s) = self.spinner.take() {
            s.finish_and_clear();
        }
    }

    fn warning(&mut self, message: &str) {
        crate::warn(format_args!("{message}"));
    }
}
