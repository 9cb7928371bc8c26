"""The review as text for people: the decisions that lose something, the decisions not
reviewed and why, one line each as a compiler prints its messages, then a table of
the players' summaries.

A good decision is not listed (``--format json`` lists them all). Every name and move
from the log is made safe for a terminal. The words are the catalogue's (the ``review``
domain; ``--lang``), the reasons a decision was not reviewed said again in its
language, the figures written as it writes them; the moves with the format's words of
the language (``scarta 6H``: :mod:`scala40cli.review.moves_said`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from scala40cli.reporting.escape import terminal_cell, terminal_line, workflow_neutral
from scala40cli.reporting.widths import display_width, pad
from scala40cli.review.grading import MARKS, Summary, Verdict
from scala40cli.review.moves_said import move_said
from scala40cli.review.records import FileReview, GameReview, Reviewed, Skipped
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.scorer import budget_text
from scala40cli.translation.catalogue import ENGLISH, Catalogue
from scala40cli.translation.numbers import decimal, percent


def review_text(files: Sequence[FileReview], settings: ReviewSettings,
                words: Catalogue = ENGLISH) -> str:
    """The whole review (see the module docstring)."""
    out: list[str] = []
    for review in files:
        path = terminal_line(review.path)
        out += [f"{path}:{error_line(error, words)}" for error in review.errors]
        for game in review.games:
            out += game_lines(path, game, words)
    games = sum(len(f.games) for f in files)
    out.append(words.gettext(
        "{files}, {games} reviewed by the {engine} engine ({budget}, seed {seed})",
        files=words.ngettext("{count} file", "{count} files", len(files)),
        games=words.ngettext("{count} game", "{count} games", games),
        engine=terminal_line(settings.engine), budget=budget_text(settings.budget),
        seed=terminal_line(settings.seed)))
    # a player named ``::error::...`` starts a row of the summary: no workflow command
    return workflow_neutral("\n".join(out) + "\n")


def error_line(error: str, words: Catalogue = ENGLISH) -> str:
    """A file's error (``3:13: F003 unexpected ...``), its message in the language."""
    place, code, message = error.split(" ", 2) if _PLACED.match(error) else ("", "", error)
    return terminal_line(f"{place} {code} {words.translate(message)}" if code else message)


def game_lines(path: str, game: GameReview, words: Catalogue = ENGLISH) -> list[str]:
    """A game's marked and skipped decisions, then its summaries."""
    seats = ", ".join(terminal_line(s) for s in game.seats) or words.gettext("nobody")
    out = [words.gettext("{path}: game {game} (line {line}), reviewed for {seats}",
                         path=path, game=game.index, line=game.line, seats=seats)]
    if not game.decisions:
        out.append(words.gettext(NOTHING_TO_REVIEW, path=path, game=game.index, seats=seats))
    for decision in game.decisions:
        if isinstance(decision, Skipped):
            out.append(words.gettext(
                "{place}: {seat} {stage}: not reviewed: {reason}",
                place=f"{path}:{decision.line}", seat=terminal_line(decision.seat),
                stage=words.gettext(decision.stage.value),  # take, plan, buy
                reason=terminal_line(words.translate(decision.reason))))
        elif decision.verdict is not Verdict.GOOD:
            out.append(decision_line(path, decision, words))
    out += summary_table(game.summaries, words)
    return out


def decision_line(path: str, decision: Reviewed, words: Catalogue = ENGLISH) -> str:
    """``game.s40:24: Bruno ?! inaccuracy: discard 6H; engine: discard 9S; loses 4.0
    points (± 0.8), 1.4% of the match``"""
    language = words.language
    return words.gettext(
        "{place}: {seat} {mark} {verdict}: {played}; engine: {best}; loses {loss} points "
        "(\u00b1 {error}), {share} of the match",
        place=f"{path}:{decision.line}", seat=terminal_line(decision.seat),
        mark=MARKS[decision.verdict], verdict=words.gettext(decision.verdict.value),
        played=terminal_line("; ".join(move_said(m, words) for m in decision.played)),
        best=terminal_line("; ".join(move_said(m, words) for m in decision.best)),
        loss=decimal(decision.loss, 1, language), error=decimal(decision.loss_error, 1, language),
        share=percent(decision.match_loss, 1, language))


#: A game with no decision of the seats reviewed, such as a paper score sheet: said in
#: words, not only by a summary of 0 decisions.
NOTHING_TO_REVIEW = ("{path}: game {game}: nothing to review: the log records no decision "
                     "of {seats} (a paper score sheet records only the scores)")
#: A file's error as placed: line, column, code.
_PLACED = re.compile(r"\d+:\d+: [A-Z]\d{3} ")
#: The summary table's headings.
HEADINGS = ("Player", "Decisions", "Agreement", "Avg loss", "Match", "?!", "?", "??",
            "Rating")


def figures(summary: Summary, language: str) -> tuple[str, str, str]:
    """A summary's agreement, average loss and match loss, written in ``language`` (a
    player with no decision has none: shown ``-``, not an agreement of 0%)."""
    return (percent(summary.agreement, 1, language), decimal(summary.average_loss, 2, language),
            percent(summary.average_match_loss, 2, language))


def summary_table(summaries: Sequence[Summary], words: Catalogue = ENGLISH) -> list[str]:
    """One row a player: decisions, agreement, average loss, the counts, the rating."""
    language = words.language
    head = [words.gettext(title) if title[0].isalpha() else title for title in HEADINGS]
    rows = [[terminal_cell(s.player), str(s.decisions),
             *(figures(s, language) if s.decisions else ("-", "-", "-")),
             str(s.counts[Verdict.INACCURACY.value]), str(s.counts[Verdict.MISTAKE.value]),
             str(s.counts[Verdict.BLUNDER.value]), words.gettext(s.rating)]
            for s in summaries]
    widths = [max(display_width(row[i]) for row in [head, *rows])
              for i in range(len(head))]
    return ["  " + "  ".join([pad(row[0], widths[0]),
                              *(pad(row[i], widths[i], right=True)
                                for i in range(1, len(row) - 1)), row[-1]])
            for row in [head, *rows]]


__all__ = ["HEADINGS", "NOTHING_TO_REVIEW", "decision_line", "figures", "game_lines", "review_text",
           "summary_table"]
