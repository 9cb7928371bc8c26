"""How a decision is classed, and how a player is rated, by documented thresholds.

A decision costs what the engine's best candidate is worth over the move played: in
points of the hand (the other side's mean penalty less one's own, as the engine
weighs it) and, where the totals make a point weigh, in the chance of winning the
match (:mod:`scala40cli.review.equity`). It is classed as lichess and GNU Backgammon
class moves, by what it surely loses, that is its loss less one standard error of the
engine's estimate (a loss within the engine's own noise is no error):

=============  ==========  ===========================
class          mark        loses at least
=============  ==========  ===========================
inaccuracy     ``?!``      4 points, or 2% of the match
mistake        ``?``       10 points, or 5% of the match
blunder        ``??``      20 points, or 10% of the match
=============  ==========  ===========================

and good otherwise. A player's rating is one word for the average loss per decision,
on the scale :data:`RATINGS` (GNU Backgammon rates a player the same way, by the
average error per move).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Verdict(StrEnum):
    """The class of a decision."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: The mark a class of decision gets on its line (none for a good one).
MARKS = {Verdict.GOOD: "", Verdict.INACCURACY: "?!", Verdict.MISTAKE: "?",
         Verdict.BLUNDER: "??"}

#: The least points of the hand a decision of each class surely loses.
POINTS = {Verdict.INACCURACY: 4.0, Verdict.MISTAKE: 10.0, Verdict.BLUNDER: 20.0}
#: The least share of the match a decision of each class surely loses.
MATCH = {Verdict.INACCURACY: 0.02, Verdict.MISTAKE: 0.05, Verdict.BLUNDER: 0.10}

#: The rating of a player by the average loss per decision, in points: the first
#: whose bound the average is under.
RATINGS: tuple[tuple[float, str], ...] = (
    (0.25, "supernatural"),
    (0.5, "world class"),
    (1.0, "expert"),
    (1.75, "advanced"),
    (2.75, "intermediate"),
    (4.0, "casual"),
    (6.0, "beginner"),
    (float("inf"), "awful"),
)


def verdict(*, loss: float, error: float, match_loss: float, point_worth: float,
            match_error: float | None = None) -> Verdict:
    """The class of a decision that loses ``loss`` points (``error``: the standard
    error of that loss) and ``match_loss`` of the chance of winning the match (each
    point worth ``point_worth`` of it; ``match_error``, the standard error of that
    loss where the engine measured it, else ``error`` points' worth)."""
    sure = max(0.0, loss - error)
    spread = error * point_worth if match_error is None else match_error
    sure_match = max(0.0, match_loss - spread)
    found = Verdict.GOOD
    for kind in (Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER):
        if sure >= POINTS[kind] or sure_match >= MATCH[kind]:
            found = kind
    return found


#: The rating of a player without a decision reviewed.
UNRATED = "unrated"


def rating(average_loss: float) -> str:
    """The word for an average loss per decision (see :data:`RATINGS`)."""
    return next(word for bound, word in RATINGS if average_loss < bound)


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """A player's decisions reviewed, at a glance."""

    player: str
    decisions: int
    #: Decisions where the move played was the engine's.
    agreed: int
    #: The mean loss per decision, in points, and in the chance of winning the match.
    average_loss: float
    average_match_loss: float
    counts: dict[str, int]
    rating: str

    @property
    def agreement(self) -> float:
        return self.agreed / self.decisions if self.decisions else 0.0


def summarize(player: str, graded: Sequence[tuple[bool, float, float, Verdict]]
              ) -> Summary:
    """The summary of ``player``'s decisions, each ``(agreed, loss, match loss,
    class)``."""
    count = len(graded)
    loss = sum(g[1] for g in graded) / count if count else 0.0
    match_loss = sum(g[2] for g in graded) / count if count else 0.0
    counts = {kind.value: sum(1 for g in graded if g[3] is kind) for kind in Verdict}
    return Summary(player=player, decisions=count, agreed=sum(1 for g in graded if g[0]),
                   average_loss=loss, average_match_loss=match_loss, counts=counts,
                   rating=rating(loss) if count else UNRATED)


__all__ = ["MARKS", "MATCH", "POINTS", "RATINGS", "UNRATED", "Summary", "Verdict", "rating",
           "summarize", "verdict"]
