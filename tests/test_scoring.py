"""Scoring: the penalty of a hand, the penalties of a closed or void hand, elimination.

Rules pinned: docs/rules.md "Scoring, in order" (closer 0; others their cards or a flat
100 if never opened; doubled when closed in one go; eliminated at 101; a void hand
scores nothing), the switches `ace_penalty`, `unopened_penalty`, `in_hand_bonus`,
`winner_bonus`, `elimination`, and decisions D23 and D24 of docs/decisions.md.
"""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import hand, rules
from hypothesis import given
from hypothesis import strategies as st

from scala40cli.audit.pipeline import audit_bytes
from scala40cli.judging.rulebook.rules import (
    CLASSIC,
    AcePenalty,
    InHandBonus,
    RuleChoice,
    Rules,
    RulesError,
    UnopenedPenalty,
    with_values,
)
from scala40cli.judging.scores.scoring import (
    Bounds,
    closed_hand_penalties,
    hand_penalty,
    others_doubled,
    pays_flat_penalty,
    unverified_penalties,
    void_hand_penalties,
)
from scala40cli.judging.scores.standings import Standings, plays_in_teams, teams_problem
from scala40cli.model.cards import JOKER, NATURAL_CARDS, Card, penalty_points
from scala40cli.model.results import Closing
from scala40cli.model.violations import Code
from scala40cli.simulate.runner import make_setup

ACE_11 = rules(ace_penalty=AcePenalty.ELEVEN)
ACE_1 = rules(ace_penalty=AcePenalty.ONE)
ACE_1_IF_LAST = rules(ace_penalty=AcePenalty.ONE_IF_LAST)

# --- the penalty of a hand --------------------------------------------------------------

HAND_PENALTIES = [
    # (cards left in hand, rules, penalty)
    pytest.param("", CLASSIC, 0, id="empty_hand_0"),
    pytest.param("2S", CLASSIC, 2, id="two_2"),
    pytest.param("10H", CLASSIC, 10, id="ten_10"),
    pytest.param("JS QH KD", CLASSIC, 30, id="jqk_10_each"),
    pytest.param("JK", CLASSIC, 25, id="joker_25"),
    pytest.param("2S 3H 10D JC QS KH JK", CLASSIC, 70, id="mixed_70"),
    pytest.param("7H 7H", CLASSIC, 14, id="two_copies_count_twice"),
    pytest.param("JK JK", CLASSIC, 50, id="two_jokers_50"),
    pytest.param("AS", CLASSIC, 11, id="classic_ace_11"),
    pytest.param("AS", ACE_11, 11, id="ace_11_alone"),
    pytest.param("AS KD", ACE_11, 21, id="ace_11_with_king"),
    pytest.param("AS AS JK JK", ACE_11, 72, id="ace_11_two_aces_two_jokers"),
    pytest.param("AS", ACE_1, 1, id="ace_1_alone"),
    pytest.param("AS KD", ACE_1, 11, id="ace_1_with_king"),
    pytest.param("AS AS JK JK", ACE_1, 52, id="ace_1_two_aces_two_jokers"),
    pytest.param("AS", ACE_1_IF_LAST, 1, id="ace_1_if_last_only_card"),
    pytest.param("AH KD", ACE_1_IF_LAST, 21, id="ace_1_if_last_not_alone"),
    pytest.param("AH AD", ACE_1_IF_LAST, 22, id="ace_1_if_last_two_aces"),
    pytest.param("JK", ACE_1_IF_LAST, 25, id="ace_1_if_last_joker_alone"),
    pytest.param("5C", ACE_1_IF_LAST, 5, id="ace_1_if_last_other_card_alone"),
]


@pytest.mark.parametrize(("cards", "with_rules", "penalty"), HAND_PENALTIES)
def test_hand_penalty_face_value_jqk_10_joker_25_ace_per_switch(
    cards: str, with_rules: Rules, penalty: int
) -> None:
    assert hand_penalty(hand(cards), with_rules) == penalty


# --- a closed hand ----------------------------------------------------------------------

PLAYERS = ("Anna", "Bruno", "Carla")
HANDS = {
    "Anna": hand(""),
    "Bruno": hand("KD 5S"),  # 15
    "Carla": hand("AS JK"),  # 36 (ace 11)
}

CLOSED = [
    # (rules, in one go, players who opened, expected penalties Anna (closer), Bruno, Carla)
    pytest.param(CLASSIC, False, "Anna Bruno Carla", (0, 15, 36), id="closer_0_others_cards"),
    pytest.param(CLASSIC, False, "Anna Bruno", (0, 15, 100), id="unopened_flat_100"),
    pytest.param(rules(unopened_penalty=UnopenedPenalty.CARDS), False, "Anna Bruno",
                 (0, 15, 36), id="unopened_cards"),
    pytest.param(CLASSIC, True, "Bruno Carla", (0, 30, 72), id="in_one_go_doubled"),
    pytest.param(CLASSIC, True, "Bruno", (0, 30, 200), id="in_one_go_doubled_100_to_200"),
    pytest.param(rules(unopened_penalty=UnopenedPenalty.CARDS), True, "Bruno",
                 (0, 30, 72), id="in_one_go_doubled_unopened_cards"),
    pytest.param(rules(in_hand_bonus=InHandBonus.MINUS100), True, "Bruno",
                 (-100, 15, 100), id="in_one_go_minus100_closer"),
    pytest.param(rules(in_hand_bonus=InHandBonus.MINUS100), False, "Anna Bruno",
                 (0, 15, 100), id="minus100_only_in_one_go"),
    pytest.param(rules(in_hand_bonus=InHandBonus.NONE), True, "Bruno",
                 (0, 15, 100), id="in_one_go_no_bonus"),
    pytest.param(CLASSIC, False, "Anna Bruno", (0, 15, 100), id="doubled_only_in_one_go"),
    pytest.param(rules(winner_bonus=-100), False, "Anna Bruno Carla",
                 (-100, 15, 36), id="winner_bonus_minus_100"),
    pytest.param(rules(winner_bonus=-100), True, "Bruno", (-100, 30, 200),
                 id="winner_bonus_and_doubled"),
    pytest.param(rules(winner_bonus=-100, in_hand_bonus=InHandBonus.MINUS100), True, "Bruno",
                 (-200, 15, 100), id="winner_bonus_and_minus100"),
    pytest.param(ACE_1, False, "Anna Bruno Carla", (0, 15, 26), id="ace_penalty_1"),
    pytest.param(ACE_1, True, "Bruno Carla", (0, 30, 52), id="ace_penalty_1_doubled"),
]


@pytest.mark.parametrize(("with_rules", "in_one_go", "opened", "expected"), CLOSED)
def test_closed_hand_penalties_closer_0_others_cards_or_100_then_bonus(
    with_rules: Rules, in_one_go: bool, opened: str, expected: tuple[int, int, int]
) -> None:
    penalties = closed_hand_penalties(
        players=PLAYERS,
        closer="Anna",
        in_one_go=in_one_go,
        hands=HANDS,
        opened=opened.split(),
        rules=with_rules,
    )
    assert penalties == dict(zip(PLAYERS, expected, strict=True))
    assert list(penalties) == list(PLAYERS)


def test_closed_hand_penalties_two_players_closer_last_in_order() -> None:
    penalties = closed_hand_penalties(
        players=("Bruno", "Anna"),
        closer="Anna",
        in_one_go=False,
        hands={"Anna": hand(""), "Bruno": hand("QS QH 3C")},
        opened=("Anna", "Bruno"),
        rules=CLASSIC,
    )
    assert penalties == {"Bruno": 23, "Anna": 0}


# --- a void hand ------------------------------------------------------------------------

VOID = [
    pytest.param(("Anna", "Bruno"), id="two_players"),
    pytest.param(PLAYERS, id="three_players"),
    pytest.param(("A", "B", "C", "D", "E", "F"), id="six_players"),
]


@pytest.mark.parametrize("players", VOID)
def test_void_hand_scores_nothing_for_anyone_dealt_in(players: tuple[str, ...]) -> None:
    assert void_hand_penalties(players) == dict.fromkeys(players, 0)


@pytest.mark.parametrize("in_one_go", [False, True])
def test_a_penalty_with_unseen_cards_is_bounded_by_a_joker_each_and_doubled_in_one_go(
    in_one_go: bool,
) -> None:
    """Bruno holds 5S and two cards the referee has not seen: 5 to 5 + 2 x 25, both
    doubled when Anna closed in one go; Carla never opened and pays 100 whatever."""
    bounds = unverified_penalties(
        players=("Anna", "Bruno", "Carla"), closer="Anna", in_one_go=in_one_go,
        hands={"Anna": hand(""), "Bruno": hand("5S"), "Carla": hand("KD")},
        unknown={"Bruno": 2, "Carla": 1}, opened=["Anna", "Bruno"], rules=CLASSIC)
    factor = 2 if in_one_go else 1
    assert bounds == {"Bruno": Bounds(5 * factor, 55 * factor, in_one_go)}


# --- elimination ------------------------------------------------------------------------

ELIMINATED = [
    # (totals after the hand, elimination threshold, who is out after it, in seat order)
    pytest.param({"Anna": 100, "Bruno": 101}, "101", ["Bruno"], id="100_stays_101_out"),
    pytest.param({"Anna": 100, "Bruno": 0}, "101", [], id="nobody_at_100"),
    pytest.param({"Anna": 150, "Bruno": 0, "Carla": 101}, "101", ["Anna", "Carla"],
                 id="several_in_seat_order"),
    pytest.param({"Anna": 200, "Bruno": 201}, "201", ["Bruno"], id="threshold_201"),
    pytest.param({"Anna": 150, "Bruno": 151}, "151", ["Bruno"], id="threshold_151"),
    pytest.param({"Anna": 100, "Bruno": 151, "Carla": 0}, "50n+1", ["Bruno"],
                 id="threshold_50n_plus_1_three_players"),
    pytest.param({"Anna": -100, "Bruno": 0}, "101", [], id="negative_total"),
]


@pytest.mark.parametrize(("totals", "threshold", "out"), ELIMINATED)
def test_a_player_whose_total_reaches_the_threshold_is_out(
    totals: dict[str, int], threshold: str, out: list[str]
) -> None:
    standings = Standings(list(totals), with_values(CLASSIC, {"elimination": threshold}))
    news = standings.record(number=1, closing=Closing.NORMAL, penalties=totals,
                            closer=None, opened=totals)
    assert [elimination.player for elimination in news] == out
    assert standings.still_in == [p for p in totals if p not in out]


PAIRS = ("Anna", "Bruno", "Carla", "Dario")  # teams=pairs: Anna & Carla, Bruno & Dario


def test_a_team_whose_summed_total_reaches_the_threshold_is_out() -> None:
    standings = Standings(PAIRS, with_values(CLASSIC, {"teams": "pairs"}))
    news = standings.record(number=1, closing=Closing.NORMAL,
                            penalties={"Anna": 60, "Bruno": 50, "Carla": 41, "Dario": 50},
                            closer=None, opened=PAIRS)
    assert [e.player for e in news] == ["Anna", "Carla"]  # 101: out; 100: in
    assert standings.finished and standings.winner == "Bruno & Dario"


def test_teams_over_fixed_hands_the_pair_with_the_lowest_summed_total_wins() -> None:
    standings = Standings(PAIRS, with_values(CLASSIC, {"teams": "pairs", "elimination": "none",
                                                       "fixed_hands": "1"}))
    standings.record(number=1, closing=Closing.NORMAL,
                     penalties={"Anna": 0, "Bruno": 30, "Carla": 20, "Dario": 5},
                     closer="Anna", opened=PAIRS)
    assert standings.finished and standings.winner == "Anna & Carla"


def test_a_void_hand_counts_in_no_tie_break_of_fixed_hands() -> None:
    """Bruno did not open in the void first hand: it is no hand he ended unopened, so
    the tie on totals and hands closed goes to a play-off."""
    players = ("Anna", "Bruno")
    standings = Standings(players, with_values(CLASSIC, {"elimination": "none",
                                                         "fixed_hands": "3"}))
    standings.record(number=1, closing=Closing.VOID, penalties={"Anna": 0, "Bruno": 0},
                     closer=None, opened=["Anna"])
    standings.record(number=2, closing=Closing.NORMAL, penalties={"Anna": 0, "Bruno": 10},
                     closer="Anna", opened=players)
    standings.record(number=3, closing=Closing.NORMAL, penalties={"Anna": 10, "Bruno": 0},
                     closer="Bruno", opened=players)
    assert not standings.finished and standings.playoff == players


def test_mortal_combat_puts_nobody_out_when_no_penalty_is_above_0() -> None:
    players = ("Anna", "Bruno", "Carla")
    standings = Standings(players, with_values(CLASSIC, {"mortal_combat": "yes"}))
    assert standings.record(number=1, closing=Closing.NORMAL,
                            penalties=dict.fromkeys(players, 0), closer="Anna",
                            opened=players) == []
    assert standings.still_in == list(players)


def test_reentry_is_refused_with_the_rule_that_refuses_it() -> None:
    """Re-entry needs 3 players; it never comes while the match is being decided (one
    player left, or a play-off of fixed hands)."""
    two = Standings(("Anna", "Bruno"), with_values(CLASSIC, {"reentry": "yes"}))
    two.record(number=1, closing=Closing.NORMAL, penalties={"Anna": 0, "Bruno": 101},
               closer="Anna", opened=["Anna", "Bruno"])
    assert two.reentry_options() == {"Bruno": "re-entry needs 3 or more players"}
    three = Standings(("Anna", "Bruno", "Carla"), with_values(CLASSIC, {"reentry": "yes"}))
    three.record(number=1, closing=Closing.NORMAL,
                 penalties={"Anna": 0, "Bruno": 101, "Carla": 120}, closer="Anna",
                 opened=["Anna", "Bruno", "Carla"])
    assert three.reentry_options() == {"Bruno": "the match is being decided",
                                       "Carla": "the match is being decided"}
    fixed = Standings(("Anna", "Bruno", "Carla"), with_values(
        CLASSIC, {"reentry": "yes", "elimination": "none", "fixed_hands": "2"}))
    for number, closer, other in [(1, "Anna", "Bruno"), (2, "Bruno", "Anna")]:
        fixed.record(number=number, closing=Closing.NORMAL,
                     penalties={closer: 0, other: 10, "Carla": 30}, closer=closer,
                     opened=["Anna", "Bruno", "Carla"])
    assert fixed.playoff == ("Anna", "Bruno")
    fixed.follow_table(restored=(), withdrawn=["Carla"], hand=3)  # D28: left after hand 2
    assert fixed.reentry_options() == {"Carla": "the match is being decided"}


@pytest.mark.parametrize("penalty", list(UnopenedPenalty))
@pytest.mark.parametrize("opened", [True, False])
def test_only_an_unopened_player_under_unopened_penalty_100_pays_flat(
    penalty: UnopenedPenalty, opened: bool
) -> None:
    flat = pays_flat_penalty(opened=opened, rules=rules(unopened_penalty=penalty))
    assert flat is (not opened and penalty is UnopenedPenalty.HUNDRED)


@pytest.mark.parametrize("bonus", list(InHandBonus))
@pytest.mark.parametrize("in_one_go", [True, False])
def test_only_a_closing_in_one_go_under_doubled_doubles_the_others(
    bonus: InHandBonus, in_one_go: bool
) -> None:
    doubled = others_doubled(in_one_go=in_one_go, rules=rules(in_hand_bonus=bonus))
    assert doubled is (in_one_go and bonus is InHandBonus.DOUBLED)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_teams_pairs_are_played_with_4_players_only(players: int) -> None:
    pairs = with_values(CLASSIC, {"teams": "pairs"})
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"][:players]
    assert plays_in_teams(pairs, players) is (players == 4)
    assert teams_problem(pairs, players) == (
        None if players == 4 else "teams=pairs needs exactly 4 players")
    assert len(Standings(names, pairs).teams) == (2 if players == 4 else 0)
    assert teams_problem(CLASSIC, players) is None
    assert not plays_in_teams(CLASSIC, players) and not Standings(names, CLASSIC).teams


# --- properties -------------------------------------------------------------------------

_DECK_CARDS = st.sampled_from([*NATURAL_CARDS, JOKER])


@given(
    st.lists(_DECK_CARDS, max_size=14),
    st.sampled_from([AcePenalty.ELEVEN, AcePenalty.ONE, AcePenalty.ONE_IF_LAST]),
)
def test_property_hand_penalty_is_the_sum_of_penalty_points(
    cards: list[Card], ace_penalty: AcePenalty
) -> None:
    if ace_penalty is AcePenalty.ONE or (ace_penalty is AcePenalty.ONE_IF_LAST and len(cards) == 1):
        ace_points = 1
    else:
        ace_points = 11
    expected = sum(penalty_points(c, ace_points) for c in cards)
    assert hand_penalty(Counter(cards), rules(ace_penalty=ace_penalty)) == expected


def test_teams_pairs_with_3_players_is_reported_and_refused_in_the_same_words() -> None:
    """The referee reports it on the [Players] tag and plays without teams; the
    simulator refuses such a run: both say the rule of standings.teams_problem."""
    log = b'[Players "Anna" "Bruno" "Carla"]\n[Rule "teams" "pairs"]\n'
    (game,) = audit_bytes(log, "teams.s40").games
    assert [(v.code, v.line, v.message) for v in game.violations] == [
        (Code.BAD_RULES, 1, "teams=pairs needs exactly 4 players; the match is played "
                            "without teams")]
    with pytest.raises(RulesError, match=r"^teams=pairs needs exactly 4 players, not 3$"):
        make_setup(players=3, levels="easy", seed=1,
                   choice=RuleChoice(values=(("teams", "pairs", "--set"),)))
