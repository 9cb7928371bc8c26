"""``scala40 standings``: the league table of a season, from every match of the inputs.

The inputs are judged as ``replay`` judges them (:mod:`scala40cli.audit.road`, here or
on Dask), each under its own rules; ``--rules`` and ``--set`` do not replace those rules
here but choose which matches count (:mod:`scala40cli.season.entries`). The table is
written through :mod:`scala40cli.cli.output`; the exit status says whether every input
was read, as ``scala40 report``'s does, not whether the games are legal.
"""

from __future__ import annotations

from datetime import datetime

import click

from scala40cli.audit.request import AuditRequest
from scala40cli.audit.road import audit_records
from scala40cli.cli import settings
from scala40cli.cli.inputs import input_paths, terminal_progress
from scala40cli.cli.language import chosen_words
from scala40cli.cli.output import check_output, emit
from scala40cli.cli.status import EXIT_OK, EXIT_PROBLEMS
from scala40cli.season.entries import Choice, Reason, season_choice
from scala40cli.season.formats import format_for, render_standings
from scala40cli.season.table import season_table


def _choice(include_violations: bool, rules_option: str | None, set_options: tuple[str, ...],
            since: datetime | None) -> Choice:
    """What the options ask of the matches; a bad --rules or --set is exit 2."""
    return season_choice(rules=settings.rule_choice(rules_option, set_options),
                         include_violations=include_violations,
                         since=since.date() if since is not None else None)


def run_standings(ctx: click.Context, *, files: tuple[str, ...], report_format: str | None,
                  output: str | None, rules_option: str | None,
                  set_options: tuple[str, ...], include_violations: bool,
                  since: datetime | None, jobs: int, dask_option: str | None,
                  input_format: str | None = None, lang_option: str | None = None) -> None:
    """``scala40 standings`` with its options: the table written in the language of
    ``--lang`` or the environment (the JSON in English), then the exit status (1 when an
    input could not be read or parsed)."""
    choice = _choice(include_violations, rules_option, set_options, since)
    check_output(output, input_paths(files))
    request = AuditRequest(inputs=files, rules=None, input_format=input_format,
                           engine=settings.engine(jobs, dask_option, files),
                           progress=terminal_progress())
    table = season_table(audit_records(request), choice)
    words = chosen_words(lang_option)
    emit(render_standings(report_format or format_for(output), table, words), output)
    ctx.exit(EXIT_PROBLEMS if table.left_out_for(Reason.FILE_ERROR) else EXIT_OK)
