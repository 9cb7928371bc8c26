#!/usr/bin/env python3
"""What a hand costs the players who do not close it: the model of the rest of a match
that ``scala40 review`` weighs a point of the hand with (scala40cli/review/equity.py).

Plays matches of hard bots under classic, 2 to 6 at the table, and prints, for each
number of players, twenty quantiles of the penalty of a player who did not close a
closed hand (the 2.5th, 7.5th, ... 97.5th percentiles), as the Python table equity.py
holds. It is a measurement: it asserts nothing.

    python bench/hand_penalties.py                 # 60 matches a table size
    python bench/hand_penalties.py --games 200
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.results import Closing
from scala40cli.simulate.bots import Level
from scala40cli.simulate.runner import make_setup, simulate_game

QUANTILES = 20


def penalties(players: int, games: int, seed: int) -> list[int]:
    setup = make_setup(players=players, levels=[Level.HARD] * players,
                       choice=RuleChoice(preset="classic"), seed=seed, games=games)
    found: list[int] = []
    for index in range(1, games + 1):
        record = simulate_game(setup, index)
        for hand in record.hands:
            if hand.closing in (Closing.NORMAL, Closing.IN_ONE_GO):
                found += [v for p, v in hand.penalties.items() if p != hand.closer]
    return sorted(found)


def quantiles(values: list[int]) -> tuple[int, ...]:
    n = len(values)
    return tuple(values[min(n - 1, int((q + 0.5) / QUANTILES * n))] for q in range(QUANTILES))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("PENALTIES = {")
    for players in range(2, 7):
        values = penalties(players, args.games, args.seed)
        print(f"    {players}: {quantiles(values)},  # {len(values)} penalties")
    print("}")


if __name__ == "__main__":
    main()
