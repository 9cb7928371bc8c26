"""The tally of a run: outcomes in, the figures of each pair and engine out.

Outcomes arrive in any order (``--jobs``, ``--dask``). A deal counts once every seating
of its group has been played: then each pair of engines at that table gets one
observation, the mean over the seatings of its first engine's result against the
second (1 for the better place, 0.5 for the same, 0 for the worse;
:mod:`scala40cli.arena.outcome`). The matches of a deal not yet complete when a run
stops (Ctrl-C) are left out of the figures, and counted apart.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import defaultdict
from dataclasses import dataclass, field

from scala40cli.arena.outcome import Outcome
from scala40cli.arena.sprt import Sprt, SprtState, sprt_state
from scala40cli.arena.stats import Estimate, estimate, pentanomial


@dataclass(slots=True)
class PairTally:
    """What two engines did against each other, deal by deal."""

    first: str
    second: str
    seatings: int
    #: Each complete deal's score for ``first`` (0 to 1).
    scores: list[float] = field(default_factory=list)
    #: Matches where ``first`` finished ahead, behind, or level with ``second``.
    ahead: int = 0
    behind: int = 0
    level: int = 0

    @property
    def matches(self) -> int:
        return self.ahead + self.behind + self.level

    def estimate(self) -> Estimate | None:
        return estimate(self.scores)


@dataclass(slots=True)
class EngineTally:
    """What one engine did over the whole run."""

    name: str
    matches: int = 0
    wins: int = 0
    hands: int = 0
    forfeits: int = 0
    #: Discards the rules left no legal choice for, over every match played (those of
    #: deals left out of the figures too: each is an S010 in a log).
    forced: int = 0

    @property
    def forfeits_every_hand(self) -> bool:
        """Every hand it was dealt in, it forfeited: a program that never played,
        whose results say nothing of its strength."""
        return self.hands > 0 and self.forfeits >= self.hands


@dataclass(slots=True)
class Tally:
    """Every outcome of a run so far (see the module docstring)."""

    engines: tuple[str, ...]
    players: int
    #: The groups of engines that meet at a table (:func:`~scala40cli.arena.schedule.groups`).
    groups: tuple[tuple[str, ...], ...]
    pairs: dict[tuple[str, str], PairTally] = field(default_factory=dict)
    by_engine: dict[str, EngineTally] = field(default_factory=dict)
    #: The outcomes of the deals still incomplete, by (group, deal).
    waiting: dict[tuple[tuple[str, ...], int], list[Outcome]] = field(
        default_factory=lambda: defaultdict(list))
    #: Every outcome counted, in the order of the matches (for the ranking).
    counted: list[Outcome] = field(default_factory=list)
    played: int = 0

    def __post_init__(self) -> None:
        order = {name: index for index, name in enumerate(self.engines)}
        for name in self.engines:
            self.by_engine[name] = EngineTally(name)
        for group in self.groups:
            for a, b in itertools.combinations(sorted(group, key=order.__getitem__), 2):
                self.pairs.setdefault((a, b), PairTally(a, b, self.players))

    def add(self, outcome: Outcome) -> bool:
        """Count ``outcome``; True when it completes its deal. Its log is not kept (the
        command line has written it): a long run's logs would fill the memory."""
        self.played += 1
        for name in outcome.match.seats:
            self.by_engine[name].forced += outcome.forced_discards(name)
        if outcome.text is not None:
            outcome = dataclasses.replace(outcome, text=None)
        key = (outcome.match.group, outcome.match.deal)
        self.waiting[key].append(outcome)
        if len(self.waiting[key]) < self.players:
            return False
        deal = sorted(self.waiting.pop(key), key=lambda o: o.match.index)
        self.counted.extend(deal)
        for one in deal:
            self._count_engines(one)
        for a, b in itertools.combinations(outcome.match.group, 2):
            pair = self.pairs.get((a, b)) or self.pairs[(b, a)]
            self._count_pair(pair, deal)
        return True

    def _count_engines(self, outcome: Outcome) -> None:
        for seat, name in enumerate(outcome.match.seats):
            engine = self.by_engine[name]
            engine.matches += 1
            engine.wins += outcome.winner == name
            engine.hands += outcome.dealt[seat]
            engine.forfeits += outcome.forfeited_hands(name)

    @staticmethod
    def _count_pair(pair: PairTally, deal: list[Outcome]) -> None:
        points = 0.0
        for outcome in deal:
            mine, theirs = outcome.place_of(pair.first), outcome.place_of(pair.second)
            pair.ahead += mine < theirs
            pair.behind += mine > theirs
            pair.level += mine == theirs
            points += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        pair.scores.append(points / len(deal))

    @property
    def incomplete(self) -> int:
        """Matches played whose deal is not complete (left out of the figures)."""
        return sum(len(outcomes) for outcomes in self.waiting.values())

    def first_pair(self) -> PairTally:
        return self.pairs[(self.engines[0], self.engines[1])]

    def sprt(self, sprt: Sprt) -> SprtState:
        """The SPRT of the first engine against the second, over the complete deals."""
        return sprt_state(sprt, pentanomial(self.first_pair().scores))


__all__ = ["EngineTally", "PairTally", "Tally"]
