"""A game's results cross to and from worker processes through their own reducers
(scala40cli/model/result_pickling.py): every field of every class arrives."""

from __future__ import annotations

import copyreg
import dataclasses
import pickle
from typing import Any

import pytest

import scala40cli.audit.pipeline  # noqa: F401  (registers the reducers, as a run does)
from scala40cli.model import result_pickling, results
from scala40cli.model.result_pickling import REDUCERS
from scala40cli.model.results import (
    Closing,
    Elimination,
    GameResult,
    HandResult,
    Ignored,
    IgnoredBy,
    Problem,
    TagValue,
    TeamResult,
)
from scala40cli.model.violations import Code

CAUSE = Problem(code=Code.NOT_IN_HAND, message="cause", line=3, column=1, hand=1,
                player="Anna", context="Anna discard 5H", caused_by=None)
PROBLEM = Problem(code=Code.SCORE_MISMATCH, message="note", line=9, column=2, hand=2,
                  player="Bruno", context="score Anna 5 Bruno 0", caused_by=CAUSE, event=8)
HAND = HandResult(number=2, line=7, dealer="Anna", closer="Bruno", closing=Closing.IN_ONE_GO,
                  penalties={"Anna": 30, "Bruno": 0}, declared={"Anna": 30, "Bruno": 0},
                  totals={"Anna": 95, "Bruno": 12}, playoff=True,
                  unverified={"Anna": "taken as declared"}, openings={"Bruno": 1})
ELIMINATION = Elimination(player="Anna", hand=4)
TEAM = TeamResult(name="North", players=("Anna", "Carla"), total=77)
TAG = TagValue(name="Players", values=("Anna", "Bruno"), line=1)
IGNORED = Ignored(problem=CAUSE, by=IgnoredBy.COMMENT)
GAME = GameResult(index=3, line=20, tags=(TAG,), players=("Anna", "Bruno"),
                  rules={"jokers": "4"}, violations=(CAUSE,), hands=(HAND,),
                  eliminated=(ELIMINATION,), totals={"Anna": 101, "Bruno": 12}, finished=True,
                  winner="Bruno", rule_sources={"jokers": "preset classic"}, teams=(TEAM,),
                  preset="classic", notes=(PROBLEM,), ignored=(IGNORED,),
                  elimination_threshold=101, rules_version="1")
#: One object of each class with a reducer, every field set apart from its default.
SAMPLES: list[Any] = [PROBLEM, HAND, ELIMINATION, TEAM, TAG, IGNORED, GAME]


def test_every_class_with_a_reducer_has_a_sample_and_every_results_class_crossing_has_one(
        ) -> None:
    assert {type(sample) for sample in SAMPLES} == set(REDUCERS)
    crossing = {cls for cls in vars(results).values()
                if isinstance(cls, type) and dataclasses.is_dataclass(cls)
                and cls.__module__ == results.__name__} - {results.FileResult}
    assert crossing == set(REDUCERS)  # a new class of a game's result needs a reducer


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda sample: type(sample).__name__)
def test_every_field_is_set_apart_from_its_default(sample: Any) -> None:
    for field in dataclasses.fields(sample):
        value = getattr(sample, field.name)
        if field.default is not dataclasses.MISSING:
            assert value != field.default, field.name
        if field.default_factory is not dataclasses.MISSING:
            assert value != field.default_factory(), field.name


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda sample: type(sample).__name__)
def test_every_field_crosses(sample: Any) -> None:
    assert copyreg.dispatch_table[type(sample)] is REDUCERS[type(sample)]
    back = pickle.loads(pickle.dumps(sample, protocol=pickle.HIGHEST_PROTOCOL))
    assert type(back) is type(sample)
    assert back == sample
    for field in dataclasses.fields(sample):
        assert getattr(back, field.name) == getattr(sample, field.name), field.name


def test_compiled_makers_store_the_fields_themselves_and_the_results_stay_frozen() -> None:
    """Compiled, a maker stores each field into the new object (a tenth of the cost of
    the frozen class's own ``__init__``); in pure Python it calls the class. Either
    way what comes back is as frozen as what was sent."""
    compiled = not result_pickling.__file__.endswith(".py")
    assert result_pickling.DIRECT is compiled
    back = pickle.loads(pickle.dumps(GAME, protocol=pickle.HIGHEST_PROTOCOL))
    for made in (back, back.hands[0], back.tags[0], back.eliminated[0], back.teams[0],
                 back.notes[0], back.ignored[0]):
        first = dataclasses.fields(made)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, first, getattr(made, first))
