"""Where cards attached to a run go: every run they can make with it, found directly.

Cards attached to a run go at its ends, some below it and the rest above it, each
natural card at the position of its rank (an ace at 1 or 14) and each joker at the
position of the card it says it stands for, or anywhere when it says nothing. The
referee needs every distinct run they can make: one is the attach, none is an
invalid attach, several are an ambiguity to report (or to settle by D3, an ace goes
low).

Trying every assignment of the cards to the free positions (a product of their
options) costs more than the whole rest of an attach. It is not needed: for a given
number of cards below the run, the natural cards other than aces have one position
each, the aces one of the two ends, and the jokers fill what is left. So the runs are
given by where the aces go (at most two choices), and a choice is possible when the
declared jokers fit the positions left to the jokers. ``tests/test_placement.py``
proves this equal to trying every assignment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scala40cli.model.cards import HIGH_ACE, JOKER, Card, Rank, Suit
from scala40cli.reading.events import TableCard

#: A run as placement finds it: its lowest position and its cards, lowest first.
Layout = tuple[int, tuple[Card, ...]]

#: A joker declared as an ace may stand at either end of a run.
_ACE_TARGET: Final = 0

#: Enum members bound once: on Python 3.11 reading one off its class costs 0.45 us
#: (``EnumType.__getattr__`` routes every class attribute through Python), more than
#: the checks made with it at every card.
_ACE: Final = Rank.ACE


def run_layouts(low: int, held: tuple[Card, ...], suit: Suit,
                cards: Sequence[TableCard]) -> list[Layout]:
    """Every distinct run that the ``cards`` (natural ones all of ``suit``) make with
    the run of ``suit`` holding ``held`` from position ``low``; none when they cannot
    extend it."""
    if len(cards) == 1:
        return _one_card(low, held, suit, cards[0])
    naturals: dict[int, Card] = {}  # position -> the natural card there (not aces)
    ace: Card | None = None
    aces = 0
    declared: list[int] = []  # the positions declared jokers stand for
    for tc in cards:
        c = tc.card
        rank = c.rank
        if rank is None:
            target = tc.stands_for
            if target is None:
                continue
            if target.suit is not suit or target.rank is None:
                return []
            declared.append(_ACE_TARGET if target.rank is _ACE else int(target.rank))
        elif rank is _ACE:
            ace, aces = c, aces + 1
        elif int(rank) in naturals:
            return []  # two cards for one position
        else:
            naturals[int(rank)] = c
    high = low + len(held) - 1
    count = len(cards)
    found: list[Layout] = []
    for below in range(count + 1):
        new_low, new_high = low - below, high + count - below
        if new_low < 1 or new_high > HIGH_ACE:
            continue
        free = [*range(new_low, low), *range(high + 1, new_high + 1)]
        if any(p not in free for p in naturals):
            continue
        open_ends = [p for p in (1, HIGH_ACE) if p in free and p not in naturals]
        for ace_places in _ace_choices(open_ends, aces):
            jokers_at = [p for p in free if p not in naturals and p not in ace_places]
            if not _declared_fit(declared, jokers_at):
                continue
            placed = dict(naturals)
            for p in ace_places:
                assert ace is not None
                placed[p] = ace
            below_cards = [placed.get(p, JOKER) for p in range(new_low, low)]
            above_cards = [placed.get(p, JOKER) for p in range(high + 1, new_high + 1)]
            found.append((new_low, (*below_cards, *held, *above_cards)))
    return found


def _one_card(low: int, held: tuple[Card, ...], suit: Suit, tc: TableCard) -> list[Layout]:
    """:func:`run_layouts` for one card (most attaches): at either end of the run, where
    its rank (or the card its joker stands for) may go."""
    c = tc.card
    target = tc.stands_for if c.rank is None else c
    high = low + len(held) - 1
    ends = [p for p in (low - 1, high + 1) if 1 <= p <= HIGH_ACE]
    if target is not None:
        if target.suit is not suit or target.rank is None:
            return []
        rank = target.rank
        ends = [p for p in ends if (p in (1, HIGH_ACE) if rank is _ACE else p == rank)]
    return [(p, (c, *held)) if p < low else (low, (*held, c)) for p in ends]


def _ace_choices(ends: list[int], aces: int) -> list[tuple[int, ...]]:
    """Where ``aces`` natural aces may go among the free ``ends`` (1 and 14)."""
    if aces == 0:
        return [()]
    if aces == 1:
        return [(end,) for end in ends]
    return [tuple(ends)] if aces == 2 and len(ends) == 2 else []


def _declared_fit(declared: list[int], spots: list[int]) -> bool:
    """The jokers declared as the cards at ``declared`` positions can each take a
    different one of the positions left to the jokers (``spots``); the jokers that
    declare nothing take the rest."""
    exact = [p for p in declared if p != _ACE_TARGET]
    if len(set(exact)) != len(exact) or any(p not in spots for p in exact):
        return False
    ace_jokers = len(declared) - len(exact)
    return ace_jokers <= sum(1 for p in (1, HIGH_ACE) if p in spots and p not in exact)
