"""Where ``scala40 replay`` takes its settings from: the command line, ``SCALA40_*``
environment variables, ``[tool.scala40]`` (:mod:`scala40cli.cli.config`), in that order;
the selection of codes (``--select``, ``--ignore``) and of files (``exclude``); and the
rules of ``--rules`` and ``--set``, for every command that takes them.

Small functions the command calls, kept apart so that the command stays a list of
steps. A bad setting is a usage error (exit 2) that names where it was set.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from scala40cli.audit.ignores import CodesError, Selection, parse_codes
from scala40cli.audit.records import JudgedGame
from scala40cli.cli.config import Config, ConfigError, load_config
from scala40cli.model.results import FileResult
from scala40cli.reading.inputs import Missing, expand

if TYPE_CHECKING:  # the audit and the rules are loaded by the command that runs
    from scala40cli.audit.pipeline import Record
    from scala40cli.judging.rulebook.rules import RuleChoice

#: The file argument that means standard input.
STDIN_ARGUMENT = "-"


def load(path: str | None) -> Config:
    """``--config PATH``, else the ``[tool.scala40]`` found upwards; a bad one is exit 2."""
    try:
        return load_config(path)
    except ConfigError as error:
        raise click.UsageError(str(error)) from None


def setting(ctx: click.Context, name: str, given: Any, configured: Any) -> Any:
    """The command line's (or the environment's) value, else the file's, else the default."""
    source = ctx.get_parameter_source(name)
    if configured is not None and source in (None, ParameterSource.DEFAULT):
        return configured
    return given


def selection(select: str | None, ignore: str | None, config: Config) -> Selection:
    """``--select``/``--ignore`` (or SCALA40_SELECT/IGNORE), else the configuration's."""
    try:
        chosen = [parse_codes(text, option) if text is not None
                  else parse_codes(",".join(fallback), f"{option} in {config.path}")
                  for text, fallback, option in ((select, config.select, "--select"),
                                                 (ignore, config.ignore, "--ignore"))]
    except CodesError as error:
        raise click.UsageError(str(error)) from None
    return Selection(select=chosen[0], ignore=chosen[1])


def selected(records: Iterator[Record], selection: Selection) -> Iterator[Record]:
    """The records with each game's violations not selected moved to its ``ignored``."""
    for record in records:
        if isinstance(record, JudgedGame):
            record = JudgedGame(record.path, selection.apply(record.game))
        yield record


def select_file(result: FileResult, selection: Selection) -> FileResult:
    """:func:`selected` for a file result already gathered (``--compare``)."""
    return dataclasses.replace(result, games=tuple(map(selection.apply, result.games)))


def included(arguments: Sequence[str], config: Config | None) -> list[str | Missing]:
    """The inputs the arguments stand for, less those the configuration excludes (a file
    named on the command line is always read)."""
    if config is None or not config.exclude:
        return list(expand(arguments))
    named = set(arguments)
    return [item for item in expand(arguments)
            if isinstance(item, Missing) or item in named or not config.excludes(item)]


def rule_choice(rules: str | None, sets: Sequence[str]) -> RuleChoice | None:
    """The rules chosen by ``--rules`` and ``--set``, checked before any replay.

    None when neither is given. A bad choice is a usage error (exit 2) whose message
    names the key, the value and the allowed values.
    """
    if rules is None and not sets:
        return None
    from scala40cli.audit.rulesfile import choice_from
    from scala40cli.judging.rulebook.rules import RulesError

    try:
        return choice_from(rules, sets)
    except RulesError as error:
        raise click.UsageError(str(error)) from None


def dask_records(arguments: Sequence[str], choice: RuleChoice | None, scheduler: str,
                 input_format: str | None, config: Config | None, jobs: int
                 ) -> Iterator[Record]:
    """``replay --dask``: the files judged on Dask, as the records of a serial run."""
    if jobs > 1:
        raise click.UsageError("--dask judges on the cluster: leave out --jobs")
    if STDIN_ARGUMENT in arguments:
        raise click.UsageError("--dask reads files and URLs, not standard input")
    try:
        import dask.bag  # noqa: F401  (the extra is there)

        from scala40cli.dask_audit import expand_logs, records_with_dask
    except ImportError:
        raise click.UsageError("--dask needs Dask: pip install 'scala40[dask]'") from None
    named = set(arguments)
    logs = [item for item in expand_logs(arguments)
            if not isinstance(item, str) or item in named or config is None
            or not config.excludes(item)]
    return records_with_dask(logs, choice=choice, scheduler=scheduler,
                             input_format=input_format)
