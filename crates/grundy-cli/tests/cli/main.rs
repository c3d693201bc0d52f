//! End-to-end tests of the `grundy` binary: output formats, exit codes, error messages.
//!
//! `main.rs` holds the helpers that run the real binary; each module covers one area:
//! `contract` the exit codes and help shared by every command, `families` the heap
//! families (`sequence`, `analyze nim` and friends), then one module per contest problem.

mod boards;
mod caos3;
mod contract;
mod corpus;
mod export;
mod families;
mod r#gen;
mod graphs;
mod in_play;
mod inventor;
mod judge;
mod lamqugam;
mod nimbers;
mod objects;
mod pictures;
mod pshtbrth;
mod readme;
mod scripts;
mod sequences;
mod shgame;
mod survey;
mod web;

use assert_cmd::Command;

pub fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// The repository's `examples/` folder.
pub fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A statement sample from `../shared/testdata`, when that folder is beside the repository.
pub fn shared_sample(path: &str) -> Option<String> {
    let full = format!(
        "{}/../../../shared/testdata/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(full).ok()
}

/// Checks `grundy solve <problem>` on a statement sample from `../shared/testdata`, when
/// that folder is beside the repository (the project's own cases never depend on it).
pub fn check_shared_sample(problem: &str, input: &str, answer: &str) {
    if let (Some(input), Some(answer)) = (shared_sample(input), shared_sample(answer)) {
        assert_eq!(
            run_ok(&["solve", problem], &input),
            answer,
            "{problem} sample"
        );
    }
}

pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

pub fn run(args: &[&str], stdin: &str) -> Run {
    let out = grundy()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("the binary runs");
    Run {
        status: out.status.code().expect("exited, not killed"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    }
}

/// Runs grundy with `args`, `stdin` written to it and closed, sends it `signal` once
/// `after_ms` milliseconds have passed, and waits for it to end. Its standard output is
/// kept only when `keep_stdout`: a run that writes a lot would otherwise fill the pipe no
/// one reads until it ends.
#[cfg(unix)]
pub fn stopped(
    args: &[&str],
    stdin: &str,
    after_ms: u64,
    signal: rustix::process::Signal,
    keep_stdout: bool,
) -> std::process::Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(if keep_stdout {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(stdin.as_bytes())
        .expect("grundy reads its input");
    std::thread::sleep(std::time::Duration::from_millis(after_ms));
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, signal).expect("the signal is sent");
    child.wait_with_output().expect("grundy ends")
}

/// Runs and expects success; shows stderr if not.
pub fn run_ok(args: &[&str], stdin: &str) -> String {
    let r = run(args, stdin);
    assert_eq!(
        r.status,
        0,
        "grundy {}\n--- stderr ---\n{}",
        args.join(" "),
        r.stderr
    );
    r.stdout
}

/// Asserts the bad-input contract: status 2 (or `status`), nothing on stdout, one line on
/// stderr starting with `error:` and containing `fragment`.
pub fn assert_refused(args: &[&str], stdin: &str, status: i32, fragment: &str) {
    let r = run(args, stdin);
    let shown = format!(
        "grundy {}\n--- stdin ---\n{}\n--- stdout ---\n{}\n--- stderr ---\n{}\n---",
        args.join(" "),
        stdin,
        r.stdout,
        r.stderr
    );
    assert_eq!(r.status, status, "exit status\n{shown}");
    assert!(r.stdout.is_empty(), "stdout not empty\n{shown}");
    assert_eq!(r.stderr.lines().count(), 1, "stderr not one line\n{shown}");
    assert!(r.stderr.starts_with("error: "), "no 'error: '\n{shown}");
    assert!(r.stderr.contains(fragment), "missing '{fragment}'\n{shown}");
    assert!(!r.stderr.contains("panicked"), "panic\n{shown}");
}
