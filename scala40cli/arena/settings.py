"""What every match of an arena run shares: the engines, the table, the rules, the seed.

:func:`arena_settings` checks a run before any match is played, so that what cannot
be played is one usage error (ValueError or RulesError, in words): fewer engines than
seats, a table of more than six, rules played in teams (an arena measures engines one
by one), a bad SPRT. The rules are resolved as ``simulate`` resolves them, and written
in every log the same way (``[Rules]`` and one ``[Rule]`` a switch changed).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from scala40cli.arena.engines import Engine
from scala40cli.arena.schedule import groups
from scala40cli.arena.sprt import Sprt
from scala40cli.judging.rulebook.rules import RuleChoice, Rules, RulesError
from scala40cli.judging.scores.standings import plays_in_teams
from scala40cli.simulate.bots import Level
from scala40cli.simulate.match import MAX_HANDS
from scala40cli.simulate.outside import MOVE_TIMEOUT
from scala40cli.simulate.runner import make_setup

#: Matches a group plays by default; with --sprt, at most this many.
DEFAULT_GAMES = 200
SPRT_GAMES = 20_000


@dataclass(frozen=True, slots=True, kw_only=True)
class ArenaSettings:
    """One arena run (see the module docstring)."""

    engines: tuple[Engine, ...]
    players: int
    rules: Rules
    #: The base preset and the switches set over it, as the logs' tags say them.
    preset: str
    changes: tuple[tuple[str, str], ...]
    seed: str
    #: Matches a group plays (rounded up to whole deals); the most, with an SPRT.
    games: int
    gauntlet: bool = False
    #: Duplicate deals (False only to measure what they save).
    duplicate: bool = True
    sprt: Sprt | None = None
    move_timeout: float = MOVE_TIMEOUT
    max_hands: int = MAX_HANDS
    #: The matches' logs come back with their outcomes (``--out``).
    keep_logs: bool = False

    def engine(self, name: str) -> Engine:
        return next(engine for engine in self.engines if engine.name == name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(engine.name for engine in self.engines)


def random_seed() -> str:
    """A seed for a run not given one: written in every log and in the JSON, so that
    the run can be played again."""
    return str(secrets.randbelow(10**9))


def arena_settings(*, engines: tuple[Engine, ...], players: int = 2,
                   choice: RuleChoice | None = None, seed: str | None = None,
                   games: int | None = None, gauntlet: bool = False,
                   duplicate: bool = True, sprt: Sprt | None = None,
                   move_timeout: float = MOVE_TIMEOUT, max_hands: int = MAX_HANDS,
                   keep_logs: bool = False) -> ArenaSettings:
    """The settings of a run; ValueError or RulesError for one that cannot be played."""
    setup = make_setup(players=players, levels=[Level.EASY] * players,
                       choice=choice or RuleChoice(), seed=0, move_timeout=move_timeout)
    if plays_in_teams(setup.rules, players):
        raise RulesError("an arena measures engines one by one: not under rules played "
                         "in teams (set teams=none)")
    groups([engine.name for engine in engines], players, gauntlet=gauntlet)
    if sprt is not None and (len(engines) != 2 or players != 2):
        raise ValueError("--sprt tests one engine against another: two engines, two "
                         "players")
    if games is not None and games < 1:
        raise ValueError("--games must be at least 1")
    chosen = games if games is not None else SPRT_GAMES if sprt else DEFAULT_GAMES
    return ArenaSettings(engines=engines, players=players, rules=setup.rules,
                         preset=setup.preset, changes=setup.changes,
                         seed=seed if seed is not None else random_seed(), games=chosen,
                         gauntlet=gauntlet, duplicate=duplicate, sprt=sprt,
                         move_timeout=move_timeout, max_hands=max_hands,
                         keep_logs=keep_logs)


__all__ = ["DEFAULT_GAMES", "SPRT_GAMES", "ArenaSettings", "arena_settings", "random_seed"]
