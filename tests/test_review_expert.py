"""The expert as the review's engine: the default one, its candidates legal and the
move played among them, the same seed the same worths, the chance of winning a duel
read where the expert measured it, ``--budget`` passed through to it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

import pytest

from scala40cli.cli.review_command import review_settings
from scala40cli.reading.parser import parse_text
from scala40cli.review.choices import Choice, PlanChoice, Stage, TakeChoice
from scala40cli.review.engines import DEFAULT_ENGINE, make_scorer
from scala40cli.review.expert_engine import ExpertScorer
from scala40cli.review.reviewing import ReviewSettings, weigh
from scala40cli.review.scorer import (
    BUDGETS,
    REVIEW_BUDGET,
    Budget,
    BudgetError,
    Worth,
    parse_budget,
)
from scala40cli.review.walk import Decision, walk_game
from scala40cli.simulate.board import Board
from scala40cli.simulate.expert import DEFAULT_BUDGET
from scala40cli.simulate.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent
#: A budget small enough for a test: two worlds a decision.
TINY = parse_budget("worlds=2,take_worlds=2,heat=2")


def _decisions(path: str, seat: str) -> list[Decision]:
    game = parse_text((ROOT / path).read_text("utf-8")).games[0]
    return [d for d in walk_game(game, frozenset({seat})).decisions
            if isinstance(d, Decision)]


def test_the_review_asks_the_expert_at_the_reviews_own_budget_unless_told() -> None:
    settings = review_settings(budget_option="default", seed="1", engine=None,
                               choice=None)
    assert DEFAULT_ENGINE == settings.engine == "expert"
    assert isinstance(make_scorer(settings.engine), ExpertScorer)
    assert settings.budget == REVIEW_BUDGET
    # every candidate over 32 worlds, the hard level's discard as the guide: the budget
    # the review's figures were measured at, not the play's racing one
    assert (REVIEW_BUDGET.worlds, REVIEW_BUDGET.turns, REVIEW_BUDGET.opening_draws) == (
        32, 1000, 0)
    assert REVIEW_BUDGET.worlds < DEFAULT_BUDGET.worlds


def test_budget_passes_through_as_a_name_a_factor_or_pairs() -> None:
    assert parse_budget("2") == REVIEW_BUDGET.times(2) == parse_budget(" 2.0 ")
    assert parse_budget("quick") == BUDGETS["quick"] == REVIEW_BUDGET.times(0.25)
    assert parse_budget("discards=6,horizon=none") == dataclasses.replace(
        REVIEW_BUDGET, discards=6, horizon=None)
    for bad in ("0", "101", "candidates=3", "sure=1"):
        with pytest.raises(BudgetError):
            parse_budget(bad)


def test_every_plan_the_expert_lists_is_legal_and_the_played_move_is_weighed_first(
        ) -> None:
    # 14 cards, 14 kinds, nothing to lay: 14 legal discards
    decision = next(d for d in _decisions("fixtures/legal/two-players.s40", "Anna")
                    if d.stage is Stage.PLAN and d.line == 302)
    scorer = ExpertScorer()
    listed = scorer.candidates(decision.view, Stage.PLAN, budget=TINY, seed="s")
    board = Board.of(decision.view)
    discards = {c.plan.discard for c in listed if isinstance(c, PlanChoice)}
    assert discards and all(not board.discard_refused(card) for card in discards
                            if card is not None)
    # a review weighs every legal discard, not the four the expert plays with
    assert len(discards) == 14 > DEFAULT_BUDGET.discards
    reviewed = weigh(decision, scorer, ReviewSettings(engine="expert", budget=TINY), 1, {})
    again = weigh(decision, scorer, ReviewSettings(engine="expert", budget=TINY), 1, {})
    assert reviewed is not None and reviewed == again
    assert reviewed.candidates[0].lines == reviewed.played
    assert len(reviewed.candidates) >= len(discards)


class Duel:
    """Worths as the expert gives them near a duel's end: in points and in the chance
    of winning the match, the two disagreeing."""

    def candidates(self, view: PlayerView, stage: Stage, *, budget: Budget,
                   seed: str) -> Sequence[Choice]:
        return [TakeChoice(True), TakeChoice(False)]

    def score(self, view: PlayerView, choices: Sequence[Choice], *, budget: Budget,
              seed: str) -> Sequence[Worth]:
        # the second move: fewer points, but 30 hundredths more of the match
        return [Worth(points=5.0, error=0.5, gain=0.0, gain_error=0.0, match=40.0),
                Worth(points=-5.0, error=0.5, gain=30.0, gain_error=2.0, match=70.0)
                ][:len(choices)]


def test_where_the_expert_measured_the_chance_of_winning_the_match_that_decides() -> None:
    decision = next(d for d in _decisions("fixtures/legal/take-discard.s40", "Bruno")
                    if d.stage is Stage.TAKE)
    reviewed = weigh(decision, Duel(), ReviewSettings(engine="duel", budget=TINY), 1, {})
    assert reviewed is not None and not reviewed.agreed
    assert reviewed.match_loss == pytest.approx(0.30)
    assert reviewed.loss == 0.0  # the points favoured the move played
    assert reviewed.verdict.value == "blunder"  # 30% less 2% of the match: 10% or more
