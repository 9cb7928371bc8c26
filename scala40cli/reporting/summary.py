"""The counts of a run: files, games, games with violations, violations, file errors.

A :class:`Summary` ends every report (the JSON ``summary`` object, the text report's
last line) and is what a CI log or a person checks first; summaries add, so partial
runs combine in any order. A :class:`Tally` keeps the same counts as a streamed report
goes, a record at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scala40cli.audit.records import FileEnd, FileError, JudgedGame, Record
from scala40cli.model.results import FileResult, GameResult
from scala40cli.translation.catalogue import ENGLISH, Catalogue


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """The counts at the end of a report: what a CI log or a person checks first."""

    files: int
    games: int
    games_with_violations: int
    violations: int
    file_errors: int

    @classmethod
    def of(cls, files: Sequence[FileResult]) -> Summary:
        games = [game for result in files for game in result.games]
        return cls(
            files=len(files),
            games=len(games),
            games_with_violations=sum(1 for game in games if not game.ok),
            violations=sum(len(game.violations) for game in games),
            file_errors=sum(len(result.errors) for result in files),
        )

    @classmethod
    def zero(cls) -> Summary:
        """The summary of nothing: the start of a sum, ``sum(parts, Summary.zero())``."""
        return cls(files=0, games=0, games_with_violations=0, violations=0, file_errors=0)

    def __add__(self, other: Summary) -> Summary:
        """The summary of two runs together, so partial runs combine in any order."""
        if not isinstance(other, Summary):
            return NotImplemented
        return Summary(
            files=self.files + other.files,
            games=self.games + other.games,
            games_with_violations=self.games_with_violations + other.games_with_violations,
            violations=self.violations + other.violations,
            file_errors=self.file_errors + other.file_errors,
        )

    def __radd__(self, other: object) -> Summary:
        """``0 + summary``, so that plain ``sum(summaries)`` works too."""
        if other == 0:
            return self
        return NotImplemented

    def to_dict(self) -> dict[str, int]:
        """The report's ``summary`` object."""
        return self.as_json()

    def as_json(self) -> dict[str, int]:
        return {
            "files": self.files,
            "games": self.games,
            "games_with_violations": self.games_with_violations,
            "violations": self.violations,
            "file_errors": self.file_errors,
        }

    def sentence(self, words: Catalogue = ENGLISH) -> str:
        """``1 file, 3 games, 1 with violations, 2 violations`` (file errors when any),
        in the language of ``words``."""
        parts = [
            words.ngettext("{count} file", "{count} files", self.files),
            words.ngettext("{count} game", "{count} games", self.games),
            words.ngettext("{count} with violations", "{count} with violations",
                           self.games_with_violations),
            words.ngettext("{count} violation", "{count} violations", self.violations),
        ]
        if self.file_errors:
            parts.append(words.ngettext("{count} file error", "{count} file errors",
                                        self.file_errors))
        return ", ".join(parts)


@dataclass(slots=True)
class Tally:
    """The counts of a :class:`Summary`, kept as a streamed report goes."""

    files: int = 0
    games: int = 0
    games_with_violations: int = 0
    violations: int = 0
    file_errors: int = 0

    def add(self, record: Record) -> None:
        """Count one record of a streamed audit."""
        match record:
            case JudgedGame(game=game):
                self.add_game(game)
            case FileError():
                self.file_errors += 1
            case FileEnd():
                self.files += 1

    def add_game(self, game: GameResult) -> None:
        self.games += 1
        self.violations += len(game.violations)
        self.games_with_violations += not game.ok

    def summary(self) -> Summary:
        return Summary(files=self.files, games=self.games,
                       games_with_violations=self.games_with_violations,
                       violations=self.violations, file_errors=self.file_errors)


def plural(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
