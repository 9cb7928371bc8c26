"""Where ``scala40 replay`` takes its settings from: the command line, ``SCALA40_*``
environment variables, ``[tool.scala40]`` (:mod:`scala40cli.cli.config`), in that order;
the selection of codes (``--select``, ``--ignore``); the rules of ``--rules`` and
``--set``, for every command that takes them; and how to judge (``--jobs``, ``--dask``).
Each becomes a part of the audit's request (:mod:`scala40cli.audit.request`).

Small functions the command calls, kept apart so that the command stays a list of
steps. A bad setting is a usage error (exit 2) that names where it was set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from scala40cli.audit.ignores import CodesError, Selection, parse_codes
from scala40cli.audit.request import Engine, Local
from scala40cli.audit.sources import STDIN_ARGUMENT
from scala40cli.cli.config import Config, ConfigError, load_config

if TYPE_CHECKING:  # the rules are loaded by the command that runs
    from scala40cli.judging.rulebook.rules import RuleChoice


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


def engine(jobs: int, scheduler: str | None, arguments: Sequence[str]) -> Engine:
    """How ``replay`` judges: here (``--jobs``), or on Dask (``--dask``), which needs
    Dask installed and reads files and URLs, not standard input."""
    if scheduler is None:
        return Local(jobs)
    if jobs > 1:
        raise click.UsageError("--dask judges on the cluster: leave out --jobs")
    if STDIN_ARGUMENT in arguments:
        raise click.UsageError("--dask reads files and URLs, not standard input")
    try:
        import dask.bag  # noqa: F401  (the extra is there)
    except ImportError:
        raise click.UsageError("--dask needs Dask: pip install 'scala40[dask]'") from None
    from scala40cli.audit.dask_engine import Dask

    return Dask(scheduler)
