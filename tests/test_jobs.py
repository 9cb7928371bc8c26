"""``--jobs``: no more workers than CPUs or batches, batches in order, clean stops.

The stops are tested on real processes: ``replay --jobs 2 -`` is fed games on standard
input that stays open, so the run is still going (workers started, parent waiting for
more input) when the signal comes, whatever the load of the machine.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from scala40cli.audit import parallel, picklable
from scala40cli.audit.parallel import available_cpus, batches, ordered_map
from scala40cli.audit.pipeline import _sources_size, audit_path
from scala40cli.audit.workers import Workers
from scala40cli.cli.main import main
from scala40cli.model.results import FileResult

ROOT = Path(__file__).resolve().parent.parent
LEGAL = sorted((ROOT / "fixtures" / "legal").glob("*.s40"))
GAMES = b"\n".join(path.read_bytes() for path in LEGAL) + b"\n"


def pid_and_square(item: int, offset: int) -> tuple[int, int]:
    return os.getpid(), item * item + offset


@pytest.fixture
def spawned(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many workers each set of workers started during the test had."""
    sizes: list[int] = []
    real = Workers.fork

    def recording(self: Workers, count: int, *args: Any) -> None:
        sizes.append(count)
        real(self, count, *args)

    monkeypatch.setattr(Workers, "fork", recording)
    return sizes


def test_batches_close_on_weight_or_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_WEIGHT", 10)
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 3)
    assert list(batches([4, 4, 4, 1, 1, 1, 1, 20], weight=lambda n: n)) == [
        [4, 4, 4], [1, 1, 1], [1, 20]]
    assert list(batches([])) == []


def test_an_input_of_known_weight_starts_and_ends_with_small_batches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_WEIGHT", 100)
    monkeypatch.setattr(parallel, "TAIL_PARTS", 4)
    cut = list(batches([10] * 100, weight=lambda n: n, total=1000, processes=2))
    assert list(chain.from_iterable(cut)) == [10] * 100
    # The first batch, judged before any worker starts, is the smallest (an eighth of
    # a batch: 12); then each is an eighth (two processes, four parts each) of what is
    # left, at most a whole batch and never under the smallest.
    assert [len(batch) for batch in cut] == [
        2, 10, 10, 10, 9, 8, 7, 6, 5, 5, 4, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 1]
    # Left unknown, or no more than a batch in all: cut as ever.
    assert [len(b) for b in batches([10] * 100, weight=lambda n: n)] == [10] * 10
    assert [len(b) for b in batches([10] * 10, weight=lambda n: n, total=100,
                                    processes=2)] == [10]


@given(weights=st.lists(st.integers(min_value=0, max_value=300), max_size=60),
       total=st.none() | st.integers(min_value=0, max_value=20_000),
       processes=st.integers(min_value=1, max_value=8))
def test_batches_hold_every_item_once_in_order_whatever_the_estimate(
        weights: list[int], total: int | None, processes: int) -> None:
    """The total is an estimate (a file may grow or shrink as it is read): a wrong one
    changes the cut, never what is judged."""
    items = list(enumerate(weights))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parallel, "BATCH_WEIGHT", 100)
        cut = list(batches(items, weight=lambda item: item[1], total=total,
                           processes=processes))
    assert list(chain.from_iterable(cut)) == items
    assert all(0 < len(batch) <= parallel.BATCH_ITEMS for batch in cut)


def test_results_come_in_order_from_this_process_and_a_worker_a_cpu_more(
        monkeypatch: pytest.MonkeyPatch, spawned: list[int]) -> None:
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 5)
    results = list(ordered_map(pid_and_square, range(200), 7, jobs=64))
    assert [value for _, value in results] == [n * n + 7 for n in range(200)]
    processes = {pid for pid, _ in results}
    assert spawned == ([min(64, available_cpus()) - 1] if available_cpus() > 1 else [])
    assert len(processes) <= available_cpus()
    assert os.getpid() in processes  # the first batch at least is judged here


def slow_in_a_worker(item: int, parent: int) -> tuple[int, int]:
    """``pid_and_square``, slow in any process but ``parent``."""
    if os.getpid() != parent:
        time.sleep(0.2)
    return os.getpid(), item


@pytest.mark.slow
def test_batches_no_worker_started_are_taken_back_and_judged_here(
        monkeypatch: pytest.MonkeyPatch, spawned: list[int]) -> None:
    monkeypatch.setattr(parallel, "available_cpus", lambda: 2)
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 1)
    monkeypatch.setattr(parallel, "IN_FLIGHT_PER_WORKER", 8)
    results = list(ordered_map(slow_in_a_worker, range(12), os.getpid(), jobs=2))
    assert [item for _, item in results] == list(range(12))
    assert spawned == [1]
    by_worker = [item for pid, item in results if pid != os.getpid()]
    # The first batch is judged here, the next 8 sent to the worker, the last 3 judged
    # here; the worker gets to the one it runs and the one or two queued behind it, and
    # this process takes back and judges the others.
    assert 1 <= len(by_worker) <= 3


def done_when(item: int, parent: int) -> tuple[int, int, float]:
    """``slow_in_a_worker``, and when it was judged (the clock is the system's)."""
    pid, item = slow_in_a_worker(item, parent)
    return pid, item, time.monotonic()


@pytest.mark.slow
def test_small_batches_judged_here_do_not_wait_for_a_whole_one_in_a_worker(
        monkeypatch: pytest.MonkeyPatch, spawned: list[int]) -> None:
    """The batches held at once are bounded by weight, not number: small batches at
    the end of the input fill no window while the worker judges whole ones."""
    monkeypatch.setattr(parallel, "available_cpus", lambda: 2)
    monkeypatch.setattr(parallel, "BATCH_WEIGHT", 100)
    items = [100] * 4 + [1] * 200  # a first batch, 3 whole ones for the worker
    results = list(ordered_map(done_when, items, os.getpid(), jobs=2,
                               weight=lambda n: n, total=sum(items)))
    assert [item for _, item, _ in results] == items
    assert spawned == [1]
    here = [when for pid, item, when in results if pid == os.getpid() and item == 1]
    worker = [when for pid, _, when in results if pid != os.getpid()]
    # The third whole batch, never sent (a worker is sent two at a time), is taken
    # back at the end and judged here.
    assert len(here) == 200 and len(worker) == 2
    # Counted by number, the 14 small batches would have filled the window of 6 and
    # waited for the worker's first answer.
    assert max(here) < min(worker)


def test_one_game_with_jobs_64_starts_no_process(spawned: list[int]) -> None:
    results = list(ordered_map(pid_and_square, [3], 0, jobs=64))
    assert results == [(os.getpid(), 9)]
    assert spawned == []
    one_game = audit_path(str(LEGAL[0]), jobs=64)
    assert one_game == audit_path(str(LEGAL[0]))
    assert spawned == []


def test_fewer_batches_than_jobs_start_that_many_workers(
        monkeypatch: pytest.MonkeyPatch, spawned: list[int]) -> None:
    monkeypatch.setattr(parallel, "available_cpus", lambda: 8)
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 1)
    assert [v for _, v in ordered_map(pid_and_square, range(3), 0, jobs=64)] == [0, 1, 4]
    assert spawned == [2]  # the first batch is judged here


@pytest.mark.slow
def test_many_small_batches_give_the_serial_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spawned: list[int]) -> None:
    monkeypatch.setattr(parallel, "available_cpus", lambda: 2)
    monkeypatch.setattr(parallel, "BATCH_WEIGHT", 2000)  # a game or two a task
    log = tmp_path / "all.s40"
    log.write_bytes(GAMES * 3)

    def run(*extra: str) -> str:
        done = CliRunner().invoke(main, ["replay", "--format", "jsonl", *extra, str(log),
                                         str(LEGAL[0])], catch_exceptions=False)
        return done.stdout

    assert run("--jobs", "2") == run()
    assert spawned == [1]


# --- stopping: real processes, real signals -------------------------------------------------


def children_of(pid: int) -> list[int]:
    """The pids of the child processes of ``pid`` (Linux /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        found += [int(word) for word in text.split()]
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.fixture
def running(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], list[int]]]:
    """``replay --jobs 2 -o FILE -`` with its worker busy or idle, standard input open."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scala40cli", "replay", "--jobs", "2", "-o",
         str(tmp_path / "report.txt"), "-"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
        start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdin is not None
    copies = 2 * parallel.IN_FLIGHT_PER_WORKER * parallel.BATCH_WEIGHT // len(GAMES) + 1
    process.stdin.write(GAMES * copies)
    process.stdin.flush()
    deadline = time.monotonic() + 30
    workers: list[int] = []
    while len(workers) < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
        workers = [pid for pid in children_of(process.pid) if alive(pid)]
    try:
        yield process, workers
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


def finish(process: subprocess.Popen[bytes]) -> tuple[int, list[str]]:
    _, err = process.communicate(timeout=60)
    return process.returncode, err.decode().splitlines()


needs_proc = pytest.mark.skipif(not Path("/proc/self/task").is_dir() or available_cpus() < 2,
                                reason="needs Linux /proc and two CPUs")


@pytest.mark.slow
@needs_proc
def test_sigterm_stops_the_workers_in_one_line_exit_143(
        running: tuple[subprocess.Popen[bytes], list[int]], tmp_path: Path) -> None:
    process, workers = running
    assert len(workers) == 1
    process.send_signal(signal.SIGTERM)
    status, lines = finish(process)
    assert status == 143
    assert lines == ["scala40: stopped by SIGTERM; the report is incomplete"]
    assert not any(alive(pid) for pid in workers)
    assert list(tmp_path.iterdir()) == []  # no report, no temporary file


@pytest.mark.slow
@needs_proc
def test_ctrl_c_stops_the_workers_without_their_tracebacks_exit_130(
        running: tuple[subprocess.Popen[bytes], list[int]], tmp_path: Path) -> None:
    process, workers = running
    assert len(workers) == 1
    os.killpg(process.pid, signal.SIGINT)  # a terminal sends it to the whole group
    status, lines = finish(process)
    assert status == 130
    assert lines == ["scala40: stopped by SIGINT; the report is incomplete"]
    assert not any(alive(pid) for pid in workers)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@needs_proc
def test_a_worker_killed_by_the_system_ends_in_one_line(
        running: tuple[subprocess.Popen[bytes], list[int]], tmp_path: Path) -> None:
    process, workers = running
    assert len(workers) == 1 and process.stdin is not None
    os.kill(workers[0], signal.SIGKILL)
    time.sleep(0.2)
    with contextlib.suppress(BrokenPipeError):  # it may have stopped already
        process.stdin.write(GAMES * 4)  # more work for a run whose worker is gone
        process.stdin.close()
    status, lines = finish(process)
    assert status == 1
    assert lines == ["scala40: a worker process stopped unexpectedly (killed by the "
                     "system, perhaps out of memory): the run is incomplete"]
    assert not any(alive(pid) for pid in workers)
    assert list(tmp_path.iterdir()) == []


def test_what_crosses_to_workers_pickles_through_its_constructor() -> None:
    """Frozen dataclasses compiled by mypyc cannot be unpickled field by field: the
    results, chunks and rule choices are rebuilt by calling their class (both builds);
    a game's results through their own reducers (tests/test_result_pickling.py)."""
    import copyreg
    import pickle

    from scala40cli.judging.rulebook import rules
    from scala40cli.model import results
    from scala40cli.model.result_pickling import reduce_game_result
    from scala40cli.reading.chunks import Chunk

    assert copyreg.dispatch_table[results.GameResult] is reduce_game_result
    assert copyreg.dispatch_table[results.FileResult] is picklable._reduce_dataclass
    assert copyreg.dispatch_table[rules.RuleChoice] is picklable._reduce_dataclass
    result = audit_path(str(LEGAL[0]))
    assert pickle.loads(pickle.dumps(result)) == result
    chunk = Chunk(first_line=3, offset=9, data=b"hand 1\n")
    assert pickle.loads(pickle.dumps(chunk)) == chunk


def test_the_size_of_the_input_is_known_only_for_regular_s40_files(tmp_path: Path) -> None:
    first, second = tmp_path / "a.s40", tmp_path / "b.S40"
    first.write_bytes(GAMES)
    second.write_bytes(b"x" * 10)
    events = tmp_path / "c.jsonl"
    events.write_text("{}\n")
    missing = tmp_path / "gone.s40"
    named_nothing = FileResult(path="nothing")
    assert _sources_size([("a.s40", str(first)), ("b.S40", str(second)),
                          ("nothing", named_nothing), ("gone.s40", str(missing))],
                         None) == len(GAMES) + 10
    assert _sources_size([("a.s40", str(first)), ("-", None)], None) is None  # stdin
    assert _sources_size([("c.jsonl", str(events))], None) is None
    assert _sources_size([("a.s40", str(first))], "jsonl") is None
    assert _sources_size([("dir", str(tmp_path))], None) is None


def test_what_crosses_to_and_from_a_worker_arrives_whole() -> None:
    """A chunk and its wrappers pickle by position (their own ``__reduce__``): a field
    left out or out of order would show here, in both builds."""
    import pickle

    from scala40cli.audit.pipeline import ChunkToJudge, JudgedChunk, judge_unit
    from scala40cli.reading.chunks import Chunk, Cut

    chunk = Chunk(first_line=7, offset=120, data=GAMES[:400], long_lines=((9, 70_000),),
                  cut=Cut(game_line=7, first_line=30, last_line=31, bound="1,000 lines"),
                  shifts=((12, 3),), number=4)
    unit = ChunkToJudge(2, chunk)
    judged = JudgedChunk(2, judge_unit(chunk, (None,)))
    for sent in (chunk, unit, judged):
        back = pickle.loads(pickle.dumps(sent, pickle.HIGHEST_PROTOCOL))
        assert type(back) is type(sent) and back == sent
