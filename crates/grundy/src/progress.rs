//! Progress reporting for long computations, free when nobody listens.

/// Receives progress from a long computation. Every method defaults to doing nothing.
pub trait Progress {
    /// The amount of work ahead, in the computation's own units.
    fn start(&mut self, _total: u64) {}
    /// `done` units of the total are finished.
    fn advance(&mut self, _done: u64) {}
    /// The computation is over.
    fn finish(&mut self) {}
}

/// A [`Progress`] that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}
