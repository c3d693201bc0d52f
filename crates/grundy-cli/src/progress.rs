//! Progress bars for long computations, drawn by indicatif on standard error.

use grundy::Progress;
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
