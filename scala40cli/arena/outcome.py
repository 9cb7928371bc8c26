"""What a match of the arena tells the tally: who finished where, who forfeited, and
whose discards the rules left no way out of.

A match's places rank its players from 0, the best, with equal places for a tie: the
winner first; then the players still in, by their totals (the lowest first) when the
match has a winner, all tied when it has none (a match stopped at ``max_hands``, or
one the simulator could not finish); then the eliminated, the last to go first (ties:
the lowest total). Between two engines at a table the better place is the "win" of
the pair's figures, so that with more than two players every match still says which
of any two engines did better.
"""

from __future__ import annotations

from dataclasses import dataclass

from scala40cli.arena.schedule import Match
from scala40cli.reading.events import Discard
from scala40cli.simulate.match import MatchRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """One played match, in a form small enough to come back from a worker."""

    match: Match
    #: Each engine's place, 0 the best (see the module docstring), in seat order.
    places: tuple[int, ...]
    #: The winner's name (an engine's), or None.
    winner: str | None
    #: Hands played, and the hands each seat was dealt in.
    hands: int
    dealt: tuple[int, ...]
    #: Every forfeit: the hand, the engine, why.
    forfeits: tuple[tuple[int, str, str], ...] = ()
    #: Each seat's discards made against the rules because no legal one was left (under
    #: ``discard_playable=forbidden``, an unopened hand whose every card fits the table:
    #: the log holds an S010 there), in seat order; empty when there were none.
    forced: tuple[int, ...] = ()
    #: The match ended (False: stopped at max_hands, or not playable at all).
    finished: bool = True
    #: Why the simulator could not play the match, when it could not (no log then).
    stuck: str | None = None
    #: The match's log, when the run keeps them.
    text: str | None = None
    #: What the outside programs did besides their forfeits (lines that answered no
    #: ask, dropped), each with the engine it is about, one sentence each.
    warnings: tuple[tuple[str, str], ...] = ()

    def place_of(self, engine: str) -> int:
        return self.places[self.match.seats.index(engine)]

    def forfeited_hands(self, engine: str) -> int:
        """The hands ``engine`` forfeited."""
        return len({hand for hand, who, _ in self.forfeits if who == engine})

    def forced_discards(self, engine: str) -> int:
        """The discards ``engine`` was forced into (see ``forced``)."""
        return self.forced[self.match.seats.index(engine)] if self.forced else 0


def places(record: MatchRecord) -> tuple[int, ...]:
    """The places of a match's players, in seat order (see the module docstring)."""
    out = {elimination.player: elimination.hand for elimination in record.eliminated}

    def rank(player: str) -> tuple[int, int, int]:
        if player == record.winner:
            return (0, 0, 0)
        if player not in out:
            return (1, 0, record.totals[player] if record.winner is not None else 0)
        return (2, -out[player], record.totals[player])

    keys = [rank(player) for player in record.players]
    return tuple(sum(other < key for other in keys) for key in keys)


def forced_by_seat(record: MatchRecord) -> tuple[int, ...]:
    """Each player's forced discards (``record.forced_at``: indexes of discard events),
    in seat order; empty when nobody was forced, as most matches are."""
    if not record.forced_at:
        return ()
    authors = [event.player for event in (record.events[index] for index in record.forced_at)
               if isinstance(event, Discard)]
    return tuple(authors.count(player) for player in record.players)


def outcome_of(match: Match, record: MatchRecord, text: str | None) -> Outcome:
    """The outcome of a match the simulator played."""
    dealt = tuple(sum(player in hand.order for hand in record.hands)
                  for player in record.players)
    return Outcome(match=match, places=places(record), winner=record.winner,
                   hands=len(record.hands), dealt=dealt, forfeits=record.forfeits,
                   forced=forced_by_seat(record), finished=record.finished, text=text)


def stuck_outcome(match: Match, why: str) -> Outcome:
    """A match the simulator could not end (a hand nobody can close under the rules):
    a tie of every engine, with no log."""
    return Outcome(match=match, places=(0,) * len(match.seats), winner=None, hands=0,
                   dealt=(0,) * len(match.seats), finished=False, stuck=why)


__all__ = ["Outcome", "forced_by_seat", "outcome_of", "places", "stuck_outcome"]
