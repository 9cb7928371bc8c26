"""``scala40 view``: ``-`` reads standard input as ``replay`` and ``show`` do, and a
file that is not UTF-8 has its page but makes the exit status 1 (said on standard
error), so that a CI job making pages does not pass over a log in another encoding.

Each test fails on the code before: ``view -`` looked for a file named ``-`` (exit 1,
``-: cannot read``), and a file that is not UTF-8 exited 0 with nothing said.
"""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from scala40cli.cli.main import main

DATA = Path(__file__).resolve().parent / "data" / "hostile"
CLEAN = (DATA / "bom-crlf.s40").read_bytes()


def _view(args: list[str], folder: Path, stdin: bytes | None = None) -> tuple[int, str, str]:
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, ["view", *args], input=stdin)
    finally:
        os.chdir(cwd)
    return result.exit_code, result.stdout, result.stderr


def test_view_reads_standard_input_and_writes_its_page_to_standard_output(
        tmp_path: Path) -> None:
    status, out, err = _view(["-"], tmp_path, CLEAN)
    assert status == 0, err
    assert out.startswith("<!DOCTYPE html>") and "the clean game after the bad one" in out
    assert list(tmp_path.iterdir()) == []


def test_view_writes_standard_inputs_page_where_output_says(tmp_path: Path) -> None:
    (tmp_path / "game.s40").write_bytes(CLEAN)
    status, _, err = _view(["-", "game.s40", "-o", "pages/"], tmp_path, CLEAN)
    assert status == 0, err
    assert sorted(p.name for p in (tmp_path / "pages").iterdir()) == ["game.html", "stdin.html"]
    status, _, err = _view(["-", "-o", "one.html"], tmp_path, CLEAN)
    assert status == 0 and "wrote one.html" in err
    assert (tmp_path / "one.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_standard_input_is_given_once(tmp_path: Path) -> None:
    status, _, err = _view(["-", "-"], tmp_path, CLEAN)
    assert status == 2 and "- (standard input) may be given only once" in err


def test_a_file_that_is_not_utf8_has_its_page_and_exits_1(tmp_path: Path) -> None:
    (tmp_path / "latin1.s40").write_bytes((DATA / "latin1-then-good.s40").read_bytes())
    status, _, err = _view(["latin1.s40"], tmp_path)
    assert status == 1
    assert "scala40: latin1.s40:1:31: F002 invalid UTF-8 at byte offset 30" in err
    assert "save the file as UTF-8" in err and "wrote latin1.html" in err
    assert (tmp_path / "latin1.html").is_file()
