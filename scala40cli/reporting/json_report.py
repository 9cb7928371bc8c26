"""The JSON report: the document of ``schemas/report.schema.json`` and its objects.

One function an object of the schema (a file, a game, a hand, a violation...), built
from :mod:`scala40cli.model.results` values only; the JSON and JSON Lines reporters,
the comparison, the Dask records and the results' own ``to_dict()`` all use them, so
that every JSON output of a game is the same object. Every key written here must be in
the schema too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scala40cli import __version__
from scala40cli.audit.records import FileError, JudgedGame, Record
from scala40cli.model.results import (
    FileResult,
    GameResult,
    HandResult,
    Problem,
    TagValue,
    TeamResult,
)
from scala40cli.reporting.summary import Summary

JsonObject = dict[str, Any]


def report_document(files: Sequence[FileResult]) -> JsonObject:
    """The JSON report of ``files``, in the shape of ``schemas/report.schema.json``."""
    return {
        "version": __version__,
        "summary": Summary.of(files).as_json(),
        "files": [file_json(result) for result in files],
    }


def file_json(result: FileResult) -> JsonObject:
    return {
        "path": result.path,
        "ok": result.ok,
        "errors": [file_error_json(problem) for problem in result.errors],
        "games": [game_json(game) for game in result.games],
    }


def file_error_json(problem: Problem) -> JsonObject:
    return {**_place_json(problem), "context": problem.context}


def violation_json(problem: Problem) -> JsonObject:
    return {**_place_json(problem), "hand": problem.hand, "player": problem.player}


def _place_json(problem: Problem) -> JsonObject:
    return {
        "code": str(problem.code),
        "name": problem.name,
        "message": problem.message,
        "line": problem.line,
        "column": problem.column,
    }


def _note_json(problem: Problem) -> JsonObject:
    """A consequence of a reported violation, with where that violation is."""
    cause = problem.caused_by
    assert cause is not None
    return {**violation_json(problem),
            "caused_by": {"code": str(cause.code), "line": cause.line, "column": cause.column}}


def game_json(game: GameResult) -> JsonObject:
    document: JsonObject = {
        "index": game.index,
        "line": game.line,
        "tags": [_tag_json(tag) for tag in game.tags],
        "players": list(game.players),
        "rules": dict(game.rules),
        "rule_sources": dict(game.rule_sources),
        "teams": [_team_json(team) for team in game.teams],
        "ok": game.ok,
        "violations": [violation_json(problem) for problem in game.violations],
        "hands": [_hand_json(hand) for hand in game.hands],
        "eliminated": [{"player": out.player, "hand": out.hand} for out in game.eliminated],
        "totals": dict(game.totals),
        "finished": game.finished,
        "winner": game.winner,
        "ignored": [{**violation_json(out.problem), "by": str(out.by)} for out in game.ignored],
    }
    if game.notes:  # only then: a game without notes reads as before
        document["notes"] = [_note_json(problem) for problem in game.notes]
    return document


def _team_json(team: TeamResult) -> JsonObject:
    return {"name": team.name, "players": list(team.players), "total": team.total}


def _tag_json(tag: TagValue) -> JsonObject:
    return {"name": tag.name, "values": list(tag.values), "line": tag.line}


def _hand_json(hand: HandResult) -> JsonObject:
    row: JsonObject = {
        "number": hand.number,
        "line": hand.line,
        "dealer": hand.dealer,
        "closer": hand.closer,
        "closing": str(hand.closing),
        "penalties": dict(hand.penalties),
        "declared": None if hand.declared is None else dict(hand.declared),
        "totals": dict(hand.totals),
        "playoff": hand.playoff,
    }
    if hand.unverified:
        row["unverified"] = [{"player": player, "reason": reason}
                             for player, reason in hand.unverified.items()]
    return row


# --- JSON Lines ---------------------------------------------------------------------------


def jsonl_record(record: Record) -> JsonObject | None:
    """A record as ``replay --format jsonl`` writes it (None for the end of a file)."""
    match record:
        case JudgedGame(path=path, game=game):
            return {"type": "game", "path": path, "game": game_json(game)}
        case FileError(path=path, problem=problem):
            return {"type": "file_error", "path": path, "error": file_error_json(problem)}
    return None
