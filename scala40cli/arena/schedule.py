"""Which matches an arena plays: the groups of engines, the deals, the seatings.

A group is the engines at one table: with two players a pair, with ``K`` players
``K`` engines; a round robin takes every combination of the engines, a gauntlet only
those with the first engine. Every group plays the same deals, deal ``d`` dealt from
the seed ``"{seed}:{d}"``; with duplicate deals each deal is played once for each
seating of its group, the ``K`` rotations of its engines around the table (two
players: the seats swapped), each rotation dealing the same cards to the same seats
in every hand. Without them (:func:`schedule` with ``duplicate=False``, only for
measuring what they save) every match has a deal of its own.

The matches come deal by deal, every group's seatings of a deal together, so that a
run stopped early (the SPRT, Ctrl-C) has played its groups evenly and has few deals
half played.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Match:
    """One match of a run: which deal, which engines in which seats."""

    #: The match's number in the run, from 1.
    index: int
    #: The group's engines, in the order of the command line.
    group: tuple[str, ...]
    #: The deal, from 1 (the same deal for every group).
    deal: int
    #: The rotation of the group around the table, 0 to K-1.
    rotation: int
    #: The engines in seat order.
    seats: tuple[str, ...]
    #: The seed of the cards (shared by the seatings of a duplicate deal).
    seed: str


def groups(engines: Sequence[str], players: int, *, gauntlet: bool = False
           ) -> list[tuple[str, ...]]:
    """The groups of a run: every combination of ``players`` engines (a gauntlet: those
    with the first engine); ValueError when there are fewer engines than seats."""
    if len(engines) < players:
        raise ValueError(f"{len(engines)} engines for {players} seats: --players is at "
                         "most the number of engines")
    if gauntlet:
        first, others = engines[0], engines[1:]
        return [(first, *rest) for rest in itertools.combinations(others, players - 1)]
    return list(itertools.combinations(engines, players))


def deals_for(games: int, players: int) -> int:
    """The deals that play at least ``games`` matches a group (a whole deal is one
    match for each of the ``players`` seatings)."""
    return math.ceil(games / players)


def rotated(group: Sequence[str], rotation: int) -> tuple[str, ...]:
    """The group around the table after ``rotation`` steps: each engine one seat on."""
    shift = -rotation % len(group)
    return tuple(group[shift:]) + tuple(group[:shift])


def schedule(engines: Sequence[str], *, players: int, games: int, seed: str,
             gauntlet: bool = False, duplicate: bool = True) -> Iterator[Match]:
    """Every match of a run, in the order they are played (see the module docstring)."""
    chosen = groups(engines, players, gauntlet=gauntlet)
    index = 0
    for deal in range(1, deals_for(games, players) + 1):
        for group in chosen:
            for rotation in range(players):
                index += 1
                cards = f"{seed}:{deal}" if duplicate else f"{seed}:{deal}:{rotation}"
                yield Match(index=index, group=group, deal=deal, rotation=rotation,
                            seats=rotated(group, rotation), seed=cards)


def total_matches(engines: Sequence[str], *, players: int, games: int,
                  gauntlet: bool = False) -> int:
    """How many matches :func:`schedule` yields."""
    return (len(groups(engines, players, gauntlet=gauntlet))
            * deals_for(games, players) * players)


__all__ = ["Match", "deals_for", "groups", "rotated", "schedule", "total_matches"]
