"""What the table is after one line: a snapshot of the referee's own state, as values.

:func:`snapshot` reads a :class:`~scala40cli.judging.match.referee.MatchReferee` between two
lines (see :mod:`scala40cli.viewing.stepping`) and copies what a person looks at: each
player's cards (seen, and how many unseen), the melds numbered as ``attach ... to N``
counts them, the discard pile, the stock, the totals. It copies, it does not judge:
every value here is one the referee holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scala40cli.judging.hands.hand import HandReferee
from scala40cli.judging.hands.phases import Phase
from scala40cli.judging.match.referee import MatchReferee
from scala40cli.judging.tabletop.meld_values import Group, Meld, Run
from scala40cli.model.cards import Card, Suit, card

#: The order cards are shown in a hand: suits alternating in colour, ace to king, jokers last.
SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player at the table: the cards seen in their hand and how many are unknown."""

    name: str
    hand: tuple[str, ...]
    unknown: int
    opened: bool
    total: int
    #: Out of the match (eliminated), or not dealt into this hand.
    out: bool

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "hand": list(self.hand), "unknown": self.unknown,
                "opened": self.opened, "total": self.total, "out": self.out}


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table. ``jokers`` says what each joker stands for, in the order the
    jokers are laid: a card code, or for a set's joker that did not say its suit, the
    cards it may be, joined by ``|``. A meld the referee refused (invalid when laid) is
    kept in the count, with the cards as written."""

    number: int
    owner: str
    cards: tuple[str, ...]
    jokers: tuple[str, ...]
    refused: bool

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "owner": self.owner, "cards": list(self.cards),
                "jokers": list(self.jokers), "refused": self.refused}


@dataclass(frozen=True, slots=True)
class TableView:
    """The table after a line (see the module docstring). ``hand`` is None before the
    first hand line; ``turn`` is whose turn it is while the hand is played."""

    hand: int | None
    phase: str
    dealer: str | None
    turn: str | None
    players: tuple[PlayerView, ...]
    melds: tuple[MeldView, ...]
    pile: tuple[str, ...]
    stock_count: int
    stock_known: tuple[str, ...] | None

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "phase": self.phase, "dealer": self.dealer,
                "turn": self.turn, "players": [p.to_json() for p in self.players],
                "melds": [m.to_json() for m in self.melds], "pile": list(self.pile),
                "stock": {"count": self.stock_count,
                          "known": None if self.stock_known is None
                          else list(self.stock_known)}}


def sort_key(c: Card) -> tuple[int, int]:
    if c.rank is None or c.suit is None:
        return (9, 0)
    return (SUIT_ORDER[c.suit], int(c.rank))


def sorted_codes(counts: Mapping[Card, int]) -> tuple[str, ...]:
    """The cards of a multiset in the order a hand is shown, each as often as held."""
    return tuple(c.code for c in sorted(counts, key=sort_key)
                 for _ in range(max(counts[c], 0)))


def meld_view(number: int, owner: str, meld: Meld | None,
              written: Sequence[str]) -> MeldView:
    """A meld as shown: its cards and what its jokers stand for (``written``: the cards
    as the log laid them, shown for a meld the referee refused)."""
    if meld is None:  # as written: ``JK(6D)`` is a joker said to stand for the 6D
        cards = tuple(code.partition("(")[0] for code in written)
        said = tuple(code.partition("(")[2].rstrip(")") for code in written if "(" in code)
        return MeldView(number, owner, cards, said, True)
    if isinstance(meld, Run):
        jokers = tuple(meld.card_at(meld.low + i).code
                       for i, c in enumerate(meld.cards) if c.is_joker)
        return MeldView(number, owner, tuple(c.code for c in meld.cards), jokers, False)
    return MeldView(number, owner, group_cards(meld), group_jokers(meld), False)


def group_cards(group: Group) -> tuple[str, ...]:
    return tuple(card(group.rank, s).code for s in group.suits) + ("JK",) * group.jokers


def group_jokers(group: Group) -> tuple[str, ...]:
    if group.declared is not None:
        return (card(group.rank, group.declared).code,) * group.jokers
    could_be = "|".join(card(group.rank, s).code for s in group.missing_suits())
    return (could_be,) * group.jokers


def snapshot(referee: MatchReferee, laid: Mapping[int, tuple[str, ...]],
             deck_size: int) -> TableView:
    """The table as ``referee`` holds it now. ``laid``: the cards of each meld as
    written, by its index (for the melds the referee refused); ``deck_size``: the cards
    of the game's deck, to count the stock while the deal is written."""
    hand = referee.hand
    totals = referee.standings.totals
    still_in = set(referee.standings.still_in)
    if hand is None:
        players = tuple(PlayerView(name, (), 0, False, totals.get(name, 0),
                                   name not in still_in) for name in referee.players)
        return TableView(None, Phase.NO_HAND.value, None, None, players, (), (), 0, None)
    if hand.phase is Phase.SETUP and hand.setup is not None:
        return _setup_view(referee, hand, deck_size)
    # out: not dealt in this hand (a score-only hand deals no cards, but its players),
    # or put out by this hand's score line once it is read;
    # opened: never known of a score-only hand (the referee counts nobody as unopened)
    ended = hand.phase is Phase.ENDED
    players = tuple(_player(name, hand.hands, hand.unknown,
                            name in hand.opened and not hand.paper,
                            totals.get(name, 0),
                            (name not in hand.hands and name not in hand.order)
                            or (ended and name not in still_in))
                    for name in referee.players)
    melds = tuple(meld_view(i + 1, hand.owners[i] if i < len(hand.owners) else "?", m,
                            laid.get(i, ())) for i, m in enumerate(hand.table))
    order = hand.stock_order
    return TableView(
        hand.number, hand.phase.value, hand.dealer,
        hand.current if hand.phase is Phase.PLAY and hand.current else None,
        players, melds, tuple(c.code for c in hand.discard_pile), max(hand.stock_count, 0),
        None if order is None else tuple(c.code for c in reversed(order)))


def _player(name: str, hands: Mapping[str, Counter[Card]], unknown: Mapping[str, int],
            opened: bool, total: int, out: bool) -> PlayerView:
    seen = hands.get(name)
    return PlayerView(name, sorted_codes(seen) if seen else (), max(unknown.get(name, 0), 0),
                      opened, total, out)


def _setup_view(referee: MatchReferee, hand: HandReferee, deck_size: int) -> TableView:
    """While the deal is written, the cards dealt so far are the deal checker's."""
    setup = hand.setup
    assert setup is not None
    totals = referee.standings.totals
    players = tuple(_player(name, setup.hands, setup.unknown, False, totals.get(name, 0),
                            name not in setup.still_in) for name in referee.players)
    pile = () if setup.upcard is None else (setup.upcard.code,)
    dealt = sum(sum(h.values()) for h in setup.hands.values()) + sum(setup.unknown.values())
    stock_line = setup.stock_line
    known = None if stock_line is None else tuple(c.code for c in stock_line.cards)
    return TableView(hand.number, hand.phase.value, setup.dealer, None, players, (), pile,
                     max(deck_size - dealt - len(pile), 0), known)
