"""Files, folders, patterns and stdin on the command line; --jobs gives the same report."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.audit.pipeline import audit_bytes
from scala40cli.cli.main import main
from scala40cli.reading.chunks import game_chunks
from scala40cli.reading.inputs import Missing, expand

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GAME = (FIXTURES / "legal" / "in-one-go.s40").read_bytes()


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "b" / "deep").mkdir(parents=True)
    (tmp_path / "empty").mkdir()
    for name in ("a.s40", "b/z.s40", "b/deep/c.s40", "b/notes.txt"):
        (tmp_path / name).write_bytes(GAME)
    os.symlink(tmp_path, tmp_path / "b" / "loop")  # a folder link that would loop
    return tmp_path


def test_a_folder_stands_for_its_logs_sorted_and_a_link_loop_is_not_followed(
        tree: Path) -> None:
    assert list(expand([str(tree)])) == [
        str(tree / "a.s40"), str(tree / "b" / "deep" / "c.s40"), str(tree / "b" / "z.s40")]


def test_patterns_files_stdin_each_once_in_order(tree: Path) -> None:
    found = list(expand([str(tree / "b" / "z.s40"), str(tree / "**" / "*.s40"), "-"]))
    assert found == [str(tree / "b" / "z.s40"), str(tree / "a.s40"),
                     str(tree / "b" / "deep" / "c.s40"), "-"]


def test_arguments_that_name_nothing_say_why(tree: Path) -> None:
    assert list(expand([str(tree / "empty"), str(tree / "*.nothing")])) == [
        Missing(str(tree / "empty"), "this folder holds no .s40 file"),
        Missing(str(tree / "*.nothing"), "no file matches this pattern")]


def test_a_folder_of_json_lines_logs_says_the_pattern_that_reads_them(tmp_path: Path) -> None:
    """A folder gives its .s40 logs only (other programs write .jsonl records too); one
    holding JSON Lines files says so, and the pattern given reads them."""
    folder = tmp_path / "server"
    (folder / "2026").mkdir(parents=True)
    log = (Path(__file__).resolve().parent.parent / "fixtures" / "legal" / "two-players.s40")
    events = CliRunner().invoke(main, ["convert", str(log)]).stdout
    for name in ("a.jsonl", "2026/b.jsonl"):
        (folder / name).write_text(events, encoding="utf-8")
    pattern = f"{folder}/**/*.jsonl"
    assert list(expand([str(folder)])) == [Missing(str(folder), (
        "this folder holds no .s40 file, but 2 JSON Lines files (.jsonl), which a folder "
        f"does not give; the pattern '{pattern}' does"))]
    result = CliRunner().invoke(main, ["replay", "-q", pattern])
    assert result.exit_code == 0
    assert result.stdout.strip() == "2 files, 2 games, 0 with violations, 0 violations"


def test_replay_of_a_folder_and_of_nothing(tree: Path) -> None:
    result = CliRunner().invoke(main, ["replay", str(tree), str(tree / "empty")],
                                catch_exceptions=False)
    assert result.exit_code == 1
    assert f"{tree / 'empty'}:1:1: F001 this folder holds no .s40 file" in result.stdout
    assert result.stdout.rstrip().endswith("4 files, 3 games, 0 with violations, "
                                           "0 violations, 1 file error")


@pytest.mark.slow
def test_jobs_give_the_same_report_in_the_same_order() -> None:
    def run(*extra: str) -> str:
        result = CliRunner().invoke(main, ["replay", "--format", "json", *extra, str(FIXTURES)],
                                    catch_exceptions=False)
        return result.stdout
    serial = run()
    assert run("--jobs", "2") == serial
    assert json.loads(serial)["summary"]["files"] == len(list(FIXTURES.rglob("*.s40")))


def test_a_file_is_cut_into_games_on_tag_lines_after_events() -> None:
    text = (b"; a comment\n[Event \"one\"]\n[Players \"A\" \"B\"]\nhand 1\n"
            b"[Event \"two\"]\n\n[Players \"A\" \"B\"]\n")
    chunks = list(game_chunks(text.splitlines(keepends=True), keep_comments=True))
    assert [(c.first_line, c.offset) for c in chunks] == [(1, 0), (5, 51)]
    assert b"".join(c.data for c in chunks) == text
    replayed = list(game_chunks(text.splitlines(keepends=True)))  # comments not kept
    assert [(c.first_line, c.offset) for c in replayed] == [(1, 0), (5, 51)]
    assert b"".join(c.data for c in replayed) == text.replace(b"; a comment", b"")


def test_a_game_that_is_not_utf8_costs_only_itself() -> None:
    bad = GAME.replace(b"Bruno meld 3S 3C 3H", b"Bruno meld 3S 3C 3H \xff")
    result = audit_bytes(GAME + b"\n" + bad + b"\n" + GAME, "x.s40")
    assert [g.index for g in result.games] == [1, 2]
    assert all(game.ok for game in result.games)
    (error,) = result.errors
    assert error.code == "F002" and error.line == 24 + 15
    assert "byte offset" in error.message
