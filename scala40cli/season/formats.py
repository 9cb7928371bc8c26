"""The outputs of ``scala40 standings`` by name: the registry behind its ``--format``.

The names are :data:`scala40cli.cli.choices.STANDINGS_FORMATS` (a test checks that the
two agree); without ``--format``, the suffix of ``--output`` chooses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scala40cli.season.table import SeasonTable


def _text(table: SeasonTable) -> str:
    from scala40cli.season.text import standings_text

    return standings_text(table)


def _markdown(table: SeasonTable) -> str:
    from scala40cli.season.markdown import standings_markdown

    return standings_markdown(table)


def _html(table: SeasonTable) -> str:
    from scala40cli.season.html import standings_html

    return standings_html(table)


def _json(table: SeasonTable) -> str:
    from scala40cli.season.document import standings_json

    return standings_json(table)


STANDINGS_FORMATS: Mapping[str, Callable[[SeasonTable], str]] = {
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


def render_standings(name: str, table: SeasonTable) -> str:
    return STANDINGS_FORMATS[name](table)
