//! The remoteness of a position and of each of its moves, filled into its move list by the search over whole sums.
//!
//! The report it makes is data in [`crate::report::remoteness`].

use crate::analysis::sum_search::{SumSearch, Sums};
use crate::game::Game;
use crate::report::Error;
use crate::report::moves::MoveList;
use crate::solve::remoteness::Remoteness;

/// The most sums one remoteness search holds by default (about 100 bytes each).
pub const REMOTENESS_POSITIONS: usize = 2_000_000;

/// Fills in the remoteness of `list`'s position and of every move, searching the whole
/// sum with at most `limit` sums held.
pub(crate) struct Fill<'a> {
    pub(crate) list: &'a mut MoveList,
    pub(crate) limit: usize,
}

impl SumSearch for Fill<'_> {
    type Out = ();

    fn list(&self) -> &MoveList {
        self.list
    }

    fn run<G>(self, rules: G, sums: Sums<G::Position>) -> Result<(), Error>
    where
        G: Game,
        G::Position: Ord,
    {
        let name = self.list.game.clone();
        let limit = self.limit;
        let refused = |e: crate::SolveError| match e {
            crate::SolveError::TooManyPositions { .. } => Error::input(format!(
                "{name}: the remoteness search would hold more than {limit} sums or list more than {} options; remoteness is for small sums",
                crate::solve::remoteness::LISTED_PER_SUM * limit as u64
            )),
            crate::SolveError::Loopy { .. } => Error::input(format!(
                "{name}: remoteness is not computed for games with cycles"
            )),
            e => Error::input(format!("{name}: {e}")),
        };
        let mut search = Remoteness::new(rules, limit);
        let here = search.remoteness(&sums.here).map_err(&refused)?;
        let mut after = Vec::with_capacity(sums.after.len());
        for sum in &sums.after {
            after.push(search.remoteness(sum).map_err(&refused)?);
        }
        for (m, r) in self.list.moves.iter_mut().zip(after) {
            m.remoteness = Some(r);
        }
        self.list.remoteness = Some(here);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use crate::NoProgress;
    use crate::catalogue::{self, Feature};
    use crate::parse::Input;
    use crate::report::Options;

    use crate::catalogue::listed as moves;

    /// Remoteness by its definition over the literal moves the game lists (the positions
    /// they leave as written, nothing made canonical, no sum taken apart): no move, 0;
    /// else one more than the least even remoteness of a move, or if none is even, than
    /// the greatest.
    fn brute(name: &str, position: &str, seen: &mut HashMap<String, u32>) -> u32 {
        if let Some(&r) = seen.get(position) {
            return r;
        }
        let list = moves(name, position);
        let after: Vec<u32> = list
            .moves
            .iter()
            .map(|m| brute(name, &m.position, seen))
            .collect();
        let r = match after.iter().filter(|&&r| r.is_multiple_of(2)).min() {
            _ if after.is_empty() => 0,
            Some(&w) => w + 1,
            None => after.iter().max().copied().unwrap_or(0) + 1,
        };
        seen.insert(position.to_string(), r);
        r
    }

    /// Checks the position's remoteness and every move's against [`brute`], and their
    /// parity against the outcomes the engines give.
    fn check(name: &str, position: &str) -> Result<(), TestCaseError> {
        let game = catalogue::lookup_for(name, Feature::Moves).expect(name);
        let list = catalogue::moves_with_remoteness(
            &game,
            &Input::new("p", position),
            &Options::default(),
            &mut NoProgress,
            1_000_000,
        )
        .unwrap_or_else(|e| panic!("{name} {position:?}: {e}"));
        let mut seen = HashMap::new();
        let here = list.remoteness.expect("filled in");
        prop_assert_eq!(
            here,
            brute(name, position, &mut seen),
            "{} {:?}",
            name,
            position
        );
        prop_assert_eq!(
            here.is_multiple_of(2),
            list.winner == crate::Player::Second,
            "{} {:?}: parity",
            name,
            position
        );
        for m in &list.moves {
            let r = m.remoteness.expect("filled in");
            prop_assert_eq!(
                r,
                brute(name, &m.position, &mut seen),
                "{}: {}",
                name,
                &m.label
            );
            prop_assert_eq!(
                r.is_multiple_of(2),
                m.winning,
                "{}: {}: parity",
                name,
                &m.label
            );
        }
        // grundy's reply wins fastest or loses slowest.
        if let Some(best) = list.reply() {
            let rs = list.moves.iter().filter_map(|m| m.remoteness);
            let want = if !here.is_multiple_of(2) {
                rs.filter(|r| r.is_multiple_of(2)).min()
            } else {
                rs.max()
            };
            prop_assert_eq!(best.remoteness, want, "{} {:?}: the reply", name, position);
        }
        Ok(())
    }

    fn heaps(most: u64) -> impl Strategy<Value = String> {
        prop::collection::vec(0..=most, 1..=3)
            .prop_map(|hs| hs.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
    }

    fn grid(rows: usize, cols: usize, cells: &[bool], on: char, off: char) -> String {
        let lines: Vec<String> = cells
            .chunks(cols)
            .take(rows)
            .map(|row| row.iter().map(|&b| if b { on } else { off }).collect())
            .collect();
        lines.join("\n") + "\n"
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn heap_games(
            name in prop::sample::select(vec!["nim", "kayles", "grundy-game", "subtraction:1,3,4", "octal:0.137"]),
            position in heaps(7),
        ) {
            check(name, &position)?;
        }

        #[test]
        fn the_sheet(n in 1u64..4, m in 1u64..4, x in 0u64..3, y in 0u64..3) {
            check("shgame", &format!("{n} {m} {} {}", x % n + 1, y % m + 1))?;
        }

        #[test]
        fn queens(d in 1u64..4, x in 0u64..7, y in 0u64..7) {
            check("lamqugam", &format!("{d} {} {}", x + 1, y + 1))?;
            check("wythoff", &format!("{x} {y}"))?;
            check(&format!("lame-queen:{d}"), &format!("{x} {y}"))?;
        }

        #[test]
        fn cram(rows in 1usize..4, cols in 1usize..5, cells in prop::collection::vec(prop::bool::weighted(0.8), 12)) {
            check("cram", &format!("{rows} {cols}\n{}", grid(rows, cols, &cells, '.', '#')))?;
        }

        #[test]
        fn chomp(mut lengths in prop::collection::vec(1usize..6, 1..4)) {
            lengths.sort_unstable_by(|a, b| b.cmp(a));
            let text: Vec<String> = lengths.iter().map(usize::to_string).collect();
            check("chomp", &text.join(","))?;
        }

        #[test]
        fn cakes(count in 1usize..3, cells in prop::collection::vec(prop::bool::weighted(0.5), 8)) {
            let cakes: Vec<String> = (0..count)
                .map(|k| grid(2, 2, &cells[4 * k..4 * k + 4], '1', '0'))
                .collect();
            check("pshtbrth", &cakes.join("\n"))?;
        }

        #[test]
        fn script_games(position in heaps(7)) {
            let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/games/dawson_kayles.rhai");
            check(&format!("script:{file}"), &position)?;
        }
    }

    #[test]
    fn what_has_no_remoteness_is_refused_with_a_reason() {
        let refused = |name: &str, position: &str, options: &Options| {
            let game = catalogue::lookup_for(name, Feature::Moves).expect(name);
            catalogue::moves_with_remoteness(
                &game,
                &Input::new("p", position),
                options,
                &mut NoProgress,
                1000,
            )
            .err()
            .map(|e| e.message)
            .unwrap_or_default()
        };
        let misere = Options {
            misere: true,
            ..Options::default()
        };
        assert!(refused("nim", "1 2", &misere).contains("normal play"));
        assert!(refused("graph", "2 2\n1 2\n2 1\n1\n1\n", &Options::default()).contains("cycles"));
        assert!(refused("nim", "9000 1", &Options::default()).contains("past the 4096"));
        assert!(refused("kayles", "30 30 30", &Options::default()).contains("more than 1000 sums"));
    }
}
