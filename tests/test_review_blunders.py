"""bench/review_blunders.py's pieces: the real table read at a decision, and a
continuation from it, which the same seed plays the same and another seed otherwise."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from helpers import load_script

from scala40cli.review.choices import PlanChoice, TakeChoice
from scala40cli.review.walk import Decision, walk_game
from scala40cli.simulate.sampling import unseen

ROOT = Path(__file__).resolve().parent.parent


BENCH = load_script(ROOT / "bench" / "review_blunders.py")
PLAYED = next(BENCH.matches(["easy"], 1, 5))


def _decisions() -> list[Decision]:
    walked = walk_game(PLAYED.game, frozenset({PLAYED.seat}))
    return [d for d in walked.decisions if isinstance(d, Decision)]


def test_the_real_table_agrees_with_the_seat_s_view_at_every_decision_of_a_hand() -> None:
    decisions = [d for d in _decisions() if d.hand == 1]
    assert {type(d.played) for d in decisions} == {TakeChoice, PlanChoice}
    read = 0
    for decision in decisions:
        view = decision.view
        hands = BENCH.real_hands(PLAYED.game, decision)
        if hands is None:  # the hand's first draw: the table is set by its line
            assert decision.stage.value == "take" and view.turns == 1
            continue
        read += 1
        stock = BENCH.real_stock(view, hands)
        assert stock is not None and len(stock) == view.stock_size
        # the others' hands and the stock are the cards the seat could not see
        hidden = Counter(stock)
        for player, cards in hands.items():
            if player != view.me:
                hidden.update(cards)
        assert hidden == unseen(view)
    assert read >= len(decisions) - 1


@pytest.mark.slow
def test_a_continuation_is_the_same_for_the_same_seed_and_varies_with_it() -> None:
    decision = next(d for d in _decisions()
                    if isinstance(d.played, PlanChoice) and d.view.turns > 4)
    view = decision.view
    hands = BENCH.real_hands(PLAYED.game, decision)
    assert hands is not None
    stock = BENCH.real_stock(view, hands)
    endings = [BENCH.play_on(PLAYED, view, hands, stock, decision.played, f"s{n}")
               for n in range(6)]
    again = BENCH.play_on(PLAYED, view, hands, stock, decision.played, "s0")
    assert again == endings[0]
    assert len({(e.won, e.points) for e in endings}) > 1
    assert all(e.won in (0.0, 0.5, 1.0) for e in endings)
