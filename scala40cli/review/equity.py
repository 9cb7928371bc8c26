"""What a point of a hand is worth in the chance of winning the match, at these totals.

An engine weighs a decision in the points of the hand (what the hand's end brings the
seat). Where the totals make it matter, a point is worth more than a point: at 95 with
elimination at 101, the six points that put the seat out are the match. GNU Backgammon
turns its equities into match-winning chances with a match equity table; this module
does the same for Scala 40, with the rules' own standings: :func:`point_worth` is the
slope of the seat's chance of winning the match with the points of this hand, measured
by playing the rest of the match out many times from the totals, under the rules'
:class:`~scala40cli.judging.scores.standings.Standings` (elimination, mortal combat,
fixed hands, teams), once with the seat's penalty for this hand ``SHIFT`` points
higher and once ``SHIFT`` lower, on the same random draws.

The hands of those rollouts are a model, not a simulation: each is closed by one of
the players dealt in, drawn at random, and every other player pays a penalty drawn from
what hard bots pay when they do not close (:data:`PENALTIES`, measured under classic
by ``bench/hand_penalties.py``). Nobody re-enters. The slope is what matters, and it is
what the model gets right: zero where no total is near the end of the match, steep
where one is.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scala40cli.judging.scores.standings import Standings, plays_in_teams
from scala40cli.model.results import Closing
from scala40cli.simulate.view import PlayerView

#: Twenty quantiles of the penalty of a player who did not close a closed hand, by the
#: players at the table: hard bots under classic (``bench/hand_penalties.py --games
#: 60``: 469 to 1,154 penalties a table size).
PENALTIES: dict[int, tuple[int, ...]] = {
    2: (2, 2, 3, 4, 4, 5, 6, 8, 9, 10, 12, 14, 17, 20, 25, 30, 35, 41, 100, 100),
    3: (2, 3, 4, 5, 6, 8, 9, 11, 12, 14, 16, 18, 21, 25, 30, 35, 46, 100, 100, 100),
    4: (2, 3, 4, 5, 6, 8, 9, 11, 12, 15, 18, 20, 25, 30, 36, 47, 100, 100, 100, 100),
    5: (2, 3, 4, 5, 7, 9, 10, 12, 14, 17, 20, 23, 27, 34, 38, 47, 100, 100, 100, 100),
    6: (2, 3, 4, 5, 7, 9, 10, 13, 16, 18, 22, 25, 29, 36, 48, 100, 100, 100, 100, 100),
}
#: The matches played out from the totals, for each of the two shifts.
ROLLOUTS = 400
#: The points the seat's penalty is moved by, each way.
SHIFT = 10
#: A match of the model still going after this many more hands counts as not won.
MOST_HANDS = 60


def point_worth(view: PlayerView, seed: str, rollouts: int = ROLLOUTS) -> float:
    """The seat's chance of winning the match gained by one more point of this hand's
    value (see the module docstring): 0.0 where nothing is at stake, as when the match
    has no end the totals can bring."""
    lower = win_chance(view, -SHIFT, seed, rollouts)
    higher = win_chance(view, SHIFT, seed, rollouts)
    return max(0.0, (lower - higher) / (2 * SHIFT))


def win_chance(view: PlayerView, shift: int, seed: str, rollouts: int = ROLLOUTS) -> float:
    """The share of ``rollouts`` matches the seat's side wins from the totals before
    this hand, its penalty for this hand moved by ``shift``."""
    won = 0
    for n in range(rollouts):
        rng = random.Random(f"{seed}:equity:{n}")
        standings = _standings(view)
        if _play_out(standings, view, shift, rng):
            won += 1
    return won / rollouts


def _standings(view: PlayerView) -> Standings:
    """The standings before this hand, as the view shows them."""
    players = view.players
    names: tuple[str, ...] = ()
    if plays_in_teams(view.rules, len(players)):
        names = (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")
    standings = Standings(players, view.rules, names)
    standings.totals = dict(view.totals)
    standings.still_in = [p for p in players if p in view.order]
    standings.regular_hands = view.hand_number - 1
    return standings


def _play_out(standings: Standings, view: PlayerView, shift: int,
              rng: random.Random) -> bool:
    """This hand and the rest of the match in the model; whether the seat's side won."""
    number = view.hand_number
    dealt: Sequence[str] = view.order
    for _ in range(MOST_HANDS):
        draws = [rng.random() for _ in range(len(view.players) + 1)]
        closer = dealt[min(int(draws[0] * len(dealt)), len(dealt) - 1)]
        table = PENALTIES[min(max(len(dealt), 2), 6)]
        penalties = {p: 0 if p == closer else table[min(int(draws[1 + i] * len(table)),
                                                        len(table) - 1)]
                     for i, p in enumerate(view.players) if p in dealt}
        if number == view.hand_number:
            penalties[view.me] += shift
        standings.record(number=number, closing=Closing.NORMAL, penalties=penalties,
                         closer=closer, opened=dealt)
        if standings.finished:
            return _won(standings, view.me)
        number += 1
        dealt = standings.dealt_in()
        if len(dealt) < 2:
            return False
    return False


def _won(standings: Standings, seat: str) -> bool:
    for team in standings.teams:
        if seat in team.players:
            return standings.winner == team.name
    return standings.winner == seat


__all__ = ["PENALTIES", "ROLLOUTS", "SHIFT", "point_worth", "win_chance"]
