"""``scala40 fmt``: rewrite logs in canonical form, in place, or say what would change.
A JSON Lines log is written as canonical JSON Lines (:mod:`scala40cli.cli.rewrite_jsonl`).

The rewriting of a file (read a game at a time, replaced at once, never through a
link) is :mod:`scala40cli.cli.rewrite`; this is the command: its inputs, taken by
:func:`scala40cli.cli.inputs.gather` each as the one file it names (or ``-``), what it
prints of each, its closing line and its exit status.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import BinaryIO

import click

from scala40cli.audit.pipeline import Source, unreadable
from scala40cli.cli.inputs import STDIN_ARGUMENT, gather, open_input
from scala40cli.cli.rewrite import (
    Rewrite,
    diff_stream,
    file_errors,
    fmt_summary,
    rewrite_file,
    rewrite_stream,
)
from scala40cli.cli.rewrite_jsonl import file_format, jsonl_stream, rewrite_jsonl
from scala40cli.cli.status import EXIT_OK, EXIT_PROBLEMS
from scala40cli.model.results import FileResult
from scala40cli.reading.words import Language
from scala40cli.reporting.escape import terminal_line
from scala40cli.reporting.text_report import problem_lines


def run_fmt(ctx: click.Context, *, files: tuple[str, ...], check: bool,
            show_diff: bool, verbs: str | None = None,
            input_format: str | None = None) -> None:
    """``scala40 fmt`` with its options: each file rewritten (or checked, or diffed)
    and said so on standard error, the closing line, then the exit status. ``verbs``:
    the language the words are written in (None: each game keeps its own)."""
    if files.count(STDIN_ARGUMENT) > 1:
        raise click.UsageError("- (standard input) may be given only once")
    write = not (check or show_diff)
    language = None if verbs is None else Language(verbs)
    changed = unchanged = failed = 0
    for source in gather(files, expand=False):
        shown, path = source
        reading = (file_format(path, input_format) if isinstance(path, str)
                   else input_format or "s40")
        done = ROADS[reading](source, write, show_diff, language)
        if done.problems:
            for line in problem_lines(file_errors(shown, done.problems)):
                click.echo(line, err=True)
            failed += 1
        elif done.not_written is not None:
            click.echo(f"{terminal_line(shown)}: {terminal_line(done.not_written)}", err=True)
            failed += 1
        elif not done.changed:
            unchanged += 1
        else:
            changed += 1
            if check:
                click.echo(f"would reformat {terminal_line(shown)}", err=True)
            elif write and path is not None:
                click.echo(f"reformatted {terminal_line(shown)}", err=True)
    if not (write and files == (STDIN_ARGUMENT,)):
        click.echo(fmt_summary(changed, unchanged, failed, write), err=True)
    ctx.exit(EXIT_PROBLEMS if failed or (check and changed) else EXIT_OK)


def _s40_road(source: Source, write: bool, show_diff: bool,
              language: Language | None) -> Rewrite:
    """A ``.s40`` log (or standard input) formatted a game at a time."""
    return _diffed(source, language) if show_diff else _rewritten(source, write, language)


def _jsonl_road(source: Source, write: bool, show_diff: bool,
                language: Language | None) -> Rewrite:
    """A JSON Lines log as canonical JSON Lines (its words are always English); from
    standard input, to standard output (with ``write``)."""
    diff = sys.stdout if show_diff else None
    return _file_or_input(
        source, lambda path: rewrite_jsonl(path, write, diff),
        lambda stream: jsonl_stream(stream.read(), source[0],
                                    sys.stdout if write else None, diff))


def _file_or_input(source: Source, on_file: Callable[[str], Rewrite],
                   on_input: Callable[[BinaryIO], Rewrite]) -> Rewrite:
    """A file by its path; standard input once opened (or the F001 that it cannot be)."""
    path = source[1]
    if isinstance(path, str):
        return on_file(path)
    opened = open_input(source)
    if isinstance(opened, FileResult):
        return Rewrite(problems=opened.errors)
    with opened as stream:
        return on_input(stream)


#: How ``fmt`` rewrites a log of each input format.
ROADS: Mapping[str, Callable[[Source, bool, bool, Language | None], Rewrite]] = {
    "s40": _s40_road, "jsonl": _jsonl_road}


def _rewritten(source: Source, write: bool, language: Language | None) -> Rewrite:
    """A file rewritten in place (with ``write``) or checked; standard input formatted
    to standard output (with ``write``) or checked."""
    return _file_or_input(
        source, lambda path: rewrite_file(path, write, language),
        lambda stream: rewrite_stream(stream, sys.stdout if write else None, language))


def _diffed(source: Source, language: Language | None) -> Rewrite:
    """``fmt --diff``: the diff of a file or of standard input, a game at a time."""
    opened = open_input(source)
    if isinstance(opened, FileResult):
        return Rewrite(problems=opened.errors)
    try:
        with opened as stream:
            return diff_stream(stream, source[0], sys.stdout, language)
    except OSError as error:
        return Rewrite(problems=unreadable(source[0], error).errors)
