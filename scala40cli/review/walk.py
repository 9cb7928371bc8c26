"""The decisions of the seats in a recorded game, each with the seat's view and the
move it made.

:func:`walk_game` drives the referee a line at a time, as the viewer's stepping does
(:mod:`scala40cli.viewing.stepping`: :meth:`~scala40cli.judging.match.referee.MatchReferee.begin`,
``judge`` for each line, ``finish``), and before the line that starts a decision of a
reviewed seat it takes the seat's view of the table
(:func:`~scala40cli.review.seat_view.seat_view`). The decisions of a turn are those the
simulator asks a seat (:mod:`scala40cli.review.choices`):

- at the start of its turn, take the discard or draw (the ``draw``/``take`` line, with
  the ``reshuffle`` line before a draw from an empty stock);
- once drawn, the plays and the discard of the turn (the lines up to the discard, or
  up to the last card laid when the hand closes so);
- where the discard may be bought out of turn (compra), buy it or let it go: each
  player the simulator would ask, in order, up to the one who bought; and the buyer's
  plays after the extra card.

A decision whose lines hold a violation (or a note of one) is not reviewed: it is
returned as :class:`Unreviewed`, with the violation, and the walk goes on, as the
referee does. So is one whose view cannot be trusted (the referee's table is a guess
after an earlier violation, or the log does not show the seat's cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scala40cli.judging.hands.phases import Phase
from scala40cli.judging.match.referee import MatchReferee
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.judging.tabletop.buying import buying_played
from scala40cli.model.cards import Card
from scala40cli.model.results import GameResult, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import (
    Attach,
    Buy,
    Discard,
    Draw,
    Event,
    GameLog,
    HandStart,
    Meld,
    PlayerEvent,
    Reshuffle,
    Swap,
    Take,
    Upcard,
)
from scala40cli.review.choices import (
    BuyChoice,
    Choice,
    PlanChoice,
    Stage,
    TakeChoice,
    played_plan,
)
from scala40cli.review.seat_view import HandWatch, Moment, Uncertain, put_back, seat_view
from scala40cli.simulate import compra
from scala40cli.simulate.view import PlayerView


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    """A decision to review: the seat's view before it and the move played, on its
    lines (the first is where the review marks it; a buy let go is marked on the
    discard it let go)."""

    seat: str
    stage: Stage
    hand: int
    lines: tuple[int, ...]
    view: PlayerView
    played: Choice

    @property
    def line(self) -> int:
        return self.lines[0]


@dataclass(frozen=True, slots=True, kw_only=True)
class Unreviewed:
    """A decision left out, and why: a violation on its lines (``code``), or a table the
    seat's view cannot be rebuilt from."""

    seat: str
    stage: Stage
    hand: int
    lines: tuple[int, ...]
    reason: str
    code: str | None = None

    @property
    def line(self) -> int:
        return self.lines[0]


@dataclass(frozen=True, slots=True)
class WalkedGame:
    """A game's decisions in line order, and its result as the referee judged it."""

    decisions: tuple[Decision | Unreviewed, ...]
    result: GameResult


@dataclass(slots=True, kw_only=True)
class _Open:
    """A decision being read: its view (or why there is none), its lines so far."""

    seat: str
    stage: Stage
    hand: int
    view: PlayerView | Uncertain
    lines: list[int] = field(default_factory=list)
    events: list[PlayerEvent] = field(default_factory=list)
    played: Choice | None = None


class _Walk:
    """The state of a walk through one game (see :func:`walk_game`)."""

    def __init__(self, game: GameLog, seats: frozenset[str], choice: RuleChoice | None
                 ) -> None:
        self.referee = MatchReferee(game, choice)
        self.seats = seats
        self.watch = HandWatch()
        self.done: list[_Open] = []
        self.plan: _Open | None = None
        self.buys: list[_Open] = []
        self.buyers: list[str] = []
        self.turn_player: str | None = None
        self.drew = False
        self.buyer: str | None = None
        #: The take decision started, until its draw or take line.
        self.take: _Open | None = None
        #: The take decision started is the hand's first (see :meth:`_read_first`).
        self.first = False

    # --- views -----------------------------------------------------------------------

    def _open(self, seat: str, stage: Stage, moment: Moment) -> _Open:
        hand = self.referee.hand
        number = hand.number if hand is not None else 0
        view: PlayerView | Uncertain
        try:
            view = seat_view(self.referee, seat, self.watch, moment)
        except Uncertain as why:
            view = why
        return _Open(seat=seat, stage=stage, hand=number, view=view)

    def _opened_before(self, player: str) -> bool:
        hand = self.referee.hand
        turn = hand.turn if hand is not None else None
        if turn is not None and turn.player == player:
            return turn.opened_before
        return hand is not None and player in hand.opened

    # --- the lines -------------------------------------------------------------------

    def before(self, index: int, event: Event, body: Sequence[Event]) -> None:
        """What ``event`` starts or continues, before it is judged."""
        if isinstance(event, HandStart):
            self._close_all()
            self.watch = HandWatch()
            self.turn_player, self.drew, self.buyer = None, False, None
            return
        if not isinstance(event, PlayerEvent):
            if isinstance(event, Reshuffle):
                following = body[index + 1] if index + 1 < len(body) else None
                if isinstance(following, Draw) and self._new_turn(following.player):
                    self._start_turn(following.player, event)
            return
        self._close_buys(event)
        player = event.player
        if self.plan is not None and player != self.plan.seat:
            self._close_plan()
        if self.plan is not None and isinstance(event, (Draw, Take, Buy)):
            self.plan.lines.append(event.line)  # a second draw: the plan's violation
            return
        if isinstance(event, Buy):
            self.buyer, self.turn_player, self.drew = player, None, False
            return
        if isinstance(event, (Draw, Take)):
            if self.buyer == player and not self.drew:
                return  # the buy's extra card
            if self._new_turn(player):
                self._start_turn(player, event)
            return
        if self.plan is not None and isinstance(event, (Meld, Attach, Swap, Discard)):
            self.plan.lines.append(event.line)
            self.plan.events.append(event)

    def _new_turn(self, player: str) -> bool:
        return player != self.turn_player or self.buyer is not None

    def _start_turn(self, player: str, event: Event) -> None:
        self.watch.turns += 1
        self.turn_player, self.drew, self.buyer = player, False, None
        if player not in self.seats:
            return
        hand = self.referee.hand
        if hand is not None and hand.phase is Phase.SETUP:
            # the table is set by the first line of play: read after it (see put_back)
            opened = _Open(seat=player, stage=Stage.TAKE, hand=hand.number,
                           view=Uncertain("to be read after the line"))
            self.first = True
        else:
            opened = self._open(player, Stage.TAKE,
                                Moment(opened_before=self._opened_before(player)))
        opened.lines.append(event.line)
        self.done.append(opened)
        self.take = opened

    def after(self, event: Event) -> None:
        """What ``event`` did, once judged: the move it showed, the decision it opens."""
        hand = self.referee.hand
        if hand is not None and isinstance(event, (Upcard, Reshuffle)):
            self.watch.public.append(event)
        if hand is None or not isinstance(event, PlayerEvent):
            return
        turn = hand.turn
        player = event.player
        taken = turn.taken if turn is not None and turn.player == player else None
        if isinstance(event, Buy):
            taken = event.card
        if isinstance(event, (Draw, Take)):
            self._took(event, taken)
        self.watch.saw(event, taken)
        if isinstance(event, (Draw, Take)) and (not self.drew or self.buyer == player):
            buying = self.buyer == player
            self.drew = True
            if player in self.seats and hand.phase is Phase.PLAY:
                drawn = event.card if isinstance(event, Draw) else None
                self.plan = self._open(player, Stage.PLAN, Moment(
                    opened_before=self._opened_before(player), drawn=drawn,
                    taken_now=taken, buying=buying))
        if isinstance(event, Discard):
            if self.plan is not None and self.plan.seat == player:
                self._close_plan()
            self.turn_player, self.drew = None, False
            if hand.phase is Phase.PLAY:
                self._offer(player)
        if hand.phase is not Phase.PLAY:
            self._close_plan()

    def _took(self, event: Draw | Take, taken: Card | None) -> None:
        """The take decision answered by ``event`` (before the table saw it)."""
        take, self.take = self.take, None
        if take is None or take.seat != event.player:
            return
        if take.lines[-1] != event.line:
            take.lines.append(event.line)
        take.played = TakeChoice(isinstance(event, Take))
        if not self.first:
            return
        self.first = False
        card = event.card if isinstance(event, Draw) else taken
        if card is None:
            take.view = Uncertain(f"the log does not show {take.seat}'s cards")
            return
        after = self._open(take.seat, Stage.TAKE,
                           Moment(opened_before=self._opened_before(take.seat))).view
        take.view = after if isinstance(after, Uncertain) else put_back(
            after, card, from_pile=isinstance(event, Take))

    def _offer(self, discarder: str) -> None:
        """The discard may be bought (compra): the buy decisions of the reviewed seats
        the simulator would ask, as the table stands after the discard."""
        hand = self.referee.hand
        if hand is None or not buying_played(self.referee.rules) or not hand.order:
            return
        self.buyers = compra.buyers(
            order=hand.order, discarder=discarder, following=hand.next_after(discarder),
            stock=hand.stock_count, top=hand.discard_pile[-1] if hand.discard_pile else None,
            rules=self.referee.rules)
        line = hand.last_discard_line
        for seat in self.buyers:
            if seat in self.seats:
                opened = self._open(seat, Stage.BUY, Moment(
                    opened_before=seat in hand.opened, buying=True))
                opened.lines.append(line)
                self.buys.append(opened)

    def _close_buys(self, event: Event | None) -> None:
        """The buy decisions offered after a discard, answered by ``event``: a buy, or
        any other line (nobody bought)."""
        if not self.buys:
            return
        bought = event.player if isinstance(event, Buy) else None
        asked = self.buyers[:self.buyers.index(bought) + 1] if bought in self.buyers \
            else self.buyers
        for opened in self.buys:
            if opened.seat in asked:
                opened.played = BuyChoice(opened.seat == bought)
                if isinstance(event, Buy) and opened.seat == bought:
                    opened.lines = [event.line]
                self.done.append(opened)
        self.buys = []

    def _close_plan(self) -> None:
        plan = self.plan
        self.plan = None
        if plan is None or not plan.lines:
            return  # a turn the log leaves before any play
        plan.played = PlanChoice(played_plan(plan.events))
        self.done.append(plan)

    def _close_all(self) -> None:
        self._close_buys(None)
        self._close_plan()


def players_of(game: GameLog, choice: RuleChoice | None = None) -> tuple[str, ...]:
    """The players of ``game``, as its header names them (none when it cannot be
    replayed), without judging a line."""
    referee = MatchReferee(game, choice)
    referee.begin()
    return referee.players


def walk_game(game: GameLog, seats: frozenset[str], choice: RuleChoice | None = None,
              *, last_line: int | None = None) -> WalkedGame:
    """The decisions of ``seats`` in ``game`` (see the module docstring); with
    ``last_line``, those of the lines up to it only (the rest is not judged)."""
    walk = _Walk(game, seats, choice)
    referee = walk.referee
    tags = referee.begin()
    body = referee.body
    for index, event in enumerate(body):
        if last_line is not None and event.line > last_line:
            break
        read = referee.reads_as(index, event)  # a mistyped name: the author's line
        walk.before(index, read, body)
        if not referee.judge(index, event):
            break
        walk.after(read)
    walk._close_all()
    result = referee.finish(tags)
    return WalkedGame(_settled(walk.done, result), result)


#: Problems of the game that a line holds without its move being wrong: the log ends
#: before the hand does, a result tag that says otherwise.
_NOT_A_MOVE = frozenset({Code.UNFINISHED_HAND, Code.RESULT_MISMATCH})


def _settled(found: list[_Open], result: GameResult) -> tuple[Decision | Unreviewed, ...]:
    """Each decision read, reviewed or left out (a problem on its lines, a view that
    cannot be trusted), in line order."""
    problems: dict[int, Problem] = {}
    for problem in (*result.violations, *result.notes):
        if problem.code not in _NOT_A_MOVE:
            problems.setdefault(problem.line, problem)
    settled: list[Decision | Unreviewed] = []
    for opened in found:
        if opened.played is None or not opened.lines:
            continue
        lines = tuple(opened.lines)
        bad = next((problems[n] for n in lines if n in problems), None)
        if bad is not None and not (opened.stage is Stage.BUY and not lines[1:]
                                    and opened.played == BuyChoice(False)):
            root = bad.caused_by or bad
            settled.append(Unreviewed(
                seat=opened.seat, stage=opened.stage, hand=opened.hand, lines=lines,
                reason=f"{root.code} on line {root.line}: {root.message}",
                code=str(root.code)))
        elif isinstance(opened.view, Uncertain):
            settled.append(Unreviewed(seat=opened.seat, stage=opened.stage,
                                      hand=opened.hand, lines=lines,
                                      reason=str(opened.view)))
        else:
            settled.append(Decision(seat=opened.seat, stage=opened.stage, hand=opened.hand,
                                    lines=lines, view=opened.view, played=opened.played))
    settled.sort(key=lambda d: (d.line, list(Stage).index(d.stage)))
    return tuple(settled)


__all__ = ["Decision", "Unreviewed", "WalkedGame", "players_of", "walk_game"]
