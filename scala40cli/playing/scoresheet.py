"""The score sheet of a match played on the page, and the end of each hand as told.

A hand ends as it does at a real table: everyone lays down the cards left in their
hand, and each pays their points. :class:`HandLine` keeps that row of the sheet (the
penalties, the totals after it, who closed and how) and the cards each player was left
with, which the page shows once the hand is over, never before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scala40cli.model.results import Closing
from scala40cli.simulate.engine import HandEngine
from scala40cli.viewing.snapshot import sort_key


@dataclass(frozen=True, slots=True, kw_only=True)
class HandLine:
    """One hand of the score sheet, and the cards each player was left with."""

    number: int
    penalties: dict[str, int]
    totals: dict[str, int]
    closer: str | None
    closing: Closing
    #: Each player's cards left at the end, by name (card codes, sorted).
    left: dict[str, tuple[str, ...]]

    def to_json(self) -> dict[str, Any]:
        """The row of the score sheet (the cards left are :meth:`ended`'s)."""
        return {"number": self.number, "penalties": self.penalties, "totals": self.totals,
                "closer": self.closer}

    def ended(self) -> dict[str, Any]:
        """The end of the hand as the page tells it: how it closed, and each player's
        cards left and points."""
        return {"number": self.number, "closer": self.closer, "closing": str(self.closing),
                "players": [{"name": name, "cards": list(self.left.get(name, ())),
                             "points": points} for name, points in self.penalties.items()]}


def hand_line(engine: HandEngine, number: int, totals: dict[str, int]) -> HandLine:
    """The row of the hand ``engine`` has just ended."""
    return HandLine(number=number, penalties=dict(engine.penalties), totals=dict(totals),
                    closer=engine.closer, closing=engine.closing,
                    left={player: tuple(c.code for c in sorted(
                        engine.hands[player].elements(), key=sort_key))
                        for player in engine.order})


__all__ = ["HandLine", "hand_line"]
