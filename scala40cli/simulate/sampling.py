"""The worlds a seat cannot tell apart: samples of the cards it cannot see.

A seat sees its own hand, the table, the discard pile, how many cards every other hand
and the stock hold, and what everybody has seen of the hidden cards
(:mod:`~scala40cli.simulate.sightings`: the cards a player took, bought or freed and
still holds; the cards a reshuffle turned into the stock). Every other card is somewhere
in the other hands or in the stock, and a :class:`World` is one way they may lie: each
other player's hand, holding the cards it is seen to hold and as many as it has, and
the stock in order, made of the cards a reshuffle turned into it where there was one.

:func:`sample_world` draws one such world from nothing but a
:class:`~scala40cli.simulate.view.PlayerView` and a ``random.Random`` (and, if asked,
:func:`leaning_of` the same view: what each player's discards say of the hand): two
tables that differ only in cards the seat cannot see give the same view, and so the
same worlds for the same random stream. Without a leaning, each deal of the hidden
cards is as likely as the next.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scala40cli.judging.hands.deal import game_deck
from scala40cli.model.cards import Card
from scala40cli.simulate.fitting import meld_cards
from scala40cli.simulate.outlook import NEAR
from scala40cli.simulate.search import INDEX_OF, sorted_cards
from scala40cli.simulate.view import PlayerView


class UnseenMismatch(ValueError):
    """The cards the seat cannot see are not as many as the hidden places: the view
    contradicts itself (a bug where it was built)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class World:
    """One deal of the hidden cards: every hand of the players of the hand (the seat's
    own as it is) and the stock, its top card last."""

    hands: Mapping[str, tuple[Card, ...]]
    stock: tuple[Card, ...]


def unseen(view: PlayerView) -> Counter[Card]:
    """The cards the seat cannot place: the deck less its hand, the table, the pile and
    the cards it saw go into another player's hand (and not come out)."""
    seen: Counter[Card] = Counter(view.hand)
    for meld in view.table:
        seen.update(meld_cards(meld))
    seen.update(view.discard_pile)
    for player, cards in view.held.items():
        if player != view.me:
            seen.update(cards)
    return game_deck(view.rules) - seen


def hidden_places(view: PlayerView) -> dict[str, int]:
    """How many unseen cards each other hand of the hand holds."""
    places: dict[str, int] = {}
    for player in view.order:
        if player == view.me:
            continue
        held = len(view.held.get(player, ()))
        places[player] = max(0, view.hand_sizes.get(player, 0) - held)
    return places


def sample_world(view: PlayerView, rng: random.Random,
                 leaning: Mapping[str, Sequence[float]] | None = None) -> World:
    """One world consistent with ``view`` (see the module docstring), drawn by ``rng``.
    ``leaning``: for some players, how likely each card (by its index) is to be in
    their hand, relative to the others (:func:`leaning_of`); by default every deal of
    the hidden cards is as likely as the next."""
    pool = sorted_cards(unseen(view).elements())
    places = hidden_places(view)
    if len(pool) != sum(places.values()) + view.stock_size:
        raise UnseenMismatch(f"{len(pool)} unseen cards for {sum(places.values())} in "
                             f"hands and {view.stock_size} in the stock")
    rng.shuffle(pool)
    stock = _stock_from_turned(pool, view, rng) if view.turned else []
    hands: dict[str, tuple[Card, ...]] = {view.me: view.hand}
    for player, count in places.items():
        weights = leaning.get(player) if leaning else None
        mine = _draw(pool, count, weights, rng)
        hands[player] = tuple(sorted_cards([*view.held.get(player, ()), *mine]))
    if not view.turned:
        stock = pool  # what the hands left, in random order
    return World(hands=hands, stock=tuple(stock))


def _draw(pool: list[Card], count: int, weights: Sequence[float] | None,
          rng: random.Random) -> list[Card]:
    """``count`` cards taken out of ``pool`` (shuffled): the first ones, or, with
    ``weights``, drawn in proportion to them (Efraimidis and Spirakis: each card's key
    is a uniform number to the power of one over its weight, the highest keys win)."""
    if weights is None:
        taken, pool[:] = pool[:count], pool[count:]
        return taken
    keyed = sorted(range(len(pool)), reverse=True,
                   key=lambda n: rng.random() ** (1.0 / weights[INDEX_OF[pool[n]]]))
    chosen = set(keyed[:count])
    taken = [c for n, c in enumerate(pool) if n in chosen]
    pool[:] = [c for n, c in enumerate(pool) if n not in chosen]
    return taken


def _compounded(factor: float, most: int) -> tuple[float, ...]:
    """``factor`` for each of up to ``most`` discards, multiplied as a card's weight
    once was, discard after discard (so the floats are the same to the last bit)."""
    weights, weight = [], 1.0
    for _ in range(most):
        weight *= factor
        weights.append(weight)
    return tuple(weights)


#: How much less likely a card is in a hand once its owner has discarded cards near it
#: (its rank in another suit, its suit two places either side), for a card near one
#: discard, two, and so on: 0.3 for each (the hard level's read of the next player,
#: :mod:`~scala40cli.simulate.feeding`), up to the 14 a card can be near in two decks.
NEAR_DISCARDS: tuple[float, ...] = _compounded(0.3, 14)
#: The same, as measured in the hard level's hands: a card near one of its owner's
#: discards was there 0.45-0.55 times as often as another, near two 0.27-0.34, near
#: three or more 0.23-0.40 (docs/expert.md: the expert gained no more than the noise
#: by it, so it is not its default).
MEASURED_NEAR_DISCARDS: tuple[float, ...] = (0.5, 0.3, 0.25)


def leaning_of(view: PlayerView, near_discards: Sequence[float] = NEAR_DISCARDS
               ) -> dict[str, list[float]]:
    """What the seat reads of each other hand from what its owner discarded: a player
    throws the cards that go with nothing in the hand, so the cards near a discard are
    less likely there, the more so near more discards (``near_discards``: the weight
    of a card near one discard, two, ...; the last for any more)."""
    found: dict[str, list[float]] = {}
    for player in view.order:
        if player == view.me:
            continue
        near_count = [0] * 53
        for c in view.discarded.get(player, ()):
            if c.is_joker:
                continue
            for near in NEAR[INDEX_OF[c]]:
                near_count[near] += 1
        found[player] = [near_discards[min(k, len(near_discards)) - 1] if k else 1.0
                         for k in near_count]
    return found


def _stock_from_turned(pool: list[Card], view: PlayerView, rng: random.Random) -> list[Card]:
    """After a reshuffle the stock holds only cards the reshuffle turned into it: as
    many of the unseen ones as the stock holds are picked from those (from any unseen
    card if the view knows fewer), and taken out of ``pool``, which keeps the rest."""
    turned = Counter(view.turned)
    stock: list[Card] = []
    rest: list[Card] = []
    for c in pool:  # already shuffled
        if len(stock) < view.stock_size and turned[c] > 0:
            turned[c] -= 1
            stock.append(c)
        else:
            rest.append(c)
    while len(stock) < view.stock_size:
        stock.append(rest.pop())
    rng.shuffle(stock)
    pool[:] = rest
    return stock


__all__ = ["MEASURED_NEAR_DISCARDS", "NEAR_DISCARDS", "UnseenMismatch", "World", "hidden_places",
           "leaning_of", "sample_world", "unseen"]
