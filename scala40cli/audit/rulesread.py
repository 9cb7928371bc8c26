"""Reading a rules file into a document, safely, whoever wrote it.

A rules file comes from the command line, so from anybody: it may be a FIFO, a device,
huge, nested 100,000 deep, hold a key twice or a number of 5,000 digits. Each of these
is a :class:`~scala40cli.judging.rulebook.rules.RulesError` in words here, before the schema checks
what
the document says (:mod:`scala40cli.audit.rulesfile`). Only :mod:`tomllib` and :mod:`json`
parse it: nothing in a rules file can run code.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scala40cli.judging.rulebook.rule_values import RulesError, shown_token
from scala40cli.judging.rulebook.switches import SWITCHES
from scala40cli.reading.json_words import decode_error

#: A rules file is a few hundred bytes; a bigger one is not read (a file of 1 MiB is a
#: thousand times the size of one that sets every switch).
MAX_FILE_BYTES = 1 << 20
#: A rules file is a table holding a table of values: 2 levels. The parsers recurse
#: once a level, so a deeper file is refused before anything walks it.
MAX_DEPTH = 8
#: The most digits a number of a rules file is kept with: a longer one is a bad value,
#: told as such, rather than ``int`` or ``str`` failing on it (Python converts at most
#: 4,300 decimal digits, and a TOML ``0x...`` number may be far longer).
_MAX_NUMBER_DIGITS = 100


def read_document(name: str, suffixes: tuple[str, ...]) -> object:
    """The parsed document of the rules file ``name`` (TOML or JSON by its suffix)."""
    suffix = Path(name).suffix.lower()
    if suffix not in suffixes:
        raise RulesError(
            f"a rules file is TOML (.toml) or JSON (.json); cannot tell what {name} is"
        )
    data = _read_regular_file(name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RulesError(f"rules file {name} is not UTF-8 text (byte {error.start})") from None
    return _parse(text, name, suffix)


def _read_regular_file(name: str) -> bytes:
    """The bytes of the rules file ``name``, which must be a regular file of at most
    :data:`MAX_FILE_BYTES`.

    It is opened without blocking and checked before reading: opening a FIFO for reading
    waits for a writer forever, and a device such as ``/dev/zero`` never ends.
    """
    try:
        handle = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise RulesError(f"cannot read rules file {name}: {error.strerror or error}") from None
    with os.fdopen(handle, "rb") as file:
        try:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise RulesError(f"cannot read rules file {name}: not a regular file")
            data = file.read(MAX_FILE_BYTES + 1)
        except OSError as error:
            raise RulesError(
                f"cannot read rules file {name}: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise RulesError(f"rules file {name} is larger than {MAX_FILE_BYTES:,} bytes; "
                         "a rules file sets a few switches")
    return data


class _DuplicateKey(Exception):
    """A key written twice in one JSON object (raised from inside :func:`json.loads`)."""


@dataclass(frozen=True, slots=True)
class LongNumber:
    """A number of more digits than any value has, in place of the number: the schema
    refuses it as a bad value of its key, and nothing converts it to text or back."""

    #: Its first digits as written, when known (a JSON number), else "".
    start: str
    #: How many decimal digits it has (at least).
    digits: int

    def shown(self) -> str:
        """``99999999999999999999... (a number of 5,000 digits)``."""
        return f"{self.start}... (a number of {self.digits:,} digits)" if self.start else \
            f"a number of more than {self.digits:,} digits"


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object that writes no key twice (``json`` keeps the last one silently)."""
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            raise _DuplicateKey(key)
        document[key] = value
    return document


def _json_number(text: str) -> int | LongNumber:
    if len(text) <= _MAX_NUMBER_DIGITS:
        return int(text)
    return LongNumber(text[:20], len(text.lstrip("-")))


#: The most digits a number of a rule value has.
_MOST_DIGITS = max(len(str(s.maximum)) for s in SWITCHES if s.maximum is not None)


def _parse(text: str, name: str, suffix: str) -> object:
    """The document of a rules file; RulesError for invalid text, a key written twice,
    a number too long to read and nesting deeper than :data:`MAX_DEPTH`."""
    too_deep = RulesError(f"rules file {name} is nested more than {MAX_DEPTH} levels deep; "
                          "a rules file is a preset and one [rules] table")
    long_key = _long_toml_key(text) if suffix == ".toml" else None
    if long_key is not None:
        raise RulesError(f"rules file {name} has a key of more than {MAX_DEPTH} parts (at line "
                         f"{long_key}); a rules file is a preset and one [rules] table")
    try:
        document = _parse_text(text, name, suffix)
    except RecursionError:
        raise too_deep from None
    if not _within(document, MAX_DEPTH):
        raise too_deep
    return document


def _parse_text(text: str, name: str, suffix: str) -> object:
    if suffix == ".toml":
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            message = str(error)
            twice = _TOML_TWICE.match(message)
            if twice:
                message = _toml_twice(text, twice) or message
            raise RulesError(f"rules file {name} is not valid TOML: {message}") from None
        except ValueError as error:  # int() of a number of more than 4,300 digits
            raise RulesError(f"rules file {name} holds a number too long to read"
                             f"{_long_number_place(text)}; a rule value has at most "
                             f"{_MOST_DIGITS} digits" if _INT_LIMIT in str(error)
                             else f"rules file {name} is not valid TOML: {error}") from None
    try:
        return json.loads(text, object_pairs_hook=_json_object, parse_int=_json_number)
    except _DuplicateKey as error:
        raise RulesError(f"rules file {name} sets {shown_token(str(error.args[0]))} twice "
                         "in one object; each key may be written once") from None
    except json.JSONDecodeError as error:
        words, line, column = decode_error(error)  # the same words on every Python
        raise RulesError(
            f"rules file {name} is not valid JSON: {words} (at line {line}, column {column})"
        ) from None


_TOML_TWICE = re.compile(r"Cannot (?:overwrite a value|declare .* twice) "
                         r"\(at line (\d+), column \d+\)$")


def _toml_twice(text: str, found: re.Match[str]) -> str | None:
    """tomllib's words for a key or table written twice, with the key named: what
    comes before ``=`` (or the ``]`` of a table) on the line tomllib names."""
    lines = text.splitlines()
    number = int(found.group(1))
    head = lines[number - 1].strip().lstrip("[") if 0 < number <= len(lines) else ""
    ends = [index for index in map(head.find, "=]#") if index >= 0]
    key = head[:min(ends)].strip() if ends else ""
    if not key:
        return None
    return (f"{shown_token(key)} is written twice (at line {number}); "
            "each key and table may be written once")


#: A quoted key or string of one line, or its start when it is not closed (possessive:
#: no backtracking, whatever the line holds).
_TOML_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?$)|\'[^\']*+(?:\'|$)')


def _long_toml_key(text: str) -> int | None:
    """The line of the first key or table name of more than :data:`MAX_DEPTH` dotted
    parts, or None. :mod:`tomllib` takes time that grows with the square of a key's
    parts (100,000 parts: minutes), so such a key is refused before it is parsed."""
    for number, line in enumerate(text.splitlines(), start=1):
        bare = _TOML_QUOTED.sub('""', line).lstrip()
        key = bare.partition("]")[0] if bare.startswith("[") else bare.partition("=")[0]
        if key.count(".") >= MAX_DEPTH:
            return number
    return None


#: Python's ``int`` reads at most this many digits (``sys.get_int_max_str_digits``),
#: and says so in these words when a number is longer.
_INT_DIGITS = 4300
_INT_LIMIT = "for integer string conversion"
#: A TOML number: decimal, hexadecimal (0x), octal (0o) or binary (0b), with ``_``.
_DIGITS = re.compile(r"[0-9A-Fa-fxob_]+")


def _long_number_place(text: str) -> str:
    """`` (at line N)`` for the first line holding a number of more than 4,300 digits."""
    for number, line in enumerate(text.splitlines(), start=1):
        if any(len(digits) > _INT_DIGITS for digits in _DIGITS.findall(line)):
            return f" (at line {number})"
    return ""


#: Numbers of more bits than this have more than :data:`_MAX_NUMBER_DIGITS` digits.
_MAX_NUMBER_BITS = 333


def _within(document: object, limit: int) -> bool:
    """False when ``document`` nests lists and tables more than ``limit`` levels deep;
    on the way, every number too long to show becomes a :class:`LongNumber`. Walked
    without recursion, so any depth is measured safely."""
    pending: list[tuple[dict[Any, Any] | list[Any], int]] = []
    if isinstance(document, dict | list):
        pending.append((document, 1))
    while pending:
        container, depth = pending.pop()
        places = container.items() if isinstance(container, dict) else enumerate(container)
        for place, child in places:
            if isinstance(child, int) and child.bit_length() > _MAX_NUMBER_BITS:
                container[place] = LongNumber("", _MAX_NUMBER_DIGITS)
            elif isinstance(child, dict | list):
                if depth >= limit:
                    return False
                pending.append((child, depth + 1))
    return True
