"""The hard bot's judgement: the outs of the next draw, what a discard would give the
next player, the joker it takes the discard for, the high cards it dumps under threat,
and the node budget its searches share.

Each table below is a position where the hard bot's choice is pinned, with the reason
in its name; the figures of strength are bench/strength.py's (README, "Bot levels").
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from types import MappingProxyType

import pytest
from test_simulate import _discard, _view

from scala40cli.judging.rulebook.rules import CLASSIC
from scala40cli.judging.tabletop.melds import build_meld
from scala40cli.model.cards import JOKER, Card, parse_card
from scala40cli.reading.events import TableCard
from scala40cli.simulate import Bot, Level
from scala40cli.simulate.feeding import feeding, holding, next_player_feeding
from scala40cli.simulate.outlook import NEAR, PARTNERS, outs, table_outs
from scala40cli.simulate.planner import TURN_NODES, Style, plan_turn
from scala40cli.simulate.plays import SwapPlay
from scala40cli.simulate.search import CARD_OF, INDEX_OF, NodeBudget, best_packing, counts_of
from scala40cli.simulate.view import PlayerView


def _cards(codes: str) -> list[Card]:
    return [parse_card(code) for code in codes.split()]


def _counts(codes: str) -> list[int]:
    return counts_of(_cards(codes))


# --- the outs of a hand -------------------------------------------------------------------


def test_partners_and_near_cards_are_the_melds_of_three() -> None:
    def names(pairs: tuple[tuple[int, int], ...]) -> set[frozenset[str]]:
        return {frozenset((CARD_OF[a].code, CARD_OF[b].code)) for a, b in pairs}

    assert names(PARTNERS[INDEX_OF[parse_card("AS")]]) == {
        frozenset(p) for p in (("AH", "AD"), ("AH", "AC"), ("AD", "AC"), ("2S", "3S"),
                               ("QS", "KS"))}
    assert frozenset(("6H", "7H")) in names(PARTNERS[INDEX_OF[parse_card("5H")]])
    assert frozenset(("4H", "6H")) in names(PARTNERS[INDEX_OF[parse_card("5H")]])
    assert {CARD_OF[i].code for i in NEAR[INDEX_OF[parse_card("KS")]]} == {
        "AS", "JS", "QS", "KH", "KD", "KC"}


UNSEEN_ALL = counts_of(Counter({c: 2 for c in _cards(
    "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH "
    "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
)}).elements())


@pytest.mark.parametrize(("hand", "table", "expected", "why"), [
    ("7S 7D", (), 4, "the two missing suits, two copies each"),
    ("5H 7H 6S 6D", (), 2 + 2, "6H and 6C: 6H closes both the gap and the set, once"),
    ("5H 6H", (), 4, "a run's two ends"),
    ("9C", (), 0, "a lone card makes nothing with one more"),
    ("9C JK", (), 2 * 7, "with a joker, any card that goes with the 9C"),
    ("9C", ("6H 7H 8H",), 4, "once opened, the cards that fit the table: 5H and 9H"),
])
def test_outs_count_each_unseen_card_once(hand: str, table: tuple[str, ...], expected: int,
                                           why: str) -> None:
    melds = [build_meld(tuple(TableCard(c) for c in _cards(m)), CLASSIC) for m in table]
    fitting = table_outs(melds, CLASSIC) if melds else frozenset()
    assert outs(_counts(hand), UNSEEN_ALL, fitting) == expected, why


# --- the discard ---------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "opened", "hard", "why"), [
    ("5H 6H 4S 4D 7S 7D 9C JC", True, "5H 6H",
     "4H and 7H complete the pairs of 4 and 7 too: the run's ends are no outs of its own, "
     "the 10C is the gap's"),
    ("2S 2D KS KD", False, "2S 2D",
     "before opening a set of kings brings 30 toward the opening, a set of twos 6"),
])
def test_hard_keeps_the_hand_with_more_outs(hand: str, opened: bool, hard: str,
                                            why: str) -> None:
    view = _view(hand, opened=opened, pile="5S")
    assert _discard(Level.HARD, view) in _cards(hard), why


def test_hard_dumps_its_high_cards_under_threat_even_when_they_have_outs() -> None:
    calm = _view("QH KH 5C")
    assert _discard(Level.HARD, calm) is parse_card("5C")
    threat = _view("QH KH 5C", sizes={"Anna": 3, "Bruno": 2})
    assert _discard(Level.HARD, threat) in _cards("QH KH")


def test_the_outs_never_make_hard_discard_a_card_that_fits_the_table() -> None:
    view = _view("9H 3C 7S 7D", table=["6H 7H 8H"])
    assert _discard(Level.HARD, view) is parse_card("3C")


# --- what a discard would give the next player ----------------------------------------------


def _at(codes: str) -> list[int]:
    return [INDEX_OF[c] for c in _cards(codes)]


def test_a_card_is_less_likely_in_a_hand_near_what_its_owner_threw_away() -> None:
    plain = holding(UNSEEN_ALL, 13, [])
    read = holding(UNSEEN_ALL, 13, _at("9H"))
    for near in _at("9S 9D 9C 7H 8H 10H JH"):
        assert read[near] < plain[near]
    for far in _at("9H QH 6H 8S 4C"):
        assert read[far] == plain[far]
    assert plain[INDEX_OF[parse_card("4C")]] == pytest.approx(2 * 13 / sum(UNSEEN_ALL))


def test_a_card_whose_partners_are_all_seen_completes_nothing() -> None:
    unseen = list(UNSEEN_ALL)
    for seen in _at("7H 7D 7C 5S 6S 8S 9S"):
        unseen[seen] = 0
    fed = feeding(holding(unseen, 13, []), opening=False)
    assert fed[INDEX_OF[parse_card("7S")]] == 0
    assert fed[INDEX_OF[parse_card("7H")]] > 0, "the 7H still has its run partners"


def test_before_the_next_player_opens_a_high_card_feeds_more() -> None:
    odds = holding(UNSEEN_ALL, 13, [])
    king, four = INDEX_OF[parse_card("KS")], INDEX_OF[parse_card("4S")]
    before, after = feeding(odds, opening=True), feeding(odds, opening=False)
    assert before[king] > before[four], "a set of kings is 30 toward the opening"
    assert after[four] > after[king], "once opened, the 4 has more melds to go in"


@pytest.mark.parametrize(("hand", "threw", "hard", "why"), [
    ("5H 6H 7H QC 8D", "", "8D", "a queen brings more toward the next player's opening"),
    ("5H 6H 7H QC 8D", "QS", "QC", "the next player threw a queen: they keep no queens"),
    ("5H 6H 7H 3C 8D", "", "3C", "a meld of 3s brings less toward their opening than one of 8s"),
    ("5H 6H 7H 3C 8D", "8S", "8D", "the next player threw an 8: they keep no 8s"),
])
def test_hard_discards_what_the_next_player_threw_away_near(hand: str, threw: str, hard: str,
                                                             why: str) -> None:
    view = dataclasses.replace(
        _view(hand, others_opened=False),
        discarded=MappingProxyType({"Anna": (), "Bruno": tuple(_cards(threw))}))
    assert _discard(Level.HARD, view) is parse_card(hard), why


def test_feeding_a_partner_is_no_harm() -> None:
    view = _view("5H 6H 7H QC 8D")
    assert next_player_feeding(view, UNSEEN_ALL) is not None
    partnered = dataclasses.replace(view, partners=frozenset({"Bruno"}))
    assert next_player_feeding(partnered, UNSEEN_ALL) is None


# --- taking the discard for a table joker --------------------------------------------------


def _joker_table_view(top: str) -> PlayerView:
    """Bruno's run 5H (6H) 7H holds a joker; the discard pile's top is ``top``."""
    run = build_meld((TableCard(parse_card("5H")), TableCard(JOKER, parse_card("6H")),
                      TableCard(parse_card("7H"))), CLASSIC)
    return dataclasses.replace(_view("2C 9S KD QS", pile=f"5S {top}"), table=(run,),
                               owners=("Bruno",))


def test_hard_takes_the_discard_to_give_it_for_a_table_joker() -> None:
    hard, normal = Bot(Level.HARD, random.Random(0)), Bot(Level.NORMAL, random.Random(0))
    view = _joker_table_view("6H")
    assert hard.wants_take(view) is True
    assert normal.wants_take(view) is False
    taken = dataclasses.replace(view, hand=(*view.hand, parse_card("6H")),
                                taken_now=parse_card("6H"), discard_pile=view.discard_pile[:-1])
    plan = hard.play(taken)
    assert SwapPlay(parse_card("6H"), 1) in plan.plays
    assert not plan.forced
    assert hard.wants_take(_joker_table_view("9H")) is False


# --- the node budget -------------------------------------------------------------------------


def test_a_budget_bounds_every_search_that_shares_it() -> None:
    counts = _counts("JK JK 2S 3S 4S 5S 6S 7S 7H 7D 8H 9H 10H JH")
    budget = NodeBudget(10)
    best_packing(counts, jokers_ok=True, run_max=14, threshold=40, min_left=1,
                 budget=budget)
    assert budget.left <= 0
    # nothing left: the search gives up at once (an opening it cannot afford is none)
    assert best_packing(counts, jokers_ok=True, run_max=14, threshold=40, min_left=2,
                        budget=budget) is None
    full = NodeBudget(TURN_NODES)
    found = best_packing(counts, jokers_ok=True, run_max=14, threshold=40, min_left=1,
                         budget=full)
    assert found is not None and found.opening >= 40
    assert 0 < TURN_NODES - full.left < TURN_NODES


def test_the_plans_of_a_turn_spend_one_budget() -> None:
    view = _view("JK JK 2S 3S 4S 5S 6S 7S 7H 7D 8H 9H 10H JH", opened=False)
    budget = NodeBudget(TURN_NODES)
    bot = Bot(Level.HARD, random.Random(0))
    planned = plan_turn(view, Style(swaps=True), bot._chooser(view), budget=budget)
    assert planned is not None and planned[0].plays
    spent = TURN_NODES - budget.left
    assert spent > 0
    # a second plan of the same turn spends from what is left, never a fresh budget
    plan_turn(view, Style(keep_extra=1), bot._chooser(view), budget=budget)
    assert TURN_NODES - budget.left > spent


# --- the same moves, sooner ------------------------------------------------------------------


def test_the_outs_without_each_card_are_the_outs_of_the_hand_less_it() -> None:
    """The hard bot weighs every discard by the outs the hand keeps without it, worked
    out once for the whole hand: exactly what counting them afresh gives."""
    from scala40cli.simulate.outlook import OPEN_WEIGHTS, outs_without

    rng = random.Random(7)
    deck = [CARD_OF[i] for i in range(53) for _ in range(2)]
    for _ in range(200):
        counts = counts_of(rng.sample(deck, 14))
        unseen = [rng.randint(0, 2) for _ in range(53)]
        fitting = frozenset(rng.sample(range(52), rng.randint(0, 8)))
        weights = OPEN_WEIGHTS if rng.random() < 0.5 else ()
        held = [i for i in range(53) if counts[i]]
        found = outs_without(counts, unseen, fitting, weights, held)
        for i in held:
            counts[i] -= 1
            assert found[i] == outs(counts, unseen, fitting, weights)
            counts[i] += 1


def test_feeding_worked_out_for_some_cards_only_is_the_same_for_them() -> None:
    rng = random.Random(3)
    for _ in range(50):
        odds = [rng.random() * 0.5 for _ in range(53)]
        only = rng.sample(range(52), 5)
        for opening in (True, False):
            every = feeding(odds, opening=opening)
            some = feeding(odds, opening=opening, only=only)
            assert [some[i] for i in only] == [every[i] for i in only]


def test_the_cards_remembered_to_fit_a_meld_are_the_judges() -> None:
    from scala40cli.judging.rulebook.rules import PRESETS
    from scala40cli.judging.tabletop.melds import fits
    from scala40cli.simulate.fitting import fits_table, fitting_cards

    table = [build_meld([TableCard(c) for c in _cards(codes)], CLASSIC)
             for codes in ("5H 6H 7H", "QS QH QD", "10C JC QC KC")]
    for preset in ("classic", "traditional", "strict"):
        rules = PRESETS[preset].rules
        for meld in table:
            for c in CARD_OF:
                assert (c in fitting_cards(meld, rules)) == fits(meld, c, rules)
                assert fits_table([meld], c, rules) == fits(meld, c, rules)
