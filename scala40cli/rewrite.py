"""Rewriting log files in place, for ``scala40 fmt``: reading, diff lines, replacing a
file in one step, and the closing line.

Kept apart from the command so that the one thing that writes user files is small and
easy to check: it writes only the files it is given, each by a new file in the same
folder renamed over the old one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile

from .audit import unreadable
from .inputs import open_log
from .results import FileResult


def read_or_unreadable(path: str) -> bytes | FileResult:
    """The bytes of ``path``, or the F001 result of a file that cannot be read."""
    try:
        with open_log(path) as handle:
            return handle.read()
    except OSError as error:
        return unreadable(path, error)


def diff_line(line: str) -> str:
    """A line of the diff, ended; a last line without a line end is marked as by git."""
    if line.endswith("\n"):
        return line
    return line + "\n\\ No newline at end of file\n"


def replace_file(path: str, text: str) -> OSError | None:
    """Replace the file at ``path`` (a link's target) with ``text`` in one step.

    The text goes to a new file in the same folder, with the old file's permissions,
    which is then renamed over the old one: a reader never sees half a file, and a
    failure leaves the old file as it was. Returns the error, if any.
    """
    target = os.path.realpath(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
        handle, temporary = tempfile.mkstemp(
            dir=os.path.dirname(target), prefix=f".{os.path.basename(target)}.", suffix=".tmp"
        )
    except OSError as error:
        return error
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8"))
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return error
    return None


def fmt_summary(changed: int, unchanged: int, failed: int, write: bool) -> str:
    """The closing line of ``fmt``: ``1 file reformatted, 2 files left unchanged``."""

    def files(count: int) -> str:
        return f"{count} file{'' if count == 1 else 's'}"

    parts = [f"{files(changed)} {'reformatted' if write else 'would be reformatted'}",
             f"{files(unchanged)} {'left' if write else 'would be left'} unchanged"]
    if failed:
        parts.append(f"{files(failed)} with errors")
    return ", ".join(parts)
