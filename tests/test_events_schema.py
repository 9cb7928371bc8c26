"""The events schema and the JSON reader say the same: every object one accepts the
other does (issue 34, part 4: ``"TS"`` was read but refused by the schema)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from scala40cli.reading.event_objects import EventJsonError, read_event
from scala40cli.reading.fastlines import CARD, TABLE

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "schemas" / "events.schema.json").read_text(encoding="utf-8"))
EVENTS = Draft202012Validator(SCHEMA)
NOT_CARDS = ["1S", "11H", "5\u017f",  # a long s, which str.upper() makes an S
             "10", "S", "JK(JK)", "5S(6S)", "JK(5S", " 5S", "5S ", "TS\n",
             "ts(5S)", "**", "J K", "10s10s", "?", "", "JK()", "*(JK)", "1OS", "Ts)"]


def reads(value: object) -> bool:
    try:
        read_event(value, 1)
    except EventJsonError:
        return False
    return True


def agree(value: object) -> None:
    assert EVENTS.is_valid(value) == reads(value), value


@pytest.mark.parametrize("card", [*CARD, *NOT_CARDS])
def test_a_card_is_a_card_for_both(card: str) -> None:
    agree({"verb": "discard", "player": "Anna", "card": card})
    agree({"verb": "upcard", "card": card})
    agree({"verb": "stock", "cards": ["2S", card]})


@pytest.mark.parametrize("card", [*TABLE, *NOT_CARDS])
def test_a_meld_card_is_one_for_both(card: str) -> None:
    agree({"verb": "meld", "player": "Anna", "cards": [card]})
    agree({"verb": "attach", "player": "Anna", "cards": [card, "5S"], "meld": 2})


def test_the_cards_users_write_are_read_and_valid() -> None:
    for card in ("TS", "ts", "10♠", "t♥", "jk", "*", "Qd"):
        value = {"verb": "draw", "player": "Anna", "card": card}
        assert EVENTS.is_valid(value) and reads(value), card
    assert EVENTS.is_valid({"verb": "meld", "player": "A", "cards": ["*(TS)", "jk(10♠)"]})


@pytest.mark.parametrize("value", [
    {"verb": "dealer", "player": ""},
    {"verb": "dealer", "player": "Anna\nMaria"},
    {"verb": "dealer", "player": "x" * 10_000},
    {"verb": "dealer", "player": "x" * 10_001},
    {"verb": "hand", "number": 999_999_999},
    {"verb": "hand", "number": 1_000_000_000},
    {"verb": "hand", "number": -1},
    {"verb": "hand", "number": 1.0},
    {"verb": "hand", "number": True},
    {"verb": "meld", "player": "A", "cards": []},
    {"verb": "deal", "player": "A", "cards": []},
    {"verb": "deal", "player": "A", "cards": ["?"] * 5000},
    {"verb": "deal", "player": "A", "cards": ["?"] * 5001},
    {"verb": "score", "scores": []},
    {"verb": "score", "scores": [{"player": "A", "points": -999_999_999}]},
    {"verb": "score", "scores": [{"player": "A", "points": 5, "note": 1}]},
    {"verb": "take", "player": "A"},
    {"verb": "take", "player": "A", "card": None},
    {"verb": "draw", "player": "A", "card": "?"},
    {"verb": "draw", "player": "A", "card": "5S", "from": "stock"},
    {"verb": "tag", "name": "Bad Name", "values": []},
    {"verb": "tag", "name": "Event", "values": ["a\rb"]},
    {"verb": "reshuffle", "comment": "; fine"},
    {"verb": "reshuffle", "comment": "not a comment"},
    {"verb": "reshuffle", "comment": None},  # read as no comment before (found by fuzzing)
    {"verb": "draw", "player": "A", "card": "5S", "comment": None},
    {"verb": "comment", "text": "# scorer"},
    {"verb": "comment", "text": "; a bare\rCR inside"},  # one line of a .s40 log
    {"verb": "comment", "text": "; a CR at the end\r"},
    {"verb": "comment", "text": ";\r"},
    {"verb": "comment", "text": ";"},
    {"verb": "reshuffle", "comment": "; \x1b[31mred\r"},
    {"verb": "comment", "text": "# a", "player": "A"},
    {"verb": "swap", "player": "A", "card": "JK", "meld": 0},
    {"verb": "verb"},
    ["draw"],
])
def test_an_object_is_an_event_for_both_or_for_neither(value: object) -> None:
    agree(value)
