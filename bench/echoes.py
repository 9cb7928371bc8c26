"""One mistake, one violation: how many violations a corrupted match gets.

Over the corrupted-match suite of ``tests/corruptions.py`` (legal matches, each with
one event corrupted so that it breaks a rule on a known line), this prints:

- the share of single-corruption games reported with exactly one violation (a
  consequence of it is a note, not a violation), with the mean and median count;
- over games with two independent corruptions in different hands, the share where
  both are found, each with its code on its own line.

    PYTHONPATH=. python bench/echoes.py            # both figures, and the worst kinds
    PYTHONPATH=. python bench/echoes.py --pairs 4  # pairs made per game (default 30)

``tests/test_echoes.py`` pins both figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from corruptions import Case, Edit, make_cases, source

from scala40cli.judging.match.referee import replay
from scala40cli.reading.parser import parse_text

#: Pairs of corruptions made per game for the second figure.
PAIRS_PER_GAME = 30


def problems(text: str) -> list[tuple[str, int]]:
    """Every violation and file error of a text, as (code, line)."""
    parsed = parse_text(text)
    found = [(str(p.code), p.line) for p in parsed.errors]
    for game in parsed.games:
        found += [(str(p.code), p.line) for p in replay(game).violations]
    return found


def single_counts(cases: Sequence[Case]) -> list[int]:
    """How many problems each single-corruption game is reported with."""
    return [len(problems(case.text(source(case.source).lines))) for case in cases]


@dataclass(frozen=True)
class Pair:
    """Two corruptions of one game, in different hands."""

    first: Case
    second: Case

    def text(self) -> str:
        edits = (*self.first.edits, *self.second.edits)
        return Case(kind="pair", source=self.first.source, game=self.first.game, line=0,
                    description="", edits=edits, code="", expected_line=0
                    ).text(source(self.first.source).lines)

    def expected(self) -> list[tuple[str, int]]:
        """Each corruption's code and line, the second moved down by the first's inserts."""
        moved = sum(1 for edit in self.first.edits if edit.op == "insert")
        return [(self.first.code, self.first.expected_line),
                (self.second.code, self.second.expected_line + moved)]


def _hand_of(case: Case) -> int:
    """The hand a corrupted line falls in: the ``hand`` lines at or before it."""
    lines = source(case.source).lines
    return sum(1 for text in lines[:case.line] if text.startswith("hand "))


def _edited(case: Case) -> set[int]:
    return {edit.line for edit in case.edits}


def make_pairs(cases: Sequence[Case], per_game: int = PAIRS_PER_GAME) -> list[Pair]:
    """Up to ``per_game`` pairs a game, at random (seeded), of corruptions of two
    different hands (the first one earlier) whose edits touch different lines."""
    by_game: dict[tuple[str, int], list[Case]] = defaultdict(list)
    for case in cases:
        by_game[(case.source, case.game)].append(case)
    pairs: list[Pair] = []
    for (name, game), mine in sorted(by_game.items()):
        rng = random.Random(f"{name}|{game}|pairs")
        hands = {id(case): _hand_of(case) for case in mine}
        options = [(a, b) for a in mine for b in mine
                   if hands[id(a)] < hands[id(b)] and not _edited(a) & _edited(b)
                   and all(e.line < min(_edited(b)) for e in a.edits)]
        rng.shuffle(options)
        pairs += [Pair(a, b) for a, b in options[:per_game]]
    return pairs


def both_found(pair: Pair) -> bool:
    found = set(problems(pair.text()))
    return all(expected in found for expected in pair.expected())


@dataclass(frozen=True)
class Figures:
    singles: int
    exactly_one: float
    mean: float
    median: float
    pairs: int
    both_found: float


def measure(per_game: int = PAIRS_PER_GAME) -> tuple[Figures, dict[str, list[int]], list[Pair]]:
    """Both figures, the counts by kind, and the pairs where one was not found."""
    cases = make_cases()
    counts = single_counts(cases)
    by_kind: dict[str, list[int]] = defaultdict(list)
    for case, count in zip(cases, counts, strict=True):
        by_kind[case.kind].append(count)
    pairs = make_pairs(cases, per_game)
    missed = [pair for pair in pairs if not both_found(pair)]
    figures = Figures(
        singles=len(cases), exactly_one=sum(c == 1 for c in counts) / len(counts),
        mean=statistics.mean(counts), median=statistics.median(counts), pairs=len(pairs),
        both_found=1 - len(missed) / len(pairs) if pairs else 1.0)
    return figures, by_kind, missed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=PAIRS_PER_GAME,
                        help="pairs of corruptions made per game")
    args = parser.parse_args(argv)
    started = time.process_time()
    figures, by_kind, missed = measure(args.pairs)
    print(f"single corruptions: {figures.singles} games; exactly one violation: "
          f"{100 * figures.exactly_one:.1f}% (mean {figures.mean:.2f}, median "
          f"{figures.median:g} violations)")
    print(f"two corruptions in different hands: {figures.pairs} games; both found on "
          f"their lines: {100 * figures.both_found:.1f}%")
    print(f"({time.process_time() - started:.1f} s of CPU)\n\nkinds below 100%:")
    for kind, counts in sorted(by_kind.items(), key=lambda kv: sum(c == 1 for c in kv[1])
                               / len(kv[1])):
        share = sum(c == 1 for c in counts) / len(counts)
        if share < 1:
            print(f"  {kind:34} {100 * share:5.1f}%  (mean {statistics.mean(counts):.2f})")
    for pair in missed[:10]:
        print(f"missed: {pair.first.id} + {pair.second.id}: expected {pair.expected()}")
    return 0


__all__ = ["Edit", "Figures", "make_pairs", "measure"]

if __name__ == "__main__":
    sys.exit(main())
