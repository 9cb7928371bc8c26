"""What a command shown in the docs must have done: the checks of tests/doc_commands.py.

- its exit status: 0, or 1 for a run that found problems and shows at least one of them
  (a code such as ``T004``, or ``would reformat``), never 2 (a usage error means the
  doc is wrong) and never a traceback; a program other than scala40 exits 0;
- what it printed in a machine format (``--format json``, ``jsonl``, ``sarif``,
  ``junit``, ``rules --format json``) is valid against its schema;
- every file it wrote or changed is valid for its kind (:func:`check_file`): a ``.s40``
  log replays with no problem, JSON Lines events validate and replay as cleanly, a report
  validates, a rules file reads.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from jsonschema import Draft4Validator, Draft202012Validator

from scala40cli.audit.pipeline import audit_path
from scala40cli.cli.main import main
from scala40cli.model.violations import Code
from scala40cli.reading.resources import schema

SARIF_SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json")
                          .read_text(encoding="utf-8"))
_CODES = re.compile(r"\b(?:" + "|".join(str(code) for code in Code) + r")\b")


def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schema(name))


def check_status(words: list[str], status: int, shown: str, is_scala40: bool) -> None:
    command = " ".join(words)
    if not is_scala40:
        assert status == 0, f"`{command}` exited {status}:\n{shown}"
        return
    assert status in (0, 1), f"`{command}` exited {status} (a usage error?):\n{shown}"
    if status == 1:
        assert _CODES.search(shown) or "would reformat" in shown, (
            f"`{command}` exited 1 without showing a problem:\n{shown}")


def _option(words: list[str], name: str) -> str | None:
    for at, word in enumerate(words):
        if word == name and at + 1 < len(words):
            return words[at + 1]
        if word.startswith(name + "="):
            return word.split("=", 1)[1]
    return None


def check_printed(words: list[str], stdout: bytes) -> None:
    """What a scala40 command printed in a machine format, against its schema."""
    if _option(words, "--output") or _option(words, "-o") or not stdout.strip():
        return
    shape = _option(words, "--format")
    text = stdout.decode("utf-8")
    if "rules" in words[1:2] and shape == "json":
        _validator("rules.schema.json").validate(json.loads(text))
    elif shape == "json":
        _validator("report.schema.json").validate(json.loads(text))
    elif shape == "jsonl":
        jsonl = _validator("jsonl.schema.json")
        for line in text.splitlines():
            jsonl.validate(json.loads(line))
    elif shape == "sarif":
        Draft4Validator(SARIF_SCHEMA).validate(json.loads(text))
    elif shape == "junit":
        ET.fromstring(text)


def _replays_clean(path: Path, *options: str) -> None:
    result = CliRunner().invoke(main, ["replay", *options, str(path)],
                                catch_exceptions=False)
    assert result.exit_code == 0, f"{path.name} does not replay clean:\n{result.output}"


def _json_lines(path: Path) -> list[Any]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def check_file(path: Path) -> None:
    """A file a command wrote, valid for its kind; a folder, each file in it."""
    if path.is_dir():
        for inside in sorted(path.rglob("*")):
            if inside.is_file():
                check_file(inside)
        return
    assert path.stat().st_size > 0, f"{path.name} is empty"
    suffix = path.suffix.lower()
    if suffix == ".s40":
        result = audit_path(str(path))
        assert result.errors == () and result.games, f"{path.name}: {result.errors}"
        assert all(game.ok for game in result.games), f"{path.name} has violations"
    elif suffix == ".jsonl":
        records = _json_lines(path)
        if records and "verb" in records[0]:  # a game log as events
            events = _validator("events.schema.json")
            for record in records:
                events.validate(record)
            _replays_clean(path, "--input-format", "jsonl")
        else:
            jsonl = _validator("jsonl.schema.json")
            for record in records:
                jsonl.validate(record)
    elif suffix == ".json":
        document = json.loads(path.read_text(encoding="utf-8"))
        name = "report.schema.json" if "summary" in document else "rules.schema.json"
        _validator(name).validate(document)
    elif suffix == ".sarif":
        Draft4Validator(SARIF_SCHEMA).validate(json.loads(path.read_text(encoding="utf-8")))
    elif suffix == ".toml":
        read = CliRunner().invoke(main, ["rules", str(path)], catch_exceptions=False)
        assert read.exit_code == 0, f"{path.name} is no rules file:\n{read.output}"
    elif suffix in (".xml", ".html"):
        text = path.read_text(encoding="utf-8")
        assert "\x1b" not in text and (suffix == ".html" or ET.fromstring(text) is not None)
    elif suffix == ".md":
        assert path.read_text(encoding="utf-8").strip()
    else:
        raise AssertionError(f"a doc command wrote {path.name}: add a check for its kind "
                             "to tests/doc_results.py")


def snapshot(folder: Path) -> dict[Path, tuple[int, int]]:
    """Every file under ``folder`` by its size and modification time."""
    return {path: (path.stat().st_size, path.stat().st_mtime_ns)
            for path in folder.rglob("*") if path.is_file()}


def written(before: dict[Path, tuple[int, int]], after: dict[Path, tuple[int, int]],
            folder: Path) -> list[Path]:
    """The files new or changed between two snapshots; a new folder's files as the
    folder (``simulate --out DIR``)."""
    changed = sorted(path for path, stamp in after.items() if before.get(path) != stamp)
    old_folders = {path.parent for path in before}
    shown: list[Path] = []
    for path in changed:
        top = path
        while top.parent != folder and top.parent not in old_folders:
            top = top.parent
        if top not in shown:
            shown.append(top)
    return shown
