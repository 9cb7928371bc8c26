"""``scala40 convert``: a game log between ``.s40`` and JSON Lines events, both ways.

The conversions themselves are :mod:`scala40cli.reading.jsonl_logs`; this is the command: read
the input, convert, write the output or print why not, as ``scala40 fmt`` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from scala40cli.cli.options import input_format_option, output_option

# The command is registered at every start of ``scala40``: what it works with is imported
# when it runs (see scala40cli/cli/choices.py).
if TYPE_CHECKING:
    from scala40cli.judging.results import Problem

CONVERT_FORMATS = ("jsonl", "s40")


@click.command("convert")
@click.argument("source", metavar="FILE", type=click.Path(allow_dash=True))
@click.option("--to", "target", type=click.Choice(CONVERT_FORMATS), default=None,
              help="What to write: jsonl (one JSON object an event) or s40 (the log in "
              "canonical form). Default: the other format than FILE's.")
@input_format_option("Read FILE as s40 or jsonl. Default: jsonl for a FILE ending in "
                     ".jsonl, else s40.")
@output_option("Write to this file instead of standard output.")
@click.pass_context
def convert_command(ctx: click.Context, source: str, target: str | None,
                    input_format: str | None, output: str | None) -> None:
    """Convert a game log between .s40 and JSON Lines events, both ways, losslessly.

    JSON Lines: one JSON object a line, one line of the log a line, such as
    {"verb": "draw", "player": "Anna", "card": "9C"} (schemas/events.schema.json).
    `scala40 replay` reads either. Events and comments are kept; blank lines and
    spacing are fmt's. A FILE of - reads standard input. A log that is not
    UTF-8 or has syntax errors is not converted: its errors are printed (F002, F003)
    as `scala40 replay` prints them. Exit status 0: converted; 1: FILE could not be
    read or converted; 2: a wrong command line.
    """
    from scala40cli.cli.inputs import gather, read_input
    from scala40cli.cli.main import EXIT_PROBLEMS
    from scala40cli.cli.output import emit
    from scala40cli.judging.results import FileResult
    from scala40cli.reading.jsonl_logs import input_format_of
    from scala40cli.reporting.text_report import problem_lines, terminal_safe

    (log,) = gather((source,), expand=False)
    shown, path = log
    reading = input_format_of(shown, input_format)
    data = read_input(log)
    writing = target or ("s40" if reading == "jsonl" else "jsonl")
    result = convert_bytes(data, reading, writing) if isinstance(data, bytes) else data
    if isinstance(result, str):
        emit(result, output, (path,) if isinstance(path, str) else ())
        return
    errors = result.errors if isinstance(result, FileResult) else result
    for line in problem_lines(FileResult(path=shown, errors=errors)):
        click.echo(terminal_safe(line), err=True)
    ctx.exit(EXIT_PROBLEMS)


def convert_bytes(data: bytes, reading: str, writing: str) -> str | tuple[Problem, ...]:
    """A log's bytes read as one format and written as the other (or the same, in
    canonical form), or the problems that keep it from being converted."""
    from scala40cli.reading.jsonl_logs import jsonl_to_s40, s40_to_jsonl
    from scala40cli.reading.writer import format_log

    if reading == "jsonl":
        text = jsonl_to_s40(data)
        if writing == "s40" or not isinstance(text, str):
            return text
        return s40_to_jsonl(text.encode("utf-8"))
    if writing == "jsonl":
        return s40_to_jsonl(data)
    return format_log(data)
