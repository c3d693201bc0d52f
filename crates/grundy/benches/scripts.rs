//! Script games against the same games built in, through the same memo solver: what the
//! interpreter costs per position.
//!
//! Run with `cargo bench -p grundy --bench scripts`.

use grundy::Solver;
use grundy::script::{ScriptGame, ScriptPosition};

fn main() {
    divan::main();
}

fn example(name: &str) -> ScriptGame {
    let path = format!("{}/../../examples/games/{name}", env!("CARGO_MANIFEST_DIR"));
    ScriptGame::load(std::path::Path::new(&path)).expect("the bundled example compiles")
}

fn script_values(name: &str, upto: i64) -> u64 {
    let game = example(name);
    let mut solver = Solver::new(&game);
    (0..=upto)
        .map(|n| solver.grundy(&ScriptPosition::Int(n)).expect("solves").0)
        .sum()
}

fn built_in_values(family: &str, upto: u64) -> u64 {
    let family = grundy::catalogue::family(family).expect("a family");
    let mut solver = Solver::new(&family);
    (0..=upto)
        .map(|n| solver.grundy(&n).expect("solves").0)
        .sum()
}

/// Kayles to 500: about 125 000 options, each a split into two rows.
#[divan::bench(sample_count = 5)]
fn kayles_script() -> u64 {
    script_values("kayles.rhai", divan::black_box(500))
}

#[divan::bench(sample_count = 5)]
fn kayles_built_in() -> u64 {
    built_in_values("kayles", divan::black_box(500))
}

/// Subtraction {1, 3, 4} to 100 000: three options a position.
#[divan::bench(sample_count = 5)]
fn subtraction_script() -> u64 {
    script_values("subtraction.rhai", divan::black_box(100_000))
}

#[divan::bench(sample_count = 5)]
fn subtraction_built_in() -> u64 {
    built_in_values("subtraction:1,3,4", divan::black_box(100_000))
}
