"""Events as JSON objects: the JSON Lines form of a game log (``scala40 convert``).

One JSON object a line, one line of the log a line: ``{"verb": "draw", "player":
"Anna", "card": "9C"}`` for ``Anna draw 9C``. Every verb of the format has an object,
with the same words as fields; cards are their codes as the canonical writer spells
them (``"10S"``, ``"JK"``, a joker's declaration ``"JK(5S)"``, an unknown card
``"?"``). A comment is kept: alone on its line as ``{"verb": "comment", "text": "; ..."}``,
after an event as the event's ``"comment"``. ``schemas/events.schema.json`` describes
every object.

The mapping is a table (:data:`FIELDS`): each verb's fields, each with its kind, read
and written by the same few functions, so that the two directions cannot drift.
Reading is strict and says what is wrong in words (:class:`EventJsonError`), since a
JSON log is input from anyone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scala40cli.model.cards import Card, CardError, parse_card
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
    TableCard,
    Tag,
    Take,
    Upcard,
)

JsonObject = dict[str, Any]

#: A card the log does not know (format 1.1), as the format and the JSON write it.
UNKNOWN_CARD = "?"

#: The pseudo-verb of a line that is only a comment.
COMMENT_VERB = "comment"
#: The key of a comment written after an event on its line.
COMMENT_KEY = "comment"
VERB_KEY = "verb"


class EventJsonError(ValueError):
    """A JSON object that is not an event of the format; the message says why."""


@dataclass(frozen=True, slots=True)
class CommentLine:
    """A line of the log that is only a comment (its text starts with ``;`` or ``#``)."""

    text: str


# --- field kinds: how one field is read and written -------------------------------------


def _card_out(card: Card) -> str:
    return card.code


def _hidden_out(card: Card | None) -> str:
    return UNKNOWN_CARD if card is None else card.code


def _hidden_in(value: object, what: str) -> Card | None:
    """A card, or None for ``"?"``: a card the log does not know (format 1.1)."""
    return None if value == UNKNOWN_CARD else _card_in(value, what)


def _card_in(value: object, what: str) -> Card:
    if not isinstance(value, str):
        raise EventJsonError(f"{what} must be a card as a string, like \"7H\", not "
                             f"{_shown(value)}")
    if value == UNKNOWN_CARD:
        raise EventJsonError(f"{what}: ? (a card the log does not know) stands only in a "
                             "deal or a draw")
    try:
        return parse_card(value)
    except CardError as error:
        raise EventJsonError(f"{what}: {error}") from None


def _table_card_in(value: object, what: str) -> TableCard:
    if isinstance(value, str) and value.endswith(")") and "(" in value:
        joker, _, declared = value[:-1].partition("(")
        card, stands_for = _card_in(joker, what), _card_in(declared, what)
        if not card.is_joker or stands_for.is_joker:
            raise EventJsonError(f"{what}: {value!r}: only a joker may declare the card it "
                                 "stands for, and not a joker")
        return TableCard(card, stands_for)
    return TableCard(_card_in(value, what))


def _list_in(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise EventJsonError(f"{what} must be a list, not {_shown(value)}")
    return value


def _text_in(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise EventJsonError(f"{what} must be a string, not {_shown(value)}")
    return value


def _int_in(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EventJsonError(f"{what} must be a whole number, not {_shown(value)}")
    return value


def _scores_in(value: object, what: str) -> tuple[tuple[str, int], ...]:
    entries = []
    for item in _list_in(value, what):
        if not isinstance(item, dict) or set(item) != {"player", "points"}:
            raise EventJsonError(f"each of {what} must be an object with player and points, "
                                 f"like {{\"player\": \"Anna\", \"points\": 25}}")
        entries.append((_text_in(item["player"], "player"), _int_in(item["points"], "points")))
    return tuple(entries)


#: A kind: (read a JSON value into the event's value, write the event's value as JSON).
Kind = tuple[Callable[[object, str], Any], Callable[[Any], Any]]

TEXT: Kind = (_text_in, str)
NUMBER: Kind = (_int_in, int)
TEXTS: Kind = (lambda v, w: tuple(_text_in(x, w) for x in _list_in(v, w)), list)
CARD: Kind = (_card_in, _card_out)
#: A card that may be unknown (``"?"``): in a deal and a draw only, as in the format.
HIDDEN_CARD: Kind = (_hidden_in, _hidden_out)
HIDDEN_CARDS: Kind = (lambda v, w: tuple(_hidden_in(x, w) for x in _list_in(v, w)),
                      lambda cs: [_hidden_out(c) for c in cs])
OPTIONAL_CARD: Kind = (lambda v, w: None if v is None else _card_in(v, w),
                       lambda c: None if c is None else c.code)
CARDS: Kind = (lambda v, w: tuple(_card_in(x, w) for x in _list_in(v, w)),
               lambda cs: [c.code for c in cs])
TABLE_CARDS: Kind = (lambda v, w: tuple(_table_card_in(x, w) for x in _list_in(v, w)),
                     lambda cs: [c.code for c in cs])
SCORES: Kind = (_scores_in,
                lambda es: [{"player": player, "points": points} for player, points in es])

#: Every verb: its event class and its fields as (JSON key, event attribute, kind), in
#: the order of the words of its line.
FIELDS: dict[str, tuple[type[Event], tuple[tuple[str, str, Kind], ...]]] = {
    "tag": (Tag, (("name", "name", TEXT), ("values", "values", TEXTS))),
    "hand": (HandStart, (("number", "number", NUMBER),)),
    "dealer": (Dealer, (("player", "player", TEXT),)),
    "deal": (Deal, (("player", "player", TEXT), ("cards", "cards", HIDDEN_CARDS))),
    "upcard": (Upcard, (("card", "card", CARD),)),
    "stock": (Stock, (("cards", "cards", CARDS),)),
    "reshuffle": (Reshuffle, ()),
    "score": (Score, (("scores", "entries", SCORES),)),
    "draw": (Draw, (("player", "player", TEXT), ("card", "card", HIDDEN_CARD))),
    "take": (Take, (("player", "player", TEXT), ("card", "card", OPTIONAL_CARD))),
    "meld": (Meld, (("player", "player", TEXT), ("cards", "cards", TABLE_CARDS))),
    "attach": (Attach, (("player", "player", TEXT), ("cards", "cards", TABLE_CARDS),
                        ("meld", "meld", NUMBER))),
    "swap": (Swap, (("player", "player", TEXT), ("card", "card", CARD),
                    ("meld", "meld", NUMBER))),
    "discard": (Discard, (("player", "player", TEXT), ("card", "card", CARD))),
    "buy": (Buy, (("player", "player", TEXT), ("card", "card", CARD))),
}
#: Fields that may be left out, and the value they then have.
_OPTIONAL: Mapping[tuple[str, str], object] = {("take", "card"): None}
_VERB_OF: dict[type[Event], str] = {kind: verb for verb, (kind, _f) in FIELDS.items()}


# --- writing ------------------------------------------------------------------------------


def event_object(event: Event, comment: str | None = None) -> JsonObject:
    """The JSON object of one event, with the comment written after it on its line."""
    verb = _VERB_OF.get(type(event))
    if verb is None:
        raise ValueError(f"{type(event).__name__} is not an event of the log format")
    written: JsonObject = {VERB_KEY: verb}
    for key, attribute, (_read, write) in FIELDS[verb][1]:
        written[key] = write(getattr(event, attribute))
    if comment is not None:
        written[COMMENT_KEY] = comment
    return written


def comment_object(text: str) -> JsonObject:
    """The JSON object of a line that is only a comment."""
    return {VERB_KEY: COMMENT_VERB, "text": text}


# --- reading ------------------------------------------------------------------------------


def read_object(value: object, *, line: int) -> tuple[Event | CommentLine, str | None]:
    """The event (or comment line) of a parsed JSON value read from ``line``, and the
    comment written after the event. :class:`EventJsonError` says what is wrong."""
    if not isinstance(value, dict):
        raise EventJsonError(f"a line holds one JSON object, like {{\"verb\": \"draw\", "
                             f"...}}, not {_shown(value)}")
    verb = value.get(VERB_KEY)
    if verb == COMMENT_VERB:
        _only_keys(value, verb, {VERB_KEY, "text"})
        return CommentLine(_comment_text(value.get("text"), "text")), None
    if not isinstance(verb, str) or verb not in FIELDS:
        known = ", ".join([*FIELDS, COMMENT_VERB])
        raise EventJsonError(f"unknown verb {_shown(verb)}: \"verb\" is one of {known}")
    kind, fields = FIELDS[verb]
    _only_keys(value, verb, {VERB_KEY, COMMENT_KEY, *(key for key, _a, _k in fields)})
    values: dict[str, object] = {}
    for key, attribute, (read, _write) in fields:
        if key not in value:
            if (verb, key) not in _OPTIONAL:
                raise EventJsonError(f"a {verb} needs {key!r}")
            values[attribute] = _OPTIONAL[(verb, key)]
            continue
        values[attribute] = read(value[key], f"{verb} {key}")
    comment = value.get(COMMENT_KEY)
    build: Callable[..., Event] = kind  # each kind takes its fields by name
    return build(line=line, column=1, **values), (
        None if comment is None else _comment_text(comment, COMMENT_KEY))


def _only_keys(value: Mapping[str, object], verb: str, allowed: set[str]) -> None:
    unknown = sorted(set(value) - allowed)
    if unknown:
        raise EventJsonError(f"a {verb} has no {unknown[0]!r}; its keys are "
                             f"{', '.join(sorted(allowed))}")


def _comment_text(value: object, what: str) -> str:
    text = _text_in(value, what)
    if not text.startswith((";", "#")) or "\n" in text or "\r" in text:
        raise EventJsonError(f"{what} is a comment as written in a log: one line starting "
                             f"with ; or #, not {_shown(value)}")
    return text


def _shown(value: object) -> str:
    """A JSON value as a message shows it, cut short."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
