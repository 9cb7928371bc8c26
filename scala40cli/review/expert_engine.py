"""The expert level as the review's engine, behind the review's
:class:`~scala40cli.review.scorer.Scorer` interface.

The review asks the expert (:class:`~scala40cli.simulate.expert.Expert`) what it asks
when it reviews a move (:meth:`~scala40cli.simulate.expert.Expert.review`): for the
plays of a turn every legal discard with the hard level's plays and the humbler ones,
the take and the draw, the buy and letting it go; then all of them and the move played
weighed over the same worlds, not raced, so that each gets every world of the budget.
Its :class:`~scala40cli.simulate.expert.Scored` is read back as the review's
:class:`~scala40cli.review.scorer.Worth`, the chance of winning a duel near its end
included. A move played that the expert's table refuses (a take the turn never used as
the rules ask: the log's later lines hold the violation) is
:class:`~scala40cli.review.scorer.Unplayable`.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40cli.review.choices import Choice, Stage
from scala40cli.review.scorer import Budget, Unplayable, Worth
from scala40cli.simulate.expert import Expert
from scala40cli.simulate.moves import IllegalMove
from scala40cli.simulate.view import PlayerView


class ExpertScorer:
    """The expert, asked by a review (see the module docstring)."""

    def candidates(self, view: PlayerView, stage: Stage, *, budget: Budget,
                   seed: str) -> Sequence[Choice]:
        expert = Expert(seed=seed, budget=budget)
        if stage is Stage.TAKE:
            return expert.take_choices(view)
        if stage is Stage.BUY:
            return expert.buy_choices(view)
        return expert.candidates.plan_choices(view, every=True)

    def score(self, view: PlayerView, choices: Sequence[Choice], *, budget: Budget,
              seed: str) -> Sequence[Worth]:
        try:
            scored = Expert(seed=seed, budget=budget).score(view, choices)
        except IllegalMove as why:
            raise Unplayable(str(why)) from why
        return [Worth(points=s.points, error=s.points_error, gain=s.gain,
                      gain_error=s.gain_error, match=s.match) for s in scored]


__all__ = ["ExpertScorer"]
