"""The planner's quick refusals of a card on a meld never refuse what the judge accepts.

:mod:`scala40cli.simulate.fitting` answers "can this card go on that meld?" with cheap
necessary conditions before the judging core's real judgement. These tests prove, over
every card and every value of the switches that shape melds, on a table of melds and on
melds drawn at random, that each shortcut equals (or only ever widens) the judge's
answer, so the shortcuts change how fast the bots plan, never what is legal.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from helpers import meld, table_cards
from hypothesis import assume, given
from hypothesis import strategies as st

from scala40cli.judging.rulebook.rules import CLASSIC, Rules, value_tokens, with_values
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.melds import MeldError, build_meld, fits
from scala40cli.judging.tabletop.verify import verify_attach
from scala40cli.model.card_counts import full_deck
from scala40cli.model.cards import JOKER, NATURAL_CARDS, Card, card
from scala40cli.reading.events import Attach, TableCard
from scala40cli.simulate.fitting import attach_forms, fits_fast, may_fit, spots

#: The switches that change what a meld is or what fits it.
MELD_SWITCHES = ("jokers_per_meld", "run_max", "set_joker_suit")
EVERY_CARD: tuple[Card, ...] = tuple(sorted(full_deck(), key=str))


def meld_rules() -> list[Rules]:
    """Classic with every combination of the values of the meld switches."""
    values = [value_tokens(key) or () for key in MELD_SWITCHES]
    return [with_values(CLASSIC, dict(zip(MELD_SWITCHES, combo, strict=True)))
            for combo in itertools.product(*values)]


MELDS = ("5S 6S 7S", "AS 2S 3S", "QH KH AH", "JK(5D) 6D 7D", "10C JC QC KC", "5S JK(6S) 7S",
         "KS KH KC", "7D 7C JK", "9S 9H 9D 9C", "4H 4D 4C", "JK(2H) 3H 4H", "QD KD JK(AD)",
         "2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
         "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "JK(AS) 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")


def _attach_judged(table_meld: TableMeld, tc: TableCard, rules: Rules) -> bool:
    event = Attach(player="Anna", cards=(tc,), meld=1, line=1, column=1)
    grown, found = verify_attach(event, table_meld, rules)
    return grown is not None and not found


def _every_form(c: Card) -> Iterator[TableCard]:
    """Every way one card can be written on an attach line."""
    yield TableCard(c)
    if c.is_joker:
        for natural in NATURAL_CARDS:
            yield TableCard(JOKER, natural)


def check_shortcuts(table_meld: TableMeld, rules: Rules) -> None:
    """Every shortcut against the judge, for every card."""
    for c in EVERY_CARD:
        judged = fits(table_meld, c, rules)
        assert fits_fast(table_meld, c, rules) == judged, c
        if judged:
            assert c in spots(table_meld), c
        if not may_fit(table_meld, c):
            assert not any(_attach_judged(table_meld, tc, rules) for tc in _every_form(c)), c
        for tc in attach_forms(table_meld, c):  # the forms the planner tries are well made
            assert tc.card is c


@pytest.mark.parametrize("rules", meld_rules(), ids=lambda r: f"{r.run_max}-{r.set_joker_suit}")
@pytest.mark.parametrize("text", MELDS)
def test_the_shortcuts_agree_with_the_judge_on_a_table_of_melds(text: str, rules: Rules) -> None:
    try:
        table_meld = build_meld(table_cards(text), rules)
    except MeldError:
        pytest.skip("not a meld under these rules")
    check_shortcuts(table_meld, rules)


def test_the_table_of_melds_is_all_melds_under_classic() -> None:
    assert all(meld(text) is not None for text in MELDS)


@st.composite
def random_melds(draw: st.DrawFn) -> tuple[TableMeld, Rules]:
    rules = draw(st.sampled_from(meld_rules()))
    if draw(st.booleans()):
        suit = draw(st.sampled_from("SHDC"))
        low = draw(st.integers(1, 12))
        high = draw(st.integers(low + 2, min(low + 13, 14)))
        cards = [TableCard(card(1 if p == 14 else p, suit)) for p in range(low, high + 1)]
    else:
        rank = draw(st.integers(1, 13))
        suits = draw(st.lists(st.sampled_from("SHDC"), min_size=3, max_size=4, unique=True))
        cards = [TableCard(card(rank, s)) for s in suits]
    if draw(st.booleans()):
        at = draw(st.integers(0, len(cards) - 1))
        cards[at] = TableCard(JOKER, cards[at].card)
    try:
        return build_meld(tuple(cards), rules), rules
    except MeldError:
        assume(False)
        raise


@pytest.mark.slow
@given(random_melds())
def test_the_shortcuts_agree_with_the_judge_on_any_meld(drawn: tuple[TableMeld, Rules]) -> None:
    check_shortcuts(*drawn)
