"""Scripted players of ``scala40 play``, for the tests: one makes random moves, legal or
not (most of its melds real ones, so that it opens, attaches and closes too); one plays
as the simulator's bots would, each of its moves legal.

Both play through ``send(action, cards, meld)``, which returns the new state and the
refusal (None when the move was played): the session tests send to the controller, the
API tests over HTTP. The planned player asks the simulator's planner for its turn, from
its own seat's view only, and says which of its moves were refused (none should be).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.model.cards import parse_card
from scala40cli.playing.controller import Controller
from scala40cli.simulate.bots import Bot
from scala40cli.simulate.plays import AttachPlay, MeldPlay, TurnPlan
from scala40cli.simulate.search import candidates, counts_of

State = dict[str, Any]
Send = Callable[[str, list[str], int], tuple[State, "dict[str, str] | None"]]


def random_turn(view: State, send: Send, rng: random.Random, rules: Rules) -> tuple[State, int]:
    """One turn of random moves, legal or not; the last state and the number of refusals.

    A player who only tried random cards would never meet a legal meld, so most of its
    lays are real combinations of its hand (the simulator's candidates: sets, runs,
    with jokers), chosen at random; the others, its attaches (a random card, to a random
    meld) and its discards are anyone's guess. It opens
    when what it set aside happens to be worth enough, and closes when its last card
    goes."""
    refused = 0
    if view["phase"] == "hand_over":
        view, why = send("next", [], 0)
        return view, int(why is not None)
    if view["phase"] == "offer":
        return random_buy(view, send, rng, rules)
    view, why = send("take" if rng.random() < 0.3 else "draw", [], 0)
    if why is not None:
        refused += 1
        view, why = send("draw", [], 0)
    if why is None and view["taken"] and rng.random() < 0.5:
        view, why = send("put_back", [], 0)
        refused += why is not None
        view, why = send("draw", [], 0)
        refused += why is not None
    for _ in range(rng.randrange(5)):
        if view["phase"] != "play":
            break
        view, why = send("lay", _random_meld(view, rules, rng), 0)
        refused += why is not None
    if view["staged"] and view["phase"] == "play":
        view, why = send("open", [], 0)
        if why is not None:
            refused += 1
            view, _ = send("unstage", [], 0)
    if view["phase"] == "play" and view["table"]:
        for _ in range(rng.randrange(6)):
            if len(view["hand"]) < 2 or view["phase"] != "play":
                break
            card = rng.choice(view["hand"])
            meld = rng.randrange(1, len(view["table"]) + 1) if rng.random() < 0.9 else \
                rng.randrange(len(view["table"]) + 2)  # now and then none, or one too far
            view, why = send("attach", [card], meld)
            refused += why is not None
    if view["phase"] == "play" and view["staged"]:
        view, _ = send("unstage", [], 0)
    misses = 0
    while view["phase"] == "play":
        view, why = send("discard", [rng.choice(view["hand"])], 0)
        if why is None:
            break
        refused, misses = refused + 1, misses + 1
        if misses % 5 == 0:
            # stuck (a taken card or a freed joker that fits nowhere): start the turn again
            view, why = send("undo", [], 0)
            assert why is None, why
            if view["phase"] == "draw":
                view, _ = send("draw", [], 0)
    return view, refused


def random_buy(view: State, send: Send, rng: random.Random, rules: Rules) -> tuple[State, int]:
    """A discard offered (compra): pass, or buy and lay at random; a buy the judge will
    not end (the card bought not laid) is taken back, and the discard passed."""
    if rng.random() < 0.4:
        view, why = send("pass", [], 0)
        return view, int(why is not None)
    view, why = send("buy", [], 0)
    if why is not None:
        view, _ = send("pass", [], 0)
        return view, 1
    refused = 0
    for _ in range(rng.randrange(1, 4)):
        view, why = send("lay", _random_meld(view, rules, rng), 0)
        refused += why is not None
    if view["staged"]:
        view, why = send("open", [], 0)
        refused += why is not None
        if why is not None:
            view, _ = send("unstage", [], 0)
    view, why = send("done", [], 0)
    if why is not None:
        refused += 1
        view, why = send("undo", [], 0)
        assert why is None and view["phase"] == "offer", why
        view, why = send("pass", [], 0)
    return view, refused


def _random_meld(view: State, rules: Rules, rng: random.Random) -> list[str]:
    """Cards to lay: mostly a real combination of the cards not yet set aside, now and
    then three cards at random."""
    free = Counter(parse_card(code) for code in view["hand"])
    for meld in view["staged"]:
        free.subtract(parse_card(code) for code in meld)
    found = candidates(counts_of((+free).elements()), jokers_ok=True, run_max=rules.run_max)
    if found and rng.random() < 0.85:
        return [tc.card.code for tc in rng.choice(found).cards]
    cards = list((+free).elements())
    return [c.code for c in rng.sample(cards, min(3, len(cards)))]


def planned_turn(controller: Controller, bot: Bot, send: Send) -> tuple[State, list[str]]:
    """One turn as ``bot`` would play it from the person's seat; the refusals met."""
    session = controller.session
    refusals: list[str] = []

    def play(action: str, cards: list[str], meld: int = 0) -> State:
        state, why = send(action, cards, meld)
        if why is not None:
            refusals.append(f"{action} {cards} {meld}: {why['english']}")
        return state

    if session.phase == "hand_over":
        return play("next", []), refusals
    engine = session.engine
    assert engine is not None
    if session.phase == "offer":
        asked = Turn(player=session.me, opened_before=session.me in engine.opened)
        if not bot.wants_buy(engine.view(session.me, asked, buying=True)):
            return play("pass", []), refusals
        state = play("buy", [])
        plan = bot.play(engine.view(session.me, session.turn, buying=True))  # type: ignore[arg-type]
        state = _carry_out(plan, state, send, play)
        return play("done", []), refusals
    turn = session.turn
    assert turn is not None
    state = play("take" if bot.wants_take(engine.view(session.me, turn)) else "draw", [])
    plan = bot.play(engine.view(session.me, session.turn))  # type: ignore[arg-type]
    state = _carry_out(plan, state, send, play)
    if plan.discard is not None and state["phase"] == "play":
        state = play("discard", [plan.discard.code])
    return state, refusals


def _carry_out(plan: TurnPlan, state: State, send: Send,
               play: Callable[[str, list[str], int], State]) -> State:
    """The plays of ``plan`` through the page's moves (melds set aside, then opened)."""
    for move in plan.plays:
        if isinstance(move, MeldPlay):
            state = play("lay", [tc.card.code for tc in move.cards])
            continue
        if state["staged"]:
            state = play("open", [])
        if isinstance(move, AttachPlay):
            state = _attach_all([tc.card.code for tc in move.cards], move.meld, send, play)
        else:
            state = play("swap", [move.card.code], move.meld)
    if state["staged"]:
        state = play("open", [])
    return state


def _attach_all(cards: list[str], meld: int, send: Send,
                play: Callable[[str, list[str], int], State]) -> State:
    """Attach the cards one by one, each as soon as it fits (a run grows a card at a
    time: 5H then 4H onto 6H-8H, not 4H first)."""
    left = list(cards)
    state: State = {}
    while left:
        for code in left:
            state, why = send("attach", [code], meld)
            if why is None:
                left.remove(code)
                break
        else:
            return play("attach", [left[0]], meld)
    return state
