//! Heaps of any size by a proved period: the value of a heap up to 2^64 − 1 read from one
//! period, and the moves of such a heap listed in classes.
//!
//! Once the periodicity theorem (Guy and Smith, 1956; Winning Ways, chapter 4; see
//! [`super::proven_period`]) has proved g(n + p) = g(n) for every n ≥ n0, the values of
//! heaps 0..n0 + p answer every heap. A move that splits a heap of m counters into
//! a + (m − a) with n0 ≤ a ≤ m/2 leaves values that depend on a mod p only, so the
//! ⌊m/2⌋ splits of a heap of 10^18 fall into at most n0 + p classes: the splits with
//! a < n0 one by one, and those with a ≥ n0 by their residue mod p. Each class is exact:
//! its first member, its step p and how many members it has.

use super::Period;
use super::runs::Runs;

/// The heaps one move leaves: none to three, held without allocating.
pub type Leaves = smallvec::SmallVec<[u64; 3]>;

/// The values of a family proved periodic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Heaps 0..preperiod + period, repeated past them.
    values: Runs,
    period: Period,
    proved_from: u64,
}

impl Pattern {
    /// The pattern of `values` (heaps 0..values.len()), which prove `period`: the values
    /// past preperiod + period are dropped, being the period's.
    pub fn new(values: &[u32], period: Period) -> Pattern {
        let keep = (period.preperiod + period.period).min(values.len());
        Pattern {
            values: Runs::table(&values[..keep], period),
            period,
            proved_from: values.len() as u64,
        }
    }

    /// [`new`](Self::new) for `values` cut down to the pre-period and one period, the proof
    /// having read `proved_from` values.
    pub fn with_proof(values: &[u32], period: Period, proved_from: u64) -> Pattern {
        Pattern {
            proved_from,
            ..Pattern::new(values, period)
        }
    }

    /// The pattern of values held as runs ([`super::runs`]), which hold the pre-period and
    /// one period of `period`, the proof having read `proved_from` values.
    pub fn of_runs(values: Runs, period: Period, proved_from: u64) -> Pattern {
        Pattern {
            values,
            period,
            proved_from,
        }
    }

    /// The value of a heap of `n`, any size.
    pub fn value(&self, n: u64) -> u32 {
        self.values.value(n)
    }

    /// The period and where it starts.
    pub fn period(&self) -> Period {
        self.period
    }

    /// How many values the proof was read from (heaps 0..this).
    pub fn proved_from(&self) -> u64 {
        self.proved_from
    }
}

/// A class of moves of the same size member by member: the first leaves `leaves`, and the
/// j-th (j < `count`) leaves `leaves[0] + j·step` and `leaves[1] − j·step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Every {
    /// What one member adds to the smaller heap left (and takes from the larger).
    pub step: u64,
    /// How many moves the class holds (at least 2).
    pub count: u64,
}

/// One move of a heap, or a class of them, with the nim-sum of the values it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// Counters taken.
    pub take: u64,
    /// The heaps left (the first member's, the smaller first).
    pub leaves: Leaves,
    /// `Some` for a class of more than one move.
    pub every: Option<Every>,
    /// The nim-sum of the values the move leaves (the same for every member).
    pub value: u32,
}

/// Why the moves of a heap cannot be listed in classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the moves of a heap of {heap} that leave three heaps are listed up to heap {limit}: a class of them has two free parts"
)]
pub struct ThreeParts {
    /// The heap.
    pub heap: u64,
    /// The largest heap whose three-heap moves are listed.
    pub limit: u64,
}

/// The largest heap whose moves into three heaps are listed one by one.
pub const MAX_THREE_PARTS: u64 = 3000;

/// Splits listed one by one at least up to n0 + this many periods, before classes start.
const SINGLE_PERIODS: u64 = 8;

/// Every move of a heap of `n` under `rules` (each `(k, digit)`: taking k counters may
/// leave what the digit's bits say, as in [`crate::games::TakeBreak`]; a subtraction game
/// is digit 3 at each take), in the order of k, then of the smaller heap left, handed to
/// `each` one move or one class at a time.
pub fn heap_moves(
    rules: &[(u64, u8)],
    pattern: &Pattern,
    n: u64,
    each: &mut dyn FnMut(Class),
) -> Result<(), ThreeParts> {
    let pre = pattern.period.preperiod as u64;
    let p = pattern.period.period as u64;
    for &(k, d) in rules {
        if k > n {
            break;
        }
        let m = n - k;
        if d & 1 != 0 && m == 0 && k > 0 {
            each(Class {
                take: k,
                leaves: Leaves::new(),
                every: None,
                value: 0,
            });
        }
        if d & 2 != 0 && m > 0 && k > 0 {
            each(Class {
                take: k,
                leaves: smallvec::smallvec![m],
                every: None,
                value: pattern.value(m),
            });
        }
        if d & 4 != 0 && m >= 2 {
            let half = m / 2;
            let single = pre.max(1) + SINGLE_PERIODS * p;
            let pair = |a: u64| pattern.value(a) ^ pattern.value(m - a);
            if half < single {
                for a in 1..=half {
                    each(Class {
                        take: k,
                        leaves: smallvec::smallvec![a, m - a],
                        every: None,
                        value: pair(a),
                    });
                }
            } else {
                // a < n0 one by one; from n0 on both parts are past the pre-period, and
                // the value depends on a mod p alone.
                let from = pre.max(1);
                for a in 1..from {
                    each(Class {
                        take: k,
                        leaves: smallvec::smallvec![a, m - a],
                        every: None,
                        value: pair(a),
                    });
                }
                for a in from..from + p {
                    let count = (half - a) / p + 1;
                    each(Class {
                        take: k,
                        leaves: smallvec::smallvec![a, m - a],
                        every: (count > 1).then_some(Every { step: p, count }),
                        value: pair(a),
                    });
                }
            }
        }
        if d & 8 != 0 && m >= 3 {
            if n > MAX_THREE_PARTS {
                return Err(ThreeParts {
                    heap: n,
                    limit: MAX_THREE_PARTS,
                });
            }
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    let c = m - a - b;
                    each(Class {
                        take: k,
                        leaves: smallvec::smallvec![a, b, c],
                        every: None,
                        value: pattern.value(a) ^ pattern.value(b) ^ pattern.value(c),
                    });
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::TakeBreak;
    use proptest::prelude::*;

    fn kayles() -> (TakeBreak, Pattern) {
        let game: TakeBreak = "0.77".parse().unwrap();
        let values = game.values_with(2000, false, &mut crate::NoProgress);
        let period = game.proven_period(&values).unwrap();
        (game, Pattern::new(&values, period))
    }

    #[test]
    fn kayles_reads_its_period() {
        let (game, pattern) = kayles();
        assert_eq!(
            (pattern.period().preperiod, pattern.period().period),
            (71, 12)
        );
        let values = game.values_with(2000, false, &mut crate::NoProgress);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(pattern.value(n as u64), v, "heap {n}");
        }
        assert_eq!(
            pattern.value(u64::MAX),
            values[71 + ((u64::MAX - 71) % 12) as usize]
        );
    }

    proptest! {
        /// The classes of a heap, opened member by member, are exactly its options, each
        /// with the nim-sum of the values it leaves.
        #[test]
        fn classes_open_to_the_options(n in 0u64..1200, which in 0usize..4) {
            let code = ["0.77", "0.07", "0.137", "4.7"][which];
            let game: TakeBreak = code.parse().unwrap();
            let values = game.values_with(3000, false, &mut crate::NoProgress);
            let pattern = Pattern::new(&values, game.proven_period(&values).unwrap());
            let rules: Vec<(u64, u8)> = game.digits().iter().enumerate()
                .filter(|&(_, &d)| d != 0).map(|(k, &d)| (k as u64, d)).collect();
            let mut opened = Vec::new();
            heap_moves(&rules, &pattern, n, &mut |c| {
                let members = c.every.map_or(1, |e| e.count);
                let step = c.every.map_or(0, |e| e.step);
                for j in 0..members {
                    let mut leaves = c.leaves.to_vec();
                    if leaves.len() == 2 {
                        leaves[0] += j * step;
                        leaves[1] -= j * step;
                    }
                    let v = leaves.iter().fold(0, |a, &h| a ^ values[h as usize]);
                    assert_eq!(v, c.value, "{code} heap {n}: {leaves:?}");
                    leaves.sort_unstable();
                    opened.push(leaves);
                }
            }).unwrap();
            let mut options = Vec::new();
            game.options(&n, &mut options);
            let mut options: Vec<Vec<u64>> = options.into_iter().map(|o| {
                let mut o = o.to_vec();
                o.sort_unstable();
                o
            }).collect();
            opened.sort();
            options.sort();
            prop_assert_eq!(opened, options);
        }
    }
}
