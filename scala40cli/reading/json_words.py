"""What is wrong with a text that is not JSON, in the project's words, the same on every
Python.

The standard library's ``json`` words its errors itself, and not alike across versions:
Python 3.13 says "Illegal trailing comma before end of object" at the comma where 3.11
and 3.12 say "Expecting property name enclosed in double quotes" at the brace after
it, and nests as deep as memory allows where 3.12 raised ``RecursionError``. A user reads
these messages (a JSON Lines log's ``F003``, a rules file's error), and a test pins
them: each is said here in one sentence of ours, at one place, whatever the Python.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Final

from scala40cli.reading.chunks import byte_said
from scala40cli.reading.event_objects import EventJsonError
from scala40cli.reading.json_objects import key_written_twice
from scala40cli.reading.syntax_errors import shown

#: The deepest nesting read; an event is three levels deep (a score's entries), a
#: rules file two. Deeper is hostile input, refused before the decoder recurses.
MAX_DEPTH: Final = 64

#: The standard library's messages (3.11 to 3.13), each by its start, in our words.
_WORDS: Final = (
    ("Expecting value", "expected a value"),
    ("Expecting property name", "expected a key in double quotes"),
    ("Expecting ':'", "expected ':' after a key"),
    ("Expecting ','", "expected ',' or the end of the object or list"),
    ("Unterminated string", "a string is not closed"),
    ("Invalid control character", "a control character inside a string"),
    ("Invalid \\uXXXX", "a \\u escape without four hexadecimal digits"),
    ("Invalid \\escape", "an unknown escape after \\"),
    ("Extra data", "more after the JSON value"),
)


def _not_json(constant: str) -> object:
    """NaN and Infinity, which Python's reader takes but JSON does not have."""
    raise EventJsonError(f"not JSON: {constant} is not a JSON value")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object that writes no key twice (:func:`key_written_twice`)."""
    value = dict(pairs)
    if len(value) != len(pairs):
        raise EventJsonError(f"not an event: the key {shown(str(key_written_twice(pairs)))} "
                             "is written twice in one object")
    return value


#: The one decoder of JSON lines: ``json.loads`` with an option builds a new decoder,
#: and its scanner, at every call (twice the cost of decoding an event's line). NaN,
#: Infinity and a key written twice raise :class:`EventJsonError`.
DECODER: Final = json.JSONDecoder(parse_constant=_not_json, object_pairs_hook=_object)


class TooDeep(ValueError):
    """JSON nested deeper than :data:`MAX_DEPTH`."""


def check_depth(text: str) -> None:
    """Raise :class:`TooDeep` for a text nested deeper than :data:`MAX_DEPTH` (brackets
    inside strings do not count). Free for the texts of real logs: only a text holding
    more than that many brackets is walked."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise TooDeep(f"nested more than {MAX_DEPTH} levels deep")
        elif char in "]}":
            depth -= 1


def number_too_long() -> str:
    """The words for the one ValueError the decoder raises that is no JSONDecodeError:
    an integer of more digits than Python converts (``sys.get_int_max_str_digits()``,
    4,300 by default; Python's own message names a function to call)."""
    return f"not an event: a number of more than {sys.get_int_max_str_digits():,} digits"


def decode_error(error: json.JSONDecodeError) -> tuple[str, int, int]:
    """What is wrong, and its line and column (1-based), in the same words on every
    Python: a comma before a closing bracket is placed at the comma."""
    text, position = error.doc, error.pos
    trailing = _trailing_comma(text, position, error.msg)
    if trailing is not None:
        position, closing = trailing
        words = f"a comma before the closing '{closing}'"
    else:
        words = next((ours for start, ours in _WORDS if error.msg.startswith(start)),
                     "not valid JSON here")
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return words, line, column


#: What a line holding NUL bytes says of them.
_NUL: Final = ("the line holds NUL bytes: a file in UTF-16 (save it as UTF-8), or one "
               "left unwritten by a crash")


def not_utf8(line: bytes, error: UnicodeDecodeError) -> str:
    """The words of a JSON line that is not UTF-8, as a ``.s40`` log's ``F002`` says the
    byte: ``(0xEB, ë in Windows-1252: save the file as UTF-8)``, a file in UTF-16 so."""
    said = byte_said(line, error.start)
    if b"\x00" in line and "UTF-16" not in said:  # a UTF-16 file's line after its first
        said = f"0x{line[error.start]:02X}; {_NUL}"
    return f"invalid UTF-8 at byte {error.start + 1} of the line ({said})"


def line_hint(error: json.JSONDecodeError) -> str:
    """What to add to the words of a line that is a piece of a JSON array of events
    (``[{...},``, ``{...},``, ``{...}]``), which a careless writer makes of a log, or
    that holds NUL bytes (a line of a file in UTF-16) or lines ended by a CR alone."""
    if "\x00" in error.doc:
        return f"; {_NUL}"
    if "\r" in error.doc.rstrip("\r\n"):
        return "; the lines end with a CR alone, which JSON Lines does not: end them with LF"
    text = error.doc.strip(" \t\r\n")
    rest = error.doc[error.pos:].strip(" \t\r\n")
    if (error.msg.startswith("Extra data") and rest in (",", "]", "],")) \
            or (text.startswith("[") and text.endswith((",", "["))):
        return ("; a JSON array of events? JSON Lines holds one event object a line, "
                "with nothing around it")
    return ""


def _trailing_comma(text: str, position: int, message: str) -> tuple[int, str] | None:
    """The place of a comma right before a closing bracket, and the bracket: where
    3.13 points (at the comma) or 3.11 and 3.12 do (at the bracket after it)."""
    if message.startswith("Illegal trailing comma"):
        rest = text[position + 1:].lstrip(" \t\r\n")
        return position, rest[:1] or "}"
    if position >= len(text) or text[position] not in "]}":
        return None
    before = text[:position].rstrip(" \t\r\n")
    if before.endswith(","):
        return len(before) - 1, text[position]
    return None
