"""An outside program at a seat: the table protocol spoken to a child process.

:class:`OutsideSeat` answers the engine's questions (take the discard? the plays of
the turn?) by asking its program, one ``ask`` a move (``docs/protocol.md``). Every
answer is read as a line of the log and judged on a scratch copy of the hand and the
table by the same ``verify_*`` functions as the built-in bots' plays
(:func:`~scala40cli.simulate.moves.carry_out`), before the engine carries the whole
turn out and checks it once more. A refused move, an answer that is not JSON,
silence past the timeout or a program that dies raises
:class:`~scala40cli.simulate.seats.Forfeit`: the program is told why with a ``result``
line when it can still hear it, and after silence or death it is stopped and started
afresh (with a new ``hello``) for the next hand. Outside programs are never offered a
buy (compra). ``scala40 play`` may seat one the same way.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import (
    verify_closing,
    verify_closing_by_laying,
    verify_end_of_turn,
    verify_take,
    verify_turn_discard,
)
from scala40cli.model.cards import Card
from scala40cli.model.codes import Code
from scala40cli.reading.events import Attach, Discard, Draw, Meld, Swap, Take
from scala40cli.simulate import protocol
from scala40cli.simulate.board import turn_of
from scala40cli.simulate.moves import IllegalMove, at, carry_out, refuse, take_out
from scala40cli.simulate.plays import AttachPlay, MeldPlay, Play, SwapPlay, TurnPlan
from scala40cli.simulate.program import Program, ProgramFailed
from scala40cli.simulate.search import sorted_cards
from scala40cli.simulate.seats import Forfeit
from scala40cli.simulate.view import PlayerView

#: The default of ``--move-timeout``, in seconds.
MOVE_TIMEOUT = 5.0
#: Moves asked in one turn at most (a program that never discards forfeits).
MAX_MOVES = 60


class OutsideSeat:
    """One seat played by the program ``command`` (see the module docstring)."""

    def __init__(self, name: str, command: str, *, players: Sequence[str], rules: Rules,
                 timeout: float = MOVE_TIMEOUT) -> None:
        self.name = name
        self.players = tuple(players)
        self.rules = rules
        self.program = Program(command, timeout=timeout)
        self._greeted = False

    def __repr__(self) -> str:
        return f"OutsideSeat({self.name!r}, {self.program.command!r})"

    # --- the engine's questions --------------------------------------------------------

    def wants_take(self, view: PlayerView) -> bool:
        """The first move of the turn: ``draw`` (False) or ``take`` (True)."""
        event = self._ask(view, protocol.DRAW_MOVES)
        if isinstance(event, Draw):
            return False
        assert isinstance(event, Take)
        top = view.top
        if top is None:
            self._refuse(Code.EMPTY_DISCARD_PILE.value, "the discard pile is empty")
        if event.card is not None and event.card is not top:
            self._refuse(Code.NOT_IN_HAND.value, f"the top of the discard pile is {top}, "
                         f"not {event.card}")
        with self._judging("take"):
            refuse(verify_take(Take(player=self.name, card=top, **at()),
                               opened_before=view.opened_before, rules=view.rules))
        return True

    def wants_buy(self, view: PlayerView) -> bool:
        """Never asked: protocol version 1 offers no buy (compra)."""
        return False

    def play(self, view: PlayerView) -> TurnPlan:
        """The plays and the discard of the turn, one ``ask`` a move, each judged on a
        scratch copy of the hand and the table."""
        hand = Counter(view.hand)
        table: list[TableMeld] = list(view.table)
        owners = list(view.owners)
        turn = turn_of(view)
        plays: list[Play] = []
        for _ in range(MAX_MOVES):
            now = dataclasses.replace(view, hand=tuple(sorted_cards(hand.elements())),
                                      table=tuple(table), owners=tuple(owners))
            event = self._ask(now, protocol.PLAY_MOVES)
            with self._judging(protocol.move_text(event)):
                if isinstance(event, Discard):
                    self._discard(turn, event, hand, table)
                    return TurnPlan(tuple(plays), event.card)
                play = _play_of(event)
                carry_out(play, turn, hand, table, owners, self.rules)
                plays.append(play)
                if not hand:
                    self._closed_by_laying(turn, event)
                    return TurnPlan(tuple(plays), None)
        raise self._forfeit(f"no discard after {MAX_MOVES} moves", None)

    def _discard(self, turn: Turn, event: Discard, hand: Counter[Card],
                 table: list[TableMeld]) -> None:
        closes = hand.total() == 1
        take_out(hand, self.name, [event.card])
        refuse(verify_turn_discard(turn, event, closes=closes, table=table,
                                   rules=self.rules))
        if closes:
            turn = turn.copy()
            turn.closed = True
        refuse(verify_end_of_turn(turn, self.rules))

    def _closed_by_laying(self, turn: Turn, event: protocol.Move) -> None:
        assert isinstance(event, (Meld, Attach, Swap))
        closed = turn.copy()
        closed.closed = True
        refuse(verify_closing_by_laying(event, self.rules)
               + verify_closing(closed, event, self.rules)
               + verify_end_of_turn(closed, self.rules))

    # --- the match around the turns ----------------------------------------------------

    def hand_over(self, number: int, penalties: Mapping[str, int],
                  totals: Mapping[str, int], closer: str | None, closing: str) -> None:
        """Tell the program how the hand ended (a program that cannot hear is let be:
        it is started afresh when next asked)."""
        self._tell(protocol.hand_end(number, penalties, totals, closer, closing))

    def match_over(self, totals: Mapping[str, int], winner: str | None) -> None:
        self._tell(protocol.match_end(totals, winner))

    def close(self) -> None:
        """Say ``bye`` and stop the program (and everything it started)."""
        if self.program.running:
            self._tell(protocol.bye())
        self.program.stop()
        self._greeted = False

    # --- speaking ----------------------------------------------------------------------

    def _tell(self, message: dict[str, object]) -> None:
        if not self.program.running:
            return
        try:
            self.program.send(message)
        except ProgramFailed:
            self.program.stop()
            self._greeted = False

    def _ask(self, view: PlayerView, moves: Sequence[str]) -> protocol.Move:
        try:
            if not self.program.running:
                self.program.stop()
                self._greeted = False
            if not self._greeted:
                self.program.send(protocol.hello(self.name, self.players, self.rules,
                                                 self.program.timeout))
                self._greeted = True
            self.program.send(protocol.ask(view, moves))
            answer = self.program.receive()
        except ProgramFailed as failed:
            if failed.restart:
                self.program.stop()
                self._greeted = False
            raise self._forfeit(failed.reason, None) from None
        try:
            return protocol.parse_move(self.name, answer, moves)
        except protocol.BadMove as bad:
            raise self._forfeit(str(bad), Code.SYNTAX_ERROR.value) from None

    @contextmanager
    def _judging(self, move: str) -> Iterator[None]:
        """The judge's refusal (an IllegalMove) of what the block plays is a forfeit."""
        try:
            yield
        except IllegalMove as illegal:
            raise self._forfeit(f"{move}: {illegal.reason}", illegal.code) from None

    def _refuse(self, code: str, reason: str) -> None:
        raise self._forfeit(reason, code)

    def _forfeit(self, reason: str, code: str | None) -> Forfeit:
        """The Forfeit to raise, once the program is told (when it can still hear)."""
        self._tell(protocol.refused(code, reason))
        return Forfeit(reason, code)


def _play_of(event: protocol.Move) -> Play:
    if isinstance(event, Meld):
        return MeldPlay(event.cards)
    if isinstance(event, Attach):
        return AttachPlay(event.cards, event.meld)
    assert not isinstance(event, (Draw, Take, Discard))
    return SwapPlay(event.card, event.meld)


__all__ = ["MAX_MOVES", "MOVE_TIMEOUT", "OutsideSeat"]
