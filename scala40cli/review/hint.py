"""What the engine would play now, and why in a few facts: the hint of ``scala40 play``.

:func:`hint` asks an engine (the review's :class:`~scala40cli.review.scorer.Scorer`)
for its candidates at the seat's decision, weighs them, and returns the best as a
:class:`Hint`: the move in the log's words, and the facts a sentence can be made of
(the card it is about, what that card costs in hand, whether it fits anything the seat
keeps, what the move is worth over the next best). The move is the one the engine
would play: its favourite, unless another is surely better (:data:`SURE`). The words
are the page's (its catalogues); the hint never plays the move.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from scala40cli.judging.scores.scoring import hand_penalty
from scala40cli.model.cards import Card
from scala40cli.review.choices import (
    BuyChoice,
    Choice,
    Stage,
    TakeChoice,
    cards_kept,
    choice_lines,
)
from scala40cli.review.scorer import Budget, Scorer
from scala40cli.simulate.plays import AttachPlay, MeldPlay
from scala40cli.simulate.view import PlayerView

#: How sure the engine must be to hint another move than its favourite (its first
#: candidate): that move's gain over it, in standard errors of the gain, as the expert
#: level plays.
SURE = 2.0


class Reason(StrEnum):
    """Why the move, in one of a few facts (each a sentence of the page's catalogues)."""

    #: Take the discard: it goes with the seat's cards.
    TAKE = "take"
    #: Draw: the discard would not help now.
    DRAW = "draw"
    #: The plays empty the hand: close.
    CLOSE = "close"
    #: Discard a card that fits nothing kept, at its cost.
    DISCARD_LOOSE = "discard-loose"
    #: Discard a card at its cost (it fits something, the others more).
    DISCARD = "discard"
    #: Buy the discard out of turn / let it go.
    BUY = "buy"
    LET_GO = "let-go"


@dataclass(frozen=True, slots=True, kw_only=True)
class Hint:
    """The engine's move at a decision (see the module docstring). ``laid``: the cards
    its plays put on the table; ``gain``: what it is worth over the next best candidate,
    in points of the hand (0 when it had no other)."""

    stage: Stage
    choice: Choice
    lines: tuple[str, ...]
    reason: Reason
    card: str | None
    points: int | None
    laid: int
    gain: float


def hint(view: PlayerView, stage: Stage, scorer: Scorer, *, budget: Budget,
         seed: str) -> Hint:
    """The engine's move for the seat at this decision (see the module docstring)."""
    choices = list(scorer.candidates(view, stage, budget=budget, seed=seed))
    if len(choices) < 2:
        return _facts(view, stage, choices[0], 0.0)
    scored = scorer.score(view, choices, budget=budget, seed=seed)
    trusted = [n for n in range(len(choices))
               if n == 0 or scored[n].gain > SURE * scored[n].gain_error]
    best = max(trusted, key=lambda n: (scored[n].points, -n))
    runner_up = max(scored[n].points for n in range(len(choices)) if n != best)
    return _facts(view, stage, choices[best], scored[best].points - runner_up)


def _facts(view: PlayerView, stage: Stage, choice: Choice, gain: float) -> Hint:
    top = view.top
    lines = tuple(choice_lines(choice, top))
    shown = top.code if top is not None else None
    cost = _cost(top, view) if top is not None else None
    if isinstance(choice, TakeChoice):
        reason = Reason.TAKE if choice.take else Reason.DRAW
        return Hint(stage=stage, choice=choice, lines=lines, reason=reason, card=shown,
                    points=cost, laid=0, gain=gain)
    if isinstance(choice, BuyChoice):
        return Hint(stage=stage, choice=choice, lines=lines,
                    reason=Reason.BUY if choice.buy else Reason.LET_GO, card=shown,
                    points=cost, laid=0, gain=gain)
    plan = choice.plan
    laid = sum(len(p.cards) if isinstance(p, (MeldPlay, AttachPlay)) else 1
               for p in plan.plays)
    if plan.discard is None or not cards_kept(view.hand, plan):
        return Hint(stage=stage, choice=choice, lines=lines, reason=Reason.CLOSE,
                    card=None, points=None, laid=laid, gain=gain)
    kept = cards_kept(view.hand, plan)
    discard = plan.discard
    loose = not any(_fits(discard, other) for other in kept.elements() if other != discard) \
        and kept[discard] <= 0
    return Hint(stage=stage, choice=choice, lines=lines,
                reason=Reason.DISCARD_LOOSE if loose else Reason.DISCARD,
                card=discard.code, points=_cost(discard, view), laid=laid, gain=gain)


def _cost(card: Card, view: PlayerView) -> int:
    """What the card costs left in hand, as the rules count it."""
    return hand_penalty(Counter([card]), view.rules)


def _fits(card: Card, other: Card) -> bool:
    """Whether two cards could stand in one meld: a joker with anything, the same rank
    (a set), or the same suit two ranks apart at most (a run)."""
    if card.is_joker or other.is_joker:
        return True
    if card.rank == other.rank:
        return True
    if card.suit != other.suit or card.rank is None or other.rank is None:
        return False
    gap = abs(int(card.rank) - int(other.rank))
    return gap <= 2 or gap >= 11  # the ace beside the king


__all__ = ["SURE", "Hint", "Reason", "hint"]
