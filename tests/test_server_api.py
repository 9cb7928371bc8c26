"""What a server stores next to a result, and finds in the package (issue 34, part 4):
the schemas, the names of the API, the score reports from Python."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

import scala40
import scala40cli
from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"


def test_the_result_types_are_public_and_listed() -> None:
    for name in ("HandResult", "TagValue", "Code", "Closing", "audit_events", "schema",
                 "markdown_report", "html_report"):
        assert name in scala40.__all__ and name in scala40cli.__all__
        assert name in dir(scala40) and name in dir(scala40cli)
        assert getattr(scala40, name) is getattr(scala40cli, name)
    assert set(scala40.__all__) <= set(dir(scala40))
    game = scala40.audit_file(LEGAL).games[0]
    assert isinstance(game.hands[0], scala40.HandResult)
    assert isinstance(game.tags[0], scala40.TagValue)
    assert isinstance(game.hands[0].closing, scala40.Closing)


@pytest.mark.parametrize("name", ["report", "jsonl", "events", "rules", "show", "protocol"])
def test_every_shipped_schema_is_returned_by_name(name: str) -> None:
    found = scala40.schema(name)
    Draft202012Validator.check_schema(found)
    found["title"] = "changed"
    assert scala40.schema(name)["title"] != "changed"  # a copy


def test_an_unknown_schema_name_is_a_value_error_listing_the_names() -> None:
    with pytest.raises(ValueError, match="schema: name must be one of 'report', 'jsonl'"):
        scala40.schema("report.schema.json")


def test_the_report_and_every_result_carry_the_schema_version() -> None:
    report_schema = scala40.schema("report")
    result = scala40.audit_file(LEGAL)
    document = scala40.json_report([result])
    Draft202012Validator(report_schema).validate(document)
    assert document["schema_version"] == report_schema["version"] == result.schema_version
    assert result.to_dict()["schema_version"] == result.games[0].to_dict()["schema_version"]
    assert result.games[0].to_dict()["preset"] == "classic"


@pytest.mark.parametrize("form", ["markdown", "html"])
def test_the_score_reports_from_python_are_the_commands(form: str) -> None:
    result = scala40.audit_file(LEGAL)
    written = (scala40.markdown_report if form == "markdown" else scala40.html_report)(
        [result])
    printed = CliRunner().invoke(main, ["report", "--format", form, str(LEGAL)]).stdout
    assert written.rstrip("\n") == printed.rstrip("\n")
    assert (scala40.markdown_report(result) if form == "markdown"
            else scala40.html_report(result)) == written  # one result is taken too
