"""What a review asks of an engine, and nothing more: the candidates of a decision, and
what each is worth to the seat, from the seat's view, with a budget and a seed.

:class:`Scorer` is that narrow interface. The review never looks inside an engine: it
hands it a :class:`~scala40cli.simulate.view.PlayerView` (what the seat saw) and the
candidates (the engine's own, and the move played when the engine did not list it),
and reads back a :class:`Worth` for each. The expert level is one such engine
(:mod:`scala40cli.review.engines`); :class:`~scala40cli.review.standin.StandIn` is a
cheap one with no search, for tests.

A :class:`Budget` says how much a decision may cost: the worlds (the deals of the cards
the seat cannot see) each candidate is weighed over, how far each playout goes, how
many candidates a turn's plans have at most. ``scala40 review --budget`` reads one
(:func:`parse_budget`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Protocol

from scala40cli.review.choices import Choice, Stage
from scala40cli.simulate.view import PlayerView


@dataclass(frozen=True, slots=True, kw_only=True)
class Budget:
    """What one decision of a review may spend (see the module docstring)."""

    #: The worlds each candidate is weighed over (every candidate meets the same ones).
    worlds: int = 24
    #: The turns played after the decision before the hand is estimated rather than
    #: played to its end (None: to its end).
    horizon: int | None = None
    #: The most plans of a turn weighed (the engine's favourites), the move played
    #: besides.
    candidates: int = 4


#: The budgets ``--budget`` names.
BUDGETS = {"quick": Budget(worlds=8, horizon=2, candidates=3), "default": Budget(),
           "deep": Budget(worlds=64, candidates=6)}


class BudgetError(ValueError):
    """A ``--budget`` that cannot be read; the message says why."""


def parse_budget(text: str) -> Budget:
    """``quick``, ``default``, ``deep``, or ``key=value`` pairs over the default,
    comma-separated (``worlds=48,horizon=none``)."""
    text = text.strip()
    if text in BUDGETS:
        return BUDGETS[text]
    budget = BUDGETS["default"]
    keys = {f.name for f in fields(Budget)}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, equals, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not equals or key not in keys:
            raise BudgetError(f"{part!r}: a budget is {', '.join(BUDGETS)} or KEY=VALUE "
                              f"pairs of {', '.join(sorted(keys))}")
        if key == "horizon" and value == "none":
            budget = replace(budget, horizon=None)
            continue
        if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= 10_000:
            raise BudgetError(f"{key}={value}: a whole number from 1 to 10000"
                              + (" (or none)" if key == "horizon" else ""))
        budget = replace(budget, **{key: int(value)})
    return budget


def budget_text(budget: Budget) -> str:
    """A budget as ``--budget`` reads it."""
    horizon = "none" if budget.horizon is None else str(budget.horizon)
    return f"worlds={budget.worlds},horizon={horizon},candidates={budget.candidates}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Worth:
    """What a candidate is worth to the seat: ``points``, the mean over the worlds of
    what the hand's end brings the seat (the other side's mean penalty less its own
    side's, in penalty points), with its standard error; ``gain`` and ``gain_error``,
    what it gains over the first candidate scored, world by world (the same worlds for
    both, so the difference is told apart from the luck of the draws)."""

    points: float
    error: float
    gain: float
    gain_error: float


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
        the same worlds; the same view, choices, budget and seed give the same worths."""
        ...


__all__ = ["BUDGETS", "Budget", "BudgetError", "Scorer", "Worth", "budget_text",
           "parse_budget"]
