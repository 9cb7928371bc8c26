"""What makes a whole file no ``.s40`` log, said once for the file.

Two kinds of file read as a ``.s40`` log are not one, and a line-by-line reading gives
one problem a line for them, hundreds for a game, which hide what to do: a file in
UTF-16 without its byte order mark (NUL bytes at every other byte of its first line)
and a JSON Lines log under a ``.s40`` name (its first line a JSON object). Both are
told from the first line: :func:`~scala40cli.reading.chunks.game_chunks` cuts its
stream so, and :func:`log_file_problem` says it for the readers of a whole file's
bytes. (A file read as JSON Lines that is none is
:mod:`scala40cli.reading.json_files`.)
"""

from __future__ import annotations

import json
from typing import Final

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code

#: The UTF-8 byte order mark, dropped from a file's start.
BOM: Final = b"\xef\xbb\xbf"

#: The byte order marks of UTF-16 (with one, the F002 of the file's byte 0 says UTF-16).
UTF16_MARKS: Final = (b"\xff\xfe", b"\xfe\xff")
#: Said of a file whose first line holds NUL bytes (UTF-16 without its byte order mark,
#: or no text): one problem for the file, not one a line.
NUL_BYTES: Final = ("the first line holds NUL bytes: the file is in UTF-16 (save it as "
                    "UTF-8) or is not text (the file is not read)")


def nul_first_line(head: bytes) -> bool:
    """Whether a file's first line is UTF-16 text without its byte order mark: a NUL at
    every other byte and nowhere else (ASCII in UTF-16, valid UTF-8 all the same), which
    a line by line reading would refuse at every line. A NUL anywhere else is a
    character of that line, judged where it stands, so that one broken line never hides
    the games after it. (With a mark, or with a byte that is no UTF-8, the ``F002`` of
    the first bad byte says it, once.)"""
    if b"\x00" not in head or head.startswith(UTF16_MARKS):
        return False
    units = head.removesuffix(b"\n")  # UTF-16's LF is two bytes: its NUL stays here
    if len(units) < 4 or not _nul_every_other_byte(units):
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


#: Said of a file read as a ``.s40`` log whose first line is a JSON object, which no line
#: of a log is: JSON Lines under a ``.s40`` name (or read so), one problem for the file.
JSON_LINES: Final = ("the file holds JSON Lines events (its first line is a JSON object), "
                     "not a .s40 log: give it a .jsonl name or --input-format jsonl (the "
                     "file is not read)")


def json_first_line(head: bytes) -> bool:
    """Whether a file's first line is a whole JSON object, which no line of a ``.s40``
    log is. A line that only starts with ``{`` is no proof (a tag's ``[`` with one bit
    flipped): it stays a line of the log, judged where it stands, so that one broken
    line never hides the games after it."""
    line = head.removeprefix(BOM).strip(b" \t\r\n")
    if not (line.startswith(b"{") and line.endswith(b"}")):
        return False
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return False


def log_file_problem(data: bytes) -> Problem | None:
    """The one problem of a file read as a ``.s40`` log that is no log as a whole, from
    its first line (UTF-16 without its mark, JSON Lines), or None: for the readers that
    take a whole file's bytes (:func:`game_chunks` cuts its stream so itself)."""
    head = data[:data.find(b"\n") + 1 or len(data)]
    if nul_first_line(head):
        return Problem(code=Code.BAD_ENCODING, line=1, column=1, message=NUL_BYTES)
    if json_first_line(head):
        return Problem(code=Code.SYNTAX_ERROR, line=1, column=1, message=JSON_LINES)
    return None


def _nul_every_other_byte(units: bytes) -> bool:
    nul = b"\x00"
    even, odd = units[0::2], units[1::2]
    return ((odd.strip(nul) == b"" and nul not in even)
            or (even.strip(nul) == b"" and nul not in odd))


def text_lines(text: str) -> list[str]:
    """The lines of a decoded log as they are numbered and shown: cut at LF, each
    without its CR, and no empty line after the last line end."""
    lines = [line.rstrip("\r") for line in text.split("\n")]
    if lines[-1] == "":
        lines.pop()
    return lines
