"""The engines a review can ask, by name.

A review names its engine (:class:`~scala40cli.review.reviewing.ReviewSettings`), so
that a ``--jobs`` worker makes its own: an engine is made where it is used, never sent
to a process. ``expert`` is the expert level (:mod:`scala40cli.review.expert_engine`),
the default; ``standin`` is :class:`~scala40cli.review.standin.StandIn`, which does not
search (for the review's quick tests only).
"""

from __future__ import annotations

from collections.abc import Callable

from scala40cli.review.expert_engine import ExpertScorer
from scala40cli.review.scorer import Scorer
from scala40cli.review.standin import StandIn

ENGINES: dict[str, Callable[[], Scorer]] = {"expert": ExpertScorer, "standin": StandIn}
#: The engine ``scala40 review`` asks.
DEFAULT_ENGINE = "expert"


def make_scorer(name: str) -> Scorer:
    """The engine called ``name`` (KeyError for no engine of that name)."""
    return ENGINES[name]()


__all__ = ["DEFAULT_ENGINE", "ENGINES", "make_scorer"]
