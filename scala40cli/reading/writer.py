"""The canonical writer: typed events back to the text of a game log.

This is the inverse of :mod:`scala40cli.reading.parser` and the one way this project writes a
log, so that ``scala40 fmt``, the simulator and the tests all produce the same bytes
for the same events. The API:

``event_line(event) -> str``
    One event as one canonical line, without a line end (and without a line number:
    ``line`` and ``column`` of the event are ignored).
``write_game(events) -> str``
    The events of one game, one a line, a blank line before each ``hand`` line but the
    game's first line; a final newline. No events give ``""``.
``write_log(games) -> str``
    Several games (each a sequence of events) written one after the other with one
    blank line between them; a final newline. Empty games are left out.

The canonical form of a line:

- single spaces between words, no indent, no comment, no trailing space;
- cards as :attr:`~scala40cli.model.cards.Card.code` (``10S`` not ``TS`` or ``10♠``, upper
  case, ``JK`` not ``*``); a joker's declaration as ``JK(5S)``;
- player names bare where the grammar reads a bare name there (a word of
  ``[A-Za-z0-9_.-]``; at the start of a line, also not one of the line keywords
  ``hand dealer deal upcard stock reshuffle score`` nor their Italian or French
  spellings, ``mano``, ``talon`` ...), else in double quotes with
  ``\\"`` and ``\\\\`` escapes: ``"Anna Maria"``, ``"hand" draw 5H``, ``dealer hand``;
- tag values always quoted, with the same escapes;
- ``take`` without a card when the event has none; numbers as plain integers;
- a card the log does not know as ``?`` (format 1.1), and a deal of thirteen of them
  as ``deal P ?``;
- the words of the format in one language, English unless ``language`` says otherwise
  (format 1.2: ``Anna pesca 9C``, ``Anna ajoute 6S à 1``).

Parsing what these functions write gives the same events again (but their line and
column), and writing those gives the same text: the output is a fixed point. A game
that does not begin with a header tag must be the first game written, since the
parser starts a new game only at a tag (see docs/log-format.md).

Events carry no comments: :func:`write_game` and :func:`write_log` write events only, and
:func:`scala40cli.reading.layout.format_log` (``scala40 fmt``) puts the comments of the
file back in place. An :class:`~scala40cli.reading.events.Unparsed`
marker stands for lines the parser could not read: it has no text to write, and
:func:`event_line` raises :class:`ValueError` for it, as for any event the format
cannot express (a name holding a line break, a meld without cards, a number of more
than nine digits, a declaration made by a card that is not a joker...). Failing loudly
there beats writing a log that reads back differently.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

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
    Unparsed,
    Upcard,
)
from scala40cli.reading.fastlines import BARE_NAME, LINE_KEYWORDS, UNKNOWN_CARD
from scala40cli.reading.words import SPELLINGS, Language, Word

__all__ = ["event_line", "quote", "write_game", "write_log"]

_BARE = re.compile(r"[A-Za-z0-9_.\-]+")
#: A player name the grammar reads without quotes (any letter: ``dealer Niccolò``).
_BARE_PLAYER = re.compile(BARE_NAME)
#: Numbers (hand, meld, points) have at most nine digits in the format.
_MAX_NUMBER = 999_999_999


def quote(text: str) -> str:
    """``text`` as a quoted string of the format: ``"..."`` with ``\\"`` and ``\\\\``.

    A line break cannot be written inside quotes: :class:`ValueError`.
    """
    if "\n" in text or "\r" in text:
        raise ValueError(f"{text!r}: a name or tag value cannot hold a line break")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


_names: dict[tuple[str, bool], str] = {}


def _name(player: str, line_start: bool = False) -> str:
    """A player name as written: bare when the grammar reads it bare there, else quoted."""
    key = (player, line_start)
    written = _names.get(key)
    if written is None:
        keyword = line_start and player in LINE_KEYWORDS
        bare = _BARE_PLAYER.fullmatch(player) is not None and not keyword
        written = player if bare else quote(player)
        if len(_names) > 4096:
            _names.clear()
        _names[key] = written
    return written


def _number(value: int, what: str, signed: bool = False) -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer, not {value!r}")
    if (value < 0 and not signed) or abs(value) > _MAX_NUMBER:
        raise ValueError(f"{what} {value} cannot be written: at most nine digits"
                         + ("" if signed else ", not negative"))
    return str(value)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join([c.code for c in cards])


def _table_cards(cards: Sequence[TableCard], verb: str) -> str:
    if not cards:
        raise ValueError(f"'{verb}' needs at least one card")
    for c in cards:
        if c.stands_for is not None and (not c.card.is_joker or c.stands_for.is_joker):
            raise ValueError(f"{c.code}: only a joker may declare a card, and not a joker")
    return " ".join([c.code for c in cards])


def _words(*words: str) -> str:
    return " ".join(word for word in words if word)


# --- one writer per event type ----------------------------------------------------------

#: The words of each language, by word.
_Words = dict[Word, str]
_WORDS: dict[Language, _Words] = {
    language: {word: spelled[language] for word, spelled in SPELLINGS.items()}
    for language in Language
}


def _tag(e: Tag, w: _Words) -> str:
    if _BARE.fullmatch(e.name) is None:
        raise ValueError(f"{e.name!r} is not a tag name: letters, digits and _ . - only")
    return "[" + " ".join([e.name, *map(quote, e.values)]) + "]"


def _hand(e: HandStart, w: _Words) -> str:
    return f"{w[Word.HAND]} {_number(e.number, 'a hand number')}"


def _dealer(e: Dealer, w: _Words) -> str:
    return f"{w[Word.DEALER]} {_name(e.player)}"


def _deal(e: Deal, w: _Words) -> str:
    """A whole unknown deal is written ``deal P ?``; otherwise card by card, ``?`` for
    a card the log does not know."""
    if len(e.cards) == DEAL_SIZE and all(c is None for c in e.cards):
        return f"{w[Word.DEAL]} {_name(e.player)} {UNKNOWN_CARD}"
    return _words(w[Word.DEAL], _name(e.player), " ".join([_code(c) for c in e.cards]))


def _code(card: Card | None) -> str:
    """A card as written; ``?`` for a card the log does not know."""
    return UNKNOWN_CARD if card is None else card.code


def _upcard(e: Upcard, w: _Words) -> str:
    return f"{w[Word.UPCARD]} {e.card.code}"


def _stock(e: Stock, w: _Words) -> str:
    return _words(w[Word.STOCK], _cards(e.cards))


def _reshuffle(e: Reshuffle, w: _Words) -> str:
    return w[Word.RESHUFFLE]


def _score(e: Score, w: _Words) -> str:
    if not e.entries:
        raise ValueError(f"'{w[Word.SCORE]}' needs at least one player and points")
    parts = [w[Word.SCORE]]
    for player, points in e.entries:
        parts += [_name(player), _number(points, "points", signed=True)]
    return " ".join(parts)


def _draw(e: Draw, w: _Words) -> str:
    return f"{_name(e.player, True)} {w[Word.DRAW]} {_code(e.card)}"


def _take(e: Take, w: _Words) -> str:
    written = f"{_name(e.player, True)} {w[Word.TAKE]}"
    return written if e.card is None else f"{written} {e.card.code}"


def _meld(e: Meld, w: _Words) -> str:
    return f"{_name(e.player, True)} {w[Word.MELD]} {_table_cards(e.cards, w[Word.MELD])}"


def _attach(e: Attach, w: _Words) -> str:
    cards = _table_cards(e.cards, w[Word.ATTACH])
    return (f"{_name(e.player, True)} {w[Word.ATTACH]} {cards} {w[Word.TO]} "
            f"{_number(e.meld, 'a meld number')}")


def _swap(e: Swap, w: _Words) -> str:
    return (f"{_name(e.player, True)} {w[Word.SWAP]} {e.card.code} {w[Word.IN]} "
            f"{_number(e.meld, 'a meld number')}")


def _discard(e: Discard, w: _Words) -> str:
    return f"{_name(e.player, True)} {w[Word.DISCARD]} {e.card.code}"


def _buy(e: Buy, w: _Words) -> str:
    return f"{_name(e.player, True)} {w[Word.BUY]} {e.card.code}"


def _unparsed(e: Unparsed, w: _Words) -> str:
    raise ValueError(f"lines {e.line}-{e.end_line} could not be read: an Unparsed marker "
                     "has no text to write")


#: The writer of each event type (exact types: an event is never subclassed further).
_WRITERS: dict[type[Event], Callable[[Any, _Words], str]] = {
    Tag: _tag, HandStart: _hand, Dealer: _dealer, Deal: _deal, Upcard: _upcard,
    Stock: _stock, Reshuffle: _reshuffle, Score: _score, Draw: _draw, Take: _take,
    Meld: _meld, Attach: _attach, Swap: _swap, Discard: _discard, Buy: _buy,
    Unparsed: _unparsed,
}


def event_line(event: Event, language: Language = Language.EN) -> str:
    """One event as its canonical line in ``language``, without a line end; ValueError
    if it has none."""
    writer = _WRITERS.get(type(event))
    if writer is None:
        raise ValueError(f"{type(event).__name__} is not an event of the log format")
    return writer(event, _WORDS[language])


def write_game(events: Iterable[Event], language: Language = Language.EN) -> str:
    """The canonical text of one game; a blank line before each ``hand`` line."""
    lines: list[str] = []
    for event in events:
        if type(event) is HandStart and lines:
            lines.append("")
        lines.append(event_line(event, language))
    return "\n".join(lines) + "\n" if lines else ""


def write_log(games: Iterable[Sequence[Event]], language: Language = Language.EN) -> str:
    """The canonical text of several games, one blank line between two games."""
    return "\n".join(text for game in games if (text := write_game(game, language)))
