"""What a player held, said in one short clause, for a card they do not hold (T004).

"Anna does not hold KH" leaves a reader to work out the hand; "Anna does not hold KH;
Anna holds KD and KS" shows what the referee saw. To keep the message on one line it
names at most :data:`MOST` cards: those of the missing card's rank, else the nearest
of its suit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from scala40cli.model.cards import RANK_CODES, Card

#: The most cards a message names.
MOST: Final = 4
_SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def holding_hint(player: str, held: Mapping[Card, int], missing: Sequence[Card]) -> str:
    """``"; Anna holds KD and KS"``: the cards of ``held`` closest to ``missing``."""
    cards = [c for c, n in held.items() for _ in range(n) if n > 0]
    if not cards:
        return f"; {player} holds no seen card"
    same_rank = [c for c in cards if any(c.rank == m.rank for m in missing)]
    if same_rank:
        return f"; {player} holds {_listed(same_rank)}"
    wanted = missing[0]
    first = "no joker" if wanted.rank is None else f"no {RANK_CODES[wanted.rank]}"
    if wanted.suit is None:
        return f"; {player} holds {first}"
    suit = _SUIT_NAMES[wanted.suit.value]
    same_suit = [c for c in cards if c.suit is wanted.suit]
    if not same_suit:
        return f"; {player} holds {first} and no {suit}"
    near = sorted(same_suit, key=lambda c: abs(int(c.rank or 0) - int(wanted.rank or 0)))
    return f"; {player} holds {first}, and {_listed(near)} in {suit}"


def _listed(cards: Iterable[Card]) -> str:
    """``KD and KS``, ``2H, 3H, 5H, 9H and 2 more``, in rank order."""
    chosen = list(cards)
    shown = sorted(chosen[:MOST], key=lambda c: (int(c.rank or 0), str(c.suit)))
    codes = [c.code for c in shown]
    more = len(chosen) - len(shown)
    if more:
        return f"{', '.join(codes)} and {more} more"
    return codes[0] if len(codes) == 1 else f"{', '.join(codes[:-1])} and {codes[-1]}"


def held_before(known: Mapping[Card, int], cards: Sequence[Card],
                missing: Sequence[Card]) -> dict[Card, int]:
    """The seen cards of a hand before a line took ``cards`` out of it (``known`` is the
    hand after: every card of ``cards`` but the ``missing`` ones came out of it)."""
    before = dict(known)
    left = list(missing)
    for c in cards:
        if c in left:
            left.remove(c)
        else:
            before[c] = before.get(c, 0) + 1
    return before
