"""What everybody at the table has seen of the hidden cards, read from the hand's events.

Most of a hand is hidden: the stock, and every hand but one's own. Some hidden cards
have been seen all the same, and every player at the table knows them:

- a card a player took from the discard pile, bought, or freed from a table meld (a
  joker given back for its natural card) is in that player's hand until the table sees
  it go: laid in a meld or attached (a swap lays its natural card), or discarded;
- when the stock runs out, the discard pile but its top card becomes the new stock:
  every player saw those cards, so the stock is known to be made of them (less what
  has been drawn since, which nobody but the drawer saw).

:class:`Sightings` reads this from the events of the hand as they are appended to the
log (the simulator's :class:`~scala40cli.simulate.engine.HandEngine` and the game
against the computer append the same events), never from a hand or the stock, so what
it says is what the seat has seen. A player's own draws are not read: the seat that
drew knows its hand anyway.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scala40cli.model.cards import JOKER, Card
from scala40cli.reading.events import (
    Attach,
    Buy,
    Discard,
    Event,
    Meld,
    Reshuffle,
    Swap,
    Take,
    Upcard,
)
from scala40cli.simulate.search import sort_key


class Sightings:
    """The public record of one hand's hidden cards (see the module docstring), kept up
    to date from ``events`` (the match's list; the hand begins at ``start``)."""

    def __init__(self, events: Sequence[Event], start: int) -> None:
        self._events = events
        self._start = start
        self._reset()

    def _reset(self) -> None:
        self._read = self._start
        self._last: Event | None = None
        self._held: dict[str, Counter[Card]] = {}
        self._pile: list[Card] = []
        self._turned: tuple[Card, ...] = ()

    def _catch_up(self) -> None:
        """Read the events appended since the last look; from the start again if an
        event read was taken back (a take undone after a forfeit, a take-back)."""
        events = self._events
        if self._read > len(events) or (
                self._last is not None and events[self._read - 1] is not self._last):
            self._reset()
        for event in events[self._read:]:
            self._see(event)
        self._read = len(events)
        self._last = events[-1] if len(events) > self._start else None

    def _see(self, event: Event) -> None:
        if isinstance(event, (Take, Buy)):
            top = self._pile.pop() if self._pile else None
            taken = event.card if event.card is not None else top
            if taken is not None:
                self._held.setdefault(event.player, Counter())[taken] += 1
        elif isinstance(event, (Meld, Attach)):
            self._gone(event.player, [tc.card for tc in event.cards])
        elif isinstance(event, Swap):
            self._gone(event.player, [event.card])
            self._held.setdefault(event.player, Counter())[JOKER] += 1
        elif isinstance(event, Discard):
            self._gone(event.player, [event.card])
            self._pile.append(event.card)
        elif isinstance(event, Upcard):
            self._pile = [event.card]  # an upcard put back into the stock was replaced
        elif isinstance(event, Reshuffle):
            self._turned = tuple(self._pile[:-1])
            self._pile = self._pile[-1:]

    def _gone(self, player: str, cards: list[Card]) -> None:
        held = self._held.get(player)
        if held is None:
            return
        for c in cards:
            if held[c] > 0:
                held[c] -= 1
        self._held[player] = +held

    def held(self) -> dict[str, tuple[Card, ...]]:
        """The cards each player is seen to hold (only players with some)."""
        self._catch_up()
        return {player: tuple(sorted(cards.elements(), key=sort_key))
                for player, cards in self._held.items() if cards}

    def turned(self) -> tuple[Card, ...]:
        """The cards the last reshuffle turned into the stock (empty: none yet)."""
        self._catch_up()
        return self._turned


__all__ = ["Sightings"]
