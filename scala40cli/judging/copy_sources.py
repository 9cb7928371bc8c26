"""Where a card shown out of a hidden hand can come from, once the stock was reshuffled.

A card is a physical object: the two packs and their jokers are every card of a hand,
each in one place at a time. In a log with unknown cards (``?``, format 1.1) a card
that comes out of a hidden hand (a discard, a meld, an attach) must be one of them.
Before any reshuffle it can only be a card nobody has seen yet: the referee counts it
out of those (``TableState.unseen``), and a card none of which is left is a third
copy (D007).

A reshuffle puts seen cards back into hiding: the discard pile, every card of it known,
becomes the stock, and a ``draw ?`` out of that stock is one of those cards. Such a
card, shown later, is the same physical card as the one discarded before, not a new
copy. So after a reshuffle a card shown by a player who drew unknown cards from a
reshuffled stock has several possible sources: a card never seen, or a card of one of
the reshuffled stocks the player drew from. :class:`CopySources` keeps the cards shown
that way and says whether they can all be told apart from one another: a matching of
those cards to the sources that hold them (a small flow, one card at a time), so the
choice of source of an earlier card is never fixed too soon. It is a check on each
card on its own (it does not follow which hidden draw held which of two different
cards), so it never reports a legal game and still catches a third copy that no
source can explain.

Only a hand that reshuffles with unknown cards builds one: a fully known log never
pays for it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scala40cli.judging.cards import Card

#: A player and the reshuffled stocks (1 for the first) they had drawn unknown cards
#: from when they showed a card: which sources that card may have.
Shown = tuple[str, tuple[int, ...]]


class CopySources:
    """The reshuffled stocks of one hand, who drew unknown cards out of each, and the
    cards shown from hidden hands that may be reshuffled ones (see the module docstring)."""

    def __init__(self) -> None:
        #: The stock made by each reshuffle, as the table keeps counting it: a known
        #: draw out of it takes its card away, an unknown draw does not (nobody knows which).
        self.stocks: list[Counter[Card]] = []
        #: Player -> how many unknown cards they drew out of each reshuffled stock.
        self.drawn: dict[str, list[int]] = {}
        #: Card -> the shows of it whose source is open: a never seen card, or a
        #: reshuffled one of a stock the player drew from.
        self.open: dict[Card, list[Shown]] = {}

    def reshuffled(self, stock: Counter[Card]) -> None:
        """The discard pile became ``stock`` (the table's own Counter of it)."""
        self.stocks.append(stock)

    def draw(self, player: str) -> None:
        """``player`` drew an unknown card out of the stock of the last reshuffle."""
        counts = self.drawn.get(player)
        if counts is None:
            counts = self.drawn[player] = []
        counts.extend([0] * (len(self.stocks) - len(counts)))
        counts[-1] += 1

    def sources_of(self, player: str) -> tuple[int, ...]:
        """The reshuffled stocks ``player`` drew unknown cards from (numbered from 1)."""
        return tuple(k + 1 for k, n in enumerate(self.drawn.get(player, ())) if n > 0)

    def show(self, player: str, card: Card, unseen: Counter[Card]) -> bool:
        """One of ``player``'s unknown cards turns out to be ``card``: False (and nothing
        counted) when no physical card can be it, as a third copy. ``unseen`` is the
        table's count of the cards nobody has seen, which a card with no other source
        is counted out of."""
        stocks = self.sources_of(player)
        shows = self.open.get(card)
        if not stocks:  # a card never seen, for sure
            left = unseen.get(card, 0)
            if left <= 0:
                return False
            unseen[card] = left - 1
            if shows and not self._fits(card, shows, unseen):
                unseen[card] = left
                return False
            return True
        shows = shows if shows is not None else []
        shows.append((player, stocks))
        if self._fits(card, shows, unseen):
            self.open[card] = shows
            return True
        shows.pop()
        return False

    def may_draw(self, card: Card, unseen: Counter[Card]) -> bool:
        """A known draw of ``card`` out of the last reshuffled stock leaves every open
        show of it a source: False when the stock's copies of it are the ones shown."""
        shows = self.open.get(card)
        if not shows or not self.stocks:
            return True
        stock = self.stocks[-1]
        stock[card] = stock.get(card, 0) - 1
        fits = self._fits(card, shows, unseen)
        stock[card] += 1
        return fits

    def _fits(self, card: Card, shows: Sequence[Shown], unseen: Counter[Card]) -> bool:
        """Every open show of ``card`` has a source of its own: as many of them as the
        never seen copies cannot take find a copy in a reshuffled stock their player
        drew from, no more of them out of one stock than it holds, nor out of one
        player's draws from it than they made."""
        wanted = len(shows) - max(0, unseen.get(card, 0))
        if wanted <= 0:
            return True
        left = [max(0, stock.get(card, 0)) for stock in self.stocks]
        return _most_matched(shows, left, self.drawn) >= wanted


def _most_matched(shows: Sequence[Shown], left: list[int], drawn: dict[str, list[int]]
                  ) -> int:
    """How many of ``shows`` can each have a copy of its own out of the reshuffled
    stocks: a maximum flow source -> show -> (player, stock) -> stock -> sink, whose
    edges hold one show, the player's draws out of the stock, and the stock's copies
    of the card. Found by shortest augmenting paths (a hand has a handful of shows)."""
    residual: dict[int, dict[int, int]] = {}
    source, sink = 0, 1
    stock_node = {k: 2 + k for k in range(len(left))}
    pair_node: dict[tuple[str, int], int] = {}
    for k, copies in enumerate(left):
        _edge(residual, stock_node[k], sink, copies)
    for index, (player, stocks) in enumerate(shows):
        show = 2 + len(left) + index
        _edge(residual, source, show, 1)
        for number in stocks:
            pair = (player, number - 1)
            node = pair_node.get(pair)
            if node is None:
                node = pair_node[pair] = 2 + len(left) + len(shows) + len(pair_node)
                _edge(residual, node, stock_node[number - 1], drawn[player][number - 1])
            _edge(residual, show, node, 1)
    flow = 0
    while _augment(residual, source, sink):
        flow += 1
    return flow


def _edge(residual: dict[int, dict[int, int]], start: int, end: int, capacity: int) -> None:
    """An edge with ``capacity`` of room, and its way back (none yet)."""
    residual.setdefault(start, {})[end] = capacity
    residual.setdefault(end, {}).setdefault(start, 0)


def _augment(residual: dict[int, dict[int, int]], source: int, sink: int) -> bool:
    """Push one unit along a shortest path with room, if there is one."""
    came_from = {source: source}
    queue = [source]
    for node in queue:
        for nxt, room in residual[node].items():
            if room > 0 and nxt not in came_from:
                came_from[nxt] = node
                queue.append(nxt)
    if sink not in came_from:
        return False
    node = sink
    while node != source:
        before = came_from[node]
        residual[before][node] -= 1
        residual[node][before] += 1
        node = before
    return True
