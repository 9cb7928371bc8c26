"""What a hand's penalties can be, for a score line the referee cannot compute.

A paper score sheet (hands of nothing but a ``score`` line) gives penalties the referee
never saw played. It still knows what a hand can cost under the rules: one player
closed and scores what the closer scores (0, ``winner_bonus``, and ``minus100``'s
-100 after a closing in one go); or the hand was void and everybody scores 0; every
other player holds at least one card (nobody else emptied their hand), so pays at
least the cheapest card, and at most the costliest hand they can hold (an opened
player keeps at most 10 cards, one who never opened 13 or the flat 100, any number
with ``compra``'s buys), all of it doubled by a closing in one go under
``in_hand_bonus=doubled``. :func:`read_penalties` judges a line against that.

The switches are read through :mod:`~scala40cli.judging.scores.scoring` (what a card
costs, the closer's score, the flat penalty, the doubling); the deck and whether
buying is played come from their own modules, passed in by the caller.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.scores.scoring import (
    UNOPENED_FLAT,
    closed_hand_penalties,
    hand_penalty,
    others_doubled,
    pays_flat_penalty,
)
from scala40cli.model.cards import Card
from scala40cli.model.results import Closing

#: The cards a player is dealt, and so holds all hand long while they have not opened.
DEALT_CARDS = 13
#: The most cards an opened player holds between turns: 14 after the draw of the
#: opening turn, less the three of the smallest meld, less the discard; every later
#: turn takes one card and gives one back.
OPENED_CARDS = DEALT_CARDS + 1 - 3 - 1


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyLimits:
    """What a hand's penalties can be under one game's rules."""

    #: The closer's score -> whether it means a closing in one go.
    closer_scores: Mapping[int, bool]
    #: The least and the most a player who did not close pays.
    least: int
    most: int
    #: A closing in one go doubles the others' penalties (``in_hand_bonus=doubled``).
    doubling: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyReading:
    """A score line read as a hand's penalties: who closed and how, or why it cannot
    be a hand's penalties (``problem``, empty when it can)."""

    closer: str | None
    closing: Closing
    problem: str = ""


def penalty_limits(rules: Rules, deck: Counter[Card], *, buying: bool) -> PenaltyLimits:
    """The limits of a hand's penalties under ``rules``, dealt from ``deck``, with
    ``buying`` when a player may buy discards (and so hold more than 13 cards)."""
    closer_scores: dict[int, bool] = {}
    for in_one_go in (True, False):  # a plain closing's score wins where both agree
        score = closed_hand_penalties(players=("closer",), closer="closer", in_one_go=in_one_go,
                                      hands={}, opened=(), rules=rules)["closer"]
        closer_scores[score] = in_one_go
    unopened = (UNOPENED_FLAT if pays_flat_penalty(opened=False, rules=rules)
                else _costliest(DEALT_CARDS, rules, deck))
    most = max(unopened, _costliest(OPENED_CARDS, rules, deck))
    if buying:
        most = max(most, _costliest(deck.total(), rules, deck))
    least = min(hand_penalty(Counter({card: 1}), rules) for card in deck)
    return PenaltyLimits(closer_scores=closer_scores, least=least, most=most,
                         doubling=others_doubled(in_one_go=True, rules=rules))


def _costliest(count: int, rules: Rules, deck: Counter[Card]) -> int:
    """What the costliest ``count`` cards of the deck cost together (``count`` of two
    or more, where an ace costs what it costs beside other cards)."""
    cards = sorted(deck.elements(), key=lambda card: hand_penalty(Counter({card: 2}), rules),
                   reverse=True)
    return hand_penalty(Counter(cards[:count]), rules)


def read_penalties(penalties: Mapping[str, int], limits: PenaltyLimits) -> PenaltyReading:
    """``penalties`` (each player of the hand and their penalty, in the order of play)
    read as a hand's: void, or closed by the one player who scores as a closer, every
    other penalty within the limits, all doubled or none."""
    if penalties and not any(penalties.values()):
        return PenaltyReading(closer=None, closing=Closing.VOID)
    closers = [player for player, points in penalties.items() if points in limits.closer_scores]
    if len(closers) != 1:
        return PenaltyReading(closer=None, closing=Closing.UNFINISHED,
                              problem=_closers_problem(closers, limits))
    closer = closers[0]
    in_one_go = limits.closer_scores[penalties[closer]]
    others = {player: points for player, points in penalties.items() if player != closer}
    plain = _out_of_limits(others, limits.least, limits.most)
    if plain is None:
        return PenaltyReading(closer=closer,
                              closing=Closing.IN_ONE_GO if in_one_go else Closing.NORMAL)
    if limits.doubling and not in_one_go and any(p > limits.most for p in others.values()) \
            and all(p <= 2 * limits.most for p in others.values()):
        doubled = _out_of_limits(others, 2 * limits.least, 2 * limits.most, even=True)
        if doubled is None:
            return PenaltyReading(closer=closer, closing=Closing.IN_ONE_GO)
        return PenaltyReading(closer=closer, closing=Closing.NORMAL,
                              problem=_doubled_problem(others, doubled, limits))
    player = next((name for name, points in others.items() if points > limits.most), plain) \
        if limits.doubling else plain
    points = others[player]
    if points < limits.least:
        problem = f"{player} scores {points}, but a player who did not close pays at least " \
                  f"{limits.least}"
    elif limits.doubling:  # one whole sentence each, for the catalogues
        problem = f"{player} scores {points}, but a hand costs a player at most " \
                  f"{limits.most}, {2 * limits.most} doubled by a closing in one go"
    else:
        problem = f"{player} scores {points}, but a hand costs a player at most {limits.most}"
    return PenaltyReading(closer=closer, closing=Closing.NORMAL, problem=problem)


def _out_of_limits(others: Mapping[str, int], least: int, most: int, *,
                   even: bool = False) -> str | None:
    """The first player whose penalty is outside ``least``..``most`` (or odd, with
    ``even``), or None."""
    for player, points in others.items():
        if not least <= points <= most or (even and points % 2):
            return player
    return None


def _closers_problem(closers: list[str], limits: PenaltyLimits) -> str:
    """Why a line with no closer, or more than one, is no hand's penalties."""
    scores = " or ".join(str(score) for score in sorted(limits.closer_scores, reverse=True))
    if not closers:
        return f"nobody closed: the player who closes scores {scores}, and in a void " \
               "hand everybody scores 0"
    return f"{', '.join(closers)} all score as the closer does ({scores}): only one player " \
           "closes a hand"


def _doubled_problem(others: Mapping[str, int], player: str, limits: PenaltyLimits) -> str:
    """Why a line that only a closing in one go could explain is no hand's penalties
    even so: ``player``'s penalty is not one of a doubled hand."""
    high = next(name for name, points in others.items() if points > limits.most)
    points = others[player]
    why = ("it is odd" if points % 2 and 2 * limits.least <= points <= 2 * limits.most
           else f"a doubled penalty is {2 * limits.least} to {2 * limits.most}")
    return f"{high} scores {others[high]}, more than a hand costs ({limits.most}) unless a " \
           f"closing in one go doubled the penalties, but {player}'s {points} is no doubled " \
           f"penalty: {why}"
