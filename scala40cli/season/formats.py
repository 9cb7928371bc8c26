"""The outputs of ``scala40 standings`` by name: the registry behind its ``--format``.

The names are :data:`scala40cli.cli.choices.STANDINGS_FORMATS` (a test checks that the
two agree); without ``--format``, the suffix of ``--output`` chooses. Each takes the
catalogue of the reader's language; the JSON document, for programs, stays English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scala40cli.season.table import SeasonTable
from scala40cli.translation.catalogue import ENGLISH, Catalogue


def _text(table: SeasonTable, words: Catalogue) -> str:
    from scala40cli.season.text import standings_text

    return standings_text(table, words)


def _markdown(table: SeasonTable, words: Catalogue) -> str:
    from scala40cli.season.markdown import standings_markdown

    return standings_markdown(table, words)


def _html(table: SeasonTable, words: Catalogue) -> str:
    from scala40cli.season.html import standings_html

    return standings_html(table, words)


def _json(table: SeasonTable, words: Catalogue) -> str:
    """The JSON document: English whatever ``words``, for programs."""
    from scala40cli.season.document import standings_json

    return standings_json(table)


STANDINGS_FORMATS: Mapping[str, Callable[[SeasonTable, Catalogue], str]] = {
    "text": _text,
    "markdown": _markdown,
    "html": _html,
    "json": _json,
}

#: ``--output`` suffixes that choose a format when ``--format`` is not given.
_BY_SUFFIX = {".html": "html", ".htm": "html", ".json": "json", ".md": "markdown",
              ".markdown": "markdown"}


def format_for(output: str | None) -> str:
    """The format of an ``--output`` path's suffix; text otherwise."""
    if output is not None:
        for suffix, name in _BY_SUFFIX.items():
            if output.lower().endswith(suffix):
                return name
    return "text"


def render_standings(name: str, table: SeasonTable, words: Catalogue = ENGLISH) -> str:
    """The table in the format ``name``, its words from ``words`` (English by default)."""
    return STANDINGS_FORMATS[name](table, words)
