"""``scala40 view FILE... [-o PATH]``: one HTML page a file to step through its games
(:mod:`scala40cli.viewing.page`), written through :mod:`scala40cli.cli.output`.

``-`` reads standard input, as for ``replay`` and ``show`` (its page goes to standard
output unless ``-o`` names a file). A file that is not UTF-8 still has its page (its
text shown as best it can be), but its game is not judged, and a file with no game (a
JSON document over several lines, not a log at all) has a page with nothing to step
through: that is said on standard error, and the exit status is 1, so that a CI job
that makes pages does not pass over a log saved in another encoding or form.
"""

from __future__ import annotations

import os

import click

from scala40cli.cli import settings
from scala40cli.cli.inputs import STDIN_ARGUMENT, STDIN_NAME, gather
from scala40cli.cli.language import chosen_words
from scala40cli.cli.output import emit
from scala40cli.cli.status import EXIT_OK, EXIT_PROBLEMS
from scala40cli.cli.view_pages import names_folder, page_path
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.codes import Code
from scala40cli.model.results import Problem
from scala40cli.reading.inputs import input_format_of, sniff_format
from scala40cli.reporting.escape import terminal_line
from scala40cli.viewing.loading import Unviewable, ViewedFile, load_file, view_bytes
from scala40cli.viewing.page import page


def run_view(*, files: tuple[str, ...], output: str | None,
             rules_option: str | None, set_options: tuple[str, ...],
             input_format: str | None, lang_option: str | None = None) -> None:
    """Write the page of each file, in the language of ``--lang`` (else the
    environment's); a file that cannot be read is said and skipped (exit 1)."""
    words = chosen_words(lang_option)
    choice = settings.rule_choice(rules_option, set_options)
    files, missing = _logs(files)
    if files.count(STDIN_ARGUMENT) > 1:
        raise click.UsageError("- (standard input) may be given only once")
    several = len(files) > 1
    if output is not None and several and not names_folder(output, False):
        raise click.BadParameter("with several files, --output is a folder (a name "
                                 "ending in / is made)", param_hint="'--output'")
    pages = [page_path(path, output, several) for path in files]
    twice = sorted({page for page in pages if page != "-" and pages.count(page) > 1})
    if twice:
        raise click.BadParameter(
            f"two files would write the same page {terminal_line(twice[0])}: "
            "view them in two runs", param_hint="'--output'")
    if output is not None and names_folder(output, several):
        _make_folder(output)
    for said in missing:
        click.echo(f"scala40: {terminal_line(words.translate(said))}", err=True)
    status = EXIT_PROBLEMS if missing else EXIT_OK
    for path in files:
        try:
            viewed = _load(path, choice, input_format)
        except Unviewable as error:
            click.echo(f"scala40: {terminal_line(words.translate(str(error)))}", err=True)
            status = EXIT_PROBLEMS
            continue
        for problem in _said(viewed):  # the page is written all the same
            click.echo(f"scala40: {terminal_line(viewed.path)}:{problem.line}:"
                       f"{problem.column}: {problem.code} "
                       f"{terminal_line(words.translate(problem.message))}", err=True)
            status = EXIT_PROBLEMS
        target = page_path(path, output, several)
        emit(page(viewed, words=words), target, files)
        if target != "-":
            click.echo(f"wrote {terminal_line(target)}", err=True)
    click.get_current_context().exit(status)


def _said(viewed: ViewedFile) -> list[Problem]:
    """The problems said on standard error: bytes that are not UTF-8 (their game is not
    judged), or the first problem of a file with no game (a file in UTF-16, JSON over
    several lines, no game log at all)."""
    bad = [problem for problem in viewed.errors if problem.code is Code.BAD_ENCODING]
    return bad or list(viewed.errors[:1] if not viewed.starts else ())


def _load(path: str, choice: RuleChoice | None, input_format: str | None) -> ViewedFile:
    """The log at ``path`` read and stepped, or standard input's for ``-``."""
    if path != STDIN_ARGUMENT:
        return load_file(path, choice, input_format)
    from scala40cli.audit.pipeline import stdin_bytes

    try:
        data = stdin_bytes().read()
    except OSError as error:
        raise Unviewable(STDIN_NAME, str(error.strerror or error)) from None
    chosen = input_format_of(STDIN_NAME, input_format) or sniff_format(data)
    return view_bytes(data, STDIN_NAME, choice, chosen)


def _logs(arguments: tuple[str, ...]) -> tuple[tuple[str, ...], list[str]]:
    """The logs the FILE arguments stand for, as for ``replay``: a folder is every
    ``*.s40`` below it, a pattern its files, ``-`` standard input; and what each
    argument that names nothing is (``no file matches this pattern``)."""
    logs: list[str] = []
    missing: list[str] = []
    for name, source in gather(arguments):
        if source is None or isinstance(source, str):
            logs.append("-" if source is None else source)
        else:
            missing.extend(f"{name}: {problem.message}" for problem in source.errors)
    return tuple(logs), missing


def _make_folder(output: str) -> None:
    """The folder ``--output`` names, made if missing; a file there is a usage error."""
    if os.path.exists(output) and not os.path.isdir(output):
        raise click.BadParameter(f"{terminal_line(output)} is a file, not a folder",
                                 param_hint="'--output'")
    try:
        os.makedirs(output, exist_ok=True)
    except OSError as error:
        raise click.BadParameter(f"cannot make the folder {terminal_line(output)}: "
                                 f"{error.strerror}", param_hint="'--output'") from None
