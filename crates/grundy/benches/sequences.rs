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

/// One take-and-break table by one method through the driver, to the end.
fn take_break(code: &str, n: u64, method: grundy::solve::heap::Method) -> u32 {
    use grundy::solve::heap::{self, Unwatched};
    let game: TakeBreak = if code == "grundy-game" {
        TakeBreak::grundy_game()
    } else {
        code.parse().expect("a valid code")
    };
    let c = heap::compute(
        &game,
        n,
        method,
        None,
        &mut Unwatched,
        grundy::work::UNLIMITED,
    )
    .expect("computed");
    c.value(n)
}

/// The sparse-space engine to the end (no period): 0.16, whose rare values are few.
#[divan::bench(args = [1 << 18, 1 << 20], sample_count = 5, sample_size = 1)]
fn octal_016_sparse(n: u64) -> u32 {
    take_break(
        "0.16",
        divan::black_box(n),
        grundy::solve::heap::Method::Sparse,
    )
}

/// The default: the sparse engine until the period (149459 from 105351) is proved.
#[divan::bench(args = [1 << 20], sample_count = 5, sample_size = 1)]
fn octal_016_table(n: u64) -> u32 {
    take_break(
        "0.16",
        divan::black_box(n),
        grundy::solve::heap::Method::Table,
    )
}

/// Treblecross: dense values, so plain scans shared by two cores.
#[divan::bench(args = [1 << 16], sample_count = 3, sample_size = 1)]
fn treblecross_table(n: u64) -> u32 {
    take_break(
        "0.007",
        divan::black_box(n),
        grundy::solve::heap::Method::Table,
    )
}

/// Grundy's game: no period theorem, rare values few.
#[divan::bench(args = [1 << 18], sample_count = 3, sample_size = 1)]
fn grundy_game_sparse(n: u64) -> u32 {
    take_break(
        "grundy-game",
        divan::black_box(n),
        grundy::solve::heap::Method::Sparse,
    )
}

/// The yardstick: the plain loop on 0.16 to 2^15.
#[divan::bench(args = [1 << 15], sample_count = 5, sample_size = 1)]
fn octal_016_loop(n: u64) -> u32 {
    take_break(
        "0.16",
        divan::black_box(n),
        grundy::solve::heap::Method::Loop,
    )
}
