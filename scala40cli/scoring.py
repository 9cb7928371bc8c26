"""Scoring one hand: the "Scoring, in order" of the rules, up to each player's penalty.

Pure functions over plain values, so that every rule of the score sheet can be tested
on its own: the penalty of a hand of cards, the penalties of a closed or void hand.
The match's totals and who is out are :mod:`~scala40cli.standings`'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .cards import Card, penalty_points
from .rules import AcePenalty, InHandBonus, Rules, UnopenedPenalty


def hand_penalty(cards: Counter[Card], rules: Rules) -> int:
    """What the cards left in a hand cost (ace as ``ace_penalty`` says, joker 25)."""
    ace_points = 1 if rules.ace_penalty is AcePenalty.ONE else 11
    if rules.ace_penalty is AcePenalty.ONE_IF_LAST and cards.total() == 1:
        ace_points = 1
    return sum(penalty_points(c, ace_points) * n for c, n in cards.items())


def closed_hand_penalties(
    *,
    players: Sequence[str],
    closer: str,
    in_one_go: bool,
    hands: Mapping[str, Counter[Card]],
    opened: Iterable[str],
    rules: Rules,
) -> dict[str, int]:
    """Penalties of every player dealt in, once ``closer`` has closed (decision D23
    of docs/decisions.md).

    The closer scores 0 (plus ``winner_bonus``); the others the value of their cards,
    or a flat 100 if they never opened (``unopened_penalty``); a closing in one go
    doubles the others' penalties or takes 100 off the closer (``in_hand_bonus``).
    """
    opened_set = set(opened)
    penalties: dict[str, int] = {}
    for player in players:
        if player == closer:
            penalties[player] = rules.winner_bonus
        elif player not in opened_set and rules.unopened_penalty is UnopenedPenalty.HUNDRED:
            penalties[player] = 100
        else:
            penalties[player] = hand_penalty(hands[player], rules)
    if in_one_go and rules.in_hand_bonus is InHandBonus.DOUBLED:
        for player in players:
            if player != closer:
                penalties[player] *= 2
    elif in_one_go and rules.in_hand_bonus is InHandBonus.MINUS100:
        penalties[closer] -= 100
    return penalties


def void_hand_penalties(players: Sequence[str]) -> dict[str, int]:
    """A void hand scores nothing for anyone dealt in."""
    return dict.fromkeys(players, 0)

