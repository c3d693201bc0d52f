//! Script games (`script:FILE`): the bundled examples against the built-in families,
//! `analyze` and `explore` on them, and bad scripts refused with one line.

use std::io::Write as _;

use super::{assert_refused, example, run, run_ok};

fn script(name: &str) -> String {
    format!("script:{}", example(&format!("games/{name}")))
}

/// A script written to a temporary file, for the bad-script cases.
fn temp_script(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new()
        .suffix(".rhai")
        .tempfile()
        .expect("a temporary file");
    f.write_all(text.as_bytes()).expect("written");
    f
}

fn arg(f: &tempfile::NamedTempFile) -> String {
    format!("script:{}", f.path().display())
}

#[test]
fn bundled_scripts_equal_the_built_in_families() {
    for (file, family, upto) in [
        ("kayles.rhai", "kayles", "200"),
        ("dawson_kayles.rhai", "dawson-kayles", "200"),
        ("grundy_game.rhai", "grundy-game", "200"),
        ("subtraction.rhai", "subtraction:1,3,4", "300"),
    ] {
        let ours = run_ok(&["sequence", &script(file), "--upto", upto], "");
        let built_in = run_ok(&["sequence", family, "--upto", upto], "");
        assert_eq!(ours, built_in, "{file} against {family}");
        assert_eq!(
            ours.split_whitespace().count(),
            upto.parse::<usize>().unwrap() + 1
        );
    }
}

#[test]
fn lasker_nim_follows_its_published_formula() {
    let line = run_ok(&["sequence", &script("lasker.rhai"), "--upto", "120"], "");
    for (n, v) in line.split_whitespace().enumerate() {
        let n = n as u64;
        // Values of Lasker's Nim (Berlekamp, Conway and Guy, Winning Ways).
        let expected = match n % 4 {
            0 if n == 0 => 0,
            0 => n - 1,
            3 => n + 1,
            _ => n,
        };
        assert_eq!(v.parse::<u64>().unwrap(), expected, "heap {n}");
    }
}

fn grid_json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&run_ok(args, "")).expect("one JSON object")
}

#[test]
fn grid_scripts_equal_the_built_in_lame_queen() {
    for (file, built_in) in [
        ("wythoff.rhai", "wythoff"),
        ("lame_queen.rhai", "lame-queen:2"),
    ] {
        let ours = grid_json(&["explore", &script(file), "--grid", "25,30", "--json"]);
        let theirs = grid_json(&["explore", built_in, "--grid", "25,30", "--json"]);
        assert_eq!(ours["values"], theirs["values"], "{file}");
        assert_eq!(ours["p_positions"], theirs["p_positions"], "{file}");
        assert_eq!(ours["values"].as_array().unwrap().len(), 26);
        assert_eq!(ours["values"][0].as_array().unwrap().len(), 31);
    }
}

#[test]
fn explore_reports_periods_and_shapes() {
    let kayles = run_ok(&["explore", &script("kayles.rhai"), "--upto", "300"], "");
    assert!(
        kayles.contains("period: 12, from n = 71 (apparent, seen up to 300)"),
        "{kayles}"
    );
    let built_in = run_ok(&["explore", "kayles", "--upto", "300"], "");
    assert!(
        built_in.contains("period: 12, from n = 71 (proved by the periodicity theorem)"),
        "{built_in}"
    );
    let lasker = run_ok(&["explore", &script("lasker.rhai"), "--upto", "100"], "");
    assert!(
        lasker.contains("period: 4, arithmetic: each period adds 4, from n = 1"),
        "{lasker}"
    );
    let json: serde_json::Value = serde_json::from_str(&run_ok(
        &[
            "explore",
            &script("subtraction.rhai"),
            "--upto",
            "60",
            "--json",
        ],
        "",
    ))
    .unwrap();
    assert_eq!(json["period"]["period"], 7);
    assert_eq!(json["period"]["status"], "apparent");
    // Every listed P-position has value 0, and no other does.
    let values = json["values"].as_array().unwrap();
    let zeros: Vec<usize> = (0..values.len()).filter(|&i| values[i] == 0).collect();
    let listed: Vec<usize> = json["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(listed, zeros);

    let wythoff = run_ok(&["explore", &script("wythoff.rhai"), "--grid", "40,40"], "");
    assert!(wythoff.contains("symmetric"), "{wythoff}");
    assert!(
        wythoff.contains("exactly one P-position on each diagonal"),
        "{wythoff}"
    );
    assert!(wythoff.contains("y = 1.6"), "{wythoff}");
    let lame = run_ok(
        &["explore", &script("lame_queen.rhai"), "--grid", "50,50"],
        "",
    );
    assert!(
        lame.contains("exactly 2 P-positions on each diagonal"),
        "{lame}"
    );
}

#[test]
fn explore_draws_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("wythoff.png");
    let plot = dir.path().join("kayles.png");
    run_ok(
        &[
            "explore",
            "wythoff",
            "--grid",
            "20,20",
            "--png",
            map.to_str().unwrap(),
        ],
        "",
    );
    run_ok(
        &[
            "explore",
            &script("kayles.rhai"),
            "--upto",
            "100",
            "--png",
            plot.to_str().unwrap(),
        ],
        "",
    );
    for png in [map, plot] {
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[1..4], b"PNG", "{}", png.display());
        assert!(bytes.len() > 2000);
    }
    assert_refused(
        &[
            "explore",
            "wythoff",
            "--grid",
            "5,5",
            "--png",
            "/nonexistent-dir/x.png",
        ],
        "",
        1,
        "cannot write /nonexistent-dir/x.png",
    );
}

#[test]
fn analyze_a_script_position() {
    let out = run_ok(&["analyze", &script("wythoff.rhai")], "[3, 5]\n");
    assert!(out.contains("grundy:    0"), "{out}");
    assert!(out.contains("winner:    second player"), "{out}");
    let json: serde_json::Value = serde_json::from_str(&run_ok(
        &["analyze", &script("wythoff.rhai"), "--json"],
        "[4, 9] [2, 2]",
    ))
    .unwrap();
    assert_eq!(json["winner"], "first");
    assert_eq!(json["positions"], serde_json::json!([[4, 9], [2, 2]]));
    let total = json["values"][0].as_u64().unwrap() ^ json["values"][1].as_u64().unwrap();
    assert_eq!(json["grundy"], total);
    // Each winning move, played, leaves a position of value 0.
    let moves = json["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let mut rest: Vec<String> = vec!["[4, 9]".into(), "[2, 2]".into()];
        let i = m["component"].as_u64().unwrap() as usize - 1;
        let to: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.to_string())
            .collect();
        rest.remove(i);
        rest.extend(to);
        let after: serde_json::Value = serde_json::from_str(&run_ok(
            &["analyze", &script("wythoff.rhai"), "--json"],
            &rest.join(" "),
        ))
        .unwrap();
        assert_eq!(after["grundy"], 0, "after {m}");
    }
    // Heaps of a splitting game: a sum of positions, moves that split.
    let kayles = run_ok(&["analyze", &script("kayles.rhai")], "3 4 5");
    let built_in = run_ok(&["analyze", "kayles"], "3 4 5");
    let line = |s: &str, key: &str| s.lines().find(|l| l.starts_with(key)).unwrap().to_string();
    assert_eq!(
        line(&kayles, "values:")
            .split_whitespace()
            .collect::<Vec<_>>(),
        line(&built_in, "values:")
            .split_whitespace()
            .collect::<Vec<_>>()
    );
    let count = |s: &str| s.lines().filter(|l| l.starts_with("  ")).count();
    assert_eq!(count(&kayles), count(&built_in));
}

#[test]
fn bad_scripts_and_inputs_are_refused_with_one_line() {
    let syntax = temp_script("fn options(n) {\n  [n - 1\n}\n");
    assert_refused(&["sequence", &arg(&syntax), "--upto", "5"], "", 2, ":3:");
    assert_refused(
        &["sequence", &arg(&syntax), "--upto", "5"],
        "",
        2,
        "syntax error",
    );

    let no_options = temp_script("fn moves(n) { [] }\n");
    assert_refused(&["analyze", &arg(&no_options)], "3", 2, "fn options(p)");

    let runtime = temp_script(
        "fn options(n) {\n  let x = 10 / (n - 4);\n  if n > 0 { [n - 1] } else { [] }\n}\n",
    );
    assert_refused(
        &["sequence", &arg(&runtime), "--upto", "9"],
        "",
        2,
        "options(4) failed",
    );
    let r = run(&["sequence", &arg(&runtime), "--upto", "9"], "");
    assert!(r.stderr.contains(".rhai:2:"), "{}", r.stderr);

    assert_refused(
        &["analyze", &script("kayles.rhai")],
        "-3",
        2,
        "a row cannot have a negative number of pins",
    );
    assert_refused(
        &["analyze", &script("wythoff.rhai")],
        "[3, 5",
        2,
        "expected ']' to close the position",
    );
    assert_refused(
        &["analyze", &script("wythoff.rhai")],
        "[3, 4",
        2,
        "<stdin>:1: expected ']' to close the position",
    );
    assert_refused(
        &["analyze", &script("wythoff.rhai")],
        "[3, \"x]",
        2,
        "<stdin>:1: expected a closing '\"' on the same line",
    );
    // A word is a string: the script's own check refuses it, naming the position.
    assert_refused(
        &["analyze", &script("string_cuts.rhai")],
        "[3, 4]",
        2,
        "a position is a string, like abacaba",
    );
    // Parameters: one the script does not declare, one it needs and did not get, one
    // given to a game that takes none, and a malformed one.
    assert_refused(
        &["analyze", &script("kayles.rhai"), "3", "--param", "k=2"],
        "",
        2,
        "kayles.rhai: the script declares no parameter 'k' (it declares none;",
    );
    assert_refused(
        &["analyze", &script("intervals.rhai"), "[1, 9]"],
        "",
        2,
        "the parameter 'intervals' has no default: give it, e.g. --param intervals=5",
    );
    assert_refused(
        &["analyze", "nim", "3", "--param", "k=2"],
        "",
        2,
        "error: nim takes no parameters, but k=2 was given; --param is for script games",
    );
    assert_refused(
        &[
            "sequence",
            &script("kayles.rhai"),
            "--upto",
            "3",
            "--param",
            "k",
        ],
        "",
        2,
        "error: --param: expected a parameter NAME=VALUE (like k=5), found 'k'",
    );

    // A coin rule that turns a coin right of its head.
    let right = temp_script("fn turns(x) { [[x + 1]] }\n");
    assert_refused(
        &[
            "analyze",
            &format!("coins:{}", right.path().display()),
            "THH",
        ],
        "",
        2,
        "turns(0) lists coin 1 in set 1: every other coin a move turns lies left of its rightmost",
    );
    assert_refused(
        &["analyze", "coins:", "THH"],
        "",
        2,
        "coins: needs a file name",
    );

    let endless = temp_script("fn options(n) { let i = 0; loop { i += 1; } }\n");
    assert_refused(
        &["sequence", &arg(&endless), "--upto", "3"],
        "",
        2,
        "operations",
    );

    let recursion = temp_script("fn f(n) { f(n + 1) }\nfn options(n) { f(n) }\n");
    assert_refused(
        &["sequence", &arg(&recursion), "--upto", "3"],
        "",
        2,
        "too deep",
    );

    // Each nested eval took a native frame until the process aborted (exit 134).
    let eval = temp_script("fn options(p) { let s = \"eval(s)\"; eval(s); [] }\n");
    for command in ["sequence", "explore"] {
        assert_refused(
            &[command, &arg(&eval), "--upto", "3"],
            "",
            2,
            "'eval' is disabled",
        );
    }
    assert_refused(&["analyze", &arg(&eval)], "3", 2, "'eval' is disabled");

    // Thousands of options a position, thousands deep: what waits on the solver's stack
    // counts against --memory, not only what is stored (this reached 919 MB under 64M).
    assert_refused(
        &["analyze", &script("wythoff.rhai"), "--memory", "64M"],
        "[3000, 3000]",
        2,
        "positions would have to be held",
    );

    // A cycle is answered (see games_with_cycles_are_answered), but one with no end to its
    // positions still meets the memory budget.
    let cycle = temp_script("fn options(n) { if n == 0 { [] } else { [n - 1, n + 1] } }\n");
    assert_refused(
        &["sequence", &arg(&cycle), "--upto", "3", "--memory", "1M"],
        "",
        2,
        "more than 2048 positions",
    );

    let bad_option = temp_script("fn options(n) { if n > 0 { [#{seven: 7}] } else { [] } }\n");
    assert_refused(
        &["sequence", &arg(&bad_option), "--upto", "3"],
        "",
        2,
        "option 1 is a map",
    );

    // An endless game (every position has a larger option) meets the memory budget.
    let endless_game = temp_script("fn options(n) { [n + 1] }\n");
    assert_refused(
        &[
            "sequence",
            &arg(&endless_game),
            "--upto",
            "0",
            "--memory",
            "1M",
        ],
        "",
        2,
        "more than 2048 positions",
    );
    assert_refused(
        &[
            "sequence",
            &script("kayles.rhai"),
            "--upto",
            "9000",
            "--memory",
            "1M",
        ],
        "",
        2,
        "--memory allows 2048 positions",
    );

    // The sandbox: no modules from files.
    let import = temp_script("fn options(n) { import \"kayles\" as k; [] }\n");
    assert_refused(
        &["sequence", &arg(&import), "--upto", "2"],
        "",
        2,
        "options(0) failed",
    );

    assert_refused(
        &["sequence", "script:/nonexistent/x.rhai", "--upto", "3"],
        "",
        1,
        "/nonexistent/x.rhai: cannot read",
    );
    assert_refused(&["explore", "kayles"], "", 2, "exactly one of --upto N");
    assert_refused(
        &["explore", "kayles", "--grid", "3,3"],
        "",
        2,
        "use --upto N",
    );
    assert_refused(&["explore", "wythoff", "--upto", "3"], "", 2, "use --grid");
    assert_refused(
        &["explore", "wythoff", "--grid", "3x3"],
        "",
        2,
        "--grid expects X,Y",
    );
    assert_refused(
        &["explore", "wythoff", "--grid", "100000,100000"],
        "",
        2,
        "more than the supported",
    );
    assert_refused(
        &["explore", "lame-queen:0", "--grid", "3,3"],
        "",
        2,
        "lame-queen:D",
    );
}

#[test]
fn games_with_cycles_are_answered() {
    // The bundled track: 0, 1, 2 are worth 0, 1, 2; 3 can escape up into a cycle and is
    // worth ∞(1,2); above it every position is drawn.
    let track = script("loopy_track.rhai");
    let text = run_ok(&["sequence", &track, "--upto", "6"], "");
    assert_eq!(text.trim(), "0 1 2 ∞(1,2) ∞(2) ∞ ∞");
    // 3 + 1: ∞(1,2) beside a 1 is ∞(0,3), won by moving 3 down to 1.
    let json: serde_json::Value =
        serde_json::from_str(&run_ok(&["analyze", &track, "--json"], "3 1")).expect("JSON");
    assert_eq!(json["loopy"], true);
    assert_eq!(json["values"], serde_json::json!(["∞(1,2)", "1"]));
    assert_eq!(json["value"], "∞(0,3)");
    assert_eq!(json["winner"], "first");
    let wins = json["winning_moves"].as_array().expect("moves");
    assert_eq!(wins.len(), 1);
    assert_eq!(wins[0]["component"], 1);
    assert_eq!(wins[0]["to"], serde_json::json!([1]));
    // 6 + 9: a draw, and the text says which moves keep it.
    let text = run_ok(&["analyze", &track], "6 9");
    assert!(text.contains("winner:    draw"), "{text}");
    assert!(text.contains("moves that keep the draw (5)"), "{text}");
    // A script with no cycle keeps its report as before (no loopy field).
    let json: serde_json::Value = serde_json::from_str(&run_ok(
        &["analyze", &script("subtraction.rhai"), "--json"],
        "5",
    ))
    .expect("JSON");
    assert!(json.get("loopy").is_none(), "{json}");
    assert_eq!(json["grundy"], 3);
    // Misère play of a game with cycles is not analysed, nor are its periods explored: one
    // line each, exit 2, saying where its values are.
    assert_refused(&["analyze", &track, "--misere"], "3", 2, "loopy");
    assert_refused(
        &["explore", &track, "--upto", "12"],
        "",
        2,
        "grundy sequence and grundy analyze give its generalised values",
    );
}

/// `--axes` explores list positions of more than two entries: three Nim heaps with the
/// middle one held at 3 are worth x ⊕ 3 ⊕ y, said as a nim-sum over the whole grid; the
/// line [2, n, 2] is worth n.
#[test]
fn axes_pick_the_entries_that_vary() {
    let f = temp_script(
        "fn options(p) {\n    let out = [];\n    for i in 0..p.len() {\n        for k in 0..p[i] { let q = p; q[i] = k; out.push(q); }\n    }\n    out\n}\n",
    );
    let game = arg(&f);
    let grid = grid_json(&[
        "explore",
        &game,
        "--grid",
        "7,7",
        "--axes",
        "[x, 3, y]",
        "--json",
    ]);
    for x in 0..=7u64 {
        for y in 0..=7u64 {
            assert_eq!(grid["values"][x as usize][y as usize], x ^ 3 ^ y);
        }
    }
    let text = run_ok(
        &["explore", &game, "--grid", "7,7", "--axes", "[x, 3, y]"],
        "",
    );
    assert!(
        text.contains("value(x, y) = f(x) ⊕ y on the whole grid"),
        "{text}"
    );
    assert!(text.contains(" at [x, 3, y]"), "{text}");
    let line = run_ok(
        &["explore", &game, "--upto", "30", "--axes", "[2, n, 2]"],
        "",
    );
    assert!(
        line.contains("period: 1, arithmetic: each period adds 1"),
        "{line}"
    );
    assert_refused(
        &["explore", &game, "--grid", "3,3", "--axes", "[x, 3]"],
        "",
        2,
        "--axes [x, 3]: y appears 0 times, not once",
    );
    assert_refused(
        &["explore", "kayles", "--upto", "30", "--axes", "[n]"],
        "",
        2,
        "--axes picks the entries of a script game's list positions",
    );
}
