//! Take-and-break games: heaps of counters, moves described digit by digit.
//!
//! In the code `d0.d1d2d3…`, digit d_k says what taking k counters from one heap may leave:
//! bit 1 — nothing (the whole heap was k); bit 2 — one smaller heap; bit 4 — two non-empty
//! heaps; bit 8 — three non-empty heaps. Octal codes use bits 1, 2 and 4 (digits 0–7),
//! hexadecimal codes all four (digits 0–9 and A–F). The digit before the point is k = 0:
//! with bit 4 (or 8) a heap may be split in two (or three) without taking anything.
//! (Guy and Smith, "The G-values of various games", 1956; Winning Ways, chapter 4.)
//!
//! Kayles is `0.77`, Dawson's Chess `0.137`, Dawson's Kayles `0.07`, Treblecross `0.007`.
//! Grundy's game — split a heap into two unequal heaps — is not a code: it is `4.0` with
//! equal halves forbidden, [`TakeBreak::grundy_game`].
//!
//! ```
//! use grundy::games::TakeBreak;
//!
//! let kayles: TakeBreak = "0.77".parse().unwrap();
//! assert_eq!(kayles.values(10), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
//! let grundy = TakeBreak::grundy_game();
//! assert_eq!(grundy.values(10), vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]);
//! ```

use std::fmt;
use std::str::FromStr;

use super::RuleError;
use crate::game::{Components, Game};
use crate::games::heaps;

/// A take-and-break game, by its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    /// digits[k] for k = 0..=t, with d_t non-zero unless the game has no moves at all.
    digits: Vec<u8>,
    notation: Notation,
}

/// How a game's rules are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// An octal code: digits 0–7.
    Octal,
    /// A hexadecimal code: digits 0–F, bit 8 leaving three heaps.
    Hex,
    /// Grundy's game: `4.0` with the two heaps left unequal.
    GrundyGame,
}

impl TakeBreak {
    /// The most digits after the point accepted in a code.
    pub const MAX_DIGITS: usize = 4096;

    /// The octal game with digits d_0, d_1, …; d_0 may only be 0 or 4.
    pub fn from_digits(digits: Vec<u8>) -> Result<Self, RuleError> {
        Self::with_notation(digits, Notation::Octal)
    }

    /// The hexadecimal game with digits d_0, d_1, … (each below 16); d_0 may only be 0, 4,
    /// 8 or 12.
    pub fn from_hex_digits(digits: Vec<u8>) -> Result<Self, RuleError> {
        Self::with_notation(digits, Notation::Hex)
    }

    /// Grundy's game: a move splits one heap into two unequal non-empty heaps.
    pub fn grundy_game() -> Self {
        TakeBreak {
            digits: vec![4],
            notation: Notation::GrundyGame,
        }
    }

    /// Parses a hexadecimal code such as `0.9` or `4.0F` (either case).
    pub fn parse_hex(code: &str) -> Result<Self, RuleError> {
        let digits = parse_code(code, "hexadecimal", 16, "digits must be 0 to 9 or A to F")?;
        Self::from_hex_digits(digits)
    }

    fn with_notation(mut digits: Vec<u8>, notation: Notation) -> Result<Self, RuleError> {
        if digits.is_empty() {
            digits.push(0);
        }
        let (top, kind) = match notation {
            Notation::Hex => (15, "hexadecimal"),
            _ => (7, "octal"),
        };
        if let Some(&d) = digits.iter().find(|&&d| d > top) {
            return Err(RuleError::BadCode(format!(
                "{kind} code: {d} is not a digit below {}",
                top + 1
            )));
        }
        if digits[0] & 3 != 0 {
            let allowed = if notation == Notation::Hex {
                "0, 4, 8 or C (split in two or three without taking)"
            } else {
                "0 or 4 (split without taking)"
            };
            return Err(RuleError::BadCode(format!(
                "{kind} code: the digit before the point may be {allowed}, not {:X}",
                digits[0]
            )));
        }
        if digits.len() > Self::MAX_DIGITS + 1 {
            return Err(RuleError::BadCode(format!(
                "{kind} code: more than {} digits after the point",
                Self::MAX_DIGITS
            )));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(TakeBreak { digits, notation })
    }

    /// The digits d_0, d_1, …, d_t.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// How the rules are written.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// `true` for Grundy's game, whose two heaps left must differ.
    pub fn unequal(&self) -> bool {
        self.notation == Notation::GrundyGame
    }

    /// `true` if some move leaves three heaps (bit 8 of a hexadecimal digit).
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().any(|d| d & 8 != 0)
    }

    /// The most heaps one move may leave: 1, 2 or 3.
    pub fn max_parts(&self) -> usize {
        if self.splits_in_three() {
            3
        } else if self.splits() {
            2
        } else {
            1
        }
    }

    /// The largest k with a non-zero digit: the most a move can take.
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// `true` if some move leaves two heaps or more; such games cost O(n²) to tabulate
    /// (O(n³) with three).
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & 12 != 0)
    }

    /// Splits (a, m − a) and (a, b, m − a − b) the table loop looks at for every heap up
    /// to `upto`, bounded above: a digit k with bit 4 adds ⌊(upto − k)²/4⌋ (the sum of
    /// ⌊m/2⌋ for m up to upto − k), one with bit 8 adds (upto − k + 1)³/36 + upto (the
    /// sum of the partitions of m into three parts, about m²/12).
    pub fn split_pairs(&self, upto: u64) -> u128 {
        self.digits
            .iter()
            .enumerate()
            .filter(|&(k, _)| k as u64 <= upto)
            .map(|(k, &d)| {
                let m = u128::from(upto - k as u64);
                let two = if d & 4 != 0 { m * m / 4 } else { 0 };
                let three = if d & 8 != 0 {
                    (m + 1).pow(3) / 36 + m
                } else {
                    0
                };
                two + three
            })
            .sum()
    }

    /// Every option of every heap 0..=upto: what the generic solver looks at.
    pub fn options_upto(&self, upto: u64) -> u128 {
        let single: u128 = self
            .digits
            .iter()
            .enumerate()
            .skip(1)
            .filter(|&(k, _)| k as u64 <= upto)
            .map(|(k, &d)| {
                let k = k as u64;
                u128::from(d & 1 != 0) + if d & 2 != 0 { u128::from(upto - k) } else { 0 }
            })
            .sum();
        single + self.split_pairs(upto)
    }

    /// Steps (see [`crate::work`]) of the table loop up to `upto` while values fit a byte:
    /// the split pairs, and each digit looked at for each heap.
    pub fn table_steps(&self, upto: u64) -> u128 {
        let digits = (self.digits.len() as u128).min(u128::from(upto) + 1);
        self.split_pairs(upto) + (u128::from(upto) + 1) * digits
    }

    /// The game's name: `octal:CODE`, `hex:CODE`, or `grundy-game`.
    pub fn name(&self) -> String {
        match self.notation {
            Notation::Octal => format!("octal:{self}"),
            Notation::Hex => format!("hex:{self}"),
            Notation::GrundyGame => self.to_string(),
        }
    }

    /// [`name`](Self::name) for messages: a long code cut short, its length said.
    pub fn short_name(&self) -> String {
        short(self.name())
    }

    /// How many options a heap of n has (a bound for the mex).
    pub(crate) fn option_count(&self, n: usize) -> usize {
        let mut count = 0;
        for (k, &d) in self.digits.iter().enumerate().take(n + 1) {
            let m = n - k;
            count += usize::from(d & 1 != 0 && m == 0 && k > 0);
            count += usize::from(d & 2 != 0 && m > 0 && k > 0);
            if d & 4 != 0 && m >= 2 {
                count += m / 2;
            }
            if d & 8 != 0 && m >= 3 {
                // The partitions of m into three parts: at most m²/12 + 1.
                count += m * m / 12 + 1;
            }
        }
        count
    }
}

impl FromStr for TakeBreak {
    type Err = RuleError;

    /// Parses an octal code: `0.77`, `.77`, `4.7` and the like.
    fn from_str(code: &str) -> Result<Self, RuleError> {
        let digits = parse_code(code, "octal", 8, "digits must be 0 to 7")?;
        TakeBreak::from_digits(digits)
    }
}

/// The digits of `d0.d1d2…` (d0 may be left out) in base `radix`.
/// A name for messages: past 40 characters, cut short and its length said.
pub(crate) fn short(full: String) -> String {
    const MAX: usize = 40;
    match full.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}… ({} characters)", &full[..cut], full.len()),
        None => full,
    }
}

fn parse_code(code: &str, kind: &str, radix: u32, which: &str) -> Result<Vec<u8>, RuleError> {
    let bad = |why: &str| RuleError::BadCode(format!("{kind} code '{code}': {why}"));
    let (before, after) = code
        .split_once('.')
        .ok_or_else(|| bad("expected a code like 0.77 (digits around a point)"))?;
    if before.chars().count() > 1 {
        return Err(bad("one digit at most before the point"));
    }
    let before = if before.is_empty() { "0" } else { before };
    before
        .chars()
        .chain(after.chars())
        .map(|c| c.to_digit(radix).map(|d| d as u8).ok_or_else(|| bad(which)))
        .collect()
}

impl fmt::Display for TakeBreak {
    /// The code (`0.77`, `4.0F`), or `grundy-game`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unequal() {
            return f.write_str("grundy-game");
        }
        write!(f, "{:X}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
        }
        Ok(())
    }
}

impl Game for TakeBreak {
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
                let half = if self.unequal() { (m - 1) / 2 } else { m / 2 };
                out.extend((1..=half).map(|a| heaps([a, m - a])));
            }
            if d & 8 != 0 && m >= 3 {
                for a in 1..=m / 3 {
                    out.extend((a..=(m - a) / 2).map(|b| heaps([a, b, m - a - b])));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    #[test]
    fn codes_round_trip_and_normalise() {
        for (code, shown) in [
            ("0.77", "0.77"),
            (".77", "0.77"),
            ("4.7", "4.7"),
            ("0.1370", "0.137"),
            ("0.", "0.0"),
        ] {
            assert_eq!(
                code.parse::<TakeBreak>().unwrap().to_string(),
                shown,
                "{code}"
            );
        }
    }

    #[test]
    fn bad_codes_are_refused() {
        for code in ["77", "0.8", "1.7", "2.7", "04.7", "0.7x", ""] {
            assert!(code.parse::<TakeBreak>().is_err(), "{code} was accepted");
        }
    }

    #[test]
    fn the_period_shortcut_is_taken_and_exact_for_classic_games() {
        for code in ["0.77", "0.137", "0.07", "4.7", "0.33"] {
            let octal: TakeBreak = code.parse().unwrap();
            let full = octal.values_with(3000, false, &mut NoProgress);
            // The shortcut needs a proof inside the first 3000 values for these games.
            assert!(octal.proven_period(&full[..1024]).is_some(), "{code}");
            assert_eq!(octal.values(3000), full, "{code}");
        }
    }
}
