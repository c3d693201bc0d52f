//! Cutting a failing input down: take the first one-step-smaller input on which the
//! program still fails the same way, and start again from it, until no input one step
//! smaller fails or the budget is spent. "One step smaller" is what
//! [`Instance::smaller`] lists (cases cut out, numbers cut to their smallest values, half
//! or one less): an input that is minimal in that sense is not proved the smallest that
//! fails.

use std::time::{Duration, Instant};

use grundy::contest::Instance;

/// How much shrinking may cost.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Runs of the program.
    pub runs: usize,
    /// Wall-clock time.
    pub time: Duration,
}

/// What shrinking found.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing input found.
    pub instance: Instance,
    /// The program's runs it took.
    pub runs: usize,
    /// No input one step smaller fails: the search ended, not the budget.
    pub minimal: bool,
}

/// Whether the program still fails on a candidate; `None` to stop shrinking at once.
pub type Check<'a> = dyn FnMut(&Instance) -> Option<bool> + 'a;

/// Shrinks `failing`, on which the program fails, with `still_fails` telling whether it
/// also fails on a candidate.
pub fn shrink(failing: Instance, still_fails: &mut Check<'_>, budget: Budget) -> Shrunk {
    let started = Instant::now();
    let mut current = failing;
    let mut runs = 0;
    'outer: loop {
        let mut next = None;
        for candidate in current.smaller() {
            if runs >= budget.runs || started.elapsed() >= budget.time {
                break 'outer;
            }
            runs += 1;
            match still_fails(&candidate) {
                Some(true) => {
                    next = Some(candidate);
                    break;
                }
                Some(false) => {}
                None => break 'outer,
            }
        }
        match next {
            Some(smaller) => current = smaller,
            None => {
                return Shrunk {
                    instance: current,
                    runs,
                    minimal: true,
                };
            }
        }
    }
    Shrunk {
        instance: current,
        runs,
        minimal: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::contest::{Problem, Size};

    const PLENTY: Budget = Budget {
        runs: 100_000,
        time: Duration::from_secs(600),
    };

    #[test]
    fn a_failure_on_one_sheet_shrinks_to_that_sheet_at_its_smallest() {
        let start = Instance::Shgame(vec![(5, 9), (700, 30), (12, 1), (80, 80)]);
        // "Fails" on any sheet with a side of at least 20 rows.
        let mut fails = |i: &Instance| {
            let Instance::Shgame(s) = i else {
                return Some(false);
            };
            Some(s.iter().any(|&(n, _)| n >= 20))
        };
        let shrunk = shrink(start, &mut fails, PLENTY);
        assert!(shrunk.minimal);
        assert_eq!(shrunk.instance, Instance::Shgame(vec![(20, 1)]));
    }

    #[test]
    fn a_failure_needing_an_even_side_is_found_below_what_halving_reaches() {
        // Wrong only on one-row sheets of even length: from 1×10, halving gives 1×5 and a
        // step down 1×9, both odd; 1×2 fails the same way and must be found.
        let start = Instance::Shgame(vec![(3, 7), (1, 10)]);
        let mut fails = |i: &Instance| {
            let Instance::Shgame(s) = i else {
                return Some(false);
            };
            Some(s.iter().any(|&(n, m)| n == 1 && m % 2 == 0))
        };
        let shrunk = shrink(start, &mut fails, PLENTY);
        assert!(shrunk.minimal);
        assert_eq!(shrunk.instance, Instance::Shgame(vec![(1, 2)]));
    }

    #[test]
    fn the_budget_and_a_stop_are_kept() {
        let start = Instance::generate(Problem::Shgame, Size::Max, None, 3);
        let mut always = |_: &Instance| Some(true);
        let budget = Budget {
            runs: 5,
            time: Duration::from_secs(600),
        };
        let shrunk = shrink(start.clone(), &mut always, budget);
        assert_eq!(shrunk.runs, 5);
        assert!(!shrunk.minimal);
        assert!(shrunk.instance.cases() < start.cases());

        let mut stop = |_: &Instance| None;
        let stopped = shrink(start.clone(), &mut stop, PLENTY);
        assert_eq!((stopped.runs, stopped.minimal), (1, false));
        assert_eq!(stopped.instance, start);
    }
}
