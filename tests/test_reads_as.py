"""The referee's reading of a line before it is judged (``MatchReferee.reads_as``): what
the review walks by. It must report nothing and change nothing, and read a mistyped
name as the author the referee then judges the line as."""

from __future__ import annotations

from pathlib import Path

import pytest

from scala40cli.judging.match.referee import MatchReferee, replay
from scala40cli.reading.events import GameLog, PlayerEvent
from scala40cli.reading.parser import parse_text

ROOT = Path(__file__).resolve().parent.parent
LOGS = sorted((ROOT / "fixtures").rglob("*.s40"))


def _games(path: Path) -> list[GameLog]:
    return parse_text(path.read_text("utf-8", errors="replace")).games


@pytest.mark.parametrize("path", LOGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_reading_a_line_first_reports_nothing_and_changes_no_verdict(path: Path) -> None:
    for game in _games(path):
        referee = MatchReferee(game)
        tags = referee.begin()
        renamed: set[int] = set()
        for index, written in enumerate(referee.body):
            read = referee.reads_as(index, written)
            if isinstance(read, PlayerEvent) and isinstance(written, PlayerEvent) \
                    and read.player != written.player:
                renamed.add(written.line)
            if not referee.judge(index, written):
                break
        plain = replay(game)
        assert referee.finish(tags) == plain
        # a line read under another name is one the referee reported as such
        assert renamed <= {p.line for p in plain.violations}


def test_a_misspelt_name_is_read_as_its_author() -> None:
    text = (ROOT / "fixtures/legal/take-discard.s40").read_text("utf-8")
    log = text.replace("Bruno take 5H", "Brqno take 5H", 1)
    games = parse_text(log).games
    referee = MatchReferee(games[0])
    referee.begin()
    read = None
    for index, written in enumerate(referee.body):
        if isinstance(written, PlayerEvent) and written.player == "Brqno":
            read = referee.reads_as(index, written)
            break
        referee.judge(index, written)
    assert isinstance(read, PlayerEvent) and read.player == "Bruno"


def test_another_players_name_in_the_middle_of_a_turn_is_read_as_the_player_in_turn() -> None:
    """``Anna meld JS JH JD`` between Bruno's take and Bruno's discard is Bruno's line,
    its name mistyped (reported, and judged as Bruno's): read so, and the review
    sees Bruno's cards as the referee does."""
    text = (ROOT / "fixtures/legal/take-discard.s40").read_text("utf-8")
    log = text.replace("Bruno meld JS JH JD", "Anna meld JS JH JD", 1)
    game = parse_text(log).games[0]
    referee = MatchReferee(game)
    tags = referee.begin()
    read = None
    for index, written in enumerate(referee.body):
        if isinstance(written, PlayerEvent) and written.player == "Anna" and read is None:
            read = referee.reads_as(index, written)
        referee.judge(index, written)
    assert isinstance(read, PlayerEvent) and read.player == "Bruno"
    plain = referee.finish(tags)
    assert [p.line for p in plain.violations] == [read.line]
