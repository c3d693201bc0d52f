//! `grundy gen`: valid inputs, the same for the same seed.

use super::{assert_refused, run_ok};

const PROBLEMS: [&str; 5] = ["shgame", "lamqugam", "inventor", "cakes", "lava"];

#[test]
fn the_same_seed_gives_the_same_input() {
    for p in PROBLEMS {
        let a = run_ok(&["gen", p, "--size", "medium", "--seed", "11"], "");
        let b = run_ok(&["gen", p, "--size", "medium", "--seed", "11"], "");
        let c = run_ok(&["gen", p, "--size", "medium", "--seed", "12"], "");
        assert_eq!(a, b, "{p}");
        assert_ne!(a, c, "{p}: seeds 11 and 12 give the same input");
    }
}

#[test]
fn every_size_is_an_input_grundy_solves() {
    for p in PROBLEMS {
        for size in ["small", "medium", "max", "worst"] {
            let input = run_ok(&["gen", p, "--size", size, "--seed", "3"], "");
            let output = run_ok(&["solve", p], &input);
            assert!(!output.is_empty(), "{p} {size}: no answer");
        }
    }
}

#[test]
fn cases_are_counted_and_held_to_the_statement() {
    let input = run_ok(&["gen", "shgame", "--cases", "7"], "");
    assert_eq!(input.lines().next(), Some("7"));
    assert_eq!(input.lines().count(), 8);
    let input = run_ok(&["gen", "lamqugam", "--cases", "4", "--size", "max"], "");
    assert_eq!(
        input.lines().next().and_then(|l| l.split(' ').nth(1)),
        Some("4")
    );
    assert_refused(
        &["gen", "shgame", "--cases", "101"],
        "",
        2,
        "expected 1 to 100 test cases",
    );
    assert_refused(&["gen", "lava", "--cases", "0"], "", 2, "--cases 0");
    assert_refused(&["gen", "chess"], "", 2, "unknown problem 'chess'");
    assert_refused(
        &["gen", "shgame", "--size", "huge"],
        "",
        2,
        "possible values",
    );
}

#[test]
fn worst_inputs_reach_the_limits() {
    let input = run_ok(&["gen", "shgame", "--size", "worst"], "");
    assert_eq!(input.lines().next(), Some("100"));
    assert!(input.lines().any(|l| l == "1 1"));
    assert!(input.lines().filter(|l| l.starts_with("9999")).count() > 50);
    let input = run_ok(&["gen", "lava", "--size", "worst"], "");
    assert!(input.lines().any(|l| l == "^".repeat(20)));
}
