"""The decisions a seat makes, as the engine weighs them, and the move a log shows.

A decision is one of three (the expert's own choices, :mod:`scala40cli.simulate.playout`): take
the discard or draw (:class:`TakeChoice`), the plays and discard of a turn once drawn
(:class:`PlanChoice`), buy the discard out of turn or let it go (:class:`BuyChoice`).
A recorded log shows the move a player made as lines; :func:`played_plan` reads those
lines back into the plan they are, so that the move played and the engine's
candidates are compared as the same kind of thing.

Two plans are the same move when they leave the same table and hand
(:func:`plan_key`): laying two melds in the other order, which only renumbers them, is
not another move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

from scala40cli.model.cards import JOKER, Card
from scala40cli.reading.events import Attach, Discard, Meld, PlayerEvent, Swap, TableCard
from scala40cli.simulate.playout import BuyChoice, PlanChoice, TakeChoice
from scala40cli.simulate.plays import AttachPlay, MeldPlay, Play, SwapPlay, TurnPlan


class Stage(StrEnum):
    """The three decisions of a seat: take or draw, the turn's plays and discard, buy
    out of turn or not."""

    TAKE = "take"
    PLAN = "plan"
    BUY = "buy"


Choice = TakeChoice | PlanChoice | BuyChoice


def played_plan(lines: Sequence[PlayerEvent]) -> TurnPlan:
    """The plan the lines of a turn after its draw show: its melds, attaches and swaps
    in order, and its discard (None when the turn ends without one: closing by laying
    the last card, or a buy's turn)."""
    plays: list[Play] = []
    discard: Card | None = None
    for event in lines:
        if isinstance(event, Meld):
            plays.append(MeldPlay(event.cards))
        elif isinstance(event, Attach):
            plays.append(AttachPlay(event.cards, event.meld))
        elif isinstance(event, Swap):
            plays.append(SwapPlay(event.card, event.meld))
        elif isinstance(event, Discard):
            discard = event.card
    return TurnPlan(tuple(plays), discard)


#: A play with the melds it touches named by what they are, not by their number.
PlayKey = tuple[str, tuple[str, ...], object]


def plan_key(plan: TurnPlan, melds_before: int) -> tuple[tuple[PlayKey, ...], str | None]:
    """What a plan does, whatever the order of its plays: each play once, a meld laid
    this turn named by its cards (the number it gets depends on the order of the
    lays), a meld of the table by its number; and the discard."""
    laid: list[tuple[str, ...]] = []
    keys: list[PlayKey] = []
    for play in plan.plays:
        if isinstance(play, MeldPlay):
            cards = _codes(play.cards)
            laid.append(cards)
            keys.append(("meld", cards, None))
        elif isinstance(play, AttachPlay):
            keys.append(("attach", _codes(play.cards), _target(play.meld, melds_before, laid)))
        else:
            keys.append(("swap", (play.card.code,), _target(play.meld, melds_before, laid)))
    discard = plan.discard.code if plan.discard is not None else None
    return tuple(sorted(keys, key=repr)), discard


def _codes(cards: Sequence[TableCard]) -> tuple[str, ...]:
    return tuple(sorted(tc.code for tc in cards))


def _target(meld: int, melds_before: int, laid: list[tuple[str, ...]]) -> object:
    if meld <= melds_before:
        return meld
    index = meld - melds_before - 1
    return laid[index] if 0 <= index < len(laid) else meld


def same_move(one: Choice, other: Choice, melds_before: int) -> bool:
    """Whether two candidates are the same move (plans compared by :func:`plan_key`)."""
    if isinstance(one, PlanChoice) and isinstance(other, PlanChoice):
        return plan_key(one.plan, melds_before) == plan_key(other.plan, melds_before)
    return one == other


def plan_lines(plan: TurnPlan) -> list[str]:
    """A plan as the lines a log writes for it, without the player's name."""
    lines: list[str] = []
    for play in plan.plays:
        if isinstance(play, MeldPlay):
            lines.append("meld " + " ".join(tc.code for tc in play.cards))
        elif isinstance(play, AttachPlay):
            lines.append("attach " + " ".join(tc.code for tc in play.cards)
                         + f" to {play.meld}")
        else:
            lines.append(f"swap {play.card.code} in {play.meld}")
    if plan.discard is not None:
        lines.append(f"discard {plan.discard.code}")
    return lines


def choice_lines(choice: Choice, top: Card | None) -> list[str]:
    """A candidate in the words of the log (``top``: the card on the discard pile,
    which a take or a buy names)."""
    shown = top.code if top is not None else "?"
    if isinstance(choice, TakeChoice):
        return [f"take {shown}"] if choice.take else ["draw"]
    if isinstance(choice, BuyChoice):
        return [f"buy {shown}"] if choice.buy else [f"let {shown} go"]
    return plan_lines(choice.plan) or ["lay nothing"]


def cards_kept(hand: Sequence[Card], plan: TurnPlan) -> Counter[Card]:
    """The cards a plan leaves in a hand."""
    kept = Counter(hand)
    for play in plan.plays:
        if isinstance(play, (MeldPlay, AttachPlay)):
            kept.subtract(tc.card for tc in play.cards)
        else:  # a swap gives the card for the joker
            kept[play.card] -= 1
            kept[JOKER] += 1
    if plan.discard is not None:
        kept[plan.discard] -= 1
    return +kept


__all__ = ["BuyChoice", "Choice", "PlanChoice", "Stage", "TakeChoice", "cards_kept", "choice_lines",
           "plan_key", "plan_lines", "played_plan", "same_move"]
