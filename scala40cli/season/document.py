"""The league table as the JSON document of ``schemas/standings.schema.json``.

Numbers as computed (the ratings unrounded, for a program to compare with openskill's
own); the averages and shares null where there is nothing to average yet.
"""

from __future__ import annotations

import json
from typing import Any

from scala40cli.reporting.escape import json_safe
from scala40cli.season.ratings import Rating
from scala40cli.season.table import PlayerRow, SeasonTable
from scala40cli.version import __version__

JsonObject = dict[str, Any]


def rating_json(rating: Rating) -> JsonObject:
    return {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal,
            "low": rating.ordinal, "high": rating.high}


def player_json(row: PlayerRow) -> JsonObject:
    stats = row.stats
    return {
        "place": row.place,
        "name": row.name,
        "matches": stats.matches,
        "wins": stats.wins,
        "win_share": stats.win_share,
        "unfinished": stats.unfinished,
        "hands": stats.hands,
        "closes": stats.closes,
        "closes_in_one_go": stats.closes_in_one_go,
        "average_penalty": stats.average_penalty,
        "openings": stats.openings,
        "average_opening_turn": stats.average_opening_turn,
        "eliminations": stats.eliminations,
        "rating": rating_json(row.rating),
        "history": [{"match": step.match, "mu": step.rating.mu, "sigma": step.rating.sigma}
                    for step in row.history],
    }


def standings_document(table: SeasonTable) -> JsonObject:
    """The document (see ``schemas/standings.schema.json`` for each key)."""
    choice = table.choice
    return {
        "version": __version__,
        "season": {
            "matches": table.matches,
            "rated": len(table.rated),
            "in_progress": table.in_progress,
            "include_violations": choice.include_violations,
            "rules": choice.rules_name if choice.rules is not None else None,
            "since": choice.since.isoformat() if choice.since is not None else None,
            "rule_sets": [{"name": rule_set.name, "matches": rule_set.matches}
                          for rule_set in table.rule_sets],
        },
        "players": [player_json(row) for row in table.players],
        "matches": [{"number": match.number, "path": match.path, "game": match.game,
                     "date": match.day.isoformat() if match.day is not None else None}
                    for match in table.rated],
        "left_out": [{"path": entry.path, "game": entry.game, "line": entry.line,
                      "reason": str(entry.reason), "detail": entry.detail}
                     for entry in table.left_out],
        "warnings": [{"code": str(warning.code), "names": list(warning.names),
                      "message": warning.message} for warning in table.name_warnings],
    }


def standings_json(table: SeasonTable) -> str:
    """The document as indented JSON text, its characters safe for a terminal."""
    return json_safe(json.dumps(standings_document(table), indent=2, ensure_ascii=False)) + "\n"
