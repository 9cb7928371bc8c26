"""Who may buy the discard out of turn (``compra``) at the simulator's table.

After each discard the :class:`~scala40cli.simulate.engine.HandEngine` asks the players
who may buy it, in order, whether they do; the first who does buys (the card, one extra
card from the stock, then plays that lay the bought card down, and no discard). Who may
is the judge's :func:`~scala40cli.judging.tabletop.buying.verify_buy`, asked here.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.buying import verify_buy
from scala40cli.model.cards import Card
from scala40cli.reading.events import Buy
from scala40cli.simulate.moves import at

#: The stock a buyer leaves at least (so that a buy never reshuffles).
BUY_STOCK = 2


def buyers(*, order: Sequence[str], discarder: str, following: str, stock: int,
           top: Card | None, rules: Rules) -> list[str]:
    """Who may buy ``top``, the card ``discarder`` just threw (``following`` plays
    next; ``stock``: the cards left in the stock), in the order they are asked: the
    players after the next one, where the judge lets them."""
    seat = order.index(following)
    found: list[str] = []
    for step in range(1, len(order)):
        buyer = order[(seat + step) % len(order)]
        if buyer == discarder or stock < BUY_STOCK or top is None:
            break
        if verify_buy(Buy(player=buyer, card=top, **at()), last_discarder=discarder,
                      turn_over=True, next_player=following, pile_top=top, rules=rules):
            continue
        found.append(buyer)
    return found


__all__ = ["BUY_STOCK", "buyers"]
