"""A log read whole for viewing: its lines as written, its games stepped by the referee.

A viewer shows one file at a time, all of it, so the file is read at once (not a game
at a time as an audit reads it). A JSON Lines log is read line for line as the audit
reads it (one JSON line is one line of a log, so line numbers are the file's), and is
shown as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import GameLog
from scala40cli.reading.inputs import input_format_of, open_log, sniff_format
from scala40cli.reading.json_files import file_problem
from scala40cli.reading.log_files import log_file_problem, text_lines
from scala40cli.reading.parser import decode_log, parse_text
from scala40cli.viewing.stepping import SteppedGame, step_game


@dataclass(frozen=True, slots=True)
class ViewedFile:
    """A log's lines (as written, without line ends), its games stepped, and its file
    errors (syntax errors, a JSON line that is not an event)."""

    path: str
    lines: tuple[str, ...]
    games: tuple[SteppedGame, ...]
    errors: tuple[Problem, ...]
    #: The first line of every game of the file, stepped or not (a game with a line
    #: that is not UTF-8 is not judged; ``show`` steps only the game it shows).
    starts: tuple[int, ...] = ()

    def first_error(self, first: int = 1, last: int | None = None) -> Problem | None:
        """The first file error on the lines from ``first`` to ``last``, if any."""
        return next((p for p in self.errors
                     if first <= p.line and (last is None or p.line <= last)), None)

    def game_at(self, line: int) -> SteppedGame | None:
        """The game that holds ``line``: the last game starting on or before it."""
        found = None
        for game in self.games:
            if game.game.line <= line:
                found = game
        return found


class Unviewable(Exception):
    """The file at ``path`` cannot be read, for ``reason`` (the system's words)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: cannot read: {reason}")
        self.path, self.reason = path, reason


def load_file(path: str, choice: RuleChoice | None = None,
              input_format: str | None = None, at_line: int | None = None) -> ViewedFile:
    """Read, parse and step every game of the log at ``path`` (Unviewable if it cannot
    be read); with ``at_line``, only the game that holds that line (0: the last line),
    which is all ``show`` needs of a long file."""
    try:
        with open_log(path) as handle:
            data = handle.read()
    except OSError as error:
        raise Unviewable(path, str(error.strerror or error)) from None
    chosen = input_format_of(path, input_format) or sniff_format(data)
    return view_bytes(data, path, choice, chosen, at_line)


def view_bytes(data: bytes, path: str, choice: RuleChoice | None = None,
               input_format: str = "s40", at_line: int | None = None) -> ViewedFile:
    """:func:`load_file` for a log given as its bytes."""
    text = decode_log(data)
    errors: list[Problem] = []
    if isinstance(text, Problem):  # shown as best it can be; its game is not judged
        errors.append(text)
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="replace")
    shown = text_lines(text)
    whole = file_problem(data) if input_format == "jsonl" else log_file_problem(data)
    if whole is not None:  # UTF-16, or JSON over several lines: one problem, no game
        return ViewedFile(path, tuple(shown), (), (whole,))
    if input_format == "jsonl":
        from scala40cli.reading.jsonl_logs import line_for_line  # only for JSON Lines

        text = line_for_line(shown, errors)
    parsed = parse_text(text)
    bad = [p.line for p in errors if p.code is Code.BAD_ENCODING]
    readable = _readable(parsed.games, bad)
    if at_line is not None:
        line = at_line or len(shown)
        holder = [game for game in parsed.games if game.line <= line][-1:]
        readable = [game for game in holder if game in readable]
    games = tuple(step_game(game, choice) for game in readable)
    ours = {problem.line for problem in errors}  # a JSON line's problem, not the parser's
    theirs = tuple(p for p in parsed.errors if p.line not in ours)
    return ViewedFile(path, tuple(shown), games, tuple(sorted(
        (*errors, *theirs), key=lambda p: (p.line, p.column))),
        tuple(game.line for game in parsed.games))


def _readable(games: tuple[GameLog, ...], bad: list[int]) -> list[GameLog]:
    """The games with no line that is not UTF-8 (the audit does not judge those)."""
    kept = []
    for index, game in enumerate(games):
        end = games[index + 1].line - 1 if index + 1 < len(games) else None
        if not any(game.line <= line and (end is None or line <= end) for line in bad):
            kept.append(game)
    return kept
