//! Misère play: whoever makes the last move loses (the player who cannot move wins).
//!
//! Sums no longer add by XOR under misère play, so nothing here assumes they do. A sum is
//! kept as one position: the sorted multiset of its components' canonical forms, with the
//! components that have no move left out (they change nothing). Its misère Grundy value is
//! taken by the mex rule on that position's own options, with the end of the game worth 1
//! (Conway, *On Numbers and Games*, ch. 12; Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 13; the value CGSuite calls `MisereNimValue`); the player to move wins exactly when
//! it is not 0. Like the memo solver, the search never recurses on the call stack.
//!
//! Misère Nim has a rule of its own (Bouton, 1902; *Winning Ways*, ch. 13): the player to
//! move wins unless every heap has at most one counter and there is an odd number of them,
//! or some heap has two or more and the heaps' XOR is 0. [`nim_first_wins`] applies it to
//! any number of heaps at once.
//!
//! ```
//! use grundy::solve::misere::{Misere, nim_first_wins};
//! use grundy::games::{Nim, TakeBreak};
//!
//! // Misère Nim: 1 + 1 is lost for the player to move only under normal play.
//! let mut nim = Misere::new(Nim, 1 << 20);
//! assert!(nim.first_wins(&[1, 1]).unwrap());
//! assert!(!nim.first_wins(&[1, 1, 1]).unwrap());
//! assert_eq!(nim.first_wins(&[2, 3, 5]).unwrap(), nim_first_wins(&[2, 3, 5]));
//!
//! // A single heap of Kayles, and its misère Grundy value.
//! let mut kayles = Misere::new("0.77".parse::<TakeBreak>().unwrap(), 1 << 20);
//! assert_eq!(kayles.value(&[0]).unwrap().0, 1);
//! # Ok::<(), grundy::SolveError>(())
//! ```

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::{Game, Player};
use crate::nimber::Nimber;
use crate::solve::genus::Genus;
use crate::solve::memo::{SolveError, SumMove};
use crate::solve::sums::Sums;

/// A sum of positions under misère play, searched as one position.
pub struct Misere<G: Game> {
    sums: Sums<G>,
    /// Sums valued, with their genus: sorted canonical components, those with no move left
    /// out.
    values: FxHashMap<Vec<G::Position>, Genus>,
    limit: usize,
}

/// A sum being valued: its options, how far through them the search is, and the genera of
/// those valued so far.
struct Frame<P> {
    key: Vec<P>,
    options: Vec<Vec<P>>,
    next: usize,
    genera: Vec<Genus>,
}

impl<G> Misere<G>
where
    G: Game,
    G::Position: Ord,
{
    /// A search over sums of `game`'s positions that refuses to hold more than `limit` sums.
    pub fn new(game: G, limit: usize) -> Misere<G> {
        Misere {
            sums: Sums::new(game),
            values: FxHashMap::default(),
            limit,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.sums.game
    }

    /// Sums valued so far.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// `true` before anything is valued.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The misère Grundy value of the sum of `components` (in any order): 1 for a sum with
    /// no move, else the mex of its options' values. 0 exactly when the player to move loses.
    pub fn value(&mut self, components: &[G::Position]) -> Result<Nimber, SolveError> {
        Ok(Nimber(self.genus(components)?.misere()))
    }

    /// The genus of the sum of `components` (in any order), computed on the sum as a whole.
    pub fn genus(&mut self, components: &[G::Position]) -> Result<Genus, SolveError> {
        let start = self.sums.key(components.iter().cloned())?;
        if let Some(g) = self.values.get(&start) {
            return Ok(g.clone());
        }
        let mut on_stack: FxHashSet<Vec<G::Position>> = FxHashSet::default();
        let mut frames = vec![self.frame(start.clone())?];
        on_stack.insert(start.clone());
        let mut steps = 0u64;
        while let Some(top) = frames.last_mut() {
            steps += 1;
            if steps.is_multiple_of(1024) {
                crate::stop::check();
            }
            if top.next == top.options.len() {
                let done = frames.pop().expect("a frame");
                let g = Genus::of_options(done.genera.iter());
                on_stack.remove(&done.key);
                if let Some(parent) = frames.last_mut() {
                    parent.genera.push(g.clone());
                }
                self.values.insert(done.key, g);
                continue;
            }
            let child = top.options[top.next].clone();
            top.next += 1;
            if let Some(g) = self.values.get(&child) {
                top.genera.push(g.clone());
                continue;
            }
            if on_stack.contains(&child) {
                return Err(SolveError::Loopy {
                    at: child.first().and_then(|p| self.sums.game.describe(p)),
                });
            }
            if self.values.len() + frames.len() >= self.limit {
                return Err(SolveError::TooManyPositions { limit: self.limit });
            }
            on_stack.insert(child.clone());
            let frame = self.frame(child)?;
            frames.push(frame);
        }
        Ok(self.values[&start].clone())
    }

    fn frame(&mut self, key: Vec<G::Position>) -> Result<Frame<G::Position>, SolveError> {
        let options = self.sums.options(&key)?;
        Ok(Frame {
            key,
            genera: Vec::with_capacity(options.len()),
            options,
            next: 0,
        })
    }

    /// Whether the player to move wins the sum of `components` under misère play.
    pub fn first_wins(&mut self, components: &[G::Position]) -> Result<bool, SolveError> {
        Ok(!self.value(components)?.is_zero())
    }

    /// Who wins the sum of `components` under misère play.
    pub fn winner(&mut self, components: &[G::Position]) -> Result<Player, SolveError> {
        Ok(Player::winner_of(self.value(components)?))
    }

    /// Every move of the sum of `components` that leaves a position lost for the player to
    /// move under misère play: in component `component` (an index into `components`), to
    /// `leaves`.
    pub fn winning_moves(
        &mut self,
        components: &[G::Position],
    ) -> Result<Vec<SumMove<G::Position>>, SolveError> {
        let mut wins = Vec::new();
        let mut moves = Vec::new();
        for (i, c) in components.iter().enumerate() {
            moves.clear();
            self.sums.game.options(c, &mut moves);
            if let Some(fault) = self.sums.game.fault() {
                return Err(SolveError::Rules(fault));
            }
            for leaves in moves.drain(..) {
                let mut after: Vec<G::Position> = components[..i].to_vec();
                after.extend_from_slice(&components[i + 1..]);
                after.extend(leaves.iter().cloned());
                if self.value(&after)?.is_zero() {
                    wins.push(SumMove {
                        component: i,
                        leaves,
                    });
                }
            }
        }
        Ok(wins)
    }
}

/// Misère Nim by its rule: whether the player to move wins heaps of these sizes. The
/// player to move loses when every heap holds at most one counter and their number is odd,
/// or when some heap holds two or more and the heaps' XOR is 0.
pub fn nim_first_wins(heaps: &[u64]) -> bool {
    let xor = heaps.iter().fold(0, |a, &h| a ^ h);
    if heaps.iter().all(|&h| h <= 1) {
        xor == 0
    } else {
        xor != 0
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::games::{Nim, Subtraction, TakeBreak};
    use crate::sum::Sum;

    /// The misère outcome of a sum by the rules alone: the literal game tree of the sum
    /// (components in the order the moves leave them, none dropped, no values), remembered
    /// only so as not to walk the same literal position twice. The player to move wins when
    /// there is no move, or when some move leaves a position the opponent, to move, loses.
    fn brute_first_wins<G: Game>(game: &Sum<G>, p: &Vec<G::Position>) -> bool
    where
        G::Position: Ord,
    {
        fn walk<G: Game>(
            game: &Sum<G>,
            p: &Vec<G::Position>,
            seen: &mut std::collections::HashMap<Vec<G::Position>, bool>,
        ) -> bool
        where
            G::Position: Ord,
        {
            if let Some(&w) = seen.get(p) {
                return w;
            }
            let mut options = Vec::new();
            game.options(p, &mut options);
            let w = options.is_empty() || options.iter().any(|o| !walk(game, &o[0], seen));
            seen.insert(p.clone(), w);
            w
        }
        walk(game, p, &mut std::collections::HashMap::new())
    }

    #[test]
    fn misere_nim_follows_its_rule() {
        let mut search = Misere::new(Nim, 1 << 22);
        for a in 0..6u64 {
            for b in 0..6 {
                for c in 0..6 {
                    for d in [0u64, 1, 3] {
                        let heaps = [a, b, c, d];
                        assert_eq!(
                            search.first_wins(&heaps).unwrap(),
                            nim_first_wins(&heaps),
                            "{heaps:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn single_nim_heaps_have_the_known_misere_values() {
        // *0 is worth 1, *1 is worth 0, and *n is worth n from 2 on (Winning Ways, ch. 13).
        let mut search = Misere::new(Nim, 1 << 20);
        for n in 0..20u64 {
            let want = match n {
                0 => 1,
                1 => 0,
                n => n,
            };
            assert_eq!(search.value(&[n]).unwrap(), Nimber(want), "*{n}");
        }
    }

    #[test]
    fn winning_moves_leave_lost_positions_and_are_all_of_them() {
        let kayles: TakeBreak = "0.77".parse().unwrap();
        let mut search = Misere::new(kayles.clone(), 1 << 22);
        let sum = Sum(kayles);
        for heaps in [
            vec![1u64, 2, 3],
            vec![4, 4],
            vec![5],
            vec![1],
            vec![2, 2, 1],
        ] {
            let wins = search.winning_moves(&heaps).unwrap();
            let mut all = Vec::new();
            sum.options(&heaps, &mut all);
            let losing: usize = all
                .iter()
                .filter(|o| !brute_first_wins(&sum, &o[0]))
                .count();
            assert_eq!(wins.len(), losing, "{heaps:?}");
            assert_eq!(
                !wins.is_empty(),
                search.first_wins(&heaps).unwrap() && !all.is_empty(),
                "{heaps:?}"
            );
        }
    }

    fn family() -> impl Strategy<Value = TakeBreak> {
        prop::sample::select(vec!["0.77", "0.07", "0.137", "4.7", "0.6", "0.51"])
            .prop_map(|c| c.parse::<TakeBreak>().unwrap())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Sums of small heaps of octal games: the search agrees with the literal tree.
        #[test]
        fn sums_of_octal_heaps_agree_with_the_literal_tree(
            game in family(),
            heaps in prop::collection::vec(0u64..6, 1..4),
        ) {
            let mut search = Misere::new(game.clone(), 1 << 22);
            let sum = Sum(game);
            prop_assert_eq!(search.first_wins(&heaps).unwrap(), brute_first_wins(&sum, &heaps));
        }

        /// Subtraction games too, where a move never splits a heap.
        #[test]
        fn sums_of_subtraction_heaps_agree_with_the_literal_tree(
            takes in prop::collection::vec(1u64..4, 1..3),
            heaps in prop::collection::vec(0u64..8, 1..4),
        ) {
            let game = Subtraction::new(takes).unwrap();
            let mut search = Misere::new(game.clone(), 1 << 22);
            let sum = Sum(game);
            prop_assert_eq!(search.first_wins(&heaps).unwrap(), brute_first_wins(&sum, &heaps));
        }
    }

    /// Each superscript digit `gi` of a sum's genus is the misère value of the sum plus `i`
    /// copies of `*2`, valued directly on that bigger sum (a Kayles heap of 2 is `*2`).
    #[test]
    fn genus_digits_are_misere_values_with_copies_of_star_two() {
        let kayles: TakeBreak = "0.77".parse().unwrap();
        let mut search = Misere::new(kayles, 1 << 22);
        for heaps in [
            vec![5u64],
            vec![7],
            vec![4, 3],
            vec![9],
            vec![1, 1],
            vec![],
            vec![11],
        ] {
            let genus = search.genus(&heaps).unwrap();
            for i in 0..5 {
                let mut more = heaps.clone();
                more.extend(std::iter::repeat_n(2, i));
                assert_eq!(
                    search.value(&more).unwrap().0,
                    genus.digit(i),
                    "{heaps:?} + {i} × *2"
                );
            }
            let normal = heaps.iter().fold(0, |a, &h| {
                a ^ crate::Solver::new("0.77".parse::<TakeBreak>().unwrap())
                    .grundy(&h)
                    .unwrap()
                    .0
            });
            assert_eq!(genus.normal, normal, "{heaps:?}");
        }
    }

    /// Published tables (`tests/data/misere-published.txt`, each with its `# Source:`):
    /// CGSuite's own test table of misère values and genera, and Plambeck's genus sequence
    /// of 0.312. Genera are compared digit by digit (eight digits), and written as CGSuite
    /// writes them wherever that spelling rests on the genus alone (two digits or more, not
    /// a nim heap's genus; CGSuite chooses other spellings from the canonical form).
    #[test]
    fn misere_values_and_genera_match_published_tables() {
        let table = include_str!("../../tests/data/misere-published.txt");
        let mut checked = 0;
        for line in table.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            let (name, kind, first) = (
                words.next().unwrap(),
                words.next().unwrap(),
                words.next().unwrap().parse::<u64>().unwrap(),
            );
            let family = crate::catalogue::family(name).unwrap();
            let mut search = Misere::new(family, 1 << 22);
            for (i, theirs) in words.enumerate() {
                let h = first + i as u64;
                let genus = search.genus(&[h]).unwrap();
                match kind {
                    "misere" => assert_eq!(genus.misere().to_string(), theirs, "{name} {h}"),
                    "genus" => {
                        let (g, digits) = crate::solve::genus::cgsuite_digits(theirs, 8).unwrap();
                        let ours: Vec<u64> = (0..8).map(|i| genus.digit(i)).collect();
                        assert_eq!(
                            (genus.normal, ours),
                            (g, digits),
                            "{name} heap {h}: published {theirs}, ours {genus}"
                        );
                        let written =
                            theirs
                                .split_once('^')
                                .map(|(_, s)| match s.strip_prefix('(') {
                                    Some(inner) => inner.split(',').count(),
                                    None => s.len(),
                                });
                        if written.is_some_and(|n| n >= 2) && !genus.is_nim_heap() {
                            assert_eq!(&genus.to_string(), theirs, "{name} heap {h}");
                        }
                    }
                    other => panic!("unknown kind {other}"),
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 10 * 21 + 6);
    }

    #[test]
    fn a_search_past_its_limit_is_refused() {
        let mut search = Misere::new(Nim, 10);
        assert_eq!(
            search.value(&[9, 9, 9]),
            Err(SolveError::TooManyPositions { limit: 10 })
        );
    }
}
