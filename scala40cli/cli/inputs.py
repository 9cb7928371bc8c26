"""The inputs of every command: what its FILE arguments stand for, how they are read,
and how the progress of an audit is shown.

What the arguments stand for is the audit's to say (:mod:`scala40cli.audit.sources`):
the commands that judge logs hand their arguments to the audit in a request
(:mod:`scala40cli.audit.request`), which expands them. Here:

- :func:`gather` gives ``fmt`` and ``convert`` the sources of their arguments, each the
  one file it names (or ``-``), and :func:`open_input` and :func:`read_input` open
  one, or give its ``F001``;
- :func:`input_paths` lists the files an audit will read, for ``--output`` not to
  overwrite one;
- :func:`terminal_progress` is the progress bar of an audit on a terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, BinaryIO

import click

from scala40cli.audit.pipeline import Source, stdin_bytes, unreadable
from scala40cli.audit.sources import STDIN_ARGUMENT as STDIN_ARGUMENT
from scala40cli.audit.sources import STDIN_NAME as STDIN_NAME
from scala40cli.audit.sources import sources
from scala40cli.model.results import FileResult
from scala40cli.reading.inputs import open_log

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

    from scala40cli.audit.request import Progress
    from scala40cli.cli.config import Config


def gather(arguments: Sequence[str], config: Config | None = None, *,
           expand: bool = True) -> list[Source]:
    """The sources the FILE arguments stand for, in order (see
    :func:`scala40cli.audit.sources.sources`): with ``expand``, files, folders, patterns
    and ``-``, less what ``config`` excludes; without, each argument as given."""
    return sources(arguments, config.exclusions if config is not None else None,
                   expand=expand)


def input_paths(arguments: Sequence[str]) -> Iterator[str]:
    """The files the arguments stand for (folders and patterns expanded, nothing
    excluded), standard input left out: what ``--output`` must not overwrite. Found
    only when asked for, so that a report to standard output walks no folder twice."""
    yield from (path for _, path in gather(arguments) if isinstance(path, str))


def open_input(source: Source) -> AbstractContextManager[BinaryIO] | FileResult:
    """One source opened for reading, to use in a ``with`` block (standard input is
    left open after it), or the ``F001`` of one that cannot be opened."""
    name, path = source
    if isinstance(path, FileResult):
        return path
    try:
        return nullcontext(stdin_bytes()) if path is None else open_log(path)
    except OSError as error:
        return unreadable(name, error)


def read_input(source: Source) -> bytes | FileResult:
    """The bytes of one source, or the ``F001`` of one that cannot be read."""
    opened = open_input(source)
    if isinstance(opened, FileResult):
        return opened
    try:
        with opened as stream:
            return stream.read()
    except OSError as error:
        return unreadable(source[0], error)


class _ProgressBar:
    """A progress bar on standard error, a step a file."""

    def __init__(self) -> None:
        self.bar: ProgressBar[int] | None = None

    def start(self, files: int) -> None:
        self.bar = click.progressbar(length=files, label="Replaying", file=sys.stderr)
        self.bar.__enter__()

    def advance(self) -> None:
        if self.bar is not None:
            self.bar.update(1)

    def finish(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def terminal_progress() -> Progress | None:
    """A progress bar for an audit when standard error is a terminal, else none."""
    return _ProgressBar() if sys.stderr.isatty() else None
