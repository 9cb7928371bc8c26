"""``scala40 play``: the options checked, the game made (or resumed), the server started.

Starlette and uvicorn are the ``play`` extra: without them the command says how to
install them, in one line, and exits 2; no other command imports them.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path

import click

from scala40cli.audit.rulesfile import choice_from
from scala40cli.cli.status import EXIT_USAGE
from scala40cli.judging.rulebook.rules import RuleChoice, RulesError
from scala40cli.reporting.escape import terminal_line

#: Where the games are saved without --save (docs/play.md names it).
DEFAULT_SAVE = Path("~/scala40-games")


def run_play(*, players: int, level: str, rules_option: str | None,
             set_options: Sequence[str], seed: str | None, name: str, save_dir: str | None,
             port: int, no_browser: bool, lang: str, resume: str | None) -> None:
    missing = [m for m in ("starlette", "uvicorn") if importlib.util.find_spec(m) is None]
    if missing:
        click.echo("scala40 play needs Starlette and uvicorn: pip install 'scala40[play]' "
                   "(in a clone of the project: pip install '.[play]')", err=True)
        raise SystemExit(EXIT_USAGE)
    from scala40cli.playing.controller import Controller, Options
    from scala40cli.playing.launch import serve
    from scala40cli.playing.saving import ResumeError
    from scala40cli.playing.saving import resume as resume_log

    refused = name_problem(name, players) if resume is None else None
    if refused is not None:
        raise click.BadParameter(terminal_line(refused), param_hint="'--name'")
    try:
        choice = (choice_from(rules_option, set_options)
                  if rules_option is not None or set_options else RuleChoice())
        folder = Path(save_dir) if save_dir else DEFAULT_SAVE.expanduser()
        options = Options(players=players, level=level, choice=choice, seed=seed,
                          name=name, save_dir=folder, language=lang)
        if resume is not None:
            session = resume_log(Path(resume))
            controller = Controller(options, session, Path(resume))
        else:
            controller = Controller(options)
    except (RulesError, ResumeError, ValueError) as error:
        raise click.UsageError(terminal_line(str(error))) from None
    serve(controller, port=port, open_browser=not no_browser,
          say=lambda text: click.echo(terminal_line(text), err=True))


def name_problem(name: str, players: int) -> str | None:
    """Why the referee would refuse ``name`` at the table, as the saved log's
    ``[Players]`` tag (blank: G002; an invisible character, or a name that looks like a
    bot's: G009; a line break: F003), or None. A match is never begun that its own log
    would fail."""
    from scala40cli.api import audit_events
    from scala40cli.playing.controller import bot_names

    tag = {"verb": "tag", "name": "Players", "values": list(bot_names(name, players))}
    judged = audit_events([tag])
    found = [*judged.errors, *(v for game in judged.games for v in game.violations
                               if v.line == 1)]
    return f"{found[0].message} ({found[0].code})" if found else None
