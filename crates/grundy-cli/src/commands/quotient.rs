//! `grundy quotient`: the misère quotient of a heap family, as text or JSON.

use std::io::{self, BufWriter, Write};

use anyhow::anyhow;
use grundy::catalogue::{self, Feature};

use crate::Failure;
use crate::progress::Bar;

/// `grundy quotient`: the misère quotient of a heap family.
pub fn run(code: &str, upto: u64, json: bool) -> Result<(), Failure> {
    // Script games are not listed, nor taken: a quotient needs a family's own rules.
    let game = catalogue::lookup_for(code, Feature::Quotient)?;
    let Some(family) = game.family() else {
        return Err(Failure::input(anyhow!(
            "quotient applies to the built-in heap families, not to '{}'",
            grundy::parse::escaped_str(code)
        )));
    };
    let (report, _) = grundy::analysis::quotient::quotient(family, upto, &mut Bar::delayed())?;
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
