//! `grundy sequence`: the values of a heap family, on one line.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use grundy::{Family, checksum};

use super::family_failure;
use crate::Failure;
use crate::cli::Engine;
use crate::progress::Bar;

pub fn run(name: &str, upto: u64, engine: Engine, stats: bool) -> Result<(), Failure> {
    let family: Family = name.parse().map_err(Failure::input)?;
    let started = Instant::now();
    let (values, solver_stats) = match engine {
        Engine::Table | Engine::Loop => (
            family
                .values_with(upto, engine == Engine::Table, &mut Bar::above(1 << 30))
                .map_err(family_failure)?,
            None,
        ),
        Engine::Solver => {
            let (v, s) = family
                .values_and_stats_by_solver(upto, &mut Bar::above(100_000_000))
                .map_err(family_failure)?;
            (v, Some(s))
        }
    };
    let elapsed = started.elapsed();
    if stats {
        eprintln!(
            "stats: {} values of {} in {:.3} s",
            values.len(),
            family.short_name(),
            elapsed.as_secs_f64()
        );
        eprintln!("stats: checksum {:016x}", checksum(&values));
        match family.proven_period(&values) {
            Some(p) => eprintln!(
                "stats: period {} from n = {} (proved by the periodicity theorem)",
                p.period, p.preperiod
            ),
            None => eprintln!("stats: no period proved within these values"),
        }
        if let Some(s) = solver_stats {
            eprintln!(
                "stats: solver evaluated {} positions, {} options, memo {} entries, depth {}",
                s.evaluated, s.options, s.memo_size, s.max_depth
            );
        }
    }
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut first = true;
    for v in &values {
        if !first {
            out.write_all(b" ")?;
        }
        first = false;
        write!(out, "{v}")?;
    }
    writeln!(out)?;
    out.flush()?;
    Ok(())
}
