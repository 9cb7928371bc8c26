"""``scala40 view FILE... [-o PATH]``: one HTML page a file to step through its games
(:mod:`scala40cli.viewing.page`), written through :mod:`scala40cli.cli.output`."""

from __future__ import annotations

import os

import click

from scala40cli.cli import settings
from scala40cli.cli.output import emit
from scala40cli.cli.status import EXIT_OK, EXIT_PROBLEMS
from scala40cli.cli.view_pages import page_path
from scala40cli.reporting.escape import terminal_line
from scala40cli.viewing.loading import Unviewable, load_file
from scala40cli.viewing.page import page


def run_view(*, files: tuple[str, ...], output: str | None,
             rules_option: str | None, set_options: tuple[str, ...],
             input_format: str | None) -> None:
    """Write the page of each file; a file that cannot be read is said and skipped
    (exit 1)."""
    choice = settings.rule_choice(rules_option, set_options)
    several = len(files) > 1
    if several and output is not None and not os.path.isdir(output):
        raise click.BadParameter("with several files, --output is a folder",
                                 param_hint="'--output'")
    status = EXIT_OK
    for path in files:
        try:
            viewed = load_file(path, choice, input_format)
        except Unviewable as error:
            click.echo(f"scala40: {terminal_line(str(error))}", err=True)
            status = EXIT_PROBLEMS
            continue
        target = page_path(path, output, several)
        emit(page(viewed), target, files)
        if target != "-":
            click.echo(f"wrote {terminal_line(target)}", err=True)
    click.get_current_context().exit(status)
