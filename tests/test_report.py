"""The reporters: the JSON document against its schema, and the text score sheet."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ReportCheck

from scala40cli import __version__
from scala40cli.cli.main import main
from scala40cli.judging.rulebook.rules import CLASSIC
from scala40cli.model.results import Closing, FileResult, GameResult, HandResult
from scala40cli.model.violations import RULEBOOK, Code
from scala40cli.reading.resources import schema
from scala40cli.reporting.json_report import report_document
from scala40cli.reporting.reporters import REPORTERS, JsonReporter, TextReporter
from scala40cli.reporting.summary import Summary
from scala40cli.reporting.text_report import (
    caret_lines,
    hand_table,
    problem_lines,
    render_text,
    rules_summary,
    score_sheet,
    teams_summary,
)

# --- the schema itself ------------------------------------------------------------------


def test_schema_closing_enum_is_the_closing_vocabulary() -> None:
    hand = schema("report.schema.json")["$defs"]["hand"]
    assert hand["properties"]["closing"]["enum"] == [closing.value for closing in Closing]


def test_schema_code_patterns_accept_every_code() -> None:
    defs = schema("report.schema.json")["$defs"]
    file_pattern = re.compile(defs["fileError"]["properties"]["code"]["pattern"])
    game_pattern = re.compile(defs["violation"]["properties"]["code"]["pattern"])
    name_pattern = re.compile(defs["codeName"]["pattern"])
    for code, entry in RULEBOOK.items():
        pattern = file_pattern if code.value.startswith("F") else game_pattern
        assert pattern.match(code.value), code
        assert name_pattern.match(entry.name), entry.name


# --- JSON -------------------------------------------------------------------------------


def test_json_report_of_every_kind_of_file_validates(
    check_report: ReportCheck,
    legal_file: FileResult,
    faulty_file: FileResult,
    unreadable_file: FileResult,
) -> None:
    check_report(report_document([legal_file, faulty_file, unreadable_file]))


def test_json_report_of_no_files_validates(check_report: ReportCheck) -> None:
    document = check_report(report_document([]))
    assert document["files"] == []
    assert document["summary"]["files"] == 0


def test_json_top_level(check_report: ReportCheck, faulty_file: FileResult) -> None:
    document = check_report(report_document([faulty_file]))
    assert document["version"] == __version__
    assert document["summary"] == {
        "files": 1,
        "games": 2,
        "games_with_violations": 1,
        "violations": 2,
        "file_errors": 1,
    }


def test_json_file_errors_carry_name_and_context(
    check_report: ReportCheck, faulty_file: FileResult
) -> None:
    entry = check_report(report_document([faulty_file]))["files"][0]
    assert entry["path"] == "club/saturday.s40"
    assert entry["ok"] is False
    assert entry["errors"] == [
        {
            "code": "F003",
            "name": "syntax-error",
            "message": "expected a card like 7H or JK",
            "line": 57,
            "column": 18,
            "context": "Bruno meld 4D 5D XX",
        }
    ]


def test_json_game_of_a_finished_match(check_report: ReportCheck, legal_file: FileResult) -> None:
    game = check_report(report_document([legal_file]))["files"][0]["games"][0]
    assert game["index"] == 1
    assert game["ok"] is True
    assert game["players"] == ["Anna", "Bruno", "Carla"]
    assert game["tags"][0] == {
        "name": "Event",
        "values": ["Circolo Aurora, Friday night"],
        "line": 1,
    }
    assert game["rules"]["opening_points"] == "40"
    assert game["eliminated"] == [{"player": "Carla", "hand": 2}, {"player": "Anna", "hand": 3}]
    assert game["totals"] == {"Anna": 123, "Bruno": 40, "Carla": 105}
    assert (game["finished"], game["winner"]) == (True, "Bruno")


def test_json_hands(check_report: ReportCheck, legal_file: FileResult) -> None:
    hands = check_report(report_document([legal_file]))["files"][0]["games"][0]["hands"]
    assert [hand["closing"] for hand in hands] == ["normal", "in_one_go", "normal"]
    assert hands[0]["declared"] == {"Anna": 23, "Bruno": 0, "Carla": 45}
    assert hands[1]["declared"] is None
    assert hands[2]["penalties"] == {"Anna": 100, "Bruno": 0}
    assert hands[2]["totals"] == {"Anna": 123, "Bruno": 40, "Carla": 105}
    assert hands[0]["dealer"] == "Anna" and hands[0]["closer"] == "Bruno"


def test_json_violations(check_report: ReportCheck, faulty_file: FileResult) -> None:
    game = check_report(report_document([faulty_file]))["files"][0]["games"][1]
    assert game["ok"] is False
    assert game["violations"][0] == {
        "code": "T004",
        "name": "not-in-hand",
        "message": "Anna discards KH, which is not in her hand",
        "line": 48,
        "column": 1,
        "hand": 1,
        "player": "Anna",
    }
    assert game["violations"][1]["player"] is None
    assert [hand["closing"] for hand in game["hands"]] == ["void", "unfinished"]


def test_schema_rejects_an_unknown_closing(
    check_report: ReportCheck, legal_file: FileResult
) -> None:
    document = report_document([legal_file])
    document["files"][0]["games"][0]["hands"][0]["closing"] = "closed"
    with pytest.raises(Exception, match="closed"):
        check_report(document)


def test_schema_rejects_an_unknown_key(check_report: ReportCheck, legal_file: FileResult) -> None:
    document = report_document([legal_file])
    document["files"][0]["games"][0]["score"] = 3
    with pytest.raises(Exception, match="score"):
        check_report(document)


def test_json_reporter_writes_the_document(
    check_report: ReportCheck, faulty_file: FileResult
) -> None:
    stream = io.StringIO()
    JsonReporter().write([faulty_file], stream)
    assert stream.getvalue().endswith("}\n")
    assert check_report(json.loads(stream.getvalue())) == report_document([faulty_file])


def test_json_keeps_names_as_written(check_report: ReportCheck, legal_file: FileResult) -> None:
    stream = io.StringIO()
    renamed = FileResult(path="partita-è.s40", games=legal_file.games)
    JsonReporter().write([renamed], stream)
    assert "partita-è.s40" in stream.getvalue()


def test_registry_names_every_reporter() -> None:
    assert set(REPORTERS) == {"json", "text", "jsonl", "github", "sarif", "junit"}
    assert all(reporter.name == name for name, reporter in REPORTERS.items())


# --- text: problems ---------------------------------------------------------------------


def test_problem_lines_read_down_the_file(faulty_file: FileResult) -> None:
    assert problem_lines(faulty_file) == [
        "club/saturday.s40:48:1: T004 Anna discards KH, which is not in her hand",
        "club/saturday.s40:57:18: F003 expected a card like 7H or JK",
        "    Bruno meld 4D 5D XX",
        "                     ^",
        "club/saturday.s40:60:1: G006 the game ends in the middle of hand 2",
    ]


def test_unreadable_file_is_one_problem_line(unreadable_file: FileResult) -> None:
    assert problem_lines(unreadable_file) == [
        "missing.s40:1:1: F001 cannot read the file: No such file or directory"
    ]


def test_caret_sits_under_the_column() -> None:
    source, caret = caret_lines("Anna discrad 5S", 6)
    assert source.index("discrad") == caret.index("^")


def test_caret_keeps_tabs_so_it_stays_aligned() -> None:
    source, caret = caret_lines("\tAnna\tdiscrad 5S\r\n", 7)
    assert source == "    \tAnna\tdiscrad 5S"
    assert caret == "    \t    \t^"


def test_caret_past_the_end_of_the_line() -> None:
    source, caret = caret_lines("Anna discard", 14)
    assert caret.index("^") == len(source) + 1


# --- text: score sheet ------------------------------------------------------------------


def _columns(line: str) -> list[int]:
    """Where each cell of a table row ends (right-aligned numbers end together)."""
    return [match.end() for match in re.finditer(r"\S+", line)]


def test_hand_table_of_a_finished_match(finished_match: GameResult) -> None:
    assert hand_table(finished_match) == [
        "Hand   Anna  Bruno  Carla  Closed by",
        "-----  ----  -----  -----  ----------------",
        "1        23      0     45  Bruno",
        "2         0     40     60  Anna (in one go)",
        "3       100      0         Bruno",
        "-----  ----  -----  -----  ----------------",
        "Total   123     40    105",
    ]


def test_hand_table_numbers_are_right_aligned(finished_match: GameResult) -> None:
    header, _, first, second, *_ = hand_table(finished_match)
    assert _columns(first)[1:4] == _columns(second)[1:4] == _columns(header)[1:4]


def test_hand_table_shows_void_and_unfinished(faulty_match: GameResult) -> None:
    rows = hand_table(faulty_match)
    assert rows[2].endswith("void")
    assert rows[3].endswith("unfinished")


def test_hand_table_without_hands(finished_match: GameResult) -> None:
    empty = dataclasses.replace(finished_match, hands=())
    assert hand_table(empty) == ["No hands played."]


def test_score_sheet_header_and_outcome(finished_match: GameResult) -> None:
    sheet = score_sheet("club/friday.s40", finished_match)
    assert sheet[:5] == [
        "club/friday.s40: game 1 (line 1)",
        "  Event: Circolo Aurora, Friday night",
        "  Date: 2026-11-12",
        "  Players: Anna, Bruno, Carla",
        "  Rules: classic",
    ]
    assert sheet[-3:] == [
        "  Eliminated: Carla in hand 2, Anna in hand 3",
        "  Winner: Bruno",
        "  No violations.",
    ]


def test_score_sheet_of_an_unfinished_match(faulty_match: GameResult) -> None:
    sheet = score_sheet("x.s40", faulty_match)
    assert "  Rules: classic + opening_points=50" in sheet
    assert sheet[-2:] == ["  Match not finished.", "  2 violations (see above)."]
    assert not any(line.startswith("  Eliminated") for line in sheet)


def test_rules_summary_names_only_the_changed_switches() -> None:
    assert rules_summary(CLASSIC.as_tokens()) == "classic"
    changed = {**CLASSIC.as_tokens(), "jokers": "2", "opening_points": "50"}
    assert rules_summary(changed) == "classic + jokers=2, opening_points=50"


def test_rules_summary_with_sources_names_what_was_set_and_where() -> None:
    rules = {**CLASSIC.as_tokens(), "opening_points": "50", "take_after_opening": "free"}
    sources = dict.fromkeys(rules, "preset classic")
    assert rules_summary(rules, sources) == "classic"
    sources["opening_points"] = "log line 4"
    sources["take_after_opening"] = "--set"
    assert rules_summary(rules, sources) == (
        "classic + opening_points=50 (log line 4), take_after_opening=free (--set)"
    )


def test_rules_summary_names_a_chosen_preset_and_where_it_came_from() -> None:
    rules = {**CLASSIC.as_tokens(), "opening_points": "50"}
    sources = dict.fromkeys(rules, "preset scala50 (--rules)")
    assert rules_summary(rules, sources) == "scala50 (--rules)"
    sources["jokers"] = "rules file house.toml"
    rules["jokers"] = "2"
    assert rules_summary(rules, sources) == "scala50 (--rules) + jokers=2 (rules file house.toml)"


def test_rules_summary_leaves_out_a_value_set_to_what_the_preset_has() -> None:
    """Only what differs from the preset is news to a reader of the sheet."""
    sources = dict.fromkeys(CLASSIC.as_tokens(), "preset classic")
    sources["jokers"] = "log line 3"
    assert rules_summary(CLASSIC.as_tokens(), sources) == "classic"


def test_rules_summary_of_a_rules_file_that_restates_its_preset(tmp_path: Path) -> None:
    """``scala40 rules traditional > house.toml``, one value edited: every switch comes
    from the file, yet the sheet names the file's preset and the one change."""
    written = CliRunner().invoke(main, ["rules", "traditional"], catch_exceptions=False)
    house = tmp_path / "house.toml"
    house.write_text(written.stdout.replace('ace_penalty = "1" ', 'ace_penalty = "11"'),
                     encoding="utf-8")
    fixture = Path(__file__).resolve().parent.parent / "fixtures" / "legal" / "in-one-go.s40"
    result = CliRunner().invoke(main, ["replay", "--rules", str(house), str(fixture)])
    (line,) = [line for line in result.stdout.splitlines() if line.startswith("  Rules:")]
    assert line == f"  Rules: traditional + ace_penalty=11 (rules file {house})"


# --- teams, play-offs and rule sources --------------------------------------------------


def test_json_game_has_rule_sources_and_teams(
    check_report: ReportCheck, team_file: FileResult, legal_file: FileResult
) -> None:
    document = check_report(report_document([team_file, legal_file]))
    game = document["files"][0]["games"][0]
    assert game["rule_sources"]["teams"] == "log line 4"
    assert game["rule_sources"]["take_after_opening"] == "--set"
    assert game["rule_sources"]["jokers"] == "preset fixed-hands (--rules)"
    assert set(game["rule_sources"]) == set(game["rules"])
    assert game["teams"] == [
        {"name": "Anna+Carla", "players": ["Anna", "Carla"], "total": 40},
        {"name": "Bruno+Dario", "players": ["Bruno", "Dario"], "total": 70},
    ]
    assert game["winner"] == "Anna+Carla"
    plain = document["files"][1]["games"][0]
    assert (plain["rule_sources"], plain["teams"]) == ({}, [])


def test_json_hands_say_whether_they_are_a_playoff(
    check_report: ReportCheck, team_file: FileResult, legal_file: FileResult
) -> None:
    document = check_report(report_document([team_file, legal_file]))
    assert [h["playoff"] for h in document["files"][0]["games"][0]["hands"]] == [
        False,
        False,
        True,
    ]
    assert not any(h["playoff"] for h in document["files"][1]["games"][0]["hands"])


@pytest.mark.parametrize(
    ("where", "key"),
    [
        pytest.param(("hands", 0), "playoff", id="hand_without_playoff"),
        pytest.param((), "rule_sources", id="game_without_rule_sources"),
        pytest.param((), "teams", id="game_without_teams"),
    ],
)
def test_schema_requires_the_new_keys(
    check_report: ReportCheck, team_file: FileResult, where: tuple[object, ...], key: str
) -> None:
    document = report_document([team_file])
    node = document["files"][0]["games"][0]
    for step in where:
        node = node[step]
    del node[key]
    with pytest.raises(Exception, match=key):
        check_report(document)


def test_schema_rejects_a_team_with_an_unknown_key(
    check_report: ReportCheck, team_file: FileResult
) -> None:
    document = report_document([team_file])
    document["files"][0]["games"][0]["teams"][0]["captain"] = "Anna"
    with pytest.raises(Exception, match="captain"):
        check_report(document)


def test_score_sheet_of_a_team_match(team_match: GameResult) -> None:
    sheet = score_sheet("club/teams.s40", team_match)
    assert sheet[1:4] == [
        "  Players: Anna, Bruno, Carla, Dario",
        "  Rules: fixed-hands (--rules) + take_after_opening=free (--set), "
        "teams=pairs (log line 4), fixed_hands=2 (log line 5)",
        "  Teams: Anna+Carla (Anna, Carla) 40; Bruno+Dario (Bruno, Dario) 70",
    ]
    assert "  Winner: Anna+Carla" in sheet


def test_score_sheet_marks_the_playoff_hand(team_match: GameResult) -> None:
    rows = hand_table(team_match)
    assert rows[2].endswith("Bruno")
    assert rows[4].endswith("Carla, play-off")


def test_no_teams_line_without_teams(finished_match: GameResult) -> None:
    assert not any("Teams:" in line for line in score_sheet("x.s40", finished_match))
    assert teams_summary(()) == ""


def test_six_players_fit_a_terminal(finished_match: GameResult) -> None:
    players = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
    scores = dict.fromkeys(players, 100)
    hand = HandResult(
        number=12,
        line=400,
        dealer="Anna",
        closer="Franco",
        closing=Closing.IN_ONE_GO,
        penalties=scores,
        declared=None,
        totals=scores,
    )
    game = dataclasses.replace(finished_match, players=players, hands=(hand,))
    assert max(len(line) for line in score_sheet("x.s40", game)) <= 80


# --- text: the whole report -------------------------------------------------------------


def test_render_text_order(faulty_file: FileResult, unreadable_file: FileResult) -> None:
    """Streamed: each game's problems (its file errors and violations, in line order)
    then its sheet; a file that cannot be read is its F001 line; the counts last."""
    text = render_text([faulty_file, unreadable_file])
    lines = text.splitlines()
    assert lines[0] == "club/saturday.s40: game 1 (line 1)"
    problems = problem_lines(faulty_file)  # all in game 2 (lines 38 on)
    start = lines.index(problems[0])
    assert lines[start:start + len(problems)] == problems
    assert lines[start - 1] == "" and lines[start + len(problems)] == ""
    assert lines[start + len(problems) + 1] == "club/saturday.s40: game 2 (line 38)"
    missing = lines.index("missing.s40:1:1: F001 cannot read the file: No such file or directory")
    assert missing > start and lines[missing - 1] == ""
    assert lines[-1] == "2 files, 2 games, 1 with violations, 2 violations, 2 file errors"
    assert lines[-2] == ""
    assert text.endswith("\n")


def test_quiet_text_has_only_the_problems_and_the_summary(
        faulty_file: FileResult, legal_file: FileResult) -> None:
    text = render_text([faulty_file, legal_file], quiet=True)
    assert text == "\n".join([*problem_lines(faulty_file), "",
                              "2 files, 3 games, 1 with violations, 2 violations, "
                              "1 file error"]) + "\n"
    assert render_text([legal_file], quiet=True) == (
        "1 file, 1 game, 0 with violations, 0 violations\n")


def test_render_text_of_a_legal_file(legal_file: FileResult) -> None:
    text = render_text([legal_file])
    assert text.startswith("club/friday.s40: game 1 (line 1)\n")
    assert text.endswith("\n\n1 file, 1 game, 0 with violations, 0 violations\n")


def test_text_reporter_writes_render_text(faulty_file: FileResult) -> None:
    stream = io.StringIO()
    TextReporter().write([faulty_file], stream)
    assert stream.getvalue() == render_text([faulty_file])


@pytest.mark.parametrize(
    ("counts", "sentence"),
    [
        ((1, 1, 0, 0, 0), "1 file, 1 game, 0 with violations, 0 violations"),
        ((2, 3, 1, 1, 0), "2 files, 3 games, 1 with violations, 1 violation"),
        ((1, 0, 0, 0, 1), "1 file, 0 games, 0 with violations, 0 violations, 1 file error"),
    ],
)
def test_summary_sentence(counts: tuple[int, int, int, int, int], sentence: str) -> None:
    files, games, with_violations, violations, file_errors = counts
    summary = Summary(
        files=files,
        games=games,
        games_with_violations=with_violations,
        violations=violations,
        file_errors=file_errors,
    )
    assert summary.sentence() == sentence


def test_every_code_is_reportable() -> None:
    """A code the rulebook lacks would crash the report at ``Problem.name``."""
    assert set(RULEBOOK) == set(Code)


# --- the command: --quiet, and a text report that streams ---------------------------------


def test_replay_quiet_prints_only_the_problems_and_the_summary() -> None:
    from pathlib import Path

    from click.testing import CliRunner

    from scala40cli.cli.main import main

    fixtures = Path(__file__).resolve().parent.parent / "fixtures"
    legal = str(fixtures / "legal" / "two-players.s40")
    illegal = str(fixtures / "illegal" / "T004-not-in-hand-meld.s40")
    for option in ("-q", "--quiet"):
        clean = CliRunner().invoke(main, ["replay", option, legal], catch_exceptions=False)
        assert clean.exit_code == 0
        assert clean.stdout == "1 file, 1 game, 0 with violations, 0 violations\n"
        found = CliRunner().invoke(main, ["replay", option, legal, illegal],
                                   catch_exceptions=False)
        assert found.exit_code == 1
        lines = found.stdout.splitlines()
        assert lines[0].startswith(f"{illegal}:18:1: T004 ")
        assert lines[-2:] == ["", "2 files, 2 games, 1 with violations, 1 violation"]
        assert "Players:" not in found.stdout and "Winner" not in found.stdout


@pytest.mark.slow
@pytest.mark.parametrize("report_format", ["text", "json", "junit"])
def test_the_reports_do_not_keep_every_game(report_format: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """20,000 tiny games: gathering the run took ~7 KB a game (140 MB here); streamed,
    the text and JSON reports keep nothing of a game, and JUnit spools its test cases
    (bench/memory.py measures every format on 200,000)."""
    from peak_memory import run_measured

    log = tmp_path / "tiny.s40"
    log.write_bytes(b'[Players "Anna" "Bruno"]\nhand 1\n' * 20_000)
    out = tmp_path / "report.out"
    run = run_measured("replay", "--format", report_format, str(log), stdout_to=out)
    assert run.status == 1, run.stderr
    assert run.peak_kb < 80_000, f"{run.peak_kb} KB"  # about 40 MB measured
    tail = out.read_text(encoding="utf-8")[-400:]
    if report_format == "text":
        assert tail.endswith("1 file, 20000 games, 20000 with violations, 20000 violations\n")
    elif report_format == "json":
        assert '"games": 20000' in tail
