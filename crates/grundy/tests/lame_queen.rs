//! The Lame Queen's fast P-positions, Grundy table and rectangle counts against the generic
//! solver and plain summation.

use grundy::games::lame_queen::{LameQueen, PPositions, Rect, grundy_values};
use grundy::{Nimber, Solver};
use proptest::prelude::*;

const WINDOW: u32 = 300;

#[test]
fn p_positions_and_grundy_table_match_the_generic_solver() {
    for d in [1u64, 2, 3, 7, 20] {
        let fast = PPositions::build(d, u64::from(WINDOW)).unwrap();
        let table = grundy_values(d, u64::from(WINDOW), u64::from(WINDOW)).unwrap();
        let mut solver = Solver::new(LameQueen { d });
        for x in 1..=WINDOW {
            for y in 1..=WINDOW {
                let g = solver.grundy(&(x, y)).unwrap();
                let (xu, yu) = (u64::from(x), u64::from(y));
                assert_eq!(
                    fast.is_p(xu, yu),
                    g.is_zero(),
                    "d = {d}, ({x}, {y}) has value {g}"
                );
                let i = ((x - 1) * WINDOW + (y - 1)) as usize;
                assert_eq!(Nimber(u64::from(table[i])), g, "d = {d}, ({x}, {y})");
            }
        }
    }
}

#[test]
fn winning_moves_match_the_generic_solver() {
    for d in [1u64, 2, 5] {
        let fast = PPositions::build(d, 120).unwrap();
        let mut solver = Solver::new(LameQueen { d });
        for x in 1..=120u32 {
            for y in (1..=120u32).step_by(7) {
                let mut expected: Vec<(u64, u64)> = solver
                    .winning_moves(&(x, y))
                    .unwrap()
                    .into_iter()
                    .map(|c| (u64::from(c[0].0), u64::from(c[0].1)))
                    .collect();
                let mut got = fast.winning_moves(u64::from(x), u64::from(y));
                expected.sort();
                got.sort();
                assert_eq!(got, expected, "d = {d}, ({x}, {y})");
            }
        }
    }
}

#[test]
fn one_p_position_per_row_and_column() {
    for d in [1u64, 4, 20, 33, 100] {
        let n = 5000;
        let p = PPositions::build(d, n).unwrap();
        let mut column_seen = vec![false; n as usize + 1];
        for x in 1..=n {
            let y = p.partner(x);
            if y <= n {
                assert!(!column_seen[y as usize], "d = {d}: column {y} twice");
                column_seen[y as usize] = true;
                // Symmetry: the partner's partner is the row itself.
                assert_eq!(p.partner(y), x, "d = {d}");
            }
        }
    }
}

fn rect() -> impl Strategy<Value = Rect> {
    (
        1u64..=WINDOW as u64,
        1u64..=WINDOW as u64,
        1u64..=WINDOW as u64,
        1u64..=WINDOW as u64,
    )
        .prop_map(|(a, b, c, e)| Rect {
            x1: a.min(c),
            x2: a.max(c),
            y1: b.min(e),
            y2: b.max(e),
        })
}

proptest! {
    #[test]
    fn rectangle_counts_match_summation(
        d in 1u64..40,
        rects in prop::collection::vec(rect(), 1..30),
    ) {
        let bound = rects.iter().map(|r| r.x2.max(r.y2)).max().unwrap();
        let p = PPositions::build(d, bound).unwrap();
        let counts = p.count_in(&rects);
        for (r, &c) in rects.iter().zip(&counts) {
            let mut expected = 0;
            for x in r.x1..=r.x2 {
                let y = p.partner(x);
                if (r.y1..=r.y2).contains(&y) {
                    expected += 1;
                }
            }
            prop_assert_eq!(c, expected, "{:?}", r);
        }
    }
}

/// The moves listed are every legal move, and those flagged as winning are exactly the
/// winning moves.
#[test]
fn listed_moves_are_every_move_and_flag_the_winning_ones() {
    for d in 1..=3 {
        let p = grundy::games::lame_queen::PPositions::build(d, 30).unwrap();
        for x in 1..=30 {
            for y in 1..=30 {
                let moves = p.moves(x, y);
                let diagonal = (1..x.min(y)).filter(|a| a % d == 0).count() as u64;
                assert_eq!(moves.len() as u64, (x - 1) + (y - 1) + diagonal);
                let mut flagged: Vec<(u64, u64)> =
                    moves.iter().filter(|(_, w)| *w).map(|(s, _)| *s).collect();
                let mut winning = p.winning_moves(x, y);
                flagged.sort_unstable();
                winning.sort_unstable();
                assert_eq!(flagged, winning, "d = {d} at ({x}, {y})");
            }
        }
    }
}
