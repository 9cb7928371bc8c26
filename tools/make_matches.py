#!/usr/bin/env python3
"""Generate complete, legal Scala 40 matches as `.s40` game logs, under any rule switches.

This is an independent implementation of the rules, written to produce test fixtures
for the referee: neither this file nor its rules module (``tools/matchrules.py``) may
import anything from ``scala40cli``.  Simple bots play against each other; the program
writes the log (with the full stock of every hand), the penalties it computed itself
(``score`` lines) and expectation comments at the end of each game::

    ; expect closing 1 normal
    ; expect ok
    ; expect winner Anna
    ; expect totals Anna 37 Bruno 112
    ; expect eliminated Bruno 4

Usage::

    python tools/make_matches.py --players 3 --seed 7 --out game.s40
    python tools/make_matches.py --players 2 --seed 1 --rig-in-one-go
    python tools/make_matches.py --players 4 --seed 1 --require swap --max-hands 3
    python tools/make_matches.py --players 3 --rule opening_points=50 --rule compra=yes
    python tools/make_matches.py --check fixtures/legal/*.s40 fixtures/variants/*.s40
    python tools/make_matches.py --fixtures fixtures/legal
    python tools/make_matches.py --variant-fixtures fixtures/variants

Classic rules, as implemented (docs/rules.md):
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

Presets (``--preset NAME``, written as the ``[Rules "NAME"]`` tag; ``--rule`` values go
over it): classic, strict (rule text C) and rientro (rule text D), each as the switch
values that docs/rules.md gives it, in matchrules.PRESETS.

Other switches (``--rule key=value``, written as ``[Rule "key" "value"]`` tags after
the ``[Rules]`` tag), as the bots play them; where docs/rules.md leaves a choice, the
bots keep to the reading that is legal under every reading:
  jokers=2; opening_points=N; opening_jokers=forbidden (no joker laid at all in the
  opening turn); take_before_opening=forbidden; take_after_opening=free (a bot sometimes
  takes the discard and keeps it); discard_taken_card=allowed; opening_turn_plays
  (own_melds: the opening turn attaches/swaps only on the player's own melds; nothing: no
  attach or swap in the opening turn); joker_swap=no; freed_joker=must_use (a bot swaps
  only when it can lay the joker at once, by an attach or a new meld); set_joker_suit=
  declared (a set's joker always declares its suit; only that card replaces it, and that
  suit cannot be attached); discard_playable (a card that could be attached alone to a
  table meld; forbidden_before_opening is kept to by whoever had not opened when the
  turn began); discard_joker; closing_discard=optional (a bot that can lay every card
  down does, and the hand ends on that line with no discard); closing_first_round=
  not_allowed (nobody closes in the first n turns of a hand, the dealer's first turn
  included); one_go_threshold=waived (a player who has not opened may close in one go
  with melds of any value, laying no attach: --rig-low deals such a hand);
  in_hand_bonus, winner_bonus, ace_penalty, unopened_penalty (scoring);
  stock_exhausted=reshuffle (the pile but its top becomes the stock each time it runs
  out; with --passive-hand the bots stay passive for --passive-reshuffles reshuffles:
  stock + pile stays 108 - 13 x players at the end of every turn, so without buys a hand
  is never void under this switch); elimination (151 201 301 501 50n+1 none);
  reentry=yes (a player put out re-enters at once, in the next hand, when allowed; the
  deal of that hand passes among the players still in, re-entering players not counted,
  since the dealer line comes before the deal lines that show who re-enters);
  mortal_combat=yes; compra=yes (after a discard, a player other than the discarder and
  the next one may buy it when they can lay it down at once: an attach, one new meld,
  or their opening; then one extra draw; bots buy only while the stock holds 2 cards and
  the pile 2, and an unopened player buys only to open, never under
  take_before_opening=forbidden); teams=pairs (with a [Teams "Red" "Blue"] tag; the
  winner is the team's name); fixed_hands=N with elimination=none (a play-off hand is
  dealt by the next tied player after the last dealer).  Match standings, tie-breaks
  and the order of eliminations: see matchrules.Standings.  A seed whose game reaches a
  case the docs do not settle (both teams out at once, the closer with the highest
  penalty under mortal combat), where a bot has no legal move, or whose match never
  ends (winner_bonus=-100 can keep every total low) is skipped by --require searches.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from matchrules import (  # the rules module sits beside this file
    CLASSIC,
    JK,
    KEYWORDS,
    PRESETS,
    SUITS,
    Rules,
    RulesError,
    Standings,
    Undecided,
    attach_joker,
    attach_natural,
    card,
    check_log,
    do_swap,
    find_partition,
    fits_table,
    full_deck,
    hand_penalties,
    next_dealer,
    parse_rule,
    penalty,
    preset_rules,
    rank,
    sort_key,
    suit,
    swap_cards,
)

DEFAULT_NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
TEAM_NAMES = ("Red", "Blue")

# What --require can ask a game to show.
FEATURES = (
    "reshuffle", "reshuffle_again", "void", "in_one_go", "swap", "take_to_open",
    "take_after_open", "upcard_joker", "elimination", "finished", "group_attach",
    "set_joker_moved", "set_swap_other_suit", "swap_run", "swap_set", "take_kept",
    "discard_taken", "opening_turn_attach", "opening_turn_own", "freed_joker_laid",
    "playable_discarded", "playable_kept", "joker_closing", "joker_kept",
    "closed_by_laying", "first_round_hold", "ace_left", "ace_alone", "unopened_left",
    "buy", "buy_open", "reentry", "mortal", "team_win", "tie_unopened", "tie_won",
    "playoff", "minus_total", "opening_under_40", "opening_joker_kept", "swap_refused",
    "playable_closing", "playable_discarded_opened", "closed", "opening_turn_held",
    "above_101", "one_go_below_threshold",
)


class Stuck(Exception):
    """The bots found no legal move (or the hand never ends): try another seed."""


class Options:
    def __init__(self, take: bool = True, swap: bool = True,
                 passive_hands: Iterable[int] = (), rig_in_one_go: bool = False,
                 rig_upcard_joker: bool = False, passive_reshuffles: int = 2,
                 rig_low: bool = False) -> None:
        self.take = take
        self.rig_low = rig_low
        self.swap = swap
        self.passive_hands = set(passive_hands)
        self.rig_in_one_go = rig_in_one_go
        self.rig_upcard_joker = rig_upcard_joker
        self.passive_reshuffles = passive_reshuffles


def remove_cards(hand: list[str], cards: Iterable[str]) -> None:
    for c in cards:
        hand.remove(c)  # raises if the card is not there


def minus(cards: list[str], removed: Iterable[str], added: Iterable[str] = ()) -> list[str]:
    rest = list(cards)
    remove_cards(rest, removed)
    return rest + list(added)


class Turn:
    """What the bots must keep to during one turn (or one buy)."""

    def __init__(self, p: str, opened_before: bool, first_round: bool,
                 buy: bool = False) -> None:
        self.p = p
        self.opened_before = opened_before
        self.opening = not opened_before  # laying now opens (or opened) the player
        self.first_round = first_round
        self.buy = buy
        self.took: str | None = None
        self.laid: set[str] = set()  # codes laid down this turn


class HandPlay:
    """One hand, played by the bots; emits its log lines."""

    def __init__(self, rng: random.Random, players: list[str], dealer: str,
                 hand_no: int, opts: Options, features: set[str],
                 rules: Rules = CLASSIC) -> None:
        self.rng = rng
        self.players = players  # players of this hand, in the order of play of the list
        self.dealer = dealer
        self.hand_no = hand_no
        self.opts = opts
        self.features = features
        self.rules = rules
        self.lines: list[str] = []
        self.hands: dict[str, list[str]] = {p: [] for p in players}
        self.opened: dict[str, bool] = {p: False for p in players}
        self.table: list = []
        self.stock: list[str] = []
        self.discard: list[str] = []
        self.reshuffles = 0
        self.turns = 0  # regular turns played (for closing_first_round)
        self.t = Turn(players[0], False, True)
        self.rigged_player: str | None = None  # draws on the first turn (--rig-in-one-go)

    # ---- dealing
    def deal(self) -> None:
        rng = self.rng
        n = len(self.players)
        di = self.players.index(self.dealer)
        order = [self.players[(di + 1 + k) % n] for k in range(n)]
        deck = full_deck(self.rules.n_jokers)
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
        assert Counter(dealt + self.stock + self.discard) == Counter(
            full_deck(self.rules.n_jokers))

    def rigged_hand(self) -> list[str]:
        """13 cards that are melds worth >= 40 (with --rig-low, 37): the first player can
        close in one go."""
        rng = self.rng
        if self.opts.rig_low:
            s1 = rng.choice(SUITS)
            cards = [card(r, s1) for r in (1, 2, 3, 4)]            # A 2 3 4: 10
            for r in (2, 3, 4):                                     # 6 + 9 + 12
                cards += [card(r, s) for s in rng.sample(SUITS, 3)]
            return cards
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

    # ---- what a turn may end with
    def discard_ok(self, c: str, rest: list[str], table: list | None = None) -> bool:
        """Whether c may be the discard that ends the turn, `rest` being the hand."""
        r, t = self.rules, self.t
        closing = len(rest) == 1
        if closing and t.first_round and r.closing_first_round == "not_allowed":
            self.features.add("first_round_hold")
            return False
        if c == t.took and r.discard_taken_card == "forbidden":
            return False
        if c == JK and r.discard_joker == ("not_closing" if closing else "closing_only"):
            return False
        dp = r.discard_playable
        if dp == "allowed" or (dp == "forbidden_unless_closing" and closing) or (
                dp == "forbidden_before_opening" and t.opened_before):
            return True
        return not fits_table(c, self.table if table is None else table, r.declared)

    def can_end(self, rest: list[str], extra: Iterable = (), table: list | None = None
                ) -> bool:
        """Whether the turn can end legally with `rest` in hand, after laying `extra`."""
        if table is None:
            table = self.table
        if not rest:
            if self.rules.closing_discard != "optional" or self.t.buy:
                return False
            if self.t.first_round and self.rules.closing_first_round == "not_allowed":
                self.features.add("first_round_hold")
                return False
            return True
        if self.t.buy:
            return True
        after = list(table) + list(extra)
        return any(self.discard_ok(c, rest, after) for c in sorted(set(rest), key=sort_key))

    def partition(self, cards: list[str], min_value: int = 0, must_include: str | None = None,
                  table: list | None = None) -> list | None:
        """The best melds to lay now from `cards` (see find_partition)."""
        no_jokers = self.t.opening and self.rules.opening_jokers == "forbidden"
        return find_partition(
            cards, min_value, must_include, jokers=not no_jokers,
            allow_empty=self.rules.closing_discard == "optional" and not self.t.buy,
            rest_ok=lambda left, melds: self.can_end(left, melds, table))

    def one_go(self, hand: list[str]) -> list | None:
        """one_go_threshold=waived: melds that close the hand in one go whatever they are
        worth (every card laid down but the closing discard), or None."""
        plan = self.partition(hand, 0)
        if plan is None or len(hand) - sum(m.size() for m in plan) > 1:
            return None
        return plan

    def may_touch(self, i: int) -> bool:
        """Whether the current player may attach to / swap in table meld i now."""
        plays = self.rules.opening_turn_plays
        if not self.t.opening or plays == "anywhere":
            return True
        return plays == "own_melds" and self.table[i].owner == self.t.p

    def replaced(self, i: int, m) -> list:
        table = list(self.table)
        table[i] = m
        return table

    # ---- helpers
    def emit(self, line: str) -> None:
        self.lines.append(line)

    def lay(self, p: str, m) -> None:
        hand = self.hands[p]
        remove_cards(hand, m.naturals() + ([JK] if m.has_joker() else []))
        self.t.laid.update(m.naturals() + ([JK] if m.has_joker() else []))
        assert hand or self.rules.closing_discard == "optional", "hand emptied by laying"
        assert m.valid()
        if m.has_joker():
            # how the joker is written: declared or not
            if m.kind == "set":
                if self.rules.declared:
                    m.decl = self.rng.choice(m.missing_suits())
                else:
                    m.decl = (self.rng.choice(m.missing_suits()) if self.rng.random() < 0.5
                              else None)
            else:
                m.decl = self.rng.random() < 0.5
        m.owner = p
        self.table.append(m)
        toks = m.tokens()
        if m.kind == "set" and len(toks) > 1 and self.rng.random() < 0.5:
            self.rng.shuffle(toks)  # a set may be written in any order
        self.emit(f"{p} meld " + " ".join(toks))

    def reshuffle(self) -> None:
        if self.rules.stock_exhausted == "once_then_void":
            assert not self.reshuffles
        top = self.discard[-1]
        new = self.discard[:-1]
        self.rng.shuffle(new)
        self.stock = new
        self.discard = [top]
        self.reshuffles += 1
        self.features.add("reshuffle")
        if self.reshuffles > 1:
            self.features.add("reshuffle_again")
        self.emit("reshuffle")
        assert self.stock, "reshuffle gave an empty stock"

    def passive(self) -> bool:
        """--passive-hand: lay nothing, never take (under stock_exhausted=reshuffle, only
        until the stock has been rebuilt --passive-reshuffles times)."""
        if self.hand_no not in self.opts.passive_hands:
            return False
        return (self.rules.stock_exhausted == "once_then_void"
                or self.reshuffles < self.opts.passive_reshuffles)

    def void(self) -> bool:
        if self.rules.stock_exhausted == "once_then_void":
            return self.reshuffles > 0 and not self.stock
        return not self.stock and len(self.discard) <= 1

    # ---- a turn
    def turn(self, p: str) -> str | None:
        """Play p's turn. Returns None, or how the hand ended: 'normal', 'in_one_go', 'void'."""
        r = self.rules
        if not self.stock:
            self.reshuffle()
        hand = self.hands[p]
        opened_before = self.opened[p]
        t = self.t = Turn(p, opened_before, self.turns < len(self.players))
        top = self.discard[-1] if self.discard else None
        passive = self.passive()
        took: str | None = None
        plan = None
        use = None
        if self.opts.take and not passive and p != self.rigged_player and top is not None:
            t.took = top  # as if taken, for the checks of the plans
            if not opened_before:
                if r.take_before_opening == "only_to_open":
                    plan = self.partition([*hand, top], r.opening_min, must_include=top)
                    if plan is not None:
                        took = top
            else:
                use = self.take_use(p, top)
                if (use is None and r.take_after_opening == "free"
                        and self.rng.random() < 0.3 and self.can_end([*hand, top])):
                    use = ("keep", None)
                if use is not None:
                    took = top
            t.took = None
        if took is not None:
            self.discard.pop()
            hand.append(took)
            t.took = took
            self.emit(f"{p} take {took}")
            self.features.add("take_to_open" if not opened_before else "take_after_open")
        else:
            c = self.stock.pop(0)
            hand.append(c)
            self.emit(f"{p} draw {c}")
        if not passive:
            if not opened_before:
                if plan is None:
                    plan = self.partition(hand, r.opening_min)
                if plan is None and r.one_go_threshold == "waived":
                    plan = self.one_go(hand)
                if plan is not None:
                    value = sum(m.value() for m in plan)
                    below = value < r.opening_min
                    assert not below or len(hand) - sum(m.size() for m in plan) <= 1
                    for m in plan:
                        self.lay(p, m)
                    self.opened[p] = True
                    if below:
                        self.features.add("one_go_below_threshold")
                    if value < 40:
                        self.features.add("opening_under_40")
                    if JK in hand and r.opening_jokers == "forbidden":
                        self.features.add("opening_joker_kept")
            elif use is not None:
                kind, arg = use
                if kind == "attach":
                    self.attach(p, arg, [took])
                elif kind == "melds":
                    for m in arg:
                        self.lay(p, m)
                else:
                    self.features.add("take_kept")
            below = t.opening and sum(m.value() for m in self.table if m.owner == p
                                      ) < r.opening_min  # a closing in one go, waived
            if (self.opened[p] and hand and not below
                    and not (t.opening and r.opening_turn_plays == "nothing")):
                self.improve(p)
            if (self.opened[p] and t.opening and r.opening_turn_plays != "anywhere"
                    and any(attach_natural(m, c, r.declared) is not None
                            for c in hand if c != JK for m in self.table if m.owner != p)):
                self.features.add("opening_turn_held")
        if not hand:  # every card laid down: closing_discard=optional
            self.features.add("closed_by_laying")
            self.features.add("in_one_go" if not opened_before else "closed")
            return "normal" if opened_before else "in_one_go"
        c = self.choose_discard(hand)
        self.note_discard(c, hand)
        hand.remove(c)
        self.discard.append(c)
        self.emit(f"{p} discard {c}")
        self.turns += 1
        if not hand:
            if not opened_before:
                self.features.add("in_one_go")
                return "in_one_go"
            return "normal"
        if self.void():
            self.features.add("void")
            return "void"
        return None

    def note_discard(self, c: str, hand: list[str]) -> None:
        """Features of a discard, for --require."""
        if c == self.t.took and c not in self.t.laid:
            self.features.add("discard_taken")
        if c == JK and len(hand) == 1:
            self.features.add("joker_closing")
        if fits_table(c, self.table, self.rules.declared):
            self.features.add("playable_discarded")
            if len(hand) == 1:
                self.features.add("playable_closing")
            if self.t.opened_before:
                self.features.add("playable_discarded_opened")
        elif any(fits_table(d, self.table, self.rules.declared) for d in hand if d != c):
            self.features.add("playable_kept")
        if JK in hand and c != JK:
            self.features.add("joker_kept")

    def take_use(self, p: str, top: str):
        """After opening: how the discard top would reach the table at once, or None."""
        hand = self.hands[p]
        if not self.can_end(hand):
            return None
        for i, m in enumerate(self.table):
            if top == JK:
                res = attach_joker(m)
                n = None if res is None else res[0]
            else:
                n = attach_natural(m, top, self.rules.declared)
            if n is not None and self.can_end(hand, table=self.replaced(i, n)):
                return ("attach", i)
        plan = self.partition([*hand, top], must_include=top)
        if plan is not None:
            return ("melds", plan)
        return None

    def attach(self, p: str, i: int, cards: list[str]) -> None:
        """Attach cards (naturals, or one joker) from p's hand to table meld i."""
        m = self.table[i]
        toks = []
        if cards == [JK]:
            declare = None
            if m.kind == "set" and self.rules.declared:
                declare = self.rng.choice(m.missing_suits())
            res = attach_joker(m, declare)
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
                n = attach_natural(n, c, self.rules.declared)
                assert n is not None
            toks = sorted(cards, key=sort_key)
            if len(cards) > 1:
                self.features.add("group_attach")
        remove_cards(self.hands[p], cards)
        self.t.laid.update(cards)
        assert self.hands[p] or self.rules.closing_discard == "optional"
        if self.t.opening:
            self.features.add("opening_turn_attach")
            if self.rules.opening_turn_plays == "own_melds":
                self.features.add("opening_turn_own")
        self.table[i] = n
        self.emit(f"{p} attach {' '.join(toks)} to {i + 1}")

    def improve(self, p: str) -> None:
        """An opened player lays what they can: swaps, new melds, attaches."""
        hand = self.hands[p]
        r = self.rules
        no_jokers = self.t.opening and r.opening_jokers == "forbidden"
        while hand:
            if (self.opts.swap and r.joker_swap == "yes" and not no_jokers
                    and self.try_swap(p)):
                continue
            if r.joker_swap == "no" and any(c in hand for i, m in enumerate(self.table)
                                            for c in swap_cards(m) if self.may_touch(i)):
                self.features.add("swap_refused")
            plan = self.partition(hand)
            if plan:
                for m in plan:
                    self.lay(p, m)
                continue
            if self.try_attach(p, no_jokers):
                continue
            break

    def try_swap(self, p: str) -> bool:
        hand = self.hands[p]
        must_use = self.rules.freed_joker == "must_use"
        for i, m in enumerate(self.table):
            if not self.may_touch(i):
                continue
            for c in swap_cards(m, self.rules.declared):
                if c not in hand:
                    continue
                rest = minus(hand, [c], [JK])
                table = self.replaced(i, do_swap(m, c))
                follow = None
                if must_use:
                    follow = self.joker_follow(rest, table)
                    if follow is None:
                        continue
                elif not self.can_end(rest, table=table):
                    continue
                if m.kind == "set" and m.decl is not None and m.decl != suit(c):
                    self.features.add("set_swap_other_suit")  # set_joker_suit=any
                self.table[i] = table[i]
                self.t.laid.add(c)
                hand.remove(c)
                hand.append(JK)
                self.emit(f"{p} swap {c} in {i + 1}")
                self.features.add("swap")
                self.features.add("swap_" + m.kind)
                if follow is not None:  # freed_joker=must_use: lay it at once
                    self.features.add("freed_joker_laid")
                    if follow[0] == "attach":
                        self.attach(p, follow[1], [JK])
                    else:
                        for mm in follow[1]:
                            self.lay(p, mm)
                return True
        return False

    def joker_follow(self, rest: list[str], table: list):
        """How a freed joker (in `rest`) can be laid at once, or None."""
        for j, m in enumerate(table):
            if not self.may_touch(j):
                continue
            res = attach_joker(m)
            if res is not None:
                t2 = list(table)
                t2[j] = res[0]
                if self.can_end(minus(rest, [JK]), table=t2):
                    return ("attach", j)
        plan = self.partition(rest, must_include=JK, table=table)
        return None if plan is None else ("melds", plan)

    def try_attach(self, p: str, no_jokers: bool) -> bool:
        hand = self.hands[p]
        declared = self.rules.declared
        for c in sorted(set(hand) - {JK}, key=sort_key):
            for i, m in enumerate(self.table):
                if not self.may_touch(i):
                    continue
                n = attach_natural(m, c, declared)
                if n is None or not self.can_end(minus(hand, [c]), table=self.replaced(i, n)):
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
                            n2 = attach_natural(n, d, declared)
                            if n2 is not None and self.can_end(minus(hand, [*group, d]),
                                                               table=self.replaced(i, n2)):
                                n = n2
                                group.append(d)
                                rest.remove(d)
                                grew = True
                                break
                self.attach(p, i, group)
                return True
        if JK in hand and not no_jokers:
            for i, m in enumerate(self.table):
                res = attach_joker(m)
                if (res is not None and self.may_touch(i)
                        and self.can_end(minus(hand, [JK]), table=self.replaced(i, res[0]))):
                    self.attach(p, i, [JK])
                    return True
        return False

    def choose_discard(self, hand: list[str]) -> str:
        pool = [c for c in hand if self.discard_ok(c, hand)]
        if not pool:
            raise Stuck(f"hand {self.hand_no}: {self.t.p} has no legal discard")
        naturals = [c for c in pool if c != JK]
        if naturals:
            pool = naturals
        ace = self.rules.ace_penalty

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
            value = penalty(c)
            if r == 1 and ace != "11":  # an ace costs 1 (1_if_last: when kept alone)
                value = 1 if ace == "1" else (-50 if len(hand) == 2 else value)
            return (value - 6 * links, sort_key(c))

        return max(pool, key=badness)

    # ---- buying the discard (compra=yes)
    def offer_buy(self, discarder: str) -> None:
        """After discarder's discard: the first player (in turn order, past the next
        one) who can lay the card down at once may buy it."""
        n = len(self.players)
        if len(self.stock) < 2 or len(self.discard) < 2 or n < 3:
            return
        i = self.players.index(discarder)
        c = self.discard[-1]
        for k in range(2, n):
            q = self.players[(i + k) % n]
            self.t = Turn(q, self.opened[q], False, buy=True)
            plan = self.buy_plan(q, c)
            if plan is not None and self.rng.random() < 0.7:
                self.buy(q, c, plan)
                return

    def buy_plan(self, q: str, c: str):
        hand = self.hands[q]
        r = self.rules
        if not self.opened[q]:
            if r.take_before_opening == "forbidden":
                return None
            plan = self.partition([*hand, c], r.opening_min, must_include=c)
            return None if plan is None else ("open", plan)
        for i, m in enumerate(self.table):
            if (attach_joker(m) if c == JK else attach_natural(m, c, r.declared)) is not None:
                return ("attach", i)
        plan = self.partition([*hand, c], must_include=c)
        if plan is None:
            return None
        return ("melds", [m for m in plan if c in m.naturals() or (c == JK and m.has_joker())
                          ][:1])

    def buy(self, q: str, c: str, plan) -> None:
        hand = self.hands[q]
        self.discard.pop()
        hand.append(c)
        self.emit(f"{q} buy {c}")
        x = self.stock.pop(0)
        hand.append(x)
        self.emit(f"{q} draw {x}")
        self.features.add("buy")
        kind, arg = plan
        if kind == "attach":
            self.attach(q, arg, [c])
        else:
            for m in arg:
                self.lay(q, m)
        if kind == "open":
            self.opened[q] = True
            self.features.add("buy_open")
        assert hand

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
            if self.rules.compra == "yes":
                self.offer_buy(p)
                if self.void():
                    kind = "void"
                    break
            k += 1
            if k > 3000:
                raise Stuck(f"hand {self.hand_no} does not end")
        closer = None if kind == "void" else p
        for q in self.players:
            if q != closer and kind != "void":
                left = self.hands[q]
                if any(c != JK and rank(c) == 1 for c in left):
                    self.features.add("ace_left")
                if len(left) == 1 and left[0] != JK and rank(left[0]) == 1:
                    self.features.add("ace_alone")
                if not self.opened[q]:
                    self.features.add("unopened_left")
        pens = hand_penalties(self.rules, self.players, closer, kind, self.hands, self.opened)
        return closer, kind, pens


def quote(name: str) -> str:
    return '"' + name + '"'


def play_match(players: list[str], seed: int, opts: Options,
               max_hands: int | None = None, event: str | None = None,
               rules: Rules = CLASSIC) -> tuple[list[str], set[str]]:
    """Play a match; returns the log lines of this game and the features seen."""
    rng = random.Random(seed)
    features: set[str] = set()
    lines = [
        f'[Event "{event or f"make_matches seed {seed}"}"]',
        "[Players " + " ".join(quote(p) for p in players) + "]",
        *rules.tags(),
    ]
    team_names = None
    if rules.teams == "pairs":
        team_names = TEAM_NAMES
        lines.append("[Teams " + " ".join(quote(t) for t in team_names) + "]")
    lines.append("")
    sd = Standings(rules, players, team_names)
    closings: list[tuple[int, str]] = []
    dealer = rng.choice(players)
    hand_no = 0
    while not sd.finished and (max_hands is None or hand_no < max_hands):
        hand_no += 1
        if hand_no > 100:
            raise Stuck("the match does not end (use --max-hands)")
        dealt = sd.next_hand_players()
        if hand_no > 1:
            dealer = next_dealer(players, dealer, sd.dealer_pool)
        hp = HandPlay(rng, dealt, dealer, hand_no, opts, features, rules)
        closer, kind, pens = hp.play()
        lines += hp.lines
        lines.append("score " + " ".join(f"{p} {pens[p]}" for p in dealt))
        lines.append("")
        closings.append((hand_no, kind))
        sd.record(hand_no, dealt, pens, kind, closer, hp.opened)
    features |= sd.features
    if any(v < 0 for v in sd.totals.values()):
        features.add("minus_total")
    for h, kind in closings:
        lines.append(f"; expect closing {h} {kind}")
    lines.append("; expect ok")
    if sd.finished:
        features.add("finished")
    lines += sd.expect_lines()
    return lines, features


def generate(players: int, seed: int, opts: Options | None = None,
             max_hands: int | None = None, require: Iterable[str] = (),
             names: list[str] | None = None, tries: int = 2000,
             rules: Rules = CLASSIC) -> tuple[str, int]:
    """The text of one game (and the seed used: the first >= seed showing `require`)."""
    opts = opts or Options()
    names = names or DEFAULT_NAMES[:players]
    need = set(require)
    for s in range(seed, seed + tries):
        try:
            lines, feats = play_match(names, s, opts, max_hands, rules=rules)
        except (Stuck, Undecided):
            continue
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

# The fixtures under other rule switches (fixtures/variants/), regenerated byte for
# byte by `python tools/make_matches.py --variant-fixtures fixtures/variants`.
# `rules` holds the switches ([Rule] tags); `require` what the game shows.
VARIANT_FIXTURES: dict[str, dict] = {
    "opening-30.s40": dict(players=3, seed=3, rules={"opening_points": "30"},
                           require=["opening_under_40"]),
    "opening-50.s40": dict(players=3, seed=2, rules={"opening_points": "50"}),
    "two-jokers.s40": dict(players=4, seed=1, rules={"jokers": "2"}),
    "opening-jokers-forbidden.s40": dict(players=3, seed=1,
                                         rules={"opening_jokers": "forbidden"},
                                         require=["opening_joker_kept"]),
    "take-before-opening-forbidden.s40": dict(players=3, seed=4,
                                              rules={"take_before_opening": "forbidden"},
                                              require=["take_after_open"]),
    "take-after-opening-free.s40": dict(players=3, seed=1,
                                        rules={"take_after_opening": "free"},
                                        require=["take_kept"]),
    "discard-taken-allowed.s40": dict(players=3, seed=1,
                                      rules={"take_after_opening": "free",
                                             "discard_taken_card": "allowed"},
                                      require=["discard_taken"]),
    "opening-turn-own-melds.s40": dict(players=4, seed=1,
                                       rules={"opening_turn_plays": "own_melds"},
                                       require=["opening_turn_held"]),
    "opening-turn-nothing.s40": dict(players=3, seed=2,
                                     rules={"opening_turn_plays": "nothing"},
                                     require=["opening_turn_held"]),
    "joker-swap-no.s40": dict(players=3, seed=2, rules={"joker_swap": "no"},
                              require=["swap_refused"]),
    "freed-joker-must-use.s40": dict(players=3, seed=2, rules={"freed_joker": "must_use"},
                                     require=["freed_joker_laid"]),
    "set-joker-declared.s40": dict(players=3, seed=4, rules={"set_joker_suit": "declared"},
                                   require=["swap_set"]),
    "discard-playable-forbidden.s40": dict(players=3, seed=2,
                                           rules={"discard_playable": "forbidden"},
                                           require=["playable_kept"]),
    "discard-playable-unless-closing.s40": dict(
        players=3, seed=14, rules={"discard_playable": "forbidden_unless_closing"},
        require=["playable_closing"]),
    "discard-playable-before-opening.s40": dict(
        players=3, seed=32, rules={"discard_playable": "forbidden_before_opening"},
        require=["playable_discarded_opened", "playable_kept"]),
    "discard-joker-not-closing.s40": dict(players=3, seed=2,
                                          rules={"discard_joker": "not_closing"}),
    "discard-joker-closing-only.s40": dict(players=3, seed=204,
                                           rules={"discard_joker": "closing_only"},
                                           require=["joker_closing"]),
    "closing-optional.s40": dict(players=3, seed=11, rules={"closing_discard": "optional"},
                                 require=["closed_by_laying"]),
    "closing-first-round.s40": dict(players=3, seed=1, max_hands=2, rig_in_one_go=True,
                                    rules={"closing_first_round": "not_allowed"},
                                    require=["first_round_hold"]),
    "in-hand-minus100.s40": dict(players=3, seed=1, max_hands=3, rig_in_one_go=True,
                                 rules={"in_hand_bonus": "minus100"}, require=["in_one_go"]),
    "in-hand-none.s40": dict(players=3, seed=1, max_hands=3, rig_in_one_go=True,
                             rules={"in_hand_bonus": "none"}, require=["in_one_go"]),
    "winner-bonus.s40": dict(players=3, seed=1, max_hands=4, rules={"winner_bonus": "-100"},
                             require=["minus_total"]),
    "ace-penalty-1.s40": dict(players=3, seed=7, rules={"ace_penalty": "1"},
                              require=["ace_left"]),
    "ace-penalty-1-if-last.s40": dict(players=3, seed=9, rules={"ace_penalty": "1_if_last"},
                                      require=["ace_left", "ace_alone"]),
    "unopened-cards.s40": dict(players=3, seed=2, rules={"unopened_penalty": "cards"},
                               require=["unopened_left"]),
    "reshuffle-unlimited.s40": dict(players=6, seed=1, max_hands=2, passive_hand=[1],
                                    rules={"stock_exhausted": "reshuffle"},
                                    require=["reshuffle_again"]),
    "elimination-151.s40": dict(players=2, seed=6, rules={"elimination": "151"},
                                require=["finished", "above_101"]),
    "elimination-201.s40": dict(players=3, seed=1, rules={"elimination": "201"},
                                require=["finished", "above_101"]),
    "elimination-301.s40": dict(players=2, seed=9, rules={"elimination": "301"},
                                require=["finished", "above_101"]),
    "elimination-501.s40": dict(players=2, seed=21, rules={"elimination": "501"},
                                require=["finished", "above_101"]),
    "elimination-50n1.s40": dict(players=4, seed=1, rules={"elimination": "50n+1"},
                                 require=["finished", "above_101"]),
    "reentry.s40": dict(players=4, seed=1, rules={"reentry": "yes"},
                        require=["reentry", "finished"]),
    "mortal-combat.s40": dict(players=5, seed=1, rules={"mortal_combat": "yes"},
                              require=["mortal", "finished"]),
    # Carla is put out by the threshold in a hand where Elena has the highest penalty:
    # only Elena is out by mortal combat, so Carla may re-enter.
    "mortal-combat-reentry.s40": dict(players=5, seed=116,
                                      rules={"reentry": "yes", "mortal_combat": "yes"},
                                      require=["mortal", "reentry", "finished"]),
    "compra.s40": dict(players=4, seed=2, rules={"compra": "yes"},
                       require=["buy", "buy_open"]),
    "teams.s40": dict(players=4, seed=25, rules={"teams": "pairs"}, require=["team_win"]),
    "fixed-hands.s40": dict(players=3, seed=1,
                            rules={"elimination": "none", "fixed_hands": "3"},
                            require=["finished"]),
    "fixed-hands-tiebreak-unopened.s40": dict(players=2, seed=569,
                                              rules={"elimination": "none",
                                                     "fixed_hands": "2"},
                                              require=["tie_unopened"]),
    "fixed-hands-tiebreak-won.s40": dict(players=3, seed=169,
                                         rules={"elimination": "none", "fixed_hands": "2"},
                                         require=["tie_won"]),
    "fixed-hands-playoff.s40": dict(players=2, seed=5,
                                    rules={"elimination": "none", "fixed_hands": "2"},
                                    require=["playoff", "finished"]),
    "one-go-threshold-waived.s40": dict(players=3, seed=1, max_hands=2, rig_in_one_go=True,
                                        rig_low=True, rules={"one_go_threshold": "waived"},
                                        require=["one_go_below_threshold", "in_one_go"]),
    "rules-text-c.s40": dict(players=3, seed=1, preset="strict",
                             require=["freed_joker_laid", "finished"]),
    "rules-text-d.s40": dict(players=4, seed=1, preset="rientro",
                             require=["reentry", "playable_kept", "finished"]),
    "rules-text-a.s40": dict(players=3, seed=1,
                             rules={"opening_jokers": "forbidden",
                                    "take_before_opening": "forbidden",
                                    "take_after_opening": "free",
                                    "freed_joker": "must_use", "ace_penalty": "1",
                                    "unopened_penalty": "cards", "in_hand_bonus": "minus100",
                                    "stock_exhausted": "reshuffle"},
                             require=["take_kept", "freed_joker_laid", "unopened_left"]),
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
    if spec.get("rig_low"):
        cmd += " --rig-low"
    if spec.get("preset"):
        cmd += f" --preset {spec['preset']}"
    if spec.get("rig_upcard_joker"):
        cmd += " --rig-upcard-joker"
    if spec.get("no_take"):
        cmd += " --no-take"
    for k, v in spec.get("rules", {}).items():
        cmd += f" --rule {k}={v}"
    return cmd


def spec_rules(spec: dict) -> Rules:
    return preset_rules(spec.get("preset", "classic"), spec.get("rules", {}))


def make_fixture(spec: dict) -> str:
    """The text of a fixture file."""
    opts = Options(take=not spec.get("no_take", False),
                   passive_hands=spec.get("passive_hand", []),
                   rig_in_one_go=spec.get("rig_in_one_go", False),
                   rig_upcard_joker=spec.get("rig_upcard_joker", False),
                   rig_low=spec.get("rig_low", False))
    rules = spec_rules(spec)
    names = DEFAULT_NAMES[:spec["players"]]
    texts = []
    for g in range(spec.get("games", 1)):
        seed = spec["seed"] + g
        lines, feats = play_match(names, seed, opts, spec.get("max_hands"),
                                  event=spec_command(spec, seed), rules=rules)
        missing = set(spec.get("require", [])) - feats
        if missing:
            raise SystemExit(f"{spec}: the game does not show {sorted(missing)}")
        texts.append("\n".join(lines) + "\n")
    return "\n".join(texts)


def write_fixtures(table: dict[str, dict], folder: str) -> None:
    Path(folder).mkdir(parents=True, exist_ok=True)
    for name, spec in table.items():
        text = make_fixture(spec)
        probs = check_log(text)
        if probs:
            raise SystemExit(f"{name}: {probs}")
        with open(f"{folder}/{name}", "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"{folder}/{name}")


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
    ap.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                    help="play under this rule switch (repeatable; tokens of the rules "
                         "matrix, e.g. opening_points=50, compra=yes)")
    ap.add_argument("--preset", default="classic", choices=list(PRESETS),
                    help="play under this preset, written as the [Rules] tag (--rule values "
                         "go over it)")
    ap.add_argument("--no-take", action="store_true", help="bots never take the discard")
    ap.add_argument("--no-swap", action="store_true", help="bots never swap jokers")
    ap.add_argument("--passive-hand", type=int, action="append", default=[],
                    help="in this hand the bots lay nothing and never take: the stock "
                         "runs out twice and the hand is void (repeatable); under "
                         "stock_exhausted=reshuffle, only until --passive-reshuffles")
    ap.add_argument("--passive-reshuffles", type=int, default=2,
                    help="stock_exhausted=reshuffle: reshuffles before a passive hand "
                         "is played normally (default 2)")
    ap.add_argument("--rig-in-one-go", action="store_true",
                    help="hand 1: the first player is dealt 13 cards of melds worth >= 40 "
                         "and closes in one go on the first turn")
    ap.add_argument("--rig-low", action="store_true",
                    help="with --rig-in-one-go: melds worth 37, below the opening threshold "
                         "(a closing in one go under one_go_threshold=waived)")
    ap.add_argument("--rig-upcard-joker", action="store_true",
                    help="hand 1: the upcard is a joker (returned into the stock)")
    ap.add_argument("--require", action="append", default=[], choices=FEATURES,
                    help="try seeds from --seed up until the game shows this (repeatable)")
    ap.add_argument("--check", nargs="+", metavar="FILE",
                    help="replay these logs with the tool's own rules and report problems")
    ap.add_argument("--fixtures", metavar="DIR",
                    help="(re)write the committed fixtures into DIR (fixtures/legal)")
    ap.add_argument("--variant-fixtures", metavar="DIR",
                    help="(re)write the fixtures under other rules into DIR "
                         "(fixtures/variants)")
    a = ap.parse_args(argv)
    if a.fixtures or a.variant_fixtures:
        if a.fixtures:
            write_fixtures(FIXTURES, a.fixtures)
        if a.variant_fixtures:
            write_fixtures(VARIANT_FIXTURES, a.variant_fixtures)
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
    try:
        rules = preset_rules(a.preset, dict(parse_rule(x) for x in a.rule))
    except RulesError as e:
        ap.error(str(e))
    for problem in rules.problems(a.players):
        ap.error(problem)
    names = a.names.split(",") if a.names else None
    if names is not None:
        if len(names) != a.players or len(set(names)) != len(names):
            ap.error("--names must name --players distinct players")
        for nm in names:
            if not re.fullmatch(r"[A-Za-z0-9_.-]+", nm) or nm in KEYWORDS:
                ap.error(f"--names: {nm!r} is not a bare word (or is a keyword)")
    opts = Options(take=not a.no_take, swap=not a.no_swap, passive_hands=a.passive_hand,
                   rig_in_one_go=a.rig_in_one_go, rig_upcard_joker=a.rig_upcard_joker,
                   passive_reshuffles=a.passive_reshuffles, rig_low=a.rig_low)
    texts = []
    seed = a.seed
    for _ in range(a.games):
        text, used = generate(a.players, seed, opts, a.max_hands, a.require, names,
                              rules=rules)
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
