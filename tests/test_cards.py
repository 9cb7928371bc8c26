"""Cards: spellings of the log format, interning, the deck, penalty points.

Rules pinned: log-format "Lexical" (card codes, case-insensitive, T for 10, suit
symbols, JK or *), the rules fixed for every variant (docs/rules.md) (two 52-card decks plus
jokers, every card twice; penalty 2-10 face, J Q K 10, joker 25) and the `jokers` and
`ace_penalty` switches.
"""

from __future__ import annotations

import pickle

import pytest

from scala40cli.judging.hands.deal import game_deck
from scala40cli.judging.rulebook.rules import CLASSIC, with_values
from scala40cli.model.card_counts import full_deck
from scala40cli.model.cards import (
    HIGH_ACE,
    JOKER,
    NATURAL_CARDS,
    CardError,
    Rank,
    Suit,
    card,
    parse_card,
    penalty_points,
    rank_points,
)

# --- spellings ----------------------------------------------------------------------------

SPELLINGS = [
    # (text, rank, suit); rank None = joker
    ("10s", Rank.TEN, Suit.SPADES),
    ("Ts", Rank.TEN, Suit.SPADES),
    ("10♠", Rank.TEN, Suit.SPADES),
    ("TS", Rank.TEN, Suit.SPADES),
    ("t♠", Rank.TEN, Suit.SPADES),
    ("10S", Rank.TEN, Suit.SPADES),
    ("AH", Rank.ACE, Suit.HEARTS),
    ("ah", Rank.ACE, Suit.HEARTS),
    ("A♥", Rank.ACE, Suit.HEARTS),
    ("2D", Rank.TWO, Suit.DIAMONDS),
    ("9♦", Rank.NINE, Suit.DIAMONDS),
    ("Jc", Rank.JACK, Suit.CLUBS),
    ("q♣", Rank.QUEEN, Suit.CLUBS),
    ("KC", Rank.KING, Suit.CLUBS),
    ("JK", None, None),
    ("jk", None, None),
    ("Jk", None, None),
    ("*", None, None),
]


@pytest.mark.parametrize(("text", "rank", "suit"), SPELLINGS, ids=[s[0] for s in SPELLINGS])
def test_card_codes_any_spelling_case_insensitive(
    text: str, rank: Rank | None, suit: Suit | None
) -> None:
    parsed = parse_card(text)
    assert (parsed.rank, parsed.suit) == (rank, suit)
    assert parsed.is_joker is (rank is None)


CANONICAL = [
    ("10s", "10S"),
    ("t♠", "10S"),
    ("ah", "AH"),
    ("q♣", "QC"),
    ("*", "JK"),
    ("jk", "JK"),
]


@pytest.mark.parametrize(("text", "code"), CANONICAL, ids=[c[0] for c in CANONICAL])
def test_card_code_is_canonical_spelling(text: str, code: str) -> None:
    assert parse_card(text).code == code
    assert str(parse_card(text)) == code


BAD_CODES = ["1Z", "11H", "1S", "", "0S", "10", "S", "AX", "JKS", "KK", "10SS", "A S", "JK(5S)"]


@pytest.mark.parametrize("text", BAD_CODES, ids=[repr(t) for t in BAD_CODES])
def test_card_codes_that_name_no_card_raise_card_error(text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


# --- interning ----------------------------------------------------------------------------

SAME_CARD = [
    ("10s", "TS", "10♠", "t♠", "Ts"),
    ("AH", "ah", "A♥", "a♥"),
    ("JK", "jk", "*"),
]


@pytest.mark.parametrize("spellings", SAME_CARD, ids=[s[0] for s in SAME_CARD])
def test_cards_are_interned_every_spelling_is_the_same_object(spellings: tuple[str, ...]) -> None:
    first = parse_card(spellings[0])
    for text in spellings[1:]:
        assert parse_card(text) is first


def test_cards_are_interned_parse_card_and_card_agree() -> None:
    assert parse_card("10s") is card(10, "S") is card(Rank.TEN, Suit.SPADES)
    assert parse_card("JK") is JOKER


@pytest.mark.parametrize(("rank", "suit"),
                         [(14, "S"), (0, "H"), (1, "X"), (1, "h"), (Rank.ACE, "")])
def test_card_of_no_rank_or_suit_raises_value_error(rank: int, suit: str) -> None:
    # Looked up without converting to the enums first, it still says what is wrong.
    with pytest.raises(ValueError):
        card(rank, suit)


def test_natural_cards_are_52_distinct() -> None:
    assert len(NATURAL_CARDS) == 52
    assert len(set(NATURAL_CARDS)) == 52
    assert JOKER not in NATURAL_CARDS


# --- the deck -----------------------------------------------------------------------------

DECKS = [
    # (jokers, total, jokers in deck)
    (4, 108, 4),
    (2, 106, 2),
    (0, 104, 0),
]


@pytest.mark.parametrize(
    ("jokers", "total", "in_deck"), DECKS, ids=[f"{d[0]}_jokers" for d in DECKS]
)
def test_deck_two_french_decks_plus_jokers(jokers: int, total: int, in_deck: int) -> None:
    deck = full_deck(jokers)
    assert deck.total() == total
    assert deck[JOKER] == in_deck
    naturals = {c: n for c, n in deck.items() if not c.is_joker}
    assert len(naturals) == 52
    assert set(naturals.values()) == {2}


def test_deck_default_is_four_jokers() -> None:
    assert full_deck() == full_deck(4)


@pytest.mark.parametrize("jokers", ["4", "2"])
def test_the_game_deck_has_the_jokers_of_the_switch(jokers: str) -> None:
    """The one reader of ``jokers``: the deck the referee counts out and the simulator
    shuffles."""
    deck = game_deck(with_values(CLASSIC, {"jokers": jokers}))
    assert deck == full_deck(int(jokers))
    assert deck.total() == 104 + int(jokers)


# --- penalty points -----------------------------------------------------------------------

PENALTIES = [
    # (card, ace_points, penalty)
    ("AS", 11, 11),
    ("AH", 1, 1),
    ("2S", 11, 2),
    ("5D", 11, 5),
    ("9C", 11, 9),
    ("10H", 11, 10),
    ("JS", 11, 10),
    ("QD", 11, 10),
    ("KC", 11, 10),
    ("KC", 1, 10),
    ("JK", 11, 25),
    ("JK", 1, 25),
]


@pytest.mark.parametrize(
    ("code", "ace_points", "expected"),
    PENALTIES,
    ids=[f"{p[0]}_ace{p[1]}" for p in PENALTIES],
)
def test_penalty_face_value_jqk_10_joker_25_ace_as_told(
    code: str, ace_points: int, expected: int
) -> None:
    assert penalty_points(parse_card(code), ace_points) == expected


def test_penalty_ace_is_11_by_default() -> None:
    assert penalty_points(parse_card("AD")) == 11


@pytest.mark.parametrize("rank", list(range(2, 11)), ids=[f"rank{r}" for r in range(2, 11)])
def test_penalty_two_to_ten_is_face_value(rank: int) -> None:
    for suit in Suit:
        assert penalty_points(card(rank, suit)) == rank


RANK_POINTS = [
    # (run position or rank, opening points)
    (1, 1),
    (2, 2),
    (7, 7),
    (10, 10),
    (11, 10),
    (12, 10),
    (13, 10),
    (HIGH_ACE, 11),
]


@pytest.mark.parametrize(
    ("position", "points"), RANK_POINTS, ids=[f"pos{p[0]}" for p in RANK_POINTS]
)
def test_opening_ace_low_1_high_11_jqk_10(position: int, points: int) -> None:
    assert rank_points(position) == points


def test_cards_are_interned_values_even_across_pickling() -> None:
    assert card(Rank.ACE, Suit.SPADES) is parse_card("AS")
    assert pickle.loads(pickle.dumps(parse_card("10H"))) is parse_card("10H")
    assert pickle.loads(pickle.dumps(JOKER)) is JOKER
    assert repr(parse_card("10H")) == "Card(10H)"
