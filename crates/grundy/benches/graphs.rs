//! Node-Kayles on the 3 × n grids (OEIS A316632) and Arc-Kayles on grids: one fresh solver
//! per board, no work bound; a grid's parts are kept as cells, keyed by their place up to
//! translation and symmetry, and Arc-Kayles' components by their canonical labelling.
//! Each run prints the value it found to standard error, and checks it against the
//! published terms where there are some (`tests/data/node-kayles.txt`).
//!
//! Run with `cargo bench -p grundy --bench graphs`; one board with
//! `cargo bench -p grundy --bench graphs -- 'node_kayles_3xn(18)'`.

use grundy::Solver;
use grundy::games::arc_kayles::ArcKayles;
use grundy::games::node_kayles::NodeKayles;
use grundy::games::notation::Notation;
use grundy::parse::Input;

fn main() {
    divan::main();
}

/// A316632's terms, n = 1 to 16.
fn published() -> Vec<u64> {
    let data = include_str!("../tests/data/node-kayles.txt");
    let row = data
        .lines()
        .find_map(|l| l.strip_prefix("grid-3xn:"))
        .expect("the 3 x n row");
    row.split(',')
        .map(|t| t.trim().parse().expect("a value"))
        .collect()
}

#[divan::bench(args = [12, 14, 16, 17, 18, 19, 20], sample_count = 1, sample_size = 1)]
fn node_kayles_3xn(n: u64) -> u64 {
    let game = NodeKayles::with_work_limit(u64::MAX);
    let sum = game
        .read(&Input::new("grid", format!("grid:3x{n}")))
        .expect("a grid");
    let mut solver = Solver::with_limit(game, usize::MAX);
    let value = solver.sum_grundy(divan::black_box(&sum)).expect("solved").0;
    if let Some(&want) = published().get(n as usize - 1) {
        assert_eq!(value, want, "3 x {n} against A316632");
    }
    eprintln!(
        "node-kayles 3x{n}: {value} ({} positions valued)",
        solver.stats().evaluated
    );
    value
}

#[divan::bench(args = [(3, 6), (4, 5), (4, 6)], sample_count = 1, sample_size = 1)]
fn arc_kayles_grid(board: (u64, u64)) -> u64 {
    let game = ArcKayles::with_work_limit(u64::MAX);
    let sum = game
        .read(&Input::new("grid", format!("grid:{}x{}", board.0, board.1)))
        .expect("a grid");
    let mut solver = Solver::with_limit(game, usize::MAX);
    let value = solver.sum_grundy(divan::black_box(&sum)).expect("solved").0;
    eprintln!("arc-kayles {}x{}: {value}", board.0, board.1);
    value
}
