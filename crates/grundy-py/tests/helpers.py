"""What the Python tests share: the command line to compare with, and games written in
Python (defined in a module of their own, so that worker processes can import them)."""

import os
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]


def cli():
    """The built `grundy` binary: GRUNDY_BIN, else the release or debug build; None if none."""
    for candidate in [os.environ.get("GRUNDY_BIN"), ROOT / "target/release/grundy", ROOT / "target/debug/grundy"]:
        if candidate and pathlib.Path(candidate).is_file():
            return str(candidate)
    return None


class Subtraction:
    """A subtraction game written in Python, named for its survey record."""

    def __init__(self, *take):
        self.take = take
        self.name = "python-subtraction:" + ",".join(map(str, take))

    def options(self, n):
        return [n - t for t in self.take if t <= n]


class Boom(Exception):
    """A game's own exception, which must reach the caller as itself."""


class Broken(Subtraction):
    """A subtraction game whose heap `at` raises Boom instead of giving its options."""

    def __init__(self, *take, at):
        super().__init__(*take)
        self.at = at

    def options(self, n):
        if n == self.at:
            raise Boom(f"{self.name}: heap {n}")
        return super().options(n)
