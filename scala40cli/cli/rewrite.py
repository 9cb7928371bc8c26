"""Rewriting log files in place, for ``scala40 fmt``: reading, formatting a game at a time
into a new file or into a diff, and the closing line.

Kept apart from the command so that the one thing that writes user files is small and
easy to check: it writes only the regular files it is given, never through a symbolic
link, each through :func:`scala40cli.cli.output.atomic_output` (a new file in the same
folder, renamed over the old one only when complete and only when it differs).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from scala40cli.audit.pipeline import unreadable
from scala40cli.cli.output import OutputError, atomic_output, read_by_people
from scala40cli.model.results import FileResult, Problem
from scala40cli.reading.inputs import open_log
from scala40cli.reading.layout import Outcome, format_stream, formatted_pieces, split_lines
from scala40cli.reading.words import Language
from scala40cli.reporting.escape import terminal_line, terminal_safe, workflow_neutral

#: Why a symbolic link is not rewritten, in words.
LINK_REFUSED = "not rewritten: it is a symbolic link (give fmt the file it points to)"


@dataclass(frozen=True, slots=True)
class Rewrite:
    """What ``fmt`` did to one file: its problems (then nothing was written), whether
    its text changed (and was, or would be, written), and why it could not be written."""

    problems: tuple[Problem, ...] = ()
    changed: bool = False
    not_written: str | None = None


class _Unchanged(Exception):
    """Raised inside the new file's block to drop it: nothing is to be written."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__()
        self.outcome = outcome


def rewrite_file(path: str, write: bool, language: Language | None = None) -> Rewrite:
    """Format the log at ``path`` a game at a time (its words in ``language``, None: each
    game's own); with ``write``, replace it by its canonical text when that differs and
    the whole file could be read."""
    if os.path.islink(path):
        return Rewrite(not_written=LINK_REFUSED)
    try:
        with open_log(path) as handle:
            if not write:
                outcome = format_stream(handle, lambda piece: None, language)
                return Rewrite(outcome.problems, outcome.changed)
            try:
                with atomic_output(path) as stream:
                    outcome = format_stream(handle, stream.write, language)
                    if outcome.problems or not outcome.changed:
                        raise _Unchanged(outcome)
            except _Unchanged as kept:
                return Rewrite(kept.outcome.problems, changed=False)
            except OutputError as error:
                return Rewrite(changed=True, not_written=str(error))
            return Rewrite(changed=True)
    except OSError as error:
        return Rewrite(problems=unreadable(path, error).errors)


def rewrite_stream(stream: BinaryIO, out: TextIO | None,
                   language: Language | None = None) -> Rewrite:
    """``fmt -``: standard input formatted a game at a time into an unnamed temporary
    file, copied to ``out`` only once the whole input was read without a problem, so
    that memory stays that of one game and a bad log prints nothing."""
    import shutil  # here and below: fmt on files, and --check, need neither
    import tempfile

    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="") as held:
        outcome = format_stream(stream, held.write, language)
        if out is not None and not outcome.problems:
            held.seek(0)
            if read_by_people(out):  # the log's comments and names on a terminal
                out.write(workflow_neutral(terminal_safe(held.read())))
            else:
                shutil.copyfileobj(held, out)
    return Rewrite(outcome.problems, outcome.changed)


def _range(start: int, stop: int) -> str:
    """A hunk's range as unified diffs write it (as :mod:`difflib` does)."""
    length = stop - start
    if length == 1:
        return f"{start + 1}"
    return f"{start + 1 if length else start},{length}"


def hunks(before: Sequence[str], after: Sequence[str], old_start: int, new_start: int
          ) -> Iterator[str]:
    """The unified-diff hunks (3 lines of context) between two runs of lines that start
    at lines ``old_start + 1`` and ``new_start + 1`` of their files."""
    from difflib import SequenceMatcher  # only for --diff

    for group in SequenceMatcher(None, before, after, autojunk=False).get_grouped_opcodes(3):
        first, last = group[0], group[-1]
        yield (f"@@ -{_range(old_start + first[1], old_start + last[2])} "
               f"+{_range(new_start + first[3], new_start + last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (" " + line for line in before[i1:i2])
                continue
            yield from ("-" + line for line in before[i1:i2])
            yield from ("+" + line for line in after[j1:j2])


def diff_stream(stream: BinaryIO, shown: str, out: TextIO,
                language: Language | None = None) -> Rewrite:
    """``fmt --diff``: the unified diff of a log and its canonical text, made a game at a
    time (a hunk never spans two games) into an unnamed temporary file and printed only
    once the whole log was read without a problem."""
    import shutil
    import tempfile

    problems: list[Problem] = []
    old = new = 0
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="") as held:
        for piece in formatted_pieces(stream, keep_before=True, language=language):
            if isinstance(piece, Problem):
                problems.append(piece)
                continue
            if problems:
                continue
            after = split_lines(piece.text)
            for line in hunks(piece.before, after, old, new):
                if held.tell() == 0:
                    name = terminal_line(shown)  # a name that is not UTF-8, escaped
                    held.write(f"--- {name}\n+++ {name}\n")
                held.write(diff_line(line))
            old, new = old + len(piece.before), new + len(after)
        changed = held.tell() > 0
        if changed and not problems:
            held.seek(0)
            if read_by_people(out):
                out.write(workflow_neutral(terminal_safe(held.read())))
            else:
                shutil.copyfileobj(held, out)
    return Rewrite(tuple(problems), changed and not problems)


def file_errors(path: str, problems: tuple[Problem, ...]) -> FileResult:
    """The problems of a file, for printing as ``scala40 replay`` prints them."""
    return FileResult(path=path, errors=problems)


def diff_line(line: str) -> str:
    """A line of the diff, ended; a last line without a line end is marked as by git."""
    if line.endswith("\n"):
        return line
    return line + "\n\\ No newline at end of file\n"


def fmt_summary(changed: int, unchanged: int, failed: int, write: bool) -> str:
    """The closing line of ``fmt``: ``1 file reformatted, 2 files left unchanged``."""

    def files(count: int) -> str:
        return f"{count} file{'' if count == 1 else 's'}"

    parts = [f"{files(changed)} {'reformatted' if write else 'would be reformatted'}",
             f"{files(unchanged)} {'left' if write else 'would be left'} unchanged"]
    if failed:
        parts.append(f"{files(failed)} with errors")
    return ", ".join(parts)
