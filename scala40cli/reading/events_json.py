"""Events as JSON objects: the writing half of the JSON Lines form of a game log
(``scala40 convert``); the reading half is :mod:`scala40cli.reading.event_objects`.

One JSON object a line, one line of the log a line: ``{"verb": "draw", "player":
"Anna", "card": "9C"}`` for ``Anna draw 9C``. Every verb of the format has an object,
with the same words as fields; cards are their codes as the canonical writer spells
them (``"10S"``, ``"JK"``, a joker's declaration ``"JK(5S)"``, an unknown card
``"?"``). A comment is kept: alone on its line as ``{"verb": "comment", "text": "; ..."}``,
after an event as the event's ``"comment"``. ``schemas/events.schema.json`` describes
every object.

The mapping is a table (:data:`FIELDS`): each verb's event class and fields, in the
order of :data:`~scala40cli.reading.event_objects.KEYS`, which the reader reads (a test
keeps the two the same).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scala40cli.model.cards import Card
from scala40cli.reading.event_objects import (
    COMMENT_KEY,
    COMMENT_VERB,
    UNKNOWN_CARD,
    VERB_KEY,
    CommentLine,
    EventJsonError,
    read_event,
)
from scala40cli.reading.events import (
    Attach,
    Buy,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    HandStart,
    Meld,
    Reshuffle,
    Score,
    Stock,
    Swap,
    Tag,
    Take,
    Upcard,
)

__all__ = ["FIELDS", "CommentLine", "EventJsonError", "comment_object", "event_object",
           "read_object"]

JsonObject = dict[str, Any]

#: How an event's value is written as JSON.
Write = Callable[[Any], Any]


def _hidden_out(card: Card | None) -> str:
    return UNKNOWN_CARD if card is None else card.code


CODE: Write = lambda card: card.code  # noqa: E731
CODES: Write = lambda cards: [c.code for c in cards]  # noqa: E731

#: Every verb: its event class and its fields as (JSON key, event attribute, writer),
#: in the order of the words of its line.
FIELDS: dict[str, tuple[type[Event], tuple[tuple[str, str, Write], ...]]] = {
    "tag": (Tag, (("name", "name", str), ("values", "values", list))),
    "hand": (HandStart, (("number", "number", int),)),
    "dealer": (Dealer, (("player", "player", str),)),
    "deal": (Deal, (("player", "player", str),
                    ("cards", "cards", lambda cs: [_hidden_out(c) for c in cs]))),
    "upcard": (Upcard, (("card", "card", CODE),)),
    "stock": (Stock, (("cards", "cards", CODES),)),
    "reshuffle": (Reshuffle, ()),
    "score": (Score, (("scores", "entries", lambda es: [
        {"player": player, "points": points} for player, points in es]),)),
    "draw": (Draw, (("player", "player", str), ("card", "card", _hidden_out))),
    "take": (Take, (("player", "player", str),
                    ("card", "card", lambda c: None if c is None else c.code))),
    "meld": (Meld, (("player", "player", str), ("cards", "cards", CODES))),
    "attach": (Attach, (("player", "player", str), ("cards", "cards", CODES),
                        ("meld", "meld", int))),
    "swap": (Swap, (("player", "player", str), ("card", "card", CODE),
                    ("meld", "meld", int))),
    "discard": (Discard, (("player", "player", str), ("card", "card", CODE))),
    "buy": (Buy, (("player", "player", str), ("card", "card", CODE))),
}
_VERB_OF: dict[type[Event], str] = {kind: verb for verb, (kind, _f) in FIELDS.items()}


def event_object(event: Event, comment: str | None = None) -> JsonObject:
    """The JSON object of one event, with the comment written after it on its line."""
    verb = _VERB_OF.get(type(event))
    if verb is None:
        raise ValueError(f"{type(event).__name__} is not an event of the log format")
    written: JsonObject = {VERB_KEY: verb}
    for key, attribute, write in FIELDS[verb][1]:
        written[key] = write(getattr(event, attribute))
    if comment is not None:
        written[COMMENT_KEY] = comment
    return written


def comment_object(text: str) -> JsonObject:
    """The JSON object of a line that is only a comment."""
    return {VERB_KEY: COMMENT_VERB, "text": text}


def read_object(value: object, *, line: int) -> tuple[Event | CommentLine, str | None]:
    """The event (or comment line) of a parsed JSON value read from ``line``, and the
    comment written after the event. :class:`EventJsonError` says what is wrong."""
    return read_event(value, line)
