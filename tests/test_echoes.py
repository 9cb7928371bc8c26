"""One mistake, one violation, measured on the corrupted-match suite (bench/echoes.py).

A legal match with one event corrupted must be reported, in at least 90% of the cases,
with exactly one violation: what only follows from the mistake is a note. And two
independent mistakes in different hands must both be found, each on its own line.
(Where each single corruption is first reported is pinned by test_corruptions.py.)
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from echoes import measure


@pytest.mark.slow
def test_one_mistake_gives_one_violation_and_two_give_two() -> None:
    figures, _, missed = measure()
    assert figures.singles >= 2000 and figures.pairs >= 500
    assert figures.exactly_one >= 0.90
    assert figures.median == 1
    assert missed == [], [(p.first.id, p.second.id) for p in missed[:5]]
    assert figures.both_found == 1.0
