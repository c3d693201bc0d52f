//! inventor-outlasting: contest output, analysis, and refusals.

use grundy::solve::cross_cut::inventor;
use serde::Deserialize;

use crate::{assert_refused, check_shared_sample, example, run_ok};

#[test]
fn official_sample_when_available() {
    check_shared_sample(
        "inventor-outlasting",
        "inventor_outlasting/sample_1.in",
        "inventor_outlasting/sample_1.ans",
    );
}

const BOARDS: [&[&str]; 5] = [
    &["X"],
    &["XXX"],
    &["XX", "XX"],
    &["X.X.", ".XX.", "X..X"],
    &[
        "X..X..X.", ".XX..X..", "..X.XX.X", "X...X...", ".X.X..XX", "..X...X.",
    ],
];

fn case(rows: &[&str]) -> String {
    format!("{} {}\n{}\n", rows.len(), rows[0].len(), rows.join("\n"))
}

fn library_count(rows: &[&str]) -> usize {
    let grid: Vec<&[u8]> = rows.iter().map(|r| r.as_bytes()).collect();
    inventor::analyze(grid.len(), grid[0].len(), |r, c| grid[r][c] == b'X')
        .unwrap()
        .winning
        .len()
}

#[test]
fn cases_are_numbered_and_match_the_library() {
    let input = format!(
        "{}\n{}",
        BOARDS.len(),
        BOARDS.iter().map(|b| case(b)).collect::<String>()
    );
    let expected: String = BOARDS
        .iter()
        .enumerate()
        .map(|(i, b)| format!("Case #{}: {}\n", i + 1, library_count(b)))
        .collect();
    assert_eq!(run_ok(&["solve", "inventor"], &input), expected);
}

#[derive(Deserialize)]
struct Report {
    grundy: u64,
    winner: String,
    class_values: Option<[u64; 2]>,
    winning_moves: Vec<Move>,
}

#[derive(Deserialize)]
struct Move {
    #[serde(rename = "move")]
    text: String,
    row: usize,
    column: usize,
}

#[test]
fn analysis_counts_what_solve_counts() {
    for board in BOARDS {
        let r: Report =
            serde_json::from_str(&run_ok(&["analyze", "inventor", "--json"], &case(board)))
                .expect("JSON");
        let solved = run_ok(&["solve", "inventor"], &format!("1\n{}", case(board)));
        assert_eq!(solved, format!("Case #1: {}\n", r.winning_moves.len()));
        match r.class_values {
            Some([even, odd]) => assert_eq!(r.grundy, even ^ odd),
            None => assert_eq!(r.grundy, 0),
        }
        assert_eq!(r.winner == "second", r.grundy == 0);
        assert_eq!(r.winning_moves.is_empty(), r.grundy == 0);
        for m in &r.winning_moves {
            assert_eq!(
                board[m.row - 1].as_bytes()[m.column - 1],
                b'X',
                "{}",
                m.text
            );
        }
    }
}

#[test]
fn analysis_draws_the_board_with_winning_spots() {
    let out = run_ok(&["analyze", "inventor", &example("inventor.txt")], "");
    assert!(out.contains("winning first moves marked *"), "{out}");
    let stars = out
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains('*'))
        .count();
    assert!(stars >= 1, "{out}");
}

#[test]
fn bad_boards_name_the_line() {
    let solve = ["solve", "inventor-outlasting"];
    assert_refused(
        &solve,
        "1\n2 3\nX.X\nX.\n",
        2,
        "<stdin>:4: expected 3 characters of 'X' or '.', found 2",
    );
    assert_refused(
        &solve,
        "1\n1 3\nX#X\n",
        2,
        "<stdin>:3: expected 'X' or '.' in column 2, found '#'",
    );
    assert_refused(
        &solve,
        "1\n0 3\n",
        2,
        "<stdin>:2: expected the number of rows R (1 to 4000), found 0",
    );
    assert_refused(
        &solve,
        "1\n100 100\n",
        2,
        "expected R·C at most 4000, found 100·100 = 10000",
    );
    assert_refused(
        &solve,
        "1\n3 2\nX.\n.X\n",
        2,
        "<stdin>:5: expected 2 characters of 'X' or '.', found end of input",
    );
    assert_refused(&solve, "2\n1 1\nX\n", 2, "expected the number of rows R");
    assert_refused(
        &solve,
        "1\n1 1\nX\nX\n",
        2,
        "<stdin>:4: expected end of input",
    );
    assert_refused(
        &["analyze", "inventor"],
        "1 1\n",
        2,
        "<stdin>:2: expected 1 characters",
    );
}
