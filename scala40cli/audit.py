"""Audit one input: decode it, parse it, replay every game through the referee.

The one place where the stages meet, so that the command line, the tests and any other
caller get the same :class:`~scala40cli.results.FileResult` for the same bytes. Bad
input never raises here: it becomes a file error (``F001`` unreadable, ``F002`` not
UTF-8, ``F003`` syntax) or a game violation, because a referee that stops at the first
problem tells a player less than one that reports them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .parser import decode_log, parse_text
from .referee import replay
from .results import FileResult, Problem
from .rules import RuleChoice
from .violations import Code

#: Where a problem of the file as a whole is placed. An unreadable file has no lines,
#: but 1:1 keeps ``path:line:column`` usable by editors and matches what linters print.
FILE_LINE = 1
FILE_COLUMN = 1


def audit_bytes(data: bytes, path: str, choice: RuleChoice | None = None) -> FileResult:
    """The result of one log given as raw bytes; ``path`` is only the name to report.

    A decoding problem is the file's only error: with no text there is nothing to parse.
    Syntax errors do not stop the audit: the parser resumes at the next game or hand,
    and every game it recovered is still replayed, in file order. ``choice`` is the
    command line's rules (``--rules``, ``--set``), checked by the caller beforehand;
    each game resolves it over its own tags.
    """
    return audit_bytes_under(data, path, (choice,))[0]


def audit_bytes_under(data: bytes, path: str, choices: Sequence[RuleChoice | None]
                      ) -> tuple[FileResult, ...]:
    """One result per rule choice, for ``replay --compare``: read and parsed once."""
    text = decode_log(data)
    if isinstance(text, Problem):
        return tuple(FileResult(path=path, errors=(text,)) for _ in choices)
    parsed = parse_text(text)
    return tuple(FileResult(path=path, errors=parsed.errors,
                            games=tuple(replay(game, choice) for game in parsed.games))
                 for choice in choices)


def audit_path(path: str, choice: RuleChoice | None = None) -> FileResult:
    """The result of the log at ``path``; a file that cannot be read gives ``F001``.

    Only the reading is guarded: ``OSError`` covers a missing file, a directory and a
    missing permission alike. Anything else is a bug and should surface as one.
    """
    return audit_path_under(path, (choice,))[0]


def audit_path_under(path: str, choices: Sequence[RuleChoice | None]
                     ) -> tuple[FileResult, ...]:
    """:func:`audit_path` under each rule choice, reading the file once."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        return tuple(unreadable(path, error) for _ in choices)
    return audit_bytes_under(data, path, choices)


def unreadable(path: str, error: OSError) -> FileResult:
    """A file result whose only error says why ``path`` could not be read."""
    reason = error.strerror or str(error)
    problem = Problem(
        code=Code.UNREADABLE_FILE,
        message=f"cannot read the file: {reason}",
        line=FILE_LINE,
        column=FILE_COLUMN,
    )
    return FileResult(path=path, errors=(problem,))
