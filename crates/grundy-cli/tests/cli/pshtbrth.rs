//! pshtbrth: contest output, analysis, the table cache, and refusals.

use grundy::NoProgress;
use grundy::games::cakes::Shape;
use grundy::solve::cakes::Table;
use serde::Deserialize;

use crate::{assert_refused, check_shared_sample, run, run_ok};

#[test]
fn statement_sample_when_available() {
    check_shared_sample("pshtbrth", "pshtbrth/sample.in", "pshtbrth/sample.ans");
}

#[test]
fn own_queries_with_updates() {
    // Cakes: one candle (worth 1), nothing (0), one candle. Then cake 2 becomes a single
    // candle too.
    let one = "1000\n0000\n0000\n0000\n";
    let none = "0000\n0000\n0000\n0000\n";
    let input = format!("1\n3 5\n{one}\n{none}\n{one}\n1 1 1\n1 2 2\n1 1 3\n2 2\n{one}1 1 3\n");
    assert_eq!(
        run_ok(&["solve", "cakes"], &input),
        "Pishty\nLotsy\nLotsy\nPishty\n"
    );
}

#[derive(Deserialize)]
struct Report {
    grundy: u64,
    winner: String,
    winner_name: String,
    rows: usize,
    columns: usize,
    cake_values: Vec<u64>,
    winning_moves: Vec<Move>,
}

#[derive(Deserialize)]
struct Move {
    #[serde(rename = "move")]
    text: String,
    cake: usize,
    rows: [usize; 2],
    columns: [usize; 2],
}

#[test]
fn analysis_moves_leave_zero() {
    let cakes = ["111\n101\n", "011\n110\n", "100\n001\n"];
    let input = cakes.join("\n");
    let r: Report =
        serde_json::from_str(&run_ok(&["analyze", "pshtbrth", "--json"], &input)).expect("JSON");
    assert_eq!((r.rows, r.columns), (2, 3));
    let table = Table::build(Shape::new(2, 3).unwrap(), &mut NoProgress);
    let masks: Vec<u32> = cakes
        .iter()
        .map(|c| {
            c.lines()
                .flat_map(|l| l.bytes())
                .enumerate()
                .fold(0, |m, (i, b)| m | (u32::from(b == b'1') << i))
        })
        .collect();
    let values: Vec<u64> = masks.iter().map(|&m| table.value(m).0).collect();
    assert_eq!(r.cake_values, values);
    let total = values.iter().fold(0, |a, v| a ^ v);
    assert_eq!(r.grundy, total);
    assert_eq!(r.winner == "first", r.winner_name == "Pishty");
    assert_eq!(r.winning_moves.is_empty(), total == 0);
    for m in &r.winning_moves {
        let mut mask = masks[m.cake - 1];
        for row in m.rows[0]..=m.rows[1] {
            for col in m.columns[0]..=m.columns[1] {
                let bit = 1 << ((row - 1) * 3 + col - 1);
                assert!(mask & bit != 0, "{}: puts out a dark cell", m.text);
                mask &= !bit;
            }
        }
        let after = total ^ values[m.cake - 1] ^ table.value(mask).0;
        assert_eq!(after, 0, "{} does not leave 0", m.text);
    }
}

#[test]
fn analysis_uses_and_repairs_the_cache() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cache = dir.to_string_lossy().into_owned();
    let input = "1111\n1111\n1101\n0111\n";
    let args = ["analyze", "cakes", "--json", "--cache", &cache];
    let first = run_ok(&args, input);
    let file = dir.join(Table::cache_name(Shape::new(4, 4).unwrap()));
    assert!(file.exists(), "the table was saved");
    assert_eq!(
        run_ok(&args, input),
        first,
        "the saved table gives the same answer"
    );
    std::fs::write(&file, b"GRUNDYBB garbage").unwrap();
    let r = run(&args, input);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stdout, first, "a damaged cache is rebuilt, not trusted");
    assert!(
        r.stderr.contains("computing the table again"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(
        Table::load(&dir, Shape::new(4, 4).unwrap())
            .unwrap()
            .is_some(),
        "repaired"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_inputs_name_the_line() {
    let solve = ["solve", "pshtbrth"];
    let cake = "0000\n0000\n0000\n0000\n";
    assert_refused(
        &solve,
        "1\n1 1\n000\n",
        2,
        "<stdin>:3: expected 4 characters of '0' or '1', found 3",
    );
    assert_refused(
        &solve,
        "1\n1 1\n0200\n",
        2,
        "<stdin>:3: expected '0' or '1' in column 2, found '2'",
    );
    assert_refused(
        &solve,
        &format!("1\n1 1\n{cake}1 2 1\n"),
        2,
        "<stdin>:7: expected L (1 to 1), found 2",
    );
    assert_refused(
        &solve,
        &format!("1\n2 1\n{cake}{cake}1 2 1\n"),
        2,
        "expected R at least L = 2, found 1",
    );
    assert_refused(
        &solve,
        &format!("1\n1 1\n{cake}2 3\n{cake}"),
        2,
        "expected pos (1 to 1), found 3",
    );
    assert_refused(
        &solve,
        &format!("1\n1 1\n{cake}3 1\n"),
        2,
        "expected a query type (1 or 2) (1 to 2), found 3",
    );
    assert_refused(
        &solve,
        &format!("1\n2 1\n{cake}"),
        2,
        "<stdin>:7: expected 4 characters",
    );
    assert_refused(
        &solve,
        &format!("1\n1 2\n{cake}1 1 1\n"),
        2,
        "expected a query type",
    );
    assert_refused(
        &solve,
        "1\n1000001 1\n",
        2,
        "the number of cakes N (1 to 1000000)",
    );
    let analyze = ["analyze", "pshtbrth"];
    assert_refused(&analyze, "", 2, "<stdin>:1: expected at least one cake");
    assert_refused(
        &analyze,
        "11\n1\n",
        2,
        "<stdin>:2: expected 2 characters of '0' or '1', found 1",
    );
    assert_refused(
        &analyze,
        "11\n11\n\n11\n",
        2,
        "<stdin>:4: expected cake 2 to have 2 rows like cake 1, found 1",
    );
    assert_refused(
        &analyze,
        "111111\n111111\n111111\n111111\n111111\n",
        2,
        "at most 25 cells",
    );
    assert_refused(&analyze, "1x\n", 2, "found 'x'");
}

#[test]
fn a_cache_that_cannot_be_used_is_a_warning_not_a_failure() {
    let input = "1111\n1111\n1101\n0111\n";
    let plain = run_ok(&["analyze", "cakes"], input);
    let dir = tempfile::tempdir().unwrap();
    // A folder that cannot be created: under a plain file.
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, b"").unwrap();
    let under = blocker.join("cache").to_string_lossy().into_owned();
    let r = run(&["analyze", "cakes", "--cache", &under], input);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stdout, plain, "the analysis is printed all the same");
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("grundy: warning: cannot read "),
        "{}",
        r.stderr
    );
    // The OS error once, not once per layer.
    assert_eq!(r.stderr.matches("os error").count(), 1, "{}", r.stderr);

    // A FIFO where the table should be: refused at once (never waited on), then replaced.
    let cache = dir.path().join("cache");
    std::fs::create_dir(&cache).unwrap();
    let fifo = cache.join(Table::cache_name(Shape::new(4, 4).unwrap()));
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let shown = cache.to_string_lossy().into_owned();
    let r = run(&["analyze", "cakes", "--cache", &shown], input);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stdout, plain);
    assert!(
        r.stderr.contains("is a FIFO, not a regular file"),
        "{}",
        r.stderr
    );
    assert!(
        Table::load(&cache, Shape::new(4, 4).unwrap())
            .unwrap()
            .is_some()
    );
}

#[cfg(unix)]
#[test]
fn interrupted_and_killed_saves_leave_no_temporary_files() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Command;

    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_string_lossy().into_owned();
    let temporary = |dir: &std::path::Path| -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp"))
            .collect()
    };
    // A 5×5 table takes seconds to build: SIGTERM arrives during the work, and the process
    // ends by that signal, leaving nothing behind.
    let five = "11111\n11111\n11111\n11111\n11111\n";
    let status = super::stopped(
        &["analyze", "cakes", "--cache", &cache],
        five,
        300,
        rustix::process::Signal::TERM,
        false,
    )
    .status;
    assert_eq!(status.signal(), Some(15), "{status:?}");
    assert!(temporary(dir.path()).is_empty());

    // What a writer killed outright leaves is removed by the next save.
    let mut gone = Command::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let name = Table::cache_name(Shape::new(4, 4).unwrap());
    let stale = dir.path().join(format!(".{name}.tmp{dead}.abcdef"));
    std::fs::write(&stale, vec![0u8; 1000]).unwrap();
    run_ok(
        &["analyze", "cakes", "--cache", &cache],
        "1111\n1111\n1101\n0111\n",
    );
    assert!(
        temporary(dir.path()).is_empty(),
        "{:?}",
        temporary(dir.path())
    );
    assert!(dir.path().join(&name).exists());
}
