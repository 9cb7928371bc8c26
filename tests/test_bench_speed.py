"""The bench scripts run and report whole. ``bench/speed.py --jobs-only``: the --jobs
comparison the benchmark runs in a process of its own, and reads back as JSON;
``bench/end_to_end.py``: the command as users run it, on a corpus of every table size.
The numbers themselves are the machine's; what is checked is that the runs judged
every record and the fields come back whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEGAL = sorted((ROOT / "fixtures" / "legal").glob("*.s40"))


@pytest.mark.slow
def test_the_jobs_comparison_runs_apart_and_reports_each_round(tmp_path: Path) -> None:
    log = tmp_path / "games.s40"
    log.write_bytes(b"\n".join(path.read_bytes() for path in LEGAL) + b"\n")
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "speed.py"), "--jobs-only",
                           str(log), "--jobs-rounds", "2", "--side-rounds", "1"],
                          capture_output=True, text=True, check=True, timeout=120)
    compared = json.loads(done.stdout)
    assert set(compared) == {"serial", "serial_faults", "records", "best", "paired",
                             "side_by_side"}
    assert compared["records"] == compared["best"]["records"] > len(LEGAL)
    assert compared["best"]["jobs"] == 2 and len(compared["paired"]) == 2
    assert compared["serial"] > 0 and all(ratio > 0 for ratio in compared["paired"])
    assert len(compared["side_by_side"]) == 1 and compared["side_by_side"][0] > 0


def test_the_schedule_model_replays_a_log_within_two_processes_bounds(
        tmp_path: Path) -> None:
    """``bench/schedule_model.py``: a run on two processes can neither beat twice the
    serial speed nor fall below it by more than what this process waits."""
    log = tmp_path / "games.s40"
    log.write_bytes(b"\n".join(path.read_bytes() for path in LEGAL) * 40 + b"\n")
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "schedule_model.py"),
                           str(log)], capture_output=True, text=True, check=True, timeout=120)
    words = done.stdout.split()
    speed_up = float(words[words.index("speed-up") + 1].rstrip("x;"))
    idle = float(words[words.index("idle") + 1].rstrip("%")) / 100
    assert 1 < speed_up <= 2 and 0 <= idle < 0.5


@pytest.mark.slow
def test_the_end_to_end_measure_runs_the_command_on_an_independent_corpus(
        tmp_path: Path) -> None:
    """``bench/end_to_end.py``: a corpus of ``tools/make_matches.py`` with every table
    size from 2 to 6 players, judged by the command, and both times measured."""
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "end_to_end.py"),
                           "--matches", "5", "--copies", "2", "--rounds", "1",
                           "--short-matches", "20", "--short-copies", "1", "--json"],
                          capture_output=True, text=True, check=True, timeout=300)
    measured = json.loads(done.stdout)
    keys = {"corpus_bytes", "split", "replay", "rounds", "ratio", "events"}
    assert set(measured) == keys | {"short"}
    assert set(measured["short"]) == keys | {"games"} and measured["short"]["games"] == 20
    assert measured["replay"] > 0 and measured["split"] > 0 and len(measured["rounds"]) == 1
    assert measured["ratio"] == pytest.approx(measured["replay"] / measured["split"])
    assert measured["events"] > 5 * 2 * 100  # ten matches of at least a hand each


@pytest.mark.slow
def test_the_end_to_end_corpus_has_every_table_size_copied(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import end_to_end
    finally:
        sys.path.remove(str(ROOT / "bench"))
    corpus = end_to_end.make_corpus(tmp_path, matches=5, copies=2, seed=3)
    text = corpus.read_text(encoding="utf-8")
    players = [line.count('"') // 2 for line in text.splitlines()
               if line.startswith("[Players ")]
    assert players == [2, 3, 4, 5, 6] * 2
    assert end_to_end.split_loop(corpus) == len(text.split())


@pytest.mark.slow
def test_the_short_corpus_holds_every_table_size_and_length(tmp_path: Path) -> None:
    """Matches closed in one go in their first hand or stopped after 1 to 3 hands."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import end_to_end
    finally:
        sys.path.remove(str(ROOT / "bench"))
    corpus = end_to_end.make_short_corpus(tmp_path, matches=20, copies=2, seed=3)
    games = corpus.read_text(encoding="utf-8").split("\n\n[")
    assert end_to_end.games_of(corpus) == 40
    hands = sorted({game.count("\nhand ") for game in games})
    assert hands == [1, 2, 3]
