"""Reading ahead in a game's events: what the lines after the one being judged show.

The most likely table after a mistake (D28) often shows in the next lines: a
turn event written under another name, followed by the player in turn going on, had
that player's name mistyped; a take of a card under the top of the pile, when the turn
then lays the top card, most likely took the top. These are pure functions over the
game's events and the index of the event being judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scala40cli.judging.hands.phases import DEAL_EVENTS
from scala40cli.model.cards import Card
from scala40cli.reading.events import (
    Attach,
    Buy,
    Discard,
    Draw,
    Event,
    HandStart,
    Meld,
    PlayerEvent,
    Reshuffle,
    Swap,
    Tag,
    Take,
)

#: How far ahead a look goes: a turn is never that long in a real log.
HORIZON: Final = 40


def next_player_event(events: Sequence[Event], at: int) -> PlayerEvent | None:
    """The next turn event after ``events[at]`` in the same hand (reshuffles skipped)."""
    for event in events[at + 1:at + HORIZON]:
        if isinstance(event, PlayerEvent) and not isinstance(event, Buy):
            return event
        if not isinstance(event, Reshuffle):
            return None
    return None


def players_to_come(events: Sequence[Event], at: int) -> frozenset[str]:
    """Who makes a turn event from ``events[at]`` to the end of its hand."""
    players: set[str] = set()
    for event in events[at:]:
        if isinstance(event, (HandStart, Tag)):
            break
        if isinstance(event, PlayerEvent):
            players.add(event.player)
    return frozenset(players)


def used_this_turn(events: Sequence[Event], at: int, card: Card, player: str) -> bool:
    """Whether the rest of ``player``'s turn, after ``events[at]``, lays down or
    discards ``card``."""
    for later in events[at + 1:at + HORIZON]:
        if not isinstance(later, PlayerEvent) or later.player != player \
                or isinstance(later, (Draw, Take)):
            return False
        if isinstance(later, (Meld, Attach)):
            if any(tc.card is card for tc in later.cards):
                return True
        elif isinstance(later, (Swap, Discard)) and later.card is card:
            return True
        if isinstance(later, Discard):
            return False
    return False


def mistyped(event: PlayerEvent, after: PlayerEvent | None, current: str, *, in_turn: bool,
             known: bool) -> bool:
    """Whether ``event``, written by another player than ``current`` (whose turn it
    is; ``in_turn``: they have drawn), is more likely ``current``'s with the name
    mistyped. ``after`` is the next turn event; ``known``: the writer is a player of
    the game.

    A draw is the current player's when the next line goes on with their turn (not
    with a draw of theirs). In the middle of a turn, a play is theirs when the next
    line is theirs again, a discard unless its writer goes on with a turn of their
    own. Before the current player drew, only a name of nobody in the game is read as
    theirs: another player's play then takes the turn over (D19).
    """
    continues = after is not None and after.player == current \
        and not isinstance(after, (Draw, Take))
    if isinstance(event, (Draw, Take)):
        return continues and not in_turn
    if not in_turn:
        return continues and not known
    if isinstance(event, Discard):
        return after is None or after.player != event.player or isinstance(after, (Draw, Take))
    return after is None or after.player == current


def last_deal_line(events: Sequence[Event], at: int) -> int:
    """The index of the last line of the deal after ``events[at]`` in its hand, or -1:
    a line of play while the deal is incomplete and more of it follows is out of place
    (otherwise the first line of play starts play, whatever the deal lacks)."""
    last = -1
    for index in range(at + 1, len(events)):
        event = events[index]
        if isinstance(event, HandStart):
            break
        if isinstance(event, DEAL_EVENTS):
            last = index
    return last


def next_hand_number(events: Sequence[Event], at: int) -> int | None:
    """The number of the next ``hand`` line after ``events[at]``: when it follows on
    from the number a hand line should have had, that hand line's number was a slip."""
    for later in events[at + 1:]:
        if isinstance(later, HandStart):
            return later.number
    return None
