//! Heaps of any size (up to 2^64 − 1): Nim by its rule (Bouton, 1901), every other family
//! by the period its values prove (the periodicity theorem of Guy and Smith, 1956; Winning
//! Ways, chapter 4), with the moves of a large heap listed in classes
//! ([`crate::solve::heap::pattern`]).
//!
//! The plain analysis ([`Family::analyze_heaps`] within [`Family::analyze_limit`]) looks
//! at every option of every heap; past it, a family is answered here only once its period
//! is proved, and refused otherwise with where the proof was looked for.

use std::sync::{Arc, LazyLock, Mutex};

use rustc_hash::FxHashMap;

use super::{Family, FamilyError, HeapAnalysis, HeapMove};
use crate::game::Player;
use crate::nimber::Nimber;
use crate::solve::heap::pattern::{self, Pattern};
use crate::solve::memo::Stats;

/// Patterns found (or not) in this process, by family name.
static PATTERNS: LazyLock<Mutex<FxHashMap<String, Found>>> = LazyLock::new(Mutex::default);

/// A family's pattern, or why it has none.
type Found = Result<Arc<Pattern>, FamilyError>;

/// The work a period is looked for with, in steps (see [`crate::work`]): about 4 s here at
/// the most, and far less where the sparse space holds.
const PATTERN_BUDGET: u64 = 1 << 34;

/// The lookups a large subtraction game's period is looked for with (a few seconds at the
/// most), and the most runs it may hold.
const RUNS_BUDGET: u64 = 1 << 28;
const RUNS_KEPT: usize = 1 << 20;

/// The most families whose patterns are kept at once (a server asked about many games
/// forgets the oldest by starting over).
const KEPT_PATTERNS: usize = 256;

impl HeapMove {
    /// The move (or class of moves) `c` of heap `i` (from 0), of `from` counters.
    fn of_class(i: usize, from: u64, c: &pattern::Class) -> HeapMove {
        HeapMove {
            heap: i + 1,
            from,
            take: c.take,
            leaves: c.leaves.to_vec(),
            every: c.every,
        }
    }
}

/// Whether the plain analysis refused `e` for the size of the position alone (so the
/// proved period may answer it).
pub(super) fn past_the_plain_limits(e: &FamilyError) -> bool {
    matches!(
        e,
        FamilyError::TooLarge { .. }
            | FamilyError::HeapsTooLarge { .. }
            | FamilyError::TooMuchWork(_)
    )
}

/// [`FamilyError::NotProved`] in words.
pub(super) fn not_proved(game: &str, looked: u64, further: &str) -> String {
    if looked == 0 {
        format!("{game} has no period to prove: {further}")
    } else {
        format!("no period of {game} is proved from the values of heaps 0..={looked}; {further}")
    }
}

impl Family {
    /// The moves of one heap as `(k, digit)` pairs: taking k counters may leave what the
    /// digit's bits say (1 nothing, 2 one heap, 4 two heaps, 8 three), as octal and
    /// hexadecimal codes write them; a subtraction game is digit 3 at each take. Empty for
    /// Nim, whose moves are every take.
    pub fn rules(&self) -> Vec<(u64, u8)> {
        match self {
            Family::Nim => Vec::new(),
            Family::Subtraction(s) => s.takes().iter().map(|&t| (t, 3)).collect(),
            Family::TakeBreak(o) => o
                .digits()
                .iter()
                .enumerate()
                .filter(|&(_, &d)| d != 0)
                .map(|(k, &d)| (k as u64, d))
                .collect(),
        }
    }

    /// The largest heap whose value is computed while a period is looked for: the table
    /// of a game that splits heaps costs O(n²) (O(n³) in three), the others O(n).
    pub fn pattern_search_limit(&self) -> u64 {
        match self {
            Family::Nim => 0,
            Family::Subtraction(s) if s.runs() => 0,
            Family::Subtraction(s) => {
                let top = s.takes().last().copied().unwrap_or(0);
                (1u64 << 22).max(4 * top + 4096).min(Self::MAX_TABLE)
            }
            // Grundy's game splits into unequal heaps: no theorem proves its period.
            Family::TakeBreak(o) if o.unequal() => 0,
            Family::TakeBreak(o) if o.splits_in_three() => 2048,
            // The sparse-space engine, stopped at the proof (0.56 proves its period 144
            // from 653,000 values in a third of a second).
            Family::TakeBreak(_) => 1 << 20,
        }
    }

    /// The family's proved period, with the values of its pre-period and one period: looked
    /// for in the values of heaps up to [`pattern_search_limit`](Self::pattern_search_limit),
    /// once a process. [`FamilyError::NotProved`] when none is proved there (and for Nim,
    /// which has no period).
    pub fn pattern(&self) -> Result<Arc<Pattern>, FamilyError> {
        let key = self.to_string();
        if let Some(found) = PATTERNS.lock().expect("patterns").get(&key) {
            return found.clone();
        }
        let found = self.find_pattern();
        // Stops and limits are not the family's: they are not kept.
        if !matches!(
            found,
            Err(FamilyError::Heap(_) | FamilyError::TooMuchWork(_))
        ) {
            let mut kept = PATTERNS.lock().expect("patterns");
            if kept.len() >= KEPT_PATTERNS {
                kept.clear();
            }
            kept.insert(key, found.clone());
        }
        found
    }

    fn find_pattern(&self) -> Result<Arc<Pattern>, FamilyError> {
        let limit = self.pattern_search_limit();
        let not_proved = || FamilyError::NotProved {
            game: self.short_name(),
            looked: limit,
            further: self.look_further(),
        };
        if let Family::Subtraction(s) = self
            && s.runs()
        {
            use crate::solve::heap::runs::{Unproved, subtraction_period};
            return match subtraction_period(s.takes(), RUNS_BUDGET, RUNS_KEPT) {
                Ok((runs, period, looked)) => Ok(Arc::new(Pattern::of_runs(runs, period, looked))),
                Err(Unproved { looked }) => Err(FamilyError::NotProved {
                    game: self.short_name(),
                    looked,
                    further:
                        "its values were computed run by run as far as the engine's budget goes"
                            .into(),
                }),
            };
        }
        if let Family::TakeBreak(game) = self
            && !game.splits_in_three()
            && limit > 0
        {
            use crate::solve::heap::{HeapError, Method, Unwatched, compute};
            // Growing tables, each stopped at a proof: a projection of the work to the
            // limit (quadratic where the sparse space fails) does not refuse a period that
            // a shorter table proves.
            let mut upto = (1u64 << 14).min(limit);
            let mut looked = 0;
            loop {
                match compute(
                    game,
                    upto,
                    Method::Table,
                    None,
                    &mut Unwatched,
                    PATTERN_BUDGET,
                ) {
                    Ok(c) => {
                        if let Some(p) = c.period {
                            let n = (p.preperiod + p.period).min(c.values.len());
                            let values: Vec<u32> = (0..n).map(|i| c.values.get(i)).collect();
                            return Ok(Arc::new(Pattern::with_proof(
                                &values,
                                p,
                                c.values.len() as u64,
                            )));
                        }
                        looked = upto;
                    }
                    Err(HeapError::WorkLimit { .. } | HeapError::TooMuchWork(_)) => break,
                    Err(e) => return Err(e.into()),
                }
                if upto == limit {
                    break;
                }
                upto = (upto * 2).min(limit);
            }
            return Err(FamilyError::NotProved {
                game: self.short_name(),
                looked,
                further: self.look_further(),
            });
        }
        let mut upto = 1024u64.min(limit);
        while upto > 0 {
            let values = self.values(upto)?;
            if let Some(period) = self.proven_period(&values) {
                return Ok(Arc::new(Pattern::new(&values, period)));
            }
            if upto == limit {
                break;
            }
            upto = (upto * 4).min(limit);
        }
        Err(not_proved())
    }

    /// The command that looks for a period past [`pattern_search_limit`](Self::pattern_search_limit).
    fn look_further(&self) -> String {
        match self {
            Family::TakeBreak(o) if o.unequal() => {
                "Grundy's game splits heaps into unequal heaps, and no periodicity theorem covers such moves".to_string()
            }
            Family::TakeBreak(_) => format!(
                "`grundy sequence {} --upto N --certificate FILE` looks further",
                self.short_name()
            ),
            _ => format!(
                "`grundy sequence {} --upto N --stats` looks further",
                self.short_name()
            ),
        }
    }

    /// A refusal of the period's analysis said with the plain limit it was needed past.
    pub(super) fn past_plain(&self, sizes: &[u64], why: FamilyError) -> FamilyError {
        if !matches!(why, FamilyError::NotProved { .. }) {
            return why;
        }
        let largest = sizes.iter().copied().max().unwrap_or(0);
        let limit = self.analyze_limit();
        let what = if largest > limit {
            format!("a heap of {largest} is past the {limit}")
        } else {
            let total = sizes.iter().fold(0u64, |a, &h| a.saturating_add(h));
            format!(
                "the heaps add up to {total}, past the {} (or their options past the work bound)",
                Self::MAX_ANALYZE_TOTAL
            )
        };
        FamilyError::PastPlain {
            what,
            why: Box::new(why),
        }
    }

    /// The value of a heap of `n`, any size: Nim's by its rule, a heap within the plain
    /// table by the table, any other by the proved period.
    pub fn value_at(&self, n: u64) -> Result<Nimber, FamilyError> {
        match self {
            Family::Nim => Ok(Nimber(n)),
            _ => Ok(Nimber(u64::from(self.pattern()?.value(n)))),
        }
    }

    /// The value of each heap of `heaps`, any sizes: Nim's by its rule, the others by the
    /// proved period, or without one by the family's table up to the largest heap (within
    /// [`analyze_limit`](Self::analyze_limit)).
    pub fn values_at(&self, heaps: &[u64]) -> Result<Vec<u64>, FamilyError> {
        if *self == Family::Nim {
            return Ok(heaps.to_vec());
        }
        match self.pattern() {
            Ok(p) => Ok(heaps.iter().map(|&h| u64::from(p.value(h))).collect()),
            Err(e @ FamilyError::NotProved { .. }) => {
                let largest = heaps.iter().copied().max().unwrap_or(0);
                if largest > self.analyze_limit() {
                    return Err(self.past_plain(heaps, e));
                }
                let table = self.values(largest)?;
                Ok(heaps
                    .iter()
                    .map(|&h| u64::from(table[h as usize]))
                    .collect())
            }
            Err(e) => Err(e),
        }
    }

    /// A sum of Nim heaps of any sizes by Bouton's rule: the value is the nim-sum, and the
    /// winning moves cut a heap h down to h ⊕ s where that is smaller.
    pub(super) fn nim_analysis(sizes: &[u64]) -> HeapAnalysis {
        let values: Vec<Nimber> = sizes.iter().map(|&h| Nimber(h)).collect();
        let total = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
        let winning_moves = crate::games::nim::winning_moves(sizes)
            .into_iter()
            .map(|(i, left)| HeapMove {
                heap: i + 1,
                from: sizes[i],
                take: sizes[i] - left,
                leaves: if left == 0 { Vec::new() } else { vec![left] },
                every: None,
            })
            .collect();
        HeapAnalysis {
            game: "nim".to_string(),
            heaps: sizes.to_vec(),
            values,
            grundy: total,
            winner: Player::winner_of(total),
            winning_moves,
            stats: Stats::default(),
        }
    }

    /// A sum of heaps of any sizes by the family's proved period: each heap's value read
    /// from the period, and every winning move (the splits of a large heap in classes).
    pub fn analyze_by_pattern(&self, sizes: &[u64]) -> Result<HeapAnalysis, FamilyError> {
        if *self == Family::Nim {
            return Ok(Self::nim_analysis(sizes));
        }
        let pattern = self.pattern()?;
        let rules = self.rules();
        let values: Vec<Nimber> = sizes
            .iter()
            .map(|&h| Nimber(u64::from(pattern.value(h))))
            .collect();
        let total = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
        let mut winning_moves = Vec::new();
        if !total.is_zero() {
            for (i, &from) in sizes.iter().enumerate() {
                let target = (total ^ values[i]).0;
                // A move leaves at most the mex of a heap's options, which is below 2^32.
                if target > u64::from(u32::MAX) {
                    continue;
                }
                pattern::heap_moves(&rules, &pattern, from, &mut |c| {
                    if u64::from(c.value) == target {
                        winning_moves.push(HeapMove::of_class(i, from, &c));
                    }
                })?;
            }
        }
        Ok(HeapAnalysis {
            game: self.to_string(),
            heaps: sizes.to_vec(),
            values,
            grundy: total,
            winner: Player::winner_of(total),
            winning_moves,
            stats: Stats::default(),
        })
    }

    /// Every move of a sum of heaps of any sizes, by the proved period, with the value each
    /// leaves: the splits of a large heap in classes, each class one entry. At most
    /// [`MAX_LISTED_MOVES`](Self::MAX_LISTED_MOVES) entries.
    pub fn heap_moves_by_pattern(
        &self,
        sizes: &[u64],
    ) -> Result<Vec<(HeapMove, Nimber)>, FamilyError> {
        let analysis = self.analyze_by_pattern(sizes)?;
        let limit = Self::MAX_LISTED_MOVES;
        let mut moves = Vec::new();
        if *self == Family::Nim {
            let too_many = sizes.iter().map(|&h| u128::from(h)).sum::<u128>() > limit as u128;
            if too_many {
                return Err(FamilyError::TooManyMoves { limit });
            }
            for (i, &from) in sizes.iter().enumerate() {
                let rest = analysis.grundy ^ Nimber(from);
                for left in (0..from).rev() {
                    let leaves = if left == 0 { Vec::new() } else { vec![left] };
                    let m = HeapMove {
                        heap: i + 1,
                        from,
                        take: from - left,
                        leaves,
                        every: None,
                    };
                    moves.push((m, rest ^ Nimber(left)));
                }
            }
            return Ok(moves);
        }
        let pattern = self.pattern()?;
        let rules = self.rules();
        let mut full = false;
        for (i, &from) in sizes.iter().enumerate() {
            let rest = analysis.grundy ^ analysis.values[i];
            pattern::heap_moves(&rules, &pattern, from, &mut |c| {
                if moves.len() > limit {
                    full = true;
                    return;
                }
                let m = HeapMove::of_class(i, from, &c);
                moves.push((m, rest ^ Nimber(u64::from(c.value))));
            })?;
            if full {
                return Err(FamilyError::TooManyMoves { limit });
            }
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A move opened: the heap, the take, the heaps left sorted.
    type Opened = (usize, u64, Vec<u64>);

    /// Every member of the moves, the heaps each leaves sorted: classes opened.
    fn opened(moves: &[HeapMove]) -> Vec<Opened> {
        let mut all = Vec::new();
        for m in moves {
            let (count, step) = m.every.map_or((1, 0), |e| (e.count, e.step));
            for j in 0..count {
                let mut leaves = m.leaves.clone();
                if j > 0 {
                    leaves[0] += j * step;
                    leaves[1] -= j * step;
                }
                leaves.sort_unstable();
                all.push((m.heap, m.take, leaves));
            }
        }
        all.sort();
        all
    }

    const FAMILIES: [&str; 6] = [
        "octal:0.77",
        "octal:0.07",
        "octal:0.137",
        "octal:4.7",
        "subtraction:1,3,4",
        "nim",
    ];

    proptest! {
        /// The analysis by the period beside the plain one (the memo solver over every
        /// option of every heap): the same values, the same winning moves once classes are
        /// opened, on sums with heaps long past the pre-period.
        #[test]
        fn by_pattern_matches_the_solver(
            heaps in proptest::collection::vec(0u64..900, 1..5),
            which in 0usize..FAMILIES.len(),
        ) {
            let family: Family = FAMILIES[which].parse().unwrap();
            let plain = family.analyze_heaps_by_solver(&heaps).unwrap();
            let fast = family.analyze_by_pattern(&heaps).unwrap();
            prop_assert_eq!(&fast.values, &plain.values);
            prop_assert_eq!(fast.grundy, plain.grundy);
            prop_assert_eq!(opened(&fast.winning_moves), opened(&plain.winning_moves));
        }

        /// Every listed move by the period beside the plain listing: the same moves with
        /// the same values after them.
        #[test]
        fn listed_moves_match(
            heaps in proptest::collection::vec(0u64..700, 1..3),
            which in 0usize..FAMILIES.len(),
        ) {
            let family: Family = FAMILIES[which].parse().unwrap();
            let plain = family.heap_moves(&heaps).unwrap();
            let fast = family.heap_moves_by_pattern(&heaps).unwrap();
            let mut a: Vec<(Vec<Opened>, Nimber)> =
                plain.iter().map(|(m, v)| (opened(std::slice::from_ref(m)), *v)).collect();
            let mut b: Vec<(Vec<Opened>, Nimber)> = fast
                .iter()
                .flat_map(|(m, v)| opened(std::slice::from_ref(m)).into_iter().map(|o| (vec![o], *v)))
                .collect();
            a.sort();
            b.sort();
            prop_assert_eq!(a, b);
        }
    }

    #[test]
    fn huge_heaps_are_answered_and_their_winning_classes_are_exact() {
        let kayles: Family = "octal:0.77".parse().unwrap();
        let small = kayles.values(2000).unwrap();
        let n = u64::MAX;
        let a = kayles.analyze_heaps(&[n, 5]).unwrap();
        let pre = 71u64;
        let v = |h: u64| {
            if h < 2000 {
                small[h as usize]
            } else {
                small[(pre + (h - pre) % 12) as usize]
            }
        };
        assert_eq!(a.values[0].0, u64::from(v(n)));
        // Every class member really leaves 0: check the first, second and last of each.
        for m in &a.winning_moves {
            let (count, step) = m.every.map_or((1, 0), |e| (e.count, e.step));
            for j in [0, 1.min(count - 1), count - 1] {
                let mut left: Vec<u64> = m.leaves.clone();
                if left.len() == 2 {
                    left[0] += j * step;
                    left[1] -= j * step;
                }
                let rest = if m.heap == 1 { v(5) } else { v(n) };
                let after = left.iter().fold(rest, |x, &h| x ^ v(h));
                assert_eq!(after, 0, "{m}");
                assert!(left.iter().sum::<u64>() + m.take == m.from);
            }
        }
    }

    #[test]
    fn a_family_with_no_proved_period_is_refused_past_the_plain_limit() {
        let grundy: Family = "grundy-game".parse().unwrap();
        let e = grundy.analyze_heaps(&[10_000_000]).unwrap_err();
        assert!(matches!(e, FamilyError::PastPlain { .. }), "{e}");
        assert!(e.to_string().contains("no period"), "{e}");
        assert!(
            e.to_string().contains("10000000 is past the 100000 "),
            "{e}"
        );
    }

    #[test]
    fn nim_by_its_rule_takes_a_million_heaps_of_any_size() {
        let heaps: Vec<u64> = (0..1_000_000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        let a = Family::Nim.analyze_heaps(&heaps).unwrap();
        let s = heaps.iter().fold(0, |a, &h| a ^ h);
        assert_eq!(a.grundy.0, s);
        for m in &a.winning_moves {
            let left = m.leaves.first().copied().unwrap_or(0);
            assert_eq!(left, heaps[m.heap - 1] ^ s);
        }
        let count = heaps.iter().filter(|&&h| h ^ s < h).count();
        assert_eq!(a.winning_moves.len(), count);
    }
}
