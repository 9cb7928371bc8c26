"""Where the hidden copies of a card may be, once the stock was reshuffled.

A card is a physical object: the two packs and their jokers are every card of a hand,
each in one place at a time. In a log with unknown cards (``?``, format 1.1) a card
that comes out of a hidden hand (a discard, a meld, an attach) must be one of them.
Before any reshuffle it can only be a card nobody has seen yet: the referee counts it
out of those (``TableState.unseen``), and a card none of which is left is a third
copy (D007).

A reshuffle puts seen cards back into hiding: the discard pile, every card of it known,
becomes the stock, and a ``draw ?`` out of that stock is one of those cards. Such a
card, shown later, is the same physical card as the one discarded before, not a new
copy. So after a reshuffle :class:`CopySources` follows, card by card, the copies of
it that are out of sight and where each may be: a copy never seen (in any hand), or a
copy reshuffled into stock ``k`` (still there, or in the hand of a player who drew
``?`` out of it, one copy for each such draw at most). The copies are alike, so which
one a card shown is stays open: the class keeps every way the hidden copies may lie
(a handful: a card has two copies, a joker four) and a card shown that none of them
allows is a copy beyond the deck. It does not follow which hidden draw held which of
two different cards, so it never reports a legal game, and catches a third copy that
no hidden copy can explain.

Only a hand that reshuffles keeps one, and it looks at a card only once a copy of it
comes out of a hidden hand after a reshuffle: a fully known log never pays for it.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from scala40cli.model.cards import Card

#: A way the hidden copies of one card may lie: where each copy is (0: never seen;
#: k: reshuffled into stock k), and how many of them each player has shown out of
#: their draws from stock k, as (player, k, count), while a copy of stock k is hidden.
Lay = tuple[tuple[int, ...], tuple[tuple[str, int, int], ...]]

#: More ways than this for one card, and the card is no longer checked in the hand
#: (never a false report; only a log written to be hostile gets there).
MOST_LAYS: Final = 64


class CopySources:
    """The hidden copies of each card of a hand that reshuffled (see the module
    docstring)."""

    def __init__(self) -> None:
        #: The stock made by each reshuffle, as the table keeps counting it: a known
        #: draw out of it takes its card away, an unknown draw does not (nobody knows which).
        self.stocks: list[Counter[Card]] = []
        #: For each reshuffled stock: who drew unknown cards out of it, how many.
        self.drawers: list[dict[str, int]] = []
        #: Card -> every way its hidden copies may lie (None: no longer checked). Made
        #: from the counts when a copy of the card first comes out of a hidden hand.
        self.lays: dict[Card, list[Lay] | None] = {}

    def reshuffled(self, stock: Counter[Card]) -> None:
        """The discard pile became ``stock`` (the table's own Counter of it)."""
        self.stocks.append(stock)
        self.drawers.append({})
        k = len(self.stocks)
        for card, lays in self.lays.items():
            copies = stock.get(card, 0)
            if lays is not None and copies > 0:
                self.lays[card] = [(tuple(sorted(where + (k,) * copies)), shown)
                                   for where, shown in lays]

    def draw(self, player: str) -> None:
        """``player`` drew an unknown card out of the stock of the last reshuffle."""
        drawers = self.drawers[-1]
        drawers[player] = drawers.get(player, 0) + 1

    def show(self, player: str, card: Card, unseen: Counter[Card]) -> bool:
        """One of ``player``'s unknown cards turns out to be ``card``: False (and nothing
        changed) when no hidden copy of it can be in their hand, as a third copy.
        ``unseen`` is the table's count of the cards nobody has seen."""
        lays = self._lays(card, unseen)
        if lays is None:
            return True
        found: dict[tuple[object, ...], Lay] = {}
        for where, shown in lays:
            for k in set(where):
                if k == 0 or self._may_hold(player, k, shown):
                    self._keep(found, _without(where, shown, k, player if k else None))
        return self._settle(card, found)

    def draw_known(self, card: Card) -> bool:
        """A known draw of ``card`` out of the last reshuffled stock: one of its hidden
        copies must be there still. False (and nothing changed) when every way the
        copies may lie has them elsewhere; else the copy drawn is out of sight no more."""
        lays = self.lays.get(card)
        if lays is None:  # not looked at yet (the stock's count decides), or too many ways
            return True
        k = len(self.stocks)
        found: dict[tuple[object, ...], Lay] = {}
        for where, shown in lays:
            if k in where:
                self._keep(found, _without(where, shown, k, None))
        return self._settle(card, found)

    def _lays(self, card: Card, unseen: Counter[Card]) -> list[Lay] | None:
        """The ways the copies of ``card`` may lie, first made from the counts: the
        copies nobody has seen, and those of each reshuffled stock no known draw took."""
        if card in self.lays:
            return self.lays[card]
        where = [0] * max(0, unseen.get(card, 0))
        for k, stock in enumerate(self.stocks, start=1):
            where += [k] * max(0, stock.get(card, 0))
        lays: list[Lay] = [(tuple(where), ())]
        self.lays[card] = lays
        return lays

    def _may_hold(self, player: str, k: int, shown: tuple[tuple[str, int, int], ...]) -> bool:
        """``player`` drew out of stock ``k`` more cards than they have shown of it."""
        used = next((n for who, stock, n in shown if who == player and stock == k), 0)
        return self.drawers[k - 1].get(player, 0) > used

    def _keep(self, found: dict[tuple[object, ...], Lay], lay: Lay) -> None:
        """Add ``lay`` unless an alike one is there: two closed stocks drawn from by the
        same players as many times are the same to every later card."""
        where, shown = lay
        key = (tuple(sorted(self._alike(k) for k in where)),
               tuple(sorted((who, self._alike(k), n) for who, k, n in shown)))
        found.setdefault(key, lay)

    def _alike(self, k: int) -> str:
        if k == 0:
            return "*"
        if k == len(self.stocks):
            return "!"  # the stock in play: known draws may still come out of it
        return "=" + ",".join(f"{who}:{n}" for who, n in sorted(self.drawers[k - 1].items()))

    def _settle(self, card: Card, found: dict[tuple[object, ...], Lay]) -> bool:
        if not found:
            return False
        self.lays[card] = list(found.values()) if len(found) <= MOST_LAYS else None
        return True


def _without(where: tuple[int, ...], shown: tuple[tuple[str, int, int], ...], k: int,
             player: str | None) -> Lay:
    """``where`` less one copy of stock ``k``; ``player`` (if any) has shown one more
    of their draws out of it. The counts of a stock with no hidden copy left go."""
    index = where.index(k)
    rest = where[:index] + where[index + 1:]
    counts = {(who, stock): n for who, stock, n in shown}
    if player is not None:
        counts[(player, k)] = counts.get((player, k), 0) + 1
    kept = tuple(sorted((who, stock, n) for (who, stock), n in counts.items() if stock in rest))
    return rest, kept
