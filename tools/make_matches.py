#!/usr/bin/env python3
"""Generate complete, legal Scala 40 matches (classic rules) as `.s40` game logs.

This is an independent implementation of the classic rules, written to produce test
fixtures for the referee: it must not import anything from ``scala40cli``.  Simple
bots play against each other; the program writes the log (with the full stock of
every hand), the penalties it computed itself (``score`` lines) and expectation
comments at the end of each game::

    ; expect closing 1 normal
    ; expect ok
    ; expect winner Anna
    ; expect totals Anna 37 Bruno 112
    ; expect eliminated Bruno 4

Usage::

    python tools/make_matches.py --players 3 --seed 7 --out game.s40
    python tools/make_matches.py --players 2 --seed 1 --rig-in-one-go
    python tools/make_matches.py --players 4 --seed 1 --require swap --max-hands 3
    python tools/make_matches.py --check fixtures/legal/*.s40

Classic rules, as implemented (see /work/shared/spec):
  108 cards (2 x 52 + 4 jokers), 13 cards each; the upcard starts the discard pile, a
  joker upcard goes back into the stock (at a random place, never on top) and another
  card is turned; the player after the dealer starts; the deal passes to the next
  player still in the match.  A turn: draw the stock top, or take the discard top
  (before opening: only if that card is in the opening melds laid that turn; after
  opening: only if it reaches the table that turn; never discard it), then melds /
  attaches / swaps, then exactly one discard.  A hand may never be emptied by laying
  down.  Sets: 3-4 cards of one rank, distinct suits.  Runs: 3-14 cards of one suit,
  ace low (A-2-3) or high (Q-K-A), no wrap, never two natural aces.  One joker a meld
  at most.  Opening: the melds laid in one turn worth >= 40 (set: rank value x cards,
  ace 11; run by position: low ace 1, high ace 11, J Q K 10, joker as the card it
  stands for).  No attach/swap before opening.  Stock exhausted: the discard pile but
  its top becomes the stock once (``reshuffle``); when that stock runs out, the hand
  ends void at the end of that turn (unless its discard closed).  Scoring: closer 0,
  others their cards (ace 11, J Q K 10, joker 25) or 100 if never opened this hand,
  all doubled when the closer opened and closed in the same turn; >= 101 eliminated;
  the last player left wins.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from collections.abc import Iterable
from itertools import combinations

# --------------------------------------------------------------------------- cards

SUITS = "SHDC"
RANK_NAMES = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8",
              9: "9", 10: "10", 11: "J", 12: "Q", 13: "K"}
RANK_OF = {v: k for k, v in RANK_NAMES.items()}
RANK_OF["T"] = 10
JK = "JK"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

OPENING_POINTS = 40
ELIMINATION = 101
UNOPENED_PENALTY = 100
KEYWORDS = {"hand", "dealer", "deal", "upcard", "stock", "reshuffle", "score", "draw",
            "take", "meld", "attach", "swap", "discard", "to", "in"}
DEFAULT_NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def card(r: int, s: str) -> str:
    return RANK_NAMES[r] + s


def rank(c: str) -> int:
    return RANK_OF[c[:-1]]


def suit(c: str) -> str:
    return c[-1]


def pos_code(s: str, p: int) -> str:
    """The card standing at run position p (1 = low ace, 14 = high ace)."""
    return card(1 if p == 14 else p, s)


def normalize(tok: str) -> str | None:
    """A card token of the log as a canonical code ('10S', 'AS', 'JK'), or None."""
    t = tok.strip().upper()
    if t in ("JK", "*"):
        return JK
    if not t:
        return None
    s = SUIT_SYMBOLS.get(t[-1], t[-1])
    r = t[:-1]
    if s not in SUITS or r not in RANK_OF:
        return None
    return card(RANK_OF[r], s)


def penalty(c: str) -> int:
    """Penalty of a card left in hand: joker 25, ace 11, J Q K 10, others face value."""
    if c == JK:
        return 25
    r = rank(c)
    if r == 1:
        return 11
    return 10 if r >= 11 else r


def set_rank_value(r: int) -> int:
    return 11 if r == 1 else (10 if r >= 11 else r)


def run_pos_value(p: int) -> int:
    if p == 1:
        return 1
    if p == 14:
        return 11
    return 10 if p >= 11 else p


def sort_key(c: str) -> tuple[int, int]:
    if c == JK:
        return (9, 0)
    return (SUITS.index(suit(c)), rank(c))


def full_deck() -> list[str]:
    return [card(r, s) for s in SUITS for r in range(1, 14)] * 2 + [JK] * 4


# --------------------------------------------------------------------------- melds


class SetMeld:
    kind = "set"

    def __init__(self, r: int, suits: Iterable[str], joker: bool,
                 decl: str | None = None) -> None:
        self.rank = r
        self.suits = list(suits)
        self.joker = joker
        self.decl = decl  # the suit its joker declared, if any (only for the log)

    def copy(self) -> SetMeld:
        return SetMeld(self.rank, self.suits, self.joker, self.decl)

    def has_joker(self) -> bool:
        return self.joker

    def naturals(self) -> list[str]:
        return [card(self.rank, s) for s in self.suits]

    def size(self) -> int:
        return len(self.suits) + (1 if self.joker else 0)

    def valid(self) -> bool:
        return (len(set(self.suits)) == len(self.suits)
                and all(s in SUITS for s in self.suits)
                and 1 <= self.rank <= 13
                and 3 <= self.size() <= 4)

    def value(self) -> int:
        return set_rank_value(self.rank) * self.size()

    def missing_suits(self) -> list[str]:
        return [s for s in SUITS if s not in self.suits]

    def tokens(self) -> list[str]:
        toks = self.naturals()
        if self.joker:
            toks.append(JK if self.decl is None else f"JK({card(self.rank, self.decl)})")
        return toks

    def __repr__(self) -> str:
        return "Set(" + " ".join(self.tokens()) + ")"


class RunMeld:
    kind = "run"

    def __init__(self, s: str, lo: int, hi: int, jpos: int | None = None,
                 decl: bool = False) -> None:
        self.suit = s
        self.lo = lo
        self.hi = hi
        self.jpos = jpos
        self.decl = decl  # whether the log writes the joker as JK(card)

    def copy(self) -> RunMeld:
        return RunMeld(self.suit, self.lo, self.hi, self.jpos, self.decl)

    def has_joker(self) -> bool:
        return self.jpos is not None

    def naturals(self) -> list[str]:
        return [pos_code(self.suit, p) for p in range(self.lo, self.hi + 1) if p != self.jpos]

    def size(self) -> int:
        return self.hi - self.lo + 1

    def valid(self) -> bool:
        if self.suit not in SUITS or self.lo < 1 or self.hi > 14:
            return False
        if not 3 <= self.size() <= 14:
            return False
        if self.jpos is not None and not self.lo <= self.jpos <= self.hi:
            return False
        # A-2-...-K-A: never two natural aces, the joker must be one of the aces.
        return not (self.lo == 1 and self.hi == 14 and self.jpos not in (1, 14))

    def value(self) -> int:
        return sum(run_pos_value(p) for p in range(self.lo, self.hi + 1))

    def tokens(self) -> list[str]:
        out = []
        for p in range(self.lo, self.hi + 1):
            if p == self.jpos:
                out.append(f"JK({pos_code(self.suit, p)})" if self.decl else JK)
            else:
                out.append(pos_code(self.suit, p))
        return out

    def __repr__(self) -> str:
        return "Run(" + " ".join(self.tokens()) + ")"


def parse_token(tok: str) -> tuple[str, str | None] | None:
    """'7H' -> ('7H', None); 'JK' -> ('JK', None); 'JK(5S)' -> ('JK', '5S')."""
    m = re.fullmatch(r"(JK|\*)\((.+)\)", tok.strip(), re.IGNORECASE)
    if m:
        d = normalize(m.group(2))
        if d is None or d == JK:
            return None
        return (JK, d)
    c = normalize(tok)
    if c is None:
        return None
    return (c, None)


def meld_from_tokens(tokens: list[str]):  # -> Optional[SetMeld | RunMeld]
    """The meld written by these tokens, or None if it is not a legal meld.

    Runs must be written ascending; a joker stands where it is written and its
    declaration, if any, must be the card of that place.
    """
    items = [parse_token(t) for t in tokens]
    if any(i is None for i in items) or len(items) < 3:
        return None
    pairs: list[tuple[str, str | None]] = [i for i in items if i is not None]
    njok = sum(1 for c, _ in pairs if c == JK)
    if njok > 1:
        return None
    nats = [c for c, _ in pairs if c != JK]
    if len({rank(c) for c in nats}) == 1:
        r = rank(nats[0])
        suits = [suit(c) for c in nats]
        decl = None
        for c, d in pairs:
            if c == JK and d is not None:
                if rank(d) != r or suit(d) in suits:
                    return None
                decl = suit(d)
        sm = SetMeld(r, suits, njok == 1, decl)
        return sm if sm.valid() else None
    if len({suit(c) for c in nats}) != 1:
        return None
    s = suit(nats[0])
    for start in range(1, 15):
        hi = start + len(pairs) - 1
        if hi > 14:
            break
        jpos = None
        declared = False
        ok = True
        for i, (c, d) in enumerate(pairs):
            p = start + i
            want = pos_code(s, p)
            if c == JK:
                jpos = p
                if d is not None:
                    declared = True
                    if d != want:
                        ok = False
                        break
            elif c != want:
                ok = False
                break
        if ok:
            rm = RunMeld(s, start, hi, jpos, declared)
            if rm.valid():
                return rm
    return None


# ----------------------------------------------------------------- meld search


def candidate_melds(nat: Counter, njok: int) -> list:
    """Every meld that can be formed from these natural cards and jokers."""
    res: list = []
    by_rank: dict[int, list[str]] = {}
    for c in sorted(nat, key=sort_key):
        by_rank.setdefault(rank(c), [])
        if suit(c) not in by_rank[rank(c)]:
            by_rank[rank(c)].append(suit(c))
    for r in sorted(by_rank):
        suits = sorted(by_rank[r], key=SUITS.index)
        for k in (3, 4):
            for combo in combinations(suits, k):
                res.append(SetMeld(r, combo, False))
        if njok:
            for k in (2, 3):
                for combo in combinations(suits, k):
                    res.append(SetMeld(r, combo, True))
    for s in SUITS:
        have = [p for p in range(1, 15) if nat.get(pos_code(s, p), 0) > 0]
        if len(have) < 2:
            continue
        for lo in range(1, 13):
            for hi in range(lo + 2, 15):
                missing = [p for p in range(lo, hi + 1) if p not in have]
                if not missing:
                    rm = RunMeld(s, lo, hi)
                    if rm.valid():
                        res.append(rm)
                    if njok:
                        for jp in range(lo, hi + 1):
                            rm = RunMeld(s, lo, hi, jp)
                            if rm.valid():
                                res.append(rm)
                elif len(missing) == 1 and njok:
                    rm = RunMeld(s, lo, hi, missing[0])
                    if rm.valid():
                        res.append(rm)
    # a meld must be formable from the cards with their multiplicities
    out = []
    for m in res:
        need = Counter(m.naturals())
        if all(nat.get(c, 0) >= k for c, k in need.items()):
            out.append(m)
    return out


def find_partition(cards: list[str], min_value: int = 0, must_include: str | None = None,
                   forbid_last: str | None = None) -> list | None:
    """The best set of disjoint melds to lay from `cards`.

    Keeps at least one card in hand, and (forbid_last) at least one card of another
    code than the one just taken.  With min_value > 0 the melds must be worth that
    much (an opening); with must_include, one meld must contain a card of that code.
    Best = fewest cards left, then the lowest penalty left, then the highest value.
    Returns None when no non-empty set of melds qualifies.
    """
    nat = Counter(c for c in cards if c != JK)
    njok = cards.count(JK)
    cands = candidate_melds(nat, njok)
    if not cands:
        return None
    codes = sorted(nat, key=sort_key)
    order = {c: i for i, c in enumerate(codes)}
    by_first: dict[str, list] = {c: [] for c in codes}
    for m in cands:
        first = min(m.naturals(), key=order.__getitem__)
        by_first[first].append((m, Counter(m.naturals()), 1 if m.has_joker() else 0))
    avail = dict(nat)
    best: list = [None, None]
    chosen: list = []
    left: list[str] = []

    def evaluate(jokers: int) -> None:
        if not chosen:
            return
        leftover = left + [JK] * jokers
        if not leftover:
            return
        if forbid_last is not None and all(c == forbid_last for c in leftover):
            return
        value = sum(m.value() for m in chosen)
        if value < min_value:
            return
        if must_include is not None:
            if must_include == JK:
                if not any(m.has_joker() for m in chosen):
                    return
            elif not any(must_include in m.naturals() for m in chosen):
                return
        key = (len(leftover), sum(penalty(c) for c in leftover), -value)
        if best[0] is None or key < best[0]:
            best[0] = key
            best[1] = list(chosen)

    def rec(i: int, jokers: int) -> None:
        while i < len(codes) and avail[codes[i]] == 0:
            i += 1
        if i == len(codes):
            evaluate(jokers)
            return
        c = codes[i]
        for m, need, j in by_first[c]:
            if j > jokers:
                continue
            if all(avail[x] >= k for x, k in need.items()):
                for x, k in need.items():
                    avail[x] -= k
                chosen.append(m)
                rec(i, jokers - j)
                chosen.pop()
                for x, k in need.items():
                    avail[x] += k
        avail[c] -= 1
        left.append(c)
        rec(i, jokers)
        left.pop()
        avail[c] += 1

    rec(0, njok)
    if best[1] is None:
        return None
    return [m.copy() for m in best[1]]


# ----------------------------------------------------------- attach and swap


def attach_natural(m, c: str):
    """The meld after attaching natural card c, or None if it does not fit."""
    if m.kind == "set":
        if rank(c) != m.rank or suit(c) in m.suits or m.size() >= 4:
            return None
        n = m.copy()
        n.suits.append(suit(c))
        if n.decl is not None and n.decl in n.suits:
            n.decl = None  # set_joker_suit=any: the joker moves to another suit
        return n if n.valid() else None
    if suit(c) != m.suit:
        return None
    r = rank(c)
    n = m.copy()
    if r == 1:
        # an ace attached to a 2..K run could go at either end: it goes low
        if m.lo == 2:
            n.lo = 1
        elif m.hi == 13:
            n.hi = 14
        else:
            return None
    elif r == m.lo - 1:
        n.lo = r
    elif r == m.hi + 1:
        n.hi = r
    else:
        return None
    return n if n.valid() else None


def joker_places(m) -> list[int]:
    """Run positions where a joker could be attached."""
    if m.kind != "run" or m.has_joker():
        return []
    out = []
    for p in (m.hi + 1, m.lo - 1):
        if 1 <= p <= 14:
            n = m.copy()
            n.lo, n.hi = min(n.lo, p), max(n.hi, p)
            n.jpos = p
            if n.valid():
                out.append(p)
    return out


def attach_joker(m):
    """(new meld, token) for attaching a joker, or None."""
    if m.kind == "set":
        if m.joker or m.size() >= 4:
            return None
        n = m.copy()
        n.joker = True
        n.decl = None
        return (n, JK) if n.valid() else None
    places = joker_places(m)
    if not places:
        return None
    p = places[0]
    n = m.copy()
    n.lo, n.hi = min(n.lo, p), max(n.hi, p)
    n.jpos = p
    n.decl = True
    return n, f"JK({pos_code(m.suit, p)})", len(places)


def swap_cards(m) -> list[str]:
    """The natural cards that may replace this meld's joker."""
    if not m.has_joker():
        return []
    if m.kind == "set":
        return [card(m.rank, s) for s in m.missing_suits()]
    n = m.copy()
    n.jpos = None
    return [pos_code(m.suit, m.jpos)] if n.valid() else []


def do_swap(m, c: str):
    n = m.copy()
    if m.kind == "set":
        n.suits.append(suit(c))
        n.joker = False
        n.decl = None
    else:
        n.jpos = None
        n.decl = False
    assert n.valid()
    return n


# --------------------------------------------------------------------- the game


class Options:
    def __init__(self, take: bool = True, swap: bool = True,
                 passive_hands: Iterable[int] = (), rig_in_one_go: bool = False,
                 rig_upcard_joker: bool = False) -> None:
        self.take = take
        self.swap = swap
        self.passive_hands = set(passive_hands)
        self.rig_in_one_go = rig_in_one_go
        self.rig_upcard_joker = rig_upcard_joker


def remove_cards(hand: list[str], cards: Iterable[str]) -> None:
    for c in cards:
        hand.remove(c)  # raises if the card is not there


class HandPlay:
    """One hand, played by the bots; emits its log lines."""

    def __init__(self, rng: random.Random, players: list[str], dealer: str,
                 hand_no: int, opts: Options, features: set[str]) -> None:
        self.rng = rng
        self.players = players  # players of this hand, in the order of play of the list
        self.dealer = dealer
        self.hand_no = hand_no
        self.opts = opts
        self.features = features
        self.lines: list[str] = []
        self.hands: dict[str, list[str]] = {p: [] for p in players}
        self.opened: dict[str, bool] = {p: False for p in players}
        self.table: list = []
        self.stock: list[str] = []
        self.discard: list[str] = []
        self.reshuffled = False
        self.passive = hand_no in opts.passive_hands
        self.rigged_player: str | None = None  # draws on the first turn (--rig-in-one-go)

    # ---- dealing
    def deal(self) -> None:
        rng = self.rng
        n = len(self.players)
        di = self.players.index(self.dealer)
        order = [self.players[(di + 1 + k) % n] for k in range(n)]
        deck = full_deck()
        rigged: list[str] = []
        if self.opts.rig_in_one_go and self.hand_no == 1:
            rigged = self.rigged_hand()
            remove_cards(deck, rigged)
            self.rigged_player = order[0]
        upjoker = self.opts.rig_upcard_joker and self.hand_no == 1
        if upjoker:
            deck.remove(JK)
        rng.shuffle(deck)
        for p in order:
            if rigged and p == order[0]:
                self.hands[p] = list(rigged)
            else:
                self.hands[p] = [deck.pop(0) for _ in range(13)]
        upcards = []
        up = JK if upjoker else deck.pop(0)
        while up == JK:
            upcards.append(up)
            deck.insert(rng.randrange(1, len(deck) + 1), up)  # back into the stock
            up = deck.pop(0)
        upcards.append(up)
        self.stock = deck
        self.discard = [up]
        if len(upcards) > 1:
            self.features.add("upcard_joker")
        self.lines.append(f"hand {self.hand_no}")
        self.lines.append(f"dealer {self.dealer}")
        for p in self.players:
            self.lines.append(f"deal {p} " + " ".join(sorted(self.hands[p], key=sort_key)))
        for u in upcards:
            self.lines.append(f"upcard {u}")
        self.lines.append("stock " + " ".join(self.stock))
        dealt = [c for p in self.players for c in self.hands[p]]
        assert Counter(dealt + self.stock + self.discard) == Counter(full_deck())

    def rigged_hand(self) -> list[str]:
        """13 cards that are melds worth >= 40: the first player can close in one go."""
        rng = self.rng
        s1, s2 = rng.sample(SUITS, 2)
        cards = [card(r, s1) for r in (11, 12, 13, 1)]          # J Q K A: 41
        lo = rng.randint(2, 6)
        cards += [card(r, s2) for r in range(lo, lo + 3)]       # a short run
        x = rng.randint(7, 10)
        cards += [card(x, s) for s in rng.sample(SUITS, 3)]     # a set
        y = rng.randint(2, 6)
        cards += [card(y, s) for s in rng.sample(SUITS, 3)]     # another set
        assert len(cards) == 13
        return cards

    # ---- helpers
    def emit(self, line: str) -> None:
        self.lines.append(line)

    def lay(self, p: str, m) -> None:
        hand = self.hands[p]
        remove_cards(hand, m.naturals() + ([JK] if m.has_joker() else []))
        assert hand, "a hand may never be emptied by laying down"
        assert m.valid()
        if m.has_joker():
            # how the joker is written: declared or not
            if m.kind == "set":
                m.decl = self.rng.choice(m.missing_suits()) if self.rng.random() < 0.5 else None
            else:
                m.decl = self.rng.random() < 0.5
        self.table.append(m)
        toks = m.tokens()
        if m.kind == "set" and len(toks) > 1 and self.rng.random() < 0.5:
            self.rng.shuffle(toks)  # a set may be written in any order
        self.emit(f"{p} meld " + " ".join(toks))

    def keeps_a_discard(self, hand: list[str], removed: list[str], added: Iterable[str] = (),
                        forbid: str | None = None) -> bool:
        rest = list(hand)
        remove_cards(rest, removed)
        rest += list(added)
        if not rest:
            return False
        return not (forbid is not None and all(c == forbid for c in rest))

    # ---- a turn
    def turn(self, p: str) -> str | None:
        """Play p's turn. Returns None, or how the hand ended: 'normal', 'in_one_go', 'void'."""
        if not self.stock:
            assert not self.reshuffled
            top = self.discard[-1]
            new = self.discard[:-1]
            self.rng.shuffle(new)
            self.stock = new
            self.discard = [top]
            self.reshuffled = True
            self.features.add("reshuffle")
            self.emit("reshuffle")
            assert self.stock, "reshuffle gave an empty stock"
        hand = self.hands[p]
        opened_before = self.opened[p]
        top = self.discard[-1]
        took: str | None = None
        plan = None
        use = None
        if self.opts.take and not self.passive and p != self.rigged_player:
            if not opened_before:
                plan = find_partition([*hand, top], OPENING_POINTS, must_include=top,
                                      forbid_last=top)
                if plan is not None:
                    took = top
            else:
                use = self.take_use(p, top)
                if use is not None:
                    took = top
        if took is not None:
            self.discard.pop()
            hand.append(took)
            self.emit(f"{p} take {took}")
            self.features.add("take_to_open" if not opened_before else "take_after_open")
        else:
            c = self.stock.pop(0)
            hand.append(c)
            self.emit(f"{p} draw {c}")
        if not self.passive:
            if not opened_before:
                if plan is None:
                    plan = find_partition(hand, OPENING_POINTS)
                if plan is not None:
                    assert sum(m.value() for m in plan) >= OPENING_POINTS
                    for m in plan:
                        self.lay(p, m)
                    self.opened[p] = True
            elif use is not None:
                kind, arg = use
                if kind == "attach":
                    self.attach(p, arg, [took])
                else:
                    for m in arg:
                        self.lay(p, m)
            if self.opened[p]:
                self.improve(p, took)
        c = self.choose_discard(hand, took)
        hand.remove(c)
        self.discard.append(c)
        self.emit(f"{p} discard {c}")
        if not hand:
            if not opened_before:
                self.features.add("in_one_go")
                return "in_one_go"
            return "normal"
        if self.reshuffled and not self.stock:
            self.features.add("void")
            return "void"
        return None

    def take_use(self, p: str, top: str):
        """After opening: how the discard top would reach the table at once, or None."""
        hand = self.hands[p]
        if not any(c != top for c in hand):
            return None
        for i, m in enumerate(self.table):
            if (attach_joker(m) if top == JK else attach_natural(m, top)) is not None:
                return ("attach", i)
        plan = find_partition([*hand, top], must_include=top, forbid_last=top)
        if plan is not None:
            return ("melds", plan)
        return None

    def attach(self, p: str, i: int, cards: list[str]) -> None:
        """Attach cards (naturals, or one joker) from p's hand to table meld i."""
        m = self.table[i]
        toks = []
        if cards == [JK]:
            res = attach_joker(m)
            assert res is not None
            if m.kind == "set":
                n, tok = res
            else:
                n, tok, nplaces = res
                if nplaces == 1 and self.rng.random() < 0.5:
                    tok = JK  # only one place: the declaration may be left out
                    n.decl = False
            toks = [tok]
        else:
            n = m
            for c in cards:
                if n.kind == "set" and n.decl == suit(c):
                    self.features.add("set_joker_moved")  # set_joker_suit=any
                n = attach_natural(n, c)
                assert n is not None
            toks = sorted(cards, key=sort_key)
            if len(cards) > 1:
                self.features.add("group_attach")
        remove_cards(self.hands[p], cards)
        assert self.hands[p]
        self.table[i] = n
        self.emit(f"{p} attach {' '.join(toks)} to {i + 1}")

    def improve(self, p: str, forbid: str | None) -> None:
        """An opened player lays what they can: swaps, new melds, attaches."""
        hand = self.hands[p]
        while True:
            if self.opts.swap and self.try_swap(p, forbid):
                continue
            plan = find_partition(hand, forbid_last=forbid)
            if plan:
                for m in plan:
                    self.lay(p, m)
                continue
            if self.try_attach(p, forbid):
                continue
            break

    def try_swap(self, p: str, forbid: str | None) -> bool:
        hand = self.hands[p]
        for i, m in enumerate(self.table):
            for c in swap_cards(m):
                if c in hand and self.keeps_a_discard(hand, [c], [JK], forbid):
                    if m.kind == "set" and m.decl is not None and m.decl != suit(c):
                        self.features.add("set_swap_other_suit")  # set_joker_suit=any
                    self.table[i] = do_swap(m, c)
                    hand.remove(c)
                    hand.append(JK)
                    self.emit(f"{p} swap {c} in {i + 1}")
                    self.features.add("swap")
                    self.features.add("swap_" + m.kind)
                    return True
        return False

    def try_attach(self, p: str, forbid: str | None) -> bool:
        hand = self.hands[p]
        for c in sorted(set(hand) - {JK}, key=sort_key):
            for i, m in enumerate(self.table):
                n = attach_natural(m, c)
                if n is None or not self.keeps_a_discard(hand, [c], (), forbid):
                    continue
                group = [c]
                if m.kind == "run" and rank(c) != 1:
                    # more cards of the hand extending the same run, in one attach line
                    rest = list(hand)
                    rest.remove(c)
                    grew = True
                    while grew:
                        grew = False
                        for d in sorted(set(rest) - {JK}, key=sort_key):
                            if rank(d) == 1:
                                continue
                            n2 = attach_natural(n, d)
                            if n2 is not None and self.keeps_a_discard(hand, [*group, d], (),
                                                                       forbid):
                                n = n2
                                group.append(d)
                                rest.remove(d)
                                grew = True
                                break
                self.attach(p, i, group)
                return True
        if JK in hand and self.keeps_a_discard(hand, [JK], (), forbid):
            for i, m in enumerate(self.table):
                if attach_joker(m) is not None:
                    self.attach(p, i, [JK])
                    return True
        return False

    def choose_discard(self, hand: list[str], forbid: str | None) -> str:
        pool = [c for c in hand if c != forbid]
        assert pool
        naturals = [c for c in pool if c != JK]
        if naturals:
            pool = naturals

        def badness(c: str) -> tuple[int, tuple[int, int]]:
            if c == JK:
                return (-100, sort_key(c))
            r, s = rank(c), suit(c)
            links = 0
            others = list(hand)
            others.remove(c)
            for o in others:
                if o == JK:
                    continue
                ro, so = rank(o), suit(o)
                if ro == r and so != s:
                    links += 1
                elif so == s and ro != r:
                    d = abs(ro - r)
                    d = min(d, abs((14 if ro == 1 else ro) - (14 if r == 1 else r)))
                    if d <= 2:
                        links += 1
            return (penalty(c) - 6 * links, sort_key(c))

        return max(pool, key=badness)

    # ---- the whole hand
    def play(self) -> tuple[str | None, str, dict[str, int]]:
        """Deal and play; returns (closer, closing kind, penalties)."""
        self.deal()
        n = len(self.players)
        di = self.players.index(self.dealer)
        k = 0
        while True:
            p = self.players[(di + 1 + k) % n]
            kind = self.turn(p)
            if kind is not None:
                break
            k += 1
            assert k < 10000
        if kind == "void":
            return None, kind, {q: 0 for q in self.players}
        closer = p
        pens = {}
        for q in self.players:
            if q == closer:
                pens[q] = 0
            elif not self.opened[q]:
                pens[q] = UNOPENED_PENALTY
            else:
                pens[q] = sum(penalty(c) for c in self.hands[q])
            if kind == "in_one_go":
                pens[q] *= 2
        return closer, kind, pens


def quote(name: str) -> str:
    return '"' + name + '"'


def play_match(players: list[str], seed: int, opts: Options,
               max_hands: int | None = None, event: str | None = None
               ) -> tuple[list[str], set[str]]:
    """Play a match; returns the log lines of this game and the features seen."""
    rng = random.Random(seed)
    features: set[str] = set()
    lines = [
        f'[Event "{event or f"make_matches seed {seed}"}"]',
        "[Players " + " ".join(quote(p) for p in players) + "]",
        '[Rules "classic"]',
        "",
    ]
    totals = {p: 0 for p in players}
    alive = list(players)
    eliminated: list[tuple[str, int]] = []
    closings: list[tuple[int, str]] = []
    dealer = rng.choice(players)
    hand_no = 0
    while len(alive) > 1 and (max_hands is None or hand_no < max_hands):
        hand_no += 1
        if hand_no > 1:
            i = players.index(dealer)
            for k in range(1, len(players) + 1):
                q = players[(i + k) % len(players)]
                if q in alive:
                    dealer = q
                    break
        hp = HandPlay(rng, list(alive), dealer, hand_no, opts, features)
        _closer, kind, pens = hp.play()
        lines += hp.lines
        lines.append("score " + " ".join(f"{p} {pens[p]}" for p in alive))
        lines.append("")
        closings.append((hand_no, kind))
        for p in alive:
            totals[p] += pens[p]
        out = [p for p in alive if totals[p] >= ELIMINATION]
        for p in out:
            eliminated.append((p, hand_no))
        alive = [p for p in alive if p not in out]
        assert alive, "the closer can never be eliminated"
    if eliminated:
        features.add("elimination")
    for h, kind in closings:
        lines.append(f"; expect closing {h} {kind}")
    lines.append("; expect ok")
    if len(alive) == 1:
        features.add("finished")
        lines.append(f"; expect winner {alive[0]}")
    else:
        lines.append("; expect winner none")
    lines.append("; expect totals " + " ".join(f"{p} {totals[p]}" for p in players))
    if eliminated:
        lines.append("; expect eliminated " + " ".join(f"{p} {h}" for p, h in eliminated))
    return lines, features


def generate(players: int, seed: int, opts: Options | None = None,
             max_hands: int | None = None, require: Iterable[str] = (),
             names: list[str] | None = None, tries: int = 2000) -> tuple[str, int]:
    """The text of one game (and the seed used: the first >= seed showing `require`)."""
    opts = opts or Options()
    names = names or DEFAULT_NAMES[:players]
    need = set(require)
    for s in range(seed, seed + tries):
        lines, feats = play_match(names, s, opts, max_hands)
        if need <= feats:
            return "\n".join(lines) + "\n", s
    raise SystemExit(f"no seed in [{seed}, {seed + tries}) shows {sorted(need)}")


# ------------------------------------------------------------------- fixtures

# The committed fixtures (fixtures/legal/), regenerated byte for byte by
# `python tools/make_matches.py --fixtures fixtures/legal`.  `require` lists what the
# game must show (checked when generating); the seeds were found with --require.
FIXTURES: dict[str, dict] = {
    "two-players.s40": dict(players=2, seed=5),
    "three-players.s40": dict(players=3, seed=3, require=["in_one_go"]),
    "four-players.s40": dict(players=4, seed=11),
    "five-players.s40": dict(players=5, seed=9, require=["upcard_joker", "in_one_go"]),
    "six-players.s40": dict(players=6, seed=15, require=["reshuffle"]),
    "reshuffle.s40": dict(players=6, seed=24, max_hands=1, require=["reshuffle"]),
    "void-hand.s40": dict(players=4, seed=1, passive_hand=[2], max_hands=3, require=["void"]),
    "in-one-go.s40": dict(players=3, seed=1, rig_in_one_go=True, require=["in_one_go"]),
    "upcard-joker.s40": dict(players=2, seed=1, rig_upcard_joker=True, max_hands=2,
                             require=["upcard_joker"]),
    "joker-swap.s40": dict(players=2, seed=49, max_hands=1,
                           require=["swap_run", "swap_set", "take_after_open"]),
    "take-discard.s40": dict(players=2, seed=1, max_hands=1,
                             require=["take_to_open", "take_after_open"]),
    "set-joker-any.s40": dict(players=3, seed=369, max_hands=1,
                              require=["set_joker_moved", "set_swap_other_suit"]),
    "several-games.s40": dict(players=2, seed=1, max_hands=2, games=3),
}


def spec_command(spec: dict, seed: int) -> str:
    """The command line that generates one game of this fixture."""
    cmd = f"make_matches.py --players {spec['players']} --seed {seed}"
    if spec.get("max_hands"):
        cmd += f" --max-hands {spec['max_hands']}"
    for h in spec.get("passive_hand", []):
        cmd += f" --passive-hand {h}"
    if spec.get("rig_in_one_go"):
        cmd += " --rig-in-one-go"
    if spec.get("rig_upcard_joker"):
        cmd += " --rig-upcard-joker"
    return cmd


def make_fixture(spec: dict) -> str:
    """The text of a fixture file."""
    opts = Options(passive_hands=spec.get("passive_hand", []),
                   rig_in_one_go=spec.get("rig_in_one_go", False),
                   rig_upcard_joker=spec.get("rig_upcard_joker", False))
    names = DEFAULT_NAMES[:spec["players"]]
    texts = []
    for g in range(spec.get("games", 1)):
        seed = spec["seed"] + g
        lines, feats = play_match(names, seed, opts, spec.get("max_hands"),
                                  event=spec_command(spec, seed))
        missing = set(spec.get("require", [])) - feats
        if missing:
            raise SystemExit(f"{spec}: the game does not show {sorted(missing)}")
        texts.append("\n".join(lines) + "\n")
    return "\n".join(texts)


# ------------------------------------------------------------ self-check replay


def check_log(text: str) -> list[str]:
    """Replay a log written by this tool and return every problem found (empty: legal).

    A second pass over the written text (not the generator's state): the deck, the
    turns, every meld, attach and swap as written, the opening, the discard-pile takes,
    the stock exhaustion, the scores, totals, eliminations and the expectations.
    """
    problems: list[str] = []
    games: list[list[tuple[int, str]]] = []
    in_header = False
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("["):
            if not in_header:
                games.append([])
            in_header = True
        elif line:
            in_header = False
        if games and line:
            games[-1].append((no, line))
    for g in games:
        problems += check_game(g)
    return problems


class _Game:
    pass


def check_game(lines: list[tuple[int, str]]) -> list[str]:
    probs: list[str] = []
    players: list[str] = []
    expects: dict[str, list[str]] = {}
    closings_expected: dict[int, str] = {}
    body: list[tuple[int, str]] = []
    for no, line in lines:
        if line.startswith("["):
            m = re.match(r'\[(\w+)\s+(.*)\]$', line)
            if m and m.group(1) == "Players":
                players = re.findall(r'"([^"]*)"', m.group(2))
            continue
        if line.startswith(";"):
            m = re.match(r";\s*expect\s+(\w+)\s*(.*)$", line)
            if m:
                if m.group(1) == "closing":
                    h, k = m.group(2).split()
                    closings_expected[int(h)] = k
                else:
                    expects[m.group(1)] = m.group(2).split()
            continue
        body.append((no, line.split(";")[0].split("#")[0].strip()))
    if not 2 <= len(players) <= 6:
        return [f"bad players {players}"]
    totals = {p: 0 for p in players}
    alive = list(players)
    eliminated: list[str] = []
    closings: dict[int, str] = {}
    st = None  # the state of the current hand
    prev_dealer: str | None = None
    hand_no = 0

    def fail(no: int, msg: str) -> None:
        probs.append(f"line {no}: {msg}")

    def start_play(no: int) -> None:
        deck = [c for p in st.players for c in st.hands[p]] + [st.upcards[-1]] + st.stock
        if Counter(deck) != Counter(full_deck()):
            fail(no, f"hand {st.no}: deal + upcard + stock is not the full deck")
        if any(u != JK for u in st.upcards[:-1]) or st.upcards[-1] == JK:
            fail(no, "only a joker upcard is turned again")
        if sorted(st.hands) != sorted(alive):
            fail(no, "deal lines are not the players still in")
        for p in st.players:
            if len(st.hands[p]) != 13:
                fail(no, f"{p} dealt {len(st.hands[p])} cards")
        st.discard = [st.upcards[-1]]
        st.started = True

    def end_turn(no: int) -> None:
        p = st.cur
        if not st.opened_at_start and st.turn_melds and st.turn_value < OPENING_POINTS:
            fail(no, f"{p} opening worth {st.turn_value}")
        if st.took is not None:
            if not st.opened_at_start:
                if st.took not in st.turn_meld_codes:
                    fail(no, f"{p} took {st.took} but did not open with it")
            elif st.took not in st.turn_laid_codes:
                fail(no, f"{p} took {st.took} and did not lay it")

    def finish_hand(no: int, kind: str) -> None:
        st.ended = kind
        closings[st.no] = kind
        pens = {}
        for q in st.players:
            if kind == "void" or q == st.cur:
                pens[q] = 0
            elif not st.opened[q]:
                pens[q] = UNOPENED_PENALTY
            else:
                pens[q] = sum(penalty(c) for c in st.hands[q])
            if kind == "in_one_go":
                pens[q] *= 2
        st.pens = pens

    for no, line in body:
        if not line:
            continue
        w = line.split()
        if w[0] == "hand":
            if st is not None and not st.ended:
                fail(no, "previous hand unfinished")
            hand_no += 1
            if int(w[1]) != hand_no:
                fail(no, "hand number")
            if len(alive) < 2:
                fail(no, "hand after the match ended")
            st = _Game()
            st.no = hand_no
            st.hands = {}
            st.upcards = []
            st.stock = []
            st.stock_known = True
            st.started = False
            st.ended = None
            st.table = []
            st.opened = {}
            st.reshuffled = False
            st.scored = False
            st.cur = None
            continue
        if st is None:
            fail(no, "event before any hand")
            continue
        if w[0] == "dealer":
            d = w[1]
            if prev_dealer is not None:
                i = players.index(prev_dealer)
                nxt = [players[(i + k) % len(players)] for k in range(1, len(players) + 1)]
                want = next(q for q in nxt if q in alive)
                if d != want:
                    fail(no, f"dealer {d}, expected {want}")
            prev_dealer = d
            st.dealer = d
            di = alive.index(d)
            st.players = list(alive)
            st.order = [alive[(di + 1 + k) % len(alive)] for k in range(len(alive))]
            st.opened = {p: False for p in alive}
            continue
        if w[0] == "deal":
            st.hands[w[1]] = [normalize(c) for c in w[2:]]
            continue
        if w[0] == "upcard":
            st.upcards.append(normalize(w[1]))
            continue
        if w[0] == "stock":
            st.stock = [normalize(c) for c in w[1:]]
            continue
        if w[0] == "score":
            if not st.ended:
                fail(no, "score before the end of the hand")
                continue
            declared = {w[i]: int(w[i + 1]) for i in range(1, len(w), 2)}
            if declared != st.pens:
                fail(no, f"score {declared} != computed {st.pens}")
            for q in st.players:
                totals[q] += st.pens[q]
            out = [q for q in alive if totals[q] >= ELIMINATION]
            eliminated.extend(f"{q} {st.no}" for q in out)
            alive = [q for q in alive if q not in out]
            st.scored = True
            continue
        if st.ended:
            fail(no, "event after the end of the hand")
            continue
        if not st.started:
            start_play(no)
            st.turn_index = 0
            st.cur = None
        if w[0] == "reshuffle":
            if st.stock:
                fail(no, "reshuffle with cards in the stock")
            if st.reshuffled:
                fail(no, "second reshuffle")
            st.reshuffled = True
            st.stock = st.discard[:-1]
            st.discard = st.discard[-1:]
            st.stock_known = False
            if not st.stock:
                fail(no, "reshuffle gave an empty stock")
            continue
        p, verb, args = w[0], w[1], w[2:]
        if st.cur is None:
            st.cur = st.order[st.turn_index % len(st.order)]
            st.phase = "draw"
            st.opened_at_start = st.opened[st.cur]
            st.took = None
            st.turn_value = 0
            st.turn_melds = 0
            st.turn_meld_codes = set()
            st.turn_laid_codes = set()
        if p != st.cur:
            fail(no, f"{p} plays in {st.cur}'s turn")
            continue
        hand = st.hands[p]


        if verb in ("draw", "take"):
            if st.phase != "draw":
                fail(no, "second draw")
            st.phase = "play"
            c = normalize(args[0])
            if verb == "draw":
                if not st.stock:
                    fail(no, "draw from an empty stock")
                    continue
                if st.stock_known and st.stock[0] != c:
                    fail(no, f"draw {c}, stock top is {st.stock[0]}")
                if c not in st.stock:
                    fail(no, f"{c} not in the stock")
                    continue
                st.stock.remove(c)
            else:
                if st.discard[-1] != c:
                    fail(no, f"take {c}, discard top is {st.discard[-1]}")
                st.discard.pop()
                st.took = c
            hand.append(c)
            continue
        if st.phase != "play":
            fail(no, "play before the draw")
        if verb == "meld":
            m = meld_from_tokens(args)
            if m is None:
                fail(no, f"invalid meld {args}")
                continue
            cards = m.naturals() + ([JK] if m.has_joker() else [])
            if not take_from_hand(fail, no, p, hand, cards):
                continue
            if not hand:
                fail(no, "hand emptied by laying down")
            st.table.append(m)
            st.turn_laid_codes.update(cards)
            if not st.opened_at_start:
                st.turn_value += m.value()
                st.turn_melds += 1
                st.turn_meld_codes.update(cards)
                st.opened[p] = True
            continue
        if verb in ("attach", "swap"):
            if not st.opened[p] or (not st.opened_at_start
                                    and st.turn_value < OPENING_POINTS):
                fail(no, f"{verb} before opening")
            k = args.index("to") if verb == "attach" else args.index("in")
            cards = args[:k]
            idx = int(args[k + 1]) - 1
            if not 0 <= idx < len(st.table):
                fail(no, "no such meld")
                continue
            m = st.table[idx]
            if verb == "swap":
                c = normalize(cards[0])
                if not m.has_joker():
                    fail(no, "no joker to swap")
                    continue
                ok = (c in [card(m.rank, s) for s in m.missing_suits()] if m.kind == "set"
                      else c == pos_code(m.suit, m.jpos))
                n = m.copy()
                if m.kind == "set":
                    n.suits.append(suit(c))
                    n.joker = False
                else:
                    n.jpos = None
                if not ok or not n.valid():
                    fail(no, f"invalid swap {c}")
                    continue
                if not take_from_hand(fail, no, p, hand, [c]):
                    continue
                hand.append(JK)
                st.table[idx] = n
                st.turn_laid_codes.add(c)
                continue
            parsed = [parse_token(t) for t in cards]
            if any(x is None for x in parsed):
                fail(no, "bad card")
                continue
            n = placed = check_attach(m, parsed)
            if placed is None:
                fail(no, f"invalid attach {cards} to {m}")
                continue
            codes = [c for c, _ in parsed]
            if not take_from_hand(fail, no, p, hand, codes):
                continue
            if not hand:
                fail(no, "hand emptied by attaching")
            st.table[idx] = n
            st.turn_laid_codes.update(codes)
            continue
        if verb == "discard":
            c = normalize(args[0])
            if not take_from_hand(fail, no, p, hand, [c]):
                continue
            if st.took is not None and c == st.took and c not in st.turn_laid_codes:
                fail(no, "discarding the card just taken")
            if st.took is not None and c == st.took:
                fail(no, "(generator rule) discarding a card of the taken code")
            st.discard.append(c)
            end_turn(no)
            if not hand:
                finish_hand(no, "normal" if st.opened_at_start else "in_one_go")
            elif st.reshuffled and not st.stock:
                finish_hand(no, "void")
            st.cur = None
            st.turn_index += 1
            continue
        fail(no, f"unknown event {line}")
    if st is not None and not st.scored:
        probs.append("last hand not scored")
    # expectations
    if expects.get("ok") is None:
        probs.append("no '; expect ok'")
    want_tot = expects.get("totals", [])
    got_tot = [x for p in players for x in (p, str(totals[p]))]
    if want_tot != got_tot:
        probs.append(f"totals {got_tot} != expected {want_tot}")
    winner = alive[0] if len(alive) == 1 else "none"
    if expects.get("winner") != [winner]:
        probs.append(f"winner {winner} != expected {expects.get('winner')}")
    got_el = " ".join(eliminated).split()
    if expects.get("eliminated", []) != got_el:
        probs.append(f"eliminated {got_el} != expected {expects.get('eliminated')}")
    if closings_expected and closings_expected != closings:
        probs.append(f"closings {closings} != expected {closings_expected}")
    return probs


def take_from_hand(fail, no: int, p: str, hand: list[str], cards: list[str]) -> bool:
    """Remove cards from a hand being replayed; report (and change nothing) if absent."""
    rest = list(hand)
    for c in cards:
        if c not in rest:
            fail(no, f"{c} not in {p}'s hand")
            return False
        rest.remove(c)
    hand[:] = rest
    return True


def check_attach(m, parsed: list[tuple[str, str | None]]):
    """The meld after an attach written with these cards (any order), or None."""
    n = m.copy()
    nats = [c for c, _ in parsed if c != JK]
    jokers = [d for c, d in parsed if c == JK]
    if len(jokers) > 1:
        return None
    if n.kind == "set":
        for c in nats:
            if rank(c) != n.rank or suit(c) in n.suits:
                return None
            n.suits.append(suit(c))
        if jokers:
            if n.joker:
                return None
            n.joker = True
            if jokers[0] is not None and (rank(jokers[0]) != n.rank
                                          or suit(jokers[0]) in n.suits):
                return None
        return n if n.valid() else None
    pending = list(nats)
    while pending:
        for c in pending:
            if suit(c) != n.suit:
                return None
            r = rank(c)
            if r == 1:
                p = 1 if n.lo == 2 else (14 if n.hi == 13 else None)
            else:
                p = r if r in (n.lo - 1, n.hi + 1) else None
            if p is not None:
                n.lo, n.hi = min(n.lo, p), max(n.hi, p)
                pending.remove(c)
                break
        else:
            return None
    if jokers:
        if n.jpos is not None:
            return None
        places = [q for q in (n.lo - 1, n.hi + 1) if 1 <= q <= 14]
        d = jokers[0]
        if d is not None:
            places = [q for q in places if pos_code(n.suit, q) == d]
        elif len(places) != 1:
            return None
        if not places:
            return None
        q = places[0]
        n.lo, n.hi, n.jpos = min(n.lo, q), max(n.hi, q), q
    return n if n.valid() else None


# ------------------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2, help="2 to 6")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="output file (default: standard output)")
    ap.add_argument("--max-hands", type=int, default=None,
                    help="stop after this many hands (the match may not finish)")
    ap.add_argument("--games", type=int, default=1,
                    help="games in the file (seeds seed, seed+1, ...)")
    ap.add_argument("--names", help="comma-separated player names")
    ap.add_argument("--event", help="the Event tag")
    ap.add_argument("--no-take", action="store_true", help="bots never take the discard")
    ap.add_argument("--no-swap", action="store_true", help="bots never swap jokers")
    ap.add_argument("--passive-hand", type=int, action="append", default=[],
                    help="in this hand the bots lay nothing and never take: the stock "
                         "runs out twice and the hand is void (repeatable)")
    ap.add_argument("--rig-in-one-go", action="store_true",
                    help="hand 1: the first player is dealt 13 cards of melds worth >= 40 "
                         "and closes in one go on the first turn")
    ap.add_argument("--rig-upcard-joker", action="store_true",
                    help="hand 1: the upcard is a joker (returned into the stock)")
    ap.add_argument("--require", action="append", default=[],
                    choices=["reshuffle", "void", "in_one_go", "swap", "take_to_open",
                             "take_after_open", "upcard_joker", "elimination", "finished",
                             "group_attach", "set_joker_moved", "set_swap_other_suit",
                             "swap_run", "swap_set"],
                    help="try seeds from --seed up until the game shows this (repeatable)")
    ap.add_argument("--check", nargs="+", metavar="FILE",
                    help="replay these logs with the tool's own rules and report problems")
    ap.add_argument("--fixtures", metavar="DIR",
                    help="(re)write the committed fixtures into DIR (fixtures/legal)")
    a = ap.parse_args(argv)
    if a.fixtures:
        for name, spec in FIXTURES.items():
            text = make_fixture(spec)
            probs = check_log(text)
            if probs:
                raise SystemExit(f"{name}: {probs}")
            with open(f"{a.fixtures}/{name}", "w", encoding="utf-8") as fh:
                fh.write(text)
            print(f"{a.fixtures}/{name}")
        return 0
    if a.check:
        bad = 0
        for f in a.check:
            with open(f, encoding="utf-8") as fh:
                probs = check_log(fh.read())
            for pr in probs:
                print(f"{f}: {pr}")
            bad += len(probs)
            if not probs:
                print(f"{f}: ok")
        return 1 if bad else 0
    if not 2 <= a.players <= 6:
        ap.error("--players must be 2 to 6")
    names = a.names.split(",") if a.names else None
    if names is not None:
        if len(names) != a.players or len(set(names)) != len(names):
            ap.error("--names must name --players distinct players")
        for nm in names:
            if not re.fullmatch(r"[A-Za-z0-9_.-]+", nm) or nm in KEYWORDS:
                ap.error(f"--names: {nm!r} is not a bare word (or is a keyword)")
    opts = Options(take=not a.no_take, swap=not a.no_swap, passive_hands=a.passive_hand,
                   rig_in_one_go=a.rig_in_one_go, rig_upcard_joker=a.rig_upcard_joker)
    texts = []
    seed = a.seed
    for _ in range(a.games):
        text, used = generate(a.players, seed, opts, a.max_hands, a.require, names)
        if a.require:
            print(f"seed used: {used}", file=sys.stderr)
        if a.event:
            text = re.sub(r'\[Event "[^"]*"\]', f'[Event "{a.event}"]', text, count=1)
        texts.append(text)
        seed = used + 1
    out = "\n".join(texts)
    if a.out:
        with open(a.out, "w", encoding="utf-8") as fh:
            fh.write(out)
    else:
        sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
