"""What the hard level weighs a discard by: the terms of each card it may throw.

The hard level (:mod:`~scala40cli.simulate.bots`) throws the card it weighs least, and
a card's weight is a sum of readings of the hand and the table, each with a weight of
its own: what the card adds to the pairs and runs in the making, what it costs left in
hand, what the opponents seem to collect, what it would give the next player, the outs
the hand keeps without it. The readings are worked out here and the weights are the
level's: so a bench that fits other weights to the same readings
(``bench/discard_teacher.py``) reads the very terms the hard level weighs, not a copy
that could drift from them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scala40cli.model.cards import Card
from scala40cli.simulate.board import Board
from scala40cli.simulate.feeding import next_player_feeding
from scala40cli.simulate.fitting import table_fitting
from scala40cli.simulate.outlook import OPEN_WEIGHTS, fitting_outs, outs_without
from scala40cli.simulate.pairs import partial_value, unseen_counts
from scala40cli.simulate.pairs import wanted as opponents_want
from scala40cli.simulate.planner import ace_points
from scala40cli.simulate.search import INDEX_OF, counts_of, penalty_of, structure


def meld_cards(board: Board) -> Counter[Card]:
    """Cards of the hand that belong to its best melds (kept together)."""
    packing = structure(counts_of(board.hand.elements()), run_max=board.rules.run_max,
                        ace_points=ace_points(board.rules))
    return packing.cards()


class DiscardReading:
    """The readings of a hand about to discard, for the cards it may throw, worked out
    once and read card by card: the hard level reads them for every turn of every
    playout, so no card's readings are put in an object of their own."""

    def __init__(self, board: Board, cards: Sequence[Card], *,
                 fits_now: frozenset[Card] | None = None) -> None:
        """``cards``: the cards the hand may throw, once the plays of the turn are on
        ``board``; ``fits_now``: the cards that fit the table, if known."""
        rules = board.rules
        self.fits_now = table_fitting(board.table, rules) if fits_now is None else fits_now
        self.kept = meld_cards(board)
        self.hand = board.hand
        self.aces = ace_points(rules)
        self.left = unseen_counts(board)
        self.wanted_counts = opponents_want(board.view)
        self.feeding = next_player_feeding(board.view, self.left,
                                           (INDEX_OF[c] for c in cards))
        #: The cards weighed that are free of the hand's melds.
        self.loose = [c for c in dict.fromkeys(cards) if self.kept[c] < self.hand[c]]
        self.kept_outs: dict[int, float] = {}
        if len(self.loose) >= 2:
            fitting = fitting_outs(self.fits_now) if board.has_opened else frozenset()
            weights = () if board.has_opened else OPEN_WEIGHTS
            self.kept_outs = outs_without(counts_of(self.hand.elements()), self.left,
                                          fitting, weights,
                                          {INDEX_OF[c] for c in self.loose})

    def in_meld(self, c: Card) -> bool:
        """It belongs to the hand's best melds (every copy of it in hand does)."""
        return self.kept[c] >= self.hand[c]

    def pairs(self, c: Card) -> float:
        """What it adds to the pairs and runs in the making with the rest of the hand,
        by the unseen cards that would complete them (0 for a joker, and for a card of
        the hand's melds, which is kept whatever it adds)."""
        if c.is_joker or self.in_meld(c):
            return 0.0
        i = INDEX_OF[c]
        value = 0.0
        for d in self.hand:
            if d is not c and not d.is_joker:
                value += partial_value(i, INDEX_OF[d], self.left)
        return value

    def penalty(self, c: Card) -> int:
        """What it costs left in hand."""
        return penalty_of(INDEX_OF[c], self.aces)

    def wanted(self, c: Card) -> int:
        """How many of the cards the opponents took from the pile it goes with (the
        next player's counted twice)."""
        return self.wanted_counts[c]

    def fed(self, c: Card) -> float:
        """The melds it would complete in the next player's hand (0 for a joker, and
        when the next player is a partner)."""
        if self.feeding is None or c.is_joker:
            return 0.0
        return self.feeding[INDEX_OF[c]]

    def outs(self, c: Card) -> float:
        """The outs the hand keeps without it (0 when fewer than two of the cards
        weighed are free of the hand's melds: the choice is made without them then)."""
        return self.kept_outs.get(INDEX_OF[c], 0.0)


__all__ = ["DiscardReading", "meld_cards"]
