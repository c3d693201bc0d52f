"""Type stubs for grundy: impartial games solved and explained by the Rust engine."""

from typing import Any, Iterable, List, Optional, Protocol, Sequence, Tuple, Union

import numpy as np

Position = Union[str, int, Sequence[int], Sequence[Any]]

class GrundyError(RuntimeError):
    """The work could not be done as asked (more memory or work than allowed)."""

class InputError(ValueError):
    """A game name, a position or an argument that grundy refuses, with the command
    line's one-line message."""

class Sum:
    """A move that splits a position into independent games: return ``Sum([a, b])`` from
    ``options`` for a move that leaves ``a`` and ``b`` side by side."""
    parts: tuple
    def __init__(self, parts: Iterable[Any]) -> None: ...

class GameLike(Protocol):
    """A game written in Python: the options of a position (an int or a tuple of ints),
    each a position or a ``Sum`` of positions."""
    def options(self, position: Any) -> Iterable[Any]: ...

class Report:
    """What ``grundy analyze NAME --json`` says of one position."""
    def __init__(self, data: dict) -> None: ...
    @property
    def game(self) -> str: ...
    @property
    def value(self) -> Union[int, str, None]: ...
    @property
    def winner(self) -> str: ...
    @property
    def winning_moves(self) -> list: ...
    @property
    def drawing_moves(self) -> list: ...
    def to_dict(self) -> dict: ...
    def __getitem__(self, key: str) -> Any: ...
    def _repr_png_(self) -> Optional[bytes]: ...

class SequenceArray(np.ndarray):
    """A NumPy array of values with the proved ``period`` and the ``checksum``."""
    period: Optional[tuple]
    checksum: Optional[int]

def analyze(
    game: Union[str, GameLike],
    position: Position,
    *,
    misere: bool = ...,
    memory: Optional[int] = ...,
) -> Report:
    """Explain one position: its value, the winner and every winning move."""

def sequence(
    family: Union[str, GameLike], upto: int, start: int = ..., *, misere: bool = ...
) -> Union[SequenceArray, list]:
    """The values of heaps ``start..=upto`` as a NumPy array."""

def values(family: str, heaps: Any) -> Any:
    """The value of each heap (any size to 2**64 - 1) in a heap family."""

class Table:
    """The values of a board game over a range of sizes."""
    @property
    def game(self) -> str: ...
    @property
    def rows(self) -> list: ...
    @property
    def cols(self) -> list: ...
    @property
    def values(self) -> np.ndarray: ...
    def to_dict(self) -> dict: ...

def table(
    game: str,
    rows: Union[int, range, tuple],
    cols: Union[int, range, tuple],
    *,
    executor: Any = ...,
    misere: bool = ...,
    memory: Optional[int] = ...,
    threads: Optional[int] = ...,
    progress: bool = ...,
) -> Table:
    """The values of cram or chomp for every size in rows × cols."""

def explore(
    game: Union[str, GameLike],
    *,
    upto: Optional[int] = ...,
    grid: Optional[tuple] = ...,
    misere: bool = ...,
    params: Optional[dict] = ...,
    axes: Union[str, list, None] = ...,
) -> dict:
    """What grundy explore GAME --json finds; values as a NumPy array. params fills {k} (a
    range sweeps it); axes names a script game's varying list entries."""

def picture(game: str, position: Position) -> bytes:
    """The PNG grundy analyze GAME --png draws of position."""

def solve(problem: str, input: str) -> str:
    """The answers grundy solve PROBLEM prints for a whole contest input."""

def games() -> list:
    """Every game grundy knows by name."""

class SurveyRecord:
    def __init__(self, data: dict) -> None: ...
    @property
    def game(self) -> str: ...
    @property
    def upto(self) -> int: ...
    @property
    def outcome(self) -> str: ...
    @property
    def computed(self) -> int: ...
    @property
    def period(self) -> Optional[Tuple[int, int]]: ...
    @property
    def certificate(self) -> Optional[str]: ...
    @property
    def largest(self) -> Tuple[int, int]: ...
    @property
    def rare_heaps(self) -> Optional[int]: ...
    @property
    def last_rare(self) -> Optional[int]: ...
    def to_dict(self) -> dict: ...

def survey(
    games: Iterable[Union[str, GameLike]],
    upto: int,
    *,
    executor: Any = ...,
    results: Optional[str] = ...,
    directory: Optional[str] = ...,
    time_limit: Optional[float] = ...,
    threads: Optional[int] = ...,
    progress: bool = ...,
) -> List[SurveyRecord]: ...

def generate(problem: str, seed: int, *, size: str = ..., cases: Optional[int] = ...) -> str:
    """grundy gen PROBLEM --size SIZE --seed SEED: one valid contest input."""

class TestReport:
    def __init__(self, data: dict) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def size(self) -> str: ...
    @property
    def verdict(self) -> str: ...
    @property
    def seconds(self) -> float: ...
    @property
    def detail(self) -> str: ...
    def to_dict(self) -> dict: ...

def judge(
    problem: str,
    command: Union[str, Sequence[str]],
    seeds: Iterable[int],
    *,
    size: str = ...,
    time_limit: float = ...,
    memory_limit: int = ...,
    output_limit: int = ...,
    executor: Any = ...,
    progress: bool = ...,
) -> List[TestReport]: ...
