"""The grammar's callbacks: each line Lark reduces becomes its event at once, no tree.

Lark's LALR parser calls one method of :class:`EventBuilder` a rule of
``grammar/scala40.lark``; the method builds the event of that line from its tokens and
appends it to ``sink``. The cards are read through the same tables as the fast path
(:mod:`scala40cli.reading.fastlines`), so both paths agree on every card by construction.
A token the grammar accepts but the log format does not (a number of ten digits, a
declaration by a card that is no joker) raises a :class:`LineError` in words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from lark import Token, Transformer

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
from scala40cli.reading.fastlines import (
    CARD,
    JOKERS,
    TABLE,
    UNKNOWN_CARD,
    dealt_cards,
    player_name,
)
from scala40cli.reading.syntax_errors import LineError


def _int(token: Token, offset: int) -> int:
    """A number of at most nine digits: larger ones are typing mistakes."""
    if len(token.lstrip("-")) > 9:
        line, column = cast(int, token.line) + offset, cast(int, token.column)
        raise LineError(line, column, f"'{token}' is too large a number")
    return int(token)


def _table_cards(token: Token, offset: int) -> tuple[TableCard, ...]:
    """The meld cards of one MCARDS token; a declaration only a joker may make."""
    try:
        return tuple([TABLE[code] for code in token.split()])
    except KeyError:
        pass
    for code in token.split():
        if code not in TABLE:
            line, column = cast(int, token.line) + offset, cast(int, token.column)
            column += token.index(code)
            if code.startswith(JOKERS):
                raise LineError(line, column, f"'{code}': a joker cannot stand for a joker")
            raise LineError(line, column,
                            f"'{code}': only a joker may declare the card it stands for")
    raise AssertionError("unreachable")  # pragma: no cover


class EventBuilder(Transformer[Token, None]):
    """LALR callbacks: each appends its event to ``sink`` as soon as its line is reduced.

    ``offset`` is the number of lines before the text Lark is given, so events carry
    their line in the file. One instance serves every parse, under the lock of
    :mod:`scala40cli.reading.lark_parser`.
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
        self._add(Tag, c[0], name=str(c[1]), values=tuple(player_name(v) for v in c[2:]))

    def hand(self, c: list[Token]) -> None:
        self._add(HandStart, c[0], number=_int(c[1], self.offset))

    def dealer(self, c: list[Token]) -> None:
        self._add(Dealer, c[0], player=player_name(c[1]))

    def deal(self, c: list[Token]) -> None:
        cards = dealt_cards(c[2].split()) if len(c) > 2 else ()
        assert cards is not None  # the DEALT terminal holds only cards and ?
        self._add(Deal, c[0], player=player_name(c[1]), cards=cards)

    def upcard(self, c: list[Token]) -> None:
        self._add(Upcard, c[0], card=CARD[c[1]])

    def stock(self, c: list[Token]) -> None:
        self._add(Stock, c[0], cards=tuple([CARD[x] for x in c[1].split()]) if c[1:] else ())

    def reshuffle(self, c: list[Token]) -> None:
        self._add(Reshuffle, c[0])

    def score(self, c: list[Token]) -> None:
        pairs = tuple((player_name(c[i]), _int(c[i + 1], self.offset)) for i in range(1, len(c), 2))
        self._add(Score, c[0], entries=pairs)

    def draw(self, c: list[Token]) -> None:
        card = None if c[1] == UNKNOWN_CARD else CARD[c[1]]
        self._add(Draw, c[0], player=player_name(c[0]), card=card)

    def take(self, c: list[Token]) -> None:
        self._add(Take, c[0], player=player_name(c[0]), card=CARD[c[1]] if c[1:] else None)

    def meld(self, c: list[Token]) -> None:
        self._add(Meld, c[0], player=player_name(c[0]), cards=_table_cards(c[1], self.offset))

    def attach(self, c: list[Token]) -> None:
        cards = _table_cards(c[1], self.offset)
        self._add(Attach, c[0], player=player_name(c[0]), cards=cards, meld=_int(c[2], self.offset))

    def swap(self, c: list[Token]) -> None:
        meld = _int(c[2], self.offset)
        self._add(Swap, c[0], player=player_name(c[0]), card=CARD[c[1]], meld=meld)

    def buy(self, c: list[Token]) -> None:
        self._add(Buy, c[0], player=player_name(c[0]), card=CARD[c[1]])

    def discard(self, c: list[Token]) -> None:
        self._add(Discard, c[0], player=player_name(c[0]), card=CARD[c[1]])

