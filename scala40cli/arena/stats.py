"""The arena's statistics: a share won with its interval, an Elo difference, the SPRT.

A duplicate deal is played once for each seating of its engines, and the deal, not the
match, is the observation: its score for the first engine of a pair is the mean of its
results over the seatings (a win 1, a tie 0.5, a loss 0), so that two engines who each
win the deal in their turn score 0.5, whatever the cards. With two players a deal has
five possible scores (0, 1/4, 1/2, 3/4, 1 of the two matches' points, the pentanomial
of paired chess games); the luck of the cards, shared by both matches of a deal, falls
out of its variance, and the interval is narrower than that of as many matches on
plain random deals.

- The **share won** is the mean of the deals' scores, its 95% interval the mean plus or
  minus 1.96 standard errors of that mean (the variance of the deals' scores over the
  number of deals): the normal approximation fishtest and fastchess use for paired
  games.
- The **Elo difference** is the logistic one of that share, ``-400 log10(1/s - 1)``
  (a share of 0.64 is +100, 0.76 is +200); the interval's ends map to Elo the same way.
- The **SPRT** is the generalized sequential probability ratio test of fishtest on the
  pentanomial frequencies: the log-likelihood ratio of the frequencies that best fit
  the data under "the Elo difference is ``elo1``" against those under "it is
  ``elo0``", each the maximum-likelihood distribution with that mean, which
  :func:`fitted` finds by solving its one-unknown equation. The test stops when the
  ratio leaves ``[log(beta/(1-alpha)), log((1-beta)/alpha)]``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The 97.5th percentile of the normal law: a 95% interval is the mean +/- Z95 errors.
Z95 = 1.959963984540054
#: The frequency given to an outcome never seen, before the SPRT fits its distributions:
#: a fit with a given mean needs every outcome possible (fishtest does the same).
UNSEEN = 1e-3
#: Halvings of the bracket when solving for the fitted distribution (far past a
#: double's precision).
BISECTIONS = 200


def elo_of(score: float) -> float | None:
    """The logistic Elo difference of a share won; None for 0 or 1 (infinite)."""
    if not 0.0 < score < 1.0:
        return None
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: never -0.0


def score_of(elo: float) -> float:
    """The share won that a logistic Elo difference expects."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@dataclass(frozen=True, slots=True, kw_only=True)
class Estimate:
    """The share won over ``deals`` observations, and its 95% interval."""

    deals: int
    score: float
    low: float
    high: float

    @property
    def elo(self) -> float | None:
        return elo_of(self.score)

    @property
    def elo_low(self) -> float | None:
        return elo_of(self.low)

    @property
    def elo_high(self) -> float | None:
        return elo_of(self.high)


def estimate(scores: Sequence[float], z: float = Z95) -> Estimate | None:
    """The mean of the deals' ``scores`` with its interval (None without a deal)."""
    deals = len(scores)
    if deals == 0:
        return None
    mean = math.fsum(scores) / deals
    variance = math.fsum((score - mean) ** 2 for score in scores) / deals
    half = z * math.sqrt(variance / deals)
    return Estimate(deals=deals, score=mean, low=max(0.0, mean - half),
                    high=min(1.0, mean + half))


def pentanomial(scores: Sequence[float]) -> tuple[int, int, int, int, int]:
    """How many two-player deals scored 0, 1/4, 1/2, 3/4 and 1 (lost both matches, lost
    one and tied one, ..., won both)."""
    counts = [0, 0, 0, 0, 0]
    for score in scores:
        counts[round(score * 4)] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def fitted(values: Sequence[float], probabilities: Sequence[float], mean: float
           ) -> list[float]:
    """The distribution over ``values`` closest to ``probabilities`` (in likelihood)
    whose mean is ``mean``.

    Maximizing the likelihood under the constraint (a Lagrange multiplier ``x``) gives
    ``q_i = p_i / (1 + x (v_i - mean))``, where ``x`` makes the mean right: the sum of
    ``p_i (v_i - mean) / (1 + x (v_i - mean))`` is 0. That sum falls as ``x`` grows, from
    plus to minus infinity over the ``x`` that keep every ``q_i`` positive, so halving the
    bracket finds its one root. ``mean`` must lie strictly between the smallest and the
    largest value, and every probability be positive.
    """
    gaps = [value - mean for value in values]
    lowest, highest = min(gaps), max(gaps)
    if not lowest < 0.0 < highest:
        raise ValueError(f"a mean of {mean} is not inside the values")
    below, above = -1.0 / highest, -1.0 / lowest

    def slope(x: float) -> float:
        return math.fsum(p * g / (1.0 + x * g) for p, g in zip(probabilities, gaps,
                                                                 strict=True))

    for _ in range(BISECTIONS):
        middle = (below + above) / 2.0
        if middle in (below, above):
            break
        if slope(middle) > 0.0:
            below = middle
        else:
            above = middle
    x = (below + above) / 2.0
    return [p / (1.0 + x * g) for p, g in zip(probabilities, gaps, strict=True)]


def log_likelihood_ratio(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of "Elo ``elo1``" against "Elo ``elo0``"
    for the frequencies ``counts`` of the scores ``0, 1/(n-1), ..., 1`` (the
    pentanomial of :func:`pentanomial`, or wins and losses)."""
    observations = sum(counts)
    if observations == 0:
        return 0.0
    values = [index / (len(counts) - 1) for index in range(len(counts))]
    seen = [count if count > 0 else UNSEEN for count in counts]
    probabilities = [count / sum(seen) for count in seen]
    under0 = fitted(values, probabilities, score_of(elo0))
    under1 = fitted(values, probabilities, score_of(elo1))
    return observations * math.fsum(p * math.log(q1 / q0) for p, q0, q1
                                    in zip(probabilities, under0, under1, strict=True))


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """The SPRT's bounds on the log-likelihood ratio: below the first it accepts
    ``elo0`` (wrongly at most ``beta`` of the time), above the second ``elo1`` (wrongly
    at most ``alpha`` of the time)."""
    return (math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha))


__all__ = ["UNSEEN", "Z95", "Estimate", "elo_of", "estimate", "fitted",
           "log_likelihood_ratio", "pentanomial", "score_of", "sprt_bounds"]
