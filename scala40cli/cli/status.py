"""The exit statuses of ``scala40``, as linters and CI expect them.

0 when every game is legal and every file was read, 1 when any violation or file error
was found, 2 for a wrong command line (click exits 2 on its own usage errors; an
``--output`` that cannot be written is one too). A signal ends a command with 130 or
143 (:mod:`scala40cli.cli.stopping`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scala40cli.model.results import FileResult

EXIT_OK = 0
EXIT_PROBLEMS = 1
#: A wrong command line, or an output that cannot be written.
EXIT_USAGE = 2


def exit_status(results: Sequence[FileResult]) -> int:
    """0 when every file was read and every game is legal, else 1."""
    return EXIT_OK if all(result.ok for result in results) else EXIT_PROBLEMS
