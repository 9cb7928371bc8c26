"""Turn the text of a game log into typed events, game by game, with error recovery.

This is the public face of reading a log (:func:`decode_log`, :func:`parse_text`,
:func:`iter_games`, :class:`ParsedLog`) and the driver of the parse. The grammar
(``grammar/scala40.lark``) is the contract and Lark's LALR parser applies it; its
callbacks, here, build the events directly, so no parse tree is ever made. Since the
format has one event a line, every line parses on its own: plain lines go through the
fast path of :mod:`scala40cli.reading.fastlines`, and runs of the other lines go to Lark.

A syntax error costs its own line only: the problem is recorded (in words, by
:mod:`scala40cli.reading.syntax_errors`), an :class:`Unparsed` marker takes the place of the
line, and parsing goes on at the next line; the referee judges the hand without it.
A line over the bounds of :mod:`scala40cli.reading.limits` is an error of the same kind; the
events of a hand beyond its limit give way to one marker, and that hand is not judged
further.
"""

from __future__ import annotations

import ast
import contextlib
import gc
import os
import re
import sys
import tempfile
import threading
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, VisitError

from scala40cli.judging.results import Problem
from scala40cli.judging.violations import Code
from scala40cli.reading.chunks import Cut
from scala40cli.reading.events import (
    Attach,
    Buy,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    GameLog,
    HandStart,
    Meld,
    Reshuffle,
    Score,
    Stock,
    Swap,
    TableCard,
    Tag,
    Take,
    Unparsed,
    Upcard,
)
from scala40cli.reading.fastlines import (
    BLANK,
    CARD,
    JOKERS,
    TABLE,
    UNKNOWN_CARD,
    cached_fast_event,
    dealt_cards,
    fast_path_safe,
    player_name,
)
from scala40cli.reading.limits import MAX_HAND_EVENTS, MAX_LINE_CHARS
from scala40cli.reading.resources import grammar_text, keyed_cache_file
from scala40cli.reading.syntax_errors import LineError, explain

#: A line that starts a hand or a game: an unreadable one still stands for a hand.
_BOUNDARY = re.compile(r"[ \t]*(?:\[|hand(?![\w.\-\u0300-\u036f]))")
#: Lines handed to Lark at once (any line boundary is a valid cut): fewer after an error.
_MAX_RUN, _MIN_RUN = 4096, 4


# --- the Lark side ----------------------------------------------------------------------


def _int(token: Token, offset: int) -> int:
    """A number of at most nine digits: larger ones are typing mistakes."""
    if len(token.lstrip("-")) > 9:
        line, column = cast(int, token.line) + offset, cast(int, token.column)
        raise LineError(line, column, f"'{token}' is too large a number")
    return int(token)


def _table_cards(token: Token, offset: int) -> tuple[TableCard, ...]:
    """The meld cards of one MCARDS token; a declaration only a joker may make."""
    try:
        return tuple([TABLE[code] for code in token.split()])
    except KeyError:
        pass
    for code in token.split():
        if code not in TABLE:
            line, column = cast(int, token.line) + offset, cast(int, token.column)
            column += token.index(code)
            if code.startswith(JOKERS):
                raise LineError(line, column, f"'{code}': a joker cannot stand for a joker")
            raise LineError(line, column,
                            f"'{code}': only a joker may declare the card it stands for")
    raise AssertionError("unreachable")  # pragma: no cover


class _EventBuilder(Transformer[Token, None]):
    """LALR callbacks: each appends its event to ``sink`` as soon as its line is reduced.

    ``offset`` is the number of lines before the text Lark is given, so events carry
    their line in the file. One instance serves every parse, under ``_LOCK``.
    """

    def __init__(self) -> None:
        super().__init__()
        self.sink: list[Event] = []
        self.offset = 0

    def _add(self, kind: Callable[..., Event], first: Token, **fields: object) -> None:
        line = cast(int, first.line) + self.offset
        self.sink.append(kind(line=line, column=first.column, **fields))

    def start(self, c: list[object]) -> None:
        return None

    def tag(self, c: list[Token]) -> None:
        self._add(Tag, c[0], name=str(c[1]), values=tuple(player_name(v) for v in c[2:]))

    def hand(self, c: list[Token]) -> None:
        self._add(HandStart, c[0], number=_int(c[1], self.offset))

    def dealer(self, c: list[Token]) -> None:
        self._add(Dealer, c[0], player=player_name(c[1]))

    def deal(self, c: list[Token]) -> None:
        cards = dealt_cards(c[2].split()) if len(c) > 2 else ()
        assert cards is not None  # the DEALT terminal holds only cards and ?
        self._add(Deal, c[0], player=player_name(c[1]), cards=cards)

    def upcard(self, c: list[Token]) -> None:
        self._add(Upcard, c[0], card=CARD[c[1]])

    def stock(self, c: list[Token]) -> None:
        self._add(Stock, c[0], cards=tuple([CARD[x] for x in c[1].split()]) if c[1:] else ())

    def reshuffle(self, c: list[Token]) -> None:
        self._add(Reshuffle, c[0])

    def score(self, c: list[Token]) -> None:
        pairs = tuple((player_name(c[i]), _int(c[i + 1], self.offset)) for i in range(1, len(c), 2))
        self._add(Score, c[0], entries=pairs)

    def draw(self, c: list[Token]) -> None:
        card = None if c[1] == UNKNOWN_CARD else CARD[c[1]]
        self._add(Draw, c[0], player=player_name(c[0]), card=card)

    def take(self, c: list[Token]) -> None:
        self._add(Take, c[0], player=player_name(c[0]), card=CARD[c[1]] if c[1:] else None)

    def meld(self, c: list[Token]) -> None:
        self._add(Meld, c[0], player=player_name(c[0]), cards=_table_cards(c[1], self.offset))

    def attach(self, c: list[Token]) -> None:
        cards = _table_cards(c[1], self.offset)
        self._add(Attach, c[0], player=player_name(c[0]), cards=cards, meld=_int(c[2], self.offset))

    def swap(self, c: list[Token]) -> None:
        meld = _int(c[2], self.offset)
        self._add(Swap, c[0], player=player_name(c[0]), card=CARD[c[1]], meld=meld)

    def buy(self, c: list[Token]) -> None:
        self._add(Buy, c[0], player=player_name(c[0]), card=CARD[c[1]])

    def discard(self, c: list[Token]) -> None:
        self._add(Discard, c[0], player=player_name(c[0]), card=CARD[c[1]])


_LOCK = threading.Lock()


@cache
def _lark() -> tuple[Lark, _EventBuilder]:
    """The LALR parser, built once a process; its transformer makes events, never a tree."""
    builder = _EventBuilder()
    return _cached_lark(grammar_text(), builder), builder


#: How the grammar is built: LALR, callbacks in place of a tree.
_LARK_OPTIONS: dict[str, object] = {"parser": "lalr", "lexer": "contextual",
                                    "maybe_placeholders": False, "propagate_positions": False}


def _cached_lark(grammar: str, builder: _EventBuilder) -> Lark:
    """The parser of ``grammar``, read from the user's cache folder when it was built
    before (building its tables costs more than the rest of a small run), else built
    and saved there for the next run.

    The file is named after a hash of the grammar, the options, Lark's and Python's
    versions, and holds its own name on its first line: a stale, foreign, truncated or
    broken file is never used, the parser is built instead. It is written under a
    temporary name and renamed, so another process never reads half of it; a cache
    folder that cannot be written costs only the time.
    """
    from lark import __version__ as lark_version

    path = keyed_cache_file("parser", grammar, lark_version, str(sys.version_info[:2]),
                            repr(sorted(_LARK_OPTIONS.items())))
    loaded = None if path is None else _load_parser(path, builder)
    if loaded is not None:
        return loaded
    parser = Lark(grammar, transformer=builder, **_LARK_OPTIONS)
    if path is not None:
        _save_parser(parser, path)
    return parser


def _load_parser(path: Path, builder: _EventBuilder) -> Lark | None:
    """The parser saved at ``path``, or None when there is none that can be trusted.

    The file holds Python literals only (read with ``ast.literal_eval``, which runs no
    code), not a pickle: a file in the cache folder is no way to run code."""
    try:
        text = path.read_text(encoding="utf-8")
        first, _, body = text.partition("\n")
        if first != path.name:
            return None
        # What Lark's own ``cache=`` does, with our callbacks; Lark.load takes none.
        loaded = Lark.__new__(Lark)._load(ast.literal_eval(body), transformer=builder)
    except Exception:  # missing, unreadable, truncated or not a saved parser: build it
        return None
    return loaded if loaded.options.transformer is builder else None


def _save_parser(parser: Lark, path: Path) -> None:
    """Save ``parser`` at ``path`` whole or not at all; never raises."""
    from lark.grammar import Rule
    from lark.lark import _LOAD_ALLOWED_OPTIONS
    from lark.lexer import TerminalDef

    temporary: str | None = None
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        data["options"] = {name: value for name, value in data["options"].items()
                           if name not in _LOAD_ALLOWED_OPTIONS}  # as Lark.save does
        text = f"{path.name}\n{ {'data': data, 'memo': memo}!r}\n"
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".parser-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except Exception:  # an unwritable folder, a full disk: next time it is built again
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


# --- driving the parse: runs, recovery, games ---------------------------------------------


def _parse_run(lines: list[str], start: int, stop: int, sink: list[Event], base: int = 0
               ) -> Problem | None:
    """Parse ``lines[start:stop]`` with Lark into ``sink``; the first error, if any.

    Events before the error stay in ``sink``: each is appended when its line is reduced.
    ``base`` is the number of file lines before ``lines[0]``: events and problems carry
    their line in the file.
    """
    parser, builder = _lark()
    with _LOCK, _gc_paused():
        builder.sink, builder.offset = sink, base + start
        try:
            parser.parse("\n".join(lines[start:stop]) + "\n")
            return None
        except Exception as raised:  # no input may crash the parser
            exc = raised.orig_exc if isinstance(raised, VisitError) else raised
            line = _error_line(exc, start, stop, base)
        finally:
            builder.sink = []
    text = lines[line - 1].rstrip("\r")
    if isinstance(exc, (UnexpectedInput, LineError)):
        column, message = explain(exc, text)
    else:  # pragma: no cover - a bug in a callback, reported rather than raised
        column, message = 1, f"this line could not be read ({type(exc).__name__})"
    return Problem(code=Code.SYNTAX_ERROR, message=message, line=base + line, column=column,
                   context=text)


def _error_line(exc: BaseException, start: int, stop: int, base: int = 0) -> int:
    """The 1-based line, within ``lines``, of an error raised parsing ``lines[start:stop]``."""
    if isinstance(exc, LineError):
        return exc.line - base
    relative = getattr(exc, "line", None)
    if not isinstance(relative, int) or relative < 1:
        relative = 1
    return min(start + relative, stop)


class _Games:
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
        markers = [id(e) for e in done if type(e) is Unparsed]
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


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector while events are built.

    Hundreds of thousands of small events, none in a cycle, would otherwise set off
    full collections that find nothing and take half the parse time. Never held across
    a ``yield`` to the caller.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _fast_run(lines: list[str], start: int, stop: int, append: Callable[[Event], None],
              base: int = 0) -> tuple[int, Tag | None]:
    """Append the events of plain lines from ``start`` on; the index of the first other
    line, and its tag if it is a tag line (a tag may start a game: the caller sees to it)."""
    fast = cached_fast_event
    with _gc_paused():
        for i in range(start, stop):
            event = fast(lines[i], base + i + 1)
            if event is None:
                return i, None
            if event is BLANK:
                continue
            if type(event) is Tag:
                return i, event
            append(event)
    return stop, None


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
    games = _Games(first_index)
    events = games.events
    append = events.append
    i, run = 0, _MAX_RUN
    while i < count:
        # Lines over the limit are never read: ``end`` is the next one (else the end).
        end = too_long[bisect_left(too_long, i)] if too_long and i <= too_long[-1] else count
        if fast and i < end:
            before = len(events)
            i, tag = _fast_run(lines, i, end, append, base)
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
    (in characters) and byte offset, so it can be found in any editor.
    """
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
                   message=f"invalid UTF-8 at byte offset {offset} (byte 0x{data[offset]:02X})")
