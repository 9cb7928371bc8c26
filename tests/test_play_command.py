"""``scala40 play`` on the command line: its help, and one line when the extra is missing."""

from __future__ import annotations

import importlib.util

import pytest
from click.testing import CliRunner

from scala40cli.cli.main import main


def test_help_names_every_option() -> None:
    result = CliRunner().invoke(main, ["play", "--help"])
    assert result.exit_code == 0
    for option in ("--players", "--level", "--rules", "--set", "--seed", "--name", "--save",
                   "--port", "--no-browser", "--lang", "--resume"):
        assert option in result.output


def test_without_the_play_extra_it_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "uvicorn" else real(name, *a))
    result = CliRunner().invoke(main, ["play", "--no-browser"])
    assert result.exit_code == 2
    assert "pip install 'scala40[play]'" in result.output
    assert "Traceback" not in result.output


def test_a_bad_resume_file_is_a_usage_error(tmp_path: object) -> None:
    from pathlib import Path
    log = Path(str(tmp_path)) / "x.s40"
    log.write_text('[Event "x"]\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "--no-browser", "--resume", str(log)])
    assert result.exit_code == 2
    assert "not a log written by scala40 play" in result.output


@pytest.mark.parametrize(("name", "said"), [
    ("", "a player's name is blank"),
    ("  ", "a player's name is blank"),
    ("An\u200bna", "holds an invisible character"),
    ("\u0410nna", "look alike"),
    ("a\nb", "cannot hold a line break"),
])
def test_a_name_the_referee_would_refuse_is_a_usage_error(
        name: str, said: str, tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--name ''`` began a match whose saved log was a G002 from its first line; no
    match starts, nothing is saved."""
    pytest.importorskip("starlette")
    from pathlib import Path

    from scala40cli.playing import launch
    monkeypatch.setattr(launch, "serve", lambda *args, **kwargs: None)  # never serve
    saved = Path(str(tmp_path)) / "saved"
    result = CliRunner().invoke(main, ["play", "--no-browser", "--name", name,
                                       "--save", str(saved)])
    assert result.exit_code == 2 and said in result.output, result.output
    assert "Traceback" not in result.output and not saved.exists()


def test_a_name_the_referee_takes_starts_nothing_wrong() -> None:
    from scala40cli.cli.play_command import name_problem

    assert [name_problem(name, 6) for name in ("Zoë", "Anna", "mano", '"q"', "Anna Maria")] \
        == [None] * 5
