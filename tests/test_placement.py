"""Attach placement (``placement.run_layouts``) equals trying every assignment.

The referee finds where attached cards go in a run without trying every product of
the cards' positions. These tests prove it gives exactly the runs that the plain
search gives (the referee's former code, kept here as the reference): exhaustively
for one and two cards on every run of a suit, and on random attaches of up to four
cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40cli.judging.tabletop.placement import Layout, run_layouts
from scala40cli.model.cards import HIGH_ACE, JOKER, Card, Rank, Suit, card
from scala40cli.reading.events import TableCard

SUIT = Suit.SPADES


def _rank_matches(c: Card, position: int) -> bool:
    if c.rank is Rank.ACE:
        return position in (1, HIGH_ACE)
    return c.rank == position


def reference_layouts(low: int, held: tuple[Card, ...], suit: Suit,
                      cards: Sequence[TableCard]) -> set[Layout]:
    """Every assignment of the cards to the free positions of every split of them
    below and above the run (the product of each card's options)."""
    high = low + len(held) - 1
    count = len(cards)
    found: set[Layout] = set()
    for below in range(count + 1):
        new_low, new_high = low - below, high + count - below
        if new_low < 1 or new_high > HIGH_ACE:
            continue
        free = [*range(new_low, low), *range(high + 1, new_high + 1)]
        for placed in _placements(cards, free, suit):
            grown = [placed[p] for p in range(new_low, low)] + list(held)
            grown += [placed[p] for p in range(high + 1, new_high + 1)]
            found.add((new_low, tuple(grown)))
    return found


def _placements(cards: Sequence[TableCard], free: list[int], suit: Suit
                ) -> Iterator[dict[int, Card]]:
    options: list[list[int]] = []
    for tc in cards:
        if tc.card.is_joker:
            target = tc.stands_for
            if target is None:
                options.append(list(free))
            elif target.suit != suit:
                return
            else:
                options.append([p for p in free if _rank_matches(target, p)])
        else:
            options.append([p for p in free if _rank_matches(tc.card, p)])
    for choice in product(*options):
        if len(set(choice)) == len(choice) == len(free):
            yield {position: tc.card for position, tc in zip(choice, cards, strict=True)}


#: What may be attached to a run of spades: its natural cards, a joker saying nothing,
#: a joker standing for each of its cards, a joker standing for a card of another suit.
POOL: tuple[TableCard, ...] = (
    *(TableCard(card(rank, SUIT)) for rank in Rank),
    TableCard(JOKER),
    *(TableCard(JOKER, card(rank, SUIT)) for rank in Rank),
    TableCard(JOKER, card(5, Suit.HEARTS)),
)

#: Every run of spades, as (its lowest position, its cards): the cards held do not
#: change where new ones go, only how many positions they take.
RUNS: tuple[tuple[int, tuple[Card, ...]], ...] = tuple(
    (low, tuple(card(Rank.ACE if p == HIGH_ACE else p, SUIT) for p in range(low, high + 1)))
    for low in range(1, HIGH_ACE - 1) for high in range(low + 2, HIGH_ACE + 1))


def _check(low: int, held: tuple[Card, ...], cards: Sequence[TableCard]) -> None:
    found = run_layouts(low, held, SUIT, cards)
    assert len(found) == len(set(found)), "each run once"
    assert set(found) == reference_layouts(low, held, SUIT, cards), (low, len(held), cards)


def test_one_card_on_every_run() -> None:
    for low, held in RUNS:
        for tc in POOL:
            _check(low, held, (tc,))


@pytest.mark.slow
def test_two_cards_on_every_run() -> None:
    for low, held in RUNS:
        for pair in product(POOL, repeat=2):
            _check(low, held, pair)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(run=st.sampled_from(RUNS), cards=st.lists(st.sampled_from(POOL), min_size=1,
                                                 max_size=4))
def test_random_attaches(run: tuple[int, tuple[Card, ...]], cards: list[TableCard]) -> None:
    _check(run[0], run[1], cards)


def test_a_lone_ace_may_go_at_either_end_of_a_run_from_two_to_king() -> None:
    low, held = next(r for r in RUNS if r[0] == 2 and len(r[1]) == 12)
    ace = TableCard(card(Rank.ACE, SUIT))
    assert {layout[0] for layout in run_layouts(low, held, SUIT, (ace,))} == {1, 2}
