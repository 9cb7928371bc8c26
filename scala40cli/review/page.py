"""The review's page: the viewer's page of the log (``scala40 view``), the review on it.

:func:`review_page` gives the viewer's :func:`~scala40cli.viewing.page.page` an
:class:`~scala40cli.viewing.page.Addition`: the review's document of the file (the
decisions and summaries of :mod:`scala40cli.review.document`), and the script and
style of ``review/assets``, which mark each decision on its line (``?!``, ``?``,
``??``), show the move played and the engine's at that line of the table, and the
players' summaries above it. The page stays one self-contained file, everything of the
log in it as data, put in the page as text.

The page speaks the language of its catalogue: the viewer's words, the review's (the
``review`` domain, given to the script as the viewer's are, :data:`REVIEW_MESSAGES`),
the reasons a decision was not reviewed, and the figures written as the language
writes them (``4,0``; ``1,4 %``), for the script puts no number in words of its own.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from scala40cli.review.document import budget_json, decision_json, summary_json
from scala40cli.review.grading import RATINGS, UNRATED, Summary
from scala40cli.review.moves_said import move_said
from scala40cli.review.records import FileReview, Reviewed, Skipped
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.running import Source, review_files
from scala40cli.review.text import figures
from scala40cli.translation.catalogue import ENGLISH, Catalogue
from scala40cli.translation.numbers import decimal, percent
from scala40cli.viewing.loading import ViewedFile, view_bytes
from scala40cli.viewing.page import Addition, page


def _asset(name: str) -> str:
    return resources.files("scala40cli.review").joinpath("assets", name).read_text(
        encoding="utf-8")


#: What ``review.js`` says (its ``say`` and ``sayParts`` calls), and the words of the
#: summaries' ratings.
REVIEW_MESSAGES: tuple[str, ...] = (
    "good", "inaccuracy", "mistake", "blunder", "take or draw", "the turn's plays",
    "buy or not", "{seat}, {stage}:", "not reviewed", "the engine's move", "Played",
    "Engine", "Loses {loss} points of the hand (\u00b1 {error}), {share} of the match.",
    "The review of this line", "Review", "The review's summaries",
    "The tables scroll sideways: every column is there.",
    "Review by the {engine} engine", "Game {game}", "Player", "Decisions", "Agreement",
    "Average loss", "Of the match", "inaccuracies", "mistakes", "blunders", "Rating",
    "Previous marked decision", "Next marked decision",
    "] [ the next/previous marked decision.",
    "Nothing to review in game {game}: the log records no decision of the players "
    "reviewed (a paper score sheet records only the scores).",
    *(word for _, word in RATINGS), UNRATED)


def page_decision(decision: Reviewed | Skipped, words: Catalogue) -> dict[str, Any]:
    """A decision as the script reads it: its document, the reason it was not reviewed
    in the page's language, its moves in the format's words of that language, its
    figures as that language writes them."""
    found = decision_json(decision)
    if isinstance(decision, Skipped):
        found["reason"] = words.translate(decision.reason)
        return found
    found["played"] = [move_said(move, words) for move in decision.played]
    found["engine"] = [move_said(move, words) for move in decision.best]
    language = words.language
    found["shown"] = {"loss": decimal(decision.loss, 1, language),
                      "error": decimal(decision.loss_error, 1, language),
                      "share": percent(decision.match_loss, 1, language)}
    return found


def page_summary(summary: Summary, words: Catalogue) -> dict[str, Any]:
    """A player's summary as the script reads it, its figures and rating written in the
    page's language."""
    shown = figures(summary, words.language) if summary.decisions else ("-", "-", "-")
    return summary_json(summary) | {"shown": {
        **dict(zip(("agreement", "average_loss", "average_match_loss"), shown, strict=True)),
        "rating": words.gettext(summary.rating)}}


def page_review(review: FileReview, settings: ReviewSettings,
                words: Catalogue = ENGLISH) -> dict[str, Any]:
    """What the page's script reads of the review."""
    return {"engine": settings.engine, "budget": budget_json(settings.budget),
            "seed": settings.seed,
            "games": [{"index": game.index, "seats": list(game.seats),
                       "decisions": [page_decision(d, words) for d in game.decisions],
                       "summaries": [page_summary(s, words) for s in game.summaries]}
                      for game in review.games]}


def log_review_page(data: bytes, path: str, settings: ReviewSettings,
                    words: Catalogue = ENGLISH) -> str:
    """A log's page with its review, the seats a review takes by default (the person's
    of a match played with ``scala40 play``), in the language of ``words``."""
    review = review_files([Source(path=path, data=data)], seat=None, every=False,
                          settings=settings)[0]
    return review_page(view_bytes(data, path, settings.choice), review, settings, words)


def review_page(viewed: ViewedFile, review: FileReview, settings: ReviewSettings,
                words: Catalogue = ENGLISH) -> str:
    """The page of a file with its review (see the module docstring)."""
    return page(viewed, Addition(key="review", data=page_review(review, settings, words),
                                 script=_asset("review.js"), style=_asset("review.css"),
                                 command="review", messages=REVIEW_MESSAGES), words)


__all__ = ["REVIEW_MESSAGES", "log_review_page", "page_decision", "page_review",
           "page_summary", "review_page"]
