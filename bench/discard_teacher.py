#!/usr/bin/env python3
"""Could the hard level's discard be learned from the search? The data and the fit.

The expert departs from the hard level's discard only where its few worlds show a sure
gain; a discard rule fitted to what a larger search finds would start it from a better
guess. This script asks that of data: in hands of the hard level against itself (two
players), at every discard with a choice, it weighs every legal discard with the hard
level's plays over the same ``--worlds`` worlds (the expert's own playouts, two turns and
the estimate, :meth:`Expert.score` without the race) and records, for each discard, the
terms the hard level weighs it by (``terms``) and its worth in points.

``--fit FILE...`` then fits weights for those terms, alone and by the state of the hand,
on the decisions of half the hands, and measures on the other half what choosing the
discard of highest fitted weight gains on the hard level's own choice, in the worlds'
points (each label is a noisy but unbiased estimate, and the choice is made without the
labels it is measured by, so the mean gain is unbiased too). It is a report: it asserts
nothing.

    python bench/discard_teacher.py --hands 400 --seed t1 --out /tmp/t1.jsonl
    python bench/discard_teacher.py --fit /tmp/t1.jsonl /tmp/t2.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40cli.judging.rulebook.rules import RuleChoice, resolve
from scala40cli.model.cards import Card
from scala40cli.simulate import Bot, Level, play_match
from scala40cli.simulate.bots import _threat
from scala40cli.simulate.candidates import _favourites
from scala40cli.simulate.discarding import DiscardReading
from scala40cli.simulate.expert import Budget, Expert
from scala40cli.simulate.playout import PlanChoice
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.view import PlayerView

TERMS = ("pairs", "penalty", "wanted", "fed", "outs", "joker", "fits", "meld")


def term_values(reading: DiscardReading, c: Card) -> list[float]:
    """One discard's terms (the hard level's own, unweighted), in the order of TERMS."""
    return [reading.pairs(c), float(reading.penalty(c)), float(reading.wanted(c)),
            reading.fed(c), reading.outs(c), float(c.is_joker),
            float(c in reading.fits_now), float(reading.in_meld(c))]


def context(view: PlayerView) -> dict[str, float]:
    other = next(p for p in view.order if p != view.me)
    return {"threat": float(_threat(view)), "opened": float(view.opened_before),
            "other_opened": float(other in view.opened),
            "other_cards": float(view.hand_sizes.get(other, 13)),
            "cards": float(len(view.hand)), "stock": float(view.stock_size),
            "turns": float(view.turns)}


class Teacher(Bot):
    """The hard level, which records every discard with a choice, weighed."""

    def __init__(self, rng: random.Random, expert: Expert, out: Any) -> None:
        super().__init__(Level.HARD, rng)
        self.expert = expert
        self.out = out

    def play(self, view: PlayerView) -> TurnPlan:
        planned = self._plan(view)
        if planned is not None and planned[0].discard is not None and not view.buying:
            plan, board = planned
            ordered = _favourites(self, board, 60)
            if len(ordered) >= 2:
                reading = DiscardReading(board, ordered)
                terms = {c: term_values(reading, c) for c in ordered}
                choices = [PlanChoice(TurnPlan(plan.plays, c)) for c in ordered]
                scored = self.expert.score(view, choices)
                json.dump({"ctx": context(view),
                           "cands": [{"card": str(c), "t": terms[c], "v": s.points}
                                     for c, s in zip(ordered, scored, strict=True)]},
                          self.out)
                self.out.write("\n")
        return super().play(view)


def collect(args: argparse.Namespace) -> None:
    rules = resolve(log_preset=None, log_values=(), choice=RuleChoice()).rules
    budget = Budget(worlds=args.worlds, turns=10**9)
    with open(args.out, "w", encoding="utf-8") as out:
        for n in range(args.hands):
            seed = f"{args.seed}:{n}"
            expert = Expert(seed=f"{seed}:x", budget=budget)
            bots = [Teacher(random.Random(f"{seed}:{s}"), expert, out) for s in range(2)]
            play_match(players=("Anna", "Bruno"), bots=bots, rules=rules, seed=seed,
                       max_hands=1)
            out.flush()


# --- the fit ------------------------------------------------------------------------------


def features(terms: list[float], ctx: dict[str, float], rank: int) -> list[float]:
    """The terms, and each term by the state of the hand (who has opened, the threat,
    how many cards the other holds); and the hard level's order (its choice is rank
    0), so that the fit learns what to change in it rather than all of it."""
    near = max(0.0, 8.0 - ctx["other_cards"]) / 8.0
    out = list(terms)
    for flag in (ctx["opened"], ctx["other_opened"], ctx["threat"], near):
        out += [t * flag for t in terms]
    return [*out, float(rank == 0), float(min(rank, 6))]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0.0:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def centred(d: dict[str, Any]) -> tuple[list[list[float]], list[float]]:
    """A decision's features and worths less their means over its candidates (only the
    differences between its discards tell anything)."""
    fs = [features(c["t"], d["ctx"], k) for k, c in enumerate(d["cands"])]
    vs = [c["v"] for c in d["cands"]]
    mf = [sum(col) / len(fs) for col in zip(*fs, strict=True)]
    mv = sum(vs) / len(vs)
    return [[a - b for a, b in zip(f, mf, strict=True)] for f in fs], [v - mv for v in vs]


def fit(paths: list[str]) -> None:
    decisions = [json.loads(line) for p in paths
                 for line in Path(p).read_text(encoding="utf-8").splitlines() if line]
    order = list(range(len(decisions)))
    random.Random(0).shuffle(order)
    half = len(decisions) // 2
    train = [decisions[i] for i in order[:half]]
    test = [decisions[i] for i in order[half:]]
    print(f"decisions {len(decisions)} (fit on {len(train)}, measured on {len(test)})")
    size = len(features(train[0]["cands"][0]["t"], train[0]["ctx"], 0))
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    for d in train:
        rows, ys = centred(d)
        for row, y in zip(rows, ys, strict=True):
            nz = [(i, v) for i, v in enumerate(row) if v != 0.0]
            for i, vi in nz:
                xty[i] += vi * y
                line = xtx[i]
                for j, vj in nz:
                    line[j] += vi * vj
    names = [f"{t}{s}" for s in ("", "*opened", "*other_opened", "*threat", "*near")
             for t in TERMS] + ["first", "rank"]
    for ridge in (1.0, 10.0, 100.0, 1000.0):
        a = [[v + (ridge if i == j else 0.0) for j, v in enumerate(row)]
             for i, row in enumerate(xtx)]
        w = solve(a, xty)
        gains = []
        for d in test:
            scores = [sum(f * x for f, x in zip(features(c["t"], d["ctx"], k), w, strict=True))
                      for k, c in enumerate(d["cands"])]
            pick = max(range(len(scores)), key=lambda k: (scores[k], -k))
            gains.append(d["cands"][pick]["v"] - d["cands"][0]["v"])
        mean = sum(gains) / len(gains)
        sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
        half_width = 1.96 * sd / math.sqrt(len(gains))
        changed = sum(1 for g in gains if g != 0.0)
        print(f"ridge {ridge:7.1f}: gain a decision {mean:+.3f} "
              f"[{mean - half_width:+.3f}, {mean + half_width:+.3f}] points, "
              f"{changed} of {len(gains)} decisions otherwise")
        print("  " + ", ".join(f"{n} {v:+.2f}" for n, v in zip(names, w, strict=True)))
    best = [max(c["v"] for c in d["cands"]) - d["cands"][0]["v"] for d in test]
    print(f"the best of the labels (flattered by their noise): {sum(best) / len(best):+.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", default="teacher")
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--out", default="teacher.jsonl")
    parser.add_argument("--fit", nargs="*")
    args = parser.parse_args()
    if args.fit:
        fit(args.fit)
    else:
        collect(args)


if __name__ == "__main__":
    main()
