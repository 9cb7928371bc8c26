"""CardCounts: a Counter of cards whose items are read and written as a dict's."""

from __future__ import annotations

from collections import Counter

import pytest

from scala40cli.model.card_counts import (
    CardCounts,
    card_counts,
    count_cards,
    full_deck,
    no_cards,
)
from scala40cli.model.cards import JOKER, parse_card

CARDS = [parse_card(code) for code in ("AS", "AS", "KH", "JK", "10D", "AS")]


def test_count_cards_counts_as_counter_does() -> None:
    counts = count_cards(CARDS)
    assert type(counts) is CardCounts
    assert counts == Counter(CARDS)
    assert dict(counts) == {parse_card("AS"): 3, parse_card("KH"): 1, JOKER: 1,
                            parse_card("10D"): 1}
    assert count_cards([]) == Counter() and type(count_cards([])) is CardCounts


def test_card_counts_copies_a_mapping() -> None:
    source = {parse_card("AS"): 2, JOKER: 4}
    counts = card_counts(source)
    assert type(counts) is CardCounts and counts == source
    counts[JOKER] -= 1
    assert source[JOKER] == 4  # a copy


def test_a_card_not_held_counts_zero_and_copies_keep_the_class() -> None:
    counts = count_cards(CARDS)
    assert counts[parse_card("2C")] == 0
    assert type(counts.copy()) is CardCounts
    assert counts.total() == len(CARDS)


def test_deletion_is_the_dicts_own() -> None:
    # The point of the class: no __delitem__ written in Python (see its docstring).
    assert CardCounts.__delitem__ is dict.__delitem__
    counts = count_cards(CARDS)
    del counts[parse_card("KH")]
    assert parse_card("KH") not in counts
    with pytest.raises(KeyError):
        del counts[parse_card("KH")]


def test_the_full_deck_is_card_counts() -> None:
    deck = full_deck(4)
    assert type(deck) is CardCounts
    assert deck.total() == 108 and deck[JOKER] == 4


def test_no_cards_is_an_empty_card_counts() -> None:
    counts = no_cards()
    assert type(counts) is CardCounts and counts == Counter() and not counts
    counts[JOKER] += 1
    assert counts == {JOKER: 1}
    assert no_cards() == Counter()  # a new one each time
