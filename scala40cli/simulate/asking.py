"""One ask and its answer: which line the program wrote answers which ask.

A program that writes one line too many (a debug print, an answer written twice) must
not have that line taken as the answer to the next ask, or every later answer is off
by one. So each ``ask`` carries an ``id`` the answer repeats (protocol 2), and
:class:`Asker` reads the program's lines this way:

- what the program wrote before the ask was sent answers nothing it is about to ask:
  it is dropped (the program's answer to ``hello``, ``{"protocol": 2}``, excepted);
- after the ask, a line whose ``id`` is not the ask's is dropped, never applied;
  ``check`` requests are answered at once (bounded a turn), nothing applied; the first
  other line is the answer (a protocol 1 program's answer carries no ``id``);
- every dropped line is counted, and the seat says so once, with the first one, in
  the warnings of the match (never a forfeit).

A program is offered a buy out of turn (compra) only once it has said it speaks
protocol 2, in its answer to ``hello``: that line comes before the answer to its first
ask, so from that answer on the table knows, and whether a buy is offered never
depends on how fast the program starts.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from scala40cli.simulate import protocol
from scala40cli.simulate.program import Program, ProgramFailed

#: A ``check``'s judge: the move's text -> the code and reason it would be refused
#: with, or None when it would be accepted.
Judge = Callable[[str], tuple[str | None, str] | None]


@dataclass(slots=True)
class Asker:
    """The asks of one seat's program, and the lines it wrote that answered none."""

    program: Program
    #: The id of the next ask (never reused, even by a program started afresh).
    next_id: int = 1
    #: The protocol the program said it speaks in its answer to ``hello`` ...
    heard: int = 1
    #: ... and the one the table plays with it, once an answer came after that line.
    speaks: int = 1
    #: ``check`` requests left in this turn.
    checks_left: int = protocol.MAX_CHECKS
    #: Lines dropped: how many, and the first one as the program wrote it.
    dropped: int = 0
    first_dropped: str = ""
    #: The hand in which the first line was dropped.
    dropped_in: int = 0
    #: The hand being played (for the warning).
    hand: int = 0

    def greeted(self) -> None:
        """The program was started afresh and told ``hello``: its protocol is heard anew."""
        self.heard = self.speaks = 1

    def new_turn(self) -> None:
        self.checks_left = protocol.MAX_CHECKS

    def ask(self, message: dict[str, object], judge: Judge) -> dict[str, object]:
        """Send ``message`` (an ask) with the next id and return the line that answers
        it (see the module docstring); ProgramFailed as :meth:`Program.receive`."""
        for line in self.program.drain():
            self._before_ask(line)
        ask_id = self.next_id
        self.next_id += 1
        self.program.send({**message, "id": ask_id})
        deadline = time.monotonic() + self.program.timeout
        other_id: str | None = None  # the first line of this ask read as no answer
        while True:
            try:
                line = self.program.read_line(deadline)
            except ProgramFailed as failed:
                if other_id is None:
                    raise
                # It did answer, with another id or in a check: say so, not silence alone.
                raise ProgramFailed(f"{failed.reason}: {other_id}",
                                    restart=failed.restart) from None
            answer = self.program.decode(line)
            if "check" in answer:
                self.program.send(self._check(answer, judge))
                if "move" in answer and other_id is None:
                    other_id = (f"its line {line[:80].decode('utf-8', 'replace')!r} was "
                                'read as a check, not as its answer (a line holds a "check" '
                                'or a "move", not both)')
            elif _hello_answer(answer):
                self.heard = _version(answer)
            elif "id" in answer and answer["id"] != ask_id:
                self._drop(line)
                if other_id is None:
                    other_id = (f"its line {line[:80].decode('utf-8', 'replace')!r} was "
                                f"dropped, its id {_id_shown(answer['id'])} is not the "
                                f"ask's {ask_id} (an answer repeats the ask's id as "
                                "given, a number)")
            else:
                self.speaks = self.heard
                return answer

    def _before_ask(self, line: bytes) -> None:
        try:
            answer = self.program.decode(line)
        except ProgramFailed:  # not JSON: dropped like any line written out of turn
            self._drop(line)
            return
        if _hello_answer(answer):
            self.heard = _version(answer)
        else:
            self._drop(line)

    def _check(self, request: dict[str, object], judge: Judge) -> dict[str, object]:
        check_id = request.get("id")
        text = request.get("check")
        if not isinstance(text, str):
            return protocol.checked(check_id, ("F003", 'a check is {"check": "<move>"}'))
        if self.checks_left <= 0:
            return protocol.checked(check_id, (None, f"no checks left this turn "
                                                     f"({protocol.MAX_CHECKS} at most)"))
        self.checks_left -= 1
        return protocol.checked(check_id, judge(text))

    def _drop(self, line: bytes) -> None:
        if not self.dropped:
            self.first_dropped = line[:80].decode("utf-8", "replace")
            self.dropped_in = self.hand
        self.dropped += 1

    def warning(self, name: str) -> str | None:
        """The one warning of the lines dropped since the last (None: none were)."""
        if not self.dropped:
            return None
        count = self.dropped
        lines = "a line" if count == 1 else f"{count} lines"
        said = (f"{name} wrote {lines} that answered no ask, dropped (the first, in "
                f"hand {self.dropped_in}: {self.first_dropped!r})")
        self.dropped = 0
        return said


def _id_shown(value: object) -> str:
    """An answer's id as written in JSON (``"3"`` a string, ``3`` a number)."""
    shown = json.dumps(value, ensure_ascii=False)
    return shown if len(shown) <= 40 else shown[:40] + "..."


def _hello_answer(answer: dict[str, object]) -> bool:
    """``{"protocol": 2}``: the program's answer to ``hello`` (no move in it)."""
    return "protocol" in answer and "move" not in answer and "check" not in answer


def _version(answer: dict[str, object]) -> int:
    said = answer.get("protocol")
    return said if isinstance(said, int) and not isinstance(said, bool) else 1


__all__ = ["Asker", "Judge"]
