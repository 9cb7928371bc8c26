"""What the hard bot sees in two cards of a hand: melds in the making, and the unseen.

Two natural cards are *close* when they could be part of one meld: a pair of one rank
in two suits, or two cards of one suit at most two places apart. A close pair makes a
card worth keeping by the unseen cards that would complete it (:func:`partial_value`),
and the cards close to what the opponents took are the ones they seem to collect
(:func:`wanted`).

The hard bot weighs every card of its hand against every other at each discard, in
every playout of the expert's search, so what completes each pair is worked out once
for all, over the search's small integers (:mod:`~scala40cli.simulate.search`), and
the unseen cards are counted as 53 integers, not as a multiset of cards.
"""

from __future__ import annotations

from collections import Counter

from scala40cli.judging.hands.deal import game_deck
from scala40cli.judging.rulebook.rules import Rules
from scala40cli.model.cards import HIGH_ACE, NATURAL_CARDS, Card, Rank
from scala40cli.simulate.board import Board
from scala40cli.simulate.fitting import meld_cards
from scala40cli.simulate.search import INDEX_OF, counts_of
from scala40cli.simulate.view import PlayerView


def positions(c: Card) -> tuple[int, ...]:
    """The run positions of a natural card (the ace is 1 and 14)."""
    assert c.rank is not None
    return (1, HIGH_ACE) if c.rank is Rank.ACE else (int(c.rank),)


def close(c: Card, d: Card) -> bool:
    """Two natural cards that could be part of one meld: a pair of one rank in two
    suits, or two cards of one suit at most two places apart."""
    if c.rank == d.rank:
        return c.suit != d.suit
    if c.suit != d.suit:
        return False
    return any(0 < abs(a - b) <= 2 for a in positions(c) for b in positions(d))


def _at(suit: int, position: int) -> int:
    return suit * 13 + (0 if position == HIGH_ACE else position - 1)


def _completions(c: int, d: int) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """The ways the unseen cards complete natural cards ``c`` and ``d`` together: what
    each is worth with no out (4 a pair or two neighbours, 3 a gap) and its outs."""
    suit_c, rank_c = divmod(c, 13)
    suit_d, rank_d = divmod(d, 13)
    if rank_c == rank_d:
        if suit_c == suit_d:
            return ()
        return ((4.0, tuple(s * 13 + rank_c for s in range(4) if s not in (suit_c, suit_d))),)
    if suit_c != suit_d:
        return ()
    found: list[tuple[float, tuple[int, ...]]] = []
    for a in positions(NATURAL_CARDS[c]):
        for b in positions(NATURAL_CARDS[d]):
            gap = abs(a - b)
            if gap == 1:
                low, high = min(a, b), max(a, b)
                found.append((4.0, tuple(_at(suit_c, p) for p in (low - 1, high + 1)
                                         if 1 <= p <= HIGH_ACE)))
            elif gap == 2:
                found.append((3.0, (_at(suit_c, (a + b) // 2),)))
    return tuple(found)


#: :func:`_completions` of every pair of natural cards, ``c * 52 + d``.
COMPLETIONS: tuple[tuple[tuple[float, tuple[int, ...]], ...], ...] = tuple(
    _completions(c, d) for c in range(52) for d in range(52))


def partial_value(c: int, d: int, unseen: list[int]) -> float:
    """How much natural card ``d`` makes natural card ``c`` worth keeping: the unseen
    cards (``unseen``: 53 counts) that would complete the pair or the run in the
    making, the best way."""
    best = 0.0
    for base, outs in COMPLETIONS[c * 52 + d]:
        value = base + 5.0 * sum(unseen[i] for i in outs)
        if value > best:
            best = value
    return best


#: The natural cards close to each natural card (see :func:`close`).
CLOSE_TO: tuple[tuple[Card, ...], ...] = tuple(
    tuple(c for c in NATURAL_CARDS if c is not taken and close(c, taken))
    for taken in NATURAL_CARDS)


def wanted(view: PlayerView) -> Counter[Card]:
    """Cards the opponents seem to collect, from what they took from the discard pile:
    how many taken cards each card would go with (the next player counts double)."""
    found: Counter[Card] = Counter()
    following = view.next_player()
    for player in view.opponents():
        weight = 2 if player == following else 1
        for taken in view.taken.get(player, ()):
            if taken.is_joker:
                continue
            for c in CLOSE_TO[INDEX_OF[taken]]:
                found[c] += weight
    return found


#: The counts of the last rules' deck (the rules told apart by identity, as
#: :func:`~scala40cli.simulate.fitting.fitting_cards` does).
_DECK: list[tuple[Rules, tuple[int, ...]]] = []


def _deck_counts(rules: Rules) -> tuple[int, ...]:
    if not _DECK or _DECK[0][0] is not rules:
        _DECK[:] = [(rules, tuple(counts_of(game_deck(rules).elements())))]
    return _DECK[0][1]


def unseen_counts(board: Board) -> list[int]:
    """The 53 counts of the cards this player has not seen: the deck but its hand, the
    table and the pile."""
    left = list(_deck_counts(board.rules))
    for c, n in board.hand.items():
        left[INDEX_OF[c]] -= n
    for meld in board.table:
        for c in meld_cards(meld):
            left[INDEX_OF[c]] -= 1
    for c in board.view.discard_pile:
        left[INDEX_OF[c]] -= 1
    return [n if n > 0 else 0 for n in left]


__all__ = ["CLOSE_TO", "COMPLETIONS", "close", "partial_value", "positions", "unseen_counts",
           "wanted"]
