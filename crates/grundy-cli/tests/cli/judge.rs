//! `grundy judge` against deliberately wrong programs kept in `tests/solutions/`: each
//! gets its verdict, each failure shrinks to a small input that still fails, and grundy
//! itself is accepted.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

use super::{assert_refused, grundy, run, run_ok};

fn solution(name: &str) -> String {
    format!("{}/tests/solutions/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn grundy_bin() -> &'static str {
    env!("CARGO_BIN_EXE_grundy")
}

/// `grundy judge PROBLEM --json ARGS -- COMMAND`: its exit status and report.
fn judge(problem: &str, args: &[&str], command: &[&str]) -> (i32, Value) {
    let out = grundy()
        .args(["judge", problem, "--json"])
        .args(args)
        .arg("--")
        .args(command)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let report = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "not one JSON object ({e}):\n{stdout}\n--- stderr ---\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().expect("exited"), report)
}

fn python(script: &str) -> Vec<String> {
    vec!["python3".to_string(), solution(script)]
}

fn tokens(text: &str) -> Vec<&str> {
    text.split_ascii_whitespace().collect()
}

/// Whether `command` still answers `input` differently from grundy (or fails to run).
fn still_fails(problem: &str, command: &[String], input: &str) -> bool {
    let expected = run_ok(&["solve", problem], input);
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the solution starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("input written");
    let out = child.wait_with_output().expect("it ends");
    let got = String::from_utf8_lossy(&out.stdout);
    !out.status.success() || tokens(&got) != tokens(&expected)
}

/// Judges a wrong program and checks its verdict and its shrunk input: small, and the
/// program still fails on it.
fn assert_caught(
    problem: &str,
    args: &[&str],
    command: &[String],
    verdict: &str,
    max_lines: usize,
) -> Value {
    let cmd: Vec<&str> = command.iter().map(String::as_str).collect();
    let (status, report) = judge(problem, args, &cmd);
    assert_eq!(status, 1, "{report:#}");
    assert_eq!(report["verdict"], verdict, "{report:#}");
    let input = report["minimal_input"].as_str().expect("a minimal input");
    assert!(input.lines().count() <= max_lines, "not small:\n{input}");
    assert!(
        still_fails(problem, command, input),
        "passes on its minimal input:\n{input}"
    );
    let expected = report["expected"].as_str().expect("the expected output");
    assert_eq!(expected, run_ok(&["solve", problem], input));
    assert!(report["got"].is_string());
    report
}

#[test]
fn grundy_itself_is_accepted_on_every_problem() {
    for problem in ["shgame", "lamqugam", "inventor", "cakes", "lava"] {
        let (status, report) = judge(
            problem,
            &["--tests", "12", "--jobs", "2"],
            &[grundy_bin(), "solve", problem],
        );
        assert_eq!(
            (status, &report["verdict"]),
            (0, &Value::from("AC")),
            "{report:#}"
        );
        // The example and twelve generated tests, the last of them at the limits.
        assert_eq!(report["tests_run"], 13);
        let tests = report["tests"].as_array().expect("tests");
        assert!(tests.iter().all(|t| t["verdict"] == "AC"));
        assert!(
            tests.iter().any(|t| t["size"] == "worst")
                && tests.iter().any(|t| t["size"] == "small")
        );
        assert!(report.get("minimal_input").is_none());
    }
}

#[test]
fn an_off_by_one_is_a_wrong_answer_cut_to_one_sheet() {
    let report = assert_caught(
        "shgame",
        &["--tests", "6"],
        &python("shgame_off_by_one.py"),
        "WA",
        3,
    );
    assert_eq!(
        report["minimal_input"].as_str().map(|i| i.lines().next()),
        Some(Some("1"))
    );
    assert!(
        report["explanation"]
            .as_str()
            .is_some_and(|e| e.contains("winner:"))
    );
}

#[test]
fn a_wrong_formula_is_a_wrong_answer() {
    assert_caught(
        "shgame",
        &["--tests", "4"],
        &python("shgame_wrong_formula.py"),
        "WA",
        3,
    );
}

#[test]
fn a_program_right_only_on_small_inputs_fails_on_larger_ones() {
    let report = assert_caught(
        "shgame",
        &["--tests", "10"],
        &python("shgame_small_only.py"),
        "WA",
        3,
    );
    let tests = report["tests"].as_array().expect("tests");
    // Sheets of at most 8 × 8 are answered right; the medium ones are not.
    assert!(
        tests
            .iter()
            .filter(|t| t["size"] == "small")
            .all(|t| t["verdict"] == "AC"),
        "{report:#}"
    );
    assert!(
        tests
            .iter()
            .any(|t| t["size"] == "medium" && t["verdict"] == "WA")
    );
    // The smallest sheet it fails on is just past its cut-off of 2000 cells.
    let input = report["minimal_input"].as_str().expect("input");
    let sides: Vec<u64> = input
        .lines()
        .nth(1)
        .expect("a sheet")
        .split(' ')
        .map(|t| t.parse().expect("number"))
        .collect();
    assert!(
        sides[0] * sides[1] > 2000 && sides[0] * sides[1] <= 4002,
        "{input}"
    );
}

#[test]
fn a_failure_on_even_lengths_shrinks_to_the_smallest_even_length() {
    // The bundled example holds a 1 × 10 sheet: halving gives 5, one less 9, both right.
    let report = assert_caught(
        "shgame",
        &["--tests", "0"],
        &python("shgame_one_row_even.py"),
        "WA",
        2,
    );
    assert_eq!(report["minimal_input"], "1\n1 2\n", "{report:#}");
    let r = run(
        &[
            "judge",
            "shgame",
            "--tests",
            "0",
            "--",
            "python3",
            &solution("shgame_one_row_even.py"),
        ],
        "",
    );
    for part in ["on shgame: 1 test;", "no input one step smaller fails"] {
        assert!(r.stdout.contains(part), "no '{part}' in\n{}", r.stdout);
    }
}

#[test]
fn a_crash_is_a_runtime_error_cut_to_the_square_sheet() {
    let report = assert_caught(
        "shgame",
        &["--tests", "4"],
        &python("shgame_crash.py"),
        "RE",
        3,
    );
    assert_eq!(report["minimal_input"], "1\n1 1\n");
    let tests = report["tests"].as_array().expect("tests");
    let crash = tests
        .iter()
        .find(|t| t["verdict"] == "RE")
        .expect("a crash");
    assert!(
        crash["detail"]
            .as_str()
            .is_some_and(|d| d.contains("exit status 1") && d.contains("ZeroDivisionError")),
        "{crash}"
    );
}

#[test]
fn garbage_is_a_wrong_answer_shown_escaped() {
    let report = assert_caught("cakes", &["--tests", "3"], &python("garbage.py"), "WA", 12);
    let detail = report["tests"][0]["detail"].as_str().expect("detail");
    assert!(
        detail.starts_with("line 1: expected '") && !detail.contains('\x1b'),
        "{detail}"
    );
}

#[test]
fn a_wrong_answer_on_maps_is_cut_to_one_small_map() {
    let report = assert_caught(
        "lava",
        &["--tests", "5"],
        &python("lava_always_asuna.py"),
        "WA",
        6,
    );
    assert!(
        report["explanation"]
            .as_str()
            .is_some_and(|e| e.contains("Kirito")),
        "{report:#}"
    );
}

#[test]
fn a_flood_of_output_is_stopped() {
    let (status, report) = judge(
        "shgame",
        &["--tests", "2", "--output-limit", "4K"],
        &["python3", &solution("flood.py")],
    );
    assert_eq!(
        (status, &report["verdict"]),
        (1, &Value::from("OLE")),
        "{report:#}"
    );
    assert_eq!(report["tests_run"], 3);
}

/// Processes whose command line holds `marker`.
fn processes_marked(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("procfs").flatten() {
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline"))
            && String::from_utf8_lossy(&cmdline).contains(marker)
        {
            found.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    found
}

fn marker(name: &str) -> String {
    format!("grundy-judge-{name}-{}", std::process::id())
}

#[test]
fn a_slow_program_is_killed_with_everything_it_started() {
    let mark = marker("slow");
    let (status, report) = judge(
        "shgame",
        &["--tests", "1", "--time-limit", "0.5"],
        &["sh", &solution("slow.sh"), &mark],
    );
    assert_eq!(
        (status, &report["verdict"]),
        (1, &Value::from("TLE")),
        "{report:#}"
    );
    assert!(
        report["tests"]
            .as_array()
            .expect("tests")
            .iter()
            .all(|t| t["verdict"] == "TLE")
    );
    // The child it left behind went with it.
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(processes_marked(&mark), Vec::<String>::new());
}

#[test]
fn ctrl_c_stops_every_run_and_reports_what_was_judged() {
    let mark = marker("interrupted");
    let child = Command::new(grundy_bin())
        .args([
            "judge",
            "shgame",
            "--tests",
            "4",
            "--jobs",
            "2",
            "--time-limit",
            "60",
            "--",
            "sh",
        ])
        .arg(solution("slow.sh"))
        .arg(&mark)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    // Wait until the runs have started.
    let started = std::time::Instant::now();
    while processes_marked(&mark).len() < 2 && started.elapsed().as_secs() < 30 {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::INT).expect("signalled");
    let out = child.wait_with_output().expect("ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("interrupted: 0 of 5 tests judged"),
        "{stdout}"
    );
    assert!(!out.status.success());
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(processes_marked(&mark), Vec::<String>::new());
}

#[test]
fn a_command_that_cannot_start_is_a_usage_error() {
    assert_refused(
        &["judge", "shgame", "--", "./no-such-program"],
        "",
        2,
        "cannot run './no-such-program'",
    );
    assert_refused(&["judge", "shgame", "--", "/"], "", 2, "cannot run '/'");
    // An interpreter is there, the program it is given is not: every test would crash.
    assert_refused(
        &["judge", "shgame", "--", "python3", "no-such-solution.py"],
        "",
        2,
        "the command names 'no-such-solution.py', which does not exist",
    );
    assert_refused(
        &["judge", "shgame", "--", "no-such-interpreter", "sol.py"],
        "",
        2,
        "sample solutions are in crates/grundy-cli/tests/solutions/",
    );
    assert_refused(
        &["judge", "shgame", "--time-limit=-1", "--", "true"],
        "",
        2,
        "--time-limit",
    );
    assert_refused(
        &["judge", "shgame", "--jobs", "0", "--", "true"],
        "",
        2,
        "--jobs 0",
    );
    assert_refused(
        &["judge", "shgame", "--output-limit", "12", "--", "true"],
        "",
        2,
        "--output-limit",
    );
    assert_refused(
        &["judge", "nim", "--", "true"],
        "",
        2,
        "unknown problem 'nim'",
    );
    assert_refused(&["judge", "shgame"], "", 2, "<COMMAND>");
}

#[test]
fn sample_files_are_judged_against_their_answers() {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::write(dir.path().join("a.in"), "2\n5 8\n6 7\n").expect("written");
    std::fs::write(dir.path().join("b.in"), "1\n3 3\n").expect("written");
    // b.ans is wrong on purpose: a sample's own answer is the one judged against.
    std::fs::write(dir.path().join("b.ans"), "5\n").expect("written");
    let dir_arg = dir.path().to_string_lossy().into_owned();
    let (status, report) = judge(
        "shgame",
        &["--tests", "0", "--samples", &dir_arg],
        &[grundy_bin(), "solve", "shgame"],
    );
    assert_eq!(status, 1, "{report:#}");
    let names: Vec<&str> = report["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .map(|t| t["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["example", "sample a", "sample b"]);
    assert_eq!(report["tests"][1]["verdict"], "AC");
    assert_eq!(report["tests"][2]["verdict"], "WA");
    assert_eq!(report["minimal_input"], "1\n3 3\n");

    let shared = format!(
        "{}/../../../shared/testdata/shgame",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::path::Path::new(&shared).is_dir() {
        let (status, report) = judge(
            "shgame",
            &["--tests", "0", "--samples", &shared],
            &[grundy_bin(), "solve", "shgame"],
        );
        assert_eq!(
            (status, &report["verdict"]),
            (0, &Value::from("AC")),
            "{report:#}"
        );
    }
    assert_refused(
        &["judge", "shgame", "--samples", "/nonexistent", "--", "true"],
        "",
        1,
        "--samples /nonexistent",
    );
}

#[test]
fn the_text_report_has_a_table_a_summary_and_the_shrunk_case() {
    let r = run(
        &[
            "judge",
            "shgame",
            "--tests",
            "3",
            "--",
            "python3",
            &solution("shgame_off_by_one.py"),
        ],
        "",
    );
    assert_eq!(r.status, 1, "{}", r.stderr);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    for part in [
        "test 3",
        "summary: ",
        "verdict: WA",
        "smallest failing input",
        "expected output:",
        "got (line",
        "grundy analyze shgame on case 1",
    ] {
        assert!(r.stdout.contains(part), "no '{part}' in\n{}", r.stdout);
    }
}

#[test]
fn a_right_program_in_another_language_is_accepted() {
    let (status, report) = judge(
        "shgame",
        &["--tests", "6", "--size", "medium", "--seed", "40"],
        &["python3", &solution("shgame_right.py")],
    );
    assert_eq!(
        (status, &report["verdict"]),
        (0, &Value::from("AC")),
        "{report:#}"
    );
    assert_eq!(report["counts"]["AC"], 7);
}

#[test]
fn a_child_in_a_session_of_its_own_neither_spoils_the_output_nor_outlives_the_verdict() {
    let mark = marker("setsid");
    let (status, report) = judge(
        "shgame",
        &["--tests", "2", "--time-limit", "10"],
        &["sh", &solution("setsid_child.sh"), &mark],
    );
    // The program answered right and ended; the child holding its output was killed, not
    // waited for, and what the program printed was kept.
    assert_eq!(
        (status, &report["verdict"]),
        (0, &Value::from("AC")),
        "{report:#}"
    );
    assert_eq!(processes_marked(&mark), Vec::<String>::new());
}

#[test]
fn a_fork_bomb_is_killed_whole_and_the_judge_goes_on() {
    use std::os::unix::process::CommandExt;
    let mark = marker("bomb");
    let mut command = Command::new(grundy_bin());
    command
        .args([
            "judge",
            "shgame",
            "--json",
            "--tests",
            "2",
            "--time-limit",
            "1",
        ])
        .args(["--", "python3"])
        .arg(solution("fork_bomb.py"))
        .arg(&mark);
    // The process limit binds only other users than root: a root test runs the judge as
    // nobody, with room for the judge and about 100 more processes.
    let root = rustix::process::getuid().is_root();
    if root {
        command.uid(65534).gid(65534);
    }
    // SAFETY: only setrlimit runs between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = rustix::process::Rlimit {
                current: Some(120),
                maximum: Some(120),
            };
            rustix::process::setrlimit(rustix::process::Resource::Nproc, limit)?;
            Ok(())
        });
    }
    let out = command.output().expect("the judge runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(101), "the judge panicked: {stderr}");
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).expect("one JSON report");
    let tests = report["tests"].as_array().expect("tests");
    assert_eq!(tests.len(), 3, "{report:#}");
    assert!(tests.iter().all(|t| t["verdict"] == "TLE"), "{report:#}");
    assert_eq!(processes_marked(&mark), Vec::<String>::new());
}

#[test]
fn the_judge_holds_little_of_an_output_however_large_the_limit() {
    // Two runs at a time, each printing 256 MiB under a limit of 200M: the judge once held
    // every byte up to the limit (4.2 GB at its peak under 1G); now it compares them as
    // they come. (Past the limit the verdict is OLE, which is not shrunk.)
    let mut child = Command::new(grundy_bin())
        .args(["judge", "shgame", "--json", "--tests", "1", "--jobs", "2"])
        .args(["--output-limit", "200M", "--time-limit", "60", "--"])
        .args(["python3", "-c"])
        .arg("import sys\nsys.stdin.read()\nb = b'1\\n' * (1 << 20)\nfor _ in range(128):\n    sys.stdout.buffer.write(b)\n")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the judge runs");
    // Read as it comes: the report is larger than a pipe holds.
    let mut out = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut out, &mut text).expect("read");
        text
    });
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0u64;
    while child.try_wait().expect("waits").is_none() {
        if let Ok(text) = std::fs::read_to_string(&status)
            && let Some(kib) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        {
            peak_kib = kib;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let stdout = reader.join().expect("the reader ends");
    let report: Value = serde_json::from_str(&stdout).expect("one JSON report");
    assert_eq!(report["verdict"], "OLE", "{report:#}");
    assert!(peak_kib > 0, "the judge's memory was never read");
    assert!(
        peak_kib < 128 * 1024,
        "the judge peaked at {} MiB",
        peak_kib / 1024
    );
}
