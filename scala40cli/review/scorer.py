"""What a review asks of an engine, and nothing more: the candidates of a decision, and
what each is worth to the seat, from the seat's view, with a budget and a seed.

:class:`Scorer` is that narrow interface. The review never looks inside an engine: it
hands it a :class:`~scala40cli.simulate.view.PlayerView` (what the seat saw) and the
candidates (the engine's own, and the move played when the engine did not list it),
and reads back a :class:`Worth` for each. The expert level is one such engine
(:mod:`scala40cli.review.engines`); :class:`~scala40cli.review.standin.StandIn` is a
cheap one with no search, for tests.

A :class:`Budget` says how much a decision may cost: it is the expert level's own
(:class:`~scala40cli.simulate.expert.Budget`: the worlds each candidate is weighed over,
the turns a playout goes before the hand is estimated, the discards weighed).
``scala40 review --budget`` reads one (:func:`parse_budget`): a name, a factor of the
default (as ``scala40 simulate --budget``), or ``KEY=VALUE`` pairs over the default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from scala40cli.review.choices import Choice, Stage
from scala40cli.simulate.expert import DEFAULT_BUDGET, Budget
from scala40cli.simulate.view import PlayerView

#: The review's own budget: a review weighs every candidate over every world (no race),
#: so it spends its worlds evenly, 32 a candidate within 1,000 playout turns, the hard
#: level's own discard and plays as the guide (the budget docs/review.md measured the
#: review at); the expert at play races its candidates over three times the worlds.
REVIEW_BUDGET = replace(DEFAULT_BUDGET, worlds=32, take_worlds=32, turns=1000, recheck=12,
                        opening_draws=0, hold=0)
#: The budgets ``--budget`` names: the review's default, a quarter of it, four times it.
BUDGETS = {"quick": REVIEW_BUDGET.times(0.25), "default": REVIEW_BUDGET,
           "deep": REVIEW_BUDGET.times(4)}
#: The budget's whole numbers ``--budget KEY=VALUE`` sets (``horizon`` may be none).
KEYS = ("worlds", "take_worlds", "horizon", "turns", "heat", "discards")
#: The largest value a key takes.
MOST = 100_000


class BudgetError(ValueError):
    """A ``--budget`` that cannot be read; the message says why."""


def parse_budget(text: str) -> Budget:
    """``quick``, ``default``, ``deep``; a positive factor of the default (``2``,
    ``0.5``); or ``key=value`` pairs over the default, comma-separated
    (``worlds=48,horizon=none``)."""
    text = text.strip()
    if text in BUDGETS:
        return BUDGETS[text]
    factor = _factor(text)
    if factor is not None:
        return REVIEW_BUDGET.times(factor)
    budget = REVIEW_BUDGET
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, equals, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or key not in KEYS:
            raise BudgetError(f"{part!r}: a budget is {', '.join(BUDGETS)}, a factor of "
                              f"the default, or KEY=VALUE pairs of {', '.join(KEYS)}")
        if key == "horizon" and value == "none":
            budget = replace(budget, horizon=None)
            continue
        if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= MOST:
            raise BudgetError(f"{key}={value}: a whole number from 1 to {MOST}"
                              + (" (or none)" if key == "horizon" else ""))
        budget = _with(budget, key, int(value))
    return budget


def _with(budget: Budget, key: str, value: int) -> Budget:
    """``budget`` with one of its whole numbers (:data:`KEYS`) set."""
    changed: Budget = replace(budget, **{key: value})  # type: ignore[arg-type]
    return changed


def _factor(text: str) -> float | None:
    """``text`` as a factor of the default budget (None: not a number)."""
    if not text.isascii() or not text.replace(".", "", 1).isdigit():
        return None
    factor = float(text)
    if not 0 < factor <= 100:
        raise BudgetError(f"{text}: a factor of the default budget is over 0 and at "
                          "most 100")
    return factor


def budget_text(budget: Budget) -> str:
    """A budget as ``--budget`` reads it."""
    return ",".join(f"{key}={_value(getattr(budget, key))}" for key in KEYS)


def _value(value: int | None) -> str:
    return "none" if value is None else str(value)


@dataclass(frozen=True, slots=True, kw_only=True)
class Worth:
    """What a candidate is worth to the seat: ``points``, the mean over the worlds of
    what the hand's end brings the seat (the other side's mean penalty less its own
    side's, in penalty points), with its standard error; ``gain`` and ``gain_error``,
    what it gains over the first candidate scored, world by world (the same worlds for
    both, so the difference is told apart from the luck of the draws). Where the
    totals of a duel decide and the engine played the hand to its end, ``match`` is
    the mean chance of winning the match after it, in hundredths, and ``gain`` and
    ``gain_error`` are in that measure (None: in points)."""

    points: float
    error: float
    gain: float
    gain_error: float
    match: float | None = None


class Unplayable(Exception):
    """The engine cannot carry out the move played from the seat's view: it breaks a
    rule (the log's later lines say so), or the engine's players cannot complete it.
    The decision is not reviewed; the message says why."""


class Scorer(Protocol):
    """An engine a review can ask (see the module docstring)."""

    def candidates(self, view: PlayerView, stage: Stage, *, budget: Budget,
                   seed: str) -> Sequence[Choice]:
        """The moves the engine weighs at this decision, each legal, its own favourite
        first."""
        ...

    def score(self, view: PlayerView, choices: Sequence[Choice], *, budget: Budget,
              seed: str) -> Sequence[Worth]:
        """What each of ``choices`` is worth to the seat, in their order, weighed over
        the same worlds; the same view, choices, budget and seed give the same worths.
        :class:`Unplayable` when one of them cannot be carried out."""
        ...


__all__ = ["BUDGETS", "KEYS", "Budget", "BudgetError", "Scorer", "Unplayable", "Worth",
           "budget_text", "parse_budget"]
