"""The public API: the same data as the JSON report, rules as data, summaries that add
up, a lazy import, the ``scala40`` alias, doctests, and a consumer checked by mypy."""

from __future__ import annotations

import doctest
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ReportCheck

import scala40
import scala40cli
from scala40cli import (
    FileResult,
    GameResult,
    Problem,
    RulesError,
    Summary,
    api,
    audit_file,
    audit_text,
    iter_games,
    json_report,
    rule_choice,
    summarize,
)
from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").rglob("*.s40"))
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"
SYNTAX = ROOT / "fixtures" / "illegal" / "F003-syntax-error.s40"


def cli_json(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(main, ["replay", "--format", "json", *args])
    loaded: dict[str, object] = json.loads(result.stdout)
    return loaded


@pytest.mark.parametrize("path", [
    path if k < 8 else pytest.param(path, marks=pytest.mark.slow)
    for k, path in enumerate(FIXTURES)], ids=lambda p: p.name)
def test_to_dict_is_the_json_report_of_every_fixture(path: Path, check_report: ReportCheck
                                                     ) -> None:
    result = audit_file(path)
    document = check_report(json_report([result]))
    assert document == cli_json(str(path))
    (file_object,) = document["files"]
    assert result.to_dict() == file_object
    assert [game.to_dict() for game in result.games] == file_object["games"]
    assert [error.to_dict() for error in result.errors] == file_object["errors"]
    violations = [v.to_dict() for game in result.games for v in game.violations]
    assert violations == [v for game in file_object["games"] for v in game["violations"]]
    assert summarize([result]).to_dict() == document["summary"]


def test_audit_text_takes_str_and_bytes_as_a_file_is_read() -> None:
    data = LEGAL.read_bytes()
    from_bytes = audit_text(data, name=str(LEGAL))
    assert from_bytes == audit_text(data.decode("utf-8"), name=str(LEGAL)) == audit_file(LEGAL)
    assert audit_text(data).path == "<text>"
    bad = audit_text(b"[Players \"A\" \"B\"]\nhand 1\xff\n")
    assert [error.code for error in bad.errors] == ["F002"]


def test_audit_file_reports_an_unreadable_file_and_accepts_a_path(tmp_path: Path) -> None:
    missing = audit_file(tmp_path / "none.s40")
    assert [error.code for error in missing.errors] == ["F001"]
    assert missing.path == str(tmp_path / "none.s40")
    assert audit_file(LEGAL, jobs=2) == audit_file(str(LEGAL))


def _all_games_of(paths: list[Path]) -> bytes:
    return b"\n".join(path.read_bytes() for path in paths)


def test_iter_games_gives_the_games_and_file_errors_in_order() -> None:
    data = _all_games_of([LEGAL, SYNTAX, LEGAL])
    whole = audit_text(data)
    items = list(iter_games(data))
    assert [item for item in items if isinstance(item, GameResult)] == list(whole.games)
    assert [item for item in items if isinstance(item, Problem)] == list(whole.errors)
    assert [game.index for game in whole.games] == list(range(1, len(whole.games) + 1))


@pytest.mark.parametrize("form", ["binary stream", "text stream", "lines", "bare lines",
                                  "text"])
def test_iter_games_reads_every_form_of_source(form: str) -> None:
    data = _all_games_of([LEGAL, SYNTAX])
    text = data.decode("utf-8")
    sources: dict[str, object] = {
        "binary stream": io.BytesIO(data),
        "text stream": io.StringIO(text),
        "lines": text.splitlines(keepends=True),
        "bare lines": text.split("\n"),
        "text": text,
    }
    expected = list(iter_games(data))
    assert list(iter_games(sources[form])) == expected  # type: ignore[arg-type]


def test_iter_games_cuts_lines_at_lf_only() -> None:
    """A lone CR is a character of its line, as in a file, not a line end."""
    text = '[Players "A" "B"]\nhand 1\rdealer A\n'
    items = list(iter_games(text))
    assert items == list(iter_games([text])) == list(iter_games(text.encode()))
    assert [(item.code, item.line) for item in items if isinstance(item, Problem)] == [
        ("F003", 2)]
    assert [e.line for e in audit_text(text).errors] == [2]


def test_iter_games_is_lazy_on_an_endless_stream() -> None:
    def endless() -> object:
        n = 0
        while True:
            n += 1
            yield f'[Players "A{n}" "B"]\n'
            yield "hand 1\n"

    games = iter_games(endless())  # type: ignore[arg-type]
    first = next(games)
    assert isinstance(first, GameResult) and first.players == ("A1", "B")
    assert isinstance(next(games), GameResult)


def test_rules_as_a_preset_a_mapping_or_a_file(tmp_path: Path) -> None:
    def rules_of(rules: api.Rules) -> dict[str, str]:
        return audit_file(LEGAL, rules=rules).games[0].rules

    assert rules_of("scala50")["opening_points"] == "50"
    assert rules_of({"opening_points": 50})["opening_points"] == "50"
    assert rules_of({"preset": "traditional", "opening_points": "60"})["opening_points"] == "60"
    toml = tmp_path / "house.toml"
    toml.write_text('preset = "scala30"\n[rules]\nace_penalty = 11\n', encoding="utf-8")
    for given in (toml, str(toml)):
        got = rules_of(given)
        assert (got["opening_points"], got["ace_penalty"]) == ("30", "11")
    game = audit_file(LEGAL, rules={"opening_points": 50}).games[0]
    assert game.rule_sources["opening_points"] == "api"
    assert game.to_dict() == cli_json("--set", "opening_points=50", str(LEGAL))[
        "files"][0]["games"][0] | {"rule_sources": game.rule_sources}  # type: ignore[index]


@pytest.mark.parametrize("rules", ["scala45", {"opening_points": "lots"}, {"nope": 1},
                                   {"opening_points": True}, {"preset": "none-such"},
                                   "missing/rules.toml"])
def test_a_bad_rules_choice_raises_before_any_replay(rules: api.Rules) -> None:
    with pytest.raises(RulesError):
        audit_text("", rules=rules)


def test_rules_of_a_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        rule_choice(42)  # type: ignore[arg-type]


def test_summaries_add_up_as_one_run() -> None:
    parts = [audit_file(path) for path in FIXTURES[:12]]
    whole = summarize(parts)
    pieces = [summarize([part]) for part in parts]
    assert sum(pieces, Summary.zero()) == whole
    assert sum(pieces) == whole
    assert pieces[0] + pieces[1] == pieces[1] + pieces[0] == summarize(parts[:2])
    assert Summary.zero() + whole == whole
    assert whole.games > 0 and whole.violations > 0
    with pytest.raises(TypeError):
        whole + 1  # type: ignore[operator]


def test_the_api_names_are_exported_and_the_alias_is_the_same() -> None:
    for name in scala40cli.__all__:
        assert getattr(scala40, name) is getattr(scala40cli, name)
    assert set(scala40.__all__) == set(scala40cli.__all__)
    assert set(api.__all__) <= set(scala40cli.__all__)
    assert FileResult is scala40.FileResult
    with pytest.raises(AttributeError):
        _ = scala40cli.no_such_name  # type: ignore[attr-defined]
    assert "audit_text" in dir(scala40cli)


def test_importing_the_package_does_not_load_the_api() -> None:
    """``import scala40cli`` (and so ``scala40 --version``) stays cheap: the API and the
    parser are loaded on first use only; the version is a module of its own."""
    code = ("import sys, scala40cli, scala40; "
            "print(sorted(m for m in sys.modules if m.startswith('scala40cli.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "['scala40cli.version']"


def test_the_package_is_typed() -> None:
    assert (ROOT / "scala40cli" / "py.typed").is_file()
    assert (ROOT / "scala40" / "py.typed").is_file()


def test_the_doctests_of_the_api_module_and_page_pass() -> None:
    flags = doctest.ELLIPSIS
    module = doctest.testmod(api, optionflags=flags)
    page = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                            optionflags=flags)
    assert module.failed == page.failed == 0
    assert module.attempted > 3 and page.attempted > 20


@pytest.mark.slow
def test_an_example_consumer_type_checks_with_mypy_strict(tmp_path: Path) -> None:
    consumer = ROOT / "tests" / "data" / "api_consumer.py"
    bad = tmp_path / "bad_consumer.py"
    bad.write_text("from scala40 import audit_file\n"
                   "winner: int = audit_file('x.s40').games[0].winner\n"
                   "audit_file('x.s40', rules=3.5)\n", encoding="utf-8")
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
               "--cache-dir", os.devnull]
    good = subprocess.run([*command, str(consumer)], capture_output=True, text=True,
                          cwd=ROOT)
    assert good.returncode == 0, good.stdout
    wrong = subprocess.run([*command, str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert wrong.returncode == 1
    assert "bad_consumer.py:2: error: Incompatible types" in wrong.stdout
    assert "bad_consumer.py:3: error: Argument \"rules\"" in wrong.stdout


def test_json_lines_logs_through_the_api(tmp_path: Path) -> None:
    from scala40cli.reporting.events_jsonl import s40_to_jsonl

    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    path = tmp_path / "game.jsonl"
    path.write_text(jsonl, encoding="utf-8")
    expected = audit_file(LEGAL).games[0].totals
    assert audit_file(path).games[0].totals == expected
    assert audit_text(jsonl, name="x.jsonl").games[0].totals == expected
    assert audit_text(jsonl, input_format="jsonl").games[0].totals == expected
    # Nothing names the format: the content tells, a first line starting with {.
    assert audit_text(jsonl).games[0].totals == expected
    assert audit_text(jsonl, input_format="s40").errors  # read as .s40, it is not one
    (game,) = [g for g in iter_games(jsonl.splitlines(), input_format="jsonl")]
    assert isinstance(game, GameResult) and game.totals == expected


def test_text_that_is_not_unicode_is_judged_not_raised() -> None:
    text = '[Players "A" "B"]\nhand 1\ndealer \ud800\n'
    assert [e.code for e in audit_text(text).errors] == ["F002"]
    assert [getattr(i, "code", None) for i in iter_games(text.split("\n"))][-1] == "F002"
