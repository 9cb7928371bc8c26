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

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scala40cli.judging.referee import replay
from scala40cli.judging.results import GameResult
from scala40cli.judging.rules import RuleChoice
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
