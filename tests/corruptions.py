"""Seeded one-event corruptions of legal matches, each knowing where it must be reported.

The acceptance criterion of the referee (``docs/decisions.md``, "Where each problem
is reported"): a legal match with one event corrupted is flagged on the line the table
gives, and nothing earlier. This module makes such corrupted matches from legal
matches and says, for each, which code must be the first problem and on which line.
The legal matches (:class:`Source`) are the files of ``fixtures/legal`` and classic
matches simulated from fixed seeds (:data:`SIMULATED`: 2 to 6 players, the bot levels
mixed), made again at every run by :mod:`scala40cli.simulate`.

How a corruption is sure to break a rule, without asking the referee:

- :class:`Walk` replays a legal game with its own, independent bookkeeping (hands,
  stock, discard pile, table melds, who has opened, the turns) and checks on the way
  that the game really is legal as it reads it (a card played is in the hand, a draw
  is the stock's top, a take the pile's top), so its picture of every position can be
  trusted.
- Every mutator picks its new value from that picture so that the rule is broken by
  construction: a card with no copy in the hand, a card with no copy left in the stock,
  a card of another suit than the run (another rank than the set) it is attached to, a
  meld number past the table, melds worth less than 40 by the opening count of the
  rules... A candidate that would not break the rule is never made (that is how a
  "still legal" corruption is skipped: it is filtered before it exists, never by the
  referee's verdict).
- A corruption that would also break a rule reported on an *earlier* line is left out
  too, because the criterion would then be ambiguous: above all, a change that takes
  the card taken from the discard pile off the table of that turn (that is reported at
  the ``take`` line, before the changed event).

Text is edited (one line replaced, a line commented out, or one line inserted), then
the whole file is parsed and replayed again, as a user's edited log would be.

``PYTHONPATH=. python tests/corruptions.py`` prints the detection rate by kind, on the
fixtures, on the simulated matches and overall, and every miss; ``--simulated 60`` corrupts
60 simulated matches instead of the tests' own, ``--per-game 0`` keeps every candidate,
``--jobs 2`` judges in two processes. It exits 1 on a miss or a match the walk rejects.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from scala40cli.judging.match.referee import replay
from scala40cli.model.card_counts import full_deck
from scala40cli.model.cards import JOKER, NATURAL_CARDS, Card, Rank, Suit, card
from scala40cli.model.results import Problem
from scala40cli.reading.event_base import replace
from scala40cli.reading.events import (
    Attach,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    GameLog,
    HandStart,
    Meld,
    PlayerEvent,
    Reshuffle,
    Score,
    Stock,
    Swap,
    TableCard,
    Tag,
    Take,
    Upcard,
)
from scala40cli.reading.parser import parse_text
from scala40cli.simulate import Level, game_text, make_setup, simulate_game

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "legal"
ALL_CARDS: tuple[Card, ...] = (*NATURAL_CARDS, JOKER)
OPENING_POINTS = 40  # classic: every legal fixture plays the classic preset
HIGH_ACE = 14

# --- an independent picture of the table --------------------------------------------


def _position(c: Card, *, high: bool) -> int:
    assert c.rank is not None
    if c.rank is Rank.ACE:
        return HIGH_ACE if high else 1
    return int(c.rank)


def _points(position: int) -> int:
    """Opening value of a run position or set rank: ace 1 low / 11 high, J Q K 10."""
    if position == HIGH_ACE:
        return 11
    return 10 if position >= 11 else position


@dataclass
class TableMeld:
    """A meld on the table as this module understands it (not the referee's class)."""

    kind: str  # "run" or "set"
    owner: str
    suit: Suit | None = None  # runs
    positions: list[int] = field(default_factory=list)  # runs
    rank: Rank | None = None  # sets
    suits: list[Suit] = field(default_factory=list)  # sets: the natural cards' suits
    size: int = 0
    jokers: int = 0

    @classmethod
    def of(cls, cards: tuple[TableCard, ...], owner: str) -> TableMeld:
        naturals = [tc.card for tc in cards if not tc.card.is_joker]
        jokers = len(cards) - len(naturals)
        if len({c.rank for c in naturals}) == 1:
            return cls(kind="set", owner=owner, rank=naturals[0].rank,
                       suits=[c.suit for c in naturals if c.suit is not None],
                       size=len(cards), jokers=jokers)
        first = next(i for i, tc in enumerate(cards) if not tc.card.is_joker)
        low = _position(cards[first].card, high=first > 0) - first
        return cls(kind="run", owner=owner, suit=naturals[0].suit,
                   positions=list(range(low, low + len(cards))), size=len(cards),
                   jokers=jokers)

    def clone(self) -> TableMeld:
        return dataclasses.replace(self, positions=list(self.positions), suits=list(self.suits))

    @property
    def low(self) -> int:
        return min(self.positions)

    @property
    def high(self) -> int:
        return max(self.positions)

    def value(self) -> int:
        """What the meld counts toward the opening (D6)."""
        if self.kind == "set":
            assert self.rank is not None
            return (11 if self.rank is Rank.ACE else _points(int(self.rank))) * self.size
        return sum(_points(p) for p in self.positions)

    def fits(self, c: Card) -> bool:
        """A natural card can be attached (surely valid; jokers are never offered)."""
        if c.is_joker:
            return False
        if self.kind == "set":
            return (c.rank == self.rank and self.size < 4 and c.suit not in self.suits)
        if c.suit != self.suit or self.size >= 13:
            return False
        if c.rank is Rank.ACE:
            return self.low == 2 or (self.high == 13 and self.low > 1)
        return _position(c, high=False) in (self.low - 1, self.high + 1)

    def never_fits(self, c: Card) -> bool:
        """A natural card that no attach or swap can put in this meld, whatever its shape."""
        if c.is_joker:
            return False
        return c.rank != self.rank if self.kind == "set" else c.suit != self.suit

    def attach(self, cards: tuple[TableCard, ...]) -> None:
        self.size += len(cards)
        if self.kind == "set":
            for tc in cards:
                if tc.card.is_joker:
                    self.jokers += 1
                elif tc.card.suit is not None:
                    self.suits.append(tc.card.suit)
            return
        low = self.low
        naturals = []
        for tc in cards:
            if not tc.card.is_joker:
                naturals.append(_position(tc.card, high=low != 2))
        taken = set(self.positions) | set(naturals)
        jokers = []
        for tc in cards:
            if tc.card.is_joker:
                self.jokers += 1
                if tc.stands_for is not None:
                    jokers.append(_position(tc.stands_for, high=min(taken) != 2))
        free = [p for p in range(min(taken), max(taken) + 1) if p not in taken]
        undeclared = sum(1 for tc in cards if tc.card.is_joker and tc.stands_for is None)
        for _ in range(undeclared):
            if free:
                jokers.append(free.pop(0))
            else:
                everything = set(self.positions) | set(naturals) | set(jokers)
                jokers.append(max(everything) + 1 if min(everything) == 1
                              or max(everything) < HIGH_ACE else min(everything) - 1)
        self.positions.extend(naturals + jokers)

    def swap(self, c: Card) -> None:
        self.jokers -= 1
        if self.kind == "set" and c.suit is not None:
            self.suits.append(c.suit)


@dataclass
class State:
    """The table before an event."""

    hands: dict[str, Counter[Card]] = field(default_factory=dict)
    stock: list[Card] = field(default_factory=list)  # top first
    stock_known: bool = False
    pile: list[Card] = field(default_factory=list)  # top last
    table: list[TableMeld] = field(default_factory=list)
    opened: set[str] = field(default_factory=set)
    playing: bool = False  # the deal is over

    def clone(self) -> State:
        return State(hands={p: Counter(h) for p, h in self.hands.items()},
                     stock=list(self.stock), stock_known=self.stock_known, playing=self.playing,
                     pile=list(self.pile), table=[m.clone() for m in self.table],
                     opened=set(self.opened))


@dataclass
class HandInfo:
    number: int
    start: HandStart
    dealer: Dealer | None = None
    deals: list[Deal] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    stock: Stock | None = None
    score: Score | None = None
    plays: list[int] = field(default_factory=list)  # step indices of turn events
    closing: int | None = None  # the step of the discard that emptied a hand


@dataclass
class TurnInfo:
    player: str
    opened_before: bool
    steps: list[int] = field(default_factory=list)
    take: Card | None = None
    laid: Counter[Card] = field(default_factory=Counter)  # meld, attach and swap cards
    meld_cards: Counter[Card] = field(default_factory=Counter)  # opening melds' cards
    melds: list[int] = field(default_factory=list)  # steps of the melds of this turn
    table_at_start: int = 0

    def keeps_take_rule(self, *, unlaid: Counter[Card] | None = None,
                        unmelded: Counter[Card] | None = None,
                        laid: Counter[Card] | None = None) -> bool:
        """After taking cards off the table of this turn (and laying others), the card
        taken from the pile still reaches the table as classic requires (D12,
        13): in an opening meld before opening, anywhere after."""
        if self.take is None:
            return True
        if not self.opened_before:
            left = self.meld_cards - (unmelded or Counter()) + (laid or Counter())
        else:
            left = self.laid - (unlaid or Counter()) + (laid or Counter())
        return left[self.take] > 0


@dataclass
class Step:
    index: int
    event: Event
    before: State
    hand: HandInfo
    turn: TurnInfo | None = None


class IllegalFixture(AssertionError):
    """The walk found the 'legal' game is not legal as this module reads it."""


def plays_classic(game: GameLog) -> bool:
    """The expectations assume the classic preset, unchanged (the generated fixtures)."""
    for event in game.events:
        if isinstance(event, Tag) and (event.name == "Rule" or (
                event.name == "Rules" and event.values != ("classic",))):
            return False
    return True


class Walk:
    """One legal game, replayed: the state before every event, the hands, the turns."""

    def __init__(self, source: str, game: GameLog) -> None:
        self.source = source
        self.game = game
        self.players: tuple[str, ...] = ()
        self.steps: list[Step] = []
        self.hands: list[HandInfo] = []
        self.turns: list[TurnInfo] = []
        state = State()
        hand: HandInfo | None = None
        turn: TurnInfo | None = None
        for event in game.events:
            if isinstance(event, Tag):
                if event.name == "Players":
                    self.players = event.values
                continue
            if isinstance(event, HandStart):
                hand = HandInfo(number=event.number, start=event)
                self.hands.append(hand)
                state, turn = State(), None
            if hand is None:
                raise IllegalFixture(f"{source}:{event.line}: an event before the first hand")
            self._start_play(event, state, hand)
            step = Step(index=len(self.steps), event=event, before=state.clone(), hand=hand)
            self.steps.append(step)
            if isinstance(event, Draw | Take):
                turn = TurnInfo(player=event.player, opened_before=event.player in state.opened,
                                table_at_start=len(state.table))
                self.turns.append(turn)
            if isinstance(event, PlayerEvent):
                if turn is None or turn.player != event.player:
                    raise IllegalFixture(f"{source}:{event.line}: not {event.player}'s turn")
                step.turn = turn
                turn.steps.append(step.index)
                hand.plays.append(step.index)
            self._apply(step, state, hand, turn)
            if isinstance(event, Discard):
                turn = None

    def _fail(self, event: Event, why: str) -> IllegalFixture:
        return IllegalFixture(f"{self.source}:{event.line}: {why}")

    def _take_out(self, event: PlayerEvent, hand: Counter[Card], cards: list[Card]) -> None:
        for c in cards:
            if hand[c] <= 0:
                raise self._fail(event, f"{event.player} does not hold {c}")
            hand[c] -= 1

    @staticmethod
    def _start_play(event: Event, state: State, hand: HandInfo) -> None:
        """At the first play of a hand the deal is over: without a stock line the stock
        is the rest of the deck, order unknown. Done before the state of that first
        event is kept, so that the first draw sees the stock too."""
        if isinstance(event, PlayerEvent | Reshuffle) and not state.playing:
            state.playing = True
            if hand.stock is None:
                rest = full_deck() - Counter(c for d in hand.deals for c in d.cards)
                state.stock = sorted((rest - Counter(state.pile[:1])).elements(), key=str)

    def _apply(self, step: Step, state: State, hand: HandInfo, turn: TurnInfo | None) -> None:
        event = step.event
        if isinstance(event, Dealer):
            hand.dealer = event
        elif isinstance(event, Deal):
            hand.deals.append(event)
            state.hands[event.player] = Counter(event.cards)
            hand.players = [p for p in self.players if p in state.hands]
        elif isinstance(event, Upcard):
            state.pile = [event.card]
        elif isinstance(event, Stock):
            hand.stock = event
            state.stock, state.stock_known = list(event.cards), True
        elif isinstance(event, Reshuffle):
            if state.stock:
                raise self._fail(event, "reshuffle with cards in the stock")
            state.stock, state.stock_known = state.pile[:-1], False
            state.pile = state.pile[-1:]
        elif isinstance(event, Score):
            hand.score = event
        elif isinstance(event, PlayerEvent):
            assert turn is not None
            self._apply_play(event, state, hand, turn, step)

    def _apply_play(self, event: PlayerEvent, state: State, hand: HandInfo, turn: TurnInfo,
                    step: Step) -> None:
        held = state.hands[event.player]
        if isinstance(event, Draw):
            if state.stock_known and (not state.stock or state.stock[0] is not event.card):
                raise self._fail(event, "a draw that is not the stock's top")
            if event.card not in state.stock:
                raise self._fail(event, "a draw of a card not in the stock")
            state.stock.remove(event.card)
            held[event.card] += 1
        elif isinstance(event, Take):
            top = state.pile[-1] if state.pile else None
            if top is None or event.card not in (None, top):
                raise self._fail(event, "a take that is not the pile's top")
            state.pile.pop()
            held[top] += 1
            turn.take = top
        elif isinstance(event, Meld):
            cards = [tc.card for tc in event.cards]
            self._take_out(event, held, cards)
            state.table.append(TableMeld.of(event.cards, event.player))
            turn.laid.update(cards)
            if not turn.opened_before:
                turn.meld_cards.update(cards)
                turn.melds.append(step.index)
        elif isinstance(event, Attach):
            cards = [tc.card for tc in event.cards]
            self._take_out(event, held, cards)
            state.table[event.meld - 1].attach(event.cards)
            turn.laid.update(cards)
        elif isinstance(event, Swap):
            self._take_out(event, held, [event.card])
            held[JOKER] += 1
            state.table[event.meld - 1].swap(event.card)
            turn.laid[event.card] += 1
        elif isinstance(event, Discard):
            self._take_out(event, held, [event.card])
            state.pile.append(event.card)
            if turn.melds:
                state.opened.add(event.player)
            if held.total() == 0:
                hand.closing = step.index

    # --- handy views ------------------------------------------------------------------

    def after_draw(self, turn: TurnInfo) -> State:
        """The state right after the turn's draw or take."""
        return self.steps[turn.steps[1]].before

    def next_event(self, step: Step) -> Step | None:
        return self.steps[step.index + 1] if step.index + 1 < len(self.steps) else None


# --- edits and cases ------------------------------------------------------------------


@dataclass(frozen=True)
class Edit:
    """``replace`` line L by a text, ``remove`` it (comment it out, so the line numbers
    stay), or ``insert`` a new line that becomes line L (the rest moves down)."""

    op: str
    line: int
    text: str = ""


@dataclass(frozen=True)
class Case:
    kind: str
    source: str  # the name of the legal match's source (see :class:`Source`)
    game: int
    line: int  # the original line that is corrupted (or where a line is inserted)
    description: str
    edits: tuple[Edit, ...]
    code: str  # the code the first problem must carry
    expected_line: int  # in the corrupted text

    @property
    def id(self) -> str:
        return f"{self.kind}-{self.source}-L{self.line}"

    def text(self, lines: Sequence[str]) -> str:
        out = list(lines)
        for edit in self.edits:
            if edit.op == "replace":
                out[edit.line - 1] = edit.text
            elif edit.op == "remove":
                out[edit.line - 1] = f"; corrupted, removed: {out[edit.line - 1]}"
        inserts = sorted((e for e in self.edits if e.op == "insert"), key=lambda e: -e.line)
        for edit in inserts:
            out.insert(edit.line - 1, edit.text)
        return "\n".join(out) + "\n"


def shifted(line: int, edits: list[Edit]) -> int:
    """Where an original line ends up once the edits' insertions are made."""
    return line + sum(1 for e in edits if e.op == "insert" and e.line <= line)


def render(event: Event) -> str:
    """The canonical text of an event line."""
    def tcs(cards: tuple[TableCard, ...]) -> str:
        return " ".join(tc.code for tc in cards)

    match event:
        case Draw():
            return f"{event.player} draw {event.card.code}"
        case Take():
            return f"{event.player} take" + ("" if event.card is None else f" {event.card.code}")
        case Meld():
            return f"{event.player} meld {tcs(event.cards)}"
        case Attach():
            return f"{event.player} attach {tcs(event.cards)} to {event.meld}"
        case Swap():
            return f"{event.player} swap {event.card.code} in {event.meld}"
        case Discard():
            return f"{event.player} discard {event.card.code}"
        case Reshuffle():
            return "reshuffle"
        case Score():
            return "score " + " ".join(f"{name} {value}" for name, value in event.entries)
        case HandStart():
            return f"hand {event.number}"
        case Dealer():
            return f"dealer {event.player}"
        case Deal():
            return f"deal {event.player} " + " ".join(c.code for c in event.cards)
        case Upcard():
            return f"upcard {event.card.code}"
        case Stock():
            return "stock " + " ".join(c.code for c in event.cards)
    raise TypeError(event)


def _codes(cards: Counter[Card] | list[Card]) -> str:
    items = cards.elements() if isinstance(cards, Counter) else cards
    return " ".join(c.code for c in items)


Mutator = Callable[[Walk, random.Random], Iterator[Case]]
MUTATORS: dict[str, Mutator] = {}


def mutator(kind: str) -> Callable[[Mutator], Mutator]:
    def register(function: Mutator) -> Mutator:
        MUTATORS[kind] = function
        return function
    return register


class Maker:
    """Builds the cases of one kind for one game."""

    def __init__(self, walk: Walk, kind: str, code: str) -> None:
        self.walk, self.kind, self.code = walk, kind, code

    def replace(self, event: Event, new: Event, description: str,
                expected: Event | None = None, code: str | None = None) -> Case:
        """Replace one event; the first problem on ``expected`` (default: that line)."""
        edits = [Edit("replace", event.line, render(new))]
        return self.case(event.line, description, edits, (expected or event).line, code)

    def case(self, line: int, description: str, edits: list[Edit], expected_original: int,
             code: str | None = None, *, inserted: bool = False) -> Case:
        expected = expected_original if inserted else shifted(expected_original, edits)
        return Case(kind=self.kind, source=self.walk.source, game=self.walk.game.index,
                    line=line, description=description, edits=tuple(edits),
                    code=code or self.code, expected_line=expected)


def _player_events(walk: Walk, kinds: tuple[type, ...]) -> Iterator[Step]:
    for step in walk.steps:
        if isinstance(step.event, kinds):
            yield step


def _not_held(hand: Counter[Card], rng: random.Random, *, jokers: bool = True) -> Card:
    choices = [c for c in ALL_CARDS if hand[c] == 0 and (jokers or not c.is_joker)]
    return rng.choice(choices)


# --- turn order and phases (T) ---------------------------------------------------------


@mutator("wrong_player_turn_start")
def _wrong_player_turn_start(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "wrong_player_turn_start", "T001")
    for turn in walk.turns:
        step = walk.steps[turn.steps[0]]
        event = step.event
        assert isinstance(event, Draw | Take)
        other = rng.choice([p for p in step.hand.players if p != turn.player])
        yield make.replace(event, replace(event, player=other),
                           f"the {event.verb} of {turn.player} made by {other}")


@mutator("wrong_player_mid_turn")
def _wrong_player_mid_turn(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "wrong_player_mid_turn", "T001")
    for turn in walk.turns:
        for index in turn.steps[1:]:
            step = walk.steps[index]
            event = step.event
            assert isinstance(event, PlayerEvent)
            other = rng.choice([p for p in step.hand.players if p != turn.player])
            yield make.replace(event, replace(event, player=other),
                               f"the {event.verb} of {turn.player} made by {other}")


@mutator("unknown_player_event")
def _unknown_player_event(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "unknown_player_event", "G003")
    for step in _player_events(walk, (PlayerEvent,)):
        event = step.event
        assert isinstance(event, PlayerEvent)
        name = event.player[:-1]
        yield make.replace(event, replace(event, player=name), f"the {event.verb} of "
                           f"{event.player} written for {name} (no such player)")


@mutator("draw_removed")
def _draw_removed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "draw_removed", "T002")
    for turn in walk.turns:
        first, play = walk.steps[turn.steps[0]].event, walk.steps[turn.steps[1]].event
        yield make.case(first.line, f"removed `{render(first)}`; first play `{render(play)}`",
                        [Edit("remove", first.line)], play.line)


@mutator("draw_duplicated")
def _draw_duplicated(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "draw_duplicated", "T003")
    for turn in walk.turns:
        first = walk.steps[turn.steps[0]].event
        stock = walk.after_draw(turn)
        if not stock.stock:
            continue
        drawn = stock.stock[0] if stock.stock_known else rng.choice(stock.stock)
        text = f"{turn.player} draw {drawn.code}"
        yield make.case(first.line + 1, f"a second draw `{text}` after `{render(first)}`",
                        [Edit("insert", first.line + 1, text)], first.line + 1, inserted=True)


@mutator("discard_removed")
def _discard_removed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "discard_removed", "T001")
    for turn in walk.turns:
        step = walk.steps[turn.steps[-1]]
        if not isinstance(step.event, Discard) or step.hand.closing == step.index:
            continue
        after = walk.next_event(step)
        while after is not None and isinstance(after.event, Reshuffle):
            after = walk.next_event(after)
        if (after is None or after.hand is not step.hand
                or not isinstance(after.event, PlayerEvent)
                or after.event.player == turn.player):
            continue
        yield make.case(step.event.line,
                        f"removed `{render(step.event)}`; next `{render(after.event)}`",
                        [Edit("remove", step.event.line)], after.event.line)


@mutator("event_after_hand_end")
def _event_after_hand_end(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "event_after_hand_end", "T005")
    for hand in walk.hands:
        if not hand.plays:
            continue
        last = walk.steps[hand.plays[-1]]
        assert isinstance(last.event, PlayerEvent)
        players = hand.players
        following = players[(players.index(last.event.player) + 1) % len(players)]
        state = walk.steps[last.index].before
        drawn = (state.stock[0] if state.stock_known and state.stock
                 else rng.choice(NATURAL_CARDS))
        text = f"{following} draw {drawn.code}"
        line = last.event.line + 1
        yield make.case(line, f"`{text}` after the hand ended with `{render(last.event)}`",
                        [Edit("insert", line, text)], line, inserted=True)


# --- cards not in hand (T004) ----------------------------------------------------------


@mutator("discard_not_in_hand")
def _discard_not_in_hand(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "discard_not_in_hand", "T004")
    for step in _player_events(walk, (Discard,)):
        event = step.event
        assert isinstance(event, Discard)
        new = _not_held(step.before.hands[event.player], rng)
        yield make.replace(event, replace(event, card=new),
                           f"discard {new} (not held) instead of {event.card}")


@mutator("meld_not_in_hand")
def _meld_not_in_hand(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """A card of a meld swapped for one the player lacks, the meld staying valid: a set
    card for the same rank in a suit not in the set, or a run card for a joker."""
    make = Maker(walk, "meld_not_in_hand", "T004")
    for step in _player_events(walk, (Meld,)):
        event, turn = step.event, step.turn
        assert isinstance(event, Meld) and turn is not None
        held = step.before.hands[event.player]
        shape = TableMeld.of(event.cards, event.player)
        options: list[tuple[int, TableCard]] = []
        for i, tc in enumerate(event.cards):
            if tc.card.is_joker:
                continue
            if shape.kind == "set":
                declared = {t.stands_for.suit for t in event.cards if t.stands_for is not None}
                for suit in Suit:
                    other = card(tc.card.rank, suit)  # type: ignore[arg-type]
                    if suit not in shape.suits and suit not in declared and held[other] == 0:
                        options.append((i, TableCard(other)))
            elif shape.jokers == 0 and held[JOKER] == 0:
                options.append((i, TableCard(JOKER)))
        options = [(i, tc) for i, tc in options
                   if turn.keeps_take_rule(unlaid=Counter([event.cards[i].card]),
                                           unmelded=Counter([event.cards[i].card]))]
        if not options:
            continue
        i, new = rng.choice(options)
        cards = (*event.cards[:i], new, *event.cards[i + 1:])
        yield make.replace(event, replace(event, cards=cards),
                           f"meld with {new.code} (not held) for {event.cards[i].code}")


@mutator("attach_not_in_hand")
def _attach_not_in_hand(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """A card of an attach swapped for one the player lacks that fits as well: a set
    card for a missing suit, or any natural for a joker declared as that card."""
    make = Maker(walk, "attach_not_in_hand", "T004")
    for step in _player_events(walk, (Attach,)):
        event, turn = step.event, step.turn
        assert isinstance(event, Attach) and turn is not None
        held = step.before.hands[event.player]
        target = step.before.table[event.meld - 1]
        options: list[tuple[int, TableCard]] = []
        has_joker = any(tc.card.is_joker for tc in event.cards) or target.jokers > 0
        for i, tc in enumerate(event.cards):
            if tc.card.is_joker:
                continue
            if not has_joker and held[JOKER] == 0:
                options.append((i, TableCard(JOKER, tc.card)))
            if target.kind == "set" and len(event.cards) == 1:
                for suit in Suit:
                    other = card(tc.card.rank, suit)  # type: ignore[arg-type]
                    if target.fits(other) and held[other] == 0:
                        options.append((i, TableCard(other)))
        options = [(i, tc) for i, tc in options
                   if turn.keeps_take_rule(unlaid=Counter([event.cards[i].card]))]
        if not options:
            continue
        i, new = rng.choice(options)
        cards = (*event.cards[:i], new, *event.cards[i + 1:])
        yield make.replace(event, replace(event, cards=cards),
                           f"attach {new.code} (not held) for {event.cards[i].code}")


@mutator("swap_not_in_hand")
def _swap_not_in_hand(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "swap_not_in_hand", "T004")
    for step in _player_events(walk, (Swap,)):
        event, turn = step.event, step.turn
        assert isinstance(event, Swap) and turn is not None
        if not turn.keeps_take_rule(unlaid=Counter([event.card])):
            continue
        new = _not_held(step.before.hands[event.player], rng, jokers=False)
        yield make.replace(event, replace(event, card=new),
                           f"swap {new} (not held) instead of {event.card}")


# --- stock and discard pile (S) ---------------------------------------------------------


@mutator("draw_not_top")
def _draw_not_top(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "draw_not_top", "S001")
    for step in _player_events(walk, (Draw,)):
        event, stock = step.event, step.before
        assert isinstance(event, Draw)
        if not stock.stock_known:
            continue
        choices = sorted({c for c in stock.stock[1:] if c is not stock.stock[0]}, key=str)
        if choices:
            new = rng.choice(choices)
            yield make.replace(event, replace(event, card=new),
                               f"draw {new} (in the stock) instead of the top {event.card}")


@mutator("draw_not_in_stock")
def _draw_not_in_stock(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "draw_not_in_stock", "S002")
    for step in _player_events(walk, (Draw,)):
        event, stock = step.event, step.before
        assert isinstance(event, Draw)
        left = Counter(stock.stock)
        choices = [c for c in ALL_CARDS if left[c] == 0]
        if stock.stock_known and choices:
            new = rng.choice(choices)
            yield make.replace(event, replace(event, card=new),
                               f"draw {new} (none left in the stock) for {event.card}")


@mutator("draw_not_in_unknown_stock")
def _draw_not_in_unknown_stock(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """Stock order unknown (after a reshuffle, or no stock line): a draw of a card the
    stock lacks."""
    make = Maker(walk, "draw_not_in_unknown_stock", "S002")
    for step in _player_events(walk, (Draw,)):
        event, stock = step.event, step.before
        assert isinstance(event, Draw)
        left = Counter(stock.stock)
        choices = [c for c in ALL_CARDS if left[c] == 0]
        if not stock.stock_known and choices:
            new = rng.choice(choices)
            yield make.replace(event, replace(event, card=new),
                               f"draw {new} (none in the stock, order unknown) "
                               f"for {event.card}")


@mutator("take_not_top")
def _take_not_top(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "take_not_top", "S003")
    for step in _player_events(walk, (Take,)):
        event, pile = step.event, step.before.pile
        assert isinstance(event, Take)
        top = pile[-1]
        deeper = sorted({c for c in pile[:-1] if c is not top}, key=str)
        new = rng.choice(deeper or [c for c in NATURAL_CARDS if c is not top])
        yield make.replace(event, replace(event, card=new),
                           f"take {new} where the pile's top is {top}")


@mutator("early_reshuffle")
def _early_reshuffle(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "early_reshuffle", "S005")
    for step in _player_events(walk, (Draw,)):
        if step.before.stock:
            line = step.event.line
            yield make.case(line, f"reshuffle with {len(step.before.stock)} cards in the stock",
                            [Edit("insert", line, "reshuffle")], line, inserted=True)


@mutator("reshuffle_removed")
def _reshuffle_removed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "reshuffle_removed", "S006")
    for step in _player_events(walk, (Reshuffle,)):
        after = next(s for s in walk.steps[step.index:] if isinstance(s.event, Draw))
        yield make.case(step.event.line, f"removed the reshuffle before `{render(after.event)}`",
                        [Edit("remove", step.event.line)], after.event.line)


def _take_for(event: Draw, top: Card, rng: random.Random) -> Take:
    """``take`` of the pile's top in place of a draw; half the time without the card."""
    written = top if rng.random() < 0.5 else None
    return Take(line=event.line, column=event.column, player=event.player, card=written)


def _draw_to_take(walk: Walk, *, opened: bool) -> Iterator[tuple[TurnInfo, Draw, Card]]:
    """Turns starting with a draw where the pile has a top card nobody lays that turn."""
    for turn in walk.turns:
        step = walk.steps[turn.steps[0]]
        event = step.event
        if not isinstance(event, Draw) or turn.opened_before != opened or not step.before.pile:
            continue
        top = step.before.pile[-1]
        if turn.laid[top] == 0:
            yield turn, event, top


@mutator("take_unused_after_opening")
def _take_unused_after_opening(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """An opened player takes the pile's top instead of drawing and does not lay it."""
    make = Maker(walk, "take_unused_after_opening", "S008")
    for turn, event, top in _draw_to_take(walk, opened=True):
        discard = walk.steps[turn.steps[-1]].event
        if isinstance(discard, Discard) and discard.card is not top:
            take = _take_for(event, top, rng)
            yield make.replace(event, take, f"`{render(take)}` ({top}, not laid that turn) "
                               f"instead of draw {event.card}")


@mutator("take_before_opening")
def _take_before_opening(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """A player not yet opened takes the pile's top and does not open with it."""
    make = Maker(walk, "take_before_opening", "S007")
    for turn, event, top in _draw_to_take(walk, opened=False):
        if turn.meld_cards[top] == 0:
            opens = "opens without it" if turn.melds else "does not open"
            take = _take_for(event, top, rng)
            yield make.replace(event, take, f"`{render(take)}` ({top}) instead of draw "
                               f"{event.card}; {opens}")


@mutator("opening_meld_with_taken_removed")
def _opening_meld_with_taken_removed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """Before opening, the meld holding the card taken from the pile is removed."""
    make = Maker(walk, "opening_meld_with_taken_removed", "S007")
    for turn in walk.turns:
        if turn.take is None or turn.opened_before:
            continue
        take = walk.steps[turn.steps[0]].event
        for index in turn.melds:
            event = walk.steps[index].event
            assert isinstance(event, Meld)
            cards = Counter(tc.card for tc in event.cards)
            if cards[turn.take] and not turn.keeps_take_rule(unmelded=cards):
                yield make.case(event.line, f"removed `{render(event)}` after "
                                f"`{render(take)}`", [Edit("remove", event.line)], take.line)


@mutator("taken_card_play_removed")
def _taken_card_play_removed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """The meld or attach that lays the taken card is removed (after opening)."""
    make = Maker(walk, "taken_card_play_removed", "S008")
    for turn in walk.turns:
        discard = walk.steps[turn.steps[-1]].event
        if (turn.take is None or not turn.opened_before
                or (isinstance(discard, Discard) and discard.card is turn.take)):
            continue  # a discard of the taken code would make it S009 at the discard
        take = walk.steps[turn.steps[0]].event
        for index in turn.steps[1:]:
            event = walk.steps[index].event
            if isinstance(event, Meld | Attach):
                cards = Counter(tc.card for tc in event.cards)
                if cards[turn.take] and not turn.keeps_take_rule(unlaid=cards):
                    yield make.case(event.line, f"removed `{render(event)}` after "
                                    f"`{render(take)}`", [Edit("remove", event.line)], take.line)


@mutator("discard_taken_card")
def _discard_taken_card(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """An opened player takes the pile's top and discards it (a second edit changes
    the discard unless it already was a card of that code). The taken card never
    reaches the table, so the first problem is S008 on the edited `take` line
    (D13); S009 follows on the discard (D14)."""
    make = Maker(walk, "discard_taken_card", "S008")
    for turn, event, top in _draw_to_take(walk, opened=True):
        discard = walk.steps[turn.steps[-1]].event
        if not isinstance(discard, Discard) or turn.laid[event.card] > 0:
            continue
        take = _take_for(event, top, rng)
        edits = [Edit("replace", event.line, render(take))]
        what = f"`{render(take)}` ({top}) instead of draw {event.card}"
        if discard.card is not top:
            edits.append(Edit("replace", discard.line, render(replace(discard, card=top))))
            what += f", discard {top} instead of {discard.card} (two edits)"
        yield make.case(event.line, what, edits, event.line)


# --- melds (M) --------------------------------------------------------------------------


@mutator("run_reversed")
def _run_reversed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "run_reversed", "M001")
    for step in _player_events(walk, (Meld,)):
        event = step.event
        assert isinstance(event, Meld)
        if TableMeld.of(event.cards, event.player).kind == "run":
            yield make.replace(event, replace(event, cards=event.cards[::-1]),
                               "the run written descending")


@mutator("meld_too_short")
def _meld_too_short(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "meld_too_short", "M001")
    for step in _player_events(walk, (Meld,)):
        event, turn = step.event, step.turn
        assert isinstance(event, Meld) and turn is not None
        if len(event.cards) != 3:
            continue
        options = [i for i in range(3)
                   if turn.keeps_take_rule(unlaid=Counter([event.cards[i].card]),
                                           unmelded=Counter([event.cards[i].card]))]
        if options:
            i = rng.choice(options)
            yield make.replace(event, replace(event, cards=event.cards[:i] + event.cards[i + 1:]),
                               f"a 2-card meld: {event.cards[i].code} left out")


@mutator("attach_not_fitting")
def _attach_not_fitting(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """An attach made with a held card of another suit (runs) or rank (sets)."""
    make = Maker(walk, "attach_not_fitting", "M002")
    for step in _player_events(walk, (Attach,)):
        event, turn = step.event, step.turn
        assert isinstance(event, Attach) and turn is not None
        target = step.before.table[event.meld - 1]
        held = step.before.hands[event.player]
        choices = sorted((c for c in +held if target.never_fits(c)), key=str)
        cards = Counter(tc.card for tc in event.cards)
        if not choices:
            continue
        new = rng.choice(choices)
        if turn.keeps_take_rule(unlaid=cards, laid=Counter([new])):
            yield make.replace(event, replace(event, cards=(TableCard(new),)),
                               f"attach {new} instead of {_codes(cards)} to a {target.kind}")


@mutator("swap_wrong_card")
def _swap_wrong_card(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "swap_wrong_card", "M003")
    for step in _player_events(walk, (Swap,)):
        event, turn = step.event, step.turn
        assert isinstance(event, Swap) and turn is not None
        target = step.before.table[event.meld - 1]
        held = step.before.hands[event.player]
        choices = sorted((c for c in +held if target.never_fits(c)), key=str)
        if not choices:
            continue
        new = rng.choice(choices)
        if turn.keeps_take_rule(unlaid=Counter([event.card]), laid=Counter([new])):
            yield make.replace(event, replace(event, card=new),
                               f"swap {new} instead of {event.card} into a {target.kind}")


@mutator("swap_without_joker")
def _swap_without_joker(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """An opened player, right after the draw, swaps a held card into a meld that has
    no joker (an inserted line)."""
    make = Maker(walk, "swap_without_joker", "M003")
    for turn in walk.turns:
        if not turn.opened_before:
            continue
        state = walk.after_draw(turn)
        melds = [n for n, m in enumerate(state.table, start=1) if m.jokers == 0]
        held = sorted((c for c in +state.hands[turn.player] if not c.is_joker), key=str)
        if melds and held:
            first = walk.steps[turn.steps[0]].event
            text = f"{turn.player} swap {rng.choice(held).code} in {rng.choice(melds)}"
            line = first.line + 1
            yield make.case(line, f"`{text}` inserted: that meld has no joker",
                            [Edit("insert", line, text)], line, inserted=True)


@mutator("meld_joker_misdeclared")
def _meld_joker_misdeclared(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """A run's joker declared as another card than the one of its place (D1)."""
    make = Maker(walk, "meld_joker_misdeclared", "M001")
    for step in _player_events(walk, (Meld,)):
        event = step.event
        assert isinstance(event, Meld)
        shape = TableMeld.of(event.cards, event.player)
        if shape.kind != "run" or not shape.jokers:
            continue
        i = next(k for k, tc in enumerate(event.cards) if tc.card.is_joker)
        place = shape.positions[i]
        assert shape.suit is not None
        wrong = [card(p, shape.suit) for p in range(2, 14) if p != place]
        new = TableCard(JOKER, rng.choice(wrong))
        cards = (*event.cards[:i], new, *event.cards[i + 1:])
        yield make.replace(event, replace(event, cards=cards),
                           f"the run's joker written {new.code} at the place of "
                           f"{card(1 if place == HIGH_ACE else place, shape.suit)}")


@mutator("attach_joker_ambiguous")
def _attach_joker_ambiguous(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """A joker attached, undeclared, to a run open at both ends (D4): an
    existing declared joker attach made undeclared, or one inserted after the draw."""
    make = Maker(walk, "attach_joker_ambiguous", "M002")

    def open_both_ends(m: TableMeld) -> bool:
        return m.kind == "run" and m.jokers == 0 and m.low > 1 and m.high < 13

    for step in _player_events(walk, (Attach,)):
        event = step.event
        assert isinstance(event, Attach)
        if (len(event.cards) == 1 and event.cards[0].card.is_joker
                and open_both_ends(step.before.table[event.meld - 1])):
            yield make.replace(event, replace(event, cards=(TableCard(JOKER),)),
                               f"`{render(event)}` written without its declaration")
    for turn in walk.turns:
        state = walk.after_draw(turn)
        runs = [n for n, m in enumerate(state.table, start=1) if open_both_ends(m)]
        if turn.opened_before and state.hands[turn.player][JOKER] and runs:
            first = walk.steps[turn.steps[0]].event
            text = f"{turn.player} attach JK to {rng.choice(runs)}"
            line = first.line + 1
            yield make.case(line, f"`{text}` inserted: the run is open at both ends",
                            [Edit("insert", line, text)], line, inserted=True)


@mutator("attach_no_such_meld")
def _attach_no_such_meld(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "attach_no_such_meld", "M004")
    for step in _player_events(walk, (Attach,)):
        event = step.event
        assert isinstance(event, Attach)
        number = len(step.before.table) + rng.randint(1, 3)
        yield make.replace(event, replace(event, meld=number),
                           f"attach to meld {number} of {len(step.before.table)}")


@mutator("swap_no_such_meld")
def _swap_no_such_meld(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "swap_no_such_meld", "M004")
    for step in _player_events(walk, (Swap,)):
        event, turn = step.event, step.turn
        assert isinstance(event, Swap) and turn is not None
        if not turn.keeps_take_rule(unlaid=Counter([event.card])):
            continue
        number = len(step.before.table) + rng.randint(1, 3)
        yield make.replace(event, replace(event, meld=number),
                           f"swap in meld {number} of {len(step.before.table)}")


@mutator("attach_before_opening")
def _attach_before_opening(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """A player not yet opened, right after the draw, attaches a held card that fits a
    table meld (an inserted line)."""
    make = Maker(walk, "attach_before_opening", "M005")
    for turn in walk.turns:
        if turn.opened_before:
            continue
        state = walk.after_draw(turn)
        pairs = [(c, n) for c in sorted(+state.hands[turn.player], key=str)
                 for n, m in enumerate(state.table, start=1)
                 if m.fits(c) and c is not turn.take]
        if pairs:
            c, n = rng.choice(pairs)
            first = walk.steps[turn.steps[0]].event
            text = f"{turn.player} attach {c.code} to {n}"
            line = first.line + 1
            yield make.case(line, f"`{text}` inserted before {turn.player} opened",
                            [Edit("insert", line, text)], line, inserted=True)


@mutator("attach_before_threshold")
def _attach_before_threshold(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """In an opening turn, an attach to an older meld moved before the turn's melds."""
    make = Maker(walk, "attach_before_threshold", "M005")
    for turn in walk.turns:
        if turn.opened_before or not turn.melds:
            continue
        held = walk.after_draw(turn).hands[turn.player]
        first = walk.steps[turn.steps[0]].event
        for index in turn.steps:
            event = walk.steps[index].event
            if not isinstance(event, Attach) or index < turn.melds[0]:
                continue
            cards = Counter(tc.card for tc in event.cards)
            if event.meld <= turn.table_at_start and not cards - held:
                line = first.line + 1
                yield make.case(event.line, f"`{render(event)}` moved before the opening melds",
                                [Edit("remove", event.line), Edit("insert", line, render(event))],
                                line, inserted=True)


@mutator("attach_by_unopened_player")
def _attach_by_unopened_player(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """An attach's player changed to one who has not opened (T001 comes with it)."""
    make = Maker(walk, "attach_by_unopened_player", "M005")
    for step in _player_events(walk, (Attach,)):
        event = step.event
        assert isinstance(event, Attach)
        others = [p for p in step.hand.players
                  if p != event.player and p not in step.before.opened]
        if others:
            other = rng.choice(others)
            yield make.replace(event, replace(event, player=other),
                               f"the attach of {event.player} made by {other} (not opened)")


def _opening_value(walk: Walk, melds: list[int]) -> int:
    total = 0
    for index in melds:
        event = walk.steps[index].event
        assert isinstance(event, Meld)
        total += TableMeld.of(event.cards, event.player).value()
    return total


@mutator("opening_meld_removed")
def _opening_meld_removed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """The last meld of an opening turn removed, leaving less than 40."""
    make = Maker(walk, "opening_meld_removed", "M006")
    for turn in walk.turns:
        if turn.opened_before or len(turn.melds) < 2:
            continue
        last = walk.steps[turn.melds[-1]].event
        assert isinstance(last, Meld)
        left = _opening_value(walk, turn.melds[:-1])
        cards = Counter(tc.card for tc in last.cards)
        if left < OPENING_POINTS and turn.keeps_take_rule(unmelded=cards):
            new_last = walk.steps[turn.melds[-2]].event
            yield make.case(last.line, f"removed `{render(last)}`: the opening is worth {left}",
                            [Edit("remove", last.line)], new_last.line)


@mutator("opening_meld_shortened")
def _opening_meld_shortened(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """The last meld of an opening turn cut (a run from its top, a 4-set by one card)
    so that the opening is worth less than 40."""
    make = Maker(walk, "opening_meld_shortened", "M006")
    for turn in walk.turns:
        if turn.opened_before or not turn.melds:
            continue
        last = walk.steps[turn.melds[-1]].event
        assert isinstance(last, Meld)
        before = _opening_value(walk, turn.melds[:-1])
        shape = TableMeld.of(last.cards, last.player)
        cuts = [last.cards[:k] for k in range(3, len(last.cards))]
        if shape.kind == "set" and len(last.cards) == 4:
            cuts = [last.cards[:i] + last.cards[i + 1:] for i in range(4)]
        options = []
        for cut in cuts:
            dropped = Counter(tc.card for tc in last.cards) - Counter(tc.card for tc in cut)
            value = before + TableMeld.of(cut, last.player).value()
            if value < OPENING_POINTS and turn.keeps_take_rule(unmelded=dropped):
                options.append((cut, value))
        if options:
            cut, value = rng.choice(options)
            yield make.replace(last, replace(last, cards=cut),
                               f"last opening meld cut to {' '.join(tc.code for tc in cut)}: "
                               f"the opening is worth {value}")


# --- closing and scores (C) -------------------------------------------------------------


@mutator("closing_without_discard")
def _closing_without_discard(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """The closing discard's card laid down instead: attached before it (an inserted
    line), or added to the meld or attach right before it."""
    make = Maker(walk, "closing_without_discard", "C001")
    for hand in walk.hands:
        if hand.closing is None:
            continue
        step = walk.steps[hand.closing]
        event = step.event
        assert isinstance(event, Discard)
        fits = [n for n, m in enumerate(step.before.table, start=1) if m.fits(event.card)]
        if fits:
            text = f"{event.player} attach {event.card.code} to {rng.choice(fits)}"
            yield make.case(event.line, f"`{text}` inserted before `{render(event)}`",
                            [Edit("insert", event.line, text)], event.line, inserted=True)
        lay = walk.steps[step.index - 1]
        if lay.turn is not step.turn or event.card.is_joker:
            continue
        if isinstance(lay.event, Attach):
            target = lay.before.table[lay.event.meld - 1].clone()
            target.attach(lay.event.cards)
            if target.fits(event.card):
                cards = (*lay.event.cards, TableCard(event.card))
                yield make.replace(lay.event, replace(lay.event, cards=cards),
                                   f"the last card {event.card} added to `{render(lay.event)}`")
        elif isinstance(lay.event, Meld):
            shape = TableMeld.of(lay.event.cards, lay.event.player)
            if shape.fits(event.card):
                below = shape.kind == "run" and (
                    shape.low == 2 if event.card.rank is Rank.ACE
                    else _position(event.card, high=False) == shape.low - 1)
                new = TableCard(event.card)
                cards = (new, *lay.event.cards) if below else (*lay.event.cards, new)
                yield make.replace(lay.event, replace(lay.event, cards=cards),
                                   f"the last card {event.card} added to `{render(lay.event)}`")


@mutator("closing_by_invalid_attach")
def _closing_by_invalid_attach(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """The closing discard written as an attach of that card to a meld it does not fit:
    the hand is emptied by laying down (C001; the attach is also invalid, M002)."""
    make = Maker(walk, "closing_by_invalid_attach", "C001")
    for hand in walk.hands:
        if hand.closing is None:
            continue
        step = walk.steps[hand.closing]
        event = step.event
        assert isinstance(event, Discard)
        melds = [n for n, m in enumerate(step.before.table, start=1) if not m.fits(event.card)]
        if melds:
            n = rng.choice(melds)
            new = Attach(line=event.line, column=event.column, player=event.player,
                         cards=(TableCard(event.card),), meld=n)
            yield make.replace(event, new, f"`{render(event)}` written `{render(new)}`")


@mutator("score_changed")
def _score_changed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "score_changed", "C002")
    for hand in walk.hands:
        if hand.score is None:
            continue
        entries = list(hand.score.entries)
        i = rng.randrange(len(entries))
        name, value = entries[i]
        entries[i] = (name, value + rng.randint(1, 20))
        yield make.replace(hand.score, replace(hand.score, entries=tuple(entries)),
                           f"{name} scored {entries[i][1]} instead of {value}")


@mutator("score_player_missing")
def _score_player_missing(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "score_player_missing", "C003")
    for hand in walk.hands:
        if hand.score is None:
            continue
        entries = list(hand.score.entries)
        name, _ = entries.pop(rng.randrange(len(entries)))
        yield make.replace(hand.score, replace(hand.score, entries=tuple(entries)),
                           f"{name} left out of the score line")


@mutator("score_player_twice")
def _score_player_twice(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "score_player_twice", "C003")
    for hand in walk.hands:
        if hand.score is None:
            continue
        entries = list(hand.score.entries)
        entry = rng.choice(entries)
        entries.insert(rng.randint(0, len(entries)), entry)
        yield make.replace(hand.score, replace(hand.score, entries=tuple(entries)),
                           f"{entry[0]} named twice in the score line")


# --- the deal (D) -----------------------------------------------------------------------


@mutator("wrong_dealer")
def _wrong_dealer(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "wrong_dealer", "D003")
    for hand in walk.hands[1:]:
        if hand.dealer is None:
            continue
        others = [p for p in walk.players if p != hand.dealer.player]
        other = rng.choice(others)
        other_note = " (out of the match)" if other not in hand.players else ""
        yield make.replace(hand.dealer, replace(hand.dealer, player=other),
                           f"dealer {other}{other_note} instead of {hand.dealer.player}")


@mutator("dealer_unknown_player")
def _dealer_unknown_player(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "dealer_unknown_player", "G003")
    for hand in walk.hands:
        if hand.dealer is not None:
            name = hand.dealer.player[:-1]  # a typo: the name's last letter dropped
            yield make.replace(hand.dealer, replace(hand.dealer, player=name),
                               f"dealer {name} (no such player) for {hand.dealer.player}")


@mutator("hand_number")
def _hand_number(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "hand_number", "D001")
    for hand in walk.hands:
        choices = [hand.number + k for k in (1, 2, 10)] + ([hand.number - 1]
                                                          if hand.number > 1 else [])
        number = rng.choice(choices)
        yield make.replace(hand.start, replace(hand.start, number=number),
                           f"hand {number} instead of hand {hand.number}")


@mutator("deal_short")
def _deal_short(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "deal_short", "D005")
    for hand in walk.hands:
        for deal in hand.deals:
            i = rng.randrange(len(deal.cards))
            yield make.replace(deal, replace(deal, cards=deal.cards[:i] + deal.cards[i + 1:]),
                               f"{deal.player} dealt 12 cards ({deal.cards[i]} left out)")


@mutator("deal_long")
def _deal_long(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "deal_long", "D005")
    for hand in walk.hands:
        dealt = Counter(c for d in hand.deals for c in d.cards)
        for deal in hand.deals:
            extra = rng.choice([c for c in NATURAL_CARDS if dealt[c] < 2])
            cards = list(deal.cards)
            cards.insert(rng.randint(0, len(cards)), extra)
            yield make.replace(deal, replace(deal, cards=tuple(cards)),
                               f"{deal.player} dealt 14 cards ({extra} added)")


@mutator("deal_third_copy")
def _deal_third_copy(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "deal_third_copy", "D007")
    for hand in walk.hands:
        for k, deal in enumerate(hand.deals):
            earlier = Counter(c for d in hand.deals[:k] for c in d.cards)
            options = []
            for i, old in enumerate(deal.cards):
                mine = Counter(deal.cards) - Counter([old])
                options += [(i, c) for c in NATURAL_CARDS
                            if c is not old and earlier[c] + mine[c] >= 2]
            if options:
                i, new = rng.choice(options)
                cards = (*deal.cards[:i], new, *deal.cards[i + 1:])
                yield make.replace(deal, replace(deal, cards=cards),
                                   f"{deal.player} dealt a third {new} (for {deal.cards[i]})")


@mutator("upcard_third_copy")
def _upcard_third_copy(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "upcard_third_copy", "D007")
    for step in _player_events(walk, (Upcard,)):
        event = step.event
        assert isinstance(event, Upcard)
        dealt = Counter(c for d in step.hand.deals for c in d.cards)
        choices = [c for c in NATURAL_CARDS if dealt[c] >= 2]
        if choices:
            new = rng.choice(choices)
            yield make.replace(event, replace(event, card=new),
                               f"upcard {new}, both copies already dealt")


@mutator("stock_card_changed")
def _stock_card_changed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """A card of the stock line changed: deal, upcard and stock are not the deck."""
    make = Maker(walk, "stock_card_changed", "D010")
    for hand in walk.hands:
        stock = hand.stock
        if stock is None:
            continue
        i = rng.randrange(len(stock.cards))
        new = rng.choice([c for c in NATURAL_CARDS if c is not stock.cards[i]])
        cards = (*stock.cards[:i], new, *stock.cards[i + 1:])
        yield make.replace(stock, replace(stock, cards=cards),
                           f"stock card {i + 1} written {new} instead of {stock.cards[i]}")


@mutator("deal_twice")
def _deal_twice(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "deal_twice", "D006")
    for hand in walk.hands:
        for deal in hand.deals:
            line = hand.deals[-1].line + 1
            yield make.case(deal.line, f"`deal {deal.player} ...` written again after the deals",
                            [Edit("insert", line, render(deal))], line, inserted=True)


@mutator("hand_after_match_end")
def _hand_after_match_end(walk: Walk, rng: random.Random) -> Iterator[Case]:
    """A hand after the match ended. The end is found from the score lines (in a legal
    game they are the penalties) and classic elimination at 101."""
    totals = dict.fromkeys(walk.players, 0)
    still_in = list(walk.players)
    for hand in walk.hands:
        if hand.score is None or len(still_in) <= 1:
            return
        for name, value in hand.score.entries:
            totals[name] += value
        still_in = [p for p in still_in if totals[p] < 101]
    last = walk.hands[-1].score
    if len(still_in) == 1 and last is not None:
        make = Maker(walk, "hand_after_match_end", "G005")
        line = last.line + 1
        text = f"hand {walk.hands[-1].number + 1}"
        yield make.case(line, f"`{text}` after {still_in[0]} won the match",
                        [Edit("insert", line, text)], line, inserted=True)


@mutator("deal_removed")
def _deal_removed(walk: Walk, rng: random.Random) -> Iterator[Case]:
    make = Maker(walk, "deal_removed", "D004")
    for hand in walk.hands:
        for deal in hand.deals:
            yield make.case(deal.line, f"removed the deal line of {deal.player}",
                            [Edit("remove", deal.line)], hand.start.line)


# --- the legal matches: fixtures and simulated matches ------------------------------

#: The simulated matches every run makes, as (players, seed): classic rules, the bots'
#: levels mixed round the table by the seed (:func:`sim_levels`). ``sim-4p-s6`` and
#: ``sim-6p-s4`` have reshuffles (few simulated matches do).
SIMULATED: tuple[tuple[int, int], ...] = (
    (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1), (4, 6), (5, 1), (6, 1), (6, 4),
)
BOT_LEVELS = (Level.EASY, Level.NORMAL, Level.HARD)
_SIM_NAME = re.compile(r"sim-(\d+)p-s(\d+)")


@dataclass(frozen=True)
class Source:
    """A text of legal matches the corruptions are made from: a file of
    ``fixtures/legal`` (named by its stem) or one simulated classic match (named
    ``sim-4p-s3``: 4 players, seed 3; :func:`source` makes it again from the name)."""

    name: str
    origin: str  # FIXTURE or SIMULATED
    text: str
    note: str = ""  # where the text comes from, to make it again by hand
    lines: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", tuple(self.text.splitlines()))


FIXTURE, SIMULATED_ORIGIN = "fixture", "simulated"
_SOURCES: dict[str, Source] = {}


def sim_name(players: int, seed: int) -> str:
    return f"sim-{players}p-s{seed}"


def sim_levels(players: int, seed: int) -> tuple[Level, ...]:
    """Easy, normal and hard in turn round the table, starting at a seat the seed picks."""
    return tuple(BOT_LEVELS[(seed + seat) % len(BOT_LEVELS)] for seat in range(players))


def simulated_source(players: int, seed: int) -> Source:
    """Game 1 of ``scala40 simulate --players P --games 1 --seed S --level ...``."""
    levels = sim_levels(players, seed)
    setup = make_setup(players=players, levels=levels, choice=None, seed=seed)
    text = game_text(simulate_game(setup, 1))
    command = (f"scala40 simulate --players {players} --games 1 --seed {seed} "
               f"--level {','.join(level.value for level in levels)}")
    return Source(sim_name(players, seed), SIMULATED_ORIGIN, text, command)


def source(name: str) -> Source:
    """The source of that name: a fixture's stem or ``sim-<players>p-s<seed>``."""
    if name not in _SOURCES:
        match = _SIM_NAME.fullmatch(name)
        if match:
            _SOURCES[name] = simulated_source(int(match[1]), int(match[2]))
        else:
            path = FIXTURES / f"{name}.s40"
            _SOURCES[name] = Source(name, FIXTURE, path.read_text(encoding="utf-8"),
                                    f"fixtures/legal/{path.name}")
    return _SOURCES[name]


def fixture_files() -> list[Path]:
    return sorted(FIXTURES.glob("*.s40"))


def fixture_sources() -> list[Source]:
    return [source(path.stem) for path in fixture_files()]


def simulated_sources(specs: tuple[tuple[int, int], ...] = SIMULATED) -> list[Source]:
    return [source(sim_name(players, seed)) for players, seed in specs]


def default_sources() -> list[Source]:
    """What the tests corrupt: every fixture, then the :data:`SIMULATED` matches."""
    return fixture_sources() + simulated_sources()


def spread(matches: int) -> tuple[tuple[int, int], ...]:
    """``matches`` simulated matches over 2 to 6 players in turn, seeds 1, 2, ..."""
    return tuple((2 + i % 5, 1 + i // 5) for i in range(matches))


def walks(src: Source) -> list[Walk]:
    """Every classic game of a source, walked; IllegalFixture if it reads a move as illegal."""
    parsed = parse_text(src.text)
    if parsed.errors:
        raise IllegalFixture(f"{src.name}: {parsed.errors[0].message}")
    return [Walk(src.name, game) for game in parsed.games if plays_classic(game)]


# --- running the cases ------------------------------------------------------------------

#: Cases kept per game and kind, at random among the candidates.
PER_GAME = 2


def make_cases(sources: list[Source] | None = None, per_game: int | None = PER_GAME,
               rejected: list[str] | None = None) -> list[Case]:
    """The cases of every game of the sources (default: :func:`default_sources`), at
    most ``per_game`` of each kind a game (None: every candidate). A source the walk
    reads as illegal is left out, its reason appended to ``rejected``."""
    cases: list[Case] = []
    for src in default_sources() if sources is None else sources:
        try:
            games = walks(src)
        except IllegalFixture as error:
            if rejected is not None:
                rejected.append(str(error))
            continue  # test_the_legal_sources_are_legal reports it
        for walk in games:
            for kind, function in MUTATORS.items():
                rng = random.Random(f"{src.name}|{walk.game.index}|{kind}")
                candidates = list(function(walk, rng))
                rng.shuffle(candidates)
                cases += sorted(candidates[:per_game], key=lambda c: c.line)
    return cases


@dataclass
class Outcome:
    case: Case
    problems: list[Problem]

    @property
    def first_line(self) -> int | None:
        return self.problems[0].line if self.problems else None

    @property
    def first_codes(self) -> list[str]:
        return [str(p.code) for p in self.problems if p.line == self.first_line]

    @property
    def ok(self) -> bool:
        return self.first_line == self.case.expected_line and self.case.code in self.first_codes

    def explain(self, limit: int = 4) -> str:
        case = self.case
        found = "; ".join(f"{p.code} at {p.line} ({p.message})" for p in self.problems[:limit])
        src = source(case.source)
        where = src.note if src.origin == FIXTURE else f"{src.name} (`{src.note}`)"
        return (f"{where} line {case.line}: {case.description}; expected "
                f"{case.code} at line {case.expected_line}, nothing earlier; "
                f"found: {found or 'no problem at all'}")


def judge(case: Case) -> Outcome:
    """Parse and replay the corrupted file; every problem of it, by line."""
    parsed = parse_text(case.text(source(case.source).lines))
    problems = list(parsed.errors)
    for game in parsed.games:
        problems += replay(game).violations
    problems.sort(key=lambda p: (p.line, p.column))
    return Outcome(case, problems)


def _rate(outcomes: list[Outcome]) -> str:
    if not outcomes:
        return f"{'-':>20}"
    good = sum(o.ok for o in outcomes)
    rate = 100 * good / len(outcomes)
    shown = f"{rate:5.1f}" if good == len(outcomes) else f"{min(rate, 99.9):5.1f}"
    return f"{good:6}/{len(outcomes):<6} {shown}%"


def write_cases(cases: Sequence[Case], path: Path) -> None:
    """Every case's corrupted match, one after the other, as one log."""
    with path.open("w", encoding="utf-8") as out:
        for case in cases:
            out.write(case.text(source(case.source).lines))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The detection rate of the corruptions, "
                                     "by kind, on the legal fixtures and simulated matches.")
    parser.add_argument("--simulated", type=int, metavar="N",
                        help="N simulated matches over 2 to 6 players (default: the "
                        f"{len(SIMULATED)} of the tests)")
    parser.add_argument("--per-game", type=int, default=PER_GAME, metavar="K",
                        help="cases kept per game and kind; 0: every candidate")
    parser.add_argument("--jobs", type=int, default=1, help="processes judging the cases")
    parser.add_argument("--write", metavar="FILE",
                        help="write every corrupted match into FILE, one log, and judge "
                        "nothing (CI replays it with the compiled and the pure build)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    specs = SIMULATED if args.simulated is None else spread(args.simulated)
    sources = fixture_sources() + simulated_sources(specs)
    rejected: list[str] = []
    cases = make_cases(sources, args.per_game or None, rejected)
    made = time.perf_counter()
    if args.write:
        write_cases(cases, Path(args.write))
        print(f"{len(cases)} corrupted matches written to {args.write}")
        return 1 if rejected else 0
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            outcomes = pool.map(judge, cases, chunksize=16)
    else:
        outcomes = [judge(case) for case in cases]
    origin = {src.name: src.origin for src in sources}
    by_kind: dict[str, dict[str, list[Outcome]]] = {}
    for outcome in outcomes:
        kinds = by_kind.setdefault(outcome.case.kind, {FIXTURE: [], SIMULATED_ORIGIN: []})
        kinds[origin[outcome.case.source]].append(outcome)
    fixtures = [s for s in sources if s.origin == FIXTURE]
    sims = [s for s in sources if s.origin == SIMULATED_ORIGIN]
    lines = sum(len(s.lines) for s in sims)
    print(f"sources: {len(fixtures)} fixture files, {len(sims)} simulated matches "
          f"({lines} lines); {len(MUTATORS)} kinds, per game and kind: "
          f"{args.per_game or 'every candidate'}")
    for message in rejected:
        print(f"REJECTED by the walk: {message}")
    print(f"{len(cases)} cases made in {made - started:.1f} s, judged in "
          f"{time.perf_counter() - made:.1f} s")
    print(f"\n  {'kind':32} code  {'fixtures':>20}  {'simulated':>20}  {'all':>20}")
    for kind in MUTATORS:
        found = by_kind.get(kind, {FIXTURE: [], SIMULATED_ORIGIN: []})
        every = found[FIXTURE] + found[SIMULATED_ORIGIN]
        code = every[0].case.code if every else "-"
        print(f"  {kind:32} {code}  {_rate(found[FIXTURE])}  "
              f"{_rate(found[SIMULATED_ORIGIN])}  {_rate(every)}")
    by_origin = {name: [o for o in outcomes if origin[o.case.source] == name]
                 for name in (FIXTURE, SIMULATED_ORIGIN)}
    print(f"  {'overall':32} {'':4}  {_rate(by_origin[FIXTURE])}  "
          f"{_rate(by_origin[SIMULATED_ORIGIN])}  {_rate(outcomes)}")
    misses = [o for o in outcomes if not o.ok]
    for kind in MUTATORS:
        mine = [o for o in misses if o.case.kind == kind]
        if mine:
            print(f"\n{kind}:")
            for outcome in mine:
                print("  " + outcome.explain())
    return 1 if misses or rejected else 0


if __name__ == "__main__":
    sys.exit(main())
