"""The computer players and their three levels of rules of thumb, from the game
against the computer (the fourth, ``expert``, searches over the hard level's plays:
:mod:`~scala40cli.simulate.expert`; :mod:`~scala40cli.simulate.levels` makes any).

- **easy** never takes the discard and discards somewhat at random (any card that is
  not part of a ready meld);
- **normal** takes the discard (or buys it, with compra) when it completes a
  combination, and keeps the cards that are close to one: it discards the cards that go
  with nothing first, the costliest first;
- **hard** also takes the discard to attach it to the table or to give it for a table
  joker, and takes table jokers back; it never discards a card that fits a table meld
  while it has another choice; it looks one draw ahead: it keeps the hand that the most
  unseen cards would let it lay from next turn (:mod:`~scala40cli.simulate.outlook`:
  before opening, the outs that bring the most points toward the opening), counts the
  cards still unseen when it weighs a pair or a run in the making, dumps its high cards
  first when an opponent is about to close, watches what opponents take from the
  discard pile, and reads what the next player threw away so as not to throw them the
  card they wait for (:mod:`~scala40cli.simulate.feeding`).

Every level opens as soon as a real search over its hand finds melds worth the
opening, lays down everything it can once opened, and closes when it can. A bot sees
only its :class:`~scala40cli.simulate.view.PlayerView`: the hard bot's unseen cards are
the deck less its hand, the table and the discard pile. What is legal is never a bot's
call: the :mod:`~scala40cli.simulate.planner` tries every play on a
:class:`~scala40cli.simulate.board.Board`, which asks the judging core's ``verify_*``
functions, and so do the questions a bot asks before its turn (may it take or buy).

What the hard bot's additions of issue 28 are worth, measured against normal over the
same 1,000 two-player matches (bench/strength.py, 62% before them): taking the discard
to swap a table joker, about 3 matches in a hundred; the outs of the next draw, 2;
dumping high cards harder under threat, 2; weighing the outs by their points before
opening, 1 (each within the noise alone, all together 70.8% over 2,000). Reading the
next player's discards before feeding them, 1 to 2 more (on four sets of 2,000
matches, 69.0, 70.1, 69.0 and 70.8% before it, 71.1, 71.6, 71.1 and 70.1% after). Tried and
dropped: keeping new melds in hand once opened (4 worse: the penalty risked outweighs
the attach spots denied), the chance to open on the next draw by a full search (no
better, ten times slower), the same guard against feeding the next player without
reading their discards (no better, worse when heavy), weighing meld outs above table
outs (no different), the chance to close on the next draw (no better, five times
slower), keeping high cards before opening where an unopened hand pays a flat penalty,
and trusting that the next player does not want the cards they let pass (both within
the noise).
"""

from __future__ import annotations

import dataclasses
import random
from enum import StrEnum

from mypy_extensions import mypyc_attr

from scala40cli.judging.scores.scoring import pays_flat_penalty
from scala40cli.judging.tabletop.melds import joker_stands_for
from scala40cli.model.cards import JOKER, Card
from scala40cli.simulate.board import Board, jokers_in_melds, take_allowed, taken_card_may_stay
from scala40cli.simulate.discarding import DiscardReading, meld_cards
from scala40cli.simulate.fitting import fits_table, table_fitting
from scala40cli.simulate.pairs import close
from scala40cli.simulate.planner import (
    TURN_NODES,
    Chooser,
    Style,
    ace_points,
    forced_plan,
    min_left,
    plan_turn,
)
from scala40cli.simulate.plays import MeldPlay, TurnPlan
from scala40cli.simulate.search import (
    INDEX_OF,
    NodeBudget,
    best_packing,
    candidates,
    counts_of,
    penalty_of,
    sort_key,
)
from scala40cli.simulate.view import PlayerView


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    #: Searches (:mod:`~scala40cli.simulate.expert`), over the hard level's own plays.
    EXPERT = "expert"


#: An opponent with this many cards or fewer is about to close.
THREAT_CARDS = 4
#: What a point of penalty weighs against keeping a card when an opponent is about to
#: close (:data:`CALM_DUMP` otherwise): enough to outweigh the outs of any card but a
#: joker's, for the hand the opponent's closing would charge is what counts then
#: (measured: 3, the old weight, loses two matches in a hundred against normal to 15
#: or 30).
THREAT_DUMP = 15.0
#: What a point of penalty weighs against keeping a card otherwise.
CALM_DUMP = 0.4
#: What one out (an unseen copy of a card the hand could lay next turn) is worth to the
#: hard bot's discard, against its card-by-card weights (a pair waiting for a third is
#: worth some 4 + 5 an out): measured, 3 to 20 play alike, better than none.
OUTS_WEIGHT = 10.0
#: What one meld a discard would complete in the next player's hand weighs against
#: keeping the card (:mod:`~scala40cli.simulate.feeding`; measured: 20 to 150 play
#: alike, 400 much worse).
FEED_WEIGHT = 60.0


@mypyc_attr(allow_interpreted_subclasses=True)  # the levels and tests subclass it
class Bot:
    """A computer player of one level. ``rng`` drives its random choices only."""

    def __init__(self, level: Level | str, rng: random.Random) -> None:
        self.level = Level(level)
        self.rng = rng
        #: The hard level's play (the expert's moves are searched from it).
        self.plays_hard = self.level in (Level.HARD, Level.EXPERT)
        self.style = Style(swaps=self.plays_hard)

    def __repr__(self) -> str:
        return f"Bot({self.level.value})"

    # --- the draw -------------------------------------------------------------------------

    def wants_take(self, view: PlayerView) -> bool:
        """Take the top of the discard pile (True) or draw from the stock (False)?"""
        if self.level is Level.EASY or not take_allowed(view):
            return False
        top = view.top
        assert top is not None
        taking = dataclasses.replace(view, hand=(*view.hand, top), taken_now=top,
                                     discard_pile=view.discard_pile[:-1])
        if not self._could_use(taking, top):
            return False
        planned = self._plan(taking)
        if planned is None or planned[0].forced:
            return False
        plan, board = planned
        if not view.opened_before:
            return board.opening_now and board.opening_cards[top] > 0
        if board.laid[top] == 0:
            return False
        if board.required_use == "meld" or _laid_in_meld(plan, top):
            return True
        return self.plays_hard

    def _could_use(self, view: PlayerView, top: Card) -> bool:
        """A quick look before planning a whole turn: could the card reach the table?"""
        rules = view.rules
        counts = counts_of(view.hand)
        if not view.opened_before:
            jokers_ok = jokers_in_melds(False, rules)
            return best_packing(counts, jokers_ok=jokers_ok, run_max=rules.run_max,
                                threshold=rules.opening_points, must=INDEX_OF[top],
                                min_left=min_left(view), ace_points=ace_points(rules),
                                max_nodes=TURN_NODES) is not None
        if self.plays_hard and fits_table(view.table, top, rules):
            return True
        if self.plays_hard and any(top in joker_stands_for(meld, rules)
                                            for meld in view.table):
            return True
        wanted = INDEX_OF[top]
        return any(cand.joker if top.is_joker else wanted in cand.naturals
                   for cand in candidates(counts, jokers_ok=True, run_max=rules.run_max))

    # --- the turn -------------------------------------------------------------------------

    def play(self, view: PlayerView) -> TurnPlan:
        """The plays and the discard of the turn, once the card is drawn or taken."""
        planned = self._plan(view)
        if planned is not None:
            return planned[0]
        return forced_plan(view, self._chooser(view))

    def _plan(self, view: PlayerView) -> tuple[TurnPlan, Board] | None:
        """A card taken (or bought) is taken to be used: before opening inside the
        opening melds, after opening on the table; failing that, kept in hand where the
        judge allows it."""
        taken = view.taken_now
        required = open_with = None
        if taken is not None:
            if not view.opened_before:
                open_with = taken
            else:
                required = taken
        budget = NodeBudget(TURN_NODES)
        planned = plan_turn(view, self.style, self._chooser(view), required=required,
                            open_with=open_with, budget=budget)
        if planned is None and required is not None and taken_card_may_stay(view):
            planned = plan_turn(view, self.style, self._chooser(view), budget=budget)
        return planned

    # --- buying (compra) ------------------------------------------------------------------

    def wants_buy(self, view: PlayerView) -> bool:
        """Buy the top of the discard pile out of turn? Only to lay it in a new meld with
        cards of the hand (the extra card makes any other buy a loss)."""
        if self.level is Level.EASY:
            return False
        top = view.top
        if top is None or not take_allowed(dataclasses.replace(view, buying=True)):
            return False
        buying = dataclasses.replace(view, hand=(*view.hand, top), taken_now=top,
                                     discard_pile=view.discard_pile[:-1], buying=True)
        planned = self._plan(buying)
        if planned is None:
            return False
        plan, board = planned
        if not view.opened_before:
            return board.opening_now and board.opening_cards[top] > 0
        return _laid_in_meld(plan, top)

    # --- the discard ----------------------------------------------------------------------

    def choose_discard(self, board: Board, legal: list[Card]) -> Card:
        """The discard among the ``legal`` ones, once the plays of the turn are on
        ``board`` (the level's own judgement)."""
        return self._chooser(board.view)(board, legal)

    def _chooser(self, view: PlayerView) -> Chooser:
        if self.level is Level.EASY:
            return self._choose_easy
        if self.level is Level.NORMAL:
            return self._choose_normal
        return self._choose_hard

    def _choose_easy(self, board: Board, legal: list[Card]) -> Card:
        kept = meld_cards(board)
        loose = [c for c in legal if kept[c] < board.hand[c]]
        return self.rng.choice(loose or legal)

    def _choose_normal(self, board: Board, legal: list[Card]) -> Card:
        kept = meld_cards(board)
        hand = board.hand
        aces = ace_points(board.rules)

        def keep(c: Card) -> float:
            if kept[c] >= hand[c]:
                return 1000.0
            if c.is_joker:
                return _joker_keep(board, 500.0)
            near = sum(1 for d in hand if d is not c and not d.is_joker and close(c, d))
            return 20.0 * near - 0.5 * penalty_of(INDEX_OF[c], aces)

        return min(legal, key=lambda c: (keep(c), sort_key(c)))

    def _choose_hard(self, board: Board, legal: list[Card]) -> Card:
        fits_now = table_fitting(board.table, board.rules)
        options = [c for c in legal if c not in fits_now] or legal
        reading = DiscardReading(board, options, fits_now=fits_now)
        threat = _threat(board.view)
        dump, feed = self._weights(board.view, threat)

        def keep(c: Card) -> float:
            if reading.in_meld(c):
                return 1000.0
            if c.is_joker:
                return _joker_keep(board, 20.0 if threat else 60.0)
            return (reading.pairs(c) - dump * reading.penalty(c) + 12.0 * reading.wanted(c)
                    + feed * reading.fed(c))

        loose = reading.loose
        if len(loose) < 2:
            return min(options, key=lambda c: (keep(c), sort_key(c)))

        def weigh(c: Card) -> float:
            """The card's own weight, less what the hand keeps of its outs without it."""
            return keep(c) - OUTS_WEIGHT * reading.outs(c)

        return min(loose, key=lambda c: (weigh(c), sort_key(c)))

    def _weights(self, view: PlayerView, threat: bool) -> tuple[float, float]:
        """What a point of penalty and a meld fed to the next player weigh (see above)."""
        return THREAT_DUMP if threat else CALM_DUMP, FEED_WEIGHT


# --- what the hard bot weighs -------------------------------------------------------------


def _joker_keep(board: Board, value: float) -> float:
    """A joker is worth keeping, but not as one of the last cards when it fits nowhere
    on the table: it can no longer help to close and costs 25."""
    if board.size() <= 3 and not fits_table(board.table, JOKER, board.rules):
        return -25.0
    return value


def _laid_in_meld(plan: TurnPlan, c: Card) -> bool:
    return any(isinstance(p, MeldPlay) and any(tc.card is c for tc in p.cards)
               for p in plan.plays)


def _threat(view: PlayerView) -> bool:
    """An opponent is about to close: few cards left, and opened (or able to open)."""
    if pays_flat_penalty(opened=view.opened_before, rules=view.rules):
        return False
    return any(view.hand_sizes.get(p, 13) <= THREAT_CARDS and p in view.opened
               for p in view.opponents())


__all__ = ["THREAT_CARDS", "Bot", "Level"]
