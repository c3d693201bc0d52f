//! The genus of an impartial game: its normal-play value and the misère values of the game
//! added to 0, 1, 2, … copies of `*2` (Conway, *On Numbers and Games*, ch. 12; *Winning
//! Ways*, ch. 13). Written `g^(g0 g1 g2 …)`; the superscript is eventually periodic with
//! period 2, so it is written up to where the period begins.
//!
//! A game with no move has genus `0^(1 2 0 2 0 …)`. A game with options has normal value
//! the mex of theirs, `g0` the mex of their `g0`, and for `i ≥ 1`, `gi` the mex of the
//! options' `gi` together with `g(i-1)` and `g(i-1)` with its last bit flipped. The
//! sequence settles into period 2 at most two places after the latest of its options'.
//!
//! Written as CGSuite writes it: the superscript's digits run together (`4^146`), or
//! separated by commas in brackets when one has two figures (`6^(1,9,10,8)`), and a genus
//! equal to that of the nim heap `*g` is written as its bare normal value `g`. CGSuite
//! also looks at the misère canonical form, not only the genus, to choose between equal
//! spellings (it writes `2^20` for a position whose genus equals that of `*2` without being
//! `*2`); here the genus alone decides, so such a position is written `2`.

use std::fmt;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::nimber::MexSet;

/// The genus of a game: its normal-play Grundy value and its misère superscript.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub normal: u64,
    /// The superscript `g0 g1 …`, at least two digits, continued by repeating its last two.
    digits: SmallVec<[u64; 4]>,
}

impl Genus {
    /// The genus of a game with no move, `0^(1 2 0 …)`.
    pub fn end() -> Genus {
        Genus::nim_heap(0)
    }

    /// The genus of the nim heap `*n`: `0^120`, `1^031`, and `n^(n, n⊕2)` from 2 on.
    pub fn nim_heap(n: u64) -> Genus {
        let digits = match n {
            0 => [1, 2, 0].into_iter().collect(),
            1 => [0, 3, 1].into_iter().collect(),
            n => [n, n ^ 2].into_iter().collect(),
        };
        Genus { normal: n, digits }
    }

    /// The genus of a game whose options have the genera `options` (at least one).
    pub fn of_options<'a>(options: impl IntoIterator<Item = &'a Genus> + Clone) -> Genus {
        let mut longest = 0;
        let mut count = 0;
        for o in options.clone() {
            longest = longest.max(o.digits.len());
            count += 1;
        }
        if count == 0 {
            return Genus::end();
        }
        let mut mex = MexSet::new();
        mex.reset(count + 2);
        for o in options.clone() {
            mex.insert(o.normal);
        }
        let normal = mex.mex();
        // Digits 0 ..= longest + 1: two past the options' own settled digits.
        let mut digits: SmallVec<[u64; 4]> = SmallVec::new();
        for i in 0..longest + 2 {
            mex.reset(count + 2);
            if i > 0 {
                let before = digits[i - 1];
                mex.insert(before);
                mex.insert(before ^ 1);
            }
            for o in options.clone() {
                mex.insert(o.digit(i));
            }
            digits.push(mex.mex());
        }
        while digits.len() > 2 && digits[digits.len() - 1] == digits[digits.len() - 3] {
            digits.pop();
        }
        Genus { normal, digits }
    }

    /// The `i`-th superscript digit: the misère Grundy value of the game plus `i` copies of
    /// `*2`.
    pub fn digit(&self, i: usize) -> u64 {
        let n = self.digits.len();
        if i < n {
            self.digits[i]
        } else {
            self.digits[n - 2 + (i - (n - 2)) % 2]
        }
    }

    /// The misère Grundy value `g0`.
    pub fn misere(&self) -> u64 {
        self.digits[0]
    }

    /// The superscript's digits up to where its period of 2 begins (at least two).
    pub fn superscript(&self) -> &[u64] {
        &self.digits
    }

    /// Whether the genus is that of a nim heap (`0^120`, `1^031`, `n^(n, n⊕2)`): the genera
    /// of tame games.
    pub fn is_nim_heap(&self) -> bool {
        *self == Genus::nim_heap(self.normal)
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.normal)?;
        if self.is_nim_heap() {
            return Ok(());
        }
        if self.digits.iter().any(|&d| d >= 10) {
            let parts: Vec<String> = self.digits.iter().map(u64::to_string).collect();
            write!(f, "^({})", parts.join(","))
        } else {
            f.write_str("^")?;
            self.digits.iter().try_for_each(|d| write!(f, "{d}"))
        }
    }
}

/// A genus as CGSuite writes it, read back into its full superscript: `n` (a nim heap),
/// `g^d` (one digit: a tame or restive genus, continued as CGSuite continues it) or
/// `g^d0d1…` / `g^(d0,d1,…)` (continued by repeating the last two). The first `len` digits.
pub fn cgsuite_digits(text: &str, len: usize) -> Option<(u64, Vec<u64>)> {
    let (base, sup) = match text.split_once('^') {
        None => {
            let g: u64 = text.parse().ok()?;
            let genus = Genus::nim_heap(g);
            return Some((g, (0..len).map(|i| genus.digit(i)).collect()));
        }
        Some(parts) => parts,
    };
    let g: u64 = base.parse().ok()?;
    let digits: Vec<u64> = match sup.strip_prefix('(') {
        Some(inner) => inner
            .strip_suffix(')')?
            .split(',')
            .map(|d| d.parse().ok())
            .collect::<Option<_>>()?,
        None => sup
            .chars()
            .map(|c| c.to_digit(10).map(u64::from))
            .collect::<Option<_>>()?,
    };
    let out = match digits.as_slice() {
        [] => return None,
        [d] => {
            // Tame (g < 2 or d = g: continued as the nim heap's) or restive (d < 4).
            let base = if g >= 2 && *d != g && *d < 4 { *d } else { g };
            (0..len)
                .map(|i| {
                    if i == 0 {
                        *d
                    } else {
                        base ^ (((i & 1) as u64) << 1)
                    }
                })
                .collect()
        }
        ds => {
            let n = ds.len();
            (0..len)
                .map(|i| {
                    if i < n {
                        ds[i]
                    } else {
                        ds[n - 2 + (i - (n - 2)) % 2]
                    }
                })
                .collect()
        }
    };
    Some((g, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_heaps_are_written_bare_and_others_with_their_superscript() {
        assert_eq!(Genus::end().to_string(), "0");
        assert_eq!(Genus::nim_heap(1).to_string(), "1");
        let star2 = Genus::of_options([&Genus::nim_heap(0), &Genus::nim_heap(1)]);
        assert_eq!(star2, Genus::nim_heap(2));
        assert_eq!(star2.to_string(), "2");
        // {*2}: normal value 0; misère value 0 (its one option is worth 2).
        let g = Genus::of_options([&star2]);
        assert_eq!(g.normal, 0);
        assert_eq!(g.misere(), 0);
        assert!(g.to_string().starts_with("0^0"), "{g}");
    }

    #[test]
    fn big_digits_are_bracketed() {
        let g = Genus {
            normal: 6,
            digits: [1, 9, 10, 8].into_iter().collect(),
        };
        assert_eq!(g.to_string(), "6^(1,9,10,8)");
        assert_eq!(
            cgsuite_digits("6^(1,9,10,8)", 6),
            Some((6, vec![1, 9, 10, 8, 10, 8]))
        );
        assert_eq!(cgsuite_digits("4^146", 5), Some((4, vec![1, 4, 6, 4, 6])));
        assert_eq!(cgsuite_digits("0", 4), Some((0, vec![1, 2, 0, 2])));
        assert_eq!(cgsuite_digits("1^1", 4), Some((1, vec![1, 3, 1, 3])));
        assert_eq!(cgsuite_digits("x^1", 4), None);
    }
}
