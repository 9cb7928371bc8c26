"""The JSON of a table after a line, as ``scala40 show --format json`` writes it and the
viewer's page holds it (``schemas/show.schema.json``)."""

from __future__ import annotations

from typing import Any

from scala40cli.model.results import Problem
from scala40cli.viewing.loading import ViewedFile
from scala40cli.viewing.stepping import SteppedGame

#: The version of the document's shape, raised when a field changes meaning.
SHOW_VERSION = 1


def problem_json(problem: Problem) -> dict[str, Any]:
    """A violation or a note as the JSON report writes it (a note with its cause)."""
    found: dict[str, Any] = {
        "code": str(problem.code), "name": problem.name, "message": problem.message,
        "line": problem.line, "column": problem.column, "hand": problem.hand,
        "player": problem.player}
    cause = problem.caused_by
    if cause is not None:
        found["caused_by"] = {"code": str(cause.code), "line": cause.line,
                              "column": cause.column}
    return found


def line_text(viewed: ViewedFile, line: int) -> str | None:
    return viewed.lines[line - 1] if 0 < line <= len(viewed.lines) else None


def show_document(viewed: ViewedFile, game: SteppedGame, line: int) -> dict[str, Any]:
    """The table of ``game`` after ``line``, with the violations and notes up to it; on a
    line with a violation, the table before it (``before``) and what it tried
    (``text``, ``on_line``)."""
    step = game.at(line)
    violations, notes = game.problems_to(line)
    on_line = [p for p in (*violations, *notes) if p.line == line]
    document: dict[str, Any] = {
        "version": SHOW_VERSION, "file": viewed.path, "game": game.result.index,
        "line": line, "text": line_text(viewed, line), **step.view.to_json(),
        "violations": [problem_json(p) for p in violations],
        "notes": [problem_json(p) for p in notes],
        "on_line": [problem_json(p) for p in on_line],
        "before": None}
    before = game.before(line)
    if on_line and before is not None:
        document["before"] = before.view.to_json()
    return document


def empty_document(viewed: ViewedFile, line: int) -> dict[str, Any]:
    """The document of a line before the file's first game: no game (``game`` is null),
    and the empty table, with no stock yet."""
    return {"version": SHOW_VERSION, "file": viewed.path, "game": None, "line": line,
            "text": line_text(viewed, line), "hand": None, "phase": "no hand",
            "dealer": None, "turn": None, "players": [], "melds": [], "pile": [],
            "stock": {"count": 0, "known": None}, "violations": [], "notes": [],
            "on_line": [], "before": None}
