"""The rules of Scala 40 as tools/make_matches.py plays and checks them.

An independent implementation of the game (it must never import ``scala40cli``): the
cards, the melds and the search for melds, the rule switches of the switch table
(docs/rules.md) that the generator can play, the scoring, the match
standings (elimination, re-entry, mortal combat, teams, a fixed number of hands with its
tie-breaks and play-off hands), and ``check_log``, a second pass that replays a written
log from its text alone.  How each switch is read is said where it is implemented and
summed up in ``make_matches.py``'s docstring.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import combinations

# --------------------------------------------------------------------------- cards

SUITS = "SHDC"
RANK_NAMES = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8",
              9: "9", 10: "10", 11: "J", 12: "Q", 13: "K"}
RANK_OF = {v: k for k, v in RANK_NAMES.items()}
RANK_OF["T"] = 10
JK = "JK"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

KEYWORDS = {"hand", "dealer", "deal", "upcard", "stock", "reshuffle", "score", "draw",
            "take", "meld", "attach", "swap", "discard", "to", "in", "buy"}
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


def full_deck(jokers: int = 4) -> list[str]:
    return [card(r, s) for s in SUITS for r in range(1, 14)] * 2 + [JK] * jokers


# --------------------------------------------------------------------------- melds


class SetMeld:
    kind = "set"

    def __init__(self, r: int, suits: Iterable[str], joker: bool,
                 decl: str | None = None) -> None:
        self.rank = r
        self.suits = list(suits)
        self.joker = joker
        self.decl = decl  # the suit its joker declared, if any
        self.owner: str | None = None  # who laid it (opening_turn_plays=own_melds)

    def copy(self) -> SetMeld:
        n = SetMeld(self.rank, self.suits, self.joker, self.decl)
        n.owner = self.owner
        return n

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
        self.owner: str | None = None

    def copy(self) -> RunMeld:
        n = RunMeld(self.suit, self.lo, self.hi, self.jpos, self.decl)
        n.owner = self.owner
        return n

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
                   forbid_last: str | None = None, *, jokers: bool = True,
                   allow_empty: bool = False,
                   rest_ok: Callable[[list[str], list], bool] | None = None) -> list | None:
    """The best set of disjoint melds to lay from `cards`.

    Keeps at least one card in hand (unless allow_empty), and (forbid_last) at least
    one card of another code than the one just taken; rest_ok(left, melds), if given,
    must accept the cards left in hand.  With min_value > 0 the melds must be worth that
    much (an opening); with must_include, one meld must contain a card of that code;
    with jokers=False no meld holds a joker.  Best = fewest cards left, then the lowest
    penalty left, then the highest value.  Returns None when no non-empty set of melds
    qualifies.
    """
    nat = Counter(c for c in cards if c != JK)
    all_jokers = cards.count(JK)
    njok = all_jokers if jokers else 0
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

    def evaluate(jokers_left: int) -> None:
        if not chosen:
            return
        leftover = left + [JK] * (jokers_left + all_jokers - njok)
        if not leftover and not allow_empty:
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
            if rest_ok is not None and not rest_ok(list(leftover), list(chosen)):
                return
            best[0] = key
            best[1] = list(chosen)

    def rec(i: int, jokers_left: int) -> None:
        while i < len(codes) and avail[codes[i]] == 0:
            i += 1
        if i == len(codes):
            evaluate(jokers_left)
            return
        c = codes[i]
        for m, need, j in by_first[c]:
            if j > jokers_left:
                continue
            if all(avail[x] >= k for x, k in need.items()):
                for x, k in need.items():
                    avail[x] -= k
                chosen.append(m)
                rec(i, jokers_left - j)
                chosen.pop()
                for x, k in need.items():
                    avail[x] += k
        avail[c] -= 1
        left.append(c)
        rec(i, jokers_left)
        left.pop()
        avail[c] += 1

    rec(0, njok)
    if best[1] is None:
        return None
    return [m.copy() for m in best[1]]


# ----------------------------------------------------------- attach and swap


def attach_natural(m, c: str, declared: bool = False):
    """The meld after attaching natural card c, or None if it does not fit.

    declared (set_joker_suit=declared): a set's joker holds its declared suit.
    """
    if m.kind == "set":
        if rank(c) != m.rank or suit(c) in m.suits or m.size() >= 4:
            return None
        if declared and m.joker and m.decl == suit(c):
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


def attach_joker(m, declare: str | None = None):
    """(new meld, token) for attaching a joker, or None (declare: a set joker's suit)."""
    if m.kind == "set":
        if m.joker or m.size() >= 4:
            return None
        n = m.copy()
        n.joker = True
        n.decl = declare
        if declare is not None:
            return n, f"JK({card(m.rank, declare)})"
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


def swap_cards(m, declared: bool = False) -> list[str]:
    """The natural cards that may replace this meld's joker."""
    if not m.has_joker():
        return []
    if m.kind == "set":
        if declared and m.decl is not None:
            return [card(m.rank, m.decl)]
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



def fits_table(c: str, table: list, declared: bool = False) -> bool:
    """Whether card c could be attached, alone, to a meld of the table.

    A joker fits any meld with room for it and no joker yet (discard_playable).
    """
    if c == JK:
        return any(attach_joker(m) is not None for m in table)
    return any(attach_natural(m, c, declared) is not None for m in table)


# --------------------------------------------------------------------- rule switches

# Every switch of the switch table, its tokens, the classic one first.  A switch with one
# token is one the generator cannot play otherwise; opening_points and fixed_hands also
# take any positive number.
SWITCHES: dict[str, tuple[str, ...]] = {
    "jokers": ("4", "2"),
    "upcard_joker": ("returned",),
    "opening_points": ("40", "30", "50"),
    "opening_jokers": ("allowed", "forbidden"),
    "opening_same_turn": ("yes",),
    "jokers_per_meld": ("1",),
    "run_max": ("14",),
    "take_before_opening": ("only_to_open", "forbidden"),
    "take_after_opening": ("must_use", "free"),
    "discard_taken_card": ("forbidden", "allowed"),
    "opening_turn_plays": ("anywhere", "own_melds", "nothing"),
    "joker_swap": ("yes", "no"),
    "freed_joker": ("to_hand", "must_use"),
    "set_joker_suit": ("any", "declared"),
    "discard_playable": ("allowed", "forbidden", "forbidden_unless_closing",
                         "forbidden_before_opening"),
    "discard_joker": ("allowed", "not_closing", "closing_only"),
    "closing_discard": ("needs", "optional"),
    "closing_first_round": ("allowed", "not_allowed"),
    "one_go_threshold": ("applies", "waived"),
    "in_hand_bonus": ("doubled", "minus100", "none"),
    "winner_bonus": ("0", "-100"),
    "ace_penalty": ("11", "1", "1_if_last"),
    "unopened_penalty": ("100", "cards"),
    "stock_exhausted": ("once_then_void", "reshuffle"),
    "elimination": ("101", "151", "201", "301", "501", "50n+1", "none"),
    "reentry": ("no", "yes"),
    "mortal_combat": ("no", "yes"),
    "compra": ("no", "yes"),
    "teams": ("none", "pairs"),
    "fixed_hands": ("none",),
}
NUMBER_KEYS = ("opening_points", "fixed_hands")


class RulesError(ValueError):
    pass


class Rules:
    """The value token of every switch; ``rules.key`` reads one (``rules.compra``)."""

    def __init__(self, values: dict[str, str] | None = None) -> None:
        self.preset = "classic"  # the [Rules] tag written; preset_rules sets another
        self.values = {k: v[0] for k, v in SWITCHES.items()}
        for k, v in (values or {}).items():
            self.set(k, v)

    def set(self, key: str, value: str) -> None:
        if key not in SWITCHES:
            raise RulesError(f"unknown rule {key!r}; the rules are: {', '.join(SWITCHES)}")
        ok = value in SWITCHES[key] or (key in NUMBER_KEYS and value.isdigit()
                                        and int(value) > 0 and value[0] != "0")
        if not ok:
            more = " or a number" if key in NUMBER_KEYS else ""
            raise RulesError(f"rule {key}: {value!r} is not a value the generator plays; "
                             f"it plays {', '.join(SWITCHES[key])}{more}")
        self.values[key] = value

    def __getattr__(self, key: str) -> str:
        try:
            return self.__dict__["values"][key]
        except KeyError:
            raise AttributeError(key) from None

    def changed(self) -> list[tuple[str, str]]:
        """The switches that differ from classic, in the order of the switch table."""
        return [(k, v) for k, v in self.values.items() if v != SWITCHES[k][0]]

    def is_classic(self) -> bool:
        return not self.changed()

    def problems(self, players: int) -> list[str]:
        """Combinations the generator does not play (or the rules do not allow)."""
        out = []
        if self.teams == "pairs" and players != 4:
            out.append("teams=pairs needs 4 players")
        if (self.fixed_hands == "none") != (self.elimination != "none"):
            out.append("fixed_hands=N goes with elimination=none (and only with it)")
        if self.reentry == "yes" and (players < 3 or self.teams == "pairs"):
            out.append("reentry=yes needs 3 or more players and no teams")
        if self.fixed_hands != "none" and "yes" in (self.reentry, self.mortal_combat):
            out.append("fixed_hands goes with neither reentry nor mortal_combat")
        if self.teams == "pairs" and self.elimination == "none":
            out.append("teams=pairs needs an elimination threshold")
        if self.compra == "yes" and players < 3:
            out.append("compra=yes needs 3 or more players (nobody else could buy)")
        return out

    @property
    def opening_min(self) -> int:
        return int(self.opening_points)

    @property
    def n_jokers(self) -> int:
        return int(self.jokers)

    @property
    def declared(self) -> bool:
        return self.set_joker_suit == "declared"

    @property
    def hands_to_play(self) -> int | None:
        return None if self.fixed_hands == "none" else int(self.fixed_hands)

    def threshold(self, players_at_start: int) -> int | None:
        if self.elimination == "none":
            return None
        if self.elimination == "50n+1":
            return 50 * players_at_start + 1
        return int(self.elimination)

    def tags(self) -> list[str]:
        """The header tags of these rules: the preset, then every value it does not set."""
        base = {k: v[0] for k, v in SWITCHES.items()} | PRESETS[self.preset]
        return [f'[Rules "{self.preset}"]'] + [f'[Rule "{k}" "{v}"]'
                                               for k, v in self.values.items() if v != base[k]]


CLASSIC = Rules()

#: The presets the generator writes as a [Rules] tag, each as the values it changes from
#: classic: the rule texts C and D as docs/rules.md describes them, copied here by hand
#: (never read from the referee).
PRESETS: dict[str, dict[str, str]] = {
    "classic": {},
    "strict": {"take_before_opening": "forbidden", "freed_joker": "must_use",
               "discard_joker": "not_closing", "closing_first_round": "not_allowed",
               "stock_exhausted": "reshuffle"},
    "rientro": {"discard_playable": "forbidden", "one_go_threshold": "waived",
                "elimination": "50n+1", "reentry": "yes"},
}


def preset_rules(name: str, values: dict[str, str] | None = None) -> Rules:
    """The rules of a preset, with ``values`` set over it."""
    if name not in PRESETS:
        raise RulesError(f"unknown preset {name!r}; the generator knows {', '.join(PRESETS)}")
    rules = Rules({**PRESETS[name], **(values or {})})
    rules.preset = name
    return rules


def parse_rule(arg: str) -> tuple[str, str]:
    """'key=value' -> (key, value)."""
    if "=" not in arg:
        raise RulesError(f"expected key=value, got {arg!r}")
    k, v = arg.split("=", 1)
    return k.strip(), v.strip()


# --------------------------------------------------------------------------- scoring


def cards_value(cards: list[str], rules: Rules = CLASSIC) -> int:
    """The penalty of the cards left in a hand (ace_penalty: 11, 1, or 1 if alone)."""
    total = 0
    for c in cards:
        if c != JK and rank(c) == 1 and (rules.ace_penalty == "1" or (
                rules.ace_penalty == "1_if_last" and len(cards) == 1)):
            total += 1
        else:
            total += penalty(c)
    return total


def hand_penalties(rules: Rules, dealt: list[str], closer: str | None, kind: str,
                   hands: dict[str, list[str]], opened: dict[str, bool]) -> dict[str, int]:
    """Each player's penalty for a hand that ended so ('normal', 'in_one_go', 'void').

    The closer 0; the others their cards, or 100 if they never opened (unless
    unopened_penalty=cards); closing in one go doubles the others (in_hand_bonus=doubled)
    or gives the closer -100 (minus100); winner_bonus is added to the closer.
    """
    if kind == "void":
        return dict.fromkeys(dealt, 0)
    pens = {}
    for q in dealt:
        if q == closer:
            pens[q] = 0
        elif not opened[q] and rules.unopened_penalty == "100":
            pens[q] = 100
        else:
            pens[q] = cards_value(hands[q], rules)
    assert closer is not None
    if kind == "in_one_go":
        if rules.in_hand_bonus == "doubled":
            pens = {q: 2 * v for q, v in pens.items()}
        elif rules.in_hand_bonus == "minus100":
            pens[closer] -= 100
    pens[closer] += int(rules.winner_bonus)
    return pens


class Undecided(Exception):
    """The game reached a situation the rules (as documented) do not settle."""


class Standings:
    """The match around the hands: totals, who is dealt in, eliminations, the winner.

    - elimination: a total >= the threshold is out (50n+1: n players at the start).
    - reentry=yes: a player put out by the threshold comes back once, in the next hand,
      while at least two players are still in, with the highest total of those still in.
    - mortal_combat=yes: after a hand that ends with a closing, the player(s) with the
      highest penalty of that hand are out, for good.
    - teams=pairs: partners' totals summed; a team reaching the threshold is out (both
      partners), the other team wins.
    - fixed_hands=N: N hands, then the lowest total wins; ties: fewer hands never opened
      (hands that ended void do not count), then more hands closed, then play-off hands
      dealt to the players still tied, until one closes (its penalties are added to the
      totals; the closer wins).
    Eliminations of one hand are listed in the order of the Players tag.
    """

    def __init__(self, rules: Rules, players: list[str],
                 team_names: tuple[str, str] | None = None) -> None:
        self.rules = rules
        self.players = list(players)
        self.totals = dict.fromkeys(players, 0)
        self.still_in = list(players)
        self.eliminated: list[tuple[str, int]] = []
        self.reentered: set[str] = set()
        self.barred: set[str] = set()
        self.to_reenter: list[str] = []
        self.unopened = dict.fromkeys(players, 0)
        self.won = dict.fromkeys(players, 0)
        self.threshold = rules.threshold(len(players))
        self.hands = 0
        self.playoff: list[str] | None = None
        self.winner: str | None = None
        self.finished = False
        self.features: set[str] = set()
        self.dealer_pool = list(players)
        self.teams: list[tuple[str, list[str]]] = []
        if rules.teams == "pairs":
            a, b = team_names or (f"{players[0]}&{players[2]}", f"{players[1]}&{players[3]}")
            self.teams = [(a, [players[0], players[2]]), (b, [players[1], players[3]])]

    def next_hand_players(self) -> list[str]:
        """The players dealt in the next hand, in the order of the Players tag.

        Sets dealer_pool, the players among whom the deal passes: those still in, not
        counting re-entering players (the dealer line comes before the deal lines that
        show who re-enters); in a play-off, the tied players.
        """
        assert not self.finished
        if self.playoff is not None:
            self.dealer_pool = list(self.playoff)
            return list(self.playoff)
        self.dealer_pool = list(self.still_in)
        if self.to_reenter:
            top = max(self.totals[q] for q in self.still_in)
            for q in self.to_reenter:
                self.totals[q] = top
                self.reentered.add(q)
            self.still_in = [q for q in self.players
                             if q in self.still_in or q in self.to_reenter]
            self.to_reenter = []
            self.features.add("reentry")
        return list(self.still_in)

    def record(self, hand_no: int, dealt: list[str], pens: dict[str, int], kind: str,
               closer: str | None, opened: dict[str, bool]) -> None:
        """Score a hand and settle who is out, and whether the match is over."""
        for q in dealt:
            self.totals[q] += pens[q]
        if self.playoff is not None:
            if kind != "void":
                self.winner, self.finished = closer, True
            return
        self.hands += 1
        if kind != "void":
            assert closer is not None
            self.won[closer] += 1
            for q in dealt:
                if not opened[q]:
                    self.unopened[q] += 1
        out: set[str] = set()
        if self.teams:
            reached = [(name, mates) for name, mates in self.teams
                       if sum(self.totals[q] for q in mates) >= (self.threshold or 0)]
            if len(reached) == 2:
                raise Undecided("both teams reach the threshold in the same hand")
            if reached:
                out.update(reached[0][1])
                self.winner = next(n for n, _ in self.teams if n != reached[0][0])
                self.finished = True
                self.features.add("team_win")
        elif self.threshold is not None:
            out.update(q for q in dealt if self.totals[q] >= self.threshold)
        if self.rules.mortal_combat == "yes" and kind != "void":
            worst = max(pens[q] for q in dealt)
            mortal = {q for q in dealt if pens[q] == worst}
            if closer in mortal:
                raise Undecided("the closer has the highest penalty")
            out |= mortal
            self.barred |= mortal
            self.features.add("mortal")
        if self.threshold is not None and any(
                101 <= self.totals[q] < self.threshold for q in dealt if q not in out):
            self.features.add("above_101")  # out under classic, still in here
        for q in self.players:
            if q in out:
                self.eliminated.append((q, hand_no))
        if out:
            self.features.add("elimination")
        self.still_in = [q for q in self.still_in if q not in out]
        if self.teams:
            return
        if self.rules.reentry == "yes" and len(self.still_in) >= 2:
            self.to_reenter = [q for q in self.players if q in out and q not in self.barred
                               and q not in self.reentered]
        if len(self.still_in) == 1:
            self.winner, self.finished = self.still_in[0], True
        elif self.rules.hands_to_play is not None and self.hands >= self.rules.hands_to_play:
            self.settle_fixed()

    def settle_fixed(self) -> None:
        """After the last hand: the lowest total, then the tie-breaks, else a play-off."""
        tied = list(self.still_in)
        steps = (("", lambda q: self.totals[q]), ("tie_unopened", lambda q: self.unopened[q]),
                 ("tie_won", lambda q: -self.won[q]))
        for name, key in steps:
            best = min(key(q) for q in tied)
            tied = [q for q in tied if key(q) == best]
            if len(tied) == 1:
                if name:
                    self.features.add(name)
                self.winner, self.finished = tied[0], True
                return
        self.playoff = tied
        self.features.add("playoff")

    def expect_lines(self) -> list[str]:
        out = [f"; expect winner {self.winner or 'none'}",
               "; expect totals " + " ".join(f"{p} {self.totals[p]}" for p in self.players)]
        if self.eliminated:
            out.append("; expect eliminated "
                       + " ".join(f"{p} {h}" for p, h in self.eliminated))
        return out


def next_dealer(players: list[str], prev: str, dealt: list[str]) -> str:
    """The next player of `dealt` after the previous dealer, in the Players order."""
    i = players.index(prev)
    return next(q for k in range(1, len(players) + 1)
                if (q := players[(i + k) % len(players)]) in dealt)


# ------------------------------------------------------------ self-check replay


def check_log(text: str) -> list[str]:
    """Replay a log written by this tool and return every problem found (empty: legal).

    A second pass over the written text (not the generator's state): the rules of the
    header tags, the deck, the turns, every meld, attach, swap, discard and buy as
    written, the opening, the discard-pile takes, the stock exhaustion, the scores,
    totals, eliminations and the expectations.  Where the generator keeps to a stricter
    reading than the rules need, a departure from it is reported as a "(generator rule)".
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


def check_game(lines: list[tuple[int, str]]) -> list[str]:
    players: list[str] = []
    values: dict[str, str] = {}
    preset = "classic"
    team_names: tuple[str, str] | None = None
    expects: dict[str, list[str]] = {}
    closings_expected: dict[int, str] = {}
    body: list[tuple[int, str]] = []
    for no, line in lines:
        if line.startswith("["):
            m = re.match(r'\[(\w+)\s+(.*)\]$', line)
            if not m:
                return [f"line {no}: bad tag"]
            vals = re.findall(r'"([^"]*)"', m.group(2))
            if m.group(1) == "Players":
                players = vals
            elif m.group(1) == "Rules":
                if len(vals) != 1 or vals[0] not in PRESETS:
                    return [f"line {no}: preset {vals} (the generator writes "
                            f"{', '.join(PRESETS)})"]
                preset = vals[0]
            elif m.group(1) == "Rule":
                values[vals[0]] = vals[1]
            elif m.group(1) == "Teams":
                team_names = (vals[0], vals[1])
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
    try:
        rules = preset_rules(preset, values)
    except RulesError as e:
        return [str(e)]
    if rules.problems(len(players)):
        return rules.problems(len(players))
    rp = Replay(rules, players, team_names)
    for no, line in body:
        if line:
            try:
                rp.line(no, line.split())
            except Exception as e:  # a log this tool did not write: report, go on
                rp.fail(no, f"cannot replay this line ({e!r})")
    rp.close_buy(body[-1][0] if body else 0)
    probs = rp.probs
    sd = rp.standings
    if rp.h is not None and not rp.h.scored:
        probs.append("last hand not scored")
    if expects.get("ok") is None:
        probs.append("no '; expect ok'")
    got = {"winner": [sd.winner or "none"],
           "totals": [x for p in players for x in (p, str(sd.totals[p]))],
           "eliminated": [x for p, k in sd.eliminated for x in (p, str(k))]}
    for name, value in got.items():
        if expects.get(name, []) != value:
            probs.append(f"{name} {value} != expected {expects.get(name)}")
    if closings_expected != rp.closings:
        probs.append(f"closings {rp.closings} != expected {closings_expected}")
    return probs


class _State:
    """An attribute bag: one hand, or one turn, being replayed."""

    def __init__(self, **kw: object) -> None:
        self.__dict__.update(kw)


class Replay:
    """The replay of one game's events under its rules."""

    def __init__(self, rules: Rules, players: list[str],
                 team_names: tuple[str, str] | None) -> None:
        self.rules = rules
        self.players = players
        self.standings = Standings(rules, players, team_names)
        self.probs: list[str] = []
        self.h = None  # the hand being replayed
        self.prev_dealer: str | None = None
        self.hand_no = 0
        self.closings: dict[int, str] = {}
        self.over = False  # a hand after the end of the match: the rest is not replayed

    def fail(self, no: int, msg: str) -> None:
        self.probs.append(f"line {no}: {msg}")

    # ---- lines outside the turns
    def line(self, no: int, w: list[str]) -> None:
        h = self.h
        if self.over and w[0] != "hand":
            return
        if w[0] == "hand":
            self.close_buy(no)
            if h is not None and not h.scored:
                self.fail(no, "previous hand unfinished or not scored")
            self.hand_no += 1
            if int(w[1]) != self.hand_no:
                self.fail(no, "hand number")
            if self.standings.finished:
                self.fail(no, "hand after the match ended")
                self.over = True
            if self.over:
                return
            dealt = self.standings.next_hand_players()
            self.h = _State(no=self.hand_no, dealt=dealt, dealer=None, order=[], hands={},
                            upcards=[], stock=[], stock_known=True, started=False,
                            ended=None, table=[], opened=dict.fromkeys(dealt, False),
                            reshuffles=0, scored=False, turn=None, turn_index=0,
                            discard=[], after_discard=None, pens={}, closer=None)
            return
        if h is None:
            self.fail(no, "event before any hand")
            return
        if w[0] == "dealer":
            d = w[1]
            if self.prev_dealer is not None:
                want = next_dealer(self.players, self.prev_dealer,
                                   self.standings.dealer_pool)
                if d != want:
                    self.fail(no, f"dealer {d}, expected {want}")
            elif d not in h.dealt:
                self.fail(no, f"dealer {d} is not dealt in")
            self.prev_dealer = d
            h.dealer = d
            di = h.dealt.index(d)
            h.order = [h.dealt[(di + 1 + k) % len(h.dealt)] for k in range(len(h.dealt))]
        elif w[0] == "deal":
            h.hands[w[1]] = [normalize(c) for c in w[2:]]
        elif w[0] == "upcard":
            h.upcards.append(normalize(w[1]))
        elif w[0] == "stock":
            h.stock = [normalize(c) for c in w[1:]]
        elif w[0] == "score":
            self.score(no, w)
        elif h.ended:
            self.fail(no, "event after the end of the hand")
        else:
            if not h.started:
                self.start_play(no)
            if w[0] == "reshuffle":
                self.reshuffle(no)
            else:
                self.event(no, w[0], w[1], w[2:])

    def start_play(self, no: int) -> None:
        h = self.h
        deck = [c for p in h.hands for c in h.hands[p]] + [h.upcards[-1]] + h.stock
        if Counter(deck) != Counter(full_deck(self.rules.n_jokers)):
            self.fail(no, f"hand {h.no}: deal + upcard + stock is not the full deck")
        if any(u != JK for u in h.upcards[:-1]) or h.upcards[-1] == JK:
            self.fail(no, "only a joker upcard is turned again")
        if list(h.hands) != h.dealt:
            self.fail(no, f"deal lines {list(h.hands)}, expected {h.dealt}")
        for p in h.hands:
            if len(h.hands[p]) != 13:
                self.fail(no, f"{p} dealt {len(h.hands[p])} cards")
        h.discard = [h.upcards[-1]]
        h.started = True

    def reshuffle(self, no: int) -> None:
        h = self.h
        t = h.turn
        if t is not None and t.buy and t.draws:
            self.close_buy(no)
        if h.stock:
            self.fail(no, "reshuffle with cards in the stock")
        h.reshuffles += 1
        if self.rules.stock_exhausted == "once_then_void" and h.reshuffles > 1:
            self.fail(no, "second reshuffle")
        if len(h.discard) < 2:
            self.fail(no, "reshuffle of a pile that holds only its top: the hand was void")
        h.stock = h.discard[:-1]
        h.discard = h.discard[-1:]
        h.stock_known = False
        h.after_discard = None

    def score(self, no: int, w: list[str]) -> None:
        h = self.h
        self.close_buy(no)
        if not h.ended:
            self.fail(no, "score before the end of the hand")
            return
        declared = {w[i]: int(w[i + 1]) for i in range(1, len(w), 2)}
        if declared != h.pens or list(declared) != h.dealt:
            self.fail(no, f"score {declared} != computed {h.pens}")
        try:
            self.standings.record(h.no, h.dealt, h.pens, h.ended, h.closer, h.opened)
        except Undecided as e:
            self.fail(no, f"(generator rule) the game reached an undecided case: {e}")
        h.scored = True

    # ---- the turns
    def new_turn(self, p: str, buy: bool) -> _State:
        h = self.h
        return _State(player=p, buy=buy, bought=None, draws=0, opened_at_start=h.opened[p],
                      took=None, value=0, melds=0, meld_codes=set(), laid_codes=set(),
                      pending=0, first_round=h.turn_index < len(h.order))

    def close_buy(self, no: int) -> None:
        """End the buy in progress, if any, with its checks."""
        h = self.h
        if h is None or h.turn is None or not h.turn.buy:
            return
        t = h.turn
        h.turn = None
        if t.draws != 1:
            self.fail(no, f"{t.player}'s buy drew {t.draws} cards")
        if t.bought not in t.laid_codes:
            self.fail(no, f"{t.player} bought {t.bought} and did not lay it down")
        self.end_checks(no, t)
        if not h.ended:
            self.void_check()

    def end_checks(self, no: int, t: _State, closing: bool = False) -> None:
        """What the end of a turn (or a buy) must satisfy.  A closing in one go under
        one_go_threshold=waived needs valid melds only, not the opening's value."""
        p = t.player
        waived = closing and self.rules.one_go_threshold == "waived"
        if not t.opened_at_start and t.melds and t.value < self.rules.opening_min and not waived:
            self.fail(no, f"{p} opening worth {t.value}")
        if t.buy and not t.opened_at_start and t.bought not in t.meld_codes:
            self.fail(no, f"{p} bought {t.bought} before opening and did not open with it")
        if t.took is not None:
            if not t.opened_at_start:
                if t.took not in t.meld_codes:
                    self.fail(no, f"{p} took {t.took} but did not open with it")
            elif (self.rules.take_after_opening == "must_use"
                  and t.took not in t.laid_codes):
                self.fail(no, f"{p} took {t.took} and did not lay it")
        if t.pending:
            self.fail(no, f"{p} left {t.pending} freed joker(s) unused (freed_joker=must_use)")

    def void_check(self) -> None:
        h = self.h
        if self.rules.stock_exhausted == "once_then_void":
            void = h.reshuffles >= 1 and not h.stock
        else:
            void = not h.stock and len(h.discard) <= 1
        if void:
            self.finish(None, "void")

    def finish(self, closer: str | None, kind: str) -> None:
        h = self.h
        h.ended = kind
        h.closer = closer
        h.turn = None
        self.closings[h.no] = kind
        h.pens = hand_penalties(self.rules, h.dealt, closer, kind, h.hands, h.opened)

    def begin_buy(self, no: int, p: str, args: list[str]) -> None:
        h = self.h
        if self.rules.compra != "yes":
            self.fail(no, "buy with compra off")
        if h.after_discard is None:
            self.fail(no, "buy not right after a discard")
            return
        nxt = h.order[h.turn_index % len(h.order)]
        if p in (h.after_discard, nxt) or p not in h.hands:
            self.fail(no, f"{p} may not buy the discard of {h.after_discard}")
            return
        c = normalize(args[0])
        if not h.discard or h.discard[-1] != c:
            self.fail(no, f"buy {c}, the discard top is {h.discard[-1:]}")
            return
        h.discard.pop()
        h.hands[p].append(c)
        h.after_discard = None
        h.turn = self.new_turn(p, buy=True)
        h.turn.bought = c

    def event(self, no: int, p: str, verb: str, args: list[str]) -> None:
        h = self.h
        r = self.rules
        if verb == "buy":
            self.close_buy(no)
            self.begin_buy(no, p, args)
            return
        if h.turn is not None and h.turn.buy and p != h.turn.player:
            self.close_buy(no)
            if h.ended:
                self.fail(no, "event after the end of the hand")
                return
        h.after_discard = None
        if h.turn is None:
            h.turn = self.new_turn(h.order[h.turn_index % len(h.order)], buy=False)
        t = h.turn
        if p != t.player:
            self.fail(no, f"{p} plays in {t.player}'s turn")
            return
        hand = h.hands[p]
        if verb in ("draw", "take"):
            if t.draws:
                self.fail(no, "second draw")
            t.draws += 1
            c = normalize(args[0])
            if verb == "draw":
                if not h.stock:
                    self.fail(no, "draw from an empty stock")
                    return
                if h.stock_known and h.stock[0] != c:
                    self.fail(no, f"draw {c}, stock top is {h.stock[0]}")
                if c not in h.stock:
                    self.fail(no, f"{c} not in the stock")
                    return
                h.stock.remove(c)
            else:
                if t.buy:
                    self.fail(no, "take in a buy")
                if not h.discard or h.discard[-1] != c:
                    self.fail(no, f"take {c}, discard top is {h.discard[-1:]}")
                    return
                if not t.opened_at_start and r.take_before_opening == "forbidden":
                    self.fail(no, "take before opening (take_before_opening=forbidden)")
                h.discard.pop()
                t.took = c
            hand.append(c)
            return
        if not t.draws:
            self.fail(no, "play before the draw")
        opening_turn = not t.opened_at_start
        if verb == "meld":
            m = meld_from_tokens(args)
            if m is None:
                self.fail(no, f"invalid meld {args}")
                return
            if m.kind == "set" and m.joker and m.decl is None and r.declared:
                self.fail(no, "(generator rule) a set's joker must declare its suit")
            if opening_turn and m.has_joker() and r.opening_jokers == "forbidden":
                self.fail(no, "a joker in the opening (opening_jokers=forbidden)")
            cards = m.naturals() + ([JK] if m.has_joker() else [])
            if not take_from_hand(self.fail, no, p, hand, cards):
                return
            m.owner = p
            h.table.append(m)
            t.laid_codes.update(cards)
            if opening_turn:
                t.value += m.value()
                t.melds += 1
                t.meld_codes.update(cards)
                h.opened[p] = True
            if m.has_joker() and t.pending:
                t.pending -= 1
            self.after_lay(no, t, hand)
            return
        if verb in ("attach", "swap"):
            if not h.opened[p] or (opening_turn and t.value < r.opening_min):
                self.fail(no, f"{verb} before opening")
            k = args.index("to") if verb == "attach" else args.index("in")
            cards = args[:k]
            idx = int(args[k + 1]) - 1
            if not 0 <= idx < len(h.table):
                self.fail(no, "no such meld")
                return
            m = h.table[idx]
            if opening_turn and r.opening_turn_plays == "nothing":
                self.fail(no, f"{verb} in the opening turn (opening_turn_plays=nothing)")
            if (opening_turn and r.opening_turn_plays == "own_melds"
                    and m.owner != p):
                self.fail(no, f"{verb} on {m.owner}'s meld in the opening turn (own_melds)")
            if verb == "swap":
                self.swap(no, t, hand, idx, normalize(cards[0]))
                return
            parsed = [parse_token(x) for x in cards]
            if any(x is None for x in parsed):
                self.fail(no, "bad card")
                return
            n = check_attach(m, parsed, r.declared)
            if n is None:
                self.fail(no, f"invalid attach {cards} to {m}")
                return
            codes = [c for c, _ in parsed]
            if JK in codes:
                if opening_turn and r.opening_jokers == "forbidden":
                    self.fail(no, "(generator rule) a joker attached in the opening turn")
                if m.kind == "set" and r.declared and n.decl is None:
                    self.fail(no, "(generator rule) a set's joker must declare its suit")
            if not take_from_hand(self.fail, no, p, hand, codes):
                return
            h.table[idx] = n
            t.laid_codes.update(codes)
            if JK in codes and t.pending:
                t.pending -= 1
            self.after_lay(no, t, hand)
            return
        if verb == "discard":
            self.discard(no, t, hand, normalize(args[0]))
            return
        self.fail(no, f"unknown event {p} {verb}")

    def swap(self, no: int, t: _State, hand: list[str], idx: int, c: str) -> None:
        h = self.h
        r = self.rules
        m = h.table[idx]
        if r.joker_swap == "no":
            self.fail(no, "swap with joker_swap=no")
        if not m.has_joker():
            self.fail(no, "no joker to swap")
            return
        if m.kind == "set":
            if r.declared and m.decl is None:
                self.fail(no, "(generator rule) a set's joker must declare its suit")
            allowed = ([card(m.rank, m.decl)] if r.declared and m.decl is not None
                       else [card(m.rank, s) for s in m.missing_suits()])
            ok = c in allowed
        else:
            ok = c == pos_code(m.suit, m.jpos)
        n = m.copy()
        if m.kind == "set":
            n.suits.append(suit(c))
            n.joker = False
            n.decl = None
        else:
            n.jpos = None
        if not ok or not n.valid():
            self.fail(no, f"invalid swap {c}")
            return
        if not take_from_hand(self.fail, no, t.player, hand, [c]):
            return
        hand.append(JK)
        h.table[idx] = n
        t.laid_codes.add(c)
        if r.freed_joker == "must_use":
            t.pending += 1

    def after_lay(self, no: int, t: _State, hand: list[str]) -> None:
        """A meld or attach emptied the hand: a closing without discard, if allowed."""
        if hand:
            return
        if t.buy:
            self.fail(no, "(generator rule) a buy that empties the hand")
        elif self.rules.closing_discard == "needs":
            self.fail(no, "hand emptied by laying down (closing_discard=needs)")
        else:
            self.end_checks(no, t, closing=True)
            self.close(no, t)

    def close(self, no: int, t: _State) -> None:
        if t.first_round and self.rules.closing_first_round == "not_allowed":
            self.fail(no, "closing in the first round (closing_first_round=not_allowed)")
        self.finish(t.player, "normal" if t.opened_at_start else "in_one_go")

    def discard(self, no: int, t: _State, hand: list[str], c: str) -> None:
        h = self.h
        r = self.rules
        p = t.player
        if t.buy:
            self.fail(no, "discard in a buy")
        table = list(h.table)
        if not take_from_hand(self.fail, no, p, hand, [c]):
            return
        closing = not hand
        if t.took is not None and c == t.took and r.discard_taken_card == "forbidden":
            if c not in t.laid_codes:
                self.fail(no, "discarding the card just taken")
            self.fail(no, "(generator rule) discarding a card of the taken code")
        if c == JK and r.discard_joker == "not_closing" and closing:
            self.fail(no, "a joker as the closing discard (discard_joker=not_closing)")
        if c == JK and r.discard_joker == "closing_only" and not closing:
            self.fail(no, "a joker discarded without closing (discard_joker=closing_only)")
        dp = r.discard_playable
        forbidden = (dp == "forbidden" or (dp == "forbidden_unless_closing" and not closing)
                     or (dp == "forbidden_before_opening" and not t.opened_at_start))
        if forbidden and fits_table(c, table, r.declared):
            self.fail(no, f"discarding {c}, which fits a table meld ({dp})")
        h.discard.append(c)
        self.end_checks(no, t, closing=closing)
        h.turn = None
        h.turn_index += 1
        if closing:
            self.close(no, t)
            return
        self.void_check()
        if not h.ended:
            h.after_discard = p


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


def check_attach(m, parsed: list[tuple[str, str | None]], declared: bool = False):
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
            if n.joker and n.decl == suit(c):
                if declared:
                    return None
                n.decl = None  # set_joker_suit=any: the joker moves to another suit
            n.suits.append(suit(c))
        if jokers:
            if n.joker:
                return None
            n.joker = True
            d = jokers[0]
            if d is not None:
                if rank(d) != n.rank or suit(d) in n.suits:
                    return None
                n.decl = suit(d)
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
