"""Judging games in other processes, in order, with bounded memory (``--jobs``).

:func:`ordered_map` is ``map`` over this process and ``jobs - 1`` workers. It cuts
the items into batches (a task a hundred kilobytes of logs or so, so that what a task
costs, sending it and its results between processes, is paid once for many games),
keeps each worker a few batches ahead (a huge file is never queued whole) and
judges the other batches here, between reporting the results; at the end, the batches
no worker has been sent are taken back and judged here. The results come in the
order of the input, so that a parallel run reports exactly what a serial run does.
When the items' total weight is known (the size of the files), the end of the input
is cut into ever smaller batches, so that no process is left judging a whole batch
while the others have nothing to do, and so is the first batch, judged before any
worker starts. It uses no more processes than there are CPUs this process may run
on, nor than there are batches: ``--jobs 64`` on one game judges it here, without a
worker. The workers are forked (:mod:`scala40cli.audit.workers`); where the system
cannot fork, this process judges alone.

A run stops cleanly: on SIGINT (Ctrl-C) or SIGTERM (see :func:`stop_on_signals`) and
when a worker dies (the system's out-of-memory killer...), the workers are killed, not
left running, and the caller gets one exception to report in one line. Workers ignore
SIGINT, so a Ctrl-C at a terminal, which reaches the whole process group, prints no
traceback from them.
"""

from __future__ import annotations

import functools
import gc
import os
import pickle
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import Generic, TypeVar

from scala40cli.audit.signals import Stopped, stop_on_signals
from scala40cli.audit.workers import CAN_FORK, Job, WorkerLost, Workers

__all__ = ["Stopped", "WorkerLost", "available_cpus", "batches", "ordered_map",
           "stop_on_signals"]

Arg = TypeVar("Arg")
Extra = TypeVar("Extra")
Result = TypeVar("Result")

#: Batches given to each worker ahead (it is sent two of them, the others can still be
#: taken back): enough to keep it busy, few enough to bound memory.
IN_FLIGHT_PER_WORKER = 3
#: A batch is closed once its items weigh this much (bytes of log, for games)...
BATCH_WEIGHT = 128 * 1024
#: ... or hold this many items.
BATCH_ITEMS = 1024
#: When the items' total weight is known, each batch is cut to a ``TAIL_PARTS *
#: processes``-th of what is left (guided scheduling), from a whole batch down to an
#: eighth of one, so that the processes end within a small batch of each other. Four
#: parts a process, not one: a worker holds the two batches it has been sent, which
#: cannot be taken back, and by the end of the input those must be small too.
TAIL_PARTS = 4


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask, where the system has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def _weigh_one(item: object) -> int:
    return 1


def batches(items: Iterable[Arg], weight: Callable[[Arg], int] = _weigh_one, *,
            total: int | None = None, processes: int = 1) -> Iterator[list[Arg]]:
    """The items in order, cut into lists of at most ``BATCH_ITEMS`` items, each closed
    as soon as it weighs ``BATCH_WEIGHT`` or more.

    ``total`` is what the items weigh in all, if known (an estimate does: it only sizes
    the batches). Then the end of the input is cut finer, for ``processes`` to share
    evenly (see :data:`TAIL_PARTS`): the end of a run is where one process may wait for
    another, as long as the other's last batch takes. And the first batch is a small
    one: it is judged before any worker is forked, while no other process works. A
    total of one batch or less is one batch, as without it: workers would cost more
    than such a run could gain."""
    left = total if total is not None and total > BATCH_WEIGHT else None
    target = BATCH_WEIGHT if left is None else _smallest_batch()
    batch: list[Arg] = []
    weighed = 0
    for item in items:
        batch.append(item)
        weighed += weight(item)
        if weighed >= target or len(batch) >= BATCH_ITEMS:
            yield batch
            if left is not None:
                left -= weighed
            target = _batch_target(left, processes)
            batch, weighed = [], 0
    if batch:
        yield batch


def _batch_target(left: int | None, processes: int) -> int:
    """What the next batch should weigh, ``left`` being what the rest of the input
    weighs (None: not known)."""
    if left is None:
        return BATCH_WEIGHT
    return max(_smallest_batch(), min(BATCH_WEIGHT, left // (TAIL_PARTS * processes)))


def _smallest_batch() -> int:
    """The least a batch is cut to when the total is known: an eighth of a whole one."""
    return max(BATCH_WEIGHT // 8, 1)


def _run_batch(func: Callable[[Arg, Extra], Result], batch: list[Arg], extra: Extra
               ) -> list[Result]:
    return [func(item, extra) for item in batch]


def _pickled(batch: list[Arg]) -> bytes:
    return pickle.dumps(batch, pickle.HIGHEST_PROTOCOL)


def _run_pickled(func: Callable[[Arg, Extra], Result], extra: Extra, batch: bytes) -> bytes:
    """In a worker: :func:`_run_batch` on a batch that comes pickled, its results sent
    back pickled (see :func:`_shared` for why), or the exception it raised."""
    try:
        return pickle.dumps(_run_batch(func, pickle.loads(batch), extra),
                            pickle.HIGHEST_PROTOCOL)
    except Exception as error:  # raised by the parent, as it would be in a serial run
        import traceback

        where = "".join(traceback.format_exception(error))
        error.add_note(f"raised in a worker process:\n{where}")
        try:
            return pickle.dumps(_Failed(error), pickle.HIGHEST_PROTOCOL)
        except Exception:  # an exception that does not pickle: its text
            return pickle.dumps(_Failed(RuntimeError(f"in a worker: {error!r}\n{where}")),
                                pickle.HIGHEST_PROTOCOL)


def ordered_map(func: Callable[[Arg, Extra], Result], items: Iterable[Arg], extra: Extra, *,
                jobs: int, weight: Callable[[Arg], int] = _weigh_one,
                total: int | None = None) -> Iterator[Result]:
    """``func(item, extra)`` for every item, in order, computed by at most ``jobs``
    processes: this one and up to ``jobs - 1`` workers forked from it (the items and
    results must pickle); ``weight`` is an item's size, which decides how many items
    go in one task, and ``total``, if known, what they all weigh, about (see
    :func:`batches`). An exception ``func`` raises in a worker is raised here.

    Raises :class:`WorkerLost` when a worker dies; the workers are gone by then.
    """
    processes = min(jobs, available_cpus()) if CAN_FORK else 1
    cut = batches(items, weight, total=total, processes=max(processes, 1))
    first = next(cut, None)
    if first is None:
        return
    # Judged before any worker starts: what it loads and caches (the parser, the lines
    # seen) the workers inherit, as they are forked from this process where they can be.
    # Small when the total is known (see :func:`batches`): meanwhile no other process works.
    done = _run_batch(func, first, extra)
    first_share = _share(first, weight)
    del first  # a batch is let go of once judged or sent, in a long run as in a short one
    workers = processes - 1
    ahead = deque(islice(cut, workers))  # fewer batches left than workers: fewer workers
    workers = min(workers, len(ahead))
    rest = chain(_taken(ahead), cut)
    if workers < 1:  # one batch, one CPU or no fork: workers would only add their cost
        yield from done
        for batch in rest:
            yield from _run_batch(func, batch, extra)
        return
    yield from _shared(func, (done, first_share), rest, extra, workers, weight)


def _share(batch: list[Arg], weight: Callable[[Arg], int]) -> float:
    """What part of a full batch ``batch`` is (1 when it is closed by either bound):
    what its results weigh in the memory of a run, about."""
    return max(sum(map(weight, batch)) / BATCH_WEIGHT, len(batch) / BATCH_ITEMS)


def _taken(items: deque[Arg]) -> Iterator[Arg]:
    """The items in order, each let go of as it is given."""
    while items:
        yield items.popleft()


class _Task(Generic[Arg, Result]):
    """A batch in the run's order: judged here (``results``), or by a worker (``job``,
    whose answer is the batch's results pickled) until it is taken back. The batch
    itself is held only until it is judged or sent."""

    __slots__ = ("job", "results", "share")

    def __init__(self, share: float, job: Job | None = None,
                 results: list[Result] | None = None) -> None:
        self.share = share  # see :func:`_share`
        self.job = job
        self.results = results

    def ready(self, workers: Workers) -> bool:
        return self.job is None or workers.done(self.job)

    def take_back(self, workers: Workers, func: Callable[[Arg, Extra], Result],
                  extra: Extra) -> bool:
        """Judge the batch here, if no worker has been sent it yet."""
        if self.job is None or not workers.take_back(self.job):
            return False
        batch: list[Arg] = self.job.payload
        self.job, self.results = None, _run_batch(func, batch, extra)
        return True

    def outcome(self, workers: Workers) -> list[Result]:
        """Its results, waiting for the worker if need be."""
        if self.job is not None:
            sent = workers.answer(self.job)
            answer: _Answer[Result] = pickle.loads(sent)
            if isinstance(answer, _Failed):
                raise answer.error
            return answer
        assert self.results is not None
        return self.results


class _Failed:
    """What a worker answers when judging a batch raised: the exception, to raise here."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __reduce__(self) -> tuple[type[_Failed], tuple[BaseException]]:
        return _Failed, (self.error,)


_Answer = list[Result] | _Failed


def _shared(func: Callable[[Arg, Extra], Result], first: tuple[list[Result], float],
            cut: Iterator[list[Arg]], extra: Extra, count: int,
            weight: Callable[[Arg], int]) -> Iterator[Result]:
    """The batches judged by ``count`` workers and this process, results in order
    (``first`` is the first batch's, judged already, and its :func:`_share`).

    The workers are kept ``IN_FLIGHT_PER_WORKER`` batches ahead; any other batch is
    judged here, between the reports of the results, so the share of this process
    follows what it has left to do. At the end, the batches no worker has been sent
    are taken back and judged here too, so no process waits while another has a
    queue.

    The batches held at once, sent or judged and not yet reported, weigh at most
    ``2 * IN_FLIGHT_PER_WORKER`` full batches a worker: beyond that, this process
    waits for the oldest. They are counted by weight, not by number: at the end of
    the input the batches are small, and counted by number, a few of them judged
    here would fill the window while a worker still judges a whole batch sent
    earlier, and leave this process waiting for it.

    A worker's batches are pickled, and its results unpickled, here: that CPU time is
    then taken from this process's own judging, whose share follows its progress, and
    the work stays even between the processes. The collector is held off while the
    results are unpickled."""
    workers = Workers(_pickled)
    tasks: deque[_Task[Arg, Result]] = deque([_Task(first[1], results=first[0])])
    held = first[1]
    queue_length = count * IN_FLIGHT_PER_WORKER
    finished = False
    try:
        workers.fork(count, functools.partial(_run_pickled, func, extra), _worker_start)
        for batch in cut:
            workers.pump()
            share = _share(batch, weight)
            held += share
            if workers.load() < queue_length:
                tasks.append(_Task(share, job=workers.submit(batch)))
            else:  # the workers have enough to do
                tasks.append(_Task(share, results=_run_batch(func, batch, extra)))
            del batch  # held by its job until sent, not here
            while tasks and (tasks[0].ready(workers) or held > 2 * queue_length):
                held -= tasks[0].share
                yield from tasks.popleft().outcome(workers)
        while tasks:
            if not tasks[0].ready(workers) and any(
                    task.take_back(workers, func, extra) for task in reversed(tasks)):
                continue
            yield from tasks.popleft().outcome(workers)
        finished = True
    finally:
        if finished:
            workers.close()
        else:  # an error, a signal, or the caller stopped reading: kill, do not wait
            workers.kill()  # a second Ctrl-C cannot leave workers behind


def _worker_start() -> None:
    """In a worker: Ctrl-C is the parent's to handle, and SIGTERM ends it at once (it
    may have inherited the parent's handler).

    What a forked worker inherits (modules, the parser, the lines seen) it never
    collects: a run of the cyclic collector over those objects writes to each one's
    header, and so copies every page they share with the parent, for nothing."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    gc.freeze()
