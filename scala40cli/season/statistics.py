"""Each player's season in numbers: matches, wins, hands, closes, penalties, openings.

Counted from the score sheets the referee wrote (:class:`~scala40cli.model.results.GameResult`),
never from the log again. A match counts in ``matches`` and ``wins`` only when it ended
(its result is known); its hands count either way. A hand counts when it ended (closed
or void): the last hand of a match in progress, cut off, does not. In a match played in
teams, both partners of the winning team win it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scala40cli.model.results import Closing, GameResult, HandResult
from scala40cli.season.names import player_key

_CLOSED = (Closing.NORMAL, Closing.IN_ONE_GO)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerStats:
    """One player's counts over the season (see the module docstring)."""

    name: str
    #: Matches that ended, and of those the matches won.
    matches: int = 0
    wins: int = 0
    #: Matches not over yet (``[Result "*"]``) or cut off: their hands count, not their result.
    unfinished: int = 0
    #: Hands dealt in that ended, hands closed, of those closed in one go.
    hands: int = 0
    closes: int = 0
    closes_in_one_go: int = 0
    #: The sum of the player's penalties over those hands.
    penalty_total: int = 0
    #: Hands in which the player opened, and the sum of the turns they opened in.
    openings: int = 0
    opening_turns: int = 0
    eliminations: int = 0

    @property
    def win_share(self) -> float | None:
        """Wins over matches that ended; None before the first."""
        return self.wins / self.matches if self.matches else None

    @property
    def average_penalty(self) -> float | None:
        """The mean penalty a hand; None before the first hand."""
        return self.penalty_total / self.hands if self.hands else None

    @property
    def average_opening_turn(self) -> float | None:
        """In which of their own turns the player opens, on average (1: the first)."""
        return self.opening_turns / self.openings if self.openings else None


@dataclass(slots=True)
class Tally:
    """The counts being made, one player's (a :class:`PlayerStats` when done)."""

    name: str
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, amount: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + amount

    def stats(self) -> PlayerStats:
        return PlayerStats(name=self.name, **self.counts)


def count_game(tallies: dict[str, Tally], game: GameResult) -> None:
    """Add one match to the players' tallies (created as players are met)."""
    for player in game.players:
        key = player_key(player)
        tally = tallies.setdefault(key, Tally(key))
        if game.finished:
            tally.add("matches")
            tally.add("wins", int(_won(game, player)))
        else:
            tally.add("unfinished")
        for hand in game.hands:
            _count_hand(tally, hand, player)
    for out in game.eliminated:
        tallies[player_key(out.player)].add("eliminations")


def _won(game: GameResult, player: str) -> bool:
    if game.teams:
        return any(team.name == game.winner and player in team.players for team in game.teams)
    return game.winner == player


def _count_hand(tally: Tally, hand: HandResult, player: str) -> None:
    if player not in hand.penalties or hand.closing is Closing.UNFINISHED:
        return
    tally.add("hands")
    tally.add("penalty_total", hand.penalties[player])
    if hand.closer == player and hand.closing in _CLOSED:
        tally.add("closes")
        tally.add("closes_in_one_go", int(hand.closing is Closing.IN_ONE_GO))
    turn = hand.openings.get(player)
    if turn is not None:
        tally.add("openings")
        tally.add("opening_turns", turn)
