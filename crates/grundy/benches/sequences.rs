//! Table loops of the one-parameter families at large sizes.
//!
//! Run with `cargo bench -p grundy --bench sequences`.

use grundy::games::TakeBreak;
use grundy::{Family, NoProgress};

fn main() {
    divan::main();
}

fn family(name: &str) -> Family {
    name.parse().expect("a valid family")
}

/// The default method: the table loop until a period is proved, then the period.
#[divan::bench(args = [10_000, 100_000])]
fn kayles(n: u64) -> Vec<u32> {
    family("kayles")
        .values(divan::black_box(n))
        .expect("within the table limit")
}

/// The table loop to the end: O(n²) pairs of heaps.
#[divan::bench(args = [10_000, 100_000], sample_count = 5, sample_size = 1)]
fn kayles_full_loop(n: usize) -> Vec<u32> {
    let kayles: TakeBreak = "0.77".parse().expect("a valid code");
    kayles.values_with(divan::black_box(n), false, &mut NoProgress)
}

#[divan::bench(args = [10_000, 100_000], sample_count = 5, sample_size = 1)]
fn dawson_chess_full_loop(n: usize) -> Vec<u32> {
    let chess: TakeBreak = "0.137".parse().expect("a valid code");
    chess.values_with(divan::black_box(n), false, &mut NoProgress)
}

#[divan::bench(args = [1_000_000, 10_000_000], sample_count = 20)]
fn subtraction_1_3_4(n: u64) -> Vec<u32> {
    family("subtraction:1,3,4")
        .values(divan::black_box(n))
        .expect("within the table limit")
}

/// The generic memoised engine on Kayles, for scale.
#[divan::bench(args = [1_000, 3_000], sample_count = 10)]
fn kayles_by_solver(n: u64) -> Vec<u32> {
    family("kayles")
        .values_by_solver(divan::black_box(n))
        .expect("solvable")
}

/// A play of 10^6 moves through the generic solver's explicit stack.
#[divan::bench(sample_count = 10)]
fn subtraction_1_chain_by_solver() -> grundy::Nimber {
    let game = grundy::games::Subtraction::new(vec![1]).expect("a valid set");
    grundy::Solver::new(game)
        .grundy(&divan::black_box(1_000_000))
        .expect("solvable")
}
