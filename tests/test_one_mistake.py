"""One mistake, one violation (decisions 27 and 28) on small hand-written logs."""

from __future__ import annotations

import small_hand
from conftest import ReportCheck

from scala40cli.judging.hands.lookahead import mistyped
from scala40cli.judging.match.referee import replay
from scala40cli.model.cards import card
from scala40cli.model.results import FileResult, GameResult
from scala40cli.reading.events import Discard, Draw, Meld, TableCard
from scala40cli.reading.parser import parse_text
from scala40cli.reporting.json_report import report_document

HAND = small_hand.LOG


def _replay(text: str) -> GameResult:
    (game,) = parse_text(text).games
    return replay(game)


def _codes(game: GameResult) -> list[tuple[str, int]]:
    return [(str(p.code), p.line) for p in game.violations]


def test_the_hand_is_legal() -> None:
    assert _replay(HAND).violations == ()


def test_an_unreadable_line_does_not_stop_judging_its_hand() -> None:
    # Bruno's discard cannot be read; Anna's invalid meld later in the hand is still
    # reported, and what only follows from the lost line is a note of the G007.
    text = HAND.replace("Bruno discard 9D", "Bruno discrad 9D")
    text = text.replace("Anna meld 9S 10S JS", "Anna meld JS 10S 9S")
    game = _replay(text)
    assert _codes(game) == [("G007", 10), ("M001", 13)]
    causes = {(str(n.code), str(n.caused_by.code)) for n in game.notes if n.caused_by}
    assert ("T001", "G007") in causes  # Anna plays while Bruno's turn seems to go on
    assert ("M006", "M001") in causes  # the opening is short only by the invalid meld


def test_a_card_not_in_hand_is_reported_once_and_its_echoes_are_notes() -> None:
    # Bruno discards an AS he does not hold instead of the 9D: his cards are uncertain
    # from then on, so the hand that does not end on his last discard (the 9D is still
    # in the referee's picture) is a note, and the score line ends it as declared.
    game = _replay(HAND.replace("Bruno discard 9D", "Bruno discard AS"))
    assert _codes(game) == [("T004", 10)]
    assert [(str(n.code), n.caused_by.line if n.caused_by else 0) for n in game.notes] == [
        ("T006", 10)]
    assert game.hands[0].penalties == {"Anna": 44, "Bruno": 0}
    assert game.totals == {"Anna": 44, "Bruno": 0}


def test_a_second_independent_mistake_is_reported_on_its_own_line() -> None:
    text = HAND.replace("Bruno attach 7H 8H to 1", "Bruno attach 7H 8H 9H to 1")
    text = text.replace("score Anna 44 Bruno 0", "score Anna 44 Bruno 0\n\nhand 2\n"
                        "dealer Bruno\nscore Anna 0 Bruno 10")
    text = text.replace("Anna meld QH QS QC", "Anna meld QH QS 2S")
    game = _replay(text)
    assert _codes(game) == [("M001", 12), ("T004", 16)]


def test_notes_and_declared_penalties_are_in_the_json_report(check_report: ReportCheck
                                                             ) -> None:
    text = HAND.replace("Bruno discard 9D", "Bruno discrad 9D")
    game = _replay(text)
    document = check_report(report_document([FileResult(path="x.s40", games=(game,))]))
    (json_game,) = document["files"][0]["games"]
    assert json_game["notes"][0]["caused_by"] == {"code": "G007", "line": 10, "column": 7}
    assert document["summary"]["violations"] == 1
    assert json_game["hands"][0]["unverified"]
    clean = check_report(report_document([FileResult(path="y.s40", games=(_replay(HAND),))]))
    assert "notes" not in clean["files"][0]["games"][0]
    assert "unverified" not in clean["files"][0]["games"][0]["hands"][0]


def test_a_mistyped_name_is_told_from_a_turn_taken_over() -> None:
    meld = Meld(line=1, column=1, player="Bruno", cards=(TableCard(card(5, "S")),))
    anna_goes_on = Discard(line=2, column=1, player="Anna", card=card(9, "C"))
    bruno_draws = Draw(line=2, column=1, player="Bruno", card=card(9, "C"))
    assert mistyped(meld, anna_goes_on, "Anna", in_turn=True, known=True)
    assert not mistyped(meld, Meld(line=2, column=1, player="Bruno", cards=meld.cards),
                        "Anna", in_turn=True, known=True)
    draw = Draw(line=1, column=1, player="Bruno", card=None)
    assert mistyped(draw, anna_goes_on, "Anna", in_turn=False, known=True)
    assert not mistyped(draw, bruno_draws, "Anna", in_turn=False, known=True)
