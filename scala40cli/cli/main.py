"""The ``scala40`` command line: every subcommand, its options and how it reads and writes.

Not yet a thin layer: besides parsing options, it runs ``--compare`` and picks a few
formats itself (``report``'s html/markdown, ``--compare``'s json, ``rules``'s
toml/json) outside the registry of :mod:`scala40cli.reporting.reporters`. The inputs
are gathered by :mod:`scala40cli.cli.inputs` and every output is written by
:mod:`scala40cli.cli.output`; the judging is :mod:`scala40cli.audit.pipeline`'s, the
report formats the reporters'.

Exit status, as linters and CI expect: 0 when every game is legal and every file was
read, 1 when any violation or file error was found, 2 for a wrong command line (click
exits 2 on its own usage errors; an ``--output`` that cannot be written is one too).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn, ParamSpec

import click

from scala40cli import __version__
from scala40cli.cli import settings
from scala40cli.cli.convert_command import convert_command
from scala40cli.cli.options import (
    color_option,
    files_argument,
    format_option,
    input_format_option,
    jobs_option,
    output_option,
    quiet_option,
    rule_options,
    selection_options,
    set_option,
)

# Only click is imported at start: every other module is imported by the command that
# needs it, so that `scala40 --version` (run by every pre-commit hook) stays quick.
if TYPE_CHECKING:
    from scala40cli.audit.ignores import Selection
    from scala40cli.audit.pipeline import Source
    from scala40cli.cli.config import Config
    from scala40cli.cli.rewrite import Rewrite
    from scala40cli.judging.results import FileResult
    from scala40cli.judging.violations import Code

#: The formats of ``replay --format`` (the keys of ``reporters.REPORTERS``) and the
#: default of ``--max-annotations`` (``ci_reports.DEFAULT_MAX_ANNOTATIONS``), kept here
#: so that building the command line imports no reporter; a test checks they agree.
REPLAY_FORMATS = ("text", "json", "jsonl", "github", "sarif", "junit")
DEFAULT_MAX_ANNOTATIONS = 10

P = ParamSpec("P")

EXIT_OK = 0
EXIT_PROBLEMS = 1
#: A wrong command line, or an output that cannot be written.
EXIT_USAGE = 2

#: The file argument that means standard input.
STDIN_ARGUMENT = "-"


def _stopping_cleanly(command: Callable[P, None]) -> Callable[P, None]:
    """A command that a signal or a lost worker stops in one line, not a traceback:
    SIGINT (Ctrl-C) exits 130 and SIGTERM 143, as shells expect, after the workers of
    ``--jobs`` are killed and the temporary files removed; a worker killed by the
    system exits 1 (the report is incomplete). See :func:`_exit_now`."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        from scala40cli.audit.parallel import Stopped, WorkerLost, stop_on_signals

        try:
            with stop_on_signals():
                command(*args, **kwargs)
        except Stopped as stopped:
            _exit_now(f"scala40: {stopped}; the report is incomplete", stopped.exit_status)
        except WorkerLost as lost:
            _exit_now(f"scala40: {lost}", EXIT_PROBLEMS)

    return run


def _exit_now(message: str, status: int) -> NoReturn:
    """Say why, and end the process at once. By then the workers are killed and the
    temporary files removed (``finally`` blocks ran); a normal exit would join the
    process pool's threads, which a worker killed while it wrote can leave waiting
    for ever."""
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    click.echo(message, err=True)
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(status)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
@click.option(
    "--exit-zero",
    is_flag=True,
    help="Exit 0 even when violations or file errors are found (report only).",
)
@click.option(
    "--max-annotations",
    type=click.IntRange(min=0),
    default=DEFAULT_MAX_ANNOTATIONS,
    show_default=True,
    help="With --format github: annotate at most this many problems, then say how many "
    "more there are (GitHub shows 10 error annotations a step).",
)
@quiet_option
@jobs_option(envvar="SCALA40_JOBS")
@output_option()
@rule_options(envvar="SCALA40_RULES")
@click.option(
    "--compare",
    "compare_option",
    metavar="RULES,RULES,...",
    help="Replay every game under each of these presets or rules files (comma-separated, "
    "at least two) and report what differs: violations, penalties, totals, eliminations, "
    "the winner. The exit status is that of the first.",
)
@input_format_option(
    "Read every FILE as a .s40 log or as JSON Lines events (see `scala40 convert`). "
    "Default: jsonl for a FILE ending in .jsonl, else s40.", envvar="SCALA40_INPUT_FORMAT")
@selection_options
@color_option
@click.option("--dask", "dask_option", metavar="SCHEDULER", envvar="SCALA40_DASK",
              help="Judge the files on Dask (pip install 'scala40[dask]'): threads, "
              "processes, or a scheduler address such as tcp://host:8786. FILE may then "
              "be an fsspec URL such as 's3://bucket/logs/*.s40'. The report is the same.")
@click.option("--config", "config_option", type=click.Path(dir_okay=False),
              envvar="SCALA40_CONFIG",
              help="Read the settings from this file instead of the [tool.scala40] table "
              "of the nearest pyproject.toml. The command line wins over it.")
@click.pass_context
@_stopping_cleanly
def replay(
    ctx: click.Context,
    files: tuple[str, ...],
    report_format: str,
    output: str | None,
    rules_option: str | None,
    set_options: tuple[str, ...],
    compare_option: str | None,
    exit_zero: bool,
    max_annotations: int,
    jobs: int,
    quiet: bool,
    input_format: str | None,
    select_option: str | None,
    ignore_option: str | None,
    color_option: str,
    dask_option: str | None,
    config_option: str | None,
) -> None:
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
    from scala40cli.cli.inputs import input_paths, input_records
    from scala40cli.cli.output import check_output, stdout_of, write_report
    from scala40cli.reporting.color import ColorTextReporter, use_color
    from scala40cli.reporting.reporters import make_reporter

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
        status = _compare(files, compare_option, rules_option, set_options, report_format,
                          output, jobs, input_format, selection, config)
        ctx.exit(EXIT_OK if exit_zero else status)
    choice = settings.rule_choice(rules_option, set_options)
    reporter = make_reporter(report_format, max_annotations=max_annotations, quiet=quiet)
    if report_format == "text" and use_color(color_option, stdout_of(output)):
        reporter = ColorTextReporter(quiet=quiet)
    check_output(output, input_paths(files))
    records = input_records(files, choice, jobs=jobs, input_format=input_format,
                            selection=selection, config=config, dask=dask_option)
    summary = write_report(output, lambda stream: reporter.write_records(records, stream))
    if reporter.side_failure is not None:
        click.echo(f"scala40: {reporter.side_failure}", err=True)
        ctx.exit(EXIT_USAGE)
    clean = summary.violations == 0 and summary.file_errors == 0
    ctx.exit(EXIT_OK if exit_zero or clean else EXIT_PROBLEMS)


def _compare(files: Sequence[str], compare_option: str, rules_option: str | None,
             set_options: Sequence[str], report_format: str, output: str | None,
             jobs: int, input_format: str | None = None,
             selection: Selection | None = None, config: Config | None = None) -> int:
    """``replay --compare``: every file under every rule set, and what differs."""
    import json

    from scala40cli.cli.inputs import input_paths, input_results
    from scala40cli.cli.output import check_output, emit
    from scala40cli.reporting.compare import (
        compare_files,
        comparison_document,
        render_comparison_text,
    )
    from scala40cli.reporting.escape import json_safe

    if rules_option is not None:
        raise click.UsageError("--compare names the rule sets itself: leave out --rules")
    if report_format not in ("text", "json"):
        raise click.UsageError("--compare writes text or json, not " + report_format)
    names = [name.strip() for name in compare_option.split(",") if name.strip()]
    if len(names) < 2:
        raise click.UsageError("--compare needs at least two presets or rules files, "
                               "such as --compare classic,traditional")
    choices = [settings.rule_choice(name, set_options) for name in names]
    check_output(output, input_paths(files))
    runs = list(zip(*input_results(files, choices, jobs=jobs, input_format=input_format,
                                   config=config), strict=True))
    if selection is not None and not selection.everything:
        runs = [tuple(settings.select_file(result, selection) for result in run) for run in runs]
    comparisons = compare_files(names, runs)
    if report_format == "json":
        text = json_safe(json.dumps(comparison_document(names, runs, comparisons), indent=2,
                                    ensure_ascii=False)) + "\n"
    else:
        text = render_comparison_text(names, comparisons)
    emit(text, output)
    return exit_status(runs[0])


def exit_status(results: Sequence[FileResult]) -> int:
    """0 when every file was read and every game is legal, else 1."""
    return EXIT_OK if all(result.ok for result in results) else EXIT_PROBLEMS


@main.command()
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Explain a violation CODE (T004) or name (not-in-hand); without one, list them all."""
    from scala40cli.judging.violations import RULEBOOK

    if code is None:
        for known, entry in RULEBOOK.items():
            click.echo(f"{known}  {entry.name}")
        return
    found = find_code(code)
    if found is None:
        raise click.BadParameter(
            f"unknown code {code!r}; `scala40 explain` lists them all", param_hint="'CODE'"
        )
    click.echo(explanation(found))


def find_code(text: str) -> Code | None:
    """The code written as ``T004`` or ``not-in-hand``, in any case; None if unknown."""
    from scala40cli.judging.violations import RULEBOOK

    wanted = text.strip().lower()
    for code, entry in RULEBOOK.items():
        if wanted in (code.value.lower(), entry.name):
            return code
    return None


def explanation(code: Code) -> str:
    """What ``scala40 explain`` prints for a code: name, meaning, the rule in words and
    where the docs explain it, an example."""
    from scala40cli.judging.violations import RULEBOOK

    entry = RULEBOOK[code]
    return "\n".join(
        [
            f"{code} {entry.name}",
            "",
            entry.summary,
            "",
            f"Rule: {entry.source}.",
            f"See docs/{entry.see}",
            f"Example: {entry.example}",
        ]
    )


@main.command()
@click.argument("name", required=False, metavar="[PRESET|FILE]")
@set_option("Set one rule switch over the preset (repeatable).")
@format_option(("toml", "json"), dest="rules_format",
               help="How to print the resolved rules: toml (the default) or json, both in "
               "the shape of a rules file.")
def rules(name: str | None, set_options: tuple[str, ...], rules_format: str | None) -> None:
    """List the presets and the rule switches, or print the rules of a PRESET or FILE.

    Without PRESET, FILE, --set or --format, lists every preset and every switch. With
    them, prints every switch as resolved (over classic when no preset is named), in
    the shape of a rules file that `scala40 replay --rules FILE` reads.
    """
    from scala40cli.judging.rules import RuleChoice, resolve
    from scala40cli.reading.rulesfile import rules_json, rules_toml

    if name is None and not set_options and rules_format is None:
        click.echo("\n".join(rules_listing()))
        return
    choice = settings.rule_choice(name, set_options) or RuleChoice()
    resolved = resolve(log_preset=None, log_values=(), choice=choice)
    writer = rules_json if rules_format == "json" else rules_toml
    click.echo(writer(resolved), nl=False)


def rules_listing() -> list[str]:
    """What ``scala40 rules`` prints: every preset and every switch with its meaning."""
    from scala40cli.judging.rules import MEANINGS, PRESETS, RULE_KEYS, RULE_TEXTS, allowed_values

    lines = ["Presets (replay --rules NAME; `scala40 rules NAME` prints one):"]
    for entry in PRESETS.values():
        lines.append(f"  {', '.join((entry.name, *entry.aliases))}")
        lines.append(f"      {entry.summary}")
    lines += ["", "Rule texts (the texts docs/rules.md quotes) and their presets:"]
    lines += [f"  {text.label}: {text.preset} - {text.description}" for text in RULE_TEXTS]
    lines += ["", "Switches (replay --set KEY=VALUE; the first value is classic's):"]
    for key in RULE_KEYS:
        lines.append(f"  {key}: {allowed_values(key)}")
        lines.append(f"      {MEANINGS[key]}")
    return lines


# --- fmt: the canonical writer ----------------------------------------------------------


@main.command("fmt")
@files_argument
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 1 if any file would change, listing them.",
)
@click.option(
    "--diff",
    "show_diff",
    is_flag=True,
    help="Write nothing; print a unified diff of the changes on standard output.",
)
@click.pass_context
def fmt(ctx: click.Context, files: tuple[str, ...], check: bool, show_diff: bool) -> None:
    """Rewrite the game logs FILE... in canonical form, in place.

    Canonical: one event a line, single spaces, cards as 10S AH JK (not TS, 10♠ or *),
    player names quoted only where the format needs it, tag values quoted, a blank line
    before each hand and between games, UTF-8 with LF line ends and no byte-order mark.
    Comments stay where they are: a comment after an event stays on its line (at its
    column when there is room, so aligned comments stay aligned), a comment alone on
    its line loses its indentation. Blank lines stay where the author left them (a run
    of them becomes one); blank lines at the start and the end go. Each file is read a
    game at a time and replaced at once (a new file in its folder, renamed over it
    only when complete and different), keeping its permissions. A FILE of - reads
    standard input and writes standard output.

    A file that cannot be read, is not UTF-8 or has syntax errors is never rewritten:
    its errors are printed (F001, F002, F003) as `scala40 replay` prints them. Nor is a
    symbolic link (give the file it points to) or anything but a regular file. Exit
    status 0: nothing to change, or every file rewritten; 1: --check found a file to
    change, or a file could not be read, parsed or written; 2: a wrong command line.
    """
    from scala40cli.cli.inputs import gather
    from scala40cli.cli.rewrite import file_errors, fmt_summary, rewrite_file
    from scala40cli.reporting.text_report import problem_lines, terminal_safe

    if files.count(STDIN_ARGUMENT) > 1:
        raise click.UsageError("- (standard input) may be given only once")
    write = not (check or show_diff)
    changed = unchanged = failed = 0
    for source in gather(files, expand=False):
        shown, path = source
        if show_diff:
            done = _fmt_diff(source)
        elif isinstance(path, str):
            done = rewrite_file(path, write)
        else:
            done = _fmt_stdin(source, write)
        if done.problems:
            for line in problem_lines(file_errors(shown, done.problems)):
                click.echo(line, err=True)
            failed += 1
        elif done.not_written is not None:
            click.echo(terminal_safe(f"{shown}: {done.not_written}"), err=True)
            failed += 1
        elif not done.changed:
            unchanged += 1
        else:
            changed += 1
            if check:
                click.echo(terminal_safe(f"would reformat {shown}"), err=True)
            elif write and path is not None:
                click.echo(terminal_safe(f"reformatted {shown}"), err=True)
    if not (write and files == (STDIN_ARGUMENT,)):
        click.echo(fmt_summary(changed, unchanged, failed, write), err=True)
    ctx.exit(EXIT_PROBLEMS if failed or (check and changed) else EXIT_OK)


def _fmt_stdin(source: Source, write: bool) -> Rewrite:
    """Standard input formatted to standard output (with ``write``) or checked."""
    from scala40cli.cli.inputs import open_input
    from scala40cli.cli.rewrite import Rewrite, rewrite_stream
    from scala40cli.judging.results import FileResult

    opened = open_input(source)
    if isinstance(opened, FileResult):
        return Rewrite(problems=opened.errors)
    with opened as stream:
        return rewrite_stream(stream, sys.stdout if write else None)


def _fmt_diff(source: Source) -> Rewrite:
    """``fmt --diff``: the diff of a file or of standard input, a game at a time."""
    from scala40cli.audit.pipeline import unreadable
    from scala40cli.cli.inputs import open_input
    from scala40cli.cli.rewrite import Rewrite, diff_stream
    from scala40cli.judging.results import FileResult

    opened = open_input(source)
    if isinstance(opened, FileResult):
        return Rewrite(problems=opened.errors)
    try:
        with opened as stream:
            return diff_stream(stream, source[0], sys.stdout)
    except OSError as error:
        return Rewrite(problems=unreadable(source[0], error).errors)


# --- report: score reports in HTML and Markdown -----------------------------------------

REPORT_FORMATS = ("markdown", "html")


@main.command("report")
@files_argument
@format_option(
    REPORT_FORMATS,
    help="markdown: for $GITHUB_STEP_SUMMARY and READMEs; html: one self-contained page "
    "(inline SVG chart, no JavaScript, no network). Default: html when --output ends in "
    ".html or .htm, else markdown.")
@output_option()
@rule_options()
@jobs_option()
@click.pass_context
def report_command(ctx: click.Context, files: tuple[str, ...], report_format: str | None,
                   output: str | None, rules_option: str | None,
                   set_options: tuple[str, ...], jobs: int) -> None:
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
    from scala40cli.cli.inputs import input_paths, input_records
    from scala40cli.cli.output import check_output, emit
    from scala40cli.reporting.base import gather
    from scala40cli.reporting.html_report import html_report
    from scala40cli.reporting.markdown import markdown_report

    choice = settings.rule_choice(rules_option, set_options)
    check_output(output, input_paths(files))
    if report_format is None:
        html_suffix = output is not None and output.lower().endswith((".html", ".htm"))
        report_format = "html" if html_suffix else "markdown"
    results = gather(input_records(files, choice, jobs=jobs))
    render = html_report if report_format == "html" else markdown_report
    emit(render(results), output)
    ctx.exit(EXIT_PROBLEMS if any(result.errors for result in results) else EXIT_OK)


@main.command("simulate")
@click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True,
              help="Players at the table (2 to 6).")
@click.option("--games", type=click.IntRange(min=1), default=1, show_default=True,
              help="Matches to play.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="The seed: the same seed gives the same bytes (for one version).")
@rule_options("Play under this preset or rules file (default classic).",
              "Set one rule switch over the preset (repeatable).")
@click.option("--level", default="normal", show_default=True, metavar="LEVEL[,LEVEL...]",
              help="easy, normal or hard: one for every seat, or one a seat, comma-separated.")
@click.option("--out", default="-", show_default=True, metavar="DIR|-",
              help="- writes every game to standard output; DIR one file a game "
              "(game-0001.s40 ...).")
@click.option("--max-hands", type=click.IntRange(min=1), default=200, show_default=True,
              help="Stop a match that is not over after this many hands.")
@click.option("--force", is_flag=True,
              help="With --out DIR: write even if DIR already holds .s40 logs (the games "
              "of the same names are replaced, other files left as they are).")
def simulate_command(players: int, games: int, seed: int, rules_option: str | None,
                     set_options: tuple[str, ...], level: str, out: str,
                     max_hands: int, force: bool) -> None:
    """Write complete matches played by bots, as game logs.

    Every game is a whole match (every hand until the match is over) with the full
    deal, upcard and stock, every turn and the score lines. --out DIR refuses a folder
    that already holds .s40 logs (unless --force) and never writes through a symbolic
    link. Exit status 0; 2: a wrong command line (an unknown level, preset, rule key or
    value, an --out that cannot or must not be written).
    """
    from scala40cli.simulate.command import run, setup_from_options

    setup = setup_from_options(players=players, games=games, seed=seed,
                               rules_option=rules_option, set_options=set_options,
                               level=level, max_hands=max_hands)
    run(setup, out, force=force)


main.add_command(convert_command)
