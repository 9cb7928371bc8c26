"""A move refused: the referee's words, or the session's own for a move out of turn.

A :class:`Refused` carries the English sentence the judging core wrote (or the
session's, for a move that is not the person's to make now) and its code; the page
shows it in the person's language through :mod:`~scala40cli.playing.catalogue`.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40cli.judging.tabletop.findings import Finding


class Refused(Exception):
    """A move that breaks a rule, or comes out of turn: nothing was changed."""

    def __init__(self, message: str, code: str = "PLAY") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def refuse(found: Sequence[Finding | None]) -> None:
    """Raise the first of ``found`` (the judging core's findings) as a refusal."""
    for finding in found:
        if finding is not None:
            raise Refused(finding.message, str(finding.code))


__all__ = ["Refused", "refuse"]
