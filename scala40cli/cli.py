"""The ``scala40`` command: a thin layer over :mod:`scala40cli.audit` and the reporters.

Exit status, as linters and CI expect: 0 when every game is legal and every file was
read, 1 when any violation or file error was found, 2 for a wrong command line (click
exits 2 on its own usage errors; an ``--output`` that cannot be written is one too).
"""

from __future__ import annotations

import errno
import io
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from . import __version__
from .audit import audit_bytes, audit_path, unreadable
from .report import REPORTERS
from .results import FileResult
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
@click.pass_context
def replay(
    ctx: click.Context, files: tuple[str, ...], report_format: str, output: str | None
) -> None:
    """Replay the games of FILE... and report every illegal move and the scores.

    A FILE of - reads standard input. Exit status 0: every game legal; 1: a violation
    or a file error was found; 2: a wrong command line.
    """
    results = [_audit(name) for name in files]
    buffer = io.StringIO()
    REPORTERS[report_format]().write(results, buffer)
    _emit(buffer.getvalue(), output)
    ctx.exit(exit_status(results))


def _audit(name: str) -> FileResult:
    if name == STDIN_ARGUMENT:
        return _audit_stdin()
    return audit_path(name)


def _audit_stdin() -> FileResult:
    """Standard input as bytes, so that its encoding is judged like a file's."""
    try:
        if sys.stdin is None:
            raise OSError(errno.EBADF, "no standard input")
        data = sys.stdin.buffer.read()
    except OSError as error:
        return unreadable(STDIN_NAME, error)
    return audit_bytes(data, STDIN_NAME)


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
