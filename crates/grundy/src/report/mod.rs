//! Typed reports: what an analysis of one position says, for every game grundy explains.
//!
//! A report is the contract between the engines and every front end. The command line's
//! `--json`, the web API and a Python `to_dict()` are the report serialised; the text the
//! command line prints is its [`Display`](fmt::Display); pictures are drawn from it. So an
//! analysis runs once, whatever is asked of its result.
//!
//! Each game's analysis reads a position written in the game's own notation (the text
//! `grundy analyze NAME` reads) from an [`Input`](crate::parse::Input), and refuses a bad
//! one with an [`Error`] naming the input and the line.
//!
//! ```
//! use grundy::parse::Input;
//! use grundy::report::{self, Report};
//!
//! let kayles = grundy::catalogue::family("kayles")?;
//! let report = grundy::analysis::heaps::analyze(&kayles, &Input::new("<example>", "3 4 5"))?;
//! assert_eq!(report.grundy.0, 3 ^ 1 ^ 4);
//! let json = serde_json::to_string(&Report::Heaps(report.clone()))?;
//! assert_eq!(serde_json::from_str::<Report>(&json)?, Report::Heaps(report));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod board;
pub mod cakes;
pub mod cells;
pub mod explore;
pub mod export;
pub mod graph;
pub mod heaps;
pub mod misere;
pub mod moves;
pub mod queen;
pub mod quotient;
pub mod remoteness;
#[cfg(feature = "script")]
pub mod script;
pub mod sheet;
pub mod sum;
pub mod table;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::nimber::Nimber;

pub use crate::error::{Error, ErrorKind};

use std::path::PathBuf;

/// What an analysis may use besides the position.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Bytes the engine may hold (Cram's table, Chomp's, a script's positions); default
    /// half of what the machine has available (for scripts at most
    /// [`SCRIPT_MEMORY`]).
    pub memory: Option<u64>,
    /// A folder where tables are kept between runs (the cakes' tables).
    pub cache: Option<PathBuf>,
    /// Misère play: the last move loses.
    pub misere: bool,
    /// Threads for the engines that use several (Cram's search): 0 for every core.
    pub threads: usize,
    /// Where a long Cram search saves what it has proved, and resumes from (see
    /// [`crate::analysis::board::solve_cram_saved`]).
    pub checkpoint: Option<PathBuf>,
    /// Where to write the certificate of the value found: every part valued, each
    /// checkable on its own (Node-Kayles; `grundy verify` checks it).
    pub certificate: Option<PathBuf>,
    /// Which entries of a script game's list position vary in `explore`: `[x, 3, y]` for a
    /// grid, `[2, n]` for a line (see [`crate::script::axes`]).
    pub axes: Option<String>,
}

/// The default memory for a script game's positions: an endless game (every position with
/// a larger option) is refused after a few million positions, not after half the memory.
pub const SCRIPT_MEMORY: u64 = 2 << 30;

impl Options {
    /// The threads to use: the number given, or every core for 0.
    pub fn thread_count(&self) -> usize {
        if self.threads == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            self.threads
        }
    }

    /// The memory for boards: the one given, or half of what is available.
    pub fn board_memory(&self) -> u64 {
        self.memory.unwrap_or_else(|| {
            crate::work::memory_available()
                .map_or(1 << 30, |a| a / 2)
                .max(1 << 20)
        })
    }

    /// The positions a script game may store.
    #[cfg(feature = "script")]
    pub fn script_positions(&self) -> usize {
        crate::script::positions_within(
            self.memory
                .unwrap_or_else(|| self.board_memory().min(SCRIPT_MEMORY)),
        )
    }
}

/// The report of any game. Serialised, it is its game's report with one field more in
/// front, `"report"`, naming its kind (`"heaps"`, `"board"`, `"sum"`, ...), and it is read
/// back by that field alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "report", rename_all = "kebab-case")]
pub enum Report {
    /// A sum of heaps of one family.
    Heaps(heaps::HeapReport),
    /// The sheet-cutting game (shgame).
    Sheet(sheet::SheetReport),
    /// The lame queen (lamqugam).
    Queen(queen::QueenReport),
    /// An Inventor Outlasting board, maybe in play.
    Inventor(cells::InventorReport),
    /// A lava map (caos3), maybe in play.
    Lava(cells::LavaReport),
    /// A row of cakes (pshtbrth).
    Cakes(cakes::CakeReport),
    /// A Cram or Chomp board.
    Board(board::BoardReport),
    /// A sum of positions of a script game.
    #[cfg(feature = "script")]
    Script(script::ScriptReport),
    /// A sum of positions of a script game whose positions can repeat (win, loss or draw).
    #[cfg(feature = "script")]
    ScriptLoopy(script::LoopyScriptReport),
    /// A position of a game other than a heap family under misère play.
    Misere(misere::MisereReport),
    /// Tokens on a directed graph (win, loss or draw).
    Graph(graph::GraphReport),
    /// A game analysed through its notation, as a sum of parts.
    Sum(sum::SumReport),
}

impl Report {
    /// The game's name as the report gives it.
    pub fn game(&self) -> &str {
        match self {
            Report::Heaps(r) => &r.game,
            Report::Sheet(r) => &r.game,
            Report::Queen(r) => &r.game,
            Report::Inventor(r) => &r.game,
            Report::Lava(r) => &r.game,
            Report::Cakes(r) => &r.game,
            Report::Board(r) => &r.game,
            #[cfg(feature = "script")]
            Report::Script(r) => &r.game,
            #[cfg(feature = "script")]
            Report::ScriptLoopy(r) => &r.game,
            Report::Misere(r) => &r.game,
            Report::Graph(r) => &r.game,
            Report::Sum(r) => &r.game,
        }
    }

    /// The position's value, where it is known (the lame queen's far squares have only
    /// their outcome).
    pub fn grundy(&self) -> Option<Nimber> {
        match self {
            Report::Heaps(r) => Some(r.grundy),
            Report::Sheet(r) => Some(r.grundy),
            Report::Queen(r) => r.grundy,
            Report::Inventor(r) => Some(r.grundy),
            Report::Lava(r) => Some(r.grundy),
            Report::Cakes(r) => Some(r.grundy),
            Report::Board(r) => Some(r.grundy),
            #[cfg(feature = "script")]
            Report::Script(r) => Some(r.grundy),
            #[cfg(feature = "script")]
            Report::ScriptLoopy(r) => r.value.parse().ok().map(Nimber),
            Report::Misere(r) => Some(r.grundy),
            Report::Graph(r) => r.value.parse().ok().map(Nimber),
            Report::Sum(r) => Some(r.grundy),
        }
    }

    /// Who wins with perfect play.
    pub fn winner(&self) -> crate::Player {
        match self {
            Report::Heaps(r) => r.winner,
            Report::Sheet(r) => r.winner,
            Report::Queen(r) => r.winner,
            Report::Inventor(r) => r.winner,
            Report::Lava(r) => r.winner,
            Report::Cakes(r) => r.winner,
            Report::Board(r) => r.winner,
            #[cfg(feature = "script")]
            Report::Script(r) => r.winner,
            #[cfg(feature = "script")]
            Report::ScriptLoopy(r) => r.winner.player(),
            Report::Misere(r) => r.winner,
            Report::Graph(r) => r.winner.player(),
            Report::Sum(r) => r.winner,
        }
    }

    /// How many winning moves the report lists.
    pub fn winning_move_count(&self) -> usize {
        match self {
            Report::Heaps(r) => r.winning_moves.len(),
            Report::Sheet(r) => r.winning_moves.len(),
            Report::Queen(r) => r.winning_moves.len(),
            Report::Inventor(r) => r.winning_moves.len(),
            Report::Lava(r) => r.winning_moves.len(),
            Report::Cakes(r) => r.winning_moves.len(),
            Report::Board(r) => r.winning_moves.len(),
            #[cfg(feature = "script")]
            Report::Script(r) => r.winning_moves.len(),
            #[cfg(feature = "script")]
            Report::ScriptLoopy(r) => r.winning_moves.len(),
            Report::Misere(r) => r.winning_moves.len(),
            Report::Graph(r) => r.winning_moves.len(),
            Report::Sum(r) => r.winning_moves.len(),
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Report::Heaps(r) => r.fmt(f),
            Report::Sheet(r) => r.fmt(f),
            Report::Queen(r) => r.fmt(f),
            Report::Inventor(r) => r.fmt(f),
            Report::Lava(r) => r.fmt(f),
            Report::Cakes(r) => r.fmt(f),
            Report::Board(r) => r.fmt(f),
            #[cfg(feature = "script")]
            Report::Script(r) => r.fmt(f),
            #[cfg(feature = "script")]
            Report::ScriptLoopy(r) => r.fmt(f),
            Report::Misere(r) => r.fmt(f),
            Report::Graph(r) => r.fmt(f),
            Report::Sum(r) => r.fmt(f),
        }
    }
}

/// `"second player (a P-position: ...)"` or the first player's line, for text reports.
pub(crate) fn winner_line(g_is_zero: bool) -> &'static str {
    if g_is_zero {
        "second player (a P-position: the player to move loses)"
    } else {
        "first player (an N-position: the player to move wins)"
    }
}

/// The winning-moves block of a text report: how many and one line each, or that there
/// are none and why.
pub(crate) fn write_moves<'a>(
    f: &mut fmt::Formatter<'_>,
    title: &str,
    moves: impl ExactSizeIterator<Item = &'a str>,
    none: &str,
) -> fmt::Result {
    if moves.len() == 0 {
        return writeln!(f, "{title}: none; {none}");
    }
    writeln!(f, "{title} ({}):", moves.len())?;
    for m in moves {
        writeln!(f, "  {m}")?;
    }
    Ok(())
}

/// The end of the report of a sum: value, winner and every winning move, the labels
/// padded to `width`.
pub(crate) fn write_outcome<'a>(
    f: &mut fmt::Formatter<'_>,
    width: usize,
    grundy: Nimber,
    winner: crate::Player,
    moves: impl ExactSizeIterator<Item = &'a str>,
) -> fmt::Result {
    writeln!(
        f,
        "{:<width$}{grundy} ({})",
        "grundy:",
        if grundy.is_zero() {
            "a P-position: the player to move loses"
        } else {
            "an N-position: the player to move wins"
        }
    )?;
    writeln!(f, "{:<width$}{} player", "winner:", winner.as_str())?;
    write_moves(
        f,
        "winning moves",
        moves,
        "every move leaves a winning position",
    )
}

/// "1 move", "3 moves".
pub(crate) fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}
