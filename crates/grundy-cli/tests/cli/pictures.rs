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
        1,
        "cannot write",
    );
}

#[test]
fn boards_are_drawn_with_their_winning_moves_as_png_and_svg() {
    let dir = tempfile::tempdir().expect("a folder");
    let lava = std::fs::read_to_string(super::example("caos3.txt")).expect("example");
    let inventor = std::fs::read_to_string(super::example("inventor.txt")).expect("example");
    let cakes = std::fs::read_to_string(super::example("cakes.txt")).expect("example");
    // Boards in play show what the moves made left: lava, attractions and signs.
    let open = "7 7\n^^^^^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n";
    let lava_played = format!("{open}played\n3 3\n");
    let inventor_played = format!("{inventor}played\n2 2\n");
    for (game, input, winning) in [
        ("lava", lava.as_str(), "monster to pour lava from"),
        ("lava", lava_played.as_str(), "lava"),
        ("inventor", inventor.as_str(), "winning build"),
        ("inventor", inventor_played.as_str(), "attraction built"),
        ("cakes", cakes.as_str(), "winning rectangle to put out"),
        ("shgame", "5 8 2 3\n", "winning cut"),
        ("cram", "3 4\n.#..\n....\n..#.\n", "winning domino"),
    ] {
        let png = dir.path().join(format!("{game}.png"));
        let svg = dir.path().join(format!("{game}.svg"));
        let (png_arg, svg_arg) = (
            png.to_string_lossy().into_owned(),
            svg.to_string_lossy().into_owned(),
        );
        let text = run_ok(
            &["analyze", game, "--png", &png_arg, "--svg", &svg_arg],
            input,
        );
        // The report on stdout is the one analyze prints without pictures.
        assert_eq!(text, run_ok(&["analyze", game], input), "{game}");
        assert!(is_png(&png), "{game}: no PNG");
        let svg = std::fs::read_to_string(&svg).expect("the SVG is written");
        assert!(
            svg.starts_with("<svg")
                && svg.contains(winning)
                && svg.contains("wins with perfect play"),
            "{game}"
        );
    }
    let json = run_ok(
        &[
            "analyze",
            "shgame",
            "--json",
            "--svg",
            &dir.path().join("s.svg").to_string_lossy(),
        ],
        "5 8 2 3\n",
    );
    assert_eq!(json, run_ok(&["analyze", "shgame", "--json"], "5 8 2 3\n"));
    let out = dir.path().join("x.png");
    let out = out.to_string_lossy();
    assert_refused(
        &["analyze", "nim", "--png", &out],
        "3 4 5",
        2,
        "'nim' has no board to draw",
    );
    assert_refused(
        &["analyze", "shgame", "--png", &out],
        "1000000 1000000 1 1",
        2,
        "too large to draw",
    );
}

#[test]
fn a_picture_name_that_promises_another_format_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // These wrote PNG bytes into a file named .svg, with exit status 0.
    super::assert_refused(
        &["picture", "wythoff", "--size", "10", &at("w.svg")],
        "",
        2,
        "name the file .png",
    );
    super::assert_refused(
        &["sequence", "kayles", "--upto", "10", "--plot", &at("k.svg")],
        "",
        2,
        "this writes PNG and the name says .svg",
    );
    super::assert_refused(
        &["explore", "kayles", "--upto", "10", "--png", &at("k.jpg")],
        "",
        2,
        "--png",
    );
    super::assert_refused(
        &["analyze", "cram", "--svg", &at("c.png")],
        "3 4",
        2,
        "this writes SVG",
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "a file was written"
    );
    // The right extension in any case, or none, is drawn.
    super::run_ok(&["picture", "wythoff", "--size", "10", &at("w.PNG")], "");
    super::run_ok(&["analyze", "cram", "--svg", &at("board")], "3 4");
    assert!(std::fs::read(at("w.PNG")).unwrap().starts_with(b"\x89PNG"));
    assert!(
        std::fs::read_to_string(at("board"))
            .unwrap()
            .contains("<svg")
    );
}
