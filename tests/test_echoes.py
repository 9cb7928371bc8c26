"""One mistake, one violation, measured on the corrupted-match suite (bench/echoes.py).

A legal match with one event corrupted must be reported, in at least 90% of the cases,
with exactly one violation: what only follows from the mistake is a note. And two
independent mistakes must both be found, each on its own line: always when they fall
in different hands, or in one hand in the turns of two players (D28's counterfactual
test: a later problem is an echo only if it would not arise had the earlier event been
legal or absent; one hand: all but the few that follow a lost opening meld line). Two
mistakes in one turn are measured, not pinned.
(Where each single corruption is first reported is pinned by test_corruptions.py.)
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from echoes import PAIR_KINDS, measure

#: Pairs of independent mistakes in one hand, by two players, both found. Not 1.0:
#: after an opening whose meld line the log lost, a later mistake that the lost-meld
#: reading also explains is taken as its echo (2 of 780 pairs with the bots of
#: December 2026; the figures of docs/decisions.md, D28).
SAME_HAND = 0.995


@pytest.mark.slow
def test_one_mistake_gives_one_violation_and_two_give_two() -> None:
    figures, _, missed = measure()
    different, same_hand, same_turn = PAIR_KINDS
    assert figures.singles >= 2000 and figures.pairs[different][0] >= 500
    assert figures.pairs[same_hand][0] >= 500 and figures.pairs[same_turn][0] >= 300
    assert figures.exactly_one >= 0.90
    assert figures.median == 1
    assert missed[different] == [], [(p.first.id, p.second.id) for p in missed[different][:5]]
    assert figures.pairs[different][1] == 1.0
    assert figures.pairs[same_hand][1] >= SAME_HAND, \
        [(p.first.id, p.second.id) for p in missed[same_hand][:5]]
