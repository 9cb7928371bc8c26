"""The bots' legality questions are the judge's: the board asks ``verify_*``.

Each question a bot asks before or while it plans (may I take, buy, touch this meld,
lay a joker, keep the card I took, end the turn so) is answered by the judging core's
``verify_*`` functions through :mod:`scala40cli.simulate.board`. These tests read the
answers as the rules read, under every value of the switch that decides them, and
prove the one shortcut kept (a cached question on a sample meld) equal to the judge's
answer on real melds.
"""

from __future__ import annotations

import itertools
from types import MappingProxyType

import pytest
from helpers import cards, rules, table_cards

from scala40cli.judging.rulebook.rules import (
    CLASSIC,
    ClosingDiscard,
    DiscardPlayable,
    OneGoThreshold,
    OpeningJokers,
    OpeningTurnPlays,
    Rules,
    TakeAfterOpening,
    TakeBeforeOpening,
)
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import verify_meld
from scala40cli.model.cards import parse_card
from scala40cli.model.violations import Code
from scala40cli.reading.events import Meld
from scala40cli.simulate.board import (
    Board,
    jokers_in_melds,
    take_allowed,
    taken_card_may_stay,
)
from scala40cli.simulate.view import PlayerView

AT = {"line": 1, "column": 1}


def view(hand: str, *, opened: bool, rules: Rules = CLASSIC, taken: str | None = None,
         buying: bool = False, table: tuple[str, ...] = (), pile: str = "5S") -> PlayerView:
    players = ("Anna", "Bruno")
    melds = tuple(verify_meld(Turn(player="Bruno", opened_before=True),
                              Meld(player="Bruno", cards=table_cards(text), **AT), rules)[0]
                  for text in table)
    assert all(m is not None for m in melds)
    return PlayerView(
        me="Anna", rules=rules, players=players, order=players, dealer="Bruno",
        hand_number=1, hand=cards(hand), table=melds,  # type: ignore[arg-type]
        owners=("Bruno",) * len(melds), discard_pile=cards(pile), stock_size=40,
        reshuffles=0, hand_sizes=MappingProxyType({"Anna": 9, "Bruno": 9}),
        opened=frozenset({"Bruno"} | ({"Anna"} if opened else set())),
        played=frozenset(players), taken=MappingProxyType({}),
        discarded=MappingProxyType({}), totals=MappingProxyType({"Anna": 0, "Bruno": 0}),
        partners=frozenset(), turns=4, opened_before=opened,
        taken_now=None if taken is None else parse_card(taken), buying=buying)


# --- before the turn ------------------------------------------------------------------------


@pytest.mark.parametrize("buying", [False, True])
def test_the_discard_is_taken_before_opening_only_under_only_to_open(buying: bool) -> None:
    only = rules(take_before_opening=TakeBeforeOpening.ONLY_TO_OPEN)
    never = rules(take_before_opening=TakeBeforeOpening.FORBIDDEN)
    assert take_allowed(view("KS", opened=False, rules=only, buying=buying))
    assert not take_allowed(view("KS", opened=False, rules=never, buying=buying))
    assert take_allowed(view("KS", opened=True, rules=never, buying=buying))
    assert not take_allowed(view("KS", opened=True, pile="", buying=buying))


def test_a_card_taken_after_opening_stays_in_hand_only_under_take_after_opening_free() -> None:
    free = rules(take_after_opening=TakeAfterOpening.FREE)
    must = rules(take_after_opening=TakeAfterOpening.MUST_USE)
    assert taken_card_may_stay(view("KS KD", opened=True, rules=free, taken="KD"))
    assert not taken_card_may_stay(view("KS KD", opened=True, rules=must, taken="KD"))
    # a bought card is laid down at once, whatever the rules
    assert not taken_card_may_stay(view("KS KD", opened=True, rules=free, taken="KD",
                                        buying=True))


JOKER_MELDS = ("JK 6D 7D", "5S JK(6S) 7S", "QD KD JK(AD)", "7D 7C JK", "JK(KH) KS KC KD")


@pytest.mark.parametrize("opened_before", [False, True])
@pytest.mark.parametrize("jokers", list(OpeningJokers))
def test_the_cached_joker_question_is_the_judges_answer_on_every_joker_meld(
        opened_before: bool, jokers: OpeningJokers) -> None:
    with_rules = rules(opening_jokers=jokers)
    turn = Turn(player="Anna", opened_before=opened_before)
    for text in JOKER_MELDS:
        event = Meld(player="Anna", cards=table_cards(text), **AT)
        refused = any(f.code is Code.OPENING_JOKER for f in verify_meld(turn, event,
                                                                        with_rules)[1])
        assert jokers_in_melds(opened_before, with_rules) is not refused, text
    assert jokers_in_melds(opened_before, with_rules) is (
        opened_before or jokers is OpeningJokers.ALLOWED)


# --- while the turn is planned ----------------------------------------------------------------


def test_no_meld_is_touched_before_the_opening_reaches_the_threshold() -> None:
    """The old planner let an opening turn touch the table as soon as a meld was laid."""
    board = Board.of(view("KS KH KD QS QH QD 8S", opened=False, table=("5C 6C 7C",)))
    assert not board.may_touch(0)
    board.lay_meld(table_cards("KS KH KD"))  # 30: short of 40
    assert not board.may_touch(0) and not board.may_touch(1)
    board.lay_meld(table_cards("QS QH QD"))  # 60
    assert board.may_touch(0) and board.may_touch(1)


@pytest.mark.parametrize("plays", list(OpeningTurnPlays))
def test_in_the_opening_turn_melds_are_touched_as_opening_turn_plays_says(
        plays: OpeningTurnPlays) -> None:
    board = Board.of(view("KS KH KD QS QH QD 8S", opened=False, table=("5C 6C 7C",),
                          rules=rules(opening_turn_plays=plays)))
    board.lay_meld(table_cards("KS KH KD"))
    board.lay_meld(table_cards("QS QH QD"))
    assert [board.may_touch(i) for i in range(3)] == {
        OpeningTurnPlays.ANYWHERE: [True] * 3, OpeningTurnPlays.OWN_MELDS: [False, True, True],
        OpeningTurnPlays.NOTHING: [False] * 3}[plays]


def test_an_opening_that_falls_short_is_refused_unless_it_closes_under_waived() -> None:
    """The old planner refused every opening short of the threshold."""
    waived = rules(one_go_threshold=OneGoThreshold.WAIVED,
                   closing_discard=ClosingDiscard.OPTIONAL)
    for with_rules, refused in ((CLASSIC, True), (waived, False),
                                (rules(closing_discard=ClosingDiscard.OPTIONAL), True)):
        board = Board.of(view("KS KH KD", opened=False, rules=with_rules))
        board.lay_meld(table_cards("KS KH KD"))
        assert board.end_refused() is refused, with_rules
    short = Board.of(view("KS KH KD 2C", opened=False, rules=waived))
    short.lay_meld(table_cards("KS KH KD"))
    assert short.end_refused()  # the hand is not emptied: the threshold applies


def test_a_discard_is_refused_as_the_engine_refuses_it() -> None:
    playable = rules(discard_playable=DiscardPlayable.FORBIDDEN)
    board = Board.of(view("8C 2D", opened=True, table=("5C 6C 7C",), rules=playable))
    assert board.discard_refused(parse_card("8C"))
    assert not board.discard_refused(parse_card("2D"))
    taken = Board.of(view("8C 2D", opened=True, taken="2D"))
    assert taken.discard_refused(parse_card("2D"))


def test_the_board_keeps_the_turn_the_engine_will_keep() -> None:
    """Drawn, taken or bought, nothing laid yet: the record the judge reads."""
    for opened, buying in itertools.product((False, True), repeat=2):
        board = Board.of(view("KS", opened=opened, taken="KD", buying=buying))
        turn = board.turn
        assert turn.opened_before is opened and turn.draws == 1 and turn.taken == parse_card("KD")
        assert (turn.buy is not None) is buying and turn.take_event is not None
        assert not turn.laid and not turn.opening
