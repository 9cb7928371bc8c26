"""What differs between rule sets: the comparison of one game's results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ReportCheck

from scala40cli.cli.main import main
from scala40cli.judging.match.referee import replay
from scala40cli.model.results import GameResult
from scala40cli.reading.parser import parse_text
from scala40cli.reporting.compare import compare_game

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def replay_with(text: str, *rule_tags: str) -> GameResult:
    """The first game of ``text`` with extra [Rule] tags after its Players tag."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("[Players"))
    lines[at + 1:at + 1] = list(rule_tags)
    return replay(parse_text("\n".join(lines)).games[0])


def test_in_one_go_winner_depends_on_the_in_hand_bonus() -> None:
    text = (FIXTURES / "legal" / "in-one-go.s40").read_text(encoding="utf-8")
    doubled = replay_with(text, '[Rule "in_hand_bonus" "doubled"]')
    minus100 = replay_with(text, '[Rule "in_hand_bonus" "minus100"]')
    comparison = compare_game("in-one-go.s40", ["doubled", "minus100"], [doubled, minus100])
    by_topic = {d.topic: d.values for d in comparison.differences}
    # doubled: the two unopened players pay 200 and are out; minus100: 100 each, Bruno -100
    assert by_topic["winner"] == {"doubled": "Bruno", "minus100": "match not finished"}
    assert by_topic["total Anna"] == {"doubled": "200", "minus100": "100"}
    assert by_topic["total Bruno"] == {"doubled": "0", "minus100": "-100"}
    assert by_topic["eliminated"] == {"doubled": "Anna in hand 1, Carla in hand 1",
                                      "minus100": "nobody"}
    # the score line of the log was written under the doubled rule
    assert by_topic["line 19: C002 Anna"] == {"doubled": "legal",
                                              "minus100": "Anna scores 100, not the 200 written "
                                                          "on the score line"}
    assert by_topic["violations"] == {"doubled": "0", "minus100": "3"}
    assert not comparison.same


def test_the_same_results_have_no_difference() -> None:
    text = (FIXTURES / "legal" / "two-players.s40").read_text(encoding="utf-8")
    game = replay_with(text)
    comparison = compare_game("two-players.s40", ["a", "b"], [game, replay_with(text)])
    assert comparison.same
    assert comparison.rule_sets == ("a", "b")


def test_replay_compare_shows_a_winner_that_depends_on_the_preset(check_report: ReportCheck
                                                                  ) -> None:
    path = str(FIXTURES / "legal" / "five-players.s40")
    result = CliRunner().invoke(main, ["replay", "--compare", "classic,mortal-combat",
                                       "--format", "json", path], catch_exceptions=False)
    assert result.exit_code == 0
    document = check_report(json.loads(result.stdout))
    assert document["rule_sets"] == ["classic", "mortal-combat"]
    (comparison,) = document["comparisons"]
    winner = next(d for d in comparison["differences"] if d["topic"] == "winner")
    assert winner["values"] == {"classic": "Bruno", "mortal-combat": "Anna"}
    assert [o["winner"] for o in comparison["outcomes"]] == ["Bruno", "Anna"]
    assert document["summary"]["violations"] == 0  # files: the report under classic


def test_replay_compare_text_is_a_table_of_differences() -> None:
    path = str(FIXTURES / "legal" / "in-one-go.s40")
    result = CliRunner().invoke(main, ["replay", "--compare", "classic,traditional", path],
                                catch_exceptions=False)
    lines = result.stdout.splitlines()
    assert lines[0] == f"{path}: game 1 (line 1)"
    assert lines[1].split() == ["classic", "traditional"]
    assert any(line.split()[:7] == ["Total", "Anna", "200,", "Bruno", "0,", "Carla", "200"]
               for line in lines)
    assert lines[-1] == "1 game compared under classic, traditional: 1 with a different outcome"


@pytest.mark.parametrize("arguments", [
    ["--compare", "classic"],
    ["--compare", "classic,traditional", "--rules", "fisca"],
    ["--compare", "classic,nonsense"],
])
def test_replay_compare_usage_errors(arguments: list[str]) -> None:
    path = str(FIXTURES / "legal" / "in-one-go.s40")
    result = CliRunner().invoke(main, ["replay", *arguments, path])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def _compare_text(*arguments: str) -> list[str]:
    result = CliRunner().invoke(main, ["replay", "--compare", *arguments],
                                catch_exceptions=False)
    return result.stdout.splitlines()


def test_compare_shows_a_hand_only_when_it_differs_in_one_row() -> None:
    lines = _compare_text("classic,mortal-combat", str(FIXTURES / "legal" / "five-players.s40"))
    hand_rows = [line.split()[:2] for line in lines if line.startswith("  Hand ")]
    # hands 1..12 under classic; mortal combat ends after hand 4; hand 1 is the same
    assert [row[1] for row in hand_rows] == [str(n) for n in range(2, 13)]
    # (columns are as wide as their longest cell: compared without the padding)
    assert "Hand 5 Anna 58, Bruno 4, Carla 0, Elena 30; not played" in [
        " ".join(line.split()) for line in lines]
    assert any(line.strip() == "closed by Carla (in one go)" for line in lines)
    assert len(lines) < 100  # a row a topic, not a row a player and hand


def test_compare_cells_are_wrapped_never_cut() -> None:
    lines = _compare_text("classic,traditional", str(FIXTURES / "legal" / "two-players.s40"))
    assert not any("…" in line for line in lines)
    assert max(len(line) for line in lines) <= 100
    text = " ".join(line.strip() for line in lines)
    assert "Anna may not take the discard before opening" in text
    assert "10 more, on lines 170, 183, 251, 311, 319, 383, 387, 458, 498, 530" in text


def test_compare_uses_the_words_of_the_score_sheet() -> None:
    lines = _compare_text("classic,traditional", str(FIXTURES / "legal" / "two-players.s40"))
    labels = [line[2:].split("  ")[0] for line in lines[3:] if line.startswith("  ")
              and not line.startswith("   ")]
    assert labels[:5] == ["Winner", "Eliminated", "Total", "Hand 9", "Violations"]
    assert "match not finished" in lines[3]
    assert "Anna in hand 9" in lines[4]
