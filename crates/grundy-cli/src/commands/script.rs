//! `script:FILE`: games whose rules are a Rhai script, for `analyze`, `sequence` and
//! `explore`.

use std::path::Path;
use std::time::Instant;

use anyhow::anyhow;
use grundy::SolveError;
use grundy::script::{BYTES_PER_POSITION, ScriptGame, positions_within};

use super::memory::Memory;
use crate::Failure;
use crate::progress::Bar;

/// The path in `script:FILE`, when `name` is one.
pub fn path_of(name: &str) -> Option<&Path> {
    name.strip_prefix("script:").map(Path::new)
}

/// Loads the script: a file that cannot be read or compiled is bad input (exit 2).
pub fn load(path: &Path, params: &grundy::parse::Params) -> Result<ScriptGame, Failure> {
    if path.as_os_str().is_empty() {
        return Err(Failure::input(anyhow!(
            "script: needs a file name, like script:kayles.rhai"
        )));
    }
    ScriptGame::load_with(path, &grundy::parse::escaped_path(path), params).map_err(|e| match e {
        e @ grundy::script::ScriptError::Read { .. } => Failure::other(e),
        e => Failure::input(e),
    })
}

/// The default budget for a script game's positions: an endless game (every position
/// with a larger option) is refused after a few million positions, not after half the
/// machine's memory.
const DEFAULT_MEMORY: u64 = 2 << 30;

/// The positions a script game may store: `--memory` (default half of what is
/// available, at most 2 GiB) at [`BYTES_PER_POSITION`] each.
pub fn limit(memory: Option<&str>) -> Result<usize, Failure> {
    let bytes = Memory::parse(memory)?.0;
    let bytes = if memory.is_none() {
        bytes.min(DEFAULT_MEMORY)
    } else {
        bytes
    };
    Ok(positions_within(bytes))
}

/// A script fault, a cycle or too many positions: all the rules' fault or beyond the
/// limit, so exit 2.
pub fn failure(e: SolveError) -> Failure {
    Failure::input(match e {
        SolveError::TooManyPositions { limit } => anyhow!(
            "more than {limit} positions would have to be held (the limit --memory allows at {BYTES_PER_POSITION} bytes a position)"
        ),
        e => anyhow!(e),
    })
}

/// `grundy sequence script:FILE --upto N`.
pub fn sequence(
    (path, params): (&Path, &grundy::parse::Params),
    upto: u64,
    from: u64,
    stats: bool,
    memory: Option<&str>,
    write: impl FnOnce(&mut dyn Iterator<Item = u64>) -> Result<(), Failure>,
    write_loopy: impl FnOnce(&[grundy::solve::loopy::Value]) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let limit = limit(memory)?;
    let game = load(path, params)?;
    let started = Instant::now();
    let values = match grundy::script::sequence_upto(&game, upto, limit, &mut Bar::above(20_000))
        .map_err(Failure::from)?
    {
        grundy::script::ScriptValues::Plain(values) => values,
        grundy::script::ScriptValues::Loopy(values) => {
            if stats {
                eprintln!(
                    "stats: {} values of {} in {:.3} s; the game has a cycle: values by the generalised Sprague–Grundy function, no checksum",
                    values.len(),
                    game.source(),
                    started.elapsed().as_secs_f64()
                );
            }
            return write_loopy(&values[from as usize..]);
        }
    };
    if stats {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "stats: {} values of {} in {seconds:.3} s; the script's options called {} times ({:.0} positions/s)",
            values.len(),
            game.source(),
            game.calls(),
            game.calls() as f64 / seconds.max(1e-9)
        );
        eprintln!(
            "stats: checksum {:016x}",
            grundy::checksum_of(values[from as usize..].iter().map(|&v| v as u32))
        );
    }
    write(&mut values[from as usize..].iter().copied())
}
