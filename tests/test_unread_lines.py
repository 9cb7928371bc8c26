"""One typing mistake, one problem: what a line the parser could not read causes (issue 33).

A line that cannot be read is F003 (the file's) and G007 (the game's); whatever only its
absence explains (an opening short of the meld it held, a deal, dealer or upcard it may
have been) is a note caused by the G007, never a violation of its own, and the report
lists the problems in line order whatever line those notes would sit on.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from scala40cli.cli.main import main
from scala40cli.judging.match.referee import replay
from scala40cli.model.results import GameResult
from scala40cli.reading.parser import parse_text

HEAD = """[Players "Lucia" "Marco"]
hand 1
dealer Marco
deal Lucia QS QH QD 2C 3C 4C 5C 9H 9D 9S KD 7S 8H
deal Marco 2S 3S 4S 5S 6H 7H 8D 9C 10C JC QC KC AH
upcard 6S
"""


def _judge(text: str) -> tuple[list[tuple[str, int]], GameResult]:
    parsed = parse_text(text)
    game = replay(parsed.games[0])
    return [(str(e.code), e.line) for e in parsed.errors], game


def _codes(game: GameResult) -> list[tuple[str, int]]:
    return [(str(p.code), p.line) for p in game.violations]


def _notes(game: GameResult) -> list[tuple[str, int, int]]:
    return [(str(n.code), n.line, n.caused_by.line if n.caused_by else 0) for n in game.notes]


def test_an_opening_short_of_an_unread_meld_is_a_note_of_it() -> None:
    errors, game = _judge(HEAD + "Lucia draw 4H\nLucia lays QS QH QD\nLucia meld 2C 3C 4C 5C\n"
                          "Lucia discard 8H\n")
    assert errors == [("F003", 8)]
    assert _codes(game) == [("G007", 8)]
    assert ("M006", 9, 8) in _notes(game)


def test_an_opening_short_of_a_meld_with_a_card_typed_with_a_space_is_a_note() -> None:
    errors, game = _judge(HEAD + "Lucia draw 4H\nLucia meld QS QH Q D\nLucia meld 2C 3C 4C 5C\n"
                          "Lucia discard 8H\n")
    assert errors == [("F003", 8)]
    assert _codes(game) == [("G007", 8)]
    assert ("M006", 9, 8) in _notes(game)


def test_an_unread_line_of_another_turn_leaves_a_short_opening_a_violation() -> None:
    text = HEAD.replace("dealer Marco", "dealer Lucia") + \
        "Marco draw 4H\nMarco lays 2S 3S\nMarco discard 4H\n" \
        "Lucia draw 8D\nLucia meld 2C 3C 4C 5C\nLucia discard 8H\n"
    _, game = _judge(text)
    assert _codes(game) == [("G007", 8), ("M006", 11)]


def test_a_deal_line_that_cannot_be_read_leaves_the_missing_deal_a_note() -> None:
    text = HEAD.replace("10C JC", "10 C JC") + "Lucia draw 4H\nLucia discard 4H\n"
    errors, game = _judge(text)
    assert errors == [("F003", 5)]
    assert _codes(game) == [("G007", 5)]
    assert ("D004", 2, 5) in _notes(game)


def test_an_unread_upcard_leaves_the_missing_upcard_a_note() -> None:
    errors, game = _judge(HEAD.replace("upcard 6S", "upcard 6 S") + "Lucia draw 4H\n")
    assert errors == [("F003", 6)]
    assert _codes(game) == [("G007", 6)]
    assert ("D008", 2, 6) in _notes(game)


def test_the_text_report_gives_f003_then_g007_in_line_order(tmp_path: Path) -> None:
    log = tmp_path / "deal.s40"
    game = HEAD.replace("10C JC", "10 C JC") + "Lucia draw 4H\nLucia discard 4H\n"
    clean = HEAD + "Lucia draw 4H\nLucia lays 4H\n"
    log.write_text(game + "\n" + clean, encoding="utf-8")
    output = CliRunner().invoke(main, ["replay", "-q", str(log)]).output
    heads = [line.split(": ")[1][:4] + line.split(":")[1] for line in output.splitlines()
             if line.startswith(str(log))]
    assert heads == ["F0035", "G0075", "F00317", "G00717"]


def test_the_suggestion_sees_the_word_after_a_card_typed_with_a_space() -> None:
    parsed = parse_text(HEAD + "Lucia draw 10 H\nLucia discard 10 Q\n")
    assert [e.message for e in parsed.errors] == [
        "'10 H' is not a card; did you mean 10H?",
        "'10' is not a card; did you mean 10S, 10H, 10D or 10C?",  # 10Q is no card either
    ]
