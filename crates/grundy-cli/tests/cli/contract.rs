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

/// A position may be given as arguments after the game: the same report as on standard
/// input, read from `<arguments>` (whose errors name it); a lone argument that looks like
/// a path is still a file.
#[test]
fn positions_are_read_from_the_arguments() {
    for (game, words, stdin) in [
        ("nim", &["3", "4", "5"][..], "3 4 5\n"),
        ("kayles", &["7"][..], "7\n"),
        ("cram", &["4", "5"][..], "4 5\n"),
        ("wythoff", &["3", "5"][..], "3 5\n"),
    ] {
        let mut args = vec!["analyze", game];
        args.extend_from_slice(words);
        assert_eq!(
            run_ok(&args, ""),
            run_ok(&["analyze", game], stdin),
            "{args:?}"
        );
    }
    assert_refused(
        &["analyze", "nim", "3", "x"],
        "",
        2,
        "<arguments>:1: expected a heap size",
    );
    let r = run(&["analyze", "kayles", "board.txt"], "");
    assert_eq!(r.status, 1, "{}", r.stderr);
    assert!(r.stderr.contains("board.txt: cannot read"), "{}", r.stderr);
    assert_eq!(
        run_ok(&["analyze", "nim", "-"], "2 3\n"),
        run_ok(&["analyze", "nim", "2", "3"], "")
    );
}

/// The one rule for exit codes (docs/GUIDE.md): a file that is missing or cannot be read
/// or written is the system's failure, exit 1; a file read and refused (past its size
/// limit, malformed) is the request's, exit 2. Each way in through a file, one line on
/// stderr, nothing on stdout.
#[test]
fn every_subcommand_gives_a_missing_file_exit_1_and_a_refused_one_exit_2() {
    let dir = tempfile::tempdir().expect("a folder");
    let missing = dir.path().join("none").to_string_lossy().into_owned();
    let script = format!("script:{missing}.rhai");
    let samples = dir.path().join("no-samples").to_string_lossy().into_owned();
    let picture = dir
        .path()
        .join("no/such/folder/w.png")
        .to_string_lossy()
        .into_owned();
    let plot = dir
        .path()
        .join("no/such/folder/p.png")
        .to_string_lossy()
        .into_owned();
    let failing: Vec<Vec<&str>> = vec![
        vec!["analyze", "kayles", &missing],
        vec!["solve", "shgame", &missing],
        vec!["verify", &missing],
        vec!["analyze", &script],
        vec!["explore", &script, "--upto", "3"],
        vec!["sequence", &script, "--upto", "3"],
        vec!["quotient", &script, "--upto", "3"],
        vec!["analyze", "graph", &missing],
        vec!["explore", "graph", &missing],
        vec![
            "judge",
            "shgame",
            "--tests",
            "0",
            "--samples",
            &samples,
            "--",
            "true",
        ],
        vec!["picture", "wythoff", "--size", "5", &picture],
        vec!["sequence", "kayles", "--upto", "5", "--plot", &plot],
    ];
    for args in &failing {
        assert_refused(args, "", 1, "");
    }
    // Past the limit: a sparse file refused by its size, never read.
    let huge = dir.path().join("huge");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len((1 << 30) + 1))
        .expect("a sparse file");
    let huge = huge.to_string_lossy().into_owned();
    let huge_script = format!("script:{huge}");
    for args in [
        vec!["analyze", "kayles", &huge],
        vec!["solve", "shgame", &huge],
        vec!["verify", &huge],
        vec!["analyze", &huge_script],
    ] {
        assert_refused(&args, "", 2, "larger than");
    }
    // A device never ends: cut off at the limit, not read on for ever.
    assert_refused(
        &["verify", "/dev/zero"],
        "",
        2,
        "larger than the 1048576 bytes",
    );
    assert_refused(&["analyze", "script:/dev/zero"], "", 2, "larger than");
}

/// A port in use is the system's failure, as a missing file is: exit 1, one line.
#[test]
fn serving_on_a_port_in_use_exits_1() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("its address").port().to_string();
    assert_refused(&["serve", "--port", &port], "", 1, "");
}

/// Small things a newcomer reads: a bare call names every subcommand; a bad value is one
/// line with one pointer to the help; `quotient` lists only what it takes; a certificate
/// is not promised where no periodicity theorem applies.
#[test]
fn the_first_messages_a_newcomer_reads_are_true() {
    let r = run(&[], "");
    assert_eq!(r.status, 2);
    for sub in ["quotient", "verify", "survey", "judge", "picture"] {
        assert!(r.stderr.contains(sub), "{}", r.stderr);
    }
    let r = run(&["sequence", "kayles", "--upto", "abc"], "");
    assert_eq!((r.status, r.stderr.lines().count()), (2, 1), "{}", r.stderr);
    assert!(!r.stderr.contains("For more information"), "{}", r.stderr);
    assert_eq!(r.stderr.matches("--help").count(), 1, "{}", r.stderr);
    let r = run(&["quotient", "foo", "--upto", "3"], "");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.contains("subtraction:S") && !r.stderr.contains("script:"),
        "{}",
        r.stderr
    );
    let r = run(
        &[
            "sequence",
            "grundy-game",
            "--upto",
            "100",
            "--certificate",
            "/dev/null",
        ],
        "",
    );
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("no periodicity theorem"), "{}", r.stderr);
    assert!(!r.stderr.contains("larger --upto"), "{}", r.stderr);
}

/// Off a terminal, long work says how far it is on standard error at a steady pace (the
/// pace shortened here), never on standard output; `--quiet` says nothing.
#[test]
fn long_work_off_a_terminal_prints_progress_lines_unless_quiet() {
    let args = ["sequence", "octal:0.6", "--upto", "300000"];
    let out = crate::grundy()
        .args(args)
        .env("GRUNDY_PROGRESS_SECONDS", "0.02")
        .output()
        .expect("runs");
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(!lines.is_empty(), "no progress line in 300,000 heaps");
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("grundy: progress: ") && l.ends_with(" of 300001 heaps")),
        "{stderr}"
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("progress"));
    let quiet = crate::grundy()
        .args(args)
        .arg("--quiet")
        .env("GRUNDY_PROGRESS_SECONDS", "0.02")
        .output()
        .expect("runs");
    assert!(quiet.status.success());
    assert!(
        quiet.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
    assert_eq!(quiet.stdout, out.stdout);
}
