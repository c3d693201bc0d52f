//! Every game grundy knows, by name: one entry each, with its aliases, how its positions
//! are written, and what can be asked of it. Every front end resolves names here, and the
//! lists in help texts, in "unknown game" errors and on the web page are made from
//! [`ENTRIES`].
//!
//! ```
//! use grundy::catalogue::{self, Feature, Options};
//! use grundy::parse::Input;
//! use grundy::NoProgress;
//!
//! let game = catalogue::lookup("kayles")?;
//! assert!(game.supports(Feature::Sequence));
//! let analysis = catalogue::analyze(&game, &Input::new("<example>", "3 4 5"), &Options::default(), &mut NoProgress)?;
//! assert_eq!(analysis.report.grundy().map(|g| g.0), Some(3 ^ 1 ^ 4));
//!
//! let unknown = catalogue::lookup("kayels").unwrap_err();
//! assert!(unknown.message.contains("did you mean 'kayles'?"));
//! # Ok::<(), grundy::report::Error>(())
//! ```

pub mod boards;
pub mod components;
pub mod contest;
pub mod explore;
pub mod graph;
pub mod heaps;
pub mod object;
pub mod plane;
#[cfg(feature = "script")]
pub mod script;

use crate::contest::Problem;
use crate::family::{Family, FamilyError};
use crate::parse::{Input, Params, escaped_str};
use crate::progress::Progress;
use crate::report::{self, Error, Report};
pub use crate::report::{Options, SCRIPT_MEMORY};
#[cfg(feature = "script")]
use crate::script::ScriptGame;
use object::Knob;

/// What kind of game an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A contest problem: whole inputs are solved, one position is analysed.
    Contest,
    /// A family of heap games: a position is a list of heap sizes.
    Heaps,
    /// A board of cells.
    Board,
    /// A game on the quarter plane: a position is a square (x, y).
    Plane,
    /// A game whose rules are a Rhai script.
    Script,
    /// A game on a graph read with the position: tokens on a directed graph that may have
    /// cycles (draws), or an undirected graph whose edges or vertices are played
    /// (Arc-Kayles, Node-Kayles, green Hackenbush).
    Graph,
    /// A row of coins, heads and tails, some turned over in each move.
    Coins,
}

/// What can be asked of a game, one subcommand each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Feature {
    /// Whole contest inputs: `grundy solve`, `gen`, `judge`.
    Solve,
    /// One position explained: `grundy analyze`, the web API's `analyze`.
    Analyze,
    /// Every move of a position with its outcome: the web API's `moves`.
    Moves,
    /// Values over a range of board sizes: `grundy table`.
    Table,
    /// Values of heaps 0..=N: `grundy sequence`.
    Sequence,
    /// The misère quotient of a built-in heap family: `grundy quotient`.
    Quotient,
    /// Patterns over a line or a grid: `grundy explore`.
    Explore,
    /// A picture of the position analysed: `analyze --png` and `--svg`.
    Picture,
    /// A map of the P-positions: `grundy picture`.
    Map,
}

impl Feature {
    /// The subcommand's name.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Solve => "solve",
            Feature::Analyze => "analyze",
            Feature::Moves => "moves",
            Feature::Table => "table",
            Feature::Sequence => "sequence",
            Feature::Quotient => "quotient",
            Feature::Explore => "explore",
            Feature::Picture => "analyze --png",
            Feature::Map => "picture",
        }
    }

    /// [`noun`](Self::noun) in the plural.
    pub fn nouns(self) -> &'static str {
        match self {
            Feature::Solve => "problems",
            Feature::Sequence | Feature::Quotient => "families",
            Feature::Table => "board games",
            _ => "games",
        }
    }

    /// What the subcommand calls the games it takes, in messages: `problem` for the
    /// contest subcommands, `family` for sequences, `board game` for tables.
    pub fn noun(self) -> &'static str {
        match self {
            Feature::Solve => "problem",
            Feature::Sequence | Feature::Quotient => "family",
            Feature::Table => "board game",
            _ => "game",
        }
    }
}

/// One game of the catalogue.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Entry {
    /// Its name; a name ending in `:` takes a parameter after the colon (`octal:0.77`).
    pub name: &'static str,
    /// Other names it answers to.
    pub aliases: &'static [&'static str],
    /// What kind of game it is.
    pub kind: Kind,
    /// The rules in a few sentences, for a player meeting the game.
    pub rules: &'static str,
    /// The game in one line.
    pub summary: &'static str,
    /// How one position is written for `analyze`, with an example.
    pub position: &'static str,
    /// What can be asked of it.
    pub features: &'static [Feature],
    /// The switches of `analyze` it takes beyond those every game takes.
    #[serde(skip)]
    pub knobs: &'static [Knob],
    /// A position to start from, written as `analyze` reads it (the page's first board).
    pub example: &'static str,
    /// How a move is made on the page's board, in a sentence; empty where moves are played
    /// from the list alone.
    pub play: &'static str,
    /// How the game is made from the name it was asked by (a parameter read, a script
    /// loaded): the object every question goes to.
    #[serde(skip)]
    pub make: Make,
}

/// How a game is made from the name it was asked by.
pub type Make = fn(&str, &Params) -> Result<Box<dyn object::Object>, Error>;

/// A heap family by its code (`nim`, `octal:0.77`, `subtraction:1,2`, ...); the families
/// known by a name of their own (`kayles`) are made by their entries from their codes.
fn heap_family(name: &str) -> Result<Box<dyn object::Object>, Error> {
    match name.parse::<Family>() {
        Ok(f) => Ok(Box::new(heaps::Heaps(f))),
        Err(FamilyError::Unknown(_)) => Err(unknown(name, None)),
        Err(e) => Err(Error::input(e.to_string())),
    }
}

/// The lame queen with the diagonal step after `lame-queen:`.
fn lame_queen(name: &str) -> Result<Box<dyn object::Object>, Error> {
    let d = name.strip_prefix("lame-queen:").unwrap_or(name);
    let max = crate::games::lame_queen::MAX_STEP;
    match d.parse::<u64>() {
        Ok(d) if (1..=max).contains(&d) => Ok(Box::new(plane::Plane {
            d,
            name: format!("lame-queen:{d}"),
        })),
        _ => Err(Error::input(format!(
            "lame-queen:D needs a whole number D from 1 to {max}, found '{}'",
            escaped_str(d)
        ))),
    }
}

/// The script game in the file after `script:`, loaded with `params`.
fn script_game(name: &str, params: &Params) -> Result<Box<dyn object::Object>, Error> {
    let path = name.strip_prefix("script:").unwrap_or(name);
    #[cfg(feature = "script")]
    return load_script_with(std::path::Path::new(path), params)
        .map(|g| Box::new(script::Script(Box::new(g))) as Box<dyn object::Object>);
    #[cfg(not(feature = "script"))]
    let _ = params;
    #[cfg(not(feature = "script"))]
    return Err(Error::input(format!(
        "script games need grundy built with the 'script' feature; '{}' cannot be read",
        escaped_str(path)
    )));
}

/// The coin-turning game whose rule is the script after `coins:`, loaded with `params`.
fn coin_script(name: &str, params: &Params) -> Result<Box<dyn object::Object>, Error> {
    let path = name.strip_prefix("coins:").unwrap_or(name);
    if path.is_empty() {
        return Err(Error::input(
            "coins: needs a file name, like coins:examples/games/mock_turtles.rhai",
        ));
    }
    #[cfg(feature = "script")]
    return crate::script::coin_rule(
        std::path::Path::new(path),
        &crate::parse::escaped_path(std::path::Path::new(path)),
        params,
    )
    .map(|rule| object::Notated::boxed(crate::games::coins::Coins::listed(rule), name))
    .map_err(|e| match e {
        e @ crate::script::ScriptError::Read { .. } => Error::failed(e.to_string()),
        e => Error::input(e.to_string()),
    });
    #[cfg(not(feature = "script"))]
    let _ = params;
    #[cfg(not(feature = "script"))]
    return Err(Error::input(format!(
        "coin rules written as scripts need grundy built with the 'script' feature; '{}' cannot be read",
        escaped_str(path)
    )));
}

impl Entry {
    /// Whether `feature` can be asked of this game.
    pub fn supports(&self, feature: Feature) -> bool {
        self.features.contains(&feature)
    }

    /// Whether `analyze` takes the switch `knob` for this game.
    pub fn takes(&self, knob: Knob) -> bool {
        self.knobs.contains(&knob)
    }

    /// The name as users write it: `octal:CODE` for a parametric entry.
    pub fn usage(&self) -> String {
        match self.name {
            "octal:" => "octal:CODE".into(),
            "hex:" => "hex:CODE".into(),
            "subtraction:" => "subtraction:S".into(),
            "lame-queen:" => "lame-queen:D".into(),
            "script:" => "script:FILE".into(),
            "coins:" => "coins:FILE".into(),
            "tartan:" => "tartan:G×H".into(),
            name => name.into(),
        }
    }
}

use Feature::*;

const CONTEST: &[Feature] = &[Solve, Analyze, Moves, Picture];
const QUEEN: &[Feature] = &[Solve, Analyze, Moves, Map];
const PLANE: &[Feature] = &[Analyze, Moves, Explore, Map];
const HEAPS: &[Feature] = &[Analyze, Moves, Sequence, Quotient, Explore];

/// Every game grundy knows.
pub const ENTRIES: &[Entry] = &[
    Entry {
        name: "shgame",
        aliases: &["sheet"],
        kind: Kind::Contest,
        rules: "A sheet of n×m cells has one marked cell. A move cuts the sheet along a grid line, all the way across, and throws away the part without the mark. Whoever cannot cut (the sheet is the marked cell alone) loses.",
        summary: "A Game With a Sheet of Paper: cut a sheet, keeping the marked cell (Nim on four heaps)",
        position: "N M X Y: an N × M sheet marked at row X, column Y (from 1), e.g. 5 8 2 3",
        features: CONTEST,
        knobs: &[],
        example: "5 8 2 3",
        play: "Click a line between cells to cut the sheet there.",
        make: |_, _| Ok(Box::new(contest::Sheet)),
    },
    Entry {
        name: "lamqugam",
        aliases: &["lame-queen"],
        kind: Kind::Contest,
        rules: "A queen stands on a board. A move takes it any distance down or left, or diagonally down-left by a multiple of d squares. Whoever cannot move (the queen is in the corner) loses.",
        summary: "Lame Queen Game: a queen moves left, down, or diagonally by a multiple of d",
        position: "d x y: step d, the queen on row x, column y (from 1; (1, 1) has no move), e.g. 2 7 9",
        features: QUEEN,
        knobs: &[],
        example: "2 9 7",
        play: "Click the square to move the queen to.",
        make: |_, _| Ok(Box::new(contest::Queen)),
    },
    Entry {
        name: "inventor-outlasting",
        aliases: &["inventor"],
        kind: Kind::Contest,
        rules: "Players build attractions on free spots of a board; each new attraction blocks the spots on its diagonals. Whoever cannot build loses.",
        summary: "Inventor Outlasting: build attractions whose signs block diagonals",
        position: "R C, R rows of X (spot) and . (none), then optionally 'played' and the row and column of each build",
        features: CONTEST,
        knobs: &[],
        example: "6 8\nX..X..X.\n.XX..X..\n..X.XX.X\nX...X...\n.X.X..XX\n..X...X.",
        play: "Click a free spot to build there.",
        make: |_, _| Ok(Box::new(contest::InPlay::Inventor)),
    },
    Entry {
        name: "pshtbrth",
        aliases: &["cakes"],
        kind: Kind::Contest,
        rules: "Each cake has candles, some burning. A move puts out a rectangle of candles on one cake, all of them burning. Whoever cannot move loses.",
        summary: "Pishty and birthday: put out a rectangle of burning candles on one cake",
        position: "cakes of R rows of 0 and 1 (R·C ≤ 25), separated by blank lines",
        features: CONTEST,
        knobs: &[Knob::Cache],
        example: "0110\n1111\n0110\n0000\n\n1000\n0000\n0000\n0001",
        play: "Click two opposite corners of a rectangle of burning candles (the same candle twice for one).",
        make: |_, _| Ok(Box::new(contest::Cakes)),
    },
    Entry {
        name: "caos3",
        aliases: &["lava"],
        kind: Kind::Contest,
        rules: "Monsters stand on a map. A move pours lava from a monster along its row and column, up to the walls, destroying what it covers. Whoever cannot move loses.",
        summary: "CAO Stage-3: pour lava along the row and column of a monster",
        position: "R C, R rows of ^ (open) and # (wall), then optionally 'played' and the row and column of each move",
        features: CONTEST,
        knobs: &[],
        example: "8 9\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^#^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^",
        play: "Click a monster to pour lava from it.",
        make: |_, _| Ok(Box::new(contest::InPlay::Lava)),
    },
    Entry {
        name: "cram",
        aliases: &[],
        kind: Kind::Board,
        rules: "Players take turns placing a domino on two free neighbouring cells of the board, across or down. Whoever cannot place one loses.",
        summary: "Cram: place a domino on two free neighbouring cells",
        position: "R C (an empty board, at most 128 cells; move lists, remoteness and misère play at most 64), optionally followed by R rows of . (free) and # (blocked)",
        features: &[Analyze, Moves, Table, Picture],
        knobs: &[Knob::Memory, Knob::Threads, Knob::Checkpoint],
        example: "3 4",
        play: "Click a free cell, then a neighbour, to place a domino.",
        make: |_, _| Ok(Box::new(boards::Cram)),
    },
    Entry {
        name: "chomp",
        aliases: &[],
        kind: Kind::Board,
        rules: "A bar of chocolate has a poisoned square in its bottom-left corner. A move bites a square and every square above and to the right of it. The poisoned square is never taken: whoever cannot move (only the poison is left) loses.",
        summary: "Chomp: bite a square and everything above and right of it; the last square is poisoned",
        position: "the row lengths bottom row first, joined by commas (5,3,3,1), or R C for a full bar",
        features: &[Analyze, Moves, Table],
        knobs: &[Knob::Memory],
        example: "4,3,3,1",
        play: "Click a square to bite it and everything above and right of it.",
        make: |_, _| Ok(Box::new(boards::Chomp)),
    },
    Entry {
        name: "graph",
        aliases: &[],
        kind: Kind::Graph,
        rules: "Tokens stand on the vertices of a directed graph, which may have cycles. A move slides one token along an edge. Whoever cannot move loses; play that can go on for ever is a draw.",
        summary: "Tokens on a directed graph that may have cycles: move one token along an edge; win, lose or draw",
        position: "a file: n m, then m lines u v (a move from u to v, vertices 1..n), then k and the k tokens' vertices",
        features: &[Analyze, Moves, Explore, Picture],
        knobs: &[],
        example: "4 4\n1 2\n2 1\n2 3\n3 4\n2\n2 3",
        play: "Click an arrow from a token to move it along that edge.",
        make: |_, _| Ok(Box::new(graph::Graph)),
    },
    Entry {
        name: "wythoff",
        aliases: &[],
        kind: Kind::Plane,
        rules: "Two heaps of counters (a queen on a board). A move takes any number from one heap, or the same number from both. Whoever cannot move loses.",
        summary: "Wythoff's game: take from one heap, or the same from both",
        position: "x y: two heaps, or a queen's square counted from 0 (0 0 has no move), e.g. 3 5",
        features: PLANE,
        knobs: &[],
        example: "4 6",
        play: "Click the square to move the queen to.",
        make: |_, _| {
            Ok(Box::new(plane::Plane {
                d: 1,
                name: "wythoff".into(),
            }))
        },
    },
    Entry {
        name: "lame-queen:",
        aliases: &[],
        kind: Kind::Plane,
        rules: "A queen on squares counted from 0 moves any distance down or left, or diagonally down-left by a multiple of D. Whoever cannot move loses.",
        summary: "the lame queen with diagonal step D, on squares counted from 0",
        position: "x y: the queen's square counted from 0 (0 0 has no move), e.g. 4 6",
        features: PLANE,
        knobs: &[],
        example: "4 6",
        play: "Click the square to move the queen to.",
        make: |name, _| lame_queen(name),
    },
    Entry {
        name: "nim",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. A move takes any number of counters, at least one, from one heap. Whoever cannot move loses.",
        summary: "Nim: take any number from one heap",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        knobs: &[],
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        make: |name, _| heap_family(name),
    },
    Entry {
        name: "kayles",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Rows of pins. A move knocks down one pin or two adjacent ones, which may split a row in two. Whoever cannot move loses.",
        summary: "Kayles (octal 0.77): knock down one pin or two adjacent ones",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        knobs: &[],
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        make: |_, _| heap_family("octal:0.77"),
    },
    Entry {
        name: "dawson-chess",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Rows of counters (octal game 0.137): take one counter if it is a heap alone, two from the end of a heap, or three from anywhere in a heap (which may split it in two). Whoever cannot move loses.",
        summary: "Dawson's chess (octal 0.137)",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        knobs: &[],
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        make: |_, _| heap_family("octal:0.137"),
    },
    Entry {
        name: "dawson-kayles",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Rows of pins. A move knocks down two adjacent pins, which may split a row in two. Whoever cannot move loses.",
        summary: "Dawson's Kayles (octal 0.07)",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        knobs: &[],
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        make: |_, _| heap_family("octal:0.07"),
    },
    Entry {
        name: "treblecross",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters (octal game 0.007): a move takes three counters, leaving up to two heaps. Whoever cannot move loses.",
        summary: "Treblecross (octal 0.007)",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        knobs: &[],
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        make: |_, _| heap_family("octal:0.007"),
    },
    Entry {
        name: "grundy-game",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. A move splits one heap into two heaps of different sizes. Whoever cannot move loses.",
        summary: "Grundy's game: split a heap into two unequal heaps",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        knobs: &[],
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        make: |name, _| heap_family(name),
    },
    Entry {
        name: "octal:",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. Digit k of the code says what taking k counters from a heap may leave: bit 1 nothing, bit 2 one heap, bit 4 two heaps. Whoever cannot move loses.",
        summary: "any octal game by its code, e.g. octal:0.77",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        knobs: &[],
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        make: |name, _| heap_family(name),
    },
    Entry {
        name: "hex:",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. Digit k of the hexadecimal code says what taking k counters may leave: bit 1 nothing, bit 2 one heap, bit 4 two heaps, bit 8 three. Whoever cannot move loses.",
        summary: "any hexadecimal game by its code, e.g. hex:0.9",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        knobs: &[],
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        make: |name, _| heap_family(name),
    },
    Entry {
        name: "subtraction:",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. A move takes one of the amounts of the set from one heap. Whoever cannot move loses.",
        summary: "take one of a set of amounts, e.g. subtraction:1,3,4",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        knobs: &[],
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        make: |name, _| heap_family(name),
    },
    Entry {
        name: "script:",
        aliases: &[],
        kind: Kind::Script,
        rules: "The rules are those the script's options function lists: a move turns one position into a sum of positions. Whoever cannot move loses.",
        summary: "a game whose moves a Rhai script lists, e.g. script:examples/games/kayles.rhai",
        position: "integers, strings and lists of them (nested to any shape), e.g. 3 [2, 5] abba",
        features: &[Analyze, Moves, Sequence, Explore],
        knobs: &[Knob::Memory, Knob::Param],
        example: "3 [2, 5]",
        play: "",
        make: script_game,
    },
    Entry {
        name: "arc-kayles",
        aliases: &[],
        kind: Kind::Graph,
        rules: "A graph of vertices joined by edges. A move takes an edge together with every edge that shares an end with it. Whoever cannot take an edge loses.",
        summary: "Arc-Kayles: take an edge and every edge touching it",
        position: "n m, then m lines u v (an edge between vertices u and v, from 1), e.g. 4 3 / 1 2 / 2 3 / 3 4, or a named graph: path:N, cycle:N, grid:RxC, complete:N, petersen, star:N, hypercube:D",
        features: &[Analyze, Moves, Picture],
        knobs: &[],
        example: "6 7\n1 2\n2 3\n3 4\n4 5\n5 6\n6 1\n2 5",
        play: "Pick a move from the list: each takes one edge and every edge touching it.",
        make: |name, _| {
            Ok(object::Notated::boxed(
                crate::games::arc_kayles::ArcKayles::default(),
                name,
            ))
        },
    },
    Entry {
        name: "node-kayles",
        aliases: &[],
        kind: Kind::Graph,
        rules: "A graph of vertices joined by edges. A move takes a vertex together with every vertex joined to it. Whoever cannot take a vertex loses.",
        summary: "Node-Kayles: take a vertex and its neighbours",
        position: "n m, then m lines u v (an edge between vertices u and v, from 1), or a named graph: path:N, cycle:N, grid:RxC, complete:N, petersen, star:N, hypercube:D",
        features: &[Analyze, Moves, Picture],
        knobs: &[Knob::Memory, Knob::Certificate, Knob::Checkpoint],
        example: "grid:2x4",
        play: "Click a vertex to take it and its neighbours.",
        make: |name, _| {
            Ok(object::Notated::boxed(
                crate::games::node_kayles::NodeKayles::default(),
                name,
            ))
        },
    },
    Entry {
        name: "geography",
        aliases: &["vertex-geography"],
        kind: Kind::Graph,
        rules: "A token stands on a vertex of a directed graph. A move slides it along an edge leaving its vertex, and the vertex it leaves is deleted with its edges. Whoever cannot move the token loses.",
        summary: "vertex geography: move the token along an edge, delete the vertex left",
        position: "n m, then m lines u v (an edge from u to v, from 1), then the token's vertex; or a named graph (each edge both ways: path:N, cycle:N, grid:RxC, complete:N, petersen, star:N, hypercube:D) and the token's vertex, e.g. grid:3x3 5",
        features: &[Analyze, Moves, Picture],
        knobs: &[],
        example: "4 5\n1 2\n2 3\n3 1\n3 4\n2 4\n1",
        play: "Pick a move from the list: each slides the token along one edge.",
        make: |name, _| {
            Ok(object::Notated::boxed(
                crate::games::geography::Geography,
                name,
            ))
        },
    },
    Entry {
        name: "hackenbush",
        aliases: &["green-hackenbush"],
        kind: Kind::Graph,
        rules: "Edges stand on the ground (vertex 1), joined at their ends. A move cuts one edge; every edge no longer joined to the ground falls with it. Whoever cannot cut an edge loses.",
        summary: "green Hackenbush: cut an edge, drop what falls (trees and graphs with cycles)",
        position: "a tree as AtCoder writes it, N then N - 1 lines u v, or a graph, N M then M lines u v (loops and parallel edges allowed); vertex 1 is the ground",
        features: &[Analyze, Moves, Picture],
        knobs: &[],
        example: "5\n1 2\n2 3\n2 4\n4 5",
        play: "Pick a move from the list: each cuts one edge, and what hangs from it falls.",
        make: |name, _| {
            Ok(object::Notated::boxed(
                crate::games::hackenbush::Hackenbush,
                name,
            ))
        },
    },
    Entry {
        name: "turning-turtles",
        aliases: &[],
        kind: Kind::Coins,
        rules: "A row of coins. A move turns over one or two coins. The rightmost coin turned must go from heads to tails. Whoever cannot move loses.",
        summary: "turn one or two coins, the rightmost heads to tails (Nim)",
        position: "a row of coins, T (tails) and H (heads), leftmost first, numbered from 1, e.g. THTTHH",
        features: &[Analyze, Moves, Sequence, Explore, Picture],
        knobs: &[],
        example: "THTTHH",
        play: "Pick a move from the list: each turns the coins it names.",
        make: |name, _| {
            Ok(object::Notated::boxed(
                crate::games::coins::Coins::new(crate::games::coins::Rule::TurningTurtles),
                name,
            ))
        },
    },
    Entry {
        name: "mock-turtles",
        aliases: &[],
        kind: Kind::Coins,
        rules: "A row of coins. A move turns over one, two or three coins. The rightmost coin turned must go from heads to tails. Whoever cannot move loses.",
        summary: "turn up to three coins, the rightmost heads to tails",
        position: "a row of coins, T (tails) and H (heads), leftmost first, numbered from 0, e.g. THHTH",
        features: &[Analyze, Moves, Sequence, Explore, Picture],
        knobs: &[],
        example: "THHTH",
        play: "Pick a move from the list: each turns the coins it names.",
        make: |name, _| {
            Ok(object::Notated::boxed(
                crate::games::coins::Coins::new(crate::games::coins::Rule::MockTurtles),
                name,
            ))
        },
    },
    Entry {
        name: "ruler",
        aliases: &[],
        kind: Kind::Coins,
        rules: "A row of coins. A move turns over a run of neighbouring coins. The rightmost coin turned must go from heads to tails. Whoever cannot move loses.",
        summary: "turn a run of coins ending at a head",
        position: "a row of coins, T (tails) and H (heads), leftmost first, numbered from 1, e.g. HTHHTTTH",
        features: &[Analyze, Moves, Sequence, Explore, Picture],
        knobs: &[],
        example: "HTHHTTTH",
        play: "Pick a move from the list: each turns the coins it names.",
        make: |name, _| {
            Ok(object::Notated::boxed(
                crate::games::coins::Coins::new(crate::games::coins::Rule::Ruler),
                name,
            ))
        },
    },
    Entry {
        name: "twins",
        aliases: &[],
        kind: Kind::Coins,
        rules: "A row of coins. A move turns over exactly two coins. The rightmost coin turned must go from heads to tails. Whoever cannot move loses.",
        summary: "turn exactly two coins, the rightmost heads to tails",
        position: "a row of coins, T (tails) and H (heads), leftmost first, numbered from 0, e.g. TTHTH",
        features: &[Analyze, Moves, Sequence, Explore, Picture],
        knobs: &[],
        example: "TTHTH",
        play: "Pick a move from the list: each turns the coins it names.",
        make: |name, _| {
            Ok(object::Notated::boxed(
                crate::games::coins::Coins::new(crate::games::coins::Rule::Twins),
                name,
            ))
        },
    },
    Entry {
        name: "coins:",
        aliases: &[],
        kind: Kind::Coins,
        rules: "A row of coins. A move turns over a set of coins the script's turns(x) lists for its rightmost coin x, which must go from heads to tails. Whoever cannot move loses.",
        summary: "a coin-turning game whose rule a Rhai script lists, e.g. coins:examples/games/mock_turtles.rhai",
        position: "a row of coins, T (tails) and H (heads), leftmost first, e.g. THHTH",
        features: &[Analyze, Moves, Sequence, Explore, Picture],
        knobs: &[Knob::Param],
        example: "THHTH",
        play: "Pick a move from the list: each turns the coins it names.",
        make: coin_script,
    },
    Entry {
        name: "turning-corners",
        aliases: &[],
        kind: Kind::Coins,
        rules: "A board of coins. A move turns over the four corners of a rectangle (its sides along the rows and columns). The bottom-right corner must go from heads to tails. Whoever cannot move loses.",
        summary: "turn a rectangle's four corners, the bottom-right heads to tails (nim multiplication)",
        position: "the board's rows of coins, T (tails) and H (heads), top row first, separated by spaces, rows and columns numbered from 0, e.g. TTT TTH THT",
        features: &[Analyze, Moves, Picture],
        knobs: &[],
        example: "TTT TTH THT",
        play: "Pick a move from the list: each turns the corners it names.",
        make: |name, _| {
            Ok(object::Notated::boxed(
                crate::games::tartan::Tartan::turning_corners(),
                name,
            ))
        },
    },
    Entry {
        name: "tartan:",
        aliases: &[],
        kind: Kind::Coins,
        rules: "A board of coins, and two coin-turning games on a row, G and H. A move turns the coins at every column a move of G turns and every row a move of H turns; the bottom-right coin turned must go from heads to tails. Whoever cannot move loses.",
        summary: "the product G×H of two coin rows (e.g. tartan:mock-turtles×ruler), valued by the Tartan theorem",
        position: "the board's rows of coins, T (tails) and H (heads), top row first, separated by spaces, e.g. THT HTT",
        features: &[Analyze, Moves, Picture],
        knobs: &[],
        example: "THT HTT",
        play: "Pick a move from the list: each turns the coins it names.",
        make: |name, _| {
            let product = name.strip_prefix("tartan:").unwrap_or(name);
            let game = crate::games::tartan::parse_product(product).map_err(Error::input)?;
            Ok(object::Notated::boxed(game, name))
        },
    },
];

/// The entries that support `feature`, as a list for messages: `shgame (sheet), nim, octal:CODE, ...`.
pub fn names_supporting(feature: Feature) -> String {
    names_of(ENTRIES.iter().filter(|e| e.supports(feature)))
}

/// The entries that take the switch `knob`, as a list for messages: `cram, chomp, script:FILE`.
pub fn names_taking(knob: Knob) -> String {
    names_of(ENTRIES.iter().filter(|e| e.takes(knob)))
}

/// Entries as a list for messages, each with its aliases in brackets.
fn names_of<'a>(entries: impl Iterator<Item = &'a Entry>) -> String {
    entries
        .map(|e| {
            if e.aliases.is_empty() {
                e.usage()
            } else {
                format!("{} ({})", e.usage(), e.aliases.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A game resolved from its name: its catalogue entry and the object every question goes
/// to.
pub struct Game {
    entry: &'static Entry,
    object: Box<dyn object::Object>,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Game").field(&self.name()).finish()
    }
}

impl Game {
    /// Its catalogue entry.
    pub fn entry(&self) -> &'static Entry {
        self.entry
    }

    /// The object that answers for it.
    pub fn object(&self) -> &dyn object::Object {
        &*self.object
    }

    /// Whether `feature` can be asked of it.
    pub fn supports(&self, feature: Feature) -> bool {
        self.entry.supports(feature)
    }

    /// The name reports give it: the contest name, the family's canonical name, the script.
    pub fn name(&self) -> String {
        self.object.name()
    }

    /// Whether `analyze` takes the switch `knob` for it.
    pub fn takes(&self, knob: Knob) -> bool {
        self.entry.takes(knob)
    }

    /// The heap family, for a heap game.
    pub fn family(&self) -> Option<&Family> {
        self.object.family()
    }

    /// The contest problem, for one of the five.
    pub fn problem(&self) -> Option<Problem> {
        self.object.problem()
    }

    /// The script, for a script game.
    #[cfg(feature = "script")]
    pub fn script(&self) -> Option<&ScriptGame> {
        self.object.script()
    }

    /// The board game of `grundy table`, for Cram and Chomp.
    pub fn board_game(&self) -> Option<crate::report::table::BoardGame> {
        self.object.board_game()
    }

    /// The queen's diagonal step, for the games on the quarter plane counted from 0.
    pub fn plane_step(&self) -> Option<u64> {
        self.object.plane_step()
    }

    /// Whether a position is tokens on a directed graph read from a file.
    pub fn tokens_on_digraph(&self) -> bool {
        self.object.tokens_on_digraph()
    }

    /// The contest problem `problem` as a game.
    pub fn contest(problem: Problem) -> Game {
        let entry = entry_named(problem.name()).unwrap_or(&ENTRIES[0]);
        let object: Box<dyn object::Object> = match problem {
            Problem::Shgame => Box::new(contest::Sheet),
            Problem::Lamqugam => Box::new(contest::Queen),
            Problem::InventorOutlasting => Box::new(contest::InPlay::Inventor),
            Problem::Pshtbrth => Box::new(contest::Cakes),
            Problem::Caos3 => Box::new(contest::InPlay::Lava),
        };
        Game { entry, object }
    }

    /// A script game already loaded (a server keeps its scripts loaded).
    #[cfg(feature = "script")]
    pub fn from_script(game: ScriptGame) -> Game {
        let entry = entry_named("script:").unwrap_or(&ENTRIES[0]);
        Game {
            entry,
            object: Box::new(script::Script(Box::new(game))),
        }
    }
}

/// The entry called `name` exactly (a name or an alias; `octal:` for the parametric ones).
fn entry_named(name: &str) -> Option<&'static Entry> {
    ENTRIES
        .iter()
        .find(|e| e.name == name || e.aliases.contains(&name))
}

/// The game called `name`: a contest name or alias, a board, a plane game, a heap family,
/// or `script:FILE` (the script is loaded). An unknown name is refused with the list of
/// known ones and the nearest name, if one is near.
pub fn lookup(name: &str) -> Result<Game, Error> {
    lookup_with(name, &Params::none())
}

/// The game called `name` made with `params` (`--param k=5`), refused with the
/// parameters named when the game takes none.
pub fn lookup_with(name: &str, params: &Params) -> Result<Game, Error> {
    let (name, params) = substituted(name, params)?;
    let params = &params;
    let bare = bare_octal(&name);
    let name: &str = &bare;
    let entry = entry_named(name).or_else(|| {
        ENTRIES
            .iter()
            .find(|e| e.name.ends_with(':') && name.starts_with(e.name))
    });
    // A name no entry has may still be a family the heap engines know by another
    // spelling; the family's own parser says.
    let entry = match entry {
        Some(e) => e,
        None => {
            let object = heap_family(name)?;
            let entry = entry_named("octal:").unwrap_or(&ENTRIES[0]);
            return Ok(Game { entry, object });
        }
    };
    if !params.is_empty() && !entry.takes(Knob::Param) {
        return Err(Error::input(format!(
            "{} takes no parameters, but {params} was given; --param is for script games",
            entry.usage()
        )));
    }
    let object = (entry.make)(name, params)?;
    Ok(Game { entry, object })
}

/// A name with its `{NAME}` parameters put in (a script's file name is left as written:
/// scripts read their parameters themselves).
fn substituted(name: &str, params: &Params) -> Result<(String, Params), Error> {
    if name.starts_with("script:") || name.starts_with("coins:") {
        return Ok((name.to_string(), params.clone()));
    }
    params.substitute(name).map_err(Error::input)
}

/// The heap family called `name`: a heap game of the catalogue (`kayles`) or a family's
/// code (`octal:0.77`, `subtraction:1,2`); anything else is refused as [`lookup`] refuses it.
///
/// ```
/// use grundy::catalogue;
///
/// assert_eq!(catalogue::family("kayles")?, "octal:0.77".parse()?);
/// assert!(catalogue::family("cram").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn family(name: &str) -> Result<Family, Error> {
    let game = lookup(name)?;
    game.family()
        .cloned()
        .ok_or_else(|| Error::input(format!("'{}' is not a game of heaps", escaped_str(name))))
}

/// A bare octal code (`0.07`, `.6`, `4.007`) as the octal game's name; other names as
/// they are.
fn bare_octal(name: &str) -> std::borrow::Cow<'_, str> {
    if name.starts_with(|c: char| c.is_ascii_digit() || c == '.') && name.contains('.') {
        format!("octal:{name}").into()
    } else {
        name.into()
    }
}

/// The game called `name`, refused unless it supports `feature`.
pub fn lookup_for(name: &str, feature: Feature) -> Result<Game, Error> {
    lookup_for_with(name, feature, &Params::none())
}

/// The game called `name` made with `params`, refused unless it supports `feature`.
pub fn lookup_for_with(name: &str, feature: Feature, params: &Params) -> Result<Game, Error> {
    let (name, params) = substituted(name, params)?;
    let params = &params;
    let bare = bare_octal(&name);
    let name: &str = &bare;
    if name.strip_prefix("script:").is_none() && !known(name) {
        return Err(unknown(name, Some(feature)));
    }
    let game = lookup_with(name, params)?;
    if !game.supports(feature) && feature.noun() != "game" {
        // `solve nim`: nim is no problem at all, as far as `solve` can tell.
        return Err(unknown(name, Some(feature)));
    }
    if !game.supports(feature) {
        return Err(Error::input(format!(
            "{} does not support {}; the games that do: {}",
            game.name(),
            feature.name(),
            names_supporting(feature)
        )));
    }
    Ok(game)
}

/// Whether `name` names a game of the catalogue (a parametric one by its prefix).
fn known(name: &str) -> bool {
    entry_named(name).is_some()
        || ENTRIES
            .iter()
            .any(|e| e.name.ends_with(':') && name.starts_with(e.name))
}

/// The refusal of an unknown name: the names that would do, and the nearest one.
fn unknown(name: &str, feature: Option<Feature>) -> Error {
    let shown = escaped_str(name);
    let nearest = ENTRIES
        .iter()
        .filter(|e| feature.is_none_or(|f| e.supports(f)))
        .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
        .filter(|n| !n.ends_with(':'))
        .map(|n| (strsim::damerau_levenshtein(name, n), n))
        .filter(|&(d, n)| d <= 2.max(n.len() / 4) && d < n.len())
        .min();
    let hint = nearest
        .map(|(_, n)| format!("did you mean '{n}'? "))
        .unwrap_or_default();
    let feature = feature.unwrap_or(Feature::Analyze);
    Error::input(format!(
        "unknown {} '{shown}'; {hint}known {}: {}",
        feature.noun(),
        feature.nouns(),
        names_supporting(feature)
    ))
}

/// Loads a script game: a file that cannot be read or compiled is bad input.
#[cfg(feature = "script")]
pub fn load_script(path: &std::path::Path) -> Result<ScriptGame, Error> {
    load_script_with(path, &Params::none())
}

/// Loads the script game in `path` with `params` (see [`ScriptGame::compile_with`]).
#[cfg(feature = "script")]
pub fn load_script_with(path: &std::path::Path, params: &Params) -> Result<ScriptGame, Error> {
    if path.as_os_str().is_empty() {
        return Err(Error::input(
            "script: needs a file name, like script:kayles.rhai",
        ));
    }
    ScriptGame::load_with(path, &crate::parse::escaped_path(path), params).map_err(|e| match e {
        // A script that cannot be read is a failure of the system around it (exit 1),
        // as a missing input file is; everything else about a script is bad input.
        e @ crate::script::ScriptError::Read { .. } => Error::failed(e.to_string()),
        e => Error::input(e.to_string()),
    })
}

/// A report and a line on what the engine did (for `--stats`).
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The report.
    pub report: Report,
    /// What the engine did, in words.
    pub stats: String,
}

/// The position `input` of `game` explained.
pub fn analyze(
    game: &Game,
    input: &Input,
    options: &Options,
    progress: &mut (dyn Progress + Send),
) -> Result<Analysis, Error> {
    if options.misere {
        let normal = Options {
            misere: false,
            ..options.clone()
        };
        return game.object.misere(input, &normal, progress);
    }
    game.object.analyze(input, options, progress)
}

/// Whether `name` names a script game (`script:FILE`), without reading the script.
pub fn is_script(name: &str) -> bool {
    name.starts_with("script:")
}

/// The position `input` of the script game `game` explained on rank 0 of a job whose
/// other ranks wait in [`crate::solve::distributed::graph::follow`]: a game with cycles has
/// its graph labelled over every rank (see [`crate::analysis::script::analyze_on`]).
#[cfg(feature = "script")]
pub fn analyze_script_on(
    game: &Game,
    input: &Input,
    options: &Options,
    lead: &mut crate::solve::distributed::graph::Lead<'_>,
) -> Result<Analysis, Error> {
    let Some(script) = game.script() else {
        return Err(Error::input(format!(
            "only script games are analysed this way, not '{}'",
            game.name()
        )));
    };
    Ok(script::script_analysis(
        crate::analysis::script::analyze_on(script, input, options.script_positions(), lead)?,
    ))
}

/// Every move of the position `input` of `game`, with the position it leaves and its
/// outcome (see [`report::moves`]); under misère play, each judged by the misère search.
pub fn moves(
    game: &Game,
    input: &Input,
    options: &Options,
    progress: &mut (dyn Progress + Send),
) -> Result<report::moves::MoveList, Error> {
    if options.misere {
        let normal = Options {
            misere: false,
            ..options.clone()
        };
        return game.object.misere_moves(input, &normal, progress);
    }
    game.object.moves(input, options, progress)
}

/// Every move of `input`, as [`moves`] lists them, with the remoteness of the position and
/// of the position each move leaves (see [`report::remoteness`]), searching at most `limit`
/// sums. Normal play of games without cycles only; past `limit` sums, or for a game with
/// no search of whole sums, refused with a line that says why.
pub fn moves_with_remoteness(
    game: &Game,
    input: &Input,
    options: &Options,
    progress: &mut (dyn Progress + Send),
    limit: usize,
) -> Result<report::moves::MoveList, Error> {
    if options.misere {
        return Err(Error::input(
            "remoteness is computed for normal play: under misère play the last mover loses, and the count would mean another thing",
        ));
    }
    let mut list = moves(game, input, options, progress)?;
    add_remoteness(game, input, &mut list, limit)?;
    Ok(list)
}

/// Fills in the remoteness of `list` (the moves of `input`) and of each of its moves.
pub fn add_remoteness(
    game: &Game,
    input: &Input,
    list: &mut report::moves::MoveList,
    limit: usize,
) -> Result<(), Error> {
    if list.draw || list.loopy_value.is_some() || list.misere {
        return Err(Error::input(format!(
            "{}: remoteness is computed for normal play of games without cycles",
            list.game
        )));
    }
    game.object.remoteness(input, list, limit)
}

/// The moves of `position` of the game called `name`, with default options (for tests).
#[cfg(test)]
pub(crate) fn listed(name: &str, position: &str) -> report::moves::MoveList {
    let game = lookup_for(name, Feature::Moves).expect(name);
    moves(
        &game,
        &Input::new("p", position),
        &Options::default(),
        &mut crate::NoProgress,
    )
    .unwrap_or_else(|e| panic!("{name} {position:?}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry's example is a position its game reads and answers, with moves to make
    /// where moves can be listed (a parametric entry is tried with a parameter).
    #[test]
    fn every_example_is_a_position_with_moves() {
        let named = |e: &Entry| match e.name {
            "octal:" => "octal:0.77".to_string(),
            "hex:" => "hex:0.9".to_string(),
            "subtraction:" => "subtraction:1,3,4".to_string(),
            "lame-queen:" => "lame-queen:2".to_string(),
            "tartan:" => "tartan:mock-turtles×ruler".to_string(),
            "coins:" => format!(
                "coins:{}/../../examples/games/mock_turtles.rhai",
                env!("CARGO_MANIFEST_DIR")
            ),
            "script:" => format!(
                "script:{}/../../examples/games/wythoff.rhai",
                env!("CARGO_MANIFEST_DIR")
            ),
            name => name.to_string(),
        };
        let options = Options {
            memory: Some(64 << 20),
            ..Options::default()
        };
        for e in ENTRIES {
            let name = named(e);
            if e.name == "script:" && !cfg!(feature = "script") {
                continue;
            }
            let example = if e.name == "script:" {
                "[3, 5] [2, 2]"
            } else {
                e.example
            };
            let game = lookup(&name).unwrap_or_else(|err| panic!("{name}: {err}"));
            let input = Input::new("example", example);
            if e.supports(Feature::Moves) {
                let list = moves(&game, &input, &options, &mut crate::NoProgress)
                    .unwrap_or_else(|err| panic!("{name} {example:?}: {err}"));
                assert!(!list.moves.is_empty(), "{name}: the example has no move");
            }
            assert_eq!(e.play.is_empty(), e.kind == Kind::Script, "{name}");
        }
    }

    /// The notation of every game reads back what it writes: each position a move leaves,
    /// written as `analyze` reads it, is listed again with that same text (read(write(p))
    /// is p, on the text a user sees), and misère play of it agrees on the text too.
    #[test]
    fn every_game_reads_back_the_positions_it_writes() {
        let options = Options {
            memory: Some(64 << 20),
            ..Options::default()
        };
        let named = |e: &Entry| match e.name {
            "octal:" => "octal:0.137".to_string(),
            "hex:" => "hex:0.9".to_string(),
            "subtraction:" => "subtraction:1,3,4".to_string(),
            "lame-queen:" => "lame-queen:2".to_string(),
            "tartan:" => "tartan:mock-turtles×ruler".to_string(),
            "coins:" => format!(
                "coins:{}/../../examples/games/mock_turtles.rhai",
                env!("CARGO_MANIFEST_DIR")
            ),
            "script:" => format!(
                "script:{}/../../examples/games/kayles.rhai",
                env!("CARGO_MANIFEST_DIR")
            ),
            name => name.to_string(),
        };
        for e in ENTRIES.iter().filter(|e| e.supports(Feature::Moves)) {
            if e.name == "script:" && !cfg!(feature = "script") {
                continue;
            }
            let name = named(e);
            let example = if e.name == "script:" {
                "3 5"
            } else {
                e.example
            };
            let game = lookup(&name).unwrap_or_else(|err| panic!("{name}: {err}"));
            let list = moves(
                &game,
                &Input::new("example", example),
                &options,
                &mut crate::NoProgress,
            )
            .unwrap_or_else(|err| panic!("{name}: {err}"));
            for m in list.moves.iter().take(12) {
                let again = moves(
                    &game,
                    &Input::new("after", m.position.clone()),
                    &options,
                    &mut crate::NoProgress,
                )
                .unwrap_or_else(|err| panic!("{name}: {} leaves {:?}: {err}", m.label, m.position));
                assert_eq!(
                    again.position.trim_end(),
                    m.position.trim_end(),
                    "{name}: {}",
                    m.label
                );
            }
        }
    }

    /// A game whose report is made from its move list gives the same report from a list
    /// with remoteness as from its own analysis (`analyze --remoteness` runs one search).
    #[test]
    fn a_report_made_from_the_move_list_is_the_analysis() {
        let options = Options::default();
        for e in ENTRIES.iter().filter(|e| !e.name.ends_with(':')) {
            let game = lookup(e.name).expect(e.name);
            let input = Input::new("example", e.example);
            let Ok(list) =
                moves_with_remoteness(&game, &input, &options, &mut crate::NoProgress, 100_000)
            else {
                continue;
            };
            if let Some(report) = game.object().report_of(&list) {
                let analysed = analyze(&game, &input, &options, &mut crate::NoProgress)
                    .expect(e.name)
                    .report;
                assert_eq!(report, analysed, "{}", e.name);
            }
        }
    }

    #[test]
    fn every_name_and_alias_resolves_to_its_own_entry() {
        for e in ENTRIES {
            if e.name.ends_with(':') {
                continue;
            }
            for name in std::iter::once(e.name).chain(e.aliases.iter().copied()) {
                let game = lookup(name).unwrap_or_else(|err| panic!("{name}: {err}"));
                if e.kind != Kind::Heaps {
                    assert_eq!(game.entry().name, e.name, "{name}");
                }
            }
        }
        for name in [
            "octal:0.77",
            "hex:0.9",
            "subtraction:1,3,4",
            "lame-queen:3",
            "tartan:twins*ruler",
        ] {
            assert!(lookup(name).is_ok(), "{name}");
        }
    }

    /// The plane games count squares from 0, the contest from 1: the same square is the
    /// same position under both names.
    #[test]
    fn wythoff_is_the_contest_queen_with_d_1_shifted_by_one() {
        let options = Options::default();
        for (x, y) in [(0u64, 0u64), (1, 2), (3, 5), (4, 4), (10, 6)] {
            let plane = lookup("wythoff").expect("wythoff");
            let contest = lookup("lamqugam").expect("lamqugam");
            let a = analyze(
                &plane,
                &Input::new("p", format!("{x} {y}")),
                &options,
                &mut crate::NoProgress,
            )
            .expect("analysed")
            .report;
            let b = analyze(
                &contest,
                &Input::new("p", format!("1 {} {}", x + 1, y + 1)),
                &options,
                &mut crate::NoProgress,
            )
            .expect("analysed")
            .report;
            assert_eq!(a.grundy(), b.grundy(), "({x}, {y})");
            assert_eq!(a.winner(), b.winner(), "({x}, {y})");
            let (Report::Queen(a), Report::Queen(b)) = (a, b) else {
                panic!("queen reports")
            };
            let shifted: Vec<[u64; 2]> = b
                .winning_moves
                .iter()
                .map(|m| [m.to[0] - 1, m.to[1] - 1])
                .collect();
            let plane_targets: Vec<[u64; 2]> = a.winning_moves.iter().map(|m| m.to).collect();
            assert_eq!(plane_targets, shifted, "({x}, {y})");
        }
        // Wythoff's P-positions from 0: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10).
        let plane = lookup("wythoff").expect("wythoff");
        for (x, y) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)] {
            let r = analyze(
                &plane,
                &Input::new("p", format!("{x} {y}")),
                &options,
                &mut crate::NoProgress,
            )
            .expect("analysed")
            .report;
            assert_eq!(r.winner(), crate::Player::Second, "({x}, {y})");
        }
    }

    #[test]
    fn misspelled_names_get_the_nearest_one() {
        for (typo, meant) in [
            ("kayels", "kayles"),
            ("crma", "cram"),
            ("chmop", "chomp"),
            ("shgmae", "shgame"),
            ("wytoff", "wythoff"),
        ] {
            let e = lookup(typo).err().map(|e| e.message).unwrap_or_default();
            assert!(
                e.contains(&format!("did you mean '{meant}'?")),
                "{typo}: {e}"
            );
        }
        let e = lookup("xyzzy").err().map(|e| e.message).unwrap_or_default();
        assert!(!e.contains("did you mean"), "{e}");
        assert!(e.contains("known games: shgame (sheet)"), "{e}");
    }

    #[test]
    fn a_game_is_refused_for_what_it_does_not_support() {
        let e = lookup_for("chomp", Feature::Explore)
            .err()
            .map(|e| e.message);
        assert!(e.is_some_and(|m| m.contains("does not support explore")));
        let e = lookup_for("chomp", Feature::Sequence)
            .err()
            .map(|e| e.message);
        assert!(e.is_some_and(|m| m.contains("unknown family 'chomp'")));
        assert!(lookup_for("kayles", Feature::Sequence).is_ok());
        let e = lookup_for("kayels", Feature::Table)
            .err()
            .map(|e| e.message)
            .unwrap_or_default();
        assert!(e.contains("known board games: cram, chomp"), "{e}");
    }
}
