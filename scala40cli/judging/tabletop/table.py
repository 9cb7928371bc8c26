"""The table of one hand: where every card is, and the moves that carry cards about.

:class:`TableState` holds the hands (the cards seen and how many are unknown), the
stock (its order when the log gave it), the discard pile, the melds with who laid
each, and who has opened. Its moves only carry cards; whether a move is legal is for
:mod:`scala40cli.judging.tabletop.verify` to say, and what to report for the hand referee
(:class:`~scala40cli.judging.hands.hand.HandReferee`, which keeps its table in this state).
"""

from __future__ import annotations

from collections import Counter

from scala40cli.judging.tabletop.copy_sources import CopySources
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.model.card_counts import count_cards, no_cards
from scala40cli.model.cards import Card


class TableState:
    """The cards of one hand where they are (see the module docstring)."""

    def __init__(self) -> None:
        #: The cards of each hand seen so far. A card is deleted when its count falls
        #: to zero, so an empty Counter is a hand without a seen card
        #: (:meth:`holds_cards`, asked at every discard and play, counts nothing).
        self.hands: dict[str, Counter[Card]] = {}
        #: How many cards of each hand have not been seen (``?``, format 1.1, or a deal
        #: line that is missing or short).
        self.unknown: dict[str, int] = {}
        #: Cards not seen anywhere yet: where a card the log did not show comes from.
        self.unseen: Counter[Card] = no_cards()
        self.stock: Counter[Card] = no_cards()
        self.stock_order: list[Card] | None = None  # top card last, for pop()
        self.stock_count = 0
        self.discard_pile: list[Card] = []
        self.reshuffles = 0
        #: The reshuffled stocks and the unknown draws out of them, once there is one:
        #: a card seen again after a reshuffle may be a reshuffled one, not a new copy.
        self.sources: CopySources | None = None
        self.table: list[TableMeld | None] = []  # None: a meld that was invalid when laid
        self.owners: list[str] = []
        self.opened: set[str] = set()

    def size(self, player: str) -> int:
        """How many cards the player holds, seen or not (the referee itself only asks
        :meth:`holds_cards`, at every discard and play)."""
        return sum(self.hands[player].values()) + self.unknown.get(player, 0)

    def holds_cards(self, player: str) -> bool:
        """The player has a card left, seen or not: a hand it empties is closed."""
        return bool(self.hands[player]) or self.unknown.get(player, 0) > 0

    def holds(self, player: str, card: Card) -> bool:
        """The player may hold ``card``: seen in their hand, or one of their unknown cards."""
        return self.hands[player].get(card, 0) > 0 or self.unknown.get(player, 0) > 0

    def draw_unseen(self, player: str) -> None:
        """A draw the log does not show (``draw ?``, or a missing draw line): the top of
        a known stock, else a card nobody knows."""
        order = self.stock_order
        if order:
            top = order.pop()
            take_card(self.stock, top)
            add_card(self.hands[player], top)
        else:
            self.unknown[player] = self.unknown.get(player, 0) + 1
            if self.sources is not None:  # a reshuffled card, one of the stock's
                self.sources.draw(player)
        self.stock_count -= 1

    def reveal(self, player: str, card: Card) -> bool:
        """One of the player's unknown cards turns out to be ``card``: counted out of
        the cards not seen yet, or (after a reshuffle) one of the hidden copies that
        :class:`CopySources` follows, maybe a reshuffled one the player drew. False, and
        nothing counted, when no physical card can be it: a copy beyond the deck."""
        sources = self.sources
        if sources is not None:
            return sources.show(player, card, self.unseen)
        left = self.unseen.get(card, 0)
        if left <= 0:
            return False
        self.unseen[card] = left - 1
        return True

    def draw_known(self, player: str, card: Card) -> None:
        """A draw the log lost, of a card the play shows: out of the stock, wherever."""
        order = self.stock_order
        if order and card in order:
            del order[len(order) - 1 - order[::-1].index(card)]
        take_card(self.stock, card)
        self.stock_count -= 1
        add_card(self.hands[player], card)

    def draw_from_reshuffled(self, card: Card) -> bool:
        """A known draw of ``card`` out of a reshuffled stock, where a hidden copy of it
        must still be: False when every copy of it the stock held must be one of the
        cards shown from hidden hands since (a fully known log shows none)."""
        sources = self.sources
        return sources is None or sources.draw_known(card)

    def reshuffle(self) -> None:
        """The discard pile but its top becomes the stock, in an order nobody knows (D17)."""
        pile = self.discard_pile
        self.stock = count_cards(pile[:-1])
        self.stock_order = None
        self.stock_count = len(pile) - 1 if pile else 0
        self.discard_pile = pile[-1:]
        self.reshuffles += 1
        if self.sources is None:
            self.sources = CopySources()
        self.sources.reshuffled(self.stock)


# Counts are read with ``get``: ``counts[card]`` of a card a Counter lacks calls its
# ``__missing__``, a Python method, and a hand lacks most cards it draws.


def add_card(counts: Counter[Card], card: Card) -> None:
    """One more ``card`` in a hand or the stock."""
    counts[card] = counts.get(card, 0) + 1


def take_card(counts: Counter[Card], card: Card) -> None:
    """One ``card`` fewer in the stock (a count may go below zero, as a Counter's
    does: the stock's doubts, not its counts, say what went wrong)."""
    counts[card] = counts.get(card, 0) - 1
