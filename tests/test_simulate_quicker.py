"""The hard level's faster paths give the answers of the plain computations they
replaced: the meld candidates built from remembered sets and runs, the pair values and
opponents' wants from tables, the unseen cards as counts (seeded random hands)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from scala40cli.model.cards import HIGH_ACE, JOKER, NATURAL_CARDS, Card, Rank, card, rank_points
from scala40cli.reading.events import TableCard
from scala40cli.simulate import pairs, search
from scala40cli.simulate.search import CARD_OF, INDEX_OF, JOKER_INDEX, Candidate, penalty_of


def _card_at(suit: int, position: int) -> int:
    return suit * 13 + (0 if position == HIGH_ACE else position - 1)


def _plain_candidates(counts: tuple[int, ...], joker: bool, run_max: int,
                      ace_points: int) -> list[Candidate]:
    """The candidates as the search built them card by card, each time anew."""
    found: list[Candidate] = []
    for rank in range(1, 14):
        suits = [s for s in range(4) if counts[s * 13 + rank - 1] > 0]
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
                points = sum(penalty_of(i, ace_points) for i in naturals) + 25 * with_joker
                found.append(Candidate(naturals=naturals, joker=with_joker, low=min(naturals),
                                       cards=cards, opening=value * (size + with_joker),
                                       points=points))
    allowed_missing = 1 if joker else 0
    for suit in range(4):
        present = [False] * 15
        for position in range(1, 15):
            present[position] = counts[_card_at(suit, position)] > 0
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
                    continue
                found.append(search._build_run(suit, low, high,
                                               missing[0] if missing else None, ace_points))
    return found


def _random_counts(rng: random.Random) -> tuple[int, ...]:
    deck = [*range(52), *range(52), JOKER_INDEX, JOKER_INDEX, JOKER_INDEX, JOKER_INDEX]
    counts = [0] * 53
    for i in rng.sample(deck, rng.randint(0, 30)):
        counts[i] += 1
    return tuple(counts)


def test_candidates_equal_the_plain_search_in_order() -> None:
    rng = random.Random(37)
    for _ in range(600):
        counts = _random_counts(rng)
        joker = rng.random() < 0.6
        run_max = rng.choice((3, 5, 13, 14))
        ace_points = rng.choice((1, 11))
        expected = _plain_candidates(counts, joker, run_max, ace_points)
        assert list(search._candidates(counts, joker, run_max, ace_points)) == expected
        search._candidates.cache_clear()  # and again from the remembered sets and runs
        assert list(search._candidates(counts, joker, run_max, ace_points)) == expected


def _plain_partial_value(c: Card, d: Card, unseen: Counter[Card]) -> float:
    """The bots' weight of a card beside another, as written over cards."""
    def at(p: int) -> tuple[int, ...]:
        assert p is not None
        return (1, HIGH_ACE) if p == 1 else (p,)

    if c.rank == d.rank:
        if c.suit == d.suit:
            return 0.0
        assert c.rank is not None
        return 4.0 + 5.0 * sum(unseen[card(c.rank, s)] for s in ("S", "H", "D", "C")
                               if s not in (c.suit, d.suit))
    if c.suit != d.suit or c.suit is None or c.rank is None or d.rank is None:
        return 0.0
    best = 0.0
    for a in at(int(c.rank)):
        for b in at(int(d.rank)):
            gap = abs(a - b)
            if gap == 1:
                low, high = min(a, b), max(a, b)
                outs = sum(unseen[card(1 if p == HIGH_ACE else p, c.suit)]
                           for p in (low - 1, high + 1) if 1 <= p <= HIGH_ACE)
                best = max(best, 4.0 + 5.0 * outs)
            elif gap == 2:
                middle = (a + b) // 2
                best = max(best, 3.0 + 5.0 * unseen[card(1 if middle == HIGH_ACE else middle,
                                                         c.suit)])
    return best


def test_partial_values_from_the_table_equal_the_plain_weights() -> None:
    rng = random.Random(28)
    for _ in range(20):
        unseen = Counter({c: rng.randint(0, 2) for c in (*NATURAL_CARDS, JOKER)})
        left = [unseen[c] for c in CARD_OF]
        for c in NATURAL_CARDS:
            for d in NATURAL_CARDS:
                assert pairs.partial_value(INDEX_OF[c], INDEX_OF[d], left) \
                    == _plain_partial_value(c, d, unseen), (c, d)


def test_close_cards_are_those_of_a_pair_or_a_run_in_the_making() -> None:
    king, ace, queen = card(Rank.KING, "S"), card(Rank.ACE, "S"), card(Rank.QUEEN, "S")
    assert ace in pairs.CLOSE_TO[INDEX_OF[king]] and ace in pairs.CLOSE_TO[INDEX_OF[queen]]
    assert card(Rank.KING, "H") in pairs.CLOSE_TO[INDEX_OF[king]]
    assert king not in pairs.CLOSE_TO[INDEX_OF[king]]
    for c in NATURAL_CARDS:
        assert pairs.CLOSE_TO[INDEX_OF[c]] == tuple(
            d for d in NATURAL_CARDS if d is not c and pairs.close(d, c))


def test_unseen_counts_are_the_deck_less_what_the_player_saw() -> None:
    from test_simulate import _view

    from scala40cli.judging.hands.deal import game_deck
    from scala40cli.simulate.board import Board
    from scala40cli.simulate.fitting import meld_cards

    views = [_view("AS 2S 3S 7H 7D JK", table=["5H 6H 7H", "KC KD KS"], pile="5S 9C 9C"),
             _view("QH QH KH JK JK", pile="AS"),
             _view("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", table=["AH 2H 3H"], pile="")]
    for view in views:
        board = Board.of(view)
        seen: Counter[Card] = Counter(board.hand)
        for meld in board.table:
            seen.update(meld_cards(meld))
        seen.update(view.discard_pile)
        unseen = game_deck(board.rules) - seen
        assert pairs.unseen_counts(board) == [unseen[c] for c in CARD_OF]


def test_the_table_fitting_cards_are_those_that_fit_one_meld() -> None:
    from test_simulate import _view

    from scala40cli.simulate.fitting import fits_table, table_fitting

    view = _view("AS", table=["5H 6H 7H", "KC KD KS", "QS KS AS", "9D 9H JK"])
    assert table_fitting(view.table, view.rules) == frozenset(
        c for c in (*NATURAL_CARDS, JOKER) if fits_table(view.table, c, view.rules))
    assert table_fitting((), view.rules) == frozenset()
