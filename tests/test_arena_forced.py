"""``scala40 arena`` tells of the discards the rules left an engine no way out of.

Under ``discard_playable=forbidden`` an unopened hand whose every card fits the table
has no legal discard: the engine discards anyway and the log holds an S010 there
(docs/protocol.md). The arena counts them per engine, says the first on standard
error as ``simulate`` does, and writes the count in its table and its JSON
(``forced_discards``); a run without one says nothing of them.

Such a hand is rare in play, so the deal is made: the first player is dealt four runs
to open with, the second thirteen cards that each fit one of them, and draws one more
(the program that plays it never lays a card down, and discards what it draws).
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
from collections import Counter
from collections.abc import Callable, MutableSequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from test_protocol import script
from test_protocol_outsider import IDLE

from scala40cli.api import audit_bytes
from scala40cli.arena import play as arena_play
from scala40cli.arena.formats import notes, write_markdown, write_text
from scala40cli.arena.outcome import forced_by_seat, outcome_of
from scala40cli.arena.schedule import Match
from scala40cli.cli.main import main
from scala40cli.model.cards import Card, parse_card
from scala40cli.reading.events import Discard
from scala40cli.simulate.match import MatchRecord

ROOT = Path(__file__).resolve().parent.parent
VALIDATOR = Draft202012Validator(json.loads((ROOT / "schemas" / "arena.schema.json")
                                            .read_text("utf-8")))

#: Four runs (81 points) and a card to keep: the first player opens with the runs.
OPENER = "8H 9H 10H 4D 5D 6D JC QC KC 2S 3S 4S KD"
#: Each card fits one of those runs, as does the card drawn after them (5S).
FITTING = "7H 7H JH JH 3D 3D 7D 7D 10C 10C AC AC AS"
#: The upcard, then the first player's draw and the second's.
AFTER_THE_DEAL = "9C QD 5S"


def made_order() -> list[Card]:
    """The cards in the order the deal takes them: one each in turn, then the rest."""
    dealt = [card for pair in zip(OPENER.split(), FITTING.split(), strict=True)
             for card in pair]
    return [parse_card(text) for text in [*dealt, *AFTER_THE_DEAL.split()]]


class MadeDeal(random.Random):
    """A hand's random stream whose first shuffle (the deal's) puts :func:`made_order`
    on top of the deck; the other draws (reshuffles) are random as ever."""

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.made = False

    def shuffle(self, x: MutableSequence[Any]) -> None:
        if self.made:
            super().shuffle(x)
            return
        self.made = True
        order = made_order()
        rest = list(x)
        for card in order:
            rest.remove(card)
        super().shuffle(rest)
        x[:] = [*rest, *reversed(order)]  # the deal pops from the end


def made_decks(seed: str) -> Callable[[int], random.Random]:
    return lambda number: MadeDeal(f"{seed}:hand:{number}")


@pytest.fixture
def made_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_play, "hand_decks", made_decks)


def arena(tmp_path: Path, *options: str, logs_name: str = "logs"
          ) -> tuple[dict[str, Any], str, Path]:
    """A two-match run of the easy bot against a program that never lays a card down,
    one hand a match, with its logs kept; the JSON document (validated), the standard
    error, the logs' folder."""
    folder = tmp_path / "program"
    folder.mkdir(exist_ok=True)
    logs = tmp_path / logs_name
    result = CliRunner().invoke(main, [
        "arena", "easy", f"idle=cmd:{script(folder, IDLE)}", "--games", "2",
        "--max-hands", "1", "--seed", "made", "--out", str(logs), "--format", "json",
        *options], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    VALIDATOR.validate(document)
    return document, result.stderr, logs


def s010_by_player(logs: Path) -> Counter[str]:
    """The S010 violations the referee finds in the kept logs, by player."""
    found: Counter[str] = Counter()
    for log in sorted(logs.glob("*.s40")):
        (game,) = audit_bytes(log.read_bytes(), log.name).games
        found.update(v.player or "" for v in game.violations if v.code == "S010")
    return found


def forced_counts(document: dict[str, Any]) -> dict[str, int]:
    return {engine["name"]: engine["forced_discards"] for engine in document["engines"]
            if "forced_discards" in engine}


FORBIDDEN = ("--set", "discard_playable=forbidden")


def test_a_forced_discard_is_counted_said_and_written(tmp_path: Path,
                                                      made_deal: None) -> None:
    document, stderr, logs = arena(tmp_path, *FORBIDDEN)
    in_logs = s010_by_player(logs)
    assert in_logs["idle"] >= 1  # the made deal did leave the program no legal discard
    assert forced_counts(document) == dict(in_logs)
    first = next(line for line in stderr.splitlines() if "against the rules" in line)
    assert first.startswith(f"scala40 arena: warning: idle made {in_logs['idle']} "
                            "discard(s) against the rules in match 1: no legal discard "
                            "was left")
    said = f"idle made {in_logs['idle']} discard(s) against the rules"
    assert any(line.startswith(said) for line in notes(document))
    assert said in write_text(document) and said in write_markdown(document)


def test_without_a_forced_discard_nothing_is_said(tmp_path: Path, made_deal: None) -> None:
    document, stderr, logs = arena(tmp_path)  # classic: a card that fits may go
    assert not s010_by_player(logs)
    assert forced_counts(document) == {}
    assert "against the rules" not in stderr
    assert not any("against the rules" in line for line in notes(document))


@pytest.mark.slow
def test_the_count_comes_back_from_a_dask_cluster(tmp_path: Path, made_deal: None) -> None:
    distributed = pytest.importorskip("distributed")
    serial, _, _ = arena(tmp_path, *FORBIDDEN, logs_name="serial")
    # threads in this process: the made deal holds on the cluster's workers too
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        on_dask, stderr, _ = arena(tmp_path, *FORBIDDEN, "--dask",
                                   cluster.scheduler_address, logs_name="dask")
    assert forced_counts(serial) and on_dask == serial
    assert "idle made" in stderr


def test_each_seat_s_forced_discards_travel_in_the_outcome() -> None:
    """Counted from the record's discards, kept through pickling (a worker process or
    a Dask worker sends the outcome back so); none forced, none said."""
    at = {"line": 0, "column": 0}
    events = (Discard(player="b", card=parse_card("5S"), **at),
              Discard(player="a", card=parse_card("9H"), **at),
              Discard(player="b", card=parse_card("AS"), **at))
    match = Match(index=1, group=("a", "b", "c"), deal=1, rotation=0, seats=("c", "a", "b"),
                  seed="s:1")
    record = MatchRecord(players=match.seats, events=events, hands=(), totals={},
                         winner=None, eliminated=(), forced_at=(0, 2))
    assert forced_by_seat(record) == (0, 0, 2)
    outcome = pickle.loads(pickle.dumps(outcome_of(match, record, None)))
    assert [outcome.forced_discards(name) for name in ("a", "b", "c")] == [0, 2, 0]
    calm = outcome_of(match, dataclasses.replace(record, forced_at=()), None)
    assert calm.forced == () and calm.forced_discards("b") == 0
