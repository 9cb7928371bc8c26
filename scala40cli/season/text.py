"""The league table as text, for a person at a terminal or reading a CI log.

Sorted by rating, one row a player, the columns of :mod:`~scala40cli.season.columns`;
then what was left out, the rules and the names that look alike. Every text from a log
(names, paths) goes through :func:`~scala40cli.reporting.escape.terminal_line`, and no
line can start a workflow command.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40cli.reporting.escape import terminal_cell, terminal_line, workflow_neutral
from scala40cli.reporting.widths import display_width, pad
from scala40cli.season.columns import COLUMNS, header
from scala40cli.season.table import SeasonTable
from scala40cli.season.words import (
    headline,
    left_out_line,
    left_out_summary,
    rules_line,
    since_line,
    warning_line,
)
from scala40cli.translation.catalogue import ENGLISH, Catalogue


def table_lines(table: SeasonTable, words: Catalogue = ENGLISH) -> list[str]:
    """The table's header, rule and rows, aligned: each cell escaped, then measured in
    the columns it takes on a terminal (:mod:`scala40cli.reporting.widths`)."""
    rows = [[terminal_cell(column.cell(row, words.language)) for column in COLUMNS]
            for row in table.players]
    headers = [header(column, words) for column in COLUMNS]
    sizes = [max([display_width(header), *(display_width(row[i]) for row in rows)])
             for i, header in enumerate(headers)]
    lines = [_line(headers, sizes), "  ".join("-" * size for size in sizes)]
    lines += [_line(row, sizes) for row in rows]
    return lines


def _line(cells: Sequence[str], sizes: Sequence[int]) -> str:
    return "  ".join(pad(cell, size, right=column.numeric)
                     for cell, size, column in zip(cells, sizes, COLUMNS, strict=True)
                     ).rstrip()


def standings_text(table: SeasonTable, words: Catalogue = ENGLISH) -> str:
    """The whole text output, in the catalogue's language."""
    lines = [words.gettext("Standings: {headline}", headline=headline(table, words))]
    since = since_line(table, words)
    if since:
        lines.append(since)
    lines.append(rules_line(table, words))
    lines.append("")
    lines += (table_lines(table, words) if table.players
              else [words.gettext("No match counted.")])
    summary = left_out_summary(table, words, listed=True)
    if summary:
        lines += ["", summary]
        lines += [f"  {left_out_line(entry, words)}" for entry in table.left_out]
    if table.name_warnings:
        lines += ["", words.gettext("Names that look alike:")]
        lines += [f"  {warning_line(warning, words)}" for warning in table.name_warnings]
    # terminal_line leaves an escape as it is: the table's cells, escaped already, too
    return workflow_neutral("\n".join(map(terminal_line, lines)) + "\n")
