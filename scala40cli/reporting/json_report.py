"""The JSON report: the document of ``schemas/report.schema.json``, and JSON Lines records.

The objects of a file, a game, a violation are the results' own
(:mod:`scala40cli.model.results`, re-exported here); the JSON and JSON Lines reporters,
the comparison and the Dask records all use them, so that every JSON output of a game
is the same object. Every key written here must be in the schema too.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40cli.audit.records import FileError, JudgedGame, Record
from scala40cli.model.results import (
    REPORT_SCHEMA_VERSION,
    FileResult,
    JsonObject,
    file_error_json,
    file_json,
    game_json,
    violation_json,
)
from scala40cli.reporting.summary import Summary
from scala40cli.version import __version__

__all__ = ["JsonObject", "file_error_json", "file_json", "game_json", "jsonl_record",
           "report_document", "violation_json"]


def report_document(files: Sequence[FileResult]) -> JsonObject:
    """The JSON report of ``files``, in the shape of ``schemas/report.schema.json``."""
    return {
        "version": __version__,
        "schema_version": REPORT_SCHEMA_VERSION,
        "summary": Summary.of(files).as_json(),
        "files": [file_json(result) for result in files],
    }


# --- JSON Lines ---------------------------------------------------------------------------


def jsonl_record(record: Record) -> JsonObject | None:
    """A record as ``replay --format jsonl`` writes it (None for the end of a file)."""
    match record:
        case JudgedGame(path=path, game=game):
            return {"type": "game", "path": path, "game": game_json(game)}
        case FileError(path=path, problem=problem):
            return {"type": "file_error", "path": path, "error": file_error_json(problem)}
    return None
