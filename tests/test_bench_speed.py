"""``bench/speed.py --jobs-only``: the --jobs comparison the benchmark runs in a process
of its own, and reads back as JSON. The numbers themselves are the machine's; what is
checked is that both runs judged every record and the fields come back whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEGAL = sorted((ROOT / "fixtures" / "legal").glob("*.s40"))


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
