"""JSON Lines logs as ``.s40`` text: one JSON line as the line of a log it stands for
(the viewer and the review, :func:`line_for_line`), and a whole JSON Lines log as its
canonical ``.s40`` text (``scala40 convert``).

A replay does not go through text: :mod:`scala40cli.reading.json_games` builds the
events straight from the decoded objects. Here each object is read by the same reader
(:mod:`scala40cli.reading.event_objects`) and written back by the canonical writer, so
the line a JSON line stands for holds the very event the replay judges. A JSON line
that cannot be read becomes a line the parser cannot read either, with the problem
that says, in words, what is wrong with the JSON (every column 1: a JSON line is one
object). The other way, ``.s40`` to JSON Lines, is written by
:mod:`scala40cli.reporting.events_jsonl`.
"""

from __future__ import annotations

import dataclasses
import json

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.event_objects import CommentLine, EventJsonError, read_event
from scala40cli.reading.json_files import file_problem
from scala40cli.reading.json_words import (
    DECODER,
    TooDeep,
    check_depth,
    decode_error,
    line_hint,
    not_utf8,
    number_too_long,
)
from scala40cli.reading.layout import format_log
from scala40cli.reading.limits import MAX_LINE_CHARS
from scala40cli.reading.writer import event_line

#: What a JSON line that cannot be read becomes: a line no parser accepts.
_UNREADABLE = b"!\n"


def log_line(raw: bytes, number: int) -> tuple[bytes, Problem | None]:
    """The ``.s40`` line (with its LF) that a JSON line stands for, or the problem that
    keeps it from being read (then a line the parser rejects takes its place)."""
    try:
        text = raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as error:
        return _UNREADABLE, _problem(number, not_utf8(raw, error), None, Code.BAD_ENCODING)
    if not text.strip():
        return b"\n", None
    if len(text) > MAX_LINE_CHARS:
        return _UNREADABLE, _problem(number, f"line {number} is {len(text):,} characters "
                                     f"long; the limit is {MAX_LINE_CHARS:,}: the line is "
                                     "not read", None)
    try:
        check_depth(text)
        value = DECODER.decode(text)
    except json.JSONDecodeError as error:
        words, _line, column = decode_error(error)
        return _UNREADABLE, _problem(
            number, f"not JSON: {words} (column {column}){line_hint(error)}", text)
    except (TooDeep, RecursionError):
        return _UNREADABLE, _problem(number, "not an event: JSON nested too deeply", None)
    except EventJsonError as error:  # NaN, Infinity, a key written twice
        return _UNREADABLE, _problem(number, str(error), text)
    except ValueError:  # what is left: an integer longer than Python converts
        return _UNREADABLE, _problem(number, number_too_long(), None)
    try:
        line = text_line(value, number)
    except ValueError as error:  # EventJsonError, or a line the format cannot write
        return _UNREADABLE, _problem(number, str(error), text)
    return (line + "\n").encode("utf-8"), None


def text_line(value: object, number: int) -> str:
    """The ``.s40`` line of a parsed JSON value; EventJsonError or ValueError if none."""
    item, comment = read_event(value, number)
    if isinstance(item, CommentLine):
        return item.text
    written = event_line(item)
    return written if comment is None else f"{written} {comment}"


def _problem(number: int, message: str, context: str | None,
             code: Code = Code.SYNTAX_ERROR) -> Problem:
    return Problem(code=code, line=number, column=1, message=message, context=context)


def line_for_line(lines: list[str], errors: list[Problem]) -> str:
    """The ``.s40`` text of a JSON Lines log's lines (decoded, without their line ends),
    one line for one, so that a line's number is the same in both; the problems of the
    lines that are no event go to ``errors`` (each such line one the parser turns away).
    The viewer and the review read a JSON Lines log so, and cite its own lines."""
    out: list[str] = []
    for number, line in enumerate(lines, start=1):
        written, problem = log_line(line.encode("utf-8"), number)
        if problem is not None:
            errors.append(problem)
        out.append(written.decode("utf-8").rstrip("\n"))
    return "\n".join(out) + "\n"


def jsonl_to_s40(data: bytes) -> str | tuple[Problem, ...]:
    """The canonical ``.s40`` text of a JSON Lines log, as ``fmt`` writes it; or the
    problems of its lines (every one, each on its JSON line), or the one problem of a
    file that is no JSON Lines log (in UTF-16, JSON over several lines)."""
    whole = file_problem(data)
    if whole is not None:
        return (whole,)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    written_lines: list[bytes] = []
    problems: list[Problem] = []
    pieces = data.split(b"\n")  # cut at LF only, as a file is read
    if pieces[-1] == b"":
        pieces.pop()  # the end of the last line
    for number, raw in enumerate(pieces, start=1):
        line, problem = log_line(raw, number)
        written_lines.append(line)
        if problem is not None:
            problems.append(problem)
    if problems:
        return tuple(problems)
    written = format_log(b"".join(written_lines))
    if isinstance(written, str):
        return written
    return tuple(dataclasses.replace(problem, column=1, context=None) for problem in written)
