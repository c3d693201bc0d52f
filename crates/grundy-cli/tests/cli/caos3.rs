//! caos3: contest output, analysis, and refusals.

use grundy::solve::cross_cut::lava;
use serde::Deserialize;

use crate::{assert_refused, check_shared_sample, example, run_ok};

#[test]
fn statement_sample_when_available() {
    check_shared_sample("caos3", "caos3/sample.in", "caos3/sample.ans");
}

fn map(rows: &[&str]) -> String {
    format!("{} {}\n{}\n", rows.len(), rows[0].len(), rows.join("\n"))
}

#[test]
fn own_maps() {
    // No monster anywhere: the first player cannot move. A 5x5 open map has one monster.
    // A 6x5 open map has two monsters in one column: one move kills both.
    let maps: Vec<Vec<&str>> = vec![
        vec!["^^^", "^#^", "^^^"],
        vec!["^^^^^"; 5],
        vec!["^^^^^"; 6],
    ];
    let input = format!(
        "{}\n{}",
        maps.len(),
        maps.iter().map(|m| map(m)).collect::<String>()
    );
    assert_eq!(run_ok(&["solve", "lava"], &input), "Kirito\nAsuna\nAsuna\n");
}

#[derive(Deserialize)]
struct Report {
    grundy: u64,
    winner: String,
    winner_name: String,
    monsters: Vec<[usize; 2]>,
    winning_moves: Vec<Move>,
}

#[derive(Deserialize)]
struct Move {
    row: usize,
    column: usize,
}

#[test]
fn analysis_matches_the_library() {
    let text = std::fs::read_to_string(example("caos3.txt")).expect("bundled example");
    let r: Report =
        serde_json::from_str(&run_ok(&["analyze", "caos3", "--json"], &text)).expect("JSON");
    let rows: Vec<&str> = text.lines().skip(1).collect();
    let open: Vec<bool> = rows
        .iter()
        .flat_map(|l| l.bytes().map(|b| b == b'^'))
        .collect();
    let a = lava::analyze(rows.len(), rows[0].len(), &open).unwrap();
    assert_eq!(r.grundy, a.grundy.0);
    assert_eq!(r.winner == "first", r.winner_name == "Asuna");
    assert_eq!(r.monsters.len(), a.monsters.len());
    let moves: Vec<(usize, usize)> = r
        .winning_moves
        .iter()
        .map(|m| (m.row - 1, m.column - 1))
        .collect();
    assert_eq!(moves, a.winning);
    let out = run_ok(&["analyze", "caos3", &example("caos3.txt")], "");
    assert!(out.contains('*') && out.contains('m'), "{out}");
}

#[test]
fn bad_maps_name_the_line() {
    let solve = ["solve", "caos3"];
    assert_refused(
        &solve,
        "1\n2 3\n^^^\n^^\n",
        2,
        "<stdin>:4: expected 3 characters of '#' or '^', found 2",
    );
    assert_refused(
        &solve,
        "1\n1 3\n^.^\n",
        2,
        "<stdin>:3: expected '#' or '^' in column 2, found '.'",
    );
    assert_refused(
        &solve,
        "1\n201 3\n",
        2,
        "expected the number of rows R (1 to 200), found 201",
    );
    assert_refused(
        &solve,
        "1\n3 3\n^^^\n",
        2,
        "<stdin>:4: expected 3 characters",
    );
    assert_refused(&solve, "x\n", 2, "expected the number of test cases T");
}
