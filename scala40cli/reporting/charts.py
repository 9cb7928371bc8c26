"""The running totals chart's data: a line a player (or team).

What a chart shows, apart from how it is drawn: the HTML page draws it in SVG
(:mod:`scala40cli.reporting.svg_chart`), the Markdown report writes it as a table of
running totals with a sparkline (:mod:`scala40cli.reporting.markdown`). The threshold
each draws is the one the referee applied, ``GameResult.elimination_threshold``: no
report reads a rule's token to work it out again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scala40cli.model.results import GameResult, HandResult


@dataclass(frozen=True, slots=True)
class Series:
    """One line of the chart: a player's (or a team's) total after each hand dealt.

    ``points`` are (hand position, total) pairs, position 0 being the start at 0.
    """

    name: str
    points: tuple[tuple[int, int], ...]
    #: The players whose totals make the line: one, or a team's partners.
    members: tuple[str, ...] = ()


def chart_series(game: GameResult) -> list[Series]:
    """The lines of the chart: one a player, or one a team in a team match (partners'
    totals summed, which is what the threshold and the winner are judged on).

    A line has a point for each hand its player was dealt in, so it stops where the
    player went out (and resumes at a re-entry).
    """
    if game.teams:
        return [_series(team.name, team.players, game.hands) for team in game.teams]
    return [_series(player, (player,), game.hands) for player in game.players]


def _series(name: str, members: Sequence[str], hands: Sequence[HandResult]) -> Series:
    points = [(0, 0)]
    for position, hand in enumerate(hands, start=1):
        if any(member in hand.penalties for member in members):
            points.append((position, sum(hand.totals.get(member, 0) for member in members)))
    return Series(name=name, points=tuple(points), members=tuple(members))


def nice_ticks(low: float, high: float, target: int = 5) -> list[int]:
    """Round tick values (steps of 1, 2 or 5 x 10^k) covering ``low`` to ``high``."""
    span = max(high - low, 1)
    raw = span / target
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(int(step), 1)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(first, last + 1, step))
