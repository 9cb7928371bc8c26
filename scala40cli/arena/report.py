"""The document of a run: what ``--format json`` writes (``schemas/arena.schema.json``),
and what the text and Markdown tables are drawn from.

Every figure a pair gets comes from its complete deals (:mod:`scala40cli.arena.tally`);
a pair with an engine that forfeited every hand it was dealt gets no figure of strength
(``score`` and ``elo`` are null, ``forfeited`` names the engine): its results measure a
program that never played, and are reported as such.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from scala40cli.arena.engines import Kind
from scala40cli.arena.ranking import ranking
from scala40cli.arena.settings import ArenaSettings
from scala40cli.arena.sprt import SprtState
from scala40cli.arena.stats import pentanomial
from scala40cli.arena.tally import EngineTally, PairTally, Tally
from scala40cli.version import __version__


class Stop(StrEnum):
    """Why a run ended."""

    DONE = "done"
    SPRT = "sprt"
    INTERRUPTED = "interrupted"


def _round(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def engine_entry(settings: ArenaSettings, tally: EngineTally) -> dict[str, Any]:
    """One engine's line; ``forced_discards`` only when the rules left it no legal
    discard at least once (a key added to version 1: absent, it made none)."""
    engine = settings.engine(tally.name)
    what = "level" if engine.kind is Kind.LEVEL else "command"
    entry: dict[str, Any] = {
        "name": engine.name, "kind": engine.kind.value, what: engine.what,
        "matches": tally.matches, "wins": tally.wins, "hands": tally.hands,
        "forfeits": tally.forfeits, "forfeits_every_hand": tally.forfeits_every_hand}
    if tally.forced:
        entry["forced_discards"] = tally.forced
    return entry


def pair_entry(pair: PairTally, forfeited: list[str]) -> dict[str, Any]:
    found = None if forfeited else pair.estimate()
    entry: dict[str, Any] = {
        "engines": [pair.first, pair.second], "matches": pair.matches,
        "deals": len(pair.scores), "wins": [pair.ahead, pair.behind], "ties": pair.level,
        "score": None, "score_low": None, "score_high": None,
        "elo": None, "elo_low": None, "elo_high": None, "forfeited": forfeited}
    if found is not None:
        entry.update(score=round(found.score, 4), score_low=round(found.low, 4),
                     score_high=round(found.high, 4), elo=_round(found.elo, 1),
                     elo_low=_round(found.elo_low, 1), elo_high=_round(found.elo_high, 1))
    if pair.seatings == 2:
        entry["pentanomial"] = list(pentanomial(pair.scores))
    return entry


def sprt_entry(state: SprtState | None, matches: int) -> dict[str, Any] | None:
    if state is None:
        return None
    sprt = state.sprt
    return {"elo0": sprt.elo0, "elo1": sprt.elo1, "alpha": sprt.alpha, "beta": sprt.beta,
            "llr": round(state.llr, 3), "lower": round(state.lower, 3),
            "upper": round(state.upper, 3), "result": state.verdict.value,
            "matches": matches}


def document(settings: ArenaSettings, tally: Tally, stopped: Stop) -> dict[str, Any]:
    """The whole run as plain values (see the module docstring)."""
    void = {name for name, engine in tally.by_engine.items() if engine.forfeits_every_hand}
    pairs = [pair_entry(pair, [name for name in (pair.first, pair.second) if name in void])
             for pair in tally.pairs.values()]
    rated = (ranking([name for name in settings.names if name not in void], [
        outcome for outcome in tally.counted if not void & set(outcome.match.seats)])
        if len(settings.engines) > 2 else [])
    state = tally.sprt(settings.sprt) if settings.sprt is not None else None
    return {
        "version": 1,
        "scala40": __version__,
        "seed": settings.seed,
        "players": settings.players,
        "games": settings.games,
        "gauntlet": settings.gauntlet,
        "duplicate": settings.duplicate,
        "rules": {"preset": settings.preset, "set": dict(settings.changes)},
        "stopped": stopped.value,
        "matches": tally.played,
        "incomplete": tally.incomplete,
        "engines": [engine_entry(settings, tally.by_engine[name]) for name in settings.names],
        "pairs": pairs,
        "ranking": [{"name": r.name, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                     "ordinal": round(r.ordinal, 3)} for r in rated],
        "sprt": sprt_entry(state, tally.first_pair().matches),
    }


__all__ = ["Stop", "document"]
