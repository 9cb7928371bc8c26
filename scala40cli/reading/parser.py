"""Turn the text of a game log into typed events, game by game, with error recovery.

This is the public face of reading a log (:func:`decode_log`, :func:`parse_text`,
:func:`iter_games`, :class:`ParsedLog`) and the driver of the parse. The grammar
(``grammar/scala40.lark``) is the contract and Lark's LALR parser applies it
(:mod:`scala40cli.reading.lark_parser`); its callbacks build the events directly
(:mod:`scala40cli.reading.lark_events`), so no parse tree is ever made. Since the
format has one event a line, every line parses on its own: plain lines go through the
fast path of :mod:`scala40cli.reading.fastlines`, and runs of the other lines go to Lark.
:mod:`scala40cli.reading.games` cuts the events into games.

A syntax error costs its own line only: the problem is recorded (in words, by
:mod:`scala40cli.reading.syntax_errors`), an :class:`Unparsed` marker takes the place of the
line, and parsing goes on at the next line; the referee judges the hand without it.
A line over the bounds of :mod:`scala40cli.reading.limits` is an error of the same kind; the
events of a hand beyond its limit give way to one marker, and that hand is not judged
further.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.chunks import Cut, byte_said
from scala40cli.reading.events import Event, GameLog, Tag, Unparsed
from scala40cli.reading.fastlines import BLANK, cached_fast_event, fast_path_safe, fast_run
from scala40cli.reading.games import Games
from scala40cli.reading.limits import MAX_LINE_CHARS
from scala40cli.reading.log_files import NUL_BYTES, nul_first_line
from scala40cli.reading.words import SPELLINGS, Word

#: A line that starts a hand (in any language) or a game: an unreadable one still
#: stands for a hand.
_BOUNDARY: Final = re.compile(r"[ \t]*(?:\[|(?:" + "|".join(SPELLINGS[Word.HAND].values())
                       + r")(?![\w.\-\u0300-\u036f]))")
#: Lines handed to Lark at once (any line boundary is a valid cut): fewer after an error.
_MAX_RUN: Final = 4096
_MIN_RUN: Final = 4


def _too_long_lines(lines: list[str], count: int, size: int, base: int,
                    long_lines: Mapping[int, int]) -> list[int]:
    """The indexes of the lines over ``MAX_LINE_CHARS`` (line end not counted), in order:
    those of the text, and those of ``long_lines`` (file line -> length) that the reading
    left out of it."""
    found = [number - base - 1 for number in long_lines]
    if size > MAX_LINE_CHARS and max(map(len, lines)) > MAX_LINE_CHARS:
        found += [i for i in range(count)
                  if len(lines[i]) - lines[i].endswith("\r") > MAX_LINE_CHARS]
    return sorted(set(found)) if long_lines else found


def _line_too_long(line: str, number: int, length: int | None = None) -> Problem:
    """The problem of a line over the limit: it is not read, nor shown in the report."""
    if length is None:
        length = len(line) - line.endswith("\r")
    return Problem(code=Code.SYNTAX_ERROR, line=number, column=1,
                   message=f"line {number} is {length:,} characters long; the limit is "
                           f"{MAX_LINE_CHARS:,}: the line is not read")


def _parse_run(lines: list[str], start: int, stop: int, sink: list[Event], base: int
               ) -> Problem | None:
    """The grammar's reading of the lines the fast path leaves (see
    :func:`scala40cli.reading.lark_parser.parse_run`). Lark is imported on the first
    such line: a log the fast path reads whole, as most are, never loads it (a fifth of
    the start-up of a short ``replay``)."""
    from scala40cli.reading.lark_parser import parse_run

    return parse_run(lines, start, stop, sink, base)


def iter_games(text: str, *, fast_path: bool = True, first_line: int = 1,
               first_index: int = 1, long_lines: Mapping[int, int] | None = None,
               cut: Cut | None = None) -> Iterator[GameLog | Problem]:
    """The games of a log in file order, each followed by the syntax errors inside it.

    ``fast_path=False`` parses every line with the grammar; the result is the same.
    ``first_line`` and ``first_index`` say where ``text`` starts in its file (its line,
    and the number of its first game) when a file is read a piece at a time.
    ``long_lines`` (file line -> length in characters) and ``cut`` are what the reading
    left out of ``text`` (:mod:`scala40cli.reading.chunks`): each is reported as ``F003``.
    """
    base = first_line - 1
    lines = text.split("\n")
    count = len(lines) - 1 if lines[-1] == "" else len(lines)
    fast = fast_path and fast_path_safe(text)
    long_lines = long_lines or {}
    too_long = _too_long_lines(lines, count, len(text), base, long_lines)
    games = Games(first_index)
    events = games.events
    append = events.append
    i, run = 0, _MAX_RUN
    while i < count:
        # Lines over the limit are never read: ``end`` is the next one (else the end).
        end = too_long[bisect_left(too_long, i)] if too_long and i <= too_long[-1] else count
        if fast and i < end:
            before = len(events)
            i, tag = fast_run(lines, i, end, append, base)
            games.header = games.header and len(events) == before
            if tag is not None:
                append(tag)
                yield from games.split_new(len(events) - 1)
                i += 1
                continue
            if i == count:
                break
        stop, held = i + 1, None
        while stop < end and stop - i < run:
            held = cached_fast_event(lines[stop], base + stop + 1) if fast else None
            if held is not None:
                break
            stop += 1
        first = len(events)
        problem = (_line_too_long(lines[i], base + i + 1, long_lines.get(base + i + 1))
                   if i == end else _parse_run(lines, i, stop, events, base))
        yield from games.split_new(first)
        if problem is None:
            if type(held) is Tag:  # read on its own step, as it may start a game
                i, run = stop, min(run * 4, _MAX_RUN)
                continue
            if held is not None and held is not BLANK:
                append(held)
                games.header = False
            i, run = stop + (held is not None), min(run * 4, _MAX_RUN)
            continue
        i, run = problem.line - base, _MIN_RUN  # keep the work lost on the next error small
        bad_line = lines[i - 1].lstrip(" \t")  # reading resumes at the next line
        marker = Unparsed(line=problem.line, column=problem.column, end_line=base + i,
                          starts_hand=_BOUNDARY.match(bad_line) is not None and bad_line[:1] != "[")
        games.mark(marker, problem, header=bad_line[:1] == "[")
        yield from games.split_new(len(events) - 1)
    if cut is not None:
        marker = Unparsed(line=cut.first_line, column=1, end_line=cut.last_line)
        games.mark(marker, cut.problem(), header=False)
    yield from games.close()


@dataclass(frozen=True, slots=True)
class ParsedLog:
    """A whole file: its games, and the syntax errors found while reading them."""

    games: tuple[GameLog, ...]
    errors: tuple[Problem, ...]


def parse_text(text: str, *, fast_path: bool = True) -> ParsedLog:
    """Parse a whole log. Never raises: every problem of the text is in ``errors``."""
    games: list[GameLog] = []
    errors: list[Problem] = []
    for item in iter_games(text, fast_path=fast_path):
        if isinstance(item, GameLog):
            games.append(item)
        else:
            errors.append(item)
    return ParsedLog(games=tuple(games), errors=tuple(errors))


def decode_log(data: bytes) -> str | Problem:
    """The text of a log file: UTF-8, a leading byte-order mark dropped.

    Invalid UTF-8 is a file error pointing at the first bad byte, by line, column
    (in characters) and byte offset, so it can be found in any editor; NUL bytes in the
    first line (UTF-16 without its byte order mark) are one error for the file.
    """
    head = data[:data.find(b"\n") + 1 or len(data)]
    if nul_first_line(head):  # UTF-16 without its byte order mark
        return Problem(code=Code.BAD_ENCODING, line=1, column=1, message=NUL_BYTES)
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        return data[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = bom + exc.start
    line_start = max(data.rfind(b"\n", 0, offset) + 1, bom)
    line_end = data.find(b"\n", offset)
    line_end = len(data) if line_end < 0 else line_end
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    context = data[line_start:line_end].decode("utf-8", errors="replace").rstrip("\r")
    return Problem(code=Code.BAD_ENCODING, line=data.count(b"\n", 0, offset) + 1,
                   column=column, context=context if len(context) <= MAX_LINE_CHARS else None,
                   message=f"invalid UTF-8 at byte offset {offset} "
                           f"(byte {byte_said(data[line_start:line_end], offset - line_start)})")
