//! Every parser against random bytes and random mutations of valid inputs, in process.
//!
//! The property: an input is either accepted or refused with a one-line message naming the
//! source; nothing panics. A few thousand cases per parser run by default; set
//! `GRUNDY_FUZZ_CASES` for more, e.g. `GRUNDY_FUZZ_CASES=100000 cargo test --release -p
//! grundy-cli --test fuzz` (see README).

use grundy_cli::problems::{self, Input, Problem};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn cases() -> u32 {
    std::env::var("GRUNDY_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

/// Valid inputs to mutate, one or more per parser: (problem, analyze?, input); `None` is
/// the heap reader.
fn seeds() -> Vec<(Option<Problem>, bool, &'static str)> {
    let problems = [
        (Problem::Shgame, false, "3\n5 8\n6 7\n1 1\n"),
        (Problem::Shgame, true, "5 8 2 3\n"),
        (
            Problem::Lamqugam,
            false,
            "2 3\n1 1 4 4\n2 4 5 8\n3 7 10 10\n",
        ),
        (Problem::Lamqugam, true, "3 12 9\n"),
        (
            Problem::InventorOutlasting,
            false,
            "2\n3 4\nX..X\n.XX.\nX.X.\n1 5\nX.X.X\n",
        ),
        (Problem::InventorOutlasting, true, "3 3\nX.X\n.X.\nX.X\n"),
        (
            Problem::Caos3,
            false,
            "1\n6 6\n^^^^^^\n^^^^^^\n^^^^^^\n^^^#^^\n^^^^^^\n^^^^^^\n",
        ),
        (
            Problem::Caos3,
            true,
            "5 5\n^^^^^\n^^^^^\n^^^^^\n^^^^^\n^^^^^\n",
        ),
        (
            Problem::Pshtbrth,
            false,
            "1\n2 3\n0110\n0000\n0000\n0001\n\n1000\n1000\n0000\n0000\n\n1 1 2\n2 1\n1111\n0000\n0000\n0000\n1 1 1\n",
        ),
        (Problem::Pshtbrth, true, "110\n011\n\n111\n101\n"),
    ];
    let mut all: Vec<(Option<Problem>, bool, &'static str)> = problems
        .into_iter()
        .map(|(p, a, s)| (Some(p), a, s))
        .collect();
    all.push((None, true, "3 4 5\n12 0 7\n"));
    all
}

proptest! {
    #![proptest_config(Config { cases: cases(), failure_persistence: None, ..Config::default() })]

    /// Family names come from the command line; they are parsed too.
    #[test]
    fn family_names_never_panic(name in "[a-z:.,0-9]{0,12}|(octal|subtraction):[0-9.,]{0,10}") {
        let _ = name.parse::<grundy::Family>();
    }
}

/// Runs one input through the parser and checks the contract. `None` is the heap-family
/// reader of `grundy analyze nim`.
fn check(problem: Option<Problem>, analyze: bool, bytes: Vec<u8>) -> Result<(), TestCaseError> {
    let input = Input {
        source: "<fuzz>".to_string(),
        bytes,
    };
    let Some(problem) = problem else {
        let result = grundy::analysis::heaps::parse_heaps(&input, 1_000_000, true)
            .map_err(grundy_cli::Failure::from);
        if let Err(f) = result {
            let message = format!("{:#}", f.error);
            prop_assert_eq!(f.status, 2);
            prop_assert!(
                message.starts_with("<fuzz>:") && !message.chars().any(char::is_control),
                "{}",
                message
            );
        }
        return Ok(());
    };
    let result = if analyze {
        let game = grundy::catalogue::Game::contest(problem);
        let options = grundy::catalogue::Options::default();
        grundy::catalogue::analyze(&game, &input, &options, &mut grundy::NoProgress)
            .map(|a| a.report.to_string().into_bytes())
            .map_err(grundy_cli::Failure::from)
    } else {
        problems::solve(problem, &input)
    };
    if let Err(f) = result {
        let message = format!("{:#}", f.error);
        prop_assert!(f.status == 1 || f.status == 2, "status {}", f.status);
        prop_assert!(
            !message.chars().any(char::is_control),
            "message with a line break or another control character: {message:?}"
        );
        if f.status == 2 {
            prop_assert!(
                message.starts_with("<fuzz>:"),
                "message without the source: {message}"
            );
        }
    }
    Ok(())
}

#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, Vec<u8>),
    Replace(usize, u8),
    Truncate(usize),
    DuplicateLine(usize),
}

fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => prop::sample::select(b"0123456789 \n\t\rX.#^-+\xef\xbb\xbf".to_vec()),
        1 => any::<u8>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..8).prop_map(|(a, n)| Edit::Delete(a, n)),
        (
            any::<usize>(),
            prop::collection::vec(interesting_byte(), 1..8)
        )
            .prop_map(|(a, b)| Edit::Insert(a, b)),
        (any::<usize>(), interesting_byte()).prop_map(|(a, b)| Edit::Replace(a, b)),
        any::<usize>().prop_map(Edit::Truncate),
        any::<usize>().prop_map(Edit::DuplicateLine),
    ]
}

fn apply(seed: &str, edits: &[Edit]) -> Vec<u8> {
    let mut b = seed.as_bytes().to_vec();
    for e in edits {
        let at = |x: usize, len: usize| if len == 0 { 0 } else { x % (len + 1) };
        match e {
            Edit::Delete(a, n) => {
                let i = at(*a, b.len());
                let j = (i + n).min(b.len());
                b.drain(i..j);
            }
            Edit::Insert(a, bytes) => {
                let i = at(*a, b.len());
                b.splice(i..i, bytes.iter().copied());
            }
            Edit::Replace(a, x) => {
                if !b.is_empty() {
                    let i = a % b.len();
                    b[i] = *x;
                }
            }
            Edit::Truncate(a) => {
                let i = at(*a, b.len());
                b.truncate(i);
            }
            Edit::DuplicateLine(a) => {
                let lines: Vec<&[u8]> = b.split(|&c| c == b'\n').collect();
                let k = a % lines.len();
                let mut out = Vec::new();
                for (i, l) in lines.iter().enumerate() {
                    out.extend_from_slice(l);
                    out.push(b'\n');
                    if i == k {
                        out.extend_from_slice(l);
                        out.push(b'\n');
                    }
                }
                b = out;
            }
        }
    }
    b
}

#[test]
fn mutated_valid_inputs_never_panic() {
    for (problem, analyze, seed) in seeds() {
        let mut runner = TestRunner::new(Config {
            cases: cases(),
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&prop::collection::vec(edit(), 1..6), |edits| {
                check(problem, analyze, apply(seed, &edits))
            })
            .unwrap_or_else(|e| panic!("{problem:?} (analyze: {analyze}), seed {seed:?}: {e}"));
    }
}

#[test]
fn random_bytes_never_panic() {
    for (problem, analyze, _) in seeds() {
        let mut runner = TestRunner::new(Config {
            cases: cases(),
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(
                &prop::collection::vec(interesting_byte(), 0..120),
                |bytes| check(problem, analyze, bytes),
            )
            .unwrap_or_else(|e| panic!("{problem:?} (analyze: {analyze}): {e}"));
    }
}

/// Script positions come from the command line and from the web API.
#[test]
fn script_positions_never_panic() {
    let seeds = [
        "3 [3, 5]\n[] -2 [ 1 ,2 ]",
        "[0, 0] [1, 2] 7",
        "[3000, 3000]",
        "[99999999999999999999999999999999999999é, 1]",
    ];
    for seed in seeds {
        let mut runner = TestRunner::new(Config {
            cases: cases(),
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&prop::collection::vec(edit(), 1..6), |edits| {
                let bytes = apply(seed, &edits);
                let text = String::from_utf8_lossy(&bytes);
                if let Err(e) = grundy::script::parse_positions(&text) {
                    let message = e.to_string();
                    prop_assert!(!message.chars().any(char::is_control), "{message:?}");
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("seed {seed:?}: {e}"));
    }
}

/// What the web API is asked: a path, a content type and a body.
#[derive(Clone, Debug)]
struct Call {
    path: &'static str,
    json: bool,
    body: Vec<u8>,
}

/// Requests to the API: mutated valid requests, and bytes of any kind.
fn call() -> impl Strategy<Value = Call> {
    let seeds: Vec<String> = [
        ("nim", "3 4 5"),
        ("kayles", "7 12"),
        ("subtraction:1,3,4", "10 11"),
        ("shgame", "5 8 2 3"),
        ("lamqugam", "2 40 25"),
        ("cram", "3 4"),
        ("chomp", "5,3,3,1"),
        ("cakes", "110\n011\n"),
        ("lava", "3 3\n^^^\n^#^\n^^^\nplayed 1 1"),
        ("inventor", "3 3\nX.X\n.X.\nX.X\n"),
        ("script:wythoff", "[3, 5] [2, 2]"),
        ("script:kayles", "4 5"),
        ("script:nothing", "1"),
    ]
    .iter()
    .map(|(g, p)| serde_json::json!({ "game": g, "position": p }).to_string())
    .collect();
    let path = prop::sample::select(vec!["/api/analyze", "/api/moves", "/api/move", "/", "/x"]);
    let body = prop_oneof![
        3 => (prop::sample::select(seeds), prop::collection::vec(edit(), 0..4))
            .prop_map(|(seed, edits)| apply(&seed, &edits)),
        1 => prop::collection::vec(any::<u8>(), 0..64),
    ];
    (path, prop::bool::weighted(0.9), body).prop_map(|(path, json, body)| Call { path, json, body })
}

/// Every request is answered: 200 with JSON, or a 4xx or 503 with `{"error": MESSAGE}` on
/// one line; never a 500, a panic or a hang past the cut-off.
#[test]
fn api_requests_never_break_the_server() {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let games = format!("{}/../../examples/games", env!("CARGO_MANIFEST_DIR"));
    let app = grundy_web::router(
        Some(std::path::Path::new(&games)),
        std::time::Duration::from_secs(1),
    );
    let mut runner = TestRunner::new(Config {
        cases: cases() / 4,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&call(), |call| {
            let mut request = Request::builder()
                .method(if call.path.starts_with("/api") {
                    "POST"
                } else {
                    "GET"
                })
                .uri(call.path)
                .header("host", "127.0.0.1:8080");
            if call.json {
                request = request.header("content-type", "application/json");
            }
            let request = request
                .body(Body::from(call.body.clone()))
                .expect("a request");
            let (status, body) = runtime.block_on(async {
                let response = app.clone().oneshot(request).await.expect("infallible");
                let status = response.status();
                let body = axum::body::to_bytes(response.into_body(), 1 << 30)
                    .await
                    .expect("a body");
                (status, body)
            });
            prop_assert!(
                status.is_success() || status.is_client_error() || status.as_u16() == 503,
                "{status} for {call:?}: {}",
                String::from_utf8_lossy(&body)
            );
            if call.path.starts_with("/api") || !status.is_success() {
                let value: serde_json::Value = serde_json::from_slice(&body)
                    .map_err(|e| TestCaseError::fail(format!("not JSON ({e}): {call:?}")))?;
                if !status.is_success() {
                    let message = value["error"].as_str().unwrap_or_default();
                    prop_assert!(
                        !message.is_empty() && !message.chars().any(char::is_control),
                        "{status}: {message:?} for {call:?}"
                    );
                    prop_assert!(!message.contains(&games), "a server path: {message}");
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// Files grundy reads back, as a user or a crash may leave them: random bytes and
/// mutations of valid ones. A period certificate, a survey journal and a heap checkpoint are
/// each read or refused with an error; nothing panics, nothing is read past its limit.
#[test]
fn stored_files_never_panic() {
    use grundy::games::TakeBreak;
    use grundy::solve::heap::{Unwatched, certificate, checkpoint};
    let game: TakeBreak = "0.77".parse().expect("kayles");
    let dir = tempfile::tempdir().expect("a folder");
    // Valid ones to mutate: Kayles's certificate, a journal of two records, a checkpoint.
    let computed = grundy::solve::heap::compute(
        &game,
        2000,
        grundy::solve::heap::Method::Table,
        None,
        &mut Unwatched,
        grundy::work::MAX_STEPS,
    )
    .expect("kayles to 2000");
    let period = computed.period.expect("a period");
    let cert = certificate::Certificate::new(&game, period, computed.values.len() as u64, |n| {
        computed.value(n)
    });
    let cert = serde_json::to_string_pretty(&cert).expect("JSON");
    let options = grundy::survey::Options {
        upto: 300,
        dir: None,
        time_limit: None,
        threads: None,
    };
    let record = grundy::survey::run_one(&game, &options, &mut Unwatched).expect("a record");
    let line = serde_json::to_string(&record).expect("JSON");
    let journal = format!("{line}\n{line}\n");
    let ckpt = dir.path().join("kayles.ckpt");
    checkpoint::save(&ckpt, &game, computed.values.as_ref()).expect("saved");
    let ckpt_bytes = std::fs::read(&ckpt).expect("read");

    let seeds: Vec<(&str, Vec<u8>)> = vec![
        ("certificate", cert.into_bytes()),
        ("journal", journal.into_bytes()),
        ("checkpoint", ckpt_bytes),
    ];
    let file = dir.path().join("file");
    let journal_dir = dir.path().join("journal");
    std::fs::create_dir_all(&journal_dir).expect("a folder");
    let read = |kind: &str, bytes: &[u8]| -> Result<(), TestCaseError> {
        match kind {
            "certificate" => {
                std::fs::write(&file, bytes).expect("written");
                let text = grundy::store::read_named(&file, certificate::MAX_TEXT)
                    .ok()
                    .and_then(|b| String::from_utf8(b).ok());
                if let Some(text) = text
                    && let Ok(c) = certificate::parse(&text)
                {
                    // A small budget: a forged bound is refused, not computed for hours.
                    let _ = certificate::verify(&c, &mut Unwatched, 10_000_000);
                }
            }
            "journal" => {
                std::fs::write(journal_dir.join(grundy::survey::JOURNAL), bytes).expect("written");
                let _ = grundy::survey::load_journal(&journal_dir);
            }
            _ => {
                std::fs::write(&file, bytes).expect("written");
                let _ = checkpoint::load(&file, &game);
            }
        }
        Ok(())
    };
    for (kind, seed) in &seeds {
        let text = String::from_utf8_lossy(seed).into_owned();
        let mut runner = TestRunner::new(Config {
            cases: cases() / 4,
            failure_persistence: None,
            ..Config::default()
        });
        if *kind == "checkpoint" {
            // Binary: bytes flipped at random places, and the file cut short.
            let flips = (
                prop::collection::vec((any::<usize>(), 1u8..=255), 1..6),
                any::<usize>(),
            );
            runner
                .run(&flips, |(flips, cut)| {
                    let mut b = seed.clone();
                    for (at, x) in flips {
                        let at = at % b.len();
                        b[at] ^= x;
                    }
                    if cut % 3 == 0 {
                        b.truncate(cut % (b.len() + 1));
                    }
                    read(kind, &b)
                })
                .unwrap_or_else(|e| panic!("{kind}: {e}"));
        } else {
            runner
                .run(&prop::collection::vec(edit(), 1..6), |edits| {
                    read(kind, &apply(&text, &edits))
                })
                .unwrap_or_else(|e| panic!("{kind}: {e}"));
        }
        let mut runner = TestRunner::new(Config {
            cases: cases() / 4,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(
                &prop::collection::vec(interesting_byte(), 0..200),
                |bytes| read(kind, &bytes),
            )
            .unwrap_or_else(|e| panic!("{kind} (random bytes): {e}"));
    }
}
