"""A match's finishing order: who came first, second, ..., the rating's only input.

The winner is first; then the players still in at the end (a match of a fixed number
of hands ends with several), the lower total ahead; then the eliminated, the last
eliminated ahead (a player eliminated twice, under re-entry, by their last
elimination). Players who cannot be told apart share a place: two players eliminated in
the same hand, two still in with the same total. In a match played in teams, the
winning pair is first and the other second. A match that did not end has no finishing
order: its hands count in the statistics, its result does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scala40cli.model.results import GameResult


@dataclass(frozen=True, slots=True, kw_only=True)
class Place:
    """One place of a finishing order: its rank (1 is first; equal ranks are a tie)
    and who holds it: one player, or a team's partners."""

    rank: int
    players: tuple[str, ...]


def finishing_order(game: GameResult) -> tuple[Place, ...] | None:
    """The places of a finished match, first to last; None for a match not finished."""
    if not game.finished:
        return None
    if game.teams:
        return _team_order(game)
    keys = {player: _key(game, player) for player in game.players}
    return _ranked([((player,), keys[player]) for player in game.players])


def _team_order(game: GameResult) -> tuple[Place, ...]:
    """The winning team first, then the others by their summed total."""
    entries = [(team.players, (0 if team.name == game.winner else 1, team.total))
               for team in game.teams]
    return _ranked(entries)


def _key(game: GameResult, player: str) -> tuple[int, int]:
    """Lower is better: the winner; the players still in, by total; the eliminated, the
    later out the better."""
    if player == game.winner:
        return (0, 0)
    out = _last_out(game, player)
    if out is None:
        return (1, game.totals.get(player, 0))
    return (2, -out)


def _last_out(game: GameResult, player: str) -> int | None:
    """The hand of the player's last elimination, unless they were dealt in after it
    (re-entry): then they are still in."""
    outs = [out.hand for out in game.eliminated if out.player == player]
    if not outs:
        return None
    last = max(outs)
    dealt_after = any(hand.number > last and player in hand.penalties
                      for hand in game.hands)
    return None if dealt_after else last


def _ranked(entries: Sequence[tuple[tuple[str, ...], tuple[int, int]]]) -> tuple[Place, ...]:
    """The entries sorted by key, equal keys sharing a rank (1, 1, 3: standard
    competition ranking)."""
    ordered = sorted(entries, key=lambda entry: entry[1])
    places: list[Place] = []
    for position, (players, key) in enumerate(ordered, start=1):
        tied = places and ordered[position - 2][1] == key
        places.append(Place(rank=places[-1].rank if tied else position, players=players))
    return tuple(places)
