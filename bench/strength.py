#!/usr/bin/env python3
"""How strong are the simulator's levels? Matches of two (or four) players, level
against level.

For each pairing (hard vs normal, normal vs easy, hard vs easy, and hard vs greedy, the
greedy baseline playing as an outside program through the table protocol of
docs/protocol.md) it plays ``--matches``
complete matches (1,000 by default) under ``--rules`` (classic by default), rotating
who deals first, and prints the first level's win rate with its 95%
confidence interval (Wilson score interval), the hands played and the speed. It is a
report: it asserts nothing.

    python bench/strength.py                       # 1,000 matches per pairing
    python bench/strength.py --matches 200 --seed 7 --jobs 2
    python bench/strength.py --rules traditional --set opening_points=50
    python bench/strength.py --players 4 --pairing "hard vs normal"

With ``--players 4`` the first level sits in seat 1 against three players of the
second (an even table would give it one match in four). ``--pairing`` plays only the
named pairing(s).

A match that is not over after the simulator's limit of hands has no winner and counts
as a loss for both levels (under the classic rules every match ends).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40cli.audit.rulesfile import choice_from
from scala40cli.judging.rulebook.rules import RuleChoice, Rules, resolve
from scala40cli.simulate import Bot, Level, play_match
from scala40cli.simulate.outside import OutsideSeat
from scala40cli.simulate.seats import Seat

#: The greedy baseline, an outside program (scala40cli/simulate/greedy.py).
GREEDY = "greedy"
GREEDY_COMMAND = f"{sys.executable} -m scala40cli.simulate.greedy"
PAIRINGS: tuple[tuple[Level, Level | str], ...] = (
    (Level.HARD, Level.NORMAL),
    (Level.NORMAL, Level.EASY),
    (Level.HARD, Level.EASY),
    (Level.HARD, GREEDY),
)
PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion of ``wins`` in ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (centre - half, centre + half)


def play_one(args: tuple[Level, Level | str, Rules, str, int, int]) -> tuple[int, int, int]:
    """Match ``index`` of a pairing: (1 if the first level won, 1 if one of the others
    did, hands played). The first level sits in seat 1; the dealer rotates."""
    first, second, rules, seed, index, players = args
    names = PLAYERS[:players]
    match_seed = f"{seed}:{first.value}-{second}:{index}"
    if players != 2:
        match_seed += f":{players}p"
    others: list[Seat] = [
        OutsideSeat(name, GREEDY_COMMAND, players=names, rules=rules) if second == GREEDY
        else Bot(second, random.Random(f"{match_seed}:bot:{seat}"))
        for seat, name in enumerate(names[1:], start=1)]
    try:
        record = play_match(players=names, bots=[Bot(first, random.Random(
            f"{match_seed}:bot:0")), *others], rules=rules, seed=match_seed,
            first_dealer=index % players)
    finally:
        for other in others:
            if isinstance(other, OutsideSeat):
                other.close()
    if record.forfeits:
        print(f"  match {index}: {record.forfeits}", file=sys.stderr)
    return (int(record.winner == names[0]), int(record.winner in names[1:]),
            len(record.hands))


def run_pairing(first: Level, second: Level | str, rules: Rules, seed: str, matches: int,
                jobs: int, players: int = 2) -> tuple[int, int, int, float]:
    work = [(first, second, rules, seed, index, players) for index in range(matches)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(play_one, work, chunksize=max(1, matches // (8 * jobs))))
    else:
        results = [play_one(item) for item in work]
    elapsed = time.perf_counter() - start
    return (sum(r[0] for r in results), sum(r[1] for r in results),
            sum(r[2] for r in results), elapsed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1000,
                        help="matches per pairing (default 1000)")
    parser.add_argument("--seed", default="1", help="the seed (default 1)")
    parser.add_argument("--rules", default=None, help="a preset or rules file (default classic)")
    parser.add_argument("--set", dest="sets", action="append", default=[],
                        metavar="KEY=VALUE", help="one rule switch (repeatable)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes (default: the number of CPUs)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                        help="players a match: the first level against the others (default 2)")
    parser.add_argument("--pairing", action="append", default=[], metavar="'A vs B'",
                        help="play only this pairing (repeatable; default all)")
    options = parser.parse_args(argv)
    choice = (choice_from(options.rules, options.sets)
              if options.rules is not None or options.sets else RuleChoice())
    rules = resolve(log_preset=None, log_values=(), choice=choice).rules
    pairings = [(a, b) for a, b in PAIRINGS
                if not options.pairing or f"{a.value} vs {b}" in options.pairing]
    if not pairings:
        parser.error(f"no such pairing: {', '.join(options.pairing)}")
    print(f"scala40 strength: {options.matches} {options.players}-player matches per pairing, "
          f"seed {options.seed}, {options.jobs} process(es)")
    print()
    header = (f"{'pairing':<16} {'matches':>7} {'wins':>6} {'win rate':>9} "
              f"{'95% CI (Wilson)':>17} {'hands':>7} {'matches/s':>10}")
    print(header)
    print("-" * len(header))
    for first, second in pairings:
        wins, losses, hands, elapsed = run_pairing(first, second, rules, options.seed,
                                                   options.matches, options.jobs,
                                                   options.players)
        low, high = wilson(wins, options.matches)
        rate = wins / options.matches if options.matches else 0.0
        speed = options.matches / elapsed if elapsed > 0 else float("inf")
        print(f"{first.value + ' vs ' + str(second):<16} {options.matches:>7} {wins:>6} "
              f"{rate:>8.1%} {f'[{low:.1%}, {high:.1%}]':>17} {hands:>7} {speed:>10.1f}",
              flush=True)
        if wins + losses != options.matches:
            print(f"  ({options.matches - wins - losses} matches stopped without a winner)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
