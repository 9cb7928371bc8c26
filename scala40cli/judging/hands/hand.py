"""The referee of one hand: each line through the gate, then to the handler of its move.

:class:`HandReferee` is fed the lines of one hand one at a time (:meth:`~HandReferee.feed`):
gate -> verify -> report -> apply. The gate (:func:`~scala40cli.judging.hands.phases.gate`)
reads the phase -> allowed events table and alone reports a line out of place; the
handlers of the moves (:mod:`~scala40cli.judging.hands.draw_moves`,
:mod:`~scala40cli.judging.hands.play_moves`, and :class:`~scala40cli.judging.hands.deal.DealChecker`
for the lines of the deal) ask the ``verify_*`` functions of
:mod:`~scala40cli.judging.tabletop.verify`, report the
:class:`~scala40cli.judging.tabletop.findings.Finding`
values they return (a violation, or a note when it follows from an earlier problem,
D28), then apply the move as far as the cards are physically there, so that later
moves are judged against what happened at the table (not against what should have
happened).

The hand goes through three phases: ``SETUP`` (dealer, deals, upcard, stock),
``PLAY`` (turns) and ``ENDED`` (closed, void, given up as unreadable, or ended by its
score line). This module holds what the gate asks of the hand and the one table of
which handler judges each kind of line; the hand's state and accounts are in
:mod:`~scala40cli.judging.hands.hand_books`, its end in :mod:`~scala40cli.judging.hands.hand_end`,
whose turn it is in :mod:`~scala40cli.judging.hands.turn_order`. Which rule decides each
judgement is named in the docstrings: "D17" is the decision numbered 17 in
``docs/decisions.md`` (anchor ``#d17``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from scala40cli.judging.hands.deal import DealChecker
from scala40cli.judging.hands.draw_moves import on_buy, on_draw, on_reshuffle, on_take
from scala40cli.judging.hands.lookahead import last_deal_line, players_to_come
from scala40cli.judging.hands.phases import (
    KINDS,
    PLAY_KINDS,
    Kind,
    Phase,
    Step,
    gate,
    steps_by_type,
)
from scala40cli.judging.hands.play_moves import on_attach, on_discard, on_meld, on_swap
from scala40cli.judging.hands.turn_order import TurnOrder
from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.findings import Flag
from scala40cli.model.card_counts import card_counts
from scala40cli.reading.events import (
    PLAYER_EVENTS,
    Attach,
    Buy,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    Meld,
    Reshuffle,
    Stock,
    Swap,
    Take,
    Upcard,
)


class HandReferee(TurnOrder):
    """Judges the lines of one hand; see the module docstring."""

    def __init__(self, *, number: int, start: Event, still_in: Sequence[str],
                 game_players: Sequence[str], expected_dealer: str | None, rules: Rules,
                 flag: Flag, reentry: dict[str, str | None] | None = None) -> None:
        super().__init__(number=number, start=start, still_in=still_in,
                         game_players=game_players, expected_dealer=expected_dealer,
                         rules=rules, flag=flag, reentry=reentry)
        #: The index in :attr:`upcoming` of the deal's last line (None: not looked up yet).
        self._last_deal_line: int | None = None

    def feed(self, event: Event, position: int = 0) -> None:
        """Judge one line of the hand, ``upcoming[position]``: the gate, then (if it lets
        the line through, as its most likely author wrote it) the handler of its move. A
        line its handler found the hand over before (D16) goes back to the gate, which
        turns it away as after the end."""
        self.position = position
        kind = type(event)
        turn = self.turn
        if self.phase is _PLAY and kind in _JUDGED_AS_WRITTEN \
                and event.named_player() == self.current \
                and (turn is None or turn.buy is None):
            _judge_in_play(self, kind, event)  # what the gate would do, in the common case
        else:
            judged = gate(self, event, self.flag)
            if judged is None:
                return
            _HANDLERS[type(judged)](self, judged)
            event = judged
        if self.over_before_line:  # D16: the hand was over before this line
            self.over_before_line = False
            gate(self, event, self.flag)  # the hand ended: turned away there (T005)

    # --- what the gate asks of the hand ---------------------------------------------------

    def dealing(self) -> bool:
        """The deal is being written and lacks a player's cards or the upcard."""
        return self.setup is not None and not self.setup.complete()

    def deal_follows(self) -> bool:
        """A line of the deal comes later in the hand than the line being judged."""
        if self._last_deal_line is None:  # where the deal's last line is, looked up once
            self._last_deal_line = last_deal_line(self.upcoming, self.position)
        return self._last_deal_line > self.position

    def deal_has(self, kind: Kind) -> bool:
        """The deal already has its one line of ``kind`` (dealer, upcard, stock)."""
        assert self.setup is not None  # the gate asks while the deal is written
        return self.setup.has(kind)

    def start_play(self) -> Stock | None:
        """The first event of play closes the deal and sets the table; the stock line
        the deal could not use is returned, for the gate to report."""
        assert self.setup is not None
        dealt = self.setup.close(lambda: players_to_come(self.upcoming, self.position))
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
        self.stock_count = sum(self.stock.values())
        if self.stock_order is None:  # the Counter holds the unknown cards of the hands too
            self.stock_count -= sum(self.unknown.values())
        # Without a stock line, the stock's Counter is every card not seen yet.
        self.unseen = self.stock if self.stock_order is None else card_counts(self.stock)
        self.doubt_long_deals(dealt.doubts)
        self.discard_pile = dealt.discard_pile
        self.current = self.first_player()
        expected = self.expected_dealer
        first = self.upcoming[self.position] if self.position < len(self.upcoming) else None
        if expected is not None and self.dealer not in (None, expected) and self.order \
                and isinstance(first, PLAYER_EVENTS) and first.player == self.next_after(expected):
            # D28: the play follows the dealer the rotation names (reported), so
            # the dealer written was a slip: the hand is dealt by that one.
            self.dealer, self.current = expected, first.player
        self.phase = Phase.PLAY
        return dealt.ignored_stock


Handler = Callable[[HandReferee, Any], None]


def _to_deal(judge: Callable[[DealChecker, Any], None]) -> Handler:
    """A line of the deal, judged by the deal checker (the gate lets it through while
    the deal is written only)."""
    def route(hand: HandReferee, event: Event) -> None:
        assert hand.setup is not None
        judge(hand.setup, event)
    return route


#: Which handler judges each kind of line of a hand, once the gate let it through.
_HANDLERS: Final[dict[type[Event], Handler]] = {
    Dealer: _to_deal(DealChecker.on_dealer), Deal: _to_deal(DealChecker.on_deal),
    Upcard: _to_deal(DealChecker.on_upcard), Stock: _to_deal(DealChecker.on_stock),
    Draw: on_draw, Take: on_take, Buy: on_buy, Reshuffle: on_reshuffle,
    Meld: on_meld, Attach: on_attach, Swap: on_swap, Discard: on_discard,
}
_PLAY: Final = Phase.PLAY
#: The lines of play the table lets through as they are while play goes on and no
#: buy's turn is going on: written by the player in turn, the gate has nothing to do
#: with them (the fast path; tests/test_phases.py proves it judges as the gate does).
_JUDGED_AS_WRITTEN = frozenset(
    kind for kind, step in steps_by_type(_HANDLERS)[Phase.PLAY].items()
    if step in (Step.JUDGE, Step.NOT_IN_A_BUY) and KINDS[kind] in PLAY_KINDS)


def _judge_in_play(hand: HandReferee, kind: type[Event], event: Event) -> None:
    """``_HANDLERS[kind](hand, event)``, with the five commonest lines of play (nine in
    ten of a log's lines) handed straight to their handler: compiled, that is a native
    call, where a handler taken from the table is called as a Python object, its
    arguments parsed anew for every line. ``tests/test_phases.py`` checks that each
    line goes to its table's handler."""
    if kind is Discard:
        on_discard(hand, cast(Discard, event))
    elif kind is Draw:
        on_draw(hand, cast(Draw, event))
    elif kind is Meld:
        on_meld(hand, cast(Meld, event))
    elif kind is Attach:
        on_attach(hand, cast(Attach, event))
    elif kind is Take:
        on_take(hand, cast(Take, event))
    else:
        _HANDLERS[kind](hand, event)
