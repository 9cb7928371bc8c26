"""The season's league table, made from the stream of judged games.

:func:`season_table` reads the audit's records once, in input order (memory grows with
the number of players and matches, never with their hands): each match is either left
out with why (:mod:`~scala40cli.season.entries`) or counted in each player's statistics
(:mod:`~scala40cli.season.statistics`); each match that ended is then rated, in date
order (:mod:`~scala40cli.season.ratings`), and the players sorted by rating.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from scala40cli.audit.records import FileError, JudgedGame, Record
from scala40cli.season.entries import (
    Choice,
    LeftOut,
    Reason,
    game_date,
    left_out_entry,
    why_left_out,
)
from scala40cli.season.names import NameWarning, name_warnings
from scala40cli.season.outcome import Place, finishing_order
from scala40cli.season.ratings import (
    RatedMatch,
    Rating,
    RatingStep,
    final_ratings,
    rate_season,
)
from scala40cli.season.rule_sets import RuleSet, rule_set_name
from scala40cli.season.statistics import PlayerStats, Tally, count_game


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRow:
    """A row of the table: the player's place, numbers, rating and its history."""

    place: int
    stats: PlayerStats
    rating: Rating
    history: tuple[RatingStep, ...]

    @property
    def name(self) -> str:
        return self.stats.name


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonMatch:
    """A counted match that ended, as rated: its number in the season's order."""

    number: int
    path: str
    game: int
    day: date | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonTable:
    """The whole season: the rows by rating, what was counted and what was left out."""

    players: tuple[PlayerRow, ...]
    #: The matches counted (ended or not), and of those the ones still in progress.
    matches: int
    in_progress: int
    #: The matches rated, in the season's order.
    rated: tuple[SeasonMatch, ...]
    left_out: tuple[LeftOut, ...]
    rule_sets: tuple[RuleSet, ...]
    name_warnings: tuple[NameWarning, ...]
    choice: Choice

    def left_out_for(self, reason: Reason) -> int:
        return sum(1 for entry in self.left_out if entry.reason is reason)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Ended:
    """A counted match that ended, before the season's order is known."""

    path: str
    game: int
    day: date | None
    places: tuple[Place, ...]


def season_table(records: Iterable[Record], choice: Choice) -> SeasonTable:
    """The table of every match of the records, as ``choice`` asks (see the module)."""
    tallies: dict[str, Tally] = {}
    ended: list[_Ended] = []
    left_out: list[LeftOut] = []
    rules: dict[str, int] = {}
    matches = in_progress = 0
    for record in records:
        if isinstance(record, FileError):
            problem = record.problem
            left_out.append(left_out_entry(
                path=record.path, game=None, line=problem.line, reason=Reason.FILE_ERROR,
                values={"code": str(problem.code), "message": problem.message}))
            continue
        if not isinstance(record, JudgedGame):
            continue
        game = record.game
        why = why_left_out(record.path, game, choice)
        if why is not None:
            left_out.append(why)
            continue
        matches += 1
        count_game(tallies, game)
        name = rule_set_name(game.rules, game.preset)
        rules[name] = rules.get(name, 0) + 1
        places = finishing_order(game)
        if places is None:
            in_progress += 1
        else:
            ended.append(_Ended(path=record.path, game=game.index, day=game_date(game),
                                places=places))
    order = season_order(ended)
    history = rate_season(RatedMatch(number=number, places=match.places)
                          for number, match in enumerate(order, start=1))
    return SeasonTable(
        players=_rows(tallies, history), matches=matches, in_progress=in_progress,
        rated=tuple(SeasonMatch(number=number, path=match.path, game=match.game,
                                day=match.day) for number, match in enumerate(order, start=1)),
        left_out=tuple(left_out),
        rule_sets=tuple(RuleSet(name=name, matches=count) for name, count in rules.items()),
        name_warnings=name_warnings(tallies), choice=choice)


def season_order(matches: Sequence[_Ended]) -> list[_Ended]:
    """The matches in date order; a match without a date keeps its place after the one
    before it in the inputs (the matches before any date come first)."""
    keyed = []
    current = date.min
    for position, match in enumerate(matches):
        current = match.day or current
        keyed.append((current, position, match))
    return [match for _, _, match in sorted(keyed, key=lambda entry: entry[:2])]


def _rows(tallies: dict[str, Tally], history: dict[str, list[RatingStep]]
          ) -> tuple[PlayerRow, ...]:
    """The rows, best first: by ordinal, then mean, then name."""
    ratings = final_ratings(history, list(tallies))
    names = sorted(tallies, key=lambda name: (-ratings[name].ordinal, -ratings[name].mu, name))
    return tuple(PlayerRow(place=place, stats=tallies[name].stats(), rating=ratings[name],
                           history=tuple(history.get(name, ())))
                 for place, name in enumerate(names, start=1))
