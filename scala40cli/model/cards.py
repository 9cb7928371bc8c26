"""Cards of the Scala 40 deck: two French 52-card decks plus jokers.

A card is a value object with a rank and a suit; the joker has neither. There are
only 53 distinct cards, so every card is interned: ``parse_card("10s") is
parse_card("TS")`` holds, comparisons are cheap and the referee can keep hands as
``Counter[Card]`` multisets (the two copies of a card are not told apart).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final


class Suit(StrEnum):
    """The four French suits; the value is the letter used in game logs."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


class Rank(IntEnum):
    """Card ranks. The ace is 1 here; as the top of a run it sits at position 14."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13


#: The position of an ace placed above the king in a run (Q-K-A).
HIGH_ACE: Final = 14

#: Enum members bound once: on Python 3.11 reading one off its class costs 0.45 us
#: (``EnumType.__getattr__`` routes every class attribute through Python), more than
#: the checks made with it at every card.
_ACE: Final = Rank.ACE
_JACK: Final = Rank.JACK

RANK_CODES: Final[dict[Rank, str]] = {
    Rank.ACE: "A", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5",
    Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10",
    Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K",
}

_RANK_SPELLINGS: Final[dict[str, Rank]] = {code: rank for rank, code in RANK_CODES.items()}
_RANK_SPELLINGS["T"] = Rank.TEN
_SUIT_SPELLINGS: Final[dict[str, Suit]] = {suit.value: suit for suit in Suit}
_SUIT_SPELLINGS.update({"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS})


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. ``rank`` and ``suit`` are None for the joker.

    Do not build cards directly: use :func:`parse_card`, :func:`card` or
    :data:`JOKER`, which return the interned instances. Interning makes equality
    identity (``eq=False``): hashing a card in the referee's multisets is then as cheap
    as hashing an object, which the replay does millions of times. Pickling keeps the
    interning (see ``__reduce__``), so cards cross process boundaries intact.
    """

    rank: Rank | None
    suit: Suit | None

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def code(self) -> str:
        """The canonical spelling in logs and reports: ``10S``, ``AH``, ``JK``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return RANK_CODES[self.rank] + self.suit.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (self.code,))


JOKER: Final = Card(None, None)

#: Keyed by rank and suit, which equal (and hash as) their int and letter.
_INTERNED: Final[dict[tuple[int, str], Card]] = {
    (rank, suit): Card(rank, suit) for suit in Suit for rank in Rank
}

#: Every natural card once, suit by suit, ace to king.
NATURAL_CARDS: Final[tuple[Card, ...]] = tuple(_INTERNED.values())


def card(rank: Rank | int, suit: Suit | str) -> Card:
    """The interned natural card of this rank and suit.

    Looked up as given: a Rank equals its int and a Suit its letter, so the key needs
    no conversion (an enum call runs in Python, and melds ask this for every card of
    a run they complete). Only a key that is not found is converted, so that a wrong
    rank or suit raises ValueError, not KeyError."""
    found = _INTERNED.get((rank, suit))
    if found is None:
        found = _INTERNED[(Rank(rank), Suit(suit))]
    return found


def _build_spellings() -> dict[str, Card]:
    spellings: dict[str, Card] = {"JK": JOKER, "*": JOKER}
    for rank_code, rank in _RANK_SPELLINGS.items():
        for suit_code, suit in _SUIT_SPELLINGS.items():
            spellings[(rank_code + suit_code).upper()] = _INTERNED[(rank, suit)]
    return spellings


_SPELLINGS: Final = _build_spellings()


class CardError(ValueError):
    """A card code that names no card (``1Z``, ``11H``)."""


def parse_card(text: str) -> Card:
    """Parse a card code in any spelling the log format allows (case-insensitive).

    >>> parse_card("10s") is parse_card("TS") is parse_card("10♠")
    True
    >>> parse_card("jk").is_joker
    True
    """
    found = _SPELLINGS.get(text.upper())
    if found is None:
        raise CardError(f"{text!r} is not a card: expected a rank (A 2-10 J Q K) "
                        "and a suit (S H D C), or JK")
    return found


def rank_points(rank: int) -> int:
    """Points of a rank at a run position or in a set: ace low 1, high (14) 11, J Q K 10.

    Used for opening values, where the ace is worth 1 in A-2-3 and 11 above the king
    or in a set of aces (the caller passes 14 for those).
    """
    if rank == HIGH_ACE:
        return 11
    return 10 if rank >= _JACK else rank


def penalty_points(c: Card, ace_points: int = 11) -> int:
    """What a card left in hand costs: joker 25, ace ``ace_points``, J Q K 10, else face."""
    if c.rank is None:
        return 25
    if c.rank is _ACE:
        return ace_points
    return 10 if c.rank >= _JACK else int(c.rank)
