//! The sheet-cutting count against the editorial's linear count and against the real
//! cutting rules played out by the generic solver.

use grundy::games::{nim, sheet};
use grundy::{Components, Game, Solver};
use proptest::prelude::*;

/// The sheet game by its own rules: (rows, columns, mark row, mark column), 1-based mark.
/// A cut along a grid line keeps the part with the mark.
struct Sheet;

impl Game for Sheet {
    type Position = (u8, u8, u8, u8);
    fn options(&self, &(n, m, x, y): &Self::Position, out: &mut Vec<Components<Self::Position>>) {
        let one = |p| Components::from_elem(p, 1);
        for k in 1..m {
            // The cut runs between columns k and k + 1.
            out.push(one(if y <= k {
                (n, k, x, y)
            } else {
                (n, m - k, x, y - k)
            }));
        }
        for k in 1..n {
            out.push(one(if x <= k {
                (k, m, x, y)
            } else {
                (n - k, m, x - k, y)
            }));
        }
    }
}

#[test]
fn counts_match_the_real_rules_on_every_sheet_up_to_30() {
    let mut solver = Solver::new(Sheet);
    for n in 1..=30u8 {
        for m in 1..=30u8 {
            let mut wins = 0u128;
            for x in 1..=n {
                for y in 1..=m {
                    let g = solver.grundy(&(n, m, x, y)).unwrap();
                    let (n, m, x, y) = (n.into(), m.into(), x.into(), y.into());
                    assert_eq!(g, sheet::grundy(n, m, x, y), "{n}x{m} at ({x}, {y})");
                    wins += u128::from(!g.is_zero());
                }
            }
            let (n, m) = (u64::from(n), u64::from(m));
            assert_eq!(sheet::count_first_player_wins(n, m), wins, "{n}x{m}");
            assert_eq!(sheet::count_first_player_wins_linear(n, m), wins, "{n}x{m}");
        }
    }
}

proptest! {
    #[test]
    fn digit_dp_matches_the_linear_count(n in 1u64..=100_000, m in 1u64..=100_000) {
        prop_assert_eq!(
            sheet::count_first_player_wins(n, m),
            sheet::count_first_player_wins_linear(n, m)
        );
    }

    #[test]
    fn huge_sheets_are_symmetric_and_in_range(
        n in 1u64..=1_000_000_000_000_000_000,
        m in 1u64..=1_000_000_000_000_000_000,
    ) {
        let c = sheet::count_first_player_wins(n, m);
        prop_assert_eq!(c, sheet::count_first_player_wins(m, n));
        prop_assert!(c <= u128::from(n) * u128::from(m));
    }

    #[test]
    fn nim_winning_moves_are_exactly_the_zeroing_moves(
        heaps in prop::collection::vec(0u64..40, 1..5),
    ) {
        let xor = heaps.iter().fold(0, |a, &h| a ^ h);
        let mut expected = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for left in 0..h {
                if xor ^ h ^ left == 0 {
                    expected.push((i, left));
                }
            }
        }
        prop_assert_eq!(nim::winning_moves(&heaps), expected);
    }
}

/// Every cut leaves a smaller sheet with the mark inside it, and the cuts to value 0 are
/// exactly the Nim winning moves on the four heaps.
#[test]
fn cuts_are_the_moves_of_nim_on_four_heaps() {
    for n in 1..=7 {
        for m in 1..=7 {
            for x in 1..=n {
                for y in 1..=m {
                    let cuts = sheet::cuts(n, m, x, y);
                    let h = sheet::heaps(n, m, x, y);
                    assert_eq!(cuts.len() as u64, h.iter().sum::<u64>());
                    for c in &cuts {
                        let [a, b, r, s] = c.after;
                        assert!(a * b < n * m && (1..=a).contains(&r) && (1..=b).contains(&s));
                        assert_eq!(c.value, sheet::grundy(a, b, r, s));
                    }
                    let winning = cuts.iter().filter(|c| c.value.0 == 0).count();
                    assert_eq!(
                        winning,
                        grundy::games::nim::winning_moves(&h).len(),
                        "{n}×{m} at ({x}, {y})"
                    );
                }
            }
        }
    }
}
