//! `grundy sequence`: the values of a heap family, on one line or one per line in a file.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::anyhow;
use grundy::family::{Engine, Sequence, SequenceRun};
use grundy::games::TakeBreak;
use grundy::parse::escaped_path;
use grundy::solve::heap::sparse::SparseStats;
use grundy::solve::heap::{self, Computed, HeapError, ValuesRef, Watch, checkpoint};
use grundy::work::{MAX_STEPS, UNLIMITED};
use grundy::{Family, FamilyError, checksum_of, fletcher_of};
use indicatif::{ProgressBar, ProgressStyle};

use super::{family_failure, script};
use crate::Failure;
use crate::cli::SequenceMethod;
use crate::progress::Bar;
use crate::signals::Deferring;

/// What `grundy sequence` was asked.
pub struct Request<'a> {
    pub family: &'a str,
    pub params: &'a [String],
    pub upto: u64,
    pub from: u64,
    pub engine: SequenceMethod,
    pub stats: bool,
    pub out: Option<&'a Path>,
    pub checkpoint: Option<&'a Path>,
    pub threads: Option<u16>,
    pub certificate: Option<&'a Path>,
    pub census: Option<&'a Path>,
    pub memory: Option<&'a str>,
    pub plot: Option<&'a Path>,
    pub misere: bool,
    pub genus: bool,
}

/// The largest heap of a take-and-break table: 2^32.
pub const MAX_HEAP: u64 = Family::MAX_HEAP;

/// The most values one run reads from a rule or a period: a table's own limit.
pub const MAX_PRINTED: u64 = Family::MAX_TABLE;

/// How often a checkpoint is saved while the work goes on.
const SAVE_EVERY: Duration = Duration::from_secs(60);

pub fn run(req: &Request<'_>) -> Result<(), Failure> {
    if req.from > req.upto {
        return Err(Failure::input(anyhow!(
            "--from {} is past --upto {}: nothing to print",
            req.from,
            req.upto
        )));
    }
    if req.plot.is_some() && req.upto - req.from >= grundy::picture::MAX_POINTS as u64 {
        return Err(Failure::input(anyhow!(
            "--plot draws at most {} values; narrow --from..--upto",
            grundy::picture::MAX_POINTS
        )));
    }
    let params = super::params_of(req.params)?;
    let named = grundy::catalogue::lookup_for_with(
        req.family,
        grundy::catalogue::Feature::Sequence,
        &params,
    )?;
    let take_break_family = matches!(named.family(), Some(Family::TakeBreak(_)));
    if req.threads.is_some()
        && (req.misere
            || req.genus
            || !take_break_family
            || matches!(req.engine, SequenceMethod::Solver | SequenceMethod::Loop))
    {
        return Err(Failure::input(anyhow!(
            "--threads applies to take-and-break families (octal:, hex:, grundy-game) under normal play with the engines table and sparse"
        )));
    }
    if req.certificate.is_some()
        && (req.misere || req.genus || !take_break_family || req.engine == SequenceMethod::Solver)
    {
        return Err(Failure::input(anyhow!(
            "--certificate writes the period of a take-and-break family (octal:, hex:, grundy-game) under normal play, computed by the engines table, sparse or loop"
        )));
    }
    if req.census.is_some()
        && (req.misere || req.genus || !take_break_family || req.engine == SequenceMethod::Solver)
    {
        return Err(Failure::input(anyhow!(
            "--census counts the values of a take-and-break family (octal:, hex:, grundy-game) under normal play, computed by the engines table, sparse or loop"
        )));
    }
    if req.certificate.is_some()
        && let Some(Family::TakeBreak(game)) = named.family()
        && game.unequal()
    {
        return Err(Failure::input(anyhow!(
            "{game} splits a heap into unequal heaps, and no periodicity theorem covers such moves: no period is ever proved, so --certificate has nothing to write"
        )));
    }
    if (req.misere || req.genus) && named.family().is_none() {
        return Err(Failure::input(anyhow!(
            "{} applies to the heap families so far, not to '{}'",
            if req.genus { "--genus" } else { "--misere" },
            grundy::parse::escaped_str(req.family)
        )));
    }
    if let Some(path) = script::path_of(req.family) {
        if req.checkpoint.is_some()
            || matches!(req.engine, SequenceMethod::Sparse | SequenceMethod::Loop)
        {
            return Err(Failure::input(anyhow!(
                "script games are solved by the generic solver: --engine sparse, --engine loop and --checkpoint do not apply"
            )));
        }
        return script::sequence(
            (path, &params),
            req.upto,
            req.from,
            req.stats,
            req.memory,
            |values| write_values(req, values),
            |values| {
                if req.plot.is_some() {
                    return Err(Failure::input(anyhow!(
                        "the game has a cycle: its values include ∞, which --plot cannot draw"
                    )));
                }
                write_texts(req, values.iter())
            },
        );
    }
    if req.memory.is_some() {
        return Err(Failure::input(anyhow!(
            "--memory applies to script games here; heap tables size themselves"
        )));
    }
    let Some(family) = named.family().cloned() else {
        return line(req, &named);
    };
    if req.genus {
        if req.checkpoint.is_some() || req.engine != SequenceMethod::Table || req.plot.is_some() {
            return Err(Failure::input(anyhow!(
                "--genus computes genera by the misère search: --engine, --checkpoint and --plot do not apply"
            )));
        }
        let genera = grundy::analysis::heaps::genera(&family, req.upto, &mut Bar::above(20_000))?;
        return write_texts(req, genera.iter().skip(req.from as usize));
    }
    if req.misere {
        if req.checkpoint.is_some() || req.engine != SequenceMethod::Table {
            return Err(Failure::input(anyhow!(
                "--misere computes values by the misère search: --engine and --checkpoint do not apply"
            )));
        }
        let values =
            grundy::analysis::heaps::misere_values(&family, req.upto, &mut Bar::above(20_000))?;
        return write_values(req, values.into_iter().skip(req.from as usize));
    }
    let started = Instant::now();
    if let Some(done) = far(req, &family, started) {
        return done;
    }
    compute(req, &family, started)
}

/// Past this many heaps, a family with a proved period is read from it instead of
/// tabulated.
const FAR: u64 = 1 << 24;

/// Heaps up to 2^64 − 1 read from the family's proved period (Nim's from its rule), in time
/// that does not grow with N: `None` for the tables (N ≤ 2^24, another engine, a
/// checkpoint, a certificate, or no period proved within the tables' own limits).
fn far(req: &Request<'_>, family: &Family, started: Instant) -> Option<Result<(), Failure>> {
    if req.upto <= FAR
        || req.engine != SequenceMethod::Table
        || req.checkpoint.is_some()
        || req.certificate.is_some()
        || req.census.is_some()
    {
        return None;
    }
    if req.upto - req.from >= MAX_PRINTED {
        return Some(Err(Failure::input(anyhow!(
            "--from {} --upto {} spans {} values; one run prints at most {MAX_PRINTED} of the heaps read from a rule or a period (narrow the range with --from)",
            req.from,
            req.upto,
            u128::from(req.upto - req.from) + 1
        ))));
    }
    if *family == Family::Nim {
        if req.stats {
            eprintln!("stats: nim: heap n is worth n (no table)");
        }
        return Some(write_values(req, req.from..=req.upto));
    }
    let limit = match family {
        Family::TakeBreak(_) => Family::MAX_HEAP,
        _ => family.table_limit(),
    };
    let pattern = match family.pattern() {
        Ok(p) => p,
        Err(e @ FamilyError::NotProved { .. }) if req.upto > limit => {
            return Some(Err(Failure::input(anyhow!(
                "values up to {} were asked for; past {limit} they are read from a proved period, and {e}",
                req.upto
            ))));
        }
        Err(FamilyError::NotProved { .. }) => return None,
        Err(e) => return Some(Err(family_failure(e))),
    };
    let shown = (req.from..=req.upto).map(|n| pattern.value(n));
    if req.stats {
        let p = pattern.period();
        eprintln!(
            "stats: period {} from n = {} (proved by the periodicity theorem from the values of heaps 0..={}), found in {:.3} s; heaps {}..={} read from it",
            p.period,
            p.preperiod,
            pattern.proved_from() - 1,
            started.elapsed().as_secs_f64(),
            req.from,
            req.upto
        );
        if req.upto - req.from < FAR {
            eprintln!("stats: checksum {:016x}", checksum_of(shown.clone()));
        }
    }
    Some(write_values(req, shown))
}

/// The family's values by the library's one sequence call, a checkpoint loaded first and
/// saved as the work goes on (take-and-break games), then printed.
fn compute(req: &Request<'_>, family: &Family, started: Instant) -> Result<(), Failure> {
    let engine = match req.engine {
        SequenceMethod::Table => Engine::Table,
        SequenceMethod::Sparse => Engine::Sparse,
        SequenceMethod::Loop => Engine::Loop,
        SequenceMethod::Solver => Engine::Solver,
    };
    let game = match family {
        Family::TakeBreak(game) if engine != Engine::Solver => Some(game),
        _ => None,
    };
    if req.checkpoint.is_some() && game.is_none() {
        return Err(Failure::input(anyhow!(
            "--checkpoint works with take-and-break families (octal:, hex:, grundy-game) and the engines table, sparse and loop"
        )));
    }
    if game.is_some() && req.upto > Family::MAX_HEAP {
        return Err(Failure::input(FamilyError::TooLarge {
            upto: req.upto,
            limit: Family::MAX_HEAP,
        }));
    }
    // Held until the run ends: a second run on the same checkpoint would save over this
    // one's work (or this one over its), so it is refused at once.
    let held = match req.checkpoint {
        Some(path) => Some(grundy::store::lock(path).map_err(|e| match e {
            grundy::store::StoreError::InUse { .. } => {
                Failure::input(anyhow!("checkpoint refused: {e}"))
            }
            e => Failure::other(e),
        })?),
        None => None,
    };
    let start = match (req.checkpoint, game) {
        (Some(path), Some(game)) => checkpoint::load(path, game).map_err(|e| {
            if e.is_damaged() {
                Failure::input(anyhow!("checkpoint refused: {e}"))
            } else {
                Failure::other(e)
            }
        })?,
        _ => None,
    };
    // A checkpoint may hold more heaps than asked for: only those up to N are used, and
    // the file keeps them all.
    let loaded = start.as_ref().map(|v| v.len());
    let resumed = loaded.map(|l| l.min(req.upto as usize + 1));
    let mut watcher = game.map(|game| Watcher::new(req.checkpoint, game, req.upto));
    let mut unwatched = heap::Unwatched;
    let budget = if req.checkpoint.is_some() {
        UNLIMITED
    } else {
        MAX_STEPS
    };
    let threads = req
        .threads
        .map_or_else(heap::sparse::default_threads, usize::from);
    let (mut bar, watch): (Bar, &mut dyn Watch) = match watcher.as_mut() {
        Some(w) => (Bar::above(u64::MAX), w),
        None if engine == Engine::Solver => (Bar::above(100_000_000), &mut unwatched),
        None => (Bar::above(1 << 30), &mut unwatched),
    };
    let result = family.sequence(
        req.upto,
        SequenceRun {
            engine,
            start,
            watch,
            progress: &mut bar,
            budget,
            threads,
        },
    );
    if let Some(w) = watcher.as_mut() {
        w.finish_bar();
    }
    let computed = match result {
        Ok(Sequence::Heap(c)) => c,
        Ok(Sequence::Listed { values, solver, .. }) => {
            drop(held);
            return print_listed(req, family, &values, solver, started);
        }
        Err(FamilyError::Heap(HeapError::Stopped { values })) => {
            // A signal: save what is done, then end by it (when the guard is dropped).
            if watcher.as_mut().is_some_and(|w| w.save(values.as_ref()))
                && let Some(path) = req.checkpoint
            {
                eprintln!(
                    "grundy: interrupted: the values of heaps 0 to {} are saved in {}; the same command run again goes on from there",
                    values.len().saturating_sub(1),
                    grundy::parse::escaped_path(path)
                );
            }
            // Released before the watcher's guard ends the process by the signal. (A lock
            // file left behind by a process killed outright is harmless: the lock itself
            // dies with the process, and the next run takes the file over.)
            drop(held);
            return Err(Failure::other(anyhow!("stopped by a signal")));
        }
        Err(FamilyError::Heap(e)) => {
            // Work done before a limit stopped it is kept for the next run.
            if let HeapError::OutOfMemory { values, .. } | HeapError::WorkLimit { values, .. } = &e
                && let Some(w) = watcher.as_mut()
            {
                w.save(values.as_ref());
            }
            let e = FamilyError::Heap(e);
            return Err(Failure::input(anyhow!("{e}")));
        }
        Err(e) => return Err(family_failure(e)),
    };
    if req.checkpoint.is_some()
        && computed.values.len() > loaded.unwrap_or(0)
        && let Some(w) = watcher.as_mut()
    {
        w.save(computed.values.as_ref());
    }
    drop(watcher);
    drop(held);
    if let (Some(path), Some(game)) = (req.certificate, game) {
        write_certificate(path, game, &computed)?;
    }
    if let (Some(path), Some(game)) = (req.census, game) {
        write_census(path, game, &computed)?;
    }
    let elapsed = started.elapsed();
    let shown = (req.from..=req.upto).map(|n| computed.value(n));
    if req.stats {
        print_stats(family, &computed, resumed, elapsed, shown.clone());
    }
    write_values(req, shown)
}

/// Nim and subtraction games (a formula or a short loop), and the generic solver: the
/// values printed, and with `--stats` what was done.
fn print_listed(
    req: &Request<'_>,
    family: &Family,
    values: &[u32],
    solver_stats: Option<grundy::Stats>,
    started: Instant,
) -> Result<(), Failure> {
    let elapsed = started.elapsed();
    let shown = &values[req.from as usize..];
    if req.stats {
        eprintln!(
            "stats: {} values of {} in {:.3} s",
            values.len(),
            family.short_name(),
            elapsed.as_secs_f64()
        );
        eprintln!(
            "stats: checksum {:016x}",
            checksum_of(shown.iter().copied())
        );
        match family.proven_period(values) {
            Some(p) => eprintln!(
                "stats: period {} from n = {} (proved by the periodicity theorem from the values of heaps 0..={})",
                p.period,
                p.preperiod,
                values.len() - 1
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
    write_values(req, shown.iter().copied())
}

/// Writes the certificate of the period `computed` proves (see
/// `grundy::solve::heap::certificate`), or says that no period was proved.
fn write_certificate(path: &Path, game: &TakeBreak, computed: &Computed) -> Result<(), Failure> {
    use grundy::solve::heap::certificate::Certificate;
    let Some(period) = computed.period else {
        return Err(Failure::input(anyhow!(
            "no period proved within the values of heaps 0..={}: no certificate written to {} (a larger --upto may prove one)",
            computed.values.len().saturating_sub(1),
            escaped_path(path)
        )));
    };
    let cert = Certificate::new(game, period, computed.values.len() as u64, |n| {
        computed.value(n)
    });
    let text = serde_json::to_string_pretty(&cert).map_err(Failure::other)?;
    write_json("--certificate", path, text)
}

/// Writes the census of the values `computed` holds (see `grundy::survey::census`).
fn write_census(path: &Path, game: &TakeBreak, computed: &Computed) -> Result<(), Failure> {
    let census = grundy::survey::census::Census::of(game, computed);
    let text = serde_json::to_string(&census).map_err(Failure::other)?;
    write_json("--census", path, text)
}

/// Writes `text` and a newline to `path`, the file of the option `flag`.
fn write_json(flag: &str, path: &Path, mut text: String) -> Result<(), Failure> {
    text.push('\n');
    std::fs::write(path, text)
        .map_err(|e| Failure::other(anyhow!("{flag} {}: {e}", escaped_path(path))))
}

fn print_stats(
    family: &Family,
    computed: &Computed,
    resumed: Option<usize>,
    elapsed: Duration,
    shown: impl Iterator<Item = u32>,
) {
    let len = computed.values.len();
    let width = match computed.values {
        heap::Values::Narrow(_) => 2,
        heap::Values::Wide(_) => 4,
    };
    eprintln!(
        "stats: {} values of {} in {:.3} s; {len} computed ({width} bytes each){}",
        computed.upto + 1,
        family.short_name(),
        elapsed.as_secs_f64(),
        match resumed {
            Some(r) => format!(", the first {r} read from the checkpoint"),
            None => String::new(),
        }
    );
    eprintln!("stats: checksum {:016x}", checksum_of(shown));
    eprintln!(
        "stats: ogsolve's checksum {:08X} (its 16-bit Fletcher sums over the values of heaps 0..={})",
        fletcher_of((0..=computed.upto).map(|n| computed.value(n))),
        computed.upto
    );
    match computed.period {
        Some(p) => eprintln!(
            "stats: period {} from n = {} (proved by the periodicity theorem from the values of heaps 0..={}); the rest follow from it",
            p.period,
            p.preperiod,
            len - 1
        ),
        None => eprintln!(
            "stats: no period proved within the values of heaps 0..={}",
            len.saturating_sub(1)
        ),
    }
    let s: SparseStats = computed.stats;
    if s != SparseStats::default() {
        eprintln!(
            "stats: sparse space: {} pairs looked at, {} heaps scanned past the rare pairs ({} to the end), {} heaps by a plain scan, {} rebuilds; at the end {} rare heaps, {} common tags",
            s.pairs,
            s.scans,
            s.full_scans,
            s.plain_heaps,
            s.rebuilds,
            s.rare_heaps,
            s.common_values
        );
        eprintln!(
            "stats: pairs of values below 64 marked with {} instructions",
            heap::simd::kind()
        );
    }
}

/// A game of the catalogue whose positions are numbered on a line (the coin rows: the
/// row whose one head is coin n), valued by the game's own analysis.
fn line(req: &Request<'_>, named: &grundy::catalogue::Game) -> Result<(), Failure> {
    if req.checkpoint.is_some() || req.engine != SequenceMethod::Table || req.stats {
        return Err(Failure::input(anyhow!(
            "{} is valued by its own rules: --engine, --checkpoint and --stats apply to heap families",
            named.name()
        )));
    }
    let options = grundy::catalogue::Options {
        misere: req.misere,
        ..Default::default()
    };
    let report =
        grundy::catalogue::explore::line(named, req.upto, &options, &mut Bar::above(20_000))
            .map_err(Failure::from)?;
    write_values(req, report.values.into_iter().skip(req.from as usize))
}

/// The values on one line on standard output, or one per line in `--out`.
/// Writes values that are not numbers (genera), as [`write_values`] writes numbers.
fn write_texts<T: std::fmt::Display>(
    req: &Request<'_>,
    values: impl Iterator<Item = T>,
) -> Result<(), Failure> {
    let text: Vec<String> = values.map(|v| v.to_string()).collect();
    match req.out {
        None => {
            let mut out = BufWriter::new(io::stdout().lock());
            writeln!(out, "{}", text.join(" "))?;
            out.flush()?;
        }
        Some(path) => {
            let cannot =
                |e: io::Error| Failure::other(anyhow!("cannot write {}: {e}", escaped_path(path)));
            let mut out = BufWriter::new(File::create(path).map_err(cannot)?);
            for t in &text {
                writeln!(out, "{t}").map_err(cannot)?;
            }
            out.flush().map_err(cannot)?;
        }
    }
    Ok(())
}

fn write_values<T: std::fmt::Display + Copy + Into<u64>>(
    req: &Request<'_>,
    values: impl Iterator<Item = T>,
) -> Result<(), Failure> {
    // The plot is drawn first: a picture that cannot be written leaves nothing printed.
    if let Some(path) = req.plot {
        let values: Vec<T> = values.collect();
        let plotted: Vec<u64> = values.iter().map(|&v| v.into()).collect();
        let title = format!("grundy sequence {}", req.family);
        grundy::picture::line_plot(path, &title, req.from, &plotted)
            .map_err(|e| Failure::from(e.into_error()))?;
        return print_values(req, values.into_iter());
    }
    print_values(req, values)
}

fn print_values<T: std::fmt::Display>(
    req: &Request<'_>,
    values: impl Iterator<Item = T>,
) -> Result<(), Failure> {
    match req.out {
        None => {
            let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            let mut first = true;
            for v in values {
                if !first {
                    out.write_all(b" ")?;
                }
                first = false;
                write!(out, "{v}")?;
            }
            writeln!(out)?;
            out.flush()?;
        }
        Some(path) => {
            let name = escaped_path(path);
            let cannot = |e: io::Error| Failure::other(anyhow!("cannot write {name}: {e}"));
            let file = File::create(path).map_err(cannot)?;
            let mut out = BufWriter::with_capacity(1 << 20, file);
            for v in values {
                writeln!(out, "{v}").map_err(cannot)?;
            }
            out.flush().map_err(cannot)?;
        }
    }
    Ok(())
}

/// Draws progress, saves the checkpoint every minute, and stops on a signal.
struct Watcher<'a> {
    path: Option<&'a Path>,
    game: &'a TakeBreak,
    upto: u64,
    started: Instant,
    last_save: Instant,
    bar: Option<ProgressBar>,
    lines: crate::progress::Lines,
    deferring: Option<Deferring>,
    warned: bool,
    /// Heaps already computed at the first report.
    first_len: Option<usize>,
}

impl<'a> Watcher<'a> {
    fn new(path: Option<&'a Path>, game: &'a TakeBreak, upto: u64) -> Watcher<'a> {
        Watcher {
            path,
            game,
            upto,
            started: Instant::now(),
            last_save: Instant::now(),
            bar: None,
            lines: crate::progress::Lines::new(),
            deferring: path.map(|_| Deferring::start()),
            warned: false,
            first_len: None,
        }
    }

    /// Saves the checkpoint; `true` when it was written.
    fn save(&mut self, values: ValuesRef<'_>) -> bool {
        let Some(path) = self.path else {
            return false;
        };
        self.last_save = Instant::now();
        match checkpoint::save(path, self.game, values) {
            Ok(()) => true,
            Err(e) => {
                if !self.warned {
                    crate::warn(format_args!("checkpoint not saved: {e}"));
                    self.warned = true;
                }
                false
            }
        }
    }

    fn finish_bar(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Watch for Watcher<'_> {
    fn tick(&mut self, values: ValuesRef<'_>) -> bool {
        // Heaps computed in this run (a checkpoint's are not), from the first report.
        let first = *self.first_len.get_or_insert(values.len());
        if self
            .deferring
            .as_ref()
            .is_some_and(|d| d.pending().is_some())
        {
            return false;
        }
        if self.path.is_some() && self.last_save.elapsed() >= SAVE_EVERY {
            self.save(values);
        }
        if self.bar.is_none() && self.started.elapsed() >= Duration::from_secs(1) {
            let bar = ProgressBar::new(self.upto + 1);
            if let Ok(style) = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} heaps, {msg}, eta {eta} (heaps grow dearer: the eta is low)",
            ) {
                bar.set_style(style);
            }
            self.bar = Some(crate::progress::shown(bar));
        }
        let upto = self.upto;
        self.lines
            .say(|| format!("{} of {} heaps", values.len(), upto.saturating_add(1)));
        if let Some(bar) = &self.bar {
            bar.set_position(values.len() as u64);
            let done = values.len().saturating_sub(first);
            let rate = done as f64 / self.started.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{rate:.0} heaps/s"));
        }
        true
    }
}
