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


# --- a [Result] that names the winner: checked against the hands (G010) ------------------


def with_result(text: str, value: str) -> str:
    return text.replace('[Rules "classic"]\n', f'[Rules "classic"]\n[Result "{value}"]\n', 1)


def test_a_result_naming_the_winner_the_hands_give_is_legal() -> None:
    whole = FIXTURE.read_text(encoding="utf-8")
    game = api.audit_text(with_result(whole, "Bruno")).games[0]
    assert game.winner == "Bruno" and game.violations == ()


def test_a_result_naming_another_winner_is_g010_on_the_tag_line() -> None:
    whole = FIXTURE.read_text(encoding="utf-8")
    game = api.audit_text(with_result(whole, "Anna")).games[0]
    [problem] = game.violations
    assert (problem.code, problem.hand, problem.player) == ("G010", None, None)
    assert problem.line == with_result(whole, "Anna").splitlines().index('[Result "Anna"]') + 1
    assert problem.message == ("the [Result] tag names Anna as the winner; the hands give "
                               "Bruno")
    assert game.winner == "Bruno"  # the referee's outcome stands


def test_a_result_naming_a_winner_of_a_match_that_did_not_end_is_g010() -> None:
    first_hand = cut_after("hand 2").removesuffix("hand 2\n")
    game = api.audit_text(with_result(first_hand, "Bruno")).games[0]
    assert [p.code for p in game.violations] == ["G010"]
    assert game.violations[0].message.endswith("but the match did not end")


def test_a_result_is_compared_in_one_unicode_form() -> None:
    text = FIXTURE.read_text(encoding="utf-8").replace('"Bruno"', '"Brunò"')
    text = text.replace("Bruno ", "Brunò ").replace(" Bruno", " Brunò")
    decomposed = "Bruno\u0300"  # the same name, its accent a combining character
    game = api.audit_text(with_result(text, decomposed)).games[0]
    assert game.winner == "Brunò" and game.violations == ()
