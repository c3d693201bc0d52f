//! Pictures: `sequence --plot` and `picture`.

use super::{assert_refused, run_ok};

fn is_png(path: &std::path::Path) -> bool {
    std::fs::read(path).is_ok_and(|b| b.len() > 5_000 && b.starts_with(b"\x89PNG\r\n\x1a\n"))
}

#[test]
fn p_positions_are_drawn_for_the_lame_queen_and_wythoff() {
    let dir = tempfile::tempdir().expect("a folder");
    for (args, name) in [
        (
            vec!["picture", "lamqugam", "--d", "2", "--size", "120"],
            "queen.png",
        ),
        (vec!["picture", "wythoff", "--size", "50"], "wythoff.png"),
        (vec!["picture", "lame-queen", "--size", "3000"], "big.png"),
    ] {
        let path = dir.path().join(name);
        let mut args = args.clone();
        let arg = path.to_string_lossy().into_owned();
        args.push(&arg);
        assert_eq!(run_ok(&args, ""), "", "nothing on stdout");
        assert!(is_png(&path), "{name} is not a PNG picture");
    }
    let out = dir.path().join("x.png");
    let out = out.to_string_lossy();
    assert_refused(
        &["picture", "chess", "--size", "5", &out],
        "",
        2,
        "unknown game 'chess'",
    );
    assert_refused(
        &["picture", "wythoff", "--size", "0", &out],
        "",
        2,
        "--size 0",
    );
    assert_refused(
        &["picture", "wythoff", "--size", "2000000", &out],
        "",
        2,
        "expected 1 to 1000000",
    );
    assert_refused(
        &["picture", "wythoff", "--d", "2", "--size", "5", &out],
        "",
        2,
        "--d applies to lamqugam",
    );
    assert_refused(
        &["picture", "lamqugam", "--d", "0", "--size", "5", &out],
        "",
        2,
        "--d 0",
    );
    assert_refused(
        &[
            "picture",
            "wythoff",
            "--size",
            "5",
            "/nonexistent/dir/x.png",
        ],
        "",
        2,
        "cannot write",
    );
}
