"""One road from a log to its report (issue 25): ``scala40 replay``, ``scala40 report``
and the Python API hand one request to the audit (:mod:`scala40cli.audit.road`), which
expands the inputs, judges them with the engine the request names, applies the
selection and yields the records a reporter writes.

The walk is checked where the work is done: when a game is judged, the rooms of the
package on the stack, from the command line down, are each entered once: no room is
left and then entered again (the command line's selection of codes, exclusions or
progress bar wrapped around the audit made the walk climb back up to ``cli``).
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scala40cli import audit_file
from scala40cli.audit import pipeline
from scala40cli.audit.exclusions import Exclusions
from scala40cli.audit.ignores import Selection, parse_codes
from scala40cli.audit.records import FileEnd, JudgedGame, Record
from scala40cli.audit.request import AuditRequest, Judged, Local
from scala40cli.audit.road import PROGRESS_MIN_FILES, audit_records, file_results
from scala40cli.cli.main import main
from scala40cli.model.violations import Code

ROOT = Path(__file__).resolve().parent.parent
ILLEGAL = ROOT / "fixtures" / "illegal"
LOGS = sorted(ILLEGAL.glob("*.s40"))[:3] + sorted((ROOT / "fixtures" / "legal").glob("*.s40"))[:2]


def _rooms_on_the_stack() -> list[str]:
    """The rooms of the package on the stack, outermost first, each run of frames of
    one room counted once (``cli``, ``reporting``, ``audit``, ...)."""
    rooms: list[str] = []
    for frame in reversed(inspect.stack(context=0)):
        module = frame.frame.f_globals.get("__name__", "")
        if not module.startswith("scala40cli."):
            continue
        room = module.split(".")[1]
        if not rooms or rooms[-1] != room:
            rooms.append(room)
    return rooms


@pytest.fixture
def walks(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The rooms on the stack each time a chunk of a log is judged."""
    seen: list[list[str]] = []
    judge = pipeline.judge_unit

    def watched(*args: Any) -> Any:
        seen.append(_rooms_on_the_stack())
        return judge(*args)

    monkeypatch.setattr(pipeline, "judge_unit", watched)
    return seen


def _entered_once(walk: list[str]) -> bool:
    return len(walk) == len(set(walk))


@pytest.mark.slow
def test_replay_enters_each_room_once(walks: list[list[str]], tmp_path: Path) -> None:
    """With a selection of codes and a configuration that excludes a file: what the
    command line asks for is done by the audit, not around it."""
    config = tmp_path / "scala40.toml"
    config.write_text('exclude = ["*closing*"]\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", "--exit-zero", "--select", "T,S",
                                       "--config", str(config), str(ILLEGAL)])
    assert result.exit_code == 0, result.output
    assert walks
    assert all(_entered_once(walk) for walk in walks), walks[0]
    assert walks[0][:3] == ["cli", "reporting", "audit"]


def test_the_api_enters_each_room_once(walks: list[list[str]]) -> None:
    audit_file(LOGS[0])
    assert walks and all(_entered_once(walk) for walk in walks), walks[0]
    assert walks[0][:2] == ["api", "audit"]


def test_the_walk_check_sees_a_climb_back_up() -> None:
    assert not _entered_once(["cli", "reporting", "cli", "audit", "judging"])


@dataclass
class _Spy:
    """What Local engines judged: the inputs of each request, and its records."""

    runs: list[tuple[tuple[str, ...], list[Record]]] = field(default_factory=list)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> _Spy:
    found = _Spy()
    judge = Local.judge

    def watched(self: Local, request: AuditRequest) -> Judged:
        judged = judge(self, request)
        kept: list[Record] = []
        found.runs.append((request.inputs, kept))

        def records() -> Iterator[Record]:
            for record in judged.records:
                kept.append(record)
                yield record

        return Judged(records(), judged.files)

    monkeypatch.setattr(Local, "judge", watched)
    return found


@pytest.mark.parametrize("log", LOGS, ids=lambda path: path.name)
def test_audit_file_and_replay_share_the_road_and_its_records(spy: _Spy, log: Path) -> None:
    replayed = CliRunner().invoke(main, ["replay", "--format", "json", "--exit-zero",
                                         str(log)])
    assert replayed.exit_code == 0
    result = audit_file(log)
    [(first, by_replay), (second, by_api)] = spy.runs
    assert first == second == (str(log),)
    assert by_api == by_replay
    assert [result.to_dict()] == json.loads(replayed.output)["files"]


def test_audit_file_with_jobs_gives_the_serial_records(spy: _Spy) -> None:
    assert audit_file(LOGS[0], jobs=2) == audit_file(LOGS[0])


# --- what the road does with a request -------------------------------------------------


@dataclass
class _Told:
    """A progress that writes down what it is told."""

    said: list[str] = field(default_factory=list)

    def start(self, files: int) -> None:
        self.said.append(f"start {files}")

    def advance(self) -> None:
        self.said.append("advance")

    def finish(self) -> None:
        self.said.append("finish")


def test_the_road_selects_codes_and_tells_the_progress() -> None:
    told = _Told()
    selection = Selection(select=parse_codes("S", "--select"), ignore=())
    request = AuditRequest(inputs=tuple(map(str, LOGS)), selection=selection,
                           progress=told)
    records = list(audit_records(request))
    assert len(LOGS) >= PROGRESS_MIN_FILES
    assert told.said == [f"start {len(LOGS)}", *["advance"] * len(LOGS), "finish"]
    games = [record.game for record in records if isinstance(record, JudgedGame)]
    assert all(str(p.code).startswith("S") for game in games for p in game.violations)
    assert any(game.ignored for game in games)
    assert sum(isinstance(record, FileEnd) for record in records) == len(LOGS)


def test_the_road_leaves_out_what_the_exclusions_name() -> None:
    request = AuditRequest(inputs=(str(ILLEGAL),),
                           exclusions=Exclusions(("*closing*",)))
    paths = [result.path for result in file_results(request)]
    assert paths and not any("closing" in path for path in paths)
    assert len(paths) < len(list(ILLEGAL.glob("*.s40")))


@dataclass(frozen=True)
class _Backwards:
    """Another engine, one class: judges here, then hands back the files last first."""

    def judge(self, request: AuditRequest) -> Judged:
        records = list(Local().judge(request).records)
        files: list[list[Record]] = [[]]
        for record in records:
            files[-1].append(record)
            if isinstance(record, FileEnd):
                files.append([])
        return Judged(iter([r for part in reversed(files) for r in part]))


def test_a_new_engine_is_one_class_on_the_same_road() -> None:
    inputs = tuple(map(str, LOGS[:2]))
    forwards = file_results(AuditRequest(inputs=inputs))
    backwards = file_results(AuditRequest(inputs=inputs, engine=_Backwards()))
    assert backwards == forwards[::-1]


def test_an_argument_that_names_nothing_is_its_file_error_on_the_road(
        tmp_path: Path) -> None:
    [result] = file_results(AuditRequest(inputs=(str(tmp_path / "*.s40"),)))
    assert [problem.code for problem in result.errors] == [Code.UNREADABLE_FILE]
