"""Events built straight from decoded JSON objects: the reading half of JSON Lines logs.

A JSON Lines log (docs/events-json.md) has one object a line, each standing for one line
of a ``.s40`` log. Each object is read here into the very event the parser makes of
that line, with no text in between: one look-up for each card (the tables of
:mod:`scala40cli.reading.fastlines`, so that a card is a card in JSON exactly when it is
one in a ``.s40`` log), a check of each field, a direct call of the event's
constructor. Whatever the ``.s40`` format cannot hold is refused here as it would be
there (a name with a line break, a number of more than nine digits, a meld without a
card), so a JSON log and its ``.s40`` form are judged alike. Reading is strict and says
what is wrong in words (:class:`EventJsonError`), since a JSON log is input from anyone.

Compiled by mypyc (``hatch_build.py``): with the line cache of
:mod:`scala40cli.reading.json_games` this is the hot path of a JSON Lines replay.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from scala40cli.model.cards import Card
from scala40cli.reading.events import (
    DEAL_SIZE,
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
from scala40cli.reading.fastlines import CARD, TABLE
from scala40cli.reading.limits import MAX_LINE_CHARS
from scala40cli.reading.syntax_errors import (
    card_problem,
    no_json_verb,
    shown,
    unknown_json_verb,
)

#: A card the log does not know (format 1.1), as the format and the JSON write it.
UNKNOWN_CARD: Final = "?"
#: The pseudo-verb of a line that is only a comment.
COMMENT_VERB: Final = "comment"
#: The key of a comment written after an event on its line.
COMMENT_KEY: Final = "comment"
VERB_KEY: Final = "verb"
#: Numbers (hand, meld, points) have at most nine digits in the format.
MAX_NUMBER: Final = 999_999_999
#: A tag's name, as the grammar's NAME reads it.
_TAG_NAME = re.compile(r"[A-Za-z0-9_.\-]+")
#: Half of a UTF-16 pair, which JSON can spell (``"\\ud800"``) but is no character.
_SURROGATE = re.compile("[" + chr(0xD800) + "-" + chr(0xDFFF) + "]")
#: The most items a list may hold: more than a line of the most characters a line may
#: hold can write (``"2S", `` is six), so a bound only for objects given decoded.
MAX_ITEMS: Final = MAX_LINE_CHARS // 2

#: Every verb and its keys (the verb's own fields, in the order of the words of its
#: line; ``verb`` and ``comment`` may come with any).
KEYS: Final[dict[str, tuple[str, ...]]] = {
    "tag": ("name", "values"), "hand": ("number",), "dealer": ("player",),
    "deal": ("player", "cards"), "upcard": ("card",), "stock": ("cards",),
    "reshuffle": (), "score": ("scores",), "draw": ("player", "card"),
    "take": ("player", "card"), "meld": ("player", "cards"),
    "attach": ("player", "cards", "meld"), "swap": ("player", "card", "meld"),
    "discard": ("player", "card"), "buy": ("player", "card"),
}


class EventJsonError(ValueError):
    """A JSON object that is not an event of the format; the message says why."""


@dataclass(frozen=True, slots=True)
class CommentLine:
    """A line of the log that is only a comment (its text starts with ``;`` or ``#``)."""

    text: str


# --- one field ----------------------------------------------------------------------------


def text_in(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise EventJsonError(f"{what} must be a string, not {shown(value)}")
    return value


def _one_line(value: object, what: str) -> str:
    """A name or a tag value: a string the format can write, so on one line."""
    text = _characters(text_in(value, what), what)
    if "\n" in text or "\r" in text:
        raise EventJsonError(f"{text!r}: a name or tag value cannot hold a line break")
    return text


def _characters(text: str, what: str) -> str:
    """A text of characters a line may hold: no half of a UTF-16 pair, no more than
    ``MAX_LINE_CHARS`` (a bound only for objects given decoded: a line is no longer)."""
    if not text.isascii():
        half = _SURROGATE.search(text)
        if half is not None:
            raise EventJsonError(f"{half.group()!r} is half of a UTF-16 pair, not a character")
    if len(text) > MAX_LINE_CHARS:
        raise EventJsonError(f"{what} is {len(text):,} characters long; a line holds at most "
                             f"{MAX_LINE_CHARS:,}")
    return text


def _number(value: object, what: str, written: str, signed: bool = False) -> int:
    """A whole number of at most nine digits (not negative unless ``signed``); ``2.0`` is
    one, as JSON Schema says (a JSON number with no fraction is an integer)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EventJsonError(f"{what} must be a whole number, not {shown(value)}")
    if (value < 0 and not signed) or abs(value) > MAX_NUMBER:
        raise EventJsonError(f"{written} {shown(value)} cannot be written: at most nine digits"
                             + ("" if signed else ", not negative"))
    return value


def card_in(value: object, what: str) -> Card:
    if isinstance(value, str):
        found = CARD.get(value)
        if found is not None:
            return found
    raise EventJsonError(_card_problem(value, what))


def _card_problem(value: object, what: str, hidden: bool = False) -> str:
    """Why ``value`` is no card; ``hidden`` where ``"?"`` may stand (a deal, a draw)."""
    unknown = ", or \"?\" for a card the log does not know" if hidden else ""
    if not isinstance(value, str):
        return f"{what} must be a card as a string, like \"7H\"{unknown}, not {shown(value)}"
    if value == UNKNOWN_CARD:
        return f"{what}: ? (a card the log does not know) stands only in a deal or a draw" + (
            "; a take's card is the top of the discard pile, seen by everybody: write it, "
            "or null (or no \"card\") to leave it out" if what == "take card" else "")
    if (problem := card_problem(value)) is not None:  # a typo's card said, not "?"
        return f"{what}: {problem}" + ("" if "did you mean" in problem else unknown)
    return (f"{what}: {value!r} is not a card as a log writes it: a rank (A 2-10 J Q K) "
            f"and a suit (S H D C), or JK{unknown}")


def _hidden_in(value: object, what: str) -> Card | None:
    """A card, or None for ``"?"``: a card the log does not know (format 1.1)."""
    if value == UNKNOWN_CARD:
        return None
    card = CARD.get(value) if isinstance(value, str) else None
    if card is None:
        raise EventJsonError(_card_problem(value, what, hidden=True))
    return card


def _list_in(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise EventJsonError(f"{what} must be a list, not {shown(value)}")
    if len(value) > MAX_ITEMS:
        raise EventJsonError(f"{what} holds {len(value):,} items; a line holds at most "
                             f"{MAX_ITEMS:,}")
    return value


def _cards_in(value: object, what: str) -> tuple[Card, ...]:
    items = _list_in(value, what)
    found: list[Card] = []
    for item in items:
        card = CARD.get(item) if isinstance(item, str) else None
        found.append(card if card is not None else card_in(item, what))
    return tuple(found)


def _table_cards_in(value: object, what: str, verb: str) -> tuple[TableCard, ...]:
    items = _list_in(value, what)
    if not items:
        raise EventJsonError(f"'{verb}' needs at least one card")
    found: list[TableCard] = []
    for item in items:
        card = TABLE.get(item) if isinstance(item, str) else None
        found.append(card if card is not None else _table_card_problem(item, what))
    return tuple(found)


def _table_card_problem(value: object, what: str) -> TableCard:
    """Raises the problem of a card that is not one a meld may hold."""
    if isinstance(value, str) and value.endswith(")") and "(" in value:
        joker, _, declared = value[:-1].partition("(")
        card, stands_for = card_in(joker, what), card_in(declared, what)
        if not card.is_joker or stands_for.is_joker:  # as a .s40 line says it
            raise EventJsonError(f"{what}: {value!r}: " + ("a joker cannot stand for a joker"
                                 if card.is_joker else "only a joker may declare the card it "
                                 "stands for"))
    raise EventJsonError(_card_problem(value, what))


# --- one verb -----------------------------------------------------------------------------

#: Reads the fields of one verb's object into its event, on a line.
Build = Callable[[dict[str, object], int], Event]


def _tag(o: dict[str, object], line: int) -> Event:
    name = _characters(text_in(o["name"], "tag name"), "tag name")
    if _TAG_NAME.fullmatch(name) is None:
        raise EventJsonError(f"{name!r} is not a tag name: letters, digits and _ . - only")
    values = tuple([_one_line(v, "tag values") for v in _list_in(o["values"], "tag values")])
    return Tag(line, 1, name, values)


def _hand(o: dict[str, object], line: int) -> Event:
    return HandStart(line, 1, _number(o["number"], "hand number", "a hand number"))


def _dealer(o: dict[str, object], line: int) -> Event:
    return Dealer(line, 1, _one_line(o["player"], "dealer player"))


def _deal(o: dict[str, object], line: int) -> Event:
    player = _one_line(o["player"], "deal player")
    if o["cards"] == UNKNOWN_CARD:
        raise EventJsonError("deal cards must be a list: [\"?\"] for a whole deal unknown, "
                             "as deal P ? writes it")
    items = _list_in(o["cards"], "deal cards")
    if items == [UNKNOWN_CARD]:  # as `deal P ?` reads it: the whole deal unknown
        return Deal(line, 1, player, (None,) * DEAL_SIZE)
    return Deal(line, 1, player, tuple([_hidden_in(c, "deal cards") for c in items]))


def _upcard(o: dict[str, object], line: int) -> Event:
    return Upcard(line, 1, card_in(o["card"], "upcard card"))


def _stock(o: dict[str, object], line: int) -> Event:
    return Stock(line, 1, _cards_in(o["cards"], "stock cards"))


def _reshuffle(o: dict[str, object], line: int) -> Event:
    return Reshuffle(line, 1)


def _score(o: dict[str, object], line: int) -> Event:
    entries: list[tuple[str, int]] = []
    for item in _list_in(o["scores"], "score scores"):
        if not isinstance(item, dict) or len(item) != 2 or "player" not in item \
                or "points" not in item:
            raise EventJsonError("each of score scores must be an object with player and "
                                 "points, like {\"player\": \"Anna\", \"points\": 25}")
        entries.append((_one_line(item["player"], "player"),
                        _number(item["points"], "points", "points", signed=True)))
    if not entries:
        raise EventJsonError("'score' needs at least one player and points")
    return Score(line, 1, tuple(entries))


def _draw(o: dict[str, object], line: int) -> Event:
    return Draw(line, 1, _one_line(o["player"], "draw player"), _hidden_in(o["card"], "draw card"))


def _take(o: dict[str, object], line: int) -> Event:
    player = _one_line(o["player"], "take player")
    card = o.get("card")
    return Take(line, 1, player, None if card is None else card_in(card, "take card"))


def _meld(o: dict[str, object], line: int) -> Event:
    player = _one_line(o["player"], "meld player")
    return Meld(line, 1, player, _table_cards_in(o["cards"], "meld cards", "meld"))


def _attach(o: dict[str, object], line: int) -> Event:
    player = _one_line(o["player"], "attach player")
    cards = _table_cards_in(o["cards"], "attach cards", "attach")
    return Attach(line, 1, player, cards, _number(o["meld"], "attach meld", "a meld number"))


def _swap(o: dict[str, object], line: int) -> Event:
    player = _one_line(o["player"], "swap player")
    card = card_in(o["card"], "swap card")
    return Swap(line, 1, player, card, _number(o["meld"], "swap meld", "a meld number"))


def _discard(o: dict[str, object], line: int) -> Event:
    return Discard(line, 1, _one_line(o["player"], "discard player"),
                   card_in(o["card"], "discard card"))


def _buy(o: dict[str, object], line: int) -> Event:
    return Buy(line, 1, _one_line(o["player"], "buy player"), card_in(o["card"], "buy card"))


_BUILDERS: Final[dict[str, Build]] = {
    "tag": _tag, "hand": _hand, "dealer": _dealer, "deal": _deal, "upcard": _upcard,
    "stock": _stock, "reshuffle": _reshuffle, "score": _score, "draw": _draw,
    "take": _take, "meld": _meld, "attach": _attach, "swap": _swap,
    "discard": _discard, "buy": _buy,
}


# --- one object ---------------------------------------------------------------------------


def read_event(value: object, line: int) -> tuple[Event | CommentLine, str | None]:
    """The event (or comment line) of a decoded JSON value read on ``line``, and the
    comment written after the event. :class:`EventJsonError` says what is wrong."""
    if not isinstance(value, dict):
        raise EventJsonError(f"a line holds one JSON object, like {{\"verb\": \"draw\", "
                             f"...}}, not {shown(value)}")
    verb = value.get(VERB_KEY)
    if not isinstance(verb, str):
        raise _unknown_verb(verb) if VERB_KEY in value else \
            EventJsonError(no_json_verb([shown(key) for key in value]))
    keys = KEYS.get(verb)
    if keys is None:
        if verb == COMMENT_VERB:
            _only_keys(value, verb, (VERB_KEY, "text"))
            return CommentLine(comment_text(value.get("text"), "text")), None
        raise _unknown_verb(verb)
    if len(value) != len(keys) + 1 + (COMMENT_KEY in value) or \
            not all(key in value for key in keys):
        _only_keys(value, verb, (VERB_KEY, COMMENT_KEY, *keys))
        for key in keys:
            if key not in value and not (verb == "take" and key == "card"):
                raise EventJsonError(f"{_a(verb)} needs {key!r}" + (
                    " (\"?\" for a card the log does not know)" if verb == "draw" else ""))
    event = _BUILDERS[verb](value, line)
    if COMMENT_KEY not in value:  # a "comment" of null is no comment's text: refused
        return event, None
    return event, comment_text(value[COMMENT_KEY], COMMENT_KEY)


def _unknown_verb(verb: object) -> EventJsonError:
    return EventJsonError(unknown_json_verb(shown(verb), verb, [*KEYS, COMMENT_VERB]))


def _only_keys(keys: Iterable[object], verb: str, allowed: tuple[str, ...]) -> None:
    """Refuse the first of ``keys``, in order, that ``verb`` does not have. A decoded
    object's keys may be of any type (``5``, ``None``): never sorted (mixed types cannot
    be), written whole (:func:`shown`) or typed ``str`` (compiled, that is checked)."""
    for key in keys:
        if key not in allowed:
            raise EventJsonError(f"{_a(verb)} has no {shown(key)}; its keys are "
                                 f"{', '.join(sorted(allowed))}")


def _a(verb: str) -> str:
    """The verb with its article: "an attach", "an upcard", "a draw"."""
    return ("an " if verb[0] in "aeiou" else "a ") + verb


def comment_text(value: object, what: str) -> str:
    """A comment is one line of a log: a CR inside it is one of its characters (as a
    `.s40` log reads it), but a CR at its end would make the line's end a CR LF."""
    text = _characters(text_in(value, what), what)
    if not text.startswith((";", "#")) or "\n" in text or text.endswith("\r"):
        raise EventJsonError(f"{what} is a comment as written in a log: one line starting "
                             f"with ; or #, not {shown(value)}")
    return text


def named_player(value: object) -> str | None:
    """The player a JSON value names (its ``player``), even when it is no event: a
    problem of that line is that player's."""
    if isinstance(value, dict):
        player = value.get("player")
        if isinstance(player, str):
            return player
    return None


def names_hand(value: object) -> bool:
    """Whether a JSON value is a ``hand`` object, readable or not: an unreadable one
    still stands for a hand, as an unreadable ``hand`` line does."""
    return isinstance(value, dict) and value.get(VERB_KEY) == "hand"


def names_tag(value: object) -> bool:
    """Whether a JSON value is a ``tag`` object, readable or not."""
    return isinstance(value, dict) and value.get(VERB_KEY) == "tag"


__all__ = ["DEAL_SIZE", "CommentLine", "EventJsonError", "read_event"]
