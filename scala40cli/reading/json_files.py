"""What makes a whole file no JSON Lines log, said once for the file.

A JSON Lines log holds one event object a line. Two kinds of file hold events and are
not that, and a line-by-line reading gives one problem a line for them, hundreds for a
game, which hide what to do:

- a file in UTF-16 (a byte order mark, or NUL bytes in its first line): every line is
  not UTF-8;
- a JSON document written over several lines: pretty-printed objects (``{`` alone on
  the first line) or an array of events (``[``), which ``json.dump(indent=2)`` and
  many editors write;
- a ``.s40`` log under a ``.jsonl`` name (or read so): its first written line is a
  tag, a comment or a hand line. (The other way, JSON Lines read as a log, is
  :data:`~scala40cli.reading.chunks.JSON_LINES`.)

:func:`whole_file_problem` looks at the first line only (what is read already to tell
the format), or at the first line written after blank ones (:func:`head_lines`), and
says what the file is and what to do; the file's other lines are
counted, not read (:class:`~scala40cli.reading.chunks.WholeFile`, the chunk's cut: one
problem, the file's lines not judged). A ``.s40`` log whose first line holds NUL bytes
is one problem too (:data:`~scala40cli.reading.chunks.NUL_BYTES`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.log_files import BOM, NUL_BYTES, UTF16_MARKS, nul_first_line

#: Said of a file in UTF-16 (:data:`~scala40cli.reading.chunks.NUL_BYTES` of one with
#: NUL bytes in its first line, a ``.s40`` log's as well).
UTF16: Final = ("the file is in UTF-16, not UTF-8 as JSON Lines is: save it as UTF-8 "
                "(the file is not read)")
#: Said of a JSON document written over several lines: an array, or objects.
ARRAY: Final = (
    "the file is a JSON array of events, not JSON Lines, which holds one event object a "
    "line with nothing around it: write each event on one line (jq -c '.[]' does it) (the "
    "file is not read)")
PRETTY: Final = (
    "the file holds JSON objects written over several lines, not JSON Lines, which holds "
    "one event object a line: write each event on one line (jq -c . does it) (the file is "
    "not read)")


#: Blank lines looked past for the first written line: a document written over several
#: lines after more of them is read line by line (its problems said a line).
LEADING_BLANKS: Final = 1000


def is_blank(line: bytes) -> bool:
    """A line holding nothing but spaces (and the byte order mark, on line 1)."""
    return not line.removeprefix(BOM).strip(b" \t\r\n")


def head_lines(lines: Iterator[bytes]) -> list[bytes]:
    """The file's first lines, up to its first written one: one line, or blank lines
    and the line after them (none for an empty file; at most :data:`LEADING_BLANKS`
    blank ones). A document written over several lines shows on that line, wherever
    its blank lines put it."""
    head: list[bytes] = []
    for line in lines:
        head.append(line)
        if not is_blank(line) or len(head) > LEADING_BLANKS:
            break
    return head


def head_problem(head: list[bytes]) -> tuple[Code, str] | None:
    """:func:`whole_file_problem` of :func:`head_lines`: UTF-16 on line 1, a document
    over several lines on the first written line."""
    if not head:
        return None
    return whole_file_problem(head[0]) or (
        whole_file_problem(head[-1]) if len(head) > 1 else None)


#: Said of a ``.s40`` log read as JSON Lines (its first written line a whole tag or hand
#: line, which no JSON line is).
S40_LOG: Final = (
    "the file is a .s40 log (its first line is a tag or a hand line), not JSON Lines: "
    "give it a .s40 name or --input-format s40 (the file is not read)")
#: A ``.s40`` log's first written line, whole: a tag (``[Players "Anna" "Bruno"]``) or a
#: hand line. Only a whole one: a JSON line broken at its first byte stays a line of
#: the log, so that one broken line never hides the others.
_S40_LINE: Final = re.compile(
    rb'\[[A-Za-z][A-Za-z0-9_]*(?:[ \t]+"[^"]*")*[ \t]*\]|(?:hand|mano|manche)[ \t]+[0-9]+')


def whole_file_problem(head: bytes) -> tuple[Code, str] | None:
    """The code and words of a file whose first line (``head``, its BOM left on) shows
    it is no JSON Lines log, or None. A line of JSON Lines is one object: it never
    starts an array of objects (``[`` alone, ``[{``), nor ends with ``{``, ``[`` or a
    ``,`` after a key's value (one after a whole object, ``},``, is an array's line
    without its ``[``: said a line)."""
    if head.startswith(UTF16_MARKS):
        return Code.BAD_ENCODING, UTF16
    if nul_first_line(head):
        return Code.BAD_ENCODING, NUL_BYTES
    first = head.removeprefix(BOM).strip(b" \t\r\n")
    if first == b"[" or (first.startswith(b"[") and first[1:].lstrip().startswith(b"{")):
        return Code.SYNTAX_ERROR, ARRAY
    if first.startswith(b"{") and (first.endswith((b"{", b"[")) or (
            first.endswith(b",") and not first.endswith(b"},"))):
        return Code.SYNTAX_ERROR, PRETTY
    if _S40_LINE.fullmatch(first):
        return Code.SYNTAX_ERROR, S40_LOG
    return None


def _lines(data: bytes) -> Iterator[bytes]:
    """The lines of ``data`` with their line ends, one at a time (only the first few
    are read)."""
    start = 0
    while start < len(data):
        end = data.find(b"\n", start) + 1 or len(data)
        yield data[start:end]
        start = end


def file_problem(data: bytes) -> Problem | None:
    """:func:`head_problem` of a whole file's bytes, as the problem of the file, on its
    line 1."""
    found = head_problem(head_lines(_lines(data)))
    return None if found is None else Problem(code=found[0], line=1, column=1,
                                              message=found[1])
