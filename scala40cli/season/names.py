"""Players across logs: one player a name, by the referee's rules for names.

Two spellings are one player when they are one name after Unicode NFC (``José`` typed
on two keyboards), as the referee reads a game's names
(:func:`~scala40cli.judging.match.names.same_name`). Names that only look alike
(``Anna`` and ``Anna`` with a Cyrillic A, ``Anna`` and ``anna``, a zero-width joiner
inside) are never merged: they stay two players, and the season reports them as the
referee's ``G009`` does within a game, with the same words, so that a club fixes its
logs rather than trust a table that silently split or joined someone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scala40cli.judging.match.names import lookalikes, nfc
from scala40cli.model.codes import Code


@dataclass(frozen=True, slots=True, kw_only=True)
class NameWarning:
    """Names of the season that look alike (or hold invisible characters), kept apart."""

    code: Code
    names: tuple[str, ...]
    message: str


def player_key(name: str) -> str:
    """The name a player goes by in the season: the NFC form of how a log spells it."""
    return nfc(name)


def name_warnings(names: Iterable[str]) -> tuple[NameWarning, ...]:
    """The season's names that a reader could take for one another, one warning a group,
    in the words of ``G009``."""
    found = lookalikes(sorted(set(names)))
    return tuple(NameWarning(code=Code.LOOKALIKE_NAMES, names=problem.names,
                             message=problem.message()) for problem in found)
