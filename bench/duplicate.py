#!/usr/bin/env python3
"""How strong is one level against another, on duplicate deals? Whole matches, each deal
played once with the first level at every seat.

A deal is a match seed: the same seed deals the same cards to the same seats, so
playing it once with the first level in seat 1, once in seat 2 (and so on, with
``--players 4``: one against three) cancels most of the luck of the cards, and a
difference shows in far fewer matches than with fresh deals (bench/strength.py). The
score of a deal is the share of its matches the first level won; the interval is
the 95% normal interval of the mean deal score (the matches of a deal are not
independent, so their spread, not the binomial's, is the one to use), and the plain
Wilson interval of the matches is shown beside it. With ``--sprt P0,P1`` the run is a
sequential probability ratio test (the normal approximation that fishtest uses,
alpha = beta = 0.05) of "the first level wins P0 of its matches" against "P1", and
stops as soon as one is accepted. It is a report: it asserts nothing.

    python bench/duplicate.py --pairing "expert vs hard" --deals 300 --jobs 2
    python bench/duplicate.py --pairing "expert vs hard" --players 4 --sprt 0.35,0.40
    python bench/duplicate.py --pairing "hard vs normal" --deals 1000

``--budget KEY=VALUE,...`` changes the expert's budget (its fields, such as
``worlds=64,take_worlds=64`` or ``lean=0.3/0.09``; the default budget otherwise).
``--max-hands 1`` plays one hand a match: the measure is then the margin of a hand
(the other players' mean penalty less the first level's), which shows a difference
sooner than whole matches do, and is printed for whole matches too (their totals).
``--margins PATH`` appends each deal's margins to PATH, so that two runs on the same
deals (the same ``--seed``) can be compared deal by deal (``bench/paired.py``).
``--variant NAME`` plays the first level's seats with an experimental bot of
``scala40cli/simulate/opening_race.py`` (``VARIANTS``) on the pairing's own deals:
``--pairing "hard vs hard" --variant race3`` meets hard on the deals of hard against
itself.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40cli.judging.rulebook.rules import RuleChoice, Rules, resolve
from scala40cli.simulate import Level, play_match
from scala40cli.simulate.expert import DEFAULT_BUDGET, Budget
from scala40cli.simulate.levels import make_bot
from scala40cli.simulate.match import MAX_HANDS
from scala40cli.simulate.opening_race import VARIANTS

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
Z95 = 1.959963984540054
#: alpha = beta = 0.05: the SPRT's bounds on the log-likelihood ratio.
LOWER, UPPER = math.log(0.05 / 0.95), math.log(0.95 / 0.05)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion of ``wins`` in ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (centre - half, centre + half)


def deal_stats(scores: Sequence[float]) -> tuple[float, float, float]:
    """The mean deal score, its variance, and the half-width of its 95% interval."""
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.25
    return mean, var, Z95 * math.sqrt(var / n)


#: Deals played before the SPRT may decide (the variance of fewer is no estimate), and
#: the least variance of a deal score it assumes.
SPRT_FIRST_DEALS = 30
SPRT_LEAST_VARIANCE = 0.01


def llr(scores: Sequence[float], p0: float, p1: float) -> float:
    """The log-likelihood ratio of P1 against P0 for the mean of ``scores`` (normal
    approximation with the observed variance of a deal score); 0 before
    :data:`SPRT_FIRST_DEALS` deals."""
    n = len(scores)
    if n < SPRT_FIRST_DEALS:
        return 0.0
    mean, var, _ = deal_stats(scores)
    var = max(var, SPRT_LEAST_VARIANCE)
    return n * (p1 - p0) * (2 * mean - p0 - p1) / (2 * var)


def play_deal(args: tuple[str, str, Rules, str, int, int, Budget, int, str | None]
              ) -> tuple[int, list[int], list[float], int, float]:
    """Deal ``index``, played once with the first level (or ``variant``) at each seat:
    (index, the first level's wins, its total less the others' mean total, hands, CPU
    seconds)."""
    first, second, rules, seed, index, players, budget, max_hands, variant = args
    start = time.process_time()
    names = PLAYERS[:players]
    deal_seed = f"{seed}:dup:{first}-{second}:{index}:{players}p"
    wins: list[int] = []
    margins: list[float] = []
    hands = 0
    for seat in range(players):
        bots = [VARIANTS[variant](random.Random(f"{deal_seed}:bot:{s}:{seat}"))
                if variant and s == seat else
                make_bot(first if s == seat else second,
                         random.Random(f"{deal_seed}:bot:{s}:{seat}"), budget)
                for s in range(players)]
        record = play_match(players=names, bots=bots, rules=rules, seed=deal_seed,
                            first_dealer=index % players, max_hands=max_hands)
        wins.append(int(record.winner == names[seat]))
        others = [record.totals[n] for n in names if n != names[seat]]
        margins.append(sum(others) / len(others) - record.totals[names[seat]])
        hands += len(record.hands)
    return index, wins, margins, hands, time.process_time() - start


def budget_of(text: str) -> Budget:
    """``worlds=32,sure=1.5`` over the default budget."""
    changes: dict[str, object] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        current = getattr(DEFAULT_BUDGET, key.strip())
        kind = type(current) if current is not None else int
        if kind is tuple:  # lean=0.5/0.3/0.25
            changes[key.strip()] = tuple(float(v) for v in value.split("/"))
            continue
        changes[key.strip()] = (value.strip().lower() in ("1", "true", "yes")
                                if kind is bool else kind(value))
    return dataclasses.replace(DEFAULT_BUDGET, **changes)  # type: ignore[arg-type]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairing", default="expert vs hard", metavar="'A vs B'")
    parser.add_argument("--deals", type=int, default=300, help="deals (default 300)")
    parser.add_argument("--from-deal", type=int, default=0, metavar="N",
                        help="the first deal's index (to extend a run of N deals)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--sprt", default=None, metavar="P0,P1",
                        help="stop when an SPRT of P0 against P1 decides")
    parser.add_argument("--budget", default="", metavar="KEY=VALUE,...",
                        help="the expert's budget, field by field (default: its own)")
    parser.add_argument("--margins", type=Path, default=None, metavar="PATH",
                        help="write each deal's margins, one line a deal (index, then the "
                        "first level's margin at each seat), to compare runs deal by deal")
    parser.add_argument("--every", type=int, default=10, help="a progress line every N deals")
    parser.add_argument("--max-hands", type=int, default=MAX_HANDS,
                        help="stop each match after this many hands (1: the margin of one "
                        "hand is the measure, a match won by nobody)")
    parser.add_argument("--variant", default=None, choices=sorted(VARIANTS),
                        help="an experimental bot in the first level's seats, on the "
                        "pairing's deals")
    options = parser.parse_args(argv)
    first, _, second = (part.strip() for part in options.pairing.partition(" vs "))
    for name in (first, second):
        Level(name)  # a wrong name stops here
    rules = resolve(log_preset=None, log_values=(), choice=RuleChoice()).rules
    budget = budget_of(options.budget)
    bounds = tuple(float(p) for p in options.sprt.split(",")) if options.sprt else None
    shown = f" (first: {options.variant})" if options.variant else ""
    print(f"scala40 duplicate: {first} vs {second}{shown}, {options.players} players, up to "
          f"{options.deals} deals x {options.players} seats, seed {options.seed}, "
          f"{budget}, "
          f"{options.jobs} process(es)", flush=True)
    work = [(first, second, rules, options.seed, index, options.players, budget,
             options.max_hands, options.variant)
            for index in range(options.from_deal, options.from_deal + options.deals)]
    scores: list[float] = []
    margins: list[float] = []
    games = won = hands = 0
    cpu = 0.0
    verdict = ""
    wall = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        pending: set[Future[tuple[int, list[int], list[float], int, float]]] = set()
        queue = iter(work)
        for item in queue:
            pending.add(pool.submit(play_deal, item))
            if len(pending) >= 2 * options.jobs:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                index, wins, deal_margins, deal_hands, deal_cpu = future.result()
                if options.margins is not None:
                    with options.margins.open("a", encoding="utf-8") as out:
                        out.write(" ".join([str(index), *map(str, deal_margins)]) + "\n")
                scores.append(sum(wins) / len(wins))
                games += len(wins)
                won += sum(wins)
                margins.append(sum(deal_margins) / len(deal_margins))
                hands += deal_hands
                cpu += deal_cpu
                if bounds is not None and not verdict:
                    ratio = llr(scores, *bounds)
                    if ratio >= UPPER:
                        verdict = (f"H1 accepted: {first} wins {bounds[1]:.0%} rather "
                                   f"than {bounds[0]:.0%}")
                    elif ratio <= LOWER:
                        verdict = (f"H0 accepted: {first} wins {bounds[0]:.0%} rather "
                                   f"than {bounds[1]:.0%}")
                if len(scores) % options.every == 0 or verdict:
                    report(scores, games, won, margins, hands, cpu, bounds)
                nxt = None if verdict else next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(play_deal, nxt))
            if verdict:
                for future in pending:
                    future.cancel()
                break
    print("final:", flush=True)
    report(scores, games, won, margins, hands, cpu, bounds)
    print(f"  wall {time.perf_counter() - wall:.0f} s"
          + (f"; {verdict}" if verdict else ""), flush=True)
    return 0


def report(scores: Sequence[float], games: int, won: int, margins: Sequence[float],
           hands: int, cpu: float, bounds: tuple[float, ...] | None) -> None:
    """One line of progress: the deals so far, the first level's share of the matches
    with its interval, the mean margin a deal with the half-width of its interval."""
    mean, _, half = deal_stats(scores)
    low, high = wilson(won, games)
    _, _, margin_half = deal_stats(margins)
    line = (f"  deals {len(scores)}  matches {games}  won {won}  {mean:.1%} "
            f"[{mean - half:.1%}, {mean + half:.1%}] (Wilson [{low:.1%}, {high:.1%}])  "
            f"margin {sum(margins) / len(margins):+.1f} [{margin_half:.1f}] pts  "
            f"hands {hands}  CPU {cpu / games:.1f} s/match")
    if bounds is not None:
        line += f"  LLR {llr(scores, *bounds):+.2f} [{LOWER:.2f}, {UPPER:.2f}]"
    print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main())
