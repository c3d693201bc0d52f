//! Surveys: a batch of take-and-break games, each computed as far as asked, one record per
//! game.
//!
//! A survey knows nothing of where its items run: [`run_one`] computes one game and returns
//! its [`Record`], plain data that serialises to one JSON line. The command line runs the
//! games one after the other; a cluster may run them anywhere. With a directory, each game
//! keeps a checkpoint there (saved every minute, on a time limit and on a stop), a proved
//! period gets its certificate there (see [`crate::solve::heap::certificate`]), and the
//! records are appended to a journal, `survey.jsonl`, as they are made: run again, the
//! survey skips the games the journal settles and goes on with the others from their
//! checkpoints.
//!
//! What a record says of a game's values follows the columns of Czajka's tables of octal
//! games (tczajka/octal-games): the largest value and the first heap that has it, and the
//! rare heaps of the sparse-space split (see [`crate::solve::heap::sparse`]) with the last
//! of them. A game whose rare heaps stop while the heaps go on is the kind whose period the
//! sparse method can hope to reach.
//!
//! ```
//! use grundy::survey::{self, Options, Outcome};
//! use grundy::solve::heap::Unwatched;
//!
//! // Kayles: period 12 once the last exception, heap 70, is past.
//! let game = survey::game("kayles")?;
//! let options = Options { upto: 1000, dir: None, time_limit: None, threads: None };
//! let record = survey::run_one(&game, &options, &mut Unwatched)?;
//! assert_eq!(record.outcome, Outcome::Period);
//! assert_eq!((record.preperiod, record.period), (Some(71), Some(12)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::catalogue::{self, Feature};
use crate::family::Family;
use crate::games::TakeBreak;
use crate::parse::{escaped_path, escaped_str};
use crate::solve::heap::certificate::Certificate;
use crate::solve::heap::sparse::Sparse;
use crate::solve::heap::{self, HeapError, Method, Values, ValuesRef, Watch, checkpoint};
use crate::store::StoreError;
use crate::work;

pub mod census;

/// The journal's file name in a survey's directory.
pub const JOURNAL: &str = "survey.jsonl";

/// How often a game's checkpoint is saved while it runs.
const SAVE_EVERY: Duration = Duration::from_secs(60);

/// Rare values listed in a record, at most (the count is always given).
const MAX_RARE_VALUES: usize = 64;

/// The longest time one game may be given: a year. A longer one is a slip of the keyboard,
/// and an instant that far ahead may not be one the clock can hold.
pub const MAX_TIME_LIMIT: Duration = Duration::from_secs(366 * 24 * 60 * 60);

/// Refuses a time per game past [`MAX_TIME_LIMIT`], in words that name it.
pub fn check_time_limit(limit: Duration) -> Result<(), SurveyError> {
    if limit > MAX_TIME_LIMIT {
        return Err(SurveyError::Input(format!(
            "a time per game of {} s is past the longest, {} s (a year)",
            limit.as_secs(),
            MAX_TIME_LIMIT.as_secs()
        )));
    }
    Ok(())
}

/// What every game of a survey is asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The largest heap.
    pub upto: u64,
    /// Where checkpoints, certificates and the journal are kept; `None` keeps nothing, and
    /// then a game past the work limit of [`work::MAX_STEPS`] is refused.
    pub dir: Option<PathBuf>,
    /// The time one game may take in this run, at most [`MAX_TIME_LIMIT`]; `None` for no
    /// limit.
    pub time_limit: Option<Duration>,
    /// Threads for the plain scans of large heaps; `None` for one per core.
    pub threads: Option<usize>,
}

/// How a game's computation ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The values proved a period: every heap's value is known.
    Period,
    /// Every heap up to `upto` was computed and no period was proved.
    Reached,
    /// The time limit stopped it; a checkpoint (with a directory) keeps the values.
    TimeLimit,
    /// The table outgrew the memory available.
    Memory,
    /// Refused past the work limit (no directory, so no checkpoint to go on from).
    WorkLimit,
}

impl Outcome {
    /// Whether running the game again with the same `upto` could not tell more.
    pub fn is_final(self) -> bool {
        matches!(self, Outcome::Period | Outcome::Reached | Outcome::Memory)
    }
}

/// One game's line of a survey.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The game as grundy names it (`octal:0.004`, `grundy-game`).
    pub game: String,
    /// The largest heap asked for.
    pub upto: u64,
    /// How it ended.
    pub outcome: Outcome,
    /// Heaps whose values are known from computation: 0 to `computed` − 1.
    pub computed: u64,
    /// The proved period's preperiod n0, with [`Outcome::Period`].
    pub preperiod: Option<u64>,
    /// The proved period p.
    pub period: Option<u64>,
    /// The certificate of the period, a file in the survey's directory.
    pub certificate: Option<String>,
    /// The largest value among the heaps computed.
    pub largest: u32,
    /// The first heap with that value.
    pub largest_at: u64,
    /// How many heaps ≥ 1 are rare under the sparse-space split of the values computed;
    /// `None` when the split has no use (too many rare heaps, values past 65535, or a game
    /// that never splits a heap in two).
    pub rare_heaps: Option<u64>,
    /// The values of the rare heaps, the smallest first (at most 64 listed).
    pub rare_values: Option<Vec<u32>>,
    /// How many values the rare heaps have.
    pub rare_value_count: Option<u64>,
    /// The last rare heap.
    pub last_rare: Option<u64>,
    /// Seconds spent in this run (work read from a checkpoint not counted).
    pub seconds: f64,
    /// Heaps read from the checkpoint at the start of this run.
    pub resumed_from: u64,
    /// The time limit of the run, in seconds.
    pub time_limit: Option<f64>,
}

impl Record {
    /// Whether this record settles `game` for `options`, so that a survey run again skips
    /// it: the same game and `upto`, and an end that more time would not change (or a
    /// time limit at least as long as the one asked now).
    pub fn settles(&self, game: &TakeBreak, options: &Options) -> bool {
        if self.game != game.name() || self.upto != options.upto {
            return false;
        }
        if self.outcome.is_final() {
            return true;
        }
        let asked = options.time_limit.map(|t| t.as_secs_f64());
        match (self.outcome, self.time_limit, asked) {
            (Outcome::TimeLimit, Some(had), Some(asked)) => had >= asked,
            // Refused for work without a directory: the same request is refused again.
            (Outcome::WorkLimit, _, _) => options.dir.is_none(),
            _ => false,
        }
    }
}

impl Record {
    /// The record of a game whose values `values` (heaps 0, 1, …) were computed by some
    /// other engine, with no rule to prove a period from or to split its heaps by: a game
    /// written in another language, say. `outcome` is [`Outcome::Reached`] when every heap
    /// to `upto` is there, [`Outcome::TimeLimit`] when `time_limit` stopped it first.
    pub fn of_values(
        game: String,
        upto: u64,
        values: &[u32],
        seconds: f64,
        time_limit: Option<f64>,
    ) -> Record {
        let computed = values.len() as u64;
        let outcome = if computed > upto {
            Outcome::Reached
        } else {
            Outcome::TimeLimit
        };
        let (largest, largest_at) = largest(values.iter().copied());
        Record {
            game,
            upto,
            outcome,
            computed,
            preperiod: None,
            period: None,
            certificate: None,
            largest,
            largest_at,
            rare_heaps: None,
            rare_values: None,
            rare_value_count: None,
            last_rare: None,
            seconds,
            resumed_from: 0,
            time_limit,
        }
    }
}

/// Why a survey stopped or a game could not be run.
#[derive(Debug, Error)]
pub enum SurveyError {
    /// The game's name or code was not understood, or names no take-and-break game.
    #[error("{0}")]
    Input(String),
    /// The watcher asked to stop (a signal); the values so far are in the checkpoint.
    #[error("{game} stopped at heap {heap}")]
    Stopped {
        /// The game.
        game: String,
        /// The first heap not computed.
        heap: u64,
        /// Where its values were saved, if they were.
        saved: Option<PathBuf>,
    },
    /// A checkpoint, certificate or journal could not be read or written.
    #[error("{0}")]
    Files(String),
}

/// The take-and-break game named `code`: a bare octal code (`0.004`, `.004`, `4.007`), or a
/// name (`kayles`, `octal:0.6`, `hex:0.3f`, `grundy-game`).
pub fn game(code: &str) -> Result<TakeBreak, SurveyError> {
    let not_heaps = || {
        SurveyError::Input(format!(
            "'{}' is not a take-and-break game: a survey takes octal codes (0.004, .6, 4.007), octal:, hex: and grundy-game",
            escaped_str(code)
        ))
    };
    if code.starts_with("script:") {
        return Err(not_heaps());
    }
    match catalogue::lookup_for(code, Feature::Sequence) {
        Ok(game) => match game.family() {
            Some(Family::TakeBreak(g)) => Ok(g.clone()),
            _ => Err(not_heaps()),
        },
        Err(e) => Err(SurveyError::Input(e.to_string())),
    }
}

/// The file name stem of a game's checkpoint and certificate: its name with characters
/// that are awkward in file names replaced.
pub fn file_stem(game: &TakeBreak) -> String {
    let name = game.name();
    let name = if name.len() > 100 {
        format!(
            "{}-{:08x}",
            &name[..name.floor_char_boundary(60)],
            crc32fast::hash(name.as_bytes())
        )
    } else {
        name
    };
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Where `game`'s checkpoint is kept in `dir`.
pub fn checkpoint_path(dir: &Path, game: &TakeBreak) -> PathBuf {
    dir.join(format!("{}.ckpt", file_stem(game)))
}

/// Where `game`'s certificate is written in `dir`.
pub fn certificate_path(dir: &Path, game: &TakeBreak) -> PathBuf {
    dir.join(format!("{}.certificate.json", file_stem(game)))
}

/// The longest journal read, bytes: a record is well under a kilobyte (64 rare values at
/// most), so this holds hundreds of thousands of games.
pub const MAX_JOURNAL: u64 = 256 << 20;

/// The records of the journal in `dir`, in the order written; none when there is no
/// journal yet. A line that is not a record is refused with its number, except a last line
/// cut short (no newline: a run killed while appending it), which is dropped. A journal
/// that is not a regular file, or is past [`MAX_JOURNAL`], is refused before it is read.
pub fn load_journal(dir: &Path) -> Result<Vec<Record>, SurveyError> {
    let path = dir.join(JOURNAL);
    let bytes = match crate::store::read_kept(&path, MAX_JOURNAL) {
        Ok(None) => return Ok(Vec::new()),
        Ok(Some(bytes)) => bytes,
        Err(e @ crate::store::ReadError::Io(_)) => {
            return Err(SurveyError::Files(format!("{}: {e}", escaped_path(&path))));
        }
        Err(e) => return Err(SurveyError::Input(format!("{}: {e}", escaped_path(&path)))),
    };
    let torn = !bytes.is_empty() && !bytes.ends_with(b"\n");
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let mut records = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim_ascii().is_empty() {
            continue;
        }
        match serde_json::from_slice(line) {
            Ok(record) => records.push(record),
            Err(_) if torn && i + 1 == lines.len() => break,
            Err(e) => {
                return Err(SurveyError::Input(format!(
                    "{}:{}: expected a survey record (one JSON object a line): {e}",
                    escaped_path(&path),
                    i + 1
                )));
            }
        }
    }
    Ok(records)
}

/// Appends `record` to the journal in `dir` (created when missing), one line, flushed. A
/// last line cut short by an earlier run (killed while appending it) is cut off first: it
/// is what [`load_journal`] drops, and left in place it would end up inside the journal.
pub fn append(dir: &Path, record: &Record) -> Result<(), SurveyError> {
    let path = dir.join(JOURNAL);
    let cannot = |e: std::io::Error| SurveyError::Files(format!("{}: {e}", escaped_path(&path)));
    let mut line = serde_json::to_string(record).map_err(|e| SurveyError::Files(e.to_string()))?;
    line.push('\n');
    let mut file = OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(&path)
        .map_err(cannot)?;
    let whole = whole_lines(&mut file).map_err(cannot)?;
    if whole < file.metadata().map_err(cannot)?.len() {
        file.set_len(whole).map_err(cannot)?;
    }
    file.write_all(line.as_bytes()).map_err(cannot)?;
    file.sync_data().map_err(cannot)
}

/// The length of `file` up to the end of its last newline (0 when it has none), read
/// backwards a block at a time.
fn whole_lines(file: &mut std::fs::File) -> std::io::Result<u64> {
    use std::io::{Read, Seek, SeekFrom};
    let mut end = file.metadata()?.len();
    let mut block = [0u8; 4096];
    while end > 0 {
        let start = end.saturating_sub(block.len() as u64);
        let part = &mut block[..(end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(part)?;
        if let Some(at) = part.iter().rposition(|&b| b == b'\n') {
            return Ok(start + at as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

/// A checkpoint's fault as a survey's: damaged or held by another run is the user's to fix
/// (bad input), anything else the system's.
fn checkpoint_error(e: StoreError) -> SurveyError {
    match e {
        StoreError::InUse { .. } => SurveyError::Input(format!("checkpoint refused: {e}")),
        e if e.is_damaged() => SurveyError::Input(format!("checkpoint refused: {e}")),
        e => SurveyError::Files(e.to_string()),
    }
}

/// Refuses, before any work, a survey whose games' checkpoints in `dir` include one that
/// is damaged, of another game, or not a regular file: each is read through and checked
/// (its memory given back at once), so a fault in the last game's is not found hours
/// later when that game is reached. Games settled by the journal are not read.
pub fn check_checkpoints<'g>(
    dir: &Path,
    games: impl IntoIterator<Item = &'g TakeBreak>,
) -> Result<(), SurveyError> {
    for game in games {
        let path = checkpoint_path(dir, game);
        checkpoint::load(&path, game).map_err(checkpoint_error)?;
    }
    Ok(())
}

/// Computes `game` as `options` ask, going on from its checkpoint in the directory if there
/// is one. `watch` sees the progress and may stop the work ([`SurveyError::Stopped`]: the
/// values so far are saved first); the time limit ends it with a record.
pub fn run_one(
    game: &TakeBreak,
    options: &Options,
    watch: &mut dyn Watch,
) -> Result<Record, SurveyError> {
    let started = Instant::now();
    if let Some(limit) = options.time_limit {
        check_time_limit(limit)?;
    }
    // A damaged checkpoint or one held by another run is the user's to fix.
    let files = checkpoint_error;
    let ckpt = options.dir.as_ref().map(|d| checkpoint_path(d, game));
    let _held = match &ckpt {
        Some(path) => Some(crate::store::lock(path).map_err(files)?),
        None => None,
    };
    let start = match &ckpt {
        Some(path) => checkpoint::load(path, game).map_err(files)?,
        None => None,
    };
    let resumed_from = start.as_ref().map_or(0, |v| v.len() as u64);
    let budget = if options.dir.is_some() || options.time_limit.is_some() {
        work::UNLIMITED
    } else {
        work::MAX_STEPS
    };
    let mut guard = Guard {
        inner: watch,
        // Checked: an instant past what the clock holds means no deadline to meet.
        deadline: options.time_limit.and_then(|t| started.checked_add(t)),
        timed_out: false,
        ckpt: ckpt.as_deref(),
        game,
        last_save: Instant::now(),
        saved: resumed_from as usize,
        save_error: None,
    };
    let threads = options
        .threads
        .unwrap_or_else(crate::solve::heap::sparse::default_threads);
    let result = heap::compute_on(
        game,
        options.upto,
        Method::Table,
        start,
        &mut guard,
        budget,
        threads,
    );
    let (values, outcome, period) = match result {
        Ok(c) => {
            let outcome = if c.period.is_some() {
                Outcome::Period
            } else {
                Outcome::Reached
            };
            (c.values, outcome, c.period)
        }
        Err(HeapError::Stopped { values }) if guard.timed_out => (values, Outcome::TimeLimit, None),
        Err(HeapError::Stopped { values }) => {
            let saved = guard.save(values.as_ref()).then(|| ckpt.clone()).flatten();
            return Err(SurveyError::Stopped {
                game: game.name(),
                heap: values.len() as u64,
                saved,
            });
        }
        Err(HeapError::OutOfMemory { values, .. }) => (values, Outcome::Memory, None),
        Err(HeapError::WorkLimit { values, .. }) => (values, Outcome::WorkLimit, None),
        Err(HeapError::TooMuchWork(_)) => (Values::Narrow(Vec::new()), Outcome::WorkLimit, None),
        Err(e @ HeapError::Memory { .. }) => return Err(SurveyError::Input(e.to_string())),
    };
    guard.save(values.as_ref());
    if let Some(e) = guard.save_error.take() {
        return Err(files(e));
    }
    let certificate = match (period, &options.dir) {
        (Some(p), Some(dir)) => {
            let path = certificate_path(dir, game);
            let cert = Certificate::new(game, p, values.len() as u64, |n| {
                let (pre, per) = (p.preperiod as u64, p.period as u64);
                let n = if n < values.len() as u64 {
                    n
                } else {
                    pre + (n - pre) % per
                };
                values.get(n as usize)
            });
            let mut text = serde_json::to_string_pretty(&cert)
                .map_err(|e| SurveyError::Files(e.to_string()))?;
            text.push('\n');
            write_whole(dir, &path, &text)?;
            path.file_name().map(|f| f.to_string_lossy().into_owned())
        }
        _ => None,
    };
    let (largest, largest_at) = largest((0..values.len()).map(|n| values.get(n)));
    let computed = values.len() as u64;
    let rare = rare_heaps(game, values);
    Ok(Record {
        game: game.name(),
        upto: options.upto,
        outcome,
        computed,
        preperiod: period.map(|p| p.preperiod as u64),
        period: period.map(|p| p.period as u64),
        certificate,
        largest,
        largest_at,
        rare_heaps: rare.as_ref().map(|r| r.heaps),
        rare_values: rare.as_ref().map(|r| r.values.clone()),
        rare_value_count: rare.as_ref().map(|r| r.value_count),
        last_rare: rare.and_then(|r| r.last),
        seconds: started.elapsed().as_secs_f64(),
        resumed_from,
        time_limit: options.time_limit.map(|t| t.as_secs_f64()),
    })
}

/// Writes `text` to `path` whole: into a temporary file beside it, then renamed over it.
fn write_whole(dir: &Path, path: &Path, text: &str) -> Result<(), SurveyError> {
    let cannot = |e: std::io::Error| SurveyError::Files(format!("{}: {e}", escaped_path(path)));
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(cannot)?;
    file.write_all(text.as_bytes()).map_err(cannot)?;
    file.persist(path).map_err(|e| cannot(e.error))?;
    Ok(())
}

/// The largest value and the first heap with it.
pub(crate) fn largest(values: impl Iterator<Item = u32>) -> (u32, u64) {
    let mut best = (0u32, 0u64);
    for (n, v) in values.enumerate() {
        if v > best.0 {
            best = (v, n as u64);
        }
    }
    best
}

/// The rare heaps of the values' sparse-space split.
struct Rare {
    heaps: u64,
    values: Vec<u32>,
    value_count: u64,
    last: Option<u64>,
}

/// The split the sparse engine would choose from these values, and its rare heaps.
fn rare_heaps(game: &TakeBreak, values: Values) -> Option<Rare> {
    let (heaps, mut rare_values) = rare_split(game, values)?;
    let value_count = rare_values.len() as u64;
    rare_values.truncate(MAX_RARE_VALUES);
    Some(Rare {
        heaps: heaps.len() as u64,
        values: rare_values,
        value_count,
        last: heaps.last().copied(),
    })
}

/// The rare heaps (ascending) of the split the sparse engine would choose from these
/// values, and their distinct values (ascending); `None` when the split has no use.
pub(crate) fn rare_split(game: &TakeBreak, values: Values) -> Option<(Vec<u64>, Vec<u32>)> {
    if game.splits_in_three() || !game.splits() {
        return None;
    }
    let Values::Narrow(v) = values else {
        return None;
    };
    let engine = Sparse::resume(game.digits(), game.unequal(), v);
    let heaps = engine.rare_heaps()?;
    let g = engine.values();
    let mut rare_values: Vec<u32> = heaps.iter().map(|&a| u32::from(g[a])).collect();
    rare_values.sort_unstable();
    rare_values.dedup();
    Some((heaps.iter().map(|&a| a as u64).collect(), rare_values))
}

/// Passes progress on, ends the work at the deadline, and saves the checkpoint.
struct Guard<'a> {
    inner: &'a mut dyn Watch,
    deadline: Option<Instant>,
    timed_out: bool,
    ckpt: Option<&'a Path>,
    game: &'a TakeBreak,
    last_save: Instant,
    /// Heaps the checkpoint holds.
    saved: usize,
    save_error: Option<StoreError>,
}

impl Guard<'_> {
    /// Saves the values when they are more than the checkpoint holds; `true` when the
    /// checkpoint holds them.
    fn save(&mut self, values: ValuesRef<'_>) -> bool {
        let Some(path) = self.ckpt else {
            return false;
        };
        self.last_save = Instant::now();
        if values.len() <= self.saved {
            return true;
        }
        match checkpoint::save(path, self.game, values) {
            Ok(()) => {
                self.saved = values.len();
                true
            }
            Err(e) => {
                self.save_error.get_or_insert(e);
                false
            }
        }
    }
}

impl Watch for Guard<'_> {
    fn tick(&mut self, values: ValuesRef<'_>) -> bool {
        if !self.inner.tick(values) {
            return false;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
            return false;
        }
        if self.last_save.elapsed() >= SAVE_EVERY {
            self.save(values);
        }
        true
    }
}

#[cfg(test)]
mod tests;
