"""Matches recorded from one seat, as a game server writes them in JSON (events-json.md).

A server that records a match from one player's seat writes the cards that seat cannot
see as unknown (``"?"``). Its JSON events must be judged exactly as the ``.s40`` log of
the same seat (format 1.1): simulated matches under several presets (2 to 4 players,
teams, re-entry), legal and corrupted (``tests/corruptions.py``), and with a player
left out of a score line (a total in doubt), are rewritten from each seat as the seat
tests do (``seat_lines``), converted to JSON Lines, and both are judged: the whole JSON
report (violations and notes with their codes, lines and messages, score sheets,
unverified penalties, eliminations, winner) is the same, every problem of the JSON
names its object (``event``), and ``.s40`` -> JSON -> ``.s40`` gives the bytes back.

Then the objects a server's developer writes by hand: an unknown card as ``"?"``,
``null``, ``""``, missing, ``"??"``, ``"X"``; a deal of unknown cards; a take whose card
is not known; a meld of a hidden hand. Each is read as the docs say or refused with an
``F003`` that says what was expected, never a traceback, never another card.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from corruptions import MUTATORS, IllegalFixture, Walk
from test_table_presets import _simulated
from test_table_reshuffle import seat_lines

from scala40cli.api import audit_events, audit_text, json_report
from scala40cli.cli.main import main
from scala40cli.reading.jsonl_logs import jsonl_to_s40
from scala40cli.reading.parser import parse_text
from scala40cli.reporting.events_jsonl import s40_to_jsonl

# --- the same verdicts from .s40 and from JSON ---------------------------------------------


def _report(text: str, input_format: str) -> dict[str, Any]:
    result = audit_text(text, name="seat", input_format=input_format)  # type: ignore[arg-type]
    return json_report([result])


def _events_named(report: dict[str, Any]) -> list[tuple[int, int | None]]:
    """Each problem's line and the ``event`` it names, taken out of the report (a
    note's ``caused_by`` names only its cause's line)."""
    found: list[tuple[int, int | None]] = []

    def visit(value: object) -> None:
        if isinstance(value, dict):
            if "code" in value and "line" in value:
                found.append((value["line"], value.pop("event", None)))
            for key, item in value.items():
                if key != "caused_by":
                    visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    visit(report)
    return found


def assert_judged_alike(seat_text: str) -> dict[str, Any]:
    """The seat's log and its JSON Lines form give one report; the round trip is exact.
    Blank lines are left out first (the JSON has none), so the lines are the same."""
    canonical = s40_to_jsonl(seat_text.encode())
    assert isinstance(canonical, str), canonical
    back = jsonl_to_s40(canonical.encode())
    assert isinstance(back, str), back
    flat = "\n".join(line for line in seat_text.splitlines() if line.strip()) + "\n"
    # the lines are simulate's, already canonical: only the blank lines may move
    assert [line for line in back.splitlines() if line] == flat.splitlines()
    assert s40_to_jsonl(back.encode()) == canonical  # so back -> JSON -> .s40 is back
    jsonl = s40_to_jsonl(flat.encode())
    assert jsonl == canonical
    from_s40 = _report(flat, "s40")
    assert _without_events(_report(jsonl, "jsonl")) == from_s40
    objects = [json.loads(line) for line in jsonl.splitlines()]
    assert _without_events(json_report([audit_events(objects, name="seat")])) == from_s40
    for item in objects:  # a whole deal unknown as a server may write it, like `deal P ?`
        if item["verb"] == "deal" and set(item["cards"]) == {"?"}:
            item["cards"] = ["?"]
    assert _without_events(json_report([audit_events(objects, name="seat")])) == from_s40
    return from_s40


def _without_events(report: dict[str, Any]) -> dict[str, Any]:
    """The report with each problem's ``event`` taken out, once checked: the index of its
    object, its line less one (a JSON Lines log has no blank line)."""
    named = _events_named(report)
    assert all(event == line - 1 for line, event in named), named
    return report


def _problems(report: dict[str, Any]) -> list[tuple[str, int]]:
    return [(p["code"], p["line"]) for f in report["files"] for p in f["errors"]] + \
        [(p["code"], p["line"]) for f in report["files"] for g in f["games"]
         for p in g["violations"]]


def _players(text: str) -> tuple[str, ...]:
    (game,) = parse_text(text).games
    return next(t.values for t in game.events if getattr(t, "name", None) == "Players")


def _from_every_seat(text: str) -> list[dict[str, Any]]:
    lines = text.splitlines()
    return [assert_judged_alike("\n".join(seat_lines(lines, seat)) + "\n")
            for seat in _players(text)]


def _corrupted(text: str, seed: int, per_match: int) -> list[str]:
    """Up to ``per_match`` corruptions of the match, each of another kind (none of a
    match with buys, which the corruptions' walk does not follow)."""
    (game,) = parse_text(text).games
    try:
        Walk("sim", game)
    except IllegalFixture:
        return []
    rng = random.Random(seed)
    kinds = sorted(MUTATORS)
    rng.shuffle(kinds)
    found: list[str] = []
    for kind in kinds:
        candidates = list(MUTATORS[kind](Walk("sim", game), random.Random(seed)))
        if candidates:
            found.append(rng.choice(candidates).text(text.splitlines()))
        if len(found) == per_match:
            break
    return found


def _left_out(text: str, seed: int) -> str:
    """The match with one player left out of one score line: their total in doubt."""
    lines = text.splitlines()
    scores = [i for i, line in enumerate(lines) if line.startswith("score ")]
    at = random.Random(seed).choice(scores)
    name = lines[at].split()[1 + 2 * random.Random(seed + 1).randrange(2)]
    lines[at] = re.sub(rf" {re.escape(name)} -?\d+", "", lines[at], count=1)
    return "\n".join(lines) + "\n"


def test_a_match_from_each_seat_is_judged_alike_from_json() -> None:
    reports = _from_every_seat(_simulated("classic", 2, 3))
    assert all(not _problems(r) for r in reports)


def test_convert_and_replay_judge_a_seat_log_alike(tmp_path: Path) -> None:
    # the commands a user runs: `scala40 convert` both ways, `scala40 replay` of each
    seat, flat = tmp_path / "seat.s40", tmp_path / "flat.s40"
    lines = seat_lines(_simulated("rientro", 3, 4).splitlines(), "Bruno")
    seat.write_text("\n".join(lines) + "\n", encoding="utf-8")
    flat.write_text("\n".join(line for line in lines if line) + "\n", encoding="utf-8")
    runner = CliRunner()
    for args in (["convert", str(seat), "-o", str(tmp_path / "seat.jsonl")],
                 ["convert", str(tmp_path / "seat.jsonl"), "-o", str(tmp_path / "back.s40")]):
        assert runner.invoke(main, args, catch_exceptions=False).exit_code == 0
    assert (tmp_path / "back.s40").read_bytes() == seat.read_bytes()
    reports = [json.loads(runner.invoke(main, ["replay", "--format", "json", str(path)],
                                        catch_exceptions=False).output)
               for path in (flat, tmp_path / "seat.jsonl")]  # the same lines
    for report in reports:
        report["files"][0]["path"] = "seat"
    assert reports[0]["files"][0]["games"][0]["violations"] == []
    assert _without_events(reports[1]) == reports[0]


#: (preset, players, seed): 2 to 4 players, teams and re-entry among them.
MATCHES = [("classic", 2, 1), ("classic", 3, 2), ("classic", 4, 6), ("rientro", 3, 7),
           ("rientro", 4, 3), ("teams", 4, 2), ("mortal-combat", 3, 5), ("compra", 4, 11),
           ("traditional", 3, 4), ("strict", 2, 5), ("two-jokers", 3, 1), ("scala50", 2, 2),
           ("fisca", 3, 3), ("fixed-hands", 2, 4), ("scala30", 4, 1)]


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players", "seed"), MATCHES)
def test_matches_legal_and_corrupted_are_judged_alike_from_json(
        preset: str, players: int, seed: int) -> None:
    text = _simulated(preset, players, seed)
    _from_every_seat(text)
    found = 0
    for corrupted in [*_corrupted(text, seed, 12), _left_out(text, seed)]:
        for report in _from_every_seat(corrupted):
            found += bool(_problems(report))
    assert found


# --- written by hand: unknown cards as a server's developer may write them ---------------

#: The walk-through of docs/log-format.md (Anna's seat; Bruno's deal and draw unknown).
WALK = [
    {"verb": "tag", "name": "Players", "values": ["Anna", "Bruno"]},
    {"verb": "hand", "number": 1},
    {"verb": "dealer", "player": "Bruno"},
    {"verb": "deal", "player": "Anna", "cards": ["2H", "3H", "4H", "5H", "6H", "7S", "7D",
                                                 "7C", "KS", "KD", "KC", "9D", "4C"]},
    {"verb": "deal", "player": "Bruno", "cards": ["?"] * 13},
    {"verb": "upcard", "card": "5S"},
    {"verb": "draw", "player": "Anna", "card": "8H"},
    {"verb": "meld", "player": "Anna", "cards": ["2H", "3H", "4H", "5H", "6H"]},
    {"verb": "meld", "player": "Anna", "cards": ["7S", "7D", "7C"]},
    {"verb": "discard", "player": "Anna", "card": "9D"},
    {"verb": "draw", "player": "Bruno", "card": "?"},
    {"verb": "meld", "player": "Bruno", "cards": ["QH", "QS", "QC"]},
    {"verb": "meld", "player": "Bruno", "cards": ["9S", "10S", "JS"]},
    {"verb": "discard", "player": "Bruno", "card": "AH"},
    {"verb": "draw", "player": "Anna", "card": "7H"},
    {"verb": "attach", "player": "Anna", "cards": ["7H", "8H"], "meld": 1},
    {"verb": "meld", "player": "Anna", "cards": ["KS", "KD", "KC"]},
    {"verb": "discard", "player": "Anna", "card": "4C"},
    {"verb": "score", "scores": [{"player": "Anna", "points": 0},
                                 {"player": "Bruno", "points": 61}]},
]
BRUNO_DEAL, BRUNO_DRAW, BRUNO_MELD = 4, 10, 11


def _edited(at: int, **fields: object) -> list[dict[str, Any]]:
    """The walk-through with the fields of its object ``at`` set (``_MISSING``: left
    out)."""
    objects = [dict(item) for item in WALK]
    for key, value in fields.items():
        if value is _MISSING:
            del objects[at][key]
        else:
            objects[at][key] = value
    return objects


_MISSING = object()


def _judged(objects: list[dict[str, Any]]) -> dict[str, Any]:
    return json_report([audit_events(objects, name="seat")])


def _judged_alike(objects: list[dict[str, Any]]) -> dict[str, Any]:
    """The events' report, the same as that of the .s40 log convert writes of them (but
    for each problem's ``event``, taken out: the index of its object)."""
    text = jsonl_to_s40("".join(json.dumps(o) + "\n" for o in objects).encode())
    assert isinstance(text, str), text
    report = _without_events(_judged(objects))
    assert report == _report("\n".join(line for line in text.splitlines() if line) + "\n",
                             "s40")
    return report


def _refused(objects: list[dict[str, Any]]) -> dict[str, Any]:
    (error,) = _judged(objects)["files"][0]["errors"]
    return dict(error)


def test_the_walk_through_as_a_server_writes_it_is_judged_as_its_s40_log() -> None:
    (game,) = _judged_alike(WALK)["files"][0]["games"]
    assert game["violations"] == [] and game["winner"] is None
    assert game["hands"][0]["penalties"] == {"Anna": 0, "Bruno": 61}
    assert [u["player"] for u in game["hands"][0]["unverified"]] == ["Bruno"]


def test_a_whole_deal_unknown_written_as_one_question_mark_is_thirteen_cards() -> None:
    # `deal Bruno ?` is thirteen unknown cards; its JSON ["?"] was read as one card (a
    # D005 the .s40 form, which convert writes `deal Bruno ?`, did not have)
    one = _edited(BRUNO_DEAL, cards=["?"])
    assert _judged_alike(one) == _judged(WALK)
    converted = jsonl_to_s40(json.dumps(one[BRUNO_DEAL]).encode() + b"\n")
    assert converted == "deal Bruno ?\n"


def test_a_deal_partly_known_is_read_card_by_card() -> None:
    # Bruno showed his QH and 9S when dealt: a list of cards and "?" is read as
    # `deal Bruno QH 9S ? ...` is, the cards known among the unknown ones
    one = _edited(BRUNO_DEAL, cards=["QH", "9S", *["?"] * 11])
    assert _judged_alike(one) == _judged(WALK)
    text = jsonl_to_s40(json.dumps(one[BRUNO_DEAL]).encode() + b"\n")
    assert text == "deal Bruno QH 9S" + " ?" * 11 + "\n"


@pytest.mark.parametrize(("cards", "dealt"), [(["?"] * 12, 12), (["?"] * 14, 14), ([], 0),
                                              (["?", "?"], 2)])
def test_a_deal_of_unknown_cards_counts_them(cards: list[str], dealt: int) -> None:
    (game,) = _judged(_edited(BRUNO_DEAL, cards=cards))["files"][0]["games"]
    assert (game["violations"][0]["code"], game["violations"][0]["line"]) == ("D005", 5)
    assert f"dealt {dealt} cards" in game["violations"][0]["message"]


UNKNOWN_HINT = '"?" for a card the log does not know'


@pytest.mark.parametrize(("card", "says"), [
    (None, 'like "7H", or ' + UNKNOWN_HINT + ", not null"),
    ("", "'' is not a card"),
    ("??", "'??' is not a card"),
    ("X", "'X' is not a card"),
    (["?"], "not a list"),
    (_MISSING, "a draw needs 'card' (" + UNKNOWN_HINT + ")"),
])
def test_an_unknown_draw_written_otherwise_is_refused_saying_what_is_expected(
        card: object, says: str) -> None:
    error = _refused(_edited(BRUNO_DRAW, card=card))
    assert (error["code"], error["line"], error["column"], error["event"]) \
        == ("F003", BRUNO_DRAW + 1, 1, BRUNO_DRAW)
    assert says in error["message"] and UNKNOWN_HINT in error["message"]


@pytest.mark.parametrize(("cards", "says"), [
    ("?", 'deal cards must be a list: ["?"] for a whole deal unknown'),
    ([None] * 13, 'like "7H", or ' + UNKNOWN_HINT + ", not null"),
    (["?"] * 12 + [""], "'' is not a card"),
    (["??"] * 13, "'??' is not a card"),
    (None, "deal cards must be a list, not null"),
])
def test_an_unknown_deal_written_otherwise_is_refused_saying_what_is_expected(
        cards: object, says: str) -> None:
    error = _refused(_edited(BRUNO_DEAL, cards=cards))
    assert (error["code"], error["line"], error["event"]) == ("F003", BRUNO_DEAL + 1, BRUNO_DEAL)
    assert says in error["message"]


@pytest.mark.parametrize(("fields", "says"), [
    ({"verb": "attach", "cards": ["?"], "meld": 1}, "an attach has no 'card'; its keys are"),
    ({"verb": "upcard", "player": "Anna"}, "an upcard has no 'player'"),
])
def test_a_refusal_names_the_verb_with_its_article(fields: dict[str, object],
                                                   says: str) -> None:
    assert says in _refused(_edited(BRUNO_DRAW, **fields))["message"]  # it said "a attach"


def _took(card: object) -> list[dict[str, Any]]:
    """Bruno takes Anna's 9D instead of drawing, and melds it in a set."""
    objects = _edited(BRUNO_DRAW, verb="take", card=card)
    objects[BRUNO_MELD] = {"verb": "meld", "player": "Bruno", "cards": ["9D", "9S", "9C"]}
    return objects


@pytest.mark.parametrize("card", [None, _MISSING, "9D"])
def test_a_take_whose_card_is_not_written_is_the_pile_top(card: object) -> None:
    # the card taken is the top of the discard pile, which everybody sees: left out
    # (null or no "card") it is that card, as `Bruno take` in a .s40 log
    objects = _took(card)
    report = _judged_alike(objects)
    assert report == _judged_alike(_took("9D"))
    assert report["files"][0]["errors"] == report["files"][0]["games"][0]["violations"] == []


@pytest.mark.parametrize("card", ["?", "", "X"])
def test_a_take_of_an_unknown_card_is_refused(card: str) -> None:
    error = _refused(_took(card))
    assert (error["code"], error["line"], error["event"]) == ("F003", BRUNO_DRAW + 1, BRUNO_DRAW)
    assert UNKNOWN_HINT not in error["message"]
    if card == "?":
        assert "a take's card is the top of the discard pile" in error["message"]


def test_a_meld_of_a_hidden_hand_comes_out_of_its_unknown_cards() -> None:
    # Bruno's melds show cards Anna never saw, out of his unknown ones (no violation);
    # dealt both QH, she discards one: Bruno's QH is a third copy, D007 on his meld
    objects = [dict(item) for item in WALK]
    objects[3]["cards"] = [*objects[3]["cards"][:11], "QH", "QH"]
    objects[9]["card"] = objects[17]["card"] = "QH"
    (game,) = _judged_alike(objects)["files"][0]["games"]
    assert [(p["code"], p["line"]) for p in game["violations"]] == [("D007", BRUNO_MELD + 1)]


@pytest.mark.parametrize("card", ["?", None, ""])
def test_an_unknown_card_in_a_meld_is_refused(card: object) -> None:
    error = _refused(_edited(BRUNO_MELD, cards=["QH", card, "QC"]))
    assert (error["code"], error["line"]) == ("F003", BRUNO_MELD + 1)
    assert UNKNOWN_HINT not in error["message"]
