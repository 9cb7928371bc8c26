"""What makes a whole file no JSON Lines log, said once for the file.

A JSON Lines log holds one event object a line. Two kinds of file hold events and are
not that, and a line-by-line reading gives one problem a line for them, hundreds for a
game, which hide what to do:

- a file in UTF-16 (a byte order mark, or NUL bytes in its first line): every line is
  not UTF-8;
- a JSON document written over several lines: pretty-printed objects (``{`` alone on
  the first line) or an array of events (``[``), which ``json.dump(indent=2)`` and
  many editors write.

:func:`whole_file_problem` looks at the first line only (what is read already to tell
the format) and says what the file is and what to do; the file's other lines are
counted, not read (:class:`WholeFile`, the chunk's cut: one problem, the file's lines
not judged).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.chunks import BOM, Cut

#: The byte order marks of UTF-16, little- and big-endian.
_UTF16_MARKS: Final = (b"\xff\xfe", b"\xfe\xff")

#: Said of a file in UTF-16, or with NUL bytes in its first line.
UTF16: Final = ("the file is in UTF-16, not UTF-8 as JSON Lines is: save it as UTF-8 "
                "(the file is not read)")
NUL_BYTES: Final = ("the first line holds NUL bytes: the file is in UTF-16 (save it as "
                    "UTF-8) or is not text (the file is not read)")
#: Said of a JSON document written over several lines: an array, or objects.
ARRAY: Final = (
    "the file is a JSON array of events, not JSON Lines, which holds one event object a "
    "line with nothing around it: write each event on one line (jq -c '.[]' does it) (the "
    "file is not read)")
PRETTY: Final = (
    "the file holds JSON objects written over several lines, not JSON Lines, which holds "
    "one event object a line: write each event on one line (jq -c . does it) (the file is "
    "not read)")


def whole_file_problem(head: bytes) -> tuple[Code, str] | None:
    """The code and words of a file whose first line (``head``, its BOM left on) shows
    it is no JSON Lines log, or None. A line of JSON Lines is one object: it never
    starts an array of objects (``[`` alone, ``[{``), nor ends with ``{``, ``[`` or a
    ``,`` after a key's value (one after a whole object, ``},``, is an array's line
    without its ``[``: said a line)."""
    if head.startswith(_UTF16_MARKS):
        return Code.BAD_ENCODING, UTF16
    if b"\x00" in head:
        return Code.BAD_ENCODING, NUL_BYTES
    first = head.removeprefix(BOM).strip(b" \t\r\n")
    if first == b"[" or (first.startswith(b"[") and first[1:].lstrip().startswith(b"{")):
        return Code.SYNTAX_ERROR, ARRAY
    if first.startswith(b"{") and (first.endswith((b"{", b"[")) or (
            first.endswith(b",") and not first.endswith(b"},"))):
        return Code.SYNTAX_ERROR, PRETTY
    return None


@dataclass(frozen=True, slots=True)
class WholeFile(Cut):
    """The cut of a file that is no JSON Lines log: all its lines, one problem."""

    code: Code = Code.SYNTAX_ERROR
    message: str = ""

    def problem(self) -> Problem:
        return Problem(code=self.code, line=1, column=1, message=self.message)


def file_problem(head: bytes) -> Problem | None:
    """:func:`whole_file_problem` as the problem of the file, on its line 1."""
    found = whole_file_problem(head)
    return None if found is None else Problem(code=found[0], line=1, column=1,
                                              message=found[1])
