"""``convert --output``: a converted log may be written to a ``.s40`` name, since it is a
log, but never over one of its inputs; a report (or JSON Lines) never goes to one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scala40cli.audit.pipeline import audit_path
from scala40cli.cli.main import main
from scala40cli.reading.jsonl_logs import jsonl_to_s40
from scala40cli.reading.layout import format_log
from scala40cli.reporting.events_jsonl import s40_to_jsonl

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def jsonl(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    converted = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(converted, str)
    path.write_text(converted, encoding="utf-8")
    return path


def test_json_lines_converted_to_a_new_s40_file(jsonl: Path, tmp_path: Path) -> None:
    """docs/events-json.md's ``convert game.jsonl -o game.s40``: exit 2 before."""
    out = tmp_path / "game.s40"
    result = run("convert", str(jsonl), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == jsonl_to_s40(jsonl.read_bytes())
    judged = audit_path(str(out))
    assert judged.errors == () and all(game.ok for game in judged.games)


def test_convert_to_s40_rewrites_an_existing_log_that_is_not_an_input(
        jsonl: Path, tmp_path: Path) -> None:
    out = tmp_path / "old.s40"
    out.write_text("; an older copy\n", encoding="utf-8")
    assert run("convert", "--to", "s40", str(LEGAL), "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8") == format_log(LEGAL.read_bytes())
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


@pytest.mark.parametrize("how", ["same", "symlink", "hardlink"])
def test_a_log_is_never_written_over_its_input(tmp_path: Path, how: str) -> None:
    log = tmp_path / "game.s40"
    log.write_bytes(LEGAL.read_bytes() + b"\n\n")  # not canonical: a write would show
    out = log
    if how != "same":
        out = tmp_path / "other.s40"
        (os.symlink if how == "symlink" else os.link)(log, out)
    result = run("convert", "--to", "s40", str(log), "-o", str(out))
    assert result.exit_code == 2 and "one of the inputs" in result.stderr
    assert log.read_bytes() == LEGAL.read_bytes() + b"\n\n"


@pytest.mark.parametrize("args", [
    ("convert", str(LEGAL)),                      # .s40 -> JSON Lines by default
    ("convert", "--to", "jsonl", str(LEGAL)),
    ("replay", str(LEGAL)),
    ("report", "--format", "markdown", str(LEGAL)),
], ids=["convert", "convert-to-jsonl", "replay", "report"])
def test_what_is_not_a_log_never_goes_to_a_s40_name(tmp_path: Path,
                                                    args: tuple[str, ...]) -> None:
    out = tmp_path / "new.s40"
    result = run(*args, "-o", str(out))
    assert result.exit_code == 2 and "game log name" in result.stderr
    assert not out.exists()


def test_a_comments_escapes_and_inner_cr_survive_the_round_trip_through_a_pipe(
        tmp_path: Path) -> None:
    """A comment holding an ESC sequence and a CR inside it is one line of a `.s40` log:
    its JSON Lines form is read back (the JSON reader refused the CR), and the log
    converted back into a pipe keeps its bytes (click stripped the escapes there)."""
    comment = "; a \x1b[31mred\x1b[0m word and a bare\rCR"
    log = tmp_path / "game.s40"
    log.write_bytes(f'[Players "Anna" "Bruno"]\n{comment}\nhand 1\ndealer Anna\n'
                    "score Anna 0 Bruno 40\n".encode())
    jsonl = tmp_path / "game.jsonl"
    assert run("convert", str(log), "-o", str(jsonl)).exit_code == 0
    assert audit_path(str(jsonl)).errors == ()
    back = run("convert", "--to", "s40", str(jsonl))
    assert back.exit_code == 0, back.output
    assert comment in back.output
