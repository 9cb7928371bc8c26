"""Scoring one hand: the "Scoring, in order" of the rules, up to each player's penalty.

Pure functions over plain values, so that every rule of the score sheet can be tested
on its own: the penalty of a hand of cards, the penalties of a closed or void hand.
The match's totals and who is out are :mod:`~scala40cli.judging.scores.standings`'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from scala40cli.judging.rulebook.rules import AcePenalty, InHandBonus, Rules, UnopenedPenalty
from scala40cli.model.cards import Card, penalty_points

#: Rule values bound once: on Python 3.11 reading an enum member off its class costs
#: 0.45 us (``EnumType.__getattr__``), which every player's penalty would pay.
_ACE_ONE: Final = AcePenalty.ONE
_ACE_ONE_IF_LAST: Final = AcePenalty.ONE_IF_LAST
_HUNDRED: Final = UnopenedPenalty.HUNDRED
_DOUBLED: Final = InHandBonus.DOUBLED
_MINUS100: Final = InHandBonus.MINUS100


def hand_penalty(cards: Counter[Card], rules: Rules) -> int:
    """What the cards left in a hand cost (ace as ``ace_penalty`` says, joker 25)."""
    ace_points = 1 if rules.ace_penalty is _ACE_ONE else 11
    if rules.ace_penalty is _ACE_ONE_IF_LAST and cards.total() == 1:
        ace_points = 1
    return sum(penalty_points(c, ace_points) * n for c, n in cards.items())


#: What a player who never opened pays under ``unopened_penalty=100``.
UNOPENED_FLAT: Final = 100


def pays_flat_penalty(*, opened: bool, rules: Rules) -> bool:
    """``unopened_penalty=100``: a player who never opened pays 100, whatever they hold."""
    return not opened and rules.unopened_penalty is _HUNDRED


def others_doubled(*, in_one_go: bool, rules: Rules) -> bool:
    """``in_hand_bonus=doubled``: a closing in one go doubles the others' penalties."""
    return in_one_go and rules.in_hand_bonus is _DOUBLED


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
        elif pays_flat_penalty(opened=player in opened_set, rules=rules):
            penalties[player] = UNOPENED_FLAT
        else:
            penalties[player] = hand_penalty(hands[player], rules)
    if others_doubled(in_one_go=in_one_go, rules=rules):
        for player in players:
            if player != closer:
                penalties[player] *= 2
    elif in_one_go and rules.in_hand_bonus is _MINUS100:
        penalties[closer] -= 100
    return penalties


#: The most a card costs (a joker): the bound of a penalty with unknown cards.
MAX_CARD_PENALTY: Final = 25


@dataclass(frozen=True, slots=True)
class Bounds:
    """What a penalty that depends on unseen cards may be: ``least`` to ``most``, and
    even when it is doubled (a closing in one go)."""

    least: int
    most: int
    even: bool


def unverified_penalties(
    *,
    players: Sequence[str],
    closer: str,
    in_one_go: bool,
    hands: Mapping[str, Counter[Card]],
    unknown: Mapping[str, int],
    opened: Iterable[str],
    rules: Rules,
) -> dict[str, Bounds | None]:
    """The players whose penalty the referee cannot compute, for they hold cards it
    has not seen, with the least and the most that penalty may be (None: no bound,
    the referee's picture of the hand being wrong). The closer's penalty and the flat
    penalty of a player who never opened do not depend on the cards: never here."""
    opened_set = set(opened)
    doubled = others_doubled(in_one_go=in_one_go, rules=rules)
    factor = 2 if doubled else 1
    found: dict[str, Bounds | None] = {}
    for player in players:
        hidden = unknown.get(player, 0)
        if player == closer or hidden == 0:
            continue
        if pays_flat_penalty(opened=player in opened_set, rules=rules):
            continue
        if hidden < 0:
            found[player] = None
            continue
        least = hand_penalty(hands[player], rules)
        found[player] = Bounds(least * factor, (least + hidden * MAX_CARD_PENALTY) * factor,
                               doubled)
    return found


def void_hand_penalties(players: Sequence[str]) -> dict[str, int]:
    """A void hand scores nothing for anyone dealt in."""
    return dict.fromkeys(players, 0)

