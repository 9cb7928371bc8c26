"""How long ``--jobs 2`` leaves this process idle, on a model with no noise in it.

    python bench/schedule_model.py [FILE] [--copies N]

The wall time this process spends waiting for a worker's answer is what the schedule
of :mod:`scala40cli.audit.parallel` decides, and on a shared machine a timed run
measures the other tenants as much as the schedule. This model replays the schedule
on the games of FILE (the benchmark's corpus by default), with the package's own
batches (:func:`~scala40cli.audit.parallel.batches`), constants and window, and a
clock that moves only by what each step costs: judging a game costs its size in
bytes, in either process; this process also pays for pickling a batch it sends
(``--send-cost`` a byte) and for unpickling a worker's results (``--results-cost``
a byte of log); a worker is sent at most ``SENT_AHEAD`` batches. It prints the
speed-up (serial cost over the end of the run) and the time this process waited,
as a share of the serial cost. It measures no real run: it is for comparing one
schedule with another.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scala40cli.audit import parallel  # noqa: E402
from scala40cli.audit.workers import SENT_AHEAD  # noqa: E402
from scala40cli.reading.chunks import game_chunks  # noqa: E402


@dataclass
class Batch:
    weight: int
    share: float
    local: bool  # judged here, or taken back
    finish: float | None = None  # when the worker has its answer ready, once sent


@dataclass
class Model:
    """One worker and this process, on a clock in bytes judged."""

    send_cost: float
    results_cost: float
    now: float = 0.0
    idle: float = 0.0
    worker_free: float = 0.0
    queued: deque[Batch] = field(default_factory=deque)
    sent: deque[Batch] = field(default_factory=deque)

    def pump(self) -> None:
        """Send what the worker has room for (answers read meanwhile are dropped)."""
        while self.sent and self.sent[0].finish is not None \
                and self.sent[0].finish <= self.now:
            self.sent.popleft()
        while self.queued and len(self.sent) < SENT_AHEAD:
            batch = self.queued.popleft()
            self.now += batch.weight * self.send_cost
            batch.finish = max(self.worker_free, self.now) + batch.weight
            self.worker_free = batch.finish
            self.sent.append(batch)

    def load(self) -> int:
        return len(self.queued) + len(self.sent)

    def ready(self, batch: Batch) -> bool:
        self.pump()
        return batch.local or (batch.finish is not None and batch.finish <= self.now)

    def report(self, batch: Batch) -> None:
        """Wait for the batch's answer if need be, and read it."""
        while not self.ready(batch):
            start = self.now
            self.now = min(b.finish for b in self.sent if b.finish is not None)
            self.idle += self.now - start
        if not batch.local:
            self.now += batch.weight * self.results_cost


def its_size(game: int) -> int:
    """A game's weight: the model's games are their sizes."""
    return game


def run(sizes: list[int], send_cost: float, results_cost: float) -> tuple[float, float]:
    """The speed-up and this process's idle time (a share of the serial cost)."""
    total = sum(sizes)
    cut = parallel.batches(sizes, its_size, total=total, processes=2)
    model = Model(send_cost, results_cost)
    first = next(cut)
    model.now = model.worker_free = float(sum(first))
    tasks = deque([Batch(sum(first), parallel._share(first, its_size), local=True)])
    held = tasks[0].share
    queue_length = parallel.IN_FLIGHT_PER_WORKER
    for items in cut:
        model.pump()
        batch = Batch(sum(items), parallel._share(items, its_size), local=False)
        held += batch.share
        if model.load() < queue_length:
            model.queued.append(batch)
            model.pump()
        else:
            batch.local = True
            model.now += batch.weight
        tasks.append(batch)
        while tasks and (model.ready(tasks[0]) or held > 2 * queue_length):
            held -= tasks[0].share
            model.report(tasks.popleft())
    while tasks:
        if not model.ready(tasks[0]):
            unsent = [batch for batch in reversed(tasks) if batch in model.queued]
            if unsent:  # taken back
                model.queued.remove(unsent[0])
                unsent[0].local = True
                model.now += unsent[0].weight
                continue
        model.report(tasks.popleft())
    return total / max(model.now, model.worker_free), model.idle / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, nargs="?",
                        help="a log (default: the benchmark's corpus, simulated)")
    parser.add_argument("--copies", type=int, default=1, help="the games, this many times")
    parser.add_argument("--send-cost", type=float, default=0.003)
    parser.add_argument("--results-cost", type=float, default=0.02)
    args = parser.parse_args()
    if args.file is None:  # the benchmark's corpus: 200 simulated 4-player matches
        log = subprocess.run([sys.executable, "-m", "scala40cli", "simulate", "--players",
                              "4", "--games", "200", "--seed", "1"], check=True,
                             capture_output=True, cwd=ROOT).stdout
        sizes = [len(chunk.data) for chunk in game_chunks(io.BytesIO(log))]
    else:
        with args.file.open("rb") as handle:
            sizes = [len(chunk.data) for chunk in game_chunks(handle)]
    if not sizes:
        parser.error(f"{args.file} holds no game")
    speed_up, idle = run(sizes * args.copies, args.send_cost, args.results_cost)
    print(f"{len(sizes) * args.copies} games, {sum(sizes) * args.copies:,} bytes: "
          f"speed-up {speed_up:.3f}x; this process idle {idle:.1%} of the serial time")


if __name__ == "__main__":
    main()
