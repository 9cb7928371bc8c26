"""The done-when of issue 38: on 100 simulated 4-player matches with the levels easy,
normal, hard and hard, the standings rank the two hard seats first and the easy seat
last, with intervals that say how sure they are. (Slow: the bots play 100 matches,
about 12 s of CPU.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from openskill.models import PlackettLuce

from scala40cli.cli.main import main
from scala40cli.season.ratings import SIGMAS, initial_rating


@pytest.mark.slow
def test_a_season_of_bots_ranks_the_hard_seats_first_and_easy_last(tmp_path: Path) -> None:
    played = CliRunner().invoke(main, ["simulate", "--players", "4", "--level",
                                       "easy,normal,hard,hard", "--games", "100", "--seed",
                                       "1", "--out", str(tmp_path / "season")])
    assert played.exit_code == 0, played.output
    result = CliRunner().invoke(main, ["standings", "--format", "json",
                                       str(tmp_path / "season")])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    players = {player["name"]: player for player in document["players"]}
    order = [player["name"] for player in document["players"]]
    # the seats: Anna easy, Bruno normal, Carla and Dario hard
    assert set(order[:2]) == {"Carla", "Dario"} and order[2:] == ["Bruno", "Anna"]
    assert document["season"]["rated"] == 100 and document["left_out"] == []

    start = initial_rating().sigma
    for player in players.values():
        assert player["matches"] == 100 and len(player["history"]) == 100
        assert player["rating"]["sigma"] < start / 2  # far surer than before the season
    easy = players["Anna"]["rating"]
    for hard in ("Carla", "Dario"):
        # the whole of easy's interval lies below each hard player's estimate
        assert easy["mu"] + SIGMAS * easy["sigma"] < players[hard]["rating"]["mu"]
    assert players["Anna"]["wins"] < players["Bruno"]["wins"] < min(
        players["Carla"]["wins"], players["Dario"]["wins"])
    assert_openskill_ratings(tmp_path / "season", players)


def assert_openskill_ratings(folder: Path, players: dict[str, Any]) -> None:
    """The ratings are openskill's, computed here from ``replay``'s JSON report: each
    match's order read from its winner and eliminations (no [Date]: in file order)."""
    replayed = CliRunner().invoke(main, ["replay", "--format", "json", str(folder)])
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for file in json.loads(replayed.output)["files"]:
        for game in file["games"]:
            out = {entry["player"]: entry["hand"] for entry in game["eliminated"]}
            # the winner, then the last out first; out in the same hand: a tie
            key = {name: (0 if name == game["winner"] else 1, -out.get(name, 0))
                   for name in game["players"]}
            order = sorted(game["players"], key=key.__getitem__)
            ranks = [float(1 + sorted(key.values()).index(key[name])) for name in order]
            rated = model.rate([[ratings.get(name) or model.rating()] for name in order],
                               ranks=ranks)
            ratings.update({name: team[0] for name, team in zip(order, rated, strict=True)})
    for name, expected in ratings.items():
        assert players[name]["rating"]["mu"] == pytest.approx(expected.mu, abs=1e-9)
        assert players[name]["rating"]["sigma"] == pytest.approx(expected.sigma, abs=1e-9)
