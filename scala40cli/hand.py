"""The referee of one hand: the turns, the stock and the discard pile.

:class:`HandReferee` is a state machine fed one event at a time. It checks each event
against the rules, reports what is wrong through a ``flag`` callback, and then applies
the event as far as the cards are physically there, so that later moves are judged
against what happened at the table (not against what should have happened).

The hand goes through three phases: ``SETUP`` (dealer, deals, upcard, stock: judged by
:class:`~scala40cli.deal.DealChecker`), ``PLAY`` (turns) and ``ENDED`` (closed, void or
given up as unreadable). Which rule decides
each judgement is named in the docstrings: "D17" is the decision numbered 17 in
``docs/decisions.md`` (anchor ``#d17``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any

from .cards import JOKER, Card
from .deal import DealChecker, Flag, card_codes
from .events import (
    Attach,
    Buy,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    Meld,
    PlayerEvent,
    Reshuffle,
    Stock,
    Swap,
    Take,
    Upcard,
)
from .melds import Meld as TableMeld
from .melds import MeldError, attach, build_meld, forced_swap, opening_value, swap
from .results import Closing
from .rules import (
    ClosingDiscard,
    ClosingFirstRound,
    FreedJoker,
    OpeningJokers,
    OpeningTurnPlays,
    Rules,
    StockExhausted,
    TakeBeforeOpening,
    YesNo,
)
from .scoring import closed_hand_penalties, void_hand_penalties
from .turn import Finding, Turn, discard_findings, end_of_turn_findings
from .violations import Code

_SETUP_HANDLERS: dict[type[Event], Callable[[DealChecker, Any], None]] = {
    Dealer: DealChecker.on_dealer, Deal: DealChecker.on_deal,
    Upcard: DealChecker.on_upcard, Stock: DealChecker.on_stock,
}


class Phase(Enum):
    SETUP = "setup"
    PLAY = "play"
    ENDED = "ended"


class HandReferee:
    """Judges the events of one hand; see the module docstring."""

    def __init__(
        self,
        *,
        number: int,
        start: Event,
        still_in: Sequence[str],
        game_players: Sequence[str],
        expected_dealer: str | None,
        rules: Rules,
        flag: Flag,
        reentry: dict[str, str | None] | None = None,
    ) -> None:
        self.number = number
        self.start = start
        self.rules = rules
        self._flag = flag
        self.game_players = frozenset(game_players)
        self.seats = tuple(game_players)
        self.expected_dealer = expected_dealer
        self.setup: DealChecker | None = DealChecker(
            number=number, start=start, still_in=still_in, game_players=game_players,
            expected_dealer=expected_dealer, rules=rules, flag=flag, reentry=reentry)
        self.phase = Phase.SETUP
        self.dealer: str | None = None
        self.hands: dict[str, Counter[Card]] = {}
        self.order: tuple[str, ...] = ()
        self.reentered: tuple[str, ...] = ()
        self.stock: Counter[Card] = Counter()
        self.stock_order: list[Card] | None = None  # top card last, for pop()
        self.stock_count = 0
        self.discard_pile: list[Card] = []
        self.reshuffles = 0
        self.table: list[TableMeld | None] = []  # None: a meld that was invalid when laid
        self.owners: list[str] = []
        self.opened: set[str] = set()
        self.current = ""
        self.turn: Turn | None = None
        #: Players who have had a turn of their own (closing_first_round).
        self.played: set[str] = set()
        #: Who discarded last, while nobody has played since (a buy may follow).
        self.last_discarder: str | None = None
        #: The player whose turn comes after a buy.
        self.resume = ""
        self.void_after_turn = False
        self.closer: str | None = None
        self.closing = Closing.UNFINISHED
        self.penalties: dict[str, int] = {}
        self.flagged_after_end = False

    # --- reporting --------------------------------------------------------------------

    def flag(self, code: Code, event: Event, message: str, player: str | None = None) -> None:
        self._flag(code, event, message, player)

    # --- setup ----------------------------------------------------------------------

    def on_setup(self, event: Dealer | Deal | Upcard | Stock) -> None:
        """A line of the deal: judged by the deal checker while the deal lasts."""
        if self.phase is Phase.ENDED:
            self._after_end(event)
            return
        if self.setup is None:
            self.flag(Code.OUT_OF_PLACE, event, f"the {event.verb} line comes after play started",
                      getattr(event, "player", None))
            return
        _SETUP_HANDLERS[type(event)](self.setup, event)

    def dealing(self) -> bool:
        """The deal is being written and lacks a player's cards or the upcard."""
        return self.setup is not None and not self.setup.complete()

    def _start_play(self) -> None:
        """The first event of play closes the deal and sets the table."""
        assert self.setup is not None
        dealt = self.setup.close()
        self.setup = None
        self.dealer = dealt.dealer
        self.hands = dealt.hands
        self.order = dealt.order
        self.reentered = dealt.reentered
        self.stock = dealt.stock
        self.stock_order = dealt.stock_order
        self.stock_count = self.stock.total()
        self.discard_pile = dealt.discard_pile
        self.current = self._first_player()
        self.phase = Phase.PLAY

    def _first_player(self) -> str:
        """The player after the dealer; "" (whoever plays first) when no dealer is known."""
        if not self.order or self.dealer is None:
            return ""
        return self._next_after(self.dealer)

    def _next_after(self, player: str | None) -> str:
        """The next player dealt in, after ``player`` in the order of the Players tag."""
        if player in self.order:
            return self.order[(self.order.index(player) + 1) % len(self.order)]
        seats = self.seats
        if player in seats:
            position = seats.index(player)
            for step in range(1, len(seats) + 1):
                candidate = seats[(position + step) % len(seats)]
                if candidate in self.order:
                    return candidate
        return self.order[0]

    # --- turn bookkeeping -------------------------------------------------------------

    def _accept(self, event: PlayerEvent) -> Turn | None:
        """Common gate of every turn event: phase, player, whose turn (D19)."""
        if self.phase is Phase.ENDED:
            self._after_end(event)
            return None
        if self.phase is Phase.SETUP:
            self._start_play()
        player = event.player
        if player not in self.hands or player not in self.order:
            known = player in self.game_players
            why = "is not in this hand" if known else "is not a player of this game"
            self.flag(Code.UNKNOWN_PLAYER, event, f"{player} {why}", player if known else None)
            if self.turn is not None and self.turn.cut_at is None:
                self.turn.cut_at = event
            return None
        if self.turn is not None and self.turn.buy is not None and player != self.turn.player:
            self._end_turn()  # the buy is over: play goes on with whose turn it was
            self.current = self.resume
            if self.void_after_turn:  # the buy's extra draw emptied the reshuffled stock
                self._end_void()
                self._after_end(event)
                return None
        if not self.current:  # nobody knows who plays first (no dealer): whoever does
            self.current = player
        if player != self.current:
            self.flag(Code.WRONG_TURN, event, f"it is {self.current}'s turn, not {player}'s",
                      player)
            if self.turn is not None:
                self.turn.cut_at = event
                self._end_turn()
                if self.void_after_turn:
                    self._end_void()
                    return None
            self.current = player
        if self.turn is None:
            self.turn = Turn(player=player, opened_before=player in self.opened,
                             first_of_hand=player not in self.played)
            self.played.add(player)
            self.last_discarder = None
        return self.turn

    def _after_end(self, event: Event) -> None:
        if not self.flagged_after_end:
            self.flagged_after_end = True
            self.flag(Code.AFTER_HAND_END, event,
                      f"hand {self.number} has ended; the rest of it is ignored",
                      getattr(event, "player", None))

    def _need_draw(self, turn: Turn, event: PlayerEvent) -> None:
        if not turn.drew and not turn.flagged_no_draw:
            turn.flagged_no_draw = True
            self.flag(Code.PLAY_BEFORE_DRAW, event,
                      f"{event.player} must draw or take before playing", event.player)

    def _remove_from_hand(self, event: PlayerEvent, cards: Sequence[Card]) -> None:
        """Take the cards out of the player's hand; those not there are reported."""
        hand = self.hands[event.player]
        missing: list[Card] = []
        for c in cards:
            if hand[c] > 0:
                hand[c] -= 1
            else:
                missing.append(c)
        if missing:
            self.flag(Code.NOT_IN_HAND, event,
                      f"{event.player} does not hold {card_codes(missing)}", event.player)

    # --- draws ------------------------------------------------------------------------

    def _mark_drawn(self, turn: Turn, event: Draw | Take) -> None:
        if turn.drew:
            self.flag(Code.SECOND_DRAW, event, f"{event.player} already drew this turn",
                      event.player)
        turn.drew = True
        turn.draws += 1

    def on_draw(self, event: Draw) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        self._mark_drawn(turn, event)
        if self.stock_count == 0:
            self.flag(Code.MISSING_RESHUFFLE, event,
                      "the stock is empty: a reshuffle line must come first", event.player)
            self._reshuffle()
        self._draw_from_stock(event)
        self.hands[event.player][event.card] += 1
        if (self.stock_count == 0 and self.reshuffles > 0
                and self.rules.stock_exhausted is StockExhausted.ONCE_THEN_VOID):
            self.void_after_turn = True  # D16

    def _draw_from_stock(self, event: Draw) -> None:
        """D18: with a known stock a draw must be its top card; otherwise the
        drawn card is taken out wherever it is and the stated top stays on top."""
        drawn = event.card
        order = self.stock_order
        if order and order[-1] is drawn:
            order.pop()
        elif self.stock[drawn] <= 0:
            self.flag(Code.NOT_IN_STOCK, event, f"no {drawn} is left in the stock", event.player)
            if order:
                self.stock[order.pop()] -= 1
            self.stock_count -= 1
            return
        elif order:
            self.flag(Code.DRAW_NOT_TOP, event,
                      f"the top of the stock is {order[-1]}, not {drawn}", event.player)
            del order[len(order) - 1 - order[::-1].index(drawn)]
        self.stock[drawn] -= 1
        self.stock_count -= 1

    def on_take(self, event: Take) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        if turn.buy is not None:
            self.flag(Code.ILLEGAL_BUY, event, "the extra card of a buy comes from the stock",
                      event.player)
        self._mark_drawn(turn, event)
        pile = self.discard_pile
        if not pile:
            self.flag(Code.EMPTY_DISCARD_PILE, event, "the discard pile is empty", event.player)
            return
        taken = event.card if event.card is not None else pile[-1]
        if taken is pile[-1]:
            pile.pop()
        else:
            self.flag(Code.TAKE_NOT_TOP, event,
                      f"the top of the discard pile is {pile[-1]}, not {taken}", event.player)
            if taken in pile:
                del pile[len(pile) - 1 - pile[::-1].index(taken)]
        self.hands[event.player][taken] += 1
        turn.taken, turn.take_event = taken, event
        if not turn.opened_before and self.rules.take_before_opening is TakeBeforeOpening.FORBIDDEN:
            self.flag(Code.TAKE_BEFORE_OPENING, event,
                      f"{event.player} may not take the discard before opening", event.player)

    def on_buy(self, event: Buy) -> None:
        """Compra: the discard bought out of turn, right after it was discarded, by a
        player who neither discarded it nor plays next (docs/rules.md)."""
        if self.phase is Phase.ENDED:
            self._after_end(event)
            return
        if self.phase is Phase.SETUP:
            self._start_play()
        buyer = event.player
        if buyer not in self.order:
            self._accept(event)  # reports the stranger
            return
        why = self._buy_refused(buyer, event.card)
        if why:
            self.flag(Code.ILLEGAL_BUY, event, why, buyer)
        if buyer not in self.opened and \
                self.rules.take_before_opening is TakeBeforeOpening.FORBIDDEN:
            self.flag(Code.TAKE_BEFORE_OPENING, event,
                      f"{buyer} may not buy the discard before opening", buyer)
        pile = self.discard_pile
        if pile and pile[-1] is event.card:
            pile.pop()
        self.hands[buyer][event.card] += 1
        if self.turn is not None:
            self._end_turn()
        self.resume = self.current if self.current != buyer else self._next_after(buyer)
        self.current = buyer
        self.turn = Turn(player=buyer, opened_before=buyer in self.opened, buy=event,
                         taken=event.card, take_event=event,
                         first_of_hand=buyer not in self.played)
        self.last_discarder = None

    def _buy_refused(self, buyer: str, card: Card) -> str:
        """Why this buy is not allowed, or "" when it is."""
        if self.rules.compra is YesNo.NO:
            return "buying the discard out of turn is not played (compra=no)"
        if self.last_discarder is None or self.turn is not None:
            return "a buy comes right after a discard, before the next player plays"
        if buyer == self.last_discarder:
            return f"{buyer} cannot buy their own discard"
        if buyer == self.current:
            return f"{buyer} plays next and may take the discard in turn"
        if not self.discard_pile or self.discard_pile[-1] is not card:
            top = self.discard_pile[-1] if self.discard_pile else "nothing"
            return f"the discard is {top}, not {card}"
        return ""

    def on_reshuffle(self, event: Reshuffle) -> None:
        """D17: legal only when the stock is empty; the stock order is then unknown."""
        if self.phase is Phase.ENDED:
            self._after_end(event)
            return
        if self.phase is Phase.SETUP:
            self._start_play()
        if self.stock_count > 0:
            self.flag(Code.EARLY_RESHUFFLE, event,
                      f"the stock still holds {self.stock_count} cards")
            return
        if self.void_after_turn:  # D16: the one reshuffle is spent, the hand is over
            self._end_turn()
            self._end_void()
            self._after_end(event)
            return
        self._reshuffle()

    def _reshuffle(self) -> None:
        pile = self.discard_pile
        self.stock = Counter(pile[:-1])
        self.stock_order = None
        self.stock_count = len(pile) - 1 if pile else 0
        self.discard_pile = pile[-1:]
        self.reshuffles += 1

    # --- laying down ------------------------------------------------------------------

    def on_meld(self, event: Meld) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        self._need_draw(turn, event)
        cards = [tc.card for tc in event.cards]
        self._remove_from_hand(event, cards)
        meld: TableMeld | None
        try:
            meld = build_meld(event.cards, self.rules)
        except MeldError as error:
            self.flag(Code.INVALID_MELD, event, f"invalid meld: {error}", event.player)
            meld = None
        self.table.append(meld)
        self.owners.append(event.player)
        turn.laid.update(cards)
        has_joker = JOKER in cards
        if not turn.opened_before:
            turn.opening_value += opening_value(meld) if meld is not None else 0
            turn.last_opening_meld = event
            turn.opening_cards.update(cards)
            if has_joker and self.rules.opening_jokers is OpeningJokers.FORBIDDEN:
                self.flag(Code.OPENING_JOKER, event, "no jokers in the opening melds", event.player)
        if has_joker and turn.freed_jokers:
            turn.freed_jokers.pop(0)
        self._check_emptied(event, turn)

    def _table_meld(self, event: Attach | Swap) -> int | None:
        """The index of the meld an attach or swap names, or None (reported)."""
        if 1 <= event.meld <= len(self.table):
            return event.meld - 1
        self.flag(Code.NO_SUCH_MELD, event,
                  f"there is no meld {event.meld} (the table has {len(self.table)})", event.player)
        return None

    def _check_opened(self, turn: Turn, event: Attach | Swap, owner: str | None) -> None:
        """Nobody adds to table melds or swaps before opening; in the opening turn only
        once the melds laid so far reach the threshold (D9)."""
        if turn.opened_before:
            return
        what = "attach" if isinstance(event, Attach) else "swap a joker"
        if not turn.opening or turn.opening_value < self.rules.opening_points:
            self.flag(Code.NOT_OPENED, event,
                      f"{event.player} may not {what} before opening", event.player)
        elif self.rules.opening_turn_plays is OpeningTurnPlays.NOTHING:
            self.flag(Code.NOT_OPENED, event,
                      f"{event.player} may not {what} in the opening turn", event.player)
        elif self.rules.opening_turn_plays is OpeningTurnPlays.OWN_MELDS and owner != event.player:
            self.flag(Code.NOT_OPENED, event,
                      f"in the opening turn {event.player} may play only on their own melds",
                      event.player)

    def on_attach(self, event: Attach) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        self._need_draw(turn, event)
        index = self._table_meld(event)
        self._check_opened(turn, event, None if index is None else self.owners[index])
        cards = [tc.card for tc in event.cards]
        self._remove_from_hand(event, cards)
        turn.laid.update(cards)
        if JOKER in cards and turn.freed_jokers:
            turn.freed_jokers.pop(0)
        meld = None if index is None else self.table[index]
        if index is not None and meld is not None:
            try:
                self.table[index] = attach(meld, event.cards, self.rules)
            except MeldError as error:
                self.flag(Code.INVALID_ATTACH, event,
                          f"cannot attach to meld {event.meld}: {error}",
                          event.player)
        self._check_emptied(event, turn)

    def on_swap(self, event: Swap) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        self._need_draw(turn, event)
        index = self._table_meld(event)
        if index is None:
            return
        self._check_opened(turn, event, self.owners[index])
        hand = self.hands[event.player]
        if hand[event.card] <= 0:
            self.flag(Code.NOT_IN_HAND, event, f"{event.player} does not hold {event.card}",
                      event.player)
            return
        meld = self.table[index]
        if meld is None:
            return
        try:
            if self.rules.joker_swap is YesNo.NO:
                raise MeldError("jokers are not taken back under these rules")
            self.table[index] = swap(meld, event.card, self.rules)
        except MeldError as error:
            self.flag(Code.INVALID_SWAP, event, f"cannot swap in meld {event.meld}: {error}",
                      event.player)
            if not meld.joker_count:
                return  # no joker to take: nothing changes places
            self.table[index] = forced_swap(meld, event.card)  # D27
        else:
            if self.rules.freed_joker is FreedJoker.MUST_USE:
                turn.freed_jokers.append(event)
        hand[event.card] -= 1
        hand[JOKER] += 1
        turn.laid[event.card] += 1

    def on_discard(self, event: Discard) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        if turn.buy is not None:
            self.flag(Code.OUT_OF_PLACE, event, "a buy ends without a discard; the line is "
                      "ignored", event.player)
            return
        self._need_draw(turn, event)
        self._remove_from_hand(event, (event.card,))
        self.discard_pile.append(event.card)
        closes = self.hands[event.player].total() == 0
        self._report(discard_findings(turn=turn, event=event, closes=closes, table=self.table,
                                      rules=self.rules), event.player)
        if closes:
            self._close(event.player, turn, event)
            return
        self._end_turn()
        if self.void_after_turn or self._stock_dead():
            self._end_void()
        else:
            self.current = self._next_after(event.player)
            self.last_discarder = event.player

    def _stock_dead(self) -> bool:
        """``stock_exhausted=reshuffle``: nothing left to draw, the pile only its top."""
        return (self.rules.stock_exhausted is StockExhausted.RESHUFFLE
                and self.stock_count <= 0 and len(self.discard_pile) <= 1)

    def _report(self, findings: list[Finding], player: str) -> None:
        for code, where, message in findings:
            self.flag(code, where, message, player)

    # --- end of turn and of hand ------------------------------------------------------

    def _check_emptied(self, event: PlayerEvent, turn: Turn) -> None:
        """Emptying the hand by laying down closes it; with ``closing_discard=needs`` that
        is a violation on the event that empties the hand, and the hand ends there."""
        if self.hands[event.player].total() > 0:
            return
        if self.rules.closing_discard is ClosingDiscard.NEEDS:
            self.flag(Code.CLOSING_WITHOUT_DISCARD, event,
                      f"{event.player} has no card left to discard: a hand closes with a discard",
                      event.player)
        self._close(event.player, turn, event)

    def _end_turn(self) -> None:
        """End-of-turn checks (see :func:`~scala40cli.turn.end_of_turn_findings`)."""
        turn = self.turn
        if turn is None:
            return
        self.turn = None
        if turn.opening:
            self.opened.add(turn.player)  # D8: even a refused opening counts
        self._report(end_of_turn_findings(turn, self.rules), turn.player)

    def _close(self, closer: str, turn: Turn, event: PlayerEvent) -> None:
        """The closer emptied their hand: score the hand (D23)."""
        in_one_go = not turn.opened_before
        turn.closed = True
        if turn.first_of_hand and self.rules.closing_first_round is ClosingFirstRound.NOT_ALLOWED:
            self.flag(Code.EARLY_CLOSING, event, f"{closer} closes in their first turn of the "
                      "hand, in the first round", closer)
        self._end_turn()
        self.closer = closer
        self.closing = Closing.IN_ONE_GO if in_one_go else Closing.NORMAL
        self.penalties = closed_hand_penalties(
            players=self.order, closer=closer, in_one_go=in_one_go, hands=self.hands,
            opened=self.opened, rules=self.rules)
        self.phase = Phase.ENDED

    def _end_void(self) -> None:
        self.closing = Closing.VOID
        self.penalties = void_hand_penalties(self.order)
        self.phase = Phase.ENDED

    def give_up(self) -> None:
        """The hand cannot be judged further (unreadable or cut short): it scores nothing."""
        self.turn = None
        self.closing = Closing.UNFINISHED
        self.penalties = void_hand_penalties(self.order or tuple(self.hands))
        self.phase = Phase.ENDED
