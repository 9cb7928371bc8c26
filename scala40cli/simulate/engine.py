"""The simulator's table: deals, turns, buys, scores and whole matches between bots.

:func:`play_match` plays one complete match (every hand until the match is over) under
any :class:`~scala40cli.judging.rules.Rules` and returns its events, ready for the canonical
writer, together with the engine's own results (penalties, totals, the winner). It
deals from a deck shuffled by ``random.Random`` seeded with the match's seed, so a seed
gives the same match on every run of the same version.

The engine keeps the physical game: the stock, the discard pile, every hand, the
table. It asks each bot for its decisions through a fresh
:class:`~scala40cli.simulate.view.PlayerView`, applies the plays with the package's
own meld functions and checks every one against the rules (a bot's illegal move is an
:class:`IllegalMove`, a bug). Scores come from :mod:`scala40cli.judging.scoring` and the match
flow (totals, eliminations, mortal combat, re-entry, teams, fixed hands and play-offs)
from :class:`~scala40cli.judging.standings.Standings`, as in the referee.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from scala40cli.judging.cards import JOKER, Card, full_deck
from scala40cli.judging.deal import HAND_SIZE
from scala40cli.judging.findings import Finding
from scala40cli.judging.melds import Meld as TableMeld
from scala40cli.judging.melds import opening_value
from scala40cli.judging.results import Closing, Elimination
from scala40cli.judging.rules import (
    Rules,
    Teams,
    UpcardJoker,
    YesNo,
)
from scala40cli.judging.scoring import closed_hand_penalties, void_hand_penalties
from scala40cli.judging.standings import Standings, make_teams
from scala40cli.judging.turn import Turn
from scala40cli.judging.verify import (
    freed_joker_must_be_used,
    stock_dead,
    verify_attach,
    verify_buy,
    verify_closing,
    verify_closing_by_laying,
    verify_discard,
    verify_end_of_turn,
    verify_meld,
    verify_swap,
    verify_take,
    verify_touch,
    void_after_draw,
)
from scala40cli.reading.events import (
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
from scala40cli.simulate.bots import Bot
from scala40cli.simulate.planner import AttachPlay, MeldPlay, Play, SwapPlay, TurnPlan
from scala40cli.simulate.search import sorted_cards
from scala40cli.simulate.view import PlayerView

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
        #: The card drawn from the stock in the turn being played.
        self.drawn: Card | None = None

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

    def view(self, player: str, turn: Turn, *, buying: bool = False) -> PlayerView:
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
            opened_before=turn.opened_before, drawn=self.drawn, taken_now=turn.taken,
            buying=buying)

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
        turn = self._new_turn(player)
        bot = self.bots[player]
        hand = self.hands[player]
        if bot.wants_take(self.view(player, turn)):
            if not self.pile:
                raise IllegalMove("a take from an empty discard pile")
            take = Take(player=player, card=self.pile[-1], **_at())
            self._refuse(verify_take(take, opened_before=turn.opened_before, rules=self.rules))
            taken = self.pile.pop()
            hand[taken] += 1
            turn.drew, turn.draws = True, 1
            turn.taken, turn.take_event = taken, take
            self.taken[player].append(taken)
            self.events.append(take)
        else:
            self._draw(turn)
        plan = bot.play(self.view(player, turn))
        self._apply_plan(turn, plan)
        self.played.add(player)

    def _new_turn(self, player: str) -> Turn:
        self.drawn = None
        return Turn(player=player, opened_before=player in self.opened,
                    first_of_hand=player not in self.played)

    def _refuse(self, found: Sequence[Finding], what: object = "") -> None:
        """A bot's move that breaks a rule is a bug of the bots (the referee's checks)."""
        if found:
            where = f" {what}" if what else ""
            raise IllegalMove(f"{found[0].event.verb}{where}: {found[0].message}")

    def _draw(self, turn: Turn) -> None:
        if not self.stock:
            self._reshuffle()
        drawn = self.stock.pop()
        self.hands[turn.player][drawn] += 1
        self.drawn = drawn
        turn.drew = True
        turn.draws += 1
        self.events.append(Draw(player=turn.player, card=drawn, **_at()))
        if void_after_draw(stock_left=len(self.stock), reshuffles=self.reshuffles,
                           rules=self.rules):
            self.void_after_turn = True

    def _reshuffle(self) -> None:
        # A second reshuffle under once_then_void: the hand was void after the last draw.
        if self.void_after_turn or len(self.pile) < 2:
            raise SimulationStuck("a draw from an exhausted stock")
        top = self.pile.pop()
        stock = self.pile
        self.rng.shuffle(stock)
        self.stock = stock
        self.pile = [top]
        self.reshuffles += 1
        self.events.append(Reshuffle(**_at()))

    def _apply_plan(self, turn: Turn, plan: TurnPlan) -> None:
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

    def _apply(self, turn: Turn, play: Play) -> None:
        """Apply one play of a bot, once the referee's checks find nothing wrong."""
        player = turn.player
        rules = self.rules
        if isinstance(play, MeldPlay):
            cards = [tc.card for tc in play.cards]
            meld_event = Meld(player=player, cards=play.cards, **_at())
            meld, found = verify_meld(turn, meld_event, rules)
            self._refuse(found, play)
            assert meld is not None
            self._remove(player, cards)
            self.table.append(meld)
            self.owners.append(player)
            turn.laid.update(cards)
            if not turn.opened_before:
                turn.last_opening_meld = meld_event
                turn.opening_value += opening_value(meld)
                turn.opening_cards.update(cards)
            if JOKER in cards and turn.freed_jokers:
                turn.freed_jokers.pop(0)
            self.events.append(meld_event)
        elif isinstance(play, AttachPlay):
            attach_event = Attach(player=player, cards=play.cards, meld=play.meld, **_at())
            index = self._touch(turn, attach_event)
            cards = [tc.card for tc in play.cards]
            grown, found = verify_attach(attach_event, self.table[index], rules)
            self._refuse(found, play)
            assert grown is not None
            self._remove(player, cards)
            self.table[index] = grown
            turn.laid.update(cards)
            if JOKER in cards and turn.freed_jokers:
                turn.freed_jokers.pop(0)
            self.events.append(attach_event)
        else:
            assert isinstance(play, SwapPlay)
            swap_event = Swap(player=player, card=play.card, meld=play.meld, **_at())
            index = self._touch(turn, swap_event)
            changed, found = verify_swap(swap_event, self.table[index], rules)
            self._refuse(found, play)
            assert changed is not None
            self._remove(player, [play.card])
            self.table[index] = changed
            self.hands[player][JOKER] += 1
            turn.laid[play.card] += 1
            if freed_joker_must_be_used(rules):
                turn.freed_jokers.append(swap_event)
            self.events.append(swap_event)

    def _touch(self, turn: Turn, event: Attach | Swap) -> int:
        """The index of the table meld an attach or swap names, once the referee's
        check of touching it (D9) finds nothing wrong."""
        if not 1 <= event.meld <= len(self.table):
            raise IllegalMove(f"there is no meld {event.meld}")
        index = event.meld - 1
        finding = verify_touch(turn, event, self.owners[index], self.rules)
        self._refuse([finding] if finding is not None else [])
        return index

    def _end_of_turn(self, turn: Turn) -> None:
        """The referee's checks of a turn once it is over (D7, D12, D13, D15)."""
        self._refuse(verify_end_of_turn(turn, self.rules))
        if turn.opening:
            self.opened.add(turn.player)

    # --- discards and the end of the hand -------------------------------------------------

    def _discard_problems(self, turn: Turn, event: Discard, closes: bool) -> list[Finding]:
        """What the referee finds wrong with this discard (and with closing by it)."""
        found = verify_closing(turn, event, self.rules) if closes else []
        return found + verify_discard(event, taken=turn.taken, laid=turn.laid,
                                      opened=turn.has_opened, closes=closes,
                                      table=self.table, rules=self.rules)

    def _discard(self, turn: Turn, c: Card, forced: bool) -> None:
        player = turn.player
        hand = self.hands[player]
        closes = hand.total() == 1
        event = Discard(player=player, card=c, **_at())
        problems = self._discard_problems(turn, event, closes)
        if problems:
            if not forced:
                self._refuse(problems)
            self.forced.append(len(self.events))
        self._remove(player, [c])
        self.pile.append(c)
        self.discarded[player].append(c)
        self.events.append(event)
        if closes:
            self._close(turn)
            return
        self._end_of_turn(turn)
        if self.void_after_turn or stock_dead(stock_left=len(self.stock),
                                              pile_size=len(self.pile), rules=self.rules):
            self._void()

    def _closing_by_laying(self, turn: Turn) -> None:
        last = self.events[-1]
        assert isinstance(last, (Meld, Attach, Swap))
        self._refuse(verify_closing_by_laying(last, self.rules)
                     + verify_closing(turn, last, self.rules))
        self._close(turn)

    def _close(self, turn: Turn) -> None:
        turn.closed = True
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
            turn = self._new_turn(buyer)
            bot = self.bots[buyer]
            if not bot.wants_buy(self.view(buyer, turn, buying=True)):
                continue
            self._buy(buyer, turn, discarder, following)
            return

    def _buy(self, buyer: str, turn: Turn, discarder: str, following: str) -> None:
        card = self.pile.pop()
        buy = Buy(player=buyer, card=card, **_at())
        self._refuse(verify_buy(buy, last_discarder=discarder, turn_over=True,
                                next_player=following, pile_top=card, rules=self.rules)
                     + verify_take(buy, opened_before=turn.opened_before, rules=self.rules))
        self.events.append(buy)
        self.hands[buyer][card] += 1
        self.taken[buyer].append(card)
        turn.buy, turn.taken, turn.take_event = buy, card, buy
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
