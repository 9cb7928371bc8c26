"""The melds on the table as values: a :class:`Run` or a :class:`Group`.

A group is a set of one rank, called so not to clash with Python's ``set``. Both are
immutable values (their attributes are ``Final``: attaching or swapping makes a new
meld, :mod:`scala40cli.judging.tabletop.melds` says which), equal when their cards are.

They are plain classes with their own ``__init__``, not dataclasses: mypyc compiles an
``__init__`` written out, while a dataclass's is made by Python at run time (1.7 us a
meld in the compiled referee, against 0.1 us).
"""

from __future__ import annotations

from typing import Final

from scala40cli.model.cards import HIGH_ACE, JOKER, Card, Rank, Suit, card


class Run:
    """Consecutive cards of one suit; ``cards[i]`` sits at position ``low + i``."""

    def __init__(self, suit: Suit, low: int, cards: tuple[Card, ...]) -> None:
        self.suit: Final = suit
        self.low: Final = low
        self.cards: Final = cards

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    @property
    def joker_position(self) -> int | None:
        cards = self.cards
        return self.low + cards.index(JOKER) if JOKER in cards else None

    @property
    def joker_count(self) -> int:
        return self.cards.count(JOKER)  # (cards are interned: the joker is JOKER)

    def card_at(self, position: int) -> Card:
        """The natural card that belongs at a run position (14 is the ace)."""
        return card(Rank.ACE if position == HIGH_ACE else position, self.suit)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Run) and self.low == other.low \
            and self.suit is other.suit and self.cards == other.cards

    def __hash__(self) -> int:
        return hash((self.suit, self.low, self.cards))

    def __repr__(self) -> str:
        return f"Run(suit={self.suit!r}, low={self.low!r}, cards={self.cards!r})"

    def __str__(self) -> str:
        return " ".join(_run_code(self, i) for i in range(len(self.cards)))


class Group:
    """Three or four cards of one rank in different suits (a tris or poker).

    ``declared`` is the suit the group's joker said it stands for, if it said so.
    """

    def __init__(self, rank: Rank, suits: tuple[Suit, ...], jokers: int = 0,
                 declared: Suit | None = None) -> None:
        self.rank: Final = rank
        self.suits: Final = suits
        self.jokers: Final = jokers
        self.declared: Final = declared

    @property
    def size(self) -> int:
        return len(self.suits) + self.jokers

    @property
    def joker_count(self) -> int:
        return self.jokers

    def missing_suits(self) -> tuple[Suit, ...]:
        return tuple(s for s in Suit if s not in self.suits)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Group) and self.rank is other.rank \
            and self.suits == other.suits and self.jokers == other.jokers \
            and self.declared is other.declared

    def __hash__(self) -> int:
        return hash((self.rank, self.suits, self.jokers, self.declared))

    def __repr__(self) -> str:
        return (f"Group(rank={self.rank!r}, suits={self.suits!r}, jokers={self.jokers!r}, "
                f"declared={self.declared!r})")

    def __str__(self) -> str:
        naturals = [card(self.rank, s).code for s in self.suits]
        joker = ["JK" if self.declared is None else f"JK({card(self.rank, self.declared).code})"]
        return " ".join(naturals + joker * self.jokers)


Meld = Run | Group


def _run_code(run: Run, index: int) -> str:
    c = run.cards[index]
    if c.is_joker:
        return f"JK({run.card_at(run.low + index).code})"
    return c.code
