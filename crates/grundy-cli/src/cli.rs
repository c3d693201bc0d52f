//! The command line, as clap sees it.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// Solve and explain impartial combinatorial games with the Sprague–Grundy theorem.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, propagate_version = true)]
#[command(after_long_help = "\
Examples:
  grundy analyze nim examples/nim.txt
  grundy sequence octal:0.77 --upto 100
  grundy solve shgame contest.in

Exit status: 0 success, 2 bad input or usage, 1 any other failure.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a whole contest input and print exactly the contest's output.
    #[command(long_about = "\
Solve a whole contest input and print exactly the contest's output.

PROBLEM is one of: shgame (sheet), lamqugam (lame-queen), inventor-outlasting (inventor),
pshtbrth (cakes), caos3 (lava). The input is read from FILE, or from standard input when FILE
is absent or '-'.")]
    #[command(after_long_help = "\
Examples:
  grundy solve shgame contest.in
  grundy solve lamqugam < contest.in > contest.out")]
    Solve {
        /// The contest problem.
        problem: String,
        /// The input file; standard input when absent or '-'.
        file: Option<PathBuf>,
    },

    /// Explain one position: its Grundy value, the winner, and every winning move.
    #[command(long_about = "\
Explain one position: its Grundy value, who wins with perfect play, and every winning move.

GAME is a contest game (shgame, lamqugam, inventor-outlasting, pshtbrth, caos3), reading one
test case without the leading T, or a heap family (nim, subtraction:S, octal:CODE, kayles,
dawson-chess, dawson-kayles), reading whitespace-separated heap sizes played side by side.")]
    #[command(after_long_help = "\
Examples:
  grundy analyze nim examples/nim.txt
  echo '3 4 5' | grundy analyze kayles --json
  echo '10 7' | grundy analyze subtraction:1,3,4
  grundy analyze cakes examples/cakes.txt --cache ~/.cache/grundy")]
    Analyze {
        /// The game: a contest game or a heap family.
        game: String,
        /// The input file; standard input when absent or '-'.
        file: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Print solver statistics on standard error.
        #[arg(long)]
        stats: bool,
        /// Keep computed tables (the bit-board values of a cake shape) in DIR and reuse them
        /// on later runs; files are checked and rebuilt if damaged.
        #[arg(long, value_name = "DIR")]
        cache: Option<PathBuf>,
    },

    /// Print the Grundy values of heaps 0..=N of a family, space-separated on one line.
    #[command(long_about = "\
Print the Grundy values of heaps 0..=N of a one-parameter family, space-separated on one line.

FAMILY is nim, subtraction:S (S a comma list of takes, e.g. subtraction:1,3,4) or octal:CODE
in the usual notation: digit k of the code says what taking k counters may leave (bit 1:
nothing, bit 2: one heap, bit 4: two heaps); the digit before the point is k = 0. Named
games: kayles (octal:0.77), dawson-chess (octal:0.137), dawson-kayles (octal:0.07).")]
    #[command(after_long_help = "\
Examples:
  grundy sequence octal:0.77 --upto 100
  grundy sequence subtraction:1,3,4 --upto 30 --stats
  grundy sequence kayles --upto 2000 --engine solver --stats")]
    Sequence {
        /// The family.
        family: String,
        /// The largest heap.
        #[arg(long, value_name = "N")]
        upto: u64,
        /// How to compute the values.
        #[arg(long, value_enum, default_value_t = Engine::Table)]
        engine: Engine,
        /// Print a checksum, any proven period and timing on standard error.
        #[arg(long)]
        stats: bool,
    },
}

/// How `sequence` computes values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// The fastest exact method: a formula, or the table loop continued by the period
    /// once the values prove one.
    Table,
    /// The table loop run to the end, never using a proven period.
    Loop,
    /// The generic memoised solver: slow, independent, for cross-checking.
    Solver,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
