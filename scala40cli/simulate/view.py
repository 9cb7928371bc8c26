"""What a player sees at the table: the only thing a bot is given.

A :class:`PlayerView` is built by the engine for one player at one decision and holds
plain immutable values: the player's own hand, the melds on the table and who laid
them, the discard pile, the number of cards in the stock and in every hand, who has
opened, and what every player did in the open (the cards they took from the discard
pile or bought, the cards they discarded). It holds no reference to the engine, so a
bot cannot reach the stock or another player's hand through it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.melds import Meld
from scala40cli.model.cards import Card
from scala40cli.reading.events import Event


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView:
    """One player's view of the table (see the module docstring)."""

    me: str
    rules: Rules
    #: Every player of the match, in the order of the Players tag.
    players: tuple[str, ...]
    #: The players dealt in this hand, in seat order (play starts after the dealer
    #: and goes round in this order).
    order: tuple[str, ...]
    dealer: str
    hand_number: int
    #: The player's own cards, in a stable order.
    hand: tuple[Card, ...]
    table: tuple[Meld, ...]
    #: Who laid each meld of ``table``.
    owners: tuple[str, ...]
    #: The discard pile, bottom first: its top is the last card.
    discard_pile: tuple[Card, ...]
    stock_size: int
    reshuffles: int
    hand_sizes: Mapping[str, int]
    opened: frozenset[str]
    #: Players who have finished a turn of their own in this hand.
    played: frozenset[str]
    #: Cards each player took from the discard pile (or bought) in this hand.
    taken: Mapping[str, tuple[Card, ...]]
    #: Cards each player discarded in this hand.
    discarded: Mapping[str, tuple[Card, ...]]
    #: Match totals before this hand.
    totals: Mapping[str, int]
    #: The player's partner(s) with ``teams=pairs``.
    partners: frozenset[str]
    #: The number of the turn being played in this hand, counting every player's from
    #: 1 (a buy out of turn is played in the turn of the discard it buys).
    turns: int
    #: This turn: had the player opened before it, and what did they draw or take.
    opened_before: bool
    drawn: Card | None = None
    taken_now: Card | None = None
    #: A buy out of turn (compra) is being played.
    buying: bool = False
    #: Cards each player is seen to hold: taken, bought or freed from the table, and
    #: not laid or discarded since (:mod:`~scala40cli.simulate.sightings`).
    held: Mapping[str, tuple[Card, ...]] = field(
        default_factory=lambda: MappingProxyType({}))
    #: The cards the last reshuffle turned into the stock (empty: no reshuffle yet).
    turned: tuple[Card, ...] = ()
    #: The moves of this hand so far as every player saw them, in order: each draw
    #: without its card (only its drawer sees it), the takes, buys, melds, attaches,
    #: swaps, discards and reshuffles as the log writes them.
    seen: tuple[Event, ...] = ()

    @property
    def top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def opponents(self) -> tuple[str, ...]:
        """Players of this hand who are neither this player nor a partner."""
        return tuple(p for p in self.order if p != self.me and p not in self.partners)

    def next_player(self) -> str:
        """Who plays after this player in this hand."""
        seat = self.order.index(self.me)
        return self.order[(seat + 1) % len(self.order)]
