"""Worlds that agree with what the other players did in the open.

A world drawn from the view alone (:func:`~scala40cli.simulate.sampling.sample_world`)
holds every deal of the hidden cards the seat cannot rule out by the cards it saw. But
players also show their hands by what they do not do: a player who has opened lays
what it can, and a player who has not opened opens as soon as it can. A world where an
opened player still holds a meld of its own, or where a player not opened could have
opened at its last turn, is one the table is most likely not in. :func:`read_world`
draws worlds until one agrees with those habits (:func:`disagreements`), up to a number
of tries, and keeps the one that disagrees least when none does: never a world the view
rules out, only the likelier of those it leaves.

The habits are the computer levels' own (the hard level lays everything it can and
opens as soon as it can), which the expert's playouts assume of every seat anyway; a
person may hold a meld back, and then the worlds lean the wrong way. The expert reads
so only where its budget asks (``Budget.agree``): measured in docs/expert.md ("What it
cannot know"), it gained too little to be the default.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from scala40cli.reading.events import Discard, Draw, Meld, Take
from scala40cli.simulate.board import jokers_in_melds
from scala40cli.simulate.fitting import fits_table
from scala40cli.simulate.planner import ace_points
from scala40cli.simulate.sampling import World, sample_world
from scala40cli.simulate.search import INDEX_OF, best_packing, candidates, counts_of
from scala40cli.simulate.view import PlayerView

#: The nodes of the search for an opening in a sampled hand: enough for a hand of 14
#: cards, few enough that a world costs little next to its playouts.
OPENING_NODES = 4000


def disagreements(view: PlayerView, world: World) -> int:
    """How many other hands of ``world`` disagree with what their players did in the
    open: an opened hand that holds a meld of its own, or (its player having played
    last) a card other than a joker that fits the table; a hand not opened that,
    with its last discard, could have opened. Only players who have played count; in
    the turn that opened, only what the rules let any opening turn lay (no meld with a
    joker where an opening may hold none, no card on the others' melds); the table
    only as that player left it (nothing laid since by a buy)."""
    rules = view.rules
    aces = ace_points(rules)
    previous = view.order[view.order.index(view.me) - 1]
    # In the turn that opens, the rules may keep jokers out of the melds: a player who
    # opened in its last turn, or has not yet, is read without them.
    jokers_opening = jokers_in_melds(False, rules)
    found = 0
    for player in view.opponents():
        if player not in view.played:
            continue
        hand = world.hands[player]
        counts = list(counts_of(hand))
        if player in view.opened:
            settled = _opened_before_last_turn(view, player)
            melds = candidates(counts, jokers_ok=jokers_in_melds(settled, rules),
                               run_max=rules.run_max, ace_points=aces)
            fits = (settled and player == previous and _last_to_play(view, player)
                    and any(not c.is_joker and fits_table(view.table, c, rules) for c in hand))
            found += bool(melds or fits)
            continue
        last = view.discarded.get(player)
        if last:
            counts[INDEX_OF[last[-1]]] += 1
        if best_packing(counts, jokers_ok=jokers_opening, run_max=rules.run_max,
                        threshold=rules.opening_points, min_left=1, ace_points=aces,
                        max_nodes=OPENING_NODES) is not None:
            found += 1
    return found


def _opened_before_last_turn(view: PlayerView, player: str) -> bool:
    """Whether ``player`` had laid a meld before its last turn: in the turn that opens,
    the rules may keep its jokers out of its melds, or its cards off the others'."""
    laid_then = 0
    for event in reversed(view.seen):
        if getattr(event, "player", None) != player:
            continue
        if isinstance(event, (Draw, Take)):
            break
        laid_then += isinstance(event, Meld)
    laid = sum(isinstance(e, Meld) and e.player == player for e in view.seen)
    return laid > laid_then


def _last_to_play(view: PlayerView, player: str) -> bool:
    """Whether ``player``'s discard is the last thing anyone but the seat did (no buy
    since, whose melds its cards may fit now)."""
    for event in reversed(view.seen):
        if isinstance(event, Discard) and event.player == player:
            return True
        if getattr(event, "player", None) != view.me:
            return False
    return False


def read_world(view: PlayerView, rng: random.Random,
               leaning: Mapping[str, Sequence[float]] | None, tries: int,
               check: Callable[[PlayerView, World], int] = disagreements) -> World:
    """The first of up to ``tries`` worlds drawn from ``view`` by ``rng`` (as
    :func:`~scala40cli.simulate.sampling.sample_world` draws them) in which ``check``
    (:func:`disagreements`) finds none; else the first of those with the fewest. One
    try is the first world drawn, unread."""
    if tries <= 1:
        return sample_world(view, rng, leaning)
    kept: tuple[int, World] | None = None
    for _ in range(tries):
        world = sample_world(view, rng, leaning)
        count = check(view, world)
        if count == 0:
            return world
        if kept is None or count < kept[0]:
            kept = (count, world)
    assert kept is not None
    return kept[1]


__all__ = ["OPENING_NODES", "disagreements", "read_world"]
