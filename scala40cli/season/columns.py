"""The columns of the league table, written once for the text, Markdown and HTML tables.

Each column is a header, what it says (for docs/standings.md and the page's tooltips)
and how a row's cell reads in a language (its decimals written as that language
writes them, :mod:`~scala40cli.translation.numbers`); the header and its meaning are
English ``msgid``, said in the reader's language by :func:`header` and :func:`meaning`.
A number that does not exist yet (the average penalty of a player with no hand) is a
dash, never a zero.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scala40cli.season.ratings import SIGMAS
from scala40cli.season.table import PlayerRow
from scala40cli.translation.catalogue import Catalogue
from scala40cli.translation.numbers import decimal, percent

DASH = "-"


@dataclass(frozen=True, slots=True, kw_only=True)
class Column:
    header: str
    meaning: str
    #: The cell of a row, in a language (``en``, ``it``, ``fr``).
    cell: Callable[[PlayerRow, str], str]
    #: A number, aligned to the right; the player's name is not.
    numeric: bool = True


def _decimal(value: float | None, language: str) -> str:
    return DASH if value is None else decimal(value, 1, language)


def _share(wins: int, share: float | None, language: str) -> str:
    return str(wins) if share is None else f"{wins} ({percent(share, 0, language)})"


COLUMNS: tuple[Column, ...] = (
    Column(header="#", meaning="place in the table, by rating",
           cell=lambda row, _: str(row.place)),
    Column(header="Player", meaning="the player's name", cell=lambda row, _: row.name,
           numeric=False),
    Column(header="Rating", meaning="mu - {sigmas} sigma: the skill the player almost "
           "surely has; the table is sorted by it",
           cell=lambda row, lang: decimal(row.rating.ordinal, 1, lang)),
    Column(header="Skill", meaning="mu \u00b1 {sigmas} sigma: the estimated skill and how "
           "unsure it is (the interval narrows as the player plays)",
           cell=lambda row, lang: f"{decimal(row.rating.mu, 1, lang)} \u00b1 "
                                  f"{decimal(SIGMAS * row.rating.sigma, 1, lang)}"),
    Column(header="Matches", meaning="matches played that ended",
           cell=lambda row, _: str(row.stats.matches)),
    Column(header="Wins", meaning="matches won, and their share of the matches played",
           cell=lambda row, lang: _share(row.stats.wins, row.stats.win_share, lang)),
    Column(header="Hands", meaning="hands dealt in that ended (closed or void)",
           cell=lambda row, _: str(row.stats.hands)),
    Column(header="Closed", meaning="hands the player closed",
           cell=lambda row, _: str(row.stats.closes)),
    Column(header="In one go", meaning="hands closed in one go (opened and closed in one "
           "turn)", cell=lambda row, _: str(row.stats.closes_in_one_go)),
    Column(header="Avg penalty", meaning="the player's mean penalty a hand",
           cell=lambda row, lang: _decimal(row.stats.average_penalty, lang)),
    Column(header="Opened", meaning="hands in which the player opened",
           cell=lambda row, _: str(row.stats.openings)),
    Column(header="Opening turn", meaning="in which of their own turns the player opened, "
           "on average (1: the first)",
           cell=lambda row, lang: _decimal(row.stats.average_opening_turn, lang)),
    Column(header="Out", meaning="times eliminated",
           cell=lambda row, _: str(row.stats.eliminations)),
)


def header(column: Column, words: Catalogue) -> str:
    """The column's header in the catalogue's language."""
    return words.gettext(column.header)


def meaning(column: Column, words: Catalogue) -> str:
    """What the column says, in the catalogue's language (its tooltip on the page)."""
    return words.gettext(column.meaning, sigmas=SIGMAS)
