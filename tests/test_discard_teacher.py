"""bench/discard_teacher.py's pieces: the terms it records are the hard level's own (with
the hard level's weights they choose the hard level's discard), the fit's solver, and
the records a collection writes."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import load_script

from scala40cli.simulate import Bot, Level, play_match
from scala40cli.simulate.bots import CALM_DUMP, FEED_WEIGHT, OUTS_WEIGHT, THREAT_DUMP, _threat
from scala40cli.simulate.candidates import _favourites
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent


def _bench() -> ModuleType:
    return load_script(ROOT / "bench" / "discard_teacher.py")


def _rules() -> Any:
    from scala40cli.judging.rulebook.rules import RuleChoice, resolve
    return resolve(log_preset=None, log_values=(), choice=RuleChoice()).rules


def test_the_terms_weighed_as_the_hard_level_weighs_them_choose_its_discard() -> None:
    teacher = _bench()
    compared = 0

    class Checker(Bot):
        def play(self, view: PlayerView) -> TurnPlan:
            nonlocal compared
            planned = self._plan(view)
            if planned is not None and planned[0].discard is not None:
                plan, board = planned
                ordered = _favourites(self, board, 60)
                reading = teacher.DiscardReading(board, ordered)
                terms = {c: teacher.term_values(reading, c) for c in ordered}
                loose = [c for c in ordered if not terms[c][7] and not c.is_joker]
                safe = [c for c in loose if not terms[c][6]]
                if len(safe) >= 2 and len(safe) == len([c for c in ordered if not terms[c][7]]):
                    dump = THREAT_DUMP if _threat(view) else CALM_DUMP

                    def weigh(c: Any) -> float:
                        pairs, penalty, wanted, fed, outs = (float(t) for t in terms[c][:5])
                        return (pairs - dump * penalty + 12.0 * wanted + FEED_WEIGHT * fed
                                - OUTS_WEIGHT * outs)

                    best = min(weigh(c) for c in safe)
                    assert weigh(plan.discard) <= best + 1e-9
                    compared += 1
            return super().play(view)

    for seed in range(3):
        play_match(players=("Anna", "Bruno"), rules=_rules(), seed=f"terms{seed}",
                   bots=[Checker(Level.HARD, random.Random(s)) for s in range(2)],
                   max_hands=2)
    assert compared > 20


def test_the_solver_solves_a_small_system() -> None:
    solve = _bench().solve
    x = solve([[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, 0.0, 1.0]], [5.0, 3.0, 4.0])
    assert [round(v, 9) for v in x] == [1.0, 2.0, 1.0]


def test_a_collection_records_every_legal_discard_weighed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher = _bench()
    out = tmp_path / "t.jsonl"
    monkeypatch.setattr(sys, "argv", ["discard_teacher.py", "--hands", "1", "--seed", "c",
                                      "--worlds", "2", "--out", str(out)])
    teacher.main()
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert records
    for record in records:
        assert len(record["cands"]) >= 2
        assert len({c["card"] for c in record["cands"]}) == len(record["cands"])
        assert all(len(c["t"]) == len(teacher.TERMS) for c in record["cands"])
        assert set(record["ctx"]) >= {"threat", "opened", "other_opened", "other_cards"}
