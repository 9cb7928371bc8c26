"""Judging games in other processes, in order, with bounded memory (``--jobs``).

:func:`ordered_map` is ``map`` over a pool of processes that keeps at most a few tasks
a worker in flight, so a huge file is never queued whole, and yields the results in the
order of the input, so that a parallel run reports exactly what a serial run does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

Arg = TypeVar("Arg")
Extra = TypeVar("Extra")
Result = TypeVar("Result")

#: Tasks queued per worker: enough to keep every core busy, few enough to bound memory.
IN_FLIGHT_PER_JOB = 4


def ordered_map(func: Callable[[Arg, Extra], Result], items: Iterable[Arg], extra: Extra, *,
                jobs: int) -> Iterator[Result]:
    """``func(item, extra)`` for every item, computed by ``jobs`` processes, in order."""
    from concurrent.futures import ProcessPoolExecutor  # only a parallel run needs it

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque[Future[Result]] = deque()
        for item in items:
            pending.append(pool.submit(func, item, extra))
            if len(pending) >= jobs * IN_FLIGHT_PER_JOB:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
