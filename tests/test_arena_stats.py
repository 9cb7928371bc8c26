"""The arena's statistics (scala40cli/arena/stats.py): the share won and its interval
from paired deals, the logistic Elo, and fishtest's generalized SPRT on the pentanomial.

Each figure is checked against an independent computation: the Elo of a share by the
formula's inverse, an interval by hand, the SPRT's likelihood ratio with two outcomes
against the closed form of the binomial, and the fitted distribution against the
likelihood of distributions near it with the same mean.
"""

from __future__ import annotations

import math
import random

import pytest

from scala40cli.arena.sprt import Sprt, Verdict, parse_sprt, sprt_state
from scala40cli.arena.stats import (
    elo_of,
    estimate,
    fitted,
    log_likelihood_ratio,
    pentanomial,
    score_of,
    sprt_bounds,
)


@pytest.mark.parametrize("elo", [-400.0, -100.0, 0.0, 35.5, 200.0])
def test_elo_and_score_are_inverse(elo: float) -> None:
    assert elo_of(score_of(elo)) == pytest.approx(elo)


def test_the_logistic_elo_of_known_shares() -> None:
    assert elo_of(0.5) == 0.0 and math.copysign(1.0, elo_of(0.5) or 0.0) == 1.0  # not -0.0
    assert elo_of(10 / 11) == pytest.approx(400.0)  # odds of 10 to 1: 400 Elo
    assert elo_of(0.0) is None and elo_of(1.0) is None


def test_the_interval_is_the_mean_plus_or_minus_1_96_standard_errors() -> None:
    scores = [1.0, 0.5, 0.75, 0.5, 1.0, 0.25]
    found = estimate(scores)
    assert found is not None
    mean = sum(scores) / 6
    variance = sum((s - mean) ** 2 for s in scores) / 6
    half = 1.959963984540054 * math.sqrt(variance / 6)
    assert (found.deals, found.score) == (6, pytest.approx(mean))
    assert (found.low, found.high) == (pytest.approx(mean - half), pytest.approx(mean + half))
    assert found.elo_low == pytest.approx(elo_of(mean - half))
    assert estimate([]) is None


def test_deals_split_evenly_give_no_doubt_where_matches_alone_would() -> None:
    """Two engines that each win a deal in their turn at its seat: the paired score is
    0.5 every deal, while the same matches counted one by one swing from 0 to 1."""
    paired = estimate([0.5] * 50)
    unpaired = estimate([1.0, 0.0] * 50)
    assert paired is not None and unpaired is not None
    assert paired.score == unpaired.score == 0.5
    assert paired.high - paired.low == 0.0 < unpaired.high - unpaired.low


def test_the_pentanomial_counts_the_deals_by_score() -> None:
    assert pentanomial([0.0, 0.25, 0.5, 0.5, 0.75, 1.0, 1.0]) == (1, 1, 2, 1, 2)


def test_the_sprt_bounds_are_walds() -> None:
    lower, upper = sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(-2.944, abs=1e-3) and upper == pytest.approx(2.944, abs=1e-3)
    assert sprt_bounds(0.05, 0.1)[0] == pytest.approx(math.log(0.1 / 0.95))


def test_the_fitted_distribution_has_the_mean_and_the_most_likelihood() -> None:
    values = [0.0, 0.25, 0.5, 0.75, 1.0]
    observed = [0.05, 0.15, 0.4, 0.25, 0.15]
    for mean in (0.3, 0.5, 0.62):
        q = fitted(values, observed, mean)
        assert sum(q) == pytest.approx(1.0)
        assert sum(v * p for v, p in zip(values, q, strict=True)) == pytest.approx(mean)

        def likelihood(dist: list[float]) -> float:
            return sum(p * math.log(d) for p, d in zip(observed, dist, strict=True))

        rng = random.Random(mean)
        for _ in range(200):  # moves that keep the sum and the mean: none is likelier
            a, b, c = rng.sample(range(5), 3)
            step = rng.uniform(-0.01, 0.01)
            # shift mass between a, b and c so that sum and mean stay put
            va, vb, vc = values[a], values[b], values[c]
            db = -step * (va - vc) / (vb - vc)
            moved = list(q)
            moved[a] += step
            moved[b] += db
            moved[c] -= step + db
            if min(moved) > 0:
                assert likelihood(moved) <= likelihood(q) + 1e-12


def test_with_wins_and_losses_only_the_ratio_is_the_binomials() -> None:
    """Two outcomes leave one distribution of a given mean: the generalized ratio is
    then the plain one, W log(s1/s0) + L log((1-s1)/(1-s0))."""
    wins, losses = 70, 50
    s0, s1 = score_of(0.0), score_of(30.0)
    expected = wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
    assert log_likelihood_ratio([losses, wins], 0.0, 30.0) == pytest.approx(expected)


def test_the_ratio_leans_to_the_hypothesis_the_deals_agree_with() -> None:
    strong = [2, 10, 40, 30, 18]  # a mean of 0.63: about +90 Elo
    even = [10, 20, 40, 20, 10]  # 0.5
    assert log_likelihood_ratio(strong, 0.0, 30.0) > sprt_bounds(0.05, 0.05)[1]
    assert log_likelihood_ratio(even, 0.0, 30.0) < 0.0
    assert log_likelihood_ratio([0, 0, 0, 0, 0], 0.0, 30.0) == 0.0


def test_an_sprt_reaches_its_verdict() -> None:
    sprt = Sprt(elo0=0.0, elo1=30.0)
    assert sprt_state(sprt, [2, 10, 40, 30, 18]).verdict is Verdict.H1
    assert sprt_state(sprt, [40, 80, 160, 80, 40]).verdict is Verdict.H0
    assert sprt_state(sprt, [1, 2, 4, 2, 1]).verdict is Verdict.UNDECIDED


def test_the_sprt_option_is_read_in_full_or_refused_in_words() -> None:
    assert parse_sprt("elo0=0,elo1=30") == Sprt(elo0=0.0, elo1=30.0, alpha=0.05, beta=0.05)
    assert parse_sprt("elo0=-5, elo1=5, alpha=0.1, beta=0.2").beta == 0.2
    for bad, words in [("elo0=0", "both"), ("elo1=30,elo0=40", "below"),
                       ("elo0=0,elo1=x", "not a number"), ("elo0=0,elo1=5,alpha=0.7", "alpha"),
                       ("elo0=0;elo1=5", "not a number"), ("elo0=0,elo0=1,elo1=5", "expected")]:
        with pytest.raises(ValueError, match=words):
            parse_sprt(bad)
