"""The hard bot's read of the next player: what a discard would give them.

In a two-player game about half the openings are made with the discard just taken
(measured: 2,251 of 4,001 of the normal level's openings against the hard one), so the
card a player throws is often the very card the next player was waiting for. Their
hand is hidden, but the table shows two things about it: how many cards it holds, and
what that player threw away. A player throws the cards that go with nothing in their
hand, so the cards near one of their discards (its rank in another suit, its suit up to
two places either side) are less likely to be in that hand.

:func:`feeding` weighs every natural card by the melds of three it would complete with
two cards the next player may hold: for each pair of partners, the chance that the hand
holds both. Each card's chance is its unseen copies times the hand's share of the
unseen cards (:func:`holding`), cut to :data:`NEAR_DISCARD` near each of that player's
discards. Before that player opens, a meld counts for its points toward the opening
(they may take the discard only to open with it); a joker they may hold makes half of
the cards that go with the discard count too.

It reads only what the seat sees: its unseen cards, the hand sizes, the discards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scala40cli.simulate.outlook import NEAR, OPEN_WEIGHTS, PARTNERS
from scala40cli.simulate.search import INDEX_OF, JOKER_INDEX
from scala40cli.simulate.view import PlayerView

#: How much less likely a card is in a hand once its owner discarded a card near it
#: (measured against the normal level: 0.1 to 0.3 play alike; without the discards'
#: lesson, 1.0, the read is worth nothing).
NEAR_DISCARD = 0.3


def holding(unseen: Sequence[int], size: int, discarded: Iterable[int]) -> list[float]:
    """The chance that a hand of ``size`` cards holds each card (53 counts of unseen
    cards in, one chance a card out), lowered near the cards the hand's owner
    ``discarded``."""
    total = sum(unseen)
    share = size / total if total else 0.0
    odds = [n * share for n in unseen]
    for d in discarded:
        for near in NEAR[d]:
            odds[near] *= NEAR_DISCARD
    return [min(1.0, p) for p in odds]


def feeding(odds: Sequence[float], *, opening: bool,
            only: Iterable[int] | None = None) -> list[float]:
    """For each natural card, the melds it would complete in a hand of these ``odds``
    (see the module docstring); ``opening``: the hand's owner has not opened, so a meld
    counts for its points toward the opening. ``only``: the cards to weigh (the others
    are left at 0), by default all."""
    joker = odds[JOKER_INDEX]
    fed: list[float] = [0.0] * 52
    for c in range(52) if only is None else sorted(set(only)):
        if c >= JOKER_INDEX:
            continue
        total = 0.0
        for a, b in PARTNERS[c]:
            chance = odds[a] * odds[b]
            if opening:
                chance *= (OPEN_WEIGHTS[a] + OPEN_WEIGHTS[b] + OPEN_WEIGHTS[c]) / 3
            total += chance
        if joker:
            total += joker * sum(odds[near] for near in NEAR[c]) / 2
        fed[c] = total
    return fed


def next_player_feeding(view: PlayerView, unseen: Sequence[int],
                        only: Iterable[int] | None = None) -> list[float] | None:
    """What each natural card (or each of ``only``) would give the next player of
    ``view`` from the pile; None when that player is this one's partner (feeding them
    is no harm)."""
    following = view.next_player()
    if following == view.me or following in view.partners:
        return None
    discarded = (INDEX_OF[c] for c in view.discarded.get(following, ()) if not c.is_joker)
    odds = holding(unseen, view.hand_sizes.get(following, 13), discarded)
    return feeding(odds, opening=following not in view.opened, only=only)


__all__ = ["NEAR_DISCARD", "feeding", "holding", "next_player_feeding"]
