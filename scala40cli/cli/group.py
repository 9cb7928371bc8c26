"""The command group's machinery, apart from the declarations of ``main.py``: the group
that escapes every error it shows, the collector held off while a command's modules
load, and the last flush of standard output.

Light on purpose, as ``main.py`` is: it imports click and nothing of the referee, so
``scala40 --version`` stays quick.
"""

from __future__ import annotations

import contextlib
import gc
import re
from collections.abc import Iterator
from typing import Any, TextIO

import click

__all__ = ["EscapedErrors", "StdinPlace", "flushed", "loading"]


def flushed(stream: TextIO | None) -> bool:
    """Whether ``stream`` took what is left in its buffer: False when its reader has
    gone; a full disk (or any other error) is said in one line and exits 2."""
    if stream is None:  # descriptor 1 was closed: nothing was written
        return True
    try:
        stream.flush()
    except ValueError:  # closed: nothing is left to write
        return True
    except OSError as error:
        from scala40cli.cli.output import ReportUnwritable, to_null

        to_null(stream)
        if isinstance(error, BrokenPipeError):
            return False
        unwritable = ReportUnwritable(error)
        unwritable.show()
        raise SystemExit(unwritable.exit_code) from None
    return True


@contextlib.contextmanager
def loading() -> Iterator[None]:
    """The cyclic collector held off while a command's modules load: what an import
    makes lives as long as the process, so a collection then only walks it again (a
    twentieth of a one-game replay's instructions)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class EscapedErrors(click.Group):
    """The ``scala40`` group: an error it shows, of any command or option, has its
    control characters escaped first. Its message may name a file, from a glob, a
    config file or the command line (``cannot write ...``, ``--out ...``, click's own
    ``does not exist``), and such a name must not drive the terminal or a CI log."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        with _escaped_errors():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        with _escaped_errors():
            return super().invoke(ctx)


class StdinPlace(click.Command):
    """``scala40 show -:24``: standard input at line 24. A word of a dash, a colon and
    a line number names that place, not an option, so it needs no ``--`` before it
    (which still works): it is moved after one."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--" not in args:
            places = [a for a in args if _STDIN_PLACE.fullmatch(a)]
            if places:
                args = [a for a in args if a not in places] + ["--", *places]
        return super().parse_args(ctx, args)


#: Standard input at a line.
_STDIN_PLACE = re.compile(r"-:[0-9]+")


@contextlib.contextmanager
def _escaped_errors() -> Iterator[None]:
    try:
        yield
    except click.ClickException as error:
        from scala40cli.reporting.escape import (  # only on an error
            terminal_safe,
            workflow_neutral,
        )

        # a name holding a line end puts its rest at the start of a line: no command there
        message = workflow_neutral(terminal_safe(error.message))
        vars(error)["message"] = message  # click types it Final
        raise
