"""The moves that bring a card into a hand: draw, take, buy, and the reshuffle of the stock.

Each handler is the referee's "gate -> verify -> report -> apply" for one move, once
the gate (:func:`~scala40cli.judging.hands.phases.gate`) has let the line through: it finds
the turn the line belongs to (:meth:`~scala40cli.judging.hands.turn_order.TurnOrder.accept`),
asks the rules (:mod:`~scala40cli.judging.tabletop.verify`), reports what they find, and moves
the card as far as it is physically there, so that later moves are judged against what
happened at the table (D27).
"""

from __future__ import annotations

from typing import Final

from scala40cli.judging.hands.echoes import recount
from scala40cli.judging.hands.lookahead import used_this_turn
from scala40cli.judging.hands.turn_order import TurnOrder
from scala40cli.judging.tabletop.buying import verify_buy
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.table import add_card, take_card
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import verify_take, void_after_draw
from scala40cli.model.cards import Card
from scala40cli.model.violations import Code
from scala40cli.reading.events import Buy, Draw, Reshuffle, Take


def _mark_drawn(hand: TurnOrder, turn: Turn, event: Draw | Take) -> None:
    """Count the draw; a second one is reported, applied (D27), and leaves the
    player's cards uncertain, with the stock (a draw) or the pile (a take) (D28)."""
    turn.draws += 1
    if turn.owes_draw:  # the draw comes late, after a play (reported then)
        turn.owes_draw = False
        return
    if turn.drew:
        problem = hand.flag(Finding(Code.SECOND_DRAW, event,
                                    f"{event.player} already drew this turn"),
                            event.player)
        order = hand.stock_order
        if order and isinstance(event, Draw) and hand.doubts.stock is None:
            hand.echoes.stock_twin = list(order)  # had the line been absent
        hand.doubts.doubt_hand(event.player, problem)
        if isinstance(event, Draw):  # D28: a second draw leaves the pile as it was
            hand.doubts.doubt_stock(problem)
            if event.card is not None and not order:  # format 1.1: a card the hand
                # may never have drawn, so a later copy of it may be an echo
                hand.echoes.shown.setdefault(event.card, hand.doubts.root(problem))
        else:
            hand.doubts.doubt_pile(problem)
    turn.drew = True


def on_draw(hand: TurnOrder, event: Draw) -> None:
    """A draw from the stock: its top card when the stock's order is known (D18); an
    empty stock wants a reshuffle line first (D17)."""
    turn = hand.accept(event)
    if turn is None:
        return
    _mark_drawn(hand, turn, event)
    if hand.stock_count <= 0:
        hand.flag(Finding(Code.MISSING_RESHUFFLE, event,
                          "the stock is empty: a reshuffle line must come first"), event.player)
        hand.reshuffle()
    if event.card is None:
        hand.draw_unseen(event.player)
    else:
        _draw_from_stock(hand, event, event.card)
    if void_after_draw(stock_left=hand.stock_count, reshuffles=hand.reshuffles,
                       rules=hand.rules):
        hand.void_after_turn = True


def _draw_from_stock(hand: TurnOrder, event: Draw, drawn: Card) -> None:
    """D18: with a known stock a draw must be its top card; otherwise the
    drawn card is taken out wherever it is and the stated top stays on top."""
    add_card(hand.hands[event.player], drawn)
    order = hand.stock_order
    if order and order[-1] is drawn:
        order.pop()
        twin = hand.echoes.stock_twin
        if twin is not None and hand.doubts.stock is not None \
                and hand.doubts.stock.line < event.line:  # D28: in step again
            if twin and twin[-1] is drawn:  # the twin's top too: the twin is the stock
                _put_in_step(hand, order, twin[:-1])
            hand.doubts.stock, hand.echoes.stock_twin = None, None
    elif order and _in_step_again(hand, event, order, drawn):
        return
    elif hand.stock.get(drawn, 0) <= 0 or (hand.sources is not None
                                           and not hand.draw_from_reshuffled(drawn)):
        cause = hand.echoes.misplaced_cause(drawn, event.line) if hand.echoes.misplaced \
            else None
        if cause is None and order is None and hand.echoes.shown:  # D28, format 1.1
            cause = hand.echoes.shown_cause(drawn, event.line)
        doubt = hand.doubts.stock
        problem = hand.flag(Finding(Code.NOT_IN_STOCK, event,
                                    f"no {drawn} is left in the stock"),
                            event.player, cause,  # a take for a draw took an unknown card:
                            independent=order is None and doubt is not None  # not this one
                            and doubt.code in _TAKE_PROBLEMS)
        if problem.caused_by is None and order:  # the top is taken as drawn; had the
            hand.doubts.doubt_stock(problem)  # line been absent, it would still be there
            hand.echoes.stock_twin = list(order)
        # (in a stock of unknown order the card drawn was some other: one card the
        # referee still counts there, which no later draw's problem can follow from)
        hand.doubts.doubt_hand(event.player, problem)
        if order:
            take_card(hand.stock, order.pop())
        hand.stock_count -= 1
        return
    elif order:
        problem = hand.flag(Finding(Code.DRAW_NOT_TOP, event,
                                    f"the top of the stock is {order[-1]}, not {drawn}"),
                            event.player)
        if problem.caused_by is None:
            hand.echoes.stock_twin = order[:-1]  # had the top been drawn
            hand.doubts.doubt_stock(problem)
        hand.doubts.doubt_hand(event.player, problem)
        del order[len(order) - 1 - order[::-1].index(drawn)]
    take_card(hand.stock, drawn)
    hand.stock_count -= 1


#: Problems of a take that most likely stood for a draw (of a card nobody saw).
_TAKE_PROBLEMS: Final = frozenset({Code.TAKE_BEFORE_OPENING, Code.TAKEN_CARD_UNUSED,
                            Code.DISCARD_TAKEN_CARD})


def _in_step_again(hand: TurnOrder, event: Draw, order: list[Card], drawn: Card) -> bool:
    """D28: a draw that is not the top of a stock out of step since an earlier problem
    (a take where a draw was, a second draw, a draw under the top) is its echo when the
    card is where the stock would be had that problem not happened; the stock is then
    put back in step (cards the log lost leave it), and later draws are judged as
    usual. False when the stock is in step, or the draw is a problem of its own."""
    cause = hand.doubts.stock
    if cause is None or cause.line >= event.line or hand.echoes.stock_twin is None:
        return False  # in step, or out of step in a way not known (the deal's stock)
    in_step = hand.echoes.resync(drawn)
    if in_step is None:
        hand.doubts.stock = None  # judged as usual from here on
        return False
    code, why = ((Code.DRAW_NOT_TOP, f"the top of the stock is {order[-1]}, not {drawn}")
                 if hand.stock.get(drawn, 0) > 0 else
                 (Code.NOT_IN_STOCK, f"no {drawn} is left in the stock"))
    hand.flag(Finding(code, event, why), event.player, cause)
    _put_in_step(hand, order, in_step)
    hand.doubts.stock = None
    return True


def _put_in_step(hand: TurnOrder, order: list[Card], in_step: list[Card]) -> None:
    """The stock becomes ``in_step`` (top last), its counts with it."""
    order[:] = in_step
    recount(order, hand.stock)
    hand.stock_count = len(order)


def on_take(hand: TurnOrder, event: Take) -> None:
    """A take of the top of the discard pile; what the card taken must be used for is
    checked when the turn is over (D12, D13)."""
    turn = hand.accept(event)
    if turn is None:
        return
    if turn.buy is not None:
        hand.flag(Finding(Code.ILLEGAL_BUY, event,
                          "the extra card of a buy comes from the stock"),
                  event.player)
    _mark_drawn(hand, turn, event)
    pile = hand.discard_pile
    if not pile:
        hand.flag(Finding(Code.EMPTY_DISCARD_PILE, event,
                          "the discard pile is empty"), event.player)
        return
    taken = event.card if event.card is not None else pile[-1]
    if taken is pile[-1]:
        pile.pop()
    else:
        mark = hand.echoes.pile_mark  # D28: the top is uncertain only till it is covered
        problem = hand.flag(Finding(Code.TAKE_NOT_TOP, event,
                                    f"the top of the discard pile is {pile[-1]}, not {taken}"),
                            event.player, independent=mark is not None and mark != len(pile))
        if taken in pile and not (_used(hand, pile[-1], event.player)
                                  and not _used(hand, taken, event.player)):
            del pile[len(pile) - 1 - pile[::-1].index(taken)]
        elif problem.caused_by is None:
            taken = pile.pop()  # most likely a slip of the pen: the top was taken
        else:
            pile.pop()  # the pile is uncertain: its top was the card written
    add_card(hand.hands[event.player], taken)
    turn.taken, turn.take_event = taken, event
    for problem in hand.report(verify_take(event, opened_before=turn.opened_before,
                                           rules=hand.rules), event.player):
        if problem.code is Code.TAKE_BEFORE_OPENING and problem.caused_by is None:
            # D28: a take forbidden outright most likely stood for a draw, as one
            # found at the turn's end does (take_before_opening=only_to_open)
            turn.take_problem = turn.take_problem or problem


def _used(hand: TurnOrder, card: Card, player: str) -> bool:
    """The rest of ``player``'s turn lays down or discards ``card`` (the lines ahead)."""
    return used_this_turn(hand.upcoming, hand.position, card, player)


def on_buy(hand: TurnOrder, event: Buy) -> None:
    """Compra: the discard bought out of turn, right after it was discarded, by a
    player who neither discarded it nor plays next (docs/rules.md)."""
    buyer = event.player
    if buyer not in hand.order:
        hand.accept(event)  # reports the stranger
        return
    pile = hand.discard_pile
    hand.report(verify_buy(event, last_discarder=hand.last_discarder,
                           turn_over=hand.turn is None, next_player=hand.current,
                           pile_top=pile[-1] if pile else None, rules=hand.rules), buyer)
    hand.report(verify_take(event, opened_before=buyer in hand.opened, rules=hand.rules),
                buyer)
    if pile and pile[-1] is event.card:
        pile.pop()
    hand.hands[buyer][event.card] += 1
    if hand.turn is not None:
        hand.end_turn()
    hand.resume = hand.current if hand.current != buyer else hand.next_after(buyer)
    hand.current = buyer
    hand.turn = Turn(player=buyer, opened_before=buyer in hand.opened, buy=event,
                     taken=event.card, take_event=event,
                     first_of_hand=buyer not in hand.played)
    hand.last_discarder = None


def on_reshuffle(hand: TurnOrder, event: Reshuffle) -> None:
    """D17: legal only when the stock is empty; the stock order is then unknown."""
    if hand.stock_count > 0:
        hand.flag(Finding(Code.EARLY_RESHUFFLE, event,
                          f"the stock still holds {hand.stock_count} cards"))
        return
    if hand.void_after_turn:  # D16: the one reshuffle is spent, the hand is over
        hand.end_turn()
        hand.void_before_line()
        return
    hand.reshuffle()
