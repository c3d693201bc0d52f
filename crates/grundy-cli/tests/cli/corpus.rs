//! The malformed-input corpus: `tests/corpus/<problem>/<case>.in` with `<case>.expect`
//! (optional `args:` line, `status:`, and for failures a `stderr:` fragment) and, for inputs
//! that are accepted, `<case>.out` with the exact output. By default the case runs
//! `grundy solve <problem>` with the input on standard input.

use std::fs;
use std::path::Path;

use assert_cmd::Command;

fn corpus_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

struct Expect {
    args: Vec<String>,
    status: i32,
    stderr: Option<String>,
}

fn read_expect(path: &Path, problem: &str) -> Expect {
    let text = fs::read_to_string(path).expect("readable .expect");
    let mut e = Expect {
        args: vec!["solve".into(), problem.into()],
        status: -1,
        stderr: None,
    };
    for line in text.lines() {
        if let Some(a) = line.strip_prefix("args: ") {
            e.args = a.split_whitespace().map(String::from).collect();
        } else if let Some(s) = line.strip_prefix("status: ") {
            e.status = s.parse().expect("a status");
        } else if let Some(f) = line.strip_prefix("stderr: ") {
            e.stderr = Some(f.to_string());
        }
    }
    assert!(e.status >= 0, "{}: no status", path.display());
    e
}

#[test]
fn every_corpus_case_gets_its_status_and_message() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for problem in fs::read_dir(corpus_dir()).expect("the corpus") {
        let problem = problem.expect("an entry").path();
        let name = problem
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let mut per_problem = 0;
        for entry in fs::read_dir(&problem).expect("a problem folder") {
            let input = entry.expect("an entry").path();
            if input.extension().is_none_or(|x| x != "in") {
                continue;
            }
            let expect = read_expect(&input.with_extension("expect"), &name);
            let out = Command::cargo_bin("grundy")
                .expect("the binary")
                .args(&expect.args)
                .write_stdin(fs::read(&input).expect("readable .in"))
                .output()
                .expect("runs");
            let status = out.status.code().unwrap_or(-1);
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            let case = input.display();
            let mut wrong = Vec::new();
            if status != expect.status {
                wrong.push(format!("status {status}, expected {}", expect.status));
            }
            if expect.status == 0 {
                let want = fs::read_to_string(input.with_extension("out")).expect("a .out file");
                if stdout != want {
                    wrong.push(format!("stdout {stdout:?}, expected {want:?}"));
                }
            } else {
                if !stdout.is_empty() {
                    wrong.push(format!("stdout not empty: {stdout:?}"));
                }
                if stderr.lines().count() != 1 || !stderr.starts_with("error: ") {
                    wrong.push(format!("stderr not one 'error:' line: {stderr:?}"));
                }
                if let Some(f) = &expect.stderr
                    && !stderr.contains(f.as_str())
                {
                    wrong.push(format!("stderr {stderr:?} lacks {f:?}"));
                }
            }
            if stderr.contains("panicked") {
                wrong.push("panicked".to_string());
            }
            if !wrong.is_empty() {
                failures.push(format!("{case}: {}", wrong.join("; ")));
            }
            per_problem += 1;
        }
        assert!(per_problem >= 15, "{name}: only {per_problem} corpus cases");
        checked += per_problem;
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} cases wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
