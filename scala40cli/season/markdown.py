"""The league table in Markdown, for a CI job summary (``$GITHUB_STEP_SUMMARY``) or a
README: the same content as the text output, as a GitHub-flavoured table.

Every text from a log is escaped for Markdown
(:func:`~scala40cli.reporting.escape.markdown_text`, ``markdown_code`` for paths), and
no line can start a workflow command.
"""

from __future__ import annotations

from scala40cli.reporting.escape import markdown_code, markdown_text, workflow_neutral
from scala40cli.season.columns import COLUMNS, header
from scala40cli.season.table import SeasonTable
from scala40cli.season.words import (
    headline,
    left_out_reason,
    left_out_summary,
    rules_line,
    since_line,
    warning_line,
)
from scala40cli.translation.catalogue import ENGLISH, Catalogue

#: The matches left out listed at most: GitHub drops a job summary over 1 MiB whole, and
#: a season of thousands of faulty logs would list them all.
MAX_LISTED = 50


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def table_markdown(table: SeasonTable, words: Catalogue = ENGLISH) -> list[str]:
    """The table: a header, its alignment row, a row a player."""
    align = [("---:" if column.numeric else ":---") for column in COLUMNS]
    lines = [_row([header(column, words) for column in COLUMNS]), _row(align)]
    for row in table.players:
        cells = [markdown_text(column.cell(row, words.language)) for column in COLUMNS]
        lines.append(_row(cells))
    return lines


def standings_markdown(table: SeasonTable, words: Catalogue = ENGLISH) -> str:
    """The whole Markdown output, in the catalogue's language."""
    lines = [f"## {words.gettext('Standings')}", "",
             markdown_text(headline(table, words)) + ".", ""]
    since = since_line(table, words)
    if since:
        lines += [markdown_text(since) + ".", ""]
    lines += [markdown_text(rules_line(table, words)) + ".", ""]
    lines += (table_markdown(table, words) if table.players
              else [words.gettext("No match counted.")])
    summary = left_out_summary(table, words, listed=True)
    if summary:
        lines += ["", markdown_text(summary), ""]
        for entry in table.left_out[:MAX_LISTED]:
            place = f"{entry.path}:{entry.line}"
            reason = markdown_text(left_out_reason(entry, words))
            lines.append(f"- {markdown_code(place)}: {reason}")
        rest = len(table.left_out) - MAX_LISTED
        if rest > 0:
            lines.append("- " + words.ngettext(
                "and {count} more (the text and JSON outputs list them all)",
                "and {count} more (the text and JSON outputs list them all)", rest))
    if table.name_warnings:
        lines += ["", words.gettext("Names that look alike:"), ""]
        lines += [f"- {markdown_text(warning_line(warning, words))}"
                  for warning in table.name_warnings]
    return workflow_neutral("\n".join(lines) + "\n")
