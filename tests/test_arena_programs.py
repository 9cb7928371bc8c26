"""``scala40 arena`` with outside programs, side by side in processes, on a Dask cluster,
and stopped by a signal.

Outside programs play through the seats API of ``simulate --seat`` (the greedy
baseline, the Node.js example, a program that never answers a move): every log
replays clean, and an engine that forfeits every hand is reported as such, never as a
strength. ``--jobs`` and ``--dask`` give the same document as one process; Ctrl-C and
SIGTERM stop a run with the table of what was played.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from scala40cli.api import audit_bytes
from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
VALIDATOR = Draft202012Validator(json.loads((ROOT / "schemas" / "arena.schema.json")
                                            .read_text("utf-8")))
GREEDY = f"greedy=cmd:{sys.executable} -m scala40cli.simulate.greedy"
NODE_BOT = ROOT / "examples" / "node-bot" / "bot.js"
SCALA40 = [sys.executable, "-m", "scala40cli"]

pytestmark = pytest.mark.slow


def arena_json(*args: str) -> tuple[dict[str, Any], str]:
    result = CliRunner().invoke(main, ["arena", *args, "--format", "json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    VALIDATOR.validate(document)
    return document, result.stderr


def replays_clean(folder: Path, count: int) -> None:
    logs = sorted(folder.glob("*.s40"))
    assert len(logs) == count
    for log in logs:
        judged = audit_bytes(log.read_bytes(), log.name)
        assert not judged.errors
        (game,) = judged.games
        assert not game.violations, (log.name, game.violations)


def test_the_greedy_baseline_plays_an_arena_and_every_log_replays_clean(
        tmp_path: Path) -> None:
    document, _ = arena_json("hard", GREEDY, "--games", "2", "--seed", "3",
                             "--out", str(tmp_path))
    greedy = document["engines"][1]
    assert greedy["kind"] == "program" and greedy["name"] == "greedy"
    assert greedy["command"].endswith("-m scala40cli.simulate.greedy")
    assert greedy["forfeits"] == 0 and greedy["hands"] > 0
    assert document["pairs"][0]["matches"] == 2
    replays_clean(tmp_path, 2)
    assert '[Levels "hard" "program"]' in (tmp_path / "game-0001.s40").read_text("utf-8")


def node() -> str:
    found = subprocess.run(["which", "node"], capture_output=True, text=True).stdout.strip()
    if not found:
        if os.environ.get("CI"):
            pytest.fail("node is not installed: the example bot cannot play")
        pytest.skip("node is not installed")
    return found


def test_the_node_example_plays_an_arena(tmp_path: Path) -> None:
    document, _ = arena_json(f"nodo=cmd:{node()} {NODE_BOT}", "easy", "--games", "2",
                             "--seed", "4", "--out", str(tmp_path))
    assert document["engines"][0]["forfeits"] == 0
    assert document["pairs"][0]["matches"] == 2
    replays_clean(tmp_path, 2)


def test_an_engine_that_forfeits_every_hand_is_reported_as_such(tmp_path: Path) -> None:
    program = tmp_path / "mute.py"
    program.write_text("import sys\nfor line in sys.stdin:\n    print('no', flush=True)\n",
                       encoding="utf-8")
    logs = tmp_path / "logs"
    document, stderr = arena_json(f"mute=cmd:{sys.executable} {program}", "normal",
                                  "--games", "2", "--seed", "5", "--out", str(logs))
    mute = document["engines"][0]
    assert mute["forfeits_every_hand"] and mute["forfeits"] == mute["hands"] > 0
    (pair,) = document["pairs"]
    assert pair["forfeited"] == ["mute"]
    assert pair["score"] is pair["elo"] is pair["elo_low"] is None
    assert stderr.count("warning: mute forfeits") == 1  # once, the rest in the table
    replays_clean(logs, 2)
    text = CliRunner().invoke(main, ["arena", f"mute=cmd:{sys.executable} {program}",
                                     "normal", "--games", "2", "--seed", "5"]).stdout
    assert "forfeits every hand: mute" in text
    assert "mute forfeited every hand it was dealt" in text


def test_jobs_give_the_same_document_as_one_process() -> None:
    args = ("hard", "normal", "easy", "--games", "2", "--seed", "6")
    one, _ = arena_json(*args)
    two, _ = arena_json(*args, "--jobs", "2")
    assert one == two and one["matches"] == 6


def test_a_local_dask_cluster_gives_the_same_document(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    args = ("hard", "easy", "--games", "4", "--seed", "8")
    serial, _ = arena_json(*args)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        on_dask, _ = arena_json(*args, "--dask", cluster.scheduler_address,
                                "--out", str(tmp_path))
    assert on_dask == serial
    replays_clean(tmp_path, 4)


@pytest.fixture
def long_run(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """A run too long to end by itself, in a process group of its own (as a terminal's
    foreground job), with its logs kept."""
    logs = tmp_path / "logs"
    process = subprocess.Popen(
        [*SCALA40, "arena", "hard", "normal", "--games", "5000", "--jobs", "2", "--seed",
         "9", "--format", "json", "--out", str(logs)], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        yield process, logs
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _after_a_few_matches(logs: Path) -> None:
    deadline = time.monotonic() + 120
    while len(list(logs.glob("*.s40"))) < 4:
        assert time.monotonic() < deadline, "no match ended"
        time.sleep(0.1)


@pytest.mark.parametrize(("signal_number", "status"), [(signal.SIGINT, 130),
                                                        (signal.SIGTERM, 143)])
def test_a_signal_stops_the_run_with_the_table_so_far(
        long_run: tuple[subprocess.Popen[str], Path], signal_number: int,
        status: int) -> None:
    process, logs = long_run
    _after_a_few_matches(logs)
    if signal_number == signal.SIGINT:
        os.killpg(process.pid, signal_number)  # Ctrl-C reaches the whole group
    else:
        process.send_signal(signal_number)
    out, err = process.communicate(timeout=120)
    assert process.returncode == status, err
    assert "Traceback" not in err
    document = json.loads(out)
    VALIDATOR.validate(document)
    assert document["stopped"] == "interrupted" and document["seed"] == "9"
    assert 4 <= document["matches"] < 10_000
    assert document["matches"] == document["pairs"][0]["matches"] + document["incomplete"]
    written = sorted(logs.glob("*.s40"))
    assert len(written) >= document["matches"]
    judged = audit_bytes(written[0].read_bytes(), written[0].name)
    assert not judged.games[0].violations


def test_an_engine_that_writes_lines_no_ask_asked_for_is_told_of_them(tmp_path: Path) -> None:
    # Every answer written twice with its ask's id: the copy answers nothing and is
    # dropped, whenever it comes (protocol.md).
    # simulate said so; the arena said nothing, so an engine out of step looked sound.
    program = tmp_path / "twice.py"
    program.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    ask = json.loads(line)\n"
        "    if ask.get('type') != 'ask':\n"
        "        continue\n"
        "    move = 'draw' if 'draw' in ask['moves'] else 'discard ' + ask['cards'][-1]\n"
        "    answer = json.dumps({'move': move, 'id': ask['id']})\n"
        "    print(answer, answer, sep='\\n', flush=True)\n", encoding="utf-8")
    document, stderr = arena_json(f"twice=cmd:{sys.executable} {program}", "normal",
                                  "--games", "2", "--seed", "5", "--max-hands", "1")
    assert document["engines"][0]["forfeits"] == 0
    assert stderr.count("answered no ask") == 1, stderr  # once a run, not once a match
    assert "scala40 arena: warning: twice wrote " in stderr
    assert "lines that answered no ask, dropped (the first, in hand 1: " in stderr
    assert "in match 1" in stderr
