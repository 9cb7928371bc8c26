"""The simulator's table: deals, turns, buys, scores and whole matches between bots.

:func:`play_match` plays one complete match (every hand until the match is over) under
any :class:`~scala40cli.rules.Rules` and returns its events, ready for the canonical
writer, together with the engine's own results (penalties, totals, the winner). It
deals from a deck shuffled by ``random.Random`` seeded with the match's seed, so a seed
gives the same match on every run of the same version.

The engine keeps the physical game: the stock, the discard pile, every hand, the
table. It asks each bot for its decisions through a fresh
:class:`~scala40cli.simulate.view.PlayerView`, applies the plays with the package's
own meld functions and checks every one against the rules (a bot's illegal move is an
:class:`IllegalMove`, a bug). Scores come from :mod:`scala40cli.scoring` and the match
flow (totals, eliminations, mortal combat, re-entry, teams, fixed hands and play-offs)
from :class:`~scala40cli.standings.Standings`, as in the referee.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from ..cards import JOKER, Card, full_deck
from ..deal import HAND_SIZE
from ..events import (
    Attach,
    Buy,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    HandStart,
    Meld,
    Reshuffle,
    Score,
    Stock,
    Swap,
    Tag,
    Take,
    Upcard,
)
from ..melds import Meld as TableMeld
from ..melds import MeldError, attach, build_meld, fits, opening_value, swap
from ..results import Closing, Elimination
from ..rules import (
    ClosingDiscard,
    ClosingFirstRound,
    DiscardJoker,
    DiscardPlayable,
    DiscardTakenCard,
    FreedJoker,
    OpeningJokers,
    OpeningTurnPlays,
    Rules,
    StockExhausted,
    TakeAfterOpening,
    TakeBeforeOpening,
    Teams,
    UpcardJoker,
    YesNo,
)
from ..scoring import closed_hand_penalties, void_hand_penalties
from ..standings import Standings, make_teams
from .bots import Bot
from .planner import AttachPlay, MeldPlay, Play, SwapPlay, TurnPlan
from .search import sorted_cards
from .view import PlayerView

#: Safety net: a hand this long means the bots are stuck (a bug).
MAX_TURNS = 2000
#: A match stops after this many hands even when it is not over (with
#: ``winner_bonus=-100`` the totals of the closers fall and a match may never end).
MAX_HANDS = 200
#: The stock a bot leaves at least when it buys (so that a buy never reshuffles).
BUY_STOCK = 2


class IllegalMove(RuntimeError):
    """A bot planned a move the rules forbid: a bug in the bots or the planner."""


class SimulationStuck(RuntimeError):
    """A hand or a match went on far longer than any real one."""


def _at() -> dict[str, int]:
    """Line and column of a generated event: given by the writer's output, not here."""
    return {"line": 0, "column": 0}


@dataclass(slots=True)
class _Turn:
    player: str
    opened_before: bool
    drawn: Card | None = None
    taken: Card | None = None
    buy: Card | None = None
    opening_value: int = 0
    opening: bool = False
    opening_cards: Counter[Card] = field(default_factory=Counter)
    laid: Counter[Card] = field(default_factory=Counter)
    freed: int = 0

    @property
    def has_opened(self) -> bool:
        return self.opened_before or self.opening


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """The engine's result of one hand."""

    number: int
    dealer: str
    order: tuple[str, ...]
    closer: str | None
    closing: Closing
    penalties: dict[str, int]
    #: Totals of every player of the match after the hand.
    totals: dict[str, int]
    playoff: bool = False
    turns: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchRecord:
    """One simulated match: its events and what the engine found."""

    players: tuple[str, ...]
    events: tuple[Event, ...]
    hands: tuple[HandRecord, ...]
    totals: dict[str, int]
    winner: str | None
    eliminated: tuple[Elimination, ...]
    #: Indexes in ``events`` of the discards made against the rules because no legal
    #: one was left (see :func:`~scala40cli.simulate.planner.forced_plan`): none under
    #: every preset; ``discard_playable=forbidden`` can leave a hand of cards that all
    #: fit the table, and nothing else to do.
    forced_at: tuple[int, ...] = ()
    #: The match ended (False: stopped after ``max_hands`` hands).
    finished: bool = True

    @property
    def forced(self) -> int:
        return len(self.forced_at)


class HandEngine:
    """One hand at the table (see the module docstring)."""

    def __init__(self, *, number: int, dealer: str, order: tuple[str, ...],
                 seats: tuple[str, ...], rules: Rules, rng: random.Random,
                 bots: dict[str, Bot], totals: dict[str, int],
                 partners: dict[str, frozenset[str]], events: list[Event]) -> None:
        self.number = number
        self.dealer = dealer
        self.order = order
        self.seats = seats
        self.rules = rules
        self.rng = rng
        self.bots = bots
        self.totals = dict(totals)
        self.partners = partners
        self.events = events
        self.hands: dict[str, Counter[Card]] = {p: Counter() for p in order}
        self.stock: list[Card] = []  # top card last
        self.pile: list[Card] = []  # top card last
        self.table: list[TableMeld] = []
        self.owners: list[str] = []
        self.opened: set[str] = set()
        self.played: set[str] = set()
        self.taken: dict[str, list[Card]] = {p: [] for p in order}
        self.discarded: dict[str, list[Card]] = {p: [] for p in order}
        self.reshuffles = 0
        self.turns = 0
        self.void_after_turn = False
        self.closer: str | None = None
        self.closing = Closing.UNFINISHED
        self.penalties: dict[str, int] = {}
        #: Indexes in ``events`` of the discards made against the rules (no legal one).
        self.forced: list[int] = []

    # --- the deal -------------------------------------------------------------------------

    def first_player(self) -> str:
        if self.dealer in self.order:
            return self.next_after(self.dealer)
        seat = self.seats.index(self.dealer)
        for step in range(1, len(self.seats) + 1):
            candidate = self.seats[(seat + step) % len(self.seats)]
            if candidate in self.order:
                return candidate
        raise AssertionError("nobody is dealt in")

    def next_after(self, player: str) -> str:
        return self.order[(self.order.index(player) + 1) % len(self.order)]

    def deal(self) -> None:
        emit = self.events.append
        emit(HandStart(number=self.number, **_at()))
        emit(Dealer(player=self.dealer, **_at()))
        deck = sorted_cards(full_deck(self.rules.jokers).elements())
        self.rng.shuffle(deck)
        first = self.first_player()
        start = self.order.index(first)
        rotation = self.order[start:] + self.order[:start]
        dealt: dict[str, list[Card]] = {p: [] for p in self.order}
        for _ in range(HAND_SIZE):
            for player in rotation:
                dealt[player].append(deck.pop())
        for player in self.order:
            self.hands[player] = Counter(dealt[player])
            emit(Deal(player=player, cards=tuple(dealt[player]), **_at()))
        upcard = deck.pop()
        emit(Upcard(card=upcard, **_at()))
        while upcard.is_joker and self.rules.upcard_joker is UpcardJoker.RETURNED:
            deck.insert(self.rng.randrange(len(deck)), upcard)  # never on top
            upcard = deck.pop()
            emit(Upcard(card=upcard, **_at()))
        self.pile = [upcard]
        self.stock = deck
        emit(Stock(cards=tuple(reversed(deck)), **_at()))

    # --- what a player sees -----------------------------------------------------------

    def view(self, player: str, turn: _Turn, *, buying: bool = False) -> PlayerView:
        return PlayerView(
            me=player, rules=self.rules, players=self.seats, order=self.order,
            dealer=self.dealer, hand_number=self.number,
            hand=tuple(sorted_cards(self.hands[player].elements())),
            table=tuple(self.table), owners=tuple(self.owners),
            discard_pile=tuple(self.pile), stock_size=len(self.stock),
            reshuffles=self.reshuffles,
            hand_sizes=MappingProxyType({p: self.hands[p].total() for p in self.order}),
            opened=frozenset(self.opened), played=frozenset(self.played),
            taken=MappingProxyType({p: tuple(cards) for p, cards in self.taken.items()}),
            discarded=MappingProxyType({p: tuple(c) for p, c in self.discarded.items()}),
            totals=MappingProxyType(dict(self.totals)),
            partners=self.partners.get(player, frozenset()), turns=self.turns,
            opened_before=turn.opened_before, drawn=turn.drawn,
            taken_now=turn.taken if turn.buy is None else turn.buy, buying=buying)

    # --- the hand -------------------------------------------------------------------------

    def play(self) -> None:
        self.deal()
        current = self.first_player()
        while True:
            self.turns += 1
            if self.turns > MAX_TURNS:
                raise SimulationStuck(f"hand {self.number} lasted {MAX_TURNS} turns")
            self.play_turn(current)
            if self.closing is not Closing.UNFINISHED:
                return
            if self.rules.compra is YesNo.YES:
                self.offer_buy(current)
            current = self.next_after(current)

    def play_turn(self, player: str) -> None:
        turn = _Turn(player=player, opened_before=player in self.opened)
        bot = self.bots[player]
        hand = self.hands[player]
        if bot.wants_take(self.view(player, turn)):
            self._check_take(turn)
            taken = self.pile.pop()
            hand[taken] += 1
            turn.taken = taken
            self.taken[player].append(taken)
            self.events.append(Take(player=player, card=taken, **_at()))
        else:
            self._draw(turn)
        plan = bot.play(self.view(player, turn))
        self._apply_plan(turn, plan)
        self.played.add(player)

    def _draw(self, turn: _Turn) -> None:
        if not self.stock:
            self._reshuffle()
        drawn = self.stock.pop()
        self.hands[turn.player][drawn] += 1
        turn.drawn = drawn
        self.events.append(Draw(player=turn.player, card=drawn, **_at()))
        if (not self.stock and self.reshuffles > 0
                and self.rules.stock_exhausted is StockExhausted.ONCE_THEN_VOID):
            self.void_after_turn = True

    def _reshuffle(self) -> None:
        if ((self.rules.stock_exhausted is StockExhausted.ONCE_THEN_VOID and self.reshuffles)
                or len(self.pile) < 2):
            raise SimulationStuck("a draw from an exhausted stock")
        top = self.pile.pop()
        stock = self.pile
        self.rng.shuffle(stock)
        self.stock = stock
        self.pile = [top]
        self.reshuffles += 1
        self.events.append(Reshuffle(**_at()))

    def _apply_plan(self, turn: _Turn, plan: TurnPlan) -> None:
        player = turn.player
        for play in plan.plays:
            self._apply(turn, play)
            if not self.hands[player]:
                self._closing_by_laying(turn)
                return
        if plan.discard is None:
            raise IllegalMove(f"{player} ends a turn without a discard")
        self._discard(turn, plan.discard, plan.forced)

    # --- plays ----------------------------------------------------------------------------

    def _remove(self, player: str, cards: Sequence[Card]) -> None:
        hand = self.hands[player]
        for c in cards:
            if hand[c] <= 0:
                raise IllegalMove(f"{player} does not hold {c}")
            hand[c] -= 1
            if not hand[c]:
                del hand[c]

    def _apply(self, turn: _Turn, play: Play) -> None:
        player = turn.player
        rules = self.rules
        try:
            if isinstance(play, MeldPlay):
                cards = [tc.card for tc in play.cards]
                meld = build_meld(play.cards, rules)
                self._remove(player, cards)
                self.table.append(meld)
                self.owners.append(player)
                turn.laid.update(cards)
                if not turn.opened_before:
                    if JOKER in cards and rules.opening_jokers is OpeningJokers.FORBIDDEN:
                        raise IllegalMove("a joker in the opening")
                    turn.opening = True
                    turn.opening_value += opening_value(meld)
                    turn.opening_cards.update(cards)
                if JOKER in cards and turn.freed:
                    turn.freed -= 1
                self.events.append(Meld(player=player, cards=play.cards, **_at()))
            elif isinstance(play, AttachPlay):
                index = self._touch(turn, play.meld)
                cards = [tc.card for tc in play.cards]
                grown = attach(self.table[index], play.cards, rules)
                self._remove(player, cards)
                self.table[index] = grown
                turn.laid.update(cards)
                if JOKER in cards and turn.freed:
                    turn.freed -= 1
                self.events.append(Attach(player=player, cards=play.cards, meld=play.meld,
                                          **_at()))
            else:
                assert isinstance(play, SwapPlay)
                index = self._touch(turn, play.meld)
                if rules.joker_swap is YesNo.NO:
                    raise IllegalMove("jokers are not taken back under these rules")
                changed = swap(self.table[index], play.card, rules)
                self._remove(player, [play.card])
                self.table[index] = changed
                self.hands[player][JOKER] += 1
                turn.laid[play.card] += 1
                if rules.freed_joker is FreedJoker.MUST_USE:
                    turn.freed += 1
                self.events.append(Swap(player=player, card=play.card, meld=play.meld, **_at()))
        except MeldError as error:
            raise IllegalMove(f"{player}: {play}: {error}") from None

    def _touch(self, turn: _Turn, number: int) -> int:
        """Attach or swap on meld ``number``: only once opened (decision D9 of
        docs/decisions.md)."""
        if not 1 <= number <= len(self.table):
            raise IllegalMove(f"there is no meld {number}")
        index = number - 1
        if turn.opened_before:
            return index
        if not turn.opening or turn.opening_value < self.rules.opening_points:
            raise IllegalMove(f"{turn.player} attaches or swaps before opening")
        plays = self.rules.opening_turn_plays
        if plays is OpeningTurnPlays.NOTHING or (
                plays is OpeningTurnPlays.OWN_MELDS and self.owners[index] != turn.player):
            raise IllegalMove(f"{turn.player} may not play there in the opening turn")
        return index

    def _check_take(self, turn: _Turn) -> None:
        if not self.pile:
            raise IllegalMove("a take from an empty discard pile")
        if (not turn.opened_before
                and self.rules.take_before_opening is TakeBeforeOpening.FORBIDDEN):
            raise IllegalMove(f"{turn.player} takes the discard before opening")

    def _end_of_turn(self, turn: _Turn) -> None:
        """The checks of a turn once it is over (D7, D12, D13, D15)."""
        rules = self.rules
        if turn.opening and turn.opening_value < rules.opening_points:
            raise IllegalMove(f"{turn.player} opens with {turn.opening_value}")
        if turn.buy is not None:
            if turn.laid[turn.buy] == 0:
                raise IllegalMove(f"{turn.player} bought {turn.buy} and kept it")
        elif turn.taken is not None:
            if not turn.opened_before:
                if turn.opening_cards[turn.taken] == 0:
                    raise IllegalMove(f"{turn.player} took {turn.taken} and did not open "
                                      "with it")
            elif (rules.take_after_opening is TakeAfterOpening.MUST_USE
                  and turn.laid[turn.taken] == 0):
                raise IllegalMove(f"{turn.player} took {turn.taken} and kept it")
        if turn.freed:
            raise IllegalMove(f"{turn.player} did not lay the freed joker down")
        if turn.opening:
            self.opened.add(turn.player)

    # --- discards and the end of the hand -------------------------------------------------

    def _discard_problem(self, turn: _Turn, c: Card, closes: bool) -> str | None:
        rules = self.rules
        if closes and not self._may_close(turn):
            return "closing in the first round"
        if (turn.taken is c and turn.laid[c] == 0
                and rules.discard_taken_card is DiscardTakenCard.FORBIDDEN):
            return f"discarding the {c} just taken"
        forbidden = {
            DiscardPlayable.ALLOWED: False,
            DiscardPlayable.FORBIDDEN: True,
            DiscardPlayable.FORBIDDEN_UNLESS_CLOSING: not closes,
            DiscardPlayable.FORBIDDEN_BEFORE_OPENING: not turn.has_opened,
        }[rules.discard_playable]
        if forbidden and any(fits(meld, c, rules) for meld in self.table):
            return f"discarding {c}, which fits a table meld"
        if c.is_joker and (
                (rules.discard_joker is DiscardJoker.NOT_CLOSING and closes)
                or (rules.discard_joker is DiscardJoker.CLOSING_ONLY and not closes)):
            return "discarding a joker"
        return None

    def _may_close(self, turn: _Turn) -> bool:
        """closing_first_round=not_allowed: never in one's own first turn of the hand."""
        if self.rules.closing_first_round is ClosingFirstRound.ALLOWED:
            return True
        return turn.player in self.played

    def _discard(self, turn: _Turn, c: Card, forced: bool) -> None:
        player = turn.player
        hand = self.hands[player]
        closes = hand.total() == 1
        problem = self._discard_problem(turn, c, closes)
        if problem is not None:
            if not forced:
                raise IllegalMove(f"{player}: {problem}")
            self.forced.append(len(self.events))
        self._remove(player, [c])
        self.pile.append(c)
        self.discarded[player].append(c)
        self.events.append(Discard(player=player, card=c, **_at()))
        if closes:
            self._close(turn)
            return
        self._end_of_turn(turn)
        if self.void_after_turn or self._stock_dead():
            self._void()

    def _stock_dead(self) -> bool:
        return (self.rules.stock_exhausted is StockExhausted.RESHUFFLE
                and not self.stock and len(self.pile) <= 1)

    def _closing_by_laying(self, turn: _Turn) -> None:
        if (self.rules.closing_discard is ClosingDiscard.NEEDS or turn.buy is not None
                or not self._may_close(turn)):
            raise IllegalMove(f"{turn.player} empties the hand without a discard")
        self._close(turn)

    def _close(self, turn: _Turn) -> None:
        if not self._may_close(turn):
            raise IllegalMove(f"{turn.player} closes in the first round")
        self._end_of_turn(turn)
        self.closer = turn.player
        in_one_go = not turn.opened_before
        self.closing = Closing.IN_ONE_GO if in_one_go else Closing.NORMAL
        self.penalties = closed_hand_penalties(
            players=self.order, closer=turn.player, in_one_go=in_one_go, hands=self.hands,
            opened=self.opened, rules=self.rules)

    def _void(self) -> None:
        self.closing = Closing.VOID
        self.penalties = void_hand_penalties(self.order)

    # --- buying (compra) ------------------------------------------------------------------

    def offer_buy(self, discarder: str) -> None:
        """After a discard, the players after the next one may buy it, in order."""
        following = self.next_after(discarder)
        seat = self.order.index(following)
        for step in range(1, len(self.order)):
            buyer = self.order[(seat + step) % len(self.order)]
            if buyer == discarder:
                break
            if len(self.stock) < BUY_STOCK or not self.pile:
                return
            turn = _Turn(player=buyer, opened_before=buyer in self.opened)
            bot = self.bots[buyer]
            if not bot.wants_buy(self.view(buyer, turn, buying=True)):
                continue
            self._buy(buyer, turn)
            return

    def _buy(self, buyer: str, turn: _Turn) -> None:
        card = self.pile.pop()
        self.events.append(Buy(player=buyer, card=card, **_at()))
        self.hands[buyer][card] += 1
        self.taken[buyer].append(card)
        turn.buy = card
        self._draw(turn)
        plan = self.bots[buyer].play(self.view(buyer, turn, buying=True))
        if plan.discard is not None or plan.forced:
            raise IllegalMove(f"{buyer} discards in a buy")
        for play in plan.plays:
            self._apply(turn, play)
            if not self.hands[buyer]:
                raise IllegalMove(f"{buyer} empties the hand in a buy")
        self._end_of_turn(turn)


def _expected_dealer(seats: Sequence[str], last: str, still_in: Sequence[str]) -> str:
    seat = seats.index(last)
    for step in range(1, len(seats) + 1):
        candidate = seats[(seat + step) % len(seats)]
        if candidate in still_in:
            return candidate
    raise AssertionError("nobody is still in")


def team_names(players: Sequence[str]) -> tuple[str, str]:
    """The names written in the ``[Teams]`` tag: the partners' names joined with ``&``."""
    return (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")


def play_match(*, players: Sequence[str], bots: Sequence[Bot], rules: Rules, seed: str,
               tags: Sequence[Tag] = (), first_dealer: int | None = None,
               max_hands: int = MAX_HANDS) -> MatchRecord:
    """Play one complete match between ``bots`` (one a seat) and record it.

    ``tags`` are the header tags to write (the caller's ``[Event]``, ``[Players]``,
    ``[Rules]`` ...). ``first_dealer`` is the seat that deals the first hand (by
    default drawn from the seed). A match that is not over after ``max_hands`` hands
    stops there (its record says ``finished=False``; the log is legal, the match
    simply has no winner yet).
    """
    seats = tuple(players)
    rng = random.Random(f"{seed}:deck")
    use_teams = rules.teams is Teams.PAIRS and len(seats) == 4
    names = team_names(seats) if use_teams else ()
    standings = Standings(seats, rules, names)
    partners: dict[str, frozenset[str]] = {}
    for team in make_teams(seats, names) if use_teams else ():
        for player in team.players:
            partners[player] = frozenset(team.players) - {player}
    by_seat = dict(zip(seats, bots, strict=True))
    events: list[Event] = list(tags)
    hands: list[HandRecord] = []
    dealer_seat = rng.randrange(len(seats)) if first_dealer is None else first_dealer
    last_dealer: str | None = None
    forced: list[int] = []
    number = 0
    while not standings.finished and number < max_hands:
        number += 1
        playoff = standings.playoff is not None
        dealt = list(standings.dealt_in())
        dealer = (seats[dealer_seat] if last_dealer is None
                  else _expected_dealer(seats, last_dealer, standings.still_in))
        back = [p for p, why in standings.reentry_options().items() if why is None]
        order = tuple(p for p in seats if p in dealt or p in back)
        hand = HandEngine(number=number, dealer=dealer, order=order, seats=seats, rules=rules,
                          rng=rng, bots={p: by_seat[p] for p in order},
                          totals=standings.totals, partners=partners, events=events)
        standings.reenter(back)
        hand.totals = dict(standings.totals)
        hand.play()
        forced += hand.forced
        penalties = hand.penalties
        events.append(Score(entries=tuple((p, penalties[p]) for p in order), **_at()))
        standings.record(number=number, closing=hand.closing, penalties=penalties,
                         closer=hand.closer, opened=sorted(hand.opened))
        hands.append(HandRecord(number=number, dealer=dealer, order=order, closer=hand.closer,
                                closing=hand.closing, penalties=dict(penalties),
                                totals=dict(standings.totals), playoff=playoff,
                                turns=hand.turns))
        last_dealer = dealer
    return MatchRecord(players=seats, events=tuple(events), hands=tuple(hands),
                       totals=dict(standings.totals), winner=standings.winner,
                       eliminated=tuple(standings.eliminated), forced_at=tuple(forced),
                       finished=standings.finished)


__all__ = ["HandEngine", "HandRecord", "IllegalMove", "MatchRecord", "SimulationStuck",
           "play_match", "team_names"]
