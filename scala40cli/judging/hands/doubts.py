"""One mistake, one violation: which parts of a hand the referee no longer trusts, and why.

After a reported problem the referee carries on from the most likely table, but its
picture of some part of the hand may be wrong from then on: a player's cards after a
card they did not hold, the discard pile after a discard of such a card, the stock
after a draw that was not its top, the turn order after a line that could not be read.
A later problem that only depends on such a part is a consequence of the first one:
it is kept as a note attached to its cause, not reported as a violation of its own.
What the table shows to everyone (a meld, an attach, a swap, the opening's value) is
judged as always, so an independent mistake is still reported; which melds and stock
cards a mistake touched is kept by :mod:`~scala40cli.judging.hands.echoes`, which tells an
echo there from an independent problem by trying the move on the table as it would be
without the mistake.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code


class Part(Enum):
    """A part of the table that a check depends on."""

    HAND = "hand"  # the cards of the player concerned
    PILE = "pile"
    STOCK = "stock"
    TURN = "turn"
    END = "end"  # where the hand ended
    TABLE = "table"  # the melds on the table and their numbers (see echoes.py)


#: The part of the table each check depends on; codes not here never echo.
DEPENDS_ON: Final[dict[Code, Part]] = {
    Code.NOT_IN_HAND: Part.HAND,
    Code.CLOSING_WITHOUT_DISCARD: Part.HAND,
    Code.EARLY_CLOSING: Part.HAND,
    Code.TAKE_NOT_TOP: Part.PILE,
    Code.EMPTY_DISCARD_PILE: Part.PILE,
    Code.DRAW_NOT_TOP: Part.STOCK,
    Code.NOT_IN_STOCK: Part.STOCK,
    Code.EARLY_RESHUFFLE: Part.STOCK,
    Code.MISSING_RESHUFFLE: Part.STOCK,
    Code.WRONG_TURN: Part.TURN,
    Code.PLAY_BEFORE_DRAW: Part.TURN,
    Code.SECOND_DRAW: Part.TURN,
    Code.AFTER_HAND_END: Part.END,
    Code.INVALID_ATTACH: Part.TABLE,
    Code.INVALID_SWAP: Part.TABLE,
    Code.NO_SUCH_MELD: Part.TABLE,
}

#: Violations that leave the cards of the player concerned uncertain: a later card
#: "not in hand" or a score that differs for that player follows from them.
UNSETTLING: Final[frozenset[Code]] = frozenset({
    Code.WRONG_TURN, Code.PLAY_BEFORE_DRAW, Code.SECOND_DRAW, Code.NOT_IN_HAND,
    Code.DRAW_NOT_TOP, Code.NOT_IN_STOCK, Code.TAKE_NOT_TOP, Code.TAKE_BEFORE_OPENING,
    Code.TAKEN_CARD_UNUSED, Code.DISCARD_TAKEN_CARD, Code.INVALID_MELD, Code.INVALID_ATTACH,
    Code.INVALID_SWAP, Code.NO_SUCH_MELD, Code.NOT_OPENED, Code.OPENING_TOO_LOW,
    Code.OPENING_JOKER, Code.FREED_JOKER_UNUSED, Code.CLOSING_WITHOUT_DISCARD,
    Code.DEAL_SIZE, Code.TOO_MANY_COPIES, Code.INCOMPLETE_BUY,
})


class Doubts:
    """Since which reported problem each part of one hand is uncertain.

    A plain class, made for every hand: compiled, its constructor is native, where a
    dataclass's is generated Python that sets each field in turn."""

    def __init__(self) -> None:
        self.hands: dict[str, Problem] = {}
        self.pile: Problem | None = None
        self.stock: Problem | None = None
        self.turn: Problem | None = None
        #: A line that could not be read: every part is uncertain after it.
        self.everything: Problem | None = None
        #: The first violation of the hand: a score that differs may be its consequence.
        self.first: Problem | None = None

    def cause(self, code: Code, player: str | None, line: int) -> Problem | None:
        """The problem of an earlier line that a finding of ``code`` on ``line`` would
        only be a consequence of (two problems of one line are independent)."""
        part = DEPENDS_ON.get(code)
        if part is None:
            return None
        found: Problem | None = None
        if part is Part.HAND:
            found = self.hands.get(player) if player is not None else None
        elif part is Part.PILE:
            found = self.pile
        elif part is Part.STOCK:
            found = self.stock
        elif part is Part.TURN:
            found = self.turn
        elif part is Part.END:
            found = self.first
        found = found or self.everything
        return found if found is not None and found.line < line else None

    def earliest(self) -> Problem | None:
        """The first problem that unsettled the hand: its first violation, or a line
        that could not be read, whichever came first."""
        found = [p for p in (self.first, self.everything) if p is not None]
        return min(found, key=lambda p: (p.line, p.column)) if found else None

    def of_hand(self, player: str) -> Problem | None:
        """Why the player's cards, hence their penalty, are uncertain (None: they are not)."""
        return self.hands.get(player) or self.everything

    def after(self, problem: Problem, player: str | None) -> None:
        """What a reported violation leaves uncertain (see :data:`UNSETTLING`; the
        melds it touched are kept by :mod:`~scala40cli.judging.hands.echoes`)."""
        if self.first is None:
            self.first = problem
        if player is not None and problem.code in UNSETTLING:
            self.doubt_hand(player, problem)

    def doubt_hand(self, player: str, cause: Problem) -> None:
        self.hands.setdefault(player, self.root(cause))

    def doubt_pile(self, cause: Problem) -> None:
        self.pile = self.pile or self.root(cause)

    def doubt_stock(self, cause: Problem) -> None:
        self.stock = self.stock or self.root(cause)

    def root(self, problem: Problem) -> Problem:
        """The reported violation a note goes back to."""
        while problem.caused_by is not None:
            problem = problem.caused_by
        return problem
