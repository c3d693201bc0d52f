"""The Python front end against the command line and against itself.

Run from a virtual environment where the package is installed:
    pip install ./crates/grundy-py pytest && pytest crates/grundy-py/tests
The command line's JSON is compared where a built `grundy` binary is found (GRUNDY_BIN,
or target/release/grundy or target/debug/grundy from the repository root).
"""

import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import grundy
from helpers import ROOT, Boom, Broken, Subtraction, cli



def cli_json(name, text):
    binary = cli()
    if binary is None:
        pytest.skip("no grundy binary built")
    out = subprocess.run([binary, "analyze", name, "--json"], input=text.encode(), capture_output=True, check=True)
    return json.loads(out.stdout)


class Kayles:
    """Kayles written in Python: knock down one pin or two adjacent ones."""

    def options(self, n):
        out = []
        for take in (1, 2):
            for left in range(0, n - take + 1):
                right = n - take - left
                if left <= right:
                    out.append(grundy.Sum([left, right]))
        return out


# Every game the command line analyses, with a position of its own.
POSITIONS = [
    ("nim", "3 4 5"),
    ("kayles", "3 4 5"),
    ("octal:0.137", "7 9"),
    ("subtraction:1,3,4", "10 7"),
    ("grundy-game", "9 12"),
    ("cram", "3 4"),
    ("chomp", "4,3,3,1"),
    ("wythoff", "4 6"),
    ("lame-queen:2", "5 7"),
    ("shgame", "5 8 2 3"),
    ("lamqugam", "2 9 7"),
    ("graph", "4 4\n1 2\n2 1\n2 3\n3 4\n2\n2 3\n"),
]


# The contest games read one test case, as the bundled examples hold.
POSITIONS += [
    ("inventor-outlasting", (ROOT / "examples/inventor.txt").read_text()),
    ("caos3", (ROOT / "examples/caos3.txt").read_text()),
    ("pshtbrth", (ROOT / "examples/cakes.txt").read_text()),
]


@pytest.mark.parametrize("name,text", POSITIONS)
def test_analyze_equals_the_command_lines_json(name, text):
    report = grundy.analyze(name, text)
    assert report.to_dict() == cli_json(name, text)


@pytest.mark.parametrize("name,text", [("kayles", "4 6"), ("cram", "3 3"), ("wythoff", "2 3")])
def test_misere_analysis_equals_the_command_lines(name, text):
    binary = cli()
    if binary is None:
        pytest.skip("no grundy binary built")
    out = subprocess.run([binary, "analyze", name, "--json", "--misere"], input=text.encode(), capture_output=True, check=True)
    assert grundy.analyze(name, text, misere=True).to_dict() == json.loads(out.stdout)


def test_a_list_of_heaps_is_a_position():
    r = grundy.analyze("kayles", [3, 4, 5])
    assert r.value == 3 ^ 1 ^ 4
    assert r.winner == "first"
    assert [m["move"] for m in r.winning_moves] == ["heap 3 (5): take 1 and split the rest into 1 + 3"]
    assert grundy.analyze("nim", [1, 2, 3]).winner == "second"


def test_sequence_is_a_numpy_array_with_period_and_checksum():
    values = grundy.sequence("kayles", 200)
    assert isinstance(values, np.ndarray)
    assert values.dtype == np.uint32
    assert values[:12].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    # Kayles is periodic with period 12 from heap 71 (Guy and Smith).
    assert values.period == (71, 12)
    assert all(values[n] == values[n + 12] for n in range(71, 189))
    tail = grundy.sequence("kayles", 200, start=100)
    assert tail.tolist() == values[100:].tolist()
    binary = cli()
    if binary is not None:
        out = subprocess.run([binary, "sequence", "kayles", "--upto", "200", "--stats"], capture_output=True, check=True)
        assert f"{values.checksum:016x}" in out.stderr.decode()
        assert out.stdout.decode().split() == [str(v) for v in values]


def test_a_long_period_is_read_as_the_command_line_reads_it():
    # 0.16: period 149459 from heap 105351; the values past it follow from it.
    values = grundy.sequence("octal:0.16", 2**20)
    assert values.period == (105351, 149459)
    assert values[2**20] == values[2**20 - 149459]
    binary = cli()
    if binary is not None:
        out = subprocess.run([binary, "sequence", "octal:0.16", "--upto", str(2**20), "--stats"], capture_output=True, check=True)
        assert f"checksum {values.checksum:016x}" in out.stderr.decode()
    with pytest.raises(ValueError, match="at most"):
        grundy.sequence("kayles", 2**29)


def test_a_python_game_is_explored_as_the_family_is():
    mine = grundy.explore(Kayles(), upto=200)
    built_in = grundy.explore("kayles", upto=200)
    assert mine["values"].tolist() == built_in["values"].tolist()
    assert mine["p_positions"] == built_in["p_positions"]
    # The family's period is proved by a theorem; the Python game's only seen.
    assert mine["period"]["status"] == "apparent"
    assert (mine["period"]["preperiod"], mine["period"]["period"]) == (71, 12)


def test_a_python_game_matches_the_built_in_family():
    assert grundy.sequence(Kayles(), 40).tolist() == grundy.sequence("kayles", 40).tolist()
    mine = grundy.analyze(Kayles(), [3, 4, 5])
    built_in = grundy.analyze("kayles", [3, 4, 5])
    assert mine.value == built_in.value
    assert mine.winner == built_in.winner
    assert [(m["component"], sorted(m["to"])) for m in mine.winning_moves] == [(3, [1, 3])]
    # The library's analysis of a sum, the one a script game gets: the same report with
    # the same moves, each labelled as a script's is.
    script = grundy.analyze("script:" + str(ROOT / "examples/games/kayles.rhai"), "3 4 5")
    assert mine.value == script.value
    assert [(m["component"], sorted(m["to"])) for m in script.winning_moves] == [(3, [1, 3])]
    assert mine.winning_moves[0]["move"].startswith("position 3 (5): move to ")


class Cuts:
    """Codeforces 305E on a str: cut a character whose two neighbours are equal."""

    def options(self, s):
        return [grundy.Sum([s[:i], s[i + 1 :]]) for i in range(1, len(s) - 1) if s[i - 1] == s[i + 1]]


class Tree:
    """Green Hackenbush on a tree of nested tuples: cut an edge, what hangs from it falls."""

    def options(self, t):
        out = []
        for i, kid in enumerate(t):
            out.append(t[:i] + t[i + 1 :])
            out.extend(t[:i] + (o,) + t[i + 1 :] for o in self.options(kid))
        return out


class Take:
    """Take 1 to k: a parameter of the game is an argument of its class."""

    def __init__(self, k):
        self.k = k

    def options(self, n):
        return [n - t for t in range(1, min(n, self.k) + 1)]


class Nothing:
    def options(self, p):
        return []


def test_strings_trees_long_tuples_and_parameters_are_positions():
    script = grundy.analyze("script:" + str(ROOT / "examples/games/string_cuts.rhai"), "abacaba")
    mine = grundy.analyze(Cuts(), "abacaba")
    assert mine.value == script.value == 1
    assert [m["to"] for m in mine.winning_moves] == [m["to"] for m in script.winning_moves]
    assert mine.winning_moves[0]["to"] == ["a", "acaba"]
    assert grundy.analyze(Cuts(), "abcde").value == 0
    # Trees: a leaf is worth 1, a path of two edges 2, a leaf beside a cherry on a stalk 0.
    assert grundy.analyze(Tree(), ((),)).value == 1
    assert grundy.analyze(Tree(), (((),),)).value == 2
    assert grundy.analyze(Tree(), ((), ((), ()))).value == 0
    # Each parameter is its own game.
    assert grundy.sequence(Take(2), 6).tolist() == [0, 1, 2, 0, 1, 2, 0]
    assert grundy.sequence(Take(3), 6).tolist() == [0, 1, 2, 3, 0, 1, 2]
    # A tuple of a million ints is one position; past the bound it is refused.
    assert grundy.analyze(Nothing(), tuple(range(1_000_000))).value == 0
    with pytest.raises(grundy.InputError, match="larger than the supported"):
        grundy.analyze(Nothing(), tuple(range(1 << 20)))


def test_a_python_game_with_cycles_is_answered_with_draws():
    class Track:
        # 0 ← 1 ← 2 ← 3 ⇄ 4: 3 can escape up to 4 and back.
        def options(self, n):
            out = [n - 1] if n > 0 else []
            if n == 3:
                out.append(4)
            return out

    r = grundy.analyze(Track(), 4)
    assert r.to_dict()["loopy"] is True
    # 4's only move, to 3, is answered by 3 → 2: 4 is worth 0 and 3 worth 1.
    assert r.value == 0 and r.winner == "second"

    class Cycle:
        def options(self, n):
            return [(n + 1) % 3]

    r = grundy.analyze(Cycle(), 0)
    assert r.winner == "draw"
    assert len(r.drawing_moves) == 1
    assert grundy.sequence(Cycle(), 2) == ["∞", "∞", "∞"]


def test_an_exception_in_options_reaches_the_caller_as_itself():
    class Broken:
        def options(self, n):
            if n == 3:
                raise KeyError("no options for 3")
            return [n - 1] if n else []

    with pytest.raises(KeyError) as caught:
        grundy.analyze(Broken(), 6)
    assert "position 3" in " ".join(caught.value.__notes__)
    with pytest.raises(KeyError):
        grundy.sequence(Broken(), 10)


def test_bad_input_is_a_value_error_with_the_command_lines_message():
    with pytest.raises(grundy.InputError) as caught:
        grundy.analyze("kayles", "3 x")
    assert isinstance(caught.value, ValueError)
    assert "expected a heap size" in str(caught.value)
    with pytest.raises(ValueError, match="unknown game"):
        grundy.analyze("kaylez", "3")
    with pytest.raises(ValueError):
        grundy.sequence("cram", 5)
    # A str is a position now: Kayles's own options meet it, and their TypeError reaches
    # the caller as itself.
    with pytest.raises(TypeError):
        grundy.analyze(Kayles(), "three")
    with pytest.raises(ValueError, match="position"):
        grundy.analyze(Kayles(), 2.5)
    with pytest.raises(ValueError, match="options"):
        grundy.analyze(object(), 3)

    class WrongOption:
        def options(self, n):
            return [7.5]

    with pytest.raises(ValueError, match="option 1 is float"):
        grundy.analyze(WrongOption(), 1)

    class NotAList:
        def options(self, n):
            return 7

    with pytest.raises(ValueError, match=r"options\(1\) must return a list of options.*int"):
        grundy.analyze(NotAList(), 1)


def test_nothing_is_printed(capfd):
    grundy.analyze("kayles", [3, 4, 5])
    grundy.sequence("kayles", 100)
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_threads_share_the_engine():
    results = {}

    def work(i):
        results[i] = grundy.sequence("kayles", 500 + i).tolist()[:50]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({tuple(v) for v in results.values()}) == 1


def test_ctrl_c_stops_a_long_computation():
    # Cram 7×7's value takes many minutes here; SIGINT after 0.5 s must end the work as
    # KeyboardInterrupt. The bound below tells an interrupted run from a finished one; it
    # is no measure of speed (an interrupted run returns within a tenth of a second).
    def interrupt():
        time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGINT)

    # A process started in the background by a shell without job control has SIGINT
    # ignored, and Python then installs no KeyboardInterrupt handler: put it in place.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        timer = threading.Thread(target=interrupt)
        timer.start()
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            grundy.analyze("cram", "7 7")
        timer.join()
        assert time.monotonic() - started < 60
    finally:
        signal.signal(signal.SIGINT, before)


def test_the_catalogue_lists_every_game():
    names = {g["name"] for g in grundy.games()}
    assert {"nim", "kayles", "cram", "chomp", "graph", "shgame"} <= names


def test_tables_explore_and_pictures():
    t = grundy.table("cram", rows=range(1, 4), cols=(1, 5))
    assert t.values.shape == (3, 5)
    binary = cli()
    if binary is not None:
        out = subprocess.run([binary, "table", "cram", "--rows", "1..=3", "--cols", "1..=5", "--json"], capture_output=True, check=True)
        assert t.to_dict() == json.loads(out.stdout)
    # A 1 × n Cram strip is the octal game 0.07 (Dawson's Kayles) at a heap of n.
    dawson = grundy.sequence("octal:0.07", 5)
    assert t.values[0].tolist() == dawson[1:6].tolist()
    line = grundy.explore("kayles", upto=200)
    assert isinstance(line["values"], np.ndarray)
    assert line["period"]["period"] == 12
    grid = grundy.explore("wythoff", grid=(20, 20))
    assert grid["values"].shape == (21, 21)
    png = grundy.picture("cram", "3 4")
    assert png.startswith(b"\x89PNG")
    assert grundy.analyze("cram", "3 4")._repr_png_().startswith(b"\x89PNG")
    # A notebook's picture is drawn from the report it has: the same bytes as a picture
    # drawn after an analysis of its own.
    for game, position in [("cram", "3 4"), ("shgame", "5 8 2 3"), ("cakes", "110\n011\n")]:
        assert grundy.analyze(game, position)._repr_png_() == grundy.picture(game, position), game
    assert grundy.analyze("graph", "2 1\n1 2\n1\n1\n")._repr_png_().startswith(b"\x89PNG")
    assert grundy.analyze("nim", [1, 2])._repr_png_() is None
    # A game added as one object (Arc-Kayles) is analysed and drawn as the others are: a
    # path of four vertices is Dawson's Kayles on a heap of 4.
    path = "4 3\n1 2\n2 3\n3 4\n"
    arc = grundy.analyze("arc-kayles", path)
    assert arc.value == grundy.analyze("dawson-kayles", [4]).value
    assert [m["move"] for m in arc.winning_moves] == ["take edge 2–3"]
    assert arc._repr_png_() == grundy.picture("arc-kayles", path)
    with pytest.raises(ValueError):
        grundy.table("nim", 1, 1)
    with pytest.raises(ValueError):
        grundy.explore("kayles")


def test_the_notebook_runs_top_to_bottom(tmp_path):
    tour = ROOT / "examples/python/tour.py"
    out = subprocess.run([os.sys.executable, str(tour)], cwd=tmp_path, capture_output=True, check=True)
    assert b"agrees with the built-in family" in out.stdout
    assert (tmp_path / "cram-3x4.png").read_bytes().startswith(b"\x89PNG")


def test_a_python_game_under_misere_play_matches_the_built_in_family():
    for heaps in ([1, 1, 1], [3, 4, 5], [2, 2], [4, 6]):
        mine = grundy.analyze(Kayles(), heaps, misere=True)
        built_in = grundy.analyze("kayles", heaps, misere=True)
        assert mine["misere"] is True
        # The report a script game's sum gets, from the library's one misère analysis:
        # tagged as such, each winning move labelled as the command line labels it.
        assert mine["report"] == "script"
        assert all(m["move"].startswith("position ") for m in mine["winning_moves"]), mine["winning_moves"]
        assert mine.winner == built_in.winner, heaps
        assert len(mine.winning_moves) == len(built_in.winning_moves), heaps


@pytest.mark.parametrize("problem,text", [
    ("shgame", "3\n1 1\n2 3\n5 8\n"),
    ("lamqugam", "2 2\n1 1 3 3\n2 2 9 7\n"),
    ("inventor-outlasting", "1\n" + (ROOT / "examples/inventor.txt").read_text()),
    ("caos3", "1\n" + (ROOT / "examples/caos3.txt").read_text()),
])
def test_solve_prints_what_the_command_line_prints(problem, text):
    answer = grundy.solve(problem, text)
    binary = cli()
    if binary is None:
        pytest.skip("no grundy binary built")
    out = subprocess.run([binary, "solve", problem], input=text.encode(), capture_output=True, check=True)
    assert answer == out.stdout.decode()
    with pytest.raises(ValueError, match="unknown problem"):
        grundy.solve("nim", "1")
    with pytest.raises(ValueError, match="input:1"):
        grundy.solve(problem, "x")


def test_misere_sequences_match_the_command_line_and_the_python_game():
    values = grundy.sequence("kayles", 30, misere=True)
    binary = cli()
    if binary is not None:
        out = subprocess.run([binary, "sequence", "kayles", "--upto", "30", "--misere"], capture_output=True, check=True)
        assert out.stdout.decode().split() == [str(v) for v in values]
    assert grundy.sequence(Kayles(), 30, misere=True).tolist() == values.tolist()
    # Misère Nim: a heap of n is worth n, but for heaps 0 and 1, worth 1 and 0.
    assert grundy.sequence("nim", 5, misere=True).tolist() == [1, 0, 2, 3, 4, 5]


SURVEYED = ["0.6", ".16", "kayles", "0.56", "0.14", "0.007", "4.344", "0.04", "grundy-game", "0.36", "0.015", "0.104"]


class CountingExecutor:
    """A thread pool that counts the tasks it was given."""

    def __init__(self):
        import concurrent.futures

        self.pool = concurrent.futures.ThreadPoolExecutor(2)
        self.tasks = 0

    def submit(self, fn, *args):
        self.tasks += 1
        return self.pool.submit(fn, *args)


def test_a_survey_is_the_same_here_on_threads_and_in_processes():
    import concurrent.futures

    here = grundy.survey(SURVEYED + ["octal:0.6", "0.6"], 20000)
    assert [r.game for r in here][:3] == ["octal:0.6", "octal:0.16", "octal:0.77"]
    assert len(here) == len(SURVEYED) + 1  # octal:0.6 is 0.6 again, read from the same record
    assert here[-1] == here[0]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert grundy.survey(SURVEYED, 20000, executor=pool) == here[:-1]
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        assert grundy.survey(SURVEYED, 20000, executor=pool) == here[:-1]
    kayles = here[2]
    assert kayles.outcome == "period" and kayles.period == (71, 12)
    values = grundy.sequence("0.6", 20000)
    assert here[0].largest == (int(values.max()), int(np.argmax(values)))
    if cli():
        line = subprocess.run(
            [cli(), "survey", "0.6", "--upto", "20000", "--json"], capture_output=True, text=True, check=True
        ).stdout
        assert grundy.SurveyRecord(json.loads(line)) == here[0]


def test_a_results_file_is_resumed_and_guarded(tmp_path):
    path = str(tmp_path / "survey.jsonl")
    games = ["0.6", "0.16", "0.14"]
    first = CountingExecutor()
    records = grundy.survey(games, 5000, executor=first, results=path)
    assert first.tasks == 3
    again = CountingExecutor()
    assert grundy.survey(games, 5000, executor=again, results=path) == records
    assert again.tasks == 0
    # A crash in the middle of a line: the torn line is dropped and its game computed again.
    text = pathlib.Path(path).read_text()
    pathlib.Path(path).write_text(text[: len(text) - 25])
    third = CountingExecutor()
    assert grundy.survey(games, 5000, executor=third, results=path) == records
    assert third.tasks == 1
    assert all(json.loads(l) for l in pathlib.Path(path).read_text().splitlines())
    with pytest.raises(ValueError, match="another survey"):
        grundy.survey(games, 6000, results=path)
    with pytest.raises(grundy.InputError):
        grundy.survey(["nim"], 10)


def test_a_survey_shows_its_progress(capsys):
    pytest.importorskip("tqdm")
    records = grundy.survey(["0.6", "0.16", "kayles"], 3000, progress=True)
    err = capsys.readouterr().err
    assert "3/3" in err and "octal:0.77: period" in err, err
    assert [r.game for r in records] == ["octal:0.6", "octal:0.16", "octal:0.77"]
    # Without the flag, nothing is drawn.
    grundy.survey(["0.6"], 3000)
    assert capsys.readouterr().err == ""



def test_a_survey_takes_games_written_in_python():
    import concurrent.futures

    games = [Kayles(), Subtraction(1, 3, 4), "0.6", Subtraction(2, 5)]
    here = grundy.survey(games, 300)
    assert [r.game for r in here] == ["Kayles", "python-subtraction:1,3,4", "octal:0.6", "python-subtraction:2,5"]
    for game, record in zip(games, here):
        values = grundy.sequence(game, 300)
        assert record.largest == (int(values.max()), int(np.argmax(values))), record
        if not isinstance(game, str):
            # No rule to read: how far it got, and no claim of a period or a split.
            assert (record.outcome, record.computed, record.period, record.rare_heaps) == ("reached", 301, None, None)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert grundy.survey(games, 300, executor=pool) == here
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        assert grundy.survey(games, 300, executor=pool) == here
    # A time limit stops a slow game between heaps, with what it has.
    class Slow(Subtraction):
        def options(self, n):
            time.sleep(0.01)
            return super().options(n)

    cut = grundy.survey([Slow(1, 2)], 10_000, time_limit=0.3)[0]
    assert cut.outcome == "time-limit" and 0 < cut.computed < 10_000


def test_errors_speak_pythons_language():
    with pytest.raises(grundy.InputError) as caught:
        grundy.table("cram", rows=range(0, 3), cols=range(2, 4))
    assert str(caught.value).startswith("rows=range(0, 3): "), caught.value
    assert "--rows" not in str(caught.value)
    with pytest.raises(grundy.InputError, match=r"^cols=\(1, 500\): "):
        grundy.table("cram", rows=2, cols=(1, 500), executor=CountingExecutor())
    with pytest.raises(TypeError, match="upto must be an int, found str '10'"):
        grundy.sequence("kayles", "10")
    with pytest.raises(TypeError, match="start must be an int"):
        grundy.sequence("kayles", 10, 2.5)
    # A heap of 3.7 is refused, not read as 3.
    with pytest.raises(grundy.InputError, match="heap 2 is 3.7"):
        grundy.analyze("nim", [1, 3.7])
    assert grundy.analyze("nim", [1, np.int64(3)]).value == 2


def test_ctrl_c_stops_a_judge_sweep_and_its_programs_at_once():
    # Ctrl-C reaches the main thread alone; the tests on the pool's threads must hear it
    # too, not run on to their time limit (a minute here), and leave no program behind.
    mark = f"{os.getpid()}{time.monotonic_ns() % 1000}"  # sleep reads 600.<mark> as seconds
    # A process started in the background by a shell without job control has SIGINT
    # ignored: the child puts Python's handler in place.
    script = (
        "import grundy, signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('judging', flush=True)\n"
        f"grundy.judge('shgame', ['sleep', '600.{mark}'], range(4), time_limit=60)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "judging"
    time.sleep(1.5)
    started = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        _, err = child.communicate(timeout=30)
    finally:
        child.kill()
    assert time.monotonic() - started < 30
    assert "KeyboardInterrupt" in err, err
    left = subprocess.run(["pgrep", "-f", f"sleep 600.{mark}"], capture_output=True, text=True).stdout
    assert left == "", left


def test_memory_bounds_a_game_written_in_python():
    # Kayles as a Python game: heap 300 needs its 301 positions, past what 1 KiB holds.
    assert grundy.analyze(Kayles(), 300).value == grundy.analyze("kayles", "300").value
    with pytest.raises(grundy.GrundyError, match="positions would have to be held"):
        grundy.analyze(Kayles(), 300, memory=1024)


def test_out_of_range_times_and_thread_counts_are_refused_not_panics():
    # A time past a year overflowed the clock (PanicException); a count of threads past
    # what the engines start panicked building the pool.
    for limit in (1e19, float("inf"), float("nan"), -1.0):
        with pytest.raises(grundy.InputError, match="time_limit"):
            grundy.survey(["0.6"], 10, time_limit=limit)
        with pytest.raises(grundy.InputError, match="time_limit"):
            grundy.survey([Subtraction(1, 2)], 10, time_limit=limit)
    for threads in (0, 5000):
        with pytest.raises(grundy.InputError, match="threads"):
            grundy.survey(["0.6"], 10, threads=threads)
        with pytest.raises(grundy.InputError, match="threads"):
            grundy.table("cram", range(2, 3), range(2, 3), threads=threads)


def test_a_python_games_exception_reaches_the_survey_caller():
    import concurrent.futures

    with pytest.raises(Boom) as caught:
        grundy.survey(["0.6", Broken(1, at=7)], 100)
    assert "position 7" in " ".join(caught.value.__notes__)
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        with pytest.raises(Boom):
            grundy.survey([Broken(1, at=7), "0.6"], 100, executor=pool)
    with pytest.raises(grundy.InputError, match="named"):
        grundy.survey([Subtraction(1, 2), Subtraction(1, 2)], 10)
    with pytest.raises(grundy.InputError, match="options"):
        grundy.survey([object()], 10)


@pytest.mark.parametrize(
    "game,rows,cols,misere",
    [("cram", range(1, 5), range(2, 7), False), ("chomp", (2, 4), (1, 6), False), ("cram", 3, (2, 5), True), ("chomp", 2, range(1, 4), True)],
)
def test_a_table_on_an_executor_is_the_table_here_and_the_command_lines(game, rows, cols, misere):
    import concurrent.futures

    here = grundy.table(game, rows, cols, misere=misere)
    counting = CountingExecutor()
    there = grundy.table(game, rows, cols, executor=counting, misere=misere)
    assert there == here
    assert counting.tasks == here.values.size
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        assert grundy.table(game, rows, cols, executor=pool, misere=misere) == here
    binary = cli()
    if binary is not None:
        span = lambda x: grundy._span(x)
        args = [binary, "table", game, "--rows", "%d..=%d" % span(rows), "--cols", "%d..=%d" % span(cols)]
        args += ["--misere"] if misere else []
        text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
        assert str(there) == text
        line = subprocess.run(args + ["--json"], capture_output=True, text=True, check=True).stdout
        assert there.to_dict() == json.loads(line)


def test_a_table_too_large_is_refused_before_any_task():
    counting = CountingExecutor()
    with pytest.raises(grundy.InputError, match="132 cells"):
        grundy.table("cram", range(1, 13), 11, executor=counting)
    with pytest.raises(grundy.InputError, match="under misère play"):
        grundy.table("cram", 9, 8, executor=counting, misere=True)
    with pytest.raises(grundy.InputError, match="rows"):
        grundy.table("chomp", 17, 3, executor=counting)
    with pytest.raises(grundy.InputError):
        grundy.table("nim", 1, 1, executor=counting)
    assert counting.tasks == 0


SOLUTIONS = ROOT / "crates/grundy-cli/tests/solutions"


def test_generate_is_grundy_gen():
    text = grundy.generate("shgame", 5, size="medium")
    assert text == grundy.generate("shgame", 5, size="medium")
    assert text != grundy.generate("shgame", 6, size="medium")
    # grundy answers what it generates.
    assert len(grundy.solve("shgame", text).split()) == int(text.split()[0])
    if cli():
        out = subprocess.run([cli(), "gen", "shgame", "--size", "medium", "--seed", "5"], capture_output=True, text=True, check=True)
        assert out.stdout == text
    with pytest.raises(grundy.InputError, match="size"):
        grundy.generate("shgame", 1, size="huge")
    with pytest.raises(grundy.InputError, match="unknown problem"):
        grundy.generate("chess", 1)


def test_a_judge_sweep_gives_the_command_lines_verdicts():
    import concurrent.futures

    right = ["python3", str(SOLUTIONS / "shgame_right.py")]
    small_only = ["python3", str(SOLUTIONS / "shgame_small_only.py")]
    seeds = list(range(10, 14))
    reports = grundy.judge("shgame", right, seeds, size="medium")
    assert [(r.seed, r.size, r.verdict) for r in reports] == [(s, "medium", "AC") for s in seeds]
    # Right on small sheets only: accepted on small tests, wrong on the largest ones.
    small = grundy.judge("shgame", small_only, seeds, size="small")
    assert {r.verdict for r in small} == {"AC"}
    counting = CountingExecutor()
    worst = grundy.judge("shgame", small_only, seeds, size="max", executor=counting)
    assert counting.tasks == len(seeds)
    assert {r.verdict for r in worst} == {"WA"}
    assert worst[0].detail.startswith("line ")
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        assert [r.to_dict()["verdict"] for r in grundy.judge("shgame", small_only, seeds, size="max", executor=pool)] == ["WA"] * len(seeds)
    if cli():
        for size, mine in (("small", small), ("max", worst)):
            out = subprocess.run(
                [cli(), "judge", "shgame", "--tests", str(len(seeds)), "--size", size, "--seed", "10", "--json", "--", *small_only],
                capture_output=True, text=True,
            )
            tests = [t for t in json.loads(out.stdout)["tests"] if t["seed"] is not None]
            assert [(t["seed"], t["verdict"], t["detail"]) for t in tests] == [(r.seed, r.verdict, r.detail) for r in mine]


def test_a_judge_sweep_refuses_bad_commands_and_limits_before_any_run():
    counting = CountingExecutor()
    with pytest.raises(grundy.InputError, match="no such program"):
        grundy.judge("shgame", ["/no/such/program"], [1, 2], executor=counting)
    with pytest.raises(grundy.InputError, match="does not exist"):
        grundy.judge("shgame", ["python3", "/no/such/solution.py"], [1], executor=counting)
    with pytest.raises(grundy.InputError, match="time_limit"):
        grundy.judge("shgame", ["true"], [1], time_limit=0, executor=counting)
    with pytest.raises(grundy.InputError, match="size"):
        grundy.judge("shgame", ["true"], [1], size="huge", executor=counting)
    assert counting.tasks == 0


def test_tables_and_sweeps_show_their_progress(capsys):
    pytest.importorskip("tqdm")
    grundy.table("cram", range(2, 4), range(2, 4), executor=CountingExecutor(), progress=True)
    err = capsys.readouterr().err
    assert "4/4" in err and "board" in err, err
    grundy.judge("shgame", ["python3", str(SOLUTIONS / "shgame_off_by_one.py")], [1, 2, 3], size="medium", progress=True)
    err = capsys.readouterr().err
    assert "3/3" in err and "3 failed" in err, err


def test_nothing_imports_dask_unless_asked():
    # The [dask] extra is optional: the package and a survey without an executor must not
    # touch it, installed or not.
    code = "import sys, grundy; grundy.survey(['0.6'], 100); grundy.table('cram', 2, 2); print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_graphs_are_edge_lists_or_networkx_graphs():
    # An edge list on vertices from 1 is the text `n m` and the edges.
    triangle = [(1, 2), (2, 3), (3, 1)]
    assert grundy.analyze("arc-kayles", triangle) == grundy.analyze("arc-kayles", "3 3\n1 2\n2 3\n3 1\n")
    assert grundy.analyze("hackenbush", [(1, 2), (2, 3)]).value == 2
    # With its token after it, for the games that have one.
    assert grundy.analyze("geography", ([(1, 2), (2, 3)], 1)) == grundy.analyze("geography", "3 2\n1 2\n2 3\n1\n")
    # A list of pairs is no position of a heap game: refused as the command line refuses it.
    with pytest.raises(grundy.InputError):
        grundy.analyze("nim", [(1, 2)])
    nx = pytest.importorskip("networkx")
    assert grundy.analyze("node-kayles", nx.path_graph(7)) == grundy.analyze("node-kayles", "path:7")
    assert grundy.analyze("node-kayles", nx.petersen_graph()).value == grundy.analyze("node-kayles", "petersen").value
    # Nodes of any name are numbered in the graph's own order; tokens by their names.
    g = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("a", "d")])
    assert grundy.analyze("geography", (g, "a")) == grundy.analyze("geography", "4 4\n1 2\n2 3\n3 1\n1 4\n1\n")
    with pytest.raises(grundy.InputError, match="token 'z' is no node"):
        grundy.analyze("geography", (g, "z"))


def test_values_answer_any_heap_by_the_proved_period():
    """values() over a NumPy array of heaps up to 10**18, against a small table read
    through Kayles's period 12 from 71 (Guy and Smith), written out here."""
    small = grundy.sequence("kayles", 200)
    rng = np.random.default_rng(5)
    heaps = rng.integers(0, 10**18, size=100_000, dtype=np.uint64)
    heaps[:300] = np.arange(300, dtype=np.uint64)
    got = grundy.values("kayles", heaps)
    assert got.dtype == np.uint64 and got.shape == heaps.shape
    want = [int(small[h]) if h < 200 else int(small[71 + (h - 71) % 12]) for h in heaps.tolist()]
    assert got.tolist() == want
    assert grundy.values("nim", 2**64 - 1) == 2**64 - 1
    assert grundy.values("subtraction:1,2,3", [10**18 + 3, 7]).tolist() == [3, 3]
    # Grundy's game has no period to prove: small heaps by its table, large ones refused.
    assert grundy.values("grundy-game", [5, 20]).tolist() == [2, 0]
    for bad, fragment in [
        (("grundy-game", [10**7]), "no period to prove"),
        (("kayles", [-1]), "negative"),
        (("kayles", [2**64]), "2**64 - 1"),
        (("kayles", [1.5]), "whole numbers"),
        (("cram", [3]), "unknown family 'cram'"),
    ]:
        with pytest.raises(grundy.InputError, match=re.escape(fragment)):
            grundy.values(*bad)


def test_explore_takes_params_sweeps_and_axes():
    # One parameter filled, then swept: each point of the sweep is the game explored alone.
    one = grundy.explore("subtraction:1,2,{k}", upto=40, params={"k": 6})
    assert one["game"] == "subtraction:1,2,6"
    sweep = grundy.explore("subtraction:1,2,{k}", upto=40, params={"k": range(3, 21)})
    assert sweep["kind"] == "sweep" and sweep["status"] == "observed"
    assert [p["value"] for p in sweep["points"]] == list(range(3, 21))
    for point in sweep["points"]:
        alone = grundy.explore(point["game"], upto=40)
        assert point["period"]["period"] == alone["period"]["period"], point["game"]
        # The period read from the values themselves, with no theorem: they repeat.
        v, p = alone["values"], point["period"]["period"]
        assert all(v[n] == v[n + p] for n in range(0, 41 - p))
    assert "k + 1" in sweep["period_rule"]
    assert grundy.explore("subtraction:1,2,{k}", upto=10, params={"k": (1000, 1002)})["points"][2]["period"]["period"] == 1003
    # A take of 10^9 is answered run by run: the proved period, whatever upto is.
    big = grundy.explore("subtraction:1,2,{k}", upto=10, params={"k": 999999999})
    assert {k: big["period"][k] for k in ("preperiod", "period", "step", "status")} == {
        "preperiod": 0,
        "period": 1000000000,
        "step": 0,
        "status": "proved",
    }
    assert big["period"]["by"].startswith("the periodicity theorem")
    # The Stair Game on [0, x, 0, y]: the even stairs are two Nim heaps, worth x XOR y.
    stairs = str(ROOT / "examples/games/stairs.rhai")
    for axes in ("[0, x, 0, y]", [0, "x", 0, "y"]):
        grid = grundy.explore(f"script:{stairs}", grid=(6, 5), axes=axes)
        assert grid["values"].shape == (7, 6)
        for x in range(7):
            for y in range(6):
                assert grid["values"][x][y] == x ^ y
    with pytest.raises(ValueError, match="axes picks the entries"):
        grundy.explore("kayles", upto=10, axes="[n]")
    with pytest.raises(ValueError, match="give upto=N and no grid"):
        grundy.explore("subtraction:1,2,{k}", grid=(3, 3), params={"k": range(3, 5)})
    with pytest.raises(ValueError, match="params"):
        grundy.explore("subtraction:1,2,{k}", upto=10, params={"k": range(5, 3)})
    with pytest.raises(ValueError, match="params"):
        grundy.explore("subtraction:1,2,{k}", upto=10, params={"k": "x..=y"})
