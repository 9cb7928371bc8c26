"""Who opened in each hand, and in which of their own turns: a fact the referee records
for the season's statistics (``HandResult.openings``, ``scala40 standings``).

The oracle here is independent of the referee: in a legal log without buys, a player's
turns are their ``draw`` and ``take`` lines, and their opening is the turn of their
first ``meld`` line in the hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scala40cli.api import audit_file, audit_text

LEGAL = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "legal").glob("*.s40"))


def counted_openings(text: str) -> list[dict[str, int]]:
    """Each hand's openings, counted from the lines of a legal log without buys."""
    hands: list[dict[str, int]] = []
    turns: dict[str, int] = {}
    for line in text.splitlines():
        words = line.split(";")[0].split()
        if not words:
            continue
        if words[0] == "hand":
            hands.append({})
            turns = {}
        elif len(words) > 1 and words[1] in ("draw", "take"):
            turns[words[0]] = turns.get(words[0], 0) + 1
        elif len(words) > 1 and words[1] == "meld" and words[0] not in hands[-1]:
            hands[-1][words[0]] = turns[words[0]]
    return hands


@pytest.mark.parametrize("path", LEGAL, ids=lambda path: path.stem)
def test_openings_are_each_players_turn_of_first_meld(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    if " buy " in text:
        pytest.skip("a buy is a draw out of turn: not this oracle's case")
    result = audit_file(path)
    assert result.ok
    found = [hand.openings for game in result.games for hand in game.hands]
    assert found == counted_openings(text)


def test_an_opening_in_a_later_turn_counts_that_players_turns_only() -> None:
    """Bruno opens on his third turn (the sixth of the hand): 3, not 6."""
    result = audit_file(LEGAL[0].parent / "two-players.s40")
    hand = result.games[0].hands[2]
    assert hand.openings == {"Bruno": 1, "Anna": 3}


def test_json_report_writes_the_openings() -> None:
    result = audit_text((LEGAL[0].parent / "two-players.s40").read_text(encoding="utf-8"))
    assert result.games[0].to_dict()["hands"][1]["openings"] == {"Bruno": 6, "Anna": 12}
