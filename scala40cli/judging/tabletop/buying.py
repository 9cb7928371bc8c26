"""Buying the discard out of turn (``compra``): whether it is played at all, and whether
one buy may be made. The buy's turn (the extra card, the card bought laid at once) is
judged with the other ends of turns in :mod:`~scala40cli.judging.tabletop.verify`."""

from __future__ import annotations

from scala40cli.judging.rulebook.rules import Rules, YesNo
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.model.cards import Card
from scala40cli.model.violations import Code
from scala40cli.reading.events import Buy


def buying_played(rules: Rules) -> bool:
    """Whether a discard may be bought out of turn at all (compra): a table that does
    not play it need not offer one."""
    return rules.compra is YesNo.YES


def verify_buy(event: Buy, *, last_discarder: str | None, turn_over: bool,
               next_player: str, pile_top: Card | None, rules: Rules) -> list[Finding]:
    """Compra: the discard bought out of turn, right after it was discarded (nobody
    has played since: ``turn_over``), by a player who neither discarded it
    (``last_discarder``) nor plays next (``next_player``); ``pile_top`` is the top of
    the discard pile."""
    buyer, card = event.player, event.card
    if rules.compra is YesNo.NO:
        why = "buying the discard out of turn is not played (compra=no)"
    elif last_discarder is None or not turn_over:
        why = "a buy comes right after a discard, before the next player plays"
    elif buyer == last_discarder:
        why = f"{buyer} cannot buy their own discard"
    elif buyer == next_player:
        why = f"{buyer} plays next and may take the discard in turn"
    elif pile_top is not card:
        why = f"the discard is {'nothing' if pile_top is None else pile_top}, not {card}"
    else:
        return []
    return [Finding(Code.ILLEGAL_BUY, event, why)]


__all__ = ["buying_played", "verify_buy"]
