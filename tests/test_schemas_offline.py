"""The JSON Schemas of schemas/ validate offline, as shipped: no reference leaves them.

The jsonl schema uses the report schema's game and file error; it carries that schema
inside (``$defs/report``, see tools/bundle_schemas.py), so neither a validator given a
registry that refuses every retrieval nor a plain validator with no network at all
needs anything but the one file.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any, NoReturn

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.exceptions import NoSuchResource

from scala40cli.audit.pipeline import audit_path
from scala40cli.reading.resources import schema
from scala40cli.reporting.reporters import JsonlReporter

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_FILES = sorted((ROOT / "schemas").glob("*.json"))


def refuse(uri: str) -> NoReturn:
    """A registry's retrieval that fails: the test fails if a schema reaches out."""
    raise NoSuchResource(ref=uri)


def jsonl_records() -> list[dict[str, Any]]:
    paths = [ROOT / "fixtures" / "legal" / "two-players.s40",
             ROOT / "fixtures" / "illegal" / "F002-bad-encoding.s40",
             ROOT / "fixtures" / "illegal" / "T004-not-in-hand-meld.s40"]
    stream = io.StringIO()
    JsonlReporter().write([audit_path(str(path)) for path in paths], stream)
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_jsonl_records_validate_with_a_registry_that_refuses_any_retrieval() -> None:
    validator = Draft202012Validator(schema("jsonl.schema.json"),
                                     registry=Registry(retrieve=refuse))
    records = jsonl_records()
    assert {record["type"] for record in records} == {"game", "file_error", "summary"}
    for record in records:
        validator.validate(record)
    with pytest.raises(Exception, match="not valid"):
        validator.validate({"type": "game", "path": "x", "game": {"index": 0}})


def test_a_plain_validator_never_opens_a_url(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*args: object, **kwargs: object) -> NoReturn:
        raise AssertionError(f"tried the network: {args}")

    monkeypatch.setattr(urllib.request, "urlopen", no_network)
    validator = Draft202012Validator(schema("jsonl.schema.json"))
    for record in jsonl_records():
        validator.validate(record)


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_schema_is_valid_and_every_reference_stays_inside(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(document)
    embedded = {node["$id"] for node in _nodes(document) if isinstance(node.get("$id"), str)}
    for node in _nodes(document):
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#"):
            # a reference to another document must name one that is embedded here
            assert any(resource.endswith("/" + ref.split("#")[0]) for resource in embedded), ref


def test_the_embedded_report_schema_is_current() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "bundle_schemas.py"),
                             "--check"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout


def _nodes(node: object) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
