"""One match of an arena played: the seats, the duplicate deck, the log's tags.

A match is a whole Scala 40 match between the engines of its seats, under the run's
rules, played by the simulator's :func:`~scala40cli.simulate.match.play_match`, so
every move is judged by the same ``verify_*`` functions as the referee's and every log
replays clean. Each hand's deck is shuffled by a random stream of its own, seeded by
the deal and the hand's number (``"{deal seed}:hand:{n}"``): the seatings of a
duplicate deal get the same cards in the same seats, and the same stock, in every
hand. The first dealer is drawn from the deal's seed too, the same seat in every
seating. Outside programs are started for the match and stopped after it, told each
hand's end and the match's as ``simulate`` tells them; a program that breaks the
protocol forfeits the hand (``docs/protocol.md``) and the match goes on.

This module is what runs in a worker process (``--jobs``) or on a Dask worker
(``--dask``): :func:`play` takes only picklable values and returns an
:class:`~scala40cli.arena.outcome.Outcome`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from scala40cli.arena.engines import seats_of
from scala40cli.arena.outcome import Outcome, outcome_of, stuck_outcome
from scala40cli.arena.schedule import Match
from scala40cli.arena.settings import ArenaSettings
from scala40cli.reading.events import Tag
from scala40cli.simulate.engine import SimulationStuck
from scala40cli.simulate.match import HandRecord, play_match
from scala40cli.simulate.outside import OutsideSeat
from scala40cli.simulate.runner import game_text
from scala40cli.version import __version__

_AT = {"line": 0, "column": 0}


def hand_decks(seed: str) -> Callable[[int], random.Random]:
    """The random stream of each hand's deck in a deal (see the module docstring)."""
    return lambda number: random.Random(f"{seed}:hand:{number}")


def first_dealer(match: Match) -> int:
    """The seat that deals first: drawn from the deal's seed, the same seat in every
    seating of the deal."""
    return random.Random(f"{match.seed}:dealer").randrange(len(match.seats))


def tags(settings: ArenaSettings, match: Match) -> list[Tag]:
    """The log's header: what was played, by whom, under which rules, from which seed."""
    engines = [settings.engine(name) for name in match.seats]
    found = [
        Tag(name="Event", values=(f"scala40 arena, seed {settings.seed}, match "
                                  f"{match.index}, deal {match.deal}, seating "
                                  f"{match.rotation + 1} of {len(match.seats)}",), **_AT),
        Tag(name="Players", values=match.seats, **_AT),
        Tag(name="Rules", values=(settings.preset,), **_AT),
    ]
    found += [Tag(name="Rule", values=(key, token), **_AT) for key, token in settings.changes]
    found += [
        Tag(name="Levels", values=tuple(engine.tag for engine in engines), **_AT),
        Tag(name="Seed", values=(match.seed,), **_AT),
        Tag(name="Simulator", values=(f"scala40 {__version__}",), **_AT),
    ]
    return found


def play(match: Match, settings: ArenaSettings) -> Outcome:
    """Play ``match`` (see the module docstring)."""
    seats = seats_of([settings.engine(name) for name in match.seats], rules=settings.rules,
                     seed=f"{match.seed}:{match.rotation}", move_timeout=settings.move_timeout)
    outside = [seat for seat in seats if isinstance(seat, OutsideSeat)]

    def tell(hand: HandRecord) -> None:
        for seat in outside:
            seat.hand_over(hand.number, hand.penalties, hand.totals, hand.closer,
                           hand.closing.value)

    said: list[tuple[str, str]] = []
    try:
        record = play_match(players=match.seats, bots=seats, rules=settings.rules,
                            seed=match.seed, tags=tags(settings, match),
                            first_dealer=first_dealer(match), max_hands=settings.max_hands,
                            on_hand=tell if outside else None,
                            hand_decks=hand_decks(match.seed))
        for seat in outside:
            seat.match_over(record.totals, record.winner)
            said += [(seat.name, warning) for warning in seat.warnings()]
    except SimulationStuck as stuck:
        return stuck_outcome(match, str(stuck))
    finally:
        for seat in outside:
            seat.close()
    outcome = outcome_of(match, record, game_text(record) if settings.keep_logs else None)
    return dataclasses.replace(outcome, warnings=tuple(said)) if said else outcome


__all__ = ["first_dealer", "hand_decks", "play", "tags"]
