"""What a review found: each decision weighed, each left out, each player's summary.

Plain values, written by the text, JSON and page writers and carried back from the
``--jobs`` workers (nothing here holds a view or an event: a reviewed decision says
its moves in the log's own words).
"""

from __future__ import annotations

from dataclasses import dataclass

from scala40cli.review.choices import Stage
from scala40cli.review.grading import Summary, Verdict


@dataclass(frozen=True, slots=True, kw_only=True)
class Weighed:
    """A candidate as the engine weighed it: its lines (without the player's name),
    what it is worth to the seat in points of the hand, and the standard error."""

    lines: tuple[str, ...]
    points: float
    error: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Reviewed:
    """A decision reviewed: the move played and the engine's, what the one played costs
    (``loss`` points of the hand, with its standard error; ``match_loss`` of the chance
    of winning the match, each point worth ``point_worth`` of it) and its class;
    ``candidates``, every move weighed, the one played first."""

    seat: str
    stage: Stage
    hand: int
    lines: tuple[int, ...]
    played: tuple[str, ...]
    best: tuple[str, ...]
    agreed: bool
    loss: float
    loss_error: float
    match_loss: float
    point_worth: float
    verdict: Verdict
    candidates: tuple[Weighed, ...]

    @property
    def line(self) -> int:
        return self.lines[0]


@dataclass(frozen=True, slots=True, kw_only=True)
class Skipped:
    """A decision not reviewed, and why (a violation on its lines, with its code; a
    table the seat's view cannot be trusted at)."""

    seat: str
    stage: Stage
    hand: int
    lines: tuple[int, ...]
    reason: str
    code: str | None = None

    @property
    def line(self) -> int:
        return self.lines[0]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameReview:
    """One game of a file reviewed: its index in the file, its first line, its players,
    the seats reviewed, the decisions in line order and a summary a seat."""

    index: int
    line: int
    players: tuple[str, ...]
    seats: tuple[str, ...]
    decisions: tuple[Reviewed | Skipped, ...]
    summaries: tuple[Summary, ...]
    #: The game's violations, as the referee reports them (code, line, message).
    violations: tuple[tuple[str, int, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class FileReview:
    """A file reviewed: its games, or why it could not be (a file error)."""

    path: str
    games: tuple[GameReview, ...]
    errors: tuple[str, ...] = ()


__all__ = ["FileReview", "GameReview", "Reviewed", "Skipped", "Weighed"]
