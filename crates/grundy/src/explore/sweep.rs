//! A quantity seen over a sweep of a parameter k (the period of `subtraction:1,2,{k}` for
//! k = 3..=40, say) described as a function of k: on each residue class of k modulo some
//! m, an affine a·k + b with whole a and b. The smallest m that fits every point is taken,
//! each class needing two points at least, and the description is checked on every point
//! before it is returned. It is what the sweep *shows*, for the k swept, never a proof.

use std::fmt;

use serde::Serialize;

/// The largest modulus tried.
pub const MAX_MODULUS: i64 = 12;

/// An affine function of k: `a·k + b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Affine {
    /// The coefficient of k.
    pub a: i64,
    /// The constant.
    pub b: i64,
}

impl Affine {
    /// Its value at `k`.
    pub fn at(&self, k: i64) -> i64 {
        self.a * k + self.b
    }

    /// `3`, `k`, `k + 1`, `2k − 3`, with the parameter called `name`.
    pub fn describe(&self, name: &str) -> String {
        let lead = match self.a {
            0 => return self.b.to_string(),
            1 => name.to_string(),
            -1 => format!("−{name}"),
            a if a < 0 => format!("−{}{name}", -a),
            a => format!("{a}{name}"),
        };
        match self.b {
            0 => lead,
            b if b > 0 => format!("{lead} + {b}"),
            b => format!("{lead} − {}", -b),
        }
    }
}

/// A function of k by residue classes: for k ≡ r (mod `modulus`), `pieces` holds the
/// affine function of every residue r in 0..modulus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// m.
    pub modulus: i64,
    /// The function on each residue class, by residue.
    pub pieces: Vec<Affine>,
}

impl Rule {
    /// Its value at `k`.
    pub fn at(&self, k: i64) -> i64 {
        self.pieces[k.rem_euclid(self.modulus) as usize].at(k)
    }

    /// The rule in words with the parameter called `name`: `3` for one piece,
    /// `k ≢ 0 mod 3: 3; k ≡ 0 mod 3: k + 1` for two, residues listed for more.
    pub fn describe(&self, name: &str) -> String {
        // Residues grouped by their function, in the order each function first appears.
        let mut groups: Vec<(Affine, Vec<i64>)> = Vec::new();
        for (r, f) in self.pieces.iter().enumerate() {
            match groups.iter_mut().find(|(g, _)| g == f) {
                Some((_, rs)) => rs.push(r as i64),
                None => groups.push((*f, vec![r as i64])),
            }
        }
        if groups.len() == 1 {
            return groups[0].0.describe(name);
        }
        let m = self.modulus;
        let single_out = groups.iter().position(|(_, rs)| rs.len() == 1);
        let parts: Vec<String> = groups
            .iter()
            .enumerate()
            .map(|(i, (f, rs))| {
                let class = match (groups.len(), single_out) {
                    // Two groups, one a single residue: the other is "all but it".
                    (2, Some(j)) if j != i => format!("{name} ≢ {} mod {m}", groups[j].1[0]),
                    _ => {
                        let list: Vec<String> = rs.iter().map(i64::to_string).collect();
                        format!("{name} ≡ {} mod {m}", list.join(", "))
                    }
                };
                format!("{class}: {}", f.describe(name))
            })
            .collect();
        parts.join("; ")
    }
}

/// The simplest rule that gives every `(k, value)` point, if one with a modulus up to
/// [`MAX_MODULUS`] does (each residue class holding two points at least, or one class in
/// all). Checked on every point.
pub fn rule_of(points: &[(i64, i64)]) -> Option<Rule> {
    if points.is_empty() {
        return None;
    }
    for m in 1..=MAX_MODULUS {
        let mut pieces = Vec::with_capacity(m as usize);
        let mut fits = true;
        for r in 0..m {
            let class: Vec<(i64, i64)> = points
                .iter()
                .copied()
                .filter(|&(k, _)| k.rem_euclid(m) == r)
                .collect();
            let f = match class.as_slice() {
                [] | [_] if m > 1 => {
                    fits = false;
                    break;
                }
                [] => unreachable!("points is not empty"),
                [(_, v)] => Affine { a: 0, b: *v },
                [(k0, v0), (k1, v1), ..] => {
                    let (dk, dv) = (k1 - k0, v1 - v0);
                    if dv % dk != 0 {
                        fits = false;
                        break;
                    }
                    let a = dv / dk;
                    Affine { a, b: v0 - a * k0 }
                }
            };
            if class.iter().any(|&(k, v)| f.at(k) != v) {
                fits = false;
                break;
            }
            pieces.push(f);
        }
        if fits {
            let rule = Rule { modulus: m, pieces };
            debug_assert!(points.iter().all(|&(k, v)| rule.at(k) == v));
            return Some(rule);
        }
    }
    None
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe("k"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_subtraction_rule_reads_as_the_textbook_says() {
        // Period of {1, 2, k}: k + 1 when 3 divides k, else 3.
        let points: Vec<(i64, i64)> = (3..=40)
            .map(|k| (k, if k % 3 == 0 { k + 1 } else { 3 }))
            .collect();
        let rule = rule_of(&points).unwrap();
        assert_eq!(rule.describe("k"), "k ≡ 0 mod 3: k + 1; k ≢ 0 mod 3: 3");
        assert_eq!(
            rule_of(&[(1, 5), (2, 5), (9, 5)]).unwrap().describe("k"),
            "5"
        );
        assert_eq!(
            rule_of(&[(1, -1), (2, 1), (5, 7)]).unwrap().describe("n"),
            "2n − 3"
        );
    }

    proptest! {
        /// A rule built at random is found again (maybe in a simpler form) and gives every
        /// point; points with no rule give none, or one that fits them all.
        #[test]
        fn rules_are_found_and_fit_every_point(
            m in 1i64..6,
            pieces in proptest::collection::vec((-3i64..4, -20i64..20), 6),
            from in 0i64..50,
            len in 12i64..60,
            noise in proptest::option::of((0usize..60, 1i64..5)),
        ) {
            let rule = Rule { modulus: m, pieces: pieces[..m as usize].iter().map(|&(a, b)| Affine { a, b }).collect() };
            let mut points: Vec<(i64, i64)> = (from..from + len).map(|k| (k, rule.at(k))).collect();
            if noise.is_none() {
                let found = rule_of(&points).expect("a rule");
                prop_assert!(found.modulus <= m);
                for &(k, v) in &points {
                    prop_assert_eq!(found.at(k), v);
                }
            }
            if let Some((i, d)) = noise {
                let i = i % points.len();
                points[i].1 += d;
                if let Some(found) = rule_of(&points) {
                    for &(k, v) in &points {
                        prop_assert_eq!(found.at(k), v);
                    }
                }
            }
        }
    }
}
