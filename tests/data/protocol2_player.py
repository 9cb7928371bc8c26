"""A protocol 2 player for the tests (docs/protocol.md): it answers ``hello``, repeats
every ask's ``id``, asks the referee with ``check`` before each move it makes, and
keeps its own picture of the hand from the ``events``, which it compares with each ask.
What it finds goes to the file named by its first argument, one JSON object a line.

In its turns it plays as the greedy baseline (``scala40cli.simulate.greedy``) and checks
each move before it makes it, and a meld of its first three cards too (mostly refused);
offered a buy (compra), it buys when the referee says it may, then lays the bought card
in the first meld of three, or on the first table meld, a check accepts, or ends the
buy without (a refused buy: it forfeits the hand, and the buy is undone).
"""

from __future__ import annotations

import itertools
import json
import sys

from scala40cli.simulate.greedy import plan, play_events, rules_of, view_of
from scala40cli.simulate.protocol import move_text

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

found = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115 (open for the run)
lines = iter(sys.stdin)
checks = 0


def say(message: dict[str, object]) -> None:
    print(json.dumps(message), flush=True)


def note(**what: object) -> None:
    found.write(json.dumps(what) + "\n")
    found.flush()


def check(move: str) -> bool:
    """What the referee would say of ``move`` now (nothing is applied)."""
    global checks
    checks += 1
    say({"check": move, "id": f"c{checks}"})
    answer = json.loads(next(lines))
    assert answer["type"] == "checked" and answer["id"] == f"c{checks}", answer
    note(kind="checked", move=move, ok=answer["ok"], code=answer["code"])
    return bool(answer["ok"])


def ordered(cards: tuple[str, ...]) -> str:
    """Three cards as a meld line writes them: a run ascending."""
    return " ".join(sorted(cards, key=lambda c: (RANKS.index(c[:-1]) if c[:-1] in RANKS
                                                 else 99)))


def answer(ask: dict, move: str) -> None:
    say({"move": move, "id": ask["id"]})


hand_number = 0
discards: dict[str, list[str]] = {}
hello: dict = {}
queue: list = []
for line in lines:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        hello, rules = message, rules_of(message["rules"])
        say({"protocol": 2})
        continue
    if kind == "result":
        queue = []
    if kind == "bye":
        break
    if kind != "ask":
        continue
    if message["hand"] != hand_number:
        hand_number, discards = message["hand"], {}
    for event in message["events"]:
        verb, *rest = event["move"].split()
        if verb == "draw" and rest:
            note(kind="leak", event=event)
        if verb == "discard":
            discards.setdefault(event["player"], []).append(rest[0])
    for opponent in message["opponents"]:
        note(kind="discards", events=discards.get(opponent["name"], []),
             ask=opponent["discarded"])
    moves, cards = message["moves"], message["cards"]
    if moves == ["draw", "take"]:
        check("take")
        answer(message, "draw")
    elif moves == ["buy", "pass"]:
        note(kind="offered", card=message["pile"]["top"])
        answer(message, "buy" if check("buy") else "pass")
    elif moves == ["meld", "attach", "swap", "end"]:
        bought = message["taken"]
        others = [c for c in cards if c != bought]
        laid = bought not in cards
        tries = [] if laid else [f"meld {ordered((bought, *pair))}"
                                 for pair in itertools.combinations(others, 2)]
        tries += [] if laid else [f"attach {bought} to {m['number']}"
                                  for m in message["table"]]
        answer(message, next((move for move in tries if check(move)), "end"))
    else:
        if not queue:
            check("meld " + " ".join(cards[:3]))
            queue = play_events(hello["seat"], plan(view_of(hello, message, rules)))
        move = move_text(queue.pop(0))
        assert check(move), move  # the referee accepts what it is about to play
        answer(message, move)
