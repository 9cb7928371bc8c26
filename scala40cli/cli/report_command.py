"""``scala40 report``: the score report of the inputs' games, in a format of the
registry (:mod:`scala40cli.reporting.reporters`), written as one document.

It audits its inputs as ``replay`` does (:mod:`scala40cli.audit.road`) and writes through
:mod:`scala40cli.cli.output`; its exit status says whether every input was read, not
whether the games are legal (the report shows their violations).
"""

from __future__ import annotations

import click

from scala40cli.audit.request import AuditRequest, Local
from scala40cli.audit.road import file_results
from scala40cli.cli import settings
from scala40cli.cli.inputs import input_paths, terminal_progress
from scala40cli.cli.language import chosen_words
from scala40cli.cli.output import check_output, emit
from scala40cli.cli.status import EXIT_OK, EXIT_PROBLEMS
from scala40cli.cli.view_pages import viewer_pages
from scala40cli.reporting.reporters import render_score_report, score_report_format
from scala40cli.reporting.translated import translated_file


def run_report(ctx: click.Context, *, files: tuple[str, ...], report_format: str | None,
               output: str | None, rules_option: str | None, set_options: tuple[str, ...],
               jobs: int, input_format: str | None = None,
               lang_option: str | None = None) -> None:
    """``scala40 report`` with its options: the report written, in the language of
    ``--lang`` (else the environment's), then the exit status (1 when an input could
    not be read or parsed)."""
    choice = settings.rule_choice(rules_option, set_options)
    words = chosen_words(lang_option)
    check_output(output, input_paths(files))
    results = file_results(AuditRequest(inputs=files, rules=choice, engine=Local(jobs),
                                        input_format=input_format,
                                        progress=terminal_progress()))
    viewers = viewer_pages([result.path for result in results], output)
    said = [translated_file(result, words) for result in results]
    emit(render_score_report(report_format or score_report_format(output), said, viewers,
                             words), output)
    ctx.exit(EXIT_PROBLEMS if any(result.errors for result in results) else EXIT_OK)
