"""The hard bot's look one draw ahead: the outs a discard leaves the hand.

A discard is judged by the hand it leaves: how many of the cards this player has not
seen (each counted as often as its copies are unseen, so in proportion to the chance
that the next draw is one) would let that hand lay something next turn. A card is
such an *out* when it makes a meld with two cards of the hand (the third of a set, a
run's end or its middle), when it is a joker, when the hand holds a joker and the card
goes with one of the hand's cards, or, once opened, when it fits a meld of the table.
The outs of the whole hand are counted once each: two half-melds waiting for the same
card are not worth twice that card, which card-by-card weights cannot see.

Cards are the search's small integers (:mod:`~scala40cli.simulate.search`), and what
makes a meld with what is worked out once for all, so that weighing every discard of
a turn costs well under a millisecond.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.melds import Meld
from scala40cli.model.cards import HIGH_ACE, Card
from scala40cli.simulate.fitting import table_fitting
from scala40cli.simulate.search import INDEX_OF, JOKER_INDEX


def _at(suit: int, position: int) -> int:
    """The index of the natural card at a run position (1 and 14 are the ace)."""
    return suit * 13 + (0 if position == HIGH_ACE else position - 1)


def _positions(i: int) -> tuple[int, ...]:
    rank = i % 13 + 1
    return (1, HIGH_ACE) if rank == 1 else (rank,)


def _partners(i: int) -> tuple[tuple[int, int], ...]:
    """The pairs of cards that make a meld of three with card ``i``."""
    suit, rank = divmod(i, 13)
    others = [s * 13 + rank for s in range(4) if s != suit]
    found = [(a, b) for n, a in enumerate(others) for b in others[n + 1:]]
    for p in _positions(i):
        for low in (p - 2, p - 1, p):
            ends = [q for q in range(low, low + 3) if q != p]
            if low >= 1 and low + 2 <= HIGH_ACE:
                found.append((_at(suit, ends[0]), _at(suit, ends[1])))
    return tuple(found)


def _near(i: int) -> tuple[int, ...]:
    """The cards that go with card ``i`` in a meld (with a joker for the third)."""
    suit, rank = divmod(i, 13)
    found = {s * 13 + rank for s in range(4) if s != suit}
    for p in _positions(i):
        for q in (p - 2, p - 1, p + 1, p + 2):
            if 1 <= q <= HIGH_ACE:
                found.add(_at(suit, q))
    found.discard(i)
    return tuple(sorted(found))


#: What a meld a card completes is worth before opening: the card's points toward the
#: opening, over 7 (an average card weighs about 1, an ace or a figure about 1.5, a 2
#: about 0.3): before opening a card counts for what it brings to the threshold.
OPEN_WEIGHTS = tuple((11 if i % 13 == 0 else min(i % 13 + 1, 10)) / 7.0 for i in range(52))
PARTNERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_partners(i) for i in range(52))
NEAR: tuple[tuple[int, ...], ...] = tuple(_near(i) for i in range(52))
#: The cards whose outs card ``i`` takes part in: those it is near, and those near it.
AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({*NEAR[i], *(u for u in range(52) if i in NEAR[u])})) for i in range(52))


def table_outs(table: Sequence[Meld], rules: Rules) -> frozenset[int]:
    """The natural cards that fit a meld of the table alone (asked of the judge)."""
    return fitting_outs(table_fitting(table, rules))


def fitting_outs(fitting: frozenset[Card]) -> frozenset[int]:
    """:func:`table_outs` of the cards that fit the table
    (:func:`~scala40cli.simulate.fitting.table_fitting`)."""
    return frozenset(INDEX_OF[c] for c in fitting if not c.is_joker)


def outs(counts: Sequence[int], unseen: Sequence[int], fitting: frozenset[int],
         weights: Sequence[float] = ()) -> float:
    """The unseen copies of the cards that would let the hand of ``counts`` lay
    something (see the module docstring); ``fitting``: the cards that fit the table
    (empty before opening, when the table is not the player's to attach to);
    ``weights``: what a card completing a meld of the hand counts (one if empty; see
    :data:`OPEN_WEIGHTS`)."""
    return _total(unseen, _each_out(counts, unseen, fitting, weights, range(52)))


def outs_without(counts: Sequence[int], unseen: Sequence[int], fitting: frozenset[int],
                 weights: Sequence[float], cards: Iterable[int]) -> dict[int, float]:
    """:func:`outs` of the hand less one card, for each of ``cards``: the outs of the
    whole hand are worked out once, and only those that the card takes part in are
    worked out again without it (the same sums, in the same order)."""
    whole = _each_out(counts, unseen, fitting, weights, range(52))
    base = _total(unseen, whole)
    found: dict[int, float] = {}
    scratch = list(counts)
    for i in cards:
        if counts[i] >= 2:
            found[i] = base  # a copy stays: every meld it made is still there
            continue
        scratch[i] -= 1
        changed = list(whole)
        near = range(52) if i == JOKER_INDEX else AROUND[i]
        for u, value in zip(near, _each_out(scratch, unseen, fitting, weights, near),
                            strict=True):
            changed[u] = value
        scratch[i] += 1
        found[i] = _total(unseen, changed)
    return found


def _each_out(counts: Sequence[int], unseen: Sequence[int], fitting: frozenset[int],
              weights: Sequence[float], cards: Iterable[int]) -> list[float]:
    """What each of ``cards`` adds to :func:`outs` (0 for a card that is no out)."""
    joker = counts[JOKER_INDEX] > 0
    weighted = len(weights) > 0
    found: list[float] = []
    for u in cards:
        copies = unseen[u]
        if copies <= 0:
            found.append(0)
        elif u in fitting:
            found.append(copies)
        else:
            for a, b in PARTNERS[u]:
                if counts[a] and counts[b]:
                    found.append(copies * weights[u] if weighted else copies)
                    break
            else:
                if joker:
                    for d in NEAR[u]:
                        if counts[d]:
                            found.append(copies)
                            break
                    else:
                        found.append(0)
                else:
                    found.append(0)
    return found


def _total(unseen: Sequence[int], each: Sequence[float]) -> float:
    """The outs added up in card order, from the unseen jokers (as :func:`outs` always
    did, so that equal hands weigh exactly alike)."""
    total = float(unseen[JOKER_INDEX])
    for value in each:
        if value:
            total += value
    return total


__all__ = ["AROUND", "NEAR", "OPEN_WEIGHTS", "PARTNERS", "fitting_outs", "outs", "outs_without",
           "table_outs"]
