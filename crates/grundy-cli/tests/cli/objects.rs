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
