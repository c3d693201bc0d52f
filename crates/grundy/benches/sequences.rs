//! Table loops of the one-parameter families at large sizes.
//!
//! Run with `cargo bench -p grundy --bench sequences`.

use grundy::Family;

fn main() {
    divan::main();
}

#[divan::bench(args = [10_000, 100_000])]
fn kayles(n: u64) -> Vec<u32> {
    let family: Family = "octal:0.77".parse().expect("a valid code");
    family
        .values(divan::black_box(n))
        .expect("within the table limit")
}

#[divan::bench(args = [10_000, 100_000])]
fn dawson_chess(n: u64) -> Vec<u32> {
    let family: Family = "octal:0.137".parse().expect("a valid code");
    family
        .values(divan::black_box(n))
        .expect("within the table limit")
}

#[divan::bench(args = [1_000_000, 10_000_000])]
fn subtraction_1_3_4(n: u64) -> Vec<u32> {
    let family: Family = "subtraction:1,3,4".parse().expect("a valid set");
    family
        .values(divan::black_box(n))
        .expect("within the table limit")
}

/// The generic memoised engine on the same game, for scale.
#[divan::bench(args = [1_000, 3_000])]
fn kayles_by_solver(n: u64) -> Vec<u32> {
    let family: Family = "octal:0.77".parse().expect("a valid code");
    family
        .values_by_solver(divan::black_box(n))
        .expect("solvable")
}
