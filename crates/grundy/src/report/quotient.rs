//! The misère quotient of a heap family, as a report: presentation, order, P-portion and
//! pretending function ([`crate::solve::quotient`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::family::Family;
use crate::solve::quotient::{Presentation, Quotient};

/// The misère quotient of a family's heaps `0..=upto`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotientReport {
    /// The family, as grundy names it.
    pub game: String,
    /// The largest heap covered.
    pub upto: u64,
    /// The order |Q|.
    pub order: usize,
    /// The generators, in order (a, b, c, …), each with the heap that brings it.
    pub generators: Vec<Generator>,
    /// The relations that, with the generators, define the monoid (`a^2 = 1`).
    pub relations: Vec<String>,
    /// The elements of the P-portion, as products of generators (`1` is the identity).
    pub p_portion: Vec<String>,
    /// The element each heap 0..=upto pretends to be.
    pub pretending: Vec<String>,
    /// The heaps at which the quotient grew (a new generator, or a finer monoid).
    pub grew_at: Vec<u64>,
}

/// A generator of the quotient.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generator {
    /// Its name: a, b, c, …
    pub name: String,
    /// The least heap whose element it is.
    pub heap: u64,
}

impl QuotientReport {
    /// The report of a computed quotient.
    pub fn of(family: &Family, q: &Quotient) -> QuotientReport {
        let pres: Presentation = q.presentation();
        QuotientReport {
            game: family.to_string(),
            upto: q.upto(),
            order: q.order(),
            generators: pres
                .generators
                .iter()
                .enumerate()
                .map(|(i, &heap)| Generator {
                    name: Presentation::generator_name(i),
                    heap,
                })
                .collect(),
            relations: pres.relation_texts(),
            p_portion: (0..q.order() as u32)
                .filter(|&x| q.is_p(x))
                .map(|x| pres.element(x))
                .collect(),
            pretending: (0..=q.upto())
                .map(|h| pres.element(q.element_of_heap(h).unwrap_or(0)))
                .collect(),
            grew_at: q.grew_at().to_vec(),
        }
    }
}

impl fmt::Display for QuotientReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "misère quotient of {} for heaps 0..={}",
            self.game, self.upto
        )?;
        let gens: Vec<String> = self
            .generators
            .iter()
            .map(|g| format!("{} (heap {})", g.name, g.heap))
            .collect();
        writeln!(
            f,
            "generators: {}",
            if gens.is_empty() {
                "none".to_string()
            } else {
                gens.join(", ")
            }
        )?;
        writeln!(
            f,
            "relations:  {}",
            if self.relations.is_empty() {
                "none".to_string()
            } else {
                self.relations.join(", ")
            }
        )?;
        writeln!(f, "|Q| = {}, |P| = {}", self.order, self.p_portion.len())?;
        writeln!(f, "P-portion:  {}", self.p_portion.join(", "))?;
        writeln!(f, "pretending function (heap: element):")?;
        for (h, e) in self.pretending.iter().enumerate() {
            writeln!(f, "  {h:>4}: {e}")?;
        }
        write!(
            f,
            "no period is claimed: the quotient is proved for heaps 0..={} only",
            self.upto
        )
    }
}
