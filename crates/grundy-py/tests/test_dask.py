"""Surveys and tables on a real Dask cluster: a LocalCluster of two worker processes that talk to the
scheduler over TCP on loopback, as nodes do. Skipped where Dask is not installed
(`pip install './crates/grundy-py[dask]'`)."""

import json
import os
import pathlib
import signal
import subprocess
import threading
import time

import pytest

import grundy
from helpers import ROOT, Boom, Broken, Subtraction, cli

distributed = pytest.importorskip("distributed")


# Over a hundred games: every code .d1d2 whose second digit splits, codes .d1d2d3 whose
# third digit splits, and a few named ones.
CODES = sorted(
    set(
        [f"0.{a}{b}" for a in range(8) for b in range(4, 8)]
        + [f"0.{a}{b}{c}" for a in range(5) for b in (0, 1, 4, 6) for c in (4, 5, 6, 7)]
        + ["0.16", "0.56", "0.6", "4.344", "grundy-game"]
    )
)


class Counting:
    """An executor that counts the tasks it was given."""

    def __init__(self, inner):
        self.inner = inner
        self.tasks = 0

    def submit(self, fn, *args):
        self.tasks += 1
        return self.inner.submit(fn, *args)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_a_survey_on_the_cluster_is_the_survey_here(client, tmp_path):
    assert len(set(CODES)) >= 100
    here = grundy.survey(CODES, 3000)
    counting = Counting(client.get_executor())
    results = str(tmp_path / "results.jsonl")
    there = grundy.survey(CODES, 3000, executor=counting, results=results)
    assert there == here
    assert counting.tasks == len(CODES)
    # A re-run on the results file computes nothing.
    again = Counting(client.get_executor())
    assert grundy.survey(CODES, 3000, executor=again, results=results) == here
    assert again.tasks == 0


def test_a_worker_killed_mid_survey_loses_nothing(client):
    # Ten dense games to 2^16, about nine seconds in all on one thread here (0.3 to 1.5 s
    # each): the kill, a second in, lands while tasks run. (To 2^17 they took four times as
    # long, and this test was most of the Python suite's time.)
    dense = ["0.76", "0.146", "0.164", "0.007", "0.004", "0.005", "0.006", "0.114", "0.125", "0.126"]
    here = grundy.survey(dense, 1 << 16)
    pids = list(client.run(os.getpid).values())
    killed = []

    def kill():
        os.kill(pids[0], signal.SIGKILL)
        killed.append(time.monotonic())

    killer = threading.Timer(1.0, kill)
    killer.start()
    try:
        there = grundy.survey(dense, 1 << 16, executor=client.get_executor())
        ended = time.monotonic()
    finally:
        killer.cancel()
    assert killed and killed[0] < ended, "the worker was killed after the survey ended"
    assert there == here



def test_python_games_on_the_cluster_and_their_exceptions(client):
    games = [Subtraction(1, 3, 4), "0.6", Subtraction(2, 5, 6), Subtraction(1, 4)]
    here = grundy.survey(games, 2000)
    assert grundy.survey(games, 2000, executor=client.get_executor()) == here
    with pytest.raises(Boom, match="heap 50") as caught:
        grundy.survey(games + [Broken(1, 2, at=50)], 2000, executor=client.get_executor())
    assert type(caught.value) is Boom
    assert "position 50" in " ".join(getattr(caught.value, "__notes__", []))


def test_a_cram_table_on_the_cluster_is_the_command_lines(client):
    # Boards up to 5 × 7 (about half a second on one thread), one task each.
    there = grundy.table("cram", range(2, 6), range(2, 8), executor=client.get_executor())
    assert there == grundy.table("cram", range(2, 6), range(2, 8))
    binary = cli()
    if binary is None:
        pytest.skip("no grundy binary built")
    args = [binary, "table", "cram", "--rows", "2..6", "--cols", "2..8"]
    assert str(there) == subprocess.run(args, capture_output=True, text=True, check=True).stdout
    line = subprocess.run(args + ["--json"], capture_output=True, text=True, check=True).stdout
    assert there.to_dict() == json.loads(line)


def test_a_judge_sweep_on_the_cluster_gives_the_same_verdicts(client):
    program = ["python3", str(ROOT / "crates/grundy-cli/tests/solutions/shgame_small_only.py")]
    here = grundy.judge("shgame", program, range(30), size="medium")
    there = grundy.judge("shgame", program, range(30), size="medium", executor=client.get_executor())
    assert [(r.seed, r.verdict, r.detail) for r in there] == [(r.seed, r.verdict, r.detail) for r in here]
    # Wrong past 2000 cells, as medium tests have: each verdict says on which line.
    assert {r.verdict for r in here} == {"WA"}
    assert all(r.detail.startswith("line ") for r in here)
