"""The chance of winning a two-player match from its totals: what a hand's end is worth.

Points are not what a match is won by. At 0 to 0 a hand lost by 100 (never opened) and
one lost by 60 differ by 40 points, but the first leaves a single point before the
elimination and the second a whole hand or two; at 95 to 40 the leader in points is the
one about to lose, and a closing is worth the match whatever the penalties. Backgammon
players count in match equity for this; so does the expert where the totals make it
matter.

:func:`match_equity` is the chance that the first of two players wins the match, from
both totals, where a player is eliminated at ``threshold`` points: worked out once, by
going back from the totals next to the elimination, with hands between equals (each
closes half of them) whose loser pays what a loser paid in hard-level matches
(:data:`LOSER_PAYS`).
"""

from __future__ import annotations

from functools import lru_cache

#: What the loser of a hand paid, and how often, in 2,959 hands of 400 two-player
#: matches of the hard level under the classic rules (a point from 2 to 20; then the
#: middle of each five; 100 for a player who never opened, 200 doubled by a closing in
#: one go).
LOSER_PAYS: tuple[tuple[int, int], ...] = (
    (2, 279), (3, 221), (4, 187), (5, 145), (6, 136), (7, 98), (8, 127), (9, 98),
    (10, 128), (11, 74), (12, 91), (13, 44), (14, 71), (15, 62), (16, 68), (17, 50),
    (18, 47), (19, 40), (22, 208), (27, 134), (32, 124), (37, 84), (42, 81), (47, 48),
    (52, 24), (57, 9), (62, 5), (67, 3), (100, 269), (200, 4),
)


@lru_cache(maxsize=8)
def _table(threshold: int) -> tuple[tuple[float, ...], ...]:
    """The chance of winning from every pair of totals under ``threshold``."""
    total = sum(n for _, n in LOSER_PAYS)
    pays = [(points, n / total) for points, n in LOSER_PAYS]
    size = threshold
    table = [[0.0] * size for _ in range(size)]
    for level in range(2 * size - 2, -1, -1):  # by the sum of both totals, downwards
        for mine in range(max(0, level - size + 1), min(size, level + 1)):
            theirs = level - mine
            won = lost = 0.0
            for points, chance in pays:
                won += chance * (1.0 if theirs + points >= size else table[mine][theirs + points])
                lost += chance * (0.0 if mine + points >= size else table[mine + points][theirs])
            table[mine][theirs] = (won + lost) / 2
    return tuple(tuple(row) for row in table)


def match_equity(mine: int, theirs: int, threshold: int) -> float:
    """The chance that a player at ``mine`` points beats one at ``theirs`` (each is out
    at ``threshold`` points or more; see the module docstring)."""
    if mine >= threshold:
        return 0.0 if theirs < threshold or mine > theirs else 0.5
    if theirs >= threshold:
        return 1.0
    return _table(threshold)[max(0, mine)][max(0, theirs)]


__all__ = ["LOSER_PAYS", "match_equity"]
