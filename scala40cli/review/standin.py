"""A stand-in engine with no search: quick, deterministic, for tests of the review.

:class:`StandIn` answers the review's :class:`~scala40cli.review.scorer.Scorer`
questions without sampling a world: its candidates are the hard level's move and a
few others (the other choice of a take or a buy; the hard level's plays with other
discards, or nothing laid with one of the costliest cards thrown), and a plan is worth
minus the penalty of the cards it keeps in hand, a take or a buy the hard level's
choice over the other by a fixed margin. It knows nothing of the cards the seat cannot
see, and is no judge of play: it lets the review be tested at a thousandth of the
expert's cost.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

from scala40cli.judging.scores.scoring import hand_penalty
from scala40cli.review.choices import (
    BuyChoice,
    Choice,
    PlanChoice,
    Stage,
    TakeChoice,
    cards_kept,
    same_move,
)
from scala40cli.review.scorer import Budget, Worth
from scala40cli.simulate.board import Board, take_allowed
from scala40cli.simulate.bots import Bot, Level
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.view import PlayerView

#: What the hard level's take or buy is worth over the other choice, in points.
MARGIN = 3.0


class StandIn:
    """The stand-in engine (see the module docstring)."""

    def candidates(self, view: PlayerView, stage: Stage, *, budget: Budget,
                   seed: str) -> Sequence[Choice]:
        guide = Bot(Level.HARD, random.Random(seed))
        if stage is Stage.TAKE:
            if not take_allowed(view):
                return [TakeChoice(False)]
            take = guide.wants_take(view)
            return [TakeChoice(take), TakeChoice(not take)]
        if stage is Stage.BUY:
            if not take_allowed(dataclasses.replace(view, buying=True)):
                return [BuyChoice(False)]
            buy = guide.wants_buy(view)
            return [BuyChoice(buy), BuyChoice(not buy)]
        plan = guide.play(view)
        found: list[Choice] = [PlanChoice(plan)]
        if plan.discard is None or plan.forced or view.taken_now is not None:
            return found
        board = Board.of(view)
        costly = sorted(view.hand, key=lambda c: -hand_penalty(Counter([c]), view.rules))
        for card in dict.fromkeys(costly):
            if len(found) >= budget.discards:
                break
            other = PlanChoice(TurnPlan((), card))
            if not board.discard_refused(card) and not any(
                    same_move(other, f, len(view.table)) for f in found):
                found.append(other)
        return found

    def score(self, view: PlayerView, choices: Sequence[Choice], *, budget: Budget,
              seed: str) -> Sequence[Worth]:
        guide = Bot(Level.HARD, random.Random(seed))
        values = [self._value(view, choice, guide) for choice in choices]
        first = values[0] if values else 0.0
        return [Worth(points=v, error=0.0, gain=v - first, gain_error=0.0) for v in values]

    def _value(self, view: PlayerView, choice: Choice, guide: Bot) -> float:
        if isinstance(choice, PlanChoice):
            return -float(hand_penalty(cards_kept(view.hand, choice.plan), view.rules))
        if isinstance(choice, TakeChoice):
            hard = take_allowed(view) and guide.wants_take(view)
            return 0.0 if choice.take == hard else -MARGIN
        hard = guide.wants_buy(view)
        return 0.0 if choice.buy == hard else -MARGIN


__all__ = ["MARGIN", "StandIn"]
