"""Legal matches whose stock runs out, recorded from every seat, replay clean.

A reshuffle puts discarded cards back into the stock, and a ``draw ?`` out of it may
bring one of them back into a hidden hand: shown again, it is the same card, not a
third copy (D007). The matches are simulated with easy bots (they take long to close,
so the stock often runs out), with 2 to 6 players, under the classic rules (one
reshuffle, then the hand is void) and under ``stock_exhausted=reshuffle`` (as many
reshuffles as it takes); each is rewritten from every seat by ``tools/table_seat.py``
and must replay with no violation and the standings of the complete log.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from corruptions import SIMULATED_ORIGIN, Case, Source, make_cases

from scala40cli.judging.match.referee import replay
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.results import GameResult
from scala40cli.reading.parser import parse_text
from scala40cli.simulate import Level, game_text, make_setup, simulate_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from table_seat import seat_log

RESHUFFLE_LINE = re.compile(r"^reshuffle$", re.MULTILINE)
#: As many reshuffles as a hand needs, rather than one and a void hand.
ANY_NUMBER = RuleChoice(values=(("stock_exhausted", "reshuffle", "--set"),))


def _simulated(players: int, seed: int, choice: RuleChoice | None) -> str:
    setup = make_setup(players=players, levels=(Level.EASY,) * players, choice=choice,
                       seed=seed)
    return game_text(simulate_game(setup, 1))


def most_reshuffles(text: str) -> int:
    """The most reshuffles of one hand of the match."""
    return max(len(RESHUFFLE_LINE.findall(hand)) for hand in text.split("\nhand "))


def reshuffled_matches(players: int, count: int, choice: RuleChoice | None = None,
                       at_least: int = 1) -> Iterator[tuple[int, str]]:
    """The first ``count`` matches (seed, text) from seed 1 up with a hand of at least
    ``at_least`` reshuffles."""
    found = 0
    for seed in range(1, 40 * count + 40):
        text = _simulated(players, seed, choice)
        if most_reshuffles(text) >= at_least:
            yield seed, text
            found += 1
            if found == count:
                return
    raise AssertionError(f"no {count} matches of {players} players reshuffle")


def _judged(text: str) -> GameResult:
    parsed = parse_text(text)
    assert parsed.errors == ()
    (game,) = parsed.games
    return replay(game)


def assert_every_seat_replays_clean(text: str) -> None:
    """Every seat's log of the match: no violation, the complete log's standings."""
    whole = _judged(text)
    assert whole.violations == ()
    for seat in whole.totals:
        seen = _judged(seat_log(text, seat))
        found = [(str(p.code), p.line, p.message) for p in seen.violations + seen.notes]
        assert found == [], seat
        assert (seen.totals, seen.eliminated, seen.winner, seen.finished) == \
            (whole.totals, whole.eliminated, whole.winner, whole.finished), seat
        assert [h.penalties for h in seen.hands] == [h.penalties for h in whole.hands], seat


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_match_with_a_reshuffle_replays_clean_from_every_seat(players: int) -> None:
    ((_, text),) = reshuffled_matches(players, 1)
    assert_every_seat_replays_clean(text)


def test_a_hand_of_three_reshuffles_replays_clean_from_every_seat() -> None:
    ((_, text),) = reshuffled_matches(6, 1, ANY_NUMBER, at_least=3)
    assert_every_seat_replays_clean(text)


@pytest.mark.slow
@pytest.mark.parametrize("choice", [None, ANY_NUMBER], ids=["classic", "any-number"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_many_matches_with_reshuffles_replay_clean_from_every_seat(
        players: int, choice: RuleChoice | None) -> None:
    for _, text in reshuffled_matches(players, 8, choice):
        assert_every_seat_replays_clean(text)


# --- one corrupted public move, from one seat ----------------------------------------

#: Corruptions the seat cannot see: another player's card not in their hand (it may be
#: one of their unknown ones), a draw against a stock nobody sees, a penalty of unknown
#: cards (taken as declared), a third copy hidden in the others' deals.
UNSEEN_KINDS = frozenset({"draw_not_top", "draw_not_in_stock", "draw_not_in_unknown_stock",
                          "score_changed", "upcard_third_copy"})
NOT_IN_HAND = re.compile(r"^(\S+) (?:meld|attach|swap|discard) ")


def seat_lines(lines: list[str], seat: str) -> list[str]:
    """``tools/table_seat.py``'s view, line for line: the stock line is left as a
    comment, so every line keeps its number."""
    return [seen if seen is not None else "; stock"
            for seen in (_hidden(line, seat) for line in lines)]


def _hidden(line: str, seat: str) -> str | None:
    """What ``line`` becomes from ``seat`` (the line itself when nobody hides it)."""
    words = line.split()
    if line.startswith("stock "):
        return None
    if words[:1] == ["deal"] and words[1] != seat:
        return f"deal {words[1]} ?"
    if words[1:2] == ["draw"] and words[0] != seat and len(words) == 3:
        return f"{words[0]} draw ?"
    return line


def after_reshuffle(lines: list[str]) -> set[int]:
    """The line numbers that come after a reshuffle in their hand."""
    found, reshuffled = set(), False
    for number, line in enumerate(lines, start=1):
        reshuffled = (reshuffled or line == "reshuffle") and not line.startswith("hand ")
        if reshuffled:
            found.add(number)
    return found


def public_cases(text: str, seat: str) -> list[Case]:
    """The corruptions of lines after a reshuffle that the seat sees as they are made."""
    lines = text.splitlines()
    late = after_reshuffle(lines)
    src = Source("reshuffled", SIMULATED_ORIGIN, text)
    kept = []
    for case in make_cases([src], per_game=None):
        touched = [lines[edit.line - 1] for edit in case.edits if edit.op != "insert"]
        new = [edit.text for edit in case.edits if edit.text]
        mover = NOT_IN_HAND.match(lines[case.line - 1] if case.line <= len(lines) else "")
        if case.kind in UNSEEN_KINDS or case.line not in late \
                or any(_hidden(line, seat) != line for line in touched + new) \
                or (case.kind.endswith("_not_in_hand") and mover and mover[1] != seat):
            continue
        kept.append(case)
    return kept


@pytest.mark.slow
def test_a_corrupted_public_move_after_a_reshuffle_is_reported_on_its_line() -> None:
    ((_, text),) = reshuffled_matches(4, 1)
    assert _judged("\n".join(seat_lines(text.splitlines(), "Anna")) + "\n").violations == ()
    cases = public_cases(text, "Anna")
    picked = random.Random(4).sample(cases, 60)
    assert len({case.kind for case in picked}) >= 10
    for case in picked:
        corrupted = "\n".join(seat_lines(case.text(text.splitlines()).splitlines(), "Anna")) + "\n"
        parsed = parse_text(corrupted)
        problems = sorted(list(parsed.errors) + [p for game in parsed.games
                                                 for p in replay(game).violations],
                          key=lambda p: (p.line, p.column))
        first = [str(p.code) for p in problems if p.line == problems[0].line]
        assert problems and problems[0].line == case.expected_line and case.code in first, \
            (case.description, case.line, [(str(p.code), p.line) for p in problems[:3]])
