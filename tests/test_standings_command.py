"""``scala40 standings`` on logs (issue 38): its formats, its JSON against
schemas/standings.schema.json, what a hostile name becomes in each output, the exit
statuses, and the same table whatever engine judges the logs."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from scala40cli.cli import choices
from scala40cli.cli.main import main
from scala40cli.reading.resources import schema
from scala40cli.season.formats import STANDINGS_FORMATS, format_for

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal"
EXAMPLES = ROOT / "docs" / "examples"
#: A right-to-left override, markup and an accent in one name (a G009 violation: the
#: match counts only with --include-violations), and a Hebrew name.
HOSTILE = "Br\u202eun\u00e9<i>o"
HEBREW = "\u05e9\u05e8\u05d4"


def run(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["standings", *arguments], catch_exceptions=False)
    return result.exit_code, result.output


def validate(text: str) -> dict[str, object]:
    standings_schema = schema("standings.schema.json")
    Draft202012Validator.check_schema(standings_schema)
    document: dict[str, object] = json.loads(text)
    Draft202012Validator(standings_schema).validate(document)
    return document


@pytest.fixture
def hostile_log(tmp_path: Path) -> Path:
    text = (LEGAL / "two-players.s40").read_text(encoding="utf-8")
    text = text.replace('"Bruno"', "Bruno").replace("Bruno", f'"{HOSTILE}"')
    text = text.replace('"Anna"', "Anna").replace("Anna", f'"{HEBREW}"')
    path = tmp_path / "hostile.s40"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_command_offers_the_formats_of_the_registry() -> None:
    assert list(STANDINGS_FORMATS) == list(choices.STANDINGS_FORMATS)
    assert [format_for(name) for name in (None, "t.HTML", "t.json", "t.md", "t.txt")] == [
        "text", "html", "json", "markdown", "text"]


@pytest.mark.slow
def test_the_json_validates_and_lists_what_was_left_out() -> None:
    status, output = run("--format", "json", str(LEGAL), str(EXAMPLES / "game.s40"))
    assert status == 1  # docs/examples holds files with syntax errors
    document = validate(output)
    left = document["left_out"]
    assert isinstance(left, list)
    assert {entry["reason"] for entry in left} == {"violations", "file_error"}
    season = document["season"]
    assert isinstance(season, dict)
    assert season["matches"] == 18 and season["rule_sets"] == [{"name": "classic",
                                                               "matches": 18}]


def test_a_clean_folder_exits_0_and_the_text_is_sorted_by_rating() -> None:
    status, output = run(str(LEGAL))
    assert status == 0
    ratings = [float(line.split()[2]) for line in output.splitlines()
               if re.match(r"\d+  ", line)]
    assert len(ratings) == 9 and ratings == sorted(ratings, reverse=True)


@pytest.mark.slow
def test_the_output_suffix_chooses_the_format(tmp_path: Path) -> None:
    for name, start in (("t.html", "<!DOCTYPE html>"), ("t.json", "{"),
                        ("t.md", "## Standings")):
        status, _ = run(str(LEGAL), "--output", str(tmp_path / name))
        assert status == 0
        assert (tmp_path / name).read_text(encoding="utf-8").startswith(start)


def test_the_page_is_self_contained_and_draws_each_players_rating() -> None:
    status, page = run("--format", "html", str(LEGAL))
    assert status == 0
    assert "<script" not in page and not re.search(r"(?:https?:)?//", page.replace(
        "<!DOCTYPE", ""))
    assert page.count('<polyline class="series"') == 9
    assert '<ul class="legend">' in page


@pytest.mark.slow
def test_a_hostile_name_is_escaped_and_isolated_everywhere(hostile_log: Path) -> None:
    status, page = run("--format", "html", "--include-violations", str(hostile_log))
    assert status == 0
    shown = "Br\\u202eun\u00e9&lt;i&gt;o"
    assert f"<bdi>{shown}</bdi>" in page and f"<bdi>{HEBREW}</bdi>" in page
    assert "\u202e" not in page and "<i>" not in page

    for form in ("text", "markdown", "json"):
        status, output = run("--format", form, "--include-violations", str(hostile_log))
        assert status == 0 and "\u202e" not in output, form
    _, markdown = run("--format", "markdown", "--include-violations", str(hostile_log))
    assert "\\<i\\>" in markdown
    _, text = run("--format", "json", "--include-violations", str(hostile_log))
    assert HOSTILE in [player["name"] for player in validate(text)["players"]]  # type: ignore[attr-defined, index]


def test_the_hostile_match_is_left_out_by_default(hostile_log: Path) -> None:
    status, output = run(str(hostile_log))
    assert status == 0
    assert "No match counted." in output
    assert "game 1, violations: G009 at line 2" in output


def test_a_wrong_option_is_exit_2() -> None:
    assert run("--rules", "nonesuch", str(LEGAL))[0] == 2
    assert run("--since", "12/11/2026", str(LEGAL))[0] == 2


def test_a_wrong_date_is_said_in_words_not_as_a_strptime_format() -> None:
    status, output = run("--since", "2026-13-01", str(EXAMPLES / "season"))
    assert status == 2 and "%Y" not in output
    assert "'2026-13-01' is not a date: write it YYYY-MM-DD, such as 2026-11-05" in output
    assert run("--since", "2026-11-19", str(EXAMPLES / "season"))[0] == 0


@pytest.mark.slow
def test_rules_restricts_the_table(tmp_path: Path) -> None:
    shutil.copy(LEGAL / "two-players.s40", tmp_path / "a.s40")
    played = CliRunner().invoke(main, ["simulate", "--rules", "scala50", "--out",
                                       str(tmp_path / "fifty")])
    assert played.exit_code == 0, played.output
    _, mixed = run(str(tmp_path))
    assert "Rules differ between the matches: classic (1 match), scala50 (1 match)" in mixed
    status, only = run("--rules", "scala50", "--format", "json", str(tmp_path))
    document = validate(only)
    assert status == 0 and document["season"]["rules"] == "scala50"  # type: ignore[index]
    assert [entry["reason"] for entry in document["left_out"]] == ["other_rules"]  # type: ignore[attr-defined, index]


@pytest.mark.slow
def test_the_table_is_the_same_with_jobs() -> None:
    assert run("--format", "json", str(LEGAL)) == run("--format", "json", "--jobs", "2",
                                                      str(LEGAL))


def test_docs_standings_explains_every_column() -> None:
    from scala40cli.season.columns import COLUMNS

    doc = (ROOT / "docs" / "standings.md").read_text(encoding="utf-8")
    missing = [column.header for column in COLUMNS if f"| `{column.header}` |" not in doc]
    assert missing == []


@pytest.mark.slow
@pytest.mark.parametrize("scheduler", ["synchronous", "threads"])
def test_the_table_is_the_same_on_dask(scheduler: str) -> None:
    pytest.importorskip("dask.bag", reason="Dask is not installed: pip install 'scala40[dask]'")
    local = run("--format", "json", str(LEGAL), str(EXAMPLES / "game.s40"))
    assert run("--format", "json", "--dask", scheduler, str(LEGAL),
               str(EXAMPLES / "game.s40")) == local
    assert run("--dask", scheduler, "-")[0] == 2  # Dask reads files, not standard input
