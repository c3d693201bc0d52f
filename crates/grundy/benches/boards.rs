//! Cram by the pruning search (alone, and on two threads) and Chomp by the dense table, on
//! the boards igs is timed on.
//!
//! Run with `cargo bench -p grundy --bench boards`.

use grundy::Nimber;
use grundy::games::board::{Cram, WideCram};
use grundy::solve::chomp_table::ChompTable;
use grundy::solve::parallel;
use grundy::solve::search::Search;
use grundy::solve::table::{PackedTable, SharedTable};

fn main() {
    divan::main();
}

/// A fresh search (and table) per board: the whole solve, as the CLI does it.
#[divan::bench(args = [(4, 9), (5, 7), (3, 14), (5, 8)], sample_count = 3, sample_size = 1)]
fn cram(board: (usize, usize)) -> Nimber {
    let cram = Cram::new(board.0, board.1).expect("at most 64 cells");
    let mut search = Search::new(cram, PackedTable::with_budget(1 << 30));
    search.sum_value(&cram.regions(divan::black_box(cram.full())))
}

/// The same on two threads sharing one table (`solve::parallel`).
#[divan::bench(args = [(4, 9), (5, 7), (3, 14), (5, 8)], sample_count = 3, sample_size = 1)]
fn cram_two_threads(board: (usize, usize)) -> Nimber {
    let cram = Cram::new(board.0, board.1).expect("at most 64 cells");
    let table = SharedTable::with_budget(1 << 30);
    let pool = parallel::pool(2, &mut grundy::progress::NoProgress).expect("two threads");
    let free = divan::black_box(cram.full());
    parallel::sum_value(
        &cram,
        &cram.regions(free),
        &table,
        &pool,
        &mut grundy::NoProgress,
    )
    .0
}

/// The same boards held in a `u128` a position, as boards past 64 cells are: what the wide
/// word costs.
#[divan::bench(args = [(4, 9), (5, 7), (3, 14)], sample_count = 3, sample_size = 1)]
fn cram_wide_word(board: (usize, usize)) -> Nimber {
    let cram = WideCram::new(board.0, board.1).expect("at most 128 cells");
    let mut search = Search::new(cram, PackedTable::<u128>::with_budget(1 << 30));
    search.sum_value(&cram.regions(divan::black_box(cram.full())))
}

/// Boards past 64 cells whose search is short: a strip of 128 (Dawson's Kayles), 2×33 and
/// 2×37 (the second player's mirror strategy fails on odd lengths: a real search).
#[divan::bench(args = [(1, 128), (2, 33), (2, 37)], sample_count = 3, sample_size = 1)]
fn cram_past_64_cells(board: (usize, usize)) -> Nimber {
    let cram = WideCram::new(board.0, board.1).expect("at most 128 cells");
    let mut search = Search::new(cram, PackedTable::<u128>::with_budget(1 << 30));
    search.sum_value(&cram.regions(divan::black_box(cram.full())))
}

/// Every position of the square box, one pass.
#[divan::bench(args = [10, 12, 13], sample_count = 3, sample_size = 1)]
fn chomp_square(side: usize) -> Nimber {
    let table = ChompTable::build(side, side, u64::MAX, &mut grundy::NoProgress).expect("fits");
    table.value(&vec![side; side])
}
