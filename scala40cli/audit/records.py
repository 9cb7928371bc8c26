"""The records of a streamed audit: a judged game, a file error, the end of a file.

A report written as the audit goes (every format of ``scala40 replay``) reads a stream
of these, in file order, and keeps of each no more than it needs: memory does not grow
with the number of games. Each record is a small frozen value that says what it is by
its type, so a reporter chooses by ``match`` or ``isinstance``, never by a string tag;
they pickle as they are, for the Dask workers that send them back.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from scala40cli.model.results import FileResult, GameResult, Problem


@dataclass(frozen=True, slots=True)
class JudgedGame:
    """A game of the file at ``path``, judged; its ``index`` counts across the file."""

    path: str
    game: GameResult


@dataclass(frozen=True, slots=True)
class FileError:
    """A problem of the file at ``path`` outside the rules of play: unreadable, not
    UTF-8, a syntax error (``F`` codes)."""

    path: str
    problem: Problem


@dataclass(frozen=True, slots=True)
class FileEnd:
    """The file at ``path`` is done: every game and file error of it came before."""

    path: str


#: One step of a streamed audit.
Record = JudgedGame | FileError | FileEnd


def records_of(files: Sequence[FileResult]) -> Iterator[Record]:
    """Results already collected, as the stream ``pipeline.stream_records`` would give:
    each file error just before the game whose lines hold it."""
    for result in files:
        errors = sorted(result.errors, key=lambda problem: (problem.line, problem.column))
        games = result.games
        for number, game in enumerate(games):
            end = games[number + 1].line if number + 1 < len(games) else None
            while errors and (end is None or errors[0].line < end):
                yield FileError(result.path, errors.pop(0))
            yield JudgedGame(result.path, game)
        yield from (FileError(result.path, problem) for problem in errors)
        yield FileEnd(result.path)


def gather(records: Iterable[Record]) -> list[FileResult]:
    """The file results of a streamed audit, for the reports that need them all."""
    files: list[FileResult] = []
    errors: list[Problem] = []
    games: list[GameResult] = []
    for record in records:
        match record:
            case JudgedGame(game=game):
                games.append(game)
            case FileError(problem=problem):
                errors.append(problem)
            case FileEnd(path=path):
                files.append(FileResult(path=path, errors=tuple(errors), games=tuple(games)))
                errors, games = [], []
    return files
