"""The options several commands share, each declared once as a decorator.

A command takes ``--rules``, ``--output`` or ``--jobs`` by naming the decorator above
its declaration in :mod:`scala40cli.cli.main`, so that the option's name, short flag,
type, destination and wording are the same wherever it appears; a decorator takes a
``help`` only where the option means something else in that command (``simulate``'s
rules are not the logs' rules), and an ``envvar`` only where the command reads one
(``replay``, see docs/configuration.md).

Like the command line as a whole, this imports click and the option vocabularies of
:mod:`scala40cli.cli.choices`, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from scala40cli.cli.choices import (
    ARENA_FORMATS,
    COLOR_CHOICES,
    INPUT_FORMATS,
    LANGUAGES,
    REVIEW_FORMATS,
    SHOW_FORMATS,
    STANDINGS_FORMATS,
)


class Day(click.DateTime):
    """A day written ``YYYY-MM-DD``; a wrong one is said in words, not as a strptime
    format (``'12/11/2026' does not match the format '%Y-%m-%d'``)."""

    name = "date"

    def __init__(self) -> None:
        super().__init__(formats=["%Y-%m-%d"])

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            self.fail(f"{value!r} is not a date: write it YYYY-MM-DD, such as 2026-11-05",
                      param, ctx)

F = TypeVar("F", bound=Callable[..., Any])


def stacked(*decorators: Callable[[F], F]) -> Callable[[F], F]:
    """The decorators applied as if written one above the other, in this order (the
    order in which ``--help`` lists their options)."""

    def apply(function: F) -> F:
        for decorator in reversed(decorators):
            function = decorator(function)
        return function

    return apply


def files_argument(function: F) -> F:
    """``FILE...``: logs, folders, patterns, ``-`` (see :mod:`scala40cli.audit.sources`)."""
    return click.argument("files", nargs=-1, required=True, metavar="FILE...",
                          type=click.Path(allow_dash=True))(function)


def format_option(choices: Sequence[str], help: str, *, default: str | None = None,
                  dest: str = "report_format", envvar: str | None = None
                  ) -> Callable[[F], F]:
    """``--format NAME``: one of the names of a registry of
    :mod:`scala40cli.reporting.reporters`."""
    return click.option("--format", dest, type=click.Choice(choices), default=default,
                        show_default=default is not None, envvar=envvar, help=help)


def output_option(help: str = "Write the report to this file instead of standard output."
                  ) -> Callable[[F], F]:
    """``--output FILE``/``-o``: written through :mod:`scala40cli.cli.output`, ``-`` or
    nothing for standard output."""
    return click.option("--output", "-o", type=click.Path(dir_okay=False, allow_dash=True),
                        help=help)


JOBS_HELP = "Judge the games in this many processes; the report is the same as with 1."


def jobs_option(envvar: str | None = None, help: str = JOBS_HELP) -> Callable[[F], F]:
    """``--jobs N``/``-j``: judge the games (``arena``: play the matches) in N processes."""
    return click.option("--jobs", "-j", type=click.IntRange(min=1), default=1,
                        show_default=True, envvar=envvar, help=help)


#: What ``--rules`` and ``--set`` say in the commands that replay logs.
REPLAY_RULES_HELP = ("Replay under this preset (`scala40 rules` lists them) or rules file "
                     "(.toml or .json) instead of the preset of the logs' [Rules] tags.")
REPLAY_SET_HELP = ("Set one rule switch over the preset and the logs' tags (repeatable), "
                   "such as --set opening_points=50.")


def rules_option(help: str = REPLAY_RULES_HELP, envvar: str | None = None
                 ) -> Callable[[F], F]:
    """``--rules PRESET|FILE``, read with ``--set`` by ``settings.rule_choice``."""
    return click.option("--rules", "rules_option", metavar="PRESET|FILE", envvar=envvar,
                        help=help)


def set_option(help: str = REPLAY_SET_HELP) -> Callable[[F], F]:
    """``--set KEY=VALUE``, repeatable."""
    return click.option("--set", "set_options", metavar="KEY=VALUE", multiple=True,
                        help=help)


def rule_options(rules_help: str = REPLAY_RULES_HELP, set_help: str = REPLAY_SET_HELP,
                 envvar: str | None = None) -> Callable[[F], F]:
    """``--rules`` then ``--set``, the rules a command judges or plays under."""
    return stacked(rules_option(rules_help, envvar), set_option(set_help))


def input_format_option(help: str, envvar: str | None = None) -> Callable[[F], F]:
    """``--input-format s40|jsonl``: how to read the inputs (default: by extension)."""
    return click.option("--input-format", type=click.Choice(INPUT_FORMATS), default=None,
                        envvar=envvar, help=help)


#: ``--select`` then ``--ignore``: which violation codes the report counts.
selection_options = stacked(
    click.option("--select", "select_option", metavar="CODES", envvar="SCALA40_SELECT",
                 help="Report only these violation codes: codes or prefixes, "
                 "comma-separated (T004,S or T00). The others are listed as ignored in "
                 "JSON."),
    click.option("--ignore", "ignore_option", metavar="CODES", envvar="SCALA40_IGNORE",
                 help="Do not report these violation codes or prefixes (listed as ignored "
                 "in JSON, not counted). A log line may accept its own: ; scala40: ignore "
                 "T004."),
)

#: ``--color auto|always|never``: colour in the text report.
color_option = click.option(
    "--color", "color_option", type=click.Choice(COLOR_CHOICES), default="auto",
    show_default=True, envvar="SCALA40_COLOR",
    help="Colour the text report: auto = on a terminal, unless NO_COLOR is set "
    "(FORCE_COLOR colours a pipe too).")

#: ``--lang en|it|fr``: the language of what a person reads (None: the environment's,
#: see :mod:`scala40cli.translation.language`).
lang_option = click.option(
    "--lang", "lang_option", type=click.Choice(LANGUAGES), envvar="SCALA40_LANG",
    help="The language of the messages, score sheets and explanations: English, Italian or "
    "French. Default: the environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.")

#: ``--quiet``/``-q``: the problems and the summary line only.
quiet_option = click.option(
    "--quiet", "-q", is_flag=True,
    help="With --format text: print only the problems and the summary line, no score "
    "sheets (for pre-commit and CI logs).")


_VIEW_INPUT_HELP = ("Read FILE as a .s40 log or as JSON Lines events. Default: by the "
                    "extension (.jsonl, .s40), else by the content (JSON Lines when its "
                    "first line starts with {).")

#: ``scala40 show``'s options: the format, the rules, how to read the file.
show_options = stacked(
    format_option(SHOW_FORMATS, dest="show_format", default="text",
                  help="text: the table for a person; json: for programs "
                  "(schemas/show.schema.json)."),
    rule_options(),
    input_format_option(_VIEW_INPUT_HELP),
    lang_option)

#: ``scala40 view``'s options: where the pages go, the rules, how to read the files.
view_options = stacked(
    click.option("--output", "-o", type=click.Path(allow_dash=True),
                 help="The page to write, for one FILE (- for standard output), or a "
                 "folder for one page a FILE. Default: each FILE's name with .html."),
    rule_options(),
    input_format_option(_VIEW_INPUT_HELP),
    lang_option)

#: ``scala40 play``'s options (the command's work is ``cli/play_command``).
play_options = stacked(
    click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True,
                 help="Players at the table: you and 1 to 5 bots."),
    click.option("--level", type=click.Choice(["easy", "normal", "hard", "expert"]),
                 default="normal", show_default=True, help="The bots' level."),
    rule_options("Play under this preset or rules file (default classic).",
                 "Set one rule switch over the preset (repeatable)."),
    click.option("--seed", default=None,
                 help="Deal from this seed: a reproducible match, not a private one "
                 "(default: a secret random seed, kept in the log only)."),
    click.option("--name", default="Player", show_default=True, help="Your name in the log."),
    click.option("--save", "save_dir", type=click.Path(file_okay=False), default=None,
                 help="The folder of the saved logs (default ~/scala40-games)."),
    click.option("--port", type=click.IntRange(0, 65535), default=0,
                 help="The port on 127.0.0.1 (default: a free one)."),
    click.option("--no-browser", is_flag=True, help="Print the address, open no browser."),
    click.option("--lang", type=click.Choice(["auto", "it", "fr", "en"]), default="auto",
                 show_default=True, help="The page's language (auto: the browser's)."),
    click.option("--resume", type=click.Path(dir_okay=False, exists=True), default=None,
                 help="Go on with the match saved in this log."))


#: ``scala40 simulate``'s options (the command's work is ``cli/simulate_command``).
simulate_options = stacked(
    click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True,
                 help="Players at the table (2 to 6)."),
    click.option("--games", type=click.IntRange(min=1), default=1, show_default=True,
                 help="Matches to play."),
    click.option("--seed", type=int, default=None,
                 help="The seed: the same seed gives the same bytes (for one version). "
                 "Default: 1, or a random one when a --seat program plays (written in "
                 "the logs)."),
    rule_options("Play under this preset or rules file (default classic).",
                 "Set one rule switch over the preset (repeatable)."),
    click.option("--level", default="normal", show_default=True, metavar="LEVEL[,LEVEL...]",
                 help="easy, normal, hard or expert: one for every bot, or one a bot seat "
                 "(the --seat programs' seats have none), comma-separated."),
    click.option("--out", default="-", show_default=True, metavar="DIR|-",
                 help="- writes every game to standard output; DIR one file a game "
                 "(game-0001.s40 ...)."),
    click.option("--max-hands", type=click.IntRange(min=1), default=200, show_default=True,
                 help="Stop a match that is not over after this many hands."),
    click.option("--force", is_flag=True,
                 help="With --out DIR: write even if DIR already holds .s40 logs (the games "
                 "of the same names are replaced, other files left as they are)."),
    click.option("--seat", "seats", multiple=True, metavar="NAME=cmd:COMMAND",
                 help="Seat an outside program speaking the table protocol "
                 "(docs/protocol.md) under NAME (repeatable)."),
    click.option("--move-timeout", type=click.FloatRange(min=0, min_open=True), default=5.0,
                 show_default=True, metavar="SECONDS",
                 help="Seconds an outside program has for each answer."),
    click.option("--budget", type=click.FloatRange(min=0, min_open=True), default=1.0,
                 show_default=True, metavar="FACTOR",
                 help="The expert level's search, as a multiple of its default (more "
                 "is stronger and slower)."))


#: ``scala40 arena``'s options (the command's work is ``cli/arena_command``).
arena_options = stacked(
    click.argument("engines", nargs=-1, required=True, metavar="ENGINE..."),
    click.option("--games", type=click.IntRange(min=1), default=None,
                 help="Matches each group of engines plays, rounded up to whole duplicate "
                 "deals (default 200; with --sprt, at most 20000)."),
    click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True,
                 help="Engines at a table; with more engines, every combination plays."),
    click.option("--gauntlet", is_flag=True,
                 help="Play the first engine against the others only (default: round robin)."),
    jobs_option(help="Play this many matches side by side, in as many processes."),
    click.option("--sprt", "sprt_option", metavar="elo0=E0,elo1=E1[,alpha=A,beta=B]",
                 help="Stop as soon as the sequential test accepts one hypothesis on the "
                 "first engine's Elo over the second (alpha and beta 0.05 by default)."),
    rule_options("Play under this preset or rules file (default classic).",
                 "Set one rule switch over the preset (repeatable)."),
    click.option("--seed", default=None,
                 help="Deal from this seed (letters, digits, _ . -; default a random one, "
                 "written in the logs and the JSON)."),
    click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
                 metavar="DIR", help="Keep every match's log in DIR (game-00001.s40 ...)."),
    format_option(ARENA_FORMATS, dest="report_format", default="text",
                  help="text: the table; json: for programs (schemas/arena.schema.json); "
                  "markdown: for a CI summary."),
    output_option(),
    click.option("--move-timeout", type=click.FloatRange(min=0, min_open=True), default=5.0,
                 show_default=True, metavar="SECONDS",
                 help="Seconds an outside program has for each answer."),
    click.option("--max-hands", type=click.IntRange(min=1), default=200, show_default=True,
                 help="Stop a match that is not over after this many hands (a tie)."),
    click.option("--dask", "dask_option", metavar="ADDRESS",
                 help="Play the matches on the Dask cluster at this scheduler address "
                 "(pip install 'scala40[dask]'), such as tcp://host:8786."))


#: ``--input-format`` of a command reading FILE..., as replay says it.
files_format_option = input_format_option(
    "Read every FILE as a .s40 log or as JSON Lines events. Default: by the extension "
    "(.jsonl, .s40), else by the content (JSON Lines when its first line starts with {).")


#: ``scala40 fmt``'s options (the command's work is ``cli/fmt_command``).
fmt_options = stacked(
    files_argument,
    click.option("--check", is_flag=True,
                 help="Write nothing; exit 1 if any file would change, listing them."),
    click.option("--diff", "show_diff", is_flag=True,
                 help="Write nothing; print a unified diff of the changes on standard "
                 "output."),
    click.option("--verbs", type=click.Choice(LANGUAGES),
                 help="Write the words of the log (hand, draw, meld...) in English, Italian "
                 "or French. Default: each game in the language most of its lines use."),
    files_format_option)


#: ``scala40 review``'s options (the command's work is ``cli/review_command``).
review_options = stacked(
    files_argument,
    click.option("--seat", "seat", metavar="NAME",
                 help="Review this player's decisions (default: the person's seat of a "
                 "match played with `scala40 play`, else every player whose cards the log "
                 "shows)."),
    click.option("--all", "every", is_flag=True, help="Review every player's decisions."),
    format_option(REVIEW_FORMATS, default="text",
                  help="text: the decisions that lose something and a summary a player; "
                  "json: every decision (schemas/review.schema.json); html: the viewer's "
                  "page of the log with the review on it."),
    output_option("Write the review to this file (with --format html and several FILEs, "
                  "a folder) instead of standard output."),
    click.option("--budget", "budget_option", default="default", show_default=True,
                 metavar="quick|default|deep|FACTOR|KEY=VALUE,...",
                 help="The expert's budget a decision: default is the one it plays with, "
                 "quick a quarter, deep four times, a number a factor of it; KEY=VALUE "
                 "pairs of worlds, take_worlds, horizon (or none), turns, heat, discards "
                 "change it (docs/review.md)."),
    jobs_option(help="Weigh the decisions in this many processes; the review is the same "
                "as with 1."),
    click.option("--seed", default="1", show_default=True,
                 help="The seed of the engine's samples: the same seed gives the same "
                 "review."),
    rule_options(),
    click.option("--engine", "engine", default=None, hidden=True,
                 help="The engine that weighs the decisions (for tests: standin)."),
    files_format_option,
    lang_option)


#: ``scala40 standings``'s options (the command's work is ``cli/standings_command``).
standings_options = stacked(
    format_option(STANDINGS_FORMATS,
                  help="text: the table for a person; markdown: for $GITHUB_STEP_SUMMARY; "
                  "html: one self-contained page with the ratings' chart; json: "
                  "schemas/standings.schema.json. Default: by --output's suffix (.html, "
                  ".json, .md), else text."),
    output_option(),
    rule_options("Count only the matches played under this preset or rules file "
                 "(with --set: these rules exactly); the others are listed as left out.",
                 "Set one rule switch of the rules --rules counts (repeatable)."),
    click.option("--include-violations", is_flag=True,
                 help="Count the matches with violations too (left out by default)."),
    click.option("--since", type=Day(), default=None, metavar="DATE",
                 help="Count only the matches whose [Date] is DATE (YYYY-MM-DD) or later."),
    jobs_option(),
    click.option("--dask", "dask_option", metavar="SCHEDULER",
                 help="Judge the files on Dask, as `scala40 replay --dask` does."),
    files_format_option,
    lang_option)
