//! Help, usage errors and the exit codes every command shares.

use std::io::Read;
use std::process::{Command as StdCommand, Stdio};

use crate::{assert_refused, run};

#[test]
fn every_subcommand_has_help_with_examples() {
    for sub in ["solve", "analyze", "sequence"] {
        let r = run(&[sub, "--help"], "");
        assert_eq!(r.status, 0, "{sub} --help");
        assert!(
            r.stdout.contains("Examples:"),
            "{sub} --help has no examples"
        );
    }
    let r = run(&["--help"], "");
    assert_eq!(r.status, 0);
    for sub in ["solve", "analyze", "sequence"] {
        assert!(r.stdout.contains(sub));
    }
}

#[test]
fn usage_errors_are_one_line_with_status_2() {
    assert_refused(&["sequence", "kayles"], "", 2, "--upto <N>");
    assert_refused(
        &["analyze", "nim", "--bogus"],
        "",
        2,
        "unexpected argument '--bogus'",
    );
    assert_refused(&["sequence", "nim", "--upto", "-3"], "", 2, "error:");
    assert_refused(
        &["frobnicate"],
        "",
        2,
        "unrecognized subcommand 'frobnicate'",
    );
}

#[test]
fn no_subcommand_is_a_usage_error() {
    let r = run(&[], "");
    assert_eq!(r.status, 2);
    assert!(r.stdout.is_empty());
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["sequence", "nim", "--upto", "3000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut first = [0u8; 16];
    child
        .stdout
        .take()
        .expect("piped stdout")
        .read_exact(&mut first)
        .expect("some output");
    // The pipe is closed here, with most of the output still unwritten.
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "status {:?}, stderr {stderr}",
        out.status
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn unknown_problems_list_the_known_ones() {
    assert_refused(
        &["solve", "chess"],
        "",
        2,
        "known problems: shgame (sheet), lamqugam (lame-queen), inventor-outlasting (inventor), pshtbrth (cakes), caos3 (lava)",
    );
}

#[test]
fn a_missing_file_is_a_failure_not_bad_input() {
    let r = run(&["solve", "shgame", "/nonexistent/contest.in"], "");
    assert_eq!(r.status, 1);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("/nonexistent/contest.in"), "{}", r.stderr);
}
