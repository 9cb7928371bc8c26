"""One player's turn: what it did so far, and the checks made on its discard and end.

:class:`Turn` records what the referee needs to judge a turn once it is over (the card
taken, the opening melds and their value, the cards laid down, the jokers freed). The
checks are pure functions that return findings, so each rule can be read in one place;
:class:`~scala40cli.hand.HandReferee` reports them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card
from .events import Buy, Discard, Event, Meld, Swap, Take
from .melds import Meld as TableMeld
from .melds import fits
from .results import Problem
from .rules import (
    DiscardJoker,
    DiscardPlayable,
    DiscardTakenCard,
    OneGoThreshold,
    Rules,
    TakeAfterOpening,
    TakeBeforeOpening,
)
from .violations import Code

#: A problem found by a check: its code, the event it is reported on, and a sentence.
Finding = tuple[Code, Event, str]


@dataclass(slots=True)
class Turn:
    """What one player did so far in the current turn (for end-of-turn checks)."""

    player: str
    opened_before: bool
    drew: bool = False
    draws: int = 0
    flagged_no_draw: bool = False
    #: A play came before the draw (reported): the draw is still owed (D28).
    owes_draw: bool = False
    taken: Card | None = None
    take_event: Take | Buy | None = None
    #: The buy that started this turn, for a buy out of turn (compra).
    buy: Buy | None = None
    #: This is the player's first turn of the hand (closing_first_round).
    first_of_hand: bool = False
    #: The turn emptied the player's hand: it closed the hand.
    closed: bool = False
    opening_value: int = 0
    last_opening_meld: Meld | None = None
    opening_cards: Counter[Card] = field(default_factory=Counter)
    laid: Counter[Card] = field(default_factory=Counter)
    freed_jokers: list[Swap] = field(default_factory=list)
    #: Problems held until the turn is over, when it is known whether they only follow
    #: from one of its end-of-turn problems (D28): (code, event, message).
    deferred: list[tuple[Code, Event, str]] = field(default_factory=list)
    #: The invalid meld reported in this opening turn, which counts 0 toward it.
    invalid_meld: Problem | None = None
    #: A problem with the card taken (S007, S008, S009), once reported.
    take_problem: Problem | None = None
    #: An event of this turn the referee could not apply (a stranger's, or the one that
    #: cut the turn short): the turn's end-of-turn checks are reported no earlier.
    cut_at: Event | None = None

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


def end_of_turn_findings(turn: Turn, rules: Rules) -> list[Finding]:
    """The problems a turn shows once it is over (D7, D8, D12, D13, D15)."""
    found: list[Finding] = []
    if _threshold_applies(turn, rules) and turn.opening_value < rules.opening_points:
        assert turn.last_opening_meld is not None
        found.append((Code.OPENING_TOO_LOW, turn.place(turn.last_opening_meld),
                      f"the opening is worth {turn.opening_value}, "
                      f"less than {rules.opening_points}"))
    if turn.buy is not None:
        found += _buy_findings(turn, turn.buy)
        if not turn.opened_before and turn.laid[turn.buy.card]:
            # laid down, but the same opening rules as a take apply (docs/log-format.md)
            found += _taken_card_findings(turn, turn.buy, turn.buy.card, rules)
    elif turn.take_event is not None and turn.taken is not None:
        found += _taken_card_findings(turn, turn.take_event, turn.taken, rules)
    found += [(Code.FREED_JOKER_UNUSED, turn.place(swap_event),
               "the freed joker must be laid down in the same turn")
              for swap_event in turn.freed_jokers]
    return found


def _threshold_applies(turn: Turn, rules: Rules) -> bool:
    """An opening must reach the threshold (D10), but for a closing in one go
    under ``one_go_threshold=waived``: its melds need only be valid."""
    if not turn.opening:
        return False
    return not (turn.closed and rules.one_go_threshold is OneGoThreshold.WAIVED)


def _taken_card_findings(turn: Turn, event: Take | Buy, taken: Card, rules: Rules
                         ) -> list[Finding]:
    """D12 (before opening: inside an opening meld) and D13 (after: on the table)."""
    if not turn.opened_before:
        if (rules.take_before_opening is TakeBeforeOpening.ONLY_TO_OPEN
                and turn.opening_cards[taken] == 0):
            return [(Code.TAKE_BEFORE_OPENING, turn.place(event),
                     f"{turn.player} took {taken} before opening without opening with it")]
    elif rules.take_after_opening is TakeAfterOpening.MUST_USE and turn.laid[taken] == 0:
        return [(Code.TAKEN_CARD_UNUSED, turn.place(event),
                 f"{turn.player} took {taken} and did not lay it down this turn")]
    return []


def _buy_findings(turn: Turn, buy: Buy) -> list[Finding]:
    """A buy draws exactly one extra card and lays the bought card down at once."""
    found: list[Finding] = []
    if turn.draws != 1:
        extra = "without drawing the extra card" if turn.draws == 0 else \
            f"and drew {turn.draws} extra cards, not one"
        found.append((Code.INCOMPLETE_BUY, turn.place(buy),
                      f"{turn.player} bought {buy.card} {extra}"))
    if turn.laid[buy.card] == 0:
        found.append((Code.INCOMPLETE_BUY, turn.place(buy),
                      f"{turn.player} bought {buy.card} and did not lay it down at once"))
    return found


def discard_findings(*, turn: Turn, event: Discard, closes: bool,
                     table: Sequence[TableMeld | None], rules: Rules) -> list[Finding]:
    """What is wrong with this discard: the card just taken (D14), a card that
    fits a table meld (``discard_playable``), a joker (``discard_joker``)."""
    card = event.card
    found: list[Finding] = []
    if (turn.taken is card and turn.laid[card] == 0
            and rules.discard_taken_card is DiscardTakenCard.FORBIDDEN):
        found.append((Code.DISCARD_TAKEN_CARD, event,
                      f"{event.player} discards the {card} just taken"))
    if _playable_forbidden(rules.discard_playable, closes, turn.has_opened):
        fitting = [n for n, meld in enumerate(table, start=1)
                   if meld is not None and fits(meld, card, rules)]
        if fitting:
            found.append((Code.DISCARD_PLAYABLE, event,
                          f"{card} fits meld {fitting[0]} and may not be discarded"))
    if card.is_joker and not _joker_discard_allowed(rules.discard_joker, closes):
        when = "to close" if closes else "except to close"
        found.append((Code.DISCARD_JOKER, event, f"a joker may not be discarded {when}"))
    return found


def _playable_forbidden(rule: DiscardPlayable, closes: bool, opened: bool) -> bool:
    if rule is DiscardPlayable.FORBIDDEN:
        return True
    if rule is DiscardPlayable.FORBIDDEN_UNLESS_CLOSING:
        return not closes
    if rule is DiscardPlayable.FORBIDDEN_BEFORE_OPENING:
        return not opened
    return False


def _joker_discard_allowed(rule: DiscardJoker, closes: bool) -> bool:
    if rule is DiscardJoker.NOT_CLOSING:
        return not closes
    if rule is DiscardJoker.CLOSING_ONLY:
        return closes
    return True
