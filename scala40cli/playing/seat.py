"""What the person's seat may see, as the page's JSON: nothing more.

The person's own hand, how many cards every other player holds, the melds on the table,
the top of the discard pile and its size, the size of the stock, who has opened, the
totals and the score sheet. Never another hand while it is played, never the stock's
cards, never a card a bot drew: :func:`describe` tells a bot's draw without its card.
Once a hand is over, every player's cards left are shown with their points, as
players lay them down at a real table (``ended``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from scala40cli.judging.tabletop.buying import buying_played
from scala40cli.judging.tabletop.melds import opening_value
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import verify_meld
from scala40cli.model.cards import Card
from scala40cli.reading.events import (
    Attach,
    Buy,
    Discard,
    Draw,
    Event,
    Meld,
    Reshuffle,
    Swap,
    TableCard,
    Take,
)
from scala40cli.simulate.engine import HandEngine
from scala40cli.viewing.snapshot import meld_view, sort_key


@dataclass(frozen=True, slots=True)
class Progress:
    """Where the match stands, beside the engine's table."""

    me: str
    phase: str
    current: str
    staged: tuple[tuple[Card, ...], ...]
    totals: dict[str, int]
    number: int
    winner: str | None
    turn: Turn | None
    sheet: tuple[dict[str, Any], ...]
    players: tuple[str, ...]
    level: str
    #: Whose discard the person may buy now (the "offer" phase), else None.
    offer_from: str | None = None
    #: Once a hand is over: how it ended, each player's cards left and points
    #: (:meth:`~scala40cli.playing.scoresheet.HandLine.ended`), else None.
    ended: dict[str, Any] | None = None


def staged_value(engine: HandEngine, staged: tuple[tuple[Card, ...], ...],
                 turn: Turn | None) -> int:
    """What the melds set aside are worth toward the opening (as the judge counts it)."""
    if turn is None:
        return 0
    total = 0
    for cards in staged:
        meld, _ = verify_meld(turn, Meld(player=turn.player, cards=tuple(
            TableCard(c) for c in cards), line=0, column=0), engine.rules)
        if meld is not None:
            total += opening_value(meld)
    return total


def seat_view(engine: HandEngine, progress: Progress) -> dict[str, Any]:
    """The person's view of the table (see the module docstring)."""
    me = progress.me
    held = Counter(engine.hands.get(me, Counter()))
    for cards in progress.staged:
        held.subtract(cards)
    hand = [c.code for c in sorted(held.elements(), key=sort_key)]
    turn = progress.turn
    return {
        "me": me,
        "phase": progress.phase,
        "current": progress.current,
        "number": progress.number,
        "level": progress.level,
        "hand": hand,
        "staged": [[c.code for c in m] for m in progress.staged],
        "staged_value": staged_value(engine, progress.staged, turn),
        "opening_points": engine.rules.opening_points,
        "opened": me in engine.opened or bool(turn and turn.has_opened),
        "taken": turn.taken.code if turn and turn.taken else None,
        "offer_from": progress.offer_from,
        "compra": buying_played(engine.rules),
        "players": [{"name": p, "cards": engine.hands[p].total() if p in engine.hands else 0,
                     "opened": p in engine.opened, "total": progress.totals.get(p, 0),
                     "dealt": p in engine.order}
                    for p in progress.players],
        "table": [meld_view(i + 1, engine.owners[i], m, ()).to_json()
                  for i, m in enumerate(engine.table)],
        "pile_top": engine.pile[-1].code if engine.pile else None,
        "pile_size": len(engine.pile),
        "stock_size": len(engine.stock),
        "sheet": list(progress.sheet),
        "winner": progress.winner,
        "ended": progress.ended,
    }


def describe(event: Event, me: str) -> dict[str, Any]:
    """One move as the page tells it: a bot's draw never shows its card."""
    if isinstance(event, Draw):
        return {"verb": "draw", "player": event.player,
                "cards": [event.card.code] if event.player == me and event.card else []}
    if isinstance(event, (Take, Buy, Discard)):
        verb = {Take: "take", Buy: "buy", Discard: "discard"}[type(event)]
        return {"verb": verb, "player": event.player,
                "cards": [event.card.code] if event.card else []}
    if isinstance(event, Meld):
        return {"verb": "meld", "player": event.player, "cards": [tc.code for tc in event.cards]}
    if isinstance(event, Attach):
        return {"verb": "attach", "player": event.player,
                "cards": [tc.code for tc in event.cards], "meld": event.meld}
    if isinstance(event, Swap):
        return {"verb": "swap", "player": event.player, "cards": [event.card.code],
                "meld": event.meld}
    if isinstance(event, Reshuffle):
        return {"verb": "reshuffle", "player": "", "cards": []}
    return {"verb": "", "player": "", "cards": []}


__all__ = ["Progress", "describe", "seat_view", "staged_value"]
