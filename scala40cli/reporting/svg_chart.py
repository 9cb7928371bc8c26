"""The running totals chart of a game as inline SVG, for the HTML report.

One line a player (or team) from :func:`~scala40cli.reporting.charts.chart_series`,
each with its own colour, dash pattern and marker shape, so that the lines stay apart
with colour blindness, in grayscale and in print; the elimination threshold as a dashed
line over a shaded zone. No script, no URL, not even an SVG namespace: the page works
offline and from a mail. Every name in it goes through
:func:`~scala40cli.reporting.escape.html_text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scala40cli.model.results import GameResult, HandResult
from scala40cli.reporting.charts import Series, chart_series, nice_ticks
from scala40cli.reporting.escape import html_text
from scala40cli.translation.catalogue import ENGLISH, Catalogue

#: Okabe-Ito colours (told apart with colour blindness), each with its own dash pattern
#: and marker shape so that the lines stay apart in grayscale and print too.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ("none", "9 4", "3 3", "12 4 3 4", "6 2 2 2", "2 5")
SHAPES = ("circle", "square", "triangle", "diamond", "down", "cross")

_WIDTH, _HEIGHT = 400, 240
#: Above this many hands the markers shrink and the hand ticks take a round step.
_MANY_HANDS = 16
_LEFT, _RIGHT, _TOP, _BOTTOM = 54, 12, 12, 38


@dataclass(frozen=True, slots=True)
class _Frame:
    """The plot area and the scales from (hand, total) to SVG coordinates."""

    hands: int
    low: int
    high: int

    def x(self, position: float) -> float:
        return _LEFT + (_WIDTH - _LEFT - _RIGHT) * position / max(self.hands, 1)

    def y(self, total: float) -> float:
        return _TOP + (_HEIGHT - _TOP - _BOTTOM) * (self.high - total) / (self.high - self.low)


def line_style(index: int) -> tuple[str, str, str]:
    """Colour, dash pattern and marker shape of the ``index``-th line."""
    return (PALETTE[index % len(PALETTE)], DASHES[index % len(DASHES)],
            SHAPES[index % len(SHAPES)])


def marker_shape(shape: str, colour: str, cx: float = 0, cy: float = 0) -> str:
    """A marker of about 9 units centred on (cx, cy): filled, with a white rim."""
    rim = 'stroke="#fff" stroke-width="1"'
    if shape == "circle":
        return f'<circle cx="{cx}" cy="{cy}" r="3.8" fill="{colour}" {rim}/>'
    if shape == "square":
        return (f'<rect x="{cx - 3.4:.1f}" y="{cy - 3.4:.1f}" width="6.8" height="6.8" '
                f'fill="{colour}" {rim}/>')
    if shape == "cross":
        return (f'<path d="M{cx - 3.5:.1f},{cy - 3.5:.1f}l7,7m0,-7l-7,7" stroke="{colour}" '
                'stroke-width="2.2" fill="none"/>')
    outline = {
        "triangle": "l4.4,7.6h-8.8z",
        "diamond": "l4.5,4.5l-4.5,4.5l-4.5,-4.5z",
        "down": "m-4.4,0h8.8l-4.4,7.6z",
    }[shape]
    top = cy - 4.5 if shape != "down" else cy - 3.2
    return f'<path d="M{cx:.1f},{top:.1f}{outline}" fill="{colour}" {rim}/>'


def svg_chart(game: GameResult, ident: str, words: Catalogue = ENGLISH) -> str:
    """The running totals chart of one game, its words in the language of ``words``;
    ``ident`` keeps its marker ids unique."""
    series = chart_series(game)
    threshold = game.elimination_threshold
    totals = [total for line in series for _, total in line.points]
    limits = [*totals, 0] + ([threshold] if threshold is not None else [])
    ticks = nice_ticks(min(limits), max(limits) * 1.04 if max(limits) > 0 else 10)
    frame = _Frame(hands=len(game.hands), low=ticks[0], high=ticks[-1])
    title = words.gettext("Running totals of {names} by hand",
                          names=", ".join(line.name for line in series))
    parts = [
        f'<svg class="chart" viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" '
        f'aria-labelledby="{ident}-title">',
        f'<title id="{ident}-title">{html_text(title)}</title>',
        _markers(ident, len(series), small=len(game.hands) > _MANY_HANDS),
        *_axes(frame, ticks, game.hands, words),
        *_threshold_line(frame, threshold, words),
        *(_polyline(frame, line, index, ident) for index, line in enumerate(series)),
        "</svg>",
    ]
    return "\n".join(part for part in parts if part)


def _markers(ident: str, count: int, small: bool) -> str:
    """A marker shape for each line; smaller in a long match, so the dashes show."""
    size = 6 if small else 10
    defs = []
    for index in range(count):
        colour, _, shape = line_style(index)
        defs.append(f'<marker id="{ident}-m{index}" viewBox="-5 -5 10 10" markerWidth="{size}" '
                    f'markerHeight="{size}" markerUnits="userSpaceOnUse">'
                    f"{marker_shape(shape, colour)}</marker>")
    return "<defs>" + "".join(defs) + "</defs>"


def _axes(frame: _Frame, ticks: Sequence[int], hands: Sequence[HandResult],
          words: Catalogue) -> list[str]:
    """Grid lines and labels for the totals, ticks and labels for the hands, titles."""
    left, right = frame.x(0), frame.x(frame.hands)
    bottom = frame.y(frame.low)
    parts = []
    for tick in ticks:
        y = frame.y(tick)
        grid = "axis" if tick == 0 else "grid"
        parts.append(f'<line class="{grid}" x1="{left:.1f}" x2="{right:.1f}" '
                     f'y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text class="tick" x="{left - 6:.1f}" y="{y + 4:.1f}" '
                     f'text-anchor="end">{tick}</text>')
    for position in _hand_ticks(len(hands)):
        x = frame.x(position)
        label = "0" if position == 0 else str(hands[position - 1].number)
        parts.append(f'<line class="axis" x1="{x:.1f}" x2="{x:.1f}" y1="{bottom:.1f}" '
                     f'y2="{bottom + 5:.1f}"/>')
        parts.append(f'<text class="tick" x="{x:.1f}" y="{bottom + 17:.1f}" '
                     f'text-anchor="middle">{label}</text>')
    middle = (left + right) / 2
    parts.append(f'<text class="label" x="{middle:.1f}" y="{_HEIGHT - 3}" '
                 f'text-anchor="middle">{html_text(words.gettext("hand"))}</text>')
    level = (frame.y(frame.low) + frame.y(frame.high)) / 2
    parts.append(f'<text class="label" transform="translate(14 {level:.1f}) rotate(-90)" '
                 f'text-anchor="middle">{html_text(words.gettext("total"))}</text>')
    return parts


def _hand_ticks(count: int) -> list[int]:
    """Every hand in a short match, else a round step, always from 0 (the start)."""
    step = 1 if count <= _MANY_HANDS else nice_ticks(0, count, target=8)[1]
    return list(range(0, count + 1, step))


def _threshold_line(frame: _Frame, threshold: int | None, words: Catalogue) -> list[str]:
    """A shaded zone above the threshold and a dashed line on it, labelled."""
    if threshold is None:
        return []
    left, right = frame.x(0), frame.x(frame.hands)
    y = frame.y(threshold)
    top = frame.y(frame.high)
    return [
        f'<rect class="out-zone" x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
        f'height="{max(y - top, 0):.1f}"/>',
        f'<line class="threshold" x1="{left:.1f}" x2="{right:.1f}" y1="{y:.1f}" '
        f'y2="{y:.1f}" data-total="{threshold}"/>',
        f'<text class="threshold-label" x="{left + 4:.1f}" y="{y - 5:.1f}">'
        f"{html_text(words.gettext('out at {threshold}', threshold=threshold))}</text>",
    ]


def _polyline(frame: _Frame, line: Series, index: int, ident: str) -> str:
    colour, dash, _ = line_style(index)
    points = " ".join(f"{frame.x(x):.1f},{frame.y(y):.1f}" for x, y in line.points)
    marker = f"url(#{ident}-m{index})"
    return (f'<polyline class="series" data-name="{html_text(line.name)}" points="{points}" '
            f'fill="none" stroke="{colour}" stroke-width="2.4" stroke-dasharray="{dash}" '
            f'stroke-linejoin="round" marker-start="{marker}" marker-mid="{marker}" '
            f'marker-end="{marker}"><title>{html_text(line.name)}</title></polyline>')


def legend(names: Sequence[str]) -> str:
    """An HTML legend (it wraps on a narrow screen): a sample of each line, its name."""
    items = []
    for index, name in enumerate(names):
        colour, dash, shape = line_style(index)
        sample = (f'<svg class="swatch" viewBox="0 0 36 12" aria-hidden="true">'
                  f'<line x1="1" x2="35" y1="6" y2="6" stroke="{colour}" stroke-width="2.4" '
                  f'stroke-dasharray="{dash}"/>{marker_shape(shape, colour, 18, 6)}</svg>')
        items.append(f"<li>{sample}{html_text(name)}</li>")
    return '<ul class="legend">' + "".join(items) + "</ul>"
