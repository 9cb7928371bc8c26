"""``scala40 review`` with the expert engine, on what issue 37 says it must review: every
log of ``fixtures/legal``; every log of ``fixtures/illegal``, whose violations it says
without a crash; a match played with ``scala40 play`` to its end (the person's seat);
and logs recorded at a table from one seat with ``?`` for the cards nobody saw.

The expert runs at a budget of two worlds a decision: what is tested is that every
decision of those logs is walked, weighed and written, not the engine's judgement.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from play_players import planned_turn
from test_play_session import controller_send, options

from scala40cli import api
from scala40cli.cli.main import main
from scala40cli.playing.controller import Controller
from scala40cli.simulate.bots import Bot

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = Draft202012Validator(json.loads((ROOT / "schemas" / "review.schema.json")
                                         .read_text("utf-8")))
#: Two worlds a decision, a playout of one turn: every decision walked and weighed.
TINY = "worlds=2,take_worlds=2,heat=2,horizon=1,turns=1"


def review(*args: str) -> tuple[int, dict[str, Any], str]:
    """``scala40 review ARGS --format json`` with the default engine (the expert)."""
    result = CliRunner().invoke(main, ["review", *args, "--format", "json",
                                       "--budget", TINY])
    found = json.loads(result.stdout) if result.stdout.strip() else {}
    if found:
        SCHEMA.validate(found)
    return result.exit_code, found, result.stderr


def decisions(found: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for f in found["files"] for g in f["games"] for d in g["decisions"]]


@pytest.mark.slow
def test_every_legal_fixture_is_reviewed_by_the_expert_for_every_seat() -> None:
    paths = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "fixtures/legal").glob("*.s40"))
    status, found, _ = review(*(str(ROOT / p) for p in paths), "--all")
    assert status == 0 and found["engine"] == "expert"
    assert len(found["files"]) == len(paths) == 16
    for file in found["files"]:
        assert file["errors"] == []
        weighed = [d for g in file["games"] for d in g["decisions"]]
        assert weighed and all(d["reviewed"] for d in weighed), file["path"]
        for game in file["games"]:
            assert set(game["seats"]) == set(game["players"])
    assert found["summary"]["reviewed"] == len(decisions(found)) > 1000


@pytest.mark.slow
def test_every_illegal_fixture_says_its_violations_and_is_reviewed_around_them() -> None:
    paths = sorted((ROOT / "fixtures/illegal").glob("*.s40"))
    status, found, _ = review(*(str(p) for p in paths), "--all")
    # 1: some files cannot be read at all (F002 invalid UTF-8), and are said so
    assert status == 1 and len(found["files"]) == len(paths) > 100
    for file, path in zip(found["files"], paths, strict=True):
        judged = api.audit_file(path)
        # every violation the referee finds, the review says, game by game
        assert [[v["code"] for v in g["violations"]] for g in file["games"]] == [
            [str(v.code) for v in g.violations] for g in judged.games], path.name
        assert bool(file["errors"]) == bool(judged.errors), path.name
    weighed = decisions(found)
    skipped = [d for d in weighed if not d["reviewed"]]
    assert any(d["reviewed"] for d in weighed) and skipped
    assert all(d["reason"] for d in skipped)
    # the take S007 refuses is not reviewed, with its violation, nor is the turn after
    s007 = next(f for f in found["files"]
                if f["path"].endswith("S007-take-before-opening.s40"))
    left = [d for g in s007["games"] for d in g["decisions"] if not d["reviewed"]]
    assert [d["stage"] for d in left[:2]] == ["take", "plan"] and left[0]["code"] == "S007"


@pytest.mark.slow
def test_a_match_played_with_play_to_its_end_is_reviewed_for_the_person(
        tmp_path: Path) -> None:
    controller = Controller(options(tmp_path, "review-me", level="hard", players=2))
    send = controller_send(controller)
    bot = Bot("normal", random.Random(5))
    while controller.session.phase != "match_over":
        _state, refusals = planned_turn(controller, bot, send)
        assert refusals == []
    status, found, _ = review(str(controller.path))
    assert status == 0
    game = found["files"][0]["games"][0]
    person = controller.options.name
    assert game["seats"] == [person]
    assert game["violations"] == []
    weighed = decisions(found)
    assert len(weighed) > 10 and all(d["reviewed"] and d["seat"] == person
                                     for d in weighed)
    hands = {d["hand"] for d in weighed}
    assert len(hands) > 1 and {d["stage"] for d in weighed} >= {"plan"}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["table-recorded", "walk-through",
                                  "reshuffled-card-drawn-again"])
def test_a_log_recorded_from_one_seat_is_reviewed_from_what_that_seat_saw(
        name: str) -> None:
    path = ROOT / "fixtures/table" / f"{name}.s40"
    assert " ?" in path.read_text("utf-8")
    status, found, _ = review(str(path))
    assert status == 0
    games = found["files"][0]["games"]
    seats = {seat for g in games for seat in g["seats"]}
    assert len(seats) == 1
    weighed = decisions(found)
    assert any(d["reviewed"] for d in weighed)
    assert {d["seat"] for d in weighed} == seats
