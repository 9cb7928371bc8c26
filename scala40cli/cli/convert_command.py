"""``scala40 convert``: a game log between ``.s40`` and JSON Lines events, both ways.

The conversions themselves are :mod:`scala40cli.reading.jsonl_logs` (JSON Lines to
``.s40``) and :mod:`scala40cli.reporting.events_jsonl` (the other way); this is the command:
read the input (:mod:`scala40cli.cli.inputs`), convert, write the output
(:mod:`scala40cli.cli.output`) or print why not, as ``scala40 fmt`` does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import click

from scala40cli.cli.inputs import gather, read_input
from scala40cli.cli.output import emit
from scala40cli.cli.status import EXIT_PROBLEMS
from scala40cli.model.results import FileResult, Problem
from scala40cli.reading.inputs import input_format_of, sniff_format
from scala40cli.reading.jsonl_logs import jsonl_to_s40
from scala40cli.reading.layout import format_log
from scala40cli.reporting.events_jsonl import s40_to_jsonl
from scala40cli.reporting.text_report import problem_lines

#: A log's bytes in one format as text in another, or the problems that prevent it.
Conversion = Callable[[bytes], str | tuple[Problem, ...]]


def _jsonl_to_jsonl(data: bytes) -> str | tuple[Problem, ...]:
    """JSON Lines in canonical form: through the ``.s40`` text and back."""
    text = jsonl_to_s40(data)
    return s40_to_jsonl(text.encode("utf-8")) if isinstance(text, str) else text


#: (what is read, what is written) -> the conversion; the same format both ways gives
#: the log in canonical form.
CONVERSIONS: Mapping[tuple[str, str], Conversion] = {
    ("s40", "jsonl"): s40_to_jsonl,
    ("s40", "s40"): format_log,
    ("jsonl", "s40"): jsonl_to_s40,
    ("jsonl", "jsonl"): _jsonl_to_jsonl,
}

#: What ``convert`` writes without ``--to``: the other format.
OTHER_FORMAT = {"s40": "jsonl", "jsonl": "s40"}


def run_convert(ctx: click.Context, *, source: str, target: str | None,
                input_format: str | None, output: str | None) -> None:
    """``scala40 convert`` with its options: the converted log written, or its
    problems printed on standard error and exit status 1."""
    (log,) = gather((source,), expand=False)
    shown, path = log
    data = read_input(log)
    reading = input_format_of(shown, input_format) or (
        sniff_format(data) if isinstance(data, bytes) else "s40")
    writing = target or OTHER_FORMAT[reading]
    result = convert_bytes(data, reading, writing) if isinstance(data, bytes) else data
    if isinstance(result, str):
        emit(result, output, (path,) if isinstance(path, str) else (),
             writes_log=writing == "s40")
        return
    errors = result.errors if isinstance(result, FileResult) else result
    for line in problem_lines(FileResult(path=shown, errors=errors)):  # escaped there
        click.echo(line, err=True)
    ctx.exit(EXIT_PROBLEMS)


def convert_bytes(data: bytes, reading: str, writing: str) -> str | tuple[Problem, ...]:
    """A log's bytes read as one format and written as the other (or the same, in
    canonical form), or the problems that keep it from being converted."""
    return CONVERSIONS[reading, writing](data)
