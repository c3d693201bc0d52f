use proptest::prelude::*;

use super::*;
use crate::Solver;
use crate::games::board::Cram;

/// `values` on `ranks` threads; rank 0's values, and every rank's stats.
fn on_ranks<G: Tiered + Sync>(
    game: &G,
    roots: &[G::Position],
    ranks: usize,
) -> (Vec<Nimber>, Vec<Stats>) {
    let group = Local::group(ranks);
    let results: Vec<(Vec<Nimber>, Stats)> = std::thread::scope(|s| {
        let handles: Vec<_> = group
            .into_iter()
            .map(|mut t| s.spawn(move || values(game, roots, &mut t)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (rank, (v, _)) in results.iter().enumerate().skip(1) {
        assert!(v.is_empty(), "rank {rank} returned values");
    }
    let stats = results.iter().map(|(_, s)| *s).collect();
    (results.into_iter().next().unwrap().0, stats)
}

#[test]
fn chomp_bars_on_one_two_and_three_ranks_are_the_memo_solvers() {
    let mut solver = Solver::new(Chomp);
    let mut roots = Vec::new();
    for r in 1..=4 {
        for c in 1..=6 {
            roots.push(Chomp::rectangle(r, c).unwrap());
        }
    }
    roots.push(Chomp::position(&[7, 5, 5, 2, 1]).unwrap());
    let expected: Vec<Nimber> = roots.iter().map(|p| solver.grundy(p).unwrap()).collect();
    let (single, alone) = values(&Chomp, &roots, &mut Single);
    assert_eq!(single, expected);
    assert_eq!(alone.messages, 0);
    for ranks in [1, 2, 3] {
        let (got, stats) = on_ranks(&Chomp, &roots, ranks);
        assert_eq!(got, expected, "{ranks} ranks");
        // Each position is stored once, on one rank.
        assert_eq!(
            stats.iter().map(|s| s.stored).sum::<u64>(),
            alone.stored,
            "{ranks} ranks"
        );
        if ranks > 1 {
            assert!(
                stats.iter().all(|s| s.messages > 0 && s.bytes > 0),
                "{stats:?}"
            );
        }
        if ranks == 3 {
            let most = stats.iter().map(|s| s.stored).max().unwrap();
            assert!(
                most * 100 <= alone.stored * 45,
                "{most} of {}",
                alone.stored
            );
        }
    }
}

#[test]
fn empty_cram_boards_are_the_memo_solvers() {
    for (r, c) in [(1, 1), (1, 7), (2, 5), (3, 4), (4, 4), (3, 6)] {
        let cram = Cram::new(r, c).unwrap();
        let expected = Solver::new(cram).grundy(&cram.full()).unwrap();
        for ranks in [1, 2, 3] {
            let (got, _) = on_ranks(&cram, &[cram.full()], ranks);
            assert_eq!(got, vec![expected], "{r}×{c} on {ranks} ranks");
        }
    }
}

#[test]
fn a_game_nobody_moves_in_has_value_zero_and_stores_little() {
    let cram = Cram::new(2, 2).unwrap();
    let (got, stats) = on_ranks(&cram, &[0u64, cram.full()], 2);
    assert_eq!(got[0], Nimber(0));
    assert_eq!(got[1], Solver::new(cram).grundy(&cram.full()).unwrap());
    assert!(
        stats.iter().map(|s| s.stored).sum::<u64>() <= 4,
        "{stats:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random blocked boards: the values of a plain memo solver, on any number of ranks.
    #[test]
    fn blocked_cram_boards_are_the_memo_solvers(
        rows in 2usize..=5, cols in 2usize..=5, blocked in any::<u64>(), ranks in 1usize..=3
    ) {
        let cram = Cram::new(rows, cols).unwrap();
        // About a quarter of the cells blocked.
        let free = cram.full() & !(blocked & blocked.rotate_left(17));
        let expected = Solver::new(cram).grundy(&free).unwrap();
        let (got, _) = on_ranks(&cram, &[free], ranks);
        prop_assert_eq!(got, vec![expected]);
    }

    /// Random Chomp positions (rows of falling lengths).
    #[test]
    fn chomp_positions_are_the_memo_solvers(
        mut lengths in proptest::collection::vec(1usize..=7, 1..=5), ranks in 1usize..=3
    ) {
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        let p = Chomp::position(&lengths).unwrap();
        let expected = Solver::new(Chomp).grundy(&p).unwrap();
        let (got, _) = on_ranks(&Chomp, &[p], ranks);
        prop_assert_eq!(got, vec![expected]);
    }
}
