"""The levels a seat may be played at, by name: where ``simulate``, ``play`` and the
benchmarks get their computer players.

:class:`~scala40cli.simulate.bots.Level` names them; the easy, normal and hard levels
are :class:`~scala40cli.simulate.bots.Bot` s, the expert an
:class:`~scala40cli.simulate.expert.ExpertBot`, which searches.
"""

from __future__ import annotations

import random

from scala40cli.simulate.bots import Bot, Level
from scala40cli.simulate.expert import DEFAULT_BUDGET, Budget, ExpertBot


def make_bot(level: Level | str, rng: random.Random, budget: Budget = DEFAULT_BUDGET
             ) -> Bot:
    """A computer player of ``level``, its random choices drawn from ``rng``
    (``budget``: what the expert may spend on a decision)."""
    if Level(level) is Level.EXPERT:
        return ExpertBot(rng, budget)
    return Bot(level, rng)


def make_bots(levels: list[Level], rng_seed: str, budget: Budget = DEFAULT_BUDGET
              ) -> list[Bot]:
    """One bot a seat, each with its own random stream derived from ``rng_seed``."""
    return [make_bot(level, random.Random(f"{rng_seed}:bot:{seat}"), budget)
            for seat, level in enumerate(levels)]


__all__ = ["make_bot", "make_bots"]
