"""A library is a guest in its host's process: judging changes none of the host's
global state, the garbage collector first (issue 34, part 5). A server of four threads
once found the collector off 52-91% of the time, turned off by the parser and the
referee for every thread at once."""

from __future__ import annotations

import gc
import json
import threading
from pathlib import Path

import pytest

from scala40cli.api import audit_events, audit_file, audit_text, iter_games
from scala40cli.reporting.events_jsonl import s40_to_jsonl

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal"


@pytest.fixture
def collector_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every call that would change the collector's state, recorded, none made."""
    calls: list[str] = []
    for name in ("disable", "enable", "freeze", "unfreeze", "set_threshold", "collect"):
        monkeypatch.setattr(gc, name, lambda *args, _name=name: calls.append(_name))
    return calls


def test_judging_never_touches_the_collector(collector_calls: list[str]) -> None:
    logs = sorted(LEGAL.glob("*.s40"))[:6]
    for path in logs:
        audit_file(path)
        data = path.read_bytes()
        audit_text(data, name=path.name)
        jsonl = s40_to_jsonl(data)
        assert isinstance(jsonl, str)
        audit_text(jsonl, name="x.jsonl")
        audit_events([json.loads(line) for line in jsonl.splitlines()])
        list(iter_games(data.splitlines(keepends=True)))
    audit_text('[Players "A" "B"]\nhand 1\nA "draws" 5S\n')  # the grammar's path too
    assert collector_calls == []


def test_the_collector_stays_on_while_threads_judge() -> None:
    """Sampled from another thread while four threads judge: never seen off."""
    logs = [path.read_bytes() for path in sorted(LEGAL.glob("*.s40"))[:8]]
    seen_off = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            if not gc.isenabled():
                seen_off.append(True)

    def judge() -> None:
        for data in logs:
            audit_text(data)

    watcher = threading.Thread(target=watch)
    watcher.start()
    workers = [threading.Thread(target=judge) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    done.set()
    watcher.join()
    assert gc.isenabled() and not seen_off
