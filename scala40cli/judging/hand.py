"""The referee of one hand: the turns, the stock and the discard pile.

:class:`HandReferee` is a state machine fed one event at a time (:meth:`~HandReferee.feed`):
gate -> verify -> report -> apply. The gate reads the phase -> allowed events table
(:mod:`scala40cli.judging.phases`) and reports a line out of place; the rules of each move are
the ``verify_*`` functions of :mod:`scala40cli.judging.verify`, which return
:class:`~scala40cli.judging.findings.Finding` values that this module reports (a violation, or a
note when it follows from an earlier problem, D28); then the event is applied as far as
the cards are physically there, so that later moves are judged against what happened
at the table (not against what should have happened).

The hand goes through three phases: ``SETUP`` (dealer, deals, upcard, stock: judged by
:class:`~scala40cli.judging.deal.DealChecker`), ``PLAY`` (turns) and ``ENDED`` (closed, void or
given up as unreadable). Which rule decides each judgement is named in the
docstrings: "D17" is the decision numbered 17 in ``docs/decisions.md`` (anchor
``#d17``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from scala40cli.judging.cards import JOKER, Card
from scala40cli.judging.deal import DealChecker, card_codes
from scala40cli.judging.doubts import Doubts
from scala40cli.judging.findings import Finding, Flag
from scala40cli.judging.lookahead import (
    mistyped,
    next_player_event,
    players_to_come,
    used_this_turn,
)
from scala40cli.judging.melds import forced_swap
from scala40cli.judging.phases import Kind, Phase, Step, kind_of, steps_by_type
from scala40cli.judging.results import Closing, Problem
from scala40cli.judging.rules import (
    Rules,
)
from scala40cli.judging.scoring import (
    Bounds,
    closed_hand_penalties,
    unverified_penalties,
    void_hand_penalties,
)
from scala40cli.judging.table import TableState
from scala40cli.judging.turn import Turn
from scala40cli.judging.verify import (
    record_attach,
    record_meld,
    record_swap,
    stock_dead,
    verify_attach,
    verify_buy,
    verify_closing,
    verify_closing_by_laying,
    verify_discard,
    verify_end_of_turn,
    verify_meld,
    verify_swap,
    verify_take,
    verify_touch,
    void_after_draw,
)
from scala40cli.judging.violations import Code
from scala40cli.reading.events import (
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

#: The problems of the card taken from the pile, reported when the turn is over.
_TAKE_CODES = frozenset({Code.TAKE_BEFORE_OPENING, Code.TAKEN_CARD_UNUSED})

_SETUP_HANDLERS: dict[type[Event], Callable[[DealChecker, Any], None]] = {
    Dealer: DealChecker.on_dealer, Deal: DealChecker.on_deal,
    Upcard: DealChecker.on_upcard, Stock: DealChecker.on_stock,
}


class HandReferee(TableState):
    """Judges the events of one hand; see the module docstring. The cards where they
    are (hands, stock, pile, melds) are its :class:`~scala40cli.judging.table.TableState`."""

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
        super().__init__()
        self.number = number
        self.start = start
        self.rules = rules
        self._flag = flag
        self.game_players = frozenset(game_players)
        self.seats = tuple(game_players)
        self.expected_dealer = expected_dealer
        #: D28: the parts of the hand uncertain since a reported problem.
        self.doubts = Doubts()
        self.setup: DealChecker | None = DealChecker(
            number=number, start=start, still_in=still_in, game_players=game_players,
            expected_dealer=expected_dealer, rules=rules, flag=self.flag, reentry=reentry)
        self.phase = Phase.SETUP
        self.dealer: str | None = None
        #: Players whose penalty is taken as declared, with why (set when the hand closes).
        self.unverified: dict[str, str] = {}
        #: For those: the least and most the declared penalty may be (None: no bound).
        self.bounds: dict[str, Bounds | None] = {}
        #: The line of the event that ended the hand.
        self.end_line = start.line
        #: The rest of the game's events and where this one is, to see who plays next.
        self.upcoming: Sequence[Event] = ()
        self.position = 0
        self.order: tuple[str, ...] = ()
        self.reentered: tuple[str, ...] = ()
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
        #: The hand was ended by its score line (see :meth:`end_as_declared`).
        self.declared_end = False

    # --- reporting --------------------------------------------------------------------

    def flag(self, finding: Finding, player: str | None = None,
             cause: Problem | None = None) -> Problem:
        """Report a problem; a note instead when it only follows from an earlier one."""
        doubts = self.doubts
        if cause is None:
            cause = doubts.cause(finding.code, player, finding.event.line)
        problem = self._flag(finding, player, cause)
        if cause is None:
            doubts.after(problem, player, isinstance(finding.event, (Meld, Attach, Swap)))
        return problem

    # --- the gate: what may happen when -------------------------------------------------

    def feed(self, event: Event, position: int = 0, deal_follows: bool = False) -> None:
        """Judge one event of the hand: the gate, then (if it lets the event through)
        the most likely author, then the event's own checks and its effect.
        ``position`` is its index in :attr:`upcoming`; ``deal_follows`` says whether
        a line of the deal comes later in the hand."""
        self.position = position
        phase = self.phase
        if phase is not _PLAY or type(event) not in _JUDGED_IN_PLAY:  # else: the table
            step = _STEPS_BY_TYPE[phase][type(event)]                 # says judge it
            if (step is not Step.JUDGE or deal_follows) and \
                    not self.gate(event, step, deal_follows):
                return
        if phase is not _PLAY or getattr(event, "player", None) != self.current:
            event = self.attribute(event)  # (the common case, judged as written, inline)
        _HANDLERS[type(event)](self, event)

    def gate(self, event: Event, step: Step, deal_follows: bool = False) -> bool:
        """The one check of what may happen when: ``step`` is what the phase ->
        allowed events table (:data:`~scala40cli.judging.phases.STEPS`) says of the event.
        True when the event is to be judged; an out-of-place event is reported here.
        A line of play while the deal is incomplete and more of it follows is out of
        place too (the deal is not over yet)."""
        player = getattr(event, "player", None)
        if kind_of(event) is Kind.PLAY and deal_follows and self.dealing():
            self.flag(Finding(Code.OUT_OF_PLACE, event, "play before the deal is complete; "
                              "the line is ignored"), player)
            return False
        if step is Step.JUDGE:
            return True
        if step is Step.START_PLAY:
            self._start_play()
            return True
        if step is Step.OUT_OF_PLACE:
            self.flag(Finding(Code.OUT_OF_PLACE, event, f"the {event.verb} line comes after play "
                              "started"), player)
        else:
            self._after_end(event)
        return False

    # --- setup ----------------------------------------------------------------------

    def on_setup(self, event: Dealer | Deal | Upcard | Stock) -> None:
        """A line of the deal: judged by the deal checker while the deal lasts."""
        assert self.setup is not None  # the gate lets deal lines through in SETUP only
        _SETUP_HANDLERS[type(event)](self.setup, event)

    def dealing(self) -> bool:
        """The deal is being written and lacks a player's cards or the upcard."""
        return self.setup is not None and not self.setup.complete()

    def _start_play(self) -> None:
        """The first event of play closes the deal and sets the table."""
        assert self.setup is not None
        dealt = self.setup.close(players_to_come(self.upcoming, self.position))
        self.setup = None
        self.dealer = dealt.dealer
        self.hands = dealt.hands
        self.unknown = dealt.unknown
        self.doubts.hands.update(dealt.doubts)
        self.doubts.pile, self.doubts.stock = dealt.pile_doubt, dealt.stock_doubt
        self.order = dealt.order
        self.reentered = dealt.reentered
        self.stock = dealt.stock
        self.stock_order = dealt.stock_order
        self.stock_count = self.stock.total()
        if self.stock_order is None:  # the Counter holds the unknown cards of the hands too
            self.stock_count -= sum(self.unknown.values())
        # Without a stock line, the stock's Counter is every card not seen yet.
        self.unseen = self.stock if self.stock_order is None else +self.stock
        self.discard_pile = dealt.discard_pile
        self.current = self._first_player()
        expected = self.expected_dealer
        first = self.upcoming[self.position] if self.position < len(self.upcoming) else None
        if expected is not None and self.dealer not in (None, expected) and self.order \
                and isinstance(first, PlayerEvent) and first.player == self._next_after(expected):
            # D28: the play follows the dealer the rotation names (reported), so
            # the dealer written was a slip: the hand is dealt by that one.
            self.dealer, self.current = expected, first.player
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

    # --- who made an event: the most likely author (D28) -----------------------

    def attribute(self, event: Event) -> Event:
        """The event as the most likely table reads it: a turn event written under a
        name that is no player's, or another player's in the middle of a turn, while
        the next line goes on with the player whose turn it is, is that player's: the
        name was mistyped. It is reported once and judged as theirs."""
        if self.phase is Phase.PLAY and getattr(event, "player", None) == self.current:
            return event  # the common case, judged as written
        if not isinstance(event, (Draw, Take, Meld, Attach, Swap, Discard)):
            return event
        current, player = self.current, event.player
        if self.phase is not Phase.PLAY or not current or player == current:
            return event
        if not self._mistyped(event):
            return event
        if player in self.game_players:
            self.flag(Finding(Code.WRONG_TURN, event,
                              f"it is {current}'s turn, not {player}'s"), player)
            if isinstance(event, (Attach, Swap)):
                # as written, the line may break D9 too (on the same line)
                self._check_opened(Turn(player=player, opened_before=player in self.opened),
                                   event, None)
        else:
            self.flag(Finding(Code.UNKNOWN_PLAYER, event, f"{player} is not a player of this game"))
        return replace(event, player=current)

    def _mistyped(self, event: PlayerEvent) -> bool:
        turn = self.turn
        in_turn = turn is not None and turn.player == self.current and turn.drew
        return mistyped(event, next_player_event(self.upcoming, self.position), self.current,
                        in_turn=in_turn, known=event.player in self.game_players)

    def _used_this_turn(self, card: Card, event: PlayerEvent) -> bool:
        return used_this_turn(self.upcoming, self.position, card, event.player)

    # --- turn bookkeeping -------------------------------------------------------------

    def _accept(self, event: PlayerEvent) -> Turn | None:
        """What every turn event checks after the gate: the player, whose turn (D19)."""
        player = event.player
        if player not in self.hands or player not in self.order:
            known = player in self.game_players
            why = "is not in this hand" if known else "is not a player of this game"
            self.flag(Finding(Code.UNKNOWN_PLAYER, event,
                              f"{player} {why}"), player if known else None)
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
            problem = self.flag(Finding(Code.WRONG_TURN, event,
                                        f"it is {self.current}'s turn, not {player}'s"), player)
            if self.turn is not None:
                self.turn.cut_at = event
                self._discard_unseen(self.turn, problem)
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

    def _discard_unseen(self, turn: Turn, cause: Problem) -> None:
        """A turn cut short after its draw most likely ended with a discard the log
        lost: the player's cards and the pile's top are uncertain from there."""
        if turn.drew and turn.buy is None:
            self.doubts.doubt_hand(turn.player, cause)
            self.doubts.doubt_pile(cause)

    def _after_end(self, event: Event) -> None:
        if not self.flagged_after_end:
            self.flagged_after_end = True
            self.flag(Finding(Code.AFTER_HAND_END, event,
                              f"hand {self.number} has ended; the rest of it is ignored"),
                      getattr(event, "player", None))

    def _need_draw(self, turn: Turn, event: PlayerEvent, cards: Sequence[Card] = ()) -> None:
        """A play before the draw is reported; the most likely table is that the draw
        line is missing: the top of the pile if the play uses it, else a stock card."""
        if not turn.drew and not turn.flagged_no_draw:
            turn.flagged_no_draw = True
            problem = self.flag(Finding(Code.PLAY_BEFORE_DRAW, event,
                                        f"{event.player} must draw or take before playing"),
                                event.player)
            if turn.buy is not None:
                return
            turn.drew = True
            self.doubts.doubt_hand(event.player, problem)
            pile, player = self.discard_pile, event.player
            lacking = [c for c in cards if not self.holds(player, c)]
            if pile and pile[-1] in lacking:
                self.hands[player][pile.pop()] += 1
            elif len(lacking) == 1 and self.stock[lacking[0]] > 0 and self.stock_count > 0:
                self.draw_known(player, lacking[0])  # the play shows the card drawn
            else:  # drawn from the stock at the end of the turn, unless the draw comes
                turn.owes_draw = True
                self.doubts.doubt_stock(problem)

    def _pay_draw(self, turn: Turn) -> None:
        """The draw a turn lacked is taken as a stock draw the log lost."""
        if turn.owes_draw:
            turn.owes_draw = False
            if self.stock_count > 0:
                self.draw_unseen(turn.player)

    def _take_out(self, event: PlayerEvent, card: Card) -> bool:
        """Take a card out of the player's hand: a seen one, else one of their unknown
        cards; False if they hold neither (then nothing is taken out)."""
        player = event.player
        known = self.hands[player]
        if known[card] > 0:
            known[card] -= 1
            return True
        held = self.unknown.get(player, 0)
        if held <= 0:
            return False
        self.unknown[player] = held - 1
        if self.unseen[card] > 0:
            self.unseen[card] -= 1
        else:  # never a third copy among all the cards seen
            self.flag(Finding(Code.TOO_MANY_COPIES, event,
                              f"more copies than the deck holds: {card}"),
                      player, self.doubts.of_hand(player))
        return True

    def _remove_from_hand(self, event: PlayerEvent, cards: Sequence[Card]) -> None:
        """Take the cards out of the player's hand; those not there are reported."""
        known = self.hands[event.player]
        missing: list[Card] = []
        for c in cards:
            if known[c] > 0:  # the common case, inline
                known[c] -= 1
            elif not self._take_out(event, c):
                missing.append(c)
        if not missing:
            return
        turn = self.turn
        message = f"{event.player} does not hold {card_codes(missing)}"
        if turn is not None and turn.take_event is not None \
                and isinstance(turn.take_event, Take) \
                and self.doubts.cause(Code.NOT_IN_HAND, event.player, event.line) is None:
            # Held until the turn is over: if the take breaks a rule, this most likely
            # is the card the turn drew, the take line standing for a draw.
            turn.deferred.append(Finding(Code.NOT_IN_HAND, event, message, held=True))
            order = self.stock_order
            if order and order[-1] in missing:
                self.stock[order.pop()] -= 1
                self.stock_count -= 1
            return
        problem = self.flag(Finding(Code.NOT_IN_HAND, event, message), event.player)
        self.doubts.doubt_hand(event.player, problem)
        if isinstance(event, Discard):
            self.doubts.doubt_pile(problem)

    # --- draws ------------------------------------------------------------------------

    def _mark_drawn(self, turn: Turn, event: Draw | Take) -> bool:
        """Count the draw; a second one is reported, applied (D27), and leaves
        the player's cards, the stock and the pile uncertain (D28)."""
        turn.draws += 1
        if turn.owes_draw:  # the draw comes late, after a play (reported then)
            turn.owes_draw = False
            return True
        if turn.drew:
            problem = self.flag(Finding(Code.SECOND_DRAW, event,
                                        f"{event.player} already drew this turn"),
                                event.player)
            self.doubts.doubt_hand(event.player, problem)
            self.doubts.doubt_stock(problem)
            self.doubts.doubt_pile(problem)
        turn.drew = True
        return True

    def on_draw(self, event: Draw) -> None:
        turn = self._accept(event)
        if turn is None or not self._mark_drawn(turn, event):
            return
        if self.stock_count <= 0:
            self.flag(Finding(Code.MISSING_RESHUFFLE, event,
                              "the stock is empty: a reshuffle line must come first"), event.player)
            self.reshuffle()
        if event.card is None:
            self.draw_unseen(event.player)
        else:
            self._draw_from_stock(event, event.card)
        if void_after_draw(stock_left=self.stock_count, reshuffles=self.reshuffles,
                           rules=self.rules):
            self.void_after_turn = True

    def _draw_from_stock(self, event: Draw, drawn: Card) -> None:
        """D18: with a known stock a draw must be its top card; otherwise the
        drawn card is taken out wherever it is and the stated top stays on top."""
        self.hands[event.player][drawn] += 1
        order = self.stock_order
        if order and order[-1] is drawn:
            order.pop()
        elif self.stock[drawn] <= 0:
            problem = self.flag(Finding(Code.NOT_IN_STOCK, event,
                                        f"no {drawn} is left in the stock"),
                                event.player)
            self.doubts.doubt_stock(problem)
            self.doubts.doubt_hand(event.player, problem)
            if order:
                self.stock[order.pop()] -= 1
            self.stock_count -= 1
            return
        elif order:
            problem = self.flag(Finding(Code.DRAW_NOT_TOP, event,
                                        f"the top of the stock is {order[-1]}, not {drawn}"),
                                event.player)
            self.doubts.doubt_stock(problem)
            self.doubts.doubt_hand(event.player, problem)
            del order[len(order) - 1 - order[::-1].index(drawn)]
        self.stock[drawn] -= 1
        self.stock_count -= 1

    def on_take(self, event: Take) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        if turn.buy is not None:
            self.flag(Finding(Code.ILLEGAL_BUY, event,
                              "the extra card of a buy comes from the stock"),
                      event.player)
        if not self._mark_drawn(turn, event):
            return
        pile = self.discard_pile
        if not pile:
            self.flag(Finding(Code.EMPTY_DISCARD_PILE, event,
                              "the discard pile is empty"), event.player)
            return
        taken = event.card if event.card is not None else pile[-1]
        if taken is pile[-1]:
            pile.pop()
        else:
            problem = self.flag(Finding(Code.TAKE_NOT_TOP, event,
                                        f"the top of the discard pile is {pile[-1]}, not {taken}"),
                                event.player)
            if taken in pile and not (self._used_this_turn(pile[-1], event)
                                      and not self._used_this_turn(taken, event)):
                del pile[len(pile) - 1 - pile[::-1].index(taken)]
            elif problem.caused_by is None:
                taken = pile.pop()  # most likely a slip of the pen: the top was taken
            else:
                pile.pop()  # the pile is uncertain: its top was the card written
        self.hands[event.player][taken] += 1
        turn.taken, turn.take_event = taken, event
        self._report(verify_take(event, opened_before=turn.opened_before, rules=self.rules),
                     event.player)

    def on_buy(self, event: Buy) -> None:
        """Compra: the discard bought out of turn, right after it was discarded, by a
        player who neither discarded it nor plays next (docs/rules.md)."""
        buyer = event.player
        if buyer not in self.order:
            self._accept(event)  # reports the stranger
            return
        pile = self.discard_pile
        self._report(verify_buy(event, last_discarder=self.last_discarder,
                                turn_over=self.turn is None, next_player=self.current,
                                pile_top=pile[-1] if pile else None, rules=self.rules), buyer)
        self._report(verify_take(event, opened_before=buyer in self.opened, rules=self.rules),
                     buyer)
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

    def on_reshuffle(self, event: Reshuffle) -> None:
        """D17: legal only when the stock is empty; the stock order is then unknown."""
        if self.stock_count > 0:
            self.flag(Finding(Code.EARLY_RESHUFFLE, event,
                              f"the stock still holds {self.stock_count} cards"))
            return
        if self.void_after_turn:  # D16: the one reshuffle is spent, the hand is over
            self._end_turn()
            self._end_void()
            self._after_end(event)
            return
        self.reshuffle()

    # --- laying down ------------------------------------------------------------------

    def on_meld(self, event: Meld) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        cards = [tc.card for tc in event.cards]
        self._need_draw(turn, event, cards)
        self._remove_from_hand(event, cards)
        meld, findings = verify_meld(turn, event, self.rules)
        for problem in self._report(findings, event.player):
            if problem.code is Code.INVALID_MELD and not turn.opened_before:
                turn.invalid_meld = turn.invalid_meld or problem
        self.table.append(meld)
        self.owners.append(event.player)
        record_meld(turn, event, meld)
        self._check_emptied(event, turn)

    def _table_meld(self, event: Attach | Swap) -> int | None:
        """The index of the meld an attach or swap names, or None (reported)."""
        if 1 <= event.meld <= len(self.table):
            return event.meld - 1
        self.flag(Finding(Code.NO_SUCH_MELD, event,
                          f"there is no meld {event.meld} (the table has {len(self.table)})"),
                  event.player)
        return None

    def _check_opened(self, turn: Turn, event: Attach | Swap, owner: str | None) -> None:
        """D9 (:func:`~scala40cli.judging.verify.verify_touch`); a problem that may follow from
        an opening that fell short is held until the turn is over."""
        finding = verify_touch(turn, event, owner, self.rules)
        if finding is None:
            return
        if finding.held:
            turn.deferred.append(finding)
        else:
            self._report([finding], event.player)

    def on_attach(self, event: Attach) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        cards = [tc.card for tc in event.cards]
        self._need_draw(turn, event, cards)
        index = self._table_meld(event)
        self._check_opened(turn, event, None if index is None else self.owners[index])
        self._remove_from_hand(event, cards)
        record_attach(turn, event)
        meld = None if index is None else self.table[index]
        invalid: list[Finding] = []
        if index is not None and meld is not None:
            grown, invalid = verify_attach(event, meld, self.rules)
            if grown is not None:
                self.table[index] = grown
        closing = self._check_emptied(event, turn)
        for finding in invalid:  # an attach that closes without a discard: its problem
            self.flag(finding, event.player, closing)

    def on_swap(self, event: Swap) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        self._need_draw(turn, event, (event.card,))
        index = self._table_meld(event)
        if index is None:
            return
        self._check_opened(turn, event, self.owners[index])
        if not self.holds(event.player, event.card):
            problem = self.flag(Finding(Code.NOT_IN_HAND, event,
                                        f"{event.player} does not hold {event.card}"), event.player)
            self.doubts.doubt_hand(event.player, problem)
            return
        meld = self.table[index]
        if meld is None:
            return
        changed, findings = verify_swap(event, meld, self.rules)
        if changed is not None:
            self.table[index] = changed
        else:
            self._report(findings, event.player)
            if not meld.joker_count:
                return  # no joker to take: nothing changes places
            self.table[index] = forced_swap(meld, event.card)  # D27
        self._take_out(event, event.card)
        self.hands[event.player][JOKER] += 1
        if changed is not None:
            record_swap(turn, event, self.rules)
        else:  # D27: the card is laid, no joker is owed to the table
            turn.laid[event.card] += 1

    def on_discard(self, event: Discard) -> None:
        turn = self._accept(event)
        if turn is None:
            return
        if turn.buy is not None:
            self.flag(Finding(Code.OUT_OF_PLACE, event, "a buy ends without a discard; the line is "
                              "ignored"), event.player)
            return
        self._need_draw(turn, event, (event.card,))
        self._pay_draw(turn)
        self._remove_from_hand(event, (event.card,))
        self.discard_pile.append(event.card)
        closes = self.size(event.player) <= 0
        found = verify_discard(event, taken=turn.taken, laid=turn.laid, opened=turn.has_opened,
                               closes=closes, table=self.table, rules=self.rules)
        if found:
            self._report(found, event.player)
        if closes:
            self._close(event.player, turn, event)
            return
        self._end_turn()
        if self.void_after_turn or stock_dead(stock_left=self.stock_count,
                                              pile_size=len(self.discard_pile),
                                              rules=self.rules):
            self._end_void()
        else:
            self.current = self._next_after(event.player)
            self.last_discarder = event.player

    def _report(self, findings: list[Finding], player: str) -> list[Problem]:
        """Report what a check found, each finding as a violation of ``player`` (or a
        note, when it follows from an earlier problem)."""
        return [self.flag(f, player) for f in findings]

    # --- end of turn and of hand ------------------------------------------------------

    def _check_emptied(self, event: PlayerEvent, turn: Turn) -> Problem | None:
        """Emptying the hand by laying down closes it; with ``closing_discard=needs`` that
        is a violation on the event that empties the hand (returned), and the hand ends
        there."""
        if self.size(event.player) == 0:
            self._pay_draw(turn)  # the lost draw holds the card still to play
        if self.size(event.player) > 0:
            return None
        assert isinstance(event, (Meld, Attach, Swap))
        problems = self._report(verify_closing_by_laying(event, self.rules), event.player)
        self._close(event.player, turn, event)
        return problems[0] if problems else None

    def _end_turn(self) -> None:
        """End-of-turn checks (see :func:`~scala40cli.judging.verify.verify_end_of_turn`)."""
        turn = self.turn
        if turn is None:
            return
        self.turn = None
        if turn.opening:
            self.opened.add(turn.player)  # D8: even a refused opening counts
        findings = verify_end_of_turn(turn, self.rules)
        if not findings and not turn.deferred and turn.take_problem is None:
            return
        taken = [f for f in findings if f.code in _TAKE_CODES]
        opening = [f for f in findings if f.code is Code.OPENING_TOO_LOW]
        rest = [f for f in findings if f not in taken and f not in opening]
        for problem in self._report(taken, turn.player):
            turn.take_problem = turn.take_problem or problem
        # D28: an opening short only because a meld of it is invalid, or
        # because the meld with the taken card is missing, is not a problem of its own.
        opening_cause = turn.invalid_meld or turn.take_problem
        too_low = [self.flag(f, turn.player, opening_cause)
                   for f in opening]
        self._report(rest, turn.player)
        self._settle_deferred(turn, too_low[0] if too_low else None)

    def _settle_deferred(self, turn: Turn, too_low: Problem | None) -> None:
        """Report what the turn held back: a card not in hand after a take that broke
        a rule (the take most likely was a draw), an attach before an opening that fell
        short (its consequence), or else as violations of their own."""
        take = turn.take_problem
        if take is not None:
            self.doubts.doubt_stock(take)
            self.doubts.doubt_hand(turn.player, take)
        for held in turn.deferred:
            code, where = held.code, held.event
            cause = too_low if code is Code.NOT_OPENED else take
            earlier = cause if cause is not None and cause.line < where.line else None
            problem = self.flag(held, turn.player, earlier)
            if code is Code.NOT_IN_HAND and isinstance(where, Discard):
                self.doubts.doubt_pile(problem)
        turn.deferred.clear()

    def _close(self, closer: str, turn: Turn, event: PlayerEvent) -> None:
        """The closer emptied their hand: score the hand (D23)."""
        in_one_go = not turn.opened_before
        turn.closed = True
        assert isinstance(event, (Discard, Meld, Attach, Swap))
        self._report(verify_closing(turn, event, self.rules), closer)
        self._end_turn()
        self.closer = closer
        self.end_line = event.line
        self.closing = Closing.IN_ONE_GO if in_one_go else Closing.NORMAL
        self.penalties = closed_hand_penalties(
            players=self.order, closer=closer, in_one_go=in_one_go, hands=self.hands,
            opened=self.opened, rules=self.rules)
        self.bounds = unverified_penalties(
            players=self.order, closer=closer, in_one_go=in_one_go, hands=self.hands,
            unknown=self.unknown, opened=self.opened, rules=self.rules)
        for player in self.bounds:
            cause = self.doubts.of_hand(player)
            self.unverified[player] = (
                f"holds {self.unknown[player]} unknown cards" if cause is None
                else f"the hand is uncertain after line {cause.line}")
        self.phase = Phase.ENDED

    def _end_void(self) -> None:
        self.closing = Closing.VOID
        self.penalties = void_hand_penalties(self.order)
        self.phase = Phase.ENDED

    def score_only(self) -> bool:
        """A hand of a paper score sheet: nothing of it written but its score line
        (and maybe its dealer): no deal, no upcard, no play."""
        return self.phase is Phase.SETUP and self.setup is not None and self.setup.empty()

    def end_score_only(self, declared: dict[str, int]) -> None:
        """Close a score-only hand: its penalties are the declared ones."""
        assert self.setup is not None
        self.dealer = self.setup.dealer or self.expected_dealer
        self.order = self.setup.still_in
        self.setup = None
        self.penalties = {p: declared.get(p, 0) for p in self.order}
        self.unverified = dict.fromkeys(self.order, "a score-only hand")
        self.declared_end = True
        self.phase = Phase.ENDED
        # The closer scores 0 or less: the one player who does is taken as the closer.
        # Who opened is not known: nobody is counted as never opened.
        least = min(self.penalties.values(), default=1)
        lowest = [p for p, v in self.penalties.items() if v == least]
        if least <= 0 and len(lowest) == 1:
            self.closer, self.closing = lowest[0], Closing.NORMAL
            self.opened = set(self.order)

    def end_as_declared(self, declared: dict[str, int], cause: Problem) -> None:
        """The hand did not end as the log reads, most likely because of an earlier
        problem; its score line ends it, and its penalties are taken as declared."""
        self.give_up()
        line = self.doubts.root(cause).line
        for player in self.penalties:
            if player in declared:
                self.penalties[player] = declared[player]
                self.unverified[player] = f"taken as declared: the hand is uncertain after " \
                                          f"line {line}"
        self.declared_end = True

    def give_up(self) -> None:
        """The hand cannot be judged further (unreadable or cut short): it scores nothing."""
        if self.turn is not None:
            self._settle_deferred(self.turn, None)
        self.turn = None
        self.closing = Closing.UNFINISHED
        self.penalties = void_hand_penalties(self.order or tuple(self.hands))
        self.phase = Phase.ENDED


#: Which method judges each kind of hand event (after the gate).
_HANDLERS: dict[type[Event], Callable[[HandReferee, Any], None]] = {
    Dealer: HandReferee.on_setup, Deal: HandReferee.on_setup, Upcard: HandReferee.on_setup,
    Stock: HandReferee.on_setup, Draw: HandReferee.on_draw, Take: HandReferee.on_take,
    Meld: HandReferee.on_meld, Attach: HandReferee.on_attach, Swap: HandReferee.on_swap,
    Discard: HandReferee.on_discard, Reshuffle: HandReferee.on_reshuffle,
    Buy: HandReferee.on_buy,
}
#: The phase table by type of event (:func:`~scala40cli.judging.phases.steps_by_type`).
_STEPS_BY_TYPE = steps_by_type(_HANDLERS)
_PLAY = Phase.PLAY
#: The events judged as they come in play (the common case, read without the table).
_JUDGED_IN_PLAY = frozenset(kind for kind, step in _STEPS_BY_TYPE[Phase.PLAY].items()
                            if step is Step.JUDGE)
