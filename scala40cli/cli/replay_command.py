"""``scala40 replay``: judge the games of the inputs and report, in a format of the
registry (:mod:`scala40cli.reporting.reporters`); with ``--compare``, judge them under
several rule sets and report what differs.

The steps, each a call: the settings (:mod:`scala40cli.cli.settings`), turned into
one request that the audit carries from the inputs to the records
(:mod:`scala40cli.audit.road`), the reporter that writes them, the output
(:mod:`scala40cli.cli.output`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from scala40cli.audit.request import AuditRequest, Local
from scala40cli.audit.road import audit_records, compare_results
from scala40cli.cli import settings
from scala40cli.cli.choices import COMPARISON_FORMATS, REPLAY_FORMATS
from scala40cli.cli.completeness import Completeness
from scala40cli.cli.inputs import input_paths, terminal_progress
from scala40cli.cli.language import chosen_words
from scala40cli.cli.output import check_output, emit, stdout_of, write_report
from scala40cli.cli.status import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, exit_status
from scala40cli.reporting.color import use_color
from scala40cli.reporting.reporters import make_reporter, render_comparison
from scala40cli.reporting.translated import translated_records

if TYPE_CHECKING:
    from scala40cli.audit.ignores import Selection
    from scala40cli.cli.config import Config


def run_replay(ctx: click.Context, *, files: tuple[str, ...], report_format: str,
               output: str | None, rules_option: str | None, set_options: tuple[str, ...],
               compare_option: str | None, exit_zero: bool, max_annotations: int,
               jobs: int, quiet: bool, input_format: str | None,
               select_option: str | None, ignore_option: str | None, color_option: str,
               dask_option: str | None, config_option: str | None,
               lang_option: str | None = None, require_complete: bool = False) -> None:
    """``scala40 replay`` with its options (by their names in the command's
    declaration): the report written, then the exit status."""
    config = settings.load(config_option)
    report_format = settings.setting(ctx, "report_format", report_format, config.format)
    rules_option = settings.setting(ctx, "rules_option", rules_option, config.rules)
    jobs = settings.setting(ctx, "jobs", jobs, config.jobs)
    color_option = settings.setting(ctx, "color_option", color_option, config.color)
    set_options = (*config.sets, *set_options)
    if report_format not in REPLAY_FORMATS:
        raise click.UsageError(f"format {report_format!r} in {config.path} is not one of "
                               f"{', '.join(REPLAY_FORMATS)}")
    selection = settings.selection(select_option, ignore_option, config)
    if compare_option is not None:
        status = run_compare(files, compare_option, rules_option, set_options,
                             report_format, output, jobs, input_format, selection, config,
                             lang_option)
        ctx.exit(EXIT_OK if exit_zero else status)
    choice = settings.rule_choice(rules_option, set_options)
    words = chosen_words(lang_option)
    reporter = make_reporter(report_format, max_annotations=max_annotations, quiet=quiet,
                             color=use_color(color_option, stdout_of(output)), words=words)
    check_output(output, input_paths(files))
    request = AuditRequest(inputs=files, rules=choice, input_format=input_format,
                           selection=selection, exclusions=config.exclusions,
                           engine=settings.engine(jobs, dask_option, files),
                           progress=terminal_progress(), hold_collector=True)
    records = audit_records(request)
    completeness = Completeness()
    if require_complete:
        records = completeness.watch(records)
    if reporter.for_people:
        records = translated_records(records, words)
    summary = write_report(output, lambda stream: reporter.write_records(records, stream))
    if reporter.side_failure is not None:
        click.echo(f"scala40: {reporter.side_failure}", err=True)
        ctx.exit(EXIT_USAGE)
    for lacking in completeness.lacking:
        click.echo(f"scala40: {lacking}", err=True)
    clean = summary.violations == 0 and summary.file_errors == 0 and not completeness.lacking
    ctx.exit(EXIT_OK if exit_zero or clean else EXIT_PROBLEMS)


def run_compare(files: Sequence[str], compare_option: str, rules_option: str | None,
                set_options: Sequence[str], report_format: str, output: str | None,
                jobs: int, input_format: str | None = None,
                selection: Selection | None = None, config: Config | None = None,
                lang_option: str | None = None) -> int:
    """``replay --compare``: every file under every rule set, and what differs (the text
    in the language of ``--lang``, else the environment's); the exit status is that of
    the first rule set."""
    if rules_option is not None:
        raise click.UsageError("--compare names the rule sets itself: leave out --rules")
    if report_format not in COMPARISON_FORMATS:
        raise click.UsageError(f"--compare writes {' or '.join(COMPARISON_FORMATS)}, not "
                               + report_format)
    names = [name.strip() for name in compare_option.split(",") if name.strip()]
    if len(names) < 2:
        raise click.UsageError("--compare needs at least two presets or rules files, "
                               "such as --compare classic,traditional")
    choices = [settings.rule_choice(name, set_options) for name in names]
    check_output(output, input_paths(files))
    request = AuditRequest(inputs=tuple(files), input_format=input_format,
                           selection=selection,
                           exclusions=None if config is None else config.exclusions,
                           engine=Local(jobs), progress=terminal_progress())
    runs = list(zip(*compare_results(request, choices), strict=True))
    emit(render_comparison(report_format, names, runs, chosen_words(lang_option)), output)
    return exit_status(runs[0])
