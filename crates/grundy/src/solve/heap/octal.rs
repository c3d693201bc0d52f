//! The engines' side of octal and hexadecimal games: values by the table loop or the
//! sparse space, and periods proved by the periodicity theorem.

use super::{HeapError, Method, Period, Reporting};
use crate::games::TakeBreak;
use crate::progress::{NoProgress, Progress};
use crate::work;

impl TakeBreak {
    /// Values of heaps 0..=upto by the fastest exact method, continued by a period as
    /// soon as the values prove one (see [`proven_period`](Self::proven_period)).
    pub fn values(&self, upto: usize) -> Vec<u32> {
        self.values_with(upto, true, &mut NoProgress)
    }

    /// Values of heaps 0..=upto; with `use_period` false the plain loop runs to the end
    /// even when a period is already proved (the slow twin of the fast engine). No bound
    /// on the work: see [`values_within`](Self::values_within).
    pub fn values_with(
        &self,
        upto: usize,
        use_period: bool,
        progress: &mut dyn Progress,
    ) -> Vec<u32> {
        match self.values_within(upto, use_period, progress, work::UNLIMITED) {
            Ok(values) => values,
            Err(e) => panic!("an unbounded table stopped: {e}"),
        }
    }

    /// [`values_with`](Self::values_with), refused when the work passes `budget` steps:
    /// the plain loop's before it starts, by [`table_steps`](Self::table_steps), and
    /// again when the values outgrow a byte; the sparse engine's as it goes.
    pub fn values_within(
        &self,
        upto: usize,
        use_period: bool,
        progress: &mut dyn Progress,
        budget: u64,
    ) -> Result<Vec<u32>, HeapError> {
        let method = if use_period {
            Method::Table
        } else {
            Method::Loop
        };
        progress.start(upto as u64 + 1);
        let computed = super::compute(
            self,
            upto as u64,
            method,
            None,
            &mut Reporting { progress },
            budget,
        );
        progress.finish();
        let computed = computed?;
        let mut values = computed.values.to_u32();
        values.truncate(upto + 1);
        if let Some(p) = computed.period {
            values.reserve(upto + 1 - values.len());
            while values.len() <= upto {
                values.push(values[values.len() - p.period]);
            }
        }
        Ok(values)
    }

    /// The shortest period the values prove, by the octal periodicity theorem: if
    /// g(n + p) = g(n) for all n0 ≤ n < 2·n0 + p + t (t the largest take), then it holds
    /// for every n ≥ n0. `None` when the computed values are too few to prove any period.
    /// For a hexadecimal game with three-heap moves the range is n0 ≤ n < 3·n0 + 2p + t;
    /// Grundy's game, whose heaps must differ, has no such theorem and proves nothing.
    pub fn proven_period<T: PartialEq>(&self, values: &[T]) -> Option<Period> {
        if self.unequal() {
            return None;
        }
        super::proven_period(values, self.max_take(), self.max_parts().max(2))
    }
}
