"""Writing a file the user named, without ever losing one: the only way scala40 writes.

``replay --output``, ``report --output``, ``replay --compare --output``, ``convert
--output``, ``fmt`` (a log rewritten in place) and ``simulate --out DIR`` all write
through :func:`atomic_output`, so that they keep the same promises:

- the new content goes to a temporary file in the same folder, renamed over the old
  file only once it is complete: a full disk, an exception or Ctrl-C leaves the old file
  as it was, and the temporary file is removed whatever happened;
- an existing file keeps its permissions (a new one gets the usual ``0666`` less the
  umask, not the ``0600`` of a temporary file);
- a symbolic link stays a link: the file it points to is the one replaced;
- a character device or a FIFO (``/dev/null``, ``/dev/stdout``, a named pipe) is written
  to directly, never replaced by a regular file.

:func:`refuse_inputs_as_output` keeps an output from being written over one of the logs
it reads (the same path, a link to it, a hard link), and a report from being written to a
``.s40`` name (the mark of a shell that expanded ``-o *.s40``); an output that *is* a
log (``convert --to s40``) may have a ``.s40`` name, never one of its inputs'.

The commands write their reports through the last three functions, :func:`check_output`,
:func:`write_report` and :func:`emit`: to standard output, or to the file of
``--output``, where a file that cannot or must not be written is a usage error (exit 2)
about ``--output``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO, TypeGuard, TypeVar

import click

from scala40cli.cli.status import EXIT_USAGE

#: The suffix of game logs: a report is never written to such a file.
LOG_SUFFIX = ".s40"
#: The ``--output`` that means standard output, as no ``--output`` does.
STDOUT_ARGUMENT = "-"

T = TypeVar("T")


class OutputError(Exception):
    """A file that cannot or must not be written; the message says why, in words."""


class ReportUnwritable(click.ClickException):
    """Standard output that cannot take the report (a full disk...): one line, exit 2,
    as for an ``--output`` that cannot be written, never a traceback."""

    exit_code = EXIT_USAGE

    def __init__(self, error: OSError) -> None:
        super().__init__(f"cannot write the report: {_reason(error)}")


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _identity(path: str) -> tuple[int, int] | None:
    """The device and inode of the file at ``path`` (links followed), None if none."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino)


def refuse_inputs_as_output(output: str, inputs: Iterable[str], *,
                            writes_log: bool = False) -> None:
    """Raise :class:`OutputError` when ``output`` would overwrite a log being read.

    The output is one of the inputs when it is the same file: the same name, a link to
    it or a hard link (same device and inode). Unless what is written is itself a game
    log (``writes_log``), a name ending in ``.s40`` is refused too: a report is never a
    game log, and ``-o *.s40`` expanded by a shell names a log.
    """
    if not writes_log and output.lower().endswith(LOG_SUFFIX):
        raise OutputError(f"{output} is a game log name ({LOG_SUFFIX}): a report is "
                          "never written over a log; choose another --output")
    written = _identity(output)
    if written is None:
        return
    for name in inputs:
        if _identity(name) == written:
            raise OutputError(f"{output} is one of the inputs ({name}): refusing to write "
                              "the report over it")


def _new_file_mode() -> int:
    """The permissions a plain ``open(path, "w")`` would give a new file."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _writes_in_place(path: str) -> bool:
    """A character device or a FIFO: written to directly, never replaced."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


@contextmanager
def atomic_output(path: str) -> Iterator[TextIO]:
    """A stream whose content replaces the file at ``path`` when the block ends well.

    On any exception (``KeyboardInterrupt`` included) the old file stays as it was and
    the temporary file is removed; the exception goes on. An ``OSError`` becomes an
    :class:`OutputError` naming the file and the reason.
    """
    if os.path.isdir(path):
        raise OutputError(f"cannot write {path}: it is a folder")
    if _writes_in_place(path):
        try:
            with open(path, "w", encoding="utf-8", newline="") as device:
                yield device
        except OSError as error:
            raise OutputError(f"cannot write {path}: {_reason(error)}") from None
        return
    target = os.path.realpath(path) if os.path.islink(path) else path
    folder, name = os.path.split(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    except OSError as error:
        raise OutputError(f"cannot write {path}: {_reason(error)}") from None
    import tempfile  # only to write a file: most runs write to standard output

    try:
        handle, temporary = tempfile.mkstemp(dir=folder or ".", prefix=f".{name}.",
                                             suffix=".tmp")
    except OSError as error:
        raise OutputError(f"cannot write {path}: {_reason(error)}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            yield stream
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as raised:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(raised, OSError):
            raise OutputError(f"cannot write {path}: {_reason(raised)}") from None
        raise


def write_text(path: str, text: str) -> None:
    """``text`` as the whole content of ``path``, through :func:`atomic_output`."""
    with atomic_output(path) as stream:
        stream.write(text)


# --- the command line's side: --output ----------------------------------------------------


def names_a_file(output: str | None) -> TypeGuard[str]:
    """Does ``--output`` name a file (not standard output)?"""
    return output is not None and output != STDOUT_ARGUMENT


def stdout_of(output: str | None) -> TextIO | None:
    """Standard output when the report goes there (to know whether it is a terminal)."""
    return None if names_a_file(output) else sys.stdout


def read_by_people(out: TextIO) -> bool:
    """Whether text goes where people read it, to be escaped: a terminal, or the job log
    of a GitHub Actions runner (standard output not redirected to a file), which would
    act on a line ``::error ...``. A log or a diff written into a file or a pipe
    elsewhere (``> game.s40``, ``| git apply``) is written as is, to be used."""
    if out.isatty():
        return True
    if os.environ.get("GITHUB_ACTIONS") != "true":
        return False
    try:
        return not stat.S_ISREG(os.fstat(out.fileno()).st_mode)
    except (OSError, ValueError):  # no file descriptor (a test's stream): not a file
        return True


def to_null(stream: TextIO) -> None:
    """``stream`` (standard output that failed) pointed at the null device, so that the
    interpreter's exit does not fail again on the bytes its buffer still holds."""
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)


@contextmanager
def _standard_output() -> Iterator[TextIO]:
    """Standard output, to write the report on. A write that fails becomes
    :class:`ReportUnwritable`, and so does a closed standard output
    (``scala40 replay x >&-``); but a reader that has gone away
    (``scala40 replay | head``) is click's to handle: it exits 1, quietly."""
    stream = sys.stdout
    if stream is None:  # Python's standard output when descriptor 1 was closed
        raise ReportUnwritable(OSError(errno.EBADF, "standard output is closed"))
    try:
        yield stream
    except BrokenPipeError:
        raise
    except OSError as error:
        raise ReportUnwritable(error) from None


@contextmanager
def _about_output() -> Iterator[None]:
    """An :class:`OutputError` in the block becomes a usage error about ``--output``."""
    try:
        yield
    except OutputError as error:
        raise click.BadParameter(str(error), param_hint="'--output'") from None


def check_output(output: str | None, inputs: Iterable[str], *,
                 writes_log: bool = False) -> None:
    """Exit 2 before anything is read when ``--output`` would overwrite one of
    ``inputs`` (see :func:`refuse_inputs_as_output`)."""
    if names_a_file(output):
        with _about_output():
            refuse_inputs_as_output(output, inputs, writes_log=writes_log)


def write_report(output: str | None, write: Callable[[TextIO], T]) -> T:
    """``write`` run on standard output, or on the new content of ``--output`` (checked
    beforehand by :func:`check_output`): a report written as the games are judged,
    while the old file stays whole until the new one is complete."""
    if not names_a_file(output):
        with _standard_output() as stream:
            return write(stream)
    with _about_output(), atomic_output(output) as stream:
        return write(stream)


def emit(text: str, output: str | None, inputs: Iterable[str] = (), *,
         writes_log: bool = False) -> None:
    """A whole report (or, with ``writes_log``, a game log) printed, or written to
    ``--output`` (never over one of ``inputs``)."""
    if not names_a_file(output):
        with _standard_output() as stream:
            if writes_log and read_by_people(stream):  # its comments and names, escaped
                from scala40cli.reporting.escape import terminal_safe, workflow_neutral

                text = workflow_neutral(terminal_safe(text))
            # a log's bytes as they are into a pipe: click would strip its comments' escapes
            click.echo(text, nl=False, file=stream, color=True if writes_log else None)
        return
    check_output(output, inputs, writes_log=writes_log)
    with _about_output():
        write_text(output, text)
