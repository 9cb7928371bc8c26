"""The review as text for people: the decisions that lose something, the decisions not
reviewed and why, one line each as a compiler prints its messages, then a table of
the players' summaries.

A good decision is not listed (``--format json`` lists them all). Every name and move
from the log is made safe for a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40cli.reporting.escape import terminal_line
from scala40cli.reporting.widths import display_width, pad
from scala40cli.review.grading import MARKS, Summary, Verdict
from scala40cli.review.records import FileReview, GameReview, Reviewed, Skipped
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.scorer import budget_text


def review_text(files: Sequence[FileReview], settings: ReviewSettings) -> str:
    """The whole review (see the module docstring)."""
    out: list[str] = []
    for review in files:
        path = terminal_line(review.path)
        out += [f"{path}: {terminal_line(error)}" for error in review.errors]
        for game in review.games:
            out += game_lines(path, game)
    games = sum(len(f.games) for f in files)
    out.append(f"{_count(len(files), 'file')}, {_count(games, 'game')} reviewed by the "
               f"{terminal_line(settings.engine)} engine ({budget_text(settings.budget)}, "
               f"seed {terminal_line(settings.seed)})")
    return "\n".join(out) + "\n"


def game_lines(path: str, game: GameReview) -> list[str]:
    """A game's marked and skipped decisions, then its summaries."""
    seats = ", ".join(terminal_line(s) for s in game.seats) or "nobody"
    out = [f"{path}: game {game.index} (line {game.line}), reviewed for {seats}"]
    for decision in game.decisions:
        if isinstance(decision, Skipped):
            out.append(f"{path}:{decision.line}: {terminal_line(decision.seat)} "
                       f"{decision.stage.value}: not reviewed: "
                       f"{terminal_line(decision.reason)}")
        elif decision.verdict is not Verdict.GOOD:
            out.append(decision_line(path, decision))
    out += summary_table(game.summaries)
    return out


def decision_line(path: str, decision: Reviewed) -> str:
    """``game.s40:24: Bruno ?! inaccuracy: discard 6H; engine: discard 9S; loses 4.0
    points (± 0.8), 1.4% of the match``"""
    played = terminal_line("; ".join(decision.played))
    best = terminal_line("; ".join(decision.best))
    return (f"{path}:{decision.line}: {terminal_line(decision.seat)} "
            f"{MARKS[decision.verdict]} {decision.verdict.value}: {played}; engine: {best}; "
            f"loses {decision.loss:.1f} points (\u00b1 {decision.loss_error:.1f}), "
            f"{100 * decision.match_loss:.1f}% of the match")


def summary_table(summaries: Sequence[Summary]) -> list[str]:
    """One row a player: decisions, agreement, average loss, the counts, the rating."""
    head = ["Player", "Decisions", "Agreement", "Avg loss", "Match", "?!", "?", "??",
            "Rating"]
    rows = [[terminal_line(s.player), str(s.decisions), f"{100 * s.agreement:.1f}%",
             f"{s.average_loss:.2f}", f"{100 * s.average_match_loss:.2f}%",
             str(s.counts[Verdict.INACCURACY.value]), str(s.counts[Verdict.MISTAKE.value]),
             str(s.counts[Verdict.BLUNDER.value]), s.rating] for s in summaries]
    widths = [max(display_width(row[i]) for row in [head, *rows])
              for i in range(len(head))]
    return ["  " + "  ".join([pad(row[0], widths[0]),
                              *(pad(row[i], widths[i], right=True)
                                for i in range(1, len(row) - 1)), row[-1]])
            for row in [head, *rows]]


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


__all__ = ["decision_line", "game_lines", "review_text", "summary_table"]
