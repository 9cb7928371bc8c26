"""A player who makes random moves, legal or not, through any ``send(action, cards, meld)``
that returns the new view or raises/returns a refusal: the tests of the session and of
the server share it."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from typing import Any

Send = Callable[[str, list[str], int], "tuple[dict[str, Any], str | None]"]


def play_turn(view: dict[str, Any], send: Send, rng: random.Random) -> tuple[dict[str, Any], int]:
    """One turn of random moves; returns the last view and the number of refusals."""
    refused = 0
    if view["phase"] == "hand_over":
        view, why = send("next", [], 0)
        return view, int(why is not None)
    view, why = send("take" if rng.random() < 0.3 else "draw", [], 0)
    refused += why is not None
    if why is None and view["taken"] and rng.random() < 0.5:
        view, why = send("put_back", [], 0)
        refused += why is not None
        view, why = send("draw", [], 0)
        refused += why is not None
    for _ in range(rng.randrange(4)):
        hand = view["hand"]
        tried = [list(c) for c in combinations(hand, 3)]
        rng.shuffle(tried)
        for cards in tried[:30]:
            view, why = send("lay", cards, 0)
            if why is None:
                break
            refused += 1
        if view["staged"] and view["phase"] == "play":
            view, why = send("open", [], 0)
            if why is not None:
                refused += 1
                view, _ = send("unstage", [], 0)
    if view["phase"] == "play" and view["table"]:
        for _ in range(rng.randrange(5)):
            if len(view["hand"]) < 2:
                break
            card = rng.choice(view["hand"])
            view, why = send("attach", [card], rng.randrange(len(view["table"])) + 1)
            refused += why is not None
    if view["phase"] == "play" and view["staged"]:
        view, _ = send("unstage", [], 0)
    while view["phase"] == "play":
        view, why = send("discard", [rng.choice(view["hand"])], 0)
        if why is not None:
            refused += 1
            if view["taken"]:
                view, _ = send("put_back", [], 0)
                view, _ = send("draw", [], 0)
    return view, refused
