"""What may happen when (scala40cli/judging/hands/phases.py): the gate, rule by rule.

Each test is named after the rule it pins and says on which line the problem is
reported; the games are replayed whole, as the match referee judges them. The last
tests prove that the gate is the only place that reports a line out of place (T006):
no handler asks which phase it is.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import small_hand

import scala40cli.judging.hands.hand as hand_module
from scala40cli.judging.hands.phases import KINDS, STEPS, Kind, Phase, Step
from scala40cli.judging.match.referee import replay
from scala40cli.model.results import GameResult
from scala40cli.reading.event_base import Place
from scala40cli.reading.events import Event, Tag
from scala40cli.reading.parser import parse_text

PACKAGE = Path(__file__).resolve().parent.parent / "scala40cli"

HEADER = '[Players "Anna" "Bruno"]\n'
DEAL = f"hand 1\n{small_hand.DEAL}"
PLAY = small_hand.PLAY
SCORE = small_hand.SCORE
LEGAL = f"{DEAL}\n{PLAY}\n{SCORE}"

#: A three-player hand where Carla buys Anna's discard under compra=yes.
BUY = """\
[Players "Anna" "Bruno" "Carla"]
[Rule "compra" "yes"]
hand 1
dealer Carla
deal Anna AS 2S 4S 8S 9S JS 4H 6H 9H JH 5D 6D 7C
deal Bruno 3S 10S KS AH 3H 7H 8H QH 8D 9D 10D JD 2C
deal Carla 8C 9C QH QS QC 2D 3D 4D 5D 5S 6S 7S 8S
upcard 5H
Anna draw 10S
Anna discard 7C
Carla buy 7C
Carla draw 2H
Carla meld 7C 8C 9C
Bruno draw 6C
Bruno discard 6C"""


def judged(body: str, header: str = HEADER) -> GameResult:
    parsed = parse_text(header + body + "\n")
    assert not parsed.errors, parsed.errors
    return replay(parsed.games[0])


def problems(body: str, header: str = HEADER) -> list[tuple[str, str]]:
    """Every violation as its code and the text of the line it is reported on."""
    lines = (header + body).splitlines()
    return [(str(p.code), lines[p.line - 1]) for p in judged(body, header).violations]


def replaced(old: str, new: str, text: str = LEGAL) -> str:
    assert old in text
    return text.replace(old, new, 1)


def test_the_legal_hand_passes_the_gate_line_by_line() -> None:
    assert problems(LEGAL) == []


# --- the deal ------------------------------------------------------------------------

OUT_OF_PLACE = [
    # (the line changed, its new text, the line reported out of place)
    pytest.param("dealer Anna", "dealer Anna\ndealer Anna", "dealer Anna",
                 id="a_deal_has_one_dealer_line"),
    pytest.param("upcard 5S", "upcard 5S\nupcard 4C", "upcard 4C",
                 id="a_deal_has_one_upcard_where_no_joker_turned_up"),
    pytest.param("upcard 5S", "upcard 5S\nstock 4C\nstock 4C", "stock 4C",
                 id="a_deal_has_one_stock_line"),
    pytest.param("Anna draw JC", "deal Bruno 2H\nAnna draw JC", "deal Bruno 2H",
                 id="a_line_of_the_deal_once_play_has_started"),
    pytest.param("dealer Anna", "dealer Anna\nBruno draw 8H", "Bruno draw 8H",
                 id="a_line_of_play_while_more_of_the_deal_follows"),
    pytest.param("hand 1", "Anna draw JC\nhand 1", "Anna draw JC",
                 id="a_line_of_a_hand_before_the_first_hand_line"),
    pytest.param("Bruno draw 8H", "score Anna 0 Bruno 0\nBruno draw 8H", "score Anna 0 Bruno 0",
                 id="a_score_line_before_the_hand_ended"),
    pytest.param(SCORE, f"{SCORE}\n{SCORE}", SCORE, id="a_hand_has_one_score_line"),
]


@pytest.mark.parametrize(("old", "new", "line"), OUT_OF_PLACE)
def test_a_line_out_of_place_is_reported_on_its_line_and_ignored(old: str, new: str,
                                                                 line: str) -> None:
    found = problems(replaced(old, new))
    assert ("T006", line) in found
    assert [p for p in found if p[0] == "T006"] == [("T006", line)]


def test_a_line_out_of_place_is_ignored() -> None:
    """The second dealer names Bruno: ignored, the hand is still Anna's deal."""
    result = judged(replaced("dealer Anna", "dealer Anna\ndealer Bruno"))
    assert result.hands[0].dealer == "Anna"
    assert result.hands[0].penalties == {"Anna": 44, "Bruno": 0}


def test_a_second_upcard_follows_a_joker_turned_up_and_returned() -> None:
    body = replaced("upcard 5S", "upcard JK\nupcard 5S")
    assert problems(body, HEADER + '[Rule "upcard_joker" "returned"]\n') == []
    assert ("T006", "upcard 5S") in problems(body, HEADER + '[Rule "upcard_joker" "stays"]\n')


def test_a_log_with_unknown_cards_has_no_stock_line() -> None:
    body = replaced("deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 4C",
                    "deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D ?")
    body = replaced("upcard 5S", "upcard 5S\nstock 4C", body)
    assert ("T006", "stock 4C") in problems(body, header='[Format "1.1"]\n' + HEADER)


# --- play ----------------------------------------------------------------------------


def test_a_buy_ends_without_a_discard() -> None:
    body = replaced("Carla meld 7C 8C 9C", "Carla meld 7C 8C 9C\nCarla discard 2H", BUY)
    assert ("T006", "Carla discard 2H") in problems(body, header="")
    assert ("T006", "Carla discard 2H") not in problems(BUY, header="")


def test_only_the_first_line_after_the_end_of_a_hand_is_reported() -> None:
    body = replaced("Bruno discard 4C", "Bruno discard 4C\nAnna draw 2D\nAnna discard 2D")
    assert [p for p in problems(body) if p[0] == "T005"] == [("T005", "Anna draw 2D")]


#: A six-player hand under compra and once_then_void whose last reshuffle is spent: the
#: extra draw of Fabio's buy takes the stock's last card (D16, the hand is void).
SPENT = (Path(__file__).resolve().parent.parent / "fixtures" / "illegal"
         / "T005-after-hand-end-second-reshuffle.s40").read_text(encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "turned_away"), [
    pytest.param("reshuffle\nBruno draw 5C", "reshuffle\nBruno draw 5C", "reshuffle",
                 id="a_second_reshuffle"),
    pytest.param("reshuffle\nBruno draw 5C", "Bruno draw 5C", "Bruno draw 5C",
                 id="the_next_players_line_after_the_buy"),
])
def test_a_line_that_finds_the_stock_spent_for_good_is_after_the_end(
    old: str, new: str, turned_away: str
) -> None:
    """D16: the line's handler ends the hand, void; the gate then turns the line away
    as the first line after the end (T005), on that very line."""
    where = SPENT.rindex(old)
    text = SPENT[:where] + new + SPENT[where + len(old):]
    result = judged(text, header="")
    lines = text.splitlines()
    assert [(str(p.code), lines[p.line - 1]) for p in result.violations] == [
        ("T005", turned_away)]
    assert [hand.closing.value for hand in result.hands] == ["void"]


def test_a_score_line_ends_a_hand_whose_end_was_lost_after_a_problem() -> None:
    """D28: the hand's end may be what the referee lost track of: the score line, out
    of place, is then a note of the earlier problem and ends the hand as declared."""
    body = replaced("Bruno discard 4C\n", "Bruno discard 4H\n")
    result = judged(body)
    assert [str(p.code) for p in result.violations] == ["T004"]
    assert [str(p.code) for p in result.notes] == ["T006"]
    assert result.hands[0].penalties == {"Anna": 44, "Bruno": 0}


def test_a_score_only_hand_is_ended_by_its_score_line() -> None:
    result = judged(f"hand 1\ndealer Anna\n{SCORE}")
    assert result.violations == ()
    assert result.hands[0].penalties == {"Anna": 44, "Bruno": 0}


# --- the table ---------------------------------------------------------------------


def test_every_line_of_a_game_is_of_one_kind() -> None:
    events = {cls for cls in _event_classes() if cls not in (Tag, Place)}  # Place: no line
    assert set(KINDS) == events


def test_every_phase_says_what_it_does_with_every_kind_of_line() -> None:
    assert set(STEPS) == {(phase, kind) for phase in Phase for kind in Kind}
    assert {STEPS[phase, Kind.HAND] for phase in Phase} == {Step.JUDGE}
    assert STEPS[Phase.PLAY, Kind.TURN] is Step.JUDGE
    assert STEPS[Phase.ENDED, Kind.SCORE] is Step.ONE_SCORE


def _event_classes() -> set[type[Event]]:
    found: set[type[Event]] = set()
    todo: list[type[Event]] = [Event]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return {cls for cls in found if not cls.__subclasses__()}


# --- the fast path is the gate's ----------------------------------------------------------


@pytest.mark.slow
def test_the_lines_judged_without_the_gate_are_judged_as_the_gate_would(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand referee skips the gate for a line of play by the player in turn while
    no buy's turn goes on; with that shortcut off, every fixture is judged the same."""
    texts = [path.read_bytes().decode("utf-8", errors="replace")
             for path in sorted((PACKAGE.parent / "fixtures").rglob("*.s40"))]
    texts.append(replaced("Carla meld 7C 8C 9C", "Carla meld 7C 8C 9C\nCarla discard 2H", BUY))
    games = [game for text in texts for game in parse_text(text).games]
    assert len(games) > 200
    fast = [replay(game) for game in games]
    monkeypatch.setattr(hand_module, "_JUDGED_AS_WRITTEN", frozenset())
    assert [replay(game) for game in games] == fast


def test_each_line_of_play_handed_straight_to_a_handler_goes_to_its_tables() -> None:
    """``_judge_in_play`` names the handler of its commonest kinds of line itself (a
    native call when compiled): each ``if kind is X`` branch calls ``_HANDLERS[X]``, with
    ``X`` cast to itself, and whatever it does not name goes through the table."""
    tree = ast.parse((PACKAGE / "judging" / "hands" / "hand.py").read_text(encoding="utf-8"))
    chain = next(node for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef) and node.name == "_judge_in_play")
    branch = chain.body[1]  # after the docstring
    named: list[str] = []
    while isinstance(branch, ast.If):
        kind = branch.test.comparators[0]  # type: ignore[attr-defined]
        call = branch.body[0].value  # type: ignore[attr-defined]
        assert ast.unparse(call.args[1]) == f"cast({kind.id}, event)"
        assert hand_module._HANDLERS[getattr(hand_module, kind.id)] \
            is getattr(hand_module, call.func.id), kind.id
        named.append(kind.id)
        branch = branch.orelse[0] if branch.orelse else None  # type: ignore[assignment]
    assert named == ["Discard", "Draw", "Meld", "Attach", "Take"]
    assert ast.unparse(branch) == "_HANDLERS[kind](hand, event)"


# --- the gate alone reports a line out of place ------------------------------------------


def _mentions(path: Path, name: str) -> list[int]:
    """The lines of ``path`` that name ``Code.<name>`` or ``Phase.<anything>``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == "Code" and node.attr == name]


@pytest.mark.slow
def test_only_the_gate_reports_a_line_out_of_place() -> None:
    reporting = {str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                 if _mentions(path, "OUT_OF_PLACE")}
    # The gate, and the catalogue entry that says what T006 means.
    assert reporting == {"judging/hands/phases.py", "model/catalogue/deal_and_turns.py"}


@pytest.mark.slow
def test_only_the_gate_turns_a_line_away_after_the_end_of_its_hand() -> None:
    """T005 is reported by ``after_end``, and only the gate calls it: a handler whose
    line finds the hand over ends the hand and hands the line back to the gate."""
    callers = {str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
               and node.func.attr == "after_end"}
    assert callers == {"judging/hands/phases.py"}


@pytest.mark.parametrize("module", ["draw_moves", "play_moves", "deal", "turn_order",
                                    "hand_books"])
def test_no_handler_asks_which_phase_it_is(module: str) -> None:
    tree = ast.parse((PACKAGE / "judging" / "hands" / f"{module}.py").read_text(encoding="utf-8"))
    asked = [node.lineno for node in ast.walk(tree)
             if isinstance(node, ast.Compare) and any(
                 isinstance(side, ast.Attribute) and side.attr == "phase"
                 for side in (node.left, *node.comparators))]
    assert asked == []
