//! Bit-board tables against the generic solver (which plays each board as a sum of its
//! connected groups), the cache format, and the XOR Fenwick tree against a plain loop.

use std::sync::OnceLock;

use grundy::games::cakes::{Bitboard, Shape};
use grundy::index::{Fenwick, Xor8};
use grundy::solve::cakes::Table;
use grundy::{Nimber, NoProgress, Solver};
use proptest::prelude::*;

fn table(rows: usize, cols: usize) -> &'static Table {
    static TABLES: OnceLock<Vec<Table>> = OnceLock::new();
    let shapes = [(2, 3), (3, 3), (4, 4), (3, 5), (5, 5)];
    let all = TABLES.get_or_init(|| {
        shapes
            .iter()
            .map(|&(r, c)| Table::build(Shape::new(r, c).unwrap(), &mut NoProgress))
            .collect()
    });
    let i = shapes
        .iter()
        .position(|&s| s == (rows, cols))
        .expect("a tested shape");
    &all[i]
}

#[test]
fn small_shapes_match_the_solver_on_every_board() {
    for (rows, cols) in [(2, 3), (3, 3)] {
        let shape = Shape::new(rows, cols).unwrap();
        let t = table(rows, cols);
        let mut solver = Solver::new(Bitboard(shape));
        for mask in 0..1u32 << shape.cells() {
            let parts = shape.components(mask);
            assert_eq!(
                solver.sum_grundy(&parts).unwrap(),
                t.value(mask),
                "{rows}x{cols} {mask:b}"
            );
        }
    }
}

fn shape_and_mask() -> impl Strategy<Value = (usize, usize, u32)> {
    prop::sample::select(vec![(4usize, 4usize), (3, 5), (5, 5)]).prop_flat_map(|(r, c)| {
        // Half the cells burning, on average: enough moves to be interesting, few enough
        // connected shapes for the solver.
        let cells = prop::collection::vec(prop::bool::weighted(0.5), r * c);
        (
            Just(r),
            Just(c),
            cells.prop_map(|v| {
                v.iter()
                    .enumerate()
                    .fold(0u32, |m, (i, &b)| m | (u32::from(b) << i))
            }),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn larger_shapes_match_the_solver_on_random_boards((rows, cols, mask) in shape_and_mask()) {
        let shape = Shape::new(rows, cols).unwrap();
        let mut solver = Solver::new(Bitboard(shape));
        let parts = shape.components(mask);
        prop_assert_eq!(solver.sum_grundy(&parts).unwrap(), table(rows, cols).value(mask));
    }

    #[test]
    fn xor_ranges_match_a_plain_loop(
        initial in prop::collection::vec(any::<u8>(), 1..60),
        ops in prop::collection::vec((any::<bool>(), any::<usize>(), any::<usize>(), any::<u8>()), 1..80),
    ) {
        let mut plain = initial.clone();
        let mut tree = Fenwick::from_values(&initial.iter().map(|&v| Xor8(v)).collect::<Vec<_>>());
        let n = plain.len();
        for (update, a, b, v) in ops {
            if update {
                let i = a % n;
                tree.add(i, Xor8(plain[i] ^ v));
                plain[i] = v;
            } else {
                let (lo, hi) = ((a % n).min(b % n), (a % n).max(b % n) + 1);
                let expected = plain[lo..hi].iter().fold(0, |x, &y| x ^ y);
                prop_assert_eq!(tree.range(lo, hi), Xor8(expected));
            }
        }
    }
}

#[test]
fn full_boards_are_consistent_across_shapes() {
    // A full a×b board is the same game whatever board it sits on.
    let full_2x3 = table(2, 3).value(0b111_111);
    let shape = Shape::new(4, 4).unwrap();
    let mut m = 0;
    for r in 0..2 {
        for c in 0..3 {
            m |= shape.bit(r + 1, c + 1);
        }
    }
    assert_eq!(table(4, 4).value(m), full_2x3);
    assert_ne!(
        full_2x3,
        Nimber(0),
        "a full board is won by taking all of it"
    );
}

#[test]
fn cache_round_trip_and_damage() {
    let dir = std::env::temp_dir().join(format!("grundy-cache-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let shape = Shape::new(3, 3).unwrap();
    assert!(Table::load(&dir, shape).unwrap().is_none(), "empty cache");
    let t = table(3, 3);
    let path = t.save(&dir).unwrap();
    assert_eq!(Table::load(&dir, shape).unwrap().as_ref(), Some(t));
    // Another shape's file name is not this one's.
    assert!(
        Table::load(&dir, Shape::new(3, 4).unwrap())
            .unwrap()
            .is_none()
    );
    // One flipped value byte: the checksum catches it.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let e = Table::load(&dir, shape).unwrap_err().to_string();
    assert!(e.contains("checksum"), "{e}");
    // Truncated.
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let e = Table::load(&dir, shape).unwrap_err().to_string();
    assert!(e.contains("the file has"), "{e}");
    // Another shape's table under this shape's name: refused by its label.
    let other = table(2, 3);
    let moved = other.save(&dir).unwrap();
    std::fs::rename(&moved, &path).unwrap();
    let e = Table::load(&dir, shape).unwrap_err().to_string();
    assert!(e.contains("2x3"), "{e}");
    // Not a table at all.
    std::fs::write(&path, b"hello").unwrap();
    let e = Table::load(&dir, shape).unwrap_err().to_string();
    assert!(e.contains("header"), "{e}");
    // No temporary files are left behind by a save.
    t.save(&dir).unwrap();
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec![Table::cache_name(shape)]);
    let _ = std::fs::remove_dir_all(&dir);
}
