"""Simulated games as logs: the setup of a run, the header tags, one game by its index.

A run is a :class:`Setup` (players, one level a seat, the rules, a seed). Game ``i`` of
a run is played from the seed ``"{seed}:{i}"``, so every game can be made on its own
and a run gives the same bytes every time (for one version of scala40, which the
``[Simulator]`` tag names).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scala40cli.judging.rulebook.rules import (
    PRESETS,
    RULE_KEYS,
    RuleChoice,
    Rules,
    RulesError,
    find_preset,
    resolve,
)
from scala40cli.judging.scores.standings import plays_in_teams, teams_problem
from scala40cli.reading.events import Tag
from scala40cli.reading.writer import write_game
from scala40cli.simulate.bots import Level, make_bots
from scala40cli.simulate.engine import SimulationStuck
from scala40cli.simulate.match import MAX_HANDS, MatchRecord, play_match, team_names
from scala40cli.version import __version__

#: Times a game is played again from a derived seed when a hand cannot end.
RETRIES = 5
DEFAULT_NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(frozen=True, slots=True, kw_only=True)
class Setup:
    """What every game of a run shares."""

    players: tuple[str, ...]
    levels: tuple[Level, ...]
    rules: Rules
    #: The base preset and the switches set over it, as the log's tags say them.
    preset: str
    changes: tuple[tuple[str, str], ...]
    seed: str
    games: int = 1
    #: A match stops after this many hands even when it is not over.
    max_hands: int = MAX_HANDS


def parse_levels(text: str, players: int) -> tuple[Level, ...]:
    """``hard`` for every seat, or ``hard,normal,...`` one a seat; ValueError if bad."""
    names = [part.strip().lower() for part in text.split(",")]
    known = ", ".join(level.value for level in Level)
    levels: list[Level] = []
    for name in names:
        try:
            levels.append(Level(name))
        except ValueError:
            raise ValueError(f"unknown level {name!r}; known levels: {known}") from None
    if len(levels) == 1:
        return tuple(levels * players)
    if len(levels) != players:
        raise ValueError(f"{len(levels)} levels for {players} players: give one level for "
                         "all, or one a seat")
    return tuple(levels)


def make_setup(*, players: int, levels: Sequence[Level] | str, choice: RuleChoice | None,
               seed: int | str, games: int = 1, max_hands: int = MAX_HANDS,
               names: Sequence[str] = DEFAULT_NAMES) -> Setup:
    """The setup of a run; ValueError (or RulesError) for what cannot be played."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    seats = tuple(names[:players])
    chosen = parse_levels(levels, players) if isinstance(levels, str) else tuple(levels)
    if len(chosen) != players:
        raise ValueError(f"{len(chosen)} levels for {players} players")
    resolved = resolve(log_preset=None, log_values=(), choice=choice)
    rules = resolved.rules
    teams_wrong = teams_problem(rules, players)
    if teams_wrong is not None:
        raise RulesError(f"{teams_wrong}, not {players}")
    preset = find_preset(resolved.preset).name
    base = PRESETS[preset].rules.as_tokens()
    tokens = rules.as_tokens()
    changes = tuple((key, tokens[key]) for key in RULE_KEYS if tokens[key] != base[key])
    setup = Setup(players=seats, levels=chosen, rules=rules, preset=preset, changes=changes,
                  seed=str(seed), games=games, max_hands=max_hands)
    written = resolve(log_preset=(1, preset), log_values=[(2, k, v) for k, v in changes],
                      choice=None)
    assert written.rules == rules and not written.problems, "the rule tags do not say it"
    return setup


def game_seed(setup: Setup, index: int) -> str:
    """The seed of game ``index`` (1-based) of a run."""
    return f"{setup.seed}:{index}"


def header_tags(setup: Setup, index: int, seed: str | None = None) -> list[Tag]:
    """The header tags of game ``index`` (``seed``: the seed it was played from)."""
    at = {"line": 0, "column": 0}
    tags = [
        Tag(name="Event", values=(f"scala40 simulate, seed {setup.seed}, game {index} "
                                  f"of {setup.games}",), **at),
        Tag(name="Players", values=setup.players, **at),
        Tag(name="Rules", values=(setup.preset,), **at),
    ]
    tags += [Tag(name="Rule", values=(key, token), **at) for key, token in setup.changes]
    if plays_in_teams(setup.rules, len(setup.players)):
        tags.append(Tag(name="Teams", values=team_names(setup.players), **at))
    tags += [
        Tag(name="Levels", values=tuple(level.value for level in setup.levels), **at),
        Tag(name="Seed", values=(seed or game_seed(setup, index),), **at),
        Tag(name="Simulator", values=(f"scala40 {__version__}",), **at),
    ]
    return tags


def simulate_game(setup: Setup, index: int, *, first_dealer: int | None = None
                  ) -> MatchRecord:
    """Play game ``index`` (1-based) of a run.

    A hand where nobody can ever close (say every meld on the table is complete and
    every player holds one card, with ``stock_exhausted=reshuffle``: the rules give no
    way out) stops the match; it is then played again from the seed ``"{seed}~1"``,
    ``"{seed}~2"``... which the ``[Seed]`` tag names.
    """
    base = game_seed(setup, index)
    for attempt in range(RETRIES + 1):
        seed = base if attempt == 0 else f"{base}~{attempt}"
        try:
            return play_match(players=setup.players, bots=make_bots(list(setup.levels), seed),
                              rules=setup.rules, seed=seed,
                              tags=header_tags(setup, index, seed),
                              first_dealer=first_dealer, max_hands=setup.max_hands)
        except SimulationStuck:
            if attempt == RETRIES:
                raise
    raise AssertionError("unreachable")


def game_text(record: MatchRecord) -> str:
    """The canonical text of a simulated match."""
    return write_game(record.events)


__all__ = ["DEFAULT_NAMES", "Setup", "game_seed", "game_text", "header_tags", "make_setup",
           "parse_levels", "simulate_game"]
