"""What the end of a hand is worth to a seat: points, or the chance of winning the match.

The expert weighs its candidates by what the playouts' ends are worth to its seat
(:mod:`~scala40cli.simulate.expert`). In points (:func:`hand_value`): what the other
side pays less what the seat's side pays, the hand's margin. In a duel near its end
(:func:`near_the_end`), in the chance of winning the match from the totals after the
hand (:func:`match_value`, :mod:`~scala40cli.simulate.equity`): there a loss by 100 and
one by 60, or a closing worth nothing in points that eliminates the other player, are
what points cannot tell apart.
"""

from __future__ import annotations

from scala40cli.simulate.equity import match_equity
from scala40cli.simulate.playout import Outcome, teams_of
from scala40cli.simulate.view import PlayerView


def equity_threshold(view: PlayerView) -> int | None:
    """The elimination total when the match is a duel the totals decide, two players
    eliminated at a threshold and nothing else (no teams, re-entry, mortal combat nor
    fixed number of hands): then a hand's end is worth its chance of winning the match
    (:mod:`~scala40cli.simulate.equity`). None otherwise."""
    rules = view.rules
    if (len(view.players) != 2 or view.partners or rules.fixed_hands is not None
            or rules.reentry.value != "no" or rules.mortal_combat.value != "no"):
        return None
    return rules.elimination_threshold(len(view.players))


def match_value(outcome: Outcome, view: PlayerView, threshold: int) -> float:
    """What a played-out hand's end is worth to the seat in a duel: its chance of
    winning the match from the totals after it, in hundredths of a match."""
    other = next(p for p in view.order if p != view.me)
    mine = view.totals.get(view.me, 0) + outcome.penalties.get(view.me, 0)
    theirs = view.totals.get(other, 0) + outcome.penalties.get(other, 0)
    return 100 * match_equity(mine, theirs, threshold)


def hand_value(outcome: Outcome, view: PlayerView) -> float:
    """What a hand's end is worth to the seat, in points: the mean penalty of the other
    side less the mean of its own side's (the seat and its partner); for a playout cut
    short, the estimate of it."""
    if outcome.estimate is not None:
        return outcome.estimate
    partners = teams_of(view).get(view.me, frozenset())
    mine = [outcome.penalties.get(p, 0) for p in view.order if p == view.me or p in partners]
    theirs = [outcome.penalties.get(p, 0) for p in view.order
              if p != view.me and p not in partners]
    if not theirs:
        return 0.0
    return sum(theirs) / len(theirs) - sum(mine) / len(mine)


#: A duel is close to its end when a total is this near the elimination: a hand's
#: end is then weighed by the chance of winning the match, so played to the end.
CRITICAL = 40


def near_the_end(view: PlayerView, threshold: int | None) -> bool:
    """A duel whose totals make the chance of winning the match the measure."""
    return threshold is not None and max(view.totals.values(), default=0) + CRITICAL >= threshold


__all__ = ["CRITICAL", "equity_threshold", "hand_value", "match_value", "near_the_end"]
