//! Progress on standard error for long computations: drawn by indicatif on a terminal;
//! off a terminal (a pipe, a log file), one plain line at a steady pace, never on standard
//! output; nothing at all with `--quiet`.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// `--quiet`: no progress at all.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Turns every bar, spinner and progress line off (`--quiet`), or back on.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// How often a progress line is printed off a terminal: every 10 s, or every
/// `GRUNDY_PROGRESS_SECONDS` (a log that wants more or fewer lines; the tests).
fn line_every() -> Duration {
    std::env::var("GRUNDY_PROGRESS_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map_or(Duration::from_secs(10), Duration::from_secs_f64)
}

/// `bar` as asked, or hidden under `--quiet`.
pub fn shown(bar: ProgressBar) -> ProgressBar {
    if quiet() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

/// Progress lines for standard error that is not a terminal, `grundy: progress: 12 s: …`,
/// at most one each 10 s (or each `GRUNDY_PROGRESS_SECONDS`). Does nothing on a terminal
/// (the bars draw there) or under `--quiet`.
pub struct Lines {
    started: Instant,
    last: Instant,
    every: Duration,
    on: bool,
}

impl Lines {
    /// Lines from now on.
    pub fn new() -> Lines {
        let now = Instant::now();
        Lines {
            started: now,
            last: now,
            every: line_every(),
            on: !quiet() && !std::io::stderr().is_terminal(),
        }
    }

    /// Prints `what()` when a line is due.
    pub fn say(&mut self, what: impl FnOnce() -> String) {
        if !self.on || self.last.elapsed() < self.every {
            return;
        }
        self.last = Instant::now();
        crate::note(format_args!(
            "progress: {:.0} s: {}",
            self.started.elapsed().as_secs_f64(),
            what()
        ));
    }
}

impl Default for Lines {
    fn default() -> Lines {
        Lines::new()
    }
}

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
    lines: Lines,
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
            lines: Lines::new(),
        }
    }

    fn show(&mut self) {
        let bar = ProgressBar::new(self.total);
        if let Ok(style) =
            ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {percent}% eta {eta}")
        {
            bar.set_style(style);
        }
        self.bar = Some(shown(bar));
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
        let total = self.total;
        self.lines.say(|| match total {
            0 => format!("{done} done"),
            _ => format!(
                "{done} of {total} ({:.1}%)",
                done as f64 * 100.0 / total as f64
            ),
        });
        if self.bar.is_none() && self.threshold.is_none() && self.started.elapsed() >= DELAY {
            self.show();
        }
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    fn status(&mut self, what: &str) {
        self.lines.say(|| what.to_string());
        if quiet() {
            return;
        }
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
