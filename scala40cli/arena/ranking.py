"""A rating for each engine of a run of more than two, from every match's places.

Pairs say how two engines did against each other; with more engines, or more than two
at a table, a ranking of all of them needs one model of every match at once. That is
openskill's Plackett-Luce model (Weng and Lin's Bayesian approximation): each engine's
skill is a normal law, ``mu`` its mean and ``sigma`` the doubt about it, updated by
each match's order of finish (the places of :mod:`scala40cli.arena.outcome`, ties
included). The ranking orders the engines by ``mu - 3 sigma``, a skill the engine has
almost surely (openskill's ordinal), so that an engine that played little does not
top it by luck. The matches are rated in the order of the run (not of their arrival),
so that a run gives the same ranking however many processes played it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scala40cli.arena.outcome import Outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class Rating:
    """One engine's rating after the run."""

    name: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


def ranking(engines: Sequence[str], outcomes: Sequence[Outcome]) -> list[Rating]:
    """Every engine's rating over ``outcomes``, the best first (see the module docstring)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in engines}
    for outcome in sorted(outcomes, key=lambda one: one.match.index):
        seats = outcome.match.seats
        teams = [[ratings[name]] for name in seats]
        rated = model.rate(teams, ranks=[float(place) for place in outcome.places])
        for name, (new,) in zip(seats, rated, strict=True):
            ratings[name] = new
    found = [Rating(name=name, mu=rating.mu, sigma=rating.sigma)
             for name, rating in ratings.items()]
    return sorted(found, key=lambda rating: (-rating.ordinal, rating.name))


__all__ = ["Rating", "ranking"]
