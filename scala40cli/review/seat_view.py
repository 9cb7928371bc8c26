"""A seat's view of the table at a line of a recorded log, from what that seat saw.

A review weighs a decision from the seat's information only, as the seat had it when
it decided: the :class:`~scala40cli.simulate.view.PlayerView` a bot is given at the
simulator's table. Here it is rebuilt from a log: the table (melds, pile, stock, every
hand's size, who opened, the totals) is read off the referee judging the log a line at
a time (:mod:`scala40cli.review.walk`), and what the table did in the open (the moves
of the hand, each draw without its card, which only its drawer saw) is kept by a
:class:`HandWatch` from the lines themselves. The seat's own cards are the referee's;
nobody else's cards are read.

The view is refused (:class:`Uncertain`) where the referee's table is a guess: after
a violation that left a part of the hand uncertain (the one-mistake rule's doubts), a
meld the referee refused on the table, cards of the seat the log does not show, or
cards that do not add up to the deck.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from scala40cli.judging.hands.deal import game_deck
from scala40cli.judging.hands.hand import HandReferee
from scala40cli.judging.match.referee import MatchReferee
from scala40cli.model.cards import Card
from scala40cli.reading.events import Buy, Discard, Draw, Event, Take
from scala40cli.simulate.fitting import meld_cards
from scala40cli.simulate.search import sorted_cards
from scala40cli.simulate.sightings import Sightings
from scala40cli.simulate.view import PlayerView


class Uncertain(Exception):
    """The seat's view cannot be trusted at this line; the message says why."""


@dataclass(slots=True)
class HandWatch:
    """What everybody saw of one hand so far: its moves (a draw without its card), the
    cards each player took or bought and discarded, who finished a turn, and the
    number of the turn being played (each player's turn counts; a buy is played in the
    turn of the discard it buys)."""

    seen: list[Event] = field(default_factory=list)
    #: The hand's events as the log writes them, the upcard and reshuffles included,
    #: for the :class:`~scala40cli.simulate.sightings.Sightings` of the cards seen held.
    public: list[Event] = field(default_factory=list)
    taken: dict[str, list[Card]] = field(default_factory=dict)
    discarded: dict[str, list[Card]] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)
    turns: int = 0

    def saw(self, event: Event, taken: Card | None = None) -> None:
        """A line of play was judged (``taken``: the card a take or a buy brought in,
        as the referee read it)."""
        self.public.append(event)
        if isinstance(event, Draw):
            event = Draw(line=event.line, column=event.column, player=event.player,
                         card=None)
        elif isinstance(event, (Take, Buy)) and taken is not None:
            self.taken.setdefault(event.player, []).append(taken)
        elif isinstance(event, Discard):
            self.discarded.setdefault(event.player, []).append(event.card)
            self.finished.add(event.player)
        self.seen.append(event)


@dataclass(frozen=True, slots=True, kw_only=True)
class Moment:
    """Where the seat stands in its turn: what it drew or took in it, and whether it
    is buying the discard out of turn."""

    opened_before: bool
    drawn: Card | None = None
    taken_now: Card | None = None
    buying: bool = False


def seat_view(referee: MatchReferee, seat: str, watch: HandWatch, moment: Moment
              ) -> PlayerView:
    """The seat's view of the table the referee holds now (see the module docstring)."""
    hand = referee.hand
    if hand is None:
        raise Uncertain("no hand is being played")
    _check_trusted(hand, seat)
    table = tuple(m for m in hand.table if m is not None)
    own = hand.hands.get(seat)
    sightings = Sightings(watch.public, 0)
    view = PlayerView(
        me=seat, rules=referee.rules, players=referee.players, order=hand.order,
        dealer=hand.dealer or "", hand_number=hand.number,
        hand=tuple(sorted_cards(own.elements())) if own else (), table=table,
        owners=tuple(hand.owners[:len(table)]), discard_pile=tuple(hand.discard_pile),
        stock_size=max(hand.stock_count, 0), reshuffles=hand.reshuffles,
        hand_sizes=MappingProxyType({p: hand.size(p) for p in hand.order}),
        opened=_opened(hand, seat), played=frozenset(watch.finished),
        taken=_frozen(watch.taken), discarded=_frozen(watch.discarded),
        totals=MappingProxyType(dict(referee.standings.totals)),
        partners=_partners(referee, seat), turns=watch.turns,
        opened_before=moment.opened_before, drawn=moment.drawn,
        taken_now=moment.taken_now, buying=moment.buying, seen=tuple(watch.seen),
        held=MappingProxyType(sightings.held()), turned=sightings.turned())
    _check_balance(view)
    return view


def _opened(hand: HandReferee, seat: str) -> frozenset[str]:
    """Who has opened, a buyer whose buy opened included: the referee ends a buy's turn
    at the next player's line, the table saw it end with the buyer's last play."""
    turn = hand.turn
    if turn is not None and turn.player != seat and turn.opening:
        return frozenset({*hand.opened, turn.player})
    return frozenset(hand.opened)


def _check_trusted(hand: HandReferee, seat: str) -> None:
    doubts = hand.doubts
    cause = (doubts.everything or doubts.hands.get(seat) or doubts.pile or doubts.stock
             or doubts.turn or next(iter(doubts.hands.values()), None))
    if cause is not None:
        raise Uncertain(f"the table is uncertain after the violation on line {cause.line}")
    if any(m is None for m in hand.table):
        raise Uncertain("a meld the referee refused is on the table")
    if hand.unknown.get(seat, 0) > 0:
        raise Uncertain(f"the log does not show all of {seat}'s cards")
    if seat not in hand.order:
        raise Uncertain(f"{seat} is not dealt in")


def _check_balance(view: PlayerView) -> None:
    """Every card of the deck is somewhere: in the seat's hand, another hand, the
    stock, the pile or a meld."""
    on_table = sum(len(meld_cards(m)) for m in view.table)
    placed = (sum(view.hand_sizes.values()) + view.stock_size + len(view.discard_pile)
              + on_table)
    deck = game_deck(view.rules).total()
    if placed != deck or view.hand_sizes.get(view.me, 0) != len(view.hand):
        raise Uncertain(f"the cards do not add up: {placed} placed of a deck of {deck}")


def _frozen(cards: Mapping[str, list[Card]]) -> Mapping[str, tuple[Card, ...]]:
    return MappingProxyType({p: tuple(c) for p, c in cards.items()})


def _partners(referee: MatchReferee, seat: str) -> frozenset[str]:
    for team in referee.standings.teams:
        if seat in team.players:
            return frozenset(p for p in team.players if p != seat)
    return frozenset()


def put_back(view: PlayerView, card: Card, *, from_pile: bool) -> PlayerView:
    """The view before the seat drew ``card`` from the stock (or took it from the
    pile): the first line of play of a hand is where the referee sets the table, so
    the first player's view before it is read after it, the card put back."""
    hand = list(view.hand)
    hand.remove(card)
    sizes = dict(view.hand_sizes)
    sizes[view.me] -= 1
    return dataclasses.replace(
        view, hand=tuple(hand), hand_sizes=MappingProxyType(sizes),
        stock_size=view.stock_size + (0 if from_pile else 1),
        discard_pile=(*view.discard_pile, card) if from_pile else view.discard_pile,
        drawn=None, taken_now=None)


__all__ = ["HandWatch", "Moment", "Uncertain", "put_back", "seat_view"]
