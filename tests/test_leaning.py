"""The leaning of the worlds from discards (simulate/sampling.py ``leaning_of``).

A player throws the cards that go with nothing in the hand, so a card near its
discards (its rank in another suit, its suit two places either side) is less likely
in that hand: the expert draws its worlds leaning so, the more near more discards
(0.3 for each, or weights measured on the hard level's hands, ``Budget.lean``).
"""

from __future__ import annotations

from types import MappingProxyType

from scala40cli.judging.rulebook.rules import CLASSIC
from scala40cli.model.cards import Card, parse_card
from scala40cli.simulate.expert import DEFAULT_BUDGET
from scala40cli.simulate.outlook import NEAR
from scala40cli.simulate.sampling import MEASURED_NEAR_DISCARDS, NEAR_DISCARDS, leaning_of
from scala40cli.simulate.search import INDEX_OF
from scala40cli.simulate.view import PlayerView

PLAYERS = ("Anna", "Bruno", "Carla")


def cards(text: str) -> list[Card]:
    return [parse_card(word) for word in text.split()]


def _view(discarded: dict[str, str]) -> PlayerView:
    return PlayerView(
        me="Anna", rules=CLASSIC, players=PLAYERS, order=PLAYERS, dealer="Carla",
        hand_number=1, hand=tuple(cards("AS 2S 3S 9D 9C KH QH 4C 5C 6C 7D 8D JD")),
        table=(), owners=(), discard_pile=tuple(cards("10C 3H 2D")), stock_size=60,
        reshuffles=0, hand_sizes=MappingProxyType({p: 13 for p in PLAYERS}),
        opened=frozenset(), played=frozenset(PLAYERS), taken=MappingProxyType({}),
        discarded=MappingProxyType({p: tuple(cards(t)) for p, t in discarded.items()}),
        totals=MappingProxyType({p: 0 for p in PLAYERS}), partners=frozenset(), turns=4,
        opened_before=False, drawn=None)


def _weight(leaning: dict[str, list[float]], player: str, card: str) -> float:
    return leaning[player][INDEX_OF[parse_card(card)]]


def test_a_card_near_more_discards_is_less_likely_by_the_measured_weights() -> None:
    # 7H is near 7C (its rank) and near 5H and 9H (its suit, two places either side)
    view = _view({"Bruno": "7C", "Carla": "7C 5H 9H JK"})
    leaning = leaning_of(view, MEASURED_NEAR_DISCARDS)
    assert set(leaning) == {"Bruno", "Carla"}  # the seat does not read itself
    one, two, more = MEASURED_NEAR_DISCARDS
    assert _weight(leaning, "Bruno", "7H") == one
    assert _weight(leaning, "Bruno", "7D") == one and _weight(leaning, "Bruno", "9C") == one
    assert _weight(leaning, "Bruno", "KS") == 1.0 and _weight(leaning, "Bruno", "JK") == 1.0
    assert _weight(leaning, "Carla", "7H") == more  # near all three
    assert _weight(leaning, "Carla", "9C") == two  # near 7C (its suit) and 9H (its rank)
    assert _weight(leaning, "Carla", "6H") == one  # near 5H only
    assert 1.0 > one > two > more > 0


def test_the_expert_leans_by_point_three_for_each_discard_near_a_card() -> None:
    """The default weights are the hard level's read, compounded discard by discard."""
    view = _view({"Bruno": "7C 7C 5H", "Carla": "QS"})
    before: dict[str, list[float]] = {}
    for player in ("Bruno", "Carla"):
        weights = [1.0] * 53
        for c in view.discarded[player]:
            for near in NEAR[INDEX_OF[c]]:
                weights[near] *= 0.3
        before[player] = weights
    assert leaning_of(view) == leaning_of(view, DEFAULT_BUDGET.lean) == before
    assert DEFAULT_BUDGET.lean == NEAR_DISCARDS
    assert min(before["Bruno"]) == 0.3 * 0.3 * 0.3  # 7H is near 7C twice and 5H
