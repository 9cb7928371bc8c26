"""Reading a JSON Lines log a game at a time: its lines cut into games, each game's
objects built straight into events.

A JSON Lines log (docs/events-json.md) is read as a ``.s40`` log is
(:mod:`scala40cli.reading.chunks`, :mod:`scala40cli.reading.parser`), with the same
bounds and the same games:

- :func:`json_chunks` cuts the raw lines into the chunks of single games, with every
  bound of :mod:`scala40cli.reading.limits` held while reading: a game's lines, bytes
  and hands, a line read at most 64 KiB at a time. It looks at a line's bytes only
  (the first letters of its verb, where the line starts with it; else whether it
  holds ``"tag"``, ``"hand"``, ``"comment"`` or an escape), and decodes only the few
  that may be a tag, a hand or a comment line. The lines after a
  bound are counted and skipped, never kept, so junk cannot fill memory whatever its
  size: a game keeps at most ``MAX_GAME_LINES`` problems, as a ``.s40`` game does.
- :func:`read_chunk` (in this process, or in a worker with ``--jobs``) decodes each
  line of a chunk, builds its event (:mod:`scala40cli.reading.event_objects`) and cuts
  the events into games (:class:`~scala40cli.reading.games.Games`). A line met before
  is not decoded again: its event is rebuilt on the new line number, as the ``.s40``
  reader does with repeated lines.

A line that is not an event is an ``F003`` on its line (an ``F002`` if it is not UTF-8),
an :class:`~scala40cli.reading.events.Unparsed` marker takes its place, and the referee
judges the hand without it, as after a syntax error in a ``.s40`` log. Such a problem
names the player and the hand wherever the object does. Every problem of a JSON log
also carries the index of its event (:attr:`~scala40cli.model.results.Problem.event`):
the place of the object among the log's objects, which is the place of a dict in the
list :func:`scala40cli.api.audit_events` was given.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import BinaryIO, Final, cast

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.chunks import (
    _LONG,
    BOM,
    READ_PIECE,
    Chunk,
    Cut,
    WholeFile,
    _Open,
    _rare,
    _rest_of_long_line,
)
from scala40cli.reading.event_objects import (
    COMMENT_KEY,
    CommentLine,
    EventJsonError,
    named_player,
    names_hand,
    names_tag,
    read_event,
)
from scala40cli.reading.events import Deal, Event, GameLog, HandStart, Score, Stock, Tag, Unparsed
from scala40cli.reading.fastlines import LINE_CACHE_SIZE, at_line
from scala40cli.reading.games import Games
from scala40cli.reading.json_files import head_lines, head_problem
from scala40cli.reading.json_words import (
    DECODER,
    TooDeep,
    check_depth,
    decode_error,
    line_hint,
    not_utf8,
    number_too_long,
)
from scala40cli.reading.limits import MAX_GAME_BYTES, MAX_GAME_HANDS, MAX_GAME_LINES, MAX_LINE_CHARS

#: What a line is, for cutting games: nothing, a game's first tag, a hand, or else.
_BLANK: Final = 0
_TAG: Final = 1
_HAND: Final = 2
_COMMENT: Final = 3
_OTHER: Final = 4
_SPACES = b" \t\r\n"
_BRACE: Final = 0x7B  # "{", the first byte of most lines


#: How ``convert`` (and most writers) start a line: the verb's first letter follows.
_VERB_FIRST: Final = b'{"verb": "'


def _plain(line: bytes) -> bool:
    """A line that cannot be a tag, a hand or a comment line. Most are told by the
    first letters of their verb, where a writer such as ``convert`` puts it first
    (``d`` draw, deal, dealer, discard; ``m``, ``a``, ``s``, ``u``, ``r``, ``b``;
    ``tak`` take): what cutting a JSON log costs the reading process (``--jobs``). A
    line with a second ``verb`` key could still name a tag: such a line only moves
    where a chunk ends, as the games inside a chunk are cut again by the reader. The
    others hold none of those verbs as a JSON string, nor an escape (which may spell
    anything)."""
    if len(line) > 13 and line.startswith(_VERB_FIRST):
        first = line[10]
        if first == 0x64 or first == 0x6D or first == 0x61 or first == 0x73 \
                or first == 0x75 or first == 0x72 or first == 0x62 \
                or (first == 0x74 and line[12] == 0x6B):
            return True
    return (b'"tag"' not in line and b'"hand"' not in line and b"\\" not in line
            and b'"comment"' not in line)
#: The mark of an inline acceptance in a comment (``; scala40: ignore T004``), lowered
#: and upper-cased alike by its digits: see :mod:`scala40cli.audit.ignores`.
_IGNORE_MARK = "40:"


@dataclass(frozen=True, slots=True)
class JsonChunk:
    """The raw JSON lines of one game (``chunk.data``), and the index of the first
    object among the log's objects (its non-blank lines)."""

    chunk: Chunk
    first_event: int = 0

    def __reduce__(self) -> tuple[type[JsonChunk], tuple[Chunk, int]]:
        return JsonChunk, (self.chunk, self.first_event)  # by position: sent for each game


def _kind(line: bytes) -> int:
    """What a raw line is, read from its bytes; decoded only when it might be a tag, a
    hand or a comment line (see :func:`_plain`)."""
    if (not line or line[0] != _BRACE) and not line.strip(_SPACES):
        return _BLANK
    if _plain(line):
        return _OTHER
    try:
        value = DECODER.decode(line.decode("utf-8"))
    except (ValueError, RecursionError):  # not JSON, not UTF-8: read as an event
        return _OTHER
    if names_tag(value):
        return _TAG
    if names_hand(value):
        return _HAND
    if isinstance(value, dict) and value.get("verb") == "comment":
        return _COMMENT
    return _OTHER


def json_chunks(source: BinaryIO | Iterable[bytes]) -> Iterator[JsonChunk]:
    """Cut a JSON Lines log into the chunks of its games (see the module): ``source``
    is a binary stream, read a line at most :data:`READ_PIECE` bytes at a time, or its
    lines (with their line ends)."""
    readline: Callable[[], bytes] | None = None
    if hasattr(source, "readline"):
        readline = partial(cast(BinaryIO, source).readline, READ_PIECE)
        lines: Iterator[bytes] = iter(readline, b"")
    else:
        lines = iter(source)
    heads = head_lines(lines)
    whole = head_problem(heads)
    if whole is not None:  # UTF-16, or JSON over several lines: one problem, lines counted
        cut = WholeFile(1, 1, len(heads) + sum(1 for _ in lines), "", *whole)
        yield JsonChunk(Chunk(first_line=1, offset=0, data=b"", cut=cut))
        return
    head = heads[0] if heads else b""
    offset = len(BOM) if head.startswith(BOM) else 0
    lines = chain((head[offset:],), heads[1:], lines) if heads else lines
    chunk = _Open(first_line=1, offset=offset, number=1)
    keep, seen_event, number, hands, objects, first_object = \
        chunk.pieces.append, False, 0, 0, 0, 0
    last_line, room = MAX_GAME_LINES, MAX_GAME_BYTES
    for line in lines:
        number += 1
        read = len(line)
        kind = _OTHER if read and line[0] == _BRACE and _plain(line) else _kind(line)
        if kind == _TAG:
            if seen_event:
                yield JsonChunk(chunk.chunk(), first_object)
                chunk = _Open(first_line=number, offset=offset, number=chunk.number + 1)
                keep, seen_event, hands, first_object = chunk.pieces.append, False, 0, objects
                last_line, room = number - 1 + MAX_GAME_LINES, MAX_GAME_BYTES
        elif kind == _HAND:
            seen_event = True
            hands += 1
            if hands > MAX_GAME_HANDS and not chunk.cut_from:
                chunk.skip(number, f"{MAX_GAME_HANDS:,} hands")
                last_line = number - 1
        elif kind == _OTHER:
            seen_event = True
        objects += kind != _BLANK
        if read >= _LONG or number > last_line:
            chunk.size = MAX_GAME_BYTES - room
            if read >= _LONG and readline is not None and not line.endswith(b"\n"):
                offset = _rare(chunk, _rest_of_long_line(line, readline), number, offset)
            else:
                offset = _rare(chunk, line, number, offset, read)
            room = MAX_GAME_BYTES - chunk.size
            continue
        room -= read
        if room < 0:
            room += read
            chunk.skip(number)
            last_line = number - 1
        else:
            keep(line)
        offset += read
    if chunk.pieces or chunk.cut_from:
        yield JsonChunk(chunk.chunk(), first_object)


# --- one chunk's games ----------------------------------------------------------------------

#: Events of lines met before, by the line's bytes (emptied when full); lines with a
#: comment, and events that hardly repeat, are not kept (see ``fastlines._remember``).
_known: dict[bytes, Event] = {}
_NOT_REMEMBERED = (Deal, Stock, Score, Tag)


@dataclass(frozen=True, slots=True)
class JsonRead:
    """What a chunk of a JSON Lines log holds: its games and problems in file order, the
    comments that may accept violations (line -> text), and where its objects are: the
    chunk's first line and its blank lines, and the index of its first object among
    the log's (for :func:`event_index`)."""

    items: list[GameLog | Problem]
    comments: dict[int, str]
    first_line: int
    #: The lines of the chunk that hold no object (blank), in order: rare.
    blank_lines: list[int]
    first_event: int


class _Reader:
    """The events of one chunk, cut into games as they come."""

    def __init__(self, first_index: int) -> None:
        self.games = Games(first_index)
        self.events = self.games.events
        self.items: list[GameLog | Problem] = []
        self.comments: dict[int, str] = {}
        self.hand = 0  # the number of the last hand begun, 0 before the first

    def add(self, event: Event) -> None:
        self.events.append(event)
        kind = type(event)
        if kind is Tag:
            self.items.extend(self.games.split_new(len(self.events) - 1))
            return
        self.games.header = False
        if kind is HandStart:
            self.hand = cast(HandStart, event).number

    def bad(self, number: int, message: str, value: object = None,
            context: str | None = None, code: Code = Code.SYNTAX_ERROR) -> None:
        """A line that is no event: its problem, and a marker in its place (that of a
        hand object still stands for a hand; that of a tag object is the header's)."""
        starts_hand, header = names_hand(value), names_tag(value)
        player = named_player(value)
        hand = self.hand + 1 if starts_hand else self.hand
        problem = Problem(code=code, line=number, column=1, message=message, context=context,
                          hand=hand or None, player=player)
        marker = Unparsed(number, 1, number, starts_hand, False, player)
        if starts_hand:
            self.hand = hand
        self.games.mark(marker, problem, header=header)
        self.items.extend(self.games.split_new(len(self.events) - 1))

    def read(self, value: object, number: int, text: str | None) -> Event | None:
        """The event of a decoded value (None for a comment line, or a value that is
        no event: then its problem is recorded)."""
        try:
            item, comment = read_event(value, number)
        except EventJsonError as error:  # the line shown as written, without its CR
            self.bad(number, str(error), value, None if text is None else text.rstrip("\r"))
            return None
        if comment is not None and _IGNORE_MARK in comment:
            self.comments[number] = comment
        if isinstance(item, CommentLine):
            return None
        self.add(item)
        return item

    def close(self, cut: Cut | None) -> None:
        if cut is not None:
            marker = Unparsed(line=cut.first_line, column=1, end_line=cut.last_line)
            self.games.mark(marker, cut.problem(), header=False)
        self.items.extend(self.games.close())


def read_chunk(unit: JsonChunk) -> JsonRead:
    """The games and problems of a chunk of JSON lines (see the module)."""
    chunk = unit.chunk
    reader = _Reader(chunk.number)
    games, events = reader.games, reader.events
    long_lines = dict(chunk.long_lines)
    known, blank_lines = _known, []
    number = chunk.first_line - 1
    for raw in chunk.data.split(b"\n"):
        number += 1
        if not raw or raw[0] != _BRACE:
            if not raw.strip(_SPACES):
                blank_lines.append(number)
                continue
        else:
            event = known.get(raw)
            if event is not None:  # the commonest line: inline, what reader.add does
                event = at_line(event, number)
                if type(event) is HandStart:
                    reader.add(event)
                else:  # never a Tag: tags are not remembered
                    events.append(event)
                    games.header = False
                continue
        if long_lines and number in long_lines:
            reader.bad(number, _too_long(number, long_lines[number]))
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            reader.bad(number, not_utf8(raw, error), code=Code.BAD_ENCODING)
            continue
        if len(text) - text.endswith("\r") > MAX_LINE_CHARS:
            reader.bad(number, _too_long(number, len(text) - text.endswith("\r")))
            continue
        try:
            check_depth(text)
            value = DECODER.decode(text)
        except json.JSONDecodeError as error:
            words, _line, column = decode_error(error)
            reader.bad(number, f"not JSON: {words} (column {column}){line_hint(error)}", None,
                       text.rstrip("\r"))
            continue
        except (TooDeep, RecursionError):
            reader.bad(number, "not an event: JSON nested too deeply")
            continue
        except EventJsonError as error:
            reader.bad(number, str(error), None, text.rstrip("\r"))
            continue
        except ValueError:  # what is left: an integer longer than Python converts
            reader.bad(number, number_too_long())
            continue
        made = reader.read(value, number, text)
        if made is not None and type(made) not in _NOT_REMEMBERED and COMMENT_KEY not in value:
            if len(known) >= LINE_CACHE_SIZE:
                known.clear()
            known[raw] = made
    reader.close(chunk.cut)
    if blank_lines and blank_lines[-1] == number:
        blank_lines.pop()  # what follows the last line end is no line
    return JsonRead(reader.items, reader.comments, chunk.first_line, blank_lines,
                    unit.first_event)


def read_values(values: Iterable[object]) -> Iterator[JsonRead]:
    """The games of objects already decoded (:func:`scala40cli.api.audit_events`), a game
    at a time, under the bounds of a game's lines and hands: object ``i`` (from 0)
    stands on line ``i + 1``, as in the JSON Lines those objects would be written as."""
    reader, seen_event, hands, first, chunk_number = _Reader(1), False, 0, 1, 1
    cut_from, cut_to, bound = 0, 0, ""
    number = 0
    for number, value in enumerate(values, start=1):
        if names_tag(value):
            if seen_event:
                cut = Cut(first, cut_from, cut_to, bound) if cut_from else None
                reader.close(cut)
                yield JsonRead(reader.items, reader.comments, first, [], first - 1)
                chunk_number += 1
                reader, seen_event, hands, first = _Reader(chunk_number), False, 0, number
                cut_from, bound = 0, ""
        elif names_hand(value):
            seen_event = True
            hands += 1
            if hands > MAX_GAME_HANDS and not cut_from:
                cut_from, bound = number, f"{MAX_GAME_HANDS:,} hands"
        elif not (isinstance(value, dict) and value.get("verb") == "comment"):
            seen_event = True
        if not cut_from and number - first >= MAX_GAME_LINES:
            cut_from, bound = number, f"{MAX_GAME_LINES:,} lines"
        if cut_from:
            cut_to = number
            continue
        reader.read(value, number, None)
    if number:
        reader.close(Cut(first, cut_from, cut_to, bound) if cut_from else None)
        yield JsonRead(reader.items, reader.comments, first, [], first - 1)


def _too_long(number: int, length: int) -> str:
    return (f"line {number} is {length:,} characters long; the limit is "
            f"{MAX_LINE_CHARS:,}: the line is not read")


def event_index(read: JsonRead, line: int) -> int:
    """The index among the log's objects of the object on ``line``."""
    return read.first_event + (line - read.first_line) - bisect_left(read.blank_lines, line)


__all__ = ["JsonChunk", "JsonRead", "event_index", "json_chunks", "read_chunk", "read_values"]
