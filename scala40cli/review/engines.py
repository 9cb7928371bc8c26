"""The engines a review can ask, by name.

A review names its engine (:class:`~scala40cli.review.reviewing.ReviewSettings`), so
that a ``--jobs`` worker makes its own: an engine is made where it is used, never sent
to a process. ``standin`` is :class:`~scala40cli.review.standin.StandIn`, which does
not search (for tests).
"""

from __future__ import annotations

from collections.abc import Callable

from scala40cli.review.scorer import Scorer
from scala40cli.review.standin import StandIn

ENGINES: dict[str, Callable[[], Scorer]] = {"standin": StandIn}
#: The engine ``scala40 review`` asks.
DEFAULT_ENGINE = "standin"


def make_scorer(name: str) -> Scorer:
    """The engine called ``name`` (KeyError for no engine of that name)."""
    return ENGINES[name]()


__all__ = ["DEFAULT_ENGINE", "ENGINES", "make_scorer"]
