//! The heap families: `sequence`, and `analyze` on a sum of heaps.

use serde::Deserialize;

use crate::{assert_refused, example, grundy, run, run_ok};

fn numbers(line: &str) -> Vec<u32> {
    line.split_whitespace()
        .map(|v| v.parse().expect("a number"))
        .collect()
}

#[test]
fn sequence_prints_one_line_of_the_library_values() {
    for family in [
        "nim",
        "kayles",
        "octal:0.137",
        "subtraction:2,5,7",
        "octal:4.7",
    ] {
        let r = run(&["sequence", family, "--upto", "120"], "");
        assert_eq!(r.status, 0, "{family}: {}", r.stderr);
        assert_eq!(r.stdout.lines().count(), 1);
        assert!(r.stdout.ends_with('\n'));
        let expected = grundy::catalogue::family(family)
            .unwrap()
            .values(120)
            .unwrap();
        assert_eq!(numbers(&r.stdout), expected, "{family}");
    }
}

#[test]
fn sequence_engines_agree() {
    for family in ["octal:0.07", "subtraction:1,4", "octal:4.37"] {
        let table = run(&["sequence", family, "--upto", "200"], "");
        let solver = run(
            &["sequence", family, "--upto", "200", "--engine", "solver"],
            "",
        );
        assert_eq!(table.status, 0);
        assert_eq!(solver.status, 0);
        assert_eq!(table.stdout, solver.stdout, "{family}");
    }
}

#[test]
fn sequence_stats_report_checksum_and_period() {
    let r = run(&["sequence", "kayles", "--upto", "300", "--stats"], "");
    assert_eq!(r.status, 0);
    assert!(
        r.stderr.contains("period 12 from n = 71"),
        "stderr: {}",
        r.stderr
    );
    assert!(r.stderr.contains("checksum"), "stderr: {}", r.stderr);
    let r = run(
        &[
            "sequence", "nim", "--upto", "50", "--engine", "solver", "--stats",
        ],
        "",
    );
    assert!(
        r.stderr.contains("solver evaluated"),
        "stderr: {}",
        r.stderr
    );
}

#[test]
fn sequence_refuses_bad_families_and_sizes() {
    assert_refused(
        &["sequence", "chess", "--upto", "5"],
        "",
        2,
        "unknown family 'chess'",
    );
    assert_refused(&["sequence", "octal:0.9", "--upto", "5"], "", 2, "octal");
    assert_refused(
        &["sequence", "octal:3.7", "--upto", "5"],
        "",
        2,
        "before the point",
    );
    assert_refused(
        &["sequence", "subtraction:", "--upto", "5"],
        "",
        2,
        "at least one take",
    );
    assert_refused(
        &["sequence", "subtraction:1,x", "--upto", "5"],
        "",
        2,
        "'x'",
    );
    assert_refused(
        &["sequence", "subtraction:0,1", "--upto", "5"],
        "",
        2,
        "loopy",
    );
    assert_refused(
        &[
            "sequence",
            "subtraction:1,99999999999999999999",
            "--upto",
            "5",
        ],
        "",
        2,
        "subtraction:",
    );
    assert_refused(
        &[
            "sequence",
            "subtraction:1,9223372036854775809",
            "--upto",
            "5",
        ],
        "",
        2,
        "larger than the supported 9223372036854775808",
    );
    let long: Vec<String> = (1..=70).map(|t| (t * 1_000_000).to_string()).collect();
    assert_refused(
        &[
            "sequence",
            &format!("subtraction:{}", long.join(",")),
            "--upto",
            "5",
        ],
        "",
        2,
        "larger than the supported 1000000 for a set of more than 64 takes",
    );
    assert_refused(
        &["sequence", "nim", "--upto", "1000000000000"],
        "",
        2,
        "--from 0 --upto 1000000000000 spans 1000000000001 values; one run prints at most 100000000",
    );
    assert_refused(
        &[
            "sequence",
            "grundy-game",
            "--from",
            "4294967290",
            "--upto",
            "4294967297",
        ],
        "",
        2,
        "past 4294967296 they are read from a proved period, and grundy-game has no period to prove",
    );
}

#[derive(Deserialize)]
struct Analysis {
    game: String,
    grundy: u64,
    winner: String,
    heaps: Vec<u64>,
    values: Vec<u64>,
    winning_moves: Vec<HeapMove>,
}

#[derive(Deserialize)]
struct HeapMove {
    #[serde(rename = "move")]
    text: String,
    heap: usize,
    from: u64,
    take: u64,
    leaves: Vec<u64>,
    #[serde(default)]
    every: Option<Every>,
}

#[derive(Deserialize)]
struct Every {
    step: u64,
    count: u64,
}

fn analyze_json(game: &str, heaps: &str) -> Analysis {
    let r = run(&["analyze", game, "--json"], heaps);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 1, "one JSON object on one line");
    serde_json::from_str(&r.stdout).expect("valid JSON")
}

/// The contestant's questions of issue 51: heaps far past any table, answered by the
/// proved period, checked against rules with no period search in them.
#[test]
fn proved_periods_answer_heaps_of_any_size() {
    // Take 1 to 3 is worth n mod 4 (the classic subtraction game).
    let a = analyze_json("subtraction:1,2,3", "1000000000 5\n18446744073709551615");
    assert_eq!(a.values, vec![0, 1, 3]);
    assert_eq!(a.grundy, 2);
    let moves: Vec<(usize, u64)> = a.winning_moves.iter().map(|m| (m.heap, m.take)).collect();
    assert_eq!(moves, vec![(1, 2), (2, 2), (3, 2)]);
    // Kayles: period 12 from 71 (Guy and Smith); every member of every winning class
    // checked against the values of heaps up to 200 read through that period.
    let small = grundy::catalogue::family("kayles")
        .unwrap()
        .values(200)
        .unwrap();
    let g = |h: u64| {
        u64::from(if h < 200 {
            small[h as usize]
        } else {
            small[(71 + (h - 71) % 12) as usize]
        })
    };
    let n = 1_000_000_000_000u64;
    let a = analyze_json("kayles", &format!("{n} 3"));
    assert_eq!(a.values, vec![g(n), g(3)]);
    assert!(a.winning_moves.iter().any(|m| m.every.is_some()));
    for m in &a.winning_moves {
        let (count, step) = m.every.as_ref().map_or((1, 0), |e| (e.count, e.step));
        let rest = if m.heap == 1 { g(3) } else { g(n) };
        for j in [0, count / 2, count - 1] {
            let mut left = m.leaves.clone();
            if j > 0 {
                left[0] += j * step;
                left[1] -= j * step;
            }
            assert_eq!(left.iter().fold(rest, |x, &h| x ^ g(h)), 0, "{}", m.text);
            assert_eq!(left.iter().sum::<u64>() + m.take, m.from, "{}", m.text);
        }
    }
    // Misère Nim on many heaps of any size, by Bouton's misère rule written out here.
    let heaps: Vec<u64> = (1..=20_000u64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (i % 60))
        .collect();
    let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let r = run(&["analyze", "nim", "--misere", "--json"], &text.join(" "));
    assert_eq!(r.status, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let s = heaps.iter().fold(0, |a, &h| a ^ h);
    let big = heaps.iter().any(|&h| h > 1);
    let first_wins = if big { s != 0 } else { s == 0 };
    assert_eq!(v["winner"], if first_wins { "first" } else { "second" });
}

#[test]
fn analyze_json_agrees_with_the_sequence() {
    for (game, heaps) in [
        ("nim", "3 4 5"),
        ("nim", "1 2 3"),
        ("kayles", "7 12 20 33"),
        ("dawson-chess", "5\n9\n14"),
        ("subtraction:1,3,4", "10 7 0"),
    ] {
        let a = analyze_json(game, heaps);
        let table = grundy::catalogue::family(game).unwrap().values(40).unwrap();
        assert_eq!(a.game, grundy::catalogue::family(game).unwrap().to_string());
        let sizes: Vec<u64> = heaps
            .split_whitespace()
            .map(|h| h.parse().unwrap())
            .collect();
        assert_eq!(a.heaps, sizes);
        let values: Vec<u64> = sizes
            .iter()
            .map(|&h| u64::from(table[h as usize]))
            .collect();
        assert_eq!(a.values, values);
        let xor = values.iter().fold(0, |x, v| x ^ v);
        assert_eq!(a.grundy, xor, "{game} {heaps}");
        assert_eq!(a.winner, if xor == 0 { "second" } else { "first" });
        assert_eq!(a.winning_moves.is_empty(), xor == 0);
        for m in &a.winning_moves {
            assert_eq!(m.from, sizes[m.heap - 1]);
            assert_eq!(m.take + m.leaves.iter().sum::<u64>(), m.from, "{}", m.text);
            let after = m
                .leaves
                .iter()
                .fold(xor ^ u64::from(table[m.from as usize]), |x, &l| {
                    x ^ u64::from(table[l as usize])
                });
            assert_eq!(after, 0, "{game}: '{}' does not reach 0", m.text);
            assert!(m.text.starts_with(&format!("heap {}", m.heap)));
        }
    }
}

#[test]
fn analyze_finds_every_nim_winning_move() {
    // 1 2 3 is lost for the mover; 1 2 4 has exactly one winning move (4 -> 3).
    assert!(analyze_json("nim", "1 2 3").winning_moves.is_empty());
    let a = analyze_json("nim", "1 2 4");
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].leaves, vec![3]);
    // 3 3 3: emptying any one heap leaves 3 ^ 3 = 0, so there are three winning moves.
    assert_eq!(analyze_json("nim", "3 3 3").winning_moves.len(), 3);
}

#[test]
fn analyze_reads_the_bundled_examples() {
    for (game, file) in [("nim", "nim.txt"), ("kayles", "kayles.txt")] {
        let r = run(&["analyze", game, &example(file)], "");
        assert_eq!(r.status, 0, "{}", r.stderr);
        assert!(r.stdout.contains("winner:"), "{}", r.stdout);
        assert!(r.stdout.contains("grundy:"), "{}", r.stdout);
    }
}

#[test]
fn analyze_refuses_bad_heaps_with_the_line() {
    assert_refused(
        &["analyze", "nim"],
        "3 4\n5 x\n",
        2,
        "<stdin>:2: expected a heap size",
    );
    assert_refused(
        &["analyze", "nim"],
        "",
        2,
        "<stdin>:1: expected at least one heap size",
    );
    assert_refused(&["analyze", "nim"], "-3", 2, "found '-3'");
    // Past the plain limits only a family with no proved period is refused, and says why.
    assert_refused(
        &["analyze", "grundy-game"],
        "100001",
        2,
        "a heap of 100001 is past the 100000 analysed option by option; grundy-game has no period to prove",
    );
    assert_refused(
        &["analyze", "octal:0.6"],
        "3 100001",
        2,
        "no period of octal:0.6 is proved from the values of heaps 0..=",
    );
    assert_refused(
        &["analyze", "nim"],
        &"1\n".repeat(1_000_001),
        2,
        "<stdin>:1000001: expected at most 1000000 heaps",
    );
    assert_refused(
        &["analyze", "nim"],
        "99999999999999999999999",
        2,
        "expected a heap size (0 to 18446744073709551615), found '99999999999999999999999'",
    );
    assert_refused(&["analyze", "go"], "", 2, "unknown game 'go'");
    assert_refused(&["analyze", "octal:0.x"], "1", 2, "bad octal code");
}

#[test]
fn analyze_accepts_crlf_bom_and_tabs() {
    let a = analyze_json("nim", "\u{feff}3\t4\r\n5\r\n");
    assert_eq!(a.heaps, vec![3, 4, 5]);
}

#[test]
fn work_beyond_minutes_is_refused_before_it_starts() {
    // The generic solver on Nim is quadratic: years at the table's own limit.
    assert_refused(
        &[
            "sequence",
            "nim",
            "--upto",
            "100000000",
            "--engine",
            "solver",
        ],
        "",
        2,
        "the generic solver on nim up to 100000000 needs an estimated",
    );
    // A long code that splits heaps: the table loop is refused up front, the analysis too.
    let code = format!("octal:0.{}", "7".repeat(4096));
    assert_refused(
        &["sequence", &code, "--upto", "100000", "--engine", "loop"],
        "",
        2,
        "the limit is 1000000000000 steps",
    );
    assert_refused(&["analyze", &code], "100000", 2, "about 4 minutes");
    // The sparse engine projects its work from the first heaps and stops early.
    assert_refused(
        &["sequence", &code, "--upto", "100000"],
        "",
        2,
        "projected from the first",
    );
    // Past a byte of values, the rest of the loop is estimated again at the slower width.
    assert_refused(
        &["sequence", &code, "--upto", "16000", "--engine", "loop"],
        "",
        2,
        "with values past 255 from heap 256 on",
    );
    // Periodic games go far: the period proved early makes the rest free.
    let r = run(&["sequence", "kayles", "--upto", "1000000"], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
}

#[test]
fn misere_play_is_analysed_for_heap_families() {
    // Three single counters: under misère play whoever takes the last one loses, so the
    // player to move (who takes one, then one is left for them after the reply) loses.
    let text = run_ok(&["analyze", "nim", "--misere"], "1 1 1");
    assert!(text.contains("play:    misère"), "{text}");
    assert!(text.contains("winner:  second player"), "{text}");
    let normal = run_ok(&["analyze", "nim"], "1 1 1");
    assert!(normal.contains("winner:  first player"), "{normal}");
    // 2 + 2 + 1: the only winning move takes the single counter.
    let json: serde_json::Value =
        serde_json::from_str(&run_ok(&["analyze", "nim", "--misere", "--json"], "2 2 1"))
            .expect("JSON");
    assert_eq!(json["misere"], true);
    assert_eq!(json["winning_moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(json["winning_moves"][0]["heap"], 3);
    // Misère Kayles: a heap of 4 pins is lost for the player to move (Winning Ways, ch. 13).
    let kayles = run_ok(&["analyze", "kayles", "--misere"], "4");
    assert!(kayles.contains("winner:  second player"), "{kayles}");
    // Boards too: on a 1×4 strip of Cram only an end domino wins under misère play.
    let cram = run_ok(&["analyze", "cram", "--misere"], "1 4\n....\n");
    assert!(cram.contains("play:    misère"), "{cram}");
    assert!(cram.contains("winning moves (2)"), "{cram}");
    let json: serde_json::Value = serde_json::from_str(&run_ok(
        &["analyze", "wythoff", "--misere", "--json"],
        "2 2",
    ))
    .expect("JSON");
    assert_eq!(json["winner"], "second");
    assert_eq!(json["misere"], true);
    assert_refused(
        &["analyze", "caos3", "--misere"],
        "1 1\n.\n",
        2,
        "misère play is not analysed for caos3",
    );
}

#[test]
fn sequence_prints_misere_values() {
    // Nim under misère play: the empty heap is worth 1, a single counter 0, then n.
    assert_eq!(
        run_ok(&["sequence", "nim", "--upto", "5", "--misere"], ""),
        "1 0 2 3 4 5\n"
    );
    // Kayles: heaps of 1 and 4 pins are lost for the player to move (worth 0).
    let kayles = run_ok(&["sequence", "kayles", "--upto", "4", "--misere"], "");
    let values: Vec<u64> = kayles
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!((values[1], values[4]), (0, 0), "{kayles}");
    assert_refused(
        &[
            "sequence", "kayles", "--upto", "4", "--misere", "--engine", "loop",
        ],
        "",
        2,
        "--misere computes values by the misère search",
    );
}

#[test]
fn sequence_prints_genera() {
    // Kayles heaps 5 and 11 have the genera 4^146 and 6^46 (CGSuite writes them so; Winning
    // Ways, ch. 13); heaps 0 to 3 are nim heaps, written bare.
    let line = run_ok(&["sequence", "kayles", "--upto", "11", "--genus"], "");
    let genera: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(genera.len(), 12, "{line}");
    assert_eq!(&genera[..4], ["0", "1", "2", "3"], "{line}");
    assert_eq!((genera[5], genera[11]), ("4^146", "6^46"), "{line}");
    // --from keeps only the tail.
    let tail = run_ok(
        &[
            "sequence", "kayles", "--upto", "11", "--from", "11", "--genus",
        ],
        "",
    );
    assert_eq!(tail, "6^46\n");
    assert_refused(
        &["sequence", "kayles", "--upto", "4", "--genus", "--misere"],
        "",
        2,
        "cannot be used with",
    );
    assert_refused(
        &["sequence", "cram", "--upto", "4", "--genus"],
        "",
        2,
        "unknown family",
    );
}

#[test]
fn quotient_prints_a_presentation_and_json() {
    // Misère Nim with heaps up to 3: Plambeck's T2 = ⟨a, b | a² = 1, b³ = b⟩, P = {a, b²}.
    let text = run_ok(&["quotient", "nim", "--upto", "3"], "");
    assert!(text.contains("relations:  a^2 = 1, b^3 = b"), "{text}");
    assert!(text.contains("|Q| = 6, |P| = 2"), "{text}");
    assert!(text.contains("P-portion:  a, b^2"), "{text}");
    // A bare octal code, as JSON.
    let json: serde_json::Value =
        serde_json::from_str(&run_ok(&["quotient", "0.77", "--upto", "12", "--json"], ""))
            .expect("JSON");
    let order = json["order"].as_u64().expect("order");
    assert_eq!(order % 2, 0, "misère quotients have even order: {json}");
    assert_eq!(json["pretending"].as_array().map(Vec::len), Some(13));
    assert!(json["p_portion"].as_array().is_some_and(|p| !p.is_empty()));
    assert!(json["relations"].as_array().is_some());
    assert_refused(&["quotient", "0.9x", "--upto", "5"], "", 2, "");
    assert_refused(
        &["quotient", "cram", "--upto", "5"],
        "",
        2,
        "unknown family",
    );
    assert_refused(
        &["quotient", "kayles", "--upto", "100001"],
        "",
        2,
        "largest heap a quotient is computed for",
    );
}

#[test]
fn misere_sums_of_many_heaps_go_by_the_quotient() {
    let heaps = "1 2 3 4 5 6 7 8 9 10 ".repeat(3000);
    let json: serde_json::Value = serde_json::from_str(&run_ok(
        &["analyze", "kayles", "--misere", "--json"],
        heaps.trim(),
    ))
    .expect("JSON");
    assert_eq!(json["by_quotient"], true);
    assert_eq!(json["heaps"].as_array().map(Vec::len), Some(30000));
    assert!(json["winner"] == "first" || json["winner"] == "second");
}

#[test]
fn explore_and_table_follow_misere_play() {
    // Cram strips 1×1 to 1×4 under misère play: a lone cell (no move) is worth 1, 1×2 and
    // 1×3 are lost for the player to move, 1×4 is won (an end domino).
    let table = run_ok(
        &[
            "table", "cram", "--rows", "1", "--cols", "1..=4", "--misere", "--json",
        ],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&table).expect("JSON");
    assert_eq!(json["misere"], true);
    assert_eq!(
        json["values"][0],
        serde_json::json!([1, 0, 0, 2]),
        "{table}"
    );
    // Misère Wythoff: P-positions near the corner are [0, 1], [1, 0] and [2, 2].
    let grid = run_ok(
        &["explore", "wythoff", "--grid", "3,3", "--misere", "--json"],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&grid).expect("JSON");
    assert_eq!(
        json["p_positions"],
        serde_json::json!([[0, 1], [1, 0], [2, 2]]),
        "{grid}"
    );
    // Misère Kayles: heaps of 1, 4, 9, 12 and 20 pins are lost (CGSuite's table).
    let line = run_ok(
        &["explore", "kayles", "--upto", "20", "--misere", "--json"],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&line).expect("JSON");
    assert_eq!(
        json["p_positions"],
        serde_json::json!([1, 4, 9, 12, 20]),
        "{line}"
    );
}

#[test]
fn tokens_on_a_graph_with_cycles_win_lose_or_draw() {
    // 1 ⇄ 2, 2 → 3 → 4 (a dead end). A token on 2 alone is a draw: moving on to 3 loses.
    let graph = "4 4\n1 2\n2 1\n2 3\n3 4\n";
    let text = run_ok(&["analyze", "graph"], &format!("{graph}1\n2\n"));
    assert!(text.contains("values:  ∞(1)"), "{text}");
    assert!(text.contains("winner:  draw"), "{text}");
    assert!(text.contains("token 1: 2 → 1"), "{text}");
    // With a second token on 3 (worth 1), moving the first to 3 wins.
    let json: serde_json::Value = serde_json::from_str(&run_ok(
        &["analyze", "graph", "--json"],
        &format!("{graph}2\n2 3\n"),
    ))
    .expect("JSON");
    assert_eq!(json["winner"], "first");
    assert_eq!(json["value"], "∞(0)");
    assert_eq!(
        json["winning_moves"],
        serde_json::json!([{"move": "token 1: 2 → 3", "token": 1, "from": 2, "to": 3}])
    );
    assert_eq!(json["drawing_moves"], serde_json::json!([]));
    assert_refused(
        &["analyze", "graph"],
        "3 1\n1 4\n1\n1\n",
        2,
        "<stdin>:2: expected the head v of move 1",
    );
    assert_refused(
        &["analyze", "graph", "--misere"],
        "1 0\n1\n1\n",
        2,
        "misère play is not analysed for graph",
    );
}

#[test]
fn explore_graph_with_stats_runs_the_split_engine_in_one_process() {
    let graph = "4 4\n1 2\n2 1\n2 3\n3 4\n";
    let plain = run_ok(&["explore", "graph", "--json"], graph);
    let out = grundy()
        .args(["explore", "graph", "--json", "--stats"])
        .write_stdin(graph)
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), plain);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "rank 0 of 1: 4 positions stored, 0 messages sent, 0 bytes sent\n"
    );
    assert_refused(
        &["explore", "octal:0.07", "--upto", "5", "--stats"],
        "",
        2,
        "--stats and --checkpoint apply to explore graph over ranks",
    );
    assert_refused(
        &["explore", "graph", "--checkpoint", "shards"],
        graph,
        2,
        "run it under an MPI launcher, or with --stats",
    );
    // With --stats alone, the split engine keeps and reads back its shards.
    let dir = tempfile::tempdir().expect("temp dir");
    let shards = dir.path().to_str().expect("path");
    for loaded in ["0", "4"] {
        let out = grundy()
            .args([
                "explore",
                "graph",
                "--json",
                "--stats",
                "--checkpoint",
                shards,
            ])
            .write_stdin(graph)
            .output()
            .expect("runs");
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stdout), plain);
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .ends_with(&format!(", {loaded} positions loaded\n")),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_refused(
        &["explore", "graph", "--stats", "--upto", "5"],
        graph,
        2,
        "--upto, --grid, --png, --memory and --misere do not apply",
    );
}

#[test]
fn explore_graph_values_every_vertex_and_pictures_draw_small_graphs() {
    // 1 ⇄ 2, 2 → 3 → 4: 4 is worth 0, 3 worth 1, 2 ∞(1) (its way out is worth 1), 1 ∞.
    let graph = "4 4\n1 2\n2 1\n2 3\n3 4\n";
    let json: serde_json::Value =
        serde_json::from_str(&run_ok(&["explore", "graph", "--json"], graph)).expect("JSON");
    assert_eq!(json["values"], serde_json::json!(["∞", "∞(1)", "1", "0"]));
    assert_eq!(
        (&json["p_positions"], &json["wins"], &json["draws"]),
        (
            &serde_json::json!(1),
            &serde_json::json!(1),
            &serde_json::json!(2)
        )
    );
    // Tokens after the moves are read and left alone.
    let text = run_ok(&["explore", "graph"], &format!("{graph}1\n2\n"));
    assert!(text.contains("  2: ∞(1)"), "{text}");
    let dir = tempfile::tempdir().expect("temp dir");
    let png = dir.path().join("g.png");
    let svg = dir.path().join("g.svg");
    run_ok(
        &[
            "analyze",
            "graph",
            "--png",
            png.to_str().expect("path"),
            "--svg",
            svg.to_str().expect("path"),
        ],
        &format!("{graph}2\n2 3\n"),
    );
    assert!(std::fs::read(&png).expect("png").starts_with(b"\x89PNG"));
    assert!(std::fs::read_to_string(&svg).expect("svg").contains("<svg"));
    let explored = dir.path().join("e.png");
    run_ok(
        &[
            "explore",
            "graph",
            "--png",
            explored.to_str().expect("path"),
        ],
        graph,
    );
    assert!(
        std::fs::read(&explored)
            .expect("png")
            .starts_with(b"\x89PNG")
    );
    // A graph too large to draw is refused before any work, and nothing is written.
    let mut ring = String::from("100 100\n");
    for v in 1..=100 {
        ring.push_str(&format!("{v} {}\n", v % 100 + 1));
    }
    assert_refused(
        &[
            "explore",
            "graph",
            "--png",
            explored.to_str().expect("path"),
        ],
        &ring,
        2,
        "too large to draw (at most 60 vertices",
    );
    assert_refused(
        &["analyze", "graph", "--png", png.to_str().expect("path")],
        &format!("{ring}1\n1\n"),
        2,
        "too large to draw",
    );
    assert_refused(
        &["explore", "graph", "--upto", "5"],
        graph,
        2,
        "do not apply",
    );
    assert_refused(&["explore", "graph"], "3 1\n1 9\n", 2, "<stdin>:2:");
}

/// Codeforces 936B (Sleepy Game) in `analyze graph`'s format: one player makes both players'
/// moves, so it is not the two-player game on the same graph; it is the two-player game on
/// a graph where the other player's every move is forced. Vertex (v, p) is the chip on v
/// with player p (0 Petya, 1 Vasya) to move in the statement; each edge v → w becomes a
/// move of Petya's from (v, p) to a forced stop, whose one move leads to (w, 1 − p). A dead
/// end with Vasya to move gets one move to a terminal vertex, so Petya takes the last move
/// there; with Petya to move it stays a dead end. Petya wins, draws or loses exactly when
/// the token on (s, 0) does.
fn sleepy_game(n: usize, adjacency: &[Vec<usize>], s: usize) -> String {
    let vertex = |v: usize, p: usize| 2 * (v - 1) + p + 1;
    let mut edges = Vec::new();
    let mut next = 2 * n;
    for (v, out) in adjacency.iter().enumerate() {
        let v = v + 1;
        for p in 0..2 {
            for &w in out {
                next += 1;
                edges.push((vertex(v, p), next));
                edges.push((next, vertex(w, 1 - p)));
            }
        }
        if out.is_empty() {
            edges.push((vertex(v, 1), 2 * n + 2 * edges_count(adjacency) + 1));
        }
    }
    let total = 2 * n + 2 * edges_count(adjacency) + 1;
    let mut text = format!("{total} {}\n", edges.len());
    for (u, v) in edges {
        text.push_str(&format!("{u} {v}\n"));
    }
    text.push_str(&format!("1\n{}\n", vertex(s, 0)));
    text
}

fn edges_count(adjacency: &[Vec<usize>]) -> usize {
    adjacency.iter().map(Vec::len).sum()
}

#[test]
fn codeforces_936b_is_answered_through_forced_replies() {
    let verdict = |n: usize, adjacency: &[Vec<usize>], s: usize| -> String {
        let json: serde_json::Value = serde_json::from_str(&run_ok(
            &["analyze", "graph", "--json"],
            &sleepy_game(n, adjacency, s),
        ))
        .expect("JSON");
        json["winner"].as_str().expect("winner").to_string()
    };
    // The statement's three samples: Win, Lose, Draw.
    let sample1 = [vec![2, 3], vec![4, 5], vec![4], vec![5], vec![]];
    assert_eq!(verdict(5, &sample1, 1), "first");
    assert_eq!(verdict(3, &[vec![3], vec![1], vec![]], 2), "second");
    assert_eq!(verdict(2, &[vec![2], vec![1]], 1), "draw");
    // Two cases from a discussion of the round: a start with no move loses, and so does one
    // whose only cycle (4 ⇄ 5) it cannot reach; once it can reach the cycle, a draw.
    let lose = [vec![], vec![3], vec![2, 4], vec![]];
    assert_eq!(verdict(4, &lose, 1), "second");
    let unreachable = [vec![2], vec![3], vec![], vec![3, 5], vec![4]];
    assert_eq!(verdict(5, &unreachable, 1), "second");
    let reachable = [vec![2, 4], vec![3], vec![], vec![3, 5], vec![4]];
    assert_eq!(verdict(5, &reachable, 1), "draw");
    // Where the one-player and the two-player games part: 1 → 2, 2 → 3 (a dead end),
    // 2 → 4 → 5 (a dead end). Petya walks 1, 2, 4, 5 and wins; two players on the plain
    // graph lose from 1 (the second answers 2 → 3).
    let parting = [vec![2], vec![3, 4], vec![], vec![5], vec![]];
    assert_eq!(verdict(5, &parting, 1), "first");
    let plain = run_ok(
        &["analyze", "graph", "--json"],
        "5 4\n1 2\n2 3\n2 4\n4 5\n1\n1\n",
    );
    assert!(plain.contains("\"winner\":\"second\""), "{plain}");
}

/// Codeforces 1442F (Differentiating Games) asks, for a multiset S of vertices and one
/// chosen vertex, the outcome of the game with a token on each: win, lose or draw on a
/// graph that the contestant gave cycles (self-loops). `analyze graph` answers each query;
/// here two queries tell three vertices apart. 1 is a dead end (worth 0); 2 has a loop and
/// a move to 1 (∞(0)); 3 moves to 1 (worth 1).
#[test]
fn codeforces_1442f_queries_are_answered() {
    let graph = "3 3\n2 2\n2 1\n3 1\n";
    let query = |tokens: &[u32]| -> String {
        let list: Vec<String> = tokens.iter().map(u32::to_string).collect();
        let json: serde_json::Value = serde_json::from_str(&run_ok(
            &["analyze", "graph", "--json"],
            &format!("{graph}{}\n{}\n", tokens.len(), list.join(" ")),
        ))
        .expect("JSON");
        json["winner"].as_str().expect("winner").to_string()
    };
    // S = {}: the chosen vertex alone. 1 loses; 2 wins by moving to 1; 3 wins.
    assert_eq!(
        [query(&[1]), query(&[2]), query(&[3])],
        ["second", "first", "first"]
    );
    // S = {3}: 1 + 3 is worth 1, a win; 2 + 3 is ∞(0 ⊕ 1) = ∞(1), a draw (the loop keeps
    // it going); 3 + 3 is worth 0, a loss.
    assert_eq!(
        [query(&[3, 1]), query(&[3, 2]), query(&[3, 3])],
        ["first", "draw", "second"]
    );
}

/// `analyze --remoteness` adds the remoteness of the position and of every move, the same
/// as the library's move list, in text and JSON; the winning moves are those of even
/// remoteness.
#[test]
fn analyze_remoteness_prints_every_move_and_agrees_with_the_library() {
    for (game, position) in [
        ("nim", "3 4 5"),
        ("kayles", "2 5"),
        ("cram", "2 3\n...\n.#.\n"),
    ] {
        let r = run(&["analyze", game, "--remoteness", "--json"], position);
        assert_eq!(r.status, 0, "{game}: {}", r.stderr);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
        let catalogue_game = grundy::catalogue::lookup(game).expect(game);
        let list = grundy::catalogue::moves_with_remoteness(
            &catalogue_game,
            &grundy::parse::Input::new("p", position),
            &grundy::report::Options::default(),
            &mut grundy::NoProgress,
            1 << 20,
        )
        .expect("a list");
        assert_eq!(v["remoteness"], list.remoteness.expect("filled"), "{game}");
        let moves = v["move_remoteness"].as_array().expect("moves");
        assert_eq!(moves.len(), list.moves.len(), "{game}");
        for (m, l) in moves.iter().zip(&list.moves) {
            assert_eq!(m["remoteness"], l.remoteness.expect("filled"), "{game}");
            let r = m["remoteness"].as_u64().expect("a number");
            assert_eq!(m["winning"], r.is_multiple_of(2), "{game}: {}", l.label);
        }
        let text = run(&["analyze", game, "--remoteness"], position);
        assert!(
            text.stdout
                .contains(&format!("remoteness: {}", list.remoteness.unwrap_or(0))),
            "{}",
            text.stdout
        );
    }
}

#[test]
fn analyze_remoteness_refuses_what_it_cannot_count() {
    for args in [
        &["analyze", "nim", "--remoteness", "--misere"][..],
        &["analyze", "graph", "--remoteness"][..],
    ] {
        let r = run(args, "1 2\n");
        assert_eq!(r.status, 2, "{args:?}");
        assert!(r.stdout.is_empty(), "{args:?}");
        assert!(r.stderr.contains("--remoteness"), "{}", r.stderr);
    }
    let r = run(&["analyze", "kayles", "--remoteness"], "5000\n");
    assert_eq!(r.status, 2);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("past the 4096"), "{}", r.stderr);
}

/// A graph whose first line claims more than is allowed is refused from that line, before
/// the rest is read: a stream that goes on (here 256 MiB of moves) is left unread, and
/// the error is the one the whole file would get.
#[test]
fn a_graph_too_large_is_refused_from_its_first_line() {
    use std::io::Write;
    use std::process::Stdio;
    for (command, head, expected) in [
        (
            "analyze",
            "20000000 3\n",
            "<stdin>:1: expected the number of vertices n (1 to 10000000), found 20000000",
        ),
        (
            "explore",
            "5 90000000\n",
            "<stdin>:1: expected the number of moves m (0 to 50000000), found 90000000",
        ),
    ] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args([command, "graph"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("grundy runs");
        let mut stdin = child.stdin.take().expect("a pipe");
        let writer = std::thread::spawn(move || {
            stdin.write_all(head.as_bytes())?;
            let moves = "1 2\n".repeat(1 << 18);
            for _ in 0..256 {
                stdin.write_all(moves.as_bytes())?;
            }
            Ok::<(), std::io::Error>(())
        });
        let out = child.wait_with_output().expect("grundy ends");
        let written = writer.join().expect("the writer ends");
        assert!(
            written.is_err(),
            "{command}: grundy read the whole stream before refusing it"
        );
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(out.stdout.is_empty(), "{command}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim_end(), format!("error: {expected}"), "{command}");
    }
    // A small graph on one line is read whole and answered as before.
    assert!(run_ok(&["analyze", "graph"], "2 1 1 2 1 1").contains("values:  1"));
}

/// A misère sequence out of reach is refused from the growth of the search, after seconds
/// at most, not after the minutes it took to reach the search's bound; one in reach is
/// answered.
#[test]
fn a_misere_sequence_out_of_reach_is_refused_early() {
    assert_refused(
        &["sequence", "kayles", "--misere", "--upto", "500"],
        "",
        2,
        "the misère values of octal:0.77 up to 500: after heap",
    );
    let r = run(&["sequence", "kayles", "--misere", "--upto", "500"], "");
    assert!(r.stderr.contains("is in reach"), "{}", r.stderr);
    // The search stopped where its growth was measured, near heap 32, long before the
    // bound of 4,000,000 sums (which kayles reaches past heap 64).
    let at: u64 = r.stderr["error: the misère values of octal:0.77 up to 500: after heap ".len()..]
        .split_whitespace()
        .next()
        .and_then(|h| h.parse().ok())
        .expect("the heap reached");
    assert!(at < 50, "{}", r.stderr);
    let values = run_ok(&["sequence", "kayles", "--misere", "--upto", "30"], "");
    assert_eq!(values.split_whitespace().count(), 31, "{values}");
}

/// `--param k=A..=B` explores each k and states the rule across k as observed; bad ranges
/// are refused with one line.
#[test]
fn sweeps_state_the_pattern_across_a_parameter() {
    let out = run_ok(
        &[
            "explore",
            "subtraction:1,{k}",
            "--param",
            "k=2..=30",
            "--upto",
            "50",
        ],
        "",
    );
    assert!(
        out.contains("  k = 4: period 5 from n = 0 (proved)"),
        "{out}"
    );
    assert!(
        out.contains("pattern (observed for k = 2..=30; not proved for other k):\n  period:     k ≡ 0 mod 2: k + 1; k ≢ 0 mod 2: 2\n  pre-period: 0\n"),
        "{out}"
    );
    // One value put in is one game: {1, 3} alternates 0 1.
    assert_eq!(
        run_ok(
            &[
                "sequence",
                "subtraction:1,{k}",
                "--param",
                "k=3",
                "--upto",
                "7"
            ],
            ""
        ),
        "0 1 0 1 0 1 0 1\n"
    );
    for (params, fragment) in [
        (vec!["k=5..=4"], "--param k=5..=4: the range is empty"),
        (
            vec!["k=1..=100000"],
            "100000 values, past the 10000 a sweep takes",
        ),
        (vec!["k=x..=4"], "a range is two whole numbers"),
        (
            vec!["k=2..=4", "j=1..3"],
            "one parameter may range at a time",
        ),
        (
            vec!["j=2..=4"],
            "names the parameter {k}, but no --param k=VALUE was given",
        ),
    ] {
        let mut args = vec!["explore", "subtraction:1,{k}", "--upto", "50"];
        for p in &params {
            args.extend(["--param", p]);
        }
        assert_refused(&args, "", 2, fragment);
    }
    assert_refused(
        &[
            "explore",
            "subtraction:1,{k}",
            "--param",
            "k=2..=4",
            "--grid",
            "3,3",
        ],
        "",
        2,
        "--grid, --png, --export and a file do not apply",
    );
}

/// Codeforces 1194D (1-2-K Game): a chip n cells from the end, each move takes it 1, 2 or
/// k cells on (k up to 10^9, n up to 10^9), Alice first. That is `subtraction:1,2,k` on a
/// heap of n, the takes past a table answered run by run.
#[test]
fn codeforces_1194d_is_answered_for_large_k() {
    let winner = |n: u64, k: u64| -> String {
        let json: serde_json::Value = serde_json::from_str(&run_ok(
            &["analyze", &format!("subtraction:1,2,{k}"), "--json"],
            &format!("{n}\n"),
        ))
        .expect("JSON");
        match json["winner"].as_str().expect("winner") {
            "first" => "Alice".to_string(),
            _ => "Bob".to_string(),
        }
    };
    // The statement's samples.
    for (n, k, want) in [
        (0, 3, "Bob"),
        (3, 3, "Alice"),
        (3, 4, "Bob"),
        (4, 4, "Alice"),
    ] {
        assert_eq!(winner(n, k), want, "n = {n}, k = {k}");
    }
    // Beside a brute force over the literal game where one reaches (every cell's outcome
    // from its three moves, no theory in it), and the editorial's rule past it.
    let brute = |n: u64, k: u64| -> bool {
        let mut win = vec![false; n as usize + 1];
        for i in 1..=n as usize {
            win[i] = [1, 2, k as usize].iter().any(|&s| s <= i && !win[i - s]);
        }
        win[n as usize]
    };
    let rule = |n: u64, k: u64| -> bool {
        if !k.is_multiple_of(3) {
            !n.is_multiple_of(3)
        } else {
            let r = n % (k + 1);
            r == k || !r.is_multiple_of(3)
        }
    };
    let mut state = 0x1194du64;
    let mut next = move |m: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % m
    };
    for _ in 0..12 {
        let (k, n) = (3 + next(40), next(300));
        assert_eq!(winner(n, k) == "Alice", brute(n, k), "n = {n}, k = {k}");
    }
    for _ in 0..12 {
        let k = 3 + next(1_000_000_000 - 2);
        let n = if next(2) == 0 {
            next(1_000_000_001)
        } else {
            (k + 1) * next(1000) + k - next(3)
        };
        assert_eq!(winner(n, k) == "Alice", rule(n, k), "n = {n}, k = {k}");
    }
    // Takes to 2^63 for a set of 64 or fewer; past it, or past 10^6 in a longer set, refused.
    assert_eq!(winner(1 << 63, 1 << 63), "Alice");
    assert_refused(
        &["analyze", "subtraction:1,2,9223372036854775809"],
        "5\n",
        2,
        "larger than the supported 9223372036854775808",
    );
    let long: Vec<String> = (1..=64)
        .map(|t| t.to_string())
        .chain(["2000000".into()])
        .collect();
    assert_refused(
        &["analyze", &format!("subtraction:{}", long.join(","))],
        "5\n",
        2,
        "for a set of more than 64 takes",
    );
}

/// `explore` past a family's table reads the proved period (every value of Kayles to
/// 2 × 10^6, checked against a plain table of 300 heaps read through its period 12 from 71),
/// and refuses, naming where the period was looked for, a family with none proved.
#[test]
fn explore_past_the_table_reads_the_proved_period() {
    let small = grundy::catalogue::family("kayles")
        .unwrap()
        .values(300)
        .unwrap();
    let json: serde_json::Value = serde_json::from_str(&run_ok(
        &["explore", "kayles", "--upto", "2000000", "--json"],
        "",
    ))
    .expect("JSON");
    let values = json["values"].as_array().expect("values");
    assert_eq!(values.len(), 2_000_001);
    for (n, v) in values.iter().enumerate() {
        let m = if n < 71 { n } else { 71 + (n - 71) % 12 };
        assert_eq!(v.as_u64(), Some(u64::from(small[m])), "heap {n}");
    }
    assert_eq!(json["period"]["status"], "proved");
    assert_refused(
        &["explore", "kayles", "--upto", "200000000"],
        "",
        2,
        "explore lists at most 100000000 of them, even from a proved period",
    );
    assert_refused(
        &["explore", "grundy-game", "--upto", "5000000"],
        "",
        2,
        "past it only a proved period gives the values",
    );
}

/// Nim's arithmetic pattern (each heap worth its size) is proved by its rule, and says so;
/// the same pattern seen in a script game stays apparent.
#[test]
fn nim_arithmetic_pattern_is_proved_by_its_rule() {
    let json: serde_json::Value =
        serde_json::from_str(&run_ok(&["explore", "nim", "--upto", "30", "--json"], ""))
            .expect("JSON");
    let period = &json["period"];
    assert_eq!(
        (
            period["period"].as_u64(),
            period["step"].as_i64(),
            period["status"].as_str()
        ),
        (Some(1), Some(1), Some("proved"))
    );
    assert!(period["by"].as_str().unwrap().contains("Bouton 1901"));
    for (n, v) in json["values"].as_array().unwrap().iter().enumerate() {
        assert_eq!(v.as_u64(), Some(n as u64));
    }
    let text = run_ok(&["explore", "nim", "--upto", "30"], "");
    assert!(
        text.contains("arithmetic: each period adds 1, from n = 0 (proved by Nim's rule"),
        "{text}"
    );
    let python = run_ok(
        &["explore", "nim", "--upto", "30", "--export", "python"],
        "",
    );
    assert!(
        python.contains("Proved: value(n + 1) = value(n) + 1 for every n >= 0, by Nim's rule"),
        "{python}"
    );
    let kayles = run_ok(
        &["explore", "kayles", "--upto", "300", "--export", "python"],
        "",
    );
    assert!(
        kayles.contains("by the periodicity theorem (Guy and Smith 1956"),
        "{kayles}"
    );
    let lasker = run_ok(
        &[
            "explore",
            &format!("script:{}", example("games/lasker.rhai")),
            "--upto",
            "60",
        ],
        "",
    );
    assert!(lasker.contains("(apparent, seen up to 60)"), "{lasker}");
}
