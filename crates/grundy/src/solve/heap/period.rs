//! Periods proved by the octal periodicity theorem and its hexadecimal form.

/// A proven period: g(n + period) = g(n) for every n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Period {
    /// The first n from which the values repeat (the last exception is preperiod − 1).
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
}

/// The shortest period the values prove, by the periodicity theorem for games whose moves
/// take at most t counters and leave at most `parts` heaps (2 for octal games, 3 for
/// hexadecimal ones): if g(n + p) = g(n) for all n0 ≤ n < parts·n0 + (parts − 1)·p + t,
/// then it holds for every n ≥ n0 — in any option of a larger heap the largest heap left
/// is at least n0 + p, so taking p from it matches the options of n and n + p one to one.
/// `None` when the values are too few to prove any period.
pub fn proven_period<T: PartialEq>(values: &[T], max_take: usize, parts: usize) -> Option<Period> {
    let len = values.len();
    // The theorem needs parts·period + max_take ≤ len even with n0 = 0.
    let longest = len.saturating_sub(max_take) / parts;
    // The shortest period seen to hold over a long stretch, and from where: its multiples
    // hold over that stretch too, so their scans start below it (without this, a true
    // period not yet proved makes every multiple rescan the same stretch).
    let mut long_run: Option<(usize, usize)> = None;
    for period in 1..=longest {
        // The smallest n0 with values[n + period] == values[n] for all n0 ≤ n < len − period.
        let mut n0 = len - period;
        if let Some((p, from)) = long_run
            && period % p == 0
        {
            n0 = n0.min(from);
        }
        while n0 > 0 && values[n0 - 1] == values[n0 - 1 + period] {
            n0 -= 1;
        }
        if long_run.is_none() && n0 + period + 64 < len {
            long_run = Some((period, n0));
        }
        // Every n < parts·n0 + (parts − 1)·period + t checked: n + period < len.
        if parts * (n0 + period) + max_take <= len {
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
        let p = proven_period(&values, 2, 2).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 3));
        // Too short to prove anything.
        assert_eq!(proven_period(&values[..6], 2, 2), None);
    }
}
