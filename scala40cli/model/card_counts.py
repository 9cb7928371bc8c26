"""Multisets of cards (how many of each a hand or the stock holds), at a dict's speed.

``collections.Counter`` defines ``__delitem__`` in Python, and CPython then sends every
``counts[card] = n`` of a Counter through a Python-level slot: reading and writing one
item costs more than twice what it costs on a dict, and the referee does it for every
card that moves. :class:`CardCounts` is a Counter whose item deletion is the dict's own,
so its items are read and written as a dict's are; everything else is Counter's. The
one difference: deleting a card it does not hold raises KeyError, as a dict does
(Counter's ignores it); the referee deletes only what is there.

This module stays Python in the mypyc build (``hatch_build.py``): a compiled class
cannot derive from Counter, and a Python one costs nothing here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

try:  # the C loop Counter itself counts with (CPython)
    from collections import _count_elements  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python
    def _count_elements(counts: dict[Card, int], cards: Iterable[Card]) -> None:
        for card in cards:
            counts[card] = counts.get(card, 0) + 1

from scala40cli.model.cards import JOKER, NATURAL_CARDS, Card

#: Two of each natural card (a deck is made for every hand the referee replays).
_NATURAL_PAIRS: dict[Card, int] = dict.fromkeys(NATURAL_CARDS, 2)


class CardCounts(Counter["Card"]):
    """A ``Counter[Card]`` whose items are read and written at a dict's speed."""

    # The dict's own, for the slot's sake; Counter types its key as object.
    __delitem__ = dict.__delitem__  # type: ignore[assignment]


def no_cards() -> CardCounts:
    """``CardCounts()`` without ``Counter.__init__``, which runs in Python: every hand
    the referee replays starts two empty ones."""
    counts: CardCounts = dict.__new__(CardCounts)
    return counts


def count_cards(cards: Iterable[Card]) -> CardCounts:
    """``CardCounts(cards)`` without ``Counter.__init__``, which runs in Python: a
    deal builds a handful of these for every hand."""
    counts: CardCounts = dict.__new__(CardCounts)
    _count_elements(counts, cards)
    return counts


def card_counts(counts: Mapping[Card, int]) -> CardCounts:
    """``CardCounts(counts)`` for a mapping of counts, as :func:`count_cards`."""
    made: CardCounts = dict.__new__(CardCounts)
    dict.update(made, counts)
    return made


def full_deck(jokers: int = 4) -> CardCounts:
    """The two-deck pack as a multiset: every natural card twice, plus the jokers."""
    deck = card_counts(_NATURAL_PAIRS)
    if jokers:
        deck[JOKER] = jokers
    return deck
