"""A bot's plays carried out at the table, once the judge finds nothing wrong with them.

Each play of a :class:`~scala40cli.simulate.plays.TurnPlan` becomes the event the log
will hold; the judging core's ``verify_*`` function for that move is asked first, as
the referee will on replay, and a play it refuses is an :class:`IllegalMove` (a bug of
the bots or of the planner, never played). The play then carries its cards from the
hand to the table and is recorded on the turn, for the checks at its end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import (
    record_attach,
    record_meld,
    record_swap,
    verify_attach,
    verify_meld,
    verify_swap,
    verify_touch,
)
from scala40cli.model.cards import JOKER, Card
from scala40cli.model.codes import Code
from scala40cli.reading.events import Attach, Meld, Swap
from scala40cli.simulate.plays import AttachPlay, MeldPlay, Play


class IllegalMove(RuntimeError):
    """A bot planned a move the rules forbid: a bug in the bots or the planner (or an
    outside program's refused move). ``code`` is the violation code the judge gave."""

    def __init__(self, message: str, code: str | None = None, reason: str | None = None
                 ) -> None:
        super().__init__(message)
        self.code = code
        #: The judge's sentence alone (the message also names the play).
        self.reason = reason if reason is not None else message


def at() -> dict[str, int]:
    """Line and column of a generated event: given by the writer's output, not here."""
    return {"line": 0, "column": 0}


def refuse(found: Sequence[Finding], what: object = "") -> None:
    """A bot's move that breaks a rule (the judge found something) is a bug of the bots."""
    if found:
        where = f" {what}" if what else ""
        raise IllegalMove(f"{found[0].event.verb}{where}: {found[0].message}",
                          found[0].code.value, found[0].message)


def take_out(hand: Counter[Card], player: str, cards: Sequence[Card]) -> None:
    """The cards leave the player's hand (which must hold them)."""
    for c in cards:
        if hand[c] <= 0:
            raise IllegalMove(f"{player} does not hold {c}", Code.NOT_IN_HAND.value)
        hand[c] -= 1
        if not hand[c]:
            del hand[c]


def carry_out(play: Play, turn: Turn, hand: Counter[Card], table: list[TableMeld],
              owners: list[str], rules: Rules) -> Meld | Attach | Swap:
    """Play one move of ``turn.player`` from ``hand`` onto ``table`` (``owners``: who
    laid each meld) and return its event, once the judge's checks find nothing wrong."""
    player = turn.player
    if isinstance(play, MeldPlay):
        meld_event = Meld(player=player, cards=play.cards, **at())
        meld, found = verify_meld(turn, meld_event, rules)
        refuse(found, play)
        assert meld is not None
        take_out(hand, player, [tc.card for tc in play.cards])
        table.append(meld)
        owners.append(player)
        record_meld(turn, meld_event, meld)
        return meld_event
    if isinstance(play, AttachPlay):
        attach_event = Attach(player=player, cards=play.cards, meld=play.meld, **at())
        index = _touch(turn, attach_event, owners, rules)
        grown, found = verify_attach(attach_event, table[index], rules)
        refuse(found, play)
        assert grown is not None
        take_out(hand, player, [tc.card for tc in play.cards])
        table[index] = grown
        record_attach(turn, attach_event)
        return attach_event
    swap_event = Swap(player=player, card=play.card, meld=play.meld, **at())
    index = _touch(turn, swap_event, owners, rules)
    changed, found = verify_swap(swap_event, table[index], rules)
    refuse(found, play)
    assert changed is not None
    take_out(hand, player, [play.card])
    table[index] = changed
    hand[JOKER] += 1
    record_swap(turn, swap_event, rules)
    return swap_event


def _touch(turn: Turn, event: Attach | Swap, owners: Sequence[str], rules: Rules) -> int:
    """The index of the table meld an attach or swap names, once the judge's check of
    touching it (D9) finds nothing wrong."""
    if not 1 <= event.meld <= len(owners):
        raise IllegalMove(f"there is no meld {event.meld}", Code.NO_SUCH_MELD.value)
    index = event.meld - 1
    finding = verify_touch(turn, event, owners[index], rules)
    refuse([finding] if finding is not None else [])
    return index


__all__ = ["IllegalMove", "at", "carry_out", "refuse", "take_out"]
