//! `grundy survey`: a list of take-and-break games computed one after the other, one line
//! per game (see `grundy::survey`).

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::anyhow;
use grundy::Progress;
use grundy::games::TakeBreak;
use grundy::parse::escaped_path;
use grundy::solve::heap::{ValuesRef, Watch};
use grundy::survey::{self, Options, Outcome, Record, SurveyError};

use crate::Failure;
use crate::progress::Bar;
use crate::signals::Deferring;

/// What `grundy survey` was asked.
pub struct Request {
    pub games: Vec<String>,
    pub upto: u64,
    pub dir: Option<PathBuf>,
    pub time_per_game: Option<String>,
    pub threads: Option<u16>,
    pub json: bool,
}

/// The header of the table the lines make (Markdown, as the survey's records in docs).
const HEADER: &str = "| game | heaps computed | result | largest value (first at) | rare heaps | last rare | rare values | seconds |\n|---|--:|---|--:|--:|--:|---|--:|";

pub fn run(req: Request) -> Result<(), Failure> {
    if req.upto > super::sequence::MAX_HEAP {
        return Err(Failure::input(anyhow!(
            "--upto {} is past the largest heap of a table, {}",
            req.upto,
            super::sequence::MAX_HEAP
        )));
    }
    let time_limit = match &req.time_per_game {
        Some(text) => Some(humantime::parse_duration(text).map_err(|e| {
            Failure::input(anyhow!(
                "--time-per-game '{}': {e}; expected a time like 90s, 10m or 2h",
                grundy::parse::escaped_str(text)
            ))
        })?),
        None => None,
    };
    if let Some(limit) = time_limit {
        survey::check_time_limit(limit)
            .map_err(|e| Failure::input(anyhow!("--time-per-game: {e}")))?;
    }
    // Every game is read before any work, so a typo late in the list costs nothing.
    let mut games = Vec::new();
    for code in &req.games {
        let game = survey::game(code).map_err(|e| Failure::input(anyhow!("{e}")))?;
        if !games.contains(&game) {
            games.push(game);
        }
    }
    let options = Options {
        upto: req.upto,
        dir: req.dir.clone(),
        time_limit,
        threads: req.threads.map(usize::from),
    };
    let journal = match &req.dir {
        Some(dir) => survey::load_journal(dir).map_err(input_or_other)?,
        None => Vec::new(),
    };
    // The last record of a game is the one that counts; one that settles it spares its work.
    let settled = |game: &TakeBreak| {
        journal
            .iter()
            .rev()
            .find(|r| r.game == game.name())
            .filter(|r| r.settles(game, &options))
    };
    if let Some(dir) = &req.dir {
        let open = games.iter().filter(|g| settled(g).is_none());
        survey::check_checkpoints(dir, open).map_err(input_or_other)?;
    }
    let mut out = io::stdout().lock();
    // Written before the first line, so that a refusal before any line leaves stdout empty.
    let mut header = !req.json;
    for game in &games {
        let record = match settled(game) {
            Some(r) => r.clone(),
            None => {
                let deferring = Deferring::start();
                let mut watch = SurveyWatch {
                    bar: Bar::above(100_000),
                    deferring: &deferring,
                    started: false,
                    upto: req.upto,
                };
                let result = survey::run_one(game, &options, &mut watch);
                watch.bar.finish();
                let record = match result {
                    Ok(r) => r,
                    Err(SurveyError::Stopped { game, heap, saved }) => {
                        match saved {
                            Some(path) => eprintln!(
                                "grundy: interrupted: {game}: the values of heaps 0 to {} are saved in {}; the same command run again goes on from there",
                                heap.saturating_sub(1),
                                escaped_path(&path)
                            ),
                            None => eprintln!("grundy: interrupted: {game} at heap {heap}"),
                        }
                        // Dropping the guard ends the process by the signal.
                        drop(deferring);
                        return Err(Failure::other(anyhow!("stopped by a signal")));
                    }
                    Err(e) => return Err(input_or_other(e)),
                };
                if let Some(dir) = &req.dir {
                    survey::append(dir, &record).map_err(input_or_other)?;
                }
                drop(deferring);
                record
            }
        };
        if header {
            writeln!(out, "{HEADER}")?;
            header = false;
        }
        if req.json {
            writeln!(
                out,
                "{}",
                serde_json::to_string(&record).map_err(Failure::other)?
            )?;
        } else {
            writeln!(out, "{}", row(&record))?;
        }
        out.flush()?;
    }
    Ok(())
}

fn input_or_other(e: SurveyError) -> Failure {
    match e {
        SurveyError::Input(_) => Failure::input(anyhow!("{e}")),
        e => Failure::other(anyhow!("{e}")),
    }
}

/// One game's line of the table.
fn row(r: &Record) -> String {
    let result = match r.outcome {
        Outcome::Period => {
            let mut s = format!(
                "period {} from heap {}",
                r.period.unwrap_or(0),
                r.preperiod.unwrap_or(0)
            );
            if let Some(c) = &r.certificate {
                s.push_str(&format!(" (certificate {c})"));
            }
            s
        }
        Outcome::Reached => format!("no period up to heap {}", r.upto),
        Outcome::TimeLimit => format!(
            "stopped by the time limit ({})",
            humantime::format_duration(std::time::Duration::from_secs(
                r.time_limit.unwrap_or(0.0) as u64
            ))
        ),
        Outcome::Memory => "stopped: the table outgrew the memory".to_string(),
        Outcome::WorkLimit => "refused past the work limit (give --dir)".to_string(),
    };
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "—".to_string());
    // A few values, and how many more there are.
    let rare_values = r.rare_values.as_ref().map(|v| {
        let shown: Vec<String> = v.iter().take(12).map(u32::to_string).collect();
        let mut s = shown.join(" ");
        let count = r.rare_value_count.unwrap_or(v.len() as u64);
        if count > shown.len() as u64 {
            s.push_str(&format!(" … ({count} values)"));
        }
        s
    });
    format!(
        "| {} | {} | {result} | {} ({}) | {} | {} | {} | {:.1} |",
        r.game,
        r.computed,
        r.largest,
        r.largest_at,
        or_dash(r.rare_heaps.map(|n| n.to_string())),
        or_dash(r.last_rare.map(|n| n.to_string())),
        or_dash(rare_values),
        r.seconds
    )
}

/// Draws the game's progress and stops on a signal.
struct SurveyWatch<'a> {
    bar: Bar,
    deferring: &'a Deferring,
    started: bool,
    upto: u64,
}

impl Watch for SurveyWatch<'_> {
    fn tick(&mut self, values: ValuesRef<'_>) -> bool {
        if self.deferring.pending().is_some() {
            return false;
        }
        if !self.started {
            self.started = true;
            self.bar.start(self.upto + 1);
        }
        self.bar.advance(values.len() as u64);
        true
    }
}
