"""What the inputs of an audit stand for: the sources to read, each once, in order.

A FILE argument of the command line is a log, a folder (every ``*.s40`` file below it),
a pattern, or ``-`` for standard input (:func:`scala40cli.reading.inputs.expand`); the
files that the configuration's ``exclude`` patterns name are left out of what a folder
or a pattern brings (:mod:`scala40cli.audit.exclusions`), never a file named itself. Each becomes a
:data:`~scala40cli.audit.pipeline.Source`: the name a report shows, and a path, ``None``
for standard input, or the ``F001`` of an argument that names nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40cli.audit.exclusions import Exclusions
from scala40cli.audit.pipeline import FILE_COLUMN, FILE_LINE, Source
from scala40cli.model.results import FileResult, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.inputs import Missing, expand

#: The file argument that means standard input, and the name it has in the report.
STDIN_ARGUMENT = "-"
STDIN_NAME = "<stdin>"


def included(arguments: Sequence[str], exclusions: Exclusions | None
             ) -> list[str | Missing]:
    """The inputs the arguments stand for, less those ``exclusions`` leave out."""
    if exclusions is None or not exclusions.patterns:
        return list(expand(arguments))
    named = set(arguments)
    return [item for item in expand(arguments) if exclusions.keeps(item, named)]


def sources(arguments: Sequence[str], exclusions: Exclusions | None = None, *,
            expand: bool = True) -> list[Source]:
    """The sources the arguments stand for, in order. With ``expand``: files, folders,
    patterns and ``-``, each once, less what ``exclusions`` leave out; an argument that
    names nothing is a source whose result is its ``F001``. Without: each argument as
    given, a file or ``-``."""
    if not expand:
        return [source_of(argument) for argument in arguments]
    return [source_of(item) for item in included(arguments, exclusions)]


def source_of(item: str | Missing) -> Source:
    """The source of one input: standard input, a path, or the ``F001`` of nothing."""
    if isinstance(item, Missing):
        return (item.argument, missing_result(item))
    if item == STDIN_ARGUMENT:
        return (STDIN_NAME, None)
    return (item, item)


def missing_result(item: Missing) -> FileResult:
    """The ``F001`` of an argument that names nothing."""
    problem = Problem(code=Code.UNREADABLE_FILE, message=item.reason,
                      line=FILE_LINE, column=FILE_COLUMN)
    return FileResult(path=item.argument, errors=(problem,))
