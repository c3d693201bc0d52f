//! The Python module `grundy._grundy`: a thin layer over the library's catalogue and
//! engines. Reports cross as the JSON the command line prints (so `Report.to_dict()` is
//! `grundy analyze NAME --json` to the letter); sequences as NumPy arrays; games written in
//! Python are wrapped as a [`Game`] whose options come from the object's `options` method.
//! The Python package (`python/grundy`) adds the typed objects and the documentation.

use std::cell::RefCell;
use std::sync::mpsc;
use std::time::Duration;

use grundy::catalogue::{self, Options};
use grundy::game::{Components, Game};
use grundy::parse::Input;
use grundy::solve::loopy::{self, Value};
use grundy::stop::{self, Stop};
use grundy::{SolveError, Solver};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};

pyo3::create_exception!(
    _grundy,
    GrundyError,
    PyRuntimeError,
    "The work could not be done as asked (more memory or work than allowed)."
);
pyo3::create_exception!(
    _grundy,
    InputError,
    PyValueError,
    "A game name, a position or an argument that grundy refuses, with the command line's one-line message."
);

fn error(e: grundy::report::Error) -> PyErr {
    match e.kind {
        grundy::report::ErrorKind::Input => InputError::new_err(e.message),
        grundy::report::ErrorKind::Failed => GrundyError::new_err(e.message),
    }
}

/// Runs `work` off the interpreter (other Python threads go on) and stops it within a
/// tenth of a second of Ctrl-C, which then reaches the caller as `KeyboardInterrupt`.
fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let flag = Stop::new();
    let (tx, rx) = mpsc::channel();
    // Borrowed by the closures that wait off the interpreter, which must be `Sync`.
    let rx = std::sync::Mutex::new(rx);
    let wait = |timeout: Option<Duration>| {
        let rx = rx.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match timeout {
            Some(t) => rx.recv_timeout(t),
            None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        }
    };
    std::thread::scope(|scope| {
        let worker = flag.clone();
        scope.spawn(move || {
            let _ = tx.send(stop::run(&worker, work));
        });
        loop {
            match py.detach(|| wait(Some(Duration::from_millis(100)))) {
                Ok(Ok(value)) => return Ok(value),
                Ok(Err(_)) => return Err(PyKeyboardInterrupt::new_err("stopped")),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        flag.request();
                        // The work unwinds at its next check; wait for it to be gone.
                        let _ = py.detach(|| wait(None));
                        return Err(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(GrundyError::new_err(
                        "the computation ended without an answer",
                    ));
                }
            }
        }
    })
}

/// `grundy analyze NAME --json` of `position`, as JSON text.
#[pyfunction]
#[pyo3(signature = (game, position, misere = false, memory = None))]
fn analyze_json(
    py: Python<'_>,
    game: &str,
    position: &str,
    misere: bool,
    memory: Option<u64>,
) -> PyResult<String> {
    let (game, input) = (
        game.to_string(),
        Input::new("position", position.as_bytes().to_vec()),
    );
    let options = Options {
        memory,
        cache: None,
        misere,
        threads: 0,
        checkpoint: None,
        certificate: None,
        axes: None,
    };
    // A script game is not Send: the game is resolved where it is solved.
    let analysis = interruptible(py, move || {
        let named = catalogue::lookup_for(&game, catalogue::Feature::Analyze)?;
        catalogue::analyze(&named, &input, &options, &mut grundy::NoProgress)
    })?
    .map_err(error)?;
    serde_json::to_string(&analysis.report).map_err(|e| GrundyError::new_err(e.to_string()))
}

/// Values as NumPy sees them, the proved period (preperiod, period), and the checksum.
type Values<'py> = (Bound<'py, PyArray1<u32>>, Option<(usize, usize)>, u64);

/// The values of heaps `start..=upto` of a heap family, with the period and checksum.
#[pyfunction]
#[pyo3(signature = (family, upto, start, misere = false))]
fn sequence_family<'py>(
    py: Python<'py>,
    family: &str,
    upto: u64,
    start: u64,
    misere: bool,
) -> PyResult<Values<'py>> {
    let named = catalogue::lookup_for(family, catalogue::Feature::Sequence).map_err(error)?;
    let Some(family) = named.family().cloned() else {
        return Err(InputError::new_err(format!(
            "{} has no sequence of heaps; a game written in Python, or a heap family, has",
            named.name()
        )));
    };
    if start > upto {
        return Err(InputError::new_err(format!(
            "start {start} is past upto {upto}"
        )));
    }
    if upto - start >= MAX_ARRAY {
        return Err(InputError::new_err(format!(
            "{} values were asked for; an array holds at most {MAX_ARRAY} (ask for a range with start=)",
            upto - start + 1
        )));
    }
    let (tail, period) = interruptible(py, move || -> Result<_, String> {
        if misere {
            // Each heap's misère Grundy value, by the family's misère analysis.
            let values =
                grundy::analysis::heaps::misere_values(&family, upto, &mut grundy::NoProgress)
                    .map_err(|e| e.message)?;
            let tail = values[start as usize..]
                .iter()
                .map(|&v| u32::try_from(v).unwrap_or(u32::MAX))
                .collect();
            return Ok((tail, None));
        }
        // The library's one sequence call, as the command line makes it: the table loop
        // for take-and-break games, which stops at a proved period and reads the rest
        // from it.
        let computed = family
            .sequence(
                upto,
                grundy::family::SequenceRun {
                    engine: grundy::family::Engine::Table,
                    start: None,
                    watch: &mut Checked,
                    progress: &mut grundy::NoProgress,
                    budget: grundy::work::MAX_STEPS,
                    threads: grundy::solve::heap::sparse::default_threads(),
                },
            )
            .map_err(|e| e.to_string())?;
        let tail: Vec<u32> = (start..=upto).map(|n| computed.value(n)).collect();
        Ok((tail, computed.period()))
    })?
    .map_err(InputError::new_err)?;
    let checksum = grundy::checksum(&tail);
    Ok((
        tail.into_pyarray(py),
        period.map(|p| (p.preperiod, p.period)),
        checksum,
    ))
}

/// The value of every heap of a NumPy array of heap sizes (any u64) in a heap family: by
/// Nim's rule, the family's proved period, or its table up to the largest heap.
#[pyfunction]
fn values_of_heaps<'py>(
    py: Python<'py>,
    family: &str,
    heaps: numpy::PyReadonlyArray1<'py, u64>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let named = catalogue::lookup_for(family, catalogue::Feature::Sequence).map_err(error)?;
    let Some(family) = named.family().cloned() else {
        return Err(InputError::new_err(format!(
            "{} is not a heap family; values() takes the heap families (nim, kayles, octal:CODE, subtraction:S, ...)",
            named.name()
        )));
    };
    let heaps = heaps
        .as_slice()
        .map_err(|e| InputError::new_err(e.to_string()))?
        .to_vec();
    let values = py
        .detach(move || family.values_at(&heaps))
        .map_err(|e| InputError::new_err(e.to_string()))?;
    Ok(values.into_pyarray(py))
}

/// The most values one array holds (1 GiB of u32).
const MAX_ARRAY: u64 = 1 << 28;

/// Lets a stop requested by Ctrl-C reach the heap loop (see [`interruptible`]).
struct Checked;

impl grundy::solve::heap::Watch for Checked {
    fn tick(&mut self, _: grundy::solve::heap::ValuesRef<'_>) -> bool {
        stop::check();
        true
    }
}

/// A move that splits a position into independent games.
#[pyclass(frozen, module = "grundy")]
struct Sum {
    #[pyo3(get)]
    parts: Py<PyTuple>,
}

#[pymethods]
impl Sum {
    #[new]
    fn new(parts: &Bound<'_, PyAny>) -> PyResult<Sum> {
        let tuple = PyTuple::new(parts.py(), parts.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
        Ok(Sum {
            parts: tuple.unbind(),
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let inner: Vec<String> = self
            .parts
            .bind(py)
            .iter()
            .map(|p| p.repr().map(|r| r.to_string()))
            .collect::<PyResult<_>>()?;
        Ok(format!("Sum([{}])", inner.join(", ")))
    }
}

/// A position of a game written in Python: an int, a str, or a tuple (or list) of these
/// nested to any shape, up to the bounds a script's positions have
/// ([`grundy::script::MAX_SIZE`], [`grundy::script::MAX_DEPTH`]). A tuple of ints only is
/// always [`Pos::Tuple`], so equal positions are one key.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Pos {
    Int(i64),
    Tuple(Vec<i64>),
    Str(Box<str>),
    Nested(Box<[Pos]>),
}

impl Pos {
    fn read(v: &Bound<'_, PyAny>) -> Result<Pos, String> {
        let mut size = 0;
        Self::read_within(v, 0, &mut size)
    }

    fn read_within(v: &Bound<'_, PyAny>, depth: usize, size: &mut usize) -> Result<Pos, String> {
        let mut count = |n: usize| {
            *size += n;
            if *size > grundy::script::MAX_SIZE {
                Err(format!(
                    "a position larger than the supported {} ints, tuples and characters",
                    grundy::script::MAX_SIZE
                ))
            } else {
                Ok(())
            }
        };
        if v.is_instance_of::<PyInt>() {
            count(1)?;
            return v.extract::<i64>().map(Pos::Int).map_err(|e| e.to_string());
        }
        if let Ok(s) = v.cast::<PyString>() {
            let s = s.to_cow().map_err(|e| e.to_string())?;
            count(s.len().max(1))?;
            return Ok(Pos::Str(s.as_ref().into()));
        }
        let kind = if v.is_instance_of::<PyTuple>() {
            Some("tuple")
        } else if v.is_instance_of::<PyList>() {
            Some("list")
        } else {
            None
        };
        if let Some(kind) = kind {
            if depth >= grundy::script::MAX_DEPTH {
                return Err(format!(
                    "tuples nested deeper than {}",
                    grundy::script::MAX_DEPTH
                ));
            }
            count(1)?;
            let items = v
                .try_iter()
                .map_err(|e| format!("a {kind} that cannot be read: {e}"))?
                .map(|x| {
                    let x = x.map_err(|e| e.to_string())?;
                    if x.is_instance_of::<pyo3::types::PyBool>() {
                        return Err(format!("a {kind} holding a bool ({x})"));
                    }
                    Self::read_within(&x, depth + 1, size)
                })
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Pos::of(items));
        }
        Err(format!(
            "{} (a position is an int, a str, or a tuple of these)",
            v.get_type()
                .name()
                .map_or("something else".into(), |n| n.to_string())
        ))
    }

    /// How much of [`grundy::script::MAX_SIZE`] the position takes.
    fn size(&self) -> u64 {
        match self {
            Pos::Int(_) => 1,
            Pos::Tuple(v) => 1 + v.len() as u64,
            Pos::Str(s) => s.len().max(1) as u64,
            Pos::Nested(items) => 1 + items.iter().map(Pos::size).sum::<u64>(),
        }
    }

    /// The position as a message shows it: its first 60 characters or so.
    fn shortened(&self) -> String {
        grundy::parse::shortened(self.to_string())
    }

    /// The tuple of `items`: [`Pos::Tuple`] when they are all ints.
    fn of(items: Vec<Pos>) -> Pos {
        match items
            .iter()
            .map(|p| match p {
                Pos::Int(n) => Some(*n),
                _ => None,
            })
            .collect::<Option<Vec<i64>>>()
        {
            Some(ints) => Pos::Tuple(ints),
            None => Pos::Nested(items.into_boxed_slice()),
        }
    }

    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Pos::Int(n) => n.into_pyobject(py)?.into_any(),
            Pos::Tuple(v) => PyTuple::new(py, v)?.into_any(),
            Pos::Str(s) => PyString::new(py, s).into_any(),
            Pos::Nested(items) => PyTuple::new(
                py,
                items
                    .iter()
                    .map(|p| p.to_py(py))
                    .collect::<PyResult<Vec<_>>>()?,
            )?
            .into_any(),
        })
    }

    /// The position as a script's would be written, for the reports both share.
    fn written(&self) -> grundy::script::ScriptPosition {
        use grundy::script::ScriptPosition;
        match self {
            Pos::Int(n) => ScriptPosition::Int(*n),
            Pos::Tuple(v) => ScriptPosition::List(v.iter().copied().collect()),
            Pos::Str(s) => ScriptPosition::Str(s.clone()),
            Pos::Nested(items) => ScriptPosition::Nested(items.iter().map(Pos::written).collect()),
        }
    }
}

impl std::fmt::Display for Pos {
    /// As Python writes it: `3`, `(1, 2)`, `(4,)`, `'ab'`, `((1,), 'x')`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tuple = |f: &mut std::fmt::Formatter<'_>, parts: Vec<String>| {
            if parts.len() == 1 {
                write!(f, "({},)", parts[0])
            } else {
                write!(f, "({})", parts.join(", "))
            }
        };
        match self {
            Pos::Int(n) => write!(f, "{n}"),
            Pos::Tuple(v) => tuple(f, v.iter().map(i64::to_string).collect()),
            Pos::Str(s) => {
                f.write_str("'")?;
                for c in s.chars() {
                    match c {
                        '\\' => f.write_str("\\\\")?,
                        '\'' => f.write_str("\\'")?,
                        '\n' => f.write_str("\\n")?,
                        c if c.is_control() => write!(f, "\\x{:02x}", c as u32)?,
                        c => write!(f, "{c}")?,
                    }
                }
                f.write_str("'")
            }
            Pos::Nested(items) => tuple(f, items.iter().map(ToString::to_string).collect()),
        }
    }
}

/// A game whose options a Python object lists. The first exception its `options` raises
/// is kept, and the engine told of a fault, so it stops and the exception is raised again.
struct PyGame<'py> {
    obj: Bound<'py, PyAny>,
    raised: RefCell<Option<PyErr>>,
    calls: std::cell::Cell<u64>,
    /// The ints, tuples and characters of every option returned so far: long positions
    /// are bounded by their size, as a script's are ([`grundy::script::MAX_TOTAL_DATA`]).
    data: std::cell::Cell<u64>,
}

impl<'py> PyGame<'py> {
    fn new(obj: Bound<'py, PyAny>) -> PyResult<Self> {
        if !obj.hasattr("options")? {
            return Err(InputError::new_err(
                "a game is a name like 'kayles', or an object with a method options(self, position)",
            ));
        }
        Ok(PyGame {
            obj,
            raised: RefCell::new(None),
            calls: std::cell::Cell::new(0),
            data: std::cell::Cell::new(0),
        })
    }

    fn fail(&self, e: PyErr) {
        let mut raised = self.raised.borrow_mut();
        if raised.is_none() {
            *raised = Some(e);
        }
    }

    fn list(&self, p: &Pos, out: &mut Vec<Components<Pos>>) -> PyResult<()> {
        let py = self.obj.py();
        let result = self
            .obj
            .call_method1("options", (p.to_py(py)?,))
            .inspect_err(|e| {
                let _ = e.value(py).call_method1(
                    "add_note",
                    (format!(
                        "while grundy listed the options of position {}",
                        p.shortened()
                    ),),
                );
            })?;
        let items = result.try_iter().map_err(|_| {
            InputError::new_err(format!(
                "options({}) must return a list of options (positions, or grundy.Sum of them), but it returned {}",
                p.shortened(),
                result
                    .get_type()
                    .name()
                    .map_or("something else".into(), |n| n.to_string())
            ))
        })?;
        for (i, item) in items.enumerate() {
            let item = item?;
            let mut comps = Components::new();
            if let Ok(sum) = item.cast::<Sum>() {
                for part in sum.get().parts.bind(py).iter() {
                    comps.push(Pos::read(&part).map_err(|what| bad_option(p, i, &what))?);
                }
            } else {
                comps.push(Pos::read(&item).map_err(|what| bad_option(p, i, &what))?);
            }
            let size: u64 = comps.iter().map(Pos::size).sum();
            self.data.set(self.data.get() + size);
            if self.data.get() > grundy::script::MAX_TOTAL_DATA {
                return Err(InputError::new_err(format!(
                    "options({}) returned positions that bring all the game's options have returned past {} ints, tuples and characters",
                    p.shortened(),
                    grundy::script::MAX_TOTAL_DATA
                )));
            }
            out.push(comps);
        }
        Ok(())
    }
}

fn bad_option(p: &Pos, i: usize, what: &str) -> PyErr {
    InputError::new_err(format!(
        "options({}): option {} is {what}",
        p.shortened(),
        i + 1
    ))
}

impl Game for PyGame<'_> {
    type Position = Pos;

    fn options(&self, p: &Pos, out: &mut Vec<Components<Pos>>) {
        if self.raised.borrow().is_some() {
            return;
        }
        self.calls.set(self.calls.get() + 1);
        let start = out.len();
        if let Err(e) = self.list(p, out) {
            out.truncate(start);
            self.fail(e);
        }
    }

    fn fault(&self) -> Option<String> {
        self.raised
            .borrow()
            .as_ref()
            .map(|_| "options raised an exception".to_string())
    }

    fn describe(&self, p: &Pos) -> Option<String> {
        Some(p.to_string())
    }
}

/// The error of a solve: the Python exception `options` raised, as itself; a cycle or a
/// bound as the library says it.
fn solve_error(game: &PyGame<'_>, e: SolveError) -> PyErr {
    if let Some(raised) = game.raised.borrow_mut().take() {
        return raised;
    }
    match e {
        SolveError::TooManyPositions { limit } => {
            GrundyError::new_err(format!("more than {limit} positions would have to be held"))
        }
        e => InputError::new_err(e.to_string()),
    }
}

fn read_positions(positions: &Bound<'_, PyAny>) -> PyResult<Vec<Pos>> {
    // One position (an int or a tuple), or a list of them played side by side.
    if let Ok(list) = positions.cast::<PyList>() {
        return list
            .iter()
            .map(|p| Pos::read(&p).map_err(|what| InputError::new_err(format!("position: {what}"))))
            .collect();
    }
    Pos::read(positions)
        .map(|p| vec![p])
        .map_err(|what| InputError::new_err(format!("position: {what}")))
}

/// The values of positions `start..=upto` of a game written in Python.
#[pyfunction]
#[pyo3(signature = (game, upto, start = 0, misere = false, limit = 4_000_000))]
fn sequence_object<'py>(
    game: &Bound<'py, PyAny>,
    upto: u64,
    start: u64,
    misere: bool,
    limit: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let py = game.py();
    let g = PyGame::new(game.clone())?;
    if upto >= limit as u64 {
        return Err(InputError::new_err(format!(
            "values up to {upto} were asked for; at most {limit} positions are held"
        )));
    }
    if misere {
        let mut search = grundy::solve::misere::Misere::new(&g, limit);
        let mut values = Vec::with_capacity(upto as usize + 1);
        for n in start..=upto {
            let v = search
                .value(&[Pos::Int(n as i64)])
                .map_err(|e| solve_error(&g, e))?;
            values.push(v.0);
        }
        return Ok(values.into_pyarray(py).into_any());
    }
    let positions: Vec<Pos> = (0..=upto).map(|n| Pos::Int(n as i64)).collect();
    let mut solver = Solver::with_limit(&g, limit);
    let mut values = Vec::with_capacity(positions.len());
    for p in &positions {
        match solver.grundy(p) {
            Ok(v) => values.push(v.0),
            Err(SolveError::Loopy { .. }) => {
                let loopy =
                    loopy::game::values(&g, &positions, limit).map_err(|e| solve_error(&g, e))?;
                let texts: Vec<String> = loopy[start as usize..]
                    .iter()
                    .map(Value::to_string)
                    .collect();
                return Ok(PyList::new(py, texts)?.into_any());
            }
            Err(e) => return Err(solve_error(&g, e)),
        }
    }
    Ok(values[start as usize..]
        .to_vec()
        .into_pyarray(py)
        .into_any())
}

/// A sum of positions of a game written in Python explained, as the JSON a script game's
/// report has.
#[pyfunction]
#[pyo3(signature = (game, position, misere = false, limit = 4_000_000))]
fn analyze_object(
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
    misere: bool,
    limit: usize,
) -> PyResult<String> {
    let g = PyGame::new(game.clone())?;
    let positions = read_positions(position)?;
    let name = game.get_type().name()?.to_string();
    // The library's one analysis of a sum of such positions, the report a script game
    // gets: values, or with cycles the generalised values and draws; under misère play
    // the sum searched whole.
    let written = Pos::written;
    use grundy::report::Report;
    let report = if misere {
        Report::Script(
            grundy::analysis::script::misere_positions(&g, &name, &positions, limit, written)
                .map_err(|e| solve_error(&g, e))?,
        )
    } else {
        match grundy::analysis::script::analyze_positions(&g, &name, &positions, limit, written)
            .map_err(|e| solve_error(&g, e))?
        {
            grundy::report::script::Analysis::Plain(r) => Report::Script(r),
            grundy::report::script::Analysis::Loopy(r) => Report::ScriptLoopy(r),
        }
    };
    let report = serde_json::to_string(&report).map_err(|e| GrundyError::new_err(e.to_string()))?;
    Ok(report)
}

/// The board game a table is of, by the name `grundy table` takes.
fn board_of(game: &str) -> PyResult<grundy::report::table::BoardGame> {
    let named = catalogue::lookup_for(game, catalogue::Feature::Table).map_err(error)?;
    named.board_game().ok_or_else(|| {
        InputError::new_err(format!(
            "tables are of cram and chomp; {} has none",
            named.name()
        ))
    })
}

/// Refuses a table that cannot be asked (sizes out of range, boards too large) before
/// any board of it is given to a worker.
#[pyfunction]
#[pyo3(signature = (game, rows, cols, misere = false))]
fn table_check(
    game: &str,
    rows: (usize, usize),
    cols: (usize, usize),
    misere: bool,
) -> PyResult<()> {
    grundy::analysis::table::check(
        board_of(game)?,
        &(rows.0..=rows.1),
        &(cols.0..=cols.1),
        misere,
    )
    .map_err(error)
}

/// `grundy table GAME --rows A..=B --cols C..=D --json`, as JSON text; Cram's search on
/// `threads` threads (every core when not given).
#[pyfunction]
#[pyo3(signature = (game, rows, cols, misere = false, memory = None, threads = None))]
fn table_json(
    py: Python<'_>,
    game: &str,
    rows: (usize, usize),
    cols: (usize, usize),
    misere: bool,
    memory: Option<u64>,
    threads: Option<usize>,
) -> PyResult<String> {
    use grundy::analysis::table;
    let board = board_of(game)?;
    table::check(board, &(rows.0..=rows.1), &(cols.0..=cols.1), misere).map_err(error)?;
    let threads = threads_arg(threads)?;
    let options = Options {
        memory,
        cache: None,
        misere,
        threads: threads.unwrap_or(0),
        checkpoint: None,
        certificate: None,
        axes: None,
    };
    let report = interruptible(py, move || {
        let memory = options.board_memory();
        if misere {
            table::misere_table(
                board,
                rows.0..=rows.1,
                cols.0..=cols.1,
                &mut grundy::NoProgress,
            )
        } else {
            table::table(
                board,
                rows.0..=rows.1,
                cols.0..=cols.1,
                memory,
                options.thread_count(),
                &mut grundy::NoProgress,
            )
        }
    })?
    .map_err(error)?;
    serde_json::to_string(&report).map_err(|e| GrundyError::new_err(e.to_string()))
}

/// What `grundy table` prints of a table given as its JSON.
#[pyfunction]
fn table_text(json: &str) -> PyResult<String> {
    let report: grundy::report::table::TableReport =
        serde_json::from_str(json).map_err(|e| InputError::new_err(format!("a table: {e}")))?;
    Ok(report.to_string())
}

/// `grundy explore NAME --upto N` (or `--grid X,Y`) `--json`, as JSON text; `params` as
/// `--param` takes them (`k=5`, or one range `k=3..=40` for a sweep), `axes` as `--axes`.
#[pyfunction]
#[pyo3(signature = (game, upto = None, grid = None, misere = false, params = Vec::new(), axes = None))]
fn explore_json(
    py: Python<'_>,
    game: &str,
    upto: Option<u64>,
    grid: Option<(u64, u64)>,
    misere: bool,
    params: Vec<String>,
    axes: Option<String>,
) -> PyResult<String> {
    use grundy::report::Error;
    let game = game.to_string();
    if axes.is_some() && !catalogue::is_script(&game) {
        return Err(InputError::new_err(format!(
            "axes picks the entries of a script game's list positions that vary; {} has its own positions",
            grundy::parse::escaped_str(&game)
        )));
    }
    let params = grundy::parse::Params::parse(&params)
        .map_err(|e| InputError::new_err(format!("params: {e}")))?;
    let sweep = params.sweep().map_err(|e| {
        InputError::new_err(format!("params: {}", e.trim_start_matches("--param ")))
    })?;
    let options = Options {
        memory: None,
        cache: None,
        misere,
        threads: 0,
        checkpoint: None,
        certificate: None,
        axes,
    };
    let text = interruptible(py, move || -> Result<String, Error> {
        let json = if let Some((name, values)) = sweep {
            let Some(upto) = upto.filter(|_| grid.is_none()) else {
                return Err(Error::input(format!(
                    "a sweep ({name}=A..=B) explores a line for each {name}: give upto=N and no grid"
                )));
            };
            serde_json::to_string(&grundy::catalogue::explore::sweep(
                &game,
                &name,
                &values,
                &params,
                upto,
                &options,
                &mut grundy::NoProgress,
            )?)
        } else {
            let named = catalogue::lookup_for_with(&game, catalogue::Feature::Explore, &params)?;
            match (upto, grid) {
                (Some(n), None) => serde_json::to_string(&grundy::catalogue::explore::line(
                    &named,
                    n,
                    &options,
                    &mut grundy::NoProgress,
                )?),
                (None, Some((x, y))) => serde_json::to_string(&grundy::catalogue::explore::grid(
                    &named,
                    x,
                    y,
                    &options,
                    &mut grundy::NoProgress,
                )?),
                _ => {
                    return Err(Error::input(
                        "give exactly one of upto=N (positions 0..=N) and grid=(X, Y)",
                    ));
                }
            }
        };
        json.map_err(|e| Error::failed(e.to_string()))
    })?
    .map_err(error)?;
    Ok(text)
}

/// The picture `grundy analyze NAME --png` draws of `position`, as PNG bytes.
#[pyfunction]
fn picture_png(py: Python<'_>, game: &str, position: &str) -> PyResult<Vec<u8>> {
    let (game, input) = (
        game.to_string(),
        Input::new("position", position.as_bytes().to_vec()),
    );
    interruptible(py, move || -> Result<Vec<u8>, grundy::report::Error> {
        let named = catalogue::lookup_for(&game, catalogue::Feature::Picture)?;
        let (_, picture) = grundy::picture::report::analyze_for_picture(
            &named,
            &input,
            &Options::default(),
            &mut grundy::NoProgress,
        )?;
        picture
            .bytes(grundy::picture::Format::Png)
            .map_err(grundy::picture::PictureError::into_error)
    })?
    .map_err(error)
}

/// The picture of a report already made (its JSON, as `analyze` gives it), as PNG bytes:
/// drawn from the report, with no second analysis and no file.
#[pyfunction]
fn report_png(py: Python<'_>, report: &str) -> PyResult<Vec<u8>> {
    let report: grundy::report::Report =
        serde_json::from_str(report).map_err(|e| InputError::new_err(e.to_string()))?;
    py.detach(|| grundy::picture::report::report_png(&report))
        .map_err(error)
}

/// What the values of positions 0..=upto of a game written in Python show (explore's line
/// report), as JSON text.
#[pyfunction]
#[pyo3(signature = (game, upto, limit = 4_000_000))]
fn explore_object(game: &Bound<'_, PyAny>, upto: u64, limit: usize) -> PyResult<String> {
    let g = PyGame::new(game.clone())?;
    if upto >= limit as u64 {
        return Err(InputError::new_err(format!(
            "values up to {upto} were asked for; at most {limit} positions are held"
        )));
    }
    let mut solver = Solver::with_limit(&g, limit);
    let mut values = Vec::with_capacity(upto as usize + 1);
    for n in 0..=upto {
        match solver.grundy(&Pos::Int(n as i64)) {
            Ok(v) => values.push(v.0),
            Err(e @ SolveError::Loopy { .. }) if g.raised.borrow().is_none() => {
                return Err(InputError::new_err(format!(
                    "{e}; explore looks for patterns in Grundy values, which a game with cycles does not have: sequence and analyze give its generalised values"
                )));
            }
            Err(e) => return Err(solve_error(&g, e)),
        }
    }
    let name = game.get_type().name()?.to_string();
    let report = grundy::report::explore::LineReport::of(name, values, None);
    serde_json::to_string(&report).map_err(|e| GrundyError::new_err(e.to_string()))
}

/// `grundy solve PROBLEM` of a whole contest input: the answer file's text.
#[pyfunction]
fn solve(py: Python<'_>, problem: &str, input: &str) -> PyResult<String> {
    let found = grundy::contest::Problem::from_name(problem).ok_or_else(|| {
        InputError::new_err(format!(
            "unknown problem '{problem}'; known: {}",
            grundy::contest::Problem::known_names()
        ))
    })?;
    let input = Input::new("input", input.as_bytes().to_vec());
    let bytes = interruptible(py, move || {
        grundy::contest::answers::solve(found, &input, &mut grundy::NoProgress)
    })?
    .map_err(error)?;
    String::from_utf8(bytes).map_err(|e| GrundyError::new_err(e.to_string()))
}

/// The catalogue: every game grundy knows by name, as JSON.
#[pyfunction]
fn games_json() -> PyResult<String> {
    serde_json::to_string(&catalogue::ENTRIES).map_err(|e| GrundyError::new_err(e.to_string()))
}

/// The kind of the game called `game` (`heaps`, `graph`, `coins`, ...), as the
/// catalogue says it; an unknown name is refused as `analyze` refuses it.
#[pyfunction]
fn kind_of(game: &str) -> PyResult<String> {
    let named = catalogue::lookup(game).map_err(error)?;
    serde_json::to_value(named.entry().kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .ok_or_else(|| GrundyError::new_err("a kind that cannot be written"))
}

/// One game of a survey (`grundy::survey::run_one`), its record as JSON text. `dir` keeps
/// its checkpoint and certificate; `time_limit` in seconds; `threads` for its scans.
#[pyfunction]
#[pyo3(signature = (game, upto, dir = None, time_limit = None, threads = None))]
fn survey_json(
    py: Python<'_>,
    game: &str,
    upto: u64,
    dir: Option<std::path::PathBuf>,
    time_limit: Option<f64>,
    threads: Option<usize>,
) -> PyResult<String> {
    use grundy::survey::{self, Options, SurveyError};
    let to_py = |e: SurveyError| match e {
        SurveyError::Input(m) => InputError::new_err(m),
        e => GrundyError::new_err(e.to_string()),
    };
    let g = survey::game(game).map_err(to_py)?;
    let time_limit = seconds("time_limit", time_limit, survey::MAX_TIME_LIMIT)?;
    let threads = threads_arg(threads)?;
    let options = Options {
        upto,
        dir,
        time_limit,
        threads,
    };
    let record =
        interruptible(py, move || survey::run_one(&g, &options, &mut Checked))?.map_err(to_py)?;
    serde_json::to_string(&record).map_err(|e| GrundyError::new_err(e.to_string()))
}

/// One game written in Python surveyed: the values of heaps 0..=upto by the memo solver
/// (no rule, so no period proved and no sparse split), within `time_limit` seconds, as the
/// JSON of a survey record named `name`. Ctrl-C is heard between heaps.
#[pyfunction]
#[pyo3(signature = (game, name, upto, time_limit = None, limit = 4_000_000))]
fn survey_object(
    game: &Bound<'_, PyAny>,
    name: String,
    upto: u64,
    time_limit: Option<f64>,
    limit: usize,
) -> PyResult<String> {
    let started = std::time::Instant::now();
    let g = PyGame::new(game.clone())?;
    if upto >= limit as u64 {
        return Err(InputError::new_err(format!(
            "heaps up to {upto} were asked for; a game written in Python holds at most {limit} positions"
        )));
    }
    let deadline = seconds("time_limit", time_limit, grundy::survey::MAX_TIME_LIMIT)?
        .and_then(|t| started.checked_add(t));
    let mut solver = Solver::with_limit(&g, limit);
    let mut values = Vec::with_capacity(upto as usize + 1);
    for n in 0..=upto {
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            break;
        }
        game.py().check_signals()?;
        match solver.grundy(&Pos::Int(n as i64)) {
            Ok(v) => values.push(u32::try_from(v.0).map_err(|_| {
                GrundyError::new_err(format!(
                    "{name}: heap {n} has value {v}; a survey record holds values below 2^32"
                ))
            })?),
            Err(e @ SolveError::Loopy { .. }) if g.raised.borrow().is_none() => {
                return Err(InputError::new_err(format!(
                    "{name}: {e}; a survey takes games without cycles (sequence gives their generalised values)"
                )));
            }
            Err(e) => return Err(solve_error(&g, e)),
        }
    }
    let record = grundy::survey::Record::of_values(
        name,
        upto,
        &values,
        started.elapsed().as_secs_f64(),
        time_limit,
    );
    serde_json::to_string(&record).map_err(|e| GrundyError::new_err(e.to_string()))
}

/// The problem and the size a sweep's test is generated at, by their command-line names.
fn contest_test(
    problem: &str,
    size: &str,
) -> PyResult<(grundy::contest::Problem, grundy::contest::Size)> {
    use grundy::contest::{Problem, Size};
    let found = Problem::from_name(problem).ok_or_else(|| {
        InputError::new_err(format!(
            "unknown problem '{problem}'; known: {}",
            Problem::known_names()
        ))
    })?;
    let size = Size::ALL
        .iter()
        .find(|(_, name)| *name == size)
        .map(|(s, _)| *s)
        .ok_or_else(|| {
            InputError::new_err(format!(
                "size '{size}': expected small, medium, max or worst"
            ))
        })?;
    Ok((found, size))
}

/// `grundy gen PROBLEM --size SIZE --seed SEED [--cases T]`: one valid contest input.
#[pyfunction]
#[pyo3(signature = (problem, size, seed, cases = None))]
fn generate(problem: &str, size: &str, seed: u64, cases: Option<usize>) -> PyResult<String> {
    let (problem, size) = contest_test(problem, size)?;
    if let Some(c) = cases {
        problem
            .check_cases(c)
            .map_err(|m| InputError::new_err(format!("cases {c}: {m}")))?;
    }
    Ok(grundy::contest::Instance::generate(problem, size, cases, seed).text())
}

/// A count of threads as Python gives it: from 1 to the most the engines start.
fn threads_arg(threads: Option<usize>) -> PyResult<Option<usize>> {
    let most = grundy::solve::parallel::MAX_THREADS;
    match threads {
        Some(n) if n == 0 || n > most => Err(InputError::new_err(format!(
            "threads={n}: expected from 1 to {most} threads"
        ))),
        t => Ok(t),
    }
}

/// A time in seconds as Python gives it (a float): finite, not negative, at most `most`.
fn seconds(name: &str, t: Option<f64>, most: Duration) -> PyResult<Option<Duration>> {
    match t {
        Some(t) if !(t.is_finite() && t >= 0.0 && t <= most.as_secs_f64()) => {
            Err(InputError::new_err(format!(
                "{name}={t}: expected a number of seconds from 0 to {}",
                most.as_secs()
            )))
        }
        t => Ok(t.map(Duration::from_secs_f64)),
    }
}

/// The limits of a judge's run: seconds, bytes of address space, bytes of output.
fn judge_limits(
    time_limit: f64,
    memory_limit: u64,
    output_limit: usize,
) -> PyResult<grundy_judge::run::Limits> {
    let most = grundy_judge::MAX_TIME_LIMIT;
    if !(time_limit > 0.0 && time_limit <= most) {
        return Err(InputError::new_err(format!(
            "time_limit {time_limit}: expected seconds above 0 and at most {most}"
        )));
    }
    if memory_limit < 1 << 20 || !(1 << 10..=1 << 30).contains(&output_limit) {
        return Err(InputError::new_err(format!(
            "memory_limit {memory_limit}, output_limit {output_limit}: memory is at least 1 MiB, output from 1 KiB to 1 GiB"
        )));
    }
    Ok(grundy_judge::run::Limits {
        time: Duration::from_secs_f64(time_limit),
        memory: memory_limit,
        output: output_limit,
    })
}

/// Refuses what a judge's sweep cannot run (no such program, a missing script, limits out
/// of range, an unknown problem or size) before any test is handed out.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn judge_check(
    problem: &str,
    command: Vec<std::ffi::OsString>,
    size: &str,
    time_limit: f64,
    memory_limit: u64,
    output_limit: usize,
) -> PyResult<()> {
    contest_test(problem, size)?;
    judge_limits(time_limit, memory_limit, output_limit)?;
    grundy_judge::check_command(&command).map_err(InputError::new_err)
}

/// One test of a judge's sweep: `grundy gen PROBLEM --size SIZE --seed SEED` given to
/// `command` under the limits (seconds, bytes of memory, bytes of output) and judged
/// against grundy's answer, as the JSON of the test's report.
#[pyfunction]
#[pyo3(signature = (problem, command, size, seed, time_limit, memory_limit, output_limit))]
#[allow(clippy::too_many_arguments)]
fn judge_json(
    py: Python<'_>,
    problem: &str,
    command: Vec<std::ffi::OsString>,
    size: &str,
    seed: u64,
    time_limit: f64,
    memory_limit: u64,
    output_limit: usize,
) -> PyResult<String> {
    use grundy_judge::SweepError;
    let (problem, size) = contest_test(problem, size)?;
    let limits = judge_limits(time_limit, memory_limit, output_limit)?;
    grundy_judge::check_command(&command).map_err(InputError::new_err)?;
    let name = format!("seed {seed}");
    let report = interruptible(py, move || {
        let flag = stop::current();
        // Ctrl-C reaches only the main thread; tests running on an executor's threads
        // hear it through `stop_judges`.
        let stopped = || {
            flag.as_ref().is_some_and(Stop::is_requested)
                || JUDGES_STOPPED.load(std::sync::atomic::Ordering::Relaxed)
        };
        grundy_judge::judge_generated(&name, problem, size, seed, &command, &limits, &stopped)
    })?;
    match report {
        Ok(Some(report)) => {
            serde_json::to_string(&report).map_err(|e| GrundyError::new_err(e.to_string()))
        }
        Ok(None) => Err(PyKeyboardInterrupt::new_err("stopped")),
        Err(SweepError::CannotRun(m)) => Err(InputError::new_err(m)),
        Err(e @ SweepError::Grundy(_)) => Err(GrundyError::new_err(e.to_string())),
    }
}

/// How many positions of a game written in Python (held as a script's are) fit in
/// `memory` bytes: what `memory=` means for such a game.
#[pyfunction]
fn positions_within(memory: u64) -> usize {
    grundy::script::positions_within(memory)
}

/// Set by [`stop_judges`]: every judge's run in this process stops at once.
static JUDGES_STOPPED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Stops every test being judged in this process (their process groups killed within a
/// tick), or with `false` lets judging start again. Python's `judge` calls it on Ctrl-C,
/// which the interpreter delivers to its main thread alone.
#[pyfunction]
fn stop_judges(stop: bool) {
    JUDGES_STOPPED.store(stop, std::sync::atomic::Ordering::Relaxed);
}

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GrundyError", m.py().get_type::<GrundyError>())?;
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add_class::<Sum>()?;
    m.add_function(wrap_pyfunction!(analyze_json, m)?)?;
    m.add_function(wrap_pyfunction!(stop_judges, m)?)?;
    m.add_function(wrap_pyfunction!(positions_within, m)?)?;
    m.add_function(wrap_pyfunction!(sequence_family, m)?)?;
    m.add_function(wrap_pyfunction!(values_of_heaps, m)?)?;
    m.add_function(wrap_pyfunction!(sequence_object, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_object, m)?)?;
    m.add_function(wrap_pyfunction!(games_json, m)?)?;
    m.add_function(wrap_pyfunction!(kind_of, m)?)?;
    m.add_function(wrap_pyfunction!(table_json, m)?)?;
    m.add_function(wrap_pyfunction!(table_check, m)?)?;
    m.add_function(wrap_pyfunction!(table_text, m)?)?;
    m.add_function(wrap_pyfunction!(explore_json, m)?)?;
    m.add_function(wrap_pyfunction!(picture_png, m)?)?;
    m.add_function(wrap_pyfunction!(report_png, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(explore_object, m)?)?;
    m.add_function(wrap_pyfunction!(survey_json, m)?)?;
    m.add_function(wrap_pyfunction!(survey_object, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(judge_check, m)?)?;
    m.add_function(wrap_pyfunction!(judge_json, m)?)?;
    Ok(())
}
