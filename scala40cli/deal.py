"""The deal of one hand: dealer, deal lines, upcard and stock, checked line by line.

:class:`DealChecker` takes the setup lines of a hand as they come. When the first event
of play arrives, :meth:`DealChecker.close` reports what is missing (at the ``hand``
line), settles the stock and returns the :class:`Dealt` table the turns start from.
Cards are counted out of a full deck as they are dealt, so a card beyond its copies is
reported on the very line that shows it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import JOKER, Card, full_deck
from .events import Deal, Dealer, Event, Stock, Upcard
from .rules import Rules, UpcardJoker
from .violations import Code

#: ``flag(code, event, message, player)`` records a violation.
Flag = Callable[[Code, Event, str, str | None], None]

HAND_SIZE = 13


def card_codes(cards: Sequence[Card]) -> str:
    """Cards as written in logs, for messages."""
    return " ".join(c.code for c in cards)


@dataclass(slots=True)
class Dealt:
    """The table when play starts."""

    dealer: str | None
    hands: dict[str, Counter[Card]]
    #: The players dealt in, in the order of the Players tag.
    order: tuple[str, ...]
    stock: Counter[Card]
    #: The stock's order when a stock line gave it (top card last, for ``pop``).
    stock_order: list[Card] | None
    discard_pile: list[Card]
    #: Eliminated players dealt in again (``reentry=yes``).
    reentered: tuple[str, ...] = ()


class DealChecker:
    """Judges the setup lines of a hand (see the module docstring)."""

    def __init__(self, *, number: int, start: Event, still_in: Sequence[str],
                 game_players: Sequence[str], expected_dealer: str | None, rules: Rules,
                 flag: Flag, reentry: dict[str, str | None] | None = None) -> None:
        self.number = number
        self.start = start
        self.still_in = tuple(still_in)
        self.game_players = frozenset(game_players)
        self.seats = tuple(game_players)
        #: Eliminated players -> None if they may re-enter now, else why not (reentry=yes).
        self.reentry = reentry or {}
        self.reentered: list[str] = []
        self.expected_dealer = expected_dealer
        self.rules = rules
        self.flag = flag
        self.dealer: str | None = None
        self.dealer_line: Dealer | None = None
        #: Deal lines that name nobody of the game, kept in case one player lacks a deal.
        self.strays: list[Deal] = []
        self.hands: dict[str, Counter[Card]] = {}
        self.unseen: Counter[Card] = full_deck(rules.jokers)
        self.upcard: Card | None = None
        self.joker_upcard: Upcard | None = None
        self.stock_line: Stock | None = None

    def on_dealer(self, event: Dealer) -> None:
        """Decision D20 (docs/decisions.md): the dealer written is taken as fact, and
        checked against rotation."""
        if self.dealer_line is not None:
            self.flag(Code.OUT_OF_PLACE, event, "a second dealer line", None)
            return
        self.dealer_line = event
        if event.player not in self.game_players:
            self.flag(Code.UNKNOWN_PLAYER, event, f"{event.player} is not a player of this game",
                      None)
            return
        self.dealer = event.player
        if self.expected_dealer is not None and event.player != self.expected_dealer:
            self.flag(Code.WRONG_DEALER, event, f"the dealer of hand {self.number} is "
                      f"{self.expected_dealer}, not {event.player}", None)

    def on_deal(self, event: Deal) -> None:
        player = event.player
        if player not in self.game_players:
            self.flag(Code.UNKNOWN_PLAYER, event, f"{player} is not a player of this game", None)
            self._count_out(event, event.cards, None)
            self.strays.append(event)
            return
        if player in self.hands:
            self.flag(Code.DEAL_PLAYER, event, f"{player} was already dealt", player)
            return
        if player not in self.still_in:
            if player not in self.reentry:
                self.flag(Code.DEAL_PLAYER, event, f"{player} is out of the match", player)
                return
            refusal = self.reentry[player]
            if refusal is not None:
                self.flag(Code.BAD_REENTRY, event, f"{player} cannot re-enter: {refusal}",
                          player)
                return
            self.reentered.append(player)
        if len(event.cards) != HAND_SIZE:
            self.flag(Code.DEAL_SIZE, event,
                      f"{player} is dealt {len(event.cards)} cards, not {HAND_SIZE}", player)
        self._count_out(event, event.cards, player)
        self.hands[player] = Counter(event.cards)

    def on_upcard(self, event: Upcard) -> None:
        """A joker upcard goes back into the stock and another card is turned
        (``upcard_joker=returned``): the log then has a second upcard line."""
        if self.upcard is not None and self.joker_upcard is None:
            self.flag(Code.OUT_OF_PLACE, event, "a second upcard, where no joker was turned up",
                      None)
            return
        self.joker_upcard = None
        self.upcard = event.card
        self._count_out(event, (event.card,), None)
        if event.card.is_joker and self.rules.upcard_joker is UpcardJoker.RETURNED:
            self.unseen[JOKER] += 1
            self.joker_upcard = event

    def on_stock(self, event: Stock) -> None:
        if self.stock_line is not None:
            self.flag(Code.OUT_OF_PLACE, event, "a second stock line", None)
            return
        self.stock_line = event

    def complete(self) -> bool:
        """Every player still in is dealt and the upcard is turned."""
        dealt = all(player in self.hands for player in self.still_in)
        return dealt and self.upcard is not None and self.joker_upcard is None

    def _count_out(self, event: Event, cards: Sequence[Card], player: str | None) -> None:
        extra: list[Card] = []
        for c in cards:
            if self.unseen[c] > 0:
                self.unseen[c] -= 1
            else:
                extra.append(c)
        if extra:
            self.flag(Code.TOO_MANY_COPIES, event,
                      f"more copies than the deck holds: {card_codes(extra)}", player)

    def close(self) -> Dealt:
        """Play starts: report what the deal lacks (at the ``hand`` line) and set the table."""
        start, number = self.start, self.number
        dealer = self.dealer
        if self.dealer_line is None:
            self.flag(Code.MISSING_DEALER, start, f"hand {number} has no dealer line", None)
        if dealer is None:
            dealer = self.expected_dealer
        undealt = [player for player in self.still_in if player not in self.hands]
        if len(undealt) == 1 and len(self.strays) == 1:
            # A deal under a misspelt name (reported) is the deal of the one player
            # without one: judging it so keeps the rest of the hand meaningful.
            self.hands[undealt.pop()] = Counter(self.strays[0].cards)
        for player in undealt:
            self.flag(Code.MISSING_DEAL, start, f"{player} is not dealt in hand {number}",
                      player)
        pile = [self.upcard] if self.upcard is not None else []
        if self.upcard is None:
            self.flag(Code.MISSING_UPCARD, start, f"hand {number} has no upcard", None)
        if self.joker_upcard is not None:
            self.flag(Code.UPCARD_JOKER, self.joker_upcard,
                      "a joker upcard goes back into the stock and another card is turned up",
                      None)
            self.unseen[JOKER] -= 1
        stock, stock_order = self._stock()
        order = tuple(p for p in self.seats if p in self.hands)
        return Dealt(dealer=dealer, hands=self.hands, order=order, stock=stock,
                     stock_order=stock_order, discard_pile=pile, reentered=tuple(self.reentered))

    def _stock(self) -> tuple[Counter[Card], list[Card] | None]:
        """The stock: what the deal left of the deck, or the stock line checked against it."""
        left = +self.unseen
        line = self.stock_line
        if line is None:
            return left, None
        stock = Counter(line.cards)
        if stock != left:
            missing = card_codes(sorted((left - stock).elements(), key=str))
            extra = card_codes(sorted((stock - left).elements(), key=str))
            parts = (f"missing {missing}" if missing else "", f"extra {extra}" if extra else "")
            self.flag(Code.DECK_MISMATCH, line, "the deal, upcard and stock are not exactly "
                      f"the deck: {'; '.join(p for p in parts if p)}", None)
        return stock, list(reversed(line.cards))
