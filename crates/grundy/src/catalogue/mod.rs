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

pub mod components;
pub mod explore;
pub mod object;

use crate::contest::Problem;
use crate::family::{Family, FamilyError};
use crate::parse::{Input, escaped_str};
use crate::progress::Progress;
use crate::report::{self, Error, Report};
pub use crate::report::{Options, SCRIPT_MEMORY};
#[cfg(feature = "script")]
use crate::script::ScriptGame;

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
    /// cycles (draws), or an undirected graph whose edges are played (Arc-Kayles).
    Graph,
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
    /// A position to start from, written as `analyze` reads it (the page's first board).
    pub example: &'static str,
    /// How a move is made on the page's board, in a sentence; empty where moves are played
    /// from the list alone.
    pub play: &'static str,
    /// For a game that is one object (its rules and notation in one module under
    /// `games/`): how it is made from the name it was asked by. Every question is then
    /// answered by [`object::Notated`]'s one analysis.
    #[serde(skip)]
    pub object: Option<Make>,
}

/// How a game that is one object is made from the name it was asked by.
pub type Make = fn(&str) -> Result<Box<dyn object::Object>, Error>;

impl Entry {
    /// Whether `feature` can be asked of this game.
    pub fn supports(&self, feature: Feature) -> bool {
        self.features.contains(&feature)
    }

    /// The name as users write it: `octal:CODE` for a parametric entry.
    pub fn usage(&self) -> String {
        match self.name {
            "octal:" => "octal:CODE".into(),
            "hex:" => "hex:CODE".into(),
            "subtraction:" => "subtraction:S".into(),
            "lame-queen:" => "lame-queen:D".into(),
            "script:" => "script:FILE".into(),
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
        example: "5 8 2 3",
        play: "Click a line between cells to cut the sheet there.",
        object: None,
    },
    Entry {
        name: "lamqugam",
        aliases: &["lame-queen"],
        kind: Kind::Contest,
        rules: "A queen stands on a board. A move takes it any distance down or left, or diagonally down-left by a multiple of d squares. Whoever cannot move (the queen is in the corner) loses.",
        summary: "Lame Queen Game: a queen moves left, down, or diagonally by a multiple of d",
        position: "d x y: step d, the queen on row x, column y (from 1; (1, 1) has no move), e.g. 2 7 9",
        features: QUEEN,
        example: "2 9 7",
        play: "Click the square to move the queen to.",
        object: None,
    },
    Entry {
        name: "inventor-outlasting",
        aliases: &["inventor"],
        kind: Kind::Contest,
        rules: "Players build attractions on free spots of a board; each new attraction blocks the spots on its diagonals. Whoever cannot build loses.",
        summary: "Inventor Outlasting: build attractions whose signs block diagonals",
        position: "R C, R rows of X (spot) and . (none), then optionally 'played' and the row and column of each build",
        features: CONTEST,
        example: "6 8\nX..X..X.\n.XX..X..\n..X.XX.X\nX...X...\n.X.X..XX\n..X...X.",
        play: "Click a free spot to build there.",
        object: None,
    },
    Entry {
        name: "pshtbrth",
        aliases: &["cakes"],
        kind: Kind::Contest,
        rules: "Each cake has candles, some burning. A move puts out a rectangle of candles on one cake, all of them burning. Whoever cannot move loses.",
        summary: "Pishty and birthday: put out a rectangle of burning candles on one cake",
        position: "cakes of R rows of 0 and 1 (R·C ≤ 25), separated by blank lines",
        features: CONTEST,
        example: "0110\n1111\n0110\n0000\n\n1000\n0000\n0000\n0001",
        play: "Click two opposite corners of a rectangle of burning candles (the same candle twice for one).",
        object: None,
    },
    Entry {
        name: "caos3",
        aliases: &["lava"],
        kind: Kind::Contest,
        rules: "Monsters stand on a map. A move pours lava from a monster along its row and column, up to the walls, destroying what it covers. Whoever cannot move loses.",
        summary: "CAO Stage-3: pour lava along the row and column of a monster",
        position: "R C, R rows of ^ (open) and # (wall), then optionally 'played' and the row and column of each move",
        features: CONTEST,
        example: "8 9\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^#^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^\n^^^^^^^^^",
        play: "Click a monster to pour lava from it.",
        object: None,
    },
    Entry {
        name: "cram",
        aliases: &[],
        kind: Kind::Board,
        rules: "Players take turns placing a domino on two free neighbouring cells of the board, across or down. Whoever cannot place one loses.",
        summary: "Cram: place a domino on two free neighbouring cells",
        position: "R C (an empty board, at most 128 cells; move lists, remoteness and misère play at most 64), optionally followed by R rows of . (free) and # (blocked)",
        features: &[Analyze, Moves, Table, Picture],
        example: "3 4",
        play: "Click a free cell, then a neighbour, to place a domino.",
        object: None,
    },
    Entry {
        name: "chomp",
        aliases: &[],
        kind: Kind::Board,
        rules: "A bar of chocolate has a poisoned square in its bottom-left corner. A move bites a square and every square above and to the right of it. The poisoned square is never taken: whoever cannot move (only the poison is left) loses.",
        summary: "Chomp: bite a square and everything above and right of it; the last square is poisoned",
        position: "the row lengths bottom row first, joined by commas (5,3,3,1), or R C for a full bar",
        features: &[Analyze, Moves, Table],
        example: "4,3,3,1",
        play: "Click a square to bite it and everything above and right of it.",
        object: None,
    },
    Entry {
        name: "graph",
        aliases: &[],
        kind: Kind::Graph,
        rules: "Tokens stand on the vertices of a directed graph, which may have cycles. A move slides one token along an edge. Whoever cannot move loses; play that can go on for ever is a draw.",
        summary: "Tokens on a directed graph that may have cycles: move one token along an edge; win, lose or draw",
        position: "a file: n m, then m lines u v (a move from u to v, vertices 1..n), then k and the k tokens' vertices",
        features: &[Analyze, Moves, Explore, Picture],
        example: "4 4\n1 2\n2 1\n2 3\n3 4\n2\n2 3",
        play: "Click an arrow from a token to move it along that edge.",
        object: None,
    },
    Entry {
        name: "wythoff",
        aliases: &[],
        kind: Kind::Plane,
        rules: "Two heaps of counters (a queen on a board). A move takes any number from one heap, or the same number from both. Whoever cannot move loses.",
        summary: "Wythoff's game: take from one heap, or the same from both",
        position: "x y: two heaps, or a queen's square counted from 0 (0 0 has no move), e.g. 3 5",
        features: PLANE,
        example: "4 6",
        play: "Click the square to move the queen to.",
        object: None,
    },
    Entry {
        name: "lame-queen:",
        aliases: &[],
        kind: Kind::Plane,
        rules: "A queen on squares counted from 0 moves any distance down or left, or diagonally down-left by a multiple of D. Whoever cannot move loses.",
        summary: "the lame queen with diagonal step D, on squares counted from 0",
        position: "x y: the queen's square counted from 0 (0 0 has no move), e.g. 4 6",
        features: PLANE,
        example: "4 6",
        play: "Click the square to move the queen to.",
        object: None,
    },
    Entry {
        name: "nim",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. A move takes any number of counters, at least one, from one heap. Whoever cannot move loses.",
        summary: "Nim: take any number from one heap",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        object: None,
    },
    Entry {
        name: "kayles",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Rows of pins. A move knocks down one pin or two adjacent ones, which may split a row in two. Whoever cannot move loses.",
        summary: "Kayles (octal 0.77): knock down one pin or two adjacent ones",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        object: None,
    },
    Entry {
        name: "dawson-chess",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Rows of counters (octal game 0.137): take one counter if it is a heap alone, two from the end of a heap, or three from anywhere in a heap (which may split it in two). Whoever cannot move loses.",
        summary: "Dawson's chess (octal 0.137)",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        object: None,
    },
    Entry {
        name: "dawson-kayles",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Rows of pins. A move knocks down two adjacent pins, which may split a row in two. Whoever cannot move loses.",
        summary: "Dawson's Kayles (octal 0.07)",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        object: None,
    },
    Entry {
        name: "treblecross",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters (octal game 0.007): a move takes three counters, leaving up to two heaps. Whoever cannot move loses.",
        summary: "Treblecross (octal 0.007)",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        object: None,
    },
    Entry {
        name: "grundy-game",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. A move splits one heap into two heaps of different sizes. Whoever cannot move loses.",
        summary: "Grundy's game: split a heap into two unequal heaps",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        object: None,
    },
    Entry {
        name: "octal:",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. Digit k of the code says what taking k counters from a heap may leave: bit 1 nothing, bit 2 one heap, bit 4 two heaps. Whoever cannot move loses.",
        summary: "any octal game by its code, e.g. octal:0.77",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        object: None,
    },
    Entry {
        name: "hex:",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. Digit k of the hexadecimal code says what taking k counters may leave: bit 1 nothing, bit 2 one heap, bit 4 two heaps, bit 8 three. Whoever cannot move loses.",
        summary: "any hexadecimal game by its code, e.g. hex:0.9",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        object: None,
    },
    Entry {
        name: "subtraction:",
        aliases: &[],
        kind: Kind::Heaps,
        rules: "Heaps of counters. A move takes one of the amounts of the set from one heap. Whoever cannot move loses.",
        summary: "take one of a set of amounts, e.g. subtraction:1,3,4",
        position: "heap sizes, e.g. 3 4 5",
        features: HEAPS,
        example: "3 4 5",
        play: "Click a counter to take it and every counter after it.",
        object: None,
    },
    Entry {
        name: "script:",
        aliases: &[],
        kind: Kind::Script,
        rules: "The rules are those the script's options function lists: a move turns one position into a sum of positions. Whoever cannot move loses.",
        summary: "a game whose moves a Rhai script lists, e.g. script:examples/games/kayles.rhai",
        position: "integers and arrays of integers, e.g. 3 [2, 5]",
        features: &[Analyze, Moves, Sequence, Explore],
        example: "3 [2, 5]",
        play: "",
        object: None,
    },
    Entry {
        name: "arc-kayles",
        aliases: &[],
        kind: Kind::Graph,
        rules: "A graph of vertices joined by edges. A move takes an edge together with every edge that shares an end with it. Whoever cannot take an edge loses.",
        summary: "Arc-Kayles: take an edge and every edge touching it",
        position: "n m, then m lines u v (an edge between vertices u and v, from 1), e.g. 4 3 / 1 2 / 2 3 / 3 4",
        features: &[Analyze, Moves, Picture],
        example: "6 7\n1 2\n2 3\n3 4\n4 5\n5 6\n6 1\n2 5",
        play: "Pick a move from the list: each takes one edge and every edge touching it.",
        object: Some(|name| {
            Ok(object::Notated::boxed(
                crate::games::arc_kayles::ArcKayles,
                name,
            ))
        }),
    },
];

/// The entries that support `feature`, as a list for messages: `shgame (sheet), nim, octal:CODE, ...`.
pub fn names_supporting(feature: Feature) -> String {
    ENTRIES
        .iter()
        .filter(|e| e.supports(feature))
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

/// A game resolved from its name.
pub enum Game {
    /// A contest problem.
    Contest(Problem),
    /// A family of heap games.
    Heaps(Family),
    /// Cram.
    Cram,
    /// Chomp.
    Chomp,
    /// The lame queen on squares from 0, with its diagonal step (Wythoff's game is d = 1).
    Plane {
        /// The diagonal step.
        d: u64,
        /// `wythoff` or `lame-queen:D`.
        name: String,
    },
    /// A script game, loaded.
    #[cfg(feature = "script")]
    Script(Box<ScriptGame>),
    /// Tokens on a directed graph, read with the position.
    Graph,
    /// A game that is one object: its rules and notation in one module under `games/`,
    /// every question answered by [`object::Notated`].
    Object {
        /// Its catalogue entry.
        entry: &'static Entry,
        /// The game.
        object: Box<dyn object::Object>,
    },
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Game").field(&self.name()).finish()
    }
}

impl Game {
    /// Its catalogue entry.
    pub fn entry(&self) -> &'static Entry {
        let name = match self {
            Game::Contest(p) => p.name(),
            Game::Heaps(_) => "octal:",
            Game::Cram => "cram",
            Game::Chomp => "chomp",
            Game::Plane { d: 1, name } if name == "wythoff" => "wythoff",
            Game::Plane { .. } => "lame-queen:",
            #[cfg(feature = "script")]
            Game::Script(_) => "script:",
            Game::Graph => "graph",
            Game::Object { entry, .. } => return entry,
        };
        entry_named(name).unwrap_or(&ENTRIES[0])
    }

    /// Whether `feature` can be asked of it.
    pub fn supports(&self, feature: Feature) -> bool {
        self.entry().supports(feature)
    }

    /// The name reports give it: the contest name, the family's canonical name, the script.
    pub fn name(&self) -> String {
        match self {
            Game::Contest(p) => p.name().into(),
            Game::Heaps(f) => f.to_string(),
            Game::Cram => "cram".into(),
            Game::Chomp => "chomp".into(),
            Game::Plane { name, .. } => name.clone(),
            #[cfg(feature = "script")]
            Game::Script(s) => s.source().to_string(),
            Game::Graph => "graph".into(),
            Game::Object { object, .. } => object.name(),
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
    let bare = bare_octal(name);
    let name: &str = &bare;
    if let Some(path) = name.strip_prefix("script:") {
        #[cfg(feature = "script")]
        return load_script(std::path::Path::new(path)).map(|g| Game::Script(Box::new(g)));
        #[cfg(not(feature = "script"))]
        return Err(Error::input(format!(
            "script games need grundy built with the 'script' feature; '{}' cannot be read",
            escaped_str(path)
        )));
    }
    if let Some(entry) = entry_named(name)
        && let Some(make) = entry.object
    {
        return make(name).map(|object| Game::Object { entry, object });
    }
    if let Some(p) = Problem::from_name(name) {
        return Ok(Game::Contest(p));
    }
    match name {
        "cram" => return Ok(Game::Cram),
        "chomp" => return Ok(Game::Chomp),
        "graph" => return Ok(Game::Graph),
        "wythoff" => {
            return Ok(Game::Plane {
                d: 1,
                name: name.into(),
            });
        }
        _ => {}
    }
    if let Some(d) = name.strip_prefix("lame-queen:") {
        let max = crate::games::lame_queen::MAX_STEP;
        return match d.parse::<u64>() {
            Ok(d) if (1..=max).contains(&d) => Ok(Game::Plane {
                d,
                name: format!("lame-queen:{d}"),
            }),
            _ => Err(Error::input(format!(
                "lame-queen:D needs a whole number D from 1 to {max}, found '{}'",
                escaped_str(d)
            ))),
        };
    }
    match name.parse::<Family>() {
        Ok(f) => Ok(Game::Heaps(f)),
        Err(FamilyError::Unknown(_)) => Err(unknown(name, None)),
        Err(e) => Err(Error::input(e.to_string())),
    }
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
    let bare = bare_octal(name);
    let name: &str = &bare;
    if name.strip_prefix("script:").is_none() && !known(name) {
        return Err(unknown(name, Some(feature)));
    }
    let game = lookup(name)?;
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
    if path.as_os_str().is_empty() {
        return Err(Error::input(
            "script: needs a file name, like script:kayles.rhai",
        ));
    }
    ScriptGame::load(path).map_err(|e| match e {
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
    let plain = |report: Report| Analysis {
        report,
        stats: String::new(),
    };
    if options.misere {
        return misere(game, input, options, progress);
    }
    Ok(match game {
        Game::Contest(Problem::Shgame) => plain(Report::Sheet(report::sheet::analyze(input)?)),
        Game::Contest(Problem::Lamqugam) => plain(Report::Queen(report::queen::analyze(input)?)),
        Game::Contest(Problem::InventorOutlasting) => plain(Report::Inventor(
            report::cells::analyze_inventor(input, progress)?,
        )),
        Game::Contest(Problem::Caos3) => {
            plain(Report::Lava(report::cells::analyze_lava(input, progress)?))
        }
        Game::Contest(Problem::Pshtbrth) => plain(Report::Cakes(report::cakes::analyze(
            input,
            options.cache.as_deref(),
            progress,
        )?)),
        Game::Heaps(family) => {
            let (report, stats) = report::heaps::analyze_with_stats(family, input)?;
            Analysis {
                report: Report::Heaps(report),
                stats,
            }
        }
        Game::Cram | Game::Chomp => {
            let memory = options.board_memory();
            let (report, stats) = if matches!(game, Game::Cram) {
                report::board::analyze_cram(
                    input,
                    memory,
                    options.thread_count(),
                    options.checkpoint.as_deref(),
                    progress,
                )?
            } else {
                report::board::analyze_chomp(input, memory, progress)?
            };
            Analysis {
                report: Report::Board(report),
                stats,
            }
        }
        #[cfg(feature = "script")]
        Game::Script(script) => script_analysis(report::script::analyze(
            script,
            input,
            options.script_positions(),
            progress,
        )?),
        Game::Plane { d, name } => plain(Report::Queen(report::queen::analyze_plane(
            name, *d, input,
        )?)),
        Game::Graph => {
            if let Some(memory) = options.memory {
                report::graph::check_memory(input, memory)?;
            }
            plain(Report::Graph(report::graph::analyze(input)?))
        }
        Game::Object { object, .. } => object.analyze(input, options, progress)?,
    })
}

/// A script's analysis as a report.
#[cfg(feature = "script")]
fn script_analysis((analysis, stats): (report::script::Analysis, String)) -> Analysis {
    let report = match analysis {
        report::script::Analysis::Plain(r) => Report::Script(r),
        report::script::Analysis::Loopy(r) => Report::ScriptLoopy(r),
    };
    Analysis { report, stats }
}

/// Whether `name` names a script game (`script:FILE`), without reading the script.
pub fn is_script(name: &str) -> bool {
    name.starts_with("script:")
}

/// The position `input` of the script game `game` explained on rank 0 of a job whose
/// other ranks wait in [`crate::solve::distributed::graph::follow`]: a game with cycles has
/// its graph labelled over every rank (see [`report::script::analyze_on`]).
#[cfg(feature = "script")]
pub fn analyze_script_on(
    game: &Game,
    input: &Input,
    options: &Options,
    lead: &mut crate::solve::distributed::graph::Lead<'_>,
) -> Result<Analysis, Error> {
    let Game::Script(script) = game else {
        return Err(Error::input(format!(
            "only script games are analysed this way, not '{}'",
            game.name()
        )));
    };
    Ok(script_analysis(report::script::analyze_on(
        script,
        input,
        options.script_positions(),
        lead,
    )?))
}

/// The position `input` of `game` under misère play (see [`report::misere`]): the heap
/// families by their own analysis (misère Nim's rule, the search, the quotient for many
/// heaps), every other game by the misère search over its components.
fn misere(
    game: &Game,
    input: &Input,
    options: &Options,
    progress: &mut (dyn Progress + Send),
) -> Result<Analysis, Error> {
    let normal = Options {
        misere: false,
        ..options.clone()
    };
    let report = match game {
        Game::Heaps(family) => {
            let (report, stats) = report::heaps::analyze_misere(family, input)?;
            return Ok(Analysis {
                report: Report::Heaps(report),
                stats,
            });
        }
        _ => misere_moves(game, input, &normal, progress)?,
    };
    Ok(Analysis {
        report: Report::Misere(report.into()),
        stats: String::new(),
    })
}

/// Every move of `input` judged under misère play.
fn misere_moves(
    game: &Game,
    input: &Input,
    normal: &Options,
    progress: &mut (dyn Progress + Send),
) -> Result<report::moves::MoveList, Error> {
    use report::misere as m;
    let judged = |list| {
        components::search(
            game,
            input,
            m::Judge {
                list,
                limit: match game {
                    #[cfg(feature = "script")]
                    Game::Script(_) => normal.script_positions(),
                    _ => m::MISERE_POSITIONS,
                },
            },
        )
    };
    Ok(match game {
        Game::Heaps(family) => m::heaps(family, input)?,
        Game::Contest(Problem::Shgame) => m::sheet(input)?,
        Game::Cram
        | Game::Chomp
        | Game::Contest(Problem::Lamqugam | Problem::Pshtbrth)
        | Game::Plane { .. } => judged(moves(game, input, normal, progress)?)?,
        #[cfg(feature = "script")]
        Game::Script(_) => judged(moves(game, input, normal, progress)?)?,
        Game::Contest(p @ (Problem::InventorOutlasting | Problem::Caos3)) => {
            return Err(Error::input(format!(
                "misère play is not analysed for {}: its boards in play are solved by a normal-play engine only",
                p.name()
            )));
        }
        Game::Graph => {
            return Err(Error::input(
                "misère play is not analysed for graph: its values are those of normal play with draws",
            ));
        }
        Game::Object { object, .. } => {
            object.misere(moves(game, input, normal, progress)?, m::MISERE_POSITIONS)?
        }
    })
}

/// Every move of the position `input` of `game`, with the position it leaves and its
/// outcome (see [`report::moves`]).
pub fn moves(
    game: &Game,
    input: &Input,
    options: &Options,
    progress: &mut (dyn Progress + Send),
) -> Result<report::moves::MoveList, Error> {
    use report::moves;
    if options.misere {
        let normal = Options {
            misere: false,
            ..options.clone()
        };
        return misere_moves(game, input, &normal, progress);
    }
    match game {
        Game::Heaps(family) => moves::heaps(family, input),
        Game::Contest(Problem::Shgame) => moves::sheet(input),
        Game::Contest(Problem::Lamqugam) => moves::queen(input),
        Game::Contest(Problem::Pshtbrth) => moves::cakes(input, options, progress),
        Game::Contest(Problem::Caos3) => moves::in_play(input, progress, moves::Played::Lava),
        Game::Contest(Problem::InventorOutlasting) => {
            moves::in_play(input, progress, moves::Played::Inventor)
        }
        Game::Cram => moves::cram(input, options, progress),
        Game::Chomp => moves::chomp(input, options, progress),
        #[cfg(feature = "script")]
        Game::Script(script) => moves::script(script, input, options),
        Game::Plane { d, name } => moves::plane(name, *d, input),
        Game::Graph => {
            if let Some(memory) = options.memory {
                report::graph::check_memory(input, memory)?;
            }
            report::graph::moves(input)
        }
        Game::Object { object, .. } => object.moves(input, options, progress),
    }
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
    if let Game::Object { object, .. } = game {
        return object.remoteness(list, limit);
    }
    components::search(game, input, report::remoteness::Fill { list, limit })
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
        for name in ["octal:0.77", "hex:0.9", "subtraction:1,3,4", "lame-queen:3"] {
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
