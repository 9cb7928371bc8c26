"""A match between one person and the computer, played a move at a time.

The match flow is the simulator's (:func:`~scala40cli.simulate.match.play_match`: the
same :class:`~scala40cli.judging.scores.standings.Standings`, the same
:class:`~scala40cli.simulate.engine.HandEngine` for every hand), but stepped: the bots
play their turns until it is the person's, then the session waits for a move.
:meth:`Session.move` hands it to :mod:`~scala40cli.playing.human`, which has it judged
by the ``verify_*`` functions before anything changes; the events written so far are
the game's log, which :mod:`~scala40cli.playing.saving` writes after every move.

The bots' events are recorded one at a time as frames (the person's view after each),
so that the page can show the computer's turn move by move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scala40cli.judging.scores.standings import Standings, plays_in_teams
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.model.cards import Card
from scala40cli.model.results import Closing
from scala40cli.playing import buying, human
from scala40cli.playing.refusal import Refused
from scala40cli.playing.scoresheet import HandLine, hand_line
from scala40cli.playing.seat import Progress, describe, seat_view
from scala40cli.reading.events import Event, Score, Tag
from scala40cli.simulate.bots import Bot
from scala40cli.simulate.engine import HandEngine
from scala40cli.simulate.levels import make_bots
from scala40cli.simulate.match import team_names
from scala40cli.simulate.moves import at
from scala40cli.simulate.runner import Setup, header_tags
from scala40cli.simulate.view import PlayerView

#: The ``[Levels]`` tag's word for the person's seat.
PERSON = "person"
#: The ``[Result]`` tag of a match still being played (as in PGN).
IN_PROGRESS = "*"


class Recorder(list[Event]):
    """The match's events; each one appended is shown to ``listener`` (the frames)."""

    listener: Callable[[Event], None] | None = None

    def append(self, event: Event) -> None:
        super().append(event)
        if self.listener is not None:
            self.listener(event)


class Seat(Bot):
    """The person's seat at the engine's table: never asked to play, never buys."""

    def wants_buy(self, view: PlayerView) -> bool:
        return False


@dataclass
class Session:
    """One match (see the module docstring). ``setup.players[0]`` is the person."""

    setup: Setup
    events: Recorder = field(default_factory=Recorder)
    phase: str = "draw"
    frames: list[dict[str, Any]] = field(default_factory=list)
    sheet: list[HandLine] = field(default_factory=list)
    staged: list[list[Card]] = field(default_factory=list)
    #: While a discard is offered to the person: who discarded it, and the buyers
    #: asked after the person (if the person passes).
    offer: tuple[str, list[str]] | None = None

    def __post_init__(self) -> None:
        setup = self.setup
        self.me = setup.players[0]
        seats = setup.players
        self.rng = random.Random(f"{setup.seed}:deck")
        names = team_names(seats) if len(seats) == 4 else ()
        self.standings = Standings(seats, setup.rules, names if _teams(setup) else ())
        self.partners: dict[str, frozenset[str]] = {}
        for team in self.standings.teams:
            for player in team.players:
                self.partners[player] = frozenset(team.players) - {player}
        bots = make_bots(list(setup.levels), setup.seed)
        self.bots: dict[str, Bot] = dict(zip(seats, bots, strict=True))
        self.bots[self.me] = Seat(setup.levels[0], random.Random(0))
        self.events.extend(header_tags(setup, 1, setup.seed))
        self.events[0] = Tag(name="Event", values=(f"scala40 play, seed {setup.seed}",), **at())
        self._name_the_person()
        self.events.append(Tag(name="Result", values=(IN_PROGRESS,), **at()))
        self.dealer_seat = self.rng.randrange(len(seats))
        self.last_dealer: str | None = None
        self.number = 0
        self.engine: HandEngine | None = None
        self.turn: Turn | None = None
        self.current = ""
        self.events.listener = self._frame
        self._recording = False
        self.start_hand()

    def _name_the_person(self) -> None:
        """The ``[Levels]`` tag gives each bot's level and ``person`` for the seat a
        person plays (as ``program`` marks an outside program's in ``simulate``)."""
        for index, event in enumerate(self.events):
            if isinstance(event, Tag) and event.name == "Levels":
                self.events[index] = Tag(name="Levels", values=(PERSON, *event.values[1:]),
                                         **at())

    # --- the match ------------------------------------------------------------------

    def start_hand(self) -> None:
        """Deal the next hand and play the bots' turns up to the person's."""
        standings, seats = self.standings, self.setup.players
        self.number += 1
        dealt = list(standings.dealt_in())
        dealer = (seats[self.dealer_seat] if self.last_dealer is None
                  else _next_dealer(seats, self.last_dealer, standings.still_in))
        back = [p for p, why in standings.reentry_options().items() if why is None]
        order = tuple(p for p in seats if p in dealt or p in back)
        engine = HandEngine(number=self.number, dealer=dealer, order=order, seats=seats,
                            rules=self.setup.rules, rng=self.rng,
                            bots={p: self.bots[p] for p in order}, totals=standings.totals,
                            partners=self.partners, events=self.events)
        standings.reenter(back)
        engine.totals = dict(standings.totals)
        self.engine = engine
        self.last_dealer = dealer
        self.staged = []
        self.phase = "draw"  # the bots' frames belong to this hand, not the one over
        engine.deal()
        self.current = engine.first_player()
        self._play_bots()

    def _play_bots(self) -> None:
        """Bots play in turn until the person is to play or the hand is over."""
        engine = self._engine()
        self._recording = True
        try:
            while self.current != self.me or self.me not in engine.order:
                engine.turns += 1
                engine.play_turn(self.current)
                if engine.closing is not Closing.UNFINISHED:
                    self._end_hand()
                    return
                if self._offer(self.current):
                    return
                self.current = engine.next_after(self.current)
        finally:
            self._recording = False
        engine.turns += 1
        self.turn = engine._new_turn(self.me)
        self.phase = "draw"

    def _offer(self, discarder: str) -> bool:
        """The discard offered to those who may buy it, in order: True when it is the
        person's turn to answer (the session waits for "buy" or "pass")."""
        engine = self._engine()
        buyers = engine.buyers(discarder)
        if self.me not in buyers:
            engine.offer_buy(discarder, buyers)
            return False
        seat = buyers.index(self.me)
        if engine.offer_buy(discarder, buyers[:seat]):
            return False
        self.offer = (discarder, buyers[seat + 1:])
        self.phase, self.turn = "offer", None
        return True

    def _go_on_after(self, discarder: str) -> None:
        """The players after ``discarder`` play, once nobody buys any more."""
        self.offer = None
        self.current = self._engine().next_after(discarder)
        self._play_bots()

    def _end_hand(self) -> None:
        engine = self._engine()
        penalties = engine.penalties
        self.events.append(Score(entries=tuple((p, penalties[p]) for p in engine.order),
                                 **at()))
        self.standings.record(number=self.number, closing=engine.closing,
                              penalties=penalties, closer=engine.closer,
                              opened=sorted(engine.opened))
        self.sheet.append(hand_line(engine, self.number, self.standings.totals))
        self.turn = None
        self.phase = "match_over" if self.standings.finished else "hand_over"
        if self.standings.finished:
            self._write_result()

    def _write_result(self) -> None:
        """The ``[Result]`` tag, ``*`` while the match is played, names its winner at the
        end (none when nobody won)."""
        winner = self.standings.winner
        for index, event in enumerate(self.events):
            if isinstance(event, Tag) and event.name == "Result":
                if winner is None:
                    del self.events[index]
                else:
                    self.events[index] = Tag(name="Result", values=(winner,), **at())
                return

    def _engine(self) -> HandEngine:
        assert self.engine is not None
        return self.engine

    # --- the person's moves ---------------------------------------------------------

    def move(self, action: str, cards: list[Card], meld: int = 0) -> None:
        """Carry out one of the person's moves, or raise Refused (nothing changed)."""
        self.frames = []
        if action == "next":
            if self.phase != "hand_over":
                raise Refused("the hand is not over", "PLAY_NOT_OVER")
            self.start_hand()
            return
        if action in ("buy", "pass") and self.phase != "offer":
            raise Refused("no discard is offered to you now", "PLAY_NO_OFFER")
        if action == "done" and self.phase != "buying":
            raise Refused("there is no buy to end", "PLAY_NOT_BUYING")
        if self.phase == "offer":
            self._answer_offer(action)
            return
        if self.phase not in ("draw", "play", "buying"):
            raise Refused("the hand is over", "PLAY_HAND_OVER")
        engine, turn = self._engine(), self.turn
        assert turn is not None
        if self.phase == "buying":
            self._buying(action, cards, meld, engine, turn)
            return
        if action in ("draw", "take"):
            if self.phase != "draw":
                raise Refused("you have drawn already", "PLAY_DREW")
            if action == "draw":
                engine._draw(turn)
            else:
                human.take(engine, turn)
            self.phase = "play"
            return
        if self.phase != "play":
            raise Refused("draw first: from the stock, or the top of the discard pile",
                          "PLAY_DRAW_FIRST")
        self._play(action, cards, meld, engine, turn)

    def _answer_offer(self, action: str) -> None:
        assert self.offer is not None
        discarder, after = self.offer
        engine = self._engine()
        if action == "buy":
            self.turn = buying.buy(engine, self.me, discarder)
            self.phase, self.current, self.staged = "buying", self.me, []
        elif action == "pass":
            self._recording = True
            try:
                engine.offer_buy(discarder, after)
            finally:
                self._recording = False
            self._go_on_after(discarder)
        else:
            raise Refused("buy the discard, or pass", "PLAY_OFFER")

    def _buying(self, action: str, cards: list[Card], meld: int, engine: HandEngine,
                turn: Turn) -> None:
        """Moves during a buy: lay (or set aside and open) and attach, then "done"."""
        if action == "done":
            if self.staged:
                raise Refused("open with the melds set aside first", "PLAY_OPEN_FIRST")
            buying.end_buy(engine, turn)
            assert self.offer is not None
            self._go_on_after(self.offer[0])
        elif action == "put_back":
            raise Refused("only a discard taken this turn goes back", "PLAY_PUT_BACK")
        elif action in ("lay", "open", "attach", "swap", "unstage"):
            self._play(action, cards, meld, engine, turn)
        else:
            raise Refused("lay the card bought, then end the buy: no discard", "PLAY_BUYING")

    def _play(self, action: str, cards: list[Card], meld: int, engine: HandEngine,
              turn: Turn) -> None:
        free = human.free_cards(engine, self.me, self.staged)
        if action == "put_back":
            human.put_back(engine, turn)
            self.staged = []
            self.phase = "draw"
        elif action == "lay":
            human.check_held(cards, free)
            if turn.has_opened:
                human.meld_now(engine, turn, cards)
            else:
                human.check_meld(engine, turn, cards)
                self.staged.append(list(cards))
        elif action == "unstage":
            self.staged = []
        elif action == "open":
            human.open_with(engine, turn, self.staged)
            self.staged = []
        elif action in ("attach", "swap"):
            human.check_held(cards[:1], free)
            if len(cards) != 1:
                raise Refused("choose one card to attach", "PLAY_ONE_CARD")
            self._attach(engine, turn, cards[0], meld,
                         human.attach_or_swap if action == "attach" else human.swap_joker)
        elif action == "discard":
            if len(cards) != 1:
                raise Refused("choose one card to discard", "PLAY_ONE_CARD")
            human.check_held(cards, human.free_cards(engine, self.me, []))
            self._discard(engine, turn, cards[0])
        else:
            raise Refused(f"unknown move {action!r}", "PLAY_UNKNOWN")

    def _attach(self, engine: HandEngine, turn: Turn, card: Card, meld: int,
                how: Callable[[HandEngine, Turn, Card, int], object]) -> None:
        """The card onto the meld the person chose (by its number): the page never
        picks one for them."""
        if not engine.table:
            raise Refused("there is no meld on the table", "PLAY_NO_MELD")
        if not meld:
            raise Refused("choose the meld to attach the card to", "PLAY_CHOOSE_MELD")
        how(engine, turn, card, meld)

    def _discard(self, engine: HandEngine, turn: Turn, card: Card) -> None:
        staged, self.staged = self.staged, []
        try:
            human.discard(engine, turn, card)
        except Refused:
            self.staged = staged
            raise
        engine.played.add(self.me)
        if engine.closing is not Closing.UNFINISHED:
            self._end_hand()
            return
        self._recording = True
        try:
            engine.offer_buy(self.me)
        finally:
            self._recording = False
        self.current = engine.next_after(self.me)
        self._play_bots()

    # --- what the person sees -------------------------------------------------------

    def progress(self) -> Progress:
        return Progress(me=self.me, phase=self.phase, current=self.current,
                        staged=tuple(tuple(m) for m in self.staged),
                        totals=dict(self.standings.totals), number=self.number,
                        winner=self.standings.winner, turn=self.turn,
                        sheet=tuple(line.to_json() for line in self.sheet),
                        players=self.setup.players, level=self.setup.levels[1].value,
                        offer_from=self.offer[0] if self.offer else None,
                        ended=self.sheet[-1].ended() if self.sheet and self.phase in (
                            "hand_over", "match_over") else None)

    def view(self) -> dict[str, Any]:
        return seat_view(self._engine(), self.progress())

    def _frame(self, event: Event) -> None:
        if self._recording and self.engine is not None:
            frame = seat_view(self.engine, self.progress())
            frame["said"] = describe(event, self.me)
            self.frames.append(frame)


def _teams(setup: Setup) -> bool:
    return plays_in_teams(setup.rules, len(setup.players))


def _next_dealer(seats: tuple[str, ...], last: str, still_in: list[str]) -> str:
    seat = seats.index(last)
    for step in range(1, len(seats) + 1):
        candidate = seats[(seat + step) % len(seats)]
        if candidate in still_in:
            return candidate
    raise AssertionError("nobody is still in")


__all__ = ["IN_PROGRESS", "PERSON", "HandLine", "Session"]
