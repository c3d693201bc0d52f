//! shgame: contest output, analysis, and refusals.

use grundy::games::sheet;
use serde::Deserialize;

use crate::{assert_refused, check_shared_sample, run_ok};

#[test]
fn statement_sample_when_available() {
    check_shared_sample("shgame", "shgame/sample.in", "shgame/sample.ans");
}

#[test]
fn own_cases_one_count_per_line() {
    // 1x1: no move, lost. 1x2: both cells have one heap of 1, both win.
    // 3x3: the centre (all heaps 1) and the corners (two heaps of 2) are lost: 4 win.
    let out = run_ok(&["solve", "shgame"], "3\n1 1\n1 2\n3 3\n");
    assert_eq!(out, "0\n2\n4\n");
}

#[test]
fn huge_sheets_match_the_library() {
    let sizes = [
        (1_000_000_000_000_000_000u64, 1_000_000_000_000_000_000u64),
        (999_999_999_999_999_999, 123_456_789_012_345_678),
        (1, 1_000_000_000_000_000_000),
    ];
    let input = format!(
        "{}\n{}",
        sizes.len(),
        sizes
            .iter()
            .map(|(n, m)| format!("{n} {m}\n"))
            .collect::<String>()
    );
    let expected: String = sizes
        .iter()
        .map(|&(n, m)| format!("{}\n", sheet::count_first_player_wins(n, m)))
        .collect();
    assert_eq!(run_ok(&["solve", "sheet"], &input), expected);
}

#[derive(Deserialize)]
struct Report {
    game: String,
    grundy: u64,
    winner: String,
    winning_moves: Vec<Cut>,
}

#[derive(Deserialize)]
struct Cut {
    #[serde(rename = "move")]
    text: String,
    side: String,
    lines: u64,
    after: After,
}

#[derive(Deserialize)]
struct After {
    rows: u64,
    columns: u64,
    mark_row: u64,
    mark_column: u64,
}

#[test]
fn analysis_cuts_reach_lost_sheets() {
    for (n, m, x, y) in [
        (5u64, 8u64, 2u64, 3u64),
        (3, 3, 2, 2),
        (7, 1, 7, 1),
        (40, 40, 13, 29),
    ] {
        let out = run_ok(
            &["analyze", "shgame", "--json"],
            &format!("{n} {m} {x} {y}\n"),
        );
        let r: Report = serde_json::from_str(&out).expect("JSON");
        assert_eq!(r.game, "shgame");
        let g = sheet::grundy(n, m, x, y).0;
        assert_eq!(r.grundy, g);
        assert_eq!(r.winner, if g == 0 { "second" } else { "first" });
        assert_eq!(r.winning_moves.is_empty(), g == 0);
        for c in &r.winning_moves {
            let a = &c.after;
            assert_eq!(
                sheet::grundy(a.rows, a.columns, a.mark_row, a.mark_column).0,
                0,
                "{}",
                c.text
            );
            assert!(c.text.contains(&c.side) && c.text.contains(&c.lines.to_string()));
        }
    }
}

#[test]
fn analysis_text_draws_small_sheets_and_names_cuts() {
    let out = run_ok(&["analyze", "shgame"], "5 8 2 3\n");
    assert!(out.contains("..@....."), "{out}");
    assert!(out.contains("cut 5 columns off the right side"), "{out}");
    assert!(out.contains("winner:  first player"), "{out}");
}

#[test]
fn bad_inputs_name_the_line() {
    let solve = ["solve", "shgame"];
    assert_refused(
        &solve,
        "",
        2,
        "<stdin>:1: expected the number of test cases T",
    );
    assert_refused(&solve, "0\n", 2, "found 0");
    assert_refused(
        &solve,
        "2\n5 8\n",
        2,
        "<stdin>:3: expected N (1 to 1000000000000000000), found end of input",
    );
    assert_refused(&solve, "1\n5 x\n", 2, "<stdin>:2: expected M");
    assert_refused(
        &solve,
        "1\n0 3\n",
        2,
        "expected N (1 to 1000000000000000000), found 0",
    );
    assert_refused(
        &solve,
        "1\n1000000000000000001 3\n",
        2,
        "1000000000000000000",
    );
    assert_refused(
        &solve,
        "1\n5 8\n6 7\n",
        2,
        "<stdin>:3: expected end of input",
    );
    let analyze = ["analyze", "shgame"];
    assert_refused(&analyze, "5 8 6 1\n", 2, "the mark's row X (at most N = 5)");
    assert_refused(&analyze, "5 8 1 9\n", 2, "found 9");
    assert_refused(&analyze, "5 8 1\n", 2, "expected the mark's column Y");
}
