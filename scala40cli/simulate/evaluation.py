"""What a hand not yet over is worth: the expected end of the hand, from every hand seen.

A playout cut short (:mod:`~scala40cli.simulate.playout`) ends in a world where every
hand is known. :func:`position_value` estimates, from the seat's side, what the hand's
end will be worth there (the other side's penalty less its own, as
:func:`~scala40cli.simulate.expert.hand_value` counts it), by a linear model of a few
numbers about each hand: its cards and their points, the points of the cards no meld of
the hand takes, the cards a meld of the table would take, the outs of the next draw
(:mod:`~scala40cli.simulate.outlook`), the points still missing to open, the jokers.
The model has one set of weights for each of the four cases of who has opened (the
seat, the other, both, neither), fitted by least squares on the hands of hard-level
matches (``bench/fit_evaluation.py`` makes them again).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from scala40cli.judging.hands.deal import game_deck
from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.scores.scoring import hand_penalty
from scala40cli.judging.tabletop.melds import Meld
from scala40cli.model.cards import Card
from scala40cli.simulate.fitting import meld_cards
from scala40cli.simulate.outlook import OPEN_WEIGHTS, outs, table_outs
from scala40cli.simulate.search import JOKER_INDEX, counts_of, structure

#: The weights of each case, indexed by 2 * (the seat has opened) + (the other has):
#: a constant, the seat moves next, the stock (in 80ths), then the hand numbers of the
#: seat, then the other's (:func:`hand_numbers`, without its first, the opened flag).
WEIGHTS: Mapping[int, tuple[float, ...]] = {
    0: (-0.0037, 2.5272, -0.0014, -0.0483, 0.2460, -0.4129, -1.2749, 0.2150, 0.0000, 0.1387,
        -12.4769, -0.0483, -0.2460, 0.4129, 1.2749, -0.2150, 0.0000, -0.1387, 12.4776),
    1: (-0.2433, 5.7880, 0.0076, -3.1633, 0.2567, -0.2449, -1.1971, 0.3488, 0.0000, -0.1772,
        -15.5881, 2.0139, 0.1360, 0.1360, 2.0139, -0.9272, 0.0000, 0.0000, 7.7015),
    2: (0.2094, 5.7888, -0.0134, -2.0138, -0.1360, -0.1360, -2.0138, 0.9272, 0.0000, 0.0000,
        -7.7012, 2.7217, -0.2568, 0.2451, 1.1968, -0.3488, 0.0000, 0.1771, 15.5915),
    3: (-1.2707, 2.7537, -0.1225, -1.5658, -0.3526, 0.2534, -1.5215, 0.4990, 4.4961, 0.0000,
        -0.1108, 1.5663, 0.3539, -0.2543, 1.5218, -0.4996, -4.4920, 0.0000, 0.0696),
}


def live_cards(hand: Counter[Card], table: Sequence[Meld], pile: Sequence[Card],
               rules: Rules) -> list[int]:
    """The 53 counts of the cards a player cannot see (the deck less its hand, the
    table and the pile)."""
    seen: Counter[Card] = Counter(hand)
    for meld in table:
        seen.update(meld_cards(meld))
    seen.update(pile)
    return counts_of((game_deck(rules) - seen).elements())


def hand_numbers(hand: Counter[Card], *, opened: bool, table: Sequence[Meld],
                 pile: Sequence[Card], rules: Rules) -> list[float]:
    """What the model reads of one hand: opened (0 or 1), cards, their points, the
    points outside its best melds, the cards outside them, the outs of the next draw,
    the cards the table takes (once opened), the points missing to open, jokers."""
    counts = counts_of(hand.elements())
    points = hand_penalty(hand, rules)
    packing = structure(counts, run_max=rules.run_max)
    fitting = table_outs(table, rules) if opened else frozenset()
    live = live_cards(hand, table, pile, rules)
    return [float(opened), float(hand.total()), float(points), float(points - packing.points),
            float(hand.total() - packing.used),
            outs(counts, live, fitting, () if opened else OPEN_WEIGHTS),
            float(sum(counts[i] for i in fitting)),
            0.0 if opened else float(max(0, rules.opening_points - packing.opening)),
            float(counts[JOKER_INDEX])]


def pair_value(mine: Sequence[float], theirs: Sequence[float], *, moves_next: bool,
               stock: int) -> float:
    """The model's value of one hand against another (see the module docstring)."""
    weights = WEIGHTS[2 * int(mine[0]) + int(theirs[0])]
    numbers = (1.0, float(moves_next), stock / 80, *mine[1:], *theirs[1:])
    return sum(w * x for w, x in zip(weights, numbers, strict=True))


__all__ = ["WEIGHTS", "hand_numbers", "live_cards", "pair_value"]
