"""Each player's rating over the season as inline SVG, for the standings page.

One line a player: the mean of their rating (mu) after each match of the season they
played, from where it stood before their first; the season's matches in order along
the bottom. The lines take the score report's colours, dash patterns and marker shapes
(:mod:`scala40cli.reporting.svg_chart`), so that they stay apart with colour blindness
and in print. No script and no URL; every name goes through
:func:`~scala40cli.reporting.escape.html_text`, inside ``<bdi>`` in the legend so that a
right-to-left name cannot reorder the text around it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scala40cli.reporting.charts import nice_ticks
from scala40cli.reporting.escape import html_text
from scala40cli.reporting.svg_chart import line_style, marker_shape
from scala40cli.season.ratings import initial_rating
from scala40cli.season.table import PlayerRow
from scala40cli.translation.catalogue import ENGLISH, Catalogue
from scala40cli.translation.numbers import decimal

_WIDTH, _HEIGHT = 560, 280
_LEFT, _RIGHT, _TOP, _BOTTOM = 46, 14, 12, 38
#: Above this many matches a line has no marker at each match, only at its ends.
_MANY_MATCHES = 30


@dataclass(frozen=True, slots=True)
class _Frame:
    matches: int
    low: float
    high: float

    def x(self, match: float) -> float:
        return _LEFT + (_WIDTH - _LEFT - _RIGHT) * match / max(self.matches, 1)

    def y(self, mu: float) -> float:
        return _TOP + (_HEIGHT - _TOP - _BOTTOM) * (self.high - mu) / (self.high - self.low)


def line_points(row: PlayerRow) -> list[tuple[int, float]]:
    """(match, mu) for each match the player played, from the match before their first
    at the initial rating."""
    if not row.history:
        return []
    start = (row.history[0].match - 1, initial_rating().mu)
    return [start, *((step.match, step.rating.mu) for step in row.history)]


def rating_chart(rows: Sequence[PlayerRow], matches: int, words: Catalogue = ENGLISH) -> str:
    """The chart of every player's rating by match; empty when no match was rated."""
    lines = [(row, line_points(row)) for row in rows]
    values = [mu for _, points in lines for _, mu in points]
    if not values or matches == 0:
        return ""
    ticks = nice_ticks(min(values), max(values))
    frame = _Frame(matches=matches, low=ticks[0], high=ticks[-1])
    title = html_text(words.gettext("Each player's rating (mu) after each match of the season"))
    parts = [
        f'<svg class="chart" viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" '
        'aria-labelledby="rating-title">',
        f'<title id="rating-title">{title}</title>',
        _markers(len(rows)),
        *_axes(frame, ticks, words),
        *(_polyline(frame, row, points, index, matches <= _MANY_MATCHES, words.language)
          for index, (row, points) in enumerate(lines) if points),
        "</svg>",
    ]
    return "\n".join(parts)


def _markers(count: int) -> str:
    defs = []
    for index in range(count):
        colour, _, shape = line_style(index)
        defs.append(f'<marker id="rating-m{index}" viewBox="-5 -5 10 10" markerWidth="8" '
                    f'markerHeight="8" markerUnits="userSpaceOnUse">'
                    f"{marker_shape(shape, colour)}</marker>")
    return "<defs>" + "".join(defs) + "</defs>"


def _axes(frame: _Frame, ticks: Sequence[int], words: Catalogue) -> list[str]:
    left, right = frame.x(0), frame.x(frame.matches)
    bottom = frame.y(frame.low)
    parts = []
    for tick in ticks:
        y = frame.y(tick)
        parts.append(f'<line class="grid" x1="{left:.1f}" x2="{right:.1f}" y1="{y:.1f}" '
                     f'y2="{y:.1f}"/>')
        parts.append(f'<text class="tick" x="{left - 6:.1f}" y="{y + 4:.1f}" '
                     f'text-anchor="end">{tick}</text>')
    for match in nice_ticks(0, frame.matches, target=8):
        if match > frame.matches:
            break
        x = frame.x(match)
        parts.append(f'<line class="axis" x1="{x:.1f}" x2="{x:.1f}" y1="{bottom:.1f}" '
                     f'y2="{bottom + 5:.1f}"/>')
        parts.append(f'<text class="tick" x="{x:.1f}" y="{bottom + 17:.1f}" '
                     f'text-anchor="middle">{match}</text>')
    parts.append(f'<text class="label" x="{(left + right) / 2:.1f}" y="{_HEIGHT - 3}" '
                 f'text-anchor="middle">{html_text(words.gettext("match"))}</text>')
    level = (frame.y(frame.low) + frame.y(frame.high)) / 2
    parts.append(f'<text class="label" transform="translate(12 {level:.1f}) rotate(-90)" '
                 f'text-anchor="middle">{html_text(words.gettext("rating (mu)"))}</text>')
    return parts


def _polyline(frame: _Frame, row: PlayerRow, points: Sequence[tuple[int, float]],
              index: int, every_match: bool, language: str) -> str:
    colour, dash, _ = line_style(index)
    drawn = " ".join(f"{frame.x(x):.1f},{frame.y(y):.1f}" for x, y in points)
    marker = f"url(#rating-m{index})"
    middle = f' marker-mid="{marker}"' if every_match else ""
    name = html_text(row.name)
    return (f'<polyline class="series" data-name="{name}" points="{drawn}" fill="none" '
            f'stroke="{colour}" stroke-width="2.2" stroke-dasharray="{dash}" '
            f'stroke-linejoin="round" marker-end="{marker}"{middle}>'
            f"<title>{name}: {decimal(row.rating.mu, 1, language)}</title></polyline>")


def chart_legend(rows: Sequence[PlayerRow]) -> str:
    """A legend that wraps on a narrow screen: each line's sample, the player's name."""
    items = []
    for index, row in enumerate(rows):
        colour, dash, shape = line_style(index)
        sample = (f'<svg class="swatch" viewBox="0 0 36 12" aria-hidden="true">'
                  f'<line x1="1" x2="35" y1="6" y2="6" stroke="{colour}" stroke-width="2.4" '
                  f'stroke-dasharray="{dash}"/>{marker_shape(shape, colour, 18, 6)}</svg>')
        items.append(f"<li>{sample}<bdi>{html_text(row.name)}</bdi></li>")
    return '<ul class="legend">' + "".join(items) + "</ul>"
