//! Octal games: heaps of counters, moves described digit by digit in base 8.
//!
//! In the code `d0.d1d2d3…`, digit d_k says what taking k counters from one heap may leave:
//! bit 1 — nothing (the whole heap was k); bit 2 — one smaller heap; bit 4 — two non-empty
//! heaps. The digit before the point is k = 0: with bit 4 a heap may be split in two without
//! taking anything. (Guy and Smith, "The G-values of various games", 1956; Winning Ways,
//! chapter 4.)
//!
//! Kayles is `0.77`, Dawson's Chess `0.137`, Dawson's Kayles `0.07`.
//!
//! ```
//! use grundy::games::Octal;
//!
//! let kayles: Octal = "0.77".parse().unwrap();
//! assert_eq!(kayles.values(10), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::family::FamilyError;
use crate::game::{Components, Game};
use crate::games::heaps;
use crate::nimber::MexSet;
use crate::progress::{NoProgress, Progress};

/// An octal game, by its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Octal {
    /// digits[k] for k = 0..=t, with d_t non-zero unless the game has no moves at all.
    digits: Vec<u8>,
}

/// A proven period: g(n + period) = g(n) for every n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Period {
    /// The first n from which the values repeat (the last exception is preperiod − 1).
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
}

impl Octal {
    /// The most digits after the point accepted in a code.
    pub const MAX_DIGITS: usize = 4096;

    /// The game with digits d_0, d_1, …; d_0 may only be 0 or 4.
    pub fn from_digits(mut digits: Vec<u8>) -> Result<Self, FamilyError> {
        if digits.is_empty() {
            digits.push(0);
        }
        if let Some(&d) = digits.iter().find(|&&d| d > 7) {
            return Err(FamilyError::BadOctal(format!("{d} is not an octal digit")));
        }
        if digits[0] & 3 != 0 {
            return Err(FamilyError::BadOctal(format!(
                "the digit before the point may be 0 or 4 (split without taking), not {}",
                digits[0]
            )));
        }
        if digits.len() > Self::MAX_DIGITS + 1 {
            return Err(FamilyError::BadOctal(format!(
                "more than {} digits after the point",
                Self::MAX_DIGITS
            )));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(Octal { digits })
    }

    /// The digits d_0, d_1, …, d_t.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The largest k with a non-zero digit: the most a move can take.
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// `true` if some move leaves two heaps; such games cost O(n²) to tabulate.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 4 != 0)
    }

    /// Values of heaps 0..=upto by a direct table loop.
    pub fn values(&self, upto: usize) -> Vec<u32> {
        self.values_with(upto, &mut NoProgress)
    }

    /// [`values`](Self::values), reporting progress in units of work (pairs looked at).
    pub fn values_with(&self, upto: usize, progress: &mut dyn Progress) -> Vec<u32> {
        let total = if self.splits() {
            (upto as u64 + 1).pow(2) / 4
        } else {
            upto as u64 + 1
        };
        progress.start(total);
        let mut g: Vec<u32> = Vec::with_capacity(upto + 1);
        let mut set = MexSet::new();
        let mut largest: u32 = 0;
        let mut next_report = 0u64;
        for n in 0..=upto {
            set.reset(self.option_count(n));
            for (k, &d) in self.digits.iter().enumerate() {
                if k > n {
                    break;
                }
                let m = n - k;
                if d & 1 != 0 && m == 0 && k > 0 {
                    set.insert(0);
                }
                if d & 2 != 0 && m > 0 && k > 0 {
                    set.insert(u64::from(g[m]));
                }
                if d & 4 != 0 && m >= 2 {
                    mark_splits(&g, m, largest, &mut set);
                }
            }
            let v = set.mex() as u32;
            largest = largest.max(v);
            g.push(v);
            let done = if self.splits() {
                (n as u64 + 1).pow(2) / 4
            } else {
                n as u64 + 1
            };
            if done >= next_report {
                progress.advance(done);
                next_report = done + total / 256 + 1;
            }
        }
        progress.finish();
        g
    }

    /// How many options a heap of n has (a bound for the mex).
    fn option_count(&self, n: usize) -> usize {
        let mut count = 0;
        for (k, &d) in self.digits.iter().enumerate().take(n + 1) {
            let m = n - k;
            count += usize::from(d & 1 != 0 && m == 0 && k > 0);
            count += usize::from(d & 2 != 0 && m > 0 && k > 0);
            if d & 4 != 0 && m >= 2 {
                count += m / 2;
            }
        }
        count
    }

    /// The shortest period the values prove, by the octal periodicity theorem: if
    /// g(n + p) = g(n) for all n0 ≤ n < 2·n0 + p + t (t the largest take), then it holds
    /// for every n ≥ n0. `None` when the computed values are too few to prove any period.
    pub fn proven_period(&self, values: &[u32]) -> Option<Period> {
        proven_period(values, self.max_take())
    }
}

/// Marks g[a] XOR g[m − a] for every split of a heap of m into two non-empty heaps.
#[inline]
fn mark_splits(g: &[u32], m: usize, largest: u32, set: &mut MexSet) {
    let half = m / 2;
    let low = &g[1..=half];
    let high = &g[m - half..m];
    if largest < 32 {
        // Every XOR is below 64: one word, a loop the compiler can vectorise.
        let mut word = 0u64;
        for (a, b) in low.iter().zip(high.iter().rev()) {
            word |= 1u64 << (a ^ b);
        }
        set.insert_word(0, word);
    } else {
        for (a, b) in low.iter().zip(high.iter().rev()) {
            set.insert(u64::from(a ^ b));
        }
    }
}

/// See [`Octal::proven_period`]; `max_take` is t.
pub(crate) fn proven_period(values: &[u32], max_take: usize) -> Option<Period> {
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

impl FromStr for Octal {
    type Err = FamilyError;

    /// Parses `0.77`, `.77`, `4.7` and the like.
    fn from_str(code: &str) -> Result<Self, FamilyError> {
        let bad = |why: &str| FamilyError::BadOctal(format!("'{code}': {why}"));
        let (before, after) = code
            .split_once('.')
            .ok_or_else(|| bad("expected a code like 0.77 (digits around a point)"))?;
        if before.len() > 1 {
            return Err(bad("one digit at most before the point"));
        }
        let mut digits = Vec::with_capacity(after.len() + 1);
        for c in before
            .chars()
            .chain(if before.is_empty() { "0" } else { "" }.chars())
        {
            digits.push(octal_digit(c).ok_or_else(|| bad("digits must be 0 to 7"))?);
        }
        for c in after.chars() {
            digits.push(octal_digit(c).ok_or_else(|| bad("digits must be 0 to 7"))?);
        }
        Octal::from_digits(digits)
    }
}

fn octal_digit(c: char) -> Option<u8> {
    c.to_digit(8).map(|d| d as u8)
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl Game for Octal {
    type Position = u64;

    fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
        let n = *n;
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            let m = n - k;
            if d & 1 != 0 && m == 0 && k > 0 {
                out.push(heaps([]));
            }
            if d & 2 != 0 && m > 0 && k > 0 {
                out.push(heaps([m]));
            }
            if d & 4 != 0 && m >= 2 {
                out.extend((1..=m / 2).map(|a| heaps([a, m - a])));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_normalise() {
        for (code, shown) in [
            ("0.77", "0.77"),
            (".77", "0.77"),
            ("4.7", "4.7"),
            ("0.1370", "0.137"),
            ("0.", "0.0"),
        ] {
            assert_eq!(code.parse::<Octal>().unwrap().to_string(), shown, "{code}");
        }
    }

    #[test]
    fn bad_codes_are_refused() {
        for code in ["77", "0.8", "1.7", "2.7", "04.7", "0.7x", ""] {
            assert!(code.parse::<Octal>().is_err(), "{code} was accepted");
        }
    }

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
