//! Every contest parser, `solve` and `analyze`: the first byte picks one, the rest is the
//! input. An input must be accepted or refused with a one-line message; a panic is a bug.
#![no_main]

use grundy::catalogue::{self, Feature, Options};
use grundy::progress::NoProgress;
use grundy_cli::problems::{self, Input, Problem};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (problem, _, _) = Problem::ALL[usize::from(pick % 5)];
    let input = Input {
        source: "<fuzz>".to_string(),
        bytes: rest.to_vec(),
    };
    let message = if pick & 0x80 != 0 {
        let game = catalogue::lookup_for(problem.name(), Feature::Analyze)
            .expect("every contest problem is analyzed");
        match catalogue::analyze(&game, &input, &Options::default(), &mut NoProgress) {
            Ok(analysis) => {
                let _ = analysis.report.to_string();
                return;
            }
            Err(e) => e.message,
        }
    } else {
        match problems::solve(problem, &input) {
            Ok(_) => return,
            Err(f) => {
                assert!(f.status == 1 || f.status == 2, "status {}", f.status);
                format!("{:#}", f.error)
            }
        }
    };
    assert!(
        !message.chars().any(char::is_control),
        "a line break or another control character: {message:?}"
    );
});
