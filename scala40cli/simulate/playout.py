"""A hand played on to its end in one sampled world, from one decision of one seat.

The expert weighs a decision by what follows it: in a
:class:`~scala40cli.simulate.sampling.World` (every hidden card placed), the decision is
carried out and the hand is played on to its end by the playout's seats, each seeing
only its own :class:`~scala40cli.simulate.view.PlayerView` of that world, as at the
real table. A :class:`Playout` is a :class:`~scala40cli.simulate.engine.HandEngine`
set up from the seat's view and the world rather than dealt, so every move of a
playout, the decision's included, is carried out and checked by the judging core's
``verify_*`` functions exactly as in a real hand.

A decision is one of three: whether to take the discard (:class:`TakeChoice`), the
plays and discard of the turn once drawn (:class:`PlanChoice`), whether to buy the
discard out of turn (:class:`BuyChoice`). :func:`play_out` returns the hand's
penalties, or, for a playout cut short after ``horizon`` turns, the estimate of its end
from every hand as it then is (:mod:`~scala40cli.simulate.evaluation`). Each player
draws from a queue of its own (see :class:`Playout`), so that candidates that change
who takes the discard do not change every later draw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import void_after_draw
from scala40cli.model.cards import Card
from scala40cli.model.results import Closing
from scala40cli.simulate.board import turn_of
from scala40cli.simulate.engine import MAX_TURNS, HandEngine, SimulationStuck
from scala40cli.simulate.evaluation import hand_numbers, pair_value
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.sampling import World
from scala40cli.simulate.seats import Seat
from scala40cli.simulate.view import PlayerView


@dataclass(frozen=True, slots=True)
class TakeChoice:
    """At the start of a turn: take the top of the discard pile (or draw)."""

    take: bool


@dataclass(frozen=True, slots=True)
class PlanChoice:
    """Once drawn or taken: the plays of the turn and its discard."""

    plan: TurnPlan


@dataclass(frozen=True, slots=True)
class BuyChoice:
    """Offered the discard out of turn (compra): buy it (or let it go)."""

    buy: bool


Choice = TakeChoice | PlanChoice | BuyChoice


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """How a played-out hand ended: every player's penalty (none when it was void), or,
    for a playout cut short, ``estimate``: what the seat's side may expect of its end
    (:mod:`~scala40cli.simulate.evaluation`)."""

    penalties: Mapping[str, int]
    closer: str | None
    estimate: float | None = None
    #: The turns the playout played (what it cost).
    turns: int = 0


#: What an estimate of the hand costs, counted in turns played.
ESTIMATE_TURNS = 1


class _Pinned:
    """A seat whose first answer to "take the discard?" is given, the rest its own."""

    def __init__(self, seat: Seat, take: bool) -> None:
        self.seat = seat
        self.take: bool | None = take

    def wants_take(self, view: PlayerView) -> bool:
        if self.take is None:
            return self.seat.wants_take(view)
        take, self.take = self.take, None
        return take

    def play(self, view: PlayerView) -> TurnPlan:
        return self.seat.play(view)

    def wants_buy(self, view: PlayerView) -> bool:
        return self.seat.wants_buy(view)


def teams_of(view: PlayerView) -> dict[str, frozenset[str]]:
    """Every player's partners, from the seat's own (``teams=pairs``: two pairs)."""
    if not view.partners:
        return {}
    mine = frozenset({view.me, *view.partners})
    theirs = frozenset(p for p in view.order if p not in mine)
    return {p: (mine if p in mine else theirs) - {p} for p in view.order}


class Playout(HandEngine):
    """A hand set up from a seat's view and one world, played on (see the module
    docstring). ``seats``: who plays each player of the hand in the playout.

    The stock is dealt out in advance, one queue a player, in the order the players
    will draw if nobody takes the discard: a player draws the next card of its own
    queue. A world's stock is in random order, so this deals the same cards as
    drawing from the top; but when one candidate makes a player take the discard and
    another does not, every other draw of the hand stays the same under both, and the
    candidates are told apart by what they change, not by a new order of the draws.
    """

    queues: dict[str, list[Card]]
    #: The turn after which the playout stops, the hand not over (None: to its end).
    last_turn: int | None = None

    @classmethod
    def of(cls, view: PlayerView, world: World, seats: dict[str, Seat],
           rng: random.Random, *, queued: bool = True) -> Playout:
        engine = cls(number=view.hand_number, dealer=view.dealer, order=view.order,
                     seats=view.players, rules=view.rules, rng=rng, bots=seats,
                     totals=dict(view.totals), partners=teams_of(view), events=[])
        engine.hands = {p: Counter(world.hands[p]) for p in view.order}
        engine.stock = list(world.stock)
        engine.pile = list(view.discard_pile)
        engine.table = list(view.table)
        engine.owners = list(view.owners)
        engine.opened = set(view.opened)
        engine.played = set(view.played)
        engine.taken = {p: list(view.taken.get(p, ())) for p in view.order}
        engine.discarded = {p: list(view.discarded.get(p, ())) for p in view.order}
        engine.reshuffles = view.reshuffles
        engine.turns = view.turns
        engine.drawn = view.drawn
        if view.drawn is not None:
            engine.void_after_turn = void_after_draw(
                stock_left=len(engine.stock), reshuffles=view.reshuffles, rules=view.rules)
        engine.queues = engine._queues(view) if queued else {}
        return engine

    def _queues(self, view: PlayerView) -> dict[str, list[Card]]:
        """The stock dealt out from its top, one card a player in turn, from the next
        player to draw (the seat itself when it has not drawn yet)."""
        drawn = view.drawn is not None or view.taken_now is not None or view.buying
        start = self.order.index(self.next_after(view.me) if drawn else view.me)
        turn = self.order[start:] + self.order[:start]
        queues: dict[str, list[Card]] = {p: [] for p in self.order}
        for n, c in enumerate(reversed(self.stock)):
            queues[turn[n % len(turn)]].append(c)
        for queue in queues.values():
            queue.reverse()  # the next card last, as in the stock
        return queues

    def _draw(self, turn: Turn) -> None:
        """The player's next card is put on top of the stock first (see the class
        docstring); a player whose queue ran out draws the top card."""
        queue = self.queues.get(turn.player)
        while queue and self.stock:
            c = queue.pop()
            if c in self.stock:
                self.stock.remove(c)
                self.stock.append(c)
                break
        super()._draw(turn)

    def _reshuffle(self) -> None:
        super()._reshuffle()
        self.queues = {}

    def estimate(self, me: str) -> float:
        """What ``me``'s side may expect of the hand's end, from every hand as it is
        (:mod:`~scala40cli.simulate.evaluation`): the mean over the other side."""
        partners = self.partners.get(me, frozenset())
        numbers = {p: hand_numbers(self.hands[p], opened=p in self.opened, table=self.table,
                                   pile=self.pile, rules=self.rules) for p in self.order}
        following = self.player_of_turn(self.turns + 1)
        others = [p for p in self.order if p != me and p not in partners]
        if not others:
            return 0.0
        return sum(pair_value(numbers[me], numbers[p], moves_next=following == me,
                              stock=len(self.stock)) for p in others) / len(others)

    def player_of_turn(self, turns: int) -> str:
        """Who plays the hand's turn number ``turns`` (each turn passes to the next)."""
        first = self.order.index(self.first_player())
        return self.order[(first + turns - 1) % len(self.order)]

    def outcome(self, start: int) -> Outcome:
        """How the hand ended, the playout having begun after turn ``start``."""
        return Outcome(penalties=dict(self.penalties), closer=self.closer,
                       turns=self.turns - start)

    def on_from(self, current: str, *, started: bool = False) -> None:
        """Play on from ``current``'s turn (``started``: its turn is counted) to the
        end of the hand."""
        while True:
            if not started:
                self.turns += 1
            started = False
            if self.turns > MAX_TURNS:
                raise SimulationStuck(f"a playout lasted {MAX_TURNS} turns")
            self.play_turn(current)
            if self.closing is not Closing.UNFINISHED:
                return
            self.offer_buy(current)
            current = self.next_after(current)
            if self.last_turn is not None and self.turns >= self.last_turn:
                return

    def after_plan(self, view: PlayerView, plan: TurnPlan) -> None:
        """Carry out the seat's plan of the turn it has drawn for, then play on."""
        turn = turn_of(view)
        self._apply_plan(turn, plan)
        self.played.add(view.me)
        if self.closing is not Closing.UNFINISHED:
            return
        self.offer_buy(view.me)
        self.on_from(self.next_after(view.me))

    def after_offer(self, view: PlayerView, buy: bool) -> None:
        """The seat buys the discard it is offered, or lets the next buyers have their
        say; then the turn passes on as it would have."""
        discarder = self.player_of_turn(view.turns)
        following = self.next_after(discarder)
        buyers = self.buyers(discarder)
        later = buyers[buyers.index(view.me) + 1:] if view.me in buyers else []
        if buy:
            self._buy(view.me, self._new_turn(view.me), discarder, following)
        else:
            self.offer_buy(discarder, later)
        self.on_from(following)


def play_out(view: PlayerView, world: World, choice: Choice,
             policy: Callable[[str], Seat], rng: random.Random, *,
             queued: bool = True, horizon: int | None = None) -> Outcome:
    """The end of the hand after ``choice`` in ``world``, the hand played on by the
    seats ``policy`` gives each player (a void hand, or one stuck, pays nothing);
    ``queued``: each player draws from its own queue (see :class:`Playout`), else from
    the top of the stock; ``horizon``: the turns played after the seat's, at most,
    before the hand is estimated rather than played to its end."""
    seats = {p: policy(p) for p in view.order}
    if isinstance(choice, TakeChoice):
        seats[view.me] = _Pinned(seats[view.me], choice.take)
    engine = Playout.of(view, world, seats, rng, queued=queued)
    if horizon is not None:
        engine.last_turn = view.turns + horizon
    try:
        if isinstance(choice, TakeChoice):
            engine.on_from(view.me, started=True)
        elif isinstance(choice, PlanChoice):
            engine.after_plan(view, choice.plan)
        else:
            engine.after_offer(view, choice.buy)
    except SimulationStuck:
        return Outcome(penalties={p: 0 for p in view.order}, closer=None,
                       turns=engine.turns - view.turns)
    if engine.closing is Closing.UNFINISHED:
        return Outcome(penalties={}, closer=None, estimate=engine.estimate(view.me),
                       turns=engine.turns - view.turns + ESTIMATE_TURNS)
    return engine.outcome(view.turns)


__all__ = ["BuyChoice", "Choice", "Outcome", "PlanChoice", "Playout", "TakeChoice",
           "play_out", "teams_of"]
