//! `grundy analyze cram` and `grundy analyze chomp`.

use super::{assert_refused, run, run_ok};

fn json(game: &str, input: &str) -> serde_json::Value {
    serde_json::from_str(&run_ok(&["analyze", game, "--json"], input)).unwrap()
}

/// A board settled by a mirror strategy is answered without a search, the strategy named;
/// one with a domino that is its own image is won by it, its nimber still searched.
#[test]
fn mirror_strategies_answer_before_the_search() {
    // 128 cells, both sides even: 0 at once (a search of this board would take hours).
    let out = run_ok(&["analyze", "cram", "--stats"], "8 16");
    assert!(out.contains("grundy:  0"), "{out}");
    assert!(
        out.contains(
            "why:     the second player answers each domino with its image under a half-turn"
        ),
        "{out}"
    );
    let r = run(&["analyze", "cram", "--stats"], "8 16");
    assert!(r.stderr.contains(" 0 positions visited"), "{}", r.stderr);
    let table = run_ok(&["table", "cram", "--rows", "8", "--cols", "16"], "");
    assert!(table.lines().any(|l| l.trim() == "8 |  0"), "{table}");
    // An asymmetric board names no strategy.
    let v = json("cram", "3 5");
    assert!(v.get("strategy").is_none(), "{v}");
    // A symmetric board with cells blocked in pairs still mirrors.
    let v = json("cram", "4 6\n#....#\n......\n......\n#....#");
    assert_eq!(v["grundy"], 0);
    assert!(v["strategy"].as_str().unwrap().contains("second player"));
    // 4 × 5: the domino down the middle column, across the centre, wins; the nimber is
    // the published 2 and that domino is among the winning moves listed.
    let v = json("cram", "4 5");
    assert_eq!(v["grundy"], 2);
    let why = v["strategy"].as_str().unwrap();
    let centre = "domino on row 2, column 3 and row 3, column 3 (down)";
    assert!(why.contains(centre), "{why}");
    assert!(
        v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["move"] == centre),
        "{v}"
    );
}

#[test]
fn cram_values_winners_and_moves() {
    // Published: 4×5 has value 2.
    let v = json("cram", "4 5");
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winner"], "first");
    // A 1×n strip is Dawson's Kayles.
    let dawson: Vec<u64> = run_ok(&["sequence", "dawson-kayles", "--upto", "14"], "")
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    for (n, &value) in dawson.iter().enumerate().skip(1) {
        let v = json("cram", &format!("1 {n}"));
        assert_eq!(v["grundy"], value, "1×{n}");
        assert_eq!(
            v["winning_moves"].as_array().unwrap().is_empty(),
            value == 0
        );
    }
    // Both sides even: the second player mirrors.
    let v = json("cram", "4 4");
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["winner"], "second");
    // Blocked cells: every winning domino leaves a board of value 0.
    let board = "3 4\n.#..\n....\n..#.\n";
    let v = json("cram", board);
    let rows: Vec<Vec<u8>> = board.lines().skip(1).map(|l| l.bytes().collect()).collect();
    for m in v["winning_moves"].as_array().unwrap() {
        let mut after = rows.clone();
        for cell in m["cells"].as_array().unwrap() {
            let (r, c) = (
                cell[0].as_u64().unwrap() as usize,
                cell[1].as_u64().unwrap() as usize,
            );
            assert_eq!(after[r - 1][c - 1], b'.');
            after[r - 1][c - 1] = b'#';
        }
        let text: String = after
            .iter()
            .map(|r| String::from_utf8(r.clone()).unwrap() + "\n")
            .collect();
        assert_eq!(
            json("cram", &format!("3 4\n{text}"))["grundy"],
            0,
            "{}",
            m["move"]
        );
    }
}

#[test]
fn chomp_values_winners_and_moves() {
    for c in 1..=9u64 {
        assert_eq!(json("chomp", &format!("1 {c}"))["grundy"], c - 1, "1×{c}");
    }
    assert_eq!(json("chomp", "2 2")["grundy"], 2);
    // Rectangles are first-player wins (strategy stealing).
    for (r, c) in [(2, 5), (3, 3), (4, 6)] {
        assert_eq!(json("chomp", &format!("{r} {c}"))["winner"], "first");
    }
    // The row-lengths forms agree with each other.
    assert_eq!(
        json("chomp", "3,3")["grundy"],
        json("chomp", "2 3")["grundy"]
    );
    assert_eq!(
        json("chomp", "4 2 2")["grundy"],
        json("chomp", "4,2,2")["grundy"]
    );
    let text = run_ok(&["analyze", "chomp"], "2 2");
    assert!(text.contains("winning bites (1)"), "{text}");
}

/// Boards past 64 cells: a block of free cells on an 11×11, 8×16 or 4×32 board answers as
/// the same block on a small board does (a region's value does not depend on where it
/// lies), with its winning dominoes moved with it; strips past 64 cells are Dawson's Kayles.
#[test]
fn boards_past_64_cells() {
    let block = ["#....", "..#..", ".....", ".##.."];
    let small = format!("4 5\n{}", block.join("\n"));
    let expected = json("cram", &small);
    for (rows, cols, top, left) in [(11, 11, 7, 6), (8, 16, 2, 3), (4, 32, 0, 27)] {
        let mut board = vec![vec!['#'; cols]; rows];
        for (r, line) in block.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                board[top + r][left + c] = ch;
            }
        }
        let text: Vec<String> = board.iter().map(|l| l.iter().collect()).collect();
        let input = format!("{rows} {cols}\n{}", text.join("\n"));
        for threads in ["1", "2"] {
            let got: serde_json::Value = serde_json::from_str(&run_ok(
                &["analyze", "cram", "--json", "--threads", threads],
                &input,
            ))
            .unwrap();
            assert_eq!(got["grundy"], expected["grundy"], "{rows}×{cols}");
            let moved = |v: &serde_json::Value, dr: u64, dc: u64| -> Vec<Vec<[u64; 2]>> {
                v["winning_moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| {
                        m["cells"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|c| [c[0].as_u64().unwrap() - dr, c[1].as_u64().unwrap() - dc])
                            .collect()
                    })
                    .collect()
            };
            assert_eq!(moved(&got, top as u64, left as u64), moved(&expected, 0, 0));
            assert!(!moved(&got, 0, 0).is_empty());
        }
    }
    let kayles = run_ok(&["sequence", "dawson-kayles", "--upto", "128"], "");
    let kayles: Vec<&str> = kayles.split_whitespace().collect();
    let table = run_ok(
        &[
            "table", "cram", "--rows", "1", "--cols", "62..=70", "--json",
        ],
        "",
    );
    let table: serde_json::Value = serde_json::from_str(&table).unwrap();
    for (k, v) in table["values"][0].as_array().unwrap().iter().enumerate() {
        assert_eq!(v.to_string(), kayles[62 + k], "1×{}", 62 + k);
    }
}

#[test]
fn bad_boards_are_refused() {
    assert_refused(&["analyze", "cram"], "12 11", 2, "at most 128 cells");
    assert_refused(&["analyze", "cram"], "129 1", 2, "the number of rows");
    assert_refused(
        &["analyze", "cram", "--misere"],
        "9 8",
        2,
        "at most 64 cells here",
    );
    assert_refused(
        &["analyze", "cram", "--remoteness"],
        "5 13",
        2,
        "at most 64 cells here",
    );
    assert_refused(
        &["table", "cram", "--rows", "11", "--cols", "12"],
        "",
        2,
        "at most 128",
    );
    assert_refused(&["analyze", "cram"], "0 3", 2, "rows");
    assert_refused(
        &["analyze", "cram"],
        "2 3\n..\n...",
        2,
        ":2: expected 3 characters",
    );
    assert_refused(
        &["analyze", "cram"],
        "2 2\n.x\n..",
        2,
        "'.' or '#' in column 2",
    );
    assert_refused(&["analyze", "cram"], "1 2\n..\n..", 2, "end of input");
    assert_refused(&["analyze", "chomp"], "3,4", 2, "longer than the row below");
    assert_refused(&["analyze", "chomp"], "17 3", 2, "at most 16 rows");
    assert_refused(&["analyze", "chomp"], "3 x", 2, "row length");
    assert_refused(&["analyze", "chomp"], "", 2, "R C");
    assert_refused(
        &["analyze", "chomp"],
        "2 300",
        2,
        "row length from 1 to 255",
    );
}

#[test]
fn tables_of_values_over_board_sizes() {
    let v: serde_json::Value = serde_json::from_str(&run_ok(
        &[
            "table", "cram", "--rows", "1..=4", "--cols", "1..5", "--json",
        ],
        "",
    ))
    .unwrap();
    assert_eq!(v["rows"], serde_json::json!([1, 2, 3, 4]));
    assert_eq!(v["cols"], serde_json::json!([1, 2, 3, 4]));
    // Each entry is what analyze says of that board.
    for r in 1..=4 {
        for c in 1..=4 {
            let one = json("cram", &format!("{r} {c}"));
            assert_eq!(v["values"][r - 1][c - 1], one["grundy"], "{r}×{c}");
        }
    }
    let text = run_ok(&["table", "chomp", "--rows", "1..=3", "--cols", "4"], "");
    let last: Vec<&str> = text
        .lines()
        .map(|l| l.split('|').nth(1).unwrap_or("").trim())
        .collect();
    // Rows 1, 2, 3 of four columns: 1×4 = 3, and each entry matches analyze.
    assert_eq!(last[2], "3");
    assert_eq!(last[3], json("chomp", "2 4")["grundy"].to_string());
    assert_eq!(last[4], json("chomp", "3 4")["grundy"].to_string());
    assert_refused(
        &["table", "cram", "--rows", "1..=12", "--cols", "1..=11"],
        "",
        2,
        "at most 128",
    );
    assert_refused(
        &["table", "cram", "--rows", "0", "--cols", "3"],
        "",
        2,
        "--rows",
    );
    assert_refused(
        &["table", "go", "--rows", "1", "--cols", "1"],
        "",
        2,
        "unknown board game",
    );
}

#[test]
fn memory_and_stats() {
    // A small table still gives the same values; --stats names the engine's counts.
    let board = "4 6\n......\n.#....\n......\n....#.\n";
    let roomy = json("cram", board);
    let small = run(
        &["analyze", "cram", "--json", "--memory", "1M", "--stats"],
        board,
    );
    assert_eq!(small.status, 0, "{}", small.stderr);
    let small: serde_json::Value = serde_json::from_str(&small.stdout).unwrap();
    assert_eq!(small, roomy);
    let r = run(&["analyze", "cram", "--stats"], "4 5");
    assert!(r.stderr.contains("pruning search:") && r.stderr.contains("cut-offs"));
    let r = run(&["analyze", "chomp", "--stats"], "6 6");
    assert!(r.stderr.contains("dense table"), "{}", r.stderr);
    // A bar whose box does not fit the memory goes to the memo solver, same value.
    let dense = json("chomp", "9,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1");
    let r = run(
        &["analyze", "chomp", "--json", "--memory", "1M", "--stats"],
        "9,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
    );
    assert!(r.stderr.contains("memo solver"), "{}", r.stderr);
    let memo: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(memo["grundy"], dense["grundy"]);
    assert_refused(
        &["analyze", "cram", "--memory", "12Q"],
        "4 5",
        2,
        "--memory",
    );
    assert_refused(
        &["analyze", "cram", "--memory", "100K"],
        "4 5",
        2,
        "at least 1M",
    );
    assert_refused(
        &["analyze", "cram", "--memory", "100000T"],
        "4 5",
        2,
        "available",
    );
    assert_refused(
        &["analyze", "nim", "--memory", "1G"],
        "3 4",
        2,
        "--memory applies to cram, chomp, script:FILE, node-kayles, not to",
    );
    assert_refused(
        &[
            "table", "chomp", "--rows", "2", "--cols", "2", "--memory", "x",
        ],
        "",
        2,
        "--memory",
    );
}

/// `--threads N` changes the time a Cram search takes, never what it prints; it is
/// refused where no engine uses threads, and 0 is not a number of threads.
#[test]
fn threads_change_nothing_printed() {
    let table = |n: &str| {
        let args = [
            "table",
            "cram",
            "--rows",
            "2..=4",
            "--cols",
            "3..=6",
            "--threads",
            n,
        ];
        run(&args, "")
    };
    let one = table("1");
    assert_eq!(one.status, 0, "{}", one.stderr);
    for n in ["2", "3"] {
        let many = table(n);
        assert_eq!(many.stdout, one.stdout, "{n} threads");
        let board = "4 5\n.#...\n.....\n...#.\n.....\n";
        let a = run(&["analyze", "cram", "--threads", n, "--json"], board);
        let b = run(&["analyze", "cram", "--threads", "1", "--json"], board);
        assert_eq!(a.status, 0, "{}", a.stderr);
        assert_eq!(a.stdout, b.stdout, "{n} threads");
    }
    for args in [
        &[
            "table",
            "cram",
            "--rows",
            "2",
            "--cols",
            "2",
            "--threads",
            "0",
        ][..],
        &[
            "table",
            "chomp",
            "--rows",
            "2",
            "--cols",
            "2",
            "--threads",
            "2",
        ][..],
        &["analyze", "chomp", "--threads", "2"][..],
    ] {
        let r = run(args, "3 3\n");
        assert_eq!(r.status, 2, "{args:?}");
        assert!(r.stdout.is_empty(), "{args:?}");
        assert!(r.stderr.contains("--threads"), "{args:?}: {}", r.stderr);
    }
}

/// `analyze cram --checkpoint FILE`: a search stopped by SIGINT saves what it proved and
/// ends by the signal; the same command goes on from the file, to the same answer; a file
/// of another board or a damaged one is refused with one line, before any search.
#[cfg(unix)]
#[test]
fn a_stopped_cram_search_saves_and_resumes() {
    use std::os::unix::process::ExitStatusExt;
    const BOARD: &str = "4 10\n#.........\n..........\n..........\n..........\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cram.ckpt");
    let file = path.to_str().unwrap();
    // 4 × 10 with a corner blocked takes about 7 s here on two threads (the whole 4 × 10
    // board is 0 by a mirror strategy, with no search to stop).
    let out = super::stopped(
        &["analyze", "cram", "--checkpoint", file, "--threads", "2"],
        BOARD,
        1000,
        rustix::process::Signal::INT,
        true,
    );
    assert_eq!(out.status.signal(), Some(2), "{:?}", out.status);
    assert!(out.stdout.is_empty());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("saved in") && said.contains("cram.ckpt"),
        "{said}"
    );
    assert!(path.is_file());

    let resumed = run(
        &["analyze", "cram", "--checkpoint", file, "--stats", "--json"],
        BOARD,
    );
    assert_eq!(resumed.status, 0, "{}", resumed.stderr);
    let loaded: u64 = resumed
        .stderr
        .split("; ")
        .find_map(|part| part.strip_suffix(" entries loaded from the checkpoint\n"))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(loaded > 0, "{}", resumed.stderr);
    let fresh = run(&["analyze", "cram", "--json"], BOARD);
    assert_eq!(resumed.stdout, fresh.stdout);

    let other = run(&["analyze", "cram", "--checkpoint", file], "5 8\n");
    assert_eq!(other.status, 2);
    assert!(other.stdout.is_empty());
    assert!(other.stderr.contains("4x10 board"), "{}", other.stderr);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    let damaged = run(&["analyze", "cram", "--checkpoint", file], BOARD);
    assert_eq!(damaged.status, 2);
    assert!(damaged.stderr.contains("damaged"), "{}", damaged.stderr);
    // A folder that is a file: no save can go there.
    std::fs::write(dir.path().join("plain"), b"").unwrap();
    let nowhere = dir.path().join("plain/c.ckpt");
    let unwritable = run(
        &["analyze", "cram", "--checkpoint", nowhere.to_str().unwrap()],
        "2 3\n",
    );
    assert_eq!(unwritable.status, 2, "{}", unwritable.stderr);
    assert!(unwritable.stdout.is_empty());
    assert!(
        unwritable.stderr.contains("plain/c.ckpt"),
        "{}",
        unwritable.stderr
    );
    let chomp = run(&["analyze", "chomp", "--checkpoint", file], "3 3\n");
    assert_eq!(chomp.status, 2);
    assert!(
        chomp.stderr.contains("--checkpoint applies to cram"),
        "{}",
        chomp.stderr
    );
}

/// `table cram --checkpoint FILE` for one board: the file a run leaves is what the next
/// run starts from (the same file as `analyze` of that board keeps), and a range of
/// boards is refused.
#[test]
fn a_table_of_one_cram_board_keeps_a_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.ckpt");
    // A board of 28 cells (a u64 a position) and one of 70 (a u128), each in its own file;
    // neither file is taken for the other board.
    for (rows, cols, other) in [("4", "7", "2 35\n"), ("2", "35", "4 7\n")] {
        let path = dir.path().join(format!("{rows}x{cols}.ckpt"));
        let file = path.to_str().unwrap();
        let args = [
            "table",
            "cram",
            "--rows",
            rows,
            "--cols",
            cols,
            "--checkpoint",
            file,
        ];
        let first = run(&args, "");
        assert_eq!(first.status, 0, "{}", first.stderr);
        assert!(path.is_file());
        let plain = run(&["table", "cram", "--rows", rows, "--cols", cols], "");
        assert_eq!(first.stdout, plain.stdout);
        let again = run(&args, "");
        assert_eq!(again.stdout, plain.stdout);
        let analyzed = run(
            &["analyze", "cram", "--checkpoint", file, "--stats"],
            &format!("{rows} {cols}\n"),
        );
        assert_eq!(analyzed.status, 0, "{}", analyzed.stderr);
        assert!(
            !analyzed.stderr.contains(" 0 entries loaded")
                && analyzed.stderr.contains("entries loaded"),
            "{}",
            analyzed.stderr
        );
        let refused = run(&["analyze", "cram", "--checkpoint", file], other);
        assert_eq!(refused.status, 2, "{}", refused.stderr);
        assert!(refused.stdout.is_empty() && refused.stderr.lines().count() == 1);
    }
    let file = path.to_str().unwrap();
    let first = run(
        &[
            "table",
            "cram",
            "--rows",
            "4",
            "--cols",
            "7",
            "--checkpoint",
            file,
        ],
        "",
    );
    assert_eq!(first.status, 0, "{}", first.stderr);
    let range = run(
        &[
            "table",
            "cram",
            "--rows",
            "3..=4",
            "--cols",
            "7",
            "--checkpoint",
            file,
        ],
        "",
    );
    assert_eq!(range.status, 2);
    assert!(range.stderr.contains("one Cram board"), "{}", range.stderr);
}

/// Under a limit on processes the search gets the threads the system will start, fewer
/// than asked (said on standard error), and none at all leaves it alone on the main
/// thread; the value is the same and nothing panics. The limit binds only a user other
/// than root, so as root the binary is run as `nobody` (skipped where that cannot be done).
#[test]
fn a_process_limit_costs_threads_not_the_answer() {
    let bin = env!("CARGO_BIN_EXE_grundy");
    let as_limited = |nproc: &str, args: &[&str]| {
        let root = std::process::Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        let mut cmd = std::process::Command::new(if root { "setpriv" } else { "prlimit" });
        if root {
            cmd.args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "prlimit",
            ]);
        }
        cmd.arg(format!("--nproc={nproc}")).arg(bin).args(args);
        cmd.current_dir(std::env::temp_dir()).output().ok()
    };
    let Some(probe) = as_limited("100", &["--version"]) else {
        eprintln!("skipped: neither setpriv nor prlimit runs here");
        return;
    };
    if !probe.status.success() {
        eprintln!(
            "skipped: the binary does not run under prlimit: {}",
            String::from_utf8_lossy(&probe.stderr)
        );
        return;
    }
    let expected = run_ok(&["table", "cram", "--rows", "4", "--cols", "5"], "");
    for (nproc, threads, said) in [
        ("1", "2", "searching on this one alone"),
        ("40", "1000", "search thread"),
    ] {
        let args = [
            "table",
            "cram",
            "--rows",
            "4",
            "--cols",
            "5",
            "--threads",
            threads,
        ];
        let out = as_limited(nproc, &args).expect("it ran before");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "nproc {nproc}: {stderr}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
        assert!(
            stderr.contains(said) && !stderr.contains("panicked"),
            "{stderr}"
        );
    }
}

#[path = "../common/cram_table.rs"]
mod cram_table;

/// The Cram table of tests/data (to 40 cells) against `grundy table cram` on one process,
/// and its rows against what they are by a second method: one row is Dawson's Kayles,
/// even × even boards are 0, and every board to 20 cells is the plain memo solver's.
#[test]
fn the_cram_table_to_40_cells_is_the_published_one() {
    let boards = cram_table::cram_nimbers();
    assert_eq!(boards.len(), 40 + 19 + 11 + 7 + 4);
    let dawson = run_ok(&["sequence", "dawson-kayles", "--upto", "40"], "");
    let dawson: Vec<u32> = dawson
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    for &(rows, cols, value) in &boards {
        if rows == 1 {
            assert_eq!(value, dawson[cols], "1 × {cols}");
        }
        if rows % 2 == 0 && cols % 2 == 0 {
            assert_eq!(value, 0, "{rows} × {cols}");
        }
        if rows * cols <= 20 {
            let cram = grundy::games::board::Cram::new(rows, cols).unwrap();
            let plain = grundy::Solver::new(cram).grundy(&cram.full()).unwrap();
            assert_eq!(plain, grundy::Nimber(value.into()), "{rows} × {cols}");
        }
    }
    for rows in 1..=5 {
        let wanted: Vec<(usize, u32)> = boards
            .iter()
            .filter(|b| b.0 == rows)
            .map(|&(_, c, v)| (c, v))
            .collect();
        let cols = format!("{rows}..={}", wanted.last().unwrap().0);
        let table = run_ok(
            &[
                "table",
                "cram",
                "--rows",
                &rows.to_string(),
                "--cols",
                &cols,
            ],
            "",
        );
        assert_eq!(cram_table::printed_row(&table), wanted, "row {rows}");
    }
}
