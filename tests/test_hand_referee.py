"""The referee of one hand, and the checker of its deal, on their own, rule by rule.

:class:`~scala40cli.judging.hands.deal.DealChecker` and
:class:`~scala40cli.judging.hands.hand.HandReferee`
are fed the events of one hand, parsed from a few lines, with no match around them;
each test is named after the rule it pins and says on which line the problem must be reported
(docs/decisions.md, "Where each problem is reported").

The base hand is legal: Anna deals, Bruno opens with 41 and closes in his second turn
by discarding his last card; Anna, opened with 60, keeps 44 points in hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
import small_hand
from helpers import rules

from scala40cli.judging.hands.deal import DealChecker, Dealt
from scala40cli.judging.hands.hand import HandReferee
from scala40cli.judging.hands.phases import DEAL_KINDS, PLAY_KINDS, STEPS, Kind, Phase, Step
from scala40cli.judging.rulebook.rules import CLASSIC, ClosingDiscard, Rules, UpcardJoker
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.model.cards import parse_card
from scala40cli.model.results import Closing, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import (
    Deal,
    Dealer,
    Event,
    HandStart,
    Stock,
    Upcard,
)
from scala40cli.reading.parser import parse_text

PLAYERS = ("Anna", "Bruno")
DEAL = small_hand.DEAL
PLAY = small_hand.PLAY
LEGAL = f"{DEAL}\n{PLAY}"

@dataclass
class Judged:
    """A hand as judged: the referee's state and every problem as (code, the line)."""

    referee: HandReferee
    lines: list[str]
    flagged: list[tuple[Code, int]] = field(default_factory=list)

    @property
    def problems(self) -> list[tuple[str, str]]:
        """Each problem as its code and the text of the line it is reported on."""
        return [(str(code), self.lines[line - 1]) for code, line in self.flagged]


def problem_of(finding: Finding, player: str | None, cause: Problem | None) -> Problem:
    """The problem a report of ``finding`` makes, as the match referee makes it."""
    event = finding.event
    return Problem(code=finding.code, message=finding.message, line=event.line,
                   column=event.column, player=player, caused_by=cause)


def _events(body: str) -> tuple[list[Event], list[str]]:
    text = '[Players "Anna" "Bruno"]\nhand 1\n' + body + "\n"
    parsed = parse_text(text)
    assert not parsed.errors, parsed.errors
    return list(parsed.games[0].events[1:]), text.splitlines()


def judge(body: str, rule_set: Rules = CLASSIC, expected_dealer: str | None = None) -> Judged:
    """Feed the lines of one hand to a HandReferee, as the match referee does."""
    events, lines = _events(body)
    start, *rest = events
    assert isinstance(start, HandStart)
    judged = Judged(referee=None, lines=lines)  # type: ignore[arg-type]

    def flag(finding: Finding, player: str | None = None,
             cause: Problem | None = None) -> Problem:
        if cause is None:  # a note (a consequence of a reported problem) is no violation
            judged.flagged.append((finding.code, finding.event.line))
        return problem_of(finding, player, cause)

    judged.referee = HandReferee(number=1, start=start, still_in=PLAYERS, game_players=PLAYERS,
                                 expected_dealer=expected_dealer, rules=rule_set, flag=flag)
    for event in rest:
        judged.referee.feed(event)
    return judged


def replaced(old: str, new: str, text: str = LEGAL) -> str:
    assert old in text
    return text.replace(old, new, 1)


# --- the legal hand -------------------------------------------------------------------


def test_a_hand_closed_by_discarding_the_last_card_scores_the_cards_left_in_hand() -> None:
    judged = judge(LEGAL)
    assert judged.problems == []
    hand = judged.referee
    assert hand.phase is Phase.ENDED
    assert (hand.closer, hand.closing) == ("Bruno", Closing.NORMAL)
    assert hand.penalties == {"Anna": 44, "Bruno": 0}
    assert hand.opened == {"Anna", "Bruno"}


def test_the_player_after_the_dealer_plays_first() -> None:
    assert judge(DEAL + "\nBruno draw 8H").referee.current == "Bruno"
    judged = judge(replaced("dealer Anna", "dealer Bruno", DEAL) + "\nAnna draw 8H")
    assert judged.problems == []


# --- turns ---------------------------------------------------------------------------

TURN_RULES = [
    # (the line changed, its new text, the first problems, on their lines); what follows
    # from them later in the hand is another matter (docs/decisions.md, D28)
    pytest.param("Bruno draw 8H", "Anna draw 8H",
                 [("T001", "Anna draw 8H")], id="the_wrong_player_acts"),
    pytest.param("Bruno draw 8H\n", "",
                 [("T002", "Bruno meld 2H 3H 4H 5H 6H")], id="a_play_before_the_draw"),
    pytest.param("Bruno draw 8H\n", "Bruno draw 8H\nBruno draw 10H\n",
                 [("T003", "Bruno draw 10H")], id="a_second_draw_in_a_turn"),
    pytest.param("Anna discard AH", "Anna discard KH",
                 [("T004", "Anna discard KH")], id="a_discard_of_a_card_not_in_hand"),
    pytest.param("Bruno discard 4C", "Bruno discard 4C\nAnna draw 2D\nAnna discard 2D",
                 [("T005", "Anna draw 2D")], id="the_first_event_after_the_end_only"),
    pytest.param("Anna draw JC", "Zoe draw 3D\nAnna draw JC",
                 [("G003", "Zoe draw 3D")], id="a_stranger_is_reported_and_ignored"),
    pytest.param("Bruno draw 7H", "deal Bruno 2H\nBruno draw 7H",
                 [("T006", "deal Bruno 2H")], id="a_deal_line_once_play_has_started"),
]


@pytest.mark.parametrize(("old", "new", "problems"), TURN_RULES)
def test_a_turn_out_of_order_is_reported_on_its_own_line(
    old: str, new: str, problems: list[tuple[str, str]]
) -> None:
    assert judge(replaced(old, new)).problems[:len(problems)] == problems


def test_a_discard_of_a_card_not_in_hand_leaves_the_hand_as_it_was() -> None:
    judged = judge(replaced("Anna discard AH", "Anna discard KH"))
    assert judged.referee.penalties["Anna"] == 44 + 11  # the ace stayed in her hand


# --- the stock and the discard pile -----------------------------------------------------

PILE_RULES = [
    pytest.param("Anna draw JC", "Anna take 5S",
                 [("S003", "Anna take 5S")], id="taking_a_card_that_is_not_the_top"),
    pytest.param("Bruno draw 8H", "reshuffle\nBruno draw 8H",
                 [("S005", "reshuffle")], id="a_reshuffle_with_cards_in_the_stock"),
]


@pytest.mark.parametrize(("old", "new", "problems"), PILE_RULES)
def test_the_stock_and_the_pile_hold_what_was_dealt_and_discarded(
    old: str, new: str, problems: list[tuple[str, str]]
) -> None:
    assert judge(replaced(old, new)).problems[:len(problems)] == problems


def test_a_draw_of_a_card_with_no_copy_left_in_the_stock() -> None:
    both_dealt = replaced("deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 4C",
                          "deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 9D")
    both_dealt = replaced("Bruno discard 4C", "Bruno discard 9D", both_dealt)
    judged = judge(replaced("Anna draw JC", "Anna draw 9H", both_dealt))
    assert judged.problems == []
    judged = judge(replaced("Anna draw JC", "Anna draw 9D", both_dealt))
    assert judged.problems[:1] == [("S002", "Anna draw 9D")]


def test_a_take_of_the_top_of_the_pile_is_legal_for_a_player_who_opens_with_it() -> None:
    judged = judge(replaced("Anna draw JC\nAnna meld QH QS QC",
                            "Anna take 9D\nAnna meld QH QS QC\nAnna meld 8C 9D 10C"))
    assert [code for code, _ in judged.problems if code.startswith("S")] == []


# --- melds and the opening -------------------------------------------------------------

MELD_RULES = [
    pytest.param("Bruno meld 7S 7D 7C", "Bruno meld 7S 7D 9D",
                 [("M001", "Bruno meld 7S 7D 9D")], id="neither_a_set_nor_a_run"),
    pytest.param("Anna meld QH QS QC\n", "Anna attach QH to 2\nAnna meld QH QS QC\n",
                 [("M005", "Anna attach QH to 2")], id="an_attach_before_opening"),
    pytest.param("Bruno attach 7H 8H to 1", "Bruno attach 7H 8H to 9",
                 [("M004", "Bruno attach 7H 8H to 9")], id="an_attach_to_no_meld"),
    pytest.param("Anna meld 9S 10S JS\n", "",
                 [("M006", "Anna meld QH QS QC")], id="an_opening_below_40_on_its_last_meld"),
]


@pytest.mark.parametrize(("old", "new", "problems"), MELD_RULES)
def test_a_meld_breaking_a_rule_is_reported_on_its_line(
    old: str, new: str, problems: list[tuple[str, str]]
) -> None:
    found = judge(replaced(old, new)).problems
    assert found[:len(problems)] == problems


def test_after_a_refused_opening_the_player_counts_as_opened() -> None:
    judged = judge(replaced("Anna meld 9S 10S JS\n", ""))
    assert "Anna" in judged.referee.opened
    assert judged.referee.penalties["Anna"] == 44 + 9 + 10 + 10  # her cards, not 100


# --- closing ---------------------------------------------------------------------------


@pytest.mark.parametrize(("closing_discard", "problems"), [
    (ClosingDiscard.NEEDS, [("C001", "Bruno meld KS KD KC KH")]),
    (ClosingDiscard.OPTIONAL, []),
])
def test_emptying_the_hand_without_a_discard(closing_discard: ClosingDiscard,
                                             problems: list[tuple[str, str]]) -> None:
    text = replaced("deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 4C",
                    "deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D KH")
    text = replaced("Bruno meld KS KD KC\nBruno discard 4C", "Bruno meld KS KD KC KH", text)
    judged = judge(text, rules(closing_discard=closing_discard))
    assert judged.problems == problems
    assert judged.referee.phase is Phase.ENDED


# --- the deal, through the hand -----------------------------------------------------------


def test_a_draw_before_the_deal_is_complete_closes_the_deal_with_what_it_lacks() -> None:
    """The match referee keeps such a draw out when deal lines follow (T006); alone, the
    hand starts play at it, and the deal's gaps are reported at the hand line."""
    judged = judge("dealer Anna\ndeal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH\n"
                   "Bruno draw 8H")
    assert judged.problems == [("D004", "hand 1"), ("D008", "hand 1"), ("G003", "Bruno draw 8H")]
    assert judged.referee.phase is Phase.PLAY


def test_a_line_of_play_while_more_of_the_deal_follows_is_out_of_place() -> None:
    """The gate's one look ahead: a deal line comes later in the hand."""
    events, lines = _events("dealer Anna\nBruno draw 8H\n"
                            "deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH")
    start, *rest = events
    flagged: list[tuple[str, str]] = []

    def flag(finding: Finding, player: str | None = None,
             cause: Problem | None = None) -> Problem:
        flagged.append((str(finding.code), lines[finding.event.line - 1]))
        return problem_of(finding, player, cause)

    referee = HandReferee(number=1, start=start, still_in=PLAYERS, game_players=PLAYERS,
                          expected_dealer=None, rules=CLASSIC, flag=flag)
    referee.upcoming = rest
    referee.feed(rest[0], 0)
    referee.feed(rest[1], 1)
    assert flagged == [("T006", "Bruno draw 8H")]
    assert referee.phase is Phase.SETUP
    referee.feed(rest[2], 2)
    assert referee.phase is Phase.SETUP


def test_every_phase_says_what_it_does_with_each_kind_of_line() -> None:
    assert set(STEPS) == set(itertools.product(Phase, Kind))
    assert {STEPS[Phase.ENDED, kind] for kind in PLAY_KINDS | DEAL_KINDS} == {Step.AFTER_END}
    assert {STEPS[Phase.PLAY, kind] for kind in DEAL_KINDS} == {Step.AFTER_PLAY_STARTED}
    assert {STEPS[Phase.SETUP, kind] for kind in PLAY_KINDS} == {Step.START_PLAY}


# --- DealChecker on its own ----------------------------------------------------------------


def check_deal(body: str, rule_set: Rules = CLASSIC, expected_dealer: str | None = None
               ) -> tuple[DealChecker, list[tuple[str, str]], Dealt]:
    events, lines = _events(body)
    start, *rest = events
    flagged: list[tuple[Code, int]] = []

    def flag(finding: Finding, player: str | None = None,
             cause: Problem | None = None) -> Problem:
        if cause is None:
            flagged.append((finding.code, finding.event.line))
        return problem_of(finding, player, cause)

    checker = DealChecker(number=1, start=start, still_in=PLAYERS, game_players=PLAYERS,
                          expected_dealer=expected_dealer, rules=rule_set, flag=flag)
    handlers: dict[type[Event], Callable[[Any], None]] = {
        Dealer: checker.on_dealer, Deal: checker.on_deal, Upcard: checker.on_upcard,
        Stock: checker.on_stock}
    for event in rest:
        handlers[type(event)](event)
    dealt = checker.close()
    return checker, [(str(code), lines[line - 1]) for code, line in flagged], dealt


DEAL_RULES = [
    # (what the rule says, the deal's new text, the problems on their lines)
    pytest.param(replaced(" AH\n", "\n", DEAL),
                 [("D005", "deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C")],
                 id="a_deal_of_12_cards"),
    pytest.param(replaced(" AH\n", " AH AS\n", DEAL),
                 [("D005", "deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH AS")],
                 id="a_deal_of_14_cards"),
    pytest.param(replaced("9D 4C", "QH QH", DEAL),
                 [("D007", "deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC QH QH")],
                 id="a_third_copy_of_a_card_on_the_line_that_shows_it"),
    pytest.param(replaced("dealer Anna\n", "", DEAL), [("D002", "hand 1")],
                 id="no_dealer_line_at_the_hand_line"),
    pytest.param(replaced("upcard 5S", "", DEAL), [("D008", "hand 1")],
                 id="no_upcard_at_the_hand_line"),
    pytest.param(replaced("deal Bruno", "deal Anna", DEAL),
                 [("D006", "deal Anna 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 4C"),
                  ("D004", "hand 1")], id="a_second_deal_for_a_player"),
    pytest.param(replaced("deal Bruno", "deal Bruna", DEAL),
                 [("G003", "deal Bruna 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 4C")],
                 id="a_misspelt_deal_is_the_deal_of_the_one_player_without_one"),
    pytest.param(replaced("upcard 5S", "upcard JK", DEAL), [("D009", "upcard JK")],
                 id="a_joker_upcard_not_returned"),
    pytest.param(replaced("upcard 5S", "stock 5H", DEAL),
                 [("D008", "hand 1"), ("D010", "stock 5H")], id="a_stock_that_is_not_the_deck"),
]


@pytest.mark.parametrize(("body", "problems"), DEAL_RULES)
def test_the_deal_is_judged_line_by_line(body: str, problems: list[tuple[str, str]]) -> None:
    _checker, found, _dealt = check_deal(body)
    assert found == problems


def test_the_dealer_written_is_taken_as_fact_and_checked_against_rotation() -> None:
    _checker, found, dealt = check_deal(DEAL, expected_dealer="Bruno")
    assert found == [("D003", "dealer Anna")]
    assert dealt.dealer == "Anna"


def test_without_a_dealer_line_the_next_dealer_in_rotation_is_assumed() -> None:
    _checker, _found, dealt = check_deal(replaced("dealer Anna\n", "", DEAL),
                                         expected_dealer="Bruno")
    assert dealt.dealer == "Bruno"


def test_a_misspelt_deal_gives_the_undealt_player_their_cards() -> None:
    _checker, _found, dealt = check_deal(replaced("deal Bruno", "deal Bruna", DEAL))
    assert dealt.order == PLAYERS
    assert dealt.hands["Bruno"][parse_card("KS")] == 1


def test_the_stock_is_what_the_deal_leaves_of_the_deck() -> None:
    _checker, found, dealt = check_deal(DEAL)
    assert found == []
    assert dealt.stock.total() == 108 - 26 - 1
    assert dealt.discard_pile == [dealt.discard_pile[0]] and str(dealt.discard_pile[0]) == "5S"


def test_a_joker_upcard_is_returned_and_another_card_turned() -> None:
    body = replaced("upcard 5S", "upcard JK\nupcard 5S", DEAL)
    checker, found, _dealt = check_deal(body, rules(upcard_joker=UpcardJoker.RETURNED))
    assert found == []
    assert checker.complete()


def test_the_deal_is_complete_once_everyone_is_dealt_and_the_upcard_turned() -> None:
    events, _lines = _events(DEAL)
    checker = DealChecker(number=1, start=events[0], still_in=PLAYERS, game_players=PLAYERS,
                          expected_dealer=None, rules=CLASSIC, flag=lambda *_: None)
    steps: dict[type[Event], Callable[[Any], None]] = {
        Dealer: checker.on_dealer, Deal: checker.on_deal, Upcard: checker.on_upcard}
    seen = []
    for event in events[1:]:
        steps[type(event)](event)
        seen.append(checker.complete())
    assert seen == [False, False, False, True]
