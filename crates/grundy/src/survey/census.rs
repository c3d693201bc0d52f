//! A census of a take-and-break game's values: what the tables of octal games publish about
//! a long computation, taken at every power of two, so that another solver's run to any
//! 2^k can be set beside it.
//!
//! At each 2^k (and at the last heap) it gives the two checksums of the values of heaps
//! 0..=2^k (grundy's, [`crate::checksum`], and the one Beling's `ogsolve` prints,
//! [`crate::fletcher_of`]), the largest value with the first heap that has it, the count of
//! heaps of value 0, and the histogram of the values. At the end it lists the rare heaps
//! of the sparse-space split the engine would choose from the values (as Czajka's tables
//! of octal games count them, tczajka/octal-games) with their distinct values.
//!
//! ```
//! use grundy::games::TakeBreak;
//! use grundy::solve::heap::{self, Method, Unwatched};
//! use grundy::survey::census::Census;
//!
//! let game: TakeBreak = "0.007".parse()?;
//! let computed = heap::compute(&game, 1000, Method::Table, None, &mut Unwatched, u64::MAX)?;
//! let census = Census::of(&game, &computed);
//! // 2^0, 2^1, …, 2^9, and heap 1000 itself.
//! assert_eq!(census.at.len(), 11);
//! let last = census.at.last().unwrap();
//! assert_eq!(last.heap, 1000);
//! assert_eq!(last.histogram.iter().map(|&[_, count]| count).sum::<u64>(), 1001);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Serialize;

use crate::games::TakeBreak;
use crate::solve::heap::Computed;

/// The census of one game's values, heaps 0..=`upto`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Census {
    /// The game as grundy names it.
    pub game: String,
    /// The last heap.
    pub upto: u64,
    /// The values of heaps 0..=2^k for every 2^k ≤ `upto`, then of heaps 0..=`upto` if it
    /// is no power of two.
    pub at: Vec<Mark>,
    /// The rare heaps of the values computed; `None` when the game never splits a heap in
    /// two, a value passes 65535, or the rare heaps are too many for the split to be used.
    pub rare: Option<Rare>,
}

/// What the values of heaps 0..=`heap` are.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mark {
    /// The last heap counted.
    pub heap: u64,
    /// grundy's checksum of the values (`sequence --stats`), 16 hexadecimal digits.
    pub checksum: String,
    /// The checksum `ogsolve` prints for the same heaps, 8 hexadecimal digits.
    pub ogsolve_checksum: String,
    /// The largest value.
    pub largest: u32,
    /// The first heap with that value.
    pub largest_at: u64,
    /// Heaps of value 0: the second player's wins.
    pub zeros: u64,
    /// `[value, heaps with that value]`, for every value met, the smallest first.
    pub histogram: Vec<[u64; 2]>,
}

/// The rare heaps of the sparse-space split.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rare {
    /// How many heaps ≥ 1 are rare.
    pub count: u64,
    /// Their distinct values, ascending.
    pub values: Vec<u32>,
    /// The heaps, ascending.
    pub heaps: Vec<u64>,
}

/// The running counts of a census: the largest value, the heaps of each value.
struct Running {
    largest: (u32, u64),
    counts: Vec<u64>,
}

impl Running {
    fn add(&mut self, n: u64, v: u32) {
        if v > self.largest.0 {
            self.largest = (v, n);
        }
        let v = v as usize;
        if v >= self.counts.len() {
            self.counts.resize(v + 1, 0);
        }
        self.counts[v] += 1;
    }
}

impl Census {
    /// The census of the values `computed` gives for `game` (those computed, continued by
    /// a proved period), heaps 0..=`computed.upto`.
    pub fn of(game: &TakeBreak, computed: &Computed) -> Census {
        let mut running = Running {
            largest: (0, 0),
            counts: Vec::new(),
        };
        let value = |n: u64| computed.value(n);
        let mut at = Vec::new();
        for n in 0..=computed.upto {
            running.add(n, value(n));
            if n.is_power_of_two() || n == computed.upto {
                // The checksums of the values so far, read again: twice the heaps in all.
                at.push(Mark {
                    heap: n,
                    checksum: format!("{:016x}", crate::checksum_of((0..=n).map(value))),
                    ogsolve_checksum: format!("{:08X}", crate::fletcher_of((0..=n).map(value))),
                    largest: running.largest.0,
                    largest_at: running.largest.1,
                    zeros: running.counts.first().copied().unwrap_or(0),
                    histogram: running
                        .counts
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| c > 0)
                        .map(|(v, &c)| [v as u64, c])
                        .collect(),
                });
            }
        }
        let rare = super::rare_split(game, computed.values.clone()).map(|(heaps, values)| Rare {
            count: heaps.len() as u64,
            values,
            heaps,
        });
        Census {
            game: game.name(),
            upto: computed.upto,
            at,
            rare,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::heap::{self, Method, Unwatched};

    fn census(code: &str, upto: u64) -> (Census, Vec<u32>) {
        let game: TakeBreak = code.parse().unwrap();
        let c = heap::compute(&game, upto, Method::Table, None, &mut Unwatched, u64::MAX).unwrap();
        let values = (0..=upto).map(|n| c.value(n)).collect();
        (Census::of(&game, &c), values)
    }

    /// Every mark says what the values up to it say, counted again here: the checksums
    /// over the table from the crate's functions, the rest from the values themselves.
    #[test]
    fn every_mark_agrees_with_the_values_counted_again() {
        for (code, upto) in [("0.007", 3000), ("0.6", 1024), ("0.77", 500)] {
            let (census, values) = census(code, upto);
            let mut heaps: Vec<u64> = (0..)
                .map(|k| 1u64 << k)
                .take_while(|&h| h <= upto)
                .collect();
            if !upto.is_power_of_two() {
                heaps.push(upto);
            }
            let marked: Vec<u64> = census.at.iter().map(|m| m.heap).collect();
            assert_eq!(marked, heaps, "{code}");
            for m in &census.at {
                let these = &values[..=m.heap as usize];
                assert_eq!(
                    m.checksum,
                    format!("{:016x}", crate::checksum(these)),
                    "{code} at {}",
                    m.heap
                );
                assert_eq!(
                    m.ogsolve_checksum,
                    format!("{:08X}", crate::fletcher_of(these.iter().copied())),
                );
                let top = *these.iter().max().unwrap();
                assert_eq!(m.largest, top);
                assert_eq!(
                    m.largest_at,
                    these.iter().position(|&v| v == top).unwrap() as u64
                );
                assert_eq!(m.zeros, these.iter().filter(|&&v| v == 0).count() as u64);
                for &[v, count] in &m.histogram {
                    let n = these.iter().filter(|&&x| u64::from(x) == v).count() as u64;
                    assert_eq!(count, n, "{code} at {}: value {v}", m.heap);
                    assert!(count > 0);
                }
                let total: u64 = m.histogram.iter().map(|&[_, c]| c).sum();
                assert_eq!(total, m.heap + 1);
            }
        }
    }

    /// The rare heaps are ascending, and their values are the distinct values listed; a
    /// game that never splits a heap has no split to list.
    #[test]
    fn the_rare_heaps_and_their_values_agree() {
        let (census, values) = census("0.007", 4000);
        let rare = census.rare.expect("Treblecross splits heaps in two");
        assert_eq!(rare.count as usize, rare.heaps.len());
        assert!(rare.heaps.windows(2).all(|w| w[0] < w[1]));
        let mut seen: Vec<u32> = rare.heaps.iter().map(|&a| values[a as usize]).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, rare.values);
        // A game that only takes: no split, no rare heaps.
        let (census, _) = census_of_takes();
        assert_eq!(census.rare, None);
    }

    fn census_of_takes() -> (Census, Vec<u32>) {
        census("0.3", 200)
    }
}
