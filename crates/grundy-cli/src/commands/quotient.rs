//! `grundy quotient`: the misère quotient of a heap family, as text or JSON.

use std::io::{self, BufWriter, Write};

use anyhow::anyhow;
use grundy::catalogue::{self, Feature, Game};

use super::script;
use crate::Failure;
use crate::progress::Bar;

/// `grundy quotient`: the misère quotient of a heap family.
pub fn run(code: &str, upto: u64, json: bool) -> Result<(), Failure> {
    let named = catalogue::lookup_for(code, Feature::Sequence)?;
    let Game::Heaps(family) = named else {
        return Err(Failure::input(anyhow!(
            "quotient applies to heap families (nim, kayles, octal:CODE, hex:CODE, subtraction:S, grundy-game), not to '{}'",
            grundy::parse::escaped_str(code)
        )));
    };
    if script::path_of(code).is_some() {
        return Err(Failure::input(anyhow!(
            "quotient applies to the built-in heap families, not to script games"
        )));
    }
    let (report, _) = grundy::report::quotient::quotient(&family, upto, &mut Bar::delayed())?;
    let mut out = BufWriter::new(io::stdout().lock());
    if json {
        serde_json::to_writer(&mut out, &report).map_err(|e| Failure::other(anyhow!("{e}")))?;
        writeln!(out)?;
    } else {
        writeln!(out, "{report}")?;
    }
    out.flush()?;
    Ok(())
}
