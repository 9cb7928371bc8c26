"""Moves that name a meld the referee refused (D28): echoes of the refusal, applied to
the meld as most likely laid (scala40cli/judging/hands/refused_melds.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scala40cli.judging.hands.refused_melds import laid_versions
from scala40cli.judging.match.referee import replay
from scala40cli.judging.rulebook.rules import Rules
from scala40cli.model.results import GameResult
from scala40cli.reading.events import TableCard
from scala40cli.reading.parser import parse_text

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

#: Bruno's run of diamonds is written out of order (line 16, M001); Anna swaps the
#: 7D for its joker (line 19), attaches the 6D below it (20) and lays the joker (21).
HAND = """[Players "Anna" "Bruno"]
hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH
deal Bruno 2H 3H 4H 5H 6H 7S 7H 7C KS 9D 8D JK 4C
upcard 5S
Bruno draw 10D
Bruno meld 2H 3H 4H 5H 6H
Bruno meld 7S 7H 7C
Bruno discard KS
Anna draw JC
Anna meld QH QS QC
Anna meld 9S 10S JS
Anna discard AH
Bruno draw 2C
Bruno meld 9D 10D 8D JK(7D)
Bruno discard 2C
Anna draw 7D
Anna swap 7D in 5
Anna attach 6D to 5
Anna attach JK(QS) to 4
Anna discard 5D
Bruno draw 7H
Bruno attach 7H to 1
Bruno discard 4C
score Anna 33 Bruno 0
"""


def _replay(text: str) -> GameResult:
    (game,) = parse_text(text).games
    return replay(game)


def _violations(game: GameResult) -> list[tuple[str, int]]:
    return [(str(p.code), p.line) for p in game.violations]


def _notes(game: GameResult) -> list[tuple[str, int, int]]:
    return [(str(n.code), n.line, n.caused_by.line if n.caused_by else 0)
            for n in game.notes]


def test_the_hand_is_legal_with_the_run_written_ascending() -> None:
    assert _violations(_replay(HAND.replace("9D 10D 8D JK(7D)", "JK(7D) 8D 9D 10D"))) == []


def test_a_swap_and_an_attach_on_a_refused_meld_are_notes_and_are_applied() -> None:
    game = _replay(HAND)
    assert _violations(game) == [("M001", 16)]
    # the swap gave Anna the joker: she lays it (line 21) and pays for what is left
    assert _notes(game) == [("M003", 19, 16), ("M002", 20, 16)]
    swap_note = game.notes[0].message
    assert "meld 5 was refused on line 16" in swap_note and "7D 8D 9D 10D" in swap_note
    assert "6D 7D 8D 9D 10D" in game.notes[1].message
    assert game.hands[0].penalties == {"Anna": 33, "Bruno": 0}


def test_the_issue_s_four_player_log_gives_anna_the_joker() -> None:
    # Bruno's 10S JS JK(QS) written with the 9S last (line 42): Anna's swap of the QS
    # (line 52) names that meld, and her joker is laid on line 53.
    lines = (FIXTURES / "legal" / "four-players.s40").read_text().split("\n")
    lines[7] = lines[7].replace(" 3H ", " 9S ", 1)  # Bruno is dealt the 9S, not a 3H
    at = lines[11].index(" 9S ")
    lines[11] = lines[11][:at] + " 3H " + lines[11][at + 4:]
    assert lines[41] == "Bruno meld 10S JS JK(QS)"
    lines[41] = "Bruno meld 10S JS JK(QS) 9S"
    game = _replay("\n".join(lines))
    assert _violations(game) == [("M001", 42)]
    assert ("M003", 52, 42) in _notes(game)
    assert not [n for n in game.notes if n.line == 53]


def test_a_move_no_laying_of_the_meld_takes_is_a_violation_of_its_own() -> None:
    # the 8C fits a run of diamonds whichever way it was laid: an independent mistake
    text = HAND.replace("Anna attach 6D to 5", "Anna attach 8C to 5")
    game = _replay(text)
    assert _violations(game)[:2] == [("M001", 16), ("M002", 20)]
    refusal = game.violations[1].message
    assert "the meld as most likely laid: 7D 8D 9D 10D" in refusal


def test_a_swap_of_the_wrong_card_is_a_violation_and_still_moves_the_joker() -> None:
    # D27: the 6D takes the joker's place all the same, so Anna holds the joker she
    # lays on line 21 (no card "not in hand")
    text = HAND.replace("Anna draw 7D\nAnna swap 7D in 5\nAnna attach 6D to 5",
                        "Anna draw 7D\nAnna swap 6D in 5\nAnna attach 7D to 5")
    game = _replay(text)
    assert _violations(game)[:2] == [("M001", 16), ("M003", 19)]
    assert not [p for p in game.violations if p.line == 21]


def test_cards_that_make_no_meld_cannot_be_told_every_move_on_them_is_a_note() -> None:
    # a spade among diamonds: what the meld should have been is unknown; the swap
    # still takes the joker lying there (D27) and the 8C attached is not judged
    text = HAND.replace("Bruno discard KS", "Bruno discard 8D")
    text = text.replace("Bruno meld 9D 10D 8D JK(7D)", "Bruno meld 9D 10D KS JK(7D)")
    text = text.replace("Anna attach 6D to 5", "Anna attach 8C to 5")
    text = text.replace("score Anna 33", "score Anna 31")
    game = _replay(text)
    refused = [n for n in game.notes if n.line in (19, 20)]
    assert ("M001", 16) in _violations(game)
    assert [(str(n.code), n.caused_by.line if n.caused_by else 0) for n in refused] == [
        ("M003", 16), ("M002", 16)]
    assert "cannot be told" in refused[0].message
    assert not [p for p in game.violations if p.line > 17]


def test_a_meld_a_refused_swap_broke_echoes_that_swap() -> None:
    # Anna swaps the 2S for the joker of Bruno's valid run (refused: it stands for the
    # 7D) and the card breaks the run (D27); her attach to it later is not judged
    text = HAND.replace("Bruno meld 9D 10D 8D JK(7D)", "Bruno meld JK(7D) 8D 9D 10D")
    text = text.replace("Anna swap 7D in 5\nAnna attach 6D to 5",
                        "Anna swap 2S in 5\nAnna attach 7D to 5")
    game = _replay(text)
    assert ("M003", 19) in _violations(game)
    assert ("M002", 20, 19) in _notes(game)


@pytest.mark.parametrize(("written", "laid"), [
    ("10S JS JK(QS) 9S", ["9S 10S JS JK(QS)"]),
    ("9D 10D 8D JK(7D)", ["JK(7D) 8D 9D 10D"]),
    ("5S JK(9S) 7S", ["5S JK(6S) 7S"]),  # the joker's word left out
    ("KH AH QH", ["QH KH AH"]),  # the ace high
    ("3C AC 2C", ["AC 2C 3C"]),  # the ace low
    ("8D 8C JK(8D)", ["8D 8C JK"]),
    ("3S 4S", []),  # two cards make no meld, in any order
    ("3S 4S 9H", []),
])
def test_laid_versions(written: str, laid: list[str]) -> None:
    (game,) = parse_text(f'[Players "A" "B"]\nhand 1\nA meld {written}\n').games
    cards = game.events[-1].cards  # type: ignore[attr-defined]
    assert all(isinstance(tc, TableCard) for tc in cards)
    found = [_written(m) for m in laid_versions(cards, Rules())]
    assert found == laid


def _written(meld: object) -> str:
    """A run's joker written with the card of its place, as a log may write it."""
    from scala40cli.viewing.snapshot import meld_view

    view = meld_view(1, "A", meld, ())  # type: ignore[arg-type]
    jokers = iter(view.jokers)
    if "|" in "".join(view.jokers) or "JK" not in view.cards or not view.jokers:
        return " ".join(view.cards)
    return " ".join(f"JK({next(jokers)})" if c == "JK" else c for c in view.cards)
