"""Which cards may fit where: quick refusals the planner makes before the real judgement.

The real judgement of a card on a table meld is the judging core's
(:func:`scala40cli.judging.tabletop.melds.fits` and
:func:`~scala40cli.judging.tabletop.verify.verify_attach`).
The planner asks it thousands of times a turn, so it first asks the cheap necessary
conditions here, which refuse most cards at once; ``tests/test_simulate_fitting.py``
proves over every card and a table of melds under every meld switch that they never
refuse a card the judging core would accept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.melds import Meld, Run, fits
from scala40cli.model.cards import JOKER, NATURAL_CARDS, Card, card
from scala40cli.reading.events import TableCard


def may_fit(meld: Meld, c: Card) -> bool:
    """A quick necessary condition for ``c`` to attach to ``meld`` alone."""
    if isinstance(meld, Run):
        if c.is_joker:
            return meld.joker_count == 0
        if c.suit is not meld.suit or c.rank is None:
            return False
        rank = int(c.rank)
        ends = (meld.low - 1, meld.high + 1)
        return rank in ends or (rank == 1 and 14 in ends)
    if meld.size >= 4:
        return False
    if c.is_joker:
        return meld.jokers == 0
    return c.rank is meld.rank and c.suit not in meld.suits


def fits_fast(meld: Meld, c: Card, rules: Rules) -> bool:
    """:func:`scala40cli.judging.tabletop.melds.fits` with :func:`may_fit` first (proved equal)."""
    return may_fit(meld, c) and fits(meld, c, rules)


#: Every card, the joker last.
_EVERY_CARD: tuple[Card, ...] = (*NATURAL_CARDS, JOKER)
#: The melds whose fitting cards are remembered, at most (a turn meets a few dozen).
FITTING_CACHE = 4096


@dataclass(slots=True)
class _FittingCards:
    """The cards that fit each meld seen, under one rules object (asked again and again
    in a turn, and by the expert's playouts in every world: the melds recur)."""

    rules: Rules | None = None
    by_meld: dict[Meld, frozenset[Card]] = field(default_factory=dict)


_FITTING = _FittingCards()


def fitting_cards(meld: Meld, rules: Rules) -> frozenset[Card]:
    """Every card that fits ``meld`` alone: :func:`fits_fast` asked of each card once,
    and remembered (the rules are told apart by identity: hashing them costs more than
    the answer)."""
    if _FITTING.rules is not rules or len(_FITTING.by_meld) >= FITTING_CACHE:
        _FITTING.rules, _FITTING.by_meld = rules, {}
    found = _FITTING.by_meld.get(meld)
    if found is None:
        found = frozenset(c for c in _EVERY_CARD if fits_fast(meld, c, rules))
        _FITTING.by_meld[meld] = found
    return found


def fits_table(table: Sequence[Meld], c: Card, rules: Rules) -> bool:
    """Whether ``c`` alone fits one of the melds (as the referee's discard rule says)."""
    return any(c in fitting_cards(meld, rules) for meld in table)


def table_fitting(table: Sequence[Meld], rules: Rules) -> frozenset[Card]:
    """Every card that alone fits one of the melds: :func:`fits_table` of each card."""
    found: set[Card] = set()
    for meld in table:
        found |= fitting_cards(meld, rules)
    return frozenset(found)


def attach_forms(meld: Meld, c: Card) -> list[TableCard]:
    """How the planner writes a card it attaches: a joker on a run says which card it
    stands for, at the high end first, then at the low end."""
    if not c.is_joker or not isinstance(meld, Run):
        return [TableCard(c)]
    forms: list[TableCard] = []
    for position in (meld.high + 1, meld.low - 1):
        if 1 <= position <= 14:
            forms.append(TableCard(JOKER, meld.card_at(position)))
    return forms


def spots(meld: Meld) -> list[Card]:
    """The cards that might still be attached to a meld alone (a joker included): a
    necessary condition, :func:`fits` has the last word (a run at its longest, say)."""
    found: list[Card] = []
    if isinstance(meld, Run):
        for position in (meld.low - 1, meld.high + 1):
            if 1 <= position <= 14:
                found.append(meld.card_at(position))
        if meld.joker_count == 0:
            found.append(JOKER)
        return found
    if meld.size >= 4:
        return found
    found += [card(meld.rank, s) for s in meld.missing_suits()]
    if meld.jokers == 0:
        found.append(JOKER)
    return found


def meld_cards(meld: Meld) -> list[Card]:
    """The cards of a table meld."""
    if isinstance(meld, Run):
        return list(meld.cards)
    return [card(meld.rank, s) for s in meld.suits] + [JOKER] * meld.jokers


__all__ = ["FITTING_CACHE", "attach_forms", "fits_fast", "fits_table", "fitting_cards",
           "may_fit", "meld_cards", "spots", "table_fitting"]
