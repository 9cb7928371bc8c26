"""The ``scala40`` command: a thin layer over :mod:`scala40cli.audit` and the reporters.

Exit status, as linters and CI expect: 0 when every game is legal and every file was
read, 1 when any violation or file error was found, 2 for a wrong command line (click
exits 2 on its own usage errors; an ``--output`` that cannot be written is one too).
"""

from __future__ import annotations

import errno
import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from . import __version__
from .audit import audit_bytes, audit_bytes_under, audit_path, audit_path_under, unreadable
from .compare import compare_files
from .report import REPORTERS, comparison_document, render_comparison_text
from .results import FileResult
from .rules import MEANINGS, PRESETS, RULE_KEYS, RuleChoice, RulesError, allowed_values, resolve
from .rulesfile import choice_from, rules_json, rules_toml
from .violations import RULEBOOK, Code

EXIT_OK = 0
EXIT_PROBLEMS = 1

#: The file argument that means standard input, and the name it has in the report.
STDIN_ARGUMENT = "-"
STDIN_NAME = "<stdin>"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="scala40")
def main() -> None:
    """scala40: a referee for recorded games of Scala 40."""


@main.command()
@click.argument(
    "files", nargs=-1, required=True, metavar="FILE...", type=click.Path(allow_dash=True)
)
@click.option(
    "--format",
    "report_format",
    type=click.Choice(list(REPORTERS)),
    default="text",
    show_default=True,
    help="text: problems and score sheets for people; json: the report for programs.",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write the report to this file instead of standard output.",
)
@click.option(
    "--rules",
    "rules_option",
    metavar="PRESET|FILE",
    help="Replay under this preset (`scala40 rules` lists them) or rules file (.toml or "
    ".json) instead of the preset of the logs' [Rules] tags.",
)
@click.option(
    "--set",
    "set_options",
    metavar="KEY=VALUE",
    multiple=True,
    help="Set one rule switch over the preset and the logs' tags (repeatable), such as "
    "--set opening_points=50.",
)
@click.option(
    "--compare",
    "compare_option",
    metavar="RULES,RULES,...",
    help="Replay every game under each of these presets or rules files (comma-separated, "
    "at least two) and report what differs: violations, penalties, totals, eliminations, "
    "the winner. The exit status is that of the first.",
)
@click.pass_context
def replay(
    ctx: click.Context,
    files: tuple[str, ...],
    report_format: str,
    output: str | None,
    rules_option: str | None,
    set_options: tuple[str, ...],
    compare_option: str | None,
) -> None:
    """Replay the games of FILE... and report every illegal move and the scores.

    A FILE of - reads standard input. The rules of a game are its [Rules] preset and
    [Rule] tags; --rules replaces the preset and --set values win over the tags. Exit
    status 0: every game legal; 1: a violation or a file error was found; 2: a wrong
    command line (an unknown preset, rule key or value included).
    """
    if compare_option is not None:
        ctx.exit(_compare(files, compare_option, rules_option, set_options, report_format,
                          output))
    choice = command_line_choice(rules_option, set_options)
    results = [_audit(name, choice) for name in files]
    buffer = io.StringIO()
    REPORTERS[report_format]().write(results, buffer)
    _emit(buffer.getvalue(), output)
    ctx.exit(exit_status(results))


def _compare(files: Sequence[str], compare_option: str, rules_option: str | None,
             set_options: Sequence[str], report_format: str, output: str | None) -> int:
    """``replay --compare``: every file under every rule set, and what differs."""
    if rules_option is not None:
        raise click.UsageError("--compare names the rule sets itself: leave out --rules")
    names = [name.strip() for name in compare_option.split(",") if name.strip()]
    if len(names) < 2:
        raise click.UsageError("--compare needs at least two presets or rules files, "
                               "such as --compare classic,traditional")
    choices = [command_line_choice(name, set_options) for name in names]
    runs = list(zip(*(_audit_under(name, choices) for name in files), strict=True))
    comparisons = compare_files(names, runs)
    if report_format == "json":
        text = json.dumps(comparison_document(names, runs, comparisons), indent=2,
                          ensure_ascii=False) + "\n"
    else:
        text = render_comparison_text(names, comparisons)
    _emit(text, output)
    return exit_status(runs[0])


def _audit_under(name: str, choices: Sequence[RuleChoice | None]) -> tuple[FileResult, ...]:
    if name == STDIN_ARGUMENT:
        data = _read_stdin()
        if isinstance(data, FileResult):
            return tuple(data for _ in choices)
        return audit_bytes_under(data, STDIN_NAME, choices)
    return audit_path_under(name, choices)


def command_line_choice(rules: str | None, sets: Sequence[str]) -> RuleChoice | None:
    """The rules chosen by ``--rules`` and ``--set``, checked before any replay.

    None when neither is given. A bad choice is a usage error (exit 2) whose message
    names the key, the value and the allowed values.
    """
    if rules is None and not sets:
        return None
    try:
        return choice_from(rules, sets)
    except RulesError as error:
        raise click.UsageError(str(error)) from None


def _audit(name: str, choice: RuleChoice | None = None) -> FileResult:
    if name == STDIN_ARGUMENT:
        return _audit_stdin(choice)
    return audit_path(name, choice)


def _audit_stdin(choice: RuleChoice | None = None) -> FileResult:
    """Standard input as bytes, so that its encoding is judged like a file's."""
    data = _read_stdin()
    if isinstance(data, FileResult):
        return data
    return audit_bytes(data, STDIN_NAME, choice)


def _read_stdin() -> bytes | FileResult:
    """The bytes of standard input, or the result of a file that cannot be read."""
    try:
        if sys.stdin is None:
            raise OSError(errno.EBADF, "no standard input")
        return sys.stdin.buffer.read()
    except OSError as error:
        return unreadable(STDIN_NAME, error)


def exit_status(results: Sequence[FileResult]) -> int:
    """0 when every file was read and every game is legal, else 1."""
    return EXIT_OK if all(result.ok for result in results) else EXIT_PROBLEMS


def _emit(text: str, output: str | None) -> None:
    """Print the report, or write it to ``output`` once every input has been read.

    Writing last means ``--output`` may even name one of the inputs without losing it.
    """
    if output is None or output == STDIN_ARGUMENT:
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as error:
        reason = error.strerror or str(error)
        message = f"cannot write {output}: {reason}"
        raise click.BadParameter(message, param_hint="'--output'") from None


@main.command()
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Explain a violation CODE (T004) or name (not-in-hand); without one, list them all."""
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
    wanted = text.strip().lower()
    for code, entry in RULEBOOK.items():
        if wanted in (code.value.lower(), entry.name):
            return code
    return None


def explanation(code: Code) -> str:
    """What ``scala40 explain`` prints for a code: name, meaning, rule, example."""
    entry = RULEBOOK[code]
    return "\n".join(
        [
            f"{code} {entry.name}",
            "",
            entry.summary,
            "",
            f"Rule: {entry.source}",
            f"Example: {entry.example}",
        ]
    )


@main.command()
@click.argument("name", required=False, metavar="[PRESET|FILE]")
@click.option(
    "--set",
    "set_options",
    metavar="KEY=VALUE",
    multiple=True,
    help="Set one rule switch over the preset (repeatable).",
)
@click.option(
    "--format",
    "rules_format",
    type=click.Choice(["toml", "json"]),
    default=None,
    help="How to print the resolved rules: toml (the default) or json, both in the shape "
    "of a rules file.",
)
def rules(name: str | None, set_options: tuple[str, ...], rules_format: str | None) -> None:
    """List the presets and the rule switches, or print the rules of a PRESET or FILE.

    Without PRESET, FILE, --set or --format, lists every preset and every switch. With
    them, prints every switch as resolved (over classic when no preset is named), in
    the shape of a rules file that `scala40 replay --rules FILE` reads.
    """
    if name is None and not set_options and rules_format is None:
        click.echo("\n".join(rules_listing()))
        return
    choice = command_line_choice(name, set_options) or RuleChoice()
    resolved = resolve(log_preset=None, log_values=(), choice=choice)
    writer = rules_json if rules_format == "json" else rules_toml
    click.echo(writer(resolved), nl=False)


def rules_listing() -> list[str]:
    """What ``scala40 rules`` prints: every preset and every switch with its meaning."""
    lines = ["Presets (replay --rules NAME; `scala40 rules NAME` prints one):"]
    for entry in PRESETS.values():
        lines.append(f"  {', '.join((entry.name, *entry.aliases))}")
        lines.append(f"      {entry.summary}")
    lines += ["", "Switches (replay --set KEY=VALUE; the first value is classic's):"]
    for key in RULE_KEYS:
        lines.append(f"  {key}: {allowed_values(key)}")
        lines.append(f"      {MEANINGS[key]}")
    return lines
