"""The expert level: every candidate decision weighed by playouts over sampled worlds.

The expert searches where the other levels follow rules of thumb. At each decision it
lists its candidates (:mod:`~scala40cli.simulate.candidates`), each one legal because
the planner built it on a :class:`~scala40cli.simulate.board.Board` that asked the
judging core's ``verify_*`` functions, then weighs each by Perfect Information Monte
Carlo: it draws worlds the seat cannot tell apart from the real table
(:mod:`~scala40cli.simulate.sampling`), carries the candidate out in each and plays the
hand on (:mod:`~scala40cli.simulate.playout`, the hard level at every seat), two turns
and an estimate for the plays of a turn, to the end for a take, a buy and a duel near
its end, and scores each candidate by the mean of what the hand's end is worth to the
seat (:mod:`~scala40cli.simulate.worth`: points, or the chance of winning the match).
Every candidate meets the same worlds and the same playout seats, so the differences
between candidates are not drowned in the luck of the draws; the expert plays another
candidate than the hard level's only when its gain is sure (:class:`Budget`).

:class:`Expert` scores the candidates of a decision, and every candidate of a decision
against a move played (:meth:`Expert.review`, what a review of a recorded match needs);
:class:`ExpertBot` is the seat. Both see only the seat's
:class:`~scala40cli.simulate.view.PlayerView`, and their random streams are drawn from
a seed and that view alone, so the same view gives the same decision.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scala40cli.simulate.bots import Bot, Level
from scala40cli.simulate.candidates import Candidates
from scala40cli.simulate.equity import match_equity
from scala40cli.simulate.opening_race import OpeningRaceBot, Race
from scala40cli.simulate.playout import (
    BuyChoice,
    Choice,
    PlanChoice,
    TakeChoice,
    play_out,
)
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.reading import read_world
from scala40cli.simulate.sampling import NEAR_DISCARDS, leaning_of
from scala40cli.simulate.seats import Seat
from scala40cli.simulate.view import PlayerView
from scala40cli.simulate.worth import equity_threshold, hand_value, match_value, near_the_end


@dataclass(frozen=True, slots=True, kw_only=True)
class Budget:
    """What a decision may spend, and how the expert weighs.

    The plays of a turn are weighed over ``worlds`` sampled worlds at most, each
    candidate played out once in each for ``horizon`` turns and the hand estimated
    then; a take (or a buy), and any decision of a duel near its end, over
    ``take_worlds`` worlds at most, played out to the end of the hand (their effects
    come later). The candidates race (:meth:`Expert.score`): all meet the first
    ``heat`` worlds, only those gaining on the hard level's choice by ``promise``
    standard errors (and the humbler plays) go on, and at ``recheck`` worlds only
    those still gaining on it since the heat. No decision plays more than ``turns``
    turns in all its playouts (an estimate counts as one): the worlds stop there, at
    two at least. At most ``discards`` discards are weighed (the hard level's favourites).

    The defaults are the expert's play (measured in docs/expert.md): three times the
    worlds of the first budget for the few candidates still racing, and the race to
    open as the guide, together 1.29 points a hand more than the first budget (2,000
    duplicate deals); holding back an opening for a closing in one go, 0.66 more.
    """

    worlds: int = 96
    horizon: int | None = 2
    take_worlds: int = 96
    turns: int = 3000
    #: Worlds every candidate meets before the race (:meth:`Expert.score`).
    heat: int = 6
    #: The gain on the hard level's choice, in standard errors, a candidate needs over
    #: the heat to go on racing.
    promise: float = 0.0
    #: After this many worlds (None: never), a candidate whose gain over the worlds
    #: after the heat is not above zero stops racing.
    recheck: int | None = 36
    discards: int = 4
    #: The plays of a turn are played to the end of the hand too (as a take is) when
    #: another hand holds this many cards or fewer: the hand is near its end, and its
    #: end, not an estimate, tells the candidates apart (0: never).
    short: int = 0
    #: How sure the expert must be to play otherwise than the hard level: the gain of
    #: the other candidate, in standard errors of that gain.
    sure: float = 2.0
    #: Read the other hands from their discards when sampling the worlds.
    read: bool = True
    #: How much less likely a card is in a hand near one of its owner's discards, two,
    #: and so on (:func:`~scala40cli.simulate.sampling.leaning_of`); the weights measured
    #: in the hard level's hands (``MEASURED_NEAR_DISCARDS``) gained within the noise.
    lean: tuple[float, ...] = NEAR_DISCARDS
    #: Worlds drawn for each one weighed: the first that agrees with what the other
    #: players did in the open (:mod:`~scala40cli.simulate.reading`); 1, the first drawn.
    #: 20 gained 0.49 points a hand, within the noise of 2,000 deals, at 1.15 times the
    #: CPU (docs/expert.md): not the default.
    agree: int = 1
    #: Weigh plays humbler than the hard level's, each with the discard it would then
    #: choose: the first ``humbler`` of :data:`~scala40cli.simulate.candidates.HUMBLER`
    #: (not opening yet, not attaching, no new meld, cards kept back).
    variants: bool = True
    humbler: int = 5
    #: The guide's discard before opening: 0, the hard level's; n, the one that opens
    #: most often within n draws (:mod:`~scala40cli.simulate.opening_race`).
    opening_draws: int = 2
    #: The guide's play where it would open leaving this many cards or fewer while no
    #: opponent holds fewer: not opening yet, for a closing in one go (0: open). 4 gained
    #: 0.66 points a hand on 2,000 duplicate deals and 3 matches in 100 (docs/expert.md,
    #: "Holding the opening").
    hold: int = 4

    def times(self, factor: float) -> Budget:
        """This budget with ``factor`` times the worlds and turns (more for analysis,
        less for speed); at least the fewest worlds a decision weighs."""
        return dataclasses.replace(
            self, worlds=max(MIN_WORLDS, round(self.worlds * factor)),
            take_worlds=max(MIN_WORLDS, round(self.take_worlds * factor)),
            heat=max(MIN_WORLDS, min(round(self.heat * factor), self.heat)),
            turns=max(1, round(self.turns * factor)),
            recheck=None if self.recheck is None else round(self.recheck * factor))


DEFAULT_BUDGET = Budget()
#: The fewest worlds a decision weighs, whatever its playouts cost.
MIN_WORLDS = 2

@dataclass(frozen=True, slots=True, kw_only=True)
class Scored:
    """A candidate and its worth over the worlds it met: ``points``, the mean of what
    the hand's end brings the seat's side (:func:`~scala40cli.simulate.worth.hand_value`)
    with its standard error; ``match``, where the totals of a duel decide and the hand
    was played to its end, the mean chance of winning the match after it, in hundredths
    (:func:`~scala40cli.simulate.worth.match_value`); ``gain``, what it gains on the
    first candidate world by world in the measure the decision is made by (the match's
    where there is one), with the standard error of that gain."""

    choice: Choice
    worlds: int
    points: float
    points_error: float
    match: float | None = None
    gain: float = 0.0
    gain_error: float = 0.0


class Expert:
    """Scores the candidates of a seat's decision (see the module docstring)."""

    def __init__(self, *, seed: str, budget: Budget = DEFAULT_BUDGET) -> None:
        self.seed = seed
        self.budget = budget
        #: The hard level's judgement, used to list and order the candidates.
        self.guide = (OpeningRaceBot(random.Random(f"{seed}:guide"),
                                     Race(draws=budget.opening_draws))
                      if budget.opening_draws else Bot(Level.HARD, random.Random(f"{seed}:guide")))
        self.candidates = Candidates(self.guide, discards=budget.discards,
                                     variants=budget.variants, humbler=budget.humbler,
                                     hold=budget.hold)

    # --- the candidates -----------------------------------------------------------------

    def take_choices(self, view: PlayerView) -> list[TakeChoice]:
        return self.candidates.take_choices(view)

    def plan_choices(self, view: PlayerView) -> list[PlanChoice]:
        return self.candidates.plan_choices(view)

    def buy_choices(self, view: PlayerView) -> list[BuyChoice]:
        return self.candidates.buy_choices(view)

    # --- the weighing -------------------------------------------------------------------

    def score(self, view: PlayerView, choices: Sequence[Choice], *,
              race: bool = False) -> list[Scored]:
        """Each of ``choices`` weighed over the same sampled worlds (see the module
        docstring), in the order given. ``race``: after ``budget.heat`` worlds, only
        the first candidate, those gaining on it so far and the humbler plays go on
        (the others keep the worlds they had), so that the worlds left go where they
        can change the choice; the gain of a candidate that went on is then counted
        over the worlds after the heat only (those of the heat chose it, and would
        flatter it)."""
        if len(choices) < 2:
            return [Scored(choice=c, worlds=0, points=0.0, points_error=0.0) for c in choices]
        key = decision_key(self.seed, view)
        values: list[list[float]] = [[] for _ in choices]
        points: list[list[float]] = [[] for _ in choices]
        leaning = leaning_of(view, self.budget.lean) if self.budget.read else None
        threshold = equity_threshold(view)
        whole = (not isinstance(choices[0], PlanChoice) or near_the_end(view, threshold)
                 or _shortest(view) <= self.budget.short)
        by_match = whole and threshold is not None
        worlds = self.budget.take_worlds if whole else self.budget.worlds
        horizon = None if whole else self.budget.horizon
        running = list(range(len(choices)))
        played = 0
        for w in range(worlds):
            if w >= MIN_WORLDS and played >= self.budget.turns:
                break
            if race and w == self.budget.heat:
                running = [n for n in running
                           if n == 0 or _lays_otherwise(choices[n], choices[0])
                           or _promising(_gains(values[n], values[0]), self.budget.promise)]
                if len(running) == 1:
                    break
            if race and w == self.budget.recheck and w > self.budget.heat:
                running = [n for n in running if n == 0
                           or _mean(_gains(values[n], values[0])[self.budget.heat:]) > 0]
                if len(running) == 1:
                    break
            world = read_world(view, random.Random(f"{key}:world:{w}"), leaning,
                               self.budget.agree)
            for n in running:
                outcome = play_out(view, world, choices[n], _policy(f"{key}:{w}"),
                                   random.Random(f"{key}:deck:{w}"), horizon=horizon)
                played += outcome.turns
                points[n].append(hand_value(outcome, view))
                values[n].append(match_value(outcome, view, threshold)
                                 if by_match and threshold is not None else points[n][-1])
        scored: list[Scored] = []
        for n, choice in enumerate(choices):
            gains = _gains(values[n], values[0])
            fresh = gains[self.budget.heat:] if race else gains
            if len(fresh) < MIN_WORLDS:
                fresh = gains
            scored.append(Scored(choice=choice, worlds=len(values[n]),
                                 points=_mean(points[n]), points_error=_error(points[n]),
                                 match=_mean(values[n]) if by_match else None,
                                 gain=_mean(fresh), gain_error=_error(fresh)))
        return scored

    def review(self, view: PlayerView, played: Choice) -> list[Scored]:
        """Every candidate of the decision ``view`` stands at (every legal discard with
        the hard level's plays, the humbler plays, the take and the draw, the buy and
        letting it go) and the move ``played``, first, all weighed over the same worlds:
        each one's gain is what it would have gained on the move played."""
        if isinstance(played, PlanChoice):
            listed: Sequence[Choice] = self.candidates.plan_choices(view, every=True)
        elif isinstance(played, TakeChoice):
            listed = self.candidates.take_choices(view)
        else:
            listed = self.candidates.buy_choices(view)
        return self.score(view, [played, *(c for c in listed if c != played)])

    def best(self, view: PlayerView, choices: Sequence[Choice]) -> Choice:
        """The candidate of highest worth, among the first (the hard level's own
        choice) and those whose gain over it is ``budget.sure`` standard errors or
        more, the candidates raced (see :meth:`score`)."""
        scored = self.score(view, choices, race=True)
        sure = self.budget.sure
        trusted = [s for n, s in enumerate(scored)
                   if n == 0 or s.gain > sure * s.gain_error]
        return max(trusted, key=lambda s: s.gain).choice


class ExpertBot(Bot):
    """The expert at a seat: the engine's three questions answered by search."""

    def __init__(self, rng: random.Random, budget: Budget = DEFAULT_BUDGET) -> None:
        super().__init__(Level.EXPERT, rng)
        self.expert = Expert(seed=f"{rng.getrandbits(64):016x}", budget=budget)
        match_equity(0, 0, 101)  # the table of the usual threshold, made once

    def __repr__(self) -> str:
        return "ExpertBot()"

    def wants_take(self, view: PlayerView) -> bool:
        choices = self.expert.take_choices(view)
        if len(choices) < 2:
            return False
        chosen = self.expert.best(view, choices)
        assert isinstance(chosen, TakeChoice)
        return chosen.take

    def play(self, view: PlayerView) -> TurnPlan:
        choices = self.expert.plan_choices(view)
        chosen = self.expert.best(view, choices)
        assert isinstance(chosen, PlanChoice)
        return chosen.plan

    def wants_buy(self, view: PlayerView) -> bool:
        choices = self.expert.buy_choices(view)
        if len(choices) < 2:
            return False
        chosen = self.expert.best(view, choices)
        assert isinstance(chosen, BuyChoice)
        return chosen.buy


# --- helpers ---------------------------------------------------------------------------


def decision_key(seed: str, view: PlayerView) -> str:
    """The seed of one decision's random streams: the expert's seed and where the
    decision stands in the match, read from the view (nothing hidden in it)."""
    started = view.drawn is not None or view.taken_now is not None
    stage = "buy" if view.buying else ("play" if started else "draw")
    return f"{seed}:{view.hand_number}:{view.turns}:{stage}:{view.me}"


def _policy(key: str) -> Callable[[str], Seat]:
    """The seats of a playout: the hard level at every seat, each with its own stream."""
    def seat(player: str) -> Seat:
        return Bot(Level.HARD, random.Random(f"{key}:{player}"))
    return seat


def _lays_otherwise(choice: Choice, first: Choice) -> bool:
    """A humbler play than the first's (not the same plays with another discard): it
    races past the heat whatever it gained there, for what laying less is worth shows
    later than a discard's worth does (measured: 0.24 points a hand)."""
    return (isinstance(choice, PlanChoice) and isinstance(first, PlanChoice)
            and choice.plan.plays != first.plan.plays)


def _shortest(view: PlayerView) -> int:
    """The fewest cards another player of the hand holds."""
    return min((n for p, n in view.hand_sizes.items() if p != view.me), default=99)


def _gains(mine: Sequence[float], first: Sequence[float]) -> list[float]:
    """What a candidate gained on the first, world by world, in the worlds it met."""
    return [a - b for a, b in zip(mine, first, strict=False)]


def _promising(gains: Sequence[float], promise: float) -> bool:
    """Whether a candidate's gains so far are above zero by ``promise`` standard
    errors (above zero at all if ``promise`` is 0)."""
    mean = _mean(gains)
    return mean > 0 and mean >= promise * _error(gains)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _error(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = _mean(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


__all__ = ["DEFAULT_BUDGET", "Budget", "Expert", "ExpertBot", "Scored", "decision_key"]
