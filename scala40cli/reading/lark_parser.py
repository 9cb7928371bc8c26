"""Lark's LALR parser of the grammar, built once a process and cached on disk, and the
parse of a run of lines with it.

The grammar (``grammar/scala40.lark``) is the contract of the log format; the lines the
fast path is not sure of come here. Building the parser's tables costs more than the
rest of a small run, so they are saved in the user's cache folder and read back by
the next run (:func:`cached_lark`). A run of lines parses in one call; the first error
stops it and is returned as a problem in words (:mod:`scala40cli.reading.syntax_errors`).
"""

from __future__ import annotations

import ast
import contextlib
import os
import sys
import tempfile
import threading
from functools import cache
from pathlib import Path

from lark import Lark
from lark.exceptions import UnexpectedInput, VisitError

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Event
from scala40cli.reading.lark_events import EventBuilder
from scala40cli.reading.resources import grammar_text, keyed_cache_file
from scala40cli.reading.syntax_errors import LineError, explain

#: One parser serves every thread: its builder's sink is set for each parse, under it.
_LOCK = threading.Lock()


@cache
def shared_lark() -> tuple[Lark, EventBuilder]:
    """The LALR parser, built once a process; its transformer makes events, never a tree."""
    builder = EventBuilder()
    return cached_lark(grammar_text(), builder), builder


#: How the grammar is built: LALR, callbacks in place of a tree.
_LARK_OPTIONS: dict[str, object] = {"parser": "lalr", "lexer": "contextual",
                                    "maybe_placeholders": False, "propagate_positions": False}


def cached_lark(grammar: str, builder: EventBuilder) -> Lark:
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


def _load_parser(path: Path, builder: EventBuilder) -> Lark | None:
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


def parse_run(lines: list[str], start: int, stop: int, sink: list[Event], base: int = 0
               ) -> Problem | None:
    """Parse ``lines[start:stop]`` with Lark into ``sink``; the first error, if any.

    Events before the error stay in ``sink``: each is appended when its line is reduced.
    ``base`` is the number of file lines before ``lines[0]``: events and problems carry
    their line in the file.
    """
    parser, builder = shared_lark()
    with _LOCK:
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


