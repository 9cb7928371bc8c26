#!/usr/bin/env python3
"""What does a computer player's turn cost? CPU time of each decision of one level.

It plays ``--matches`` complete matches (two players by default, ``--players 4`` for
four) of ``--level`` (hard by default) in seat 1 against the other seats at
``--against`` (normal by default), and times in CPU time (``time.process_time``) every
turn of the measured level: the question whether to take the discard and the plays and
discard of the turn, added together, plus each buy question on its own. It prints the
turns timed, their median, 99th percentile and maximum in milliseconds. It is a
report: it asserts nothing (the budget of a hard turn is 200 ms).

    python bench/bot_turn.py                      # 200 two-player matches of hard
    python bench/bot_turn.py --players 4 --matches 50
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40cli.judging.rulebook.rules import RuleChoice, resolve
from scala40cli.simulate import Bot, Level, play_match
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.view import PlayerView

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")


class TimedBot(Bot):
    """A bot that adds up the CPU time of each of its turns."""

    def __init__(self, level: Level, rng: random.Random) -> None:
        super().__init__(level, rng)
        self.turns: list[float] = []
        self._pending = 0.0

    def wants_take(self, view: PlayerView) -> bool:
        start = time.process_time()
        answer = super().wants_take(view)
        self._pending = time.process_time() - start
        return answer

    def play(self, view: PlayerView) -> TurnPlan:
        start = time.process_time()
        plan = super().play(view)
        self.turns.append(self._pending + time.process_time() - start)
        self._pending = 0.0
        return plan

    def wants_buy(self, view: PlayerView) -> bool:
        start = time.process_time()
        answer = super().wants_buy(view)
        self.turns.append(time.process_time() - start)
        return answer


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="matches (default 200)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--level", default="hard", choices=[lv.value for lv in Level])
    parser.add_argument("--against", default="normal", choices=[lv.value for lv in Level])
    parser.add_argument("--seed", default="1")
    options = parser.parse_args(argv)
    rules = resolve(log_preset=None, log_values=(), choice=RuleChoice()).rules
    names = PLAYERS[:options.players]
    timed: list[float] = []
    for index in range(options.matches):
        seed = f"{options.seed}:turn:{index}"
        bot = TimedBot(Level(options.level), random.Random(f"{seed}:bot:0"))
        others = [Bot(options.against, random.Random(f"{seed}:bot:{seat}"))
                  for seat in range(1, len(names))]
        play_match(players=names, bots=[bot, *others], rules=rules, seed=seed,
                   first_dealer=index % len(names))
        timed.extend(bot.turns)
    if not timed:
        print("no turn timed")
        return 1
    ms = sorted(t * 1000 for t in timed)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(f"scala40 bot turn: {options.level} against {options.against}, "
          f"{options.matches} {options.players}-player matches (CPU time)")
    print(f"turns {len(ms)}  median {statistics.median(ms):.2f} ms  "
          f"p99 {p99:.2f} ms  max {ms[-1]:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
