"""The person buys a discard out of turn (``compra``), judged as the referee judges it.

Under ``compra=yes``, after a player's discard, the players after the next one may buy
it, in order (:meth:`~scala40cli.simulate.engine.HandEngine.buyers`). When the person's
turn to answer comes, the session waits; a buy takes the card (``verify_buy`` and
``verify_take``, as on replay) and draws the one extra card the rules give; the person
then lays the card bought, with cards of their hand, and ends the buy without a
discard, which ``verify_end_of_turn`` judges (the card bought laid at once).
"""

from __future__ import annotations

from scala40cli.judging.tabletop.buying import verify_buy
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import verify_end_of_turn, verify_take
from scala40cli.playing.human import trial_of
from scala40cli.playing.refusal import Refused, refuse
from scala40cli.reading.events import Buy
from scala40cli.simulate.engine import HandEngine
from scala40cli.simulate.moves import at


def buy(engine: HandEngine, person: str, discarder: str) -> Turn:
    """The top of the pile into the person's hand, and the extra card drawn: the turn
    of the buy (refused, nothing changed, when the judge does not allow it)."""
    if not engine.pile:
        raise Refused("the discard pile is empty", "PLAY_EMPTY_PILE")
    card = engine.pile[-1]
    turn = engine._new_turn(person)
    event = Buy(player=person, card=card, **at())
    refuse(verify_buy(event, last_discarder=discarder, turn_over=True,
                      next_player=engine.next_after(discarder), pile_top=card,
                      rules=engine.rules)
           + verify_take(event, opened_before=turn.opened_before, rules=engine.rules))
    engine.pile.pop()
    engine.events.append(event)
    engine.hands[person][card] += 1
    engine.taken[person].append(card)
    turn.buy, turn.taken, turn.take_event = event, card, event
    engine._draw(turn)
    return turn


def end_buy(engine: HandEngine, turn: Turn) -> None:
    """The buy is over: refused while the card bought is not laid (the judge's words)."""
    refuse(verify_end_of_turn(trial_of(turn), engine.rules))
    if turn.opening:
        engine.opened.add(turn.player)


__all__ = ["buy", "end_buy"]
