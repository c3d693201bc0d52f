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
  grundy gen cakes --size worst --seed 3
  grundy judge shgame -- ./solution
  grundy serve

Exit status: 0 success, 2 bad input or usage, 1 any other failure.")]
pub struct Cli {
    /// The subcommand and its arguments.
    #[command(subcommand)]
    pub command: Command,
    /// No progress on standard error: no bars on a terminal, no progress lines (every
    /// 10 s) off one. Warnings and errors are still printed.
    #[arg(long, global = true)]
    pub quiet: bool,
}

/// The subcommands, each with its arguments.
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
test case without the leading T (an Inventor board or a lava map may go on with the word
`played` and the row and column, from 1, of each move made since: the board in play); a board game: cram (`R C`, then optionally R rows of '.'
free and '#' blocked; at most 128 cells, 64 under --misere or --remoteness) or chomp (`R C` for a full bar, or the row lengths
bottom row first, never increasing: one number, three or more, or joined by commas like
3,2); or a heap family (nim, subtraction:S, octal:CODE, hex:CODE, grundy-game, kayles,
dawson-chess, dawson-kayles, treblecross), reading whitespace-separated heap sizes played
side by side; or a script game, script:FILE, reading positions as the script writes them
(integers and arrays of integers like [3, 5]), played side by side; or graph, reading a
directed graph and its tokens (n m, m lines u v, k, the k tokens' vertices). Cram is solved by the pruning search with a transposition table of --memory
bytes; Chomp by a dense table of every position in its box when that fits --memory, by the
generic engine otherwise. Node-Kayles (a graph, or a named one like grid:3x20) holds at
most 2 million parts, or what --memory holds at 128 bytes a part; --checkpoint FILE keeps
its search and --certificate FILE writes the table its value rests on, for grundy verify.
--stats prints what the engine did on standard error.

Misère play (--misere): whoever makes the last move loses, and a sum's value is no longer
the XOR of its parts, so the sum is searched as a whole (misère Nim by its rule; more than 16
heaps by the family's misère quotient). Every game but the boards in play answers; the
report's `grundy` is then the misère Grundy value, 0 exactly when the player to move loses.

Games that can go on for ever (a graph with cycles, a script whose positions repeat) are
valued by the generalised Sprague–Grundy function (Smith; Fraenkel and Yesha): a nimber, or
∞(K) for a position that can escape into a cycle, K the finite values among its moves. The
winner is then first, second or draw; the report lists the winning moves (after which the
opponent can neither win nor draw) and, in a drawn position, the moves that keep the draw.
--png and --svg draw a graph of at most 60 vertices with its values.")]
    #[command(after_long_help = "\
Examples:
  grundy analyze nim examples/nim.txt
  grundy analyze kayles 3 4 5
  echo '1 1 1' | grundy analyze nim --misere
  echo '3 4 5' | grundy analyze kayles --json
  echo '10 7' | grundy analyze subtraction:1,3,4
  echo '4 5' | grundy analyze cram
  printf '3 3\\n..#\\n...\\n#..\\n' | grundy analyze cram --json
  echo '5,3,3,1' | grundy analyze chomp
  echo '[3, 5]' | grundy analyze script:examples/games/wythoff.rhai
  grundy analyze cakes examples/cakes.txt --cache ~/.cache/grundy
  grundy analyze lava examples/caos3.txt --png lava.png --svg lava.svg
  printf '5 5\\n^^^^^\\n^^^^^\\n^^^^^\\n^^^^^\\n^^^^^\\nplayed 3 3\\n' | grundy analyze lava
  grundy analyze graph examples/graphs/cycle.txt --svg cycle.svg
  echo '6 9' | grundy analyze script:examples/games/loopy_track.rhai")]
    Analyze {
        /// The game: a contest game, a board game, a heap family or script:FILE.
        game: String,
        /// The input file; standard input when absent or '-'. Or the position itself, as
        /// arguments: `grundy analyze nim 3 4 5` reads `3 4 5`.
        #[arg(value_name = "FILE|POSITION")]
        file: Option<PathBuf>,
        /// The rest of a position given as arguments.
        #[arg(value_name = "POSITION", hide = true)]
        position: Vec<String>,
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
        /// Memory for Cram's transposition table, Chomp's tables, and the positions of a
        /// script game or of Node-Kayles, like 512M or 4G (default: half of what is
        /// available; for Node-Kayles, 2 million positions).
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
        /// Also draw the position into a PNG file: the board, its winning moves marked,
        /// the value and the winner (shgame, inventor, cakes, lava, cram).
        #[arg(long, value_name = "FILE.png")]
        png: Option<PathBuf>,
        /// The same picture as SVG.
        #[arg(long, value_name = "FILE.svg")]
        svg: Option<PathBuf>,
        /// A parameter of a script game, read by its `param("NAME", default)` (repeatable):
        /// `--param k=5 --param cuts="1 4 9"`. Each set of parameters is its own game.
        #[arg(long = "param", value_name = "NAME=VALUE")]
        params: Vec<String>,
        /// Misère play: whoever makes the last move loses (every game but the boards in
        /// play of inventor-outlasting and caos3).
        #[arg(long)]
        misere: bool,
        /// Also print the remoteness of the position and of every move (Smith's rule: the
        /// winner ends as fast as it can, the loser lasts as long as it can), searching the
        /// whole sum (normal play; not the boards in play, nor graphs).
        #[arg(long)]
        remoteness: bool,
        /// Threads for Cram's search, sharing one table (default: every core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=grundy::solve::parallel::MAX_THREADS as i64))]
        threads: Option<u16>,
        /// Cram and Node-Kayles: save what the search has proved in FILE every five
        /// minutes and when stopped (Ctrl-C, SIGTERM); the same command resumes from it.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Node-Kayles: write the value's certificate to FILE, every part valued with its
        /// value, each checkable on its own (`grundy verify FILE` checks it).
        #[arg(long, value_name = "FILE")]
        certificate: Option<PathBuf>,
    },

    /// Print the Grundy values of heaps 0..=N of a family, space-separated on one line.
    #[command(long_about = "\
Print the Grundy values of heaps 0..=N of a one-parameter family, space-separated on one line.

FAMILY is nim, subtraction:S (S a comma list of takes, e.g. subtraction:1,3,4), octal:CODE,
hex:CODE or grundy-game. In a code, digit k says what taking k counters may leave (bit 1:
nothing, bit 2: one heap, bit 4: two heaps, bit 8 in hexadecimal: three heaps); the digit
before the point is k = 0. Grundy's game splits a heap into two unequal heaps. Named games:
kayles (octal:0.77), dawson-chess (octal:0.137), dawson-kayles (octal:0.07), treblecross
(octal:0.007). script:FILE is a game whose rules are a Rhai script defining fn options(p)
(see `grundy explore --help` and examples/games/); it is solved by the generic engine, with
positions bounded by --memory.

Take-and-break games go up to N = 2^32 where memory allows (about 2 bytes a heap). Work
past about 4 minutes is refused, projected from the first heaps, unless --checkpoint is
given: then there is no limit, the computed values are saved every minute and on Ctrl-C,
and the same command run again goes on from where it stopped.

Misère play (--misere) prints each heap's misère Grundy value: the last move loses, so the
empty heap is worth 1. --genus prints each heap's genus g^(g0 g1 ...): its normal value, then
the misère values of the heap plus 0, 1, 2, ... copies of *2, as CGSuite writes them.")]
    #[command(after_long_help = "\
Examples:
  grundy sequence octal:0.77 --upto 100
  grundy sequence kayles --upto 30 --misere
  grundy sequence kayles --upto 30 --genus
  grundy sequence kayles --from 999999000 --upto 1000000000
  grundy sequence octal:0.16 --upto 1048576 --stats --out values.txt
  grundy sequence grundy-game --upto 16777216 --checkpoint grundy.ckpt --out grundy.txt
  grundy sequence subtraction:1,3,4 --upto 30 --stats
  grundy sequence kayles --upto 2000 --engine solver --stats
  grundy sequence script:examples/games/kayles.rhai --upto 300 --stats
  grundy sequence octal:0.137 --upto 300 --plot dawson.png")]
    Sequence {
        /// The family.
        family: String,
        /// The largest heap.
        #[arg(long, value_name = "N")]
        upto: u64,
        /// The first heap printed (the values below are still computed, or given by a
        /// period).
        #[arg(long, value_name = "A", default_value_t = 0)]
        from: u64,
        /// How to compute the values.
        #[arg(long, value_enum, default_value_t = SequenceMethod::Table)]
        engine: SequenceMethod,
        /// Print a checksum, any proven period, the engine's counts and timing on
        /// standard error.
        #[arg(long)]
        stats: bool,
        /// Write the values to FILE, one per line, instead of the line on standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Save the values computed to FILE every minute, on Ctrl-C or SIGTERM, and at the
        /// end; resume from it when it exists (take-and-break games only).
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Threads for the plain scans of large heaps (take-and-break games; default:
        /// every core). The values do not depend on it.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=grundy::solve::parallel::MAX_THREADS as i64))]
        threads: Option<u16>,
        /// Write the proved period's certificate to FILE (JSON: game, preperiod, period,
        /// the heaps the periodicity theorem needs, checksums of their values), for
        /// `grundy verify` (take-and-break games).
        #[arg(long, value_name = "FILE")]
        certificate: Option<PathBuf>,
        /// Write a census of the values to FILE (JSON): at every power of two and at N, the
        /// checksums (grundy's and the one ogsolve prints), the largest value and its first
        /// heap, the heaps of value 0 and the histogram of values; then the rare heaps of the
        /// sparse-space split and their values (take-and-break games).
        #[arg(long, value_name = "FILE")]
        census: Option<PathBuf>,
        /// Memory for a script game's positions, like 512M or 4G (default: half of what is
        /// available, at most 2G; about 512 bytes a position).
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
        /// Also draw the values printed against n into a PNG file, P-positions marked.
        #[arg(long, value_name = "FILE.png")]
        plot: Option<PathBuf>,
        /// A parameter of a script game, read by its `param("NAME", default)` (repeatable):
        /// `--param k=5 --param cuts="1 4 9"`. Each set of parameters is its own game.
        #[arg(long = "param", value_name = "NAME=VALUE")]
        params: Vec<String>,
        /// Misère play: print each heap's misère Grundy value (the empty heap is worth 1).
        #[arg(long, conflicts_with = "genus")]
        misere: bool,
        /// Print each heap's genus g^(g0 g1 …): its normal value, then the misère values of
        /// the heap plus 0, 1, 2, … copies of *2, as CGSuite writes them (4^146, 6^(1,9,10,8));
        /// a genus equal to a nim heap's is written bare.
        #[arg(long)]
        genus: bool,
    },
    /// Print the misère quotient of a heap family: presentation, |Q|, |P|, pretending function.
    #[command(long_about = "\
Print the misère quotient of a heap family's heaps 0..=N: the commutative monoid that decides
every sum of those heaps under misère play (whoever makes the last move loses). Two sums are
the same element when no third sum tells them apart; a sum is lost for the player to move
exactly when its element is in the P-portion.

Printed: the generators (a, b, … with the heap that brings each), the relations that define
the monoid, its order |Q| and P-portion P, and the element each heap pretends to be. Every
quotient printed is proved for every sum of heaps 0..=N; no period is claimed beyond N.

CODE is a family (kayles, dawson-kayles, octal:0.137, hex:0.3f, subtraction:1,2,
grundy-game, nim) or a bare octal code (0.07).

Examples:
  grundy quotient nim --upto 3
  grundy quotient 0.07 --upto 30
  grundy quotient kayles --upto 20 --json")]
    Quotient {
        /// The family, or a bare octal code.
        code: String,
        /// The largest heap.
        #[arg(long, value_name = "N")]
        upto: u64,
        /// Print the report as JSON (fields order, p_portion, relations, pretending, …).
        #[arg(long)]
        json: bool,
    },
    /// Print the values of a family over a line or a grid, and the patterns they show.
    #[command(long_about = "\
Print the Grundy values of a family over a line of positions 0..=N (--upto N) or a grid of
positions [x, y] for 0..=X × 0..=Y (--grid X,Y), then what they show: a period (the values
repeat, or grow by a fixed step, every p from some point on), the P-positions (value 0),
and for a grid the shape of the P-positions (symmetry, how many per row and column, their
diagonals y − x, the slope they follow).

FAMILY is a script game (script:FILE, a Rhai script defining fn options(p)), a heap family
(nim, subtraction:S, octal:CODE, hex:CODE, grundy-game, kayles, ...) for --upto, or a
built-in game on [x, y] for --grid: wythoff, or lame-queen:D (the lame queen, diagonal
moves a multiple of D; coordinates count from 0 at the corner).

A period is called proved only where a theorem proves it from the values computed (the
periodicity theorems of octal and subtraction games); everything else is apparent, seen up
to the last position computed. --png draws the values: a plot against n for a line, a map
(a colour per value, P-positions black) for a grid.

`explore graph FILE` values every vertex of a directed graph that may have cycles by the
generalised Sprague–Grundy function (a nimber, or ∞(K)), counts how many vertices have each
value, and with --png draws the graph with its values (at most 60 vertices).")]
    #[command(after_long_help = "\
Examples:
  grundy explore script:examples/games/kayles.rhai --upto 300
  grundy explore script:examples/games/wythoff.rhai --grid 30,30 --png wythoff.png
  grundy explore lame-queen:2 --grid 60,60 --json
  grundy explore octal:0.07 --upto 200 --png dawson.png
  grundy explore kayles --upto 300 --export python > kayles.py
  grundy explore graph examples/graphs/cycle.txt --png cycle.png")]
    Explore {
        /// The family: script:FILE, a heap family, wythoff or lame-queen:D; or graph.
        family: String,
        /// For graph: the graph file (n m, then m moves u v; tokens may follow and are not
        /// used); - or none reads standard input.
        file: Option<PathBuf>,
        /// Positions 0..=N.
        #[arg(long, value_name = "N", conflicts_with = "grid")]
        upto: Option<u64>,
        /// Positions [x, y] for 0..=X × 0..=Y.
        #[arg(long, value_name = "X,Y")]
        grid: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Draw the values into a PNG file.
        #[arg(long, value_name = "FILE")]
        png: Option<PathBuf>,
        /// Memory for a script game's positions, like 512M or 4G (default: half of what is
        /// available, at most 2G; about 512 bytes a position).
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
        /// A parameter of a script game, read by its `param("NAME", default)` (repeatable):
        /// `--param k=5 --param cuts="1 4 9"`. Each set of parameters is its own game.
        #[arg(long = "param", value_name = "NAME=VALUE")]
        params: Vec<String>,
        /// Misère play: the misère Grundy value of each position (the last move loses);
        /// any period is only seen.
        #[arg(long)]
        misere: bool,
        /// For graph: solve with the engine that splits the graph over MPI ranks (one
        /// process without a launcher) and print each rank's line on standard error:
        /// `rank R of N: P positions stored, M messages sent, B bytes sent`.
        #[arg(long)]
        stats: bool,
        /// For graph over ranks (under an MPI launcher, or with --stats): each rank keeps
        /// its labels in DIR/graph/rank-R.shard, saved every minute and when the job is
        /// stopped; the same command goes on from them.
        #[arg(long, value_name = "DIR")]
        checkpoint: Option<PathBuf>,
        /// With --upto: instead of the report, print a self-contained function value(n)
        /// in LANG (python, rust or cpp) that computes the value of any position from the
        /// pattern found, its header saying whether it was proved or only observed.
        #[arg(long, value_name = "LANG")]
        export: Option<String>,
        /// For a script game whose positions are lists: which entries vary, as a position
        /// with x and y where a grid's coordinates go (`[x, 3, y]`), or n for a line
        /// (`[2, n]`); the other entries stay as written.
        #[arg(long, value_name = "POSITION")]
        axes: Option<String>,
    },

    /// Print the values of a board game over a range of sizes: one row of boards per line.
    #[command(long_about = "\
Print the Grundy values of a board game for every size in a range: one line per number of
rows, one value per number of columns.

GAME is cram (empty R×C boards, at most 128 cells; 64 under --misere) or chomp (full R×C bars, at most 16 rows
of 255 squares). Ranges are A..=B, A..B or a single number. Cram boards are solved by the
pruning search, with a transposition table of --memory bytes (it forgets the oldest
entries when full, which costs time, never correctness). Chomp bars come from one dense
table of every position in the largest box when it fits --memory, and from the generic
engine otherwise; a bar past what memory allows stops the table with exit status 1,
naming the bar.")]
    #[command(after_long_help = "\
Examples:
  grundy table cram --rows 1..=4 --cols 1..=6
  grundy table chomp --rows 1..=6 --cols 1..=8 --json")]
    Table {
        /// The game: cram or chomp.
        game: String,
        /// The numbers of rows: A..=B, A..B or N.
        #[arg(long, value_name = "RANGE")]
        rows: String,
        /// The numbers of columns: A..=B, A..B or N.
        #[arg(long, value_name = "RANGE")]
        cols: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Memory for the tables, like 512M or 4G (default: half of what is available).
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
        /// Misère play: each board's misère Grundy value (whoever makes the last move
        /// loses), by the misère search (small boards).
        #[arg(long)]
        misere: bool,
        /// Threads for Cram's search, sharing one table (default: every core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=grundy::solve::parallel::MAX_THREADS as i64))]
        threads: Option<u16>,
        /// Cram, one board: save what the search has proved in FILE every five minutes
        /// and when stopped (Ctrl-C, SIGTERM); the same command resumes from it. Under an
        /// MPI launcher (or with --stats): a folder where each rank keeps its part of each
        /// board, saved every minute and when the job is stopped.
        #[arg(long, value_name = "FILE|DIR")]
        checkpoint: Option<PathBuf>,
        /// Solve by the tiered engine that MPI jobs run (every position stored once, on
        /// the rank its hash names) and print each rank's line on standard error:
        /// positions stored, messages and bytes sent.
        #[arg(long)]
        stats: bool,
    },

    /// Print one valid contest input, random but the same for the same seed.
    #[command(long_about = "\
Print one valid input of a contest problem on standard output, inside the limits its
statement sets. The same problem, size, seed and --cases give the same input.

PROBLEM is one of: shgame (sheet), lamqugam (lame-queen), inventor-outlasting (inventor),
pshtbrth (cakes), caos3 (lava).

Sizes: small (a few cases, tiny numbers and boards, easy to check by hand), medium (past
what an exponential method can do), max (the statement's limits, random cases), worst (the
statement's limits with the cases slowest for the editorial's method, and the traps: sheets
of 1×1 and 1×N, queries at the top coordinate and d = 1, boards full of spots, cakes with
the most updates, dense lava maps and maps with no monster).")]
    #[command(after_long_help = "\
Examples:
  grundy gen shgame --size small --seed 7
  grundy gen cakes --size worst > worst.in
  grundy gen lava --size max --cases 3 --seed 42 | grundy solve lava")]
    Gen {
        /// The contest problem.
        problem: String,
        /// How big and how hard.
        #[arg(long, value_enum, default_value_t = SizeArg::Small)]
        size: SizeArg,
        /// The seed: the same seed gives the same input.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// The number of test cases (queries for lamqugam), within the statement's limit;
        /// by default the size chooses.
        #[arg(long, value_name = "T")]
        cases: Option<usize>,
    },

    /// Judge a program: run it on examples and generated tests, compare with the exact
    /// answers, and shrink the first failure.
    #[command(long_about = "\
Judge a program that solves a contest problem: run COMMAND with each test's input on
standard input, compare what it prints with grundy's exact answer token by token (spaces
and line breaks are all alike), and give each test a verdict like a judge: AC (accepted),
WA (wrong answer: the first differing line, expected against got), TLE (past the time
limit), RE (a non-zero exit status or a signal), OLE (past the output limit).

The tests are grundy's hand-made examples of the problem (its traps), the files DIR/*.in of
--samples (the statement's samples, say; DIR/NAME.ans is the expected output when present),
then --tests generated inputs: test i is `grundy gen PROBLEM --size SIZE --seed S+i`
(without --size: the first half small, then medium, the last tenth max and worst).

On the first wrong answer (or else the first crash) the failing input is shrunk, fewer
cases and smaller ones, while the program still fails the same way, and the smallest
failing input is printed with the expected and received output and grundy's analysis of
the first wrong case.

Each run has a wall-clock time limit, an address-space limit and an output limit; a
program past its time is killed with everything it started (its process group). Ctrl-C
stops every run and prints what was judged so far.

Exit status: 0 every test accepted, 1 a test failed, 2 bad usage or a command that cannot
be started.")]
    #[command(after_long_help = "\
Examples:
  grundy judge shgame -- ./solution
  grundy judge lamqugam --tests 50 --size max --time-limit 1 -- python3 sol.py
  grundy judge cakes --jobs 2 --json -- ./a.out > report.json
  grundy judge shgame --samples ../testdata/shgame -- grundy solve shgame")]
    Judge {
        /// The contest problem.
        problem: String,
        /// The number of generated tests.
        #[arg(long, value_name = "N", default_value_t = 100)]
        tests: usize,
        /// The size of every generated test (default: from small up to worst).
        #[arg(long, value_enum)]
        size: Option<SizeArg>,
        /// The seed of the first generated test; test i has seed S + i.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Wall-clock time for one run, in seconds.
        #[arg(long, value_name = "SECONDS", default_value_t = 2.0)]
        time_limit: f64,
        /// Address space for one run, like 256M or 2G.
        #[arg(long, value_name = "SIZE", default_value = "1G")]
        memory_limit: String,
        /// Output of one run, like 64M.
        #[arg(long, value_name = "SIZE", default_value = "64M")]
        output_limit: String,
        /// Runs at a time.
        #[arg(long, value_name = "J", default_value_t = 1)]
        jobs: usize,
        /// Also run the files DIR/*.in, with DIR/NAME.ans as their expected output when
        /// present.
        #[arg(long, value_name = "DIR")]
        samples: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// The program and its arguments, after `--`.
        #[arg(last = true, required = true, value_name = "COMMAND")]
        command: Vec<std::ffi::OsString>,
    },

    /// Serve a local web page to play every game against perfect play, with hints.
    #[cfg(feature = "web")]
    #[command(long_about = "\
Serve a local web page on http://ADDR:PORT/: play heap games (Nim, Kayles, any octal,
hexadecimal or subtraction game), the sheet, the lame queen, cakes, Cram, Chomp, lava maps,
Inventor boards and script games against grundy, which never errs, with hints that colour
every move by the outcome it leaves; undo; and analyze a position of any game. Every asset
is in the binary: no network needed.

The page uses a JSON API, open to other programs: POST /api/analyze with {\"game\": NAME,
\"position\": TEXT} (TEXT as `grundy analyze NAME` reads it) answers what `grundy analyze NAME
--json` prints; POST /api/moves lists every move of a position with the position it leaves
and its outcome; POST /api/move plays grundy's reply. Errors are 4xx or 503 with
{\"error\": MESSAGE}.
Bodies must be Content-Type: application/json, and requests from another site's page (by
their Origin or Host) are refused. A request is cut off after --time-limit seconds, its work
stopped; cheap requests are answered while expensive ones run.")]
    #[command(after_long_help = "\
Examples:
  grundy serve
  grundy serve --port 0
  grundy serve --scripts examples/games
  curl -s localhost:8080/api/analyze -H 'Content-Type: application/json' \\
       -d '{\"game\": \"nim\", \"position\": \"3 4 5\"}'")]
    Serve {
        /// The port; 0 picks a free one (the address is printed).
        #[arg(long, value_name = "P", default_value_t = 8080)]
        port: u16,
        /// The address to listen on; other machines reach it only if this is not a
        /// loopback address.
        #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
        bind: String,
        /// Serve the script games of this folder: `script:NAME` is DIR/NAME.rhai (no other
        /// file is read).
        #[arg(long, value_name = "DIR")]
        scripts: Option<PathBuf>,
        /// How long one request may take, in seconds (1 to 3600); its work is stopped
        /// then and it is answered 503.
        #[arg(long, value_name = "SECONDS", default_value_t = grundy_web::REQUEST_TIME.as_secs(), value_parser = clap::value_parser!(u64).range(1..=3600))]
        time_limit: u64,
    },

    /// Check a certificate written by `sequence --certificate` or `analyze --certificate`.
    #[command(long_about = "\
Check a certificate without the engine that wrote it.

A period certificate (`grundy sequence ... --certificate FILE`): the values of the heaps
the periodicity theorem needs (those below parts·(preperiod + period) + the most a move
takes, parts being the most heaps a move leaves) are recomputed by the plain loop over
every option, then the period is checked over the theorem's range and the values against
the certificate's checksums. The format is described in the documentation of
grundy::solve::heap::certificate.

A Node-Kayles certificate (`grundy analyze node-kayles ... --certificate FILE`): every part
in its table is checked to be worth the mex of its options, each option's parts looked up
in the same table under the checker's own key (cells worked out on coordinates, graphs by
their canonical labelling), and the position's parts to be its components, their values
XOR-ing to the value claimed. The format is described in the documentation of
grundy::games::node_kayles::certificate.

A wrong certificate is refused with the heap or the line where it fails.

A large Node-Kayles certificate takes an hour or more (3 × 29: 89 million parts). With
--checkpoint, the lines checked are saved every minute and when stopped (Ctrl-C, SIGTERM),
and the same command goes on from them once it has read the certificate again and found it
the same (its length and CRC-32). The answer then says from which line this run checked;
the lines before were checked by the run that saved them. The checkpoint is removed once
the certificate is found to hold.")]
    #[command(after_long_help = "\
Examples:
  grundy sequence octal:0.77 --upto 1000 --certificate kayles.json
  grundy verify kayles.json
  grundy analyze node-kayles grid:3x12 --certificate grid.cert
  grundy verify grid.cert
  grundy verify big.cert --checkpoint big.verify   # Ctrl-C, then the same again")]
    Verify {
        /// The certificate.
        file: PathBuf,
        /// Keep the lines checked in FILE (Node-Kayles certificates): every minute, on
        /// Ctrl-C or SIGTERM; go on from it when it exists.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
    },
    /// Multiply two nimbers (nim multiplication).
    #[command(long_about = "\
Print the nim product A ⊗ B of two nimbers below 2^64.

With nim-sum (XOR) as addition and this product, the nimbers below 2^64 are a field (Conway,
On Numbers and Games, ch. 6). A coin-turning game on a board that is the product of two games
on rows is worth the nim product of their values (the Tartan theorem): Turning Corners at
(x, y) is worth x ⊗ y. A nimber is written 12, *12 or 0xc.")]
    #[command(after_long_help = "\
Examples:
  grundy nim-multiply 2 3          # prints 1
  grundy nim-multiply 16 16        # prints 24")]
    NimMultiply {
        /// The first nimber.
        #[arg(value_parser = nimber_arg)]
        a: grundy::Nimber,
        /// The second nimber.
        #[arg(value_parser = nimber_arg)]
        b: grundy::Nimber,
    },
    /// The inverse of a nonzero nimber under nim multiplication.
    #[command(long_about = "\
Print the nimber B with A ⊗ B = 1, for a nonzero nimber A below 2^64 (0 has no inverse: exit
status 2). A nimber is written 12, *12 or 0xc.")]
    #[command(after_long_help = "\
Examples:
  grundy nim-inverse 2             # prints 3
  grundy nim-inverse 0x10          # prints 170")]
    NimInverse {
        /// The nimber to invert (not 0).
        #[arg(value_parser = nimber_arg)]
        a: grundy::Nimber,
    },
    /// A nimber to a power under nim multiplication.
    #[command(long_about = "\
Print A ⊗ A ⊗ … ⊗ A (N factors), for a nimber A below 2^64 and a whole number N below 2^64
(A to the power 0 is 1). A nimber is written 12, *12 or 0xc.")]
    #[command(after_long_help = "\
Examples:
  grundy nim-power 2 3             # prints 1 (2 ⊗ 2 = 3, 3 ⊗ 2 = 1)
  grundy nim-power 7 18446744073709551615")]
    NimPower {
        /// The nimber.
        #[arg(value_parser = nimber_arg)]
        a: grundy::Nimber,
        /// The exponent.
        n: u64,
    },
    /// Compute a list of take-and-break games one after the other, one line per game.
    #[command(long_about = "\
Compute the values of a list of take-and-break games up to heap N, one game after the other,
and print one line per game as it ends: the period proved (every value then known), or how
far the values got; the largest value and the first heap with it; the rare heaps of the
sparse-space split (how many, their values, the last one), the columns of Czajka's tables
of octal games.

With --dir DIR, each game keeps a checkpoint in DIR (saved every minute, at its time limit
and on Ctrl-C), a proved period gets its certificate there (for `grundy verify`), and each
line is appended to DIR/survey.jsonl as it is made. The same command run again prints the
lines already settled, skips those games, and goes on with the others from their
checkpoints; a game stopped by --time-per-game goes on when it is given more time. Without
--dir nothing is kept, and a game past about 4 minutes of work is refused.

GAMES are octal codes (0.004, .6, 4.007), octal:CODE, hex:CODE, kayles and the other named
octal games, or grundy-game.")]
    #[command(after_long_help = "\
Examples:
  grundy survey 0.6 0.004 0.16 --upto 100000
  grundy survey .004 .005 .006 --upto 4194304 --dir survey --time-per-game 10m
  grundy survey 0.14 0.36 --upto 1048576 --dir survey --json")]
    Survey {
        /// The games.
        #[arg(required = true, value_name = "GAMES")]
        games: Vec<String>,
        /// The largest heap.
        #[arg(long, value_name = "N")]
        upto: u64,
        /// Keep checkpoints, certificates and the journal survey.jsonl in DIR.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// The longest one game may run this time, like 90s, 10m or 2h (default: no limit).
        #[arg(long, value_name = "TIME")]
        time_per_game: Option<String>,
        /// Threads for the plain scans of large heaps (default: every core); the games
        /// still run one after the other.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=grundy::solve::parallel::MAX_THREADS as i64))]
        threads: Option<u16>,
        /// Print each line as a JSON object (the journal's records) instead of a table row.
        #[arg(long)]
        json: bool,
    },
    /// Draw the P-positions of the lame queen or of Wythoff's game as a map.
    #[command(long_about = "\
Draw the P-positions (the squares lost for the player to move) of a two-coordinate game on a
square board into a PNG file: lamqugam (the lame queen: a diagonal move only by a multiple
of --d; coordinates from 1) or wythoff (any diagonal move; coordinates from 0, the same
game as the lame queen with d = 1).")]
    #[command(after_long_help = "\
Examples:
  grundy picture lamqugam --d 2 --size 200 queen.png
  grundy picture wythoff --size 100 wythoff.png")]
    Picture {
        /// The game: lamqugam (lame-queen) or wythoff.
        game: String,
        /// The lame queen's diagonal step (default 1).
        #[arg(long, value_name = "D")]
        d: Option<u64>,
        /// Rows and columns of the board.
        #[arg(long, value_name = "N")]
        size: u64,
        /// The PNG file to write.
        file: PathBuf,
    },
}

/// The size of a generated input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SizeArg {
    /// A few cases with tiny numbers and boards.
    Small,
    /// Some cases of moderate size.
    Medium,
    /// The statement's limits, random cases.
    Max,
    /// The statement's limits, the slowest cases for the editorial method and the traps.
    Worst,
}

impl SizeArg {
    /// The library's size.
    pub fn size(self) -> grundy::contest::Size {
        use grundy::contest::Size;
        match self {
            SizeArg::Small => Size::Small,
            SizeArg::Medium => Size::Medium,
            SizeArg::Max => Size::Max,
            SizeArg::Worst => Size::Worst,
        }
    }
}

/// How `sequence` computes values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SequenceMethod {
    /// The fastest exact method: a formula, or the sparse-space engine (the table loop
    /// for three-heap moves), continued by the period once the values prove one.
    Table,
    /// The sparse-space engine run to the end, never using a proven period
    /// (take-and-break games).
    Sparse,
    /// The plain table loop run to the end, never using a proven period.
    Loop,
    /// The generic memoised solver: slow, independent, for cross-checking.
    Solver,
}

/// Reads a nimber argument (12, *12 or 0xc).
fn nimber_arg(text: &str) -> Result<grundy::Nimber, String> {
    text.parse()
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
