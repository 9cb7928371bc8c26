"""Every rule switch changes the verdict or the score of a game (issue 3).

``fixtures/switches/`` holds one short game per rule switch (``tests/switch_table.py``)
(named after the switch), played under one value of it. Every fixture writes that value
as a ``[Rule "key" "value"]`` tag, even the classic one, so that rewriting the tag keeps
every line number. The table below says what the referee must find under EVERY value of
the switch: the test rewrites only that tag in the text (what a user would write) and
replays it. The row of the value the fixture is written with must agree with the
fixture's own ``; expect`` lines, which ``tests/test_fixtures.py`` checks as well.

The expectations are worked out by hand from ``docs/rules.md``, ``docs/log-format.md``,
``docs/violations.md`` and the rule texts, not copied from
what the referee prints. Each fixture's header comment says why.

A problem is written as its code and the text of its line (what stands before any
comment), ``#n`` picking the n-th line of that text: ``("S010", "Anna discard 7H")``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from switch_table import MATRIX

from scala40cli.judging.match.referee import replay
from scala40cli.model.results import GameResult
from scala40cli.reading.parser import parse_text

SWITCHES_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "switches"

#: Switches with a single value: no pair of values to compare. Their fixture shows the
#: rule at work under that value only.
SINGLE_VALUE = {"opening_same_turn", "jokers_per_meld"}

UNSET = object()


def outcome(*problems: tuple[str, str], totals: dict[str, int] | None = None,
            penalties: dict[int, dict[str, int]] | None = None, winner: Any = UNSET,
            eliminated: list[tuple[str, int]] | None = None,
            closings: dict[int, str] | None = None, playoffs: list[int] | None = None,
            teams: dict[str, int] | None = None) -> dict[str, Any]:
    """What a replay must show: always the exact problems, and whatever else is given.

    ``winner`` None means the match is not over; ``teams`` maps team names to totals.
    """
    found: dict[str, Any] = {"problems": tuple(sorted(problems))}
    given = {"totals": totals, "penalties": penalties, "eliminated": eliminated,
             "closings": closings, "playoffs": playoffs, "teams": teams}
    found.update({key: value for key, value in given.items() if value is not None})
    if winner is not UNSET:
        found["winner"] = winner
    return found


@dataclass(frozen=True)
class Case:
    fixture: str
    switch: str
    value: str
    expected: dict[str, Any]

    @property
    def id(self) -> str:
        return f"{self.fixture}:{self.switch}={self.value}"


BASE_BRUNO_DEAL = "deal Bruno 2H 3H 4H 5H 6H 7S 7D JK KS KD KC 9D 4C"
SCORE_44 = "score Anna 44 Bruno 0"
STOCK_SCORE = "score Anna 200 Bruno 200 Carla 200 Dario 200 Elena 0 Fabio 200"

CASES: list[Case] = [
    # jokers: three jokers dealt; a deck of two holds one too many (D007 on that deal).
    Case("jokers.s40", "jokers", "4", outcome(totals={"Anna": 82, "Bruno": 0})),
    Case("jokers.s40", "jokers", "2",
         outcome(("D007", BASE_BRUNO_DEAL), totals={"Anna": 82, "Bruno": 0})),
    # upcard_joker: play starts on a joker upcard.
    Case("upcard_joker.s40", "upcard_joker", "stays", outcome(totals={"Anna": 44, "Bruno": 0})),
    Case("upcard_joker.s40", "upcard_joker", "returned",
         outcome(("D009", "upcard JK"), totals={"Anna": 44, "Bruno": 0})),
    # opening_points: openings of 41 (Bruno) and 39 (Anna).
    Case("opening_points.s40", "opening_points", "40",
         outcome(("M006", "Anna meld 2S 3S 4S"), totals={"Anna": 51, "Bruno": 0})),
    Case("opening_points.s40", "opening_points", "30", outcome(totals={"Anna": 51, "Bruno": 0})),
    Case("opening_points.s40", "opening_points", "50",
         outcome(("M006", "Bruno meld 7S 7D 7C"), ("M006", "Anna meld 2S 3S 4S"),
                 totals={"Anna": 51, "Bruno": 0})),
    # opening_jokers: a joker in Bruno's opening.
    Case("opening_jokers.s40", "opening_jokers", "allowed",
         outcome(totals={"Anna": 44, "Bruno": 0})),
    Case("opening_jokers.s40", "opening_jokers", "forbidden",
         outcome(("M007", "Bruno meld 7S 7D JK"), totals={"Anna": 44, "Bruno": 0})),
    # opening_same_turn: one value only (an opening split over two turns is too low).
    Case("opening_same_turn.s40", "opening_same_turn", "yes",
         outcome(("M006", "Anna meld QH QS QC"), totals={"Anna": 44, "Bruno": 0})),
    # jokers_per_meld: one value only (a meld with two jokers is invalid).
    Case("jokers_per_meld.s40", "jokers_per_meld", "1",
         outcome(("M001", "Bruno meld KS JK JK"), totals={"Anna": 44, "Bruno": 0})),
    # run_max: a joker as the 14th card of A-2-...-K.
    Case("run_max.s40", "run_max", "14", outcome(totals={"Anna": 0, "Bruno": 4})),
    Case("run_max.s40", "run_max", "13",
         outcome(("M002", "Anna attach JK to 1"), totals={"Anna": 0, "Bruno": 4})),
    # take_before_opening: Anna takes the discard and opens with it.
    Case("take_before_opening.s40", "take_before_opening", "only_to_open",
         outcome(totals={"Anna": 52, "Bruno": 0})),
    Case("take_before_opening.s40", "take_before_opening", "forbidden",
         outcome(("S007", "Anna take 9D"), totals={"Anna": 52, "Bruno": 0})),
    # take_after_opening: Bruno keeps the card he took.
    Case("take_after_opening.s40", "take_after_opening", "free",
         outcome(totals={"Anna": 44, "Bruno": 0})),
    Case("take_after_opening.s40", "take_after_opening", "must_use",
         outcome(("S008", "Bruno take AH"), totals={"Anna": 44, "Bruno": 0})),
    # discard_taken_card: Bruno discards the card he just took.
    Case("discard_taken_card.s40", "discard_taken_card", "allowed",
         outcome(totals={"Anna": 44, "Bruno": 0})),
    Case("discard_taken_card.s40", "discard_taken_card", "forbidden",
         outcome(("S009", "Bruno discard AH"), totals={"Anna": 44, "Bruno": 0})),
    # opening_turn_plays: attaches to her own meld and to Bruno's in Anna's opening turn.
    Case("opening_turn_plays.s40", "opening_turn_plays", "anywhere",
         outcome(totals={"Anna": 39, "Bruno": 0})),
    Case("opening_turn_plays.s40", "opening_turn_plays", "own_melds",
         outcome(("M005", "Anna attach 7H to 1"), totals={"Anna": 39, "Bruno": 0})),
    Case("opening_turn_plays.s40", "opening_turn_plays", "nothing",
         outcome(("M005", "Anna attach 8S to 4"), ("M005", "Anna attach 7H to 1"),
                 totals={"Anna": 39, "Bruno": 0})),
    # joker_swap: a refused swap is reported and still exchanges the cards (D27).
    Case("joker_swap.s40", "joker_swap", "yes",
         outcome(penalties={1: {"Anna": 59, "Bruno": 0}})),
    Case("joker_swap.s40", "joker_swap", "no",
         outcome(("M003", "Anna swap 7C in 2"), penalties={1: {"Anna": 59, "Bruno": 0}})),
    # freed_joker: Anna keeps the joker she freed.
    Case("freed_joker.s40", "freed_joker", "to_hand", outcome(totals={"Anna": 59, "Bruno": 0})),
    Case("freed_joker.s40", "freed_joker", "must_use",
         outcome(("M008", "Anna swap 5H in 1"), totals={"Anna": 59, "Bruno": 0})),
    # set_joker_suit: Anna attaches the natural card of the joker's declared suit.
    Case("set_joker_suit.s40", "set_joker_suit", "any", outcome(totals={"Anna": 34, "Bruno": 0})),
    Case("set_joker_suit.s40", "set_joker_suit", "declared",
         outcome(("M002", "Anna attach 7C to 2"), totals={"Anna": 34, "Bruno": 0})),
    # discard_playable: playable discards before opening, after opening, and to close.
    Case("discard_playable.s40", "discard_playable", "allowed",
         outcome(totals={"Anna": 53, "Bruno": 0})),
    Case("discard_playable.s40", "discard_playable", "forbidden",
         outcome(("S010", "Anna discard 7H"), ("S010", "Bruno discard AH"),
                 ("S010", "Bruno discard 9H"), totals={"Anna": 53, "Bruno": 0})),
    Case("discard_playable.s40", "discard_playable", "forbidden_unless_closing",
         outcome(("S010", "Anna discard 7H"), ("S010", "Bruno discard AH"),
                 totals={"Anna": 53, "Bruno": 0})),
    Case("discard_playable.s40", "discard_playable", "forbidden_before_opening",
         outcome(("S010", "Anna discard 7H"), totals={"Anna": 53, "Bruno": 0})),
    # discard_joker: a joker discarded mid-hand (Anna) and as the closing discard (Bruno).
    Case("discard_joker.s40", "discard_joker", "allowed", outcome(totals={"Anna": 44, "Bruno": 0})),
    Case("discard_joker.s40", "discard_joker", "not_closing",
         outcome(("S011", "Bruno discard JK"), totals={"Anna": 44, "Bruno": 0})),
    Case("discard_joker.s40", "discard_joker", "closing_only",
         outcome(("S011", "Anna discard JK"), totals={"Anna": 44, "Bruno": 0})),
    # closing_discard: Bruno closes by laying down his last cards.
    Case("closing_discard.s40", "closing_discard", "optional",
         outcome(closings={1: "normal"}, totals={"Anna": 44, "Bruno": 0})),
    Case("closing_discard.s40", "closing_discard", "needs",
         outcome(("C001", "Bruno attach 7H 8H 9H to 1"), closings={1: "normal"},
                 totals={"Anna": 44, "Bruno": 0})),
    # closing_first_round: Bruno closes in one go before Anna has played.
    Case("closing_first_round.s40", "closing_first_round", "allowed",
         outcome(closings={1: "in_one_go"}, totals={"Anna": 200, "Bruno": 0}, winner="Bruno")),
    Case("closing_first_round.s40", "closing_first_round", "not_allowed",
         outcome(("C004", "Bruno discard 6D"), closings={1: "in_one_go"},
                 totals={"Anna": 200, "Bruno": 0}, winner="Bruno")),
    # one_go_threshold: Anna opens with 30 and goes on; Bruno closes in one go with 37.
    Case("one_go_threshold.s40", "one_go_threshold", "applies",
         outcome(("M006", "Anna meld QH QS QC"), ("M006", "Bruno meld 4S 4D 4C"),
                 closings={1: "in_one_go"}, totals={"Anna": 140, "Bruno": 0}, winner="Bruno")),
    Case("one_go_threshold.s40", "one_go_threshold", "waived",
         outcome(("M006", "Anna meld QH QS QC"), closings={1: "in_one_go"},
                 totals={"Anna": 140, "Bruno": 0}, winner="Bruno")),
    # in_hand_bonus: Bruno closes in one go; Anna never opened (100).
    Case("in_hand_bonus.s40", "in_hand_bonus", "doubled",
         outcome(penalties={1: {"Anna": 200, "Bruno": 0}}, eliminated=[("Anna", 1)],
                 winner="Bruno")),
    Case("in_hand_bonus.s40", "in_hand_bonus", "minus100",
         outcome(("C002", "score Anna 200 Bruno 0"), ("C002", "score Anna 200 Bruno 0"),
                 penalties={1: {"Anna": 100, "Bruno": -100}}, eliminated=[], winner=None)),
    Case("in_hand_bonus.s40", "in_hand_bonus", "none",
         outcome(("C002", "score Anna 200 Bruno 0"), penalties={1: {"Anna": 100, "Bruno": 0}},
                 eliminated=[], winner=None)),
    # winner_bonus: the closer's score.
    Case("winner_bonus.s40", "winner_bonus", "0", outcome(penalties={1: {"Anna": 44, "Bruno": 0}})),
    Case("winner_bonus.s40", "winner_bonus", "-100",
         outcome(("C002", SCORE_44), penalties={1: {"Anna": 44, "Bruno": -100}},
                 totals={"Anna": 44, "Bruno": -100})),
    # ace_penalty: Carla keeps an ace among seven cards, Anna an ace alone.
    Case("ace_penalty.s40", "ace_penalty", "11",
         outcome(penalties={1: {"Anna": 11, "Bruno": 0, "Carla": 53}})),
    Case("ace_penalty.s40", "ace_penalty", "1",
         outcome(("C002", "score Anna 11 Bruno 0 Carla 53"),
                 ("C002", "score Anna 11 Bruno 0 Carla 53"),
                 penalties={1: {"Anna": 1, "Bruno": 0, "Carla": 43}})),
    Case("ace_penalty.s40", "ace_penalty", "1_if_last",
         outcome(("C002", "score Anna 11 Bruno 0 Carla 53"),
                 penalties={1: {"Anna": 1, "Bruno": 0, "Carla": 53}})),
    # unopened_penalty: Anna never opens, her cards are worth 103.
    Case("unopened_penalty.s40", "unopened_penalty", "100",
         outcome(penalties={1: {"Anna": 100, "Bruno": 0}}, eliminated=[], winner=None)),
    Case("unopened_penalty.s40", "unopened_penalty", "cards",
         outcome(("C002", "score Anna 100 Bruno 0"), penalties={1: {"Anna": 103, "Bruno": 0}},
                 eliminated=[("Anna", 1)], winner="Bruno")),
    # stock_exhausted: the stock runs out twice.
    Case("stock_exhausted.s40", "stock_exhausted", "reshuffle",
         outcome(closings={1: "in_one_go"},
                 totals={"Anna": 200, "Bruno": 200, "Carla": 200, "Dario": 200, "Elena": 0,
                         "Fabio": 200},
                 eliminated=[("Anna", 1), ("Bruno", 1), ("Carla", 1), ("Dario", 1),
                             ("Fabio", 1)], winner="Elena")),
    Case("stock_exhausted.s40", "stock_exhausted", "once_then_void",
         # the rest of the hand is ignored; the score line, written for the closing,
         # differs from the void hand's zeros for the five players it charges (C002)
         outcome(("T005", "reshuffle#2"), *[("C002", STOCK_SCORE)] * 5, closings={1: "void"},
                 totals={"Anna": 0, "Bruno": 0, "Carla": 0, "Dario": 0, "Elena": 0, "Fabio": 0},
                 eliminated=[], winner=None)),
    # elimination: Anna's total runs 100, 144, 188, 288, 488, 688 over six hands.
    Case("elimination.s40", "elimination", "501",
         outcome(totals={"Anna": 688, "Bruno": 0}, eliminated=[("Anna", 6)], winner="Bruno")),
    Case("elimination.s40", "elimination", "101",
         outcome(("G005", "hand 3"), totals={"Anna": 144, "Bruno": 0}, eliminated=[("Anna", 2)],
                 winner="Bruno")),
    Case("elimination.s40", "elimination", "50n+1",  # 50 x 2 players + 1 = 101
         outcome(("G005", "hand 3"), totals={"Anna": 144, "Bruno": 0}, eliminated=[("Anna", 2)],
                 winner="Bruno")),
    Case("elimination.s40", "elimination", "151",
         outcome(("G005", "hand 4"), totals={"Anna": 188, "Bruno": 0}, eliminated=[("Anna", 3)],
                 winner="Bruno")),
    Case("elimination.s40", "elimination", "201",
         outcome(("G005", "hand 5"), totals={"Anna": 288, "Bruno": 0}, eliminated=[("Anna", 4)],
                 winner="Bruno")),
    Case("elimination.s40", "elimination", "301",
         outcome(("G005", "hand 6"), totals={"Anna": 488, "Bruno": 0}, eliminated=[("Anna", 5)],
                 winner="Bruno")),
    # none alone brings fixed_hands=10 (docs/rules.md): six hands played, the match goes on.
    Case("elimination.s40", "elimination", "none",
         outcome(totals={"Anna": 688, "Bruno": 0}, eliminated=[], winner=None)),
    # reentry: Anna, out in hand 1, is dealt in hand 2.
    Case("reentry.s40", "reentry", "yes",
         outcome(totals={"Anna": 284, "Bruno": 284, "Carla": 0},
                 eliminated=[("Anna", 1), ("Anna", 2), ("Bruno", 2)], winner="Carla")),
    Case("reentry.s40", "reentry", "no",  # docs/violations.md, D006: out of the match
         outcome(("D006", "deal Anna 2D 3D 4D 8S 8D 10H JH KH 2C 6H 9H 10D JD"),
                 totals={"Anna": 200, "Bruno": 284, "Carla": 0},
                 eliminated=[("Anna", 1), ("Bruno", 2)], winner="Carla")),
    # mortal_combat: Carla has the highest penalty (100) of the hand.
    Case("mortal_combat.s40", "mortal_combat", "no",
         outcome(totals={"Anna": 15, "Bruno": 0, "Carla": 100}, eliminated=[], winner=None)),
    Case("mortal_combat.s40", "mortal_combat", "yes",
         outcome(totals={"Anna": 15, "Bruno": 0, "Carla": 100}, eliminated=[("Carla", 1)],
                 winner=None)),
    # compra: Carla buys Anna's discard out of turn.
    Case("compra.s40", "compra", "yes",
         outcome(closings={1: "normal"}, totals={"Anna": 100, "Bruno": 100, "Carla": 0})),
    Case("compra.s40", "compra", "no",
         outcome(("S012", "Carla buy 7C"), closings={1: "normal"},
                 totals={"Anna": 100, "Bruno": 100, "Carla": 0})),
    # teams: Red (Anna 100 + Carla 15) reaches 101, Blue (Bruno 0 + Dario 100) does not.
    Case("teams.s40", "teams", "pairs",
         outcome(totals={"Anna": 100, "Bruno": 0, "Carla": 15, "Dario": 100},
                 teams={"Red": 115, "Blue": 100}, eliminated=[("Anna", 1), ("Carla", 1)],
                 winner="Blue")),
    Case("teams.s40", "teams", "none",
         outcome(totals={"Anna": 100, "Bruno": 0, "Carla": 15, "Dario": 100}, teams={},
                 eliminated=[], winner=None)),
    # fixed_hands: a tie at 44 after two hands, a third hand closed by Anna.
    Case("fixed_hands.s40", "fixed_hands", "2",
         outcome(winner="Anna", playoffs=[3], closings={3: "normal"})),
    Case("fixed_hands.s40", "fixed_hands", "3",
         outcome(winner="Anna", playoffs=[], totals={"Anna": 44, "Bruno": 88})),
    Case("fixed_hands.s40", "fixed_hands", "1",
         outcome(("G005", "hand 2"), winner="Bruno", totals={"Anna": 44, "Bruno": 0})),
    Case("fixed_hands.s40", "fixed_hands", "none",
         outcome(winner=None, playoffs=[], totals={"Anna": 44, "Bruno": 88})),
    # fixed_hands, first tie-break: 100 each, Anna once never opened.
    Case("fixed_hands-fewer-unopened.s40", "fixed_hands", "2",
         outcome(winner="Bruno", playoffs=[], totals={"Anna": 100, "Bruno": 100})),
    Case("fixed_hands-fewer-unopened.s40", "fixed_hands", "none",
         outcome(winner=None, totals={"Anna": 100, "Bruno": 100})),
    Case("fixed_hands-fewer-unopened.s40", "fixed_hands", "1",
         outcome(("G005", "hand 2"), winner="Bruno", totals={"Anna": 100, "Bruno": 0})),
    Case("fixed_hands-fewer-unopened.s40", "fixed_hands", "3",
         outcome(winner=None, totals={"Anna": 100, "Bruno": 100})),
    # fixed_hands, second tie-break: 88 each, Anna closed two hands, Bruno one.
    Case("fixed_hands-more-closed.s40", "fixed_hands", "3",
         outcome(winner="Anna", playoffs=[], totals={"Anna": 88, "Bruno": 88})),
    Case("fixed_hands-more-closed.s40", "fixed_hands", "none",
         outcome(winner=None, totals={"Anna": 88, "Bruno": 88})),
    Case("fixed_hands-more-closed.s40", "fixed_hands", "2",
         outcome(("G005", "hand 3"), winner="Anna", totals={"Anna": 0, "Bruno": 88})),
    Case("fixed_hands-more-closed.s40", "fixed_hands", "1",
         outcome(("G005", "hand 2"), winner="Anna", totals={"Anna": 0, "Bruno": 44})),
]


# --- replaying a fixture under one value --------------------------------------------------


def rule_tag(key: str) -> re.Pattern[str]:
    return re.compile(rf'^\[Rule "{re.escape(key)}" "([^"]*)"\]$', re.MULTILINE)


def with_rule(text: str, key: str, value: str) -> str:
    """The text with only the switch's ``[Rule]`` tag set to ``value``."""
    new, count = rule_tag(key).subn(f'[Rule "{key}" "{value}"]', text)
    assert count == 1, f"the fixture must write exactly one [Rule \"{key}\"] tag"
    return new


def line_of(text: str, ref: str) -> int:
    """The number of the line whose text (before any comment) is ``ref`` (``text#n``)."""
    wanted, _, nth = ref.partition("#")
    hits = [number for number, line in enumerate(text.splitlines(), start=1)
            if line.split(";")[0].strip() == wanted]
    index = int(nth) if nth else 1
    assert nth or len(hits) == 1, f"{ref!r} is on lines {hits}: say which with #n"
    assert len(hits) >= index, f"no line {ref!r}"
    return hits[index - 1]


def play(text: str) -> GameResult:
    parsed = parse_text(text)
    assert not parsed.errors, [f"{e.line}: {e.message}" for e in parsed.errors]
    assert len(parsed.games) == 1
    return replay(parsed.games[0])


def observed(result: GameResult, expected: dict[str, Any]) -> dict[str, Any]:
    """The replay's outcome, in the shape of ``expected`` (only the keys it gives)."""
    views: dict[str, Any] = {
        "problems": lambda: tuple(sorted((str(v.code), v.line) for v in result.violations)),
        "totals": lambda: dict(result.totals),
        "penalties": lambda: {h.number: dict(h.penalties) for h in result.hands
                              if h.number in expected["penalties"]},
        "eliminated": lambda: [(e.player, e.hand) for e in result.eliminated],
        "closings": lambda: {h.number: str(h.closing) for h in result.hands
                             if h.number in expected["closings"]},
        "playoffs": lambda: [h.number for h in result.hands if h.playoff],
        "teams": lambda: {t.name: t.total for t in result.teams},
        "winner": lambda: result.winner if result.finished else None,
    }
    return {key: views[key]() for key in expected}


def resolved(text: str, expected: dict[str, Any]) -> dict[str, Any]:
    """``expected`` with each problem's line text turned into its line number."""
    problems = tuple(sorted((code, line_of(text, ref)) for code, ref in expected["problems"]))
    return {**expected, "problems": problems}


def fixture_text(name: str) -> str:
    return (SWITCHES_DIR / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_outcome_under_each_value(case: Case) -> None:
    """Rewrite only the switch's tag; the outcome is exactly the one the table states."""
    text = with_rule(fixture_text(case.fixture), case.switch, case.value)
    result = play(text)
    messages = [f"{v.line}: {v.code} {v.message}" for v in result.violations]
    assert observed(result, case.expected) == resolved(text, case.expected), messages
    if case.expected.get("winner") is not None:
        assert result.finished


# --- the table itself ---------------------------------------------------------------------


def test_every_value_of_every_switch_has_a_row() -> None:
    covered: dict[str, set[str]] = {}
    for case in CASES:
        covered.setdefault(case.switch, set()).add(case.value)
    assert set(covered) == set(MATRIX)
    for key, tokens in MATRIX.items():
        assert set(tokens) <= covered[key], key


def test_every_switch_has_a_fixture_named_after_it() -> None:
    names = {path.name for path in SWITCHES_DIR.glob("*.s40")}
    assert {f"{key}.s40" for key in MATRIX} <= names
    assert names == {case.fixture for case in CASES}, "every fixture has rows in the table"


def test_changing_only_the_switch_changes_the_outcome() -> None:
    """Each fixture gives at least two different outcomes over the values of its switch
    (the acceptance criterion of issue 3), save the switches with one value."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for case in CASES:
        groups.setdefault((case.fixture, case.switch), []).append(case.expected)
    for (fixture, switch), outcomes in groups.items():
        distinct = {repr(sorted(o.items())) for o in outcomes}
        wanted = 1 if switch in SINGLE_VALUE else 2
        assert len(distinct) >= wanted, fixture


def test_single_value_switches_have_no_pair() -> None:
    """opening_same_turn (yes) and jokers_per_meld (1) have one token in the switch table: no
    other value exists to compare with, so their fixtures pin the rule under that value."""
    for key in SINGLE_VALUE:
        assert len(MATRIX[key]) == 1
        assert [case.value for case in CASES if case.switch == key] == list(MATRIX[key])


@pytest.mark.parametrize("name", sorted({case.fixture for case in CASES}))
def test_fixture_is_written_under_a_row_of_the_table(name: str) -> None:
    """The value a fixture is written with has a row, and the row's problems are the
    fixture's own ``; expect CODE LINE`` lines."""
    text = fixture_text(name)
    rows = [case for case in CASES if case.fixture == name]
    written = rule_tag(rows[0].switch).findall(text)
    assert len(written) == 1
    row = next(case for case in rows if case.value == written[0])
    own = Counter((m[1], int(m[2])) for m in re.finditer(r"^; expect ([A-Z]\d{3}) (\d+)$",
                                                           text, re.MULTILINE))
    assert own == Counter(resolved(text, row.expected)["problems"])


def test_a_buy_follows_the_opening_rules_of_a_take() -> None:
    """docs/log-format.md: "the same opening rules apply to a player who has not opened":
    with take_before_opening=forbidden an unopened player may not buy either (S007)."""
    text = (SWITCHES_DIR / "compra.s40").read_text(encoding="utf-8").replace(
        '[Rule "compra" "yes"]', '[Rule "compra" "yes"]\n[Rule "take_before_opening" "forbidden"]')
    game = replay(parse_text(text).games[0])
    assert [(v.code, v.line) for v in game.violations] == [("S007", 20)]


BUY_AND_CLOSE = """[Players "Anna" "Bruno" "Carla"]
[Rule "compra" "yes"]
[Rule "closing_discard" "optional"]
[Rule "closing_first_round" "{value}"]

hand 1
dealer Carla
deal Anna AS 2S 4S 8S 9S JS 4H 6H 9H JH 5D 6D 7C
deal Bruno 3S 10S KS AH 3H 7H 8H QH 8D 9D 10D JD 2C
deal Carla 8C 9C QH QS QC QD 2D 3D 4D 5D 5S 6S 7S
upcard 5H
Anna draw 10S
Anna discard 7C
Carla buy 7C
Carla draw 8S
Carla meld 7C 8C 9C
Carla meld QH QS QC QD
Carla meld 2D 3D 4D 5D
Carla meld 5S 6S 7S 8S
score Anna 200 Bruno 200 Carla 0
"""


@pytest.mark.parametrize("value", ["allowed", "not_allowed"])
def test_a_buy_before_the_buyers_first_turn_is_that_turn_for_closing_first_round(
    value: str,
) -> None:
    """Carla buys Anna's 7C before she has played and lays all 15 cards down in that
    buy's turn (closing_discard=optional): a closing in her first turn of the hand, in
    one go (Anna and Bruno, unopened, pay 100 doubled). closing_first_round=not_allowed
    refuses it (C004 on the meld that empties her hand)."""
    game = replay(parse_text(BUY_AND_CLOSE.format(value=value)).games[0])
    assert [(v.code, v.line) for v in game.violations] == (
        [("C004", 19)] if value == "not_allowed" else [])


def test_a_card_that_fits_may_be_discarded_in_the_opening_turn_under_before_opening() -> None:
    """discard_playable=forbidden_before_opening: Bruno opens (2H-6H and 7S 7D 7C, 41)
    and discards AH, which fits his 2H-6H, in the same turn: he has opened, so it is
    legal (the hand is left unfinished: G006); under forbidden it is S010."""
    log = """[Players "Anna" "Bruno"]
[Rule "discard_playable" "{value}"]

hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C 4C
deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 9H
upcard 5S
Bruno draw AH
Bruno meld 2H 3H 4H 5H 6H
Bruno meld 7S 7D 7C
Bruno discard AH
"""
    found = {value: [(v.code, v.line) for v in replay(parse_text(
        log.format(value=value)).games[0]).violations]
        for value in ("forbidden_before_opening", "forbidden")}
    assert found == {"forbidden_before_opening": [("G006", 12)],
                     "forbidden": [("S010", 12)]}


# --- every preset changes the verdict of a fixture, alone -----------------------------------

#: (fixture, the preset, the switch value of that fixture the preset plays): under the
#: preset (with the fixture's own [Rule] tag dropped) the game ends as that value's row
#: says, and differently from classic (the row of the switch's classic value). Worked out
#: from each preset's values in docs/rules.md: for the presets that change several
#: switches, the fixture's other moves are untouched by the others (checked by hand,
#: said beside each row).
PRESET_CASES: list[tuple[str, str, str]] = [
    # traditional: only opening_jokers=forbidden touches this game (no take, no swap,
    # no ace left in hand, Anna opened, no reshuffle, no closing in one go).
    ("opening_jokers.s40", "traditional", "forbidden"),
    ("opening_points.s40", "scala30", "30"),
    ("opening_points.s40", "scala50", "50"),
    # strict: only closing_first_round=not_allowed touches this game (no take, no swap,
    # no joker discarded, one stock).
    ("closing_first_round.s40", "strict", "not_allowed"),
    # rientro: only one_go_threshold=waived touches this game (2 players: 50n+1 is 101,
    # nobody re-enters; neither discard, AH nor 5S, fits a table meld when discarded).
    ("one_go_threshold.s40", "rientro", "waived"),
    ("jokers.s40", "two-jokers", "2"),
    ("compra.s40", "compra", "yes"),
    ("teams.s40", "teams", "pairs"),
    ("mortal_combat.s40", "mortal-combat", "yes"),
]


def under_preset(text: str, key: str, preset: str) -> str:
    """The fixture with its switch's [Rule] tag dropped and the [Rules] tag set to preset."""
    dropped, count = rule_tag(key).subn("", text)
    assert count == 1
    return dropped.replace('[Rules "classic"]', f'[Rules "{preset}"]', 1)


def row(fixture: str, value: str) -> Case:
    return next(case for case in CASES if case.fixture == fixture and case.value == value)


@pytest.mark.parametrize(("fixture", "preset", "value"), PRESET_CASES,
                         ids=[f"{p}:{f}" for f, p, _ in PRESET_CASES])
def test_each_preset_alone_changes_the_verdict(fixture: str, preset: str, value: str) -> None:
    case = row(fixture, value)
    classic = row(fixture, MATRIX[case.switch][0])
    assert case.expected != classic.expected
    for name, expected in ((preset, case.expected), ("classic", classic.expected)):
        text = under_preset(fixture_text(fixture), case.switch, name)
        assert observed(play(text), expected) == resolved(text, expected), name


def test_fixed_hands_preset_alone_changes_the_verdict() -> None:
    """fixed-hands (10 hands, nobody out) on the elimination fixture: six hands, the
    match goes on; under classic Anna is out in hand 2 and hand 3 comes after the end."""
    for name, expected in (
        ("fixed-hands", outcome(totals={"Anna": 688, "Bruno": 0}, eliminated=[], winner=None)),
        ("classic", row("elimination.s40", "101").expected),
    ):
        text = under_preset(fixture_text("elimination.s40"), "elimination", name)
        assert observed(play(text), expected) == resolved(text, expected), name


def test_every_preset_but_fisca_has_a_verdict_it_alone_changes() -> None:
    """fisca plays classic's values everywhere the federation's rules are known (see
    docs/rules.md), so no game can tell it from classic; every other preset has a row."""
    from scala40cli.judging.rulebook.rules import CLASSIC, PRESETS

    covered = {preset for _f, preset, _v in PRESET_CASES} | {"fixed-hands", "classic"}
    assert covered == set(PRESETS) - {"fisca"}
    assert PRESETS["fisca"].rules == CLASSIC


# --- replay --compare between the presets of the rule texts ---------------------------------

SEED_PRESETS = "traditional,classic,strict,rientro"  # texts A (and A's twin), B, C, D


@pytest.mark.parametrize(("fixture", "own"), [("rules-text-c.s40", "strict"),
                                              ("rules-text-d.s40", "rientro")])
def test_compare_between_the_rule_texts_shows_where_they_differ(fixture: str, own: str) -> None:
    """A match played under one rule text's preset is clean under it, and --compare
    shows what the other texts' presets make of it (docs/rules.md, the README)."""
    import json

    from click.testing import CliRunner

    from scala40cli.cli.main import main

    path = str(SWITCHES_DIR.parent / "variants" / fixture)
    result = CliRunner().invoke(main, ["replay", "--compare", SEED_PRESETS, "--format", "json",
                                       path])
    document = json.loads(result.stdout)
    assert document["rule_sets"] == SEED_PRESETS.split(",")
    [comparison] = document["comparisons"]
    assert comparison["same"] is False
    outcomes = {outcome["rules"]: outcome for outcome in comparison["outcomes"]}
    assert outcomes[own]["violations"] == 0
    assert any(outcome["violations"] > 0 for outcome in outcomes.values())
    topics = {difference["topic"] for difference in comparison["differences"]}
    assert "violations" in topics and any(topic.startswith("total ") for topic in topics)
    text = CliRunner().invoke(main, ["replay", "--compare", SEED_PRESETS, path]).stdout
    assert all(name in text for name in SEED_PRESETS.split(","))
