"""``scala40 review`` of a JSON Lines log, as a game server writes it: read line for
line, so that every decision cites the file's own line and the page shows the JSON.
It read the JSON lines as ``.s40`` lines before, one syntax error a line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from scala40cli.cli.main import main
from scala40cli.reading.parser import parse_text
from scala40cli.reporting.events_jsonl import s40_to_jsonl
from scala40cli.review.records import Reviewed
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.running import Source, review_files
from scala40cli.review.scorer import Budget

ROOT = Path(__file__).resolve().parent.parent
STANDIN = ReviewSettings(engine="standin", budget=Budget())
#: A match of one hand between Anna and Bruno, with a discard taken from the pile.
HAND = ROOT / "fixtures" / "legal" / "take-discard.s40"


def _jsonl() -> str:
    written = s40_to_jsonl(HAND.read_bytes())
    assert isinstance(written, str)
    return written


def _reviewed(source: Source) -> list[Reviewed]:
    (file,) = review_files([source], seat=None, every=True, settings=STANDIN)
    assert not file.errors
    return [d for game in file.games for d in game.decisions if isinstance(d, Reviewed)]


def test_each_decision_cites_the_json_line_of_its_move() -> None:
    text = _jsonl()
    lines = text.splitlines()
    decisions = _reviewed(Source(path="match.jsonl", data=text.encode(),
                                 input_format="jsonl"))
    assert decisions
    for decision in decisions:
        event = json.loads(lines[decision.line - 1])
        assert event["player"] == decision.seat, (decision.line, event)
    s40 = _reviewed(Source(path="match.s40", data=HAND.read_bytes()))
    assert [(d.seat, d.stage, d.played) for d in decisions] == [
        (d.seat, d.stage, d.played) for d in s40]


def test_a_line_that_is_no_event_is_said_on_its_line() -> None:
    lines = _jsonl().splitlines()
    lines[4] = lines[4].replace('"player"', '"playr"')
    (file,) = review_files([Source(path="match.jsonl", data="\n".join(lines).encode(),
                                   input_format="jsonl")],
                           seat=None, every=True, settings=STANDIN)
    assert [error.split(":")[0] for error in file.errors] == ["5"]
    assert "playr" in file.errors[0]


def test_json_over_several_lines_is_one_problem() -> None:
    objects = [json.loads(line) for line in _jsonl().splitlines()]
    pretty = "".join(json.dumps(o, indent=2) + "\n" for o in objects).encode()
    (file,) = review_files([Source(path="match.jsonl", data=pretty, input_format="jsonl")],
                           seat=None, every=True, settings=STANDIN)
    assert len(file.errors) == 1 and "several lines" in file.errors[0]
    assert not file.games


def test_the_command_tells_json_lines_by_name_or_by_content(tmp_path: Path) -> None:
    for name in ("match.jsonl", "match.log"):
        log = tmp_path / name
        log.write_text(_jsonl(), encoding="utf-8")
        result = CliRunner().invoke(main, ["review", "--engine", "standin", "--all",
                                           str(log)])
        assert result.exit_code == 0, result.output
        assert "F003" not in result.output
        assert "reviewed for Anna, Bruno" in result.stdout


def test_the_page_shows_the_json_lines(tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    log.write_text(_jsonl(), encoding="utf-8")
    page = tmp_path / "review.html"
    result = CliRunner().invoke(main, ["review", "--engine", "standin", "--all",
                                       "--format", "html", "-o", str(page), str(log)])
    assert result.exit_code == 0, result.output
    html = page.read_text("utf-8")
    data = json.loads(html.split('<script type="application/json" id="data">')[1]
                      .split("</script>")[0])
    assert data["lines"][0].startswith('{"verb": "tag"')
    assert data["games"] and not data.get("errors")
    assert len(parse_text(HAND.read_text("utf-8")).games) == len(data["games"])
