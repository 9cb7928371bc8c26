"""Cutting the stream of events into games, and capping a hand at its limit of events.

The parser appends events (and the markers of unreadable lines) to one open game;
:class:`Games` says where a new game begins, emits each game as a :class:`GameLog`
followed by the syntax errors inside it, and cuts a hand over ``MAX_HAND_EVENTS``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Event, GameLog, HandStart, Tag, Unparsed
from scala40cli.reading.limits import MAX_HAND_EVENTS


class Games:
    """Cuts the event stream into games and numbers them.

    A game starts at a header tag that follows a non-tag event. The marker of an
    unreadable tag line counts as a tag; other markers count neither way. A game of
    markers only is no game: its errors are still reported.
    """

    def __init__(self, first_index: int = 1) -> None:
        self.events: list[Event] = []  # the open game; the same list all along
        self.problems: dict[int, Problem] = {}  # by id of the marker in the open game
        self.header_markers: set[int] = set()  # ids of markers of broken tag lines
        self.header = False  # the last event that counts was a tag
        self.count = first_index - 1

    def mark(self, marker: Unparsed, problem: Problem, header: bool) -> None:
        self.problems[id(marker)] = problem
        if header:
            self.header_markers.add(id(marker))
        self.events.append(marker)

    def split_new(self, start: int) -> Iterator[GameLog | Problem]:
        """Check events appended since ``start`` for tags that begin a new game."""
        events, i = self.events, start
        while i < len(events):
            event = events[i]
            if type(event) is Tag or id(event) in self.header_markers:
                if not self.header and i > 0:
                    yield from self.close(i)
                    i = 0
                self.header = True
            elif type(event) is not Unparsed:
                self.header = False
            i += 1

    def close(self, stop: int | None = None) -> Iterator[GameLog | Problem]:
        """Emit the open game up to ``stop`` (all of it by default), then its errors."""
        done = self.events[:stop]
        del self.events[:stop]
        # Every marker in the open game has its problem: none, no marker to look for.
        markers = [id(e) for e in done if type(e) is Unparsed] if self.problems else []
        if len(markers) < len(done):
            self.count += 1
            events = done
            if len(done) > MAX_HAND_EVENTS:  # a hand may be over the limit
                events = self._cap_hands(done)
                markers = self._in_order(markers, events)
            yield GameLog(index=self.count, line=done[0].line, last_line=done[-1].line,
                          events=tuple(events))
        self.header_markers.difference_update(markers)
        yield from (self.problems.pop(m) for m in markers)

    def _cap_hands(self, events: list[Event]) -> list[Event]:
        """The events of a game with each hand cut after ``MAX_HAND_EVENTS`` events.

        The rest of a hand over the limit, up to the next ``hand`` line (readable or
        not), gives way to one marker whose problem says why. Markers inside that rest
        are dropped from the game but keep their problems (see :meth:`_in_order`).
        """
        kept: list[Event] = []
        count, cut_from, hand = 0, -1, None
        for index, event in enumerate(events):
            kind = type(event)
            if kind is HandStart or (kind is Unparsed and cast(Unparsed, event).starts_hand):
                if cut_from >= 0:
                    kept.append(self._cut(events[cut_from:index], hand))
                    cut_from = -1
                count, hand = 0, event
            elif kind is not Tag:
                count += 1
                if count > MAX_HAND_EVENTS and cut_from < 0:
                    cut_from = index
            if cut_from < 0:
                kept.append(event)
        if cut_from >= 0:
            kept.append(self._cut(events[cut_from:], hand))
        return kept

    def _cut(self, cut: list[Event], hand: Event | None) -> Unparsed:
        """The marker, and its problem, of the events of a hand beyond the limit."""
        first, last = cut[0], cut[-1]
        end = last.end_line if isinstance(last, Unparsed) else last.line
        marker = Unparsed(line=first.line, column=first.column, end_line=end,
                          rest_of_hand=True)
        if isinstance(hand, HandStart):
            where = f"hand {hand.number} (line {hand.line}) has"
        elif hand is not None:
            where = f"the hand of line {hand.line} has"
        else:
            where = "the lines before the first hand line hold"
        lines = f"line {end} is" if end == first.line else f"lines {first.line} to {end} are"
        self.problems[id(marker)] = Problem(
            code=Code.SYNTAX_ERROR, line=first.line, column=first.column,
            message=f"{where} more than {MAX_HAND_EVENTS:,} events, the limit for a hand: "
                    f"{lines} not read")
        return marker

    def _in_order(self, markers: list[int], events: list[Event]) -> list[int]:
        """Every marker of a capped game, old and new, in the order of their problems."""
        found = set(markers) | {id(e) for e in events if type(e) is Unparsed}
        return sorted(found, key=lambda m: (self.problems[m].line, self.problems[m].column))

