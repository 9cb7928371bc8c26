"""The forked workers of ``--jobs`` (``audit/workers.py``): messages of any size both
ways, answers in order, jobs taken back, a lost worker found, no process left behind."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from scala40cli.audit import parallel
from scala40cli.audit.parallel import ordered_map
from scala40cli.audit.workers import CAN_FORK, PIPE_SIZE, SENT_AHEAD, WorkerLost, Workers

pytestmark = pytest.mark.skipif(not CAN_FORK, reason="workers are forked")


def tripled(message: bytes) -> bytes:
    return message * 3


def nothing() -> None:
    pass


def forked(count: int, serve: Callable[[bytes], bytes] = tripled,
           encode: Callable[[Any], bytes] = bytes) -> Workers:
    workers = Workers(encode)
    workers.fork(count, serve, nothing)
    return workers


def gone(pid: int) -> bool:
    """Reaped: no such process any more (a zombie would still be there)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_messages_larger_than_a_pipe_cross_both_ways_in_order() -> None:
    workers = forked(2)
    messages = [bytes([n]) * (PIPE_SIZE + 12_345 * n) for n in range(6)]
    jobs = [workers.submit(message) for message in messages]
    answers = [bytes(workers.answer(job)) for job in jobs]
    pids = [worker.pid for worker in workers._workers]
    workers.close()
    assert answers == [message * 3 for message in messages]
    assert len(set(pids)) == 2 and all(gone(pid) for pid in pids)


def test_a_job_not_yet_sent_is_taken_back_and_a_sent_one_is_not() -> None:
    made: list[int] = []

    def message(n: int) -> bytes:
        made.append(n)
        return b"%d" % n

    gate_read, gate_write = os.pipe()

    def held(answered: bytes) -> bytes:
        """Answers only once the test opens the gate: no answer comes early on a busy
        machine, to make room for a job the test expects to be still held."""
        os.read(gate_read, 1)
        return answered * 3

    workers = forked(1, serve=held, encode=message)
    jobs = [workers.submit(n) for n in range(SENT_AHEAD + 2)]
    assert workers.load() == SENT_AHEAD + 2
    assert not workers.take_back(jobs[0])  # sent at once
    assert jobs[0].payload is None  # not held once sent
    assert workers.take_back(jobs[-1])
    assert jobs[-1].payload == SENT_AHEAD + 1  # for the caller to do
    assert not workers.take_back(jobs[-1])  # once only
    os.write(gate_write, b"x" * (SENT_AHEAD + 1))
    assert [bytes(workers.answer(job)) for job in jobs[:-1]] == [
        b"%d" % n * 3 for n in range(SENT_AHEAD + 1)]
    assert workers.load() == 0
    assert made == list(range(SENT_AHEAD + 1))  # the one taken back was never made
    workers.close()
    os.close(gate_read)
    os.close(gate_write)


def test_a_dead_worker_is_found_by_a_wait_and_killed_workers_are_reaped() -> None:
    workers = forked(2)
    pids = [worker.pid for worker in workers._workers]
    os.kill(pids[0], signal.SIGKILL)
    with pytest.raises(WorkerLost):  # sending to it, or waiting for its answer
        job = workers.submit(b"x")  # to the least busy: the first
        workers.answer(job)
    workers.kill()
    assert all(gone(pid) for pid in pids)


def test_a_worker_closed_then_killed_closes_no_other_file() -> None:
    workers = forked(1)
    worker = workers._workers[0]
    pid = worker.pid
    worker.close()
    assert gone(pid)
    reused = [os.open(os.devnull, os.O_RDONLY) for _ in range(2)]  # the numbers just freed
    try:
        worker.kill()
        for descriptor in reused:
            os.fstat(descriptor)  # still open
    finally:
        for descriptor in reused:
            os.close(descriptor)


def slow_answer(message: bytes) -> bytes:
    time.sleep(0.05)
    return message


def test_done_never_waits() -> None:
    workers = forked(1, slow_answer)
    job = workers.submit(b"late")
    start = time.monotonic()
    assert not workers.done(job)
    assert time.monotonic() - start < 0.04
    assert workers.answer(job) == b"late" and workers.done(job)
    workers.close()


class Unpicklable(Exception):
    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("not this one")


def fails_in_a_worker(item: int, parent: int) -> int:
    if os.getpid() != parent:
        if item == 7:
            raise ValueError(f"item {item}")
        if item == 8:
            raise Unpicklable("unpicklable")
    return item


@pytest.mark.parametrize(("bad", "raised", "says"), [
    (7, ValueError, "item 7"),
    (8, RuntimeError, "in a worker: Unpicklable('unpicklable')"),
])
def test_an_exception_in_a_worker_is_raised_here(
        monkeypatch: pytest.MonkeyPatch, bad: int, raised: type[Exception], says: str) -> None:
    monkeypatch.setattr(parallel, "available_cpus", lambda: 2)
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 1)
    items = [0, bad, 1, 2, 3, 4, 5]  # the first is judged here; the bad one goes out
    with pytest.raises(raised, match=says.replace("(", r"\(").replace(")", r"\)")) as found:
        list(ordered_map(fails_in_a_worker, items, os.getpid(), jobs=2))
    # The worker's own traceback comes along, to find the bug by.
    told = "".join(getattr(found.value, "__notes__", [])) + str(found.value)
    assert "in fails_in_a_worker" in told


# Python 3.12 warns on every fork of a process with threads: the case with another thread
# makes one on purpose, to stand for a program that has some.
@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
@pytest.mark.parametrize("other_thread", [False, True])
def test_a_signal_while_the_workers_fork_stops_the_run_and_kills_them(
        monkeypatch: pytest.MonkeyPatch, other_thread: bool) -> None:
    """A SIGTERM right after each fork: the run stops, and no worker is left behind,
    even when the signal comes through another thread, as in a process that has some
    (the stop is then raised once every worker is noted down)."""
    pids: list[int] = []
    real_fork = os.fork

    def fork_then_signal() -> int:
        pid = real_fork()
        if pid:
            pids.append(pid)
            os.kill(os.getpid(), signal.SIGTERM)
        return pid

    monkeypatch.setattr(os, "fork", fork_then_signal)
    monkeypatch.setattr(parallel, "available_cpus", lambda: 3)
    monkeypatch.setattr(parallel, "BATCH_ITEMS", 1)
    done = threading.Event()
    waiting = threading.Thread(target=done.wait)
    if other_thread:
        waiting.start()
    try:
        with pytest.raises(parallel.Stopped), parallel.stop_on_signals():
            list(ordered_map(fails_in_a_worker, range(10), os.getpid(), jobs=3))
    finally:
        done.set()
    assert len(pids) == 2 and all(gone(pid) for pid in pids)
