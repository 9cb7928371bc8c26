"""An outside program's turn played on a scratch copy of its hand and of the table.

Every answer of a program is judged here, move by move, by the same ``verify_*``
functions as the built-in bots' plays (:func:`~scala40cli.simulate.moves.carry_out`),
before the engine carries the whole turn out and checks it once more. A ``check``
request (protocol 2) is the same judgement made on a copy of the copy, so that it
applies nothing: the referee answers it as it would answer the move.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import (
    below_threshold,
    verify_closing,
    verify_closing_by_laying,
    verify_end_of_turn,
    verify_take,
    verify_turn_discard,
)
from scala40cli.model.cards import Card
from scala40cli.model.codes import Code
from scala40cli.reading.events import Attach, Buy, Discard, Draw, Meld, Swap, Take
from scala40cli.simulate import protocol
from scala40cli.simulate.moves import IllegalMove, at, carry_out, refuse, take_out
from scala40cli.simulate.plays import AttachPlay, MeldPlay, Play, SwapPlay
from scala40cli.simulate.view import PlayerView


@dataclass(slots=True, kw_only=True)
class Scratch:
    """The hand, the table and the turn as the program's answers so far left them."""

    hand: Counter[Card]
    table: list[TableMeld]
    owners: list[str]
    turn: Turn
    rules: Rules
    #: Whether the turn is over: a discard, a hand emptied, a buy's plays ended.
    over: bool = False
    #: Whether the discard that ended the turn was made against the rules because no
    #: card of the hand could go (as a bot's is, :func:`~scala40cli.simulate.planner.
    #: forced_plan`): ``discard_playable=forbidden`` can leave every card fitting the table.
    forced: bool = False

    def copy(self) -> Scratch:
        """A copy that shares nothing the judging changes (for a ``check``)."""
        turn = self.turn.copy()
        turn.laid, turn.opening_cards = list(turn.laid), list(turn.opening_cards)
        turn.freed_jokers = list(turn.freed_jokers)
        return Scratch(hand=Counter(self.hand), table=list(self.table),
                       owners=list(self.owners), turn=turn, rules=self.rules,
                       over=self.over)

    def opened_now(self) -> bool:
        """The player has opened, this turn included: the melds laid so far in an
        opening turn reach the threshold, so attaches and swaps may follow (D9)."""
        turn = self.turn
        return turn.opened_before or (turn.opening and not below_threshold(turn, self.rules))

    def play(self, answer: protocol.Answer) -> Play | None:
        """Judge and carry out one answer of the play phase (IllegalMove when the
        referee refuses it): the play made, or None for the discard, the last card
        laid, or a buy's ``end``, which end the turn."""
        if answer == protocol.END:
            refuse(verify_end_of_turn(self.turn, self.rules))
            self.over = True
            return None
        assert not isinstance(answer, (str, Draw, Take, Buy))
        if isinstance(answer, Discard):
            self._discard(answer)
            self.over = True
            return None
        play = _play_of(answer)
        carry_out(play, self.turn, self.hand, self.table, self.owners, self.rules)
        if not self.hand:
            self._closed_by_laying(answer)
            self.over = True
        return play

    def _discard(self, event: Discard) -> None:
        closes = self.hand.total() == 1
        held = tuple(self.hand)
        take_out(self.hand, self.turn.player, [event.card])
        found = verify_turn_discard(self.turn, event, closes=closes, table=self.table,
                                    rules=self.rules)
        if found and not closes and not any(self._may_discard(c) for c in held):
            # No card of the hand may go: the program is not forfeited for a position
            # the rules leave no way out of; its discard is made anyway, as a bot's.
            self.forced = True
        else:
            refuse(found)
        turn = self.turn
        if closes:
            turn = turn.copy()
            turn.closed = True
        refuse(verify_end_of_turn(turn, self.rules))

    def _may_discard(self, c: Card) -> bool:
        """Whether discarding ``c`` would end the turn within the rules (not closing:
        a closing discard is never forced, the program's own plays led to it)."""
        event = Discard(player=self.turn.player, card=c, **at())
        return not verify_turn_discard(self.turn, event, closes=False, table=self.table,
                                       rules=self.rules)

    def _closed_by_laying(self, event: Meld | Attach | Swap) -> None:
        if self.turn.buy is not None:
            raise IllegalMove(f"{self.turn.player} empties the hand in a buy (the table "
                              "plays no closing in a buy)")
        closed = self.turn.copy()
        closed.closed = True
        refuse(verify_closing_by_laying(event, self.rules)
               + verify_closing(closed, event, self.rules)
               + verify_end_of_turn(closed, self.rules))


def judge_first(view: PlayerView, answer: protocol.Answer) -> None:
    """Judge a turn's first move, or a buy offered (IllegalMove when refused): a take
    or a buy of the top of the pile as the rules allow; a draw or a pass is always
    accepted."""
    if not isinstance(answer, (Take, Buy)):
        return
    top = view.top
    if top is None:
        raise IllegalMove("the discard pile is empty", Code.EMPTY_DISCARD_PILE.value)
    if answer.card is not None and answer.card is not top:
        raise IllegalMove(f"the top of the discard pile is {top}, not {answer.card}",
                          Code.TAKE_NOT_TOP.value)
    event = (Buy if isinstance(answer, Buy) else Take)(player=view.me, card=top, **at())
    refuse(verify_take(event, opened_before=view.opened_before, rules=view.rules))


def _play_of(event: Meld | Attach | Swap) -> Play:
    if isinstance(event, Meld):
        return MeldPlay(event.cards)
    if isinstance(event, Attach):
        return AttachPlay(event.cards, event.meld)
    return SwapPlay(event.card, event.meld)


__all__ = ["Scratch", "judge_first"]
