"""The simulator's table: one hand between bots, from the deal to its score.

:class:`HandEngine` keeps the physical game of one hand: the stock, the discard pile,
every hand, the table. It deals from a deck shuffled by the match's ``random.Random``,
asks each bot for its decisions through a fresh
:class:`~scala40cli.simulate.view.PlayerView`, and carries out their plays
(:mod:`~scala40cli.simulate.moves`) once the judging core's ``verify_*`` functions find
nothing wrong with them, as the referee will on replay: a bot's illegal move is an
:class:`~scala40cli.simulate.moves.IllegalMove`, a bug; an outside program's is a
:class:`~scala40cli.simulate.seats.Forfeit` of the hand, a stand-in playing on. Scores come from
:mod:`scala40cli.judging.scores.scoring`; whole matches are :mod:`~scala40cli.simulate.match`'s.
"""

from __future__ import annotations

import random
from collections import Counter
from types import MappingProxyType

from scala40cli.judging.hands.deal import HAND_SIZE, game_deck, upcard_returned
from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.scores.scoring import closed_hand_penalties, void_hand_penalties
from scala40cli.judging.tabletop.buying import verify_buy
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import (
    stock_dead,
    verify_closing,
    verify_closing_by_laying,
    verify_end_of_turn,
    verify_take,
    verify_turn_discard,
    void_after_draw,
)
from scala40cli.model.cards import Card
from scala40cli.model.results import Closing
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
    Stock,
    Swap,
    Take,
    Upcard,
)
from scala40cli.simulate import compra
from scala40cli.simulate.hand_log import HandLog
from scala40cli.simulate.moves import IllegalMove, at, carry_out, refuse, take_out
from scala40cli.simulate.plays import Play, TurnPlan
from scala40cli.simulate.search import sorted_cards
from scala40cli.simulate.seats import Forfeit, Seat, StandIn
from scala40cli.simulate.sightings import Sightings
from scala40cli.simulate.view import PlayerView

#: Safety net: a hand this long means the bots are stuck (a bug).
MAX_TURNS = 2000


class SimulationStuck(RuntimeError):
    """A hand or a match went on far longer than any real one."""


class HandEngine:
    """One hand at the table (see the module docstring)."""

    def __init__(self, *, number: int, dealer: str, order: tuple[str, ...],
                 seats: tuple[str, ...], rules: Rules, rng: random.Random,
                 bots: dict[str, Seat], totals: dict[str, int],
                 partners: dict[str, frozenset[str]], events: list[Event]) -> None:
        self.number = number
        self.dealer = dealer
        self.order = order
        self.seats = seats
        self.rules = rules
        self.rng = rng
        self.bots = bots
        self.totals = dict(totals)
        self.partners = partners
        self.events = events
        #: What every player has seen of the hidden cards, read from the events.
        self.sightings = Sightings(events, len(events))
        self.hands: dict[str, Counter[Card]] = {p: Counter() for p in order}
        self.stock: list[Card] = []  # top card last
        self.pile: list[Card] = []  # top card last
        self.table: list[TableMeld] = []
        self.owners: list[str] = []
        self.opened: set[str] = set()
        self.played: set[str] = set()
        self.taken: dict[str, list[Card]] = {p: [] for p in order}
        self.discarded: dict[str, list[Card]] = {p: [] for p in order}
        self.reshuffles = 0
        self.turns = 0
        self.void_after_turn = False
        self.closer: str | None = None
        self.closing = Closing.UNFINISHED
        self.penalties: dict[str, int] = {}
        #: Indexes in ``events`` of the discards made against the rules (no legal one).
        self.forced: list[int] = []
        #: The outside programs that lost this hand, and why (docs/protocol.md).
        self.forfeits: list[tuple[str, str]] = []
        #: The card drawn from the stock in the turn being played.
        self.drawn: Card | None = None
        #: The hand's moves, in the log and as every player saw them.
        self.log = HandLog(events)

    # --- the deal -------------------------------------------------------------------------

    def first_player(self) -> str:
        if self.dealer in self.order:
            return self.next_after(self.dealer)
        seat = self.seats.index(self.dealer)
        for step in range(1, len(self.seats) + 1):
            candidate = self.seats[(seat + step) % len(self.seats)]
            if candidate in self.order:
                return candidate
        raise AssertionError("nobody is dealt in")

    def next_after(self, player: str) -> str:
        return self.order[(self.order.index(player) + 1) % len(self.order)]

    def deal(self) -> None:
        emit = self.events.append
        emit(HandStart(number=self.number, **at()))
        emit(Dealer(player=self.dealer, **at()))
        deck = sorted_cards(game_deck(self.rules).elements())
        self.rng.shuffle(deck)
        first = self.first_player()
        start = self.order.index(first)
        rotation = self.order[start:] + self.order[:start]
        dealt: dict[str, list[Card]] = {p: [] for p in self.order}
        for _ in range(HAND_SIZE):
            for player in rotation:
                dealt[player].append(deck.pop())
        for player in self.order:
            self.hands[player] = Counter(dealt[player])
            emit(Deal(player=player, cards=tuple(dealt[player]), **at()))
        upcard = deck.pop()
        emit(Upcard(card=upcard, **at()))
        while upcard_returned(upcard, self.rules):
            deck.insert(self.rng.randrange(len(deck)), upcard)  # never on top
            upcard = deck.pop()
            emit(Upcard(card=upcard, **at()))
        self.pile = [upcard]
        self.stock = deck
        emit(Stock(cards=tuple(reversed(deck)), **at()))

    # --- what a player sees -----------------------------------------------------------

    def view(self, player: str, turn: Turn, *, buying: bool = False) -> PlayerView:
        return PlayerView(
            me=player, rules=self.rules, players=self.seats, order=self.order,
            dealer=self.dealer, hand_number=self.number,
            hand=tuple(sorted_cards(self.hands[player].elements())),
            table=tuple(self.table), owners=tuple(self.owners),
            discard_pile=tuple(self.pile), stock_size=len(self.stock),
            reshuffles=self.reshuffles,
            hand_sizes=MappingProxyType({p: self.hands[p].total() for p in self.order}),
            opened=frozenset(self.opened), played=frozenset(self.played),
            taken=MappingProxyType({p: tuple(cards) for p, cards in self.taken.items()}),
            discarded=MappingProxyType({p: tuple(c) for p, c in self.discarded.items()}),
            totals=MappingProxyType(dict(self.totals)),
            partners=self.partners.get(player, frozenset()), turns=self.turns,
            opened_before=turn.opened_before, drawn=self.drawn, taken_now=turn.taken,
            buying=buying, held=MappingProxyType(self.sightings.held()),
            turned=self.sightings.turned(), seen=self.log.shown())

    # --- the hand -------------------------------------------------------------------------

    def play(self) -> None:
        self.deal()
        current = self.first_player()
        while True:
            self.turns += 1
            if self.turns > MAX_TURNS:
                raise SimulationStuck(f"hand {self.number} lasted {MAX_TURNS} turns")
            self.play_turn(current)
            if self.closing is not Closing.UNFINISHED:
                return
            self.offer_buy(current)
            current = self.next_after(current)

    def play_turn(self, player: str) -> None:
        turn = self._new_turn(player)
        bot = self.bots[player]
        hand = self.hands[player]
        try:
            takes = bot.wants_take(self.view(player, turn))
        except Forfeit as forfeit:
            bot, takes = self._forfeit(player, forfeit), False
        if takes:
            if not self.pile:
                raise IllegalMove("a take from an empty discard pile")
            take = Take(player=player, card=self.pile[-1], **at())
            refuse(verify_take(take, opened_before=turn.opened_before, rules=self.rules))
            taken = self.pile.pop()
            hand[taken] += 1
            turn.drew, turn.draws = True, 1
            turn.taken, turn.take_event = taken, take
            self.taken[player].append(taken)
            self.log.emit(take)
        else:
            self._draw(turn)
        try:
            plan = bot.play(self.view(player, turn))
        except Forfeit as forfeit:
            bot = self._forfeit(player, forfeit)
            if turn.taken is not None:
                turn = self._untake(turn)
            plan = bot.play(self.view(player, turn))
        self._apply_plan(turn, plan)
        self.played.add(player)

    def _forfeit(self, player: str, forfeit: Forfeit) -> Seat:
        """An outside program loses the hand: a stand-in plays the seat to its end."""
        self.forfeits.append((player, forfeit.reason))
        stand_in = self.bots[player] = StandIn()
        return stand_in

    def _untake(self, turn: Turn) -> Turn:
        """Undo the take of a forfeited turn (its card back on the pile, its line out of
        the log) and draw from the stock instead: the stand-in cannot be bound to use a
        card it did not choose."""
        player, card = turn.player, turn.taken
        assert card is not None and isinstance(self.events[-1], Take)
        self.log.undo((len(self.events) - 1, len(self.log.seen) - 1))
        take_out(self.hands[player], player, [card])
        self.taken[player].pop()
        self.pile.append(card)
        turn = self._new_turn(player)
        self._draw(turn)
        return turn

    def _new_turn(self, player: str) -> Turn:
        self.drawn = None
        return Turn(player=player, opened_before=player in self.opened,
                    first_of_hand=player not in self.played)

    def _draw(self, turn: Turn) -> None:
        if not self.stock:
            self._reshuffle()
        drawn = self.stock.pop()
        self.hands[turn.player][drawn] += 1
        self.drawn = drawn
        turn.drew = True
        turn.draws += 1
        self.log.emit(Draw(player=turn.player, card=drawn, **at()))
        if void_after_draw(stock_left=len(self.stock), reshuffles=self.reshuffles,
                           rules=self.rules):
            self.void_after_turn = True

    def _reshuffle(self) -> None:
        # A second reshuffle under once_then_void: the hand was void after the last draw.
        if self.void_after_turn or len(self.pile) < 2:
            raise SimulationStuck("a draw from an exhausted stock")
        top = self.pile.pop()
        stock = self.pile
        self.rng.shuffle(stock)
        self.stock = stock
        self.pile = [top]
        self.reshuffles += 1
        self.log.emit(Reshuffle(**at()))

    def _apply_plan(self, turn: Turn, plan: TurnPlan) -> None:
        player = turn.player
        for play in plan.plays:
            self._carry_out(turn, play)
            if not self.hands[player]:
                self._closing_by_laying(turn)
                return
        if plan.discard is None:
            raise IllegalMove(f"{player} ends a turn without a discard")
        self._discard(turn, plan.discard, plan.forced)

    def _carry_out(self, turn: Turn, play: Play) -> None:
        """One play of the turn, checked by the judge, on the table and in the log."""
        self.log.emit(carry_out(play, turn, self.hands[turn.player], self.table,
                             self.owners, self.rules))

    def _end_of_turn(self, turn: Turn) -> None:
        """The referee's checks of a turn once it is over (D7, D12, D13, D15)."""
        refuse(verify_end_of_turn(turn, self.rules))
        if turn.opening:
            self.opened.add(turn.player)

    # --- discards and the end of the hand -------------------------------------------------

    def _discard(self, turn: Turn, c: Card, forced: bool) -> None:
        player = turn.player
        hand = self.hands[player]
        closes = hand.total() == 1
        event = Discard(player=player, card=c, **at())
        problems = verify_turn_discard(turn, event, closes=closes, table=self.table,
                                       rules=self.rules)
        if problems:
            if not forced:
                refuse(problems)
            self.forced.append(len(self.events))
        take_out(self.hands[player], player, [c])
        self.pile.append(c)
        self.discarded[player].append(c)
        self.log.emit(event)
        if closes:
            self._close(turn)
            return
        self._end_of_turn(turn)
        if self.void_after_turn or stock_dead(stock_left=len(self.stock),
                                              pile_size=len(self.pile), rules=self.rules):
            self._void()

    def _closing_by_laying(self, turn: Turn) -> None:
        last = self.events[-1]
        assert isinstance(last, (Meld, Attach, Swap))
        refuse(verify_closing_by_laying(last, self.rules)
               + verify_closing(turn, last, self.rules))
        self._close(turn)

    def _close(self, turn: Turn) -> None:
        turn.closed = True
        self._end_of_turn(turn)
        self.closer = turn.player
        in_one_go = not turn.opened_before
        self.closing = Closing.IN_ONE_GO if in_one_go else Closing.NORMAL
        self.penalties = closed_hand_penalties(
            players=self.order, closer=turn.player, in_one_go=in_one_go, hands=self.hands,
            opened=self.opened, rules=self.rules)

    def _void(self) -> None:
        self.closing = Closing.VOID
        self.penalties = void_hand_penalties(self.order)

    # --- buying (compra) ------------------------------------------------------------------

    def buyers(self, discarder: str) -> list[str]:
        """Who may buy the top of the pile after ``discarder``'s discard, in the order
        they are asked (:func:`~scala40cli.simulate.compra.buyers`)."""
        return compra.buyers(order=self.order, discarder=discarder,
                             following=self.next_after(discarder), stock=len(self.stock),
                             top=self.pile[-1] if self.pile else None, rules=self.rules)

    def offer_buy(self, discarder: str, buyers: list[str] | None = None) -> bool:
        """After a discard, the ``buyers`` (by default all who may) are asked in order
        whether they buy it; the first who does buys. Whether anyone did. An outside
        program that forfeits meanwhile buys nothing (a buy it began is undone)."""
        following = self.next_after(discarder)
        for buyer in self.buyers(discarder) if buyers is None else buyers:
            turn = self._new_turn(buyer)
            try:
                if not self.bots[buyer].wants_buy(self.view(buyer, turn, buying=True)):
                    continue
                self._buy(buyer, turn, discarder, following)
                return True
            except Forfeit as forfeit:
                self._forfeit(buyer, forfeit)
        return False

    def _buy(self, buyer: str, turn: Turn, discarder: str, following: str) -> None:
        card = self.pile.pop()
        buy = Buy(player=buyer, card=card, **at())
        refuse(verify_buy(buy, last_discarder=discarder, turn_over=True,
                          next_player=following, pile_top=card, rules=self.rules)
               + verify_take(buy, opened_before=turn.opened_before, rules=self.rules))
        marks, void = self.log.marks(), self.void_after_turn
        self.log.emit(buy)
        self.hands[buyer][card] += 1
        self.taken[buyer].append(card)
        turn.buy, turn.taken, turn.take_event = buy, card, buy
        self._draw(turn)
        try:
            plan = self.bots[buyer].play(self.view(buyer, turn, buying=True))
        except Forfeit:  # undone: the cards go back where they were
            assert self.drawn is not None
            take_out(self.hands[buyer], buyer, [card, self.drawn])
            self.stock.append(self.drawn)
            self.pile.append(card)
            self.taken[buyer].pop()
            self.log.undo(marks)
            self.void_after_turn = void
            raise
        if plan.discard is not None or plan.forced:
            raise IllegalMove(f"{buyer} discards in a buy")
        for play in plan.plays:
            self._carry_out(turn, play)
            if not self.hands[buyer]:
                raise IllegalMove(f"{buyer} empties the hand in a buy")
        self._end_of_turn(turn)
