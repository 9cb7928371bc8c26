#!/usr/bin/env python3
"""What does the expert's thinking cost? CPU time of each of its decisions, and memory.

It plays ``--matches`` complete matches (two players by default) of the expert in seat
1 against ``--against`` (hard by default) and times in CPU time (``time.process_time``)
every question the engine asks the expert: draw or take, the plays and discard of a
turn, buy or not. It prints, for the decisions with more than one candidate (the others
cost next to nothing: a single legal answer), and for every question asked, the count,
the median, the 99th percentile and the maximum in milliseconds; the same for whole
turns (the draw and the plays together, as bench/bot_turn.py times the other levels);
and, in a second run of ``--memory-matches`` matches (traced, so not timed), the peak
of the memory the process allocated in Python (``tracemalloc``), against the same
matches with the hard level in the expert's seat. It is a report: it asserts nothing
(the budget of issue 37: a median decision under 100 ms, none over 1 s).

    python bench/expert_turn.py                         # 20 matches, the default budget
    python bench/expert_turn.py --budget worlds=64,take_worlds=96 --matches 5
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from duplicate import budget_of  # bench/duplicate.py, beside this file

from scala40cli.judging.rulebook.rules import RuleChoice, resolve
from scala40cli.simulate import Bot, Level, play_match
from scala40cli.simulate.expert import Budget, ExpertBot
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.view import PlayerView

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")


class TimedExpert(ExpertBot):
    """The expert, each question timed: (kind, candidates, CPU seconds)."""

    def __init__(self, rng: random.Random, budget: Budget) -> None:
        super().__init__(rng, budget)
        self.asked: list[tuple[str, int, float]] = []
        self.turns: list[float] = []
        self._pending = 0.0

    def wants_take(self, view: PlayerView) -> bool:
        choices = len(self.expert.take_choices(view))  # counted before the clock starts
        start = time.process_time()
        answer = super().wants_take(view)
        spent = time.process_time() - start
        self.asked.append(("take", choices, spent))
        self._pending = spent
        return answer

    def play(self, view: PlayerView) -> TurnPlan:
        choices = len(self.expert.plan_choices(view))
        start = time.process_time()
        plan = super().play(view)
        spent = time.process_time() - start
        self.asked.append(("play", choices, spent))
        self.turns.append(self._pending + spent)
        self._pending = 0.0
        return plan

    def wants_buy(self, view: PlayerView) -> bool:
        choices = len(self.expert.buy_choices(view))
        start = time.process_time()
        answer = super().wants_buy(view)
        self.asked.append(("buy", choices, time.process_time() - start))
        return answer


def line(name: str, seconds: Sequence[float]) -> str:
    if not seconds:
        return f"{name:<28} none"
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return (f"{name:<28} {len(ms):>6}  median {statistics.median(ms):7.1f} ms  "
            f"p99 {p99:7.1f} ms  max {ms[-1]:7.1f} ms")


def run(options: argparse.Namespace, budget: Budget, seats: type[Bot] | None,
        matches: int, traced: bool) -> tuple[list[tuple[str, int, float]], list[float], int]:
    """Play the matches; the expert's questions, its turns, and the peak of memory
    (0 unless ``traced``)."""
    rules = resolve(log_preset=None, log_values=(), choice=RuleChoice()).rules
    names = PLAYERS[:options.players]
    asked: list[tuple[str, int, float]] = []
    turns: list[float] = []
    gc.collect()
    if traced:
        tracemalloc.start()
    for index in range(matches):
        seed = f"{options.seed}:expert-turn:{index}"
        first: Bot = (TimedExpert(random.Random(f"{seed}:bot:0"), budget) if seats is None
                      else seats(Level.HARD, random.Random(f"{seed}:bot:0")))
        others = [Bot(options.against, random.Random(f"{seed}:bot:{seat}"))
                  for seat in range(1, len(names))]
        play_match(players=names, bots=[first, *others], rules=rules, seed=seed,
                   first_dealer=index % len(names))
        if isinstance(first, TimedExpert):
            asked += first.asked
            turns += first.turns
    peak = 0
    if traced:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return asked, turns, peak


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20, help="matches (default 20)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--against", default="hard", choices=[lv.value for lv in Level])
    parser.add_argument("--seed", default="1")
    parser.add_argument("--budget", default="", metavar="KEY=VALUE,...")
    parser.add_argument("--memory-matches", type=int, default=2)
    options = parser.parse_args(argv)
    budget = budget_of(options.budget)
    asked, turns, _ = run(options, budget, None, options.matches, traced=False)
    _, _, peak = run(options, budget, None, options.memory_matches, traced=True)
    _, _, plain = run(options, budget, Bot, options.memory_matches, traced=True)
    print(f"scala40 expert turn: expert against {options.against}, {options.matches} "
          f"{options.players}-player matches (CPU time), {budget}")
    print(line("decisions with a choice", [s for _, n, s in asked if n > 1]))
    print(line("every question", [s for _, _, s in asked]))
    for kind in ("take", "play", "buy"):
        print(line(f"  {kind}", [s for k, n, s in asked if k == kind and n > 1]))
    print(line("turns (draw and plays)", turns))
    print(f"peak Python memory {peak / 2**20:.1f} MiB (the same matches with the hard "
          f"level in its seat: {plain / 2**20:.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
