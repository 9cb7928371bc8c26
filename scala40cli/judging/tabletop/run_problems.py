"""Why cards of one suit make no run, or do not extend one: the real reason, in words.

:mod:`scala40cli.judging.tabletop.melds` decides whether a run is valid; when it is not, these
functions
say why, naming the cards, so that a player reading the report sees the mistake at
once: two copies of a card, cards written downwards, a gap, a joker standing where no
card is missing, a wrap round the ace. They only explain; they never decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from scala40cli.model.cards import HIGH_ACE, Card, Rank, Suit, card

ASCENDING = "runs are written ascending, ace first in A-2-3 and last in Q-K-A"


def _position_of(c: Card) -> int:
    """The run position of a natural card other than an ace."""
    assert c.rank is not None
    return int(c.rank)


def _cards_between(suit: Suit, low: int, high: int) -> str:
    """The cards at positions low..high, as ``5S``, ``5S 6S`` or ``5S to QS``."""
    codes = [card(Rank.ACE if p in (1, HIGH_ACE) else p, suit).code for p in range(low, high + 1)]
    if len(codes) > 3:
        return f"{codes[0]} to {codes[-1]}"
    return " ".join(codes)


def _ace_positions(naturals: Sequence[tuple[int, Card]]) -> dict[int, int]:
    """Where each natural ace most likely stands: low when it comes first and a low card
    follows it, high when it comes last or after high cards (index -> position)."""
    placed: dict[int, int] = {}
    for number, (index, c) in enumerate(naturals):
        if c.rank is not Rank.ACE:
            continue
        after = next((n for _i, n in naturals[number + 1:] if n.rank is not Rank.ACE), None)
        before = next((n for _i, n in reversed(naturals[:number]) if n.rank is not Rank.ACE),
                      None)
        if before is None and after is not None:
            low_gap = abs(_position_of(after) - 1)
            high_gap = abs(HIGH_ACE - _position_of(after))
            placed[index] = 1 if low_gap <= high_gap else HIGH_ACE
        elif before is not None:
            placed[index] = HIGH_ACE if _position_of(before) >= 7 else 1
        else:
            placed[index] = 1
    return placed


def run_problem(cards: Sequence[Card], suit: Suit) -> str | None:
    """Why these cards of one suit, written in this order, make no run (None: no reason
    found here; the caller keeps its own words)."""
    naturals = [(index, c) for index, c in enumerate(cards) if not c.is_joker]
    seen: set[Card] = set()
    for _index, c in naturals:
        if c in seen and c.rank is not Rank.ACE:
            return f"a run cannot hold two {c}"
        seen.add(c)
    ends = (naturals[0][0], naturals[-1][0])
    inside = [c for index, c in naturals if c.rank is Rank.ACE and index not in ends]
    if inside:
        return (f"{inside[0]} stands inside the run, but an ace ends one (A-2-3 or Q-K-A; "
                "no K-A-2 wrap)")
    places = _ace_positions(naturals)

    def position(index: int, c: Card) -> int:
        return places[index] if c.rank is Rank.ACE else _position_of(c)

    for (i, a), (j, b) in pairwise(naturals):
        step, written = position(j, b) - position(i, a), j - i
        if step <= 0:
            return f"{b} comes after {a} ({ASCENDING})"
        if step < written:
            return (f"the joker stands between {a} and {b}, where no card is missing"
                    if written - step == 1 and written == 2 else
                    f"the jokers between {a} and {b} stand where no card is missing")
        if step > written:
            missing = _cards_between(suit, position(i, a) + written, position(j, b) - 1)
            if written == 1:
                return f"{b} does not follow {a} ({missing} missing)"
            return f"{a} and {b} are too far apart for the jokers between them ({missing} missing)"
    first_index, first = naturals[0]
    last_index, last = naturals[-1]
    if position(first_index, first) - first_index < 1:
        return f"nothing comes before {first}, the lowest card of a run"
    if position(last_index, last) + (len(cards) - 1 - last_index) > HIGH_ACE:
        return f"nothing comes after {last}, the highest card of a run (no K-A-2 wrap)"
    return None


def attach_problem(cards: Sequence[Card], wanted: Sequence[Card | None], written: str,
                   run_cards: Sequence[Card], low: int, high: int, suit: Suit) -> str:
    """Why ``cards`` (written so; a joker saying its ``wanted`` card, else None) cannot
    extend the run that holds ``run_cards`` from position ``low`` to ``high``."""
    held = set(run_cards)
    for c, stands_for in zip(cards, wanted, strict=True):
        target = stands_for if c.is_joker else c
        if target is None:
            continue
        if target in held and target.rank is not Rank.ACE:
            return f"the run already holds {target}"
    ends = []
    if low > 1:
        ends.append(_cards_between(suit, low - 1, low - 1))
    if high < HIGH_ACE:
        ends.append(_cards_between(suit, high + 1, high + 1))
    if not ends:
        return f"{written} cannot extend the run: it already goes from ace to ace"
    naturals = [_position_of(c) for c in cards if not c.is_joker and c.rank is not Rank.ACE]
    if high == HIGH_ACE and any(2 <= p <= len(cards) + 1 for p in naturals):
        return f"{written} cannot follow the ace that ends the run (no K-A-2 wrap)"
    if low == 1 and any(p >= HIGH_ACE - 1 - len(cards) for p in naturals):
        return f"{written} cannot come before the ace that starts the run (no K-A-2 wrap)"
    run = " ".join(c.code for c in run_cards)
    way = " or ".join(ends)
    if len(cards) == 1:
        return f"{written} does not extend the run {run}: it goes on with {way}"
    return f"{written} do not extend the run {run} without a gap (it goes on with {way})"
