"""A hand's ``score`` line against the referee's penalties, and penalties taken as declared.

Where the referee has seen every card, each declared penalty must equal its own. Where
a player ends the hand with cards it has not seen (``?``, format 1.1), their penalty
is taken as declared and checked as far as the seen cards allow: never less than the
value of the cards seen, never more than that plus the most each unseen card could
cost, and even when it is doubled. Where the referee's picture of a hand is uncertain
because of an earlier reported problem, a difference is a note of that problem, not a
violation of its own, and the declared penalty is taken (D28).
"""

from __future__ import annotations

from scala40cli.judging.findings import Finding, Flag
from scala40cli.judging.hand import HandReferee
from scala40cli.judging.scoring import Bounds
from scala40cli.judging.violations import Code
from scala40cli.reading.events import Event, Score


def judge_declared(hand: HandReferee, event: Score, name: str, declared: int,
                   flag: Flag) -> None:
    """Check one player's declared penalty; take it where the referee's is unknown."""
    computed = hand.penalties.get(name)
    if computed is None:
        return
    doubt = hand.doubts.of_hand(name)
    if name in hand.bounds:
        why = _out_of_bounds(hand.bounds[name], declared)
        if why:
            flag(Finding(Code.SCORE_MISMATCH, event,
                         f"{name} declares {declared}, {why}"), name, doubt)
        hand.penalties[name] = declared
        return
    if computed == declared:
        return
    cause = doubt
    flag(Finding(Code.SCORE_MISMATCH, event,
                 f"{name} scores {computed}, not {declared}"), name, cause)
    if cause is not None:
        hand.penalties[name] = declared
        hand.unverified[name] = f"taken as declared: the hand is uncertain after line " \
                                f"{hand.doubts.root(cause).line}"


def _out_of_bounds(bounds: Bounds | None, declared: int) -> str:
    """Why a declared penalty cannot be right, or "" when it can."""
    if bounds is None:
        return ""
    if declared < bounds.least:
        return f"but the cards seen in that hand already cost {bounds.least}"
    if declared > bounds.most:
        return f"but that hand cannot cost more than {bounds.most}"
    if bounds.even and declared % 2:
        return "but a penalty doubled for a closing in one go is even"
    return ""


def report_missing_score(hand: HandReferee, flag: Flag) -> None:
    """A hand that leaves unseen cards in a non-closer's hand needs a score line."""
    players = list(hand.bounds)
    if not players:
        return
    causes = [hand.doubts.of_hand(player) for player in players]
    cause = None if any(c is None for c in causes) else causes[0]
    flag(Finding(Code.MISSING_SCORE, Event(line=hand.end_line, column=1),
                 f"hand {hand.number} ends with unknown cards in {', '.join(players)}'s hand: "
                 "a score line must give the penalties"), None, cause)
