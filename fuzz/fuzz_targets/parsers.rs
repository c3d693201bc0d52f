//! Every contest parser, `solve` and `analyze`: the first byte picks one, the rest is the
//! input. An input must be accepted or refused with a one-line message; a panic is a bug.
#![no_main]

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
    let result = if pick & 0x80 != 0 {
        problems::analyze(problem, &input, false, None).map(String::into_bytes)
    } else {
        problems::solve(problem, &input)
    };
    if let Err(f) = result {
        let message = format!("{:#}", f.error);
        assert!(f.status == 1 || f.status == 2, "status {}", f.status);
        assert!(
            !message.chars().any(char::is_control),
            "a line break or another control character: {message:?}"
        );
    }
});
