#!/usr/bin/env python3
"""Fit the weights of the expert's estimate of an unfinished hand
(scala40cli/simulate/evaluation.py) on the hands of hard-level matches.

It plays ``--matches`` two-player matches of the hard level under the classic rules,
and after every discard that does not end the hand it records, from each player's
side, the numbers :func:`~scala40cli.simulate.evaluation.hand_numbers` reads of both
hands (every hand is known to the simulator), who moves next and the stock; the
target is what that player's side made of the hand at its end (the other's penalty
less its own). It fits one linear model for each of the four cases of who has opened,
by least squares (a whisker of ridge keeps the numbers that move together, such as the
cards of a hand and those outside its melds once opened, from running off), prints the
fit of each case on the matches it did not fit on (the last fifth), and the
``WEIGHTS`` to paste into evaluation.py. It asserts nothing.

    python bench/fit_evaluation.py --matches 600 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40cli.judging.rulebook.rules import CLASSIC
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.model.cards import Card
from scala40cli.model.results import Closing
from scala40cli.simulate import Bot, Level, play_match
from scala40cli.simulate import match as match_module
from scala40cli.simulate.engine import HandEngine
from scala40cli.simulate.evaluation import hand_numbers

Row = tuple[int, list[float], float]


class Recorder(HandEngine):
    """A hand engine that records both sides' numbers after every discard."""

    seen: ClassVar[list[tuple[int, str, list[float], list[float], bool, int]]] = []

    def _discard(self, turn: Turn, c: Card, forced: bool) -> None:
        super()._discard(turn, c, forced)
        if self.closing is not Closing.UNFINISHED:
            return
        numbers = {p: hand_numbers(self.hands[p], opened=p in self.opened, table=self.table,
                                   pile=self.pile, rules=self.rules) for p in self.order}
        first, second = self.order
        for me, other in ((first, second), (second, first)):
            Recorder.seen.append((self.number, me, numbers[me], numbers[other],
                                  turn.player == other, len(self.stock)))


def rows_of(seed: int) -> list[Row]:
    """The rows of one match: (case, the model's inputs, the target)."""
    Recorder.seen = []
    match_module.HandEngine = Recorder  # type: ignore[misc]
    record = play_match(players=("A", "B"), rules=CLASSIC, seed=f"fit:{seed}",
                        bots=[Bot(Level.HARD, random.Random(seed)),
                              Bot(Level.HARD, random.Random(-seed - 1))])
    penalties = {hand.number: hand.penalties for hand in record.hands}
    rows: list[Row] = []
    for number, me, mine, theirs, moves_next, stock in Recorder.seen:
        paid = penalties[number]
        other = next(p for p in paid if p != me)
        case = 2 * int(mine[0]) + int(theirs[0])
        inputs = [1.0, float(moves_next), stock / 80, *mine[1:], *theirs[1:]]
        rows.append((case, inputs, float(paid[other] - paid[me])))
    return rows


def solve(rows: Sequence[Row], ridge: float = 1e-3) -> list[float]:
    """The least-squares weights of ``rows`` (normal equations, Gauss-Jordan)."""
    size = len(rows[0][1])
    a = [[0.0] * size for _ in range(size)]
    b = [0.0] * size
    for _, x, y in rows:
        for i in range(size):
            xi = x[i]
            if xi == 0.0:
                continue
            b[i] += xi * y
            row = a[i]
            for j in range(size):
                row[j] += xi * x[j]
    for i in range(size):
        a[i][i] += ridge * len(rows)
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        scale = a[col][col]
        for r in range(size):
            if r != col and a[r][col] != 0.0:
                factor = a[r][col] / scale
                a[r] = [v - factor * p for v, p in zip(a[r], a[col], strict=True)]
                b[r] -= factor * b[col]
    return [b[i] / a[i][i] for i in range(size)]


def explained(rows: Sequence[Row], weights: Sequence[float]) -> float:
    """The share of the targets' variance the weights explain (R squared)."""
    ys = [y for _, _, y in rows]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    left = sum((y - sum(w * v for w, v in zip(weights, x, strict=True))) ** 2
               for _, x, y in rows)
    return 1 - left / total if total else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    options = parser.parse_args(argv)
    with ProcessPoolExecutor(max_workers=options.jobs) as pool:
        matches = list(pool.map(rows_of, range(options.matches), chunksize=10))
    cut = len(matches) * 4 // 5
    print(f"{sum(len(m) for m in matches)} positions of {options.matches} matches")
    weights: dict[int, list[float]] = {}
    for case in range(4):
        fit = [r for m in matches[:cut] for r in m if r[0] == case]
        held = [r for m in matches[cut:] for r in m if r[0] == case]
        weights[case] = solve(fit)
        print(f"case {case}: {len(fit)} positions fitted, R2 on the others "
              f"{explained(held, weights[case]):.3f}")
    print("WEIGHTS = {")
    for case, found in weights.items():
        print(f"    {case}: ({', '.join(f'{w:.4f}' for w in found)}),")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
