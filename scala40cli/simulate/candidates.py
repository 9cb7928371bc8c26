"""The candidates of a seat's decision, each one legal by the judge's own functions.

The expert weighs (:mod:`~scala40cli.simulate.expert`) only what the planner built on
a :class:`~scala40cli.simulate.board.Board`, which put every play to the judging
core's ``verify_*`` functions: the draw, and the take where the discard may be taken
and used as the rules ask; the hard level's plays of the turn with each of the
discards it likes best, and humbler plays (not opening yet, not attaching) with the
discard it would choose then; the buy where the hard level would use the card, and
letting it go. The hard level's own choice comes first, for the expert departs from
it only on evidence.
"""

from __future__ import annotations

import dataclasses

from scala40cli.model.cards import Card
from scala40cli.simulate.board import Board, take_allowed
from scala40cli.simulate.bots import Bot
from scala40cli.simulate.opening_race import holds_opening
from scala40cli.simulate.planner import TURN_NODES, Style, build, finish_plan, legal_discards
from scala40cli.simulate.playout import BuyChoice, PlanChoice, TakeChoice
from scala40cli.simulate.plays import MeldPlay, TurnPlan
from scala40cli.simulate.search import NodeBudget, sort_key
from scala40cli.simulate.view import PlayerView

#: The plays weighed beside the hard level's, the first ``humbler`` of them: nothing new
#: laid (not opening yet), and melds laid but nothing attached; then attaches but no
#: new meld, and one card or three kept in hand beyond the rules' need.
HUMBLER = (Style(lay=False, attach=False), Style(attach=False), Style(lay=False),
           Style(keep_extra=1), Style(keep_extra=3))


class Candidates:
    """Lists a seat's candidates with the hard level's judgement (``guide``): at most
    ``discards`` discards, and the first ``humbler`` of the humbler plays if
    ``variants``. With ``hold``, where the guide would open leaving ``hold`` cards or
    fewer while no opponent holds fewer (:func:`holds_opening`), the play that does not
    open yet comes first: a closing in one go may come of it."""

    def __init__(self, guide: Bot, *, discards: int, variants: bool, humbler: int,
                 hold: int = 0) -> None:
        self.guide = guide
        self.discards = discards
        self.variants = variants
        self.humbler = HUMBLER[:humbler]
        self.hold = hold

    def take_choices(self, view: PlayerView) -> list[TakeChoice]:
        """Draw, and take where the discard can be taken and used as the rules ask
        (the hard level's choice first)."""
        if not take_allowed(view) or self._take_plan(view) is None:
            return [TakeChoice(False)]
        hard = self.guide.wants_take(view)
        return [TakeChoice(hard), TakeChoice(not hard)]

    def _take_plan(self, view: PlayerView) -> TurnPlan | None:
        top = view.top
        assert top is not None
        taking = dataclasses.replace(view, hand=(*view.hand, top), taken_now=top,
                                     discard_pile=view.discard_pile[:-1])
        planned = self.guide._plan(taking)
        if planned is None or planned[0].forced:
            return None
        return planned[0]

    def plan_choices(self, view: PlayerView, *, every: bool = False) -> list[PlanChoice]:
        """The hard level's plays of the turn, with each of the discards it likes best
        (at most ``discards``, or all of them if ``every``); the hard level's whole
        plan when it has no choice of discard (it closes, or no legal discard is
        left)."""
        planned = self.guide._plan(view)
        if planned is None:
            return [PlanChoice(self.guide.play(view))]
        plan, board = planned
        if plan.discard is None or view.buying:
            return [PlanChoice(plan)]
        ordered = _favourites(self.guide, board, 60 if every else self.discards)
        choices = [PlanChoice(TurnPlan(plan.plays, c)) for c in ordered]
        if self.variants:
            choices += self._variants(view, plan)
        if self.hold and holds_opening(view, plan, near=self.hold, wary=self.hold):
            return _not_opening_first(choices)
        return choices

    def _variants(self, view: PlayerView, plan: TurnPlan) -> list[PlanChoice]:
        """Humbler plays than the hard level's, each with the discard it would choose
        then: no new meld (nor the opening), no attach."""
        found: list[PlanChoice] = []
        seen = {plan.plays}
        taken = view.taken_now
        for style in self.humbler:
            board = build(view, style, required=taken if view.opened_before else None,
                          open_with=None if view.opened_before else taken,
                          budget=NodeBudget(TURN_NODES))
            if board is None:
                continue
            other = finish_plan(board, self.guide.choose_discard)
            if other is None or other.forced or other.plays in seen:
                continue
            seen.add(other.plays)
            found.append(PlanChoice(other))
        return found

    def buy_choices(self, view: PlayerView) -> list[BuyChoice]:
        """Let the discard go, and buy it where the hard level would use it (its
        choice first)."""
        if self.guide.wants_buy(view):
            return [BuyChoice(True), BuyChoice(False)]
        return [BuyChoice(False)]


def _not_opening_first(choices: list[PlanChoice]) -> list[PlanChoice]:
    """``choices`` with the first that lays no meld (does not open) moved to the front."""
    for n, choice in enumerate(choices):
        if not any(isinstance(play, MeldPlay) for play in choice.plan.plays):
            return [choice, *choices[:n], *choices[n + 1:]]
    return choices


def _favourites(guide: Bot, board: Board, count: int) -> list[Card]:
    """The legal discards in the hard level's order of preference, the first ``count``."""
    left = list(dict.fromkeys(legal_discards(board)))
    ordered: list[Card] = []
    while left and len(ordered) < count:
        chosen = guide.choose_discard(board, sorted(left, key=sort_key))
        ordered.append(chosen)
        left.remove(chosen)
    return ordered


__all__ = ["HUMBLER", "Candidates"]
