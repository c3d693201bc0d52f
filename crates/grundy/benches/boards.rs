//! Cram by the pruning search and Chomp by the dense table, on the boards igs is timed on.
//!
//! Run with `cargo bench -p grundy --bench boards`.

use grundy::Nimber;
use grundy::games::board::Cram;
use grundy::solve::chomp_table::ChompTable;
use grundy::solve::search::Search;
use grundy::solve::table::PackedTable;

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

/// Every position of the square box, one pass.
#[divan::bench(args = [10, 12, 13], sample_count = 3, sample_size = 1)]
fn chomp_square(side: usize) -> Nimber {
    let table = ChompTable::build(side, side, u64::MAX, &mut grundy::NoProgress).expect("fits");
    table.value(&vec![side; side])
}
