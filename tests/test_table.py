"""The table of one hand (scala40cli/judging/tabletop/table.py): where the cards go on each move."""

from __future__ import annotations

from collections import Counter

from helpers import cards, hand

from scala40cli.judging.tabletop.table import TableState, add_card, take_card
from scala40cli.model.cards import Card, parse_card


def table_with(stock: str = "", pile: str = "", known_order: bool = True) -> TableState:
    state = TableState()
    state.hands = {"Anna": hand("KD KH"), "Bruno": Counter()}
    state.unknown = {"Bruno": 2}
    state.stock = Counter(cards(stock))
    state.stock_order = list(cards(stock)) if known_order else None
    state.stock_count = len(cards(stock))
    state.discard_pile = list(cards(pile))
    return state


def test_a_hand_counts_its_seen_and_its_unknown_cards() -> None:
    state = table_with()
    assert state.size("Anna") == 2
    assert state.size("Bruno") == 2


def test_a_player_with_unknown_cards_may_hold_any_card() -> None:
    state = table_with()
    assert state.holds("Anna", parse_card("KD"))
    assert not state.holds("Anna", parse_card("2C"))
    assert state.holds("Bruno", parse_card("2C"))


def test_a_draw_the_log_does_not_show_takes_the_top_of_a_known_stock() -> None:
    state = table_with(stock="2C 3C 4C")
    state.draw_unseen("Anna")
    assert state.hands["Anna"][parse_card("4C")] == 1
    assert state.stock_order == list(cards("2C 3C"))
    assert state.stock_count == 2


def test_a_draw_from_an_unknown_stock_is_an_unknown_card() -> None:
    state = table_with(stock="2C 3C 4C", known_order=False)
    state.draw_unseen("Anna")
    assert state.unknown["Anna"] == 1
    assert state.size("Anna") == 3
    assert state.stock_count == 2


def test_a_lost_draw_shown_by_the_play_leaves_the_stock_wherever_the_card_was() -> None:
    state = table_with(stock="2C 3C 4C")
    state.draw_known("Anna", parse_card("3C"))
    assert state.stock_order == list(cards("2C 4C"))
    assert state.stock[parse_card("3C")] == 0
    assert state.hands["Anna"][parse_card("3C")] == 1


def test_a_reshuffle_keeps_the_piles_top_and_makes_the_rest_a_stock_in_no_known_order() -> None:
    state = table_with(pile="2C 3C 4C")
    state.reshuffle()
    assert state.discard_pile == [parse_card("4C")]
    assert state.stock == Counter(cards("2C 3C"))
    assert state.stock_order is None
    assert state.stock_count == 2
    assert state.reshuffles == 1



def test_add_and_take_card_count_as_a_counter_does() -> None:
    counts: Counter[Card] = Counter()
    king = parse_card("KD")
    add_card(counts, king)  # a card it lacks: from none to one
    add_card(counts, king)
    assert counts[king] == 2
    take_card(counts, king)
    assert counts[king] == 1
    two = parse_card("2C")
    take_card(counts, two)  # a stock may go below zero, as a Counter's ``-= 1`` does
    assert counts[two] == -1
