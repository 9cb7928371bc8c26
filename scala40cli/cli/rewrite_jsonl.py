"""``scala40 fmt`` of a JSON Lines log: its canonical JSON Lines, as ``convert`` writes
it (one event an object, its keys in the schema's order, comments kept as events).

A ``.s40`` log is formatted a game at a time (:mod:`scala40cli.cli.rewrite`); a JSON
Lines log is read whole, as ``convert`` reads it, and written under the same promises:
never through a symbolic link, only when the whole file was read without a problem and
its text changes, through :func:`~scala40cli.cli.output.atomic_output`.
"""

from __future__ import annotations

import os
from typing import TextIO

from scala40cli.audit.pipeline import unreadable
from scala40cli.cli.convert_command import convert_bytes
from scala40cli.cli.output import OutputError, atomic_output, read_by_people
from scala40cli.cli.rewrite import LINK_REFUSED, Rewrite, diff_line, hunks
from scala40cli.reading.inputs import input_format_of, open_log, sniff_format
from scala40cli.reading.layout import split_lines
from scala40cli.reporting.escape import terminal_line, terminal_safe, workflow_neutral

#: The most bytes read from a file not named ``.jsonl`` or ``.s40`` to tell its format.
SNIFFED = 64 * 1024


def file_format(path: str, chosen: str | None = None) -> str:
    """The input format of the file at ``path``: the one chosen (``--input-format``),
    else the one its name says (``.jsonl``, ``.s40``), else the one its first written
    line says (as ``replay`` tells it). A file that cannot be read is taken as ``.s40``,
    whose road says why."""
    named = input_format_of(path, chosen)
    if named is not None:
        return named
    try:
        with open_log(path) as handle:
            return sniff_format(handle.read(SNIFFED))
    except OSError:
        return "s40"


def rewrite_jsonl(path: str, write: bool, diff: TextIO | None = None) -> Rewrite:
    """Put the JSON Lines log at ``path`` in canonical form: with ``write``, replace it
    when its text changes; with ``diff``, print the unified diff there instead."""
    if os.path.islink(path):
        return Rewrite(not_written=LINK_REFUSED)
    try:
        with open_log(path) as handle:
            data = handle.read()
    except OSError as error:
        return Rewrite(problems=unreadable(path, error).errors)
    canonical = convert_bytes(data, "jsonl", "jsonl")
    if not isinstance(canonical, str):
        return Rewrite(problems=canonical)
    if canonical.encode("utf-8") == data:
        return Rewrite(changed=False)
    if diff is not None:
        _print_diff(path, data.decode("utf-8-sig"), canonical, diff)
    elif write:
        try:
            with atomic_output(path) as stream:
                stream.write(canonical)
        except OutputError as error:
            return Rewrite(changed=True, not_written=str(error))
    return Rewrite(changed=True)


def jsonl_stream(data: bytes, shown: str, out: TextIO | None,
                 diff: TextIO | None = None) -> Rewrite:
    """``fmt --input-format jsonl -``: JSON Lines from standard input, in canonical form
    on ``out`` (nothing when a line is wrong), or its diff on ``diff``."""
    canonical = convert_bytes(data, "jsonl", "jsonl")
    if not isinstance(canonical, str):
        return Rewrite(problems=canonical)
    changed = canonical.encode("utf-8") != data
    if diff is not None:
        if changed:
            _print_diff(shown, data.decode("utf-8-sig"), canonical, diff)
    elif out is not None:
        out.write(workflow_neutral(terminal_safe(canonical)) if read_by_people(out)
                  else canonical)
    return Rewrite(changed=changed)


def _print_diff(path: str, before: str, after: str, out: TextIO) -> None:
    """The unified diff of a JSON Lines log and its canonical text, on ``out``."""
    name = terminal_line(path)  # a name that is not UTF-8, escaped
    lines = [f"--- {name}\n", f"+++ {name}\n"]
    lines += (diff_line(line) for line in hunks(split_lines(before), split_lines(after), 0, 0))
    text = "".join(lines)
    out.write(workflow_neutral(terminal_safe(text)) if read_by_people(out) else text)
