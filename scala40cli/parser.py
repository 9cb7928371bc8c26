"""Turn the text of a game log into typed events, game by game, with error recovery.

The grammar (``grammar/scala40.lark``) is the contract and Lark's LALR parser applies
it; its callbacks build the events directly, so no parse tree is ever made. Since the
format has one event a line, every line parses on its own: a fast path reads the plain
lines (no quotes, tags or odd spacing) with ``str.split`` and dict look-ups, and hands
every other line to Lark. The fast path only ever accepts a line the grammar accepts
and builds the very same event (``fast_path=False`` turns it off; a test compares the
two on random text).

A syntax error costs the rest of its hand, never the file: the problem is recorded, an
:class:`Unparsed` marker takes the place of the lines up to the next ``hand`` line or
header tag, and parsing goes on from there.
"""

from __future__ import annotations

import gc
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken, VisitError

from .cards import JOKER, Card, CardError, parse_card
from .events import (
    Attach,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    GameLog,
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
from .resources import grammar_text
from .results import Problem
from .violations import Code

# --- vocabulary shared by the fast path and the Lark callbacks ------------------------

_RANKS = ("10", "2", "3", "4", "5", "6", "7", "8", "9", "A", "a", "T", "t", "J", "j",
          "Q", "q", "K", "k")
_SUITS = ("S", "s", "H", "h", "D", "d", "C", "c", "♠", "♥", "♦", "♣")
_JOKERS = ("JK", "Jk", "jK", "jk", "*")
#: Every card spelling the grammar's CARD terminal accepts, case as written.
_CARD: dict[str, Card] = {r + s: parse_card(r + s) for r in _RANKS for s in _SUITS}
_CARD.update((j, JOKER) for j in _JOKERS)
#: Every valid meld card, declarations included, as an interned TableCard.
_TABLE: dict[str, TableCard] = {code: TableCard(c) for code, c in _CARD.items()}
_TABLE.update((f"{j}({code})", TableCard(JOKER, c))
              for j in _JOKERS for code, c in _CARD.items() if not c.is_joker)

_VERBS = ("draw", "take", "meld", "attach", "swap", "discard")
_LINE_KEYWORDS = frozenset({"hand", "dealer", "deal", "upcard", "stock", "reshuffle", "score"})
_NAME = re.compile(r"[A-Za-z0-9_.\-]+")
_ESCAPE = re.compile(r'\\(["\\])')
#: Whitespace that ``str.split`` splits on but the grammar does not: the fast path is
#: off for a text holding any (a lone CR included).
_ODD_SPACE = re.compile("[\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029"
                        "\u202f\u205f\u3000]|\r(?!\n)")
#: A line that starts a chunk: error recovery resumes there.
_BOUNDARY = re.compile(r"[ \t]*(?:\[|hand(?![A-Za-z0-9_.\-]))")
_WORD = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[;#\]]|[^ \t\r\n";#\]]+')
#: Lines handed to Lark at once (any line boundary is a valid cut): fewer after an error.
_MAX_RUN, _MIN_RUN = 4096, 4


def _player(text: str) -> str:
    """A player name as written: a bare word, or a quoted string with \\" and \\\\."""
    if text[0] != '"':
        return str(text)
    return _ESCAPE.sub(r"\1", text[1:-1])


class _LineError(Exception):
    """A line the grammar lexes but that means nothing (a 5S that declares a card)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(message)
        self.line, self.column, self.message = line, column, message


def _int(token: Token, offset: int) -> int:
    """A number of at most nine digits: larger ones are typing mistakes."""
    if len(token.lstrip("-")) > 9:
        line, column = cast(int, token.line) + offset, cast(int, token.column)
        raise _LineError(line, column, f"'{token}' is too large a number")
    return int(token)


def _table_cards(token: Token, offset: int) -> tuple[TableCard, ...]:
    """The meld cards of one MCARDS token; a declaration only a joker may make."""
    try:
        return tuple([_TABLE[code] for code in token.split()])
    except KeyError:
        pass
    for code in token.split():
        if code not in _TABLE:
            line, column = cast(int, token.line) + offset, cast(int, token.column)
            column += token.index(code)
            if code.startswith(_JOKERS):
                raise _LineError(line, column, f"'{code}': a joker cannot stand for a joker")
            raise _LineError(line, column,
                             f"'{code}': only a joker may declare the card it stands for")
    raise AssertionError("unreachable")  # pragma: no cover


# --- the Lark side ----------------------------------------------------------------------


class _EventBuilder(Transformer[Token, None]):
    """LALR callbacks: each appends its event to ``sink`` as soon as its line is reduced.

    ``offset`` is the number of lines before the text Lark is given, so events carry
    their line in the file. One instance serves every parse, under ``_LOCK``.
    """

    def __init__(self) -> None:
        super().__init__()
        self.sink: list[Event] = []
        self.offset = 0

    def _add(self, kind: Callable[..., Event], first: Token, **fields: object) -> None:
        line = cast(int, first.line) + self.offset
        self.sink.append(kind(line=line, column=first.column, **fields))

    def start(self, c: list[object]) -> None:
        return None

    def tag(self, c: list[Token]) -> None:
        self._add(Tag, c[0], name=str(c[1]), values=tuple(_player(v) for v in c[2:]))

    def hand(self, c: list[Token]) -> None:
        self._add(HandStart, c[0], number=_int(c[1], self.offset))

    def dealer(self, c: list[Token]) -> None:
        self._add(Dealer, c[0], player=_player(c[1]))

    def deal(self, c: list[Token]) -> None:
        cards = tuple([_CARD[x] for x in c[2].split()]) if len(c) > 2 else ()
        self._add(Deal, c[0], player=_player(c[1]), cards=cards)

    def upcard(self, c: list[Token]) -> None:
        self._add(Upcard, c[0], card=_CARD[c[1]])

    def stock(self, c: list[Token]) -> None:
        self._add(Stock, c[0], cards=tuple([_CARD[x] for x in c[1].split()]) if c[1:] else ())

    def reshuffle(self, c: list[Token]) -> None:
        self._add(Reshuffle, c[0])

    def score(self, c: list[Token]) -> None:
        pairs = tuple((_player(c[i]), _int(c[i + 1], self.offset)) for i in range(1, len(c), 2))
        self._add(Score, c[0], entries=pairs)

    def draw(self, c: list[Token]) -> None:
        self._add(Draw, c[0], player=_player(c[0]), card=_CARD[c[1]])

    def take(self, c: list[Token]) -> None:
        self._add(Take, c[0], player=_player(c[0]), card=_CARD[c[1]] if c[1:] else None)

    def meld(self, c: list[Token]) -> None:
        self._add(Meld, c[0], player=_player(c[0]), cards=_table_cards(c[1], self.offset))

    def attach(self, c: list[Token]) -> None:
        cards = _table_cards(c[1], self.offset)
        self._add(Attach, c[0], player=_player(c[0]), cards=cards, meld=_int(c[2], self.offset))

    def swap(self, c: list[Token]) -> None:
        meld = _int(c[2], self.offset)
        self._add(Swap, c[0], player=_player(c[0]), card=_CARD[c[1]], meld=meld)

    def discard(self, c: list[Token]) -> None:
        self._add(Discard, c[0], player=_player(c[0]), card=_CARD[c[1]])


_LOCK = threading.Lock()


@cache
def _lark() -> tuple[Lark, _EventBuilder]:
    """The LALR parser, built once; its transformer makes events, never a tree."""
    builder = _EventBuilder()
    parser = Lark(grammar_text(), parser="lalr", lexer="contextual", transformer=builder,
                  maybe_placeholders=False, propagate_positions=False)
    return parser, builder


# --- the fast path: plain lines without Lark ---------------------------------------------

_Words = list[str]
_Builder = Callable[[_Words, int, int], Event | None]
#: Returned by the fast path for a blank or comment-only line.
_BLANK: Event = Reshuffle(line=0, column=0)
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


def _one_card(kind: type[Draw] | type[Discard]) -> _Builder:
    def build(w: _Words, line: int, column: int) -> Event | None:
        card = _CARD.get(w[2]) if len(w) == 3 else None
        return None if card is None else kind(line=line, column=column, player=w[0], card=card)
    return build


def _fast_take(w: _Words, line: int, column: int) -> Event | None:
    if len(w) == 2:
        return Take(line=line, column=column, player=w[0], card=None)
    card = _CARD.get(w[2]) if len(w) == 3 else None
    return None if card is None else Take(line=line, column=column, player=w[0], card=card)


def _fast_meld(w: _Words, line: int, column: int) -> Event | None:
    try:
        cards = tuple([_TABLE[x] for x in w[2:]])
    except KeyError:
        return None
    return Meld(line=line, column=column, player=w[0], cards=cards) if cards else None


def _fast_attach(w: _Words, line: int, column: int) -> Event | None:
    if len(w) < 5 or w[-2] != "to" or not _is_number(w[-1]):
        return None
    try:
        cards = tuple([_TABLE[x] for x in w[2:-2]])
    except KeyError:
        return None
    return Attach(line=line, column=column, player=w[0], cards=cards, meld=int(w[-1]))


def _fast_swap(w: _Words, line: int, column: int) -> Event | None:
    if len(w) != 5 or w[3] != "in" or not _is_number(w[4]) or w[2] not in _CARD:
        return None
    return Swap(line=line, column=column, player=w[0], card=_CARD[w[2]], meld=int(w[4]))


def _fast_cards(w: _Words, first: int) -> tuple[Card, ...] | None:
    try:
        return tuple([_CARD[x] for x in w[first:]])
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
    cards = _fast_cards(w, 2) if len(w) >= 2 and _is_name(w[1]) else None
    return None if cards is None else Deal(line=line, column=column, player=w[1], cards=cards)


def _fast_upcard(w: _Words, line: int, column: int) -> Event | None:
    card = _CARD.get(w[1]) if len(w) == 2 else None
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


_FAST_LINES = {"hand": _fast_hand, "dealer": _fast_dealer, "deal": _fast_deal,
               "upcard": _fast_upcard, "stock": _fast_stock, "reshuffle": _fast_reshuffle,
               "score": _fast_score}
_FAST_VERBS = {"draw": _one_card(Draw), "take": _fast_take, "meld": _fast_meld,
               "attach": _fast_attach, "swap": _fast_swap, "discard": _one_card(Discard)}


def _fast_event(line: str, number: int) -> Event | None:
    """The event of a plain line, ``_BLANK`` for nothing, None to leave it to Lark."""
    if '"' in line:
        return None
    if "#" in line:
        line = line.partition("#")[0]
    if ";" in line:
        line = line.partition(";")[0]
    w = line.split()
    if not w:
        return _BLANK
    column = 1 if line[0] not in " \t" else len(line) - len(line.lstrip(" \t")) + 1
    build: _Builder | None = _FAST_LINES.get(w[0])
    if build is None:
        build = _FAST_VERBS.get(w[1]) if len(w) > 1 else None
        if build is None or (w[0] not in _known_names and not _is_name(w[0])):
            return None
    return build(w, number, column)


# --- syntax errors in words ----------------------------------------------------------

_TERMINAL_WORDS = {
    "CARD": "a card like 7H or JK", "CARDS": "cards like 7H 10S JK",
    "MCARDS": "cards like 7H 8H JK(9H)", "PLAYER": "a player name", "NAME": "a tag name",
    "STRING": 'a quoted value like "Anna"', "RSQB": "']'", "NUMBER": "a number",
    "POINTS": "a number of points", "_TO": "'to'", "_IN": "'in'", "LSQB": "a header tag",
    "_NL": "the end of the line", "$END": "the end of the line",
}
_VERB_TERMINALS = frozenset("_" + v.upper() for v in _VERBS)
_CARD_TERMINALS = frozenset({"CARD", "CARDS", "MCARDS"})
_ONE_CARD = frozenset({"draw", "take", "discard", "upcard"})
_VERB_LIST = "draw, take, meld, attach, swap or discard"
_LINE_START = "a line starts with a player name, a keyword (hand, dealer, deal, upcard, " \
    "stock, reshuffle, score) or a header tag like [Players \"Anna\" \"Bruno\"]"


def _words(text: str) -> list[re.Match[str]]:
    """The words of a line as the reader sees them, up to a comment."""
    found = []
    for match in _WORD.finditer(text):
        if match.group() in (";", "#"):
            break
        found.append(match)
    return found


def _in_words(names: set[str]) -> str:
    phrases = [_TERMINAL_WORDS.get(n, f"'{n.lower()}'") for n in sorted(names)]
    unique = list(dict.fromkeys(phrases))
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " or " + unique[-1]


def _not_a_card(word: str, declarations: bool) -> str:
    if "(" in word and not declarations:
        return f"'{word}': a joker declares the card it stands for only in meld or attach"
    try:
        parse_card(word)
    except CardError as exc:
        return str(exc)
    return f"unexpected card '{word}'"


def _message(expected: set[str], found: str, prev: str, verb: str) -> str:
    """What went wrong, in words, from what Lark expected and the words around it."""
    expected = expected - {"WS", "COMMENT"}
    after = f" after '{prev}'" if prev else ""
    card_ish = found[:1] in set("0123456789AaTtJjQqKk*") and found not in ("to", "in")
    if expected <= _VERB_TERMINALS:
        if prev.lower() in _LINE_KEYWORDS:
            return f"keywords are lower case: write '{prev.lower()}', not '{prev}'"
        if not found:
            return f"expected a verb{after}: {_VERB_LIST}"
        if found.lower() in _VERBS:
            return f"keywords are lower case: write '{found.lower()}', not '{found}'"
        return f"unknown verb '{found}': expected {_VERB_LIST}"
    if found and (expected & _CARD_TERMINALS or (verb in ("deal", "stock", "meld", "attach")
                                                 and card_ish and "NUMBER" not in expected)):
        return _not_a_card(found, declarations=verb in ("meld", "attach"))
    shown = f", found '{found}'" if found else ""
    if expected == {"NUMBER"}:
        return f"expected {'a hand' if prev == 'hand' else 'a meld'} number{after}{shown}"
    if "RSQB" in expected:
        if not found:
            return "the tag is not closed: expected ']'"
        return f"tag values must be quoted, like [Date \"2026-11-12\"]{shown}"
    if not found:
        hint = " (only 'take' may leave out its card)" if prev == "draw" else ""
        return f"expected {_in_words(expected)}{after}{hint}"
    if "LSQB" in expected:
        return f"unexpected '{found}': {_LINE_START}"
    if expected <= {"_NL", "$END"} and card_ish and verb in _ONE_CARD:
        return f"unexpected '{found}': '{verb}' takes one card"
    return f"unexpected '{found}'{after}: expected {_in_words(expected)}"


def _explain(exc: Exception, text: str) -> tuple[int, str]:
    """The column and message of a parse error on the line ``text``."""
    if isinstance(exc, _LineError):
        return exc.column, exc.message
    words = _words(text)
    if isinstance(exc, UnexpectedToken) and exc.token.type in ("_NL", "$END"):
        column = words[-1].end() + 1 if words else 1
        found, expected = "", set(exc.expected)
    elif isinstance(exc, UnexpectedToken):
        column, expected = exc.column, set(exc.expected)
        match = _WORD.match(text, column - 1)
        found = match.group() if match else str(exc.token)
    else:
        column = getattr(exc, "column", 1)
        column = column if isinstance(column, int) and column > 0 else 1
        char = text[column - 1:column] or "end of line"
        if char == '"':
            return column, "unterminated quoted string: a closing \" is missing"
        allowed = set(getattr(exc, "allowed", None) or ()) - {"WS", "COMMENT"}
        if "LSQB" in allowed:
            return column, f"unexpected character {char!r}: {_LINE_START}"
        return column, f"unexpected character {char!r}: expected {_in_words(allowed)}"
    before = [w.group() for w in words if w.end() < column]
    prev = before[-1] if before else ""
    heads = [w.group() for w in words[:2]]
    verb = heads[0] if heads and heads[0] in _LINE_KEYWORDS else heads[-1] if heads else ""
    return column, _message(expected, found, prev, verb)


# --- driving the parse: runs, recovery, games ---------------------------------------------


def _parse_run(lines: list[str], start: int, stop: int, sink: list[Event]) -> Problem | None:
    """Parse ``lines[start:stop]`` with Lark into ``sink``; the first error, if any.

    Events before the error stay in ``sink``: each is appended when its line is reduced.
    """
    parser, builder = _lark()
    with _LOCK, _gc_paused():
        builder.sink, builder.offset = sink, start
        try:
            parser.parse("\n".join(lines[start:stop]) + "\n")
            return None
        except Exception as raised:  # no input may crash the parser
            exc = raised.orig_exc if isinstance(raised, VisitError) else raised
            line = _error_line(exc, start, stop)
        finally:
            builder.sink = []
    text = lines[line - 1].rstrip("\r")
    if isinstance(exc, (UnexpectedInput, _LineError)):
        column, message = _explain(exc, text)
    else:  # pragma: no cover - a bug in a callback, reported rather than raised
        column, message = 1, f"this line could not be read ({type(exc).__name__})"
    return Problem(code=Code.SYNTAX_ERROR, message=message, line=line, column=column,
                   context=text)


def _error_line(exc: BaseException, start: int, stop: int) -> int:
    """The 1-based file line of an error raised while parsing ``lines[start:stop]``."""
    if isinstance(exc, _LineError):
        return exc.line
    relative = getattr(exc, "line", None)
    if not isinstance(relative, int) or relative < 1:
        relative = 1
    return min(start + relative, stop)


class _Games:
    """Cuts the event stream into games and numbers them.

    A game starts at a header tag that follows a non-tag event. The marker of an
    unreadable tag line counts as a tag; other markers count neither way. A game of
    markers only is no game: its errors are still reported.
    """

    def __init__(self) -> None:
        self.events: list[Event] = []  # the open game; the same list all along
        self.problems: dict[int, Problem] = {}  # by id of the marker in the open game
        self.header_markers: set[int] = set()  # ids of markers of broken tag lines
        self.header = False  # the last event that counts was a tag
        self.count = 0

    def mark(self, marker: Unparsed, problem: Problem, header: bool) -> None:
        self.problems[id(marker)] = problem
        if header:
            self.header_markers.add(id(marker))
        self.events.append(marker)

    def split_new(self, start: int) -> Iterator[GameLog | Problem]:
        """Check events appended since ``start`` for tags that begin a new game."""
        events, i = self.events, start
        while i < len(events):
            event = events[i]
            if type(event) is Tag or id(event) in self.header_markers:
                if not self.header and i > 0:
                    yield from self.close(i)
                    i = 0
                self.header = True
            elif type(event) is not Unparsed:
                self.header = False
            i += 1

    def close(self, stop: int | None = None) -> Iterator[GameLog | Problem]:
        """Emit the open game up to ``stop`` (all of it by default), then its errors."""
        done = self.events[:stop]
        del self.events[:stop]
        markers = [id(e) for e in done if type(e) is Unparsed]
        if len(markers) < len(done):
            self.count += 1
            yield GameLog(index=self.count, line=done[0].line, last_line=done[-1].line,
                          events=tuple(done))
        self.header_markers.difference_update(markers)
        yield from (self.problems.pop(m) for m in markers)


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector while events are built.

    Hundreds of thousands of small events, none in a cycle, would otherwise set off
    full collections that find nothing and take half the parse time. Never held across
    a ``yield`` to the caller.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _fast_run(lines: list[str], start: int, stop: int, append: Callable[[Event], None]) -> int:
    """Append the events of plain lines from ``start`` on; the index of the first other."""
    fast, blank = _fast_event, _BLANK
    with _gc_paused():
        for i in range(start, stop):
            event = fast(lines[i], i + 1)
            if event is None:
                return i
            if event is not blank:
                append(event)
    return stop


def _fast_path_safe(text: str) -> bool:
    """True when ``str.split`` cuts the lines of ``text`` where the grammar does."""
    if not text.isascii():
        return _ODD_SPACE.search(text) is None
    return not any(c in text for c in "\x0b\x0c\x1c\x1d\x1e\x1f") and \
        text.count("\r") == text.count("\r\n")


def iter_games(text: str, *, fast_path: bool = True) -> Iterator[GameLog | Problem]:
    """The games of a log in file order, each followed by the syntax errors inside it.

    ``fast_path=False`` parses every line with the grammar; the result is the same.
    """
    lines = text.split("\n")
    count = len(lines) - 1 if lines[-1] == "" else len(lines)
    fast = fast_path and _fast_path_safe(text)
    games = _Games()
    events = games.events
    append = events.append
    i, run = 0, _MAX_RUN
    while i < count:
        if fast:
            before = len(events)
            i = _fast_run(lines, i, count, append)
            games.header = games.header and len(events) == before
            if i == count:
                break
        stop, held = i + 1, None
        while stop < count and stop - i < run:
            held = _fast_event(lines[stop], stop + 1) if fast else None
            if held is not None:
                break
            stop += 1
        first = len(events)
        problem = _parse_run(lines, i, stop, events)
        yield from games.split_new(first)
        if problem is None:
            if held is not None and held is not _BLANK:
                append(held)
                games.header = False
            i, run = stop + (held is not None), min(run * 4, _MAX_RUN)
            continue
        i, run = problem.line, _MIN_RUN  # keep the work lost on the next error small
        while i < count and _BOUNDARY.match(lines[i]) is None:
            i += 1
        marker = Unparsed(line=problem.line, column=problem.column, end_line=i)
        games.mark(marker, problem, header=lines[problem.line - 1].lstrip(" \t")[:1] == "[")
        yield from games.split_new(len(events) - 1)
    yield from games.close()


@dataclass(frozen=True, slots=True)
class ParsedLog:
    """A whole file: its games, and the syntax errors found while reading them."""

    games: tuple[GameLog, ...]
    errors: tuple[Problem, ...]


def parse_text(text: str, *, fast_path: bool = True) -> ParsedLog:
    """Parse a whole log. Never raises: every problem of the text is in ``errors``."""
    games: list[GameLog] = []
    errors: list[Problem] = []
    for item in iter_games(text, fast_path=fast_path):
        if isinstance(item, GameLog):
            games.append(item)
        else:
            errors.append(item)
    return ParsedLog(games=tuple(games), errors=tuple(errors))


def decode_log(data: bytes) -> str | Problem:
    """The text of a log file: UTF-8, a leading byte-order mark dropped.

    Invalid UTF-8 is a file error pointing at the first bad byte, by line, column
    (in characters) and byte offset, so it can be found in any editor.
    """
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        return data[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = bom + exc.start
    line_start = max(data.rfind(b"\n", 0, offset) + 1, bom)
    line_end = data.find(b"\n", offset)
    line_end = len(data) if line_end < 0 else line_end
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    context = data[line_start:line_end].decode("utf-8", errors="replace").rstrip("\r")
    return Problem(code=Code.BAD_ENCODING, line=data.count(b"\n", 0, offset) + 1,
                   column=column, context=context,
                   message=f"invalid UTF-8 at byte offset {offset} (byte 0x{data[offset]:02X})")
