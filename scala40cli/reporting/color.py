"""Colour in the text report, on a terminal: ``--color auto|always|never``.

``auto`` colours only a terminal, and never when ``NO_COLOR`` is set (no-color.org);
``FORCE_COLOR`` (set and not empty) colours even a pipe, as CI logs that show colour
ask for. ``always`` and ``never`` decide alone. Colour is added after the report has
been made terminal-safe, so a log's own bytes never carry an escape sequence through.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import TextIO

from scala40cli.audit.records import Record
from scala40cli.cli.choices import COLOR_CHOICES as COLOR_CHOICES
from scala40cli.reporting.summary import Summary
from scala40cli.reporting.text_report import TextReporter, write_text

_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"
_RED = "\x1b[31m"
_GREEN = "\x1b[32m"
_CYAN = "\x1b[36m"
#: ``path:line:column: CODE message``, as the problem lines of the text report start.
_PROBLEM = re.compile(r"^(?P<place>\S.*?:\d+:\d+): (?P<code>[A-Z]\d{3}) ", re.MULTILINE)
_CARET = re.compile(r"^(?P<pad>    [ \t]*)\^$", re.MULTILINE)


def use_color(choice: str, stream: TextIO | None,
              environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour a report written to ``stream`` (None: a file, not a terminal)."""
    if choice != "auto":
        return choice == "always"
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    return stream is not None and stream.isatty()


def paint_lines(text: str) -> str:
    """Report lines with places in bold, codes in red and carets in cyan."""
    text = _PROBLEM.sub(lambda m: f"{_BOLD}{m['place']}{_RESET}: {_RED}{m['code']}{_RESET} ",
                        text)
    return _CARET.sub(lambda m: f"{m['pad']}{_CYAN}^{_RESET}", text)


def paint_counts(text: str, clean: bool) -> str:
    """The last line of the report (the counts) in green when nothing was found
    (``clean``), else in red; what comes before it as it is."""
    body, _, last = text.rstrip("\n").rpartition("\n")
    painted = f"{_GREEN if clean else _RED}{last}{_RESET}\n"
    return f"{body}\n{painted}" if "\n" in text.rstrip("\n") else painted


class _Painter:
    """A stream that colours what the text report writes to it, a write at a time; the
    last write (the counts) is held until the run's outcome is known."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.held: str | None = None

    def write(self, text: str, /) -> int:
        if self.held is not None:
            self.stream.write(paint_lines(self.held))
        self.held = text
        return len(text)

    def finish(self, clean: bool) -> None:
        if self.held is not None:
            self.stream.write(paint_counts(self.held, clean))


class ColorTextReporter(TextReporter):
    """The text report, coloured for a terminal; streamed as the plain one is."""

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        painter = _Painter(stream)
        summary = write_text(records, painter, quiet=self.quiet, words=self.words)
        painter.finish(summary.violations == 0 and summary.file_errors == 0)
        return summary
