"""``--sprt elo0=E0,elo1=E1[,alpha=A,beta=B]``: the sequential test of one engine against
another, and its verdict.

The test weighs two hypotheses on the Elo difference of the first engine over the
second: H0, it is ``elo0``, and H1, it is ``elo1``. After each duplicate deal the
log-likelihood ratio of the deals' pentanomial (:mod:`scala40cli.arena.stats`) is set
against its bounds: above the upper one H1 is accepted (the first engine is at least
about ``elo1`` stronger: wrongly so at most ``alpha`` of the time), below the lower one
H0 (wrongly at most ``beta`` of the time), and the run stops.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scala40cli.arena.stats import log_likelihood_ratio, sprt_bounds

#: The error rates when ``--sprt`` does not name them.
ALPHA = BETA = 0.05


class Verdict(StrEnum):
    """The SPRT's result: which hypothesis it accepted, or none yet."""

    H0 = "H0"
    H1 = "H1"
    UNDECIDED = "undecided"


@dataclass(frozen=True, slots=True, kw_only=True)
class Sprt:
    """The hypotheses and error rates of a test."""

    elo0: float
    elo1: float
    alpha: float = ALPHA
    beta: float = BETA

    @property
    def bounds(self) -> tuple[float, float]:
        return sprt_bounds(self.alpha, self.beta)


@dataclass(frozen=True, slots=True, kw_only=True)
class SprtState:
    """Where the test stands after some deals."""

    sprt: Sprt
    llr: float
    verdict: Verdict

    @property
    def lower(self) -> float:
        return self.sprt.bounds[0]

    @property
    def upper(self) -> float:
        return self.sprt.bounds[1]


def parse_sprt(text: str) -> Sprt:
    """``elo0=0,elo1=20[,alpha=0.05,beta=0.05]``; ValueError, in words, if not that."""
    values: dict[str, float] = {}
    for part in text.split(","):
        key, equals, value = (piece.strip() for piece in part.partition("="))
        if not equals or key not in ("elo0", "elo1", "alpha", "beta") or key in values:
            raise ValueError(f"--sprt {text!r}: expected elo0=E0,elo1=E1[,alpha=A,beta=B]")
        try:
            values[key] = float(value)
        except ValueError:
            raise ValueError(f"--sprt {text!r}: {key}={value!r} is not a number") from None
    if "elo0" not in values or "elo1" not in values:
        raise ValueError(f"--sprt {text!r}: both elo0 and elo1 are needed")
    sprt = Sprt(elo0=values["elo0"], elo1=values["elo1"], alpha=values.get("alpha", ALPHA),
                beta=values.get("beta", BETA))
    if not sprt.elo0 < sprt.elo1:
        raise ValueError(f"--sprt {text!r}: elo0 must be below elo1")
    if not (0 < sprt.alpha < 0.5 and 0 < sprt.beta < 0.5):
        raise ValueError(f"--sprt {text!r}: alpha and beta lie between 0 and 0.5")
    if max(abs(sprt.elo0), abs(sprt.elo1)) >= 2000:
        raise ValueError(f"--sprt {text!r}: an Elo difference under 2000")
    return sprt


def sprt_state(sprt: Sprt, pentanomial: Sequence[int]) -> SprtState:
    """The test after the deals whose pentanomial frequencies are given."""
    llr = log_likelihood_ratio(pentanomial, sprt.elo0, sprt.elo1)
    lower, upper = sprt.bounds
    verdict = (Verdict.H1 if llr >= upper else Verdict.H0 if llr <= lower
               else Verdict.UNDECIDED)
    return SprtState(sprt=sprt, llr=llr, verdict=verdict)


__all__ = ["ALPHA", "BETA", "Sprt", "SprtState", "Verdict", "parse_sprt", "sprt_state"]
