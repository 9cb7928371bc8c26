"""The moves that take cards out of a hand: meld, attach, swap and discard.

Each handler is the referee's "gate -> verify -> report -> apply" for one move, once
the gate (:func:`~scala40cli.judging.hands.phases.gate`) has let the line through: it finds
the turn the line belongs to (:meth:`~scala40cli.judging.hands.turn_order.TurnOrder.accept`),
asks the rules (:mod:`~scala40cli.judging.tabletop.verify`), reports what they find, and applies
the move as far as the cards are physically there (D27). A move that empties the hand
closes it (:mod:`~scala40cli.judging.hands.hand_end`).
"""

from __future__ import annotations

from scala40cli.judging.hands.echoes import legal_versions
from scala40cli.judging.hands.refused_melds import (
    attach_to_refused,
    broken_by_swap,
    refuse_meld,
    swap_on_refused,
)
from scala40cli.judging.hands.turn_order import TurnOrder
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.held_cards import holding_hint
from scala40cli.judging.tabletop.melds import forced_swap, opening_value
from scala40cli.judging.tabletop.turn import Turn
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
from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Discard, Event, Meld, Swap


def on_meld(hand: TurnOrder, event: Meld) -> None:
    """A meld laid from the hand (D1-D5); in the opening turn its value counts toward
    the opening (D10), an invalid meld counting 0."""
    turn = hand.accept(event)
    if turn is None:
        return
    cards = [tc.card for tc in event.cards]
    hand.need_draw(turn, event, cards)
    lacking = hand.remove_from_hand(event, cards)
    if lacking is not None and lacking.caused_by is None:  # D28: its cards are not known
        hand.echoes.doubt_meld(len(hand.table), lacking, [])
    elif turn.deferred and turn.deferred[-1].event is event:  # held till the turn's end
        hand.echoes.held.append((turn.deferred[-1], len(hand.table), []))
    meld, findings = verify_meld(turn, event, hand.rules)
    problems = hand.report(findings, event.player)
    for problem in problems:
        if problem.code is Code.INVALID_MELD and not turn.opened_before:
            turn.invalid_meld = turn.invalid_meld or problem
    if meld is None:  # D28: a move that names it is judged on the meld its cards make
        versions = refuse_meld(hand, event, len(hand.table), problems)
        if not turn.opened_before:  # what it would add to the opening, so laid
            worth = max((opening_value(v) for v in versions), default=-1)
            turn.invalid_worth = -1 if min(worth, turn.invalid_worth) < 0 \
                else turn.invalid_worth + worth
    if turn.first_meld < 0:
        turn.first_meld = len(hand.table)
    hand.table.append(meld)
    hand.owners.append(event.player)
    record_meld(turn, event, meld)
    hand.check_emptied(event, turn)


def _table_meld(hand: TurnOrder, event: Attach | Swap) -> int | None:
    """The index of the meld an attach or swap names, or None (reported: an echo only
    when a meld line was lost and would have had that number, D28)."""
    if 1 <= event.meld <= len(hand.table):
        return event.meld - 1
    cause = hand.echoes.missing_meld_cause(event, hand.table, hand.rules)
    problem = hand.flag(Finding(Code.NO_SUCH_MELD, event,
                                f"there is no meld {event.meld} "
                                f"(the table has {len(hand.table)})"),
                        event.player, _or_unreadable(hand, cause, event), independent=True)
    if problem.caused_by is None:
        hand.echoes.stray(problem, event)
    return None


def _or_unreadable(hand: TurnOrder, cause: Problem | None, event: Event) -> Problem | None:
    """The cause found on the table, else a line that could not be read before."""
    everything = hand.doubts.everything
    if cause is None and everything is not None and everything.line < event.line:
        return everything
    return cause


def _touch(hand: TurnOrder, turn: Turn, event: Attach | Swap, index: int | None) -> None:
    """D9: an attach or swap by a player who has not opened (or on another's meld
    where the rules forbid it). Reported now, the meld is doubted: without this line
    it would not hold these cards (D28)."""
    owner = None if index is None else hand.owners[index]
    found = verify_touch(turn, event, owner, hand.rules)
    if found is None or found.held:
        before = None if index is None else hand.table[index]
        if found is not None and index is not None:
            hand.echoes.held.append((found, index, [] if before is None else [before]))
        hand.report_or_hold(turn, found, event.player)
        return
    problem = hand.flag(found, event.player)
    before = None if index is None else hand.table[index]
    if problem.caused_by is None and index is not None:
        hand.echoes.doubt_meld(index, problem, [] if before is None else [before])


def _refused(hand: TurnOrder, finding: Finding, index: int, closing: Problem | None
             ) -> Problem:
    """Report a move refused on meld ``index``: an echo when it would be made on the
    table as it would be without an earlier problem (D28)."""
    event = finding.event
    assert isinstance(event, (Attach, Swap))
    cause = closing or hand.echoes.move_cause(index, hand.table, event, hand.rules)
    return hand.flag(finding, event.player, _or_unreadable(hand, cause, event),
                     independent=True)


def on_attach(hand: TurnOrder, event: Attach) -> None:
    """Cards added to a meld on the table, by a player who has opened (D9)."""
    turn = hand.accept(event)
    if turn is None:
        return
    cards = [tc.card for tc in event.cards]
    hand.need_draw(turn, event, cards)
    index = _table_meld(hand, event)
    _touch(hand, turn, event, index)
    lacking = hand.remove_from_hand(event, cards)
    record_attach(turn, event)
    meld = None if index is None else hand.table[index]
    if index is None or meld is None:
        closing = hand.check_emptied(event, turn)
        if index is not None:  # a meld the referee refused (D28)
            attach_to_refused(hand, event, index, closing)
        return
    if lacking is not None and lacking.caused_by is None:  # D28: another card went there
        hand.echoes.doubt_meld(index, lacking, legal_versions(meld, event, hand.rules))
    elif turn.deferred and turn.deferred[-1].event is event:  # held till the turn's end
        hand.echoes.held.append((turn.deferred[-1], index,
                                 legal_versions(meld, event, hand.rules)))
    grown, invalid = verify_attach(event, meld, hand.rules)
    if grown is not None:
        if hand.echoes.lost_meld is not None:
            hand.echoes.confirm_numbers(index, event, hand.table, hand.rules)
        hand.table[index] = grown
        if hand.echoes.melds:
            hand.echoes.moved_twins(index, event, hand.rules)
    closing = hand.check_emptied(event, turn)
    for finding in invalid:  # an attach that closes without a discard: its problem
        problem = _refused(hand, finding, index, closing)
        if problem.caused_by is None:  # had it been legal, the meld would have grown
            hand.echoes.doubt_meld(index, problem, legal_versions(meld, event, hand.rules))


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
    _touch(hand, turn, event, index)
    meld = hand.table[index]
    if not hand.holds(event.player, event.card):
        doubt = hand.doubts.cause(Code.NOT_IN_HAND, event.player, event.line)
        if doubt is not None and not hand.echoes.may_lack(doubt, [event.card]):
            doubt = None  # D28: it would be missing had the earlier line been legal too
        problem = hand.flag(Finding(Code.NOT_IN_HAND, event,
                                    f"{event.player} does not hold {event.card}"
                                    + holding_hint(event.player, hand.hands[event.player],
                                                   (event.card,))), event.player,
                            doubt, independent=True)
        hand.doubts.doubt_hand(event.player, problem)
        hand.echoes.owe(hand.doubts.root(problem), JOKER)  # the joker it did not get
        if meld is not None and meld.joker_count:  # had the swap been made, the joker
            hand.echoes.doubt_meld(index, hand.doubts.root(problem),  # would be out
                                   legal_versions(meld, event, hand.rules))
        return
    if meld is None:  # a meld the referee refused (D28)
        swap_on_refused(hand, turn, event, index)
        return
    changed, findings = verify_swap(event, meld, hand.rules)
    if changed is not None:
        if hand.echoes.lost_meld is not None:
            hand.echoes.confirm_numbers(index, event, hand.table, hand.rules)
        hand.table[index] = changed
        if hand.echoes.melds:
            hand.echoes.moved_twins(index, event, hand.rules)
    else:
        for finding in findings:
            problem = _refused(hand, finding, index, None)
            if problem.caused_by is None:
                hand.echoes.doubt_meld(index, problem, legal_versions(meld, event, hand.rules))
            else:  # had it been made, the player would hold the joker
                hand.doubts.doubt_hand(event.player, hand.doubts.root(problem))
                hand.echoes.owe(hand.doubts.root(problem), JOKER)
        if not meld.joker_count:
            return  # no joker to take: nothing changes places
        hand.table[index] = forced_swap(meld, event.card)  # D27
        if hand.table[index] is None:  # the card breaks it: no meld any more (D28)
            broken_by_swap(hand, index, hand.doubts.root(problem), meld.joker_count - 1)
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
        hand.last_discarder, hand.last_discard_line = event.player, event.line
