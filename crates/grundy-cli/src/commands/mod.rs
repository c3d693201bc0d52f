//! The subcommands: read input, call the library, render.

mod explore;
mod generate;
mod judge;
mod memory;
mod picture;
mod quotient;
mod ranks;
pub mod script;
mod sequence;
mod survey;
mod table;
mod verifying;

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::anyhow;
use grundy::FamilyError;
use grundy::catalogue::object::Knob;
use grundy::catalogue::{self, Feature, Options};
use grundy::parse::escaped_path;
use grundy::solve::distributed::Transport;
use grundy::store::{ReadError, read_bounded_checked};

use crate::Failure;
use crate::cli::{Cli, Command};
use crate::problems::{self, Input, Problem};
use crate::progress::Bar;
use grundy::picture::Format;

/// A picture's file name may not promise another format than the one written: a `.svg`
/// name for PNG bytes, or the reverse. A name with no extension is taken as it is.
fn picture_name(flag: &str, path: Option<&Path>, format: Format) -> Result<(), Failure> {
    let Some(path) = path else {
        return Ok(());
    };
    let wanted = match format {
        Format::Png => "png",
        Format::Svg => "svg",
    };
    match path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
    {
        Some(e) if e != wanted => Err(Failure::input(anyhow!(
            "{flag} {}: this writes {} and the name says .{}; name the file .{wanted}{}",
            grundy::parse::escaped_path(path),
            wanted.to_uppercase(),
            grundy::parse::escaped_str(&e),
            if wanted == "png" && e == "svg" {
                " (analyze --svg draws a board as SVG)"
            } else {
                ""
            }
        ))),
        _ => Ok(()),
    }
}

/// Refuses picture file names that promise the wrong format, before any work.
fn check_picture_names(command: &Command) -> Result<(), Failure> {
    match command {
        Command::Analyze { png, svg, .. } => {
            picture_name("--png", png.as_deref(), Format::Png)?;
            picture_name("--svg", svg.as_deref(), Format::Svg)
        }
        Command::Sequence { plot, .. } => picture_name("--plot", plot.as_deref(), Format::Png),
        Command::Explore { png, .. } => picture_name("--png", png.as_deref(), Format::Png),
        Command::Picture { file, .. } => picture_name("picture", Some(file), Format::Png),
        _ => Ok(()),
    }
}

/// Whether `name` names the graph game.
fn is_graph(name: &str) -> bool {
    catalogue::lookup(name).is_ok_and(|g| g.tokens_on_digraph())
}

/// Runs one parsed command line; `job` is the MPI job this process is a rank of, if any.
pub fn run(cli: Cli, job: Option<&mut dyn Transport>) -> Result<(), Failure> {
    check_picture_names(&cli.command)?;
    let board = |name: &str| catalogue::lookup(name).ok().and_then(|g| g.board_game());
    let over_ranks = match &cli.command {
        Command::Table { .. } => true,
        Command::Analyze { game, .. } => {
            catalogue::is_script(game) || board(game).is_some() || is_graph(game)
        }
        Command::Explore { family, .. } => is_graph(family),
        _ => false,
    };
    if let Some(job) = &job
        && job.ranks() > 1
        && !over_ranks
    {
        return Err(Failure::input(anyhow!(
            "this is rank {} of an MPI job of {} ranks; of the commands, only table and analyze of cram and chomp, analyze and explore of graph, and analyze of script games run as one solve over the ranks (run other commands without mpirun)",
            job.rank(),
            job.ranks()
        )));
    }
    if let Command::Analyze { game, .. } = &cli.command
        && let Some(b) = board(game)
        && job.is_some()
    {
        return ranks::analyze_board(b, &cli.command, job.expect("a job"));
    }
    match &cli.command {
        Command::Analyze { game, .. } if catalogue::is_script(game) && job.is_some() => {
            return ranks::script(&cli.command, job.expect("a job"));
        }
        Command::Analyze { game, .. } if is_graph(game) && job.is_some() => {
            return ranks::graph(&cli.command, job.expect("a job"));
        }
        Command::Explore { family, stats, .. } if is_graph(family) && (job.is_some() || *stats) => {
            return match job {
                Some(job) => ranks::graph(&cli.command, job),
                None => ranks::graph(&cli.command, &mut grundy::solve::distributed::Single),
            };
        }
        _ => {}
    }
    match cli.command {
        Command::Solve { problem, file } => solve(&problem, file.as_deref()),
        Command::Analyze {
            game,
            file,
            position,
            json,
            stats,
            cache,
            memory,
            png,
            svg,
            params,
            misere,
            remoteness,
            threads,
            checkpoint,
            certificate,
        } => analyze(
            (&game, &params),
            analyze_source(file.as_deref(), &position),
            json,
            stats,
            [misere, remoteness],
            (threads, checkpoint, certificate),
            cache.as_deref(),
            memory.as_deref(),
            [(png.as_deref(), Format::Png), (svg.as_deref(), Format::Svg)],
        ),
        Command::Sequence {
            family,
            upto,
            from,
            engine,
            stats,
            out,
            checkpoint,
            threads,
            certificate,
            census,
            memory,
            plot,
            params,
            misere,
            genus,
        } => sequence::run(&sequence::Request {
            family: &family,
            params: &params,
            upto,
            from,
            engine,
            stats,
            out: out.as_deref(),
            checkpoint: checkpoint.as_deref(),
            threads,
            certificate: certificate.as_deref(),
            census: census.as_deref(),
            memory: memory.as_deref(),
            plot: plot.as_deref(),
            misere,
            genus,
        }),
        Command::Quotient { code, upto, json } => quotient::run(&code, upto, json),
        Command::Verify { file, checkpoint } => verify(&file, checkpoint.as_deref()),
        Command::NimMultiply { a, b } => print_nimber(a.nim_mul(b)),
        Command::NimPower { a, n } => print_nimber(a.nim_pow(n)),
        Command::NimInverse { a } => match a.nim_inverse() {
            Some(inverse) => print_nimber(inverse),
            None => Err(Failure::input(anyhow!(
                "0 has no inverse under nim multiplication (A ⊗ B is 0 for every B)"
            ))),
        },
        Command::Survey {
            games,
            upto,
            dir,
            time_per_game,
            threads,
            json,
        } => survey::run(survey::Request {
            games,
            upto,
            dir,
            time_per_game,
            threads,
            json,
        }),
        Command::Explore {
            family,
            file,
            upto,
            grid,
            json,
            png,
            memory,
            params,
            misere,
            stats,
            checkpoint,
            export,
            axes,
        } => explore::run(&explore::Request {
            export: export.as_deref(),
            axes: axes.as_deref(),
            family: &family,
            params: &params,
            file: file.as_deref(),
            upto,
            grid: grid.as_deref(),
            json,
            png: png.as_deref(),
            memory: memory.as_deref(),
            misere,
            stats,
            checkpoint: checkpoint.as_deref(),
        }),
        Command::Table {
            game,
            rows,
            cols,
            json,
            memory,
            misere,
            threads,
            checkpoint,
            stats,
        } => table::run(
            &table::Request {
                game: &game,
                rows: &rows,
                cols: &cols,
                json,
                memory: memory.as_deref(),
                misere,
                threads,
                checkpoint: checkpoint.as_deref(),
                stats,
            },
            job,
        ),
        Command::Picture {
            game,
            d,
            size,
            file,
        } => picture::run(&game, d, size, &file),
        #[cfg(feature = "web")]
        Command::Serve {
            port,
            bind,
            scripts,
            time_limit,
        } => serve(&bind, port, scripts.as_deref(), time_limit),
        Command::Gen {
            problem,
            size,
            seed,
            cases,
        } => generate::run(&problem, size.size(), seed, cases),
        Command::Judge {
            problem,
            tests,
            size,
            seed,
            time_limit,
            memory_limit,
            output_limit,
            jobs,
            samples,
            json,
            command,
        } => judge::run(&judge::Request {
            problem: &problem,
            tests,
            size: size.map(|s| s.size()),
            seed,
            time_limit,
            memory_limit: &memory_limit,
            output_limit: &output_limit,
            jobs,
            samples: samples.as_deref(),
            json,
            command: &command,
        }),
    }
}

/// `grundy serve`: the address on standard output, then the server until it is stopped.
#[cfg(feature = "web")]
fn serve(bind: &str, port: u16, scripts: Option<&Path>, seconds: u64) -> Result<(), Failure> {
    let time_limit = std::time::Duration::from_secs(seconds);
    grundy_web::serve(bind, port, scripts, time_limit, |addr| {
        let mut out = io::stdout().lock();
        writeln!(out, "grundy serves http://{addr}/ (Ctrl-C stops it)")?;
        out.flush()
    })
    .map_err(|e| match e {
        grundy_web::ServeError::Usage(m) => Failure::input(anyhow!(m)),
        grundy_web::ServeError::Failed(m) => Failure::other(anyhow!(m)),
        grundy_web::ServeError::Io(e) => Failure::from(e),
    })
}

/// The `--param NAME=VALUE` items of a command, read (a malformed one is bad input).
pub(crate) fn params_of(items: &[String]) -> Result<grundy::parse::Params, Failure> {
    grundy::parse::Params::parse(items).map_err(|e| Failure::input(anyhow!("--param: {e}")))
}

/// The largest input read: every supported contest input is far smaller (pshtbrth at
/// N = M = 10^6 is about 45 MB).
pub const MAX_INPUT: u64 = 1 << 30;

/// Where a command's input comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Source<'a> {
    /// A file, or standard input when `None` or `-`.
    File(Option<&'a Path>),
    /// The position itself, given as arguments (`grundy analyze nim 3 4 5`): the first,
    /// then the rest, joined by spaces.
    Arguments(&'a Path, &'a [String]),
}

impl<'a> From<Option<&'a Path>> for Source<'a> {
    fn from(file: Option<&'a Path>) -> Source<'a> {
        Source::File(file)
    }
}

/// How `analyze GAME ARG…` is read: one argument naming an existing file, `-`, or
/// anything that looks like a path (a `/`, or a `.` before a letter, as in `board.txt`) is
/// a file; anything else (`grundy analyze kayles 7`, `grundy analyze nim 3 4 5`) is the
/// position itself.
pub(crate) fn analyze_source<'a>(file: Option<&'a Path>, rest: &'a [String]) -> Source<'a> {
    let Some(first) = file else {
        return Source::File(None);
    };
    if !rest.is_empty() {
        return Source::Arguments(first, rest);
    }
    let text = first.to_string_lossy();
    let path_like = text == "-"
        || text.contains('/')
        || text
            .as_bytes()
            .windows(2)
            .any(|w| w[0] == b'.' && w[1].is_ascii_alphabetic())
        || first.exists();
    if path_like {
        Source::File(file)
    } else {
        Source::Arguments(first, rest)
    }
}

pub(crate) fn read_input<'a>(from: impl Into<Source<'a>>) -> Result<Input, Failure> {
    read_input_checked(from, None)
}

/// Reads the input of the game `name`: a graph file is refused from its first line when
/// that line claims more than is allowed, before the rest is read.
pub(crate) fn read_input_of<'a>(name: &str, from: impl Into<Source<'a>>) -> Result<Input, Failure> {
    if is_graph(name) {
        read_input_checked(from, Some(grundy::analysis::graph::check_head))
    } else {
        read_input(from)
    }
}

/// A check of an input's first bytes (see [`grundy::store::head_of`]), given its name.
type HeadCheck = fn(&str, &[u8]) -> Result<(), String>;

/// Reads the input, showing `head` its first bytes (see [`grundy::store::head_of`]) before
/// the rest is read; what `head` refuses is bad input.
fn read_input_checked<'a>(
    from: impl Into<Source<'a>>,
    head: Option<HeadCheck>,
) -> Result<Input, Failure> {
    let from = from.into();
    let source = match from {
        Source::Arguments(..) => "<arguments>".to_string(),
        Source::File(Some(p)) if p != Path::new("-") => escaped_path(p),
        Source::File(_) => "<stdin>".to_string(),
    };
    let mut check = |bytes: &[u8]| head.map_or(Ok(()), |h| h(&source, bytes));
    let bytes = match from {
        Source::Arguments(first, rest) => {
            let mut text = first.to_string_lossy().into_owned();
            for word in rest {
                text.push(' ');
                text.push_str(word);
            }
            text.push('\n');
            Ok(text.into_bytes())
        }
        Source::File(Some(p)) if p != Path::new("-") => {
            grundy::store::read_named_checked(p, MAX_INPUT, &mut check)
        }
        Source::File(_) => read_bounded_checked(io::stdin().lock(), None, MAX_INPUT, &mut check),
    };
    match bytes {
        Ok(bytes) => Ok(Input { source, bytes }),
        Err(ReadError::Refused(message)) => Err(Failure::input(anyhow!(message))),
        Err(ReadError::TooLarge { .. }) => Err(Failure::input(anyhow!(
            "{source}: the input is larger than the supported {MAX_INPUT} bytes"
        ))),
        Err(e) => Err(read_failure(&source, e)),
    }
}

/// The one rule for a file that could not be read whole: too large is bad input (exit 2);
/// missing, unreadable or not a file is a failure of the system around it (exit 1), as for
/// every other I/O error.
pub(crate) fn read_failure(source: &str, e: ReadError) -> Failure {
    match e {
        e @ ReadError::TooLarge { .. } => Failure::input(anyhow!("{source}: {e}")),
        e => Failure::other(anyhow!("{source}: {e}")),
    }
}

/// The contest problem called `name`, or the usage error naming the known ones.
fn problem_named(name: &str) -> Result<Problem, Failure> {
    let game = catalogue::lookup_for(name, Feature::Solve)?;
    game.problem()
        .ok_or_else(|| Failure::input(anyhow!("{} is not a contest problem", game.name())))
}

/// Parses a size given to `flag`: a number of bytes with an optional K, M, G or T (powers
/// of 1024) and an optional B or iB, in either case (`4G`, `4GiB`, `1gb`), at least `min`
/// bytes.
pub(crate) fn parse_size(flag: &str, text: &str, min: u64) -> Result<u64, Failure> {
    let lower = text.trim().to_ascii_lowercase();
    let t = lower.as_str();
    let t = t
        .strip_suffix("ib")
        .or_else(|| t.strip_suffix('b'))
        .unwrap_or(t);
    let (digits, shift) = match t.char_indices().last() {
        Some((i, 'k')) => (&t[..i], 10),
        Some((i, 'm')) => (&t[..i], 20),
        Some((i, 'g')) => (&t[..i], 30),
        Some((i, 't')) => (&t[..i], 40),
        _ => (t, 0),
    };
    digits
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .filter(|&b| b >= min)
        .ok_or_else(|| {
            Failure::input(anyhow!(
                "{flag}: expected a size of at least {}, like 512M or 4G, found '{}'",
                short_size(min),
                grundy::parse::escaped_str(text)
            ))
        })
}

/// A size as it is written on the command line: `1M`, `4K`, `100`.
fn short_size(n: u64) -> String {
    for (shift, unit) in [(40, 'T'), (30, 'G'), (20, 'M'), (10, 'K')] {
        if n >= 1 << shift && n.is_multiple_of(1 << shift) {
            return format!("{}{unit}", n >> shift);
        }
    }
    n.to_string()
}

fn solve(name: &str, file: Option<&Path>) -> Result<(), Failure> {
    let problem = problem_named(name)?;
    let input = read_input(file)?;
    let output = problems::solve(problem, &input)?;
    let mut out = io::stdout().lock();
    out.write_all(&output)?;
    out.flush()?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn analyze(
    (name, params): (&str, &[String]),
    file: Source<'_>,
    json: bool,
    stats: bool,
    [misere, remoteness]: [bool; 2],
    (threads, checkpoint, certificate): (
        Option<u16>,
        Option<std::path::PathBuf>,
        Option<std::path::PathBuf>,
    ),
    cache: Option<&Path>,
    memory: Option<&str>,
    pictures: [(Option<&Path>, Format); 2],
) -> Result<(), Failure> {
    // An unknown game, or a bad script, is refused before standard input is waited for.
    let params = params_of(params)?;
    let game = catalogue::lookup_for_with(name, Feature::Analyze, &params).map_err(failure)?;
    // A switch only some games take is refused for the others, naming those that take it.
    let refused = |knob: Knob, play: &str, suffix: &str| {
        Failure::input(anyhow!(
            "{} applies to {}{play}, not to '{}'{suffix}",
            knob.flag(),
            catalogue::names_taking(knob),
            grundy::parse::escaped_str(name)
        ))
    };
    let sized = game.takes(Knob::Memory);
    if memory.is_some() && !sized {
        return Err(refused(Knob::Memory, "", ""));
    }
    if checkpoint.is_some() && (!game.takes(Knob::Checkpoint) || misere) {
        let suffix = if misere { " --misere" } else { "" };
        return Err(refused(Knob::Checkpoint, " under normal play", suffix));
    }
    if threads.is_some() && !game.takes(Knob::Threads) {
        return Err(refused(Knob::Threads, "", ""));
    }
    if certificate.is_some() && (!game.takes(Knob::Certificate) || misere || remoteness) {
        let suffix = match (misere, remoteness) {
            (true, _) => " --misere",
            (_, true) => " --remoteness",
            _ => "",
        };
        return Err(refused(Knob::Certificate, " under normal play", suffix));
    }
    if cache.is_some() && !game.takes(Knob::Cache) {
        return Err(refused(Knob::Cache, "", ""));
    }
    if pictures.iter().any(|(p, _)| p.is_some()) && !game.supports(Feature::Picture) {
        return Err(Failure::input(anyhow!(
            "--png and --svg draw {}; '{}' has no board to draw",
            grundy::picture::report::pictured(),
            grundy::parse::escaped_str(name)
        )));
    }
    let options = Options {
        memory: memory
            .map(|m| memory::Memory::parse(Some(m)))
            .transpose()?
            .map(|m| m.0),
        cache: cache.map(Path::to_path_buf),
        misere,
        threads: threads.map_or(0, usize::from),
        checkpoint: checkpoint.clone(),
        certificate,
        axes: None,
    };
    if remoteness && (misere || !game.object().has_remoteness()) {
        return Err(Failure::input(anyhow!(
            "--remoteness is computed for normal play of games without cycles whose sums are searched whole: not with --misere, nor for graph, inventor-outlasting or caos3"
        )));
    }
    if misere && pictures.iter().any(|(p, _)| p.is_some()) {
        return Err(Failure::input(anyhow!(
            "--misere draws no picture: --png and --svg apply to normal play"
        )));
    }
    let input = read_input_of(name, file)?;
    let started = Instant::now();
    let files: Vec<(&Path, Format)> = pictures
        .iter()
        .filter_map(|&(path, format)| path.map(|p| (p, format)))
        .collect();
    // The remoteness search is bounded and refuses what it cannot hold: it runs first, so
    // a refusal comes before a long value search, not after.
    let remote = if remoteness {
        let list = catalogue::moves_with_remoteness(
            &game,
            &input,
            &options,
            &mut Bar::delayed(),
            grundy::analysis::remoteness::REMOTENESS_POSITIONS,
        )
        .map_err(failure)?;
        Some(list)
    } else {
        None
    };
    let remote = remote.as_ref();
    // A game whose report is made from its move list has it already: one analysis.
    let from_list = remote
        .filter(|_| files.is_empty())
        .and_then(|list| game.object().report_of(list));
    let analysis = if let Some(report) = from_list {
        Ok(catalogue::Analysis {
            report,
            stats: String::new(),
        })
    } else if let Some(path) = &checkpoint {
        until_signalled(path, || {
            catalogue::analyze(&game, &input, &options, &mut Bar::delayed())
        })?
    } else if files.is_empty() {
        catalogue::analyze(&game, &input, &options, &mut Bar::delayed())
    } else {
        grundy::picture::report::analyze_and_draw(
            &game,
            &input,
            &options,
            &mut Bar::delayed(),
            &files,
        )
    }
    .map_err(failure)?;
    let remote = remote.and_then(grundy::report::remoteness::RemotenessReport::of);
    print_analysis(&analysis, remote.as_ref(), json, stats, started)
}

/// Runs `work`, which saves into the checkpoint `path` as it goes, until it ends or a first
/// SIGINT or SIGTERM arrives: then the work is stopped (it saves as it unwinds) and the
/// process ends with the signal's status, saying where the proved part is.
pub(crate) fn until_signalled<T>(path: &Path, work: impl FnOnce() -> T) -> Result<T, Failure> {
    let deferring = crate::signals::Deferring::start();
    let flag = grundy::stop::Stop::new();
    let finished = std::sync::atomic::AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(std::sync::atomic::Ordering::Relaxed) {
                if deferring.pending().is_some() {
                    flag.request();
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        });
        let outcome = grundy::stop::run(&flag, work);
        finished.store(true, std::sync::atomic::Ordering::Relaxed);
        outcome
    });
    match outcome {
        Ok(done) => Ok(done),
        Err(grundy::stop::Stopped) => {
            let signal = deferring.pending().unwrap_or(2);
            eprintln!(
                "grundy: stopped; what the search proved is saved in {}, and the same command goes on from it",
                grundy::parse::escaped_path(path)
            );
            crate::signals::end_by(signal)
        }
    }
}

/// The statistics line (with --stats), then the report as JSON or text.
fn print_analysis(
    analysis: &catalogue::Analysis,
    remoteness: Option<&grundy::report::remoteness::RemotenessReport>,
    json: bool,
    stats: bool,
    started: Instant,
) -> Result<(), Failure> {
    if stats {
        let mut line = format!(
            "stats: analysed in {:.3} s",
            started.elapsed().as_secs_f64()
        );
        if !analysis.stats.is_empty() {
            line = format!("{line}; {}", analysis.stats);
        }
        eprintln!("{line}");
    }
    let report = &analysis.report;
    let mut out = BufWriter::new(io::stdout().lock());
    if json {
        // Serialised first, so a write error stays an io::Error (a closed pipe is quiet).
        let mut value = serde_json::to_value(report).map_err(Failure::other)?;
        if let (Some(r), Some(object)) = (remoteness, value.as_object_mut()) {
            object.insert("remoteness".into(), r.remoteness.into());
            let moves = serde_json::to_value(&r.moves).map_err(Failure::other)?;
            object.insert("move_remoteness".into(), moves);
        }
        let line = serde_json::to_string(&value).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
    } else {
        write!(out, "{report}")?;
        if let Some(r) = remoteness {
            write!(out, "{r}")?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The failure of a library error: bad input exits 2, a failed work 1.
pub fn failure(e: grundy::report::Error) -> Failure {
    Failure::from(e)
}

pub(crate) fn family_failure(e: FamilyError) -> Failure {
    match e {
        FamilyError::Solve(_) => Failure::other(e),
        e => Failure::input(e),
    }
}

/// `grundy verify FILE`: a period certificate checked by recomputing what the theorem
/// needs with the plain loop; one line on standard output when it holds.
/// One nimber on its own line.
fn print_nimber(value: grundy::Nimber) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{value}").map_err(|e| Failure::other(anyhow!("writing the answer: {e}")))
}

fn verify(file: &Path, checkpoint: Option<&Path>) -> Result<(), Failure> {
    use grundy::games::node_kayles::certificate as node_kayles;
    use grundy::solve::heap::certificate;
    use std::io::{BufRead, Read};
    let open = || {
        std::fs::File::open(file)
            .map(io::BufReader::new)
            .map_err(|e| read_failure(&escaped_path(file), grundy::store::ReadError::Io(e)))
    };
    let mut first = Vec::new();
    open()?
        .take(4096)
        .read_until(b'\n', &mut first)
        .map_err(|e| read_failure(&escaped_path(file), grundy::store::ReadError::Io(e)))?;
    if first
        .windows(node_kayles::FORMAT.len())
        .any(|w| w == node_kayles::FORMAT.as_bytes())
    {
        let mut bar = Bar::above(1 << 20);
        let refused = |e: node_kayles::VerifyError| {
            Failure::input(anyhow!(
                "{}: refused: {e}",
                grundy::parse::escaped_path(file)
            ))
        };
        let ok = match checkpoint {
            None => node_kayles::verify(&mut open()?, &mut bar).map_err(refused)?,
            Some(path) => {
                let mut kept = verifying::Kept::open(path)?;
                let outcome = node_kayles::verify_resuming(
                    &mut open()?,
                    &mut bar,
                    &mut kept,
                    node_kayles::LINES_AT_ONCE,
                );
                kept.saved()?;
                match outcome {
                    Ok(Some(ok)) => {
                        kept.finished()?;
                        ok
                    }
                    Ok(None) => kept.stopped(),
                    Err(e) => return Err(kept.refused(refused(e))),
                }
            }
        };
        grundy::Progress::finish(&mut bar);
        let earlier = if ok.from_line > 2 {
            format!(
                "; lines 2 to {} were checked by an earlier run, whose checkpoint this run went on from",
                ok.from_line - 1
            )
        } else {
            String::new()
        };
        println!(
            "node-kayles: value {} holds ({} parts, each the mex of its options, checked on the checker's own boards and canonical labellings; the position's parts XOR to it{earlier})",
            ok.header.value, ok.checked
        );
        return Ok(());
    }
    if checkpoint.is_some() {
        return Err(Failure::input(anyhow!(
            "--checkpoint applies to Node-Kayles certificates; a period certificate is checked in one go"
        )));
    }
    let bytes = grundy::store::read_named(file, certificate::MAX_TEXT)
        .map_err(|e| read_failure(&escaped_path(file), e))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        Failure::input(anyhow!(
            "{}: not UTF-8 text (byte {})",
            grundy::parse::escaped_path(file),
            e.utf8_error().valid_up_to()
        ))
    })?;
    let at = |e: certificate::VerifyError| {
        Failure::input(anyhow!(
            "{}: refused: {e}",
            grundy::parse::escaped_path(file)
        ))
    };
    let cert = certificate::parse(&text).map_err(at)?;
    let mut bar = Bar::above(1 << 20);
    let mut watch = grundy::solve::heap::Reporting { progress: &mut bar };
    let ok = certificate::verify(&cert, &mut watch, grundy::work::MAX_STEPS).map_err(at)?;
    grundy::Progress::finish(&mut bar);
    println!(
        "{}: period {} from heap {} holds (the values of heaps 0 to {} recomputed by the plain loop; the theorem needs no more)",
        ok.game,
        ok.period.period,
        ok.period.preperiod,
        ok.bound - 1
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_are_read_in_either_case() {
        for (text, bytes) in [
            ("1gb", 1u64 << 30),
            ("1GB", 1 << 30),
            ("1GiB", 1 << 30),
            ("1gib", 1 << 30),
            ("512M", 512 << 20),
            ("512mb", 512 << 20),
            (" 4K ", 4096),
            ("2t", 2 << 40),
            ("100", 100),
            ("100b", 100),
        ] {
            assert_eq!(parse_size("--memory", text, 1).ok(), Some(bytes), "{text}");
        }
        for text in ["", "gb", "1x", "-1G", "1.5G", "1 G B", "99999999999T"] {
            assert!(parse_size("--memory", text, 1).is_err(), "{text}");
        }
        let e = parse_size("--memory", "512", 1 << 20).unwrap_err();
        assert!(format!("{:#}", e.error).contains("at least 1M"));
    }
}
