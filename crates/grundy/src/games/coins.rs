//! Coin-turning games on one row (*Winning Ways*, ch. 14; Ferguson, *Game Theory*, Part I,
//! §5.5): coins lie in a row, each showing heads or tails. A move turns over a set of coins
//! the rule allows, the rightmost of which must go from heads to tails; whoever cannot move
//! loses.
//!
//! - `turning-turtles`: turn one or two coins (coins numbered from 1): the head at x is a
//!   nim heap of x, so the game is Nim.
//! - `mock-turtles`: turn one, two or three coins (from 0): the head at x is worth the x-th
//!   odious number, those with an odd number of ones in binary (OEIS A000069).
//! - `ruler`: turn any run of neighbouring coins ending at the head (from 1): the head at x
//!   is worth the largest power of 2 dividing x.
//! - `twins`: turn exactly two coins (from 0): the head at x is worth x.
//!
//! The coin-turning theorem (Lenstra; *Winning Ways*, ch. 14) values a row as the XOR of
//! the values of rows with one head, one for each of its heads, so a row's value is one
//! pass over it. The rules here are the literal ones, whole rows turned (so misère play and
//! remoteness, which that theorem does not reach, are searched over real rows), and the
//! tests check the theorem's values against a brute force over literal rows.
//!
//! A position is a row of coins written `THHTH`, T for tails and H for heads, the leftmost
//! coin first; it is numbered from 0 or from 1 as the game's section of *Winning Ways*
//! numbers it.

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game, to};
use crate::games::notation::{Labelled, Notation};
use crate::nimber::Nimber;
use crate::parse::{Found, Input, Tokens};

/// The most coins a row may have (a row is one 128-bit word).
pub const MAX_COINS: usize = 128;

/// Which coins a move may turn with its rightmost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// One or two coins.
    TurningTurtles,
    /// One, two or three coins.
    MockTurtles,
    /// A run of neighbouring coins ending at the rightmost.
    Ruler,
    /// Exactly two coins.
    Twins,
}

impl Rule {
    /// The four rules of the book.
    pub const ALL: [Rule; 4] = [
        Rule::TurningTurtles,
        Rule::MockTurtles,
        Rule::Ruler,
        Rule::Twins,
    ];

    /// The number of the leftmost coin: 0 or 1, as *Winning Ways* numbers the game.
    pub fn first(self) -> u64 {
        match self {
            Rule::TurningTurtles | Rule::Ruler => 1,
            Rule::MockTurtles | Rule::Twins => 0,
        }
    }

    /// The value of a row whose only head is the coin numbered `x` (in this game's
    /// numbering), by the formulas the section gives.
    pub fn head_value(self, x: u64) -> Nimber {
        Nimber(match self {
            Rule::TurningTurtles | Rule::Twins => x,
            Rule::MockTurtles => 2 * x + u64::from(x.count_ones().is_multiple_of(2)),
            Rule::Ruler => {
                if x == 0 {
                    0
                } else {
                    1 << x.trailing_zeros()
                }
            }
        })
    }

    /// Every set of coins a move whose rightmost coin is at `at` (counted from 0 on the
    /// row) turns, as a mask over the row.
    pub(crate) fn turns(self, at: u32, out: &mut Vec<u128>) {
        let head = 1u128 << at;
        match self {
            Rule::TurningTurtles => {
                out.push(head);
                out.extend((0..at).map(|y| head | 1 << y));
            }
            Rule::Twins => {
                // With coins from 0 the head at 0 has nothing to its left: no move.
                out.extend((0..at).map(|y| head | 1 << y));
            }
            Rule::MockTurtles => {
                out.push(head);
                for y in 0..at {
                    out.push(head | 1 << y);
                    out.extend((0..y).map(|z| head | 1 << y | 1 << z));
                }
            }
            Rule::Ruler => {
                // Runs ending at the head: its length from 1 to the head's number.
                out.extend((0..=at).map(|start| (head << 1) - (1u128 << start)));
            }
        }
    }

    pub(crate) fn count(self, at: u32) -> usize {
        let at = at as usize;
        match self {
            Rule::TurningTurtles | Rule::Ruler => at + 1,
            Rule::Twins => at,
            Rule::MockTurtles => 1 + at + at * at.saturating_sub(1) / 2,
        }
    }
}

/// Numbers as a sentence lists them: `3`, `1 and 3`, `0, 1 and 3`.
pub(crate) fn and_list(v: &[u64]) -> String {
    match v {
        [rest @ .., last] if !rest.is_empty() => format!(
            "{} and {last}",
            rest.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        v => v.iter().map(u64::to_string).collect(),
    }
}

/// A row of coins: `len` coins, bit i of `heads` set where coin i (from the left, counted
/// from 0) shows heads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Row {
    /// How many coins.
    pub len: u32,
    /// The heads, bit i for the i-th coin from the left.
    pub heads: u128,
}

/// A rule given as a list: for the head at each coin of a row, every set of coins a move
/// with it as its rightmost may turn (a rule written as a script, `coins:FILE`).
#[derive(Debug, PartialEq, Eq)]
pub struct Listed {
    first: u64,
    /// For the head at each coin (counted from 0 on the row), each set a move turns, the
    /// head included, as a mask over the row.
    sets: Vec<Vec<u128>>,
    /// The value of the row whose one head is each coin, by the coin-turning theorem.
    values: Vec<Nimber>,
}

/// The most sets of coins a listed rule may name, over every head of a row together.
pub const MAX_LISTED_MOVES: usize = 1 << 20;

impl Listed {
    /// The rule whose head at coin `at` (counted from 0 on the row, `at` below
    /// [`MAX_COINS`]) may turn with it each set of coins `others[at]` names (each coin left
    /// of the head, counted from 0); coins are called `first`, `first + 1`, ... in labels.
    /// Refused, saying why, when a coin is not left of its head or is named twice in a set,
    /// or there are more than [`MAX_LISTED_MOVES`] sets.
    pub fn new(first: u64, others: &[Vec<Vec<u32>>]) -> Result<Listed, String> {
        let total: usize = others.iter().map(Vec::len).sum();
        if total > MAX_LISTED_MOVES {
            return Err(format!(
                "the rule lists {total} moves over a row of {MAX_COINS} coins; at most {MAX_LISTED_MOVES} are held"
            ));
        }
        let mut sets = Vec::with_capacity(others.len());
        let mut values: Vec<Nimber> = Vec::with_capacity(others.len());
        for (at, listed) in others.iter().enumerate().take(MAX_COINS) {
            let head = 1u128 << at;
            let mut masks = Vec::with_capacity(listed.len());
            let mut seen = Vec::with_capacity(listed.len());
            for set in listed {
                let mut mask = head;
                let mut value = Nimber::ZERO;
                for &y in set {
                    let name = u64::from(y) + first;
                    let head_name = at as u64 + first;
                    if y as usize >= at {
                        return Err(format!(
                            "with the head at coin {head_name}, a move turns coin {name}: every other coin a move turns lies left of its rightmost, the head"
                        ));
                    }
                    if mask >> y & 1 == 1 {
                        return Err(format!(
                            "with the head at coin {head_name}, a move names coin {name} twice"
                        ));
                    }
                    mask |= 1 << y;
                    value ^= values[y as usize];
                }
                masks.push(mask);
                seen.push(value);
            }
            values.push(crate::nimber::mex(seen));
            sets.push(masks);
        }
        Ok(Listed {
            first,
            sets,
            values,
        })
    }
}

/// Which coins turn with the rightmost: a rule of the book, or one given as a list.
#[derive(Clone, Debug)]
enum Turning {
    Named(Rule),
    Listed(std::sync::Arc<Listed>),
}

/// A coin-turning game on one row, under its rule.
#[derive(Clone, Debug)]
pub struct Coins {
    turning: Turning,
}

impl Coins {
    /// The game under `rule`.
    pub fn new(rule: Rule) -> Coins {
        Coins {
            turning: Turning::Named(rule),
        }
    }

    /// The game under a rule given as a list.
    pub fn listed(rule: Listed) -> Coins {
        Coins {
            turning: Turning::Listed(std::sync::Arc::new(rule)),
        }
    }

    /// The number of the leftmost coin.
    pub fn first(&self) -> u64 {
        match &self.turning {
            Turning::Named(rule) => rule.first(),
            Turning::Listed(l) => l.first,
        }
    }

    /// The value of a row whose one head is the coin `at` from the left (counted from 0,
    /// below [`MAX_COINS`]).
    fn head_at(&self, at: u32) -> Nimber {
        match &self.turning {
            Turning::Named(rule) => rule.head_value(u64::from(at) + rule.first()),
            Turning::Listed(l) => l.values.get(at as usize).copied().unwrap_or(Nimber::ZERO),
        }
    }

    fn turns(&self, at: u32, out: &mut Vec<u128>) {
        match &self.turning {
            Turning::Named(rule) => rule.turns(at, out),
            Turning::Listed(l) => out.extend(l.sets.get(at as usize).into_iter().flatten()),
        }
    }

    fn count(&self, at: u32) -> usize {
        match &self.turning {
            Turning::Named(rule) => rule.count(at),
            Turning::Listed(l) => l.sets.get(at as usize).map_or(0, Vec::len),
        }
    }

    /// The value of a row by the coin-turning theorem: the XOR of its heads' values.
    pub fn value(&self, row: &Row) -> Nimber {
        (0..row.len)
            .filter(|&i| row.heads >> i & 1 == 1)
            .fold(Nimber::ZERO, |a, i| a ^ self.head_at(i))
    }
}

impl Game for Coins {
    type Position = Row;

    fn options(&self, p: &Row, out: &mut Vec<Components<Row>>) {
        let mut sets = Vec::new();
        for at in (0..p.len).filter(|&i| p.heads >> i & 1 == 1) {
            sets.clear();
            self.turns(at, &mut sets);
            out.extend(sets.iter().map(|&turned| {
                to(Row {
                    len: p.len,
                    heads: p.heads ^ turned,
                })
            }));
        }
    }

    fn known_value(&self, p: &Row) -> Option<Nimber> {
        Some(self.value(p))
    }

    fn option_count(&self, p: &Row) -> Option<usize> {
        Some(
            (0..p.len)
                .filter(|&i| p.heads >> i & 1 == 1)
                .map(|i| self.count(i))
                .sum(),
        )
    }
}

impl Notation for Coins {
    fn read(&self, input: &Input) -> Result<Vec<Row>, Error> {
        let wrong = |e| input.error(e);
        let mut t = Tokens::new(&input.bytes);
        let expected = format!("a row of coins, T (tails) and H (heads), at most {MAX_COINS}");
        let token = t
            .next_token()
            .ok_or_else(|| wrong(t.error(expected.clone(), Found::End)))?;
        if token.text.len() > MAX_COINS || token.text.iter().any(|&c| c != b'T' && c != b'H') {
            return Err(wrong(t.error(expected, token.shown())));
        }
        t.end().map_err(wrong)?;
        let heads = token
            .text
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == b'H')
            .fold(0u128, |h, (i, _)| h | 1 << i);
        Ok(vec![Row {
            len: token.text.len() as u32,
            heads,
        }])
    }

    fn write(&self, sum: &[Row]) -> String {
        let mut text: String = sum
            .iter()
            .map(|row| {
                (0..row.len)
                    .map(|i| if row.heads >> i & 1 == 1 { 'H' } else { 'T' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(" ");
        text.push('\n');
        text
    }

    fn moves(&self, sum: &[Row], i: usize) -> Vec<Labelled<Row>> {
        let row = sum[i];
        let first = self.first();
        let mut sets = Vec::new();
        let mut moves = Vec::new();
        for at in (0..row.len).filter(|&c| row.heads >> c & 1 == 1) {
            sets.clear();
            self.turns(at, &mut sets);
            for &turned in &sets {
                let coins: Vec<u64> = (0..row.len)
                    .filter(|&c| turned >> c & 1 == 1)
                    .map(|c| u64::from(c) + first)
                    .collect();
                let label = match coins.as_slice() {
                    [one] => format!("turn coin {one}"),
                    many => format!("turn coins {}", and_list(many)),
                };
                moves.push(Labelled {
                    label,
                    leaves: to(Row {
                        len: row.len,
                        heads: row.heads ^ turned,
                    }),
                    cells: Some(coins.iter().map(|&c| [1, c - first + 1]).collect()),
                    along: None,
                    vertex: None,
                });
            }
        }
        moves
    }

    /// The row whose one head is coin `n` in the game's numbering (for a game numbered
    /// from 1, `n` = 0 is the empty row): the line whose values are the head values.
    fn numbered(&self, n: u64) -> Option<Result<Row, String>> {
        let first = self.first();
        let last = MAX_COINS as u64 - 1 + first;
        Some(if n > last {
            Err(format!(
                "a row holds at most {MAX_COINS} coins, numbered {first} to {last}: coin {n} is past it"
            ))
        } else if n < first {
            Ok(Row { len: 0, heads: 0 })
        } else {
            let at = (n - first) as u32;
            Ok(Row {
                len: at + 1,
                heads: 1 << at,
            })
        })
    }

    fn draw(&self, sum: &[Row]) -> Option<Drawing> {
        let row = sum.first()?;
        Some(Drawing::Row {
            cells: (0..row.len)
                .map(|i| if row.heads >> i & 1 == 1 { "H" } else { "T" }.to_string())
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;
    use crate::Solver;

    const RULES: [Rule; 4] = Rule::ALL;

    /// Whether turning the coins `set` (a mask over a row of `len`) is a move of `rule` on
    /// a row with `heads`: the rules restated from the book, by counting and checking, not
    /// by listing.
    fn allowed(rule: Rule, heads: u32, set: u32) -> bool {
        if set == 0 {
            return false;
        }
        let right = 31 - set.leading_zeros();
        if heads >> right & 1 == 0 {
            return false;
        }
        let n = set.count_ones();
        match rule {
            Rule::TurningTurtles => n <= 2,
            Rule::MockTurtles => n <= 3,
            Rule::Twins => n == 2,
            // A run: the set shifted down to its lowest coin is all ones.
            Rule::Ruler => {
                (set >> set.trailing_zeros()).count_ones() == n
                    && (set >> set.trailing_zeros()) == (1 << n) - 1
            }
        }
    }

    /// The value of a literal row by brute force over every subset of coins: no theorem.
    fn brute(rule: Rule, len: u32, heads: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&g) = memo.get(&heads) {
            return g;
        }
        let seen: Vec<u64> = (1..1u32 << len)
            .filter(|&set| allowed(rule, heads, set))
            .map(|set| brute(rule, len, heads ^ set, memo))
            .collect();
        let g = (0..).find(|g| !seen.contains(g)).unwrap_or(0);
        memo.insert(heads, g);
        g
    }

    fn row(text: &str) -> Row {
        Coins::new(Rule::TurningTurtles)
            .read(&Input::new("r", text))
            .expect("a row")[0]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The coin-turning theorem's value of a row is the brute force's, for each rule,
        /// and the literal moves listed are exactly the allowed sets.
        #[test]
        fn rows_are_worth_the_xor_of_their_heads(len in 1u32..=10, heads in any::<u32>()) {
            let heads = heads & ((1 << len) - 1);
            let written: String = (0..len).map(|i| if heads >> i & 1 == 1 { 'H' } else { 'T' }).collect();
            for rule in RULES {
                let game = Coins::new(rule);
                let sum = game.read(&Input::new("r", written.as_str())).expect("a row");
                let want = brute(rule, len, heads, &mut HashMap::new());
                prop_assert_eq!(game.value(&sum[0]), Nimber(want), "{:?} {}", rule, written);
                let listed = game.moves(&sum, 0).len();
                let allowed_sets = (1..1u32 << len).filter(|&s| allowed(rule, heads, s)).count();
                prop_assert_eq!(listed, allowed_sets);
                prop_assert_eq!(game.option_count(&sum[0]), Some(listed));
                prop_assert_eq!(game.write(&sum), format!("{written}\n"));
            }
        }
    }

    /// One head alone: Mock Turtles' values are the odious numbers (OEIS A000069), Ruler's
    /// the largest power of 2 dividing the coin's number (A006519), Turning Turtles' and
    /// Twins' the coin's number, each by the brute force over rows of up to 12 coins.
    #[test]
    fn single_heads_are_worth_the_published_sequences() {
        let odious: Vec<u64> = (0u64..)
            .filter(|n| n.count_ones() % 2 == 1)
            .take(12)
            .collect();
        assert_eq!(&odious[..8], &[1, 2, 4, 7, 8, 11, 13, 14]);
        for x in 0..12u32 {
            let len = x + 1;
            let heads = 1 << x;
            let mut values = Vec::new();
            for rule in RULES {
                values.push(brute(rule, len, heads, &mut HashMap::new()));
                assert_eq!(
                    rule.head_value(u64::from(x) + rule.first()),
                    Nimber(*values.last().unwrap()),
                    "{rule:?} head at {x} from the left"
                );
            }
            let n = u64::from(x) + 1;
            assert_eq!(values[0], n, "turning turtles, coin {n}");
            assert_eq!(values[1], odious[x as usize], "mock turtles, coin {x}");
            assert_eq!(values[2], n & n.wrapping_neg(), "ruler, coin {n}");
            assert_eq!(values[3], u64::from(x), "twins, coin {x}");
        }
    }

    /// The moves are literal rows (misère play and remoteness search them, where two heads
    /// turned together are one move, not two heads cancelling): each turns the coins its
    /// label names, and the memo solver values a row as the theorem does.
    #[test]
    fn moves_turn_the_coins_their_labels_name() {
        for text in ["HHTHH", "THHTHTTH", "HHHHHHH"] {
            for rule in RULES {
                let game = Coins::new(rule);
                let p = game.read(&Input::new("r", text)).expect("a row")[0];
                let mut memo = HashMap::new();
                let heads = p.heads as u32;
                assert_eq!(game.value(&p), Nimber(brute(rule, p.len, heads, &mut memo)));
                // Options really are rows: each move turns the coins its label names.
                for m in game.moves(&[p], 0) {
                    let after = m.leaves[0];
                    let turned = (after.heads ^ p.heads).count_ones() as usize;
                    assert_eq!(m.cells.as_ref().map(Vec::len), Some(turned), "{}", m.label);
                }
            }
        }
        let mut solver = Solver::new(Coins::new(Rule::MockTurtles));
        assert_eq!(
            solver.grundy(&row("THHTH")).expect("valued"),
            Nimber(2 ^ 4 ^ 8)
        );
    }

    #[test]
    fn labels_name_the_coins_in_the_games_numbering() {
        let tt = Coins::new(Rule::TurningTurtles);
        let labels: Vec<String> = tt
            .moves(&[row("THH")], 0)
            .into_iter()
            .map(|m| m.label)
            .collect();
        assert_eq!(
            labels,
            [
                "turn coin 2",
                "turn coins 1 and 2",
                "turn coin 3",
                "turn coins 1 and 3",
                "turn coins 2 and 3"
            ]
        );
        let mock = Coins::new(Rule::MockTurtles);
        let labels: Vec<String> = mock
            .moves(&[row("TTH")], 0)
            .into_iter()
            .map(|m| m.label)
            .collect();
        assert_eq!(
            labels,
            [
                "turn coin 2",
                "turn coins 0 and 2",
                "turn coins 1 and 2",
                "turn coins 0, 1 and 2"
            ]
        );
    }

    #[test]
    fn bad_rows_are_refused_with_the_line() {
        let game = Coins::new(Rule::Ruler);
        for (text, says) in [
            (
                "THX",
                "r:1: expected a row of coins, T (tails) and H (heads), at most 128, found 'THX'",
            ),
            (
                "",
                "r:1: expected a row of coins, T (tails) and H (heads), at most 128, found end of input",
            ),
            ("TH\nHT", "r:2: expected end of input, found 'HT'"),
        ] {
            let e = game.read(&Input::new("r", text)).expect_err(text);
            assert_eq!(e.message, says, "{text:?}");
        }
        let long = "T".repeat(129);
        assert!(game.read(&Input::new("r", long.as_str())).is_err());
    }
}
