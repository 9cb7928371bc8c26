"""The document of a review: what ``scala40 review --format json`` writes
(``schemas/review.schema.json``), and what the review page and the text are made of.

Every figure is written as computed, rounded for reading: points to two decimals,
shares of the match to four.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scala40cli.review.grading import MARKS, Summary
from scala40cli.review.records import FileReview, GameReview, Reviewed, Skipped
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.scorer import KEYS, Budget
from scala40cli.version import __version__

#: The version of the document's shape.
VERSION = 1


def document(files: Sequence[FileReview], settings: ReviewSettings) -> dict[str, Any]:
    """The whole review (see the module docstring)."""
    games = [game for f in files for game in f.games]
    decisions = [d for game in games for d in game.decisions]
    return {
        "version": VERSION, "scala40": __version__, "engine": settings.engine,
        "budget": budget_json(settings.budget), "seed": settings.seed,
        "files": [file_json(f) for f in files],
        "summary": {"files": len(files), "games": len(games),
                    "reviewed": sum(1 for d in decisions if isinstance(d, Reviewed)),
                    "not_reviewed": sum(1 for d in decisions if isinstance(d, Skipped)),
                    "file_errors": sum(len(f.errors) for f in files)},
    }


def budget_json(budget: Budget) -> dict[str, Any]:
    return {key: getattr(budget, key) for key in KEYS}


def file_json(review: FileReview) -> dict[str, Any]:
    return {"path": review.path, "errors": list(review.errors),
            "games": [game_json(g) for g in review.games]}


def game_json(game: GameReview) -> dict[str, Any]:
    return {"index": game.index, "line": game.line, "players": list(game.players),
            "seats": list(game.seats),
            "decisions": [decision_json(d) for d in game.decisions],
            "summaries": [summary_json(s) for s in game.summaries],
            "violations": [{"code": code, "line": line, "message": message}
                           for code, line, message in game.violations]}


def decision_json(decision: Reviewed | Skipped) -> dict[str, Any]:
    found: dict[str, Any] = {"line": decision.line, "lines": list(decision.lines),
                             "hand": decision.hand, "seat": decision.seat,
                             "stage": decision.stage.value}
    if isinstance(decision, Skipped):
        found |= {"reviewed": False, "reason": decision.reason, "code": decision.code}
        return found
    return found | {
        "reviewed": True, "played": list(decision.played), "engine": list(decision.best),
        "agreed": decision.agreed, "loss": _points(decision.loss),
        "loss_error": _points(decision.loss_error),
        "match_loss": _share(decision.match_loss),
        "point_worth": _share(decision.point_worth),
        "class": decision.verdict.value, "mark": MARKS[decision.verdict],
        "candidates": [{"lines": list(c.lines), "points": _points(c.points),
                        "error": _points(c.error)} for c in decision.candidates],
    }


def summary_json(summary: Summary) -> dict[str, Any]:
    return {"player": summary.player, "decisions": summary.decisions,
            "agreed": summary.agreed, "agreement": _share(summary.agreement),
            "average_loss": _points(summary.average_loss),
            "average_match_loss": _share(summary.average_match_loss),
            "counts": dict(summary.counts), "rating": summary.rating}


def _points(value: float) -> float:
    return round(value, 2) + 0.0  # never -0.0


def _share(value: float) -> float:
    return round(value, 4) + 0.0


__all__ = ["VERSION", "budget_json", "decision_json", "document", "file_json",
           "game_json", "summary_json"]
