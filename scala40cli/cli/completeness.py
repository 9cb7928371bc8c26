"""``replay --require-complete``: an input counts only as a whole match, judged legal.

A report says what it read was legal (``ok``); a server, or a CI job that checks the
logs of finished matches, also needs to know that a match is there at all and was
played to its end. This watches the records as the report is written, and says after
it, one line an input on standard error, which inputs hold no game or a match that is
not finished (violations and file errors are in the report itself, and already fail
the run).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from scala40cli.audit.records import FileEnd, FileError, JudgedGame, Record
from scala40cli.reporting.escape import terminal_line


class Completeness:
    """The records passed through, and what each input lacked to be complete."""

    def __init__(self) -> None:
        self.lacking: list[str] = []
        self._games = 0
        self._unfinished: list[int] = []
        self._broken = False

    def watch(self, records: Iterable[Record]) -> Iterator[Record]:
        for record in records:
            match record:
                case JudgedGame(game=game):
                    self._games += 1
                    self._broken = self._broken or not game.ok
                    if not game.finished:
                        self._unfinished.append(game.index)
                case FileError():
                    self._broken = True
                case FileEnd(path=path):
                    self._end(path)
            yield record

    def _end(self, path: str) -> None:
        shown = terminal_line(path)  # a name on one line: its message is one line
        if self._games == 0 and not self._broken:
            self.lacking.append(f"{shown}: not a complete match: it holds no game")
        elif self._unfinished:
            games = ", ".join(map(str, self._unfinished))
            many = "games" if len(self._unfinished) > 1 else "game"
            self.lacking.append(f"{shown}: not a complete match: {many} {games} not played "
                                "to the end")
        elif self._broken:
            self.lacking.append(f"{shown}: not a complete match: it has violations or "
                                "file errors (in the report)")
        self._games, self._unfinished, self._broken = 0, [], False
