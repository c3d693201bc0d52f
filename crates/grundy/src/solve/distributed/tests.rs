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
    let results = Local::run(ranks, |t| values(game, roots, t));
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

/// `run` on `ranks` threads, each with a saving in `dir` labelled `label`; rank 1 (or 0
/// alone) is asked to stop at its `stop_after`-th question, if given. Every rank's result.
pub(super) fn saving_on_ranks<T: Send>(
    ranks: usize,
    dir: &std::path::Path,
    label: &str,
    stop_after: Option<usize>,
    run: impl Fn(&mut Local, &Saving<'_>) -> T + Sync,
) -> Vec<T> {
    Local::run(ranks, |t| {
        let asked = std::sync::atomic::AtomicUsize::new(0);
        let me = t.rank();
        let stop = move || {
            let n = asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            me == ranks.min(2) - 1 && stop_after.is_some_and(|k| n >= k)
        };
        let saving = Saving {
            dir,
            label,
            every: std::time::Duration::from_secs(3600),
            stop: &stop,
        };
        run(t, &saving)
    })
}

/// `values_saved` on `ranks` threads with shards in `dir` (see [`saving_on_ranks`]).
fn saved_on_ranks<G: Tiered + Sync>(
    game: &G,
    roots: &[G::Position],
    ranks: usize,
    dir: &std::path::Path,
    label: &str,
    stop_after: Option<usize>,
) -> Vec<Result<(Vec<Nimber>, Stats), SolveStop>> {
    saving_on_ranks(ranks, dir, label, stop_after, |t, saving| {
        values_saved(game, roots, t, Some(saving))
    })
}

#[test]
fn a_stopped_solve_saves_every_part_and_goes_on_from_them() {
    let cram = Cram::new(4, 6).unwrap();
    let expected = Solver::new(cram).grundy(&cram.full()).unwrap();
    let (_, alone) = values(&cram, &[cram.full()], &mut Single);
    for ranks in [1, 2, 3] {
        for stop_after in [0, 5, 12, 30] {
            let dir = tempfile::tempdir().unwrap();
            let stopped = saved_on_ranks(
                &cram,
                &[cram.full()],
                ranks,
                dir.path(),
                "cram 4×6",
                Some(stop_after),
            );
            assert!(
                stopped
                    .iter()
                    .all(|r| matches!(r, Err(SolveStop::Stopped(_)))),
                "{stopped:?}"
            );
            for r in 0..ranks {
                assert!(shard_path(dir.path(), r).is_file());
            }
            let again = saved_on_ranks(&cram, &[cram.full()], ranks, dir.path(), "cram 4×6", None);
            let again: Vec<(Vec<Nimber>, Stats)> = again.into_iter().map(Result::unwrap).collect();
            assert_eq!(
                again[0].0,
                vec![expected],
                "{ranks} ranks, stopped after {stop_after}"
            );
            // Stopped at once, a rank may have found nothing yet; the root is kept.
            let loaded: Vec<u64> = again.iter().map(|(_, s)| s.loaded).collect();
            assert!(
                loaded.iter().all(|&l| l > 0)
                    || (stop_after == 0 && loaded.iter().sum::<u64>() > 0),
                "{ranks} ranks, stopped after {stop_after}: loaded {loaded:?}"
            );
            assert_eq!(
                again.iter().map(|(_, s)| s.stored).sum::<u64>(),
                alone.stored
            );
        }
    }
}

#[test]
fn a_missing_shard_starts_its_part_afresh_and_the_answer_is_the_same() {
    let cram = Cram::new(4, 6).unwrap();
    let expected = Solver::new(cram).grundy(&cram.full()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let stopped = saved_on_ranks(&cram, &[cram.full()], 3, dir.path(), "cram 4×6", Some(14));
    assert!(stopped.iter().all(Result::is_err));
    std::fs::remove_file(shard_path(dir.path(), 1)).unwrap();
    let again = saved_on_ranks(&cram, &[cram.full()], 3, dir.path(), "cram 4×6", None);
    let again: Vec<(Vec<Nimber>, Stats)> = again.into_iter().map(Result::unwrap).collect();
    assert_eq!(again[0].0, vec![expected]);
    assert_eq!(again[1].1.loaded, 0);
    assert!(again[0].1.loaded > 0 && again[2].1.loaded > 0);
}

#[test]
fn shards_of_another_solve_or_rank_count_or_damaged_are_refused_on_every_rank() {
    let cram = Cram::new(3, 7).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let stopped = saved_on_ranks(&cram, &[cram.full()], 2, dir.path(), "cram 3×7", Some(3));
    assert!(stopped.iter().all(Result::is_err));
    let refused = |results: Vec<Result<(Vec<Nimber>, Stats), SolveStop>>| {
        assert!(
            results
                .iter()
                .all(|r| matches!(r, Err(SolveStop::Shard(_)))),
            "{results:?}"
        );
        match &results[0] {
            Err(SolveStop::Shard(m)) => m.clone(),
            _ => unreachable!(),
        }
    };
    // Another board's label.
    let m = refused(saved_on_ranks(
        &cram,
        &[cram.full()],
        2,
        dir.path(),
        "cram 4×6",
        None,
    ));
    assert!(m.contains("shard refused"), "{m}");
    // Another number of ranks: the shards say "of 2".
    let m = refused(saved_on_ranks(
        &cram,
        &[cram.full()],
        3,
        dir.path(),
        "cram 3×7",
        None,
    ));
    assert!(m.contains("shard refused"), "{m}");
    // A damaged shard (rank 1's), named on rank 0.
    let path = shard_path(dir.path(), 1);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&path, bytes).unwrap();
    let m = refused(saved_on_ranks(
        &cram,
        &[cram.full()],
        2,
        dir.path(),
        "cram 3×7",
        None,
    ));
    assert!(m.contains("rank-1.shard"), "{m}");
}

#[test]
fn a_finished_solve_is_read_back_without_a_message_of_work() {
    let cram = Cram::new(4, 6).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let first: Vec<_> = saved_on_ranks(&cram, &[cram.full()], 2, dir.path(), "cram 4×6", None)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let again: Vec<_> = saved_on_ranks(&cram, &[cram.full()], 2, dir.path(), "cram 4×6", None)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(again[0].0, first[0].0);
    for ((_, a), (_, f)) in again.iter().zip(&first) {
        assert_eq!(a.loaded, f.stored);
        // Only the roots' values are asked for: far fewer bytes than the solve sent.
        assert!(a.bytes * 100 < f.bytes, "{a:?} against {f:?}");
    }
}

/// Words read back from bytes at any alignment, as they were sent.
#[test]
fn words_are_read_back_from_bytes_at_any_alignment() {
    let sent: Vec<u64> = vec![1, u64::MAX, 1 << 40, 7];
    let got = Local::run(2, |t| {
        exchange_words(t, None, &[sent.clone(), sent.clone()])
    });
    for batches in got {
        for batch in batches {
            let mut shifted = vec![0u8; batch.len() + 1];
            shifted[1..].copy_from_slice(&batch);
            assert_eq!(words_of::<u64>(&batch).as_ref(), sent.as_slice());
            assert_eq!(words_of::<u64>(&shifted[1..]).as_ref(), sent.as_slice());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Shards rewritten with a valid header and checksum around a payload cut short,
    /// lengthened or with bytes changed (what no checksum can catch): every rank ends with
    /// values or a refusal of the shard, never a panic; a rank whose payload is whole and
    /// unchanged goes on to the right values.
    #[test]
    fn forged_shards_are_refused_or_read_never_a_panic(
        cut in prop::option::of(any::<prop::sample::Index>()),
        extra in prop::collection::vec(any::<u8>(), 0..24),
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6),
    ) {
        let cram = Cram::new(3, 7).unwrap();
        let expected = Solver::new(cram).grundy(&cram.full()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let label = "cram 3×7";
        let stopped = saved_on_ranks(&cram, &[cram.full()], 2, dir.path(), label, Some(3));
        prop_assert!(stopped.iter().all(|r| matches!(r, Err(SolveStop::Stopped(_)))));
        let saving = Saving { dir: dir.path(), label, every: std::time::Duration::ZERO, stop: &|| false };
        let path = shard_path(dir.path(), 1);
        let shard = shard_label(&saving, 1, 2);
        let mut payload = store::read(&path, &shard, u64::MAX >> 8).unwrap().unwrap();
        if let Some(cut) = &cut {
            payload.truncate(cut.index(payload.len() + 1));
        }
        payload.extend_from_slice(&extra);
        for (at, x) in &flips {
            if !payload.is_empty() {
                let i = at.index(payload.len());
                payload[i] ^= x;
            }
        }
        store::write(&path, &shard, &payload).unwrap();
        let again = saved_on_ranks(&cram, &[cram.full()], 2, dir.path(), label, None);
        for r in &again {
            let fine = matches!(r, Ok(_) | Err(SolveStop::Shard(_)));
            prop_assert!(fine, "{:?}", r);
        }
        let untouched = cut.is_none() && extra.is_empty() && flips.iter().all(|(_, x)| *x == 0);
        if untouched {
            let (values, _) = again[0].as_ref().unwrap();
            prop_assert_eq!(values[0], expected);
        }
    }
}

/// A rank that panics fails the whole run with its own message, whether the others are
/// polling for mail or waiting at a meeting; none is left waiting for it.
#[test]
fn a_rank_that_panics_fails_the_run_and_leaves_no_rank_waiting() {
    for waits_at_meeting in [false, true] {
        let run = std::panic::catch_unwind(|| {
            Local::run(3, |t| {
                if t.rank() == 1 {
                    panic!("rank one fails");
                }
                if waits_at_meeting {
                    t.max(7);
                } else {
                    loop {
                        let _ = t.poll();
                        std::thread::yield_now();
                    }
                }
            })
        });
        let payload = run.expect_err("the run fails");
        assert_eq!(
            payload.downcast_ref::<&str>(),
            Some(&"rank one fails"),
            "meeting: {waits_at_meeting}"
        );
    }
}
