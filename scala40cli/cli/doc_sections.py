"""The section of a shipped page of the docs that explains a rule, as plain text.

Each violation code names the section that explains its rule (``decisions.md#d23``,
``rules.md#the-classic-rules``). ``scala40 explain`` prints that section's words, read
from the page the package ships, so that a user of an installed scala40 reads the rule
itself rather than the name of a file they do not have. A section is found by its
``<a id>`` anchor or by its heading's anchor (GitHub's: lower case, punctuation
dropped, spaces as hyphens); its prose is kept (up to its first table, code block or
sub-heading), links reduced to their text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scala40cli.reading.resources import doc_page

#: Paragraphs quoted at most from a long section (a decision holds one or two).
MOST_PARAGRAPHS = 2
_ANCHOR = re.compile(r'^<a id="([^"]+)"></a>$')
_HEADING = re.compile(r"^(#+) (.*)$")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
#: Rows of a table quoted at most, each as ``first cell: the others``.
MOST_ROWS = 12
#: Paragraphs that are not prose: a code block, a comment, an anchor.
_NOT_PROSE = ("```", "<!--", "<a ")


@dataclass(frozen=True, slots=True, kw_only=True)
class Section:
    """A section of a page: its title (empty for an anchored paragraph) and prose."""

    title: str
    paragraphs: tuple[str, ...]


def slug(title: str) -> str:
    """The anchor GitHub gives a heading: ``Unknown cards (format 1.1)`` is
    ``unknown-cards-format-11``."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def find_section(see: str) -> Section | None:
    """The section ``see`` names (``page.md#anchor``), or None when the page is not
    shipped or has no such anchor."""
    page, _, anchor = see.partition("#")
    try:
        lines = doc_page(page).splitlines()
    except OSError:
        return None
    start, level, title = _start(lines, anchor)
    if start is None:
        return None
    body: list[str] = []
    for line in lines[start:]:
        heading = _HEADING.match(line)
        if _ANCHOR.match(line) or (heading and (level == 0 or len(heading[1]) <= level)):
            break
        body.append(line)
    return Section(title=title, paragraphs=_prose(body))


def _start(lines: list[str], anchor: str) -> tuple[int | None, int, str]:
    """Where the section of ``anchor`` starts (the line after its heading), the level
    of that heading (0: an anchored paragraph), and its title."""
    for index, line in enumerate(lines):
        anchored = _ANCHOR.match(line)
        if anchored and anchored[1] == anchor:
            following = lines[index + 1] if index + 1 < len(lines) else ""
            heading = _HEADING.match(following)
            if heading:
                return index + 2, len(heading[1]), heading[2]
            return index + 1, 0, ""
        heading = _HEADING.match(line)
        if heading and slug(heading[2]) == anchor:
            return index + 1, len(heading[1]), heading[2]
    return None, 0, ""


def _prose(lines: list[str]) -> tuple[str, ...]:
    """The paragraphs of a section, as plain text, up to its first table or code."""
    paragraphs = [part.strip() for part in "\n".join(lines).split("\n\n") if part.strip()]
    kept: list[str] = []
    for paragraph in paragraphs:
        if paragraph.startswith(_NOT_PROSE) or len(kept) == MOST_PARAGRAPHS:
            break
        if paragraph.startswith("|"):
            paragraph = _table_text(paragraph)
        kept.append(_LINK.sub(r"\1", paragraph).replace("**", ""))
    return tuple(kept)


def _table_text(table: str) -> str:
    """A Markdown table as lines of text, its header and rule left out."""
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in table.splitlines()[2:2 + MOST_ROWS]]
    return "\n".join(f"{row[0]}: {'; '.join(row[1:])}" for row in rows)
