"""One mistake, one violation, from every seat, where the seat knows less than the log.

A match recorded from one seat (format 1.1, ``tools/table_seat.py``) hides the other
hands' cards. Two mistakes used to give several violations from some seats where the
whole log gives one (D28):

- a score line that leaves out a player whose penalty the seat cannot compute (they end
  the hand with unknown cards): the seat charged the cards it saw, so their total ran
  low, and the later hands' deals and dealers (D004, D003) were violations. The total
  is now in doubt from that line: what hangs on it is a note of the C003, and who is
  in follows the table (a player not dealt is out), so the winner is the whole log's;
- a take by a hidden hand that most likely stood for a draw (the card stayed on the
  pile): with the stock's order unknown the seat counted no card drawn, so the
  reshuffle came "early" and was refused, and the card taken, seen again later, was a
  copy beyond the deck (D007). The stock is now counted one card less, and that card
  seen again is a note of the take.
"""

from __future__ import annotations

import re

import pytest
from test_table_presets import _judged, _simulated
from test_table_reshuffle import seat_lines

from scala40cli.model.results import GameResult


def _edited(preset: str, players: int, seed: int, line: int, text: str) -> list[str]:
    lines = _simulated(preset, players, seed).splitlines()
    assert " draw " in lines[line - 1]
    lines[line - 1] = text
    return lines


def _left_out(preset: str, players: int, seed: int, line: int, name: str) -> list[str]:
    lines = _simulated(preset, players, seed).splitlines()
    assert lines[line - 1].startswith("score ")
    lines[line - 1] = re.sub(rf" {name} \d+", "", lines[line - 1])
    return lines


def _from_seats(lines: list[str]) -> tuple[GameResult, dict[str, GameResult]]:
    whole = _judged("\n".join(lines) + "\n")
    return whole, {seat: _judged("\n".join(seat_lines(lines, seat)) + "\n")
                   for seat in whole.players}


def _violations(game: GameResult) -> list[tuple[str, int]]:
    return [(str(p.code), p.line) for p in game.violations]


def _assert_one_violation(lines: list[str], expected: tuple[str, int]) -> dict[str, GameResult]:
    whole, seen = _from_seats(lines)
    assert _violations(whole) == [expected]
    for seat, game in seen.items():
        assert _violations(game) == [expected], seat
    return seen


def test_a_player_left_out_of_a_score_line_is_one_violation_from_every_seat() -> None:
    # Bruno ends hand 1 with cards only his seat sees; from the others his total ran
    # low, so he stayed in: not dealt in hand 2 (D004), Carla's deal out of turn (D003)
    lines = _left_out("traditional", 5, 5, 97, "Bruno")
    whole, _ = _from_seats(lines)
    seen = _assert_one_violation(lines, ("C003", 97))
    for seat, game in seen.items():
        notes = [(str(p.code), p.line, p.caused_by.line if p.caused_by else None)
                 for p in game.notes]
        if seat != "Bruno":
            assert ("D004", 206, 97) in notes and ("D003", 207, 97) in notes, seat
        assert (game.eliminated, game.winner, game.finished) \
            == (whole.eliminated, whole.winner, whole.finished), seat


@pytest.mark.parametrize(("preset", "players", "seed", "line", "name", "same_standings"), [
    # mortal combat: from the other seats the hand's highest penalty was another's, who
    # was then put out but dealt in (D006), and Bruno not dealt (D004)
    ("mortal-combat", 5, 7, 275, "Bruno", True),
    # re-entry: Carla's low total kept her in; the re-entries' totals hang on hers
    # (their eliminations are not the log's, see the test below)
    ("rientro", 3, 7, 293, "Carla", False),
])
def test_what_hangs_on_a_total_left_out_is_a_note_under_other_rules(
        preset: str, players: int, seed: int, line: int, name: str,
        same_standings: bool) -> None:
    lines = _left_out(preset, players, seed, line, name)
    whole, seen = _from_seats(lines)
    assert ("C003", line) in _violations(whole)
    for seat, game in seen.items():
        assert _violations(game) == _violations(whole), seat
        assert all(note.caused_by is not None for note in game.notes), seat
        if same_standings:
            assert (game.eliminated, game.winner) == (whole.eliminated, whole.winner), seat


def test_a_match_ended_on_a_doubted_total_goes_on_while_the_table_deals() -> None:
    # re-entry: from the other seats Carla's total ran low, so she was never out and
    # the re-entries took her total: after hand 8 Anna and Carla were both out and the
    # match "ended" (G005 on hand 9), while the table dealt two more hands. It goes on:
    # the players dealt in are in, the hands are judged, the winner is the log's
    lines = _left_out("rientro", 3, 7, 293, "Carla")
    whole, seen = _from_seats(lines)
    assert len(whole.hands) == 10
    for seat, game in seen.items():
        assert _violations(game) == _violations(whole), seat
        assert "G005" not in {str(note.code) for note in game.notes}, seat
        assert all(note.caused_by is not None for note in game.notes), seat
        assert (len(game.hands), game.finished, game.winner) \
            == (len(whole.hands), whole.finished, whole.winner), seat
        assert game.eliminated[-2:] == whole.eliminated[-2:], seat


def test_a_doubted_player_the_rotation_passes_over_was_out_and_re_entered() -> None:
    # re-entry: Carla's hand 1 is left out; from the other seats her total ran low, so
    # she stayed in after hand 3, which put her out. Hand 4's dealer passes her over
    # (a note of the C003): she was out, and dealt in, she re-entered with the highest
    # total of those in. Her elimination after hand 3 and every total are the log's
    lines = _left_out("rientro", 3, 4, 63, "Carla")
    whole, seen = _from_seats(lines)
    assert ("Carla", 3) in [(e.player, e.hand) for e in whole.eliminated]
    for seat, game in seen.items():
        assert _violations(game) == _violations(whole) == [("C003", 63)], seat
        assert (game.eliminated, game.totals, game.winner) \
            == (whole.eliminated, whole.totals, whole.winner), seat


@pytest.mark.parametrize(("preset", "players", "seed", "line", "name", "winner"), [
    # Anna's total is in doubt from hand 9 on; the last hand, the 19th, puts her out,
    # which the other seats, counting her low, did not see: the match did not end and
    # the [Result] tag was a G010
    ("rientro", 3, 5, 609, "Anna", "Carla"),
    # Bruno's total is in doubt, and Fabio's, who re-entered with it in hand 12: Bruno,
    # the player left out, going out ends the match
    ("rientro", 6, 3, 534, "Bruno", "Fabio"),
    # mortal combat: the last hand's penalties put everybody dealt in doubt; Anna's,
    # left out, is the one that put her out
    ("mortal-combat", 3, 1, 108, "Anna", "Bruno"),
])
def test_a_log_that_stops_on_a_doubted_total_ends_the_match(
        preset: str, players: int, seed: int, line: int, name: str, winner: str) -> None:
    # the table stopped: where the doubted players going out ends the match (first
    # those left out of a score line), they are taken as out
    lines = _left_out(preset, players, seed, line, name)
    lines.insert(2, f'[Result "{winner}"]')
    whole, seen = _from_seats(lines)
    assert (whole.finished, whole.winner) == (True, winner)
    for seat, game in seen.items():
        assert _violations(game) == _violations(whole), seat
        assert (game.eliminated, game.winner, game.finished) \
            == (whole.eliminated, whole.winner, whole.finished), seat


@pytest.mark.parametrize(("seed", "line", "name"), [(4, 115, "Anna"), (11, 77, "Bruno")])
def test_in_teams_a_doubted_total_doubts_the_partner(seed: int, line: int, name: str) -> None:
    # teams: the last hand puts a team out on the sum of its partners' totals; from
    # the other seats the player left out counted low, so the team stayed in. Their
    # partner's standing hangs on that total too: the log stopping ends the match
    # with both out (the player alone going out leaves their partner's team in)
    lines = _left_out("teams", 4, seed, line, name)
    whole, seen = _from_seats(lines)
    (partner,) = {p for t in whole.teams if name in t.players for p in t.players} - {name}
    assert {e.player for e in whole.eliminated} == {name, partner}
    lines.insert(2, f'[Result "{whole.winner}"]')
    whole, seen = _from_seats(lines)
    for seat, game in seen.items():
        assert _violations(game) == _violations(whole) == [("C003", line + 1)], seat
        assert (game.eliminated, game.winner, game.finished) \
            == (whole.eliminated, whole.winner, whole.finished), seat


@pytest.mark.parametrize(("preset", "players", "seed", "line", "take"), [
    # the take stood for a draw: counted so, the stock runs out when the log reshuffles
    # (the reshuffle was refused as early, then a copy of 5D beyond the deck: D007)
    ("traditional", 5, 5, 172, "Carla take"),
    # 9H stayed on the pile, was reshuffled, drawn and discarded twice: one of those is
    # the copy the seat counted in Bruno's hand (D007)
    ("traditional", 6, 5, 149, "Bruno take"),
    # the turn's discard is the card the take stood for a draw of, out of the hidden
    # hand: a copy beyond the deck held till the turn's end, as a card not in hand is
    ("classic", 4, 6, 152, "Carla take"),
])
def test_a_take_that_stood_for_a_draw_is_one_violation_from_every_seat(
        preset: str, players: int, seed: int, line: int, take: str) -> None:
    seen = _assert_one_violation(_edited(preset, players, seed, line, take),
                                 ("S007", line))
    assert all(note.caused_by is not None and note.caused_by.line == line
               for game in seen.values() for note in game.notes)
