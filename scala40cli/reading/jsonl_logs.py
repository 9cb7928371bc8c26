"""Game logs written as JSON Lines: replaying them, and converting to and from ``.s40``.

A JSON Lines log (:mod:`scala40cli.reading.events_json`) has one object for each line of a
``.s40`` log, so it is replayed by turning each JSON line into that line: the same
chunks, the same parser, the same referee, hence the same violations on the same
events, on the same line numbers (the report names the JSON line). A JSON line that
cannot be read (not JSON, not an event) becomes a line the parser cannot read either,
so the rest of its hand is not judged, exactly as after a syntax error in a ``.s40``
log; its ``F003`` then says, in words, what is wrong with the JSON. A problem has no
useful column in a JSON line (the line is one object): every column is reported as 1.
"""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from scala40cli.cli.choices import INPUT_FORMATS as INPUT_FORMATS
from scala40cli.model.results import GameResult, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.chunks import READ_PIECE, Chunk, game_chunks
from scala40cli.reading.comments import split_comment
from scala40cli.reading.events import Event
from scala40cli.reading.events_json import (
    CommentLine,
    EventJsonError,
    comment_object,
    event_object,
    read_object,
)
from scala40cli.reading.layout import format_log
from scala40cli.reading.limits import MAX_LINE_CHARS
from scala40cli.reading.parser import decode_log, parse_text
from scala40cli.reading.writer import event_line
from scala40cli.reporting.escape import json_safe

#: What a JSON line that cannot be read becomes: a line no parser accepts.
_UNREADABLE = b"!\n"


# --- one JSON line as one line of a log --------------------------------------------------


def log_line(raw: bytes, number: int) -> tuple[bytes, Problem | None]:
    """The ``.s40`` line (with its LF) that a JSON line stands for, or the problem that
    keeps it from being read (then a line the parser rejects takes its place)."""
    try:
        text = raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as error:
        return _UNREADABLE, _problem(number, f"invalid UTF-8 at byte {error.start + 1} of "
                                     "the line", None, Code.BAD_ENCODING)
    if not text.strip():
        return b"\n", None
    if len(text) > MAX_LINE_CHARS:
        return _UNREADABLE, _problem(number, f"line {number} is {len(text):,} characters "
                                     f"long; the limit is {MAX_LINE_CHARS:,}: the line is "
                                     "not read", None)
    try:
        line = text_line(json.loads(text, parse_constant=_not_json), number)
        return (line + "\n").encode("utf-8"), None
    except json.JSONDecodeError as error:
        return _UNREADABLE, _problem(number, f"not JSON: {error.msg} (column {error.colno})",
                                     text)
    except RecursionError:
        return _UNREADABLE, _problem(number, "not an event: JSON nested too deeply", None)
    except UnicodeEncodeError as error:
        return _UNREADABLE, _problem(number, f"{error.object[error.start]!r} is half of a "
                                     "UTF-16 pair, not a character", text)
    except ValueError as error:  # EventJsonError, or a line the format cannot write
        return _UNREADABLE, _problem(number, str(error), text)


def _not_json(constant: str) -> object:
    """NaN and Infinity, which Python's reader takes but JSON does not have."""
    raise EventJsonError(f"not JSON: {constant} is not a JSON value")


def text_line(value: object, number: int) -> str:
    """The ``.s40`` line of a parsed JSON value; EventJsonError or ValueError if none."""
    item, comment = read_object(value, line=number)
    if isinstance(item, CommentLine):
        return item.text
    written = event_line(item)
    return written if comment is None else f"{written} {comment}"


def _problem(number: int, message: str, context: str | None,
             code: Code = Code.SYNTAX_ERROR) -> Problem:
    return Problem(code=code, line=number, column=1, message=message, context=context)


# --- replaying a JSON Lines log ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JsonChunk:
    """The chunk of one game of a JSON Lines log, as ``.s40`` lines, with the problems of
    its JSON lines (each put in place of the parser's on the same line)."""

    chunk: Chunk
    problems: tuple[Problem, ...]


class _Lines:
    """The ``.s40`` lines of JSON lines, keeping the problems met since last asked."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def read(self, lines: Iterable[bytes] | BinaryIO) -> Iterator[bytes]:
        for number, raw in enumerate(_bounded(lines), start=1):
            problem: Problem | None
            if raw is None:
                line, problem = _UNREADABLE, _problem(
                    number, f"line {number} is longer than {READ_PIECE:,} bytes, over the "
                    f"limit of {MAX_LINE_CHARS:,} characters: the line is not read", None)
            else:
                if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                line, problem = log_line(raw, number)
            if problem is not None:
                self.problems.append(problem)
            yield line

    def taken(self) -> tuple[Problem, ...]:
        found, self.problems = tuple(self.problems), []
        return found


def _bounded(source: Iterable[bytes] | BinaryIO) -> Iterator[bytes | None]:
    """The lines of a stream read at most :data:`READ_PIECE` bytes at a time, None for
    a longer line (read past, never kept), so that one huge line costs one piece; the
    lines of any other iterable as they are."""
    readline = getattr(source, "readline", None)
    if readline is None:
        yield from source
        return
    while line := readline(READ_PIECE):
        if len(line) < READ_PIECE or line.endswith(b"\n"):
            yield line
            continue
        while (more := readline(READ_PIECE)) and not more.endswith(b"\n"):
            pass
        yield None


def json_chunks(lines: Iterable[bytes] | BinaryIO) -> Iterator[JsonChunk]:
    """The chunks of the games of a JSON Lines log given as lines of bytes."""
    reader = _Lines()
    for chunk in game_chunks(reader.read(lines)):
        # game_chunks yields a game once it has read the next game's first line, a tag,
        # which has no problem: the problems met so far are this game's.
        yield JsonChunk(chunk, reader.taken())


Item = GameResult | Problem


def in_json_terms(judged: tuple[list[Item], ...], problems: Sequence[Problem]
                  ) -> tuple[list[Item], ...]:
    """The judged items of a JSON chunk, told in JSON terms: each JSON line's problem in
    place of the parser's on that line, and every column 1."""
    return tuple(_json_items(items, problems) for items in judged)


def _json_items(items: list[Item], problems: Sequence[Problem]) -> list[Item]:
    by_line = {problem.line: problem for problem in problems}
    placed: list[Item] = []
    for item in items:
        if isinstance(item, GameResult):
            placed.append(dataclasses.replace(item, violations=tuple(
                dataclasses.replace(v, column=1) for v in item.violations)))
        else:
            ours = by_line.pop(item.line, None)
            placed.append(dataclasses.replace(item, column=1) if ours is None else ours)
    return placed + list(by_line.values())  # never hide one, should the parser not see it


# --- convert: .s40 <-> JSON Lines -----------------------------------------------------------


def s40_to_jsonl(data: bytes) -> str | tuple[Problem, ...]:
    """The JSON Lines of a ``.s40`` log's bytes: an object for each event (with the
    comment after it on its line) and for each comment alone on its line; or the
    problems that keep it from being converted (``F002``, ``F003``), as ``fmt`` refuses
    them. Blank lines are layout, not content: they are left out."""
    text = decode_log(data)
    if isinstance(text, Problem):
        return (text,)
    parsed = parse_text(text)
    if parsed.errors:
        return parsed.errors
    events = iter([event for game in parsed.games for event in game.events])
    written: list[str] = []
    for number, line in enumerate(text.split("\n"), start=1):
        before, comment = split_comment(line, number)
        if before.strip(" \t\r"):
            written.append(_object_line(next(events), None if comment is None
                                        else comment.text))
        elif comment is not None:
            written.append(comment_line(comment.text))
    return "".join(written)


def _object_line(event: Event, comment: str | None = None) -> str:
    return json_safe(json.dumps(event_object(event, comment), ensure_ascii=False)) + "\n"


def comment_line(text: str) -> str:
    """The JSON line of a comment alone on its line."""
    return json_safe(json.dumps(comment_object(text), ensure_ascii=False)) + "\n"


def jsonl_to_s40(data: bytes) -> str | tuple[Problem, ...]:
    """The canonical ``.s40`` text of a JSON Lines log, as ``fmt`` writes it; or the
    problems of its lines (every one, each on its JSON line)."""
    reader = _Lines()
    text = b"".join(reader.read(io.BytesIO(data)))  # cut at LF only, as a file is read
    problems = reader.taken()
    if problems:
        return problems
    written = format_log(text)
    if isinstance(written, str):
        return written
    return tuple(dataclasses.replace(problem, column=1, context=None) for problem in written)
