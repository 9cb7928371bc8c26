"""The ``scala40`` command line: the click group and the declaration of every command.

A thin layer: each command declares its arguments and options (the shared ones through
the decorators of :mod:`scala40cli.cli.options`) and its help, and its body calls one
function of the command's own module (``replay_command``, ``report_command``,
``fmt_command``, ``convert_command``, ``rules_command``, ``explain_command``, and
:mod:`scala40cli.cli.simulate_command`). Those that judge logs hand one
request to the audit (:mod:`scala40cli.audit.road`), the others read their inputs
through :mod:`scala40cli.cli.inputs`; all write through :mod:`scala40cli.cli.output`
and choose formats from the registries of :mod:`scala40cli.reporting.reporters`.

Only click and the light modules of this package (the options, their vocabularies, the
exit statuses) are imported at start: every command imports its module when it runs, so
that ``scala40 --version`` (run by every pre-commit hook) stays quick. The exit statuses
are :mod:`scala40cli.cli.status`'s.
"""

from __future__ import annotations

import gc
import sys
from typing import Any, NoReturn

import click

from scala40cli.cli.choices import (
    CONVERT_FORMATS,
    DEFAULT_MAX_ANNOTATIONS,
    REPLAY_FORMATS,
    RULES_FORMATS,
    SCORE_REPORT_FORMATS,
)
from scala40cli.cli.group import EscapedErrors, StdinPlace, flushed, loading
from scala40cli.cli.options import (
    arena_options,
    color_option,
    files_argument,
    fmt_options,
    format_option,
    input_format_option,
    jobs_option,
    lang_option,
    output_option,
    play_options,
    quiet_option,
    review_options,
    rule_options,
    selection_options,
    set_option,
    show_options,
    simulate_options,
    standings_options,
    view_options,
)
from scala40cli.cli.status import EXIT_PROBLEMS, EXIT_USAGE
from scala40cli.cli.stopping import stopping_cleanly
from scala40cli.version import __version__

__all__ = ["main", "run"]


def run() -> NoReturn:
    """The ``scala40`` program (its console script): :func:`main`, then the exit.

    Two things the interpreter's own exit would do are done here, better. What is left
    of the report in standard output's buffer is written here, so that a full disk
    says so in one line and exits 2, as a report that cannot be written does
    elsewhere, and a reader gone away (``| head``) exits 1 quietly, as click does for a
    report cut off earlier (any other error that reaches here is said in one line too,
    never as a traceback). And every object is frozen (:func:`gc.freeze`) before the
    exit: the interpreter's last collection would walk them all to free memory the
    system takes back whole (a tenth of the instructions of ``scala40 --version``).
    """
    try:
        main(prog_name="scala40")
        status: object = None
    except SystemExit as done:
        status = done.code
    except OSError as error:  # what click leaves: --version on a full disk, say
        from scala40cli.cli.output import to_null
        from scala40cli.reporting.escape import terminal_line

        to_null(sys.stdout)
        where = f" ({error.filename})" if error.filename is not None else ""
        click.echo(terminal_line(f"Error: {error.strerror or error}{where}"), err=True)
        raise SystemExit(EXIT_USAGE) from None
    if not flushed(sys.stdout):
        status = EXIT_PROBLEMS
    gc.freeze()
    raise SystemExit(status)


@click.group(cls=EscapedErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="scala40")
def main() -> None:
    """scala40: a referee for recorded games of Scala 40."""


@main.command()
@files_argument
@format_option(
    REPLAY_FORMATS, default="text", envvar="SCALA40_FORMAT",
    help="text: problems and score sheets for people; json: the report for programs; "
    "jsonl: one JSON object a game; github: GitHub Actions annotations; sarif: SARIF "
    "2.1.0; junit: JUnit XML, one test case a game.")
@click.option("--exit-zero", is_flag=True,
              help="Exit 0 even when violations or file errors are found (report only).")
@click.option("--require-complete", is_flag=True,
              help="Exit 1 also when an input holds no game or a match not played to its "
              "end: each must be a complete match, judged legal (said on standard error).")
@click.option("--max-annotations", type=click.IntRange(min=0),
              default=DEFAULT_MAX_ANNOTATIONS, show_default=True,
              help="With --format github: annotate at most this many problems, then say how "
              "many more there are (GitHub shows 10 error annotations a step).")
@quiet_option
@jobs_option(envvar="SCALA40_JOBS")
@output_option()
@rule_options(envvar="SCALA40_RULES")
@click.option("--compare", "compare_option", metavar="RULES,RULES,...",
              help="Replay every game under each of these presets or rules files "
              "(comma-separated, at least two) and report what differs: violations, "
              "penalties, totals, eliminations, the winner. The exit status is that of the "
              "first.")
@input_format_option(
    "Read every FILE as a .s40 log or as JSON Lines events (see `scala40 convert`). "
    "Default: by the extension (.jsonl, .s40), else by the content (JSON Lines when its "
    "first line starts with {).", envvar="SCALA40_INPUT_FORMAT")
@selection_options
@color_option
@lang_option
@click.option("--dask", "dask_option", metavar="SCHEDULER", envvar="SCALA40_DASK",
              help="Judge the files on Dask (pip install 'scala40[dask]'): threads, "
              "processes, or a scheduler address such as tcp://host:8786. FILE may then "
              "be an fsspec URL such as 's3://bucket/logs/*.s40'. The report is the same.")
@click.option("--config", "config_option", type=click.Path(dir_okay=False),
              envvar="SCALA40_CONFIG",
              help="Read the settings from this file instead of the [tool.scala40] table "
              "of the nearest pyproject.toml. The command line wins over it.")
@click.pass_context
@stopping_cleanly
def replay(ctx: click.Context, /, **options: Any) -> None:
    """Replay the games of FILE... and report every illegal move and the scores.

    A FILE may be a log, a folder (every *.s40 file below it), a pattern such as
    'logs/**/*.s40', or - for standard input. The rules of a game are its [Rules] preset and
    [Rule] tags; --rules replaces the preset and --set values win over the tags. Exit
    status 0: every game legal; 1: a violation or a file error was found; 2: a wrong
    command line (an unknown preset, rule key or value included).

    Settings may also come from [tool.scala40] in pyproject.toml (or --config) and from
    SCALA40_* environment variables (SCALA40_FORMAT, SCALA40_RULES, ...); the command
    line wins over the environment, which wins over the file.
    """
    with loading():
        from scala40cli.cli.replay_command import run_replay

    run_replay(ctx, **options)


@main.command()
@click.argument("code", required=False)
@lang_option
def explain(**options: Any) -> None:
    """Explain a violation CODE (T004) or name (not-in-hand); without one, list them all."""
    with loading():
        from scala40cli.cli.explain_command import run_explain

    run_explain(**options)


@main.command()
@click.argument("name", required=False, metavar="[PRESET|FILE]")
@set_option("Set one rule switch over the preset (repeatable).")
@format_option(RULES_FORMATS, dest="rules_format",
               help="How to print the resolved rules: toml (the default) or json, both in "
               "the shape of a rules file.")
def rules(**options: Any) -> None:
    """List the presets and the rule switches, or print the rules of a PRESET or FILE.

    Without PRESET, FILE, --set or --format, lists every preset and every switch. With
    them, prints every switch as resolved (over classic when no preset is named), in
    the shape of a rules file that `scala40 replay --rules FILE` reads.
    """
    with loading():
        from scala40cli.cli.rules_command import run_rules

    run_rules(**options)


@main.command("fmt")
@fmt_options
@click.pass_context
def fmt(ctx: click.Context, /, **options: Any) -> None:
    """Rewrite the game logs FILE... in canonical form, in place.

    Canonical: one event a line, single spaces, cards as 10S AH JK (not TS, 10♠ or *), player
    names quoted only where the format needs it, tag values quoted, a blank line before each
    hand and between games, UTF-8 with LF line ends and no byte-order mark, the words of each
    game in one language (--verbs, else the one most of its lines use: an Italian log stays
    Italian, and a line written in English among them is translated; on a tie, the language
    written first). Comments stay where they are: a comment after an event stays on its line (at
    its column when there is room, so aligned comments stay aligned), a comment alone on its
    line loses its indentation. Blank lines stay where the author left them (a run of them
    becomes one); blank lines at the start and the end go. Each file is read a game at a time
    and replaced at once (a new file in its folder, renamed over it only when complete and
    different), keeping its permissions. A JSON Lines log becomes canonical JSON Lines, as
    convert writes it. A FILE of - reads standard input (a .s40 log) and writes standard output.

    A file that cannot be read, is not UTF-8 or has syntax errors is never rewritten:
    its errors are printed (F001, F002, F003) as `scala40 replay` prints them. Nor is a
    symbolic link (give the file it points to) or anything but a regular file. Exit
    status 0: nothing to change, or every file rewritten; 1: --check found a file to
    change, or a file could not be read, parsed or written; 2: a wrong command line.
    """
    with loading():
        from scala40cli.cli.fmt_command import run_fmt

    run_fmt(ctx, **options)


@main.command("report")
@files_argument
@format_option(
    SCORE_REPORT_FORMATS,
    help="markdown: for $GITHUB_STEP_SUMMARY and READMEs; html: one self-contained page "
    "(inline SVG chart, no JavaScript, no network). Default: html when --output ends in "
    ".html or .htm, else markdown.")
@output_option()
@rule_options()
@jobs_option()
@input_format_option(
    "Read every FILE as a .s40 log or as JSON Lines events. Default: by the extension "
    "(.jsonl, .s40), else by the content (JSON Lines when its first line starts with {).")
@lang_option
@click.pass_context
def report_command(ctx: click.Context, /, **options: Any) -> None:
    """Write the score report of the games of FILE...: sheets, outcomes, charts.

    A FILE may be a log, a folder (every *.s40 file below it), a pattern such as
    'logs/**/*.s40', or - for standard input, exactly as for `scala40 replay`. For each
    game: the score sheet (one row a hand, one column a player, who closed and how),
    the eliminations and the winner, the violations, and each player's running total
    by hand with the elimination threshold; a file's errors come before its games.

    Exit status 0: the report was written and every input read, whatever the games
    hold (the report shows their violations; `scala40 replay` judges them); 1: the
    report was written but an input could not be read or parsed (missing, not UTF-8, a
    syntax error: listed in the report); 2: a wrong command line.
    """
    with loading():
        from scala40cli.cli.report_command import run_report

    run_report(ctx, **options)


@main.command("standings")
@files_argument
@standings_options
@click.pass_context
@stopping_cleanly
def standings(ctx: click.Context, /, **options: Any) -> None:
    """Write the league table of a season: every match of FILE..., each player's numbers
    and a rating from the finishing orders (openskill's Plackett-Luce), in date order.

    FILE... as for `scala40 replay`. A match with violations is left out (and listed)
    unless --include-violations; a match not over counts its hands, not its result.
    Exit status 0: written, every input read; 1: an input could not be read or parsed
    (listed); 2: a wrong command line.
    """
    with loading():
        from scala40cli.cli.standings_command import run_standings

    run_standings(ctx, **options)


@main.command("simulate")
@simulate_options
def simulate_command(out: str, force: bool, **options: Any) -> None:
    """Write complete matches played by bots, as game logs.

    Every game is a whole match (every hand until the match is over) with the full
    deal, upcard and stock, every turn and the score lines. --out DIR refuses a folder
    that already holds .s40 logs (unless --force) and never writes through a symbolic
    link. An outside program that breaks the protocol forfeits the hand: one line on
    standard error, and the match goes on. Exit status 0; 2: a wrong command line (an
    unknown level, preset, rule key or value, a bad --seat, an --out that cannot or must
    not be written).
    """
    with loading():
        from scala40cli.cli.simulate_command import run, setup_from_options

    run(setup_from_options(**options), out, force=force)


@main.command("arena")
@arena_options
def arena_command(**options: Any) -> None:
    """Measure engines against each other: matches on duplicate deals, Elo, SPRT.

    An ENGINE is a built-in level (easy, normal, hard ...), NAME=LEVEL, or an outside
    program NAME=cmd:COMMAND speaking the table protocol (docs/protocol.md). Every deal
    is played once for each seating of its engines, so the luck of the cards cancels
    out; each pair gets its share won and its Elo difference with 95% intervals, and
    more than two engines a ranking. A progress line shows on a terminal; Ctrl-C stops
    with the table so far (exit 130). docs/arena.md explains every figure. Exit status
    0; 2: a wrong command line.
    """
    with loading():
        from scala40cli.cli.arena_command import run_command

    run_command(**options)


@main.command("review")
@review_options
@stopping_cleanly
def review(**options: Any) -> None:
    """Review the decisions of FILE...: the move played, the engine's, what the one
    played costs in points and in the chance of winning the match, from what the player
    saw only; each good, inaccuracy (?!), mistake (?) or blunder (??); a summary and a
    rating a player. A violation is not reviewed; the same --seed, the same review.
    docs/review.md explains every figure. Exit 0; 1: a file unreadable; 2: usage."""
    with loading():
        from scala40cli.cli.review_command import run_review

    run_review(**options)


@main.command("convert")
@click.argument("source", metavar="FILE", type=click.Path(allow_dash=True))
@click.option("--to", "target", type=click.Choice(CONVERT_FORMATS), default=None,
              help="What to write: jsonl (one JSON object an event) or s40 (the log in "
              "canonical form). Default: the other format than FILE's.")
@input_format_option("Read FILE as s40 or jsonl. Default: by the extension (.jsonl, "
                     ".s40), else by the content (JSON Lines when its first line starts "
                     "with {).")
@output_option("Write to this file instead of standard output.")
@click.pass_context
def convert_command(ctx: click.Context, /, **options: Any) -> None:
    """Convert a game log between .s40 and JSON Lines events, both ways, losslessly.

    JSON Lines: one JSON object a line, one line of the log a line, such as
    {"verb": "draw", "player": "Anna", "card": "9C"} (schemas/events.schema.json).
    `scala40 replay` reads either. Events and comments are kept; blank lines and
    spacing are fmt's. A FILE of - reads standard input. A log that is not
    UTF-8 or has syntax errors is not converted: its errors are printed (F002, F003)
    as `scala40 replay` prints them. Exit status 0: converted; 1: FILE could not be
    read or converted; 2: a wrong command line.
    """
    with loading():
        from scala40cli.cli.convert_command import run_convert

    run_convert(ctx, **options)


@main.command("show", cls=StdinPlace)
@click.argument("place", metavar="FILE[:LINE]")
@show_options
def show(**options: Any) -> None:
    """Show the table as the referee holds it after LINE of FILE (by default its last
    line), in the game that holds the line: each player's cards (seen, and how many
    unknown), the numbered melds, the pile, the stock, the totals, the violations and
    notes so far; on a line with a violation, the table before it too. FILE may be -
    (standard input). Exit status 0: shown; 1: the file cannot be read, is not a game
    log, or the line's game cannot be judged; 2: a wrong command line (a line the file
    does not have, a LINE that is not a line number)."""
    with loading():
        from scala40cli.cli.show_command import run_show

    run_show(**options)


@main.command("view")
@files_argument
@view_options
def view(**options: Any) -> None:
    """Write a self-contained HTML page of each FILE (a log, a folder: every *.s40 below
    it, a pattern, - for standard input) to step through its games. Keys: left/right a
    line, up/down a turn, page up/down a hand, Home/End, n/p a violation. Exit status 0:
    written; 1: a file unreadable or not UTF-8 (its page written); 2: usage."""
    with loading():
        from scala40cli.cli.view_command import run_view

    run_view(**options)


@main.command("play")
@play_options
def play(**options: Any) -> None:
    """Play against the computer in the browser, every move judged and saved as a log."""
    with loading():
        from scala40cli.cli.play_command import run_play
    run_play(**options)
