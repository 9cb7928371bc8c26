"""Experimental bots: the hard level, choosing its discard before opening by the chance
of opening soon (issue 37, the race to open); not a level a user can pick.

A player who has not opened when the other closes pays a flat 100 points, whatever the
cards: between the hard level and itself that is 36% of the points a loser pays
(docs/expert.md, "The race to open"). So before opening, the discard that matters
might be the one that lets the hand open soonest. :class:`OpeningRaceBot` plays as the
hard level does, but before opening it weighs each of the discards the hard level likes
best by the hand it leaves: over ``samples`` sequences of ``draws`` cards drawn from
the cards it cannot see (the same sequences for every discard: common random numbers),
after how many draws the hand with the drawn cards could open
(:func:`~scala40cli.simulate.search.best_packing` with the opening's threshold, leaving
the cards the planner leaves). It keeps the discard that opens in the most sequences
(``smooth``: the most sequences by each number of draws, so that an earlier opening
counts more), the hard level's order breaking ties.

It only ranks discards the planner found legal (``legal``, on a board the judge's
``verify_*`` functions built), and sees only its
:class:`~scala40cli.simulate.view.PlayerView`: the cards it samples are the ones its
seat cannot place (:func:`~scala40cli.simulate.sampling.unseen`), drawn by a stream of
its own seed and the decision's place in the match.

:data:`VARIANTS` names the bots measured (``bench/duplicate.py --variant``): the race
over two or three draws, and two changes once opened while no opponent has (the weight
of a card's penalty, the weight against feeding the next player). The figures are in
docs/expert.md. The race over two draws is the expert's guide
(``Budget.opening_draws``, :mod:`~scala40cli.simulate.expert`): alone it measured a third
of a point a hand there, within the noise; with three times the worlds for the
candidates still racing, a point.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scala40cli.model.cards import Card
from scala40cli.simulate.board import Board, jokers_in_melds
from scala40cli.simulate.bots import Bot, Level
from scala40cli.simulate.planner import TURN_NODES, Chooser, Style, ace_points, min_left, plan_turn
from scala40cli.simulate.plays import MeldPlay, TurnPlan
from scala40cli.simulate.sampling import unseen
from scala40cli.simulate.search import (
    INDEX_OF,
    NodeBudget,
    best_packing,
    counts_of,
    sort_key,
    sorted_cards,
)
from scala40cli.simulate.view import PlayerView

#: The nodes of one search for an opening among the hand and the drawn cards.
RACE_NODES = 4000


@dataclass(frozen=True, slots=True, kw_only=True)
class Race:
    """How the discard before opening is weighed (see the module docstring)."""

    #: Draws looked ahead.
    draws: int = 3
    #: Sequences of draws sampled.
    samples: int = 40
    #: The hard level's favourite discards weighed (the others are never chosen).
    discards: int = 6
    #: Count the sequences opening by each number of draws (an earlier opening more).
    smooth: bool = False
    #: Weigh the discard before opening by the chance of opening (False: as hard).
    opening: bool = True
    #: Once opened while no opponent has, what a point of penalty weighs against
    #: keeping a card (None: the hard level's
    #: :data:`~scala40cli.simulate.bots.CALM_DUMP`): the opponent pays 100 if the hand
    #: closes first, so closing soon may matter more than the cards left.
    ahead_dump: float | None = None
    #: Once opened while no opponent has, the hard level's weight against feeding the
    #: next player a meld, times this: a meld fed then may be their opening.
    ahead_feed: float = 1.0


class OpeningRaceBot(Bot):
    """The hard level, but its discard before opening is the one that opens soonest."""

    def __init__(self, rng: random.Random, race: Race = Race()) -> None:
        super().__init__(Level.HARD, rng)
        self.race = race
        self.seed = f"{rng.getrandbits(64):016x}"
        #: The last turn's sampled draws and the scores of the discards weighed so far.
        self._memo: tuple[object, list[list[int]], dict[Card, int]] | None = None

    def __repr__(self) -> str:
        return f"OpeningRaceBot({self.race})"

    def _chooser(self, view: PlayerView) -> Chooser:
        if view.opened_before or not self.race.opening:
            return self._choose_hard
        return self._choose_racing

    def _weights(self, view: PlayerView, threat: bool) -> tuple[float, float]:
        dump, feed = super()._weights(view, threat)
        if view.opened_before and not any(p in view.opened for p in view.opponents()):
            if self.race.ahead_dump is not None and not threat:
                dump = self.race.ahead_dump
            feed *= self.race.ahead_feed
        return dump, feed

    def _choose_racing(self, board: Board, legal: list[Card]) -> Card:
        if board.has_opened or len(set(legal)) < 2:
            return self._choose_hard(board, legal)
        ordered = favourites(self._choose_hard, board, legal, self.race.discards)
        scores = self._scores(board, ordered)
        best = max(range(len(ordered)), key=lambda n: (scores[n], -n))
        return ordered[best]

    def _scores(self, board: Board, discards: Sequence[Card]) -> list[int]:
        """:func:`opening_scores` of ``discards``, over draws sampled once a hand and
        turn: a turn that asks again (another plan, fewer discards, as the expert's
        candidates do) pays only for the discards not weighed yet, over the same
        draws."""
        view = board.view
        key = (view.hand_number, view.turns, view.taken_now,
               tuple(sorted_cards(board.hand.elements())))
        if self._memo is None or self._memo[0] != key:
            stream = random.Random(f"{self.seed}:{view.hand_number}:{view.turns}")
            draws = sample_draws(view, self.race.draws, self.race.samples, stream)
            self._memo = (key, draws, {})
        _, draws, known = self._memo
        missing = [c for c in dict.fromkeys(discards) if c not in known]
        known.update(zip(missing, opening_scores(board, missing, draws,
                                                 smooth=self.race.smooth), strict=True))
        return [known[c] for c in discards]


def favourites(choose: Chooser, board: Board, legal: Sequence[Card], count: int
               ) -> list[Card]:
    """The legal discards in the order ``choose`` prefers them, the first ``count``."""
    left = sorted(dict.fromkeys(legal), key=sort_key)
    ordered: list[Card] = []
    while left and len(ordered) < count:
        chosen = choose(board, left)
        ordered.append(chosen)
        left.remove(chosen)
    return ordered


def sample_draws(view: PlayerView, draws: int, samples: int, rng: random.Random
                 ) -> list[list[int]]:
    """``samples`` sequences of ``draws`` cards (as search indexes) from the cards the
    seat cannot place."""
    pool = [INDEX_OF[c] for c in sorted_cards(unseen(view).elements())]
    if len(pool) < draws:
        return []
    return [rng.sample(pool, draws) for _ in range(samples)]


def opening_scores(board: Board, discards: Sequence[Card], draws: Sequence[Sequence[int]],
                   *, smooth: bool) -> list[int]:
    """For each of ``discards``: in how many of the sequences ``draws`` the hand left
    by it, with the drawn cards, could open (``smooth``: summed over each number of
    draws, so that a sequence opening after one draw of three counts three)."""
    view = board.view
    rules = view.rules
    opens = _opener(jokers_ok=jokers_in_melds(False, rules), run_max=rules.run_max,
                    threshold=rules.opening_points, keep=min_left(view),
                    aces=ace_points(rules))
    hand = counts_of(board.hand.elements())
    wanted = [INDEX_OF[c] for c in discards]
    scores = [0] * len(discards)
    for sequence in draws:
        counts = list(hand)
        first: list[int | None] = [None] * len(discards)
        for step, drawn in enumerate(sequence):
            counts[drawn] += 1
            for n, discard in enumerate(wanted):
                if first[n] is None and opens(counts, discard):
                    first[n] = step
        for n, opened_at in enumerate(first):
            if opened_at is not None:
                scores[n] += len(sequence) - opened_at if smooth else 1
    return scores


def _opener(*, jokers_ok: bool, run_max: int, threshold: int, keep: int, aces: int
            ) -> Callable[[list[int], int], bool]:
    """Whether a hand of counts, less one card, could open (the search's own answer)."""
    def opens(counts: list[int], discard: int) -> bool:
        counts[discard] -= 1
        try:
            if counts[discard] < 0:
                return False
            return best_packing(counts, jokers_ok=jokers_ok, run_max=run_max,
                                threshold=threshold, min_left=keep, ace_points=aces,
                                max_nodes=RACE_NODES) is not None
        finally:
            counts[discard] += 1
    return opens


class OneGoBot(Bot):
    """The hard level, but it holds back an opening that would leave ``near`` cards or
    fewer in hand, hoping to lay them all in one go later (a closing in one go doubles
    the others' penalties where the rules say so, and against a player who has not
    opened, 200 points end a match of 101); it opens as hard does once an opponent holds
    fewer than ``wary`` cards, or when the card taken must be laid now."""

    def __init__(self, rng: random.Random, *, near: int, wary: int) -> None:
        super().__init__(Level.HARD, rng)
        self.near = near
        self.wary = wary

    def __repr__(self) -> str:
        return f"OneGoBot(near={self.near}, wary={self.wary})"

    def play(self, view: PlayerView) -> TurnPlan:
        plan = super().play(view)
        if not self._holds(view, plan):
            return plan
        held = plan_turn(view, Style(lay=False, attach=False), self._chooser(view),
                         budget=NodeBudget(TURN_NODES))
        return plan if held is None else held[0]

    def _holds(self, view: PlayerView, plan: TurnPlan) -> bool:
        return holds_opening(view, plan, near=self.near, wary=self.wary)


def holds_opening(view: PlayerView, plan: TurnPlan, *, near: int, wary: int) -> bool:
    """Whether to hold back ``plan``'s opening (:class:`OneGoBot`): it opens without
    closing, leaves ``near`` cards or fewer, and no opponent holds fewer than ``wary``
    (near closing); never where the card taken must be laid now."""
    if view.opened_before or view.taken_now is not None or plan.discard is None:
        return False
    if not any(isinstance(play, MeldPlay) for play in plan.plays):
        return False
    laid = sum(len(play.cards) for play in plan.plays if isinstance(play, MeldPlay))
    left = len(view.hand) - laid - 1
    if not 0 < left <= near:
        return False
    return all(view.hand_sizes.get(p, 13) >= wary for p in view.opponents())


#: The experimental bots by name, for the benchmarks (bench/duplicate.py --variant).
VARIANTS: dict[str, Callable[[random.Random], Bot]] = {
    "race3": lambda rng: OpeningRaceBot(rng, Race(draws=3)),
    "race2": lambda rng: OpeningRaceBot(rng, Race(draws=2)),
    "race3s": lambda rng: OpeningRaceBot(rng, Race(draws=3, smooth=True)),
    "ahead0": lambda rng: OpeningRaceBot(rng, Race(opening=False, ahead_dump=0.0)),
    "ahead2": lambda rng: OpeningRaceBot(rng, Race(opening=False, ahead_dump=2.0)),
    "guard3": lambda rng: OpeningRaceBot(rng, Race(opening=False, ahead_feed=3.0)),
    "onego2": lambda rng: OneGoBot(rng, near=2, wary=6),
    "onego4": lambda rng: OneGoBot(rng, near=4, wary=4),
    "onego6": lambda rng: OneGoBot(rng, near=6, wary=4),
    "onego13": lambda rng: OneGoBot(rng, near=13, wary=4),
}


__all__ = ["RACE_NODES", "VARIANTS", "OneGoBot", "OpeningRaceBot", "Race", "favourites",
           "holds_opening", "opening_scores", "sample_draws"]
