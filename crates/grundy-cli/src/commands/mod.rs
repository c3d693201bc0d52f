//! The subcommands: read input, call the library, render.

mod boards;
mod explore;
mod generate;
mod judge;
mod picture;
pub mod script;
mod sequence;
mod table;

use std::fs;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::anyhow;
use grundy::parse::{Found, ParseError, Tokens, escaped_path};
use grundy::{Family, FamilyError, HeapAnalysis};
use serde::Serialize;

use crate::Failure;
use crate::cli::{Cli, Command};
use crate::problems::{self, Input, Problem};
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

/// Runs one parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    check_picture_names(&cli.command)?;
    match cli.command {
        Command::Solve { problem, file } => solve(&problem, file.as_deref()),
        Command::Analyze {
            game,
            file,
            json,
            stats,
            cache,
            memory,
            png,
            svg,
        } => analyze(
            &game,
            file.as_deref(),
            json,
            stats,
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
            memory,
            plot,
        } => sequence::run(&sequence::Request {
            family: &family,
            upto,
            from,
            engine,
            stats,
            out: out.as_deref(),
            checkpoint: checkpoint.as_deref(),
            memory: memory.as_deref(),
            plot: plot.as_deref(),
        }),
        Command::Explore {
            family,
            upto,
            grid,
            json,
            png,
            memory,
        } => explore::run(&explore::Request {
            family: &family,
            upto,
            grid: grid.as_deref(),
            json,
            png: png.as_deref(),
            memory: memory.as_deref(),
        }),
        Command::Table {
            game,
            rows,
            cols,
            json,
            memory,
        } => table::run(&game, &rows, &cols, json, memory.as_deref()),
        Command::Picture {
            game,
            d,
            size,
            file,
        } => picture::run(&game, d, size, &file),
        Command::Serve {
            port,
            bind,
            scripts,
            time_limit,
        } => crate::web::serve(
            &bind,
            port,
            scripts.as_deref(),
            std::time::Duration::from_secs(time_limit),
        ),
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

/// The largest input read: every supported contest input is far smaller (pshtbrth at
/// N = M = 10^6 is about 45 MB).
pub const MAX_INPUT: u64 = 1 << 30;

fn read_input(file: Option<&Path>) -> Result<Input, Failure> {
    match file {
        None => read_from("<stdin>".to_string(), io::stdin().lock(), None),
        Some(p) if p == Path::new("-") => {
            read_from("<stdin>".to_string(), io::stdin().lock(), None)
        }
        Some(p) => {
            let source = escaped_path(p);
            let f = fs::File::open(p)
                .map_err(|e| Failure::other(anyhow!("{source}: cannot read: {e}")))?;
            // A regular file's size is known: refuse a large one before reading a byte.
            let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
            read_from(source, f, size)
        }
    }
}

fn too_large(source: &str) -> Failure {
    Failure::input(anyhow!(
        "{source}: the input is larger than the supported {MAX_INPUT} bytes"
    ))
}

/// Reads everything, refusing past [`MAX_INPUT`] bytes: at once when `size` is known, else
/// as soon as the cap is passed, never holding more than the cap.
fn read_from(source: String, mut reader: impl Read, size: Option<u64>) -> Result<Input, Failure> {
    if size.is_some_and(|s| s > MAX_INPUT) {
        return Err(too_large(&source));
    }
    let cannot = |e: io::Error| Failure::other(anyhow!("{source}: cannot read: {e}"));
    // Grown by hand rather than by read_to_end, whose doubling would reserve twice the
    // cap for an input just past it.
    let mut bytes = Vec::with_capacity(size.unwrap_or(1 << 16) as usize + 1);
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(cannot(e)),
        };
        if (bytes.len() + n) as u64 > MAX_INPUT {
            return Err(too_large(&source));
        }
        if bytes.capacity() - bytes.len() < n {
            let room = (bytes.capacity().max(n)).min(MAX_INPUT as usize - bytes.len());
            bytes.reserve_exact(room);
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
    Ok(Input { source, bytes })
}

/// The contest problem called `name`, or the usage error naming the known ones.
fn problem_named(name: &str) -> Result<Problem, Failure> {
    Problem::from_name(name).ok_or_else(|| {
        Failure::input(anyhow!(
            "unknown problem '{}'; known problems: {}",
            grundy::parse::escaped_str(name),
            Problem::known_names()
        ))
    })
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

fn analyze(
    name: &str,
    file: Option<&Path>,
    json: bool,
    stats: bool,
    cache: Option<&Path>,
    memory: Option<&str>,
    pictures: [(Option<&Path>, Format); 2],
) -> Result<(), Failure> {
    if memory.is_some() && !boards::is_board_game(name) && script::path_of(name).is_none() {
        return Err(Failure::input(anyhow!(
            "--memory applies to cram, chomp and script games, not to '{}'",
            grundy::parse::escaped_str(name)
        )));
    }
    if script::path_of(name).is_some() && cache.is_some() {
        return Err(Failure::input(anyhow!(
            "--cache applies to cakes (pshtbrth), not to script games"
        )));
    }
    // An unknown game is refused before standard input is waited for.
    if script::path_of(name).is_none()
        && Problem::from_name(name).is_none()
        && !boards::is_board_game(name)
    {
        family_named(name)?;
    }
    let input = read_input(file)?;
    let mut out = BufWriter::new(io::stdout().lock());
    if pictures.iter().all(|(p, _)| p.is_none()) {
        analyze_to(name, &input, json, stats, cache, memory, &mut out)?;
        out.flush()?;
        return Ok(());
    }
    // The picture is drawn from the JSON report; the text report, when that is what is
    // asked for, is made afterwards.
    let mut report = Vec::new();
    analyze_to(name, &input, true, stats, cache, memory, &mut report)?;
    let value: serde_json::Value = serde_json::from_slice(&report).map_err(Failure::other)?;
    let game = value["game"].as_str().unwrap_or(name);
    let picture = problems::picture::picture(game, &input, &value)?;
    for (path, format) in pictures {
        if let Some(path) = path {
            grundy::picture::write_board(path, &picture, format).map_err(Failure::input)?;
        }
    }
    if json {
        out.write_all(&report)?;
    } else {
        analyze_to(name, &input, false, false, cache, memory, &mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// Explains one position of the game called `name` read from `input`, as text or one line
/// of JSON, onto `out`: `grundy analyze` without the reading and the flags' checks.
#[allow(clippy::too_many_arguments)]
pub fn analyze_to(
    name: &str,
    input: &Input,
    json: bool,
    stats: bool,
    cache: Option<&Path>,
    memory: Option<&str>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    if let Some(path) = script::path_of(name) {
        return script::analyze(path, input, json, stats, memory, out);
    }
    if let Some(problem) = Problem::from_name(name) {
        let report = problems::analyze(problem, input, json, cache)?;
        out.write_all(report.as_bytes())?;
        return Ok(());
    }
    if boards::is_board_game(name) {
        let memory = boards::Memory::parse(memory)?;
        return boards::analyze(name, input, json, stats, memory, out);
    }
    let family = family_named(name)?;
    let heaps = parse_heaps(input, family.analyze_limit())?;
    let started = Instant::now();
    let analysis = family.analyze_heaps(&heaps).map_err(|e| {
        let f = family_failure(e);
        Failure {
            status: f.status,
            error: f.error.context(input.source.clone()),
        }
    })?;
    if stats {
        let s = analysis.stats;
        eprintln!(
            "stats: {} heaps, largest {}, analysed in {:.3} s; solver looked at {} options, memo {} entries",
            heaps.len(),
            heaps.iter().max().copied().unwrap_or(0),
            started.elapsed().as_secs_f64(),
            s.options,
            s.memo_size
        );
    }
    if json {
        // Serialised first, so a write error stays an io::Error (a closed pipe is quiet).
        let line = serde_json::to_string(&HeapJson::from(&analysis)).map_err(Failure::other)?;
        writeln!(out, "{line}")?;
    } else {
        write_heap_analysis(out, &analysis)?;
    }
    Ok(())
}

/// The heap family called `name`, or the usage error naming every game `analyze` knows.
pub(crate) fn family_named(name: &str) -> Result<Family, Failure> {
    name.parse().map_err(|e: FamilyError| match e {
        FamilyError::Unknown(_) => Failure::input(anyhow!(
            "unknown game '{}'; known games: {}, cram, chomp, the heap families nim, subtraction:S, octal:CODE, hex:CODE, grundy-game, kayles, dawson-chess, dawson-kayles, treblecross, and script games script:FILE",
            grundy::parse::escaped_str(name),
            Problem::known_names()
        )),
        e => Failure::input(e),
    })
}

/// The most heaps one position may have.
const MAX_HEAPS: usize = 100_000;

/// Reads the heap sizes of one position (whitespace-separated, each at most `limit`, at
/// most 100000 of them adding up to at most [`Family::MAX_ANALYZE_TOTAL`]).
pub fn parse_heaps(input: &Input, limit: u64) -> Result<Vec<u64>, Failure> {
    let at = |e| input.error(e);
    let mut tokens = Tokens::new(&input.bytes);
    let mut heaps = Vec::new();
    let mut total = 0u64;
    while let Some(next) = tokens.clone().next_token() {
        if heaps.len() == MAX_HEAPS {
            return Err(at(ParseError {
                line: next.line,
                expected: format!("at most {MAX_HEAPS} heaps"),
                found: Found::Value("another heap".to_string()),
            }));
        }
        let heap = tokens.u64_in("a heap size", 0, limit).map_err(at)?;
        total += heap;
        if total > Family::MAX_ANALYZE_TOTAL {
            return Err(at(tokens.error(
                format!(
                    "heaps adding up to at most {} (every option of every heap is looked at)",
                    Family::MAX_ANALYZE_TOTAL
                ),
                Found::Value(format!("a total of {total} by this heap")),
            )));
        }
        heaps.push(heap);
    }
    if heaps.is_empty() {
        return Err(at(tokens.error("at least one heap size", Found::End)));
    }
    Ok(heaps)
}

#[derive(Serialize)]
struct HeapJson<'a> {
    game: &'a str,
    grundy: u64,
    winner: &'static str,
    heaps: &'a [u64],
    values: Vec<u64>,
    winning_moves: Vec<HeapMoveJson<'a>>,
}

#[derive(Serialize)]
struct HeapMoveJson<'a> {
    #[serde(rename = "move")]
    text: String,
    heap: usize,
    from: u64,
    take: u64,
    leaves: &'a [u64],
}

impl<'a> From<&'a HeapAnalysis> for HeapJson<'a> {
    fn from(a: &'a HeapAnalysis) -> Self {
        HeapJson {
            game: &a.game,
            grundy: a.grundy.0,
            winner: a.winner.as_str(),
            heaps: &a.heaps,
            values: a.values.iter().map(|v| v.0).collect(),
            winning_moves: a
                .winning_moves
                .iter()
                .map(|m| HeapMoveJson {
                    text: m.to_string(),
                    heap: m.heap,
                    from: m.from,
                    take: m.take,
                    leaves: &m.leaves,
                })
                .collect(),
        }
    }
}

fn write_heap_analysis(out: &mut (impl Write + ?Sized), a: &HeapAnalysis) -> io::Result<()> {
    let join = |xs: &mut dyn Iterator<Item = String>| xs.collect::<Vec<_>>().join(" ");
    writeln!(out, "game:    {}", a.game)?;
    writeln!(
        out,
        "heaps:   {}",
        join(&mut a.heaps.iter().map(u64::to_string))
    )?;
    writeln!(
        out,
        "values:  {}",
        join(&mut a.values.iter().map(|v| v.to_string()))
    )?;
    write_outcome(out, 9, a.grundy, a.winner, &a.winning_moves)
}

/// The end of an analysis of a sum: the value, the winner and every winning move, the
/// labels padded to `width`.
pub(crate) fn write_outcome(
    out: &mut (impl Write + ?Sized),
    width: usize,
    grundy: grundy::Nimber,
    winner: grundy::Player,
    moves: &[impl std::fmt::Display],
) -> io::Result<()> {
    writeln!(
        out,
        "{:<width$}{grundy} ({})",
        "grundy:",
        if grundy.is_zero() {
            "a P-position: the player to move loses"
        } else {
            "an N-position: the player to move wins"
        }
    )?;
    writeln!(out, "{:<width$}{} player", "winner:", winner.as_str())?;
    if moves.is_empty() {
        writeln!(
            out,
            "winning moves: none; every move leaves a winning position"
        )?;
    } else {
        writeln!(out, "winning moves ({}):", moves.len())?;
        for m in moves {
            writeln!(out, "  {m}")?;
        }
    }
    Ok(())
}

pub(crate) fn family_failure(e: FamilyError) -> Failure {
    match e {
        FamilyError::Solve(_) => Failure::other(e),
        e => Failure::input(e),
    }
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
