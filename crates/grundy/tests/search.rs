//! The pruning search against the memo solver: random Cram boards with blocked cells, a
//! table small enough to forget, published values, winning moves; other games through the
//! same trait.

use grundy::games::board::{Chomp, Cram, WideCram};
use grundy::solve::search::Search;
use grundy::solve::table::{MapTable, NoTable, PackedTable};
use grundy::{Nimber, Player, Solver};
use proptest::prelude::*;

mod common;
use common::{PlainCram, blocked, with_memo, with_plain};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Value, outcome and winning moves equal the plain memo solver's.
    #[test]
    fn search_equals_the_plain_solver(
        rows in 1usize..=4,
        cols in 1usize..=6,
        bits in any::<u64>(),
        density in 0u32..4,
    ) {
        let cram = Cram::new(rows, cols).unwrap();
        let free = blocked(&cram, bits, density);
        let (expected, wins) = with_plain(cram, |plain| {
            let expected = plain.grundy(&free).unwrap();
            let mut wins = Vec::new();
            for p in cram.placements(free) {
                let after = free & !(1 << p.first) & !(1 << p.second);
                if plain.grundy(&after).unwrap().is_zero() {
                    wins.push(after);
                }
            }
            (expected, wins)
        });
        let mut search = Search::new(cram, PackedTable::with_budget(1 << 20));
        prop_assert_eq!(search.sum_value(&cram.regions(free)), expected, "{:b}", free);
        let mut outcome = Search::new(cram, PackedTable::with_budget(1 << 20));
        let winner = outcome.winner(&free);
        prop_assert_eq!(winner, Player::winner_of(expected));
        let mut found = Vec::new();
        for p in cram.placements(free) {
            let after = free & !(1 << p.first) & !(1 << p.second);
            if search.is_zero(&cram.regions(after)) {
                found.push(after);
            }
        }
        prop_assert_eq!(found, wins);
    }

    /// Larger boards against the memo solver on the same game, with a table of 64 KiB
    /// that must forget (and a hash map, and no table at all on the smallest). At most
    /// 20 cells are free: enough for thousands of positions to overwrite each other in the
    /// small table, while a board of 29 free cells took 100 s in the debug build.
    #[test]
    fn a_forgetful_table_costs_time_not_truth(
        rows in 2usize..=5,
        cols in 2usize..=6,
        bits in any::<u64>(),
        density in 1u32..4,
    ) {
        let cram = Cram::new(rows, cols).unwrap();
        let mut free = blocked(&cram, bits, density);
        while free.count_ones() > 20 {
            free &= !(1 << (63 - free.leading_zeros()));
        }
        let regions = cram.regions(free);
        let expected = with_memo(cram, |memo| memo.sum_grundy(&regions).unwrap());
        let mut small = Search::new(cram, PackedTable::with_budget(64 << 10));
        prop_assert_eq!(small.sum_value(&regions), expected);
        let mut map = Search::new(cram, MapTable::with_budget(1 << 20));
        prop_assert_eq!(map.sum_value(&regions), expected);
        if free.count_ones() <= 14 {
            let mut bare = Search::new(cram, NoTable);
            prop_assert_eq!(bare.sum_value(&regions), expected);
        }
    }

    /// Chomp positions through the search (a game with no option count and no table key
    /// packing: the generic path) against the memo solver.
    #[test]
    fn chomp_through_the_search(lengths in prop::collection::vec(1usize..=6, 1..=5)) {
        let mut lengths = lengths;
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        let p = Chomp::position(&lengths).unwrap();
        let expected = Solver::new(Chomp).grundy(&p).unwrap();
        let mut search = Search::new(Chomp, MapTable::with_budget(1 << 22));
        prop_assert_eq!(search.value(&p), expected);
    }
}

fn search_value(rows: usize, cols: usize) -> Nimber {
    let cram = Cram::new(rows, cols).unwrap();
    Search::new(cram, PackedTable::with_budget(64 << 20)).sum_value(&cram.regions(cram.full()))
}

#[test]
fn strips_are_dawsons_kayles() {
    let dawson = grundy::catalogue::family("dawson-kayles").unwrap();
    let values = dawson.values(40).unwrap();
    for (n, &v) in values.iter().enumerate().skip(1) {
        assert_eq!(search_value(1, n).0, u64::from(v), "1×{n}");
    }
}

#[test]
fn narrow_boards_equal_the_memo_solver() {
    for (rows, most) in [(2, 12), (3, 9)] {
        for cols in 1..=most {
            let cram = Cram::new(rows, cols).unwrap();
            let memo = Solver::new(cram)
                .sum_grundy(&cram.regions(cram.full()))
                .unwrap();
            assert_eq!(search_value(rows, cols), memo, "{rows}×{cols}");
        }
    }
}

#[test]
fn published_values() {
    // Winning Ways and Lemoine–Viennot's tables.
    for (rows, cols, v) in [(4, 5, 2), (4, 7, 3), (5, 6, 2), (5, 7, 1)] {
        assert_eq!(search_value(rows, cols), Nimber(v), "{rows}×{cols}");
    }
    // Both sides even: the second player mirrors through the centre.
    for (rows, cols) in [(4, 4), (4, 6), (6, 6), (2, 10)] {
        let cram = Cram::new(rows, cols).unwrap();
        let mut s = Search::new(cram, PackedTable::with_budget(64 << 20));
        assert_eq!(s.winner(&cram.full()), Player::Second, "{rows}×{cols}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The search on many threads sharing one table gives the plain solver's value and
    /// winning dominoes whatever the number of threads, with a table large enough and with
    /// one of 64 KiB whose lines the threads overwrite under each other. At most 22 cells
    /// are free: the plain solver, which never splits a board, is slow on the rare boards
    /// of 23 to 26 (400 cases took 52 s with them, 5 to 7 s without; one CI run of the 40
    /// cases met such boards and spent 94 s here).
    #[test]
    fn every_thread_count_gives_the_same_values(
        rows in 2usize..=5,
        cols in 2usize..=6,
        bits in any::<u64>(),
        density in 0u32..3,
    ) {
        let cram = Cram::new(rows, cols).unwrap();
        let mut free = blocked(&cram, bits, density);
        while free.count_ones() > 22 {
            free &= !(1 << (63 - free.leading_zeros()));
        }
        let (expected, wins) = with_plain(cram, |plain| {
            let expected = plain.grundy(&free).unwrap();
            let wins: Vec<u64> = cram
                .placements(free)
                .into_iter()
                .map(|p| free & !(1 << p.first) & !(1 << p.second))
                .filter(|&after| !expected.is_zero() && plain.grundy(&after).unwrap().is_zero())
                .collect();
            (expected, wins)
        });
        for threads in [1, 2, 3, 5] {
            for memory in [64 << 20, 64 << 10] {
                let (value, found, _) = grundy::analysis::board::solve_cram(
                    cram, free, memory, true, threads, &mut grundy::NoProgress,
                );
                prop_assert_eq!(value, expected, "{} threads, {:b}", threads, free);
                let found: Vec<u64> = found
                    .iter()
                    .map(|p| free & !(1 << p.first) & !(1 << p.second))
                    .collect();
                prop_assert_eq!(&found, &wins, "{} threads, {:b}", threads, free);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Boards past 64 cells (a `u128` a position): a block of up to 20 free cells with
    /// holes, anywhere on the board (the far corner included), gives the plain solver's
    /// value and winning dominoes on every thread count, and the same as that block on a
    /// board of at most 64 cells (a region's value does not depend on where it lies).
    #[test]
    fn wide_boards_give_the_plain_solvers_values(
        shape in prop::sample::select(vec![(11, 11), (8, 16), (4, 32), (13, 9), (2, 64), (5, 13)]),
        height in 1usize..=4,
        place in any::<(u16, u16)>(),
        holes in any::<u128>(),
    ) {
        let (rows, cols) = shape;
        let wide = WideCram::new(rows, cols).unwrap();
        let height = height.min(rows);
        let width = (20 / height).min(cols);
        let top = usize::from(place.0) % (rows - height + 1);
        let left = usize::from(place.1) % (cols - width + 1);
        let narrow = Cram::new(height, width).unwrap();
        let (mut free, mut small) = (0u128, 0u64);
        for r in 0..height {
            for c in 0..width {
                if holes >> (r * width + c) & 3 != 0 {
                    free |= 1 << wide.bit(top + r, left + c);
                    small |= 1 << narrow.bit(r, c);
                }
            }
        }
        let mut plain = Solver::new(PlainCram(wide));
        let expected = plain.grundy(&free).unwrap();
        let wins: Vec<u128> = wide
            .placements(free)
            .into_iter()
            .map(|p| wide.after(free, p))
            .filter(|after| !expected.is_zero() && plain.grundy(after).unwrap().is_zero())
            .collect();
        for threads in [1, 2, 3] {
            let (value, found, _) = grundy::analysis::board::solve_cram(
                wide, free, 64 << 20, true, threads, &mut grundy::NoProgress,
            );
            prop_assert_eq!(value, expected, "{} threads, {:b}", threads, free);
            let found: Vec<u128> = found.iter().map(|&p| wide.after(free, p)).collect();
            prop_assert_eq!(&found, &wins, "{} threads, {:b}", threads, free);
        }
        let (value, found, _) = grundy::analysis::board::solve_cram(
            narrow, small, 64 << 20, true, 1, &mut grundy::NoProgress,
        );
        prop_assert_eq!(value, expected);
        prop_assert_eq!(found.len(), wins.len());
    }
}

#[test]
fn published_values_on_every_thread_count() {
    // Beling's table (beling/impartial-games README).
    for (rows, cols, v) in [(4, 5, 2), (4, 7, 3), (5, 6, 2), (4, 9, 1)] {
        let cram = Cram::new(rows, cols).unwrap();
        for threads in [2, 3] {
            let (value, _, _) = grundy::analysis::board::solve_cram(
                cram,
                cram.full(),
                256 << 20,
                false,
                threads,
                &mut grundy::NoProgress,
            );
            assert_eq!(value, Nimber(v), "{rows}×{cols} on {threads} threads");
        }
    }
}

/// The 3 × n boards past what `narrow_boards_equal_the_memo_solver` takes in CI, each by the
/// plain memo solver over regions (every position, no pruning) against the search, as far
/// as `GRUNDY_MEMO_COLS` (default 12) columns, from `GRUNDY_MEMO_FROM` (default 10); each
/// board's time goes to standard error. Run by hand for docs/RECORDS.md:
/// `GRUNDY_MEMO_COLS=15 cargo test --release --test search -- --ignored --nocapture
/// three_row`.
#[test]
#[ignore = "minutes: run by hand for docs/RECORDS.md"]
fn three_row_boards_equal_the_memo_solver_as_far_as_it_reaches() {
    let most: usize = std::env::var("GRUNDY_MEMO_COLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let first: usize = std::env::var("GRUNDY_MEMO_FROM")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    for cols in first..=most {
        let cram = Cram::new(3, cols).unwrap();
        let start = std::time::Instant::now();
        let mut solver = Solver::new(cram);
        let memo = solver.sum_grundy(&cram.regions(cram.full())).unwrap();
        let memo_time = start.elapsed();
        let searched = search_value(3, cols);
        eprintln!(
            "3×{cols}: memo {} in {:.1} s ({} positions), search {}",
            memo.0,
            memo_time.as_secs_f64(),
            solver.stats().memo_size,
            searched.0
        );
        assert_eq!(searched, memo, "3×{cols}");
    }
}
