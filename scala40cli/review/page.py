"""The review's page: the viewer's page of the log (``scala40 view``), the review on it.

:func:`review_page` gives the viewer's :func:`~scala40cli.viewing.page.page` an
:class:`~scala40cli.viewing.page.Addition`: the review's document of the file (the
decisions and summaries of :mod:`scala40cli.review.document`), and the script and
style of ``review/assets``, which mark each decision on its line (``?!``, ``?``,
``??``), show the move played and the engine's at that line of the table, and the
players' summaries above it. The page stays one self-contained file, everything of the
log in it as data, put in the page as text.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from scala40cli.review.document import budget_json, decision_json, summary_json
from scala40cli.review.records import FileReview
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.running import Source, review_files
from scala40cli.viewing.loading import ViewedFile, view_bytes
from scala40cli.viewing.page import Addition, page


def _asset(name: str) -> str:
    return resources.files("scala40cli.review").joinpath("assets", name).read_text(
        encoding="utf-8")


def page_review(review: FileReview, settings: ReviewSettings) -> dict[str, Any]:
    """What the page's script reads of the review."""
    return {"engine": settings.engine, "budget": budget_json(settings.budget),
            "seed": settings.seed,
            "games": [{"index": game.index, "seats": list(game.seats),
                       "decisions": [decision_json(d) for d in game.decisions],
                       "summaries": [summary_json(s) for s in game.summaries]}
                      for game in review.games]}


def log_review_page(data: bytes, path: str, settings: ReviewSettings) -> str:
    """A log's page with its review, the seats a review takes by default (the person's
    of a match played with ``scala40 play``)."""
    review = review_files([Source(path=path, data=data)], seat=None, every=False,
                          settings=settings)[0]
    return review_page(view_bytes(data, path, settings.choice), review, settings)


def review_page(viewed: ViewedFile, review: FileReview, settings: ReviewSettings) -> str:
    """The page of a file with its review (see the module docstring)."""
    return page(viewed, Addition(key="review", data=page_review(review, settings),
                                 script=_asset("review.js"), style=_asset("review.css"),
                                 command="review"))


__all__ = ["log_review_page", "page_review", "review_page"]
