"""A person attaches a joker to a run by choosing only the joker and the meld: the page
puts it at the run's high end where the judge accepts it. The ace below a 2 is the
run's low end, not its highest card (a hard bot's plan, carried out by a person, once
met a joker put below 2S 3S 4S and a 6S refused after it)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scala40cli.judging.rulebook.rules import CLASSIC
from scala40cli.judging.tabletop.melds import build_meld
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.model.cards import JOKER, parse_card
from scala40cli.playing.human import attach_or_swap
from scala40cli.reading.events import TableCard
from scala40cli.simulate import Bot, Level
from scala40cli.simulate.engine import HandEngine


def _engine(run: str) -> HandEngine:
    players = ("Anna", "Bruno")
    engine = HandEngine(number=1, dealer="Bruno", order=players, seats=players,
                        rules=CLASSIC, rng=random.Random(0),
                        bots={p: Bot(Level.HARD, random.Random(0)) for p in players},
                        totals=dict.fromkeys(players, 0), partners={}, events=[])
    engine.table = [build_meld(tuple(TableCard(parse_card(c)) for c in run.split()), CLASSIC)]
    engine.owners = ["Bruno"]
    engine.opened = {"Anna", "Bruno"}
    engine.hands["Anna"] = Counter([JOKER, parse_card("9C"), parse_card("8D")])
    return engine


@pytest.mark.parametrize(("run", "stands_for"), [
    ("2S 3S 4S", "5S"),
    ("JH QH KH", "AH"),
    ("6D 7D 8D", "9D"),
])
def test_a_joker_attached_to_a_run_goes_at_its_high_end(run: str, stands_for: str) -> None:
    engine = _engine(run)
    turn = Turn(player="Anna", opened_before=True, drew=True, draws=1)
    attach = attach_or_swap(engine, turn, JOKER, 1)
    assert attach.cards == (TableCard(JOKER, parse_card(stands_for)),)
