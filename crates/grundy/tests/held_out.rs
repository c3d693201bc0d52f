//! Contest and textbook games written as the bundled scripts write them (a list of stairs,
//! a string, intervals given as a parameter, a tree of nested lists), each against a brute
//! force in Rust over the literal game, or the rule the statement publishes.
//!
//! - CSES 1099, Stair Game: the first player wins when the XOR of the even stairs is not 0.
//! - Codeforces 305E, Playing with String: who wins, and the least winning cut.
//! - AtCoder ABC 206 F, Interval Game 2: the intervals are a parameter of the script.
//! - Green Hackenbush on a tree of nested lists, against the `hackenbush` module's colon
//!   principle on the same tree (AtCoder AGC 017 D is that game).

#![cfg(feature = "script")]

use std::collections::HashMap;
use std::path::PathBuf;

use grundy::parse::Params;
use grundy::script::{ScriptGame, ScriptPosition, parse_positions};
use grundy::{Nimber, Solver};
use proptest::prelude::*;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../examples/games/{name}"))
}

fn load(name: &str, params: &[&str]) -> ScriptGame {
    let params = Params::parse(params).expect("well-formed parameters");
    ScriptGame::load_with(&example(name), name, &params).expect("the script loads")
}

fn position(text: &str) -> ScriptPosition {
    let mut read = parse_positions(text).expect("a position");
    assert_eq!(read.len(), 1, "{text}");
    read.remove(0)
}

/// The mex of `values`.
fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: Vec<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap_or(0)
}

// --- CSES 1099: Stair Game ---------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// The player to move wins exactly when the XOR of the balls on the even stairs (stair
    /// 2, 4, ... counted from 1) is not 0, the rule the problem's solution states.
    #[test]
    fn stair_game_is_won_by_the_xor_of_the_even_stairs(stairs in proptest::collection::vec(0i64..4, 1..6)) {
        let game = load("stairs.rhai", &[]);
        let mut solver = Solver::new(&game);
        let value = solver.grundy(&ScriptPosition::from(stairs.as_slice())).expect("valued");
        let even = stairs.iter().skip(1).step_by(2).fold(0, |a, &b| a ^ b);
        prop_assert_eq!(value != Nimber::ZERO, even != 0, "{:?}", stairs);
    }
}

// --- Codeforces 305E: Playing with String --------------------------------------------------

/// The value of a string by brute force over the literal rules: cut a character whose
/// neighbours are equal, the two sides played apart.
fn string_value(s: &[u8], memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let n = s.len();
    let options: Vec<u64> = (1..n.saturating_sub(1))
        .filter(|&i| s[i - 1] == s[i + 1])
        .map(|i| string_value(&s[..i], memo) ^ string_value(&s[i + 1..], memo))
        .collect();
    let v = mex(options);
    memo.insert(s.to_vec(), v);
    v
}

/// The problem's answer: `Some(i)`, the least winning cut counted from 1, or `None` when
/// the second player wins.
fn string_answer(s: &str) -> Option<usize> {
    let s = s.as_bytes();
    let mut memo = HashMap::new();
    (1..s.len().saturating_sub(1))
        .filter(|&i| s[i - 1] == s[i + 1])
        .find(|&i| string_value(&s[..i], &mut memo) ^ string_value(&s[i + 1..], &mut memo) == 0)
        .map(|i| i + 1)
}

/// The script's answer: the least winning cut read off its first winning move (the
/// part left before the cut is one character shorter than the cut's place).
fn script_string_answer(game: &ScriptGame, s: &str) -> Option<usize> {
    let analysis = game
        .analyze(&[ScriptPosition::from(s)], 1 << 20)
        .expect("analysed");
    let first = analysis.winning_moves.first()?;
    match &first.to[0] {
        ScriptPosition::Str(before) => Some(before.chars().count() + 1),
        other => panic!("a cut leaves strings, not {other}"),
    }
}

#[test]
fn string_cuts_answer_the_samples() {
    let game = load("string_cuts.rhai", &[]);
    assert_eq!(script_string_answer(&game, "abacaba"), Some(2));
    assert_eq!(script_string_answer(&game, "abcde"), None);
    // Our own: no cut at all, one cut, and a run of cuts.
    assert_eq!(script_string_answer(&game, "ab"), None);
    assert_eq!(script_string_answer(&game, "aba"), Some(2));
    assert_eq!(script_string_answer(&game, "aaaa"), string_answer("aaaa"));
    assert_eq!(string_answer("abacaba"), Some(2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    /// Who wins, and the least winning cut, agree with the brute force on random strings.
    #[test]
    fn string_cuts_agree_with_a_brute_force(s in "[ab]{0,12}|[abc]{0,12}") {
        let game = load("string_cuts.rhai", &[]);
        prop_assert_eq!(script_string_answer(&game, &s), string_answer(&s), "{}", s);
    }
}

// --- AtCoder ABC 206 F: Interval Game 2 ----------------------------------------------------

/// The value of the free stretch [l, r) with the intervals `ivs`, by brute force.
fn stretch_value(l: i64, r: i64, ivs: &[(i64, i64)], memo: &mut HashMap<(i64, i64), u64>) -> u64 {
    if let Some(&v) = memo.get(&(l, r)) {
        return v;
    }
    let options: Vec<u64> = ivs
        .iter()
        .filter(|&&(a, b)| l <= a && b <= r)
        .map(|&(a, b)| stretch_value(l, a, ivs, memo) ^ stretch_value(b, r, ivs, memo))
        .collect();
    let v = mex(options);
    memo.insert((l, r), v);
    v
}

fn intervals_param(ivs: &[(i64, i64)]) -> String {
    let items: Vec<String> = ivs.iter().map(|(a, b)| format!("[{a}, {b}]")).collect();
    format!("intervals=[{}]", items.join(", "))
}

#[test]
fn intervals_answer_our_cases() {
    // Three intervals, never two at once overlapping: three moves, the first player wins.
    let ivs = [(1, 2), (2, 3), (3, 4)];
    let game = load("intervals.rhai", &[&intervals_param(&ivs)]);
    let mut solver = Solver::new(&game);
    assert_eq!(solver.grundy(&position("[1, 100]")).unwrap(), Nimber(1));
    // One interval covering everything: one move.
    let game = load("intervals.rhai", &["intervals=[[1, 100]]"]);
    assert_eq!(
        Solver::new(&game).grundy(&position("[1, 100]")).unwrap(),
        Nimber(1)
    );
    // Two overlapping intervals: one move either way.
    let game = load("intervals.rhai", &["intervals=[[1, 5], [3, 8]]"]);
    assert_eq!(
        Solver::new(&game).grundy(&position("[1, 100]")).unwrap(),
        Nimber(1)
    );
    // Two apart: two moves, the second player wins.
    let game = load("intervals.rhai", &["intervals=[[1, 5], [6, 8]]"]);
    assert_eq!(
        Solver::new(&game).grundy(&position("[1, 100]")).unwrap(),
        Nimber(0)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random interval sets: each parameter set is its own game, solved side by side with
    /// another (two solvers alive at once, their positions the same pairs), and each
    /// agrees with the brute force on every stretch.
    #[test]
    fn intervals_agree_with_a_brute_force(
        a in proptest::collection::vec((1i64..12, 1i64..4), 1..6),
        b in proptest::collection::vec((1i64..12, 1i64..4), 1..6),
    ) {
        let a: Vec<(i64, i64)> = a.into_iter().map(|(l, w)| (l, l + w)).collect();
        let b: Vec<(i64, i64)> = b.into_iter().map(|(l, w)| (l, l + w)).collect();
        let ga = load("intervals.rhai", &[&intervals_param(&a)]);
        let gb = load("intervals.rhai", &[&intervals_param(&b)]);
        let (mut sa, mut sb) = (Solver::new(&ga), Solver::new(&gb));
        let (mut ma, mut mb) = (HashMap::new(), HashMap::new());
        for l in 1..8 {
            for r in l..16 {
                let p = ScriptPosition::from(&[l, r][..]);
                prop_assert_eq!(sa.grundy(&p).unwrap().0, stretch_value(l, r, &a, &mut ma));
                prop_assert_eq!(sb.grundy(&p).unwrap().0, stretch_value(l, r, &b, &mut mb));
            }
        }
    }
}

// --- Green Hackenbush on a tree of nested lists --------------------------------------------

/// The tree below vertex `v` (children listed in `kids`) as nested lists.
fn nested(v: usize, kids: &[Vec<usize>]) -> String {
    let inner: Vec<String> = kids[v].iter().map(|&c| nested(c, kids)).collect();
    format!("[{}]", inner.join(", "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// A random rooted tree of up to 9 edges is worth, as nested lists in the script, what
    /// the hackenbush module's colon principle makes of its edge list.
    #[test]
    fn tree_cuts_are_green_hackenbush(parents in proptest::collection::vec(any::<prop::sample::Index>(), 0..9)) {
        let n = parents.len() + 1;
        let mut kids = vec![Vec::new(); n];
        let mut edges = Vec::new();
        for (i, p) in parents.iter().enumerate() {
            let child = i + 1;
            let parent = p.index(child);
            kids[parent].push(child);
            edges.push([parent as u32, child as u32]);
        }
        let game = load("tree_cuts.rhai", &[]);
        let text = nested(0, &kids);
        let value = Solver::new(&game).grundy(&position(&text)).expect("valued");
        prop_assert_eq!(value, grundy::games::hackenbush::value(n as u32, &edges), "{}", text);
    }
}

// --- Parameters ------------------------------------------------------------------------------

#[test]
fn parameters_are_declared_given_and_kept_apart() {
    // Not declared: refused, naming the ones that are.
    let e = ScriptGame::load_with(
        &example("intervals.rhai"),
        "intervals.rhai",
        &Params::parse(&["intervals=[[1, 2]]", "k=3"]).unwrap(),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "intervals.rhai: the script declares no parameter 'k' (it declares intervals)"
    );
    // Declared without a default and not given.
    let e = ScriptGame::load_with(
        &example("intervals.rhai"),
        "intervals.rhai",
        &Params::none(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("the parameter 'intervals' has no default"),
        "{e}"
    );
    assert!(e.contains("--param intervals="), "{e}");
    // A value that is no position.
    let e = ScriptGame::load_with(
        &example("intervals.rhai"),
        "intervals.rhai",
        &Params::parse(&["intervals=[[1, 2]"]).unwrap(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with("intervals.rhai: parameter intervals: expected"),
        "{e}"
    );
    // A default, and values read as positions: a number, a word, several make a list.
    let text = "const K = param(\"k\", 2);
                const CUTS = param(\"cuts\", [1]);
                fn options(n) { let out = []; for c in CUTS { if c <= n && c <= K { out.push(n - c); } } out }";
    let plain = ScriptGame::compile("t.rhai", text).unwrap();
    let given = ScriptGame::compile_with(
        "t.rhai",
        text,
        &Params::parse(&["k=4", "cuts=1 4 9"]).unwrap(),
    )
    .unwrap();
    assert_eq!(given.name(), "t.rhai (k=4, cuts=1 4 9)");
    assert_eq!(plain.name(), "t.rhai");
    let values = |g: &ScriptGame| -> Vec<u64> {
        let mut s = Solver::new(g);
        (0..10).map(|n| s.grundy(&n.into()).unwrap().0).collect()
    };
    assert_eq!(values(&plain), [0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    // Takes 1 or 4 (9 is past K): the subtraction game {1, 4}.
    assert_eq!(values(&given), [0, 1, 0, 1, 2, 0, 1, 0, 1, 2]);
    // A malformed item is refused before any script is read.
    assert!(Params::parse(&["k"]).is_err());
    assert!(Params::parse(&["1k=2"]).is_err());
    assert!(Params::parse(&["k=1", "k=2"]).is_err());
}

// --- Coin rules written as scripts --------------------------------------------------------

fn coin_rule(text: &str) -> Result<grundy::games::coins::Listed, String> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("rule.rhai");
    std::fs::write(&path, text).expect("written");
    grundy::script::coin_rule(&path, "rule.rhai", &Params::none()).map_err(|e| e.to_string())
}

/// The bundled Mock Turtles and Ruler rules, listed by scripts, play as the built-in rules:
/// the same value for a single head at every coin a row holds, and the same literal moves
/// (as sets of rows left) on random rows.
#[test]
fn coin_rules_as_scripts_are_the_built_in_rules() {
    use grundy::Game;
    use grundy::games::coins::{Coins, MAX_COINS, Row, Rule};
    use grundy::games::notation::Notation;
    for (file, rule) in [
        ("mock_turtles.rhai", Rule::MockTurtles),
        ("ruler.rhai", Rule::Ruler),
    ] {
        let listed = grundy::script::coin_rule(&example(file), file, &Params::none())
            .expect("the bundled rule loads");
        let script = Coins::listed(listed);
        let built_in = Coins::new(rule);
        assert_eq!(script.first(), built_in.first(), "{file}");
        for n in 0..=MAX_COINS as u64 {
            let (a, b) = (
                script.numbered(n).expect("a line").ok(),
                built_in.numbered(n).expect("a line").ok(),
            );
            assert_eq!(a, b, "{file}: coin {n}");
            if let Some(row) = a {
                assert_eq!(script.value(&row), built_in.value(&row), "{file}: coin {n}");
            }
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..50 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = 1 + (state >> 59) as u32;
            let row = Row {
                len,
                heads: u128::from(state >> 7) & ((1u128 << len) - 1),
            };
            let (mut a, mut b) = (Vec::new(), Vec::new());
            script.options(&row, &mut a);
            built_in.options(&row, &mut b);
            a.sort();
            b.sort();
            assert_eq!(a, b, "{file}: {}", script.write(&[row]));
        }
    }
}

#[test]
fn bad_coin_rules_are_refused_with_the_coin_and_the_set() {
    let e = coin_rule("fn turns(x) { [[x]] }").unwrap_err();
    assert_eq!(
        e,
        "rule.rhai: turns(0) lists coin 0 in set 1: every other coin a move turns lies left of its rightmost, the head at coin 0, and the coins are numbered from 0"
    );
    let e = coin_rule("fn turns(x) { if x > 2 { [[x + 1]] } else { [] } }").unwrap_err();
    assert!(e.contains("turns(3) lists coin 4"), "{e}");
    let e = coin_rule("fn turns(x) { if x > 2 { [[0, 0]] } else { [] } }").unwrap_err();
    assert!(e.contains("names coin 0 twice"), "{e}");
    let e = coin_rule("fn turns(x) { 5 }").unwrap_err();
    assert!(e.contains("turns(0) must return an array of sets"), "{e}");
    let e = coin_rule("fn turns(x) { [5] }").unwrap_err();
    assert!(e.contains("set 1 is a i64"), "{e}");
    let e = coin_rule("fn options(x) { [] }").unwrap_err();
    assert!(e.contains("defines no `fn turns(x)`"), "{e}");
    let e = coin_rule("const FIRST = 2;\nfn turns(x) { [] }").unwrap_err();
    assert!(
        e.contains("FIRST is the number of the leftmost coin, 0 or 1"),
        "{e}"
    );
    let e = coin_rule("fn turns(x) {\n  throw \"no\";\n}").unwrap_err();
    assert!(e.starts_with("rule.rhai:2:"), "{e}");
    // 9000 moves for every head: past the bound of 2^20 moves before coin 127.
    let e = coin_rule("fn turns(x) { let out = []; out.pad(9000, []); out }").unwrap_err();
    assert!(e.contains("more than 1048576 moves"), "{e}");
}
