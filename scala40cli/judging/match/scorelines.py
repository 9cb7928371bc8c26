"""A hand's ``score`` line against the referee's penalties, and penalties taken as declared.

A score line names every player of the hand once (D25); whether it may come at all
is the gate's question (:func:`~scala40cli.judging.hands.phases.gate`). Where the referee
has seen every card, each declared penalty must equal its own. Where a player ends
the hand with cards it has not seen (``?``, format 1.1), their penalty is taken as
declared and checked as far as the seen cards allow: never less than the value of the
cards seen, never more than that plus the most each unseen card could cost, and even
when it is doubled. Where the referee's picture of a hand is uncertain
because of an earlier reported problem, a difference is a note of that problem, not a
violation of its own, and the declared penalty is taken (D28).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scala40cli.judging.hands.deal import game_deck
from scala40cli.judging.hands.hand import HandReferee
from scala40cli.judging.scores.penalty_range import penalty_limits, read_penalties
from scala40cli.judging.scores.scoring import Bounds
from scala40cli.judging.tabletop.buying import buying_played
from scala40cli.judging.tabletop.findings import Finding, Flag, said_name
from scala40cli.model.results import Closing, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.event_base import Place
from scala40cli.reading.events import Score


def judge_score_line(hand: HandReferee, event: Score, totals: Mapping[str, int],
                     flag: Flag) -> dict[str, Problem]:
    """Decision D25: a score line names every player of the hand once, and each
    declared penalty is the referee's (``totals``: the match's before this hand).

    Returns the players it leaves out whose penalty the referee cannot compute (they
    end the hand with cards it has not seen), each with the C003: their penalty is
    taken as the cards seen, so their total is uncertain from then on (D28)."""
    names = [name for name, _ in event.entries]
    dealt = hand.order
    unknown = [n for n in names if n not in dealt and n not in hand.game_players]
    out = [n for n in names if n not in dealt and n in hand.game_players]
    missing = [p for p in dealt if p not in names]
    twice = sorted({name for name in names if names.count(name) > 1})  # a line names few
    uncertain: dict[str, Problem] = {}
    if unknown or out or missing or twice:
        parts = [f"unknown {', '.join(map(said_name, unknown))}" if unknown else "",
                 f"already out {', '.join(out)}" if out else "",
                 f"missing {', '.join(missing)}" if missing else "",
                 f"named twice {', '.join(map(said_name, twice))}" if twice else ""]
        problem = flag(Finding(Code.SCORE_PLAYERS, event,
                               "the score line must name every player of the hand once: "
                               + "; ".join(p for p in parts if p)))
        uncertain = {p: problem for p in missing if p in hand.bounds and not hand.paper}
    if hand.paper:
        judge_paper_line(hand, event, totals, flag, complete=not missing)
        return uncertain
    if hand.closing is Closing.UNFINISHED:
        return uncertain
    wrong = [name for name, declared in event.entries
             if name in hand.penalties and name not in hand.bounds
             and hand.penalties[name] != declared]
    after = {p: t + hand.penalties.get(p, 0) for p, t in totals.items()}
    if wrong and _are_totals(event.entries, after):  # the hand is scored after its line
        penalties = ", ".join(f"{name} {hand.penalties[name]}" for name in dealt)
        flag(Finding(Code.SCORE_MISMATCH, event, "these look like running totals: a score "
                     f"line gives the penalties of hand {hand.number}, here {penalties}"))
        return uncertain
    for name, declared in event.entries:
        judge_declared(hand, event, name, declared, flag)
    return uncertain


def judge_paper_line(hand: HandReferee, event: Score, totals: Mapping[str, int], flag: Flag,
                     *, complete: bool = True) -> None:
    """The score line of a hand of a paper score sheet, its penalties taken as
    declared: who closed and how is read from them. A line that cannot be a hand's
    penalties under the rules is a violation (C006), or, when it holds the running
    totals (``totals``: the match's before this hand) of penalties that can be, is read
    as those (C002). A line that leaves a player out (``complete`` false) is already
    reported (C003): it is read, not judged again."""
    limits = penalty_limits(hand.rules, game_deck(hand.rules), buying=buying_played(hand.rules))
    reading = read_penalties(hand.penalties, limits)
    if reading.problem and complete:
        within = {player: points - totals.get(player, 0)
                  for player, points in hand.penalties.items()}
        as_totals = read_penalties(within, limits) if within != hand.penalties else reading
        if as_totals.problem:
            flag(Finding(Code.IMPOSSIBLE_SCORE, event, reading.problem))
        else:
            shown = ", ".join(f"{player} {points}" for player, points in within.items())
            flag(Finding(Code.SCORE_MISMATCH, event, "these look like running totals: a "
                         f"score line gives the penalties of hand {hand.number}, here most "
                         f"likely {shown}"))
            hand.penalties = within
            hand.unverified = dict.fromkeys(within, "a score-only hand, its score line read "
                                            "as running totals")
            reading = as_totals
    hand.closer, hand.closing = reading.closer, reading.closing


def _are_totals(entries: Sequence[tuple[str, int]], totals: dict[str, int]) -> bool:
    """Does a score line hold every player's running total (this hand included)?"""
    return all(totals.get(name) == points for name, points in entries)


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
                 f"{name} scores {computed}, not the {declared} written on the score line"),
         name, cause)
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
    holders = players[0] if len(players) == 1 else f"{', '.join(players[:-1])} and {players[-1]}"
    flag(Finding(Code.MISSING_SCORE, Place(line=hand.end_line, column=1),
                 f"hand {hand.number} ends with unknown cards in the hand of {holders}: a score "
                 "line must give the penalties"), None, cause)
