"""One player's turn: what it did so far, for the checks made when it is over.

:class:`Turn` records what the judge needs once a turn is over (the card taken, the
opening melds and their value, the cards laid down, the jokers freed). The referee
and the simulator keep one each; the checks are in :mod:`scala40cli.judging.tabletop.verify`.
"""

from __future__ import annotations

from typing import Final

from scala40cli.judging.tabletop.findings import Finding
from scala40cli.model.cards import Card
from scala40cli.model.results import Problem
from scala40cli.reading.events import Buy, Event, Meld, Swap, Take


class Turn:
    """What one player did so far in the current turn (for end-of-turn checks).

    A plain class with its own ``__init__``, not a dataclass: mypyc compiles an
    ``__init__`` written out, but a dataclass's is made by Python at run time and
    costs 2 us a turn in the compiled referee (more than the rest of most turns).
    """

    def __init__(self, player: str, opened_before: bool, *, first_of_hand: bool = False,
                 buy: Buy | None = None, taken: Card | None = None,
                 take_event: Take | Buy | None = None, drew: bool = False,
                 draws: int = 0) -> None:
        self.player = player
        self.opened_before = opened_before
        self.drew = drew
        self.draws = draws
        self.flagged_no_draw = False
        #: A play came before the draw (reported): the draw is still owed (D28).
        self.owes_draw = False
        self.taken = taken
        self.take_event = take_event
        #: The buy that started this turn, for a buy out of turn (compra).
        self.buy = buy
        #: This is the player's first turn of the hand (closing_first_round).
        self.first_of_hand = first_of_hand
        #: The turn emptied the player's hand: it closed the hand.
        self.closed = False
        self.opening_value = 0
        self.last_opening_meld: Meld | None = None
        #: The index on the table of the turn's first meld (-1: none laid yet).
        self.first_meld = -1
        #: The cards of the opening melds laid so far, and every card laid down this
        #: turn, as laid (lists: a turn lays a handful of cards, and a list is cheaper to
        #: make for every turn than a multiset).
        self.opening_cards: list[Card] = []
        self.laid: list[Card] = []
        self.freed_jokers: list[Swap] = []
        #: Problems held until the turn is over, when it is known whether they only
        #: follow from one of its end-of-turn problems (D28).
        self.deferred: list[Finding] = []
        #: The turn was taken by a player who had just discarded (T001, "already
        #: discarded"): a play before its draw only follows from that.
        self.after_own_discard: Problem | None = None
        #: The invalid meld reported in this opening turn, which counts 0 toward it.
        self.invalid_meld: Problem | None = None
        #: The most its invalid melds would add laid as their cards make a meld (D28);
        #: -1 when the cards of one of them make none, so it cannot be told.
        self.invalid_worth = 0
        #: A problem with the card taken (S007, S008, S009), once reported.
        self.take_problem: Problem | None = None
        #: An event of this turn the referee could not apply (a stranger's, or the one
        #: that cut the turn short): the turn's end-of-turn checks are reported no earlier.
        self.cut_at: Event | None = None

    def copy(self) -> Turn:
        """A copy of the turn as it is so far, sharing its lists (the simulator asks
        whether a turn would break a rule if it closed now)."""
        twin = Turn(self.player, self.opened_before)
        for name in _FIELDS:
            setattr(twin, name, getattr(self, name))
        return twin

    @property
    def opening(self) -> bool:
        """This is the player's opening turn: they laid melds without having opened before."""
        return not self.opened_before and self.last_opening_meld is not None

    @property
    def has_opened(self) -> bool:
        """The player has opened, before this turn or in it."""
        return self.opened_before or self.opening

    def place(self, natural: Event) -> Event:
        """Where an end-of-turn problem is reported: on its own line (decisions D7, D12,
        13, 15), unless the turn was cut short later on; the turn is then judged as
        far as it went, on the line where it was cut (D19)."""
        cut = self.cut_at
        return cut if cut is not None and cut.line > natural.line else natural


#: Every attribute of a :class:`Turn`, for :meth:`Turn.copy`.
_FIELDS: Final = ("player", "opened_before", "drew", "draws", "flagged_no_draw", "owes_draw",
           "taken", "take_event", "buy", "first_of_hand", "closed", "opening_value",
           "last_opening_meld", "first_meld", "opening_cards", "laid", "freed_jokers", "deferred",
           "invalid_meld", "invalid_worth", "take_problem", "cut_at", "after_own_discard")
