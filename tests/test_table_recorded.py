"""A match recorded from one player's seat (format 1.1) is judged on what it shows.

``tools/table_seat.py`` turns a simulated match into the log its first player would
have written at the table: the others' deals and draws unknown, no stock line, every
score line written. Such a log replays with no violation and the standings of the
complete log, and one illegal public move in it is reported on its line, alone.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scala40cli.judging.match.referee import replay
from scala40cli.model.results import GameResult, Problem
from scala40cli.reading.parser import parse_text
from scala40cli.simulate import Level, game_text, make_setup, simulate_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from table_seat import seat_log

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "table" / "table-recorded.s40"


def _game(text: str) -> tuple[GameResult, tuple[Problem, ...]]:
    parsed = parse_text(text)
    (game,) = parsed.games
    return replay(game), parsed.errors


def _simulated(players: int, seed: int) -> str:
    levels = (Level.NORMAL, Level.HARD, Level.EASY)[:players]
    setup = make_setup(players=players, levels=levels, choice=None, seed=seed)
    return game_text(simulate_game(setup, 1))


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (3, 13)])
def test_a_match_from_one_seat_replays_like_the_whole_match(players: int, seed: int) -> None:
    full = _simulated(players, seed)
    seat = seat_log(full, "Anna")
    assert "deal Bruno ?" in seat and "Bruno draw ?" in seat and "stock" not in seat
    whole, _ = _game(full)
    seen, errors = _game(seat)
    assert errors == () and seen.violations == () and seen.notes == ()
    assert (seen.totals, seen.eliminated, seen.winner, seen.finished) == \
        (whole.totals, whole.eliminated, whole.winner, whole.finished)
    assert [h.penalties for h in seen.hands] == [h.penalties for h in whole.hands]
    assert any(hand.unverified for hand in seen.hands)
    assert all(player != "Anna" for hand in seen.hands for player in hand.unverified)


def _public_move(lines: list[str], verb: str, player: str = "Bruno") -> int:
    """The index of the first line where ``player`` makes a ``verb``."""
    return next(i for i, line in enumerate(lines) if line.startswith(f"{player} {verb} "))


def test_the_shipped_table_log_replays_clean() -> None:
    game, errors = _game(FIXTURE.read_text(encoding="utf-8"))
    assert errors == () and game.violations == () and game.winner == "Bruno"


def _corrupted(line: str, new: str) -> tuple[list[tuple[str, int]], int]:
    """The violations of the shipped log with its first ``line`` written ``new``."""
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    at = lines.index(line)
    lines[at] = new
    game, errors = _game("\n".join(lines) + "\n")
    assert errors == ()
    return [(str(p.code), p.line) for p in game.violations], at + 1


def test_an_invalid_meld_from_a_hidden_hand_is_flagged_there_and_nowhere_else() -> None:
    found, line = _corrupted("Carla meld 10C JC QC", "Carla meld QC JC 10C")  # descending
    assert found == [("M001", line)]


def test_a_third_copy_from_a_hidden_hand_is_flagged_there_and_nowhere_else() -> None:
    # Anna was dealt both AS of hand 1: a third one cannot come out of Carla's hand.
    found, line = _corrupted("Carla discard 2D", "Carla discard AS")
    assert found == [("D007", line)]


def test_a_meld_attached_to_nothing_is_flagged_there_and_nowhere_else() -> None:
    found, line = _corrupted("Bruno meld 7S 7H 7C", "Bruno attach 7S 7H 7C to 9")
    assert found == [("M004", line)]
