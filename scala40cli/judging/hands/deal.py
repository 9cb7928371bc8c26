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
from typing import Final

from scala40cli.judging.hands.phases import Kind
from scala40cli.judging.rulebook.rules import Rules, UpcardJoker
from scala40cli.judging.tabletop.findings import Finding, Flag, said_name
from scala40cli.model.card_counts import card_counts, count_cards, full_deck, no_cards
from scala40cli.model.cards import JOKER, Card
from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Deal, Dealer, Event, Stock, Upcard


def upcard_returned(upcard: Card, rules: Rules) -> bool:
    """``upcard_joker=returned``: a joker turned up goes back into the stock and the
    dealer turns another card (the referee expects a second upcard line; the
    simulator's dealer does it)."""
    return upcard.is_joker and rules.upcard_joker is UpcardJoker.RETURNED


HAND_SIZE: Final = 13


def game_deck(rules: Rules) -> Counter[Card]:
    """The deck a hand is dealt from: two packs, with the ``jokers`` the rules say
    (the referee counts the cards out of it, the simulator shuffles it)."""
    return full_deck(rules.jokers)


#: The deck of each number of jokers as a plain dict, made once: every hand's deal is
#: counted out of a copy of it (a dict copy, in C), not out of a deck made anew.
_DECKS: Final[dict[int, dict[Card, int]]] = {}


def _deck_counts(jokers: int) -> dict[Card, int]:
    """:func:`game_deck`'s counts for ``jokers``, shared: copy them before a change."""
    deck = _DECKS.get(jokers)
    if deck is None:
        deck = _DECKS[jokers] = dict(full_deck(jokers))
    return deck


def card_codes(cards: Sequence[Card]) -> str:
    """Cards as written in logs, for messages."""
    return " ".join(c.code for c in cards)


class Dealt:
    """The table when play starts.

    A plain class, made for every hand: compiled, its constructor is native, where a
    dataclass's is generated Python that sets each field in turn."""

    def __init__(self, *, dealer: str | None, hands: dict[str, Counter[Card]],
                 order: tuple[str, ...], stock: Counter[Card], stock_order: list[Card] | None,
                 discard_pile: list[Card], reentered: tuple[str, ...] = (),
                 unknown: dict[str, int] | None = None,
                 doubts: dict[str, Problem] | None = None, pile_doubt: Problem | None = None,
                 stock_doubt: Problem | None = None, ignored_stock: Stock | None = None
                 ) -> None:
        self.dealer = dealer
        self.hands = hands
        #: The players dealt in, in the order of the Players tag.
        self.order = order
        self.stock = stock
        #: The stock's order when a stock line gave it (top card last, for ``pop``).
        self.stock_order = stock_order
        self.discard_pile = discard_pile
        #: Eliminated players dealt in again (``reentry=yes``).
        self.reentered = reentered
        #: Cards of each hand the log does not know (``?``, or a missing or short
        #: deal); negative when a deal line shows more cards than the player was dealt.
        self.unknown: dict[str, int] = {} if unknown is None else unknown
        #: Players whose hand is uncertain because of a reported problem of the deal.
        self.doubts: dict[str, Problem] = {} if doubts is None else doubts
        #: A problem of the deal that leaves the discard pile or the stock uncertain.
        self.pile_doubt = pile_doubt
        self.stock_doubt = stock_doubt
        #: A stock line in a log with unknown cards (``?``), which cannot list the
        #: stock: it is ignored, and the gate reports it out of place.
        self.ignored_stock = ignored_stock


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
        #: D28: players whose match total is uncertain since a reported problem, with
        #: it: whether they are still in, so dealt in, follows from that problem.
        self.doubted_totals: dict[str, Problem] = {}
        #: The dealers the rotation would name had one of those totals gone the other
        #: way, each with that problem.
        self.doubted_dealers: dict[str, Problem] = {}
        #: Of those, the ones dealt in while the referee has them out (most likely
        #: never out), and the ones it has in that are not dealt and do not play (most
        #: likely out): the match's standings follow the table (D28).
        self.restored: list[str] = []
        self.withdrawn: list[str] = []
        self.rules = rules
        self.flag = flag
        self.dealer: str | None = None
        self.dealer_line: Dealer | None = None
        #: Deal lines that name nobody of the game, kept in case one player lacks a deal.
        self.strays: list[Deal] = []
        self.hands: dict[str, Counter[Card]] = {}
        self.unknown: dict[str, int] = {}
        #: A deal line wrote ``?`` (format 1.1): the stock cannot be listed then.
        self.written_unknown = False
        self.doubts: dict[str, Problem] = {}
        self.pile_doubt: Problem | None = None
        self.stock_doubt: Problem | None = None
        #: The deck less the cards dealt so far: a plain dict, as every card dealt is
        #: counted out of it (a dict subclass would cost a Python-level slot each time).
        self.unseen: dict[Card, int] = dict(_deck_counts(rules.jokers))
        self.upcard: Card | None = None
        self.joker_upcard: Upcard | None = None
        self.stock_line: Stock | None = None
        #: Each line of the deal counted out of the deck, and its cards (where the other
        #: copies of a card beyond the deck are, for D007's message).
        self.counted: list[tuple[int, Sequence[Card]]] = []
        #: A line of the deal that could not be read: a deal, dealer or upcard line
        #: missing may be that line, so is a note of it (D28).
        self.unread: Problem | None = None

    def on_dealer(self, event: Dealer) -> None:
        """Decision D20 (docs/decisions.md): the dealer written is taken as fact, and
        checked against rotation."""
        self.dealer_line = event
        if event.player not in self.game_players:
            self.flag(Finding(Code.UNKNOWN_PLAYER, event,
                              f"{said_name(event.player)} is not a player of this game"),
                      event.player)
            return
        self.dealer = event.player
        if self.expected_dealer is not None and event.player != self.expected_dealer:
            self.flag(Finding(Code.WRONG_DEALER, event, f"the dealer of hand {self.number} is "
                              f"{self.expected_dealer}, not {event.player}"), None,
                      self.doubted_dealers.get(event.player))

    def on_deal(self, event: Deal) -> None:
        player = event.player
        known = [c for c in event.cards if c is not None]
        if player not in self.game_players:
            self.flag(Finding(Code.UNKNOWN_PLAYER, event,
                              f"{said_name(player)} is not a player of this game"), player)
            self._count_out(event, known, None)
            self.strays.append(event)
            return
        if player in self.hands:
            self.flag(Finding(Code.DEAL_PLAYER, event, f"{player} was already dealt"), player)
            return
        if player not in self.still_in:
            refusal = self.reentry.get(player, "")
            doubt = self.doubted_totals.get(player)
            if refusal is not None:
                self.flag(Finding(Code.BAD_REENTRY, event, f"{player} cannot re-enter: {refusal}")
                          if refusal else
                          Finding(Code.DEAL_PLAYER, event, f"{player} is out of the match"),
                          player, doubt)
                if doubt is None:
                    return
            (self.reentered if refusal is None else self.restored).append(player)
        self._set_hand(player, event, known)
        if len(event.cards) != HAND_SIZE:
            # The most likely table: the player holds 13 cards, the line lacks some
            # (unknown ones) or shows some they do not hold (D28).
            self.doubts[player] = self.flag(
                Finding(Code.DEAL_SIZE, event,
                        f"{player} is dealt {len(event.cards)} cards, not {HAND_SIZE}"), player)
            self.unknown[player] += max(0, HAND_SIZE - len(event.cards))
        extra = self._count_out(event, known, player)
        if extra is not None:
            self.doubts.setdefault(player, extra)

    def _set_hand(self, player: str, event: Deal, known: Sequence[Card]) -> None:
        """The known cards of a deal line (``known``), and how many it leaves unknown
        (``?``)."""
        unknown = len(event.cards) - len(known)
        self.written_unknown = self.written_unknown or unknown > 0
        self.hands[player] = count_cards(known)
        self.unknown[player] = unknown

    def on_upcard(self, event: Upcard) -> None:
        """A joker upcard goes back into the stock and another card is turned
        (``upcard_joker=returned``): the log then has a second upcard line."""
        self.joker_upcard = None
        self.upcard = event.card
        extra = self._count_out(event, (event.card,), None)
        if extra is not None:
            self.pile_doubt = extra
        if upcard_returned(event.card, self.rules):
            self.unseen[JOKER] = self.unseen.get(JOKER, 0) + 1
            self.joker_upcard = event

    def on_stock(self, event: Stock) -> None:
        self.stock_line = event

    def has(self, kind: Kind) -> bool:
        """The deal has its one line of ``kind`` already: a dealer line, a stock line,
        an upcard (but a joker turned up and returned, which another card replaces)."""
        if kind is Kind.DEALER:
            return self.dealer_line is not None
        if kind is Kind.STOCK:
            return self.stock_line is not None
        return kind is Kind.UPCARD and self.upcard is not None and self.joker_upcard is None

    def empty(self) -> bool:
        """Nothing of the deal is written but maybe its dealer (a score-only hand)."""
        return not self.hands and not self.strays and self.upcard is None \
            and self.stock_line is None

    def complete(self) -> bool:
        """Every player still in is dealt and the upcard is turned."""
        dealt = all(player in self.hands for player in self.still_in)
        return dealt and self.upcard is not None and self.joker_upcard is None

    def _count_out(self, event: Event, cards: Sequence[Card], player: str | None
                   ) -> Problem | None:
        """Count the cards out of the deck; the problem of those beyond their copies."""
        extra: list[Card] = []
        unseen = self.unseen
        for c in cards:
            left = unseen.get(c, 0)
            if left > 0:
                unseen[c] = left - 1
            else:
                extra.append(c)
        self.counted.append((event.line, cards))
        if extra:
            where = "; ".join(f"{card} also on {self._lines_of(card, event.line)}"
                              for card in dict.fromkeys(extra))
            return self.flag(Finding(Code.TOO_MANY_COPIES, event,
                                     f"more copies than the deck holds: {card_codes(extra)} "
                                     f"({where})"), player)
        return None

    def _lines_of(self, card: Card, line: int) -> str:
        """The lines of the deal holding the other copies of ``card`` (``line``, the
        line being judged, when it holds more than one itself)."""
        lines = [at for at, cards in self.counted if card in cards
                 and (at != line or list(cards).count(card) > 1)]
        found = list(dict.fromkeys(lines)) or [line]
        return f"line {found[0]}" if len(found) == 1 else \
            f"lines {', '.join(map(str, found[:-1]))} and {found[-1]}"

    def close(self, playing: Callable[[], frozenset[str]] = frozenset) -> Dealt:
        """Play starts: report what the deal lacks (at the ``hand`` line) and set the table.

        A player without a deal line who plays in the hand (``playing()``, asked only
        then: it reads the rest of the hand) was most likely dealt 13 cards the log does
        not show; one who does not play sits the hand out.
        """
        start, number = self.start, self.number
        dealer = self.dealer
        if self.dealer_line is None:
            self.flag(Finding(Code.MISSING_DEALER, start,
                              f"hand {number} has no dealer line"), None, self.unread)
        if dealer is None:
            dealer = self.expected_dealer
        undealt = [player for player in self.still_in if player not in self.hands]
        if len(undealt) == 1 and len(self.strays) == 1:
            # A deal under a misspelt name (reported) is the deal of the one player
            # without one: judging it so keeps the rest of the hand meaningful.
            stray = self.strays[0]
            self._set_hand(undealt.pop(), stray, [c for c in stray.cards if c is not None])
        players = playing() if undealt else frozenset()
        for player in undealt:
            # The most likely table: the player was dealt 13 cards the log does not show.
            self.doubts[player] = self.flag(
                Finding(Code.MISSING_DEAL, start,
                        f"{player} is not dealt in hand {number}"), player,
                self.unread or self.doubted_totals.get(player))
            if player in players:
                self.hands[player], self.unknown[player] = no_cards(), HAND_SIZE
            elif player in self.doubted_totals:
                self.withdrawn.append(player)
        pile = [self.upcard] if self.upcard is not None else []
        if self.upcard is None:
            self.flag(Finding(Code.MISSING_UPCARD, start, f"hand {number} has no upcard"), None,
                      self.unread)
        if self.joker_upcard is not None:
            self.flag(Finding(Code.UPCARD_JOKER, self.joker_upcard,
                              "a joker upcard goes back into the stock and another card is "
                              "turned up"),
                      None)
            self.unseen[JOKER] = self.unseen.get(JOKER, 0) - 1
        stock, stock_order = self._stock()
        order = tuple(p for p in self.seats if p in self.hands)
        return Dealt(dealer=dealer, hands=self.hands, order=order, stock=stock,
                     stock_order=stock_order, discard_pile=pile, reentered=tuple(self.reentered),
                     unknown=self.unknown, doubts=self.doubts, pile_doubt=self.pile_doubt,
                     stock_doubt=self.stock_doubt,
                     ignored_stock=self.stock_line if self.written_unknown else None)

    def _stock(self) -> tuple[Counter[Card], list[Card] | None]:
        """The stock: what the deal left of the deck, or the stock line checked against it.

        While cards of the hands are unknown, the stock's contents are not: the Counter
        is then every card not seen yet (the stock and the unknown cards together).
        """
        left = card_counts({c: n for c, n in self.unseen.items() if n > 0})
        line = self.stock_line
        if line is None:
            return left, None
        if self.written_unknown:  # no place for it: see Dealt.ignored_stock
            return left, None
        stock = count_cards(line.cards)
        hidden = sum(self.unknown.values())
        if hidden and stock <= left and (left - stock).total() == hidden:
            return stock, list(reversed(line.cards))  # the cards of a missing deal
        if dict.__ne__(stock, left):  # (both hold positive counts only: as dicts, faster)
            missing = card_codes(sorted((left - stock).elements(), key=str))
            extra = card_codes(sorted((stock - left).elements(), key=str))
            parts = (f"missing {missing}" if missing else "", f"extra {extra}" if extra else "")
            earlier = next(iter(self.doubts.values()), self.pile_doubt)
            self.stock_doubt = self.flag(
                Finding(Code.DECK_MISMATCH, line, "the deal, upcard and stock are not exactly "
                        f"the deck: {'; '.join(p for p in parts if p)}"), None, earlier)
        return stock, list(reversed(line.cards))
