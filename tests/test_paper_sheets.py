"""Paper score sheets: each score line judged as a hand's penalties can be (issue 33).

A game of nothing but ``hand``, ``dealer`` and ``score`` lines gives penalties the
referee never saw played; each line must still be one a hand can give under the rules
(one closer, every other penalty between the least and the most a hand can cost, all
doubled by a closing in one go or none), and a line of running totals is read as such.
"""

from __future__ import annotations

import dataclasses

import pytest

from scala40cli.judging.hands.deal import game_deck
from scala40cli.judging.match.referee import replay
from scala40cli.judging.rulebook.rules import CLASSIC
from scala40cli.judging.scores.penalty_range import (
    PenaltyLimits,
    penalty_limits,
    read_penalties,
)
from scala40cli.model.results import Closing, GameResult
from scala40cli.reading.parser import parse_text


def _replay(text: str) -> GameResult:
    parsed = parse_text(text)
    assert not parsed.errors
    return replay(parsed.games[0])


def _sheet(*lines: str, rules: dict[str, str] | None = None,
           players: tuple[str, ...] = ("Anna", "Bruno", "Carla")) -> GameResult:
    """A paper score sheet, one hand a score line, under classic changed by ``rules``."""
    head = "[Players " + " ".join(f'"{p}"' for p in players) + "]\n"
    head += "".join(f'[Rule "{key}" "{value}"]\n' for key, value in (rules or {}).items())
    body = "".join(f"hand {n}\nscore {line}\n" for n, line in enumerate(lines, start=1))
    return _replay(head + body)


def _codes(game: GameResult) -> list[tuple[str, int]]:
    return [(str(p.code), p.line) for p in game.violations]


def _hands(game: GameResult) -> list[tuple[str, int | None]]:
    """Each violation's code and hand (a sheet's lines move with its rule tags)."""
    return [(str(p.code), p.hand) for p in game.violations]


def _limits(**switches: object) -> PenaltyLimits:
    rules = dataclasses.replace(CLASSIC, **switches)
    return penalty_limits(rules, game_deck(rules), buying=False)


# --- the sheets ----------------------------------------------------------------------

FOUR = '[Players "Franco" "Elena" "Dario" "Sara"]\n'


def test_a_line_of_running_totals_is_reported_and_read_as_the_hands_penalties() -> None:
    game = _replay(FOUR + "hand 1\ndealer Franco\nscore Franco 35 Elena 0 Dario 50 Sara 40\n"
                   "hand 2\ndealer Elena\nscore Franco 35 Elena 45 Dario 112 Sara 82\n"
                   "hand 3\ndealer Sara\nscore Franco 0 Elena 30 Sara 20\n")
    assert _codes(game) == [("C002", 7)]
    assert "running totals" in game.violations[0].message
    assert "Franco 0, Elena 45, Dario 62, Sara 42" in game.violations[0].message
    second = game.hands[1]
    assert second.penalties == {"Franco": 0, "Elena": 45, "Dario": 62, "Sara": 42}
    assert (second.closer, second.closing) == ("Franco", Closing.NORMAL)
    assert [(out.player, out.hand) for out in game.eliminated] == [("Dario", 2), ("Sara", 3)]
    assert game.totals == {"Franco": 35, "Elena": 75, "Dario": 112, "Sara": 102}


def test_a_line_where_nobody_closed_is_a_violation_on_its_line() -> None:
    game = _sheet("Anna 5 Bruno 70 Carla 12", "Anna 0 Bruno 20 Carla 10",
                  players=("Anna", "Bruno", "Carla"))
    assert _codes(game) == [("C006", 3)]
    assert game.violations[0].message.startswith("nobody closed: the player who closes scores 0")
    assert game.hands[0].closing is Closing.UNFINISHED
    assert game.totals == {"Anna": 5, "Bruno": 90, "Carla": 22}  # still as written


def test_two_players_at_zero_is_a_violation() -> None:
    game = _sheet("Anna 0 Bruno 0 Carla 30")
    assert _codes(game) == [("C006", 3)]
    assert "Anna, Bruno all score as the closer does (0)" in game.violations[0].message


def test_a_line_of_zeros_is_a_void_hand() -> None:
    for stock in ("once_then_void", "reshuffle"):
        game = _sheet("Anna 0 Bruno 0 Carla 0", "Anna 0 Bruno 10 Carla 20",
                      rules={"stock_exhausted": stock})
        assert game.violations == ()
        assert [hand.closing for hand in game.hands] == [Closing.VOID, Closing.NORMAL]


def test_a_player_already_out_is_named_as_out() -> None:
    game = _sheet("Anna 0 Bruno 120 Carla 10", "Anna 0 Bruno 5 Carla 10")
    assert _codes(game) == [("C003", 5)]
    assert game.violations[0].message.endswith("already out Bruno")


def test_a_stranger_is_still_unknown() -> None:
    game = _sheet("Anna 0 Bruno 20 Carla 10 Zoe 5")
    assert game.violations[0].message.endswith("unknown Zoe")


def test_a_line_that_leaves_a_player_out_is_not_judged_twice() -> None:
    game = _sheet("Anna 20 Bruno 10")  # Carla, who most likely closed, is left out
    assert _codes(game) == [("C003", 3)]


# --- each switch that bears on what a hand can cost ------------------------------------------


@pytest.mark.parametrize(("rules", "lowest_ok", "lowest_wrong"), [
    ({}, 2, 1),  # ace_penalty=11: the cheapest card is a 2
    ({"ace_penalty": "1"}, 1, 0),
    ({"ace_penalty": "1_if_last"}, 1, 0),  # a lone ace costs 1
])
def test_the_least_penalty_is_the_cheapest_card(rules: dict[str, str], lowest_ok: int,
                                                lowest_wrong: int) -> None:
    assert _sheet(f"Anna 0 Bruno {lowest_ok} Carla 30", rules=rules).violations == ()
    game = _sheet(f"Anna 0 Bruno 30 Carla {lowest_wrong}", rules=rules)
    assert _hands(game) == [("C006", 1)]


@pytest.mark.parametrize(("rules", "most"), [
    ({}, 166),  # an opened player holds 10 cards at most: 4 jokers and 6 aces
    ({"unopened_penalty": "cards"}, 198),  # one who never opened 13: 4 jokers, 8 aces, a K
    ({"jokers": "2"}, 138),  # 2 jokers and 8 aces
    ({"ace_penalty": "1"}, 160),  # 4 jokers and 6 tens
    ({"ace_penalty": "1", "unopened_penalty": "cards"}, 190),
    ({"in_hand_bonus": "none"}, 166),
])
def test_the_most_penalty_is_the_costliest_hand(rules: dict[str, str], most: int) -> None:
    assert _sheet(f"Anna 0 Bruno {most} Carla 30", rules=rules).violations == ()
    limit = most * 2 if rules.get("in_hand_bonus", "doubled") == "doubled" else most
    game = _sheet(f"Anna 0 Bruno {limit + 1} Carla 30", rules=rules)
    assert _hands(game) == [("C006", 1)]
    assert f"but a hand costs a player at most {most}" in game.violations[0].message


def test_buying_lets_a_hand_hold_more_cards() -> None:
    assert _hands(_sheet("Anna 0 Bruno 350 Carla 30")) == [("C006", 1)]
    assert _sheet("Anna 0 Bruno 350 Carla 30", rules={"compra": "yes"}).violations == ()


def test_a_closing_in_one_go_doubles_every_other_penalty() -> None:
    game = _sheet("Anna 0 Bruno 200 Carla 30")  # the flat 100 doubled, and 15 doubled
    assert game.violations == ()
    assert game.hands[0].closing is Closing.IN_ONE_GO
    game = _sheet("Anna 0 Bruno 200 Carla 31")
    assert _hands(game) == [("C006", 1)]
    assert "Carla's 31 is no doubled penalty: it is odd" in game.violations[0].message
    assert _hands(_sheet("Anna 0 Bruno 200 Carla 30", rules={"in_hand_bonus": "none"})) \
        == [("C006", 1)]


def test_minus100_gives_the_closer_of_a_closing_in_one_go_minus_100() -> None:
    rules = {"in_hand_bonus": "minus100"}
    game = _sheet("Anna -100 Bruno 100 Carla 30", rules=rules)
    assert game.violations == ()
    assert (game.hands[0].closer, game.hands[0].closing) == ("Anna", Closing.IN_ONE_GO)
    assert _hands(_sheet("Anna -100 Bruno 100 Carla 30")) == [("C006", 1)]  # classic
    assert _hands(_sheet("Anna 0 Bruno 200 Carla 30", rules=rules)) == [("C006", 1)]


def test_winner_bonus_is_what_the_closer_scores() -> None:
    rules = {"winner_bonus": "-100"}
    game = _sheet("Anna -100 Bruno 100 Carla 30", rules=rules)
    assert game.violations == ()
    assert game.hands[0].closer == "Anna"
    assert _hands(_sheet("Anna 0 Bruno 100 Carla 30", rules=rules)) == [("C006", 1)]


def test_the_limits_under_each_switch() -> None:
    classic = _limits()
    assert (classic.least, classic.most, classic.doubling) == (2, 166, True)
    assert dict(classic.closer_scores) == {0: False}
    assert dict(_limits(in_hand_bonus=_enum("in_hand_bonus", "minus100")).closer_scores) \
        == {-100: True, 0: False}
    assert not _limits(in_hand_bonus=_enum("in_hand_bonus", "none")).doubling
    assert dict(_limits(winner_bonus=-100).closer_scores) == {-100: False}
    deck = game_deck(CLASSIC)
    assert penalty_limits(CLASSIC, deck, buying=True).most == 860  # the whole deck


def _enum(key: str, token: str) -> object:
    return type(getattr(CLASSIC, key))(token)


def test_read_penalties_reads_void_closed_and_in_one_go() -> None:
    limits = _limits()
    assert read_penalties({"A": 0, "B": 0}, limits).closing is Closing.VOID
    assert read_penalties({"A": 0, "B": 40}, limits).closing is Closing.NORMAL
    assert read_penalties({"A": 0, "B": 240}, limits).closing is Closing.IN_ONE_GO
    wrong = read_penalties({"A": 0, "B": 400}, limits)
    assert wrong.closer == "A" and "at most 166, 332 doubled" in wrong.problem
    assert read_penalties({"A": 3, "B": 4}, limits).problem.startswith("nobody closed: ")


# --- re-entry (reentry=yes): on paper, a player out who is named again has re-entered -----

REENTRY = {"reentry": "yes"}
FOUR_PLAYERS = ("Anna", "Bruno", "Carla", "Dario")


def test_players_out_named_on_the_next_line_have_re_entered_at_the_highest_total() -> None:
    """Put out together by a closing in one go, Anna and Bruno are on the next hand's
    line: both came back with the highest total of those still in (Dario's 10), as a
    full log's deal lines would show; the line was said to name players already out."""
    game = _sheet("Anna 200 Bruno 200 Carla 0 Dario 10", "Anna 20 Bruno 0 Carla 30 Dario 40",
                  rules=REENTRY, players=FOUR_PLAYERS)
    assert _codes(game) == []
    assert game.totals == {"Anna": 30, "Bruno": 10, "Carla": 30, "Dario": 50}
    assert game.hands[1].closer == "Bruno" and not game.finished


def test_a_player_out_left_off_the_next_line_stays_out() -> None:
    game = _sheet("Anna 200 Bruno 50 Carla 0", "Bruno 100 Carla 0",
                  rules=REENTRY)
    assert _codes(game) == []
    assert game.finished and game.winner == "Carla"


@pytest.mark.parametrize(("rules", "lines", "why"), [
    ({}, ("Anna 200 Bruno 50 Carla 0 Dario 10", "Anna 10 Bruno 0 Carla 30 Dario 40"),
     "without re-entry"),
    (REENTRY, ("Anna 200 Bruno 50 Carla 0 Dario 10", "Anna 10 Bruno 0 Carla 30 Dario 40",
               "Anna 200 Bruno 0 Carla 30 Dario 40", "Anna 10 Bruno 0 Carla 30 Dario 40"),
     "a second re-entry"),
])
def test_a_player_who_may_not_re_enter_is_still_out_on_paper(
        rules: dict[str, str], lines: tuple[str, ...], why: str) -> None:
    game = _sheet(*lines, rules=rules, players=FOUR_PLAYERS)
    assert _hands(game) == [("C003", len(lines))], why
    assert "already out Anna" in game.violations[0].message
    assert "Anna" not in game.hands[-1].penalties


# --- a misspelt name on a score line -----------------------------------------------------------

def test_a_misspelt_name_on_a_score_line_is_one_violation_and_its_points_count() -> None:
    """``Brunoo`` on a club's sheet was an unknown player and Bruno a missing one: the
    hand was read without his 40 (C003), so he stayed in at 70 where he is out at 110."""
    game = _sheet("Anna 0 Brunoo 40", "Anna 0 Bruno 70", players=("Anna", "Bruno"))
    assert [(str(p.code), p.hand, p.message) for p in game.violations] == [
        ("G003", 1, "Brunoo is not a player of this game; did you mean Bruno?")]
    assert game.totals == {"Anna": 0, "Bruno": 110}
    assert game.finished and game.winner == "Anna"


@pytest.mark.parametrize(("line", "meant"), [
    ("Ann 0 Bruno 40 Anne 20", "Anna"),  # of the players the line does not name, one is close
    ("Ann 0 Bruno 40", None),  # Anna and Anne both: nobody can tell
    ("Anna 0 Bruno 40 Anne 20 Anne 5", None),  # a name twice is no typo
])
def test_a_score_line_name_is_read_as_a_player_only_when_one_is_meant(
        line: str, meant: str | None) -> None:
    game = _sheet(line, players=("Anna", "Anne", "Bruno"))
    codes = [str(p.code) for p in game.violations]
    if meant is None:
        assert codes[:1] == ["C003"] and "G003" not in codes
    else:
        assert codes == ["G003"] and game.hands[0].penalties[meant] == 0
