//! Remoteness: how many moves a game lasts with best play, by Smith's rule (C. A. B. Smith,
//! *Graphs and composite games*, 1966; Winning Ways, ch. 9): the winner ends the game as
//! fast as it can, the loser makes it last as long as it can.
//!
//! A position with no move has remoteness 0. A position every option of which is a win for
//! the player then to move (a P-position) has remoteness one more than the largest of its
//! options'; any other position has remoteness one more than the smallest even remoteness
//! among its options (the fastest win). So a position is a P-position exactly when its
//! remoteness is even, and a winning move is one to an option of even remoteness.
//!
//! Remoteness does not add over a sum as Grundy values do, so a sum is searched as one
//! position, held as the misère search holds it (sorted canonical components, those with
//! no move left out).
//!
//! ```
//! use grundy::games::Nim;
//! use grundy::solve::remoteness::Remoteness;
//!
//! let mut r = Remoteness::new(Nim, usize::MAX);
//! // One heap: take it all, one move.
//! assert_eq!(r.remoteness(&[5]).unwrap(), 1);
//! // Two equal heaps are lost; the loser takes one counter at a time, the winner copies:
//! // 1 + 1 lasts two moves.
//! assert_eq!(r.remoteness(&[1, 1]).unwrap(), 2);
//! ```

use rustc_hash::FxHashMap;

use crate::game::Game;
use crate::solve::memo::SolveError;
use crate::solve::sums::Sums;

/// Marks a sum whose remoteness is being computed: meeting it again means a cycle.
const IN_PROGRESS: u32 = u32::MAX;

/// Remoteness of sums of a game's positions, memoised.
pub struct Remoteness<G: Game> {
    sums: Sums<G>,
    memo: FxHashMap<Vec<G::Position>, u32>,
    /// Options listed by the frames on the stack, not yet valued: held as surely as the
    /// memo's sums (a deep search of wide sums holds millions of them), so counted against
    /// the limit with them.
    waiting: usize,
    /// Options listed so far by the question in hand: its work, bounded by
    /// [`LISTED_PER_SUM`] times the limit (a sum of wide heaps lists thousands of options
    /// for each sum it values, and would take minutes to fill the memo).
    listed: u64,
    limit: usize,
}

/// Options a search may list for each sum its limit lets it hold.
pub const LISTED_PER_SUM: u64 = 32;

/// A sum being valued: its options (as sums) and what they have shown so far.
struct Frame<P> {
    key: Vec<P>,
    options: Vec<Vec<P>>,
    next: usize,
    /// The smallest even remoteness among the options valued (a win for the mover).
    fastest_win: Option<u32>,
    /// The largest remoteness among them.
    longest: u32,
}

impl<G> Remoteness<G>
where
    G: Game,
    G::Position: Ord,
{
    /// A search that refuses to hold more than `limit` sums (those valued, and those
    /// listed as options on its stack) or to list more than [`LISTED_PER_SUM`] times as
    /// many options in all.
    pub fn new(game: G, limit: usize) -> Remoteness<G> {
        Remoteness {
            sums: Sums::new(game),
            memo: FxHashMap::default(),
            waiting: 0,
            listed: 0,
            limit,
        }
    }

    fn open(&mut self, key: Vec<G::Position>) -> Result<Frame<G::Position>, SolveError> {
        if self.memo.len() + self.waiting >= self.limit {
            return Err(SolveError::TooManyPositions { limit: self.limit });
        }
        let options = self.sums.options(&key)?;
        self.listed += options.len() as u64;
        if self.memo.len() + self.waiting + options.len() > self.limit
            || self.listed > LISTED_PER_SUM.saturating_mul(self.limit as u64)
        {
            return Err(SolveError::TooManyPositions { limit: self.limit });
        }
        self.waiting += options.len();
        self.memo.insert(key.clone(), IN_PROGRESS);
        Ok(Frame {
            key,
            options,
            next: 0,
            fastest_win: None,
            longest: 0,
        })
    }

    /// The remoteness of the sum of `components` (in any order).
    pub fn remoteness(&mut self, components: &[G::Position]) -> Result<u32, SolveError> {
        let root = self.sums.key(components.iter().cloned())?;
        match self.memo.get(&root) {
            Some(&IN_PROGRESS) => {
                return Err(SolveError::Loopy { at: None });
            }
            Some(&r) => return Ok(r),
            None => {}
        }
        // The work bound is each question's: what earlier ones valued is looked up free.
        self.listed = 0;
        let mut stack = vec![self.open(root)?];
        let result = self.run(&mut stack);
        if result.is_err() {
            for frame in stack {
                self.waiting -= frame.options.len() - frame.next;
                self.memo.remove(&frame.key);
            }
        }
        result
    }

    fn run(&mut self, stack: &mut Vec<Frame<G::Position>>) -> Result<u32, SolveError> {
        let mut done: Option<u32> = None;
        while let Some(top) = stack.last_mut() {
            if let Some(r) = done.take() {
                if r % 2 == 0 {
                    top.fastest_win = Some(top.fastest_win.map_or(r, |w| w.min(r)));
                }
                top.longest = top.longest.max(r);
            }
            if top.next < top.options.len() {
                let option = std::mem::take(&mut top.options[top.next]);
                top.next += 1;
                self.waiting -= 1;
                match self.memo.get(&option) {
                    Some(&IN_PROGRESS) => {
                        let at = option.first().and_then(|p| self.sums.game.describe(p));
                        return Err(SolveError::Loopy { at });
                    }
                    Some(&r) => done = Some(r),
                    None => {
                        crate::stop::check();
                        let frame = self.open(option)?;
                        stack.push(frame);
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("a frame on the stack");
            let r = if frame.options.is_empty() {
                0
            } else {
                match frame.fastest_win {
                    Some(w) => w + 1,
                    None => frame.longest + 1,
                }
            };
            self.memo.insert(frame.key, r);
            done = Some(r);
        }
        Ok(done.expect("the root's remoteness"))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::game::{self, Components};
    use crate::solve::test_games::Table;
    use crate::{Solver, games::TakeBreak};

    /// A random acyclic game on `0..n`: each option of `u` is a list of positions below `u`.
    fn table() -> impl Strategy<Value = Table> {
        (1usize..9).prop_flat_map(|n| {
            (0..n)
                .map(|u| {
                    let below = u.max(1) as u32;
                    let option = prop::collection::vec(0..below, 0..=2);
                    prop::collection::vec(option, if u == 0 { 0..1 } else { 0..4 })
                })
                .collect::<Vec<_>>()
                .prop_map(|moves| Table { moves })
        })
    }

    /// Remoteness by the rule itself, over the sums as the rules leave them (components kept
    /// as they are, none made canonical or dropped): no move, 0; else the fastest win or
    /// the longest loss. Sums are cached by their multiset of components.
    fn brute(t: &Table, sum: &[u32], seen: &mut std::collections::HashMap<Vec<u32>, u32>) -> u32 {
        let mut key = sum.to_vec();
        key.sort_unstable();
        if let Some(&r) = seen.get(&key) {
            return r;
        }
        let mut rs = Vec::new();
        for i in 0..sum.len() {
            for o in &t.moves[sum[i] as usize] {
                let mut next: Vec<u32> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
                next.extend(o);
                rs.push(brute(t, &next, seen));
            }
        }
        let r = if rs.is_empty() {
            0
        } else {
            match rs.iter().filter(|&&r| r % 2 == 0).min() {
                Some(w) => w + 1,
                None => rs.iter().max().unwrap() + 1,
            }
        };
        seen.insert(key, r);
        r
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Sums of one to three positions of random games with splits: the search agrees
        /// with the rule applied literally, and remoteness is even exactly at the
        /// P-positions the memo solver finds.
        #[test]
        fn remoteness_agrees_with_the_rule_and_the_grundy_value(
            t in table(),
            picks in prop::collection::vec(0u32..100, 1..4),
        ) {
            let n = t.moves.len() as u32;
            let sum: Vec<u32> = picks.iter().map(|p| p % n).collect();
            let r = Remoteness::new(&t, usize::MAX).remoteness(&sum).unwrap();
            prop_assert_eq!(r, brute(&t, &sum, &mut Default::default()), "{:?} of {:?}", sum, t);
            let g = Solver::new(&t).sum_grundy(&sum).unwrap();
            prop_assert_eq!(r % 2 == 0, g.is_zero());
        }
    }

    #[test]
    fn kayles_rows_last_as_the_rule_says() {
        let kayles: TakeBreak = "0.77".parse().unwrap();
        let mut r = Remoteness::new(kayles.clone(), usize::MAX);
        // One or two pins: knock them all down at once.
        assert_eq!(r.remoteness(&[1]).unwrap(), 1);
        assert_eq!(r.remoteness(&[2]).unwrap(), 1);
        // Four pins: the winner takes the middle two and copies, 1 + 1: three moves.
        assert_eq!(r.remoteness(&[4]).unwrap(), 3);
        // Parity follows the Grundy values on every row up to 20.
        let mut memo = Solver::new(kayles);
        for n in 0..=20u64 {
            let rem = r.remoteness(&[n]).unwrap();
            assert_eq!(rem % 2 == 0, memo.grundy(&n).unwrap().is_zero(), "row {n}");
        }
    }

    #[test]
    fn a_cycle_is_refused() {
        struct Loop;
        impl Game for Loop {
            type Position = u32;
            fn options(&self, p: &u32, out: &mut Vec<Components<u32>>) {
                out.push(game::to((p + 1) % 3));
            }
        }
        let e = Remoteness::new(Loop, 100).remoteness(&[0]).unwrap_err();
        assert!(matches!(e, SolveError::Loopy { .. }), "{e}");
    }

    #[test]
    fn wide_sums_are_refused_by_what_the_stack_holds_not_after_it() {
        // 4096 + 4096 + 4096: about 1.1·10^10 sums, each listing thousands of options.
        // The options listed pass the work bound long before the sums valued fill the memo.
        let mut r = Remoteness::new(crate::games::Nim, 200_000);
        assert!(matches!(
            r.remoteness(&[4096, 4096, 4096]),
            Err(SolveError::TooManyPositions { limit: 200_000 })
        ));
        assert!(r.listed <= LISTED_PER_SUM * 200_000 + 3 * 4096);
        assert_eq!(r.waiting, 0);
        // What fits is still answered, by the same search.
        assert_eq!(r.remoteness(&[3, 3]).unwrap(), 6);
        assert_eq!(r.waiting, 0);
    }
}
