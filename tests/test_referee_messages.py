"""Referee messages a person can act on: a misspelt name, running totals on a score line.

A log written by hand at a club table holds a player's name typed wrong (``Guilia`` for
Giulia) and score lines copied from the running totals of the score sheet. Each is one
mistake: it is reported once, in words that say what to fix, and judging goes on as
the writer meant.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scala40cli.audit.pipeline import audit_path
from scala40cli.judging.match.names import closest_player
from scala40cli.model.results import FileResult
from scala40cli.model.violations import Code

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "illegal"


def judged(name: str) -> FileResult:
    return audit_path(str(FIXTURES / name))


CLOSEST = [
    # (the name written, the players of the game, the player it is read as)
    pytest.param("Guilia", ("Anna", "Giulia"), "Giulia", id="two_letters_swapped"),
    pytest.param("anna", ("Anna", "Bruno"), "Anna", id="lower_case"),
    pytest.param("Brunoo", ("Anna", "Bruno"), "Bruno", id="one_letter_too_many"),
    pytest.param("Zoe", ("Anna", "Bruno"), None, id="nobody_close"),
    pytest.param("Carl", ("Carla", "Carlo"), None, id="two_players_equally_close"),
    pytest.param("Ann", ("Anna", "Anne", "Bruno"), None, id="ambiguous_between_two"),
]


@pytest.mark.parametrize(("written", "players", "meant"), CLOSEST)
def test_a_name_close_to_exactly_one_player_is_read_as_theirs(
    written: str, players: tuple[str, ...], meant: str | None
) -> None:
    assert closest_player(written, players) == meant


def test_a_misspelt_name_is_one_violation_and_the_line_is_judged_as_the_players() -> None:
    result = judged("G003-unknown-player-misspelt.s40")
    (game,) = result.games
    assert [(v.code, v.line, v.message) for v in game.violations] == [
        (Code.UNKNOWN_PLAYER, 23, "Guilia is not a player of this game; did you mean Giulia?")
    ]
    assert game.totals == {"Anna": 44, "Giulia": 0}


def test_a_misspelt_name_on_a_played_hands_score_line_is_checked_as_the_players(
        tmp_path: Path) -> None:
    """The score line's ``Giulla``, one typo: reported once, and the line judged as
    Giulia's (her 0, the closer's), not as a line missing her and naming a stranger."""
    text = (FIXTURES / "G003-unknown-player-misspelt.s40").read_text(encoding="utf-8")
    text = text.replace("Guilia", "Giulia").replace("score Anna 44 Giulia 0",
                                                    "score Anna 44 Giulla 0")
    log = tmp_path / "score-typo.s40"
    log.write_text(text, encoding="utf-8")
    (game,) = audit_path(str(log)).games
    assert [(v.code, v.message) for v in game.violations] == [
        (Code.UNKNOWN_PLAYER, "Giulla is not a player of this game; did you mean Giulia?")]
    assert game.totals == {"Anna": 44, "Giulia": 0}


def test_a_stranger_far_from_every_name_is_still_ignored() -> None:
    (game,) = judged("G003-unknown-player.s40").games
    assert [(v.code, v.message) for v in game.violations] == [
        (Code.UNKNOWN_PLAYER, "Zoe is not a player of this game")
    ]


def test_a_score_line_of_running_totals_says_so_once() -> None:
    (game,) = judged("C002-score-mismatch-running-totals.s40").games
    assert [(v.code, v.line, v.message) for v in game.violations] == [
        (Code.SCORE_MISMATCH, 77, "these look like running totals: a score line gives the "
         "penalties of hand 2, here Anna 17, Bruno 0")
    ]


def test_a_wrong_penalty_that_is_no_total_is_reported_player_by_player() -> None:
    (game,) = judged("C002-score-mismatch.s40").games
    messages = [v.message for v in game.violations if v.code is Code.SCORE_MISMATCH]
    assert messages and not any("running totals" in m for m in messages)
