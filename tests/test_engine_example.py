"""docs/examples/engine.js, the JavaScript engine of docs/protocol.md, plays whole arenas.

The example is a developer's starting point: a protocol 2 program that checks its moves
before playing them. Here it plays short arenas against the built-in levels, at two and
four players and under rules that refuse what classic allows (natural openings, no
closing joker, cards that fit the table kept): it never forfeits a hand, takes the
discard and lays melds, and every log replays clean (but for the discards rientro's
rules may leave no way out of).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scala40cli.api import audit_bytes
from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "docs" / "examples" / "engine.js"

pytestmark = pytest.mark.slow


def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed: the example engine cannot play")
        pytest.skip("node is not installed")
    return found


def arena(tmp_path: Path, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["arena", *args, "--format", "json",
                                       "--out", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "forfeits" not in result.stderr, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def replays_clean(folder: Path) -> str:
    """The logs' text, each judged clean but for the discards the rules left no way out
    of (S010 under discard_playable=forbidden: protocol.md, "Forfeits")."""
    logs = sorted(folder.glob("*.s40"))
    assert logs
    text = ""
    for log in logs:
        judged = audit_bytes(log.read_bytes(), log.name)
        assert not judged.errors
        for game in judged.games:
            assert {str(v.code) for v in game.violations} <= {"S010"}, (log.name, game.violations)
        text += log.read_text("utf-8")
    return text


@pytest.mark.parametrize(("rules", "players", "others"), [
    ("classic", "2", ["easy"]),
    ("classic", "4", ["hard", "normal", "easy"]),
    ("traditional", "2", ["normal"]),
    ("strict", "2", ["hard"]),
    ("rientro", "4", ["hard", "normal", "easy"]),
])
def test_the_example_engine_plays_an_arena_without_a_forfeit(
        tmp_path: Path, rules: str, players: str, others: list[str]) -> None:
    engine = f"js=cmd:{node()} {ENGINE}"
    document = arena(tmp_path, engine, *others, "--players", players, "--games", players,
                     "--seed", "7", "--rules", rules, "--gauntlet")
    mine = document["engines"][0]
    assert mine["name"] == "js" and mine["kind"] == "program"
    assert mine["hands"] > 0 and mine["forfeits"] == 0
    played = replays_clean(tmp_path)
    assert "js meld " in played and "js discard " in played


def test_protocol_md_names_the_example_engine() -> None:
    assert "docs/examples/engine.js" in (ROOT / "docs" / "protocol.md").read_text("utf-8")
