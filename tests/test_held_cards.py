"""A card not in hand (T004) says what the hand held, in one short clause."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from scala40cli.api import audit_file
from scala40cli.judging.tabletop.held_cards import MOST, held_before, holding_hint
from scala40cli.model.cards import parse_card

ROOT = Path(__file__).resolve().parent.parent


def _hand(*codes: str) -> Counter:
    return Counter(parse_card(c) for c in codes)


def test_the_cards_of_the_same_rank_come_first() -> None:
    hint = holding_hint("Anna", _hand("KD", "KS", "2H", "3H"), [parse_card("KH")])
    assert hint == "; Anna holds KD and KS"


def test_else_the_nearest_of_the_suit_else_neither() -> None:
    assert holding_hint("Anna", _hand("2H", "9H", "QH", "5C"), [parse_card("KH")]) \
        == "; Anna holds no K, and 2H, 9H and QH in hearts"
    assert holding_hint("Anna", _hand("5C"), [parse_card("KH")]) \
        == "; Anna holds no K and no hearts"
    assert holding_hint("Anna", _hand(), [parse_card("KH")]) == "; Anna holds no seen card"
    assert holding_hint("Anna", _hand("5C"), [parse_card("JK")]) == "; Anna holds no joker"


def test_a_long_list_is_cut_to_one_line() -> None:
    hearts = ("2H", "3H", "4H", "5H", "6H", "7H", "8H")
    hint = holding_hint("Anna", _hand(*hearts), [parse_card("KH")])
    assert hint.endswith(f"and {len(hearts) - MOST} more in hearts") and len(hint) < 70


def test_the_cards_a_line_took_out_are_counted_as_held_before_it() -> None:
    before = held_before(_hand("QC"), [parse_card(c) for c in ("QH", "QS", "QD")],
                         [parse_card("QD")])
    assert before == {parse_card("QC"): 1, parse_card("QH"): 1, parse_card("QS"): 1}


def test_the_fixtures_say_what_the_hand_held() -> None:
    messages = {path.name: audit_file(path).games[0].violations[0].message
                for path in sorted((ROOT / "fixtures/illegal").glob("T004-*.s40"))}
    assert messages["T004-not-in-hand-meld.s40"] == \
        "Anna does not hold QD; Anna holds QC, QH and QS"
    assert messages["T004-not-in-hand-discard.s40"] == \
        "Anna does not hold KH; Anna holds no K, and AH in hearts"
    assert all("; Anna holds" in m or "; Bruno holds" in m for m in messages.values())
