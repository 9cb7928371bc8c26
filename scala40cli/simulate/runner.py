"""Simulated games as logs: the setup of a run, the header tags, one game by its index.

A run is a :class:`Setup` (players, one level a seat, the rules, a seed). Game ``i`` of
a run is played from the seed ``"{seed}:{i}"``, so every game can be made on its own
and a run gives the same bytes every time (for one version of scala40, which the
``[Simulator]`` tag names).
"""

from __future__ import annotations

import dataclasses
import re
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
from scala40cli.simulate.bots import Level
from scala40cli.simulate.engine import SimulationStuck
from scala40cli.simulate.expert import DEFAULT_BUDGET
from scala40cli.simulate.levels import make_bots
from scala40cli.simulate.match import MAX_HANDS, HandRecord, MatchRecord, play_match, team_names
from scala40cli.simulate.outside import MOVE_TIMEOUT, OutsideSeat
from scala40cli.simulate.program import cannot_start
from scala40cli.simulate.seats import Seat
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
    #: The seats played by outside programs: name and command (docs/protocol.md).
    programs: tuple[tuple[str, str], ...] = ()
    #: Seconds an outside program has for each answer.
    move_timeout: float = MOVE_TIMEOUT
    #: The expert's search budget, as a multiple of its default.
    budget: float = 1.0


#: A seat's name as ``--seat`` takes it: a word the log writes bare.
_SEAT_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]{0,31}")


def parse_seat(text: str) -> tuple[str, str]:
    """``NAME=cmd:COMMAND`` as (name, command); ValueError if it is not that."""
    name, equals, what = text.partition("=")
    name = name.strip()
    if not equals or not what.startswith("cmd:"):
        raise ValueError(f"--seat {text!r}: expected NAME=cmd:COMMAND")
    if _SEAT_NAME.fullmatch(name) is None:
        raise ValueError(f"--seat {text!r}: a name is a letter then letters, digits, "
                         "_ . or -, at most 32")
    command = what[len("cmd:"):].strip()
    why = cannot_start(command) if command else "no command after cmd:"
    if why:
        raise ValueError(f"--seat {text!r}: {why}")
    return name, command


def parse_levels(text: str, players: int, *, programs: int = 0) -> tuple[Level, ...]:
    """One level a seat from ``hard`` (every bot's) or ``hard,normal,...`` (one a bot,
    in seat order); ValueError if bad. With ``programs`` outside programs in the first
    seats, the levels are those of the other seats: the programs' seats have none (the
    level given them is a placeholder, never played)."""
    names = [part.strip().lower() for part in text.split(",")]
    known = ", ".join(level.value for level in Level)
    levels: list[Level] = []
    for name in names:
        try:
            levels.append(Level(name))
        except ValueError:
            raise ValueError(f"unknown level {name!r}; known levels: {known}") from None
    bots = players - programs
    if len(levels) == 1:
        return tuple(levels * players)
    if len(levels) != bots:
        seats = f"{bots} bot seats ({programs} of the {players} are programs')" \
            if programs else f"{players} players"
        raise ValueError(f"{len(levels)} levels for {seats}: give one level for all, or "
                         "one a bot seat")
    return (levels[0],) * programs + tuple(levels)


def make_setup(*, players: int, levels: Sequence[Level] | str, choice: RuleChoice | None,
               seed: int | str, games: int = 1, max_hands: int = MAX_HANDS,
               names: Sequence[str] = DEFAULT_NAMES,
               programs: Sequence[tuple[str, str]] = (),
               move_timeout: float = MOVE_TIMEOUT, budget: float = 1.0) -> Setup:
    """The setup of a run; ValueError (or RulesError) for what cannot be played.
    The ``programs``' seats come first, under their names; the bots take the other
    seats, under the first of ``names`` not taken."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    outside = [name for name, _ in programs]
    if len(set(outside)) != len(outside):
        raise ValueError("--seat: two seats of one name")
    if len(outside) > players:
        raise ValueError(f"{len(outside)} --seat for {players} players")
    if move_timeout <= 0:
        raise ValueError("--move-timeout must be more than 0 seconds")
    if budget <= 0:
        raise ValueError("--budget must be more than 0")
    seats = tuple(outside + [n for n in names if n not in outside][:players - len(outside)])
    chosen = (parse_levels(levels, players, programs=len(outside)) if isinstance(levels, str)
              else tuple(levels))
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
                  seed=str(seed), games=games, max_hands=max_hands,
                  programs=tuple(programs), move_timeout=move_timeout, budget=budget)
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
        Tag(name="Levels", values=_levels(setup), **at),
        Tag(name="Seed", values=(seed or game_seed(setup, index),), **at),
        Tag(name="Simulator", values=(f"scala40 {__version__}",), **at),
    ]
    return tags


def _levels(setup: Setup) -> tuple[str, ...]:
    """The ``[Levels]`` tag: a bot's level, ``program`` for an outside program's seat."""
    outside = {name for name, _ in setup.programs}
    return tuple("program" if player in outside else level.value
                 for player, level in zip(setup.players, setup.levels, strict=True))


def seats_of(setup: Setup, seed: str) -> list[Seat]:
    """One seat a player: a bot of its level, or the outside program ``--seat`` named."""
    commands = dict(setup.programs)
    seats: list[Seat] = []
    bots = make_bots(list(setup.levels), seed, DEFAULT_BUDGET.times(setup.budget))
    for player, bot in zip(setup.players, bots, strict=True):
        command = commands.get(player)
        seats.append(bot if command is None else OutsideSeat(
            player, command, players=setup.players, rules=setup.rules,
            timeout=setup.move_timeout))
    return seats


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
        seats = seats_of(setup, seed)
        outside = [seat for seat in seats if isinstance(seat, OutsideSeat)]

        def tell(hand: HandRecord, outside: list[OutsideSeat] = outside) -> None:
            for seat in outside:
                seat.hand_over(hand.number, hand.penalties, hand.totals, hand.closer,
                               hand.closing.value)

        try:
            record = play_match(players=setup.players, bots=seats, rules=setup.rules,
                                seed=seed, tags=header_tags(setup, index, seed),
                                first_dealer=first_dealer, max_hands=setup.max_hands,
                                on_hand=tell if outside else None)
            for seat in outside:
                seat.match_over(record.totals, record.winner)
            said = tuple(warning for seat in outside for warning in seat.warnings())
            return dataclasses.replace(record, warnings=said) if said else record
        except SimulationStuck:
            if attempt == RETRIES:
                raise
        finally:
            for seat in outside:
                seat.close()
    raise AssertionError("unreachable")


def game_text(record: MatchRecord) -> str:
    """The canonical text of a simulated match."""
    return write_game(record.events)


__all__ = ["DEFAULT_NAMES", "RETRIES", "Setup", "game_seed", "game_text", "header_tags",
           "make_setup", "parse_levels", "parse_seat", "seats_of", "simulate_game"]
