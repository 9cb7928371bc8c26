"""An outside program at a seat: the table protocol spoken to a child process.

:class:`OutsideSeat` answers the engine's questions (take the discard? the plays of
the turn? buy the discard?) by asking its program, one ``ask`` a move
(``docs/protocol.md``). Every answer is read as a line of the log and judged on a
scratch copy of the hand and the table (:mod:`~scala40cli.simulate.scratch`) by the
same ``verify_*`` functions as the built-in bots' plays, before the engine carries the
whole turn out and checks it once more; a ``check`` request is judged the same way and
applies nothing. Which line answers which ask is :mod:`~scala40cli.simulate.asking`'s
business. A refused move, an answer that is not JSON, silence past the timeout or a
program that dies raises :class:`~scala40cli.simulate.seats.Forfeit`: the program is
told why with a ``result`` line when it can still hear it, and after silence or death
it is stopped and started afresh (with a new ``hello``) for the next hand. A buy out
of turn (compra) is offered only to a program that said it speaks protocol 2.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.model.codes import Code
from scala40cli.reading.events import Buy, Discard, Draw, Event, Take
from scala40cli.simulate import protocol
from scala40cli.simulate.asking import Asker, Judge
from scala40cli.simulate.board import turn_of
from scala40cli.simulate.moves import IllegalMove
from scala40cli.simulate.plays import Play, TurnPlan
from scala40cli.simulate.program import Program, ProgramFailed
from scala40cli.simulate.scratch import Scratch, judge_first
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
        self.asker = Asker(self.program)
        self._greeted = False
        #: The hand of the last ask and how many of its moves the program was told.
        self._told: tuple[int, int] = (0, 0)

    def __repr__(self) -> str:
        return f"OutsideSeat({self.name!r}, {self.program.command!r})"

    # --- the engine's questions --------------------------------------------------------

    def wants_take(self, view: PlayerView) -> bool:
        """The first move of the turn: ``draw`` (False) or ``take`` (True)."""
        self.asker.new_turn()
        answer = self._ask(view, protocol.DRAW_MOVES, lambda text: self._first(view, text))
        with self._judging(answer):
            judge_first(view, answer)
        return isinstance(answer, Take)

    def wants_buy(self, view: PlayerView) -> bool:
        """A buy out of turn (compra) offered: asked of a program that speaks
        protocol 2 only (a protocol 1 program is never offered one)."""
        if self.asker.speaks < 2:
            return False
        self.asker.new_turn()
        answer = self._ask(view, protocol.BUY_MOVES, lambda text: self._first(view, text))
        with self._judging(answer):
            judge_first(view, answer)
        return isinstance(answer, Buy)

    def play(self, view: PlayerView) -> TurnPlan:
        """The plays and the discard of the turn (of a buy: its plays), one ``ask`` a
        move, each judged on a scratch copy of the hand and the table."""
        scratch = Scratch(hand=Counter(view.hand), table=list(view.table),
                          owners=list(view.owners), turn=turn_of(view), rules=self.rules)
        moves = protocol.BUY_PLAY_MOVES if view.buying else protocol.PLAY_MOVES
        plays: list[Play] = []
        for _ in range(MAX_MOVES):
            now = dataclasses.replace(
                view, hand=tuple(sorted_cards(scratch.hand.elements())),
                table=tuple(scratch.table), owners=tuple(scratch.owners),
                opened=view.opened | {self.name} if scratch.opened_now() else view.opened)
            answer = self._ask(now, moves, lambda text: self._then(scratch, moves, text))
            with self._judging(answer):
                play = scratch.play(answer)
            if play is not None:
                plays.append(play)
            if scratch.over:
                discard = answer.card if isinstance(answer, Discard) else None
                return TurnPlan(tuple(plays), discard, forced=scratch.forced)
        raise self._forfeit(f"no {'end' if view.buying else 'discard'} after {MAX_MOVES} "
                            "moves", None)

    # --- checks: the judgement of a move, nothing applied -------------------------------

    def _first(self, view: PlayerView, text: str) -> tuple[str | None, str] | None:
        moves = protocol.BUY_MOVES if view.buying else protocol.DRAW_MOVES
        try:
            judge_first(view, protocol.parse_move(self.name, {"move": text}, moves,
                                                  view.top))
        except protocol.BadMove as bad:
            return Code.SYNTAX_ERROR.value, str(bad)
        except IllegalMove as illegal:
            return illegal.code, illegal.reason
        return None

    def _then(self, scratch: Scratch, moves: Sequence[str], text: str
              ) -> tuple[str | None, str] | None:
        try:
            scratch.copy().play(protocol.parse_move(self.name, {"move": text}, moves))
        except protocol.BadMove as bad:
            return Code.SYNTAX_ERROR.value, str(bad)
        except IllegalMove as illegal:
            return illegal.code, illegal.reason
        return None

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

    def warnings(self) -> list[str]:
        """What the match should say of the program besides its forfeits (the lines it
        wrote that answered no ask), once: each is said only the first time asked."""
        said = self.asker.warning(self.name)
        return [said] if said is not None else []

    # --- speaking ----------------------------------------------------------------------

    def _tell(self, message: dict[str, object]) -> None:
        if not self.program.running:
            return
        try:
            self.program.send(message)
        except ProgramFailed:
            self.program.stop()
            self._greeted = False

    def _ask(self, view: PlayerView, moves: Sequence[str],
             judge: Judge) -> protocol.Answer:
        self.asker.hand = view.hand_number
        try:
            if not self.program.running:
                self.program.stop()
                self._greeted = False
            if not self._greeted:
                self.program.send(protocol.hello(self.name, self.players, self.rules,
                                                 self.program.timeout))
                self.asker.greeted()
                self._greeted, self._told = True, (0, 0)
            answer = self.asker.ask(protocol.ask(view, moves, events=self._events(view)),
                                    judge)
        except ProgramFailed as failed:
            if failed.restart:
                self.program.stop()
                self._greeted = False
            raise self._forfeit(failed.reason, None) from None
        try:
            return protocol.parse_move(self.name, answer, moves, view.top)
        except protocol.BadMove as bad:
            raise self._forfeit(str(bad), Code.SYNTAX_ERROR.value) from None

    def _events(self, view: PlayerView) -> tuple[Event, ...]:
        """The moves of the hand the program has not been told of yet."""
        hand, told = self._told
        start = told if hand == view.hand_number else 0
        self._told = (view.hand_number, len(view.seen))
        return view.seen[start:]

    @contextmanager
    def _judging(self, answer: protocol.Answer) -> Iterator[None]:
        """The judge's refusal (an IllegalMove) of what the block plays is a forfeit."""
        try:
            yield
        except IllegalMove as illegal:
            move = answer if isinstance(answer, str) else (
                "draw" if isinstance(answer, Draw) else protocol.move_text(answer))
            raise self._forfeit(f"{move}: {illegal.reason}", illegal.code) from None

    def _forfeit(self, reason: str, code: str | None) -> Forfeit:
        """The Forfeit to raise, once the program is told (when it can still hear)."""
        self._tell(protocol.refused(code, reason))
        return Forfeit(reason, code)


__all__ = ["MAX_MOVES", "MOVE_TIMEOUT", "OutsideSeat"]
