//! `grundy judge`: run a program on examples, samples and generated tests, give each a
//! verdict against grundy's exact answer, and shrink the first failure.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::anyhow;
use grundy::contest::{Instance, Problem, Size};
use grundy::parse::{escaped, escaped_path};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::{parse_size, problem_named};
use crate::Failure;
use crate::problems::{self, Input};
use crate::signals::Deferring;
use grundy_judge::run::Limits;
use grundy_judge::shrink::{self, Budget};
use grundy_judge::{
    self as judging, Judged, KEPT_OUTPUT, MAX_TIME_LIMIT, TestReport, Verdict, bytes,
};

/// The most generated tests in one run of the judge.
const MAX_TESTS: usize = 100_000;
/// The most runs at a time.
const MAX_JOBS: usize = 64;
/// What shrinking one failure may cost.
const SHRINK_BUDGET: Budget = Budget {
    runs: 2000,
    time: Duration::from_secs(120),
};
/// What `grundy judge` was asked.
pub struct Request<'a> {
    pub problem: &'a str,
    pub tests: usize,
    pub size: Option<Size>,
    pub seed: u64,
    pub time_limit: f64,
    pub memory_limit: &'a str,
    pub output_limit: &'a str,
    pub jobs: usize,
    pub samples: Option<&'a Path>,
    pub json: bool,
    pub command: &'a [OsString],
}

/// Where a test comes from.
enum Source {
    /// grundy's hand-made example of the problem.
    Example,
    /// A file of `--samples`, with its expected output when there is one.
    Sample {
        input: PathBuf,
        answer: Option<PathBuf>,
    },
    /// `grundy gen PROBLEM --size SIZE --seed SEED`.
    Generated { size: Size, seed: u64 },
}

struct Test {
    name: String,
    source: Source,
}

impl Test {
    fn size_name(&self) -> Option<&'static str> {
        match self.source {
            Source::Generated { size, .. } => Some(judging::size_name(size)),
            _ => None,
        }
    }

    fn seed(&self) -> Option<u64> {
        match self.source {
            Source::Generated { seed, .. } => Some(seed),
            _ => None,
        }
    }

    /// The test's input as values, when it has one (not a sample file).
    fn instance(&self, problem: Problem) -> Option<Instance> {
        match self.source {
            Source::Example => Some(Instance::example(problem)),
            Source::Generated { size, seed } => Some(Instance::generate(problem, size, None, seed)),
            Source::Sample { .. } => None,
        }
    }
}

/// A test judged.
struct Record {
    verdict: Verdict,
    detail: String,
    time: Duration,
    /// The start of its output, for a failure.
    got: Vec<u8>,
}

/// The size of test `i` of `n` when none is asked for: small, then medium, then the
/// largest.
fn ramp(i: usize, n: usize) -> Size {
    if i * 2 < n {
        Size::Small
    } else if i * 10 < n * 9 {
        Size::Medium
    } else if i.is_multiple_of(2) {
        Size::Max
    } else {
        Size::Worst
    }
}

fn sample_files(dir: &Path) -> Result<Vec<Test>, Failure> {
    let shown = escaped_path(dir);
    let entries = fs::read_dir(dir)
        .map_err(|e| Failure::other(anyhow!("--samples {shown}: cannot read: {e}")))?;
    let mut inputs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in") && p.is_file())
        .collect();
    inputs.sort();
    if inputs.is_empty() {
        return Err(Failure::input(anyhow!(
            "--samples {shown}: expected files named NAME.in, found none"
        )));
    }
    Ok(inputs
        .into_iter()
        .map(|input| {
            let answer = Some(input.with_extension("ans")).filter(|a| a.is_file());
            let name = format!(
                "sample {}",
                input
                    .file_stem()
                    .map(|s| s.to_string_lossy())
                    .unwrap_or_default()
            );
            Test {
                name,
                source: Source::Sample { input, answer },
            }
        })
        .collect())
}

/// The input and expected output of a test.
fn materialise(problem: Problem, test: &Test) -> Result<(Vec<u8>, Vec<u8>), Failure> {
    if let Source::Sample { input, answer } = &test.source {
        let read = |p: &Path| {
            grundy::store::read_named(p, super::MAX_INPUT)
                .map_err(|e| super::read_failure(&escaped_path(p), e))
        };
        let bytes = read(input)?;
        let expected = match answer {
            Some(a) => read(a)?,
            None => {
                let input = Input {
                    source: escaped_path(input),
                    bytes: bytes.clone(),
                };
                problems::solve(problem, &input)?
            }
        };
        return Ok((bytes, expected));
    }
    let instance = test
        .instance(problem)
        .expect("examples and generated tests have values");
    let text = instance.text().into_bytes();
    let expected = exact_answer(problem, &test.name, &text)?;
    Ok((text, expected))
}

/// grundy's own answer to an input it generated.
fn exact_answer(problem: Problem, name: &str, text: &[u8]) -> Result<Vec<u8>, Failure> {
    judging::exact_answer(problem, name, text).map_err(|m| Failure::other(anyhow!(m)))
}

fn start_error(command: &[OsString], e: &io::Error) -> Failure {
    Failure::input(anyhow!(
        "cannot run '{}': {e}",
        escaped(command[0].as_encoded_bytes())
    ))
}

/// Refuses a command that cannot start, pointing at the repository's sample solutions.
fn check_command(command: &[OsString]) -> Result<(), Failure> {
    judging::check_command(command).map_err(|m| {
        Failure::input(anyhow!(
            "{m}; the repository's sample solutions are in crates/grundy-cli/tests/solutions/ (shgame_right.py answers shgame)"
        ))
    })
}

fn check(req: &Request) -> Result<(Problem, Limits), Failure> {
    let problem = problem_named(req.problem)?;
    check_command(req.command)?;
    if !(req.time_limit > 0.0 && req.time_limit <= MAX_TIME_LIMIT) {
        return Err(Failure::input(anyhow!(
            "--time-limit {}: expected seconds above 0 and at most {MAX_TIME_LIMIT}",
            req.time_limit
        )));
    }
    if !(1..=MAX_JOBS).contains(&req.jobs) {
        return Err(Failure::input(anyhow!(
            "--jobs {}: expected 1 to {MAX_JOBS}",
            req.jobs
        )));
    }
    if req.tests > MAX_TESTS {
        return Err(Failure::input(anyhow!(
            "--tests {}: expected at most {MAX_TESTS}",
            req.tests
        )));
    }
    let memory = parse_size("--memory-limit", req.memory_limit, 1 << 20)?;
    let output = parse_size("--output-limit", req.output_limit, 1 << 10)?;
    let output = usize::try_from(output)
        .ok()
        .filter(|&o| o <= 1 << 30)
        .ok_or_else(|| Failure::input(anyhow!("--output-limit: expected at most 1G")))?;
    Ok((
        problem,
        Limits {
            time: Duration::from_secs_f64(req.time_limit),
            memory,
            output,
        },
    ))
}

pub fn run(req: &Request) -> Result<(), Failure> {
    let (problem, limits) = check(req)?;
    let mut tests = vec![Test {
        name: "example".to_string(),
        source: Source::Example,
    }];
    if let Some(dir) = req.samples {
        tests.extend(sample_files(dir)?);
    }
    for i in 0..req.tests {
        let size = req.size.unwrap_or_else(|| ramp(i, req.tests));
        let seed = req.seed.wrapping_add(i as u64);
        tests.push(Test {
            name: format!("test {}", i + 1),
            source: Source::Generated { size, seed },
        });
    }

    // From here a first Ctrl-C stops the runs and the report is still printed; the
    // signal then ends the process as it would have.
    let deferring = Deferring::start();
    let stop_all = AtomicBool::new(false);
    let stop = || stop_all.load(Ordering::Relaxed) || deferring.pending().is_some();

    let records: Vec<Mutex<Option<Record>>> = tests.iter().map(|_| Mutex::new(None)).collect();
    let fatal: Mutex<Option<Failure>> = Mutex::new(None);
    let next = AtomicUsize::new(0);
    let bar = crate::progress::shown(progress_bar(tests.len() as u64));
    let lines = Mutex::new(crate::progress::Lines::new());
    let failed = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..req.jobs.min(tests.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= tests.len() || stop() {
                        break;
                    }
                    let outcome = materialise(problem, &tests[i]).and_then(|(input, expected)| {
                        judging::judge(req.command, &input, &expected, &limits, &stop)
                            .map_err(|e| start_error(req.command, &e))
                    });
                    match outcome {
                        Ok(Some(j)) => {
                            if j.verdict != Verdict::AC {
                                failed.fetch_add(1, Ordering::Relaxed);
                            }
                            *records[i].lock().expect("no panics") = Some(record(j));
                        }
                        Ok(None) => break,
                        Err(f) => {
                            stop_all.store(true, Ordering::Relaxed);
                            fatal.lock().expect("no panics").get_or_insert(f);
                            break;
                        }
                    }
                    bar.inc(1);
                    let f = failed.load(Ordering::Relaxed);
                    if f > 0 {
                        bar.set_message(format!("{f} failed"));
                    }
                    lines.lock().unwrap_or_else(|e| e.into_inner()).say(|| {
                        format!(
                            "{} of {} tests judged, {f} failed",
                            bar.position(),
                            tests.len()
                        )
                    });
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(f) = fatal.into_inner().expect("no panics") {
        return Err(f);
    }
    let records: Vec<Option<Record>> = records
        .into_iter()
        .map(|m| m.into_inner().expect("no panics"))
        .collect();
    let interrupted = deferring.pending().is_some();

    // The first wrong answer, or else the first crash, cut down.
    let first_failure = [Verdict::WA, Verdict::RE].into_iter().find_map(|v| {
        tests
            .iter()
            .zip(&records)
            .position(|(_, r)| r.as_ref().is_some_and(|r| r.verdict == v))
    });
    let shrunk = match first_failure {
        Some(i) if !interrupted => {
            let r = records[i].as_ref().expect("judged");
            Some(shrink_failure(
                problem,
                &tests[i],
                r,
                req.command,
                &limits,
                &stop,
            )?)
        }
        _ => None,
    };
    let interrupted = deferring.pending().is_some();

    let report = Report::new(problem, req, &limits, &tests, &records, shrunk, interrupted);
    let mut out = io::stdout().lock();
    if req.json {
        let line = serde_json::to_string(&report).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
    } else {
        out.write_all(report.text(&tests, &records).as_bytes())?;
    }
    out.flush()?;
    drop(out);
    // A Ctrl-C received ends the process here, the report printed.
    drop(deferring);
    if report.verdict == Verdict::AC {
        Ok(())
    } else {
        Err(Failure::quiet(1))
    }
}

fn record(j: Judged) -> Record {
    let mut got = j.got;
    if j.verdict == Verdict::AC {
        got = Vec::new();
    }
    got.truncate(KEPT_OUTPUT);
    Record {
        verdict: j.verdict,
        detail: j.detail,
        time: j.time,
        got,
    }
}

fn progress_bar(total: u64) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} tests {msg}")
    {
        bar.set_style(style);
    }
    bar
}

/// A failure cut down, and what grundy says about it.
struct Shrunk {
    /// The test it came from.
    test: String,
    verdict: Verdict,
    input: String,
    expected: String,
    got: String,
    detail: String,
    runs: usize,
    minimal: bool,
    /// `grundy analyze` of the first wrong case, and which case it is.
    explanation: Option<(String, String)>,
}

fn shrink_failure(
    problem: Problem,
    test: &Test,
    record: &Record,
    command: &[OsString],
    limits: &Limits,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Shrunk, Failure> {
    let Some(start) = test.instance(problem) else {
        // A sample file: shown as it is.
        let (input, expected) = materialise(problem, test)?;
        return Ok(Shrunk {
            test: test.name.clone(),
            verdict: record.verdict,
            input: String::from_utf8_lossy(&input).into_owned(),
            expected: String::from_utf8_lossy(&expected).into_owned(),
            got: String::from_utf8_lossy(&record.got).into_owned(),
            detail: record.detail.clone(),
            runs: 0,
            minimal: false,
            explanation: None,
        });
    };
    let target = record.verdict;
    let spinner = crate::progress::shown(ProgressBar::new_spinner());
    spinner.enable_steady_tick(Duration::from_millis(200));
    let start_text = start.text();
    let mut last: (String, Vec<u8>, Vec<u8>, String, Option<usize>) = (
        start_text.clone(),
        exact_answer(problem, &test.name, start_text.as_bytes())?,
        record.got.clone(),
        record.detail.clone(),
        None,
    );
    let mut runs = 0;
    let mut check = |candidate: &Instance| -> Option<bool> {
        if stop() {
            return None;
        }
        runs += 1;
        spinner.set_message(format!(
            "shrinking {}: run {runs}, {} {} left",
            test.name,
            candidate.cases(),
            problem.case_word()
        ));
        let text = candidate.text();
        let expected = exact_answer(problem, "a shrunk input", text.as_bytes()).ok()?;
        let judged = judging::judge(command, text.as_bytes(), &expected, limits, stop).ok()??;
        let fails = judged.verdict == target;
        if fails {
            let line = judged.mismatch.as_ref().map(|m| m.line);
            let mut got = judged.got;
            got.truncate(KEPT_OUTPUT);
            last = (text, expected, got, judged.detail, line);
        }
        Some(fails)
    };
    let result = shrink::shrink(start, &mut check, SHRINK_BUDGET);
    spinner.finish_and_clear();
    let (input, expected, got, detail, line) = last;
    let explanation = line.and_then(|line| {
        let case = result.instance.case_of_line(line - 1)?;
        let input = Input {
            source: case.what.clone(),
            bytes: case.input.into_bytes(),
        };
        let game = grundy::catalogue::Game::contest(problem);
        let options = grundy::catalogue::Options::default();
        let analysis =
            grundy::catalogue::analyze(&game, &input, &options, &mut grundy::NoProgress).ok()?;
        let text = analysis.report.to_string();
        Some((case.what, text))
    });
    Ok(Shrunk {
        test: test.name.clone(),
        verdict: target,
        input,
        expected: String::from_utf8_lossy(&expected).into_owned(),
        got: String::from_utf8_lossy(&got).into_owned(),
        detail,
        runs: result.runs,
        minimal: result.minimal,
        explanation,
    })
}

#[derive(Serialize)]
struct Report {
    problem: &'static str,
    command: Vec<String>,
    /// The worst verdict seen.
    verdict: Verdict,
    tests_run: usize,
    tests_total: usize,
    interrupted: bool,
    counts: BTreeMap<&'static str, usize>,
    tests: Vec<TestReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    failing_test: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    minimal_input: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    got: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    shrink_runs: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<String>,
    #[serde(skip)]
    shrunk: Option<Shrunk>,
    #[serde(skip)]
    limits: String,
}

impl Report {
    fn new(
        problem: Problem,
        req: &Request,
        limits: &Limits,
        tests: &[Test],
        records: &[Option<Record>],
        shrunk: Option<Shrunk>,
        interrupted: bool,
    ) -> Report {
        let mut verdict = Verdict::AC;
        let mut counts = BTreeMap::new();
        let mut rows = Vec::new();
        for (t, r) in tests.iter().zip(records) {
            let Some(r) = r else { continue };
            verdict = verdict.worse(r.verdict);
            *counts.entry(r.verdict.as_str()).or_insert(0) += 1;
            rows.push(TestReport {
                name: t.name.clone(),
                size: t.size_name(),
                seed: t.seed(),
                verdict: r.verdict,
                time_ms: r.time.as_secs_f64() * 1000.0,
                detail: r.detail.clone(),
            });
        }
        // Without a shrunk failure, the first failing test stands for it.
        let first = tests
            .iter()
            .zip(records)
            .find(|(_, r)| r.as_ref().is_some_and(|r| r.verdict != Verdict::AC));
        let (failing_test, minimal_input, expected, got) = match (&shrunk, first) {
            (Some(s), _) => (
                Some(s.test.clone()),
                Some(s.input.clone()),
                Some(s.expected.clone()),
                Some(s.got.clone()),
            ),
            (None, Some((t, r))) => {
                let r = r.as_ref().expect("found judged");
                let (input, expected) = match materialise(problem, t) {
                    Ok((i, e)) if i.len() <= KEPT_OUTPUT => (
                        Some(String::from_utf8_lossy(&i).into_owned()),
                        Some(String::from_utf8_lossy(&e).into_owned()),
                    ),
                    _ => (None, None),
                };
                (
                    Some(t.name.clone()),
                    input,
                    expected,
                    Some(String::from_utf8_lossy(&r.got).into_owned()),
                )
            }
            _ => (None, None, None, None),
        };
        Report {
            problem: problem.name(),
            command: req
                .command
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
            verdict,
            tests_run: rows.len(),
            tests_total: tests.len(),
            interrupted,
            counts,
            tests: rows,
            failing_test,
            minimal_input,
            expected,
            got,
            shrink_runs: shrunk.as_ref().map(|s| s.runs),
            explanation: shrunk
                .as_ref()
                .and_then(|s| s.explanation.as_ref().map(|(_, e)| e.clone())),
            shrunk,
            limits: format!(
                "{} s, {} of memory, {} of output",
                limits.time.as_secs_f64(),
                bytes(limits.memory),
                bytes(limits.output as u64),
            ),
        }
    }

    fn text(&self, tests: &[Test], records: &[Option<Record>]) -> String {
        let mut out = String::new();
        let command: Vec<String> = self.command.iter().map(|a| escaped(a.as_bytes())).collect();
        let _ = writeln!(
            out,
            "judging `{}` on {}: {} test{}; limits {}",
            command.join(" "),
            self.problem,
            self.tests_total,
            if self.tests_total == 1 { "" } else { "s" },
            self.limits
        );
        let _ = writeln!(
            out,
            "{:<14} {:<7} {:>10} {:>9}  verdict",
            "test", "size", "seed", "time"
        );
        for (t, r) in tests.iter().zip(records) {
            let Some(r) = r else { continue };
            let seed = t
                .seed()
                .map(|s| s.to_string())
                .unwrap_or_else(|| "-".into());
            let _ = writeln!(
                out,
                "{:<14} {:<7} {:>10} {:>7.2} s  {} {}",
                t.name,
                t.size_name().unwrap_or("-"),
                seed,
                r.time.as_secs_f64(),
                r.verdict.as_str(),
                r.detail
            );
        }
        out.push('\n');
        if self.interrupted {
            let _ = writeln!(
                out,
                "interrupted: {} of {} test{} judged",
                self.tests_run,
                self.tests_total,
                if self.tests_total == 1 { "" } else { "s" }
            );
        }
        let accepted = self.counts.get("AC").copied().unwrap_or(0);
        let slowest = tests
            .iter()
            .zip(records)
            .filter_map(|(t, r)| r.as_ref().map(|r| (r.time, &t.name)))
            .max_by_key(|(time, _)| *time);
        let _ = write!(out, "summary: {accepted} of {} accepted", self.tests_run);
        if let Some((time, name)) = slowest {
            let _ = write!(out, ", slowest {:.2} s ({name})", time.as_secs_f64());
        }
        out.push('\n');
        for v in Verdict::WORST_FIRST {
            let Some(&n) = self.counts.get(v.as_str()) else {
                continue;
            };
            let first = tests
                .iter()
                .zip(records)
                .find(|(_, r)| r.as_ref().is_some_and(|r| r.verdict == v))
                .map(|(t, _)| t.name.as_str())
                .unwrap_or("");
            let _ = writeln!(out, "  {:<4}{n:>7}   first: {first}", v.as_str());
        }
        let so_far = if self.interrupted { " so far" } else { "" };
        let _ = writeln!(out, "verdict{so_far}: {}", self.verdict.as_str());
        if let Some(s) = &self.shrunk {
            out.push('\n');
            let how = if s.runs == 0 {
                "a sample, not shrunk".to_string()
            } else if s.minimal {
                format!("shrunk in {} runs; no input one step smaller fails", s.runs)
            } else {
                format!("shrunk in {} runs, the budget spent", s.runs)
            };
            let _ = writeln!(
                out,
                "smallest failing input ({} on {}, {how}):",
                s.verdict.as_str(),
                s.test
            );
            out.push_str(&s.input);
            let _ = writeln!(out, "expected output:");
            out.push_str(&s.expected);
            let _ = writeln!(out, "got ({}):", s.detail);
            if s.got.trim().is_empty() {
                out.push_str("(nothing)\n");
            } else {
                out.push_str(&escaped_block(&s.got));
            }
            if let Some((what, text)) = &s.explanation {
                let _ = writeln!(out, "grundy analyze {} on {what}:", self.problem);
                out.push_str(text);
            }
        }
        if let Some(t) = tests
            .iter()
            .find(|t| Some(&t.name) == self.failing_test.as_ref())
            && let Source::Generated { size, seed } = t.source
        {
            let name = judging::size_name(size);
            let _ = writeln!(
                out,
                "the failing test again: grundy gen {} --size {name} --seed {seed}",
                self.problem
            );
        }
        out
    }
}

/// A program's output for printing: its lines with controls escaped, a line break at the
/// end.
fn escaped_block(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines().take(50) {
        out.push_str(&escaped(line.as_bytes()));
        out.push('\n');
    }
    if text.lines().count() > 50 {
        out.push_str("...\n");
    }
    out
}
