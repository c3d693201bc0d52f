//! The take-and-break engines against each other and against the generic solver: the
//! sparse-space engine and the period shortcut are only trusted because they agree with
//! the plain loop, which is only trusted because it agrees with the memoised solver.

use grundy::Family;
use grundy::games::TakeBreak;
use grundy::solve::heap::{self, Computed, Method, Unwatched, Values};
use grundy::work::UNLIMITED;
use proptest::prelude::*;

fn run(game: &TakeBreak, upto: u64, method: Method, start: Option<Values>) -> Computed {
    heap::compute(game, upto, method, start, &mut Unwatched, UNLIMITED).unwrap()
}

fn all(c: &Computed) -> Vec<u32> {
    (0..=c.upto).map(|n| c.value(n)).collect()
}

fn octal(d0: u8, rest: &[u8]) -> TakeBreak {
    let mut digits = vec![d0];
    digits.extend_from_slice(rest);
    TakeBreak::from_digits(digits).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn sparse_and_table_match_the_plain_loop(
        d0 in prop::sample::select(vec![0u8, 4]),
        rest in prop::collection::vec(0u8..8, 1..=4),
        upto in 200u64..3000,
    ) {
        let game = octal(d0, &rest);
        let plain = all(&run(&game, upto, Method::Loop, None));
        prop_assert_eq!(&all(&run(&game, upto, Method::Sparse, None)), &plain, "sparse, {}", game);
        prop_assert_eq!(&all(&run(&game, upto, Method::Table, None)), &plain, "table, {}", game);
    }

    #[test]
    fn hexadecimal_codes_match_the_loop_and_the_solver(
        d0 in prop::sample::select(vec![0u8, 4, 8, 12]),
        rest in prop::collection::vec(0u8..16, 1..=4),
        upto in 20u64..60,
    ) {
        let mut digits = vec![d0];
        digits.extend_from_slice(&rest);
        let game = TakeBreak::from_hex_digits(digits).unwrap();
        let plain = all(&run(&game, upto, Method::Loop, None));
        let family = Family::TakeBreak(game.clone());
        prop_assert_eq!(&family.values_by_solver(upto).unwrap(), &plain, "solver, {}", family);
        prop_assert_eq!(&all(&run(&game, upto, Method::Table, None)), &plain, "table, {}", family);
        prop_assert_eq!(&all(&run(&game, upto, Method::Sparse, None)), &plain, "sparse, {}", family);
    }

    #[test]
    fn hexadecimal_codes_without_three_heaps_go_far(
        d0 in prop::sample::select(vec![0u8, 4]),
        rest in prop::collection::vec(0u8..8, 1..=3),
        upto in 500u64..2000,
    ) {
        // The same digits read as hexadecimal: the same game, the same values.
        let oct = octal(d0, &rest);
        let hex = TakeBreak::from_hex_digits(oct.digits().to_vec()).unwrap();
        prop_assert_eq!(all(&run(&hex, upto, Method::Table, None)), all(&run(&oct, upto, Method::Loop, None)));
    }

    #[test]
    fn resuming_from_any_prefix_gives_the_same_values(
        d0 in prop::sample::select(vec![0u8, 4]),
        rest in prop::collection::vec(0u8..8, 1..=4),
        upto in 100u64..2500,
        cut in 0.0f64..1.0,
        method in prop::sample::select(vec![Method::Table, Method::Sparse, Method::Loop]),
    ) {
        let game = octal(d0, &rest);
        let whole = all(&run(&game, upto, method, None));
        let k = ((upto as f64) * cut) as u64;
        let prefix = run(&game, k, Method::Sparse, None).values;
        let resumed = run(&game, upto, method, Some(prefix));
        prop_assert_eq!(all(&resumed), whole, "{} resumed at {}", game, k);
    }

    #[test]
    fn the_solver_agrees_on_small_octal_heaps(
        d0 in prop::sample::select(vec![0u8, 4]),
        rest in prop::collection::vec(0u8..8, 1..=4),
    ) {
        let game = octal(d0, &rest);
        let family = Family::TakeBreak(game.clone());
        prop_assert_eq!(
            all(&run(&game, 80, Method::Sparse, None)),
            family.values_by_solver(80).unwrap(),
            "{}", family
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Three-heap moves past what the solver can check quickly: the period shortcut and
    /// the plain loop agree.
    #[test]
    fn hexadecimal_codes_with_three_heaps_go_on(
        d0 in prop::sample::select(vec![0u8, 4, 8, 12]),
        rest in prop::collection::vec(0u8..16, 1..=4),
        upto in 100u64..400,
    ) {
        let mut digits = vec![d0];
        digits.extend_from_slice(&rest);
        let game = TakeBreak::from_hex_digits(digits).unwrap();
        let plain = all(&run(&game, upto, Method::Loop, None));
        prop_assert_eq!(all(&run(&game, upto, Method::Table, None)), plain, "{}", game);
    }
}

#[test]
fn grundys_game_by_every_engine() {
    let game = TakeBreak::grundy_game();
    let plain = all(&run(&game, 4000, Method::Loop, None));
    assert_eq!(all(&run(&game, 4000, Method::Sparse, None)), plain);
    assert_eq!(all(&run(&game, 4000, Method::Table, None)), plain);
    let family = Family::TakeBreak(game);
    assert_eq!(family.values_by_solver(120).unwrap(), plain[..=120]);
    // No periodicity theorem covers unequal heaps: nothing is claimed.
    assert!(
        run(&TakeBreak::grundy_game(), 4000, Method::Table, None)
            .period
            .is_none()
    );
}

#[test]
fn a_proved_period_gives_far_heaps_without_computing_them() {
    let kayles: TakeBreak = "0.77".parse().unwrap();
    let c = run(&kayles, 1 << 32, Method::Table, None);
    let p = c.period.expect("kayles is periodic");
    assert_eq!((p.preperiod, p.period), (71, 12));
    assert!(c.values.len() < 1024, "{} values computed", c.values.len());
    for n in [(1u64 << 32) - 5, 1 << 32, 999_999_000] {
        let r = 71 + (n - 71) % 12;
        assert_eq!(c.value(n), c.value(r), "heap {n}");
    }
}

#[test]
fn large_heaps_shared_between_two_cores_match_the_plain_loop() {
    // Treblecross is dense: past a few thousand heaps the engine scans every pair, split
    // between two cores where there are two.
    let game: TakeBreak = "0.007".parse().unwrap();
    let sparse = run(&game, 24_000, Method::Sparse, None);
    let plain = run(&game, 24_000, Method::Loop, None);
    assert_eq!(all(&sparse), all(&plain));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(sparse.stats.plain_heaps > 0, "{:?}", sparse.stats);
    if cores >= 2 {
        assert!(sparse.stats.parallel_heaps > 0, "{:?}", sparse.stats);
    }
}

/// Heaps large enough for the plain scan to be shared with helper threads (8192 pairs or
/// more), with every value below 64 (one word of bits), below 128 (two words: 0.56 and
/// 0.015) and past it (byte flags), on one, two and three threads: the sparse engine run
/// to the end gives the plain loop's values.
#[test]
fn large_dense_scans_match_the_plain_loop_at_every_thread_count() {
    for (code, upto) in [
        ("0.07", 40_000),
        ("0.007", 30_000),
        ("0.76", 20_000),
        ("0.56", 40_000),
        ("0.015", 30_000),
    ] {
        let game: TakeBreak = code.parse().unwrap();
        let plain = all(&run(&game, upto, Method::Loop, None));
        for threads in 1..=3 {
            let sparse = heap::compute_on(
                &game,
                upto,
                Method::Sparse,
                None,
                &mut Unwatched,
                UNLIMITED,
                threads,
            )
            .unwrap();
            assert!(sparse.stats.plain_heaps + sparse.stats.scans > 0, "{code}");
            if threads == 1 {
                assert_eq!(sparse.stats.parallel_heaps, 0, "{code}");
            }
            assert_eq!(all(&sparse), plain, "{code} on {threads} threads");
        }
    }
}
