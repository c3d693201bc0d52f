//! Self-similar values: g(a·k + b) = g(k), or g(a·k + b) = k + c, for each residue b of
//! a small modulus a (the values of "take at most half" are g(2k) = k, g(2k + 1) = g(k);
//! Levine's and Fraenkel's games of this kind are surveyed in Fraenkel's "Complexity,
//! appeal and challenges of combinatorial games", 2004). Found by trying a = 2..=6 and
//! checked on every value computed: seen, never proved.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What g(a·k + b) is, for k ≥ 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// g(a·k + b) = g(k).
    Same,
    /// g(a·k + b) = k + c.
    Plus(i64),
}

/// The values of 0..a as they are, and each larger n = a·k + b by its residue's piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelfSimilar {
    /// The modulus a.
    pub modulus: u64,
    /// g(0), …, g(a − 1).
    pub base: Vec<u64>,
    /// The piece of each residue b = 0..a.
    pub pieces: Vec<Piece>,
}

/// The fewest values checked for each residue before a piece is said.
const LEAST_CHECKS: usize = 8;

/// The self-similar rule of the smallest modulus that fits every value, if one does.
/// A rule whose pieces are all [`Piece::Same`] is left out (it says only that the values
/// repeat those of 0..a, which a period says better).
pub fn self_similar(values: &[u64]) -> Option<SelfSimilar> {
    let len = values.len() as u64;
    for a in 2..=6u64 {
        if len < a * (LEAST_CHECKS as u64 + 1) + a {
            break;
        }
        let mut pieces = Vec::with_capacity(a as usize);
        for b in 0..a {
            let ks = (1..).take_while(|&k| a * k + b < len);
            let g = |n: u64| values[n as usize];
            let piece = if ks.clone().all(|k| g(a * k + b) == g(k)) {
                Piece::Same
            } else {
                let c = g(a + b) as i64 - 1;
                if ks.clone().all(|k| g(a * k + b) as i64 == k as i64 + c) {
                    Piece::Plus(c)
                } else {
                    break;
                }
            };
            pieces.push(piece);
        }
        if pieces.len() == a as usize && pieces.iter().any(|p| matches!(p, Piece::Plus(_))) {
            let rule = SelfSimilar {
                modulus: a,
                base: values[..a as usize].to_vec(),
                pieces,
            };
            debug_assert!((0..len).all(|n| rule.value(n) == Some(values[n as usize])));
            return Some(rule);
        }
    }
    None
}

impl SelfSimilar {
    /// g(n) by the rule (`None` where k + c falls below 0 or past u64).
    pub fn value(&self, mut n: u64) -> Option<u64> {
        let a = self.modulus;
        while n >= a {
            let (k, b) = (n / a, n % a);
            match self.pieces[b as usize] {
                Piece::Same => n = k,
                Piece::Plus(c) => return u64::try_from(i128::from(k) + i128::from(c)).ok(),
            }
        }
        Some(self.base[n as usize])
    }
}

impl fmt::Display for SelfSimilar {
    /// `g(2k) = k, g(2k + 1) = g(k) for k ≥ 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.modulus;
        let parts: Vec<String> = self
            .pieces
            .iter()
            .enumerate()
            .map(|(b, p)| {
                let arg = if b == 0 {
                    format!("{a}k")
                } else {
                    format!("{a}k + {b}")
                };
                let rhs = match p {
                    Piece::Same => "g(k)".to_string(),
                    Piece::Plus(0) => "k".to_string(),
                    Piece::Plus(c) if *c > 0 => format!("k + {c}"),
                    Piece::Plus(c) => format!("k − {}", -c),
                };
                format!("g({arg}) = {rhs}")
            })
            .collect();
        write!(f, "{} for k ≥ 1", parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take at most half, by a brute force with no theory: g(n) = mex of g(n − t) for
    /// 1 ≤ t ≤ n/2.
    fn at_most_half(len: usize) -> Vec<u64> {
        let mut g = vec![0u64; len];
        for n in 1..len {
            let mut seen = vec![false; n + 2];
            for t in 1..=n / 2 {
                seen[g[n - t] as usize] = true;
            }
            g[n] = seen.iter().position(|s| !s).unwrap() as u64;
        }
        g
    }

    #[test]
    fn take_at_most_half_is_found_and_reads_as_written() {
        let values = at_most_half(600);
        let rule = self_similar(&values).unwrap();
        assert_eq!(rule.to_string(), "g(2k) = k, g(2k + 1) = g(k) for k ≥ 1");
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(rule.value(n as u64), Some(v));
        }
        // One value off, and no rule fits.
        let mut broken = values.clone();
        broken[501] += 1;
        assert_eq!(self_similar(&broken), None);
        // Periodic values are a period's to say, not this.
        let periodic: Vec<u64> = (0..600).map(|n| n % 3).collect();
        assert_eq!(self_similar(&periodic), None);
        let nim: Vec<u64> = (0..600).collect();
        assert_eq!(self_similar(&nim), None);
    }
}
