"""``[Result "*"]`` marks a match saved while it is played (as PGN marks a game in
progress): its last hand may stop anywhere, reported as unfinished, not as a violation.
Without the tag, or for a hand cut short before another, the missing end is G006."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from scala40cli import api
from scala40cli.cli.main import main
from scala40cli.model.results import Closing

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "legal" / "two-players.s40"
IN_PROGRESS = '[Result "*"]\n'


def cut_after(marker: str) -> str:
    """The fixture's lines up to the first that starts with ``marker``, included."""
    lines = FIXTURE.read_text(encoding="utf-8").splitlines(keepends=True)
    end = next(i for i, line in enumerate(lines) if line.startswith(marker))
    return "".join(lines[:end + 1])


def with_tag(text: str) -> str:
    return text.replace('[Rules "classic"]\n', '[Rules "classic"]\n' + IN_PROGRESS, 1)


def test_a_match_saved_in_the_middle_of_a_hand_is_unfinished_not_broken() -> None:
    game = api.audit_text(with_tag(cut_after("Bruno draw 9S"))).games[0]
    assert game.violations == () and game.notes == ()
    assert not game.finished and game.winner is None
    assert [hand.closing for hand in game.hands] == [Closing.UNFINISHED]


def test_without_the_tag_the_same_cut_is_an_unfinished_hand() -> None:
    game = api.audit_text(cut_after("Bruno draw 9S")).games[0]
    assert [p.code for p in game.violations] == ["G006"]


def test_a_hand_cut_short_before_another_is_still_a_violation() -> None:
    text = with_tag(cut_after("Bruno draw 9S")) + "hand 2\n"
    game = api.audit_text(text).games[0]
    assert "G006" in [p.code for p in game.violations]


def test_replay_says_the_match_is_in_progress_and_exits_zero(tmp_path: Path) -> None:
    log = tmp_path / "saved.s40"
    log.write_text(with_tag(cut_after("Anna meld 7D")), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 0, result.output
    assert "Match in progress" in result.output and "unfinished" in result.output
    assert "G006" not in result.output
    broken = tmp_path / "broken.s40"
    broken.write_text(cut_after("Anna meld 7D"), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(broken)])
    assert result.exit_code == 1 and "G006" in result.output
    assert "Match not finished." in result.output
