//! Games written as scripts: the rules in a few lines of [Rhai], run by the generic engine.
//!
//! A script defines `fn options(p)`, returning an array of the positions reachable from
//! `p` in one move. A position is an integer, a string, or a list of these nested to any
//! shape ([`ScriptPosition`]: a tree is a list of its subtrees); an option that
//! leaves several independent games is `sum([p1, p2, ...])`. An optional
//! `fn canonical(p)` returns a representative with the same value (sorted heaps, say), so
//! equal positions share one memo entry. An optional `fn board(p)` draws a position for
//! the page: a string is shown as text, an array of strings as a grid's rows (a
//! character a cell), an array of arrays as a grid's cells, an array of integers as a
//! row ([`ScriptGame::drawing`]). Constants at the top of the script (`const D = 2;`)
//! are seen by every function.
//!
//! ```
//! use grundy::script::ScriptGame;
//! use grundy::{Nimber, Solver};
//!
//! let kayles = ScriptGame::compile(
//!     "<kayles>",
//!     "fn options(n) {
//!          let out = [];
//!          for take in 1..=2 {
//!              for left in 0..=n - take {
//!                  out.push(sum([left, n - take - left]));
//!              }
//!          }
//!          out
//!      }",
//! )?;
//! let mut solver = Solver::new(&kayles);
//! assert_eq!(solver.grundy(&5.into())?, Nimber(4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The sandbox: a script cannot read or write files, import modules, run programs or reach
//! the network (Rhai has none of these unless the host adds them, and the file module
//! resolver is removed); `print` goes to standard error. Every call is stopped after
//! [`MAX_OPERATIONS`] operations, and call depth, expression depth, strings and arrays
//! are bounded, so a runaway script ends with an error naming the position it was
//! expanding. A fault never panics: it is kept and reported through [`Game::fault`].
//!
//! [Rhai]: https://rhai.rs

use std::cell::{Cell, RefCell};
use std::fmt;
use std::path::Path;
use std::rc::Rc;

use rhai::{AST, Array, CallFnOptions, Dynamic, Engine, EvalAltResult, Scope};
use serde::Serialize;
use thiserror::Error;

use crate::drawing::{self, Drawing, Drawn};
use crate::game::{Components, Game, Player};
use crate::nimber::Nimber;
use crate::parse::{Params, escaped_str};

pub mod axes;
mod position;
use crate::solve::memo::{SolveError, Solver, Stats};
pub use position::{MAX_DEPTH, MAX_SIZE, ScriptPosition, parse_positions};

/// The most operations one call of `options` or `canonical` may take.
pub const MAX_OPERATIONS: u64 = 10_000_000;
/// The most Rhai operations one game may run in all, over every call: the bound on a
/// script's work, as [`crate::work::MAX_STEPS`] bounds a built-in game's (see
/// [`OPERATION_STEPS`]).
pub const MAX_TOTAL_OPERATIONS: u64 = crate::work::MAX_STEPS / OPERATION_STEPS;
/// Steps (see [`crate::work`]) per Rhai operation: about 30 ns each, measured on a loop
/// of additions and comparisons (186 million operations in 5.5 s).
pub const OPERATION_STEPS: u64 = 120;
/// The largest script read, in bytes.
pub const MAX_SCRIPT: u64 = 1 << 20;
/// What one stored position of a script game may cost, in bytes: its memo entry (48 for
/// the position, 8 for the value, and the hash table's slack, doubled while it grows),
/// and when the game runs deep, a frame of the solver's stack and the options listed
/// there. Measured: a chain of 8.4 million positions took 3.5 GB, 420 bytes each.
pub const BYTES_PER_POSITION: u64 = 512;

/// The most positions a memory budget of `bytes` holds.
pub fn positions_within(bytes: u64) -> usize {
    usize::try_from(bytes / BYTES_PER_POSITION).unwrap_or(usize::MAX)
}

/// Several independent positions left by one move: what `sum([...])` makes in a script.
#[derive(Clone, Debug)]
struct Split(Array);

/// Why a script could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScriptError {
    /// The file could not be read.
    #[error("{file}: cannot read: {message}")]
    Read {
        /// The file.
        file: String,
        /// The system's reason.
        message: String,
    },
    /// The file is larger than [`MAX_SCRIPT`].
    #[error("{file}: the script is larger than the supported {MAX_SCRIPT} bytes")]
    TooLarge {
        /// The file.
        file: String,
    },
    /// The script does not parse.
    #[error("{file}:{line}:{column}: syntax error: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Rhai's description.
        message: String,
    },
    /// The script parses, but something else is wrong: no `options`, or its top level fails.
    #[error("{file}: {message}")]
    Rules {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
}

/// A game whose rules are a Rhai script.
pub struct ScriptGame {
    source: String,
    params: Params,
    engine: Engine,
    ast: AST,
    scope: RefCell<Scope<'static>>,
    has_canonical: bool,
    has_board: bool,
    fault: RefCell<Option<String>>,
    calls: Cell<u64>,
    /// Rhai operations run so far, over every call, and their bound.
    meter: Rc<Meter>,
    /// The integers, lists and characters of every option returned so far, and their
    /// bound: a position of 10^6 integers is one Rhai operation to copy, so operations
    /// alone do not bound the work and memory of a game on long positions.
    data: Cell<u64>,
    data_limit: Cell<u64>,
}

/// The most integers, lists and characters all the options of one game may hold together,
/// by default (2 GiB at 8 bytes each); [`ScriptGame::solver`] lowers it to what its
/// positions' budget allows.
pub const MAX_TOTAL_DATA: u64 = 1 << 28;

/// The parameters given to a script, and the names its top level has read.
struct ParamState {
    given: Vec<(String, ScriptPosition)>,
    read: RefCell<Vec<String>>,
}

impl ParamState {
    /// The value given to `name`, noting that the script reads it.
    fn value(&self, name: &str) -> Option<Dynamic> {
        let mut read = self.read.borrow_mut();
        if !read.iter().any(|n| n == name) {
            read.push(name.to_string());
        }
        self.given
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.to_dynamic())
    }
}

/// Operations counted over every call of one game.
struct Meter {
    total: Cell<u64>,
    limit: Cell<u64>,
}

impl fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptGame")
            .field("source", &self.source)
            .finish_non_exhaustive()
    }
}

/// The sandboxed engine: no modules, `print` to standard error, every limit set.
fn engine() -> Engine {
    let mut engine = Engine::new();
    engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    engine.set_max_operations(MAX_OPERATIONS);
    engine.set_max_call_levels(64);
    engine.set_max_expr_depths(128, 128);
    engine.set_max_string_size(MAX_SIZE);
    engine.set_max_array_size(MAX_SIZE);
    engine.set_max_map_size(1 << 16);
    engine.set_max_variables(10_000);
    // `eval` compiles and runs a string inside the running script, one native frame
    // deeper each time and out of reach of the call-depth limit: `let s = "eval(s)";
    // eval(s)` overflows the stack. Rules never need it.
    engine.disable_symbol("eval");
    engine.on_print(|s| eprintln!("{}", escaped_str(s)));
    engine.on_debug(|s, _, pos| eprintln!("{pos:?}: {}", escaped_str(s)));
    engine.register_type_with_name::<Split>("Sum");
    engine.register_fn("sum", Split);
    engine.register_type_with_name::<Moves>("Moves");
    engine.register_fn("moves", Moves::default);
    engine.register_fn("push", Moves::push);
    engine.register_fn("len", |m: &mut Moves| m.items.len() as i64);
    engine
}

/// The options of a position gathered one at a time (`let out = moves(); out.push(q);
/// out`): an array does the same, but Rhai measures a whole array after each push to keep
/// it within its size limits, so an array of n options costs n²/2 steps to build. Here
/// each option is measured once, as it comes, against the same bound over them all.
#[derive(Clone, Debug, Default)]
struct Moves {
    items: Vec<Dynamic>,
    size: usize,
}

impl Moves {
    /// The most integers, lists and characters all the options of one call may hold.
    const MAX_TOTAL: usize = 4 * MAX_SIZE;

    fn push(&mut self, item: Dynamic) -> Result<(), Box<EvalAltResult>> {
        fn size(d: &Dynamic) -> usize {
            if d.is_array() {
                d.read_lock::<Array>()
                    .map_or(1, |a| 1 + a.iter().map(size).sum::<usize>())
            } else if let Some(Split(parts)) = d.read_lock::<Split>().as_deref() {
                1 + parts.iter().map(size).sum::<usize>()
            } else if d.is_string() {
                d.read_lock::<rhai::ImmutableString>()
                    .map_or(1, |s| s.len().max(1))
            } else {
                1
            }
        }
        self.size += size(&item);
        if self.size > Self::MAX_TOTAL {
            return Err(format!(
                "the options of one position hold more than {} integers, lists and characters",
                Self::MAX_TOTAL
            )
            .into());
        }
        self.items.push(item);
        Ok(())
    }
}

/// Where a runtime error happened: the innermost call's position, and its message without it.
fn runtime(err: &EvalAltResult) -> (Option<(usize, usize)>, String) {
    let inner = err.unwrap_inner();
    let pos = inner.position();
    // The innermost error may sit at no position (a limit): fall back to the outer one.
    let pos = if pos.is_none() { err.position() } else { pos };
    let at = pos.line().map(|l| (l, pos.position().unwrap_or(1)));
    let message = match inner {
        EvalAltResult::ErrorTooManyOperations(_) => {
            format!("ran past {MAX_OPERATIONS} operations in one call (an endless loop?)")
        }
        EvalAltResult::ErrorStackOverflow(_) => {
            "calls nested too deep (an endless recursion?)".to_string()
        }
        EvalAltResult::ErrorTerminated(token, _) if token.is_int() => {
            let limit = token.as_int().map_or(0, |l| l as u64);
            format!(
                "the game ran past the work limit of {limit} Rhai operations in all, about {} here",
                crate::work::in_words(limit.saturating_mul(OPERATION_STEPS))
            )
        }
        other => {
            let text = other.to_string();
            let suffix = format!(" ({})", inner.position());
            text.strip_suffix(&suffix).unwrap_or(&text).to_string()
        }
    };
    (at, message)
}

impl ScriptGame {
    /// Reads and compiles the script in `path`.
    pub fn load(path: &Path) -> Result<ScriptGame, ScriptError> {
        Self::load_as(path, &crate::parse::escaped_path(path))
    }

    /// Reads and compiles the script in `path`, calling it `name` in every message (a
    /// server names a script by what the client asked for, not by where it is kept).
    pub fn load_as(path: &Path, name: &str) -> Result<ScriptGame, ScriptError> {
        Self::load_with(path, name, &Params::none())
    }

    /// Reads the script in `path` and compiles it with `params` (see
    /// [`compile_with`](Self::compile_with)), calling it `name` in every message.
    pub fn load_with(path: &Path, name: &str, params: &Params) -> Result<ScriptGame, ScriptError> {
        let text = Self::read_text(path, name)?;
        Self::compile_with(name, &text, params)
    }

    /// The text of the script in `path`, named `name` in messages: at most
    /// [`MAX_SCRIPT`] bytes of UTF-8.
    fn read_text(path: &Path, name: &str) -> Result<String, ScriptError> {
        let source = name.to_string();
        let read = |e: std::io::Error| ScriptError::Read {
            file: source.clone(),
            message: e.to_string(),
        };
        // Read up to the limit whatever the path is (a device, a FIFO), never past it.
        let bytes = crate::store::read_named(path, MAX_SCRIPT).map_err(|e| match e {
            crate::store::ReadError::TooLarge { .. } => ScriptError::TooLarge {
                file: source.clone(),
            },
            crate::store::ReadError::Io(e) => read(e),
            e => ScriptError::Read {
                file: source.clone(),
                message: e.to_string(),
            },
        })?;
        let text = String::from_utf8(bytes).map_err(|e| ScriptError::Rules {
            file: source.clone(),
            message: format!(
                "the script is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            ),
        })?;
        Ok(text)
    }

    /// Compiles `text`, naming it `source` in messages, and runs its top level once (for
    /// its constants).
    pub fn compile(source: &str, text: &str) -> Result<ScriptGame, ScriptError> {
        Self::compile_with(source, text, &Params::none())
    }

    /// Compiles `text` as [`compile`](Self::compile) does, its top level reading `params`
    /// through `param(name, default)` (or `param(name)`, which must be given). Each value
    /// is read as a position is (`5`, `abc`, `[1, 4]`; several separated by spaces, `1 4
    /// 9`, make a list). A parameter the top level never reads is refused, naming the ones
    /// it reads.
    pub fn compile_with(
        source: &str,
        text: &str,
        params: &Params,
    ) -> Result<ScriptGame, ScriptError> {
        Self::compile_needing(
            source,
            text,
            params,
            (
                "options",
                "the script defines no `fn options(p)` (it must return the positions one move can reach)",
            ),
        )
    }

    /// Compiles `text` as [`compile_with`](Self::compile_with) does, refused with
    /// `needs.1` unless it defines `fn needs.0(p)`.
    fn compile_needing(
        source: &str,
        text: &str,
        params: &Params,
        needs: (&str, &str),
    ) -> Result<ScriptGame, ScriptError> {
        let rules = |message: String| ScriptError::Rules {
            file: source.to_string(),
            message,
        };
        let mut given = Vec::new();
        for (name, value) in params.iter() {
            let read = parse_positions(value).map_err(|e| {
                rules(format!(
                    "parameter {name}: expected {}, found {}",
                    e.expected, e.found
                ))
            })?;
            let value = match <[ScriptPosition; 1]>::try_from(read) {
                Ok([one]) => one,
                Err(several) => ScriptPosition::from(several),
            };
            given.push((name.to_string(), value));
        }
        let asked = Rc::new(ParamState {
            given,
            read: RefCell::new(Vec::new()),
        });
        let mut engine = engine();
        {
            let state = Rc::clone(&asked);
            engine.register_fn("param", move |name: &str, default: Dynamic| {
                state.value(name).unwrap_or(default)
            });
            let state = Rc::clone(&asked);
            engine.register_fn(
                "param",
                move |name: &str| -> Result<Dynamic, Box<EvalAltResult>> {
                    state.value(name).ok_or_else(|| {
                        format!(
                            "the parameter '{name}' has no default: give it, e.g. --param {name}=5"
                        )
                        .into()
                    })
                },
            );
        }
        let meter = Rc::new(Meter {
            total: Cell::new(0),
            limit: Cell::new(MAX_TOTAL_OPERATIONS),
        });
        {
            // Rhai counts operations from 0 in each call; the total over calls is kept
            // here, and bounded, whatever the script's calls look like.
            let meter = Rc::clone(&meter);
            let last = Cell::new(0u64);
            engine.on_progress(move |ops| {
                let seen = last.replace(ops);
                let new = if ops >= seen { ops - seen } else { ops };
                let done = meter.total.get() + new;
                meter.total.set(done);
                if done.is_multiple_of(65536) {
                    crate::stop::check();
                }
                (done > meter.limit.get()).then(|| Dynamic::from_int(meter.limit.get() as i64))
            });
        }
        let ast = engine.compile(text).map_err(|e| {
            let pos = e.position();
            ScriptError::Syntax {
                file: source.to_string(),
                line: pos.line().unwrap_or(1),
                column: pos.position().unwrap_or(1),
                message: e.err_type().to_string(),
            }
        })?;
        let defines = |name: &str| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == 1)
        };
        if !defines(needs.0) {
            return Err(ScriptError::Rules {
                file: source.to_string(),
                message: needs.1.to_string(),
            });
        }
        let has_canonical = defines("canonical");
        let has_board = defines("board");
        let mut scope = Scope::new();
        engine.run_ast_with_scope(&mut scope, &ast).map_err(|e| {
            let (at, message) = runtime(&e);
            let at = at.map_or(String::new(), |(l, c)| format!("{l}:{c}: "));
            ScriptError::Rules {
                file: format!("{source}:{}", at.trim_end_matches(": ")),
                message: format!("error in the script's top level: {message}"),
            }
        })?;
        let read = asked.read.borrow();
        if let Some((name, _)) = asked.given.iter().find(|(n, _)| !read.contains(n)) {
            let declared = if read.is_empty() {
                "it declares none; a script declares one at its top level, e.g. const K = param(\"k\", 3);".to_string()
            } else {
                format!("it declares {}", read.join(", "))
            };
            return Err(rules(format!(
                "the script declares no parameter '{name}' ({declared})"
            )));
        }
        drop(read);
        Ok(ScriptGame {
            source: source.to_string(),
            params: params.clone(),
            engine,
            ast,
            scope: RefCell::new(scope),
            has_canonical,
            has_board,
            fault: RefCell::new(None),
            calls: Cell::new(0),
            meter,
            data: Cell::new(0),
            data_limit: Cell::new(MAX_TOTAL_DATA),
        })
    }

    /// The file name the game was loaded from, as messages show it.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The parameters it was compiled with.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The game as reports name it: its file, and its parameters where it has any
    /// (`nim.rhai (k=5)`), so two parameter sets are never taken for one game.
    pub fn name(&self) -> String {
        if self.params.is_empty() {
            self.source.clone()
        } else {
            format!("{} ({})", self.source, self.params)
        }
    }

    /// Rhai operations run so far, over every call.
    pub fn operations(&self) -> u64 {
        self.meter.total.get()
    }

    /// Bounds the Rhai operations of every call together (default
    /// [`MAX_TOTAL_OPERATIONS`]); past it the game faults, naming the limit.
    pub fn set_work_limit(&self, operations: u64) {
        self.meter.limit.set(operations);
    }

    /// How many times the script's `options` has been called.
    pub fn calls(&self) -> u64 {
        self.calls.get()
    }

    /// Records the first fault; later calls do nothing until it is read.
    fn fail(&self, at: Option<(usize, usize)>, message: String) {
        let mut fault = self.fault.borrow_mut();
        if fault.is_none() {
            let place = match at {
                Some((l, c)) => format!("{}:{l}:{c}", self.source),
                None => self.source.clone(),
            };
            *fault = Some(format!("{place}: {message}"));
        }
    }

    fn faulted(&self) -> bool {
        self.fault.borrow().is_some()
    }

    fn call(&self, name: &str, p: &ScriptPosition) -> Option<Dynamic> {
        let mut scope = self.scope.borrow_mut();
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        match self.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut scope,
            &self.ast,
            name,
            (p.to_dynamic(),),
        ) {
            Ok(d) => Some(d),
            Err(e) => {
                drop(scope);
                let (at, message) = runtime(&e);
                self.fail(at, format!("{name}({}) failed: {message}", shortened(p)));
                None
            }
        }
    }

    fn read_options(
        &self,
        p: &ScriptPosition,
        result: Dynamic,
        out: &mut Vec<Components<ScriptPosition>>,
    ) {
        let bad = |what: String| {
            self.fail(
                None,
                format!("options({}) must return an array (or moves()) of positions (integers, strings, lists, or sum([...])), but {what}", shortened(p)),
            )
        };
        // The array is the script's own return value: taken, not copied.
        let items = match result.try_cast_result::<Moves>() {
            Ok(moves) => moves.items,
            Err(result) => match result.into_array() {
                Ok(items) => items,
                Err(kind) => return bad(format!("it returned a {kind}")),
            },
        };
        for (i, item) in items.into_iter().enumerate() {
            let mut comps = Components::new();
            let mut size = 0;
            let mut push = |d: &Dynamic| {
                ScriptPosition::from_dynamic_sized(d).map(|(q, n)| {
                    comps.push(q);
                    size += n as u64;
                })
            };
            let read = match item.try_cast_result::<Split>() {
                Ok(Split(parts)) => parts.iter().try_for_each(&mut push),
                Err(single) => push(&single),
            };
            if let Err(what) = read {
                return bad(format!("option {} is {what}", i + 1));
            }
            self.data.set(self.data.get() + size);
            if self.data.get() > self.data_limit.get() {
                return self.fail(
                    None,
                    format!(
                        "options({}) returned positions that bring all the game's options have returned past {} integers, lists and characters (the memory allowed for positions, at 8 bytes each)",
                        shortened(p),
                        self.data_limit.get()
                    ),
                );
            }
            out.push(comps);
        }
    }
}

/// A coin-turning rule written as a script (`coins:FILE`; *Winning Ways*, ch. 14): `fn
/// turns(x)` returns, for the head at coin `x`, every set of other coins a move with it as
/// its rightmost may turn, an array of arrays of coin numbers left of `x` (`[]` turns the
/// head alone). Coins are numbered from 0, or from 1 where the top level says `const FIRST
/// = 1;`. `turns` is asked once for each coin of the longest row, and the rule refused with
/// the coin and the set when a set names a coin that is not left of its head, or one twice.
pub fn coin_rule(
    path: &Path,
    name: &str,
    params: &Params,
) -> Result<crate::games::coins::Listed, ScriptError> {
    let text = ScriptGame::read_text(path, name)?;
    let game = ScriptGame::compile_needing(
        name,
        &text,
        params,
        (
            "turns",
            "the script defines no `fn turns(x)` (it must list the sets of coins a move may turn with the head at coin x)",
        ),
    )?;
    let rules = |message: String| ScriptError::Rules {
        file: name.to_string(),
        message,
    };
    let first = match game.scope.borrow().get_value::<i64>("FIRST") {
        None | Some(0) => 0u64,
        Some(1) => 1,
        Some(other) => {
            return Err(rules(format!(
                "FIRST is the number of the leftmost coin, 0 or 1, not {other}"
            )));
        }
    };
    let coins = crate::games::coins::MAX_COINS as u64;
    let mut others = Vec::with_capacity(coins as usize);
    let mut total = 0usize;
    for x in first..first + coins {
        let result = game.call("turns", &ScriptPosition::Int(x as i64));
        if let Some(fault) = game.fault() {
            // Already "FILE:LINE:COLUMN: what", as the file and the message.
            let (place, message) = fault.split_once(": ").unwrap_or((name, &fault));
            return Err(ScriptError::Rules {
                file: place.to_string(),
                message: message.to_string(),
            });
        }
        let Some(result) = result else {
            return Err(rules(format!("turns({x}) failed")));
        };
        let bad = |what: String| {
            rules(format!(
                "turns({x}) must return an array of sets of coins, each an array of coin numbers like [0, 2], but {what}"
            ))
        };
        let kind = result.type_name();
        let sets = result
            .into_array()
            .map_err(|_| bad(format!("it returned a {kind}")))?;
        total += sets.len();
        if total > crate::games::coins::MAX_LISTED_MOVES {
            return Err(rules(format!(
                "the rule lists more than {} moves over a row of {coins} coins",
                crate::games::coins::MAX_LISTED_MOVES
            )));
        }
        let mut listed = Vec::with_capacity(sets.len());
        for (i, set) in sets.into_iter().enumerate() {
            let kind = set.type_name();
            let coins_named = set
                .into_array()
                .map_err(|_| bad(format!("set {} is a {kind}", i + 1)))?;
            let mut at = Vec::with_capacity(coins_named.len());
            for c in coins_named {
                let y = c
                    .as_int()
                    .map_err(|t| bad(format!("set {} holds a {t}", i + 1)))?;
                let index = y - first as i64;
                if index < 0 || index >= (x - first) as i64 {
                    return Err(rules(format!(
                        "turns({x}) lists coin {y} in set {}: every other coin a move turns lies left of its rightmost, the head at coin {x}, and the coins are numbered from {first}",
                        i + 1
                    )));
                }
                at.push(index as u32);
            }
            listed.push(at);
        }
        others.push(listed);
    }
    crate::games::coins::Listed::new(first, &others).map_err(rules)
}

/// A position as a message shows it: its first 60 characters or so.
fn shortened(p: &ScriptPosition) -> String {
    crate::parse::shortened(p.to_string())
}

/// A script fault, a cycle or too many positions: all the rules' fault or past the limit
/// the caller set, so bad input.
pub fn solve_error(e: SolveError) -> crate::error::Error {
    crate::error::Error::input(match e {
        SolveError::TooManyPositions { limit } => format!(
            "more than {limit} positions would have to be held (the limit --memory allows at {BYTES_PER_POSITION} bytes a position)"
        ),
        e => e.to_string(),
    })
}

impl ScriptGame {
    /// Whether the script defines `fn board(p)`, drawing its positions.
    pub fn has_board(&self) -> bool {
        self.has_board
    }

    /// How `p` is drawn: what the script's `board(p)` returns (a string is text, an array
    /// of strings a grid's rows a character a cell, an array of arrays a grid's cells, an
    /// array of integers a row), or, where the script defines no `board`, the position's
    /// own integers in a row. A `board` that fails or returns something else is an error
    /// naming the script, the line and what was expected.
    pub fn drawing(&self, p: &ScriptPosition) -> Result<Drawn, String> {
        if !self.has_board {
            let cells = match p {
                ScriptPosition::Int(n) => Some(vec![n.to_string()]),
                ScriptPosition::List(xs) if xs.len() <= drawing::MAX_SIDE => {
                    Some(xs.iter().map(ToString::to_string).collect())
                }
                ScriptPosition::Str(s)
                    if s.chars().count() <= drawing::MAX_SIDE
                        && !s.is_empty()
                        && !s.chars().any(char::is_control) =>
                {
                    Some(s.chars().map(String::from).collect())
                }
                _ => None,
            };
            let drawing = match cells {
                Some(cells) => Drawing::Row { cells },
                None => {
                    let mut text = p.to_string();
                    if text.len() > drawing::MAX_TEXT {
                        let mut cut = drawing::MAX_TEXT - 3;
                        while !text.is_char_boundary(cut) {
                            cut -= 1;
                        }
                        text.truncate(cut);
                        text.push_str("...");
                    }
                    Drawing::Text { text }
                }
            };
            return Ok(Drawn {
                drawing,
                note: "the script defines no board(p): the position is drawn as it is written"
                    .to_string(),
            });
        }
        let result = self.call("board", p);
        if let Some(fault) = self.fault.borrow_mut().take() {
            return Err(fault);
        }
        let Some(result) = result else {
            return Err(format!("{}: board({}) failed", self.source, shortened(p)));
        };
        let drawing = Self::read_drawing(result).map_err(|what| {
            format!(
                "{}: board({}) must return a string, an array of strings (a grid's rows), an array of arrays (a grid's cells) or an array of integers (a row), but it returned {what}",
                self.source,
                shortened(p)
            )
        })?;
        drawing::check(&drawing)
            .map_err(|what| format!("{}: board({}) returned {what}", self.source, shortened(p)))?;
        let note = match drawing {
            Drawing::Text { .. } => "drawn as text by the script's board(p)",
            _ => "drawn by the script's board(p)",
        };
        Ok(Drawn {
            drawing,
            note: note.to_string(),
        })
    }

    /// A drawing from what `board` returned, or what it was instead.
    fn read_drawing(result: Dynamic) -> Result<Drawing, String> {
        if result.is_string() {
            return Ok(Drawing::Text {
                text: result.into_string().unwrap_or_default(),
            });
        }
        let kind = result.type_name();
        let items = result.into_array().map_err(|_| format!("a {kind}"))?;
        let cell = |d: &Dynamic| -> Result<String, String> {
            if d.is_string() || d.is_char() || d.is_int() || d.is_bool() {
                Ok(d.to_string())
            } else {
                Err(format!("a cell that is a {}", d.type_name()))
            }
        };
        let too_long = |n: usize| {
            format!(
                "an array of {n} items (at most {} are drawn)",
                drawing::MAX_SIDE
            )
        };
        if items.len() > drawing::MAX_SIDE {
            return Err(too_long(items.len()));
        }
        if !items.is_empty() && items.iter().all(Dynamic::is_string) {
            return Ok(Drawing::grid_of_lines(items.iter().map(Dynamic::to_string)));
        }
        if !items.is_empty() && items.iter().all(Dynamic::is_array) {
            let mut rows = Vec::with_capacity(items.len());
            for row in items {
                let row = row.into_array().unwrap_or_default();
                if row.len() > drawing::MAX_SIDE {
                    return Err(too_long(row.len()));
                }
                rows.push(row.iter().map(cell).collect::<Result<_, _>>()?);
            }
            return Ok(Drawing::Grid { rows });
        }
        if items.iter().any(Dynamic::is_array) {
            return Err("an array mixing arrays and single values".to_string());
        }
        let cells = items.iter().map(cell).collect::<Result<_, _>>()?;
        Ok(Drawing::Row { cells })
    }
}

impl Game for ScriptGame {
    type Position = ScriptPosition;

    fn options(&self, p: &ScriptPosition, out: &mut Vec<Components<ScriptPosition>>) {
        if self.faulted() {
            return;
        }
        self.calls.set(self.calls.get() + 1);
        if let Some(result) = self.call("options", p) {
            let start = out.len();
            self.read_options(p, result, out);
            if self.faulted() {
                out.truncate(start);
            }
        }
    }

    fn canonical(&self, p: &ScriptPosition) -> ScriptPosition {
        if !self.has_canonical || self.faulted() {
            return p.clone();
        }
        match self.call("canonical", p) {
            Some(d) => match ScriptPosition::from_dynamic(&d) {
                Ok(q) => q,
                Err(what) => {
                    self.fail(
                        None,
                        format!("canonical({}) must return a position (an integer, a string or a list), but it returned {what}", shortened(p)),
                    );
                    p.clone()
                }
            },
            None => p.clone(),
        }
    }

    fn fault(&self) -> Option<String> {
        self.fault.borrow().clone()
    }

    fn describe(&self, p: &ScriptPosition) -> Option<String> {
        Some(p.to_string())
    }
}

/// One move of an analysed sum: in component `component` (1-based), from `from` to the
/// positions `to` (none when the move leaves nothing, several for a split).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScriptMove {
    /// 1-based index of the component moved in.
    pub component: usize,
    /// That component before the move.
    pub from: ScriptPosition,
    /// What the move leaves in its place.
    pub to: Vec<ScriptPosition>,
}

impl fmt::Display for ScriptMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position {} ({}): move to ", self.component, self.from)?;
        if self.to.is_empty() {
            return f.write_str("nothing (a position with no moves)");
        }
        for (i, q) in self.to.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{q}")?;
        }
        Ok(())
    }
}

/// A sum of script positions explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScriptAnalysis {
    /// The script, as messages name it.
    pub game: String,
    /// The positions, as given.
    pub positions: Vec<ScriptPosition>,
    /// Each position's Grundy value.
    pub values: Vec<Nimber>,
    /// Their nim-sum.
    pub grundy: Nimber,
    /// Who wins with perfect play.
    pub winner: Player,
    /// Every move that leaves the whole sum at 0.
    pub winning_moves: Vec<ScriptMove>,
    /// What the solver did.
    #[serde(skip)]
    pub stats: Stats,
    /// Calls of the script's `options`.
    #[serde(skip)]
    pub calls: u64,
}

impl ScriptGame {
    /// A memo solver for this game that refuses to store more than `limit` positions
    /// (see [`positions_within`]).
    pub fn solver(&self, limit: usize) -> Solver<&ScriptGame> {
        self.set_data_limit((limit as u64).saturating_mul(BYTES_PER_POSITION / 8));
        Solver::with_limit(self, limit)
    }

    /// Bounds the integers, lists and characters of every option returned, over every
    /// call together (at most [`MAX_TOTAL_DATA`]); past it the game faults, naming the
    /// limit.
    pub fn set_data_limit(&self, items: u64) {
        self.data_limit.set(items.min(MAX_TOTAL_DATA));
    }

    /// Values, winner and every winning move of `positions` played side by side, storing
    /// at most `limit` positions. Each position's options are asked for once.
    pub fn analyze(
        &self,
        positions: &[ScriptPosition],
        limit: usize,
    ) -> Result<ScriptAnalysis, SolveError> {
        let mut solver = self.solver(limit);
        let moves = solver.sum_winning_moves(positions)?;
        let values = positions
            .iter()
            .map(|p| solver.grundy(p))
            .collect::<Result<Vec<_>, _>>()?;
        let grundy = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
        Ok(ScriptAnalysis {
            game: self.name(),
            positions: positions.to_vec(),
            values,
            grundy,
            winner: Player::winner_of(grundy),
            winning_moves: moves
                .into_iter()
                .map(|m| ScriptMove {
                    component: m.component + 1,
                    from: positions[m.component].clone(),
                    to: m.leaves.into_vec(),
                })
                .collect(),
            stats: solver.stats(),
            calls: self.calls(),
        })
    }
}

/// Values of the integer positions 0..=upto, storing at most `limit` positions; `progress`
/// hears of the positions done. A game with a cycle is refused (see [`sequence_upto`]).
pub fn values_upto(
    game: &ScriptGame,
    upto: u64,
    limit: usize,
    progress: &mut dyn crate::progress::Progress,
) -> Result<Vec<u64>, crate::error::Error> {
    memo_values_upto(game, upto, limit, None, progress).map_err(finite_only)
}

/// [`values_upto`] over the positions `axes` makes of n = 0..=upto.
pub fn values_along(
    game: &ScriptGame,
    upto: u64,
    limit: usize,
    axes: &axes::Axes,
    progress: &mut dyn crate::progress::Progress,
) -> Result<Vec<u64>, crate::error::Error> {
    check_upto(upto, limit)?;
    memo_values_upto(game, upto, limit, Some(axes), progress).map_err(finite_only)
}

/// A cycle where only Grundy values will do (explore's periods and maps): said so, with
/// where the game's generalised values are to be had.
fn finite_only(e: SolveError) -> crate::error::Error {
    match e {
        SolveError::Loopy { .. } => crate::error::Error::input(format!(
            "{e}; explore looks for patterns in Grundy values, which a game with cycles does not have: grundy sequence and grundy analyze give its generalised values (∞ among them)"
        )),
        e => solve_error(e),
    }
}

fn check_upto(upto: u64, limit: usize) -> Result<(), crate::error::Error> {
    if upto >= limit as u64 {
        return Err(crate::error::Error::input(format!(
            "values up to {upto} were asked for; --memory allows {limit} positions of a script game"
        )));
    }
    Ok(())
}

fn memo_values_upto(
    game: &ScriptGame,
    upto: u64,
    limit: usize,
    axes: Option<&axes::Axes>,
    progress: &mut dyn crate::progress::Progress,
) -> Result<Vec<u64>, SolveError> {
    let mut solver = game.solver(limit);
    progress.start(upto + 1);
    let mut values = Vec::with_capacity(upto as usize + 1);
    for n in 0..=upto {
        let p = match axes {
            Some(a) => a.at(&[n as i64]),
            None => ScriptPosition::Int(n as i64),
        };
        values.push(solver.grundy(&p)?.0);
        if n % 256 == 0 {
            progress.advance(n);
        }
    }
    progress.finish();
    Ok(values)
}

/// The values of the integer positions 0..=upto of a script game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptValues {
    /// No cycle: Grundy values.
    Plain(Vec<u64>),
    /// Positions can repeat: generalised values, nimbers or `∞(K)`.
    Loopy(Vec<crate::solve::loopy::Value>),
}

/// Values of the integer positions 0..=upto, storing at most `limit` positions: Grundy
/// values from the memo solver, or, when a position can be reached from itself, the
/// generalised values of [`crate::solve::loopy::game`].
pub fn sequence_upto(
    game: &ScriptGame,
    upto: u64,
    limit: usize,
    progress: &mut dyn crate::progress::Progress,
) -> Result<ScriptValues, crate::error::Error> {
    check_upto(upto, limit)?;
    match memo_values_upto(game, upto, limit, None, progress) {
        Ok(values) => Ok(ScriptValues::Plain(values)),
        Err(SolveError::Loopy { .. }) => {
            let positions: Vec<ScriptPosition> =
                (0..=upto).map(|n| ScriptPosition::Int(n as i64)).collect();
            crate::solve::loopy::game::values_with(game, &positions, limit, progress)
                .map(ScriptValues::Loopy)
                .map_err(solve_error)
        }
        Err(e) => Err(solve_error(e)),
    }
}

/// Values of the positions `[x, y]` for 0..=xs × 0..=ys, row by row, storing at most
/// `limit` positions; `progress` hears of the positions done.
pub fn values_grid(
    game: &ScriptGame,
    xs: u64,
    ys: u64,
    limit: usize,
    axes: Option<&axes::Axes>,
    progress: &mut dyn crate::progress::Progress,
) -> Result<Vec<u64>, crate::error::Error> {
    let cells = xs.saturating_add(1).saturating_mul(ys.saturating_add(1));
    if cells > limit as u64 {
        return Err(crate::error::Error::input(format!(
            "a grid of {cells} positions was asked for; --memory allows {limit} positions of a script game"
        )));
    }
    let mut solver = game.solver(limit);
    progress.start(cells);
    let mut values = Vec::with_capacity(cells as usize);
    for x in 0..=xs {
        for y in 0..=ys {
            let p = match axes {
                Some(a) => a.at(&[x as i64, y as i64]),
                None => ScriptPosition::from(&[x as i64, y as i64][..]),
            };
            values.push(solver.grundy(&p).map_err(finite_only)?.0);
        }
        progress.advance((x + 1) * (ys + 1));
    }
    progress.finish();
    Ok(values)
}

/// A script game's positions written as `analyze script:FILE` reads them: integers and
/// arrays of integers separated by white space (nothing at all is the empty sum); a move
/// labelled by the position it is made in and what it leaves.
impl crate::games::notation::Notation for ScriptGame {
    fn read(
        &self,
        input: &crate::parse::Input,
    ) -> Result<Vec<ScriptPosition>, crate::error::Error> {
        let text = input.text()?;
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        parse_positions(text).map_err(|e| input.error(e))
    }

    fn write(&self, sum: &[ScriptPosition]) -> String {
        let shown: Vec<String> = sum.iter().map(ToString::to_string).collect();
        shown.join(" ")
    }

    fn moves(
        &self,
        sum: &[ScriptPosition],
        i: usize,
    ) -> Vec<crate::games::notation::Labelled<ScriptPosition>> {
        let mut options = Vec::new();
        self.options(&sum[i], &mut options);
        options
            .into_iter()
            .map(|leaves| crate::games::notation::Labelled {
                label: ScriptMove {
                    component: i + 1,
                    from: sum[i].clone(),
                    to: leaves.to_vec(),
                }
                .to_string(),
                leaves,
                cells: None,
                along: None,
                vertex: None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::notation::Notation;
    use proptest::prelude::*;

    proptest! {
        /// Positions a script game's notation writes read back to the same sum, and each
        /// move it lists is one of the script's options.
        #[test]
        fn written_positions_read_back(
            sum in proptest::collection::vec(
                prop_oneof![
                    (0i64..50).prop_map(ScriptPosition::Int),
                    proptest::collection::vec(0i64..9, 0..4)
                        .prop_map(|v| ScriptPosition::List(v.into_iter().collect())),
                ],
                0..6,
            )
        ) {
            let g = game("fn options(p) { if type_of(p) == \"i64\" { if p > 0 { [p - 1] } else { [] } } else { [] } }");
            let written = g.write(&sum);
            let read = g.read(&crate::parse::Input::new("s", written)).expect("read back");
            prop_assert_eq!(&read, &sum);
            for (i, p) in sum.iter().enumerate() {
                let listed = g.moves(&sum, i);
                let mut options = Vec::new();
                g.options(p, &mut options);
                prop_assert_eq!(listed.iter().map(|l| l.leaves.clone()).collect::<Vec<_>>(), options);
            }
        }
    }

    fn game(text: &str) -> ScriptGame {
        ScriptGame::compile("t.rhai", text).unwrap()
    }

    #[test]
    fn sums_and_constants() {
        // Take 1..=D, or split a heap into two nonempty heaps.
        let g = game(
            "const D = 2;
             fn options(n) {
                 let out = [];
                 for t in 1..=D { if t <= n { out.push(n - t); } }
                 for a in 1..n { if a <= n - a { out.push(sum([a, n - a])); } }
                 out
             }",
        );
        let mut solver = Solver::new(&g);
        // Checked against the same rules in Rust.
        let mut plain = Solver::new(Plain);
        for n in 0..30 {
            assert_eq!(
                solver.grundy(&ScriptPosition::Int(n)).unwrap(),
                plain.grundy(&(n as u64)).unwrap(),
                "heap {n}"
            );
        }
        // Each position's options were asked for once.
        assert_eq!(g.calls(), 30);
    }

    #[test]
    fn analysis_lists_each_position_once() {
        let g = game(
            "fn options(n) { let out = []; for t in 1..=2 { if t <= n { for a in 0..=(n - t) / 2 { out.push(sum([a, n - t - a])); } } } out }",
        );
        let ps: Vec<ScriptPosition> = [5, 7, 5, 9].into_iter().map(ScriptPosition::Int).collect();
        let a = g.analyze(&ps, 1 << 20).unwrap();
        // Kayles: 4 ^ 2 ^ 4 ^ 4.
        assert_eq!(a.values, [4, 2, 4, 4].map(Nimber));
        assert_eq!(a.grundy, Nimber(6));
        assert!(!a.winning_moves.is_empty());
        // Every position stored was listed exactly once, the roots included.
        assert_eq!(a.calls, a.stats.memo_size as u64);
        assert_eq!(a.calls, 10);
    }

    #[test]
    fn a_sum_is_worth_the_nim_sum_of_its_parts() {
        // Kayles on 1, 2 and 3 pins: 1 ^ 2 ^ 3 = 0, where an OR (or a plain sum) would
        // give 3 (or 6) and a winning move.
        let g = game(
            "fn options(n) { let out = []; for t in 1..=2 { if t <= n { for a in 0..=(n - t) / 2 { out.push(sum([a, n - t - a])); } } } out }",
        );
        let ps: Vec<ScriptPosition> = [1, 2, 3].into_iter().map(ScriptPosition::Int).collect();
        let a = g.analyze(&ps, 1 << 20).unwrap();
        assert_eq!(a.values, [1, 2, 3].map(Nimber));
        assert_eq!(a.grundy, Nimber(0));
        assert!(a.winning_moves.is_empty());
        // 1 + 1 + 2 + 3 pins: worth 1, and every winning move is in a heap of 1 or 3.
        let ps: Vec<ScriptPosition> = [1, 1, 2, 3].into_iter().map(ScriptPosition::Int).collect();
        let a = g.analyze(&ps, 1 << 20).unwrap();
        assert_eq!(a.grundy, Nimber(1));
        assert!(!a.winning_moves.is_empty());
        assert!(
            a.winning_moves
                .iter()
                .all(|m| m.from == ScriptPosition::Int(1) || m.from == ScriptPosition::Int(3))
        );
    }

    struct Plain;
    impl Game for Plain {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<Components<u64>>) {
            for t in 1..=2 {
                if t <= *n {
                    out.push(Components::from_elem(n - t, 1));
                }
            }
            for a in 1..*n {
                if a <= n - a {
                    out.push([a, n - a].into_iter().collect());
                }
            }
        }
    }

    #[test]
    fn canonical_is_used_as_the_key() {
        let g = game(
            "fn options(p) { let out = []; for i in 0..p.len() { for k in 0..p[i] { let q = p; q[i] = k; out.push(q); } } out }
             fn canonical(p) { p.sort(); p }",
        );
        let mut solver = Solver::new(&g);
        let v = solver
            .grundy(&ScriptPosition::from(&[3, 5, 6][..]))
            .unwrap();
        assert_eq!(v, Nimber(0));
        assert_eq!(
            solver.grundy(&ScriptPosition::from(&[1, 2][..])).unwrap(),
            Nimber(3)
        );
        // Sorted keys: (1,2) and (2,1) share one entry.
        let before = solver.stats().memo_size;
        solver.grundy(&ScriptPosition::from(&[2, 1][..])).unwrap();
        assert_eq!(solver.stats().memo_size, before);
    }

    /// Options gathered by `moves()` are the options an array would hold, in order; a
    /// call that gathers past the bound faults with it named.
    #[test]
    fn moves_gather_what_an_array_would() {
        let body = "for take in 1..=2 { for left in 0..=(n - take) / 2 { if take <= n { out.push(sum([left, n - take - left])); } } } out";
        let with_array = game(&format!("fn options(n) {{ let out = []; {body} }}"));
        let with_moves = game(&format!("fn options(n) {{ let out = moves(); {body} }}"));
        for n in 0..40 {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            with_array.options(&n.into(), &mut a);
            with_moves.options(&n.into(), &mut b);
            assert_eq!(a, b, "heap {n}");
        }
        let m = fault_of(
            "fn options(n) { let out = moves(); let big = []; big.pad(100000, 1); for i in 0..100 { out.push(big); } out }",
            1.into(),
        );
        assert!(m.contains("more than 4194304 integers"), "{m}");
        let m = fault_of(
            "fn options(n) { let out = moves(); out.push(1.5); out }",
            1.into(),
        );
        assert!(m.contains("option 1 is a f"), "{m}");
    }

    /// Long positions count by their size: a chain of options each a list of 10^4
    /// integers meets the data bound after a few hundred, however few Rhai operations
    /// copying them takes.
    #[test]
    fn long_positions_meet_the_data_bound() {
        let g = game("fn options(p) { if p.len() > 0 { let q = p; q.pop(); [q] } else { [] } }");
        let mut solver = g.solver(100_000);
        g.set_data_limit(1_000_000);
        let long = ScriptPosition::from(vec![7i64; 10_000].as_slice());
        match solver.grundy(&long) {
            Err(SolveError::Rules(m)) => {
                assert!(
                    m.contains("past 1000000 integers, lists and characters"),
                    "{m}"
                );
                assert!(m.contains("options([7, 7, 7") && m.contains("...)"), "{m}");
                assert!(m.len() < 400, "{m}");
            }
            other => panic!("expected the data bound, got {other:?}"),
        }
        // Within the bound the same chain is valued: 10^4 moves, worth 0 or 1 by parity.
        let g = game("fn options(p) { if p.len() > 0 { let q = p; q.pop(); [q] } else { [] } }");
        let mut solver = g.solver(100_000);
        let short = ScriptPosition::from(vec![7i64; 1_000].as_slice());
        assert_eq!(solver.grundy(&short).unwrap(), Nimber(0));
    }

    fn fault_of(text: &str, p: ScriptPosition) -> String {
        let g = game(text);
        let mut solver = Solver::new(&g);
        match solver.grundy(&p) {
            Err(SolveError::Rules(m)) => m,
            Err(e) => e.to_string(),
            Ok(v) => panic!("expected a fault, got {v}"),
        }
    }

    #[test]
    fn faults_name_the_position_and_line() {
        let m = fault_of(
            "fn options(n) {\n  let x = 6 / (n - 3);\n  [x - 1]\n}",
            3.into(),
        );
        assert!(m.starts_with("t.rhai:2:"), "{m}");
        assert!(m.contains("options(3)"), "{m}");
        let m = fault_of("fn options(n) { loop { } }", 1.into());
        assert!(m.contains("operations"), "{m}");
        let m = fault_of("fn options(n) { if n > 0 { [1.5] } else { [] } }", 2.into());
        assert!(
            m.contains("options(2)") && m.contains("option 1 is a f"),
            "{m}"
        );
        let m = fault_of("fn options(n) { 5 }", 2.into());
        assert!(
            m.contains("returned a i64") || m.contains("returned a"),
            "{m}"
        );
        let m = fault_of("fn f(n) { f(n + 1) }\nfn options(n) { f(n) }", 0.into());
        assert!(m.contains("too deep") || m.contains("Stack"), "{m}");
    }

    #[test]
    fn work_over_every_call_is_bounded() {
        // Each call is far below the per-call bound; together they pass the game's.
        let g = game(
            "fn options(n) { let i = 0; while i < 1000 { i += 1; } if n > 0 { [n - 1] } else { [] } }",
        );
        g.set_work_limit(50_000);
        let mut solver = Solver::new(&g);
        let e = solver.grundy(&ScriptPosition::Int(1000)).unwrap_err();
        let SolveError::Rules(m) = e else {
            panic!("expected a fault, got {e}")
        };
        assert!(m.contains("work limit of 50000 Rhai operations"), "{m}");
        assert!(
            g.operations() > 50_000 && g.operations() < 60_000,
            "{}",
            g.operations()
        );
        // Under the bound, the same game is solved.
        let g = game(
            "fn options(n) { let i = 0; while i < 1000 { i += 1; } if n > 0 { [n - 1] } else { [] } }",
        );
        g.set_work_limit(10_000_000);
        assert_eq!(
            Solver::new(&g).grundy(&ScriptPosition::Int(1000)).unwrap(),
            Nimber(0)
        );
    }

    #[test]
    fn options_waiting_on_the_stack_count_against_the_limit() {
        // A chain whose every position lists 1000 options: few stored values, many held.
        let g = game(
            "fn options(n) { let out = []; if n > 0 { for i in 0..1000 { out.push(n - 1); } } out }",
        );
        let mut solver = Solver::with_limit(&g, 20_000);
        let e = solver.grundy(&ScriptPosition::Int(100)).unwrap_err();
        assert!(
            matches!(e, SolveError::TooManyPositions { limit: 20_000 }),
            "{e}"
        );
        assert!(solver.stats().memo_size < 100);
        let mut solver = Solver::with_limit(&g, 200_000);
        assert_eq!(solver.grundy(&ScriptPosition::Int(100)).unwrap(), Nimber(0));
    }

    #[test]
    fn eval_cannot_overflow_the_stack() {
        // Each nested `eval` took a native frame the call-depth limit did not count, until
        // the process aborted. It is no longer a function a script can reach, by any name.
        for text in [
            "fn options(p) { let s = \"eval(s)\"; eval(s); [] }",
            "fn options(p) { let s = \"call(Fn(\\\"eval\\\"), s)\"; call(Fn(\"eval\"), s); [] }",
            "fn options(p) { let s = \"Fn(\\\"eval\\\").call(s)\"; Fn(\"eval\").call(s); [] }",
        ] {
            let e = match ScriptGame::compile("e.rhai", text) {
                Err(e) => e.to_string(),
                Ok(g) => {
                    let mut solver = Solver::new(&g);
                    match solver.grundy(&ScriptPosition::Int(1)) {
                        Err(e) => e.to_string(),
                        Ok(v) => panic!("{text}: expected a fault, got {v}"),
                    }
                }
            };
            assert!(e.starts_with("e.rhai"), "{text}: {e}");
        }
    }

    #[test]
    fn cycles_name_a_position_on_them() {
        let g = game(
            "fn options(n) { if n == 0 { [] } else if n == 3 { [5] } else { [n - 1, n + 1] } }",
        );
        let mut solver = Solver::new(&g);
        let e = solver.grundy(&ScriptPosition::Int(4)).unwrap_err();
        assert!(matches!(e, SolveError::Loopy { at: Some(_) }), "{e}");
        assert!(e.to_string().contains("position"), "{e}");
    }

    #[test]
    fn load_errors() {
        let e = ScriptGame::compile("s.rhai", "fn options(n) {\n  [n - 1\n}").unwrap_err();
        assert!(matches!(e, ScriptError::Syntax { line: 3, .. }), "{e}");
        let e = ScriptGame::compile("s.rhai", "fn moves(n) { [] }").unwrap_err();
        assert!(e.to_string().contains("fn options(p)"), "{e}");
        let e =
            ScriptGame::compile("s.rhai", "import \"x\" as y;\nfn options(n) { [] }").unwrap_err();
        assert!(e.to_string().starts_with("s.rhai:1"), "{e}");
    }
}

#[cfg(test)]
mod drawing_tests {
    use super::*;

    const RULES: &str = "fn options(n) { [] }\n";

    fn drawn(board: &str, p: ScriptPosition) -> Result<Drawn, String> {
        ScriptGame::compile("<t>", &format!("{RULES}{board}"))
            .unwrap()
            .drawing(&p)
    }

    #[test]
    fn what_board_returns_decides_the_drawing() {
        let grid = drawn(r#"fn board(p) { ["ab", ".Q"] }"#, 1.into()).unwrap();
        assert_eq!(
            grid.drawing,
            Drawing::Grid {
                rows: vec![vec!["a".into(), "b".into()], vec![".".into(), "Q".into()]]
            }
        );
        assert_eq!(grid.note, "drawn by the script's board(p)");
        let cells = drawn("fn board(p) { [[1, \"x\"], [true]] }", 1.into()).unwrap();
        assert_eq!(
            cells.drawing,
            Drawing::Grid {
                rows: vec![vec!["1".into(), "x".into()], vec!["true".into()]]
            }
        );
        let row = drawn("fn board(p) { [p, p + 1] }", 4.into()).unwrap();
        assert_eq!(
            row.drawing,
            Drawing::Row {
                cells: vec!["4".into(), "5".into()]
            }
        );
        let text = drawn("fn board(p) { `heap of ${p}` }", 4.into()).unwrap();
        assert_eq!(
            text.drawing,
            Drawing::Text {
                text: "heap of 4".into()
            }
        );
        assert!(text.note.contains("as text"), "{}", text.note);
    }

    #[test]
    fn without_board_a_position_is_its_integers_in_a_row() {
        let p = ScriptPosition::from(&[3, -1][..]);
        let d = drawn("", p).unwrap();
        assert_eq!(
            d.drawing,
            Drawing::Row {
                cells: vec!["3".into(), "-1".into()]
            }
        );
        assert!(d.note.contains("no board(p)"), "{}", d.note);
    }

    #[test]
    fn a_bad_board_is_an_error_naming_the_script_and_what_was_expected() {
        let cases = [
            ("fn board(p) { 1.5 }", "returned a f"),
            ("fn board(p) { [[1], 2] }", "mixing arrays"),
            ("fn board(p) { [#{a: 1}] }", "a cell that is a"),
            (
                "fn board(p) { let r = []; for i in 0..65 { r.push(1) } r }",
                "65 items",
            ),
            (
                "fn board(p) { let r = \"\"; for i in 0..65 { r += \".\" } [r] }",
                "65 cells",
            ),
            ("fn board(p) { [[\"123456789\"]] }", "9 characters"),
            ("fn board(p) { throw \"no\" }", "board(1) failed"),
        ];
        for (board, expected) in cases {
            let err = drawn(board, 1.into()).expect_err(board);
            assert!(err.starts_with("<t>"), "{board}: {err}");
            assert!(err.contains(expected), "{board}: {err}");
        }
        // A failed board leaves the game's rules usable.
        let g =
            ScriptGame::compile("<t>", "fn options(n) { [] }\nfn board(p) { throw 1 }").unwrap();
        assert!(g.drawing(&1.into()).is_err());
        assert_eq!(g.fault(), None);
        assert_eq!(Solver::new(&g).grundy(&1.into()).unwrap(), Nimber::ZERO);
    }
}
