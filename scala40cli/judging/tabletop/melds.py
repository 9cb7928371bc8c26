"""Sets and runs: which combinations are valid, what they are worth, how they grow.

A meld on the table is a :class:`Run` or a :class:`Group` (a set of one rank; called
a group here so as not to clash with Python's ``set``). They are immutable values:
attaching or swapping returns a new meld. Every invalid combination raises
:class:`MeldError` with a sentence that says why, which the referee reports.

Run positions go from 1 (the ace below the 2) to 14 (the ace above the king); a
joker stands for the card of its position (decisions D1, D3, D4 and D5 of
``docs/decisions.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scala40cli.judging.rulebook.rules import Rules, SetJokerSuit
from scala40cli.judging.tabletop.meld_values import Group, Meld, Run
from scala40cli.judging.tabletop.placement import run_layouts
from scala40cli.judging.tabletop.run_problems import ASCENDING, attach_problem, run_problem
from scala40cli.model.cards import HIGH_ACE, JOKER, Card, Rank, Suit, card, rank_points
from scala40cli.reading.events import TableCard


class MeldError(ValueError):
    """An invalid meld, attach or swap; the message says what is wrong."""


#: Enum members bound once: on Python 3.11 reading one off its class costs 0.45 us
#: (``EnumType.__getattr__`` routes every class attribute through Python), more than
#: the checks made with it at every card.
_ACE: Final = Rank.ACE
_DECLARED: Final = SetJokerSuit.DECLARED


def _rank_matches(c: Card, position: int) -> bool:
    """A natural card fits a run position: same rank, or an ace at either end."""
    if c.rank is _ACE:
        return position in (1, HIGH_ACE)
    return c.rank == position


def jokers_fit(jokers: int, rules: Rules) -> bool:
    """``jokers_per_meld``: a meld holds at most that many jokers (so never a set of
    jokers alone)."""
    return jokers <= rules.jokers_per_meld


def _declared_suit_binds(rules: Rules) -> bool:
    """``set_joker_suit=declared``: a set's joker that said its suit stands for that
    card alone (it is swapped for it, never joined by it)."""
    return rules.set_joker_suit is _DECLARED


def set_joker_card(group: Group, rules: Rules) -> Card | None:
    """The card a set's joker stands for when the rules bind it to one
    (``set_joker_suit=declared``, and its owner named it); None when it may stand for
    any suit the set lacks."""
    if group.declared is None or not _declared_suit_binds(rules):
        return None
    return card(group.rank, group.declared)


def _check_jokers(jokers: int, held: int, rules: Rules) -> None:
    """MeldError when a meld would hold ``jokers`` (``held`` of them before an attach)."""
    if jokers_fit(jokers, rules):
        return
    already = f", and the meld holds {held} already" if held else ""
    raise MeldError(f"at most {rules.jokers_per_meld} joker a meld, not {jokers}{already}")


# --- building a meld ------------------------------------------------------------------


def build_meld(cards: Sequence[TableCard], rules: Rules) -> Meld:
    """The meld these cards make, as written; MeldError if they make none.

    Runs must be written in ascending order and a joker stands where it is written
    (D1); a set may be written in any order.
    """
    _check_declarations(cards)
    naturals = [tc.card for tc in cards if not tc.card.is_joker]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3:
        raise MeldError(f"a meld needs at least 3 cards, not {len(cards)}")
    _check_jokers(jokers, 0, rules)
    if not naturals:
        raise MeldError("a meld needs natural cards, not jokers alone")
    one_rank = len({c.rank for c in naturals}) == 1
    if one_rank and len(naturals) > 1:  # no run holds two cards of one rank: a set
        return _build_group(cards, naturals, jokers)
    if len({c.suit for c in naturals}) == 1:
        return _build_run(cards, naturals[0].suit, rules)
    raise MeldError("neither a set (one rank, different suits) nor a run (one suit)")


def _check_declarations(cards: Sequence[TableCard]) -> None:
    for tc in cards:
        if tc.stands_for is None:
            continue
        if not tc.card.is_joker:
            raise MeldError(f"only a joker can say which card it stands for, not {tc.card}")
        if tc.stands_for.is_joker:
            raise MeldError("a joker cannot stand for a joker")


def _build_group(cards: Sequence[TableCard], naturals: list[Card], jokers: int) -> Group:
    rank = naturals[0].rank
    assert rank is not None
    suits = tuple(c.suit for c in naturals if c.suit is not None)
    if len(set(suits)) != len(suits):
        raise MeldError(f"a set needs different suits: two {_duplicate(naturals)}")
    if len(cards) > 4:
        raise MeldError(f"a set has 3 or 4 cards, not {len(cards)}")
    declared = None
    for tc in cards:
        if tc.stands_for is not None:
            declared = _check_group_declaration(tc.stands_for, rank, suits)
    return Group(rank=rank, suits=suits, jokers=jokers, declared=declared)


def _check_group_declaration(stands_for: Card, rank: Rank, suits: tuple[Suit, ...]) -> Suit:
    if stands_for.rank != rank or stands_for.suit is None:
        raise MeldError(f"the joker cannot stand for {stands_for} in a set of "
                        f"{_rank_name(rank)}s")
    if stands_for.suit in suits:
        raise MeldError(f"the joker cannot stand for {stands_for}: that card is already in the set")
    return stands_for.suit


def _rank_name(rank: Rank) -> str:
    """``7``, ``K``, ``A``: a rank as the cards' codes write it."""
    return card(rank, "S").code[:-1]


def _duplicate(naturals: list[Card]) -> str:
    """The code of the first card that comes twice (a caller saw one does)."""
    return next(c.code for n, c in enumerate(naturals) if c in naturals[:n])


def _build_run(cards: Sequence[TableCard], suit: Suit | None, rules: Rules) -> Run:
    assert suit is not None
    played = tuple(tc.card for tc in cards)
    first = 0
    while played[first].rank is None:  # (build_meld saw a natural card)
        first += 1
    rank = played[first].rank
    assert rank is not None
    # an ace first is the low ace (1), an ace after other cards the high one (14)
    low = HIGH_ACE - first if rank is _ACE and first > 0 else int(rank) - first
    run = Run(suit=suit, low=low, cards=played)
    misplaced = [c for offset, c in enumerate(played)
                 if c.rank is not None and not _rank_matches(c, low + offset)]
    if low < 1 or low + len(played) - 1 > HIGH_ACE or misplaced:
        why = run_problem(played, suit)
        if why is None:  # no better words: the first card out of place
            why = (f"{misplaced[0]} out of order ({ASCENDING})" if misplaced else
                   "it would go past the ace (no K-A-2 wrap)")
        raise MeldError(f"not a run: {why}")
    _check_run_shape(run, rules)
    for offset, tc in enumerate(cards):
        if tc.stands_for is not None and tc.stands_for is not run.card_at(low + offset):
            raise MeldError(f"the joker stands for {run.card_at(low + offset)} where it is "
                            f"written, not {tc.stands_for}")
    return run


def _check_run_shape(run: Run, rules: Rules) -> None:
    low, played = run.low, run.cards
    high = low + len(played) - 1
    if low < 1 or high > HIGH_ACE:
        raise MeldError("not a run: it would go past the ace (no K-A-2 wrap)")
    if len(played) > rules.run_max:
        raise MeldError(f"a run has at most {rules.run_max} cards, not {len(played)}")
    if low == 1 and high == HIGH_ACE and played[0].rank is not None \
            and played[-1].rank is not None:
        raise MeldError("a run cannot hold two natural aces")


# --- what a meld is worth -------------------------------------------------------------


def opening_value(meld: Meld) -> int:
    """Points toward the opening: jokers count as the card they stand for (D6).

    A set counts rank value x cards (an ace 11); a run counts by position (a low ace 1,
    a high ace 11, J Q K 10).
    """
    if isinstance(meld, Group):
        return rank_points(HIGH_ACE if meld.rank is _ACE else meld.rank) * meld.size
    return sum(rank_points(position) for position in range(meld.low, meld.high + 1))


# --- attaching ------------------------------------------------------------------------


def attach(meld: Meld, cards: Sequence[TableCard], rules: Rules) -> Meld:
    """The meld with these cards added, in any order; MeldError if they do not fit."""
    if not cards:
        raise MeldError("nothing to attach")
    _check_declarations(cards)
    new_jokers = sum(1 for tc in cards if tc.card.is_joker)
    _check_jokers(meld.joker_count + new_jokers, meld.joker_count, rules)
    if isinstance(meld, Group):
        return _attach_to_group(meld, cards, rules)
    return _attach_to_run(meld, cards, rules)


def _attach_to_group(group: Group, cards: Sequence[TableCard], rules: Rules) -> Group:
    suits = list(group.suits)
    declared = group.declared
    jokers = group.jokers
    for tc in cards:
        if tc.card.is_joker:
            jokers += 1
            if tc.stands_for is not None:
                declared = _check_group_declaration(tc.stands_for, group.rank, tuple(suits))
            continue
        if tc.card.rank != group.rank or tc.card.suit is None:
            raise MeldError(f"{tc.card} does not belong in a set of {_rank_name(group.rank)}s")
        if tc.card.suit in suits:
            raise MeldError(f"the set already holds {tc.card}")
        if tc.card.suit == declared:
            if _declared_suit_binds(rules):
                raise MeldError(f"the joker stands for {tc.card}: swap it instead")
            declared = None
        suits.append(tc.card.suit)
    grown = Group(rank=group.rank, suits=tuple(suits), jokers=jokers, declared=declared)
    if grown.size > 4:
        raise MeldError(f"a set has at most 4 cards, not {grown.size}")
    if declared is not None and declared in grown.suits:
        raise MeldError(f"the joker cannot stand for {card(group.rank, declared)}: "
                        "it is in the set")
    return grown


def _attach_to_run(run: Run, cards: Sequence[TableCard], rules: Rules) -> Run:
    naturals = [tc.card for tc in cards if not tc.card.is_joker]
    for c in naturals:
        if c.suit != run.suit:
            raise MeldError(f"{c} is not of the run's suit ({run.suit.name.lower()})")
    layouts = _prefer_low_aces([Run(suit=run.suit, low=low, cards=grown) for low, grown
                                in run_layouts(run.low, run.cards, run.suit, cards)], cards)
    if not layouts:
        raise MeldError(attach_problem(
            [tc.card for tc in cards], [tc.stands_for for tc in cards],
            " ".join(tc.code for tc in cards), run.cards,
            run.low, run.high, run.suit))
    if len(layouts) > 1:  # (run_layouts gives each run once)
        places = sorted({f"JK({grown.card_at(position)})" for grown in layouts
                         for position in range(grown.low, grown.high + 1)
                         if grown.cards[position - grown.low].is_joker
                         and not run.low <= position <= run.high})
        if len(places) == 1:  # the ace at either end: a declared ace goes low
            raise MeldError(f"the joker could be the ace at either end: say {places[0]} "
                            "to place it low")
        raise MeldError("the joker could go at either end: say which card it stands for, "
                        f"{' or '.join(places)}")
    grown = layouts[0]
    _check_run_shape(grown, rules)
    return grown


def _prefer_low_aces(layouts: list[Run], cards: Sequence[TableCard]) -> list[Run]:
    """D3: an ace that could go at either end goes low, a natural one or a joker
    declared as that ace (``attach JK(AC) to 1`` on 2C..KC)."""
    joker_ace = any(tc.card.is_joker and tc.stands_for is not None
                    and tc.stands_for.rank is _ACE for tc in cards)

    def low_aces(grown: Run) -> int:
        """2 for a natural ace low, 1 for a joker declared as the ace low (a natural ace
        attached with it goes low first), else 0."""
        if grown.low != 1:
            return 0
        if not grown.cards[0].is_joker:
            return 2
        return 1 if joker_ace else 0
    best = max((low_aces(grown) for grown in layouts), default=0)
    return [grown for grown in layouts if low_aces(grown) == best]


# --- swapping a joker -----------------------------------------------------------------


def joker_stands_for(meld: Meld, rules: Rules) -> tuple[Card, ...]:
    """The natural cards that could replace the meld's joker (none if it has no joker)."""
    if isinstance(meld, Run):
        position = meld.joker_position
        if position is None or _two_natural_aces_after_swap(meld, position):
            return ()
        return (meld.card_at(position),)
    if not meld.jokers:
        return ()
    if meld.declared is not None and _declared_suit_binds(rules):
        return (card(meld.rank, meld.declared),)
    return tuple(card(meld.rank, s) for s in meld.missing_suits())


def _two_natural_aces_after_swap(run: Run, position: int) -> bool:
    """A joker standing for the second ace of a 14-card run cannot be swapped (D5)."""
    return run.low == 1 and run.high == HIGH_ACE and position in (1, HIGH_ACE)


def swap(meld: Meld, natural: Card, rules: Rules) -> Meld:
    """The meld with ``natural`` in place of its joker; MeldError if it does not stand for it."""
    if natural.is_joker:
        raise MeldError("a joker is swapped for a natural card, not for a joker")
    candidates = joker_stands_for(meld, rules)
    if not candidates:
        if meld.joker_count:
            raise MeldError("that joker stands for a second ace and cannot be swapped")
        raise MeldError("that meld has no joker to swap")
    if natural not in candidates:
        options = " or ".join(c.code for c in candidates)
        raise MeldError(f"the joker stands for {options}, not {natural}")
    if isinstance(meld, Run):
        position = meld.joker_position
        assert position is not None
        cards = list(meld.cards)
        cards[position - meld.low] = natural
        return Run(suit=meld.suit, low=meld.low, cards=tuple(cards))
    assert natural.suit is not None
    return Group(rank=meld.rank, suits=(*meld.suits, natural.suit), jokers=meld.jokers - 1)


def forced_swap(meld: Meld, natural: Card) -> Meld | None:
    """The meld after a refused swap that still happened at the table (D27): the
    card took the joker's place. The meld a legal swap would give when the card fits it
    (a swap refused by the rules, not by the cards); None, an invalid meld, when not."""
    try:
        return swap(meld, natural, Rules(set_joker_suit=SetJokerSuit.ANY))
    except MeldError:
        return None


def fits(meld: Meld, c: Card, rules: Rules) -> bool:
    """Whether the card alone could be attached to the meld (for discard rules and bots).

    A joker fits wherever it could go once it says which card it stands for.
    """
    if c.is_joker and isinstance(meld, Run):
        if not jokers_fit(meld.joker_count + 1, rules):
            return False
        return any(_attaches(meld, TableCard(c, meld.card_at(p)), rules)
                   for p in (meld.low - 1, meld.high + 1) if 1 <= p <= HIGH_ACE)
    return _attaches(meld, TableCard(c), rules)


def _attaches(meld: Meld, tc: TableCard, rules: Rules) -> bool:
    try:
        attach(meld, (tc,), rules)
    except MeldError:
        return False
    return True


__all__ = ["JOKER", "Group", "Meld", "MeldError", "Run", "attach", "build_meld", "fits",
           "forced_swap", "joker_stands_for", "jokers_fit", "opening_value", "set_joker_card",
           "swap"]
