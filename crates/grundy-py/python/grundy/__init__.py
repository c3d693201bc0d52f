"""grundy for Python: impartial games solved and explained by the Rust engine.

Every game the command line knows is here by the same name and the same position text;
a game of your own is any object with a method ``options(self, position)``.

>>> import grundy
>>> r = grundy.analyze("kayles", [3, 4, 5])
>>> r.value, r.winner, len(r.winning_moves)
(6, 'first', 1)
>>> grundy.sequence("kayles", 10).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]
"""

from __future__ import annotations

import functools as _functools
import json as _json
import numbers as _numbers
from typing import Any, Iterable, Optional, Sequence as _Seq, Union

import numpy as _np

from . import _grundy
from ._grundy import GrundyError, InputError, Sum

__all__ = [
    "analyze",
    "sequence",
    "values",
    "table",
    "explore",
    "picture",
    "solve",
    "games",
    "survey",
    "SurveyRecord",
    "generate",
    "judge",
    "TestReport",
    "Report",
    "SequenceArray",
    "Sum",
    "GrundyError",
    "InputError",
]

Position = Union[str, int, _Seq[int], _Seq[Any]]


class Report:
    """What ``grundy analyze NAME --json`` says of one position, as a typed object.

    ``to_dict()`` is that JSON exactly; the attributes below read the common fields.
    """

    def __init__(self, data: dict, source: Optional[tuple] = None):
        self._data = data
        # (name, position text) for a game by name: what a picture is drawn from.
        self._source = source

    @property
    def game(self) -> str:
        """The game's name as the report gives it."""
        return self._data.get("game", "")

    @property
    def value(self) -> Union[int, str, None]:
        """The value of the position: a nimber (int), or for games with cycles the
        generalised value as text (``"∞(0,2)"``); ``None`` where only the outcome is known."""
        if "grundy" in self._data:
            return self._data["grundy"]
        v = self._data.get("value")
        if isinstance(v, str) and v.isdigit():
            return int(v)
        return v

    @property
    def winner(self) -> str:
        """``"first"`` (the player to move wins), ``"second"``, or ``"draw"``."""
        return self._data["winner"]

    @property
    def winning_moves(self) -> list:
        """Every winning move, each a dict as the JSON has it (``"move"`` in words where the
        game gives one)."""
        return list(self._data.get("winning_moves", []))

    @property
    def drawing_moves(self) -> list:
        """In a drawn position of a game with cycles, the moves that keep the draw."""
        return list(self._data.get("drawing_moves", []))

    def to_dict(self) -> dict:
        """The report as a dict: equal to the JSON ``grundy analyze NAME --json`` prints."""
        return _json.loads(_json.dumps(self._data))

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Report) and self._data == other._data

    def _repr_png_(self) -> Optional[bytes]:
        """The position drawn, for Jupyter: the boards, the sheet, the cakes and small
        graphs; ``None`` (no picture) for the others."""
        if self._source is None or self._source[0] not in _pictured():
            return None
        if self._source[0] == "graph":
            # A graph is drawn from its vertices' values, which the report does not hold.
            return picture(*self._source)
        # Drawn from this report: no second analysis, no file.
        return _grundy.report_png(_json.dumps(self._data))

    def __repr__(self) -> str:
        moves = len(self.winning_moves)
        return f"<Report {self.game}: value {self.value}, winner {self.winner}, {moves} winning move(s)>"


class SequenceArray(_np.ndarray):
    """A NumPy array of values, with what the values prove.

    ``period`` is ``(preperiod, period)`` where a periodicity theorem proves one, else
    ``None``; ``checksum`` is the command line's checksum of the same values (``None`` for
    a game written in Python).
    """

    period: Optional[tuple]
    checksum: Optional[int]

    def __array_finalize__(self, obj: Any) -> None:
        self.period = getattr(obj, "period", None)
        self.checksum = getattr(obj, "checksum", None)


def _is_nx_graph(g: Any) -> bool:
    # A networkx graph, known by what it has, so networkx is imported only by its user.
    return hasattr(g, "nodes") and hasattr(g, "edges") and hasattr(g, "is_directed")


def _is_edge(e: Any) -> bool:
    return (
        isinstance(e, (tuple, list))
        and len(e) == 2
        and all(isinstance(v, _numbers.Integral) and not isinstance(v, bool) for v in e)
    )


def _is_graph(g: Any) -> bool:
    return _is_nx_graph(g) or (isinstance(g, (list, tuple)) and len(g) > 0 and all(_is_edge(e) for e in g))


def _graph_text(position: Any) -> str:
    """A graph as the graph games read it: ``n m``, then each edge ``u v`` (vertices from 1),
    then the tokens where the position is ``(graph, tokens)``. A networkx graph's nodes are
    numbered 1, 2, ... in its own order; an edge list is taken as it is, ``n`` its largest
    vertex."""
    tokens = None
    if isinstance(position, tuple) and len(position) == 2 and _is_graph(position[0]) and not _is_edge(position):
        position, tokens = position
        if not isinstance(tokens, (list, tuple)):
            tokens = [tokens]
    if _is_nx_graph(position):
        number = {v: i + 1 for i, v in enumerate(position.nodes)}
        n = len(number)
        edges = [(number[e[0]], number[e[1]]) for e in position.edges]
        if tokens is not None:
            try:
                tokens = [number[t] for t in tokens]
            except KeyError as e:
                raise InputError(f"position: token {e.args[0]!r} is no node of the graph") from None
    else:
        edges = [(int(u), int(v)) for u, v in position]
        n = max(max(e) for e in edges)
    text = f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
    if tokens is not None:
        text += " ".join(str(int(t)) for t in tokens) + "\n"
    return text


def _position_for(game: str, position: Any) -> str:
    """The text a named game reads: a graph (networkx, or a list of edges ``(u, v)``, with
    the tokens after it as ``(graph, tokens)``) for the games on graphs, and everything else
    as ``_position_text`` writes it."""
    if not isinstance(position, str) and (_is_graph(position) or (
        isinstance(position, tuple) and len(position) == 2 and _is_graph(position[0])
    )):
        if _grundy.kind_of(game) == "graph":
            return _graph_text(position)
    return _position_text(position)


def _position_text(position: Position) -> str:
    if isinstance(position, str):
        return position
    if isinstance(position, bool):
        raise InputError("position: a bool is not a position")
    if isinstance(position, int):
        return str(position)
    if isinstance(position, Iterable):
        heaps = list(position)
        for k, h in enumerate(heaps):
            # 3.7 or True is no heap: refused, never cut down to 3 or read as 1.
            if isinstance(h, bool) or not isinstance(h, _numbers.Integral):
                raise InputError(f"position: heap {k + 1} is {h!r}, expected a whole number")
        return " ".join(str(int(h)) for h in heaps)
    raise InputError(f"position: expected text, an int or a list of ints, found {type(position).__name__}")


def analyze(game: Any, position: Position, *, misere: bool = False, memory: Optional[int] = None) -> Report:
    """Explain one position: its value, the winner, and every winning move.

    ``game`` is a name the command line knows (``"kayles"``, ``"octal:0.137"``, ``"cram"``,
    ``"graph"``, ...) or an object with a method ``options(self, position)``. For a name,
    ``position`` is the text ``grundy analyze NAME`` reads, or for heap games a list of heap
    sizes, or for the games on graphs (``"node-kayles"``, ``"arc-kayles"``,
    ``"hackenbush"``, ``"geography"``, ``"graph"``) a graph: a list of edges ``(u, v)`` on
    vertices from 1, or a networkx graph, with its tokens after it as ``(graph, tokens)``
    where the game has tokens; for an object, a position (an int, a str, or a tuple of these
    nested to any shape) or a list of them played side by side. ``misere`` asks for misère play (the last move loses); ``memory`` bounds the
    engine's tables in bytes where the command line's ``--memory`` does, and the positions
    a game written in Python may hold (as a script's are held).

    Raises ``InputError`` (a ``ValueError``) with the command line's one-line message for a
    bad name or position; an exception raised in ``options`` reaches you as itself, with the
    position in its notes.
    """
    if isinstance(game, str):
        position = _position_for(game, position)
        text = _grundy.analyze_json(game, position, misere, memory)
        return Report(_json.loads(text), None if misere else (game, position))
    if memory is None:
        return Report(_json.loads(_grundy.analyze_object(game, position, misere)))
    _whole("memory", memory)
    limit = _grundy.positions_within(memory)
    return Report(_json.loads(_grundy.analyze_object(game, position, misere, limit)))


def values(family: str, heaps: Any) -> Any:
    """The value of each heap of ``heaps`` (an int, a list or a NumPy array of heap sizes
    up to 2**64 - 1) in a heap family, as a NumPy array of ``uint64`` (an int for an int).

    Nim by its rule; the other families by their proved period, in time that does not grow
    with the heaps' sizes, or without one by their table up to the largest heap (as
    ``grundy analyze`` does).
    """
    if not isinstance(family, str):
        raise InputError("values() takes a heap family by name, like 'kayles' or 'subtraction:1,3,4'")
    scalar = isinstance(heaps, _numbers.Integral) and not isinstance(heaps, bool)
    try:
        raw = _np.asarray(heaps)
        if raw.dtype == bool or raw.dtype.kind not in "iuO":
            raise TypeError
        if raw.size and (raw < 0).any():
            raise InputError("heaps are whole numbers from 0, and one is negative")
        array = _np.ascontiguousarray(raw, dtype=_np.uint64).reshape(-1)
    except (TypeError, OverflowError, ValueError) as e:
        if isinstance(e, InputError):
            raise
        raise InputError("heaps: expected whole numbers from 0 to 2**64 - 1") from None
    out = _grundy.values_of_heaps(family, array).reshape(raw.shape)
    return int(out) if scalar else out


def sequence(family: Any, upto: int, start: int = 0, *, misere: bool = False) -> Union[SequenceArray, list]:
    """The values of heaps (or integer positions) ``start..=upto`` as a NumPy array.

    ``family`` is a heap family by name (``"kayles"``, ``"octal:0.16"``, ``"subtraction:1,3,4"``)
    or an object with ``options(self, n)``. The array's ``period`` and ``checksum`` say what
    the values prove. A game written in Python whose positions repeat gives a list of
    generalised values as text (``"∞(1,2)"``) instead. ``misere=True`` gives each heap's
    misère Grundy value (0 exactly when the player to move loses, the last move losing).
    """
    _whole("upto", upto)
    _whole("start", start)
    if upto < 0 or start < 0:
        raise InputError("upto and start are whole numbers")
    if start > upto:
        raise InputError(f"start {start} is past upto {upto}")
    if isinstance(family, str):
        values, period, checksum = _grundy.sequence_family(family, upto, start, misere)
        out = values.view(SequenceArray)
        out.period = period
        out.checksum = checksum
        return out
    values = _grundy.sequence_object(family, upto, start, misere)
    if isinstance(values, list):
        return values
    out = values.view(SequenceArray)
    out.period = None
    out.checksum = None
    return out


class _Progress:
    """A tqdm bar of the items of a batch finished, or nothing when not asked for."""

    def __init__(self, shown: bool, total: int, unit: str, desc: str, initial: int = 0):
        self.bar = None
        if shown:
            try:
                from tqdm.auto import tqdm
            except ImportError:
                raise ImportError("progress=True draws its bar with tqdm: pip install tqdm") from None
            self.bar = tqdm(total=total, initial=initial, unit=unit, desc=desc)

    def note(self, text: str) -> None:
        """Shows what is in hand beside the count."""
        if self.bar is not None:
            self.bar.set_postfix_str(text)

    def finished(self, text: str) -> None:
        """Counts one more item finished."""
        if self.bar is not None:
            self.bar.update(1)
            self.bar.set_postfix_str(text)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _on_executor(executor: Any, fn: Any, items: list, each: Any) -> list:
    """Runs ``fn(*item)`` for every item as a task of ``executor``; calls ``each(i, result)``
    as each finishes (in any order) and returns the results in the items' order. An item's
    exception is raised here as itself; then, or when the caller stops, what is still queued
    is cancelled."""
    import concurrent.futures as cf

    futures = [executor.submit(fn, *item) for item in items]
    index = {fut: i for i, fut in enumerate(futures)}
    try:
        for fut in cf.as_completed(futures):
            each(index[fut], fut.result())
        return [fut.result() for fut in futures]
    except BaseException:
        for fut in futures:
            fut.cancel()
        raise


class Table:
    """The values of a board game over a range of sizes (``grundy table GAME --json``);
    ``str()`` of it is what ``grundy table`` prints."""

    def __init__(self, data: dict):
        self._data = data

    @property
    def game(self) -> str:
        """``cram`` or ``chomp``."""
        return self._data["game"]

    @property
    def rows(self) -> list:
        """The numbers of rows, one line of ``values`` each."""
        return list(self._data["rows"])

    @property
    def cols(self) -> list:
        """The numbers of columns, one column of ``values`` each."""
        return list(self._data["cols"])

    @property
    def values(self) -> _np.ndarray:
        """``values[i, j]``: the value of the board of ``rows[i]`` × ``cols[j]``."""
        return _np.array(self._data["values"], dtype=_np.uint32)

    def to_dict(self) -> dict:
        """The table as ``grundy table GAME --json`` prints it."""
        return _json.loads(_json.dumps(self._data))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table) and self._data == other._data

    def __str__(self) -> str:
        return _grundy.table_text(_json.dumps(self._data))

    def __repr__(self) -> str:
        return f"<Table {self._data['game']}: rows {self.rows}, cols {self.cols}>"


def _whole(name: str, value: Any) -> None:
    """Refuses, in Python's terms, a count that is not an int (``"10"``, ``2.5``, ``True``)."""
    if isinstance(value, bool) or not isinstance(value, _numbers.Integral):
        raise TypeError(f"{name} must be an int, found {type(value).__name__} {value!r}")


def _in_python_terms(error: Exception, rows: Any, cols: Any) -> Exception:
    """The command line's ``--rows 0..=2`` said as the call wrote it, ``rows=range(0, 3)``."""
    import re

    given = {"rows": rows, "cols": cols}
    text = re.sub(r"--(rows|cols) \d+\.\.=\d+", lambda m: f"{m[1]}={given[m[1]]!r}", str(error))
    return type(error)(text)


def _span(x: Union[int, range, tuple]) -> tuple:
    if isinstance(x, bool):
        raise InputError("a size is a number, a range or a pair (first, last), not a bool")
    if isinstance(x, int):
        return (x, x)
    if isinstance(x, range):
        if x.step != 1 or len(x) == 0:
            raise InputError(f"a range of sizes with step 1 was expected, found {x!r}")
        return (x.start, x.stop - 1)
    first, last = x
    return (int(first), int(last))


def _table_one(game: str, r: int, c: int, misere: bool, memory: Optional[int], threads: Optional[int]) -> dict:
    """One board of a table: a task of plain data for any executor."""
    return _json.loads(_grundy.table_json(game, (r, r), (c, c), misere, memory, threads))


def table(
    game: str,
    rows: Union[int, range, tuple],
    cols: Union[int, range, tuple],
    *,
    executor: Any = None,
    misere: bool = False,
    memory: Optional[int] = None,
    threads: Optional[int] = None,
    progress: bool = False,
) -> Table:
    """The values of ``cram`` (empty boards) or ``chomp`` (full bars) for every size in
    ``rows`` × ``cols``; each is a number, a ``range`` (``range(2, 6)`` is ``2..=5``, as
    ``grundy table --rows 2..6`` reads it) or a pair (first, last), inclusive.

    ``executor`` is any ``concurrent.futures.Executor`` (a Dask client's
    ``get_executor()``): each board is one task, Cram's search on ``threads`` threads (1
    when not given). Without one, the table is made here, Cram's search on every core and
    Chomp's bars read from one table of the largest. ``memory`` bounds each board's tables
    in bytes, on whichever machine runs it. ``progress`` draws a tqdm bar of the boards
    finished (with an executor).
    """
    given = (rows, cols)
    rows, cols = _span(rows), _span(cols)
    try:
        if executor is None:
            return Table(_json.loads(_grundy.table_json(game, rows, cols, misere, memory, threads)))
        # Refused here, before any board is sent anywhere.
        _grundy.table_check(game, rows, cols, misere)
    except InputError as e:
        raise _in_python_terms(e, *given) from None
    per_task = 1 if threads is None else threads
    sizes = [(r, c) for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1)]
    bar = _Progress(progress, len(sizes), "board", f"table {game}")
    done = lambda i, part: bar.finished(f"{sizes[i][0]}×{sizes[i][1]}: {part['values'][0][0]}")
    try:
        found = _on_executor(executor, _table_one, [(game, r, c, misere, memory, per_task) for r, c in sizes], done)
    finally:
        bar.close()
    parts = dict(zip(sizes, found))
    # The boards' one-cell tables, set side by side.
    data = dict(parts[sizes[0]])
    data["rows"] = list(range(rows[0], rows[1] + 1))
    data["cols"] = list(range(cols[0], cols[1] + 1))
    data["values"] = [[parts[(r, c)]["values"][0][0] for c in data["cols"]] for r in data["rows"]]
    return Table(data)


def explore(
    game: Any,
    *,
    upto: Optional[int] = None,
    grid: Optional[tuple] = None,
    misere: bool = False,
    params: Optional[dict] = None,
    axes: Any = None,
) -> dict:
    """What ``grundy explore GAME --json`` finds: the values over positions ``0..=upto``
    (heap families, script games) or the grid ``[x, y]`` for ``0..=X × 0..=Y`` (Wythoff, the
    lame queen, script games), the period or the P-positions' shape. ``values`` comes back
    as a NumPy array. A game written in Python is explored over ``0..=upto``; its period
    is only ever apparent.

    ``params`` fills a name's ``{k}`` or a script's ``param("k")``: ``{"k": 5}``. One of
    them given as a ``range`` (or a ``(first, last)`` pair, both included) sweeps it, as
    ``--param k=3..=40`` does: the report then holds each game's period and the pattern
    across ``k``, observed only. ``axes`` names the entries of a script game's list
    positions that vary (``"[x, 3, y]"`` or ``["x", 3, "y"]``), as ``--axes`` does."""
    items = []
    for name, value in (params or {}).items():
        if isinstance(value, range):
            if value.step != 1 or len(value) == 0:
                raise InputError(f"params: {name} sweeps a range of step 1 with at least one value")
            items.append(f"{name}={value.start}..={value.stop - 1}")
        elif isinstance(value, tuple) and len(value) == 2:
            items.append(f"{name}={value[0]}..={value[1]}")
        else:
            items.append(f"{name}={value}")
    if axes is not None and not isinstance(axes, str):
        axes = "[" + ", ".join(str(a) for a in axes) + "]"
    if not isinstance(game, str):
        if upto is None or grid is not None or misere or items or axes is not None:
            raise InputError("a game written in Python is explored over positions 0..=upto (normal play)")
        data = _json.loads(_grundy.explore_object(game, upto))
    else:
        data = _json.loads(
            _grundy.explore_json(game, upto, None if grid is None else tuple(grid), misere, items, axes)
        )
    if "values" in data:
        data["values"] = _np.array(data["values"], dtype=_np.uint64)
    return data


def picture(game: str, position: Position) -> bytes:
    """The PNG ``grundy analyze GAME --png`` draws of ``position``: boards with their winning
    moves, the sheet, cakes, graphs of at most 60 vertices."""
    return _grundy.picture_png(game, _position_for(game, position))


@_functools.lru_cache(maxsize=1)
def _pictured() -> frozenset:
    names = set()
    for g in games():
        if "picture" in g["features"]:
            names.add(g["name"])
            names.update(g["aliases"])
    return frozenset(names)


def solve(problem: str, input: str) -> str:
    """The answers ``grundy solve PROBLEM`` prints for a whole contest input: ``shgame``,
    ``lamqugam``, ``inventor-outlasting``, ``pshtbrth`` or ``caos3`` (see SPEC.md)."""
    return _grundy.solve(problem, input)


def games() -> list:
    """Every game grundy knows by name: its aliases, kind, summary, how a position is written,
    what can be asked of it, a position to start from (``example``) and how a move is made
    on the page (``play``): the command line's catalogue."""
    return _json.loads(_grundy.games_json())


class SurveyRecord:
    """One game's line of a survey (``grundy survey GAMES --json``), as a typed object.

    ``to_dict()`` is that JSON record exactly; the attributes below read its fields.
    """

    def __init__(self, data: dict):
        self._data = data

    game = property(lambda self: self._data["game"], doc="The game as grundy names it (``octal:0.6``).")
    upto = property(lambda self: self._data["upto"], doc="The largest heap asked for.")
    outcome = property(
        lambda self: self._data["outcome"],
        doc="``period``, ``reached`` (no period up to ``upto``), ``time-limit``, ``memory`` or ``work-limit``.",
    )
    computed = property(lambda self: self._data["computed"], doc="Heaps computed: 0 to ``computed`` − 1.")
    period = property(
        lambda self: None if self._data["period"] is None else (self._data["preperiod"], self._data["period"]),
        doc="(preperiod, period) when a period was proved, else None.",
    )
    certificate = property(lambda self: self._data["certificate"], doc="The certificate's file name in the survey's folder.")
    largest = property(lambda self: (self._data["largest"], self._data["largest_at"]), doc="(largest value, first heap with it).")
    rare_heaps = property(lambda self: self._data["rare_heaps"], doc="How many heaps are rare, or None.")
    last_rare = property(lambda self: self._data["last_rare"], doc="The last rare heap, or None.")

    def to_dict(self) -> dict:
        """The record as ``grundy survey --json`` prints it."""
        return _json.loads(_json.dumps(self._data))

    def __eq__(self, other: object) -> bool:
        # Two runs of one game agree on everything but the time they took.
        if not isinstance(other, SurveyRecord):
            return NotImplemented
        strip = lambda d: {k: v for k, v in d.items() if k not in ("seconds", "resumed_from")}
        return strip(self._data) == strip(other._data)

    def __repr__(self) -> str:
        return f"<SurveyRecord {self.game}: {self.outcome}, {self.computed} heaps>"


def _survey_one(game: Any, name: str, upto: int, directory: Optional[str], time_limit: Optional[float], threads: Optional[int]) -> dict:
    """One survey item: a plain function of plain data (and the game object, for a game
    written in Python), so that any executor (threads, processes, a cluster) can run it."""
    if isinstance(game, str):
        return _json.loads(_grundy.survey_json(game, upto, directory, time_limit, threads))
    return _json.loads(_grundy.survey_object(game, name, upto, time_limit))


def _survey_name(game: Any) -> str:
    """The name a survey gives a game: grundy's own for a name or code (``octal:0.6`` for
    ``".6"``), else the object's ``name`` attribute, else its class's name."""
    if isinstance(game, str):
        return _json.loads(_grundy.survey_json(game, 0, None, None, 1))["game"]
    if not callable(getattr(game, "options", None)):
        raise InputError(
            f"a survey takes games by name or objects with a method options(self, n), found {type(game).__name__}"
        )
    name = getattr(game, "name", None)
    return name if isinstance(name, str) and name else type(game).__qualname__


#: The first line of a results file: what the survey was asked, so that a file written for
#: other arguments is refused rather than mixed in.
_RESULTS_FORMAT = "grundy-survey-results/1"


def _read_results(path: str, header: dict) -> dict:
    """The records of a results file by game; a torn last line (a crash while writing) is
    dropped from the file. A file written for other arguments raises ValueError."""
    import os

    if not os.path.exists(path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(_json.dumps(header) + "\n")
        return {}
    with open(path, "rb") as f:
        raw = f.read()
    lines = raw.split(b"\n")
    # Everything after the last newline is a line cut short: never read, cut off the file.
    complete, torn = lines[:-1], lines[-1]
    if torn:
        with open(path, "r+b") as f:
            f.truncate(len(raw) - len(torn))
    if not complete:
        with open(path, "w", encoding="utf-8") as f:
            f.write(_json.dumps(header) + "\n")
        return {}
    try:
        found = _json.loads(complete[0])
    except ValueError:
        found = None
    if found != header:
        raise ValueError(f"{path} holds the results of another survey ({complete[0][:200]!r}); expected {header}")
    records = {}
    for i, line in enumerate(complete[1:], start=2):
        if not line.strip():
            continue
        try:
            data = _json.loads(line)
        except ValueError as e:
            raise ValueError(f"{path}:{i}: expected a survey record: {e}") from None
        records[data["game"]] = data
    return records


def survey(
    games: Iterable[Any],
    upto: int,
    *,
    executor: Any = None,
    results: Optional[str] = None,
    directory: Optional[str] = None,
    time_limit: Optional[float] = None,
    threads: Optional[int] = None,
    progress: bool = False,
) -> list:
    """``grundy survey``: each take-and-break game (``"0.6"``, ``".004"``, ``"kayles"``,
    ``"grundy-game"``) computed up to heap ``upto``, one :class:`SurveyRecord` per game in
    the order given (a game named twice is computed once).

    A game may also be an object with a method ``options(self, n)`` listing the options of
    heap ``n`` (as for :func:`sequence`). Its record is named by its ``name`` attribute, or
    its class's name; with no rule to read, no period is proved and no heaps are split, so
    the record gives how far it got and the largest value. An exception its ``options``
    raises reaches the caller as itself, from whichever worker ran it; the object must
    pickle for an executor of processes or a cluster.

    ``executor`` is any ``concurrent.futures.Executor`` (a thread or process pool, or a Dask
    client's ``get_executor()``): each game is one task, run with ``threads`` threads (1 when
    not given, so that tasks do not fight for cores). Without one, the games run here one
    after the other on every core. ``results`` is a JSON Lines file: each record is appended
    as it arrives, and a re-run with the same file and arguments skips the games it holds
    (a file written for other arguments raises ValueError; a torn last line is dropped).
    ``directory`` keeps each game's checkpoint and certificate, as ``--dir`` does; it must be
    reachable by every worker. ``time_limit`` bounds each game, in seconds. ``progress``
    draws a tqdm bar of the games finished (``pip install tqdm``; notebooks show it as a
    widget).
    """
    # Each game once, under the name its record carries (read without computing); a
    # record for every distinct entry, so ".6" and "octal:0.6" both get 0.6's.
    items = {}
    order = []
    seen = set()
    for g in games:
        key = g if isinstance(g, str) else id(g)
        if key in seen:
            continue
        seen.add(key)
        name = _survey_name(g)
        order.append(name)
        if name not in items:
            items[name] = g
        elif not (isinstance(g, str) and isinstance(items[name], str)):
            raise InputError(f"two games are named {name!r}: give each object its own name attribute")
    names = list(items)
    header = {"format": _RESULTS_FORMAT, "upto": upto, "time_limit": time_limit, "games": names}
    done = _read_results(results, header) if results is not None else {}
    todo = [name for name in names if name not in done]
    bar = _Progress(progress, len(names), "game", "survey", initial=len(names) - len(todo))
    per_task = threads if threads is not None else (1 if executor is not None else None)
    args = [(items[name], name, upto, directory, time_limit, per_task) for name in todo]

    def keep(_: int, data: dict) -> None:
        done[data["game"]] = data
        if results is not None:
            with open(results, "a", encoding="utf-8") as f:
                f.write(_json.dumps(data) + "\n")
        bar.finished(f"{data['game']}: {data['outcome']}")

    try:
        if executor is None:
            for i, item in enumerate(args):
                bar.note(f"{item[1]}: running")
                keep(i, _survey_one(*item))
        else:
            _on_executor(executor, _survey_one, args, keep)
    finally:
        bar.close()
    return [SurveyRecord(done[name]) for name in order]


def generate(problem: str, seed: int, *, size: str = "small", cases: Optional[int] = None) -> str:
    """``grundy gen PROBLEM --size SIZE --seed SEED``: one valid contest input, the same for
    the same seed. ``size`` is ``small``, ``medium``, ``max`` or ``worst``; ``cases`` sets
    the number of cases (within the statement's limit)."""
    return _grundy.generate(problem, size, seed, cases)


class TestReport:
    """One test of a judge's sweep, as ``grundy judge --json`` lists its tests."""

    __test__ = False  # not a test class, whatever pytest thinks of its name

    def __init__(self, data: dict):
        self._data = data

    name = property(lambda self: self._data["name"], doc="``seed S``.")
    seed = property(lambda self: self._data["seed"], doc="The seed of ``grundy gen``.")
    size = property(lambda self: self._data["size"], doc="``small``, ``medium``, ``max`` or ``worst``.")
    verdict = property(lambda self: self._data["verdict"], doc="``AC``, ``WA``, ``TLE``, ``RE`` or ``OLE``.")
    seconds = property(lambda self: self._data["time_ms"] / 1000.0, doc="How long the program ran.")
    detail = property(lambda self: self._data["detail"], doc="Why, in a few words (empty when accepted).")

    def to_dict(self) -> dict:
        """The test's report as ``grundy judge --json`` lists it."""
        return _json.loads(_json.dumps(self._data))

    def __repr__(self) -> str:
        return f"<TestReport {self.name}: {self.verdict}>"


def _judge_one(problem: str, command: list, size: str, seed: int, limits: tuple) -> dict:
    """One test of a sweep: plain data in and out, for any executor."""
    return _json.loads(_grundy.judge_json(problem, command, size, seed, *limits))


def judge(
    problem: str,
    command: _Seq[str],
    seeds: Iterable[int],
    *,
    size: str = "small",
    time_limit: float = 2.0,
    memory_limit: int = 1 << 30,
    output_limit: int = 64 << 20,
    executor: Any = None,
    progress: bool = False,
) -> list:
    """Judge a program on generated tests: for each seed, ``grundy gen PROBLEM --size SIZE
    --seed SEED`` is given to ``command`` (a list of arguments, as for ``subprocess``) under
    the limits (seconds; bytes of address space; bytes of output), and its output compared
    with grundy's answer. One :class:`TestReport` per seed, in the order given.

    ``executor`` is any ``concurrent.futures.Executor`` (a Dask client's ``get_executor()``):
    each seed is one task, and the program must be at the same path on every worker.
    Without one, the tests run here, one per core at a time. ``grundy judge`` on the command
    line adds the example, sample files, and the first failure cut down.
    """
    command = [str(c) for c in ([command] if isinstance(command, str) else command)]
    seeds = [int(s) for s in seeds]
    limits = (float(time_limit), int(memory_limit), int(output_limit))
    # Refused here, before any test is sent anywhere.
    _grundy.judge_check(problem, command, size, *limits)
    own = None
    if executor is None:
        import concurrent.futures as cf
        import os

        own = executor = cf.ThreadPoolExecutor(os.cpu_count() or 1)
    bar = _Progress(progress, len(seeds), "test", f"judge {problem}")
    failed = []

    def count(_: int, data: dict) -> None:
        if data["verdict"] != "AC":
            failed.append(data["seed"])
        bar.finished(f"{len(failed)} failed" if failed else "")

    _grundy.stop_judges(False)
    try:
        found = _on_executor(executor, _judge_one, [(problem, command, size, seed, limits) for seed in seeds], count)
    except KeyboardInterrupt:
        # Ctrl-C reaches the main thread alone: the tests running on other threads are
        # stopped here, their programs killed, before the interrupt goes on.
        _grundy.stop_judges(True)
        raise
    finally:
        bar.close()
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)
    return [TestReport(data) for data in found]
