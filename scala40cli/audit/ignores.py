"""Accepting known violations: an inline comment on a line, and ``--select``/``--ignore``.

Linters let a project accept a problem it knows about without hiding the others, and so
does the referee:

- a comment ``; scala40: ignore T004`` (or ``# scala40: ignore T004, S001``, or a bare
  ``; scala40: ignore`` for every code) accepts the violations reported on its line;
- ``--select CODES`` keeps only the codes given and ``--ignore CODES`` drops those
  given, where a code may be a prefix (``T`` every turn violation, ``T00`` T001-T009),
  as in ruff.

An accepted violation is not lost: it moves from a game's ``violations`` to its
``ignored`` (with ``by``: ``comment`` or ``option``), which the JSON report lists, and no
longer counts toward the exit status. File errors (``F`` codes) cannot be accepted: a
file that cannot be read is never a known problem to live with.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from scala40cli.model.results import GameResult, Ignored, IgnoredBy, Problem
from scala40cli.model.violations import RULEBOOK
from scala40cli.reading.comments import split_comment

#: An inline acceptance, in a comment: ``scala40: ignore`` and perhaps codes.
_INLINE = re.compile(r"\bscala40:\s*ignore\b([^;#\n]*)", re.IGNORECASE)
_CODES = re.compile(r"[A-Za-z][0-9]{0,3}")
_MARK = re.compile(r"scala40:", re.IGNORECASE)
#: What every match of ``_MARK`` contains, whatever its case (digits and a colon have
#: none): a plain search for it rules most texts out at a fraction of the cost of the
#: case-blind search, which lowers every character it reads.
_MARK_CORE = "40:"

#: The codes accepted on each line; None accepts every code of the line.
LineIgnores = Mapping[int, frozenset[str] | None]


class CodesError(ValueError):
    """A ``--select``/``--ignore`` value that names no code; the message says why."""


def inline_ignores(text: str, first_line: int = 1) -> dict[int, frozenset[str] | None]:
    """The inline acceptances of a text: line number -> codes (None: all codes)."""
    if _MARK_CORE not in text or _MARK.search(text) is None:
        return {}
    found: dict[int, frozenset[str] | None] = {}
    for number, line in enumerate(text.split("\n"), start=first_line):
        if _MARK.search(line) is None:
            continue
        comment = split_comment(line, number)[1]  # the grammar's rule for quoted strings
        match = None if comment is None else _INLINE.search(comment.text)
        if match is None:
            continue
        codes = frozenset(code.upper() for code in _CODES.findall(match[1]))
        found[number] = codes or None
    return found


def comment_ignores(comments: Mapping[int, str]) -> dict[int, frozenset[str] | None]:
    """The inline acceptances of comments written after events (a JSON Lines log's
    ``"comment"``): line number -> codes (None: all codes)."""
    found: dict[int, frozenset[str] | None] = {}
    for number, comment in comments.items():
        match = _INLINE.search(comment)
        if match is not None:
            codes = frozenset(code.upper() for code in _CODES.findall(match[1]))
            found[number] = codes or None
    return found


def matches(code: str, patterns: Iterable[str]) -> bool:
    """Is ``code`` one of the codes or prefixes (``T``, ``T00``, ``T004``) given?"""
    return any(code.startswith(pattern) for pattern in patterns)


def accept_inline(game: GameResult, ignores: LineIgnores) -> GameResult:
    """The game with the violations its lines' comments accept moved to ``ignored``."""
    if not ignores or not game.violations:
        return game

    def accepted(problem: Problem) -> bool:
        if problem.line not in ignores:
            return False
        codes = ignores[problem.line]
        return codes is None or matches(str(problem.code), codes)

    return _move(game, accepted, IgnoredBy.COMMENT)


@dataclass(frozen=True, slots=True)
class Selection:
    """Which violation codes a run reports: ``select`` (empty: all) less ``ignore``."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    @property
    def everything(self) -> bool:
        return not self.select and not self.ignore

    def reports(self, code: str) -> bool:
        return (not self.select or matches(code, self.select)) and not matches(code,
                                                                                self.ignore)

    def apply(self, game: GameResult) -> GameResult:
        """The game with the violations not selected moved to ``ignored``."""
        if self.everything or not game.violations:
            return game
        return _move(game, lambda problem: not self.reports(str(problem.code)),
                     IgnoredBy.OPTION)


def _move(game: GameResult, accepted: Callable[[Problem], bool], by: IgnoredBy
          ) -> GameResult:
    kept: list[Problem] = []
    moved: list[Ignored] = []
    for problem in game.violations:
        if accepted(problem):
            moved.append(Ignored(problem=problem, by=by))
        else:
            kept.append(problem)
    if not moved:
        return game
    return dataclasses.replace(game, violations=tuple(kept), ignored=game.ignored + tuple(moved))


def parse_codes(text: str, option: str) -> tuple[str, ...]:
    """``T004,S`` or ``T004 S`` as codes and prefixes, checked against the known codes.

    A prefix must start at least one known game code (``F`` codes cannot be selected or
    ignored); :class:`CodesError` names what is wrong.
    """
    known = [str(code) for code in RULEBOOK if not str(code).startswith("F")]
    found: list[str] = []
    for word in re.split(r"[\s,]+", text.strip()):
        if not word:
            continue
        code = word.upper()
        if not any(name.startswith(code) for name in known):
            raise CodesError(f"{option}: {word!r} is not a violation code or the start of "
                             f"one (such as T004, T00 or T; file errors F... cannot be "
                             f"ignored); `scala40 explain` lists them")
        found.append(code)
    return tuple(found)
