//! lamqugam: contest output, analysis, and refusals.

use grundy::Solver;
use grundy::games::lame_queen::{LameQueen, PPositions};
use serde::Deserialize;

use crate::{assert_refused, check_shared_sample, run_ok};

#[test]
fn statement_sample_when_available() {
    check_shared_sample("lamqugam", "lamqugam/sample.in", "lamqugam/sample.ans");
}

/// Fractions from counting P-positions square by square with the generic solver.
#[test]
fn fractions_match_a_brute_force_count() {
    let queries = [
        (1u32, 1u32, 5u32, 6u32),
        (3, 2, 9, 9),
        (4, 6, 11, 7),
        (6, 6, 6, 6),
        (1, 1, 1, 1),
        (2, 2, 2, 3),
        (1, 1, 30, 30),
        (7, 3, 25, 19),
    ];
    for d in [1u64, 2, 3] {
        let mut solver = Solver::new(LameQueen { d });
        let mut input = format!("{d} {}\n", queries.len());
        let mut expected = String::new();
        for &(x1, y1, x2, y2) in &queries {
            input.push_str(&format!("{x1} {y1} {x2} {y2}\n"));
            let mut p = 0u64;
            for x in x1..=x2 {
                for y in y1..=y2 {
                    p += u64::from(solver.grundy(&(x, y)).unwrap().is_zero());
                }
            }
            let area = u64::from((x2 - x1 + 1) * (y2 - y1 + 1));
            let g = gcd(p, area);
            expected.push_str(&format!("{}/{}\n", p / g, area / g));
        }
        assert_eq!(run_ok(&["solve", "lamqugam"], &input), expected, "d = {d}");
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[test]
fn certain_outcomes_print_0_over_1_and_1_over_1() {
    // (1, 1) is lost for the mover; (1, 2) is won.
    assert_eq!(
        run_ok(&["solve", "lamqugam"], "1 2\n1 1 1 1\n1 2 1 2\n"),
        "1/1\n0/1\n"
    );
}

#[derive(Deserialize)]
struct Report {
    grundy: Option<u64>,
    winner: String,
    winning_moves: Vec<Move>,
}

#[derive(Deserialize)]
struct Move {
    #[serde(rename = "move")]
    text: String,
    to: [u64; 2],
}

#[test]
fn analysis_moves_reach_p_positions() {
    for (d, x, y) in [
        (1u64, 4u64, 6u64),
        (3, 12, 9),
        (20, 200, 150),
        (2, 5000, 3000),
    ] {
        let out = run_ok(&["analyze", "lamqugam", "--json"], &format!("{d} {x} {y}"));
        let r: Report = serde_json::from_str(&out).expect("JSON");
        let p = PPositions::build(d, x.max(y)).unwrap();
        assert_eq!(r.winner == "second", p.is_p(x, y));
        assert_eq!(r.winning_moves.is_empty(), p.is_p(x, y));
        if let Some(g) = r.grundy {
            assert_eq!(g == 0, p.is_p(x, y));
        }
        for m in &r.winning_moves {
            assert!(p.is_p(m.to[0], m.to[1]), "{}", m.text);
        }
    }
}

#[test]
fn analysis_says_when_it_knows_only_the_outcome() {
    let out = run_ok(&["analyze", "lamqugam"], "1 10000000 9999999\n");
    assert!(out.contains("not computed"), "{out}");
    let out = run_ok(&["analyze", "lamqugam", "--json"], "1 10000000 9999999\n");
    let r: Report = serde_json::from_str(&out).expect("JSON");
    assert_eq!(r.grundy, None);
    assert_eq!(r.winner, "first");
}

#[test]
fn analysis_draws_small_boards() {
    let out = run_ok(&["analyze", "lamqugam"], "1 4 6\n");
    assert!(out.contains("Q"), "{out}");
    assert!(out.contains("winner:  second player"), "{out}");
}

#[test]
fn bad_inputs_name_the_line() {
    let solve = ["solve", "lamqugam"];
    assert_refused(&solve, "0 1\n1 1 1 1\n", 2, "<stdin>:1: expected d (1 to");
    assert_refused(
        &solve,
        "1 2\n1 1 2 2\n3 1 2 5\n",
        2,
        "<stdin>:3: expected x2 at least x1 = 3, found 2",
    );
    assert_refused(
        &solve,
        "1 1\n1 5 2 4\n",
        2,
        "expected y2 at least y1 = 5, found 4",
    );
    assert_refused(
        &solve,
        "1 1\n1 1 10000001 1\n",
        2,
        "x2 (1 to 10000000), found 10000001",
    );
    assert_refused(
        &solve,
        "1 2\n1 1 2 2\n",
        2,
        "<stdin>:3: expected x1 (1 to 10000000), found end of input",
    );
    assert_refused(&solve, "1 1\n1 1 2 z\n", 2, "found 'z'");
    assert_refused(
        &solve,
        "1 1\n1 1 2 2\n9\n",
        2,
        "<stdin>:3: expected end of input",
    );
    assert_refused(&["analyze", "lamqugam"], "1 0 3\n", 2, "expected x (1 to");
    assert_refused(&["analyze", "lamqugam"], "1 3\n", 2, "expected y");
}
