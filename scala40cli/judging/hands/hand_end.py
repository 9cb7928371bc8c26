"""The end of one hand: closed, void, given up or ended by its score line, and its penalties.

A hand ends when a player empties their hand (by a discard, or by laying down where
``closing_discard`` allows it), when the stock runs out for good (void, D16), when the
referee cannot judge it further (an unreadable line, a hand cut short), or at its score
line: a hand of a paper score sheet, or one whose end the referee lost after a reported
problem (D28). :class:`HandEnding` makes each of these ends and sets the penalties
(:mod:`~scala40cli.judging.scores.scoring`) the match referee adds to the totals.
"""

from __future__ import annotations

from scala40cli.judging.hands.echoes import COUNT_CODES
from scala40cli.judging.hands.hand_books import HandBooks
from scala40cli.judging.hands.phases import Phase
from scala40cli.judging.scores.scoring import (
    closed_hand_penalties,
    unverified_penalties,
    void_hand_penalties,
)
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import verify_closing, verify_closing_by_laying
from scala40cli.model.results import Closing, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Discard, Event, Meld, PlayerEvent, Swap


class HandEnding(HandBooks):
    """The ends of a hand (see the module docstring)."""

    def check_emptied(self, event: PlayerEvent, turn: Turn) -> Problem | None:
        """Emptying the hand by laying down closes it; with ``closing_discard=needs`` that
        is a violation on the event that empties the hand (returned), and the hand ends
        there."""
        if not self.holds_cards(event.player):
            self.pay_draw(turn)  # the lost draw holds the card still to play
        if self.holds_cards(event.player):
            return None
        assert isinstance(event, (Meld, Attach, Swap))
        problems = [self.flag(found, event.player, self._count_doubt(event), independent=True)
                    for found in verify_closing_by_laying(event, self.rules)]
        self.close(event.player, turn, event)
        return problems[0] if problems else None

    def _count_doubt(self, event: PlayerEvent) -> Problem | None:
        """D28: why how many cards the player holds is uncertain (a hand emptied without
        its discard only follows from that), or None."""
        doubt = self.doubts.of_hand(event.player)
        if doubt is None or doubt.line >= event.line or doubt.code not in COUNT_CODES:
            return None
        return doubt

    def close(self, closer: str, turn: Turn, event: PlayerEvent) -> None:
        """The closer emptied their hand: score the hand (D23)."""
        in_one_go = not turn.opened_before
        turn.closed = True
        assert isinstance(event, (Discard, Meld, Attach, Swap))
        self.report(verify_closing(turn, event, self.rules), closer)
        self.end_turn()
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

    def end_void(self) -> None:
        """The hand is void (D16, ``stock_exhausted``): nobody scores."""
        self.closing = Closing.VOID
        self.penalties = void_hand_penalties(self.order)
        self.phase = Phase.ENDED

    def void_before_line(self) -> None:
        """D16: the line being judged finds the stock spent for good, so the hand was
        void before it: the hand ends, and the line goes back to the gate
        (:meth:`~scala40cli.judging.hands.hand.HandReferee.feed`), which turns it away as a
        line after the end (T005)."""
        self.end_void()
        self.over_before_line = True

    def after_end(self, event: Event) -> None:
        """A line after the end of the hand: the first one is reported (T005), the rest
        ignored quietly."""
        if not self.flagged_after_end:
            self.flagged_after_end = True
            self.flag(Finding(Code.AFTER_HAND_END, event,
                              f"hand {self.number} has ended; the rest of it is ignored"),
                      event.named_player())

    # --- a hand ended by its score line -------------------------------------------------

    def has_score(self) -> bool:
        """The hand's score line has been read."""
        return self.declared is not None

    def doubt(self) -> Problem | None:
        """The earliest problem since which the picture of the hand is uncertain (D28)."""
        return self.doubts.earliest()

    def score_only(self) -> bool:
        """A hand of a paper score sheet: nothing of it written but its score line
        (and maybe its dealer): no deal, no upcard, no play."""
        return self.phase is Phase.SETUP and self.setup is not None and self.setup.empty()

    def end_score_only(self, declared: dict[str, int]) -> None:
        """Close a score-only hand: its penalties are the declared ones, and who closed
        is read from them with the score line (:mod:`~scala40cli.judging.match.scorelines`).
        Who opened is not known: nobody is counted as never opened. A player out
        whom the line names, where they may re-enter now, has re-entered: on paper,
        being named is how a player is seen dealt in (``reentry=yes``)."""
        setup = self.setup
        assert setup is not None
        self.dealer = setup.dealer or self.expected_dealer
        self.reentered = tuple(p for p in setup.seats if p in declared
                               and p not in setup.still_in and setup.reentry.get(p, "") is None)
        self.order = tuple(p for p in setup.seats
                           if p in setup.still_in or p in self.reentered)
        self.setup = None
        self.penalties = {p: declared.get(p, 0) for p in self.order}
        self.unverified = dict.fromkeys(self.order, "a score-only hand")
        self.opened = set(self.order)
        self.declared_end = self.paper = True
        self.phase = Phase.ENDED

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
            self.settle_deferred(self.turn, None)
        self.turn = None
        self.closing = Closing.UNFINISHED
        self.penalties = void_hand_penalties(self.order or tuple(self.hands))
        self.phase = Phase.ENDED
