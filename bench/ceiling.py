#!/usr/bin/env python3
"""What the expert would gain if it knew more: the same search, over other worlds.

A diagnostic of issue 37's question (is the expert short of strength because it
searches badly, or because it cannot know enough?), never a level: in ``--worlds true``
and ``true-hands`` the expert is handed the table's real hidden cards, which no seat may
see. The search, its candidates, its budget and its playouts are the expert's own; only
the worlds it weighs them over change:

- ``true``: every world is the real table (the other hands and the stock in order);
- ``true-hands``: the other hands as they really are, the stock's cards in random order
  (what a seat that could read the other hands, and nothing more, would weigh);
- ``hard-read``: honest worlds (drawn from the seat's view, as the expert's are), kept
  only where each other hand agrees with what the hard level would have done with it
  (:func:`~scala40cli.simulate.reading.disagreements`): an opened player holds no meld
  of its own and, if it played last, no natural card that fits the table (the hard
  level lays everything it can); a player not opened could not have opened with its
  hand and its last discard (the hard level opens as soon as it can). Up to ``--tries``
  worlds are drawn for each one kept; where none agrees, the one that disagrees least.
  It is the expert's own reading where its budget asks (``Budget.agree``):
  ``bench/duplicate.py --budget agree=20`` plays the same;
- ``discard-read``: as ``hard-read``, and the player who played last must have chosen
  its last discard as the hard level would have from the world's hand and that card
  (:func:`discard_disagrees`; a turn that opened is not checked).

How: the engine's ``view`` is wrapped to remember the real table of the decision being
made (never inside a playout), and the expert's world sampler is replaced in this
process only, before ``bench/duplicate.py`` plays its deals (its processes are forked
from this one, so they carry the replacement). Everything after ``--worlds`` and
``--tries`` goes to ``bench/duplicate.py``; compare runs deal by deal with
``bench/paired.py``.

``--overlap N`` measures instead how much of the other hand the worlds get right: the
hard level plays N one-hand deals against itself and, at every turn of the first seat
after the other has played, 10 worlds of each kind are drawn (blind, with the expert's
reading of the discards, ``hard-read`` and ``discard-read``); it prints the share of the
other hand's real cards the sampled hand holds, while the other player has opened and before, and at
how many turns the real hand disagrees with its last discard (the reading's own check:
none should). It is a report: it asserts nothing.

``--estimate N`` asks whether the expert's estimate of an unfinished hand
(:mod:`~scala40cli.simulate.evaluation`) leaves anything to gain: the hard level plays N
one-hand deals against itself and, at every turn of the first seat once the other has
played (and the turn ends with a discard), the hand is played on from the real hands
three times: twice to its end, the stock's cards shuffled two ways, and once, the first
shuffle again, for two turns and the estimate (as the expert's playouts of the plays
are). The covariance of the two ends is the variance of what the hand is worth at the
decision, hands known and the draws to come unknown; over the variance of one end, the
share of the end that the best estimate at the decision could explain. Beside it, the
share the two-turn estimate explains of the end it was cut from. It prints both, over
all turns and by who has opened.

    python bench/ceiling.py --worlds true-hands --pairing "expert vs hard" --deals 100 \\
        --max-hands 1 --seed orc --margins /tmp/true-hands.txt
    python bench/ceiling.py --worlds hard-read --overlap 60
    python bench/ceiling.py --worlds true-hands --estimate 400
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import duplicate  # bench/duplicate.py, beside this file

from scala40cli.judging.rulebook.rules import RuleChoice, resolve
from scala40cli.model.results import Closing
from scala40cli.reading.events import Discard, Draw, Meld, Take
from scala40cli.simulate import engine, expert, play_match
from scala40cli.simulate.board import Board
from scala40cli.simulate.bots import Bot, Level
from scala40cli.simulate.planner import legal_discards
from scala40cli.simulate.playout import Playout
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.reading import disagreements, read_world
from scala40cli.simulate.sampling import World, leaning_of, sample_world
from scala40cli.simulate.search import (
    sorted_cards,
)
from scala40cli.simulate.view import PlayerView
from scala40cli.simulate.worth import hand_value

#: Whether hard-read also asks the last discard to be the hard level's (discard-read).
READ_DISCARD = {"on": False}
#: The real table of the decision being made: the engine playing the match.
_REAL: dict[str, Any] = {"engine": None, "inside": 0}


def real_world(view: PlayerView, *, stock_in_order: bool, rng: random.Random) -> World:
    """The table as it really is at the decision (the other hands; the stock in order,
    or its cards shuffled by ``rng``)."""
    table = _REAL["engine"]
    hands = {p: tuple(sorted_cards(table.hands[p].elements())) for p in view.order}
    stock = list(table.stock)
    if not stock_in_order:
        rng.shuffle(stock)
    return World(hands=hands, stock=tuple(stock))


def last_turn(view: PlayerView, player: str) -> list[Any] | None:
    """The events of ``player``'s last turn, its draw or take first and its discard
    last, if it is the last turn played before this seat's (else None)."""
    events: list[Any] = []
    for event in reversed(view.seen):
        who = getattr(event, "player", None)
        if who is None:
            return None
        if who == view.me:
            if events:
                return None
            continue
        if who != player:
            return None
        events.append(event)
        if isinstance(event, (Draw, Take)):
            events.reverse()
            return events if isinstance(events[-1], Discard) else None
    return None


def their_view(view: PlayerView, player: str, hand: Sequence[Any],
               turn: list[Any]) -> PlayerView | None:
    """``player``'s view just before the discard that ended its last turn, had it held
    ``hand`` now (its discard back in hand); None where the turn opened (not rebuilt)."""
    discard = turn[-1].card
    melds_now = sum(isinstance(e, Meld) for e in turn)
    melds_all = sum(isinstance(e, Meld) and e.player == player for e in view.seen)
    if melds_now and melds_now == melds_all:
        return None  # it opened in that turn
    opened_before = player in view.opened
    mine_taken = view.taken_now is not None and not view.buying
    pile = view.discard_pile if mine_taken else view.discard_pile[:-1]
    me_size = view.hand_sizes[view.me] - (1 if (view.drawn or view.taken_now) else 0)
    taken = dict(view.taken)
    if mine_taken:
        taken[view.me] = taken[view.me][:-1]
    first = turn[0]
    return dataclasses.replace(
        view, me=player, hand=tuple(sorted_cards([*hand, discard])), discard_pile=pile,
        hand_sizes={**view.hand_sizes, view.me: me_size, player: len(hand) + 1},
        discarded={**view.discarded, player: view.discarded[player][:-1]}, taken=taken,
        opened_before=opened_before, drawn=None,
        taken_now=first.card if isinstance(first, Take) else None, buying=False,
        partners=frozenset(), held={}, seen=())


def discard_disagrees(view: PlayerView, world: World, bot: Bot) -> int:
    """1 if the hard level, holding the world's hand of the player who played last
    and its discard, would have discarded another card; else 0."""
    previous = view.order[view.order.index(view.me) - 1]
    if previous not in view.opponents() or previous not in view.played:
        return 0
    turn = last_turn(view, previous)
    if turn is None:
        return 0
    theirs = their_view(view, previous, world.hands[previous], turn)
    if theirs is None:
        return 0
    board = Board.of(theirs)
    legal = legal_discards(board)
    if not legal or turn[-1].card not in legal:
        return 0
    return int(bot.choose_discard(board, legal) != turn[-1].card)


_DISCARD_BOT = Bot(Level.HARD, random.Random(0))


def hard_read_world(view: PlayerView, rng: random.Random,
                    leaning: Mapping[str, Sequence[float]] | None, tries: int) -> World:
    """The expert's own reading (:func:`~scala40cli.simulate.reading.read_world`), with
    ``discard-read`` the last discard checked too (:func:`discard_disagrees`)."""
    if not READ_DISCARD["on"]:
        return read_world(view, rng, leaning, tries)
    return read_world(view, rng, leaning, tries, check=lambda v, w: disagreements(v, w)
                      or discard_disagrees(v, w, _DISCARD_BOT))


def install(worlds: str, tries: int) -> None:
    """Replace the expert's world sampler in this process (see the module docstring)."""
    plain_view = engine.HandEngine.view
    plain_play_out = expert.play_out

    def view(self: engine.HandEngine, player: str, turn: Any, *, buying: bool = False
             ) -> PlayerView:
        if not _REAL["inside"]:
            _REAL["engine"] = self
        return plain_view(self, player, turn, buying=buying)

    def play_out(*args: Any, **kwargs: Any) -> Any:
        _REAL["inside"] += 1
        try:
            return plain_play_out(*args, **kwargs)
        finally:
            _REAL["inside"] -= 1

    def sampler(view: PlayerView, rng: random.Random,
                leaning: Mapping[str, Sequence[float]] | None, agree: int) -> World:
        if worlds in ("hard-read", "discard-read"):
            return hard_read_world(view, rng, leaning, tries)
        return real_world(view, stock_in_order=worlds == "true", rng=rng)

    engine.HandEngine.view = view  # type: ignore[method-assign]
    expert.play_out = play_out
    expert.read_world = sampler


def against_hard(probe: type[Bot], deals: int, name: str) -> None:
    """``deals`` one-hand deals of two players under the classic rules: a ``probe``
    seat (the hard level, watching) against the hard level, deal ``d`` from
    ``name:d``, the first dealer alternating."""
    rules = resolve(log_preset=None, log_values=(), choice=RuleChoice()).rules
    for deal in range(deals):
        bots = [probe(Level.HARD, random.Random(f"{deal}:0")),
                Bot(Level.HARD, random.Random(f"{deal}:1"))]
        play_match(players=("Anna", "Bruno"), bots=bots, rules=rules, seed=f"{name}:{deal}",
                   first_dealer=deal % 2, max_hands=1)


def overlap(deals: int, tries: int) -> None:
    """Print the share of the other hand's real cards each kind of world holds (see the
    module docstring)."""
    shares: dict[tuple[str, str], list[float]] = {}
    checked: Counter[str] = Counter()

    class Probe(Bot):
        def play(self, view: PlayerView) -> TurnPlan:
            other = view.opponents()[0]
            if other in view.played:
                real = Counter(_REAL["engine"].hands[other].elements())
                rng = random.Random(f"{view.hand_number}:{view.turns}")
                stage = "opened" if other in view.opened else "not opened"
                leaning = leaning_of(view)
                truth = World(hands={other: tuple(real.elements())}, stock=())
                checked["turns"] += 1
                checked["real hand disagrees"] += discard_disagrees(view, truth, _DISCARD_BOT)
                for kind in ("blind", "discards read", "hard-read", "discard-read"):
                    READ_DISCARD["on"] = kind == "discard-read"
                    for _ in range(10):
                        world = (sample_world(view, rng) if kind == "blind" else
                                 sample_world(view, rng, leaning) if kind == "discards read"
                                 else hard_read_world(view, rng, leaning, tries))
                        held = (Counter(world.hands[other]) & real).total()
                        shares.setdefault((stage, kind), []).append(held / real.total())
            return super().play(view)

    against_hard(Probe, deals, "overlap")
    for (stage, kind), values in sorted(shares.items()):
        print(f"{stage:<11} {kind:<14} {100 * sum(values) / len(values):5.1f}% of the real "
              f"hand's cards ({len(values) // 10} turns)")
    print(f"the real hand disagrees with its last discard at {checked['real hand disagrees']} "
          f"of {checked['turns']} turns")


def two_turns_on(view: PlayerView, plan: TurnPlan, key: str) -> Playout:
    """After ``plan``, from the real hands (the stock shuffled), the hand two turns on:
    the same table each time for the same ``key``."""
    world = real_world(view, stock_in_order=False, rng=random.Random(f"{key}:world"))
    seats: dict[str, Any] = {p: Bot(Level.HARD, random.Random(f"{key}:{p}"))
                             for p in view.order}
    engine = Playout.of(view, world, seats, random.Random(f"{key}:deck"))
    engine.last_turn = view.turns + 2
    engine.after_plan(view, plan)
    return engine


def estimate_and_ends(view: PlayerView, plan: TurnPlan, key: str
                      ) -> tuple[float, float, float] | None:
    """After ``plan``, two turns on (:func:`two_turns_on`), the seat's estimate of the
    hand; then the hand's end from there twice, the stock left shuffled two ways (see
    the module docstring). None where the hand ended within the two turns (nothing is
    estimated then)."""
    _REAL["inside"] += 1
    try:
        engine = two_turns_on(view, plan, key)
        if engine.closing is not Closing.UNFINISHED:
            return None
        estimate = engine.estimate(view.me)
        ends = []
        for shuffle in ("a", "b"):
            going_on = two_turns_on(view, plan, key)
            random.Random(f"{key}:{shuffle}").shuffle(going_on.stock)
            going_on.queues, going_on.last_turn = {}, None
            going_on.on_from(going_on.player_of_turn(going_on.turns + 1))
            ends.append(hand_value(going_on.outcome(view.turns), view))
    finally:
        _REAL["inside"] -= 1
    return estimate, ends[0], ends[1]


def explained(rows: Sequence[tuple[float, float, float]]) -> tuple[float, float]:
    """The share of the end's variance the hand's worth two turns on explains (the two
    ends' covariance over their variance), and the share the estimate there explains."""
    ends = [r[1] for r in rows] + [r[2] for r in rows]
    mean = sum(ends) / len(ends)
    variance = sum((e - mean) ** 2 for e in ends) / len(ends)
    covariance = sum((a - mean) * (b - mean) for _, a, b in rows) / len(rows)
    missed = sum((a - estimate) ** 2 for estimate, a, _ in rows) / len(rows)
    return covariance / variance, 1 - missed / variance


def estimate_check(deals: int) -> None:
    """Print how much of a hand's end the estimate explains, and how much the hand's
    worth at the decision could (see the module docstring)."""
    rows: dict[str, list[tuple[float, float, float]]] = {}

    class Probe(Bot):
        def play(self, view: PlayerView) -> TurnPlan:
            plan = super().play(view)
            other = view.opponents()[0]
            if other in view.played and plan.discard is not None:
                key = f"{view.hand_number}:{view.turns}:{sum(map(len, rows.values()))}"
                case = (f"{'opened' if view.opened_before else 'not opened'}, the other "
                        f"{'opened' if other in view.opened else 'not opened'}")
                row = estimate_and_ends(view, plan, key)
                if row is not None:
                    rows.setdefault(case, []).append(row)
            return plan

    against_hard(Probe, deals, "estimate")
    every = [row for kind in rows.values() for row in kind]
    for case, kind in [("every turn", every), *sorted(rows.items())]:
        worth, estimate = explained(kind)
        print(f"{case:<34} {len(kind):5d} turns: the hand's worth two turns on explains "
              f"{100 * worth:4.0f}% of its end, the estimate there {100 * estimate:4.0f}%")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worlds", required=True, choices=("true", "true-hands", "hard-read",
                                                            "discard-read"))
    parser.add_argument("--tries", type=int, default=20,
                        help="honest worlds drawn for each one kept (hard-read)")
    parser.add_argument("--overlap", type=int, default=0, metavar="N",
                        help="measure how much of the other hand the worlds hold, over N "
                        "hands of hard against itself")
    parser.add_argument("--estimate", type=int, default=0, metavar="N",
                        help="measure how much of a hand's end the estimate explains, over "
                        "N hands of hard against itself (with --worlds true-hands)")
    options, rest = parser.parse_known_args(argv)
    READ_DISCARD["on"] = options.worlds == "discard-read"
    install(options.worlds, options.tries)
    if options.overlap:
        overlap(options.overlap, options.tries)
        return 0
    if options.estimate:
        estimate_check(options.estimate)
        return 0
    print(f"ceiling: the expert's worlds are {options.worlds}", flush=True)
    return duplicate.main(rest)


if __name__ == "__main__":
    sys.exit(main())
