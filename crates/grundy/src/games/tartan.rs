//! Coin-turning games on a board, made as products of two games on a row (*Winning Ways*,
//! ch. 14, "Tartans"; Conway, *On Numbers and Games*, ch. 6; Ferguson, *Game Theory*,
//! Part I, §5.6).
//!
//! In the product G × H, a move picks a move of G that turns the columns in a set A and a
//! move of H that turns the rows in a set B, and turns every coin of A × B; the coin at
//! the largest column of A and the largest row of B must go from heads to tails. The
//! Tartan theorem values a board with one head at (x, y) as the nim product
//! G(x) ⊗ H(y) of the two rows' single-head values, and, as on a row, a board is the XOR
//! of its heads. Turning Corners is Twins × Twins: a move turns the four corners of a
//! rectangle, and the head at (x, y) is worth x ⊗ y.
//!
//! A position is the board's rows of coins, T (tails) and H (heads), top row first,
//! separated by white space (`THT HTT`); column x and row y are numbered from 0 or 1 as
//! each factor's game numbers its coins (Twins from 0). The moves are the literal ones,
//! whole boards turned, so misère play and remoteness are searched over real boards, and
//! the tests check the theorem's values against a brute force over literal boards.

use crate::drawing::Drawing;
use crate::error::Error;
use crate::game::{Components, Game, to};
use crate::games::coins::Rule;
use crate::games::notation::{Labelled, Notation};
use crate::nimber::Nimber;
use crate::parse::{Found, Input, Tokens};

/// The most coins a board may have (a board is one 128-bit word).
pub const MAX_CELLS: usize = 128;

/// A board of coins: `rows` × `cols`, bit `y * cols + x` set where the coin in row `y`
/// and column `x` (both counted from 0, from the top left) shows heads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board {
    /// How many rows.
    pub rows: u32,
    /// How many columns.
    pub cols: u32,
    /// The heads.
    pub heads: u128,
}

impl Board {
    fn head(&self, y: u32, x: u32) -> bool {
        self.heads >> (y * self.cols + x) & 1 == 1
    }
}

/// The product of two coin-turning games: `cols` acts along each row (on the columns),
/// `rows` along each column (on the rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tartan {
    /// The game whose moves pick columns.
    pub cols: Rule,
    /// The game whose moves pick rows.
    pub rows: Rule,
}

impl Tartan {
    /// The product `cols` × `rows`.
    pub fn new(cols: Rule, rows: Rule) -> Tartan {
        Tartan { cols, rows }
    }

    /// Turning Corners: Twins × Twins.
    pub fn turning_corners() -> Tartan {
        Tartan::new(Rule::Twins, Rule::Twins)
    }

    /// The value of a board by the Tartan theorem: the XOR over its heads of the nim
    /// product of the two factors' single-head values.
    pub fn value(&self, board: &Board) -> Nimber {
        let mut v = Nimber::ZERO;
        for y in 0..board.rows {
            let h = self.rows.head_value(u64::from(y) + self.rows.first());
            for x in (0..board.cols).filter(|&x| board.head(y, x)) {
                let g = self.cols.head_value(u64::from(x) + self.cols.first());
                v ^= g.nim_mul(h);
            }
        }
        v
    }

    /// Every move whose corner is the head at (`y`, `x`): the columns and rows it turns,
    /// each as a mask.
    fn corner_moves(&self, y: u32, x: u32, out: &mut Vec<(u128, u128)>) {
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        self.cols.turns(x, &mut xs);
        self.rows.turns(y, &mut ys);
        for &b in &ys {
            out.extend(xs.iter().map(|&a| (a, b)));
        }
    }

    /// The coins of the board turned by the columns `a` and the rows `b`.
    fn turned(board: &Board, a: u128, b: u128) -> u128 {
        (0..board.rows)
            .filter(|&y| b >> y & 1 == 1)
            .fold(0, |m, y| m | a << (y * board.cols))
    }
}

impl Game for Tartan {
    type Position = Board;

    fn options(&self, p: &Board, out: &mut Vec<Components<Board>>) {
        let mut sets = Vec::new();
        for y in 0..p.rows {
            for x in (0..p.cols).filter(|&x| p.head(y, x)) {
                sets.clear();
                self.corner_moves(y, x, &mut sets);
                out.extend(sets.iter().map(|&(a, b)| {
                    to(Board {
                        heads: p.heads ^ Self::turned(p, a, b),
                        ..*p
                    })
                }));
            }
        }
    }

    fn known_value(&self, p: &Board) -> Option<Nimber> {
        Some(self.value(p))
    }

    fn option_count(&self, p: &Board) -> Option<usize> {
        let mut n = 0;
        for y in 0..p.rows {
            for x in (0..p.cols).filter(|&x| p.head(y, x)) {
                n += self.cols.count(x) * self.rows.count(y);
            }
        }
        Some(n)
    }
}

impl Notation for Tartan {
    fn read(&self, input: &Input) -> Result<Vec<Board>, Error> {
        let wrong = |e| input.error(e);
        let mut t = Tokens::new(&input.bytes);
        let expected =
            "a row of coins, T (tails) and H (heads), as long as the first row".to_string();
        let mut rows: Vec<Vec<u8>> = Vec::new();
        while let Some(token) = t.next_token() {
            let good = token.text.iter().all(|&c| c == b'T' || c == b'H')
                && rows.first().is_none_or(|r| r.len() == token.text.len());
            if !good {
                return Err(wrong(t.error(expected, token.shown())));
            }
            let cells = (rows.len() + 1) * token.text.len();
            if cells > MAX_CELLS {
                return Err(wrong(t.error(
                    format!("a board of at most {MAX_CELLS} coins"),
                    Found::Value(format!("{cells} coins")),
                )));
            }
            rows.push(token.text.to_vec());
        }
        if rows.is_empty() {
            return Err(wrong(t.error(
                "a board: its rows of coins, T (tails) and H (heads), e.g. THT HTT",
                Found::End,
            )));
        }
        let cols = rows[0].len() as u32;
        let heads = rows
            .iter()
            .flatten()
            .enumerate()
            .filter(|&(_, &c)| c == b'H')
            .fold(0u128, |h, (i, _)| h | 1 << i);
        Ok(vec![Board {
            rows: rows.len() as u32,
            cols,
            heads,
        }])
    }

    fn write(&self, sum: &[Board]) -> String {
        let mut text: String = sum
            .iter()
            .map(|b| {
                (0..b.rows)
                    .map(|y| {
                        (0..b.cols)
                            .map(|x| if b.head(y, x) { 'H' } else { 'T' })
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(" ");
        text.push('\n');
        text
    }

    fn moves(&self, sum: &[Board], i: usize) -> Vec<Labelled<Board>> {
        let board = sum[i];
        let (fx, fy) = (self.cols.first(), self.rows.first());
        let named = |mask: u128, first: u64| -> Vec<u64> {
            (0..128u32)
                .filter(|&k| mask >> k & 1 == 1)
                .map(|k| u64::from(k) + first)
                .collect()
        };
        let mut moves = Vec::new();
        let mut sets = Vec::new();
        for y in 0..board.rows {
            for x in (0..board.cols).filter(|&x| board.head(y, x)) {
                sets.clear();
                self.corner_moves(y, x, &mut sets);
                for &(a, b) in &sets {
                    let (xs, ys) = (named(a, fx), named(b, fy));
                    let noun = |v: &[u64], one: &str, many: &str| {
                        format!(
                            "{} {}",
                            if v.len() == 1 { one } else { many },
                            crate::games::coins::and_list(v)
                        )
                    };
                    moves.push(Labelled {
                        label: format!(
                            "turn {} × {}",
                            noun(&ys, "row", "rows"),
                            noun(&xs, "column", "columns")
                        ),
                        leaves: to(Board {
                            heads: board.heads ^ Self::turned(&board, a, b),
                            ..board
                        }),
                        cells: Some(
                            ys.iter()
                                .flat_map(|&r| xs.iter().map(move |&c| [r - fy + 1, c - fx + 1]))
                                .collect(),
                        ),
                        along: None,
                        vertex: None,
                    });
                }
            }
        }
        moves
    }

    fn draw(&self, sum: &[Board]) -> Option<Drawing> {
        let b = sum.first()?;
        Some(Drawing::Grid {
            rows: (0..b.rows)
                .map(|y| {
                    (0..b.cols)
                        .map(|x| if b.head(y, x) { "H" } else { "T" }.to_string())
                        .collect()
                })
                .collect(),
        })
    }
}

/// The product named after `tartan:` (`twins×twins`, also written with `x` or `*`), each
/// factor a coin-turning game on a row by its catalogue name.
pub fn parse_product(text: &str) -> Result<Tartan, String> {
    let factor = |name: &str| match name.trim() {
        "turning-turtles" => Ok(Rule::TurningTurtles),
        "mock-turtles" => Ok(Rule::MockTurtles),
        "ruler" => Ok(Rule::Ruler),
        "twins" => Ok(Rule::Twins),
        other => Err(format!(
            "expected a coin-turning game on a row (turning-turtles, mock-turtles, ruler or twins), found '{}'",
            crate::parse::escaped_str(other)
        )),
    };
    let (g, h) = text
        .split_once('×')
        .or_else(|| text.split_once('*'))
        .or_else(|| text.split_once('x'))
        .ok_or_else(|| {
            format!(
                "tartan:G×H names two coin-turning games on a row, like tartan:twins×twins (× may be written x or *), found '{}'",
                crate::parse::escaped_str(text)
            )
        })?;
    Ok(Tartan::new(factor(g)?, factor(h)?))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;
    use crate::Solver;

    const RULES: [Rule; 4] = Rule::ALL;

    /// Whether the coins `set` (a mask over a row) are a move of `rule` whose rightmost is
    /// the highest coin of the set, restated from the book by counting.
    fn row_move(rule: Rule, set: u32) -> bool {
        let n = set.count_ones();
        match rule {
            Rule::TurningTurtles => (1..=2).contains(&n),
            Rule::MockTurtles => (1..=3).contains(&n),
            Rule::Twins => n == 2,
            Rule::Ruler => n >= 1 && (set >> set.trailing_zeros()) == (1 << n) - 1,
        }
    }

    /// The value of a literal board by brute force over every set of coins: a move is a
    /// set that is a product A × B of a move of each factor, its corner a head.
    fn brute(game: Tartan, rows: u32, cols: u32, heads: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&g) = memo.get(&heads) {
            return g;
        }
        let mut seen = Vec::new();
        for set in 1..1u32 << (rows * cols) {
            let a = (0..cols)
                .filter(|&x| (0..rows).any(|y| set >> (y * cols + x) & 1 == 1))
                .fold(0u32, |m, x| m | 1 << x);
            let b = (0..rows)
                .filter(|&y| (0..cols).any(|x| set >> (y * cols + x) & 1 == 1))
                .fold(0u32, |m, y| m | 1 << y);
            let product = (0..rows)
                .filter(|&y| b >> y & 1 == 1)
                .fold(0u32, |m, y| m | a << (y * cols));
            if product != set || !row_move(game.cols, a) || !row_move(game.rows, b) {
                continue;
            }
            let corner = (31 - b.leading_zeros()) * cols + (31 - a.leading_zeros());
            if heads >> corner & 1 == 1 {
                seen.push(brute(game, rows, cols, heads ^ set, memo));
            }
        }
        let g = (0..).find(|g| !seen.contains(g)).unwrap_or(0);
        memo.insert(heads, g);
        g
    }

    fn written(rows: u32, cols: u32, heads: u32) -> String {
        (0..rows)
            .map(|y| {
                (0..cols)
                    .map(|x| {
                        if heads >> (y * cols + x) & 1 == 1 {
                            'H'
                        } else {
                            'T'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// The Tartan theorem's value of a board is the brute force's, for every product of
        /// two of the four rules, and the moves listed are exactly the brute force's sets.
        #[test]
        fn boards_are_worth_the_nim_products_of_their_heads(
            rows in 1u32..=3, cols in 1u32..=3, heads in any::<u32>(), g in 0usize..4, h in 0usize..4,
        ) {
            let heads = heads & ((1 << (rows * cols)) - 1);
            let game = Tartan::new(RULES[g], RULES[h]);
            let text = written(rows, cols, heads);
            let sum = game.read(&Input::new("b", text.as_str())).expect("a board");
            let want = brute(game, rows, cols, heads, &mut HashMap::new());
            prop_assert_eq!(game.value(&sum[0]), Nimber(want), "{:?} {}", game, text);
            // Literal moves, valued by the memo solver over real boards (no theorem).
            let mut options = Vec::new();
            game.options(&sum[0], &mut options);
            prop_assert_eq!(game.option_count(&sum[0]), Some(options.len()));
            prop_assert_eq!(game.moves(&sum, 0).len(), options.len());
            prop_assert_eq!(game.write(&sum), format!("{text}\n"));
        }
    }

    /// Turning Corners: one head at (x, y) is worth x ⊗ y, by the brute force on boards of
    /// up to 4 × 4 (against the nim multiplication table of `nimber`).
    #[test]
    fn turning_corners_is_nim_multiplication() {
        let game = Tartan::turning_corners();
        for y in 0..4u32 {
            for x in 0..4u32 {
                let (rows, cols) = (y + 1, x + 1);
                let heads = 1 << (y * cols + x);
                let got = brute(game, rows, cols, heads, &mut HashMap::new());
                assert_eq!(
                    Nimber(got),
                    Nimber(u64::from(x)).nim_mul(Nimber(u64::from(y))),
                    "({x}, {y})"
                );
            }
        }
        // The published corner of the table (Winning Ways, ch. 14): 2 ⊗ 2 = 3, 2 ⊗ 3 = 1,
        // 3 ⊗ 3 = 2.
        let p = game.read(&Input::new("b", "TTTT TTTT TTHH TTTH")).unwrap()[0];
        assert_eq!(game.value(&p), Nimber(3 ^ 1 ^ 2));
        let mut solver = Solver::new(Tartan::new(Rule::MockTurtles, Rule::Ruler));
        let q = Tartan::new(Rule::MockTurtles, Rule::Ruler)
            .read(&Input::new("b", "HTH THT"))
            .unwrap()[0];
        let plain = brute(
            Tartan::new(Rule::MockTurtles, Rule::Ruler),
            2,
            3,
            0b010_101,
            &mut HashMap::new(),
        );
        assert_eq!(solver.grundy(&q).unwrap(), Nimber(plain));
    }

    #[test]
    fn labels_name_rows_and_columns() {
        let game = Tartan::turning_corners();
        let sum = game.read(&Input::new("b", "TT TH")).unwrap();
        let labels: Vec<String> = game.moves(&sum, 0).into_iter().map(|m| m.label).collect();
        assert_eq!(labels, ["turn rows 0 and 1 × columns 0 and 1"]);
        let moves = game.moves(&sum, 0);
        assert_eq!(
            moves[0].cells.as_deref(),
            Some(&[[1, 1], [1, 2], [2, 1], [2, 2]][..])
        );
        assert_eq!(game.write(&[moves[0].leaves[0]]), "HH HT\n");
    }

    #[test]
    fn products_and_boards_are_read_or_refused() {
        assert_eq!(parse_product("twins×twins"), Ok(Tartan::turning_corners()));
        assert_eq!(
            parse_product("ruler*mock-turtles"),
            Ok(Tartan::new(Rule::Ruler, Rule::MockTurtles))
        );
        assert_eq!(
            parse_product("twinsxruler"),
            Ok(Tartan::new(Rule::Twins, Rule::Ruler))
        );
        assert!(parse_product("twins").is_err());
        assert!(parse_product("twins×nim").unwrap_err().contains("'nim'"));
        let game = Tartan::turning_corners();
        for (text, says) in [
            (
                "TH HTT",
                "b:1: expected a row of coins, T (tails) and H (heads), as long as the first row, found 'HTT'",
            ),
            (
                "",
                "b:1: expected a board: its rows of coins, T (tails) and H (heads), e.g. THT HTT, found end of input",
            ),
            (
                "TX",
                "b:1: expected a row of coins, T (tails) and H (heads), as long as the first row, found 'TX'",
            ),
        ] {
            let e = game.read(&Input::new("b", text)).expect_err(text);
            assert_eq!(e.message, says, "{text:?}");
        }
        let big = vec!["T".repeat(12); 11].join("\n");
        let e = game.read(&Input::new("b", big.as_str())).unwrap_err();
        assert!(e.message.contains("at most 128 coins"), "{}", e.message);
    }
}
