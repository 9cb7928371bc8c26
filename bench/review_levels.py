#!/usr/bin/env python3
"""Can the review be trusted? (a): does its average loss per decision order the levels
as their strength does?

Plays matches with one seat a level (by default easy, normal, hard and expert at a
table of four, the levels' seats turned round from one match to the next so that no
level always plays first), reviews every seat of every match with ``scala40 review``'s
engine, and prints for each level its decisions, its agreement with the engine, its
average loss per decision with a 95% interval, and its counts of each class. The
interval is over matches (each match's average loss for the level one observation, a
t interval): a match's decisions are not independent of each other. It is a report: it
asserts nothing; docs/review.md quotes its figures.

    python bench/review_levels.py --games 24 --max-hands 3 --jobs 2
    python bench/review_levels.py --levels easy,hard --players 2 --engine standin
    python bench/review_levels.py --seed 2 --dump runs.jsonl  # then: --pooled runs.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.review.engines import DEFAULT_ENGINE
from scala40cli.review.records import Reviewed
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.running import Source, review_files
from scala40cli.review.scorer import parse_budget
from scala40cli.simulate.runner import game_text, make_setup, parse_levels, simulate_game

#: Student's t at 97.5% for small samples (degrees of freedom: value); 1.96 beyond.
T975 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
        10: 2.23, 12: 2.18, 15: 2.13, 20: 2.09, 25: 2.06, 30: 2.04, 40: 2.02, 60: 2.00}


def t975(freedom: int) -> float:
    known = [d for d in T975 if d <= freedom]
    return T975[max(known)] if known and freedom <= 60 else 1.96


def matches(levels: list[str], players: int, games: int, max_hands: int,
            seed: int) -> list[tuple[str, dict[str, str]]]:
    """Each match's log and which level each player played."""
    found = []
    for index in range(games):
        turned = [levels[(seat + index) % len(levels)] for seat in range(players)]
        setup = make_setup(players=players, levels=parse_levels(",".join(turned), players),
                           choice=RuleChoice(), seed=f"{seed}-{index}", games=1,
                           max_hands=max_hands)
        record = simulate_game(setup, 1)
        found.append((game_text(record), dict(zip(setup.players, turned, strict=True))))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="easy,normal,hard,expert")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--max-hands", type=int, default=3)
    parser.add_argument("--budget", default="quick")
    parser.add_argument("--engine", default=DEFAULT_ENGINE)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dump", type=Path, default=None,
                        help="Append each match's average loss a level to this file (JSON "
                        "lines), so that runs of other seeds can be pooled.")
    parser.add_argument("--pooled", type=Path, default=None,
                        help="Play nothing: print the table of the matches --dump wrote "
                        "to this file (every seed's).")
    args = parser.parse_args()
    levels = args.levels.split(",")
    if args.pooled is not None:
        print_pooled(args.pooled, levels)
        return
    started = time.process_time(), time.time()
    played = matches(levels, args.players, args.games, args.max_hands, args.seed)
    settings = ReviewSettings(engine=args.engine, budget=parse_budget(args.budget),
                              seed=str(args.seed))
    sources = [Source(path=f"match-{n + 1}.s40", data=text.encode())
               for n, (text, _) in enumerate(played)]
    files = review_files(sources, seat=None, every=True, settings=settings,
                         jobs=args.jobs)
    per_match: dict[str, list[float]] = {level: [] for level in levels}
    decisions: dict[str, list[Reviewed]] = {level: [] for level in levels}
    for reviewed, (_, seats) in zip(files, played, strict=True):
        for game in reviewed.games:
            for player, level in seats.items():
                mine = [d for d in game.decisions
                        if isinstance(d, Reviewed) and d.seat == player]
                decisions[level] += mine
                if mine:
                    per_match[level].append(sum(d.loss for d in mine) / len(mine))
                    if args.dump is not None:
                        with args.dump.open("a", encoding="utf-8") as out:
                            out.write(json.dumps({"seed": args.seed, "match": reviewed.path,
                                                  "level": level, "decisions": len(mine),
                                                  "agreed": sum(d.agreed for d in mine),
                                                  "loss": per_match[level][-1]}) + "\n")
    cpu = time.process_time() - started[0]
    print(f"{args.games} matches of {args.players} players ({','.join(levels)}), at most "
          f"{args.max_hands} hands, reviewed by the {args.engine} engine, budget "
          f"{args.budget}, seed {args.seed}: {time.time() - started[1]:.0f} s, "
          f"{cpu:.0f} s of CPU in the main process\n")
    print("| level | decisions | agreement | average loss [95%] | ?! | ? | ?? |")
    print("|---|---|---|---|---|---|---|")
    for level in levels:
        found, means = decisions[level], per_match[level]
        if not found:
            continue
        mean = statistics.fmean(means)
        half = (t975(len(means) - 1) * statistics.stdev(means) / math.sqrt(len(means))
                if len(means) > 1 else float("inf"))
        counts = {kind: sum(1 for d in found if d.verdict.value == kind)
                  for kind in ("inaccuracy", "mistake", "blunder")}
        agreed = sum(1 for d in found if d.agreed) / len(found)
        print(f"| {level} | {len(found)} | {100 * agreed:.1f}% | {mean:.2f} "
              f"[{mean - half:.2f}, {mean + half:.2f}] | {counts['inaccuracy']} | "
              f"{counts['mistake']} | {counts['blunder']} |")


def print_pooled(path: Path, levels: list[str]) -> None:
    """The table of every match dumped: each level's matches, decisions, agreement and
    average loss a decision with its 95% interval over matches."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    seeds = sorted({row["seed"] for row in rows})
    print(f"{len(seeds)} runs pooled (seeds {seeds[0]} to {seeds[-1]}), {path}\n")
    print("| level | matches | decisions | agreement | average loss [95%] |")
    print("|---|---|---|---|---|")
    for level in levels:
        mine = [row for row in rows if row["level"] == level]
        if len(mine) < 2:
            continue
        means = [row["loss"] for row in mine]
        mean = statistics.fmean(means)
        half = t975(len(means) - 1) * statistics.stdev(means) / math.sqrt(len(means))
        decided = sum(row["decisions"] for row in mine)
        agreed = sum(row["agreed"] for row in mine) / decided
        print(f"| {level} | {len(mine)} | {decided} | {100 * agreed:.1f}% | {mean:.2f} "
              f"[{mean - half:.2f}, {mean + half:.2f}] |")


if __name__ == "__main__":
    main()
