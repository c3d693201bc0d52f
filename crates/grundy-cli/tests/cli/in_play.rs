//! Lava maps and Inventor boards in play: the board, then `played` and the moves made.
//! Whole games are played through `analyze --json`, and every step must agree with the
//! theory: a position worth more than 0 has a winning move, a winning move leaves a
//! position worth 0, any move from a position worth 0 leaves one worth more, and the game
//! ends worth 0 with no move left.

use serde_json::Value;

use crate::{assert_refused, example, run_ok};

fn report(game: &str, input: &str) -> Value {
    serde_json::from_str(&run_ok(&["analyze", game, "--json"], input)).expect("JSON")
}

fn cells(list: &Value) -> Vec<(u64, u64)> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|m| {
            if m.is_array() {
                (m[0].as_u64().unwrap(), m[1].as_u64().unwrap())
            } else {
                (m["row"].as_u64().unwrap(), m["column"].as_u64().unwrap())
            }
        })
        .collect()
}

/// Plays `start` of `game` to the end, the winning move when there is one, else the
/// `k`-th move left; `moves_left` names the report's list of moves still possible.
/// Returns the number of moves made.
fn play_out(game: &str, start: &str, moves_left: &str, k: usize) -> usize {
    let mut played: Vec<(u64, u64)> = Vec::new();
    let mut position = format!("{start}played\n");
    let mut before: Option<u64> = None;
    loop {
        let r = report(game, &position);
        let g = r["grundy"].as_u64().expect("a value");
        let left = cells(&r[moves_left]);
        let winning = cells(&r["winning_moves"]);
        assert_eq!(cells(&r["played"]), played, "{game}: the moves read back");
        if before == Some(0) {
            assert_ne!(g, 0, "{game}: a move from 0 left 0 after {played:?}");
        }
        assert_eq!(g == 0, winning.is_empty(), "{game} after {played:?}");
        assert!(winning.iter().all(|m| left.contains(m)), "{game}");
        for m in &played {
            assert!(!left.contains(m), "{game}: {m:?} played twice");
        }
        if left.is_empty() {
            assert_eq!(g, 0, "{game}: no move left, yet worth {g}");
            return played.len();
        }
        let next = winning.first().copied().unwrap_or(left[k % left.len()]);
        let wins = !winning.is_empty();
        played.push(next);
        position.push_str(&format!("{} {}\n", next.0, next.1));
        before = Some(g);
        if wins {
            let after = report(game, &position);
            assert_eq!(
                after["grundy"], 0,
                "{game}: the winning move {next:?} left a value"
            );
        }
    }
}

#[test]
fn whole_games_in_play_agree_with_the_theory() {
    let inventor = std::fs::read_to_string(example("inventor.txt")).expect("example");
    let open = format!("9 9\n{}", "^^^^^^^^^\n".repeat(9));
    for k in 0..3 {
        assert!(play_out("inventor", &inventor, "free_spots", k) >= 3);
        assert!(play_out("lava", &open, "live_monsters", k) >= 2);
    }
}

#[test]
fn nothing_played_is_the_plain_analysis() {
    let inventor = std::fs::read_to_string(example("inventor.txt")).expect("example");
    let lava = std::fs::read_to_string(example("caos3.txt")).expect("example");
    for (game, start, left, all) in [
        ("inventor", &inventor, "free_spots", None),
        ("lava", &lava, "live_monsters", Some("monsters")),
    ] {
        let plain = report(game, start);
        let in_play = report(game, &format!("{start}played\n"));
        assert_eq!(plain["grundy"], in_play["grundy"], "{game}");
        assert_eq!(plain["winning_moves"], in_play["winning_moves"], "{game}");
        assert_eq!(plain["board"], in_play["board"], "{game}");
        assert!(plain.get("played").is_none() && plain.get(left).is_none());
        if let Some(all) = all {
            assert_eq!(plain[all], in_play[left], "{game}");
        }
    }
}

#[test]
fn the_board_shows_the_moves_made() {
    let open = format!("7 7\n{}", "^^^^^^^\n".repeat(7));
    let text = run_ok(&["analyze", "lava"], &format!("{open}played\n3 3\n"));
    assert!(
        text.contains("after 1 move, lava (~) and 4 monsters alive (m)"),
        "{text}"
    );
    assert!(text.contains("  ~~~~~~~\n  ^^~mm^^\n"), "{text}");
    let inventor = "3 3\nX.X\n.X.\nX.X\n";
    let r = report("inventor", &format!("{inventor}played\n2 2\n"));
    // Building in the middle signs over every corner.
    assert_eq!(r["board"], serde_json::json!(["+.+", ".A.", "+.+"]));
    assert_eq!(r["grundy"], 0);
}

#[test]
fn bad_moves_are_refused_with_their_line() {
    let open = format!("7 7\n{}", "^^^^^^^\n".repeat(7));
    let inventor = "3 3\nX.X\n.X.\nX.X\n";
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "lava",
            format!("{open}played\n3 3\n3 4\n"),
            "<stdin>:11: move 2: row 3, column 4 holds no live monster",
        ),
        (
            "lava",
            format!("{open}played\n1 1\n"),
            "<stdin>:10: move 1: row 1, column 1 holds no live monster",
        ),
        (
            "lava",
            format!("{open}played\n3\n"),
            "expected a move's column (1 to 7), found end of input",
        ),
        (
            "lava",
            format!("{open}played\n8 1\n"),
            "expected a move's row (1 to 7), found 8",
        ),
        (
            "lava",
            format!("{open}moves 3 3\n"),
            "<stdin>:9: expected the end of the board, or 'played' and the moves made, found 'moves'",
        ),
        (
            "inventor",
            format!("{inventor}played\n2 2\n1 1\n"),
            "<stdin>:7: move 2: row 1, column 1 is not a free spot",
        ),
        (
            "inventor",
            format!("{inventor}played\n1 2\n"),
            "move 1: row 1, column 2 is not a free spot",
        ),
        (
            "inventor",
            format!("{inventor}played\n{}", "1 1\n".repeat(10)),
            "at most R·C = 9 moves",
        ),
    ];
    for (game, input, fragment) in cases {
        assert_refused(&["analyze", game], &input, 2, fragment);
    }
}
