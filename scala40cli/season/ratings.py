"""Ratings from finishing orders: openskill's Plackett-Luce model, match after match.

Why openskill's Weng-Lin Plackett-Luce model: a match of Scala 40 has two to six
players and ends in a full order (the winner, then the eliminated, the last out ahead),
which Plackett-Luce rates as a whole, as TrueSkill would but without its patent or its
price, while Elo and Glicko-2 take only pairs; it handles ties (players out in the same
hand) and teams (``teams=pairs``) as they are. openskill is a small pure-Python library,
well kept and well tested against the paper's reference implementation.

A rating is a belief about a player's skill: ``mu`` its mean, ``sigma`` how unsure it is
(25 and 25/3 before any match). The table sorts by the ``ordinal``, ``mu - 3 sigma``,
the skill the player has almost surely (openskill's own leaderboard value), so that one
lucky win does not top the table; ``mu - 3 sigma`` to ``mu + 3 sigma`` is the interval
the reports show. The matches are rated in the order of :mod:`~scala40cli.season.entries`
(date order), each with the ratings the players had before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from scala40cli.season.names import player_key
from scala40cli.season.outcome import Place

#: How many sigmas below the mean the ordinal is, and the interval's half width.
SIGMAS = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class Rating:
    """A player's rating: the mean and the uncertainty of their skill."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating the table is sorted by: ``mu - 3 sigma``."""
        return self.mu - SIGMAS * self.sigma

    @property
    def high(self) -> float:
        """The top of the interval, ``mu + 3 sigma``."""
        return self.mu + SIGMAS * self.sigma


@dataclass(frozen=True, slots=True, kw_only=True)
class RatedMatch:
    """A match that ended, in the season's order: its number (1, 2, ...) and places."""

    number: int
    places: tuple[Place, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RatingStep:
    """A player's rating after the season's match ``match``."""

    match: int
    rating: Rating


def model() -> PlackettLuce:
    """The model, with openskill's defaults (mu 25, sigma 25/3, beta 25/6)."""
    return PlackettLuce()


def initial_rating() -> Rating:
    """The rating of a player before any match."""
    start = model().rating()
    return Rating(mu=start.mu, sigma=start.sigma)


def rate_season(matches: Iterable[RatedMatch]) -> dict[str, list[RatingStep]]:
    """Every player's rating after each match they played, in the matches' order."""
    rater = model()
    current: dict[str, PlackettLuceRating] = {}
    history: dict[str, list[RatingStep]] = {}
    for match in matches:
        if len(match.places) < 2:
            continue  # a match of one player (everyone else gone) says nothing
        names = [[player_key(player) for player in place.players] for place in match.places]
        teams = [[current.get(name) or rater.rating() for name in team] for team in names]
        rated = rater.rate(teams, ranks=[float(place.rank) for place in match.places])
        for team_names, team in zip(names, rated, strict=True):
            for name, player in zip(team_names, team, strict=True):
                current[name] = player
                history.setdefault(name, []).append(
                    RatingStep(match=match.number,
                               rating=Rating(mu=player.mu, sigma=player.sigma)))
    return history


def final_ratings(history: dict[str, list[RatingStep]], names: Sequence[str]
                  ) -> dict[str, Rating]:
    """Each player's last rating (the initial one for a player never rated)."""
    start = initial_rating()
    return {name: history[name][-1].rating if history.get(name) else start
            for name in names}
