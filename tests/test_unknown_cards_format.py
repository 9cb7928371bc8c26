"""Format 1.1: ``?`` is a card the log does not know, in deals and draws only."""

from __future__ import annotations

import pytest

from scala40cli.model.cards import card
from scala40cli.model.violations import Code
from scala40cli.reading.events import Deal, Draw
from scala40cli.reading.layout import format_log
from scala40cli.reading.parser import parse_text
from scala40cli.reading.writer import event_line

HEAD = '[Players "Anna" "Bruno"]\nhand 1\n'


def _events(line: str, fast_path: bool) -> list[object]:
    parsed = parse_text(HEAD + line + "\n", fast_path=fast_path)
    assert parsed.errors == ()
    return [e for e in parsed.games[0].events if isinstance(e, Deal | Draw)]


@pytest.mark.parametrize("fast_path", [True, False])
def test_a_whole_unknown_deal(fast_path: bool) -> None:
    (deal,) = _events("deal Bruno ?", fast_path)
    assert deal == Deal(line=3, column=1, player="Bruno", cards=(None,) * 13)


@pytest.mark.parametrize("fast_path", [True, False])
def test_a_deal_mixing_cards_and_unknown_ones(fast_path: bool) -> None:
    (deal,) = _events("deal Anna 5S ? 7h ?", fast_path)
    assert deal == Deal(line=3, column=1, player="Anna",
                        cards=(card(5, "S"), None, card(7, "H"), None))


@pytest.mark.parametrize("fast_path", [True, False])
def test_an_unknown_draw(fast_path: bool) -> None:
    (draw,) = _events("Bruno draw ?", fast_path)
    assert draw == Draw(line=3, column=1, player="Bruno", card=None)


@pytest.mark.parametrize("fast_path", [True, False])
@pytest.mark.parametrize("line", ["Anna discard ?", "Anna take ?", "Anna meld 5S ? 7S",
                                  "Anna attach ? to 1", "Anna swap ? in 1", "upcard ?",
                                  "stock ? 5S", "Anna buy ?", "Anna draw ??", "deal Anna 5S?"])
def test_a_question_mark_anywhere_else_is_a_syntax_error(line: str, fast_path: bool) -> None:
    parsed = parse_text(HEAD + line + "\n", fast_path=fast_path)
    assert [e.code for e in parsed.errors] == [Code.SYNTAX_ERROR]
    if line.split()[-1] == "?" and "draw" not in line:
        assert "may stand only in a deal or a draw" in parsed.errors[0].message


def test_the_writer_writes_unknown_cards() -> None:
    assert event_line(Deal(line=1, column=1, player="Bruno", cards=(None,) * 13)) == \
        "deal Bruno ?"
    assert event_line(Deal(line=1, column=1, player="Anna",
                           cards=(card(5, "S"), None))) == "deal Anna 5S ?"
    assert event_line(Draw(line=1, column=1, player="Anna", card=None)) == "Anna draw ?"


def test_fmt_round_trips_unknown_cards() -> None:
    text = HEAD + "deal Anna ? ? ? ? ? ? ? ? ? ? ? ? ?\ndeal Bruno 5s ?\nAnna draw ?\n"
    written = format_log(text.encode())
    assert isinstance(written, str)
    assert "deal Anna ?\n" in written and "deal Bruno 5S ?\n" in written
    assert "Anna draw ?\n" in written
    assert format_log(written.encode()) == written
