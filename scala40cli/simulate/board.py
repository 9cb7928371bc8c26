"""The turn being planned, and every legality question a bot asks, put to the judge.

A :class:`Board` is a scratch copy of a player's hand and of the table while a turn is
planned, with the :class:`~scala40cli.judging.tabletop.turn.Turn` the engine will keep for it
(what was taken, laid down, opened, freed). Each play is tried on the board through
the judging core's ``verify_*`` functions, exactly as the engine will check it and the
referee will judge it on replay; the functions below ask the same functions the
questions a bot has before it plays (may I take the discard, may I close now, may
jokers go into melds). Nothing here reads a rule switch: the rules are the judge's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.melds import Meld, MeldError, joker_stands_for
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import closing_allowed as may_close
from scala40cli.judging.tabletop.verify import (
    record_attach,
    record_meld,
    record_swap,
    verify_attach,
    verify_closing,
    verify_closing_by_laying,
    verify_end_of_turn,
    verify_meld,
    verify_swap,
    verify_take,
    verify_touch,
    verify_turn_discard,
)
from scala40cli.model.cards import JOKER, Card, parse_card
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Buy, Discard, Swap, TableCard, Take
from scala40cli.reading.events import Meld as MeldEvent
from scala40cli.simulate.fitting import attach_forms, fits_fast, may_fit
from scala40cli.simulate.plays import AttachPlay, MeldPlay, Play, SwapPlay
from scala40cli.simulate.search import sort_key
from scala40cli.simulate.view import PlayerView

#: Where a planned event is: the writer numbers the lines, not the planner.
_AT = {"line": 0, "column": 0}


# --- the questions a bot asks before it plays --------------------------------------------


def turn_of(view: PlayerView) -> Turn:
    """The turn the engine keeps for this player at this point: drawn (or taken, or
    bought and then drawn), nothing laid down yet."""
    turn = Turn(player=view.me, opened_before=view.opened_before, drew=True, draws=1,
                first_of_hand=view.me not in view.played)
    taken = view.taken_now
    if taken is not None:
        if view.buying:
            turn.buy = Buy(player=view.me, card=taken, **_AT)
            turn.take_event = turn.buy
        else:
            turn.take_event = Take(player=view.me, card=taken, **_AT)
        turn.taken = taken
    return turn


def take_allowed(view: PlayerView) -> bool:
    """May the player take (or, in a buy, buy) the top of the discard pile now?"""
    top = view.top
    if top is None:
        return False
    event = (Buy if view.buying else Take)(player=view.me, card=top, **_AT)
    return not verify_take(event, opened_before=view.opened_before, rules=view.rules)


def closing_allowed(view: PlayerView) -> bool:
    """May this player close now (empty the hand)? Never in a buy (the engine plays no
    closing there, a choice of the simulator's), else as the judge says."""
    if view.buying:
        return False
    return may_close(first_of_hand=view.me not in view.played, rules=view.rules)


#: A meld with a joker in it, to ask whether one may be laid.
_JOKER_MELD = (TableCard(JOKER, parse_card("5S")), TableCard(parse_card("6S")),
               TableCard(parse_card("7S")))


@lru_cache(maxsize=64)
def jokers_in_melds(opened_before: bool, rules: Rules) -> bool:
    """May a meld with a joker be laid in this turn (``opened_before``: the player had
    opened before it)? :func:`~scala40cli.judging.tabletop.verify.verify_meld`'s answer."""
    turn = Turn(player="", opened_before=opened_before)
    _, found = verify_meld(turn, MeldEvent(player="", cards=_JOKER_MELD, **_AT), rules)
    return not any(f.code is Code.OPENING_JOKER for f in found)


def taken_card_may_stay(view: PlayerView) -> bool:
    """May the card just taken or bought stay in hand to the end of the turn? Asked
    of :func:`~scala40cli.judging.tabletop.verify.verify_end_of_turn` on a turn that lays
    nothing down (once opened: before, the card opens or the take is refused)."""
    found = verify_end_of_turn(turn_of(view), view.rules)
    return not any(f.code in (Code.TAKEN_CARD_UNUSED, Code.INCOMPLETE_BUY) for f in found)


# --- the board ------------------------------------------------------------------------------


@dataclass(slots=True)
class Board:
    """A scratch copy of the player's hand and the table while a turn is planned."""

    view: PlayerView
    hand: Counter[Card]
    table: list[Meld]
    owners: list[str]
    #: What the turn did so far, as the engine will record it.
    turn: Turn
    #: May a meld with a joker be laid this turn (asked once: it cannot change).
    jokers_ok: bool
    #: The attach the judge is asked about when the planner would touch a meld.
    touch_probe: Attach
    plays: list[Play] = field(default_factory=list)
    #: How the card that must be laid was laid: "meld", "attach", "swap" or None.
    required_use: str | None = None

    @classmethod
    def of(cls, view: PlayerView) -> Board:
        return cls(view=view, hand=Counter(view.hand), table=list(view.table),
                   owners=list(view.owners), turn=turn_of(view),
                   jokers_ok=jokers_in_melds(view.opened_before, view.rules),
                   touch_probe=Attach(player=view.me, cards=(), meld=0, **_AT))

    @property
    def rules(self) -> Rules:
        return self.view.rules

    @property
    def laid(self) -> Counter[Card]:
        """The cards laid down this turn, counted (the judge's turn keeps a list)."""
        return Counter(self.turn.laid)

    @property
    def opening_cards(self) -> Counter[Card]:
        return Counter(self.turn.opening_cards)

    @property
    def opening_now(self) -> bool:
        """This is the opening turn and melds are laid."""
        return self.turn.opening

    @property
    def has_opened(self) -> bool:
        return self.turn.has_opened

    def size(self) -> int:
        return self.hand.total()

    # --- what the judge allows now ------------------------------------------------------

    def may_touch(self, index: int) -> bool:
        """May the player attach to or swap in table meld ``index`` now (D9)?"""
        return verify_touch(self.turn, self.touch_probe, self.owners[index],
                            self.rules) is None

    def jokers_layable(self) -> bool:
        """May a meld with a joker be laid now? When not, the bots keep their jokers
        off the table for the whole turn (a choice: the judge would let a joker be
        attached in the opening turn, only the opening melds are natural)."""
        return self.jokers_ok

    def discard_refused(self, c: Card) -> bool:
        """Whether discarding ``c`` now to end the turn breaks a rule (the engine's own
        check, with the proved shortcut :func:`fits_fast`)."""
        event = Discard(player=self.view.me, card=c, **_AT)
        return bool(verify_turn_discard(self.turn, event, closes=self.size() == 1,
                                        table=self.table, rules=self.rules, fits=fits_fast))

    def end_refused(self) -> bool:
        """Whether the turn as planned breaks a rule once it is over: the opening's
        threshold, the card taken or bought, the freed jokers; and the closing, when the
        plays empty the hand."""
        if self.size() > 0:
            return bool(verify_end_of_turn(self.turn, self.rules))
        last = self.plays[-1]
        event: MeldEvent | Attach | Swap
        if isinstance(last, MeldPlay):
            event = MeldEvent(player=self.view.me, cards=last.cards, **_AT)
        elif isinstance(last, AttachPlay):
            event = Attach(player=self.view.me, cards=last.cards, meld=last.meld, **_AT)
        else:
            event = Swap(player=self.view.me, card=last.card, meld=last.meld, **_AT)
        closed = self.turn.copy()
        closed.closed = True
        return bool(verify_closing_by_laying(event, self.rules)
                    or verify_closing(closed, event, self.rules)
                    or verify_end_of_turn(closed, self.rules))

    # --- plays --------------------------------------------------------------------------

    def lay_meld(self, cards: Sequence[TableCard]) -> None:
        """Lay a meld the search found (a meld the judge refuses is a planner bug)."""
        event = MeldEvent(player=self.view.me, cards=tuple(cards), **_AT)
        meld, found = verify_meld(self.turn, event, self.rules)
        if meld is None or found:
            why = found[0].message if found else "invalid"
            raise MeldError(f"planned a meld the rules refuse: {why}")
        plain = [tc.card for tc in cards]
        self.hand.subtract(plain)
        if any(n < 0 for n in self.hand.values()):
            raise MeldError("planned a meld with cards not in hand")
        self.hand = +self.hand
        self.table.append(meld)
        self.owners.append(self.view.me)
        record_meld(self.turn, event, meld)
        self.plays.append(MeldPlay(tuple(cards)))

    def try_attach(self, c: Card, index: int) -> bool:
        """Attach one card to meld ``index`` if the judge accepts it; a joker declares
        its card."""
        meld = self.table[index]
        if not may_fit(meld, c):
            return False
        for tc in attach_forms(meld, c):
            event = Attach(player=self.view.me, cards=(tc,), meld=index + 1, **_AT)
            grown, _ = verify_attach(event, meld, self.rules)
            if grown is None:
                continue
            self.table[index] = grown
            self.hand[c] -= 1
            self.hand = +self.hand
            record_attach(self.turn, event)
            self.plays.append(AttachPlay((tc,), index + 1))
            return True
        return False

    def try_swap(self, index: int) -> bool:
        """Take back the joker of meld ``index`` with a natural card of the hand, if the
        judge accepts it."""
        meld = self.table[index]
        for natural in sorted(joker_stands_for(meld, self.rules), key=sort_key):
            if self.hand[natural] <= 0:
                continue
            event = Swap(player=self.view.me, card=natural, meld=index + 1, **_AT)
            changed, _ = verify_swap(event, meld, self.rules)
            if changed is None:
                continue
            self.table[index] = changed
            self.hand[natural] -= 1
            self.hand = +self.hand
            self.hand[JOKER] += 1
            record_swap(self.turn, event, self.rules)
            self.plays.append(SwapPlay(natural, index + 1))
            return True
        return False


__all__ = ["Board", "closing_allowed", "jokers_in_melds", "take_allowed",
           "taken_card_may_stay", "turn_of"]
