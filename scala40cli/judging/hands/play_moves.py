"""The moves that take cards out of a hand: meld, attach, swap and discard.

Each handler is the referee's "gate -> verify -> report -> apply" for one move, once
the gate (:func:`~scala40cli.judging.hands.phases.gate`) has let the line through: it finds
the turn the line belongs to (:meth:`~scala40cli.judging.hands.turn_order.TurnOrder.accept`),
asks the rules (:mod:`~scala40cli.judging.tabletop.verify`), reports what they find, and applies
the move as far as the cards are physically there (D27). A move that empties the hand
closes it (:mod:`~scala40cli.judging.hands.hand_end`).
"""

from __future__ import annotations

from scala40cli.judging.hands.turn_order import TurnOrder
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.held_cards import holding_hint
from scala40cli.judging.tabletop.melds import forced_swap
from scala40cli.judging.tabletop.verify import (
    record_attach,
    record_meld,
    record_swap,
    stock_dead,
    verify_attach,
    verify_discard,
    verify_meld,
    verify_swap,
    verify_touch,
)
from scala40cli.model.cards import JOKER
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Discard, Meld, Swap


def on_meld(hand: TurnOrder, event: Meld) -> None:
    """A meld laid from the hand (D1-D5); in the opening turn its value counts toward
    the opening (D10), an invalid meld counting 0."""
    turn = hand.accept(event)
    if turn is None:
        return
    cards = [tc.card for tc in event.cards]
    hand.need_draw(turn, event, cards)
    hand.remove_from_hand(event, cards)
    meld, findings = verify_meld(turn, event, hand.rules)
    for problem in hand.report(findings, event.player):
        if problem.code is Code.INVALID_MELD and not turn.opened_before:
            turn.invalid_meld = turn.invalid_meld or problem
    hand.table.append(meld)
    hand.owners.append(event.player)
    record_meld(turn, event, meld)
    hand.check_emptied(event, turn)


def _table_meld(hand: TurnOrder, event: Attach | Swap) -> int | None:
    """The index of the meld an attach or swap names, or None (reported)."""
    if 1 <= event.meld <= len(hand.table):
        return event.meld - 1
    hand.flag(Finding(Code.NO_SUCH_MELD, event,
                      f"there is no meld {event.meld} (the table has {len(hand.table)})"),
              event.player)
    return None


def on_attach(hand: TurnOrder, event: Attach) -> None:
    """Cards added to a meld on the table, by a player who has opened (D9)."""
    turn = hand.accept(event)
    if turn is None:
        return
    cards = [tc.card for tc in event.cards]
    hand.need_draw(turn, event, cards)
    index = _table_meld(hand, event)
    owner = None if index is None else hand.owners[index]
    hand.report_or_hold(turn, verify_touch(turn, event, owner, hand.rules), event.player)
    hand.remove_from_hand(event, cards)
    record_attach(turn, event)
    meld = None if index is None else hand.table[index]
    invalid: list[Finding] = []
    if index is not None and meld is not None:
        grown, invalid = verify_attach(event, meld, hand.rules)
        if grown is not None:
            hand.table[index] = grown
    closing = hand.check_emptied(event, turn)
    for finding in invalid:  # an attach that closes without a discard: its problem
        hand.flag(finding, event.player, closing)


def on_swap(hand: TurnOrder, event: Swap) -> None:
    """A joker taken back from the table for the card it stands for (``joker_swap``);
    a swap refused still moves the joker when the meld has one (D27)."""
    turn = hand.accept(event)
    if turn is None:
        return
    hand.need_draw(turn, event, (event.card,))
    index = _table_meld(hand, event)
    if index is None:
        return
    hand.report_or_hold(turn, verify_touch(turn, event, hand.owners[index], hand.rules),
                        event.player)
    if not hand.holds(event.player, event.card):
        problem = hand.flag(Finding(Code.NOT_IN_HAND, event,
                                    f"{event.player} does not hold {event.card}"
                                    + holding_hint(event.player, hand.hands[event.player],
                                                   (event.card,))), event.player)
        hand.doubts.doubt_hand(event.player, problem)
        return
    meld = hand.table[index]
    if meld is None:
        return
    changed, findings = verify_swap(event, meld, hand.rules)
    if changed is not None:
        hand.table[index] = changed
    else:
        hand.report(findings, event.player)
        if not meld.joker_count:
            return  # no joker to take: nothing changes places
        hand.table[index] = forced_swap(meld, event.card)  # D27
    hand.take_out(event, event.card)
    hand.hands[event.player][JOKER] += 1
    if changed is not None:
        record_swap(turn, event, hand.rules)
    else:  # D27: the card is laid, no joker is owed to the table
        turn.laid.append(event.card)


def on_discard(hand: TurnOrder, event: Discard) -> None:
    """The discard that ends a turn (D14, ``discard_playable``, ``discard_joker``), or
    closes the hand when it is the last card."""
    turn = hand.accept(event)
    if turn is None:
        return
    assert turn.buy is None  # the gate refuses the discard of a buy's turn
    hand.need_draw(turn, event, (event.card,))
    hand.pay_draw(turn)
    hand.remove_from_hand(event, (event.card,))
    hand.discard_pile.append(event.card)
    closes = not hand.holds_cards(event.player)
    found = verify_discard(event, taken=turn.taken, laid=turn.laid, opened=turn.has_opened,
                           closes=closes, table=hand.table, rules=hand.rules)
    if found:
        hand.report(found, event.player)
    if closes:
        hand.close(event.player, turn, event)
        return
    hand.end_turn()
    if hand.void_after_turn or stock_dead(stock_left=hand.stock_count,
                                          pile_size=len(hand.discard_pile),
                                          rules=hand.rules):
        hand.end_void()
    else:
        hand.current = hand.next_after(event.player)
        hand.last_discarder = event.player
