//! Every game analysed through its notation (its rules and notation in one module, one
//! catalogue line; its report is the generic report of a sum of parts) answered by the
//! command line with no code of its own: its example analysed as text and JSON, each
//! winning move checked by analysing the position it leaves, misère play, remoteness, a
//! picture where it has one, and a bad position refused. No game is named here: a game
//! added to the catalogue this way is tested by this file as it is.

use super::{assert_refused, run_ok};
use grundy::catalogue::{ENTRIES, Feature};

#[test]
fn every_game_reported_as_a_sum_answers_every_question_from_its_example() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut tried = 0;
    for e in ENTRIES.iter().filter(|e| !e.name.ends_with(':')) {
        let name = e.name;
        let json: serde_json::Value =
            serde_json::from_str(&run_ok(&["analyze", name, "-", "--json"], e.example))
                .expect("JSON");
        if json.get("parts").is_none() {
            continue;
        }
        tried += 1;
        let text = run_ok(&["analyze", name, "-"], e.example);
        assert!(
            text.starts_with(&format!("game:    {name}\n")),
            "{name}: {text}"
        );
        let winning = json["winning_moves"].as_array().expect("winning moves");
        assert_eq!(json["grundy"] == 0, winning.is_empty(), "{name}: {json}");
        for m in winning {
            let after = m["position"].as_str().expect("a position");
            let there: serde_json::Value =
                serde_json::from_str(&run_ok(&["analyze", name, "-", "--json"], after))
                    .expect("JSON");
            assert_eq!(there["grundy"], 0, "{name}: {} leaves {after:?}", m["move"]);
            // The position a move leaves is written as analyze reads it, and reads back
            // to itself.
            assert_eq!(there["position"], after, "{name}");
        }
        let misere = run_ok(&["analyze", name, "-", "--misere"], e.example);
        assert!(misere.contains("play:    misère"), "{name}: {misere}");
        let remote = run_ok(&["analyze", name, "-", "--remoteness"], e.example);
        assert!(remote.contains("remoteness: "), "{name}: {remote}");
        if e.supports(Feature::Picture) {
            let png = dir.path().join(format!("{name}.png"));
            let png_arg = png.to_str().expect("a UTF-8 path");
            run_ok(&["analyze", name, "-", "--png", png_arg], e.example);
            let bytes = std::fs::read(&png).expect("the picture");
            assert!(bytes.starts_with(b"\x89PNG"), "{name}");
        }
        assert_refused(
            &["analyze", name, "-"],
            &format!("{}\n@", e.example),
            2,
            "<stdin>:",
        );
    }
    assert!(
        tried > 0,
        "no game of the catalogue is analysed through its notation"
    );
}

/// A switch only some games take (`--memory`, `--threads`, `--checkpoint`, `--cache`) is
/// taken by every game whose entry lists it, and refused for every other game with a line
/// that names the games taking it, as the catalogue lists them.
#[test]
fn each_switch_is_taken_by_the_games_whose_entry_lists_it_and_refused_naming_them() {
    use grundy::catalogue::object::Knob;
    let dir = tempfile::tempdir().expect("a folder");
    let checkpoint = dir.path().join("saved");
    let checkpoint = checkpoint.to_str().expect("a UTF-8 path");
    let cache = dir.path().to_str().expect("a UTF-8 path");
    let knobs: [(Knob, &[&str]); 4] = [
        (Knob::Memory, &["--memory", "64M"]),
        (Knob::Threads, &["--threads", "1"]),
        (Knob::Checkpoint, &["--checkpoint", checkpoint]),
        (Knob::Cache, &["--cache", cache]),
    ];
    for (knob, switch) in knobs {
        let takers = grundy::catalogue::names_taking(knob);
        assert!(!takers.is_empty(), "{knob:?}");
        let mut refused = 0;
        for e in ENTRIES.iter().filter(|e| !e.name.ends_with(':')) {
            let mut args = vec!["analyze", e.name, "-"];
            args.extend_from_slice(switch);
            if e.takes(knob) {
                run_ok(&args, e.example);
                let _ = std::fs::remove_file(dir.path().join("saved"));
            } else {
                refused += 1;
                let line = format!("{} applies to {takers}", switch[0]);
                assert_refused(&args, e.example, 2, &line);
            }
        }
        assert!(refused > 0, "{knob:?}");
    }
}
