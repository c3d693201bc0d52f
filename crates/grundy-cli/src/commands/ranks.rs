//! Commands run as one solve over the ranks of an MPI job (or, for `--stats`, over one
//! process): the input read by rank 0 alone, the report printed by rank 0 alone, and each
//! rank's `--stats` line.

use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::anyhow;
use grundy::analysis::graph::OnRanksInput;
use grundy::analysis::graph::read_over_ranks;
use grundy::analysis::table::RanksSaving;
use grundy::catalogue::{self, Feature, Options};
use grundy::parse::escaped_path;
use grundy::report::table::{BoardGame, OnRanks};
use grundy::solve::distributed::graph::{Lead, follow};
use grundy::solve::distributed::{Stats, Transport};

use super::memory::Memory;
use super::{Source, failure, print_analysis, read_input};
use crate::Failure;
use crate::cli::Command;
use crate::problems::Input;
use crate::signals::Deferring;

/// What a solve over ranks takes from `analyze`: the input, `--json` and `--stats`, and
/// `--memory` and `--checkpoint` where the game allows them.
struct AnalyzeArgs<'c> {
    file: Source<'c>,
    json: bool,
    stats: bool,
    memory: Option<&'c str>,
    checkpoint: Option<&'c Path>,
}

/// The arguments of `analyze GAME` under an MPI launcher; the one-process options, and
/// `--memory` or `--checkpoint` unless `allowed` has them, refused with one line.
fn analyze_args<'c>(
    command: &'c Command,
    game: &str,
    allowed: [&str; 2],
) -> Result<AnalyzeArgs<'c>, Failure> {
    let Command::Analyze {
        file,
        position,
        json,
        stats,
        cache,
        memory,
        png,
        svg,
        misere,
        remoteness,
        threads,
        checkpoint,
        ..
    } = command
    else {
        unreachable!("called for analyze");
    };
    let given = [
        ("--misere", *misere),
        ("--remoteness", *remoteness),
        ("--threads", threads.is_some()),
        ("--cache", cache.is_some()),
        ("--png", png.is_some()),
        ("--svg", svg.is_some()),
        ("--memory", memory.is_some()),
        ("--checkpoint", checkpoint.is_some()),
    ];
    let refused: Vec<&str> = given
        .iter()
        .map(|&(flag, _)| flag)
        .filter(|flag| !allowed.contains(flag))
        .collect();
    if given
        .iter()
        .any(|&(flag, on)| on && refused.contains(&flag))
    {
        return Err(Failure::input(anyhow!(
            "under an MPI launcher, analyze {game} gives the values and the winning moves: {} are for one process",
            refused.join(", ")
        )));
    }
    Ok(AnalyzeArgs {
        file: super::analyze_source(file.as_deref(), position),
        json: *json,
        stats: *stats,
        memory: memory.as_deref(),
        checkpoint: checkpoint.as_deref(),
    })
}

/// `analyze cram|chomp` as one solve over the ranks of an MPI job: rank 0 reads the
/// position and hands it to the others, every rank solves its share, rank 0 prints the
/// report one process prints. With `--checkpoint DIR`, the ranks keep their parts in
/// `DIR/cram-position` (or `chomp-position`).
pub(super) fn analyze_board(
    board: BoardGame,
    command: &Command,
    job: &mut dyn Transport,
) -> Result<(), Failure> {
    let args = analyze_args(command, board.name(), ["--checkpoint", ""])?;
    let input = shared_input(args.file, job)?;
    let started = Instant::now();
    let (report, counts) = with_shards(args.checkpoint, job, |job, saving| {
        grundy::analysis::board::analyze_on(board, &input, job, saving).map_err(failure)
    })?;
    if args.stats {
        rank_stats(job, &counts, args.checkpoint.is_some());
    }
    match report {
        Some(report) => print_analysis(
            &catalogue::Analysis {
                report: grundy::report::Report::Board(report),
                stats: String::new(),
            },
            None,
            args.json,
            false,
            started,
        ),
        None => Ok(()),
    }
}

/// A rank's `--stats` line on standard error, in one write so that the ranks' lines do not
/// interleave: `rank R of N: P positions stored, M messages sent, B bytes sent`, and the
/// positions read from its shard when `loaded` is asked.
pub(crate) fn rank_stats(
    job: &dyn Transport,
    counts: &grundy::solve::distributed::Stats,
    loaded: bool,
) {
    let mut line = format!(
        "rank {} of {}: {} positions stored, {} messages sent, {} bytes sent",
        job.rank(),
        job.ranks(),
        counts.stored,
        counts.messages,
        counts.bytes
    );
    if loaded {
        line.push_str(&format!(", {} positions loaded", counts.loaded));
    }
    line.push('\n');
    let _ = io::stderr().write_all(line.as_bytes());
}

/// The input of a command run over ranks: read by rank 0 (standard input reaches only it),
/// then handed to every other rank. A rank 0 that cannot read it says why; the others end
/// with the same status, quietly.
fn shared_input(file: Source<'_>, job: &mut dyn Transport) -> Result<Input, Failure> {
    let ranks = job.ranks();
    let mut out = vec![Vec::new(); ranks];
    let mine = (job.rank() == 0).then(|| read_input(file));
    if let Some(read) = &mine {
        let message = match read {
            Ok(input) => {
                let mut m = vec![0u8];
                m.extend_from_slice(&(input.source.len() as u64).to_le_bytes());
                m.extend_from_slice(input.source.as_bytes());
                m.extend_from_slice(&input.bytes);
                m
            }
            Err(f) => vec![f.status.max(1)],
        };
        for batch in out.iter_mut().skip(1) {
            batch.clone_from(&message);
        }
    }
    let got = job.exchange(out);
    if let Some(read) = mine {
        return read;
    }
    let m = &got[0];
    match m.first() {
        Some(0) if m.len() >= 9 => {
            let n = u64::from_le_bytes(m[1..9].try_into().expect("eight bytes")) as usize;
            let source = String::from_utf8_lossy(&m[9..9 + n]).into_owned();
            Ok(Input {
                source,
                bytes: m[9 + n..].to_vec(),
            })
        }
        Some(&status) => Err(Failure::quiet(status)),
        None => Err(Failure::quiet(1)),
    }
}

/// `analyze graph` and `explore graph` as one solve over the ranks of an MPI job: every rank
/// reads its share of the file (rank 0 the whole of standard input, or of a file not read
/// that way), and rank 0 prints what one process prints; with `--stats`, each rank's line.
pub(super) fn graph(command: &Command, job: &mut dyn Transport) -> Result<(), Failure> {
    let (file, json, stats, explore, checkpoint) = match command {
        Command::Analyze { .. } => {
            let a = analyze_args(command, "graph", ["--checkpoint", ""])?;
            (a.file, a.json, a.stats, false, a.checkpoint)
        }
        Command::Explore {
            file,
            json,
            stats,
            upto,
            grid,
            png,
            memory,
            misere,
            checkpoint,
            ..
        } => {
            if upto.is_some() || grid.is_some() || png.is_some() || memory.is_some() || *misere {
                return Err(Failure::input(anyhow!(
                    "explore graph over ranks values every vertex of the file's graph: --upto, --grid, --png, --memory and --misere do not apply"
                )));
            }
            (
                Source::File(file.as_deref()),
                *json,
                *stats,
                true,
                checkpoint.as_deref(),
            )
        }
        _ => unreachable!("called for analyze and explore"),
    };
    // A file each rank can open is read by all of them, each its share; standard input,
    // or a file the ranks decline together, by rank 0 alone.
    let split = match file {
        Source::File(Some(p)) if p != Path::new("-") => {
            read_over_ranks(p, super::MAX_INPUT, !explore, job)
        }
        _ => None,
    };
    let whole = match split {
        Some(_) => None,
        None => rank0_input(file, job)?,
    };
    let input = match split {
        Some(s) => OnRanksInput::Split(s),
        None => OnRanksInput::Whole(whole.as_ref()),
    };
    let started = Instant::now();
    if explore {
        let (report, counts) = with_shards(checkpoint, job, |job, saving| {
            grundy::analysis::graph::explore_on(input, job, saving).map_err(failure)
        })?;
        if stats {
            rank_stats(job, &counts, checkpoint.is_some());
        }
        if let Some(report) = report {
            let mut out = io::BufWriter::new(io::stdout().lock());
            super::explore::print(&mut out, json, &report, &report)?;
            out.flush()?;
        }
        return Ok(());
    }
    let (report, counts) = with_shards(checkpoint, job, |job, saving| {
        grundy::analysis::graph::analyze_on(input, job, saving).map_err(failure)
    })?;
    if stats {
        rank_stats(job, &counts, checkpoint.is_some());
    }
    match report {
        Some(report) => print_analysis(
            &catalogue::Analysis {
                report: grundy::report::Report::Graph(report),
                stats: String::new(),
            },
            None,
            json,
            false,
            started,
        ),
        None => Ok(()),
    }
}

/// The input of a command whose file rank 0 alone needs: read there, and `None` on the
/// other ranks. A rank 0 that cannot read it says why; the others end with the same status,
/// quietly.
fn rank0_input(file: Source<'_>, job: &mut dyn Transport) -> Result<Option<Input>, Failure> {
    let mine = (job.rank() == 0).then(|| read_input(file));
    let status = match &mine {
        Some(Err(f)) => u64::from(f.status.max(1)),
        _ => 0,
    };
    let worst = job.max(status);
    match mine {
        Some(read) => read.map(Some),
        None if worst == 0 => Ok(None),
        None => Err(Failure::quiet(worst as u8)),
    }
}

/// How often each rank saves its part with `--checkpoint`.
pub(super) const SAVE_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Runs `work`, a solve over the ranks of `job` that keeps its shards under `checkpoint`
/// when given: a first SIGINT or SIGTERM (mpirun passes them on to every rank) is only
/// noted, every rank saves and the solve stops; then rank 0 says where the parts are, and
/// once it has, every rank ends by the signal (a launcher may kill the rest of a job as soon
/// as one rank ends). Otherwise, `work`'s report and counts.
pub(super) fn with_shards<R>(
    checkpoint: Option<&Path>,
    job: &mut dyn Transport,
    work: impl FnOnce(&mut dyn Transport, Option<&RanksSaving<'_>>) -> Result<OnRanks<R>, Failure>,
) -> Result<(Option<R>, Stats), Failure> {
    let deferring = checkpoint.map(|_| Deferring::start());
    let asked = || deferring.as_ref().is_some_and(|d| d.pending().is_some());
    let saving = checkpoint.map(|dir| RanksSaving {
        dir,
        every: SAVE_EVERY,
        stop: &asked,
    });
    match work(&mut *job, saving.as_ref())? {
        OnRanks::Done(report, counts) => Ok((report, counts)),
        OnRanks::Stopped(at) => {
            if job.rank() == 0 {
                eprintln!(
                    "grundy: stopped; every rank's part is saved in {}, and the same command goes on from it",
                    escaped_path(&at)
                );
            }
            job.max(0);
            let signal = deferring
                .as_ref()
                .and_then(Deferring::pending)
                .unwrap_or(15);
            crate::signals::end_by(signal)
        }
    }
}

/// `analyze script:FILE` under an MPI launcher: rank 0 reads the script and the positions and
/// solves them as one process does; a game with cycles has the graph listed there labelled
/// over every rank. The other ranks wait to join that labelling.
pub(super) fn script(command: &Command, job: &mut dyn Transport) -> Result<(), Failure> {
    let Command::Analyze { game, params, .. } = command else {
        unreachable!("called for analyze");
    };
    let params = super::params_of(params)?;
    let args = analyze_args(command, "of a script game", ["--memory", ""])?;
    if job.rank() != 0 {
        let counts = follow(job);
        if args.stats {
            rank_stats(job, &counts, false);
        }
        return Ok(());
    }
    let started = Instant::now();
    let mut lead = Lead::new(job);
    let analysis = (|| {
        let game = catalogue::lookup_for_with(game, Feature::Analyze, &params).map_err(failure)?;
        let options = Options {
            memory: args
                .memory
                .map(|m| Memory::parse(Some(m)))
                .transpose()?
                .map(|m| m.0),
            ..Options::default()
        };
        let input = read_input(args.file)?;
        catalogue::analyze_script_on(&game, &input, &options, &mut lead).map_err(failure)
    })();
    let counts = lead.stats();
    drop(lead);
    if args.stats {
        rank_stats(job, &counts, false);
    }
    print_analysis(&analysis?, None, args.json, false, started)
}
