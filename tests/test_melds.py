"""Melds: which sets and runs are valid, what they are worth, how they grow and swap.

Rules pinned: those fixed for every variant (docs/rules.md, "The classic rules": sets
of 3-4 cards in different suits, runs of 3+ consecutive cards of one suit, ace low or
high never both, a joker takes the value of the card it stands for), the switches
`jokers_per_meld`, `run_max` and `set_joker_suit`, and decisions D1-D6 of docs/decisions.md.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import cards, meld, rules, table_cards
from hypothesis import given
from hypothesis import strategies as st

from scala40cli.judging.rulebook.rules import CLASSIC, Rules, SetJokerSuit
from scala40cli.judging.tabletop.melds import (
    Group,
    MeldError,
    Run,
    attach,
    build_meld,
    fits,
    joker_stands_for,
    jokers_fit,
    opening_value,
    swap,
)
from scala40cli.model.cards import HIGH_ACE, Rank, Suit, card, parse_card, rank_points

ANY = rules(set_joker_suit=SetJokerSuit.ANY)
DECLARED = rules(set_joker_suit=SetJokerSuit.DECLARED)
RUN_MAX_13 = rules(run_max=13)



def test_a_meld_holds_one_joker_under_jokers_per_meld_1() -> None:
    assert jokers_fit(0, CLASSIC) and jokers_fit(1, CLASSIC) and not jokers_fit(2, CLASSIC)
    with pytest.raises(MeldError, match="at most 1 joker a meld, not 2"):
        build_meld(table_cards("5S JK JK"), CLASSIC)


A_TO_K = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
TWO_TO_K = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
THREE_TO_K = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"


# --- sets -------------------------------------------------------------------------------

VALID_SETS = [
    # (cards, rank, suits as written, jokers, declared suit, opening value)
    pytest.param("7H 7C 7D", Rank.SEVEN, "HCD", 0, None, 21, id="three_sevens"),
    pytest.param("7H 7C 7D 7S", Rank.SEVEN, "HCDS", 0, None, 28, id="four_sevens"),
    pytest.param("7H 7C JK", Rank.SEVEN, "HC", 1, None, 21, id="joker_counts_as_a_seven"),
    pytest.param("JK 7H 7C", Rank.SEVEN, "HC", 1, None, 21, id="any_order_joker_first"),
    pytest.param("7H JK 7C", Rank.SEVEN, "HC", 1, None, 21, id="any_order_joker_middle"),
    pytest.param("7H 7C JK(7D)", Rank.SEVEN, "HC", 1, "D", 21, id="joker_declares_a_missing_suit"),
    pytest.param("7H 7C 7D JK", Rank.SEVEN, "HCD", 1, None, 28, id="four_with_joker"),
    pytest.param("AS AH AD", Rank.ACE, "SHD", 0, None, 33, id="three_aces_33"),
    pytest.param("AS AH AD AC", Rank.ACE, "SHDC", 0, None, 44, id="four_aces_44"),
    pytest.param("AS AH JK", Rank.ACE, "SH", 1, None, 33, id="aces_with_joker_33"),
    pytest.param("AS AH AD JK", Rank.ACE, "SHD", 1, None, 44, id="four_aces_with_joker_44"),
    pytest.param("KS KH KD", Rank.KING, "SHD", 0, None, 30, id="kings_30"),
    pytest.param("2C 2D 2H JK", Rank.TWO, "CDH", 1, None, 8, id="twos_with_joker_8"),
    pytest.param("10s t♥ 10♦", Rank.TEN, "SHD", 0, None, 30, id="tens_any_spelling_30"),
]



def test_melds_are_values_equal_and_hashed_by_their_cards() -> None:
    """Run and Group are plain classes (see meld_values): equal, and hashed alike, when
    their cards are; never equal to a meld of other cards or of the other kind."""
    run, same_run = meld("5S 6S JK"), Run(suit=Suit.SPADES, low=5, cards=cards("5S 6S JK"))
    assert run == same_run and hash(run) == hash(same_run) and len({run, same_run}) == 1
    assert run != meld("5S 6S 7S") and run != meld("4S 5S 6S") and run != meld("5H 6H JK")
    group = meld("7H 7C JK(7D)")
    assert group == Group(rank=Rank.SEVEN, suits=(Suit.HEARTS, Suit.CLUBS), jokers=1,
                          declared=Suit.DIAMONDS)
    assert hash(group) == hash(meld("7H 7C JK(7D)"))
    assert group != meld("7H 7C JK") and group != meld("7H 7C 7D") and group != run
    assert repr(run) == (f"Run(suit={Suit.SPADES!r}, low=5, "
                         f"cards=({parse_card('5S')!r}, {parse_card('6S')!r}, Card(JK)))")
    assert str(group) == "7H 7C JK(7D)"

@pytest.mark.parametrize(
    ("text", "rank", "suits", "jokers", "declared", "value"),
    VALID_SETS,
)
def test_set_three_or_four_cards_of_one_rank_in_different_suits(
    text: str, rank: Rank, suits: str, jokers: int, declared: str | None, value: int
) -> None:
    built = meld(text)
    assert isinstance(built, Group)
    assert built.rank is rank
    assert built.suits == tuple(Suit(s) for s in suits)
    assert built.jokers == jokers
    assert built.declared == (None if declared is None else Suit(declared))
    assert opening_value(built) == value


INVALID_SETS = [
    pytest.param("7H 7C", id="two_cards"),
    pytest.param("7H JK", id="one_card_and_joker"),
    pytest.param("7H 7H 7C", id="two_identical_cards_first"),
    pytest.param("7H 7C 7H", id="two_identical_cards_last"),
    pytest.param("7H 7C 7H 7D", id="two_identical_in_four"),
    pytest.param("7H 7H JK", id="two_identical_and_joker"),
    pytest.param("7H 7C 7D 7S 7H", id="five_cards"),
    pytest.param("7H 7C 7D 7S JK", id="five_cards_with_joker"),
    pytest.param("7H 7C JK(7H)", id="joker_declared_with_a_suit_present"),
    pytest.param("JK(7C) 7H 7C", id="joker_declared_with_a_suit_present_written_first"),
    pytest.param("7H 7C JK(8D)", id="joker_declared_with_another_rank"),
    pytest.param("7H 7C JK(JK)", id="joker_declared_as_a_joker"),
    pytest.param("7H(7S) 7C 7D", id="natural_card_cannot_declare"),
    pytest.param("7H 7C 8D", id="two_ranks"),
    pytest.param("7H JK JK", id="two_jokers_one_natural"),
    pytest.param("7H 7C JK JK", id="two_jokers"),
    pytest.param("JK JK JK", id="jokers_alone"),
]


@pytest.mark.parametrize("text", INVALID_SETS)
def test_set_invalid_combinations_raise_meld_error(text: str) -> None:
    with pytest.raises(MeldError):
        meld(text)


# --- runs -------------------------------------------------------------------------------

VALID_RUNS = [
    # (cards, suit, low position, high position, opening value)
    pytest.param("AS 2S 3S", "S", 1, 3, 6, id="ace_low_A23_6"),
    pytest.param("QS KS AS", "S", 12, 14, 31, id="ace_high_QKA_31"),
    pytest.param("10S JS QS KS", "S", 10, 13, 40, id="10JQK_40"),
    pytest.param("4H 5H 6H 7H 8H", "H", 4, 8, 30, id="five_hearts_30"),
    pytest.param("9C 10C JC QC KC AC", "C", 9, 14, 60, id="nine_to_high_ace_60"),
    pytest.param("4S JK 6S", "S", 4, 6, 15, id="joker_where_written_middle"),
    pytest.param("4S JK(5S) 6S", "S", 4, 6, 15, id="joker_declared_where_written"),
    pytest.param("4S 5S JK", "S", 4, 6, 15, id="joker_at_the_top_4S_5S_JK_15"),
    pytest.param("JK 5S 6S", "S", 4, 6, 15, id="joker_at_the_bottom"),
    pytest.param("QS KS JK", "S", 12, 14, 31, id="joker_as_high_ace_31"),
    pytest.param("JK 2S 3S", "S", 1, 3, 6, id="joker_as_low_ace_6"),
    pytest.param("JK KS AS", "S", 12, 14, 31, id="joker_as_queen_before_high_ace_31"),
    pytest.param("JK QS KS", "S", 11, 13, 30, id="joker_as_jack_30"),
    pytest.param("QS KS JK(AS)", "S", 12, 14, 31, id="joker_declared_high_ace"),
    pytest.param("JK(AS) 2S 3S", "S", 1, 3, 6, id="joker_declared_low_ace"),
    pytest.param("JD QD KD", "D", 11, 13, 30, id="jqk_30"),
    pytest.param(A_TO_K, "S", 1, 13, 85, id="thirteen_A_to_K_85"),
    pytest.param(TWO_TO_K + " AS", "S", 2, 14, 95, id="thirteen_2_to_high_ace_95"),
    pytest.param(A_TO_K + " JK", "S", 1, 14, 96, id="fourteen_A_to_K_plus_joker_96"),
    pytest.param("JK " + TWO_TO_K + " AS", "S", 1, 14, 96, id="fourteen_joker_2_to_K_A_96"),
]


@pytest.mark.parametrize(("text", "suit", "low", "high", "value"), VALID_RUNS)
def test_run_consecutive_ascending_one_suit(
    text: str, suit: str, low: int, high: int, value: int
) -> None:
    built = meld(text)
    assert isinstance(built, Run)
    assert (built.suit, built.low, built.high) == (Suit(suit), low, high)
    assert len(built.cards) == len(text.split())
    assert opening_value(built) == value


INVALID_RUNS = [
    pytest.param("6S 5S 4S", id="descending_not_resorted"),
    pytest.param("3S 2S AS", id="descending_with_ace"),
    pytest.param("AS KS QS", id="descending_ace_high"),
    pytest.param("AS 3S 2S", id="out_of_order"),
    pytest.param("QS AS KS", id="ace_in_the_middle"),
    pytest.param("KS AS 2S", id="wrap_K_A_2"),
    pytest.param("QS KS AS 2S", id="wrap_Q_K_A_2"),
    pytest.param("JK AS 2S", id="joker_before_low_ace_is_a_wrap"),
    pytest.param("KS JK 2S", id="joker_as_ace_between_K_and_2"),
    pytest.param("4S 5H 6S", id="mixed_suits"),
    pytest.param("4S 5S 6H", id="mixed_suits_last"),
    pytest.param("4S 5S 7S", id="gap"),
    pytest.param("4S 6S 7S", id="gap_low"),
    pytest.param("4S 6S JK", id="gap_and_joker_at_the_end"),
    pytest.param("4S 5S", id="two_cards"),
    pytest.param("4S JK(5H) 6S", id="joker_declaration_other_suit"),
    pytest.param("4S JK(7S) 6S", id="joker_declaration_other_rank"),
    pytest.param("4S 5S JK(3S)", id="joker_declared_below_but_written_above"),
    pytest.param("4S JK JK 7S", id="two_jokers"),
    pytest.param("JK 5S JK", id="two_jokers_around_a_card"),
    pytest.param("4S 4S 5S", id="same_card_twice"),
    pytest.param(A_TO_K + " AS", id="two_natural_aces"),
    pytest.param("AS " + TWO_TO_K + " AS", id="two_natural_aces_written_low_first"),
    pytest.param(A_TO_K + " JK JK", id="fifteen_cards"),
]


@pytest.mark.parametrize("text", INVALID_RUNS)
def test_run_invalid_combinations_raise_meld_error(text: str) -> None:
    with pytest.raises(MeldError):
        meld(text)


ACE_RUNS = [
    # (cards, valid)
    pytest.param("AS 2S 3S", True, id="A23_low"),
    pytest.param("QS KS AS", True, id="QKA_high"),
    pytest.param("KS AS 2S", False, id="KA2_wrap"),
    pytest.param("AS 2S 3S 4S KS", False, id="A234K"),
    pytest.param("3S 2S AS", False, id="321_descending"),
    pytest.param("AS KS QS", False, id="AKQ_descending"),
]


@pytest.mark.parametrize(("text", "valid"), ACE_RUNS)
def test_run_ace_low_or_high_never_wraps(text: str, valid: bool) -> None:
    if valid:
        assert isinstance(meld(text), Run)
    else:
        with pytest.raises(MeldError):
            meld(text)


JOKER_PLACES = [
    # (run, the card the joker stands for)
    pytest.param("4S JK 6S", "5S", id="middle"),
    pytest.param("JK 5S 6S", "4S", id="bottom"),
    pytest.param("4S 5S JK", "6S", id="top"),
    pytest.param("JK 2S 3S", "AS", id="low_ace"),
    pytest.param("QS KS JK", "AS", id="high_ace"),
    pytest.param("9H 10H JK QH", "JH", id="jack_of_hearts"),
]


@pytest.mark.parametrize(("text", "stands_for"), JOKER_PLACES)
def test_run_joker_stands_where_it_is_written(text: str, stands_for: str) -> None:
    built = meld(text)
    assert joker_stands_for(built, CLASSIC) == (parse_card(stands_for),)
    assert stands_for in str(built)


RUN_MAX = [
    # (cards, rules, valid)
    pytest.param(A_TO_K + " JK", CLASSIC, True, id="A_to_K_JK_run_max_14"),
    pytest.param("JK " + TWO_TO_K + " AS", CLASSIC, True, id="JK_2_to_A_run_max_14"),
    pytest.param(A_TO_K + " JK", RUN_MAX_13, False, id="A_to_K_JK_run_max_13"),
    pytest.param("JK " + TWO_TO_K + " AS", RUN_MAX_13, False, id="JK_2_to_A_run_max_13"),
    pytest.param(A_TO_K, RUN_MAX_13, True, id="A_to_K_run_max_13"),
    pytest.param(TWO_TO_K + " AS", RUN_MAX_13, True, id="2_to_A_run_max_13"),
    pytest.param(A_TO_K + " AS", CLASSIC, False, id="two_natural_aces_run_max_14"),
    pytest.param(A_TO_K + " AS", RUN_MAX_13, False, id="two_natural_aces_run_max_13"),
]


@pytest.mark.parametrize(("text", "with_rules", "valid"), RUN_MAX)
def test_run_max_14_is_A_to_K_with_a_joker_never_two_natural_aces(
    text: str, with_rules: Rules, valid: bool
) -> None:
    if valid:
        built = meld(text, with_rules)
        assert isinstance(built, Run)
        assert len(built.cards) == len(text.split())
    else:
        with pytest.raises(MeldError):
            meld(text, with_rules)


JOKERS_PER_MELD = [
    pytest.param("4S JK 6S", True, id="one_joker"),
    pytest.param("4S JK JK 7S", False, id="two_jokers_run"),
    pytest.param("7H 7C JK JK", False, id="two_jokers_set"),
]


@pytest.mark.parametrize(("text", "valid"), JOKERS_PER_MELD)
def test_jokers_per_meld_1_at_most_one_joker(text: str, valid: bool) -> None:
    if valid:
        assert meld(text).joker_count == 1
    else:
        with pytest.raises(MeldError):
            meld(text)


# --- opening values ---------------------------------------------------------------------

OPENING_VALUES = [
    pytest.param("AS AH AD", 33, id="set_of_aces_33"),
    pytest.param("AS AH AD AC", 44, id="four_aces_44"),
    pytest.param("AS 2S 3S", 6, id="low_ace_run_6"),
    pytest.param("QS KS AS", 31, id="high_ace_run_31"),
    pytest.param("10S JS QS KS", 40, id="10JQK_40"),
    pytest.param("QS KS JK", 31, id="joker_as_high_ace_31"),
    pytest.param("JK 2S 3S", 6, id="joker_as_low_ace_6"),
    pytest.param("7H 7C JK", 21, id="joker_in_set_of_sevens_21"),
    pytest.param("4S 5S JK", 15, id="joker_as_6_15"),
    pytest.param("JS QS KS", 30, id="JQK_30"),
    pytest.param("JH QH KH AH", 41, id="JQKA_41"),
    pytest.param("KS KH KD KC", 40, id="four_kings_40"),
    pytest.param("8D 9D 10D JD", 37, id="8_to_J_37"),
]


@pytest.mark.parametrize(("text", "value"), OPENING_VALUES)
def test_opening_value_joker_counts_as_the_card_it_replaces(text: str, value: int) -> None:
    assert opening_value(meld(text)) == value


# --- attaching to a run -----------------------------------------------------------------

ATTACH_RUN_OK = [
    # (run, attached cards, rules, the run after)
    pytest.param("5S 6S 7S", "8S", CLASSIC, "5S 6S 7S 8S", id="at_the_top"),
    pytest.param("5S 6S 7S", "4S", CLASSIC, "4S 5S 6S 7S", id="at_the_bottom"),
    pytest.param("5S 6S 7S", "4S 8S", CLASSIC, "4S 5S 6S 7S 8S", id="both_ends"),
    pytest.param("5S 6S 7S", "9S 8S", CLASSIC, "5S 6S 7S 8S 9S", id="several_in_any_order"),
    pytest.param("5S 6S 7S", "8S 3S 9S 4S", CLASSIC, "3S 4S 5S 6S 7S 8S 9S",
                 id="several_both_ends_any_order"),
    pytest.param(TWO_TO_K, "AS", CLASSIC, A_TO_K, id="natural_ace_on_2_to_K_goes_low"),
    pytest.param("JS QS KS", "AS", CLASSIC, "JS QS KS AS", id="natural_ace_high_only_place"),
    pytest.param("2S 3S 4S", "AS", CLASSIC, "AS 2S 3S 4S", id="natural_ace_low_only_place"),
    pytest.param("5S 6S 7S", "JK(8S)", CLASSIC, "5S 6S 7S JK(8S)", id="declared_joker_top"),
    pytest.param("5S 6S 7S", "JK(4S)", CLASSIC, "JK(4S) 5S 6S 7S", id="declared_joker_bottom"),
    pytest.param("AS 2S 3S", "JK", CLASSIC, "AS 2S 3S JK(4S)",
                 id="undeclared_joker_one_place_above_low_ace"),
    pytest.param("QS KS AS", "JK", CLASSIC, "JK(JS) QS KS AS",
                 id="undeclared_joker_one_place_below_high_ace"),
    pytest.param("5S 6S 7S", "9S JK", CLASSIC, "5S 6S 7S JK(8S) 9S",
                 id="joker_fills_the_gap_between_attached_cards"),
    pytest.param("5S 6S 7S", "JK 3S", CLASSIC, "3S JK(4S) 5S 6S 7S",
                 id="joker_fills_the_gap_below"),
    pytest.param("5S JK 7S", "8S", CLASSIC, "5S JK(6S) 7S 8S", id="on_a_run_with_a_joker"),
    pytest.param(A_TO_K, "JK", CLASSIC, A_TO_K + " JK(AS)", id="joker_as_14th_card"),
    pytest.param(TWO_TO_K + " AS", "JK", CLASSIC, "JK(AS) " + TWO_TO_K + " AS",
                 id="joker_as_low_ace_14th_card"),
    pytest.param(THREE_TO_K, "AS JK(2S)", CLASSIC, "AS JK(2S) " + THREE_TO_K,
                 id="ace_goes_low_with_declared_joker_as_2"),
    pytest.param(
        THREE_TO_K, "AS JK", CLASSIC, "AS JK(2S) " + THREE_TO_K,
        id="ace_goes_low_with_undeclared_joker_that_has_one_place",
    ),
]


@pytest.mark.parametrize(
    ("run", "attached", "with_rules", "after"),
    ATTACH_RUN_OK,
)
def test_attach_run_extends_at_either_end(
    run: str, attached: str, with_rules: Rules, after: str
) -> None:
    original = meld(run, with_rules)
    grown = attach(original, table_cards(attached), with_rules)
    assert isinstance(grown, Run)
    assert str(grown) == after
    assert str(original) == str(meld(run, with_rules))  # melds are values: unchanged


ATTACH_RUN_BAD = [
    # (run, attached cards, rules)
    pytest.param("5S 6S 7S", "8H", CLASSIC, id="wrong_suit"),
    pytest.param("5S 6S 7S", "4S 8H", CLASSIC, id="one_of_several_wrong_suit"),
    pytest.param("5S 6S 7S", "9S", CLASSIC, id="not_adjacent_above"),
    pytest.param("5S 6S 7S", "3S", CLASSIC, id="not_adjacent_below"),
    pytest.param("5S 6S 7S", "8S 10S", CLASSIC, id="gap_between_attached_cards"),
    pytest.param("5S 6S 7S", "6S", CLASSIC, id="rank_already_in_the_run"),
    pytest.param("5S 6S 7S", "8S 8S", CLASSIC, id="same_card_twice"),
    pytest.param("5S 6S 7S", "JK", CLASSIC, id="undeclared_joker_two_possible_places"),
    pytest.param("5S 6S 7S", "JK 8S", CLASSIC, id="undeclared_joker_and_card_two_places"),
    pytest.param(TWO_TO_K, "JK", CLASSIC, id="undeclared_joker_either_ace"),
    pytest.param("5S 6S 7S", "JK(8H)", CLASSIC, id="declared_joker_other_suit"),
    pytest.param("5S 6S 7S", "JK(10S)", CLASSIC, id="declared_joker_not_adjacent"),
    pytest.param("5S 6S 7S", "JK(6S)", CLASSIC, id="declared_joker_inside_the_run"),
    pytest.param("5S 6S 7S", "JK(JK)", CLASSIC, id="joker_declared_as_joker"),
    pytest.param("5S 6S 7S", "8S(9S)", CLASSIC, id="natural_card_declares"),
    pytest.param("5S JK 7S", "JK(8S)", CLASSIC, id="second_joker_on_a_meld_with_one"),
    pytest.param("5S JK 7S", "JK", CLASSIC, id="second_undeclared_joker"),
    pytest.param("5S 6S 7S", "JK(4S) JK(8S)", CLASSIC, id="two_jokers_at_once"),
    pytest.param("QS KS AS", "2S", CLASSIC, id="wrap_above_high_ace"),
    pytest.param("AS 2S 3S", "KS", CLASSIC, id="wrap_below_low_ace"),
    pytest.param(A_TO_K, "AS", CLASSIC, id="second_natural_ace_high"),
    pytest.param(TWO_TO_K + " AS", "AS", CLASSIC, id="second_natural_ace_low"),
    pytest.param(A_TO_K + " JK", "2S", CLASSIC, id="exceeding_14_cards"),
    pytest.param(A_TO_K + " JK", "AS", CLASSIC, id="exceeding_14_cards_ace"),
    pytest.param(A_TO_K, "JK", RUN_MAX_13, id="joker_as_14th_card_run_max_13"),
    pytest.param("5S 6S 7S", "", CLASSIC, id="nothing_attached"),
]


@pytest.mark.parametrize(("run", "attached", "with_rules"), ATTACH_RUN_BAD)
def test_attach_run_invalid_raises_meld_error(run: str, attached: str, with_rules: Rules) -> None:
    with pytest.raises(MeldError):
        attach(meld(run, with_rules), table_cards(attached), with_rules)


@pytest.mark.parametrize("attached", ["AS JK(AS)", "JK(AS) AS"])
def test_attach_ace_and_joker_as_the_other_ace_make_a_14_card_run(attached: str) -> None:
    grown = attach(meld(TWO_TO_K), table_cards(attached), CLASSIC)
    assert isinstance(grown, Run)
    assert (grown.low, grown.high, grown.joker_count) == (1, HIGH_ACE, 1)
    assert sorted(str(grown).split()) == sorted([*TWO_TO_K.split(), "AS", "JK(AS)"])


def test_a_joker_declared_as_the_ace_goes_low_like_a_natural_ace() -> None:
    """D3: ``attach JK(AS)`` on 2S..KS names the card and either end is legal:
    it goes low; a natural AS attached after it then goes high (14 cards)."""
    grown = attach(meld(TWO_TO_K), table_cards("JK(AS)"), CLASSIC)
    assert isinstance(grown, Run)
    assert (grown.low, grown.high, grown.joker_position) == (1, 13, 1)
    full = attach(grown, table_cards("AS"), CLASSIC)
    assert isinstance(full, Run)
    assert (full.low, full.high, len(full.cards), full.joker_position) == (1, HIGH_ACE, 14, 1)
    with pytest.raises(MeldError, match="a run has at most 13 cards"):
        attach(grown, table_cards("AS"), RUN_MAX_13)


def test_two_jokers_attached_at_once_are_counted() -> None:
    with pytest.raises(MeldError, match=r"^at most 1 joker a meld, not 2$"):
        attach(meld("5S 6S 7S"), table_cards("JK(4S) JK(8S)"), CLASSIC)


def test_an_undeclared_joker_on_a_2_to_k_run_must_say_which_ace() -> None:
    with pytest.raises(MeldError, match=r"the ace at either end: say JK\(AS\) to place it low"):
        attach(meld(TWO_TO_K), table_cards("JK"), CLASSIC)


_ATTACH_SCRIPT = """
from scala40cli.model.cards import parse_card
from scala40cli.reading.events import TableCard
from scala40cli.judging.tabletop.melds import attach, build_meld
from scala40cli.judging.rulebook.rules import CLASSIC
run = build_meld([TableCard(parse_card(c)) for c in {run!r}.split()], CLASSIC)
print(attach(run, [TableCard(parse_card("AS")), TableCard(parse_card("JK"), parse_card("AS"))],
             CLASSIC))
"""


@pytest.mark.slow
def test_attach_natural_ace_goes_low_with_joker_as_the_other_ace_every_hash_seed() -> None:
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    results = set()
    for seed in range(4):
        done = subprocess.run(
            [sys.executable, "-c", _ATTACH_SCRIPT.format(run=TWO_TO_K)],
            env={**env, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        )
        results.add(done.stdout.strip())
    assert results == {f"AS {TWO_TO_K} JK(AS)"}


# --- attaching to a set -----------------------------------------------------------------

ATTACH_SET_OK = [
    # (set, attached cards, rules, the set after)
    pytest.param("7H 7C 7D", "7S", CLASSIC, "7H 7C 7D 7S", id="completing_to_four"),
    pytest.param("7H 7C JK", "7D", CLASSIC, "7H 7C 7D JK", id="completing_a_set_with_joker"),
    pytest.param("7H 7C 7D", "JK", CLASSIC, "7H 7C 7D JK", id="joker_as_fourth"),
    pytest.param("7H 7C 7D", "JK(7S)", CLASSIC, "7H 7C 7D JK(7S)", id="declared_joker_fourth"),
    pytest.param("7H 7C JK(7D)", "7D", ANY, "7H 7C 7D JK",
                 id="any_natural_of_the_declared_suit_joker_moves"),
    pytest.param("7H 7C JK(7D)", "7S", ANY, "7H 7C 7S JK(7D)", id="any_another_missing_suit"),
    pytest.param("7H 7C JK(7D)", "7S", DECLARED, "7H 7C 7S JK(7D)",
                 id="declared_another_missing_suit"),
    pytest.param("7H 7C JK", "7D", DECLARED, "7H 7C 7D JK", id="declared_undeclared_joker"),
    pytest.param("AS AH AD", "AC", CLASSIC, "AS AH AD AC", id="fourth_ace"),
]


@pytest.mark.parametrize(("group", "attached", "with_rules", "after"), ATTACH_SET_OK)
def test_attach_set_completes_to_four(
    group: str, attached: str, with_rules: Rules, after: str
) -> None:
    grown = attach(meld(group, with_rules), table_cards(attached), with_rules)
    assert isinstance(grown, Group)
    assert str(grown) == after
    assert grown.size == 4


ATTACH_SET_BAD = [
    # (set, attached cards, rules)
    pytest.param("7H 7C 7D", "7H", CLASSIC, id="duplicate_suit"),
    pytest.param("7H 7C JK", "7C", CLASSIC, id="duplicate_suit_with_joker"),
    pytest.param("7H 7C 7D 7S", "JK", CLASSIC, id="fifth_card_joker"),
    pytest.param("7H 7C 7D JK", "7S", CLASSIC, id="fifth_card_natural"),
    pytest.param("7H 7C 7D", "7S JK", CLASSIC, id="two_cards_make_five"),
    pytest.param("7H 7C JK(7D)", "7D", DECLARED, id="declared_natural_of_the_joker_suit"),
    pytest.param("7H 7C JK", "JK", CLASSIC, id="second_joker"),
    pytest.param("7H 7C 7D", "8H", CLASSIC, id="other_rank"),
    pytest.param("7H 7C 7D", "JK(7H)", CLASSIC, id="joker_declared_with_suit_present"),
    pytest.param("7H 7C 7D", "JK(8S)", CLASSIC, id="joker_declared_other_rank"),
    pytest.param("7H 7C 7D", "", CLASSIC, id="nothing_attached"),
]


@pytest.mark.parametrize(("group", "attached", "with_rules"), ATTACH_SET_BAD)
def test_attach_set_invalid_raises_meld_error(
    group: str, attached: str, with_rules: Rules
) -> None:
    with pytest.raises(MeldError):
        attach(meld(group, with_rules), table_cards(attached), with_rules)


# --- swapping a joker -------------------------------------------------------------------

SWAP_OK = [
    # (meld, natural card, rules, the meld after)
    pytest.param("4S JK 6S", "5S", CLASSIC, "4S 5S 6S", id="run_joker_by_its_card"),
    pytest.param("QS KS JK", "AS", CLASSIC, "QS KS AS", id="run_joker_as_high_ace"),
    pytest.param("JK 2S 3S", "AS", CLASSIC, "AS 2S 3S", id="run_joker_as_low_ace"),
    pytest.param("4S JK(5S) 6S", "5S", DECLARED, "4S 5S 6S", id="run_declared_joker"),
    pytest.param("7H 7C JK", "7D", ANY, "7H 7C 7D", id="set_any_missing_suit_D"),
    pytest.param("7H 7C JK", "7S", ANY, "7H 7C 7S", id="set_any_missing_suit_S"),
    pytest.param("7H 7C JK(7D)", "7S", ANY, "7H 7C 7S", id="set_any_other_than_declared"),
    pytest.param("7H 7C JK(7D)", "7D", ANY, "7H 7C 7D", id="set_any_the_declared"),
    pytest.param("7H 7C JK(7D)", "7D", DECLARED, "7H 7C 7D", id="set_declared_only_its_card"),
    pytest.param("7H 7C 7D JK", "7S", CLASSIC, "7H 7C 7D 7S", id="set_of_four_last_suit"),
]


@pytest.mark.parametrize(("group", "natural", "with_rules", "after"), SWAP_OK)
def test_swap_joker_by_the_card_it_stands_for(
    group: str, natural: str, with_rules: Rules, after: str
) -> None:
    swapped = swap(meld(group, with_rules), parse_card(natural), with_rules)
    assert str(swapped) == after
    assert swapped.joker_count == 0


SWAP_BAD = [
    # (meld, card, rules)
    pytest.param("4S JK 6S", "7S", CLASSIC, id="run_other_rank"),
    pytest.param("4S JK 6S", "5H", CLASSIC, id="run_other_suit"),
    pytest.param("QS KS JK", "JS", CLASSIC, id="run_card_already_there_position"),
    pytest.param("7H 7C JK(7D)", "7S", DECLARED, id="set_declared_other_missing_suit"),
    pytest.param("7H 7C JK", "7H", ANY, id="set_suit_present"),
    pytest.param("7H 7C JK", "8D", ANY, id="set_other_rank"),
    pytest.param("7H 7C 7D JK", "7D", CLASSIC, id="set_of_four_suit_present"),
    pytest.param("4S 5S 6S", "5S", CLASSIC, id="run_without_joker"),
    pytest.param("7H 7C 7D", "7S", CLASSIC, id="set_without_joker"),
    pytest.param("4S JK 6S", "JK", CLASSIC, id="run_joker_for_a_joker"),
    pytest.param("7H 7C JK", "JK", CLASSIC, id="set_joker_for_a_joker"),
    pytest.param(
        A_TO_K + " JK", "AS", CLASSIC, id="fourteen_card_run_joker_for_second_natural_ace",
    ),
    pytest.param(
        "JK " + TWO_TO_K + " AS", "AS", CLASSIC,
        id="fourteen_card_run_low_joker_for_second_natural_ace",
    ),
]


@pytest.mark.parametrize(("group", "natural", "with_rules"), SWAP_BAD)
def test_swap_invalid_raises_meld_error(group: str, natural: str, with_rules: Rules) -> None:
    with pytest.raises(MeldError):
        swap(meld(group, with_rules), parse_card(natural), with_rules)


@pytest.mark.parametrize("group", ["4S JK 6S", "7H 7C JK"])
def test_a_joker_is_never_swapped_for_a_joker(group: str) -> None:
    only = r"^a joker is swapped for a natural card, not for a joker$"
    with pytest.raises(MeldError, match=only):
        swap(meld(group), parse_card("JK"), CLASSIC)


# --- joker_stands_for -------------------------------------------------------------------

STANDS_FOR = [
    # (meld, rules, the natural cards that could replace the joker)
    pytest.param("4S JK 6S", CLASSIC, "5S", id="run_middle"),
    pytest.param("JK 2S 3S", CLASSIC, "AS", id="run_low_ace"),
    pytest.param("QS KS JK", CLASSIC, "AS", id="run_high_ace"),
    pytest.param("4S 5S 6S", CLASSIC, "", id="run_without_joker"),
    pytest.param("7H 7C JK", ANY, "7S 7D", id="set_any_missing_suits"),
    pytest.param("7H 7C JK", DECLARED, "7S 7D", id="set_declared_rule_undeclared_joker"),
    pytest.param("7H 7C JK(7D)", ANY, "7S 7D", id="set_any_declared_joker"),
    pytest.param("7H 7C JK(7D)", DECLARED, "7D", id="set_declared_only_its_card"),
    pytest.param("7H 7C 7D JK", CLASSIC, "7S", id="set_of_four"),
    pytest.param("7H 7C 7D", CLASSIC, "", id="set_without_joker"),
    pytest.param(
        A_TO_K + " JK", CLASSIC, "", id="fourteen_card_run_nothing_replaces_the_joker",
    ),
]


@pytest.mark.parametrize(("text", "with_rules", "expected"), STANDS_FOR)
def test_joker_stands_for_the_cards_that_could_replace_it(
    text: str, with_rules: Rules, expected: str
) -> None:
    assert joker_stands_for(meld(text, with_rules), with_rules) == cards(expected)


# --- fits -------------------------------------------------------------------------------

FITS = [
    # (meld, card, rules, fits)
    pytest.param("5S 6S 7S", "8S", CLASSIC, True, id="run_top"),
    pytest.param("5S 6S 7S", "4S", CLASSIC, True, id="run_bottom"),
    pytest.param("5S 6S 7S", "9S", CLASSIC, False, id="run_not_adjacent"),
    pytest.param("5S 6S 7S", "8H", CLASSIC, False, id="run_other_suit"),
    pytest.param("5S 6S 7S", "6S", CLASSIC, False, id="run_rank_inside"),
    pytest.param(TWO_TO_K, "AS", CLASSIC, True, id="run_ace_either_end"),
    pytest.param("QS KS AS", "2S", CLASSIC, False, id="run_no_wrap"),
    pytest.param("AS 2S 3S", "JK", CLASSIC, True, id="run_joker_one_place"),
    pytest.param("5S JK 7S", "JK", CLASSIC, False, id="run_second_joker"),
    pytest.param(A_TO_K + " JK", "2S", CLASSIC, False, id="run_full_14"),
    pytest.param(A_TO_K, "AS", CLASSIC, False, id="run_second_natural_ace"),
    pytest.param(A_TO_K, "JK", RUN_MAX_13, False, id="run_full_13"),
    pytest.param(
        "5S 6S 7S", "JK", CLASSIC, True, id="run_joker_could_attach_at_either_end",
    ),
    pytest.param("QS KS AS", "JK", CLASSIC, True, id="run_up_to_the_ace_joker_below_only"),
    pytest.param(TWO_TO_K + " AS", "JK", CLASSIC, True, id="run_2_to_ace_joker_as_low_ace"),
    pytest.param("7H 7C 7D", "7S", CLASSIC, True, id="set_missing_suit"),
    pytest.param("7H 7C 7D", "7H", CLASSIC, False, id="set_suit_present"),
    pytest.param("7H 7C 7D", "JK", CLASSIC, True, id="set_joker"),
    pytest.param("7H 7C 7D", "8S", CLASSIC, False, id="set_other_rank"),
    pytest.param("7H 7C 7D 7S", "JK", CLASSIC, False, id="set_full"),
    pytest.param("7H 7C JK(7D)", "7D", ANY, True, id="set_any_declared_suit"),
    pytest.param("7H 7C JK(7D)", "7D", DECLARED, False, id="set_declared_declared_suit"),
    pytest.param("7H 7C JK(7D)", "7S", DECLARED, True, id="set_declared_other_suit"),
]


@pytest.mark.parametrize(("text", "code", "with_rules", "expected"), FITS)
def test_fits_whether_a_card_alone_could_be_attached(
    text: str, code: str, with_rules: Rules, expected: bool
) -> None:
    assert fits(meld(text, with_rules), parse_card(code), with_rules) is expected


# --- properties -------------------------------------------------------------------------


def _position_card(position: int, suit: Suit) -> str:
    return card(Rank.ACE if position == HIGH_ACE else position, suit).code


@st.composite
def valid_runs(draw: st.DrawFn) -> tuple[str, int, int]:
    """A valid run as text, with its low position and length; maybe one joker in it."""
    suit = draw(st.sampled_from(list(Suit)))
    length = draw(st.integers(min_value=3, max_value=13))
    low = draw(st.integers(min_value=1, max_value=HIGH_ACE - length + 1))
    codes = [_position_card(p, suit) for p in range(low, low + length)]
    joker_at = draw(st.none() | st.integers(min_value=0, max_value=length - 1))
    if joker_at is not None:
        codes[joker_at] = "JK"
    return " ".join(codes), low, length


@pytest.mark.slow
@given(valid_runs())
def test_property_valid_runs_are_accepted_and_worth_their_positions(
    run: tuple[str, int, int],
) -> None:
    text, low, length = run
    built = build_meld(table_cards(text), CLASSIC)
    assert isinstance(built, Run)
    assert (built.low, built.high) == (low, low + length - 1)
    assert opening_value(built) == sum(rank_points(p) for p in range(low, low + length))


# --- every meld and attach message names the real reason ----------------------------------

ILLEGAL = Path(__file__).resolve().parent.parent / "fixtures" / "illegal"

#: What the report says for each invalid meld (M001) and attach (M002) fixture: the real
#: reason, naming the cards (each message checked by hand against the fixture's cards).
MESSAGES: dict[str, str] = {
    "M001-invalid-meld-after-the-high-ace":
        "invalid meld: not a run: nothing comes after AD, the highest card of a run (no K-A-2 "
        "wrap)",
    "M001-invalid-meld-before-the-low-ace":
        "invalid meld: not a run: nothing comes before AD, the lowest card of a run",
    "M001-invalid-meld-descending-run":
        "invalid meld: not a run: 5D comes after 6D (runs are written ascending, ace first in "
        "A-2-3 and last in Q-K-A)",
    "M001-invalid-meld-joker-declaration":
        "invalid meld: the joker stands for 5D where it is written, not 6D",
    "M001-invalid-meld-joker-where-nothing-is-missing":
        "invalid meld: not a run: the joker stands between JH and QH, where no card is missing",
    "M001-invalid-meld-mixed":
        "invalid meld: neither a set (one rank, different suits) nor a run (one suit)",
    "M001-invalid-meld-run-gap-beyond-the-joker":
        "invalid meld: not a run: 4D and 9D are too far apart for the jokers between them (6D "
        "7D 8D missing)",
    "M001-invalid-meld-run-gap":
        "invalid meld: not a run: 8D does not follow 4D (5D 6D 7D missing)",
    "M001-invalid-meld-run-same-card-twice":
        "invalid meld: not a run: a run cannot hold two 4D",
    "M001-invalid-meld-set-joker-of-a-present-suit":
        "invalid meld: the joker cannot stand for 8S: that card is already in the set",
    "M001-invalid-meld-set-joker-of-another-rank":
        "invalid meld: the joker cannot stand for 9D in a set of 8s",
    "M001-invalid-meld-set-of-five":
        "invalid meld: a set has 3 or 4 cards, not 5",
    "M001-invalid-meld-set-same-suit":
        "invalid meld: a set needs different suits: two 8C",
    "M001-invalid-meld-two-cards":
        "invalid meld: a meld needs at least 3 cards, not 2",
    "M001-invalid-meld-two-jokers":
        "invalid meld: at most 1 joker a meld, not 2",
    "M001-invalid-meld-wrap":
        "invalid meld: not a run: AD stands inside the run, but an ace ends one (A-2-3 or "
        "Q-K-A; no K-A-2 wrap)",
    "M002-invalid-attach-after-the-high-ace":
        "cannot attach to meld 5: 2D cannot follow the ace that ends the run (no K-A-2 wrap)",
    "M002-invalid-attach-card-already-in-the-run":
        "cannot attach to meld 4: the run already holds 10S",
    "M002-invalid-attach-joker-two-places":
        "cannot attach to meld 1: the joker could go at either end: say which card it stands "
        "for, JK(7H) or JK(AH)",
    "M002-invalid-attach-not-adjacent":
        "cannot attach to meld 4: KS does not extend the run 9S 10S JS: it goes on with 8S or "
        "QS",
    "M002-invalid-attach-other-suit":
        "cannot attach to meld 4: QD is not of the run's suit (spades)",
    "M002-invalid-attach-second-joker":
        "cannot attach to meld 4: at most 1 joker a meld, not 2, and the meld holds 1 already",
    "M002-invalid-attach-second-natural-ace":
        "cannot attach to meld 1: AS cannot extend the run: it already goes from ace to ace",
    "M002-invalid-attach-set-declared-suit":
        "cannot attach to meld 3: the joker stands for QD: swap it instead",
    "M002-invalid-attach-set-of-five":
        "cannot attach to meld 3: a set has at most 4 cards, not 5",
    "M002-invalid-attach-set-other-rank":
        "cannot attach to meld 3: JH does not belong in a set of Qs",
    "M002-invalid-attach-set-suit-already-there":
        "cannot attach to meld 3: the set already holds QH",
    "M002-invalid-attach":
        "cannot attach to meld 1: 8C is not of the run's suit (hearts)",
}


def test_every_meld_and_attach_fixture_has_its_message() -> None:
    names = {path.stem for path in ILLEGAL.glob("M00[12]-*.s40")}
    assert names == set(MESSAGES)


@pytest.mark.parametrize("name", sorted(MESSAGES))
def test_meld_and_attach_messages_name_the_real_reason(name: str) -> None:
    from scala40cli.judging.match.referee import replay
    from scala40cli.reading.parser import parse_text

    text = (ILLEGAL / f"{name}.s40").read_text(encoding="utf-8")
    [game] = parse_text(text).games
    found = [v.message for v in replay(game).violations if str(v.code) in ("M001", "M002")]
    assert found == [MESSAGES[name]]
