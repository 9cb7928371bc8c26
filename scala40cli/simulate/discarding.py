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
from dataclasses import dataclass

from scala40cli.model.cards import Card
from scala40cli.simulate.board import Board
from scala40cli.simulate.feeding import next_player_feeding
from scala40cli.simulate.fitting import table_fitting
from scala40cli.simulate.outlook import OPEN_WEIGHTS, fitting_outs, outs_without
from scala40cli.simulate.pairs import partial_value, unseen_counts
from scala40cli.simulate.pairs import wanted as opponents_want
from scala40cli.simulate.planner import ace_points
from scala40cli.simulate.search import INDEX_OF, counts_of, penalty_of, structure


@dataclass(frozen=True, slots=True)
class DiscardTerms:
    """The readings of one card the hand may throw (see the module docstring)."""

    #: What the card adds to the pairs and runs in the making with the rest of the
    #: hand, by the unseen cards that would complete them (0 for a joker, and for a
    #: card of the hand's melds, which is kept whatever it adds).
    pairs: float
    #: What the card costs left in hand.
    penalty: int
    #: How many of the cards the opponents took from the pile it goes with (the next
    #: player's counted twice).
    wanted: int
    #: The melds it would complete in the next player's hand (0 for a joker, and when
    #: the next player is a partner).
    fed: float
    #: The outs the hand keeps without it (0 when fewer than two of the cards weighed
    #: are free of the hand's melds: the choice is made without them then).
    outs: float
    joker: bool
    #: It fits a meld on the table.
    fits_table: bool
    #: It belongs to the hand's best melds (every copy of it in hand does).
    in_meld: bool


def meld_cards(board: Board) -> Counter[Card]:
    """Cards of the hand that belong to its best melds (kept together)."""
    packing = structure(counts_of(board.hand.elements()), run_max=board.rules.run_max,
                        ace_points=ace_points(board.rules))
    return packing.cards()


def discard_terms(board: Board, cards: Sequence[Card], *,
                  fits_now: frozenset[Card] | None = None) -> dict[Card, DiscardTerms]:
    """The terms of each of ``cards`` (cards of the hand, once the plays of the turn
    are on ``board``); ``fits_now``: the cards that fit the table, if known."""
    view = board.view
    rules = board.rules
    if fits_now is None:
        fits_now = table_fitting(board.table, rules)
    kept = meld_cards(board)
    hand = board.hand
    aces = ace_points(rules)
    left = unseen_counts(board)
    wanted = opponents_want(view)
    fed = next_player_feeding(view, left, (INDEX_OF[c] for c in cards))
    loose = [c for c in dict.fromkeys(cards) if kept[c] < hand[c]]
    kept_outs: dict[int, float] = {}
    if len(loose) >= 2:
        fitting = fitting_outs(fits_now) if board.has_opened else frozenset()
        weights = () if board.has_opened else OPEN_WEIGHTS
        kept_outs = outs_without(counts_of(hand.elements()), left, fitting, weights,
                                 {INDEX_OF[c] for c in loose})
    terms: dict[Card, DiscardTerms] = {}
    for c in cards:
        i = INDEX_OF[c]
        in_meld = kept[c] >= hand[c]
        pairs = 0.0
        if not c.is_joker and not in_meld:
            for d in hand:
                if d is not c and not d.is_joker:
                    pairs += partial_value(i, INDEX_OF[d], left)
        terms[c] = DiscardTerms(
            pairs=pairs, penalty=penalty_of(i, aces), wanted=wanted[c],
            fed=fed[i] if fed is not None and not c.is_joker else 0.0,
            outs=kept_outs.get(i, 0.0), joker=c.is_joker, fits_table=c in fits_now,
            in_meld=in_meld)
    return terms


__all__ = ["DiscardTerms", "discard_terms", "meld_cards"]
