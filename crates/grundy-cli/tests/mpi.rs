//! The `mpi` build under a real launcher: `mpirun -np 1`, `2` and `3` on this machine
//! (loopback), each rank a process. Run by `.ci/run` as
//! `cargo test --workspace --features grundy-cli/mpi --test mpi` (the test build of the
//! README's `cargo test --workspace`, and the `mpi` crates); without the feature this file
//! is empty.

#![cfg(feature = "mpi")]

use std::process::{Command, Output};

/// `grundy ARGS` as one process, not under a launcher: the default engines.
fn alone(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("grundy runs")
}

/// `mpirun -np N grundy ARGS`, on loopback, not run yet.
fn mpirun(n: usize, args: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.args([
        "--allow-run-as-root",
        "--oversubscribe",
        "-np",
        &n.to_string(),
    ])
    .args([
        "--mca",
        "btl_tcp_if_include",
        "lo",
        "--mca",
        "oob_tcp_if_include",
        "lo",
    ])
    .arg(env!("CARGO_BIN_EXE_grundy"))
    .args(args);
    c
}

/// `mpirun -np N grundy ARGS`, run to its end.
fn ranks(n: usize, args: &[&str]) -> Output {
    mpirun(n, args)
        .output()
        .expect("mpirun runs (apt install openmpi-bin)")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Each rank's `--stats` line: (rank, ranks, positions stored, messages, bytes).
fn stats_lines(stderr: &[u8]) -> Vec<(usize, usize, u64, u64, u64)> {
    let mut lines: Vec<_> = text(stderr)
        .lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            if w.first() != Some(&"rank") {
                return None;
            }
            let num = |i: usize| w[i].trim_end_matches([':', ',']).parse::<u64>().unwrap();
            Some((num(1) as usize, num(3) as usize, num(4), num(7), num(10)))
        })
        .collect();
    lines.sort_unstable();
    lines
}

/// `grundy ARGS` under `mpirun -np 1`, `2` and `3` succeeds and prints what one process
/// prints. Each job solves once and renders once: on two ranks as JSON (`--json` added
/// where `args` lack it), on one and three as `args` say; that the text and the JSON of one
/// solve agree is the one process's business, tested in `tests/cli`.
fn same_on_one_two_and_three_ranks(args: &[&str]) {
    let mut json = args.to_vec();
    if !json.contains(&"--json") {
        json.push("--json");
    }
    for (n, args) in [(1, args), (2, &json[..]), (3, args)] {
        let expected = alone(args);
        assert!(expected.status.success(), "{}", text(&expected.stderr));
        let got = ranks(n, args);
        assert!(
            got.status.success(),
            "{args:?} on {n}: {}",
            text(&got.stderr)
        );
        assert_eq!(
            text(&got.stdout),
            text(&expected.stdout),
            "{args:?} on {n} ranks"
        );
    }
}

#[test]
fn tables_over_ranks_print_what_one_process_prints() {
    for (game, rows, cols) in [
        ("cram", "1..=3", "1..=10"),
        ("cram", "4..=5", "1..=6"),
        ("chomp", "1..=6", "1..=8"),
    ] {
        same_on_one_two_and_three_ranks(&["table", game, "--rows", rows, "--cols", cols]);
    }
}

#[test]
fn each_rank_says_what_it_stored_and_three_split_the_table() {
    let args = ["table", "cram", "--rows", "5", "--cols", "6", "--stats"];
    let one = ranks(1, &args);
    assert!(one.status.success(), "{}", text(&one.stderr));
    let one = stats_lines(&one.stderr);
    assert_eq!(one.len(), 1, "{one:?}");
    let (_, _, all, messages, bytes) = one[0];
    assert!(all > 100_000, "{all}");
    assert_eq!((messages, bytes), (0, 0));
    // --stats without a launcher: the same engine in one process, the same line.
    let here = alone(&args);
    assert_eq!(stats_lines(&here.stderr), one);
    for n in [2, 3] {
        let got = ranks(n, &args);
        assert!(got.status.success(), "{}", text(&got.stderr));
        let lines = stats_lines(&got.stderr);
        assert_eq!(
            lines.iter().map(|l| (l.0, l.1)).collect::<Vec<_>>(),
            (0..n).map(|r| (r, n)).collect::<Vec<_>>()
        );
        // Each position is stored once, on one rank; every rank sends its share.
        assert_eq!(lines.iter().map(|l| l.2).sum::<u64>(), all);
        assert!(lines.iter().all(|l| l.3 > 0 && l.4 > 0), "{lines:?}");
        if n == 3 {
            assert!(
                lines.iter().all(|l| l.2 * 100 <= all * 45),
                "{lines:?} of {all}"
            );
        }
    }
}

#[test]
fn other_commands_refuse_once_instead_of_running_on_every_rank() {
    for args in [
        &["sequence", "kayles", "--upto", "10"][..],
        &["table", "cram", "--rows", "2", "--cols", "2", "--misere"][..],
        &["table", "cram", "--rows", "12", "--cols", "11"][..],
    ] {
        let got = ranks(2, args);
        assert!(!got.status.success(), "{args:?}");
        assert!(got.stdout.is_empty(), "{args:?}: {}", text(&got.stdout));
        let errors = text(&got.stderr)
            .lines()
            .filter(|l| l.starts_with("error:"))
            .count();
        assert_eq!(errors, 1, "{args:?}: {}", text(&got.stderr));
    }
    // One rank is one process: every command runs as it does alone.
    let got = ranks(1, &["sequence", "kayles", "--upto", "10"]);
    assert!(got.status.success());
    assert_eq!(
        got.stdout,
        alone(&["sequence", "kayles", "--upto", "10"]).stdout
    );
}

/// `mpirun -np 2 grundy ARGS`, sent SIGTERM `after_ms` after `ready` appears: the job must
/// end unsuccessfully, print nothing, and say that every rank's part is saved.
fn stopped_by_sigterm(args: &[&str], ready: &std::path::Path, after_ms: u64) {
    let job = mpirun(2, args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("mpirun runs");
    let started = std::time::Instant::now();
    while !ready.exists() && started.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    std::thread::sleep(std::time::Duration::from_millis(after_ms));
    let sent = Command::new("kill")
        .args(["-TERM", &job.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let stopped = job.wait_with_output().unwrap();
    assert!(
        !stopped.status.success(),
        "the job ended before the signal: {}",
        text(&stopped.stderr)
    );
    assert!(stopped.stdout.is_empty());
    assert!(
        text(&stopped.stderr).contains("every rank's part is saved"),
        "{}",
        text(&stopped.stderr)
    );
}

/// A job refused with status 2, one error line (rank 0's) that says `why`, and nothing on
/// standard output.
fn refused_once(got: &Output, why: &str) {
    assert_eq!(got.status.code(), Some(2), "{}", text(&got.stderr));
    let errors: Vec<String> = text(&got.stderr)
        .lines()
        .filter(|l| l.starts_with("error:"))
        .map(str::to_string)
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains(why), "{errors:?}");
    assert!(got.stdout.is_empty());
}

/// The positions each rank's `--stats` line says it loaded.
fn loaded_counts(stderr: &[u8]) -> Vec<u64> {
    text(stderr)
        .lines()
        .filter_map(|l| {
            l.split(", ")
                .last()?
                .strip_suffix(" positions loaded")?
                .parse()
                .ok()
        })
        .collect()
}

#[test]
fn a_job_stopped_by_sigterm_saves_its_shards_and_the_same_command_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let shards = dir.path().to_str().unwrap();
    // 4 × 8 takes about five seconds on two ranks: the signal lands in the middle.
    let args = [
        "table",
        "cram",
        "--rows",
        "4",
        "--cols",
        "7..=8",
        "--checkpoint",
        shards,
        "--stats",
    ];
    // Signalled a second after the ranks are inside 4 × 8's solve (its folder is made as
    // it starts).
    stopped_by_sigterm(&args, &dir.path().join("cram-4x8"), 1_000);
    // Another number of ranks is refused, once, before any work.
    let other = ranks(3, &args);
    assert_eq!(other.status.code(), Some(2), "{}", text(&other.stderr));
    assert_eq!(
        text(&other.stderr).matches("error: shard refused").count(),
        1,
        "{}",
        text(&other.stderr)
    );
    // The same command goes on from the shards to the one-process answer.
    let resumed = ranks(2, &args);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(
        text(&resumed.stdout),
        text(&alone(&["table", "cram", "--rows", "4", "--cols", "7..=8"]).stdout)
    );
    let loaded = loaded_counts(&resumed.stderr);
    assert_eq!(loaded.len(), 2, "{}", text(&resumed.stderr));
    assert!(loaded.iter().all(|&l| l > 0), "{loaded:?}");
}

/// `mpirun -np N grundy ARGS` with `input` on standard input (which reaches rank 0 only).
fn ranks_with_input(n: usize, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = mpirun(n, args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("mpirun runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn positions_over_ranks_are_explained_as_one_process_explains_them() {
    // Random blocked Cram boards (a fixed generator, so the test is the same every run)
    // and Chomp positions.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut cases = Vec::new();
    for (rows, cols) in [(4, 6), (5, 5), (3, 8), (5, 6)] {
        let bits = next();
        let board: String = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        if bits >> ((r * cols + c) % 64) & 7 == 0 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        cases.push(("cram", format!("{rows} {cols}\n{board}")));
    }
    for lengths in ["7,7,5,2", "6,6,6,6,3", "9,4,4,1,1"] {
        cases.push(("chomp", lengths.to_string()));
    }
    let dir = tempfile::tempdir().unwrap();
    for (i, (game, position)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("case{i}.txt"));
        std::fs::write(&path, position).unwrap();
        let path = path.to_str().unwrap();
        let expected = alone(&["analyze", game, path, "--json"]);
        assert!(expected.status.success(), "{}", text(&expected.stderr));
        for n in [1, 2, 3] {
            let from_file = ranks(n, &["analyze", game, path, "--json"]);
            assert!(from_file.status.success(), "{}", text(&from_file.stderr));
            assert_eq!(
                from_file.stdout, expected.stdout,
                "{game} {position:?} on {n} ranks"
            );
        }
        // From standard input, in words.
        let words = alone(&["analyze", game, path]);
        let piped = ranks_with_input(2, &["analyze", game], position);
        assert!(piped.status.success(), "{}", text(&piped.stderr));
        assert_eq!(
            piped.stdout, words.stdout,
            "{game} {position:?} from standard input"
        );
    }
    // A bad position: one line from rank 0, exit 2, nothing printed.
    let bad = ranks_with_input(3, &["analyze", "cram"], "3 x\n");
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    assert_eq!(
        text(&bad.stderr)
            .lines()
            .filter(|l| l.starts_with("error:"))
            .count(),
        1,
        "{}",
        text(&bad.stderr)
    );
}

/// A random graph file: `n` vertices, about `3n` moves (cycles and repeated moves
/// allowed), and `tokens` tokens; from a seed, by xorshift.
fn random_graph(seed: u64, n: u64, tokens: usize) -> String {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |below: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % below
    };
    let m = next(3 * n + 1);
    let mut text = format!("{n} {m}\n");
    for _ in 0..m {
        let (u, v) = (next(n) + 1, next(n) + 1);
        text.push_str(&format!("{u} {v}\n"));
    }
    let shown: Vec<String> = (0..tokens).map(|_| (next(n) + 1).to_string()).collect();
    text.push_str(&format!("{tokens}\n{}\n", shown.join(" ")));
    text
}

#[test]
fn graphs_over_ranks_print_what_one_process_prints() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 1..=6u64 {
        let n = [3, 8, 20, 50, 200, 2_000][seed as usize - 1];
        let tokens = 1 + (seed as usize % 3);
        let path = dir.path().join(format!("g{seed}.txt"));
        std::fs::write(&path, random_graph(seed, n, tokens)).unwrap();
        let file = path.to_str().unwrap();
        for args in [
            vec!["analyze", "graph", file],
            vec!["explore", "graph", file, "--json"],
        ] {
            same_on_one_two_and_three_ranks(&args);
        }
    }
    // Each rank reads its share of a file; standard input is read by rank 0 alone, and a
    // file with a byte-order mark, which the shares do not read, too: the same report.
    let text = random_graph(7, 500, 2);
    let path = dir.path().join("bom.txt");
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, &text).unwrap();
    let one = alone(&["explore", "graph", plain.to_str().unwrap(), "--json"]);
    assert!(one.status.success());
    for n in [2, 3] {
        let got = ranks_with_input(n, &["explore", "graph", "-", "--json"], &text);
        assert!(got.status.success(), "{}", self::text(&got.stderr));
        assert_eq!(got.stdout, one.stdout, "{n} ranks, standard input");
        let got = ranks(n, &["explore", "graph", path.to_str().unwrap(), "--json"]);
        assert!(got.status.success(), "{}", self::text(&got.stderr));
        assert_eq!(got.stdout, one.stdout, "{n} ranks, a byte-order mark");
    }
}

#[test]
fn three_ranks_split_a_graph_and_a_bad_file_is_refused_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.txt");
    std::fs::write(&path, random_graph(42, 30_000, 3)).unwrap();
    let file = path.to_str().unwrap();
    let args = ["explore", "graph", file, "--stats"];
    let here = alone(&args);
    assert!(here.status.success(), "{}", text(&here.stderr));
    assert_eq!(stats_lines(&here.stderr), [(0, 1, 30_000, 0, 0)]);
    let got = ranks(3, &args);
    assert!(got.status.success(), "{}", text(&got.stderr));
    assert_eq!(text(&got.stdout), text(&here.stdout));
    let lines = stats_lines(&got.stderr);
    assert_eq!(lines.iter().map(|l| l.2).sum::<u64>(), 30_000);
    for &(rank, _, stored, messages, bytes) in &lines {
        assert!(stored * 100 <= 30_000 * 45, "rank {rank} stores {stored}");
        assert!(messages > 0 && bytes > 0, "rank {rank} sent nothing");
    }
    // A bad file: rank 0 names the line, once; the job fails with status 2.
    std::fs::write(&path, "3 1\n1 4\n1\n1\n").unwrap();
    refused_once(&ranks(3, &["analyze", "graph", file]), "head v of move 1");
    // Other commands refuse with one line, rank 0's.
    let got = ranks(2, &["explore", "octal:0.07", "--upto", "10"]);
    assert!(!got.status.success());
    assert!(
        text(&got.stderr).contains("analyze and explore of graph"),
        "{}",
        text(&got.stderr)
    );
    // The one-process options of analyze, refused by rank 0 alone with one line.
    for args in [
        vec!["analyze", "graph", file, "--png", "g.png"],
        vec!["analyze", "cram", file, "--threads", "2"],
        vec!["analyze", "script:x.rhai", file, "--misere"],
    ] {
        refused_once(&ranks(2, &args), "are for one process");
    }
}

#[test]
fn a_graph_job_stopped_by_sigterm_goes_on_from_its_shards() {
    let dir = tempfile::tempdir().unwrap();
    // A path of 1,000,000 vertices: each value's labels pass along it, a round each time
    // they cross from one rank to the other, so the solve lasts seconds in the test build
    // (about 2.3 s here, alone) and the signal, sent as it starts, finds it running.
    let n = 1_000_000;
    let mut path = format!("{n} {}\n", n - 1);
    for v in 1..n {
        path.push_str(&format!("{v} {}\n", v + 1));
    }
    path.push_str("1\n1\n");
    let file = dir.path().join("path.txt");
    std::fs::write(&file, path).unwrap();
    let shards = dir.path().join("shards");
    let (file, shards_arg) = (file.to_str().unwrap(), shards.to_str().unwrap());
    let args = [
        "analyze",
        "graph",
        file,
        "--checkpoint",
        shards_arg,
        "--stats",
    ];
    // Signalled as soon as the ranks are inside the solve (its folder is made as it starts).
    stopped_by_sigterm(&args, &shards.join("graph"), 0);
    let resumed = ranks(2, &args);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(
        text(&resumed.stdout),
        text(&alone(&["analyze", "graph", file]).stdout)
    );
    let loaded = loaded_counts(&resumed.stderr);
    assert_eq!(loaded.len(), 2, "{}", text(&resumed.stderr));
    assert!(loaded.iter().sum::<u64>() > 0, "{loaded:?}");
    // Another graph's shards are refused, once.
    std::fs::write(file, "3 2\n1 2\n2 3\n1\n1\n").unwrap();
    let other = ranks(2, &args);
    assert_eq!(other.status.code(), Some(2), "{}", text(&other.stderr));
    assert_eq!(
        text(&other.stderr).matches("error: shard refused").count(),
        1,
        "{}",
        text(&other.stderr)
    );
}

#[test]
fn script_games_with_cycles_are_labelled_over_ranks_and_print_what_one_process_prints() {
    let dir = tempfile::tempdir().unwrap();
    let example =
        |name: &str| format!("{}/../../examples/games/{name}", env!("CARGO_MANIFEST_DIR"));
    let track = std::fs::read_to_string(example("loopy_track.rhai")).unwrap();
    let long = dir.path().join("long_track.rhai");
    std::fs::write(&long, track.replace("const TOP = 12;", "const TOP = 5000;")).unwrap();
    let long = format!("script:{}", long.to_str().unwrap());
    let track = format!("script:{}", example("loopy_track.rhai"));
    let kayles = format!("script:{}", example("kayles.rhai"));
    for (game, positions) in [
        (&track, "3 1"),
        (&track, "6 9"),
        (&long, "4999 2500 7"),
        (&kayles, "7 9"),
    ] {
        let file = dir.path().join("positions.txt");
        std::fs::write(&file, positions).unwrap();
        same_on_one_two_and_three_ranks(&["analyze", game.as_str(), file.to_str().unwrap()]);
    }
    // The labelling is split: on three ranks each stores a share of the long track's graph.
    let file = dir.path().join("positions.txt");
    let got = ranks(3, &["analyze", &long, file.to_str().unwrap(), "--stats"]);
    assert!(got.status.success(), "{}", text(&got.stderr));
    let lines = stats_lines(&got.stderr);
    assert_eq!(lines.len(), 3, "{}", text(&got.stderr));
    let all: u64 = lines.iter().map(|l| l.2).sum();
    assert!(all >= 5_000, "{lines:?}");
    assert!(lines.iter().all(|l| l.2 * 100 <= all * 45), "{lines:?}");
    // A script that does not compile: one line from rank 0, status 2.
    let bad = dir.path().join("bad.rhai");
    std::fs::write(&bad, "fn options(n) { [n - 1 }").unwrap();
    let bad = format!("script:{}", bad.to_str().unwrap());
    refused_once(
        &ranks(3, &["analyze", &bad, file.to_str().unwrap()]),
        "bad.rhai",
    );
}

#[path = "common/cram_table.rs"]
mod cram_table;

/// The Cram table of tests/data over two ranks, one `table` a row, on every board of at
/// most 33 cells: each of the five rows, at about a tenth of the whole table's cost (over
/// two ranks the solve stores every position; 3 × 13, 4 × 9 and 5 × 7 alone took 100 s).
/// One process checks the whole table (`tests/cli/boards.rs`); the rest of it over two
/// ranks is [`cram_table_to_40_cells_over_two_ranks`], run by hand.
#[test]
fn cram_table_over_two_ranks_is_the_published_one() {
    table_over_two_ranks(|rows, cols| rows * cols <= 33);
}

/// The rest of the 40-cell Cram table over two ranks: 3 × 12 to 5 × 8, about 10 minutes
/// on two cores. Run by hand with
/// `cargo test --workspace --features grundy-cli/mpi --test mpi -- --ignored`.
#[test]
#[ignore = "about 10 minutes on two cores"]
fn cram_table_to_40_cells_over_two_ranks() {
    table_over_two_ranks(|rows, cols| rows * cols > 33);
}

/// `grundy table cram` over two ranks, one row at a time, on the boards of the data file
/// that `chosen` picks, against the file.
fn table_over_two_ranks(chosen: impl Fn(usize, usize) -> bool) {
    let boards = cram_table::cram_nimbers();
    for rows in 1..=5 {
        let wanted: Vec<(usize, u32)> = boards
            .iter()
            .filter(|&&(r, c, _)| r == rows && chosen(r, c))
            .map(|&(_, c, v)| (c, v))
            .collect();
        let (Some(first), Some(last)) = (wanted.first(), wanted.last()) else {
            continue;
        };
        let (rows_arg, cols) = (rows.to_string(), format!("{}..={}", first.0, last.0));
        let got = ranks(2, &["table", "cram", "--rows", &rows_arg, "--cols", &cols]);
        assert!(got.status.success(), "{}", text(&got.stderr));
        assert_eq!(
            cram_table::printed_row(&text(&got.stdout)),
            wanted,
            "row {rows}"
        );
    }
}

#[test]
fn a_position_over_ranks_keeps_its_shards_and_a_second_run_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let position = dir.path().join("board.txt");
    std::fs::write(&position, "4 7\n.......\n..#....\n.......\n.......\n").unwrap();
    let shards = dir.path().join("shards");
    let (position, shards) = (position.to_str().unwrap(), shards.to_str().unwrap());
    let args = [
        "analyze",
        "cram",
        position,
        "--checkpoint",
        shards,
        "--stats",
    ];
    let expected = alone(&["analyze", "cram", position]);
    for run in 0..2 {
        let got = ranks(2, &args);
        assert!(got.status.success(), "{}", text(&got.stderr));
        assert_eq!(text(&got.stdout), text(&expected.stdout));
        let loaded = loaded_counts(&got.stderr);
        assert_eq!(loaded.len(), 2, "{}", text(&got.stderr));
        // The first run loads nothing; the second reads every part back.
        assert_eq!(loaded.iter().all(|&l| l > 0), run == 1, "{loaded:?}");
    }
    assert!(
        dir.path()
            .join("shards/cram-position/rank-1.shard")
            .is_file()
    );
}
