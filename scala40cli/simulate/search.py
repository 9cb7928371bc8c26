"""Meld search over a hand: every set and run the cards can make, and the best packing.

The bots find their openings and what to lay down here, by a real search over the
hand: every candidate meld the cards make (sets of 3 or 4 suits, runs of 3 to
``run_max`` positions, a joker filling one place where the rules allow it) and a
depth-first search over disjoint choices of them. The melds are written so that
:func:`scala40cli.judging.tabletop.melds.build_meld` accepts them as they are (runs ascending, a
run's
joker declaring the card it stands for).

Cards are handled here as small integers for speed: a natural card is
``suit * 13 + rank - 1`` (the order of :data:`~scala40cli.model.cards.NATURAL_CARDS`) and the
joker is :data:`JOKER_INDEX`. A hand is a list of 53 counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from scala40cli.model.cards import HIGH_ACE, JOKER, NATURAL_CARDS, Card, Rank, Suit, rank_points
from scala40cli.reading.events import TableCard

JOKER_INDEX = 52
CARD_OF: tuple[Card, ...] = (*NATURAL_CARDS, JOKER)
INDEX_OF: dict[Card, int] = {c: i for i, c in enumerate(CARD_OF)}
SUITS: tuple[Suit, ...] = tuple(Suit)


def index(c: Card) -> int:
    return INDEX_OF[c]


def counts_of(cards: Iterable[Card]) -> list[int]:
    """The 53 counts of a hand."""
    counts = [0] * 53
    for c in cards:
        counts[INDEX_OF[c]] += 1
    return counts


def sort_key(c: Card) -> int:
    """A stable order of cards (suit, rank; jokers last), independent of memory layout."""
    return INDEX_OF[c]


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=INDEX_OF.__getitem__)  # sort_key, without a call in Python


def cards_of(counter: Counter[Card]) -> list[Card]:
    """The cards of a multiset in the stable order."""
    return sorted_cards(counter.elements())


def _rank_of(i: int) -> int:
    return i % 13 + 1


def _card_at(suit: int, position: int) -> int:
    """The index of the natural card at a run position (14 is the ace)."""
    return suit * 13 + (0 if position == HIGH_ACE else position - 1)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One meld the hand can make."""

    naturals: tuple[int, ...]
    joker: bool
    low: int
    cards: tuple[TableCard, ...]
    opening: int
    points: int

    @property
    def size(self) -> int:
        return len(self.naturals) + int(self.joker)

    def card_list(self) -> list[Card]:
        return [tc.card for tc in self.cards]


@dataclass(frozen=True, slots=True)
class Packing:
    """Disjoint melds chosen from a hand."""

    melds: tuple[Candidate, ...]
    points: int
    opening: int
    used: int

    def cards(self) -> Counter[Card]:
        laid: Counter[Card] = Counter()
        for meld in self.melds:
            laid.update(meld.card_list())
        return laid


EMPTY = Packing(melds=(), points=0, opening=0, used=0)


def _penalty(i: int, ace_points: int) -> int:
    if i == JOKER_INDEX:
        return 25
    rank = _rank_of(i)
    if rank == 1:
        return ace_points
    return 10 if rank >= 11 else rank


#: The penalty of every card index, with an ace worth 11 or 1.
_PENALTIES: dict[int, tuple[int, ...]] = {
    points: tuple(_penalty(i, points) for i in range(53)) for points in (1, 11)
}
#: The most a natural card can add to an opening (an ace high 11, J Q K 10).
_OPENING_MAX: tuple[int, ...] = tuple(11 if i % 13 == 0 else min(i % 13 + 1, 10)
                                      for i in range(52))


def penalty_of(i: int, ace_points: int = 11) -> int:
    """What a card index costs left in hand (joker 25, ace ``ace_points``)."""
    return _PENALTIES[ace_points][i]


# --- candidates -------------------------------------------------------------------------


def candidates(counts: Sequence[int], *, jokers_ok: bool, run_max: int,
               ace_points: int = 11) -> list[Candidate]:
    """Every set and run the cards of ``counts`` can make (one joker at most a meld)."""
    return list(_candidates(tuple(counts), jokers_ok and counts[JOKER_INDEX] > 0, run_max,
                            ace_points))


#: The searches remembered (of candidates, of packings). A turn asks the same few
#: questions again (to take, then to play; plan after humbler plan), which a few
#: thousand answers cover; the tens of thousands kept before made every full garbage
#: collection walk millions of objects, and those pauses, not the searches, were the
#: slowest turns (150 to 260 ms, now under 25).
CACHE_SIZE = 4096


@lru_cache(maxsize=CACHE_SIZE)
def _candidates(counts: tuple[int, ...], joker: bool, run_max: int,
                ace_points: int) -> tuple[Candidate, ...]:
    found: list[Candidate] = []
    for rank in range(13):
        mask = 0
        for s in range(4):
            if counts[s * 13 + rank]:
                mask |= 1 << s
        if mask:
            found += _sets(rank + 1, mask, joker, ace_points)
    for suit in range(4):
        base = suit * 13
        mask = 0
        for rank in range(13):
            if counts[base + rank]:
                mask |= 1 << rank
        found += _suit_runs(suit, mask, joker, run_max, ace_points)
    return tuple(found)


#: The sets of a rank by the suits present (a bit a suit): 13 x 16 x 2 x 2 at most.
_SETS: dict[tuple[int, int, bool, int], tuple[Candidate, ...]] = {}


def _sets(rank: int, mask: int, joker: bool, ace_points: int) -> tuple[Candidate, ...]:
    """The sets of ``rank`` the suits of ``mask`` make (with a joker if ``joker``)."""
    key = (rank, mask, joker, ace_points)
    if key not in _SETS:
        _SETS[key] = _build_sets(rank, [s for s in range(4) if mask >> s & 1], joker, ace_points)
    return _SETS[key]


def _build_sets(rank: int, suits: list[int], joker: bool,
                ace_points: int) -> tuple[Candidate, ...]:
    found: list[Candidate] = []
    value = rank_points(HIGH_ACE if rank == 1 else rank)
    sizes = [(3, False), (4, False)]
    if joker:
        sizes += [(2, True), (3, True)]
    for size, with_joker in sizes:
        if size > len(suits):
            continue
        for chosen in combinations(suits, size):
            naturals = tuple(s * 13 + rank - 1 for s in chosen)
            cards = tuple(TableCard(CARD_OF[i]) for i in naturals)
            if with_joker:
                cards += (TableCard(JOKER),)
            total = size + int(with_joker)
            points = sum(penalty_of(i, ace_points) for i in naturals) + 25 * with_joker
            found.append(Candidate(naturals=naturals, joker=with_joker, low=min(naturals),
                                   cards=cards, opening=value * total, points=points))
    return tuple(found)


#: The runs of a suit remembered, by the ranks present (its suits recur more than hands).
RUNS_CACHE_SIZE = 16384


@lru_cache(maxsize=RUNS_CACHE_SIZE)
def _suit_runs(suit: int, mask: int, joker: bool, run_max: int,
               ace_points: int) -> tuple[Candidate, ...]:
    """The runs of ``suit`` that the ranks of ``mask`` (bit 0 the ace) make."""
    found: list[Candidate] = []
    allowed_missing = 1 if joker else 0
    present = [False] * 15
    for position in range(1, 14):
        present[position] = bool(mask >> (position - 1) & 1)
    present[HIGH_ACE] = present[1]
    for low in range(1, 13):
        missing: list[int] = []
        for high in range(low, 15):
            if not present[high]:
                missing.append(high)
                if len(missing) > allowed_missing:
                    break
            length = high - low + 1
            if length < 3:
                continue
            if length > run_max:
                break
            if low == 1 and high == HIGH_ACE and (not missing or missing[0] not in (1, 14)):
                continue  # two natural aces
            found.append(_run(suit, low, high, missing[0] if missing else None, ace_points))
    return tuple(found)


#: Every run built (at most 4 x 14 x 14 x 15 x 2 of them): immutable, so shared.
_RUNS: dict[tuple[int, int, int, int | None, int], Candidate] = {}


def _run(suit: int, low: int, high: int, joker_at: int | None, ace_points: int) -> Candidate:
    key = (suit, low, high, joker_at, ace_points)
    if key not in _RUNS:
        _RUNS[key] = _build_run(suit, low, high, joker_at, ace_points)
    return _RUNS[key]


def _build_run(suit: int, low: int, high: int, joker_at: int | None,
               ace_points: int) -> Candidate:
    naturals: list[int] = []
    cards: list[TableCard] = []
    for position in range(low, high + 1):
        natural = _card_at(suit, position)
        if position == joker_at:
            cards.append(TableCard(JOKER, CARD_OF[natural]))
        else:
            naturals.append(natural)
            cards.append(TableCard(CARD_OF[natural]))
    opening = sum(rank_points(p) for p in range(low, high + 1))
    points = sum(penalty_of(i, ace_points) for i in naturals) + (25 if joker_at else 0)
    return Candidate(naturals=tuple(naturals), joker=joker_at is not None, low=min(naturals),
                     cards=tuple(cards), opening=opening, points=points)


# --- packing search ---------------------------------------------------------------------


NO_CANDIDATES: list[Candidate] = []  # the candidates of a card that starts none
#: The nodes one search may visit (a node costs a few microseconds).
MAX_NODES = 60000


@dataclass(slots=True)
class NodeBudget:
    """Search nodes a decision may still spend, shared by all its searches: a turn
    that tries several plans (see :func:`~scala40cli.simulate.planner.plan_turn`) pays
    for its searches once, not once a plan, and so stays fast in the worst case."""

    left: int


def best_packing(counts: Sequence[int], *, jokers_ok: bool, run_max: int,
                 threshold: int = 0, must: int | None = None, min_left: int = 0,
                 ace_points: int = 11, max_nodes: int = MAX_NODES,
                 budget: NodeBudget | None = None) -> Packing | None:
    """The disjoint melds that take the most penalty points out of the hand.

    Constraints: their opening value reaches ``threshold`` (0: none), a card of index
    ``must`` is in one of them, and at least ``min_left`` cards stay in the hand. Ties
    go to more cards laid. None when no choice meets the constraints (an empty choice
    meets them when ``threshold`` is 0 and ``must`` is None). The search visits at most
    ``max_nodes`` nodes, and no more than ``budget`` has left (which it spends); cut
    short, it answers with the best choice found so far.
    """
    key = (tuple(counts), jokers_ok, run_max, threshold, must, min_left, ace_points)
    if budget is not None:
        max_nodes = min(max_nodes, budget.left)
    found, nodes = _best_packing(key, max(max_nodes, 0))
    if budget is not None:
        budget.left -= nodes
    return found


@lru_cache(maxsize=CACHE_SIZE)
def _best_packing(key: tuple[tuple[int, ...], bool, int, int, int | None, int, int],
                  max_nodes: int) -> tuple[Packing | None, int]:
    hand, jokers_ok, run_max, threshold, must, min_left, ace_points = key
    counts = list(hand)
    total = sum(counts)
    cands = _candidates(hand, jokers_ok and hand[JOKER_INDEX] > 0, run_max, ace_points)
    by_low: dict[int, list[Candidate]] = {}
    for cand in cands:
        by_low.setdefault(cand.low, []).append(cand)
    suffix_points = [0] * 53
    suffix_open = [0] * 53
    penalties = _PENALTIES[ace_points]
    for i in range(51, -1, -1):
        n = counts[i]
        if n:
            suffix_points[i] = suffix_points[i + 1] + n * penalties[i]
            suffix_open[i] = suffix_open[i + 1] + n * _OPENING_MAX[i]
        else:
            suffix_points[i] = suffix_points[i + 1]
            suffix_open[i] = suffix_open[i + 1]
    jokers = counts[JOKER_INDEX] if jokers_ok else 0
    best: list[Packing | None] = [None]
    best_key = [(-1, -1)]
    chosen: list[Candidate] = []
    nodes = [0]
    max_used = total - min_left

    def leaf(points: int, opening: int, used: int, jokers_left: int) -> None:
        if used > max_used or opening < threshold:
            return
        if must is not None:
            if must == JOKER_INDEX:
                if not any(c.joker for c in chosen):
                    return
            elif not any(must in c.naturals for c in chosen):
                return
        leaf_key = (points, used)
        if leaf_key > best_key[0]:
            best_key[0] = leaf_key
            best[0] = Packing(melds=tuple(chosen), points=points, opening=opening, used=used)

    def dfs(i: int, first: int, points: int, opening: int, used: int, jokers_left: int) -> None:
        nodes[0] += 1
        if nodes[0] > max_nodes:
            return
        while i < 52 and counts[i] == 0:
            i += 1
            first = 0
        if i == 52:
            leaf(points, opening, used, jokers_left)
            return
        if points + suffix_points[i] + 25 * jokers_left < best_key[0][0]:
            return
        if opening + suffix_open[i] + 11 * jokers_left < threshold:
            return
        options = by_low.get(i, NO_CANDIDATES)
        for n in range(first, len(options)):
            cand = options[n]
            if cand.joker and jokers_left == 0:
                continue
            naturals = cand.naturals
            if any(counts[j] == 0 for j in naturals):
                continue
            if used + cand.size > max_used:
                continue
            for j in naturals:
                counts[j] -= 1
            chosen.append(cand)
            dfs(i, n, points + cand.points, opening + cand.opening, used + cand.size,
                jokers_left - cand.joker)
            chosen.pop()
            for j in naturals:
                counts[j] += 1
        saved = counts[i]
        counts[i] = 0
        dfs(i + 1, 0, points, opening, used, jokers_left)
        counts[i] = saved

    dfs(0, 0, 0, 0, 0, jokers)
    return best[0], min(nodes[0], max_nodes)


#: The nodes of a search for what to keep together (a guide to the discard, not a play:
#: cut short, its best packing so far is guide enough).
STRUCTURE_NODES = 10000


def structure(counts: Sequence[int], *, run_max: int, ace_points: int = 11) -> Packing:
    """The best packing of the whole hand, without constraints (what to keep together)."""
    found = best_packing(counts, jokers_ok=True, run_max=run_max, ace_points=ace_points,
                         max_nodes=STRUCTURE_NODES)
    return found if found is not None else EMPTY


__all__ = ["CARD_OF", "EMPTY", "INDEX_OF", "JOKER_INDEX", "MAX_NODES", "STRUCTURE_NODES",
           "Candidate", "NodeBudget", "Packing", "Rank",
           "best_packing", "candidates", "cards_of", "counts_of", "index", "penalty_of",
           "sort_key", "sorted_cards", "structure"]
