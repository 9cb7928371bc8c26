#!/usr/bin/env python3
"""How strong are the simulator's levels? An arena of every level and the greedy
baseline, on duplicate deals: the README's table of levels.

It is ``scala40 arena`` (scala40cli/arena) with two things the command does not take:
the greedy baseline seated by default beside every level of the simulator's registry
(a level added there is measured with no change here), and ``--random-deals``, which
plays every match on a deal of its own, to measure what duplicate deals save
(docs/arena.md). It is a report: it asserts nothing.

    python bench/strength.py                          # round robin, 200 matches a pair
    python bench/strength.py --games 1000 --jobs 2 --format markdown
    python bench/strength.py --players 4 --games 1000 # the four at one table
    python bench/strength.py --engines greedy hard normal easy --gauntlet
    python bench/strength.py --engines hard normal --games 2000 --random-deals
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40cli.arena.engines import levels, parse_engines
from scala40cli.arena.formats import FORMATS
from scala40cli.arena.report import document
from scala40cli.arena.run import run_arena
from scala40cli.arena.settings import arena_settings
from scala40cli.audit.rulesfile import choice_from
from scala40cli.judging.rulebook.rules import RuleChoice

#: The greedy baseline, an outside program (scala40cli/simulate/greedy.py).
GREEDY = f"greedy=cmd:{sys.executable} -m scala40cli.simulate.greedy"


def default_engines() -> list[str]:
    """Every level of the simulator's registry, strongest (the last added) first, and
    the greedy baseline."""
    return [*reversed(levels()), GREEDY]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", nargs="+", default=None, metavar="ENGINE",
                        help="the engines, as scala40 arena takes them (greedy for the "
                        "baseline; default: every level and greedy)")
    parser.add_argument("--games", type=int, default=200, help="matches a pair (default 200)")
    parser.add_argument("--players", type=int, default=2, help="engines at a table")
    parser.add_argument("--seed", default="1", help="the seed (default 1)")
    parser.add_argument("--rules", default=None, help="a preset or rules file (default classic)")
    parser.add_argument("--set", dest="sets", action="append", default=[],
                        metavar="KEY=VALUE", help="one rule switch (repeatable)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes (default: the number of CPUs)")
    parser.add_argument("--gauntlet", action="store_true",
                        help="the first engine against each of the others only")
    parser.add_argument("--random-deals", action="store_true",
                        help="a deal of its own for every match (no duplicate deals)")
    parser.add_argument("--format", choices=sorted(FORMATS), default="text")
    options = parser.parse_args(argv)
    texts = [GREEDY if text == "greedy" else text
             for text in (options.engines or default_engines())]
    choice = (choice_from(options.rules, options.sets)
              if options.rules is not None or options.sets else RuleChoice())
    settings = arena_settings(engines=parse_engines(texts), players=options.players,
                              choice=choice, seed=options.seed, games=options.games,
                              gauntlet=options.gauntlet, duplicate=not options.random_deals)
    start = time.perf_counter()
    tally, stopped = run_arena(settings, jobs=options.jobs)
    elapsed = time.perf_counter() - start
    sys.stdout.write(FORMATS[options.format](document(settings, tally, stopped)))
    print(f"{tally.played} matches in {elapsed:.0f} s ({options.jobs} process(es))",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
