#!/usr/bin/env python3
"""Two runs of bench/duplicate.py on the same deals, compared deal by deal.

``bench/duplicate.py --margins PATH`` writes each deal's margins (the first level's, at
each seat). Two runs with the same ``--seed`` and ``--pairing`` play the same deals, so
the difference of their margins deal by deal cancels the luck of the cards that both
runs share, and the deals both runs played alike add no noise: the interval of the mean
difference is much narrower than the difference of the two runs' own intervals. It
prints each run's mean margin a deal and the mean difference (second less first), each
with its 95% normal interval, over the deals both runs played. It is a report.

    python bench/paired.py /tmp/hard.txt /tmp/variant.txt
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

Z95 = 1.959963984540054


def read_margins(path: Path) -> dict[int, float]:
    """Each deal's mean margin over its seats, by the deal's index."""
    found: dict[int, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        index, *margins = line.split()
        found[int(index)] = sum(map(float, margins)) / len(margins)
    return found


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, Z95 * math.sqrt(var / n)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    options = parser.parse_args(argv)
    first, second = read_margins(options.first), read_margins(options.second)
    common = sorted(first.keys() & second.keys())
    if len(common) < 2:
        print("fewer than two deals in both runs")
        return 1
    differences = [second[i] - first[i] for i in common]
    for name, values in (("first", [first[i] for i in common]),
                         ("second", [second[i] for i in common]),
                         ("second - first", differences)):
        mean, half = interval(values)
        print(f"{name:<15} {mean:+6.2f} [{mean - half:+.2f}, {mean + half:+.2f}] points a deal")
    changed = sum(1 for d in differences if d != 0)
    print(f"deals {len(common)}, played otherwise in {changed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
