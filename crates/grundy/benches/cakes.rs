//! Bit-board tables per shape: `cargo bench -p grundy --bench bitboard`.

use grundy::NoProgress;
use grundy::games::cakes::Shape;
use grundy::solve::cakes::Table;

fn main() {
    divan::main();
}

#[divan::bench(args = [(4, 4), (4, 5), (5, 4)], sample_count = 10)]
fn table(shape: (usize, usize)) -> Table {
    let shape = Shape::new(shape.0, shape.1).expect("a valid shape");
    Table::build(divan::black_box(shape), &mut NoProgress)
}

/// The largest shape: 2^25 masks.
#[divan::bench(sample_count = 2, sample_size = 1)]
fn table_5x5() -> Table {
    let shape = Shape::new(5, 5).expect("a valid shape");
    Table::build(divan::black_box(shape), &mut NoProgress)
}
