//! `grundy survey`: one line per game, a journal that a second run reads instead of
//! computing again, checkpoints that a time limit or a signal leaves behind.

use super::{assert_refused, run_ok};

/// The JSON records printed, one a line.
fn records(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record a line"))
        .collect()
}

/// The values `grundy sequence` prints for a game.
fn sequence(code: &str, upto: u64) -> Vec<u64> {
    run_ok(&["sequence", code, "--upto", &upto.to_string()], "")
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn each_game_gets_its_line_and_a_second_run_reads_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = [
        "survey",
        "0.6",
        ".16",
        "kayles",
        "octal:0.6",
        "--upto",
        "20000",
        "--dir",
        d,
        "--json",
    ];
    let first = records(&run_ok(&args, ""));
    // octal:0.6 is .6 again: one line.
    assert_eq!(first.len(), 3);
    for (r, code) in first.iter().zip(["octal:0.6", "octal:0.16"]) {
        assert_eq!(r["game"], code);
        assert_eq!(r["outcome"], "reached");
        assert_eq!(r["computed"], 20001);
        let values = sequence(code, 20000);
        let max = *values.iter().max().unwrap();
        assert_eq!(r["largest"], max);
        assert_eq!(
            r["largest_at"],
            values.iter().position(|&v| v == max).unwrap() as u64
        );
    }
    let kayles = &first[2];
    assert_eq!(kayles["outcome"], "period");
    assert_eq!(
        (kayles["preperiod"].as_u64(), kayles["period"].as_u64()),
        (Some(71), Some(12))
    );
    let cert = dir.path().join(kayles["certificate"].as_str().unwrap());
    let verified = run_ok(&["verify", cert.to_str().unwrap()], "");
    assert!(
        verified.contains("period 12 from heap 71 holds"),
        "{verified}"
    );

    let journal = std::fs::read_to_string(dir.path().join("survey.jsonl")).unwrap();
    assert_eq!(journal.lines().count(), 3);
    // The same command again: the same lines, from the journal, nothing appended.
    let second = records(&run_ok(&args, ""));
    assert_eq!(second, first);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("survey.jsonl")).unwrap(),
        journal
    );
    // A larger N is another question.
    let further = records(&run_ok(
        &["survey", ".16", "--upto", "30000", "--dir", d, "--json"],
        "",
    ));
    assert_eq!(further[0]["computed"], 30001);
    assert_eq!(further[0]["resumed_from"], 20001);
    // The table: a header and one row a game.
    let table = run_ok(
        &["survey", "0.6", "kayles", "--upto", "20000", "--dir", d],
        "",
    );
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows.len(), 4, "{table}");
    assert!(rows[0].starts_with("| game |"));
    assert!(rows[3].contains("| octal:0.77 | ") && rows[3].contains("period 12 from heap 71"));
}

#[test]
fn a_game_stopped_by_its_time_limit_goes_on_with_more_time() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let upto = "300000";
    let short = records(&run_ok(
        &[
            "survey",
            "0.14",
            "--upto",
            upto,
            "--dir",
            d,
            "--time-per-game",
            "0s",
            "--json",
        ],
        "",
    ));
    assert_eq!(short[0]["outcome"], "time-limit");
    let got = short[0]["computed"].as_u64().unwrap();
    assert!(got > 0 && got < 300_001, "{got}");
    let long = records(&run_ok(
        &[
            "survey",
            "0.14",
            "--upto",
            upto,
            "--dir",
            d,
            "--time-per-game",
            "1h",
            "--json",
        ],
        "",
    ));
    assert_eq!(long[0]["outcome"], "reached");
    assert_eq!(long[0]["resumed_from"], got);
    let values = sequence("0.14", 300_000);
    assert_eq!(long[0]["largest"], *values.iter().max().unwrap());
}

#[test]
fn bad_requests_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    assert_refused(
        &["survey", "0.6", "nim", "--upto", "10"],
        "",
        2,
        "not a take-and-break game",
    );
    assert_refused(&["survey", "0.6", "0.9", "--upto", "10"], "", 2, "0.9");
    assert_refused(
        &["survey", "kayls", "--upto", "10"],
        "",
        2,
        "did you mean 'kayles'",
    );
    assert_refused(
        &["survey", "0.6", "--upto", "10", "--time-per-game", "soon"],
        "",
        2,
        "--time-per-game",
    );
    // An instant that far ahead overflowed the clock (a panic, exit 134).
    for time in ["9223372036854775807s", "367days"] {
        assert_refused(
            &["survey", "0.6", "--upto", "100", "--time-per-game", time],
            "",
            2,
            "past the longest, 31622400 s (a year)",
        );
    }
    assert_refused(
        &["survey", "0.6", "--upto", "9999999999999"],
        "",
        2,
        "--upto",
    );
    std::fs::write(
        dir.path().join("survey.jsonl"),
        "{\"game\": \"octal:0.6\"}\n",
    )
    .unwrap();
    assert_refused(
        &["survey", "0.6", "--upto", "10", "--dir", d],
        "",
        2,
        "survey.jsonl:1:",
    );
    std::fs::remove_file(dir.path().join("survey.jsonl")).unwrap();
    std::fs::write(dir.path().join("octal_0.6.ckpt"), b"not a checkpoint").unwrap();
    assert_refused(
        &["survey", "0.6", "--upto", "10", "--dir", d],
        "",
        2,
        "checkpoint refused",
    );
}

/// SIGINT in the middle of a game: its values are saved, the process ends by the signal,
/// and the same command goes on from the checkpoint.
#[cfg(unix)]
#[test]
fn an_interrupted_survey_goes_on_from_the_checkpoint() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = [
        "survey", "0.16", "0.004", "--upto", "4000000", "--dir", d, "--json",
    ];
    let out = super::stopped(&args, "", 2500, rustix::process::Signal::INT, true);
    assert_eq!(out.status.signal(), Some(2), "{:?}", out.status);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("octal_0.004.ckpt") && said.contains("goes on"),
        "{said}"
    );
    // 0.16 ended first (a period) and was written to the journal.
    let done = records(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(done.len(), 1);
    assert_eq!(done[0]["game"], "octal:0.16");
    assert!(dir.path().join("octal_0.004.ckpt").is_file());

    let upto = "200000";
    let resumed = records(&run_ok(
        &["survey", "0.004", "--upto", upto, "--dir", d, "--json"],
        "",
    ));
    assert!(resumed[0]["resumed_from"].as_u64().unwrap() > 0);
    let values = sequence("0.004", 200_000);
    assert_eq!(resumed[0]["largest"], *values.iter().max().unwrap());
}

/// A damaged checkpoint of the last game is refused before the first game is worked on:
/// one line, exit 2, nothing on standard output.
#[test]
fn every_checkpoint_is_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    std::fs::write(dir.path().join("octal_0.16.ckpt"), "garbage").unwrap();
    assert_refused(
        &["survey", "0.6", "0.16", "--upto", "1000", "--dir", folder],
        "",
        2,
        "octal_0.16.ckpt is damaged",
    );
    assert!(!dir.path().join("survey.jsonl").exists());
}
