"""The fast path for plain lines, and the card vocabulary it shares with the grammar's callbacks.

Why it exists: Lark alone reads about 50k events a second, and almost every line of a
real log is plain (no quotes, tags or odd spacing). Such a line is cut with
``str.split`` and read with dict look-ups, several times faster. The fast path only
ever accepts a line the grammar accepts, and builds the very same event; anything it
is not sure of (``None`` from :func:`fast_event`) goes to Lark, which is the contract
and also words the errors. ``parse_text(..., fast_path=False)`` turns it off, and
tests compare both paths on random text.

The tables of card spellings (:data:`CARD`, :data:`TABLE`) live here because the Lark
callbacks in :mod:`scala40cli.reading.lark_events` read cards through them too, so both
paths agree on every card by construction.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum
from typing import Final

from scala40cli.model.cards import JOKER, Card, parse_card
from scala40cli.reading.event_base import replace
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
from scala40cli.reading.words import (
    LINE_SPELLINGS,
    VERB_SPELLINGS,
    Word,
    preposition,
)

# --- vocabulary shared by the fast path and the Lark callbacks ------------------------

_RANKS = ("10", "2", "3", "4", "5", "6", "7", "8", "9", "A", "a", "T", "t", "J", "j",
          "Q", "q", "K", "k")
_SUITS = ("S", "s", "H", "h", "D", "d", "C", "c", "♠", "♥", "♦", "♣")
JOKERS = ("JK", "Jk", "jK", "jk", "*")
#: Every card spelling the grammar's CARD terminal accepts, case as written.
CARD: dict[str, Card] = {r + s: parse_card(r + s) for r in _RANKS for s in _SUITS}
CARD.update((j, JOKER) for j in JOKERS)
#: Every valid meld card, declarations included, as an interned TableCard.
TABLE: dict[str, TableCard] = {code: TableCard(c) for code, c in CARD.items()}
TABLE.update((f"{j}({code})", TableCard(JOKER, c))
              for j in JOKERS for code, c in CARD.items() if not c.is_joker)

#: Every spelling of a verb, in every language (:mod:`scala40cli.reading.words`).
VERBS = tuple(VERB_SPELLINGS)
#: Every spelling of a word that starts a line, in every language: a player so named
#: is quoted at the start of a line.
LINE_KEYWORDS = frozenset(LINE_SPELLINGS)
#: A bare player name, as the grammar's PLAYER terminal has it unquoted (a test keeps
#: the two the same): letters and digits of any script, ``_ . -``, combining accents.
BARE_NAME = r"[\w.\-\u0300-\u036f]+"
_NAME = re.compile(BARE_NAME)
_ESCAPE = re.compile(r'\\(["\\])')


def player_name(text: str) -> str:
    """A player name as written: a bare word, or a quoted string with \\" and \\\\."""
    if text[0] != '"':
        return str(text)
    inner = text[1:-1]
    # re.sub with a template parses the template at every call: a tag's values, six a
    # game, have no escape to undo
    return _ESCAPE.sub(r"\1", inner) if "\\" in inner else inner


# --- the fast path: plain lines without Lark ---------------------------------------------

#: Whitespace that ``str.split`` splits on but the grammar does not: the fast path is
#: off for a text holding any (a lone CR included).
_ODD_SPACE = re.compile("[\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029"
                        "\u202f\u205f\u3000]|\r(?!\n)")
_Words = list[str]


class NoEvent(Enum):
    """What the fast path answers for a line that holds no event (blank, or a comment
    only): a value of its own, never an event, so that no event can be taken for it."""

    BLANK = "blank"


#: Returned by the fast path for a blank or comment-only line.
BLANK: Final = NoEvent.BLANK
#: What the fast path makes of a line: its event, :data:`BLANK` for none, or None when
#: it is not sure and the line goes to Lark.
FastEvent = Event | NoEvent | None
_Builder = Callable[[_Words, int, int], Event | None]
_known_names: set[str] = set()


def _is_name(word: str) -> bool:
    """A bare player name (what PLAYER matches unquoted); remembered, as names repeat."""
    if word in _known_names:
        return True
    if _NAME.fullmatch(word) is None:
        return False
    if len(_known_names) > 4096:
        _known_names.clear()
    _known_names.add(word)
    return True


def _is_number(word: str, signed: bool = False) -> bool:
    digits = word[1:] if signed and word[:1] == "-" else word
    return digits.isdigit() and digits.isascii() and len(digits) <= 9


#: The spelling of a card the log does not know (format 1.1): deals and draws only.
UNKNOWN_CARD = "?"


def dealt_cards(words: list[str]) -> tuple[Card | None, ...] | None:
    """The cards of a deal line (``?`` is None; a lone ``?`` is a whole unknown deal),
    or None if a word is neither a card nor ``?``."""
    if words == [UNKNOWN_CARD]:
        return (None,) * DEAL_SIZE
    try:
        return tuple([None if x == UNKNOWN_CARD else CARD[x] for x in words])
    except KeyError:
        return None


def _fast_draw(w: _Words, line: int, column: int) -> Event | None:
    if len(w) != 3:
        return None
    if w[2] == UNKNOWN_CARD:
        return Draw(line=line, column=column, player=w[0], card=None)
    card = CARD.get(w[2])
    return None if card is None else Draw(line=line, column=column, player=w[0], card=card)


def _one_card(kind: type[Discard] | type[Buy]) -> _Builder:
    def build(w: _Words, line: int, column: int) -> Event | None:
        card = CARD.get(w[2]) if len(w) == 3 else None
        return None if card is None else kind(line=line, column=column, player=w[0], card=card)
    return build


def _fast_take(w: _Words, line: int, column: int) -> Event | None:
    if len(w) == 2:
        return Take(line=line, column=column, player=w[0], card=None)
    card = CARD.get(w[2]) if len(w) == 3 else None
    return None if card is None else Take(line=line, column=column, player=w[0], card=card)


def _fast_meld(w: _Words, line: int, column: int) -> Event | None:
    try:
        cards = tuple([TABLE[x] for x in w[2:]])
    except KeyError:
        return None
    return Meld(line=line, column=column, player=w[0], cards=cards) if cards else None


def _attach_with(to: str) -> _Builder:
    """The attach of a verb whose preposition is ``to`` (``to``, ``a``, ``à``)."""
    def build(w: _Words, line: int, column: int) -> Event | None:
        if len(w) < 5 or w[-2] != to or not _is_number(w[-1]):
            return None
        try:
            cards = tuple([TABLE[x] for x in w[2:-2]])
        except KeyError:
            return None
        return Attach(line=line, column=column, player=w[0], cards=cards, meld=int(w[-1]))
    return build


def _swap_with(within: str) -> _Builder:
    """The swap of a verb whose preposition is ``within`` (``in``, ``dans``)."""
    def build(w: _Words, line: int, column: int) -> Event | None:
        if len(w) != 5 or w[3] != within or not _is_number(w[4]) or w[2] not in CARD:
            return None
        return Swap(line=line, column=column, player=w[0], card=CARD[w[2]], meld=int(w[4]))
    return build


def _fast_cards(w: _Words, first: int) -> tuple[Card, ...] | None:
    try:
        return tuple([CARD[x] for x in w[first:]])
    except KeyError:
        return None


def _fast_hand(w: _Words, line: int, column: int) -> Event | None:
    if len(w) != 2 or not _is_number(w[1]):
        return None
    return HandStart(line=line, column=column, number=int(w[1]))


def _fast_dealer(w: _Words, line: int, column: int) -> Event | None:
    if len(w) != 2 or not _is_name(w[1]):
        return None
    return Dealer(line=line, column=column, player=w[1])


def _fast_deal(w: _Words, line: int, column: int) -> Event | None:
    cards = dealt_cards(w[2:]) if len(w) >= 2 and _is_name(w[1]) else None
    return None if cards is None else Deal(line=line, column=column, player=w[1], cards=cards)


def _fast_upcard(w: _Words, line: int, column: int) -> Event | None:
    card = CARD.get(w[1]) if len(w) == 2 else None
    return None if card is None else Upcard(line=line, column=column, card=card)


def _fast_stock(w: _Words, line: int, column: int) -> Event | None:
    cards = _fast_cards(w, 1)
    return None if cards is None else Stock(line=line, column=column, cards=cards)


def _fast_reshuffle(w: _Words, line: int, column: int) -> Event | None:
    return Reshuffle(line=line, column=column) if len(w) == 1 else None


def _fast_score(w: _Words, line: int, column: int) -> Event | None:
    names, points = w[1::2], w[2::2]
    if len(w) < 3 or len(names) != len(points) or not all(map(_is_name, names)):
        return None
    if not all(_is_number(p, signed=True) for p in points):
        return None
    entries = tuple(zip(names, map(int, points), strict=True))
    return Score(line=line, column=column, entries=entries)


_LINE_BUILDERS: dict[Word, _Builder] = {
    Word.HAND: _fast_hand, Word.DEALER: _fast_dealer, Word.DEAL: _fast_deal,
    Word.UPCARD: _fast_upcard, Word.STOCK: _fast_stock, Word.RESHUFFLE: _fast_reshuffle,
    Word.SCORE: _fast_score}
#: The builder of each verb, given its preposition (an attach or a swap checks the one
#: of its own language: ``attacca ... a``).
_VERB_BUILDERS: dict[Word, Callable[[str], _Builder]] = {
    Word.DRAW: lambda _: _fast_draw, Word.TAKE: lambda _: _fast_take,
    Word.MELD: lambda _: _fast_meld, Word.ATTACH: _attach_with, Word.SWAP: _swap_with,
    Word.DISCARD: lambda _: _one_card(Discard), Word.BUY: lambda _: _one_card(Buy)}
#: The builder of each line word and verb, in every spelling: one look-up a line.
_FAST_LINES = {spelled: _LINE_BUILDERS[word] for spelled, (word, _) in LINE_SPELLINGS.items()}
_FAST_VERBS = {verb: _VERB_BUILDERS[word](preposition(verb) or "")
               for verb, (word, _) in VERB_SPELLINGS.items()}


def fast_event(line: str, number: int) -> FastEvent:
    """The event of a plain line, ``BLANK`` for nothing, None to leave it to Lark."""
    if line[:1] == "[":
        return fast_tag(line, number)
    if '"' in line:
        return None
    if "#" in line:
        line = line.partition("#")[0]
    if ";" in line:
        line = line.partition(";")[0]
    w = line.split()
    if not w:
        return BLANK
    column = 1 if line[0] not in " \t" else len(line) - len(line.lstrip(" \t")) + 1
    build: _Builder | None = _FAST_LINES.get(w[0])
    if build is None:
        build = _FAST_VERBS.get(w[1]) if len(w) > 1 else None
        if build is None or (w[0] not in _known_names and not _is_name(w[0])):
            return None
    return build(w, number, column)


def fast_path_safe(text: str) -> bool:
    """True when ``str.split`` cuts the lines of ``text`` where the grammar does."""
    if not text.isascii():
        return _ODD_SPACE.search(text) is None
    return not any(c in text for c in "\x0b\x0c\x1c\x1d\x1e\x1f") and \
        text.count("\r") == text.count("\r\n")


# --- tag lines: one regular expression ----------------------------------------------------

#: A whole tag line as the grammar reads it (``tag: "[" NAME STRING* "]"``, blanks
#: between tokens, an optional comment after), starting at its bracket.
_TAG_LINE = re.compile(r'\[[ \t]*([A-Za-z0-9_.\-]+)((?:[ \t]*"(?:[^"\\\r\n]|\\.)*")*)'
                       r'[ \t]*\][ \t]*(?:[;#].*)?\r?')
_TAG_VALUE = re.compile(r'"(?:[^"\\\r\n]|\\.)*"')


def fast_tag(line: str, number: int) -> Tag | None:
    """The tag of a line that starts with ``[``; None when the grammar must say why not."""
    found = _TAG_LINE.fullmatch(line)
    if found is None:
        return None
    values = tuple([player_name(v) for v in _TAG_VALUE.findall(found.group(2))])
    return Tag(line=number, column=1, name=found.group(1), values=values)


# --- repeated lines: parsed once -----------------------------------------------------------

#: Distinct lines remembered; the cache is emptied when full, so memory stays bounded.
LINE_CACHE_SIZE = 8192
#: Events of lines that hardly ever repeat (a deal, the stock, the scores, a tag): they
#: are not remembered, as they would only push out the lines that do.
_NOT_REMEMBERED = (Deal, Stock, Score, Tag)
#: What each remembered line held as first read: its event (whose line number is that
#: first line's), or BLANK. One object a line: a hit touches one object, not a tuple of
#: the class and another of the fields, which also halves the pages a forked worker
#: copies as it reads the lines it inherited (``--jobs``).
_line_cache: dict[str, Event | NoEvent] = {}


def _remember(line: str, event: Event | NoEvent) -> None:
    """Keep what ``line`` holds for the next time it is read (if it may come again)."""
    if type(event) in _NOT_REMEMBERED:
        return
    if len(_line_cache) >= LINE_CACHE_SIZE:
        _line_cache.clear()
    _line_cache[line] = event


def at_line(event: Event, number: int) -> Event:
    """``event`` as read on line ``number``: the same class and fields but the line.

    Each class a repeated line may hold is rebuilt by a direct call of its constructor
    (native when compiled: a fraction of the cost of a call with unpacked arguments),
    tested by exact class, the commonest first (the order of the simulated corpus:
    discards, draws, melds, attaches, takes); any other goes through
    :func:`event_base.replace`."""
    if type(event) is Discard:
        return Discard(number, event.column, event.player, event.card)
    if type(event) is Draw:
        return Draw(number, event.column, event.player, event.card)
    if type(event) is Meld:
        return Meld(number, event.column, event.player, event.cards)
    if type(event) is Attach:
        return Attach(number, event.column, event.player, event.cards, event.meld)
    if type(event) is Take:
        return Take(number, event.column, event.player, event.card)
    if type(event) is Upcard:
        return Upcard(number, event.column, event.card)
    if type(event) is HandStart:
        return HandStart(number, event.column, event.number)
    if type(event) is Dealer:
        return Dealer(number, event.column, event.player)
    return replace(event, line=number)


def cached_fast_event(line: str, number: int) -> FastEvent:
    """:func:`fast_event`, remembered by the text of the line.

    Most lines of a log repeat (``Anna draw 5H``, blank lines, ``hand 1``): the event of
    a line depends only on its text but for the line number, so a line seen before is
    rebuilt from its first event without being read again."""
    known = _line_cache.get(line)
    if known is not None:
        return known if known is BLANK else at_line(known, number)
    event = fast_event(line, number)
    if event is not None:
        _remember(line, event)
    return event


def fast_run(lines: list[str], start: int, stop: int, append: Callable[[Event], None],
             base: int = 0) -> tuple[int, Tag | None]:
    """Append the events of the plain lines of ``lines[start:stop]`` (numbered in the
    file from ``base + start + 1``), up to the first other line; its index, and its
    tag if it is a tag line (a tag may start a game: the caller sees to it).

    :func:`cached_fast_event` unrolled in a loop: this is the hot path of reading."""
    cache, blank = _line_cache, BLANK
    for i in range(start, stop):
        line = lines[i]
        known = cache.get(line)
        if known is None:
            event = fast_event(line, base + i + 1)
            if event is None:
                return i, None
            if type(event) is Tag:
                return i, event
            _remember(line, event)
            if event is not blank:
                append(event)
        elif known is not BLANK:
            append(at_line(known, base + i + 1))
    return stop, None
