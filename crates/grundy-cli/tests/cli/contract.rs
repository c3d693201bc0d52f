//! Help, usage errors and the exit codes every command shares.

use std::io::Read;
use std::process::{Command as StdCommand, Stdio};

use crate::{assert_refused, run, run_ok};

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

#[test]
fn messages_show_raw_bytes_escaped_on_one_line() {
    // A terminal escape in the input, a line break in an argument, a file name with a
    // line break and a byte that is not UTF-8.
    assert_refused(
        &["solve", "shgame"],
        "1\n\x1b[2J 3\n",
        2,
        "<stdin>:2: expected N (1 to 1000000000000000000), found '\\x1b[2J'",
    );
    assert_refused(&["analyze", "ni\nm"], "", 2, "unknown game 'ni\\nm'");
    assert_refused(
        &["sequence", "nim", "--upto", "1\n2"],
        "",
        2,
        "invalid value '1\\n2'",
    );
    let r = run(&["solve", "shgame", "no\nsuch\x07file"], "");
    assert_eq!(r.status, 1);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("no\\nsuch\\x07file"), "{}", r.stderr);
    assert_refused(&["analyze", "nim"], "3 \u{202e}4", 2, "found '\\u{202e}4'");
}

#[test]
fn output_that_cannot_be_written_is_an_error() {
    let full = StdCommand::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["sequence", "nim", "--upto", "100000"])
        .stdout(std::fs::File::create("/dev/full").expect("/dev/full"))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&full.stderr);
    assert_eq!(full.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error: cannot write to standard output: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // `>&-` from a shell.
    let closed = StdCommand::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' sequence nim --upto 10 >&-",
            assert_cmd::cargo::cargo_bin("grundy").display()
        ))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&closed.stderr);
    assert_eq!(closed.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("standard output is closed"), "{stderr}");
    // A plain redirection to /dev/null is what the user asked for.
    let null = StdCommand::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["sequence", "nim", "--upto", "10"])
        .stdout(Stdio::null())
        .status()
        .expect("runs");
    assert!(null.success());
    // /dev/null opened for reading and writing, as Python's subprocess.DEVNULL and
    // service managers open it, is no closed output either.
    let both = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .expect("/dev/null");
    let devnull = StdCommand::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["sequence", "nim", "--upto", "10"])
        .stdout(both)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&devnull.stderr);
    assert!(devnull.status.success(), "{stderr}");
}

#[test]
fn a_file_over_the_cap_is_refused_by_its_size() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("huge.in");
    // Sparse: no disk is used, and nothing of it is read.
    let file = std::fs::File::create(&path).expect("create");
    file.set_len((1 << 30) + 1).expect("set_len");
    let shown = path.to_string_lossy().into_owned();
    assert_refused(
        &["solve", "shgame", &shown],
        "",
        2,
        "the input is larger than the supported 1073741824 bytes",
    );
}

#[test]
fn help_texts_show_their_examples_as_typed() {
    let help = run_ok(&["analyze", "--help"], "");
    assert!(
        help.contains(r"printf '3 3\n..#\n...\n#..\n' | grundy analyze cram"),
        "{help}"
    );
    let serve = run_ok(&["serve", "--help"], "");
    assert!(serve.contains("Cram, Chomp"), "{serve}");
    assert!(serve.contains("Content-Type: application/json"), "{serve}");
    let r = run(&["analyze", "--bogus"], "");
    assert_eq!(r.stderr.matches("--help").count(), 1, "{}", r.stderr);
}
