//! Periods proved by the octal periodicity theorem.

/// A proven period: g(n + period) = g(n) for every n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Period {
    /// The first n from which the values repeat (the last exception is preperiod − 1).
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
}

/// The shortest period the values prove, by the octal periodicity theorem: if
/// g(n + p) = g(n) for all n0 ≤ n < 2·n0 + p + t (t the largest take), then it holds for
/// every n ≥ n0. `None` when the values are too few to prove any period.
pub fn proven_period(values: &[u32], max_take: usize) -> Option<Period> {
    let len = values.len();
    for period in 1..len {
        // The smallest n0 with values[n + period] == values[n] for all n0 ≤ n < len − period.
        let mut n0 = len - period;
        while n0 > 0 && values[n0 - 1] == values[n0 - 1 + period] {
            n0 -= 1;
        }
        // The theorem needs every n < 2·n0 + period + t checked, i.e. n + period < len.
        if 2 * n0 + 2 * period + max_take <= len {
            return Some(Period {
                preperiod: n0,
                period,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn period_of_a_simple_subtraction_game() {
        // take 1 or 2: 0 1 2 0 1 2 ...
        let values: Vec<u32> = (0..30).map(|n| n % 3).collect();
        let p = proven_period(&values, 2).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 3));
        // Too short to prove anything.
        assert_eq!(proven_period(&values[..6], 2), None);
    }
}
