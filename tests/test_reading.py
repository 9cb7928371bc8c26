"""Worlds that agree with what the other players did in the open (simulate/reading.py).

The reading rules out the deals of the hidden cards in which a player would have done
otherwise than it did: an opened player still holding a meld of its own, or a card
fitting the table right after its turn; a player not opened who could have opened. The
computer levels lay what they can and open when they can, so the real table never
disagrees with them, and a world that does is one the table is not in.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from scala40cli.judging.rulebook.rules import PRESETS
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.model.cards import Card, parse_card
from scala40cli.simulate import Bot, Level, play_match
from scala40cli.simulate import match as match_module
from scala40cli.simulate.engine import HandEngine
from scala40cli.simulate.reading import disagreements, read_world
from scala40cli.simulate.sampling import World, sample_world
from scala40cli.simulate.search import sorted_cards
from scala40cli.simulate.view import PlayerView

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")


def _views_with_the_truth(preset: str, players: int, seeds: range
                          ) -> list[tuple[PlayerView, World]]:
    """The views of the first seat at each of its turns (drawn, before it plays) in
    one-hand matches of the hard level, each with the real hands of that moment."""
    found: list[tuple[PlayerView, World]] = []

    class Engine(HandEngine):
        def view(self, player: str, turn: Turn, *, buying: bool = False) -> PlayerView:
            seen = super().view(player, turn, buying=buying)
            if player == self.order[0] and (seen.drawn or seen.taken_now) and not buying:
                hands = {p: tuple(sorted_cards(self.hands[p].elements())) for p in self.order}
                found.append((seen, World(hands=hands, stock=tuple(self.stock))))
            return seen

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(match_module, "HandEngine", Engine)
        for seed in seeds:
            bots = [Bot(Level.HARD, random.Random(f"{seed}:{n}")) for n in range(players)]
            play_match(players=PLAYERS[:players], bots=bots, rules=PRESETS[preset].rules,
                       seed=f"read:{seed}", max_hands=1)
    return found


@pytest.mark.parametrize(("preset", "players"), [("classic", 2), ("classic", 4),
                                                 ("traditional", 3), ("scala50", 2)])
def test_the_real_table_of_the_hard_level_never_disagrees(preset: str, players: int) -> None:
    views = _views_with_the_truth(preset, players, range(6))
    opened = sum(bool(set(view.opened) - {view.me}) for view, _ in views)
    assert len(views) > 30 and opened > 5
    for view, truth in views:
        assert disagreements(view, truth) == 0, (view.hand_number, view.turns)


def _an_opened_opponent(views: list[tuple[PlayerView, World]]) -> tuple[PlayerView, World, str]:
    for view, truth in views:
        for player in view.opponents():
            if player in view.opened and player in view.played and len(truth.hands[player]) >= 3:
                return view, truth, player
    raise AssertionError("no opened opponent")


def _with_hand(world: World, player: str, cards: list[Card]) -> World:
    return dataclasses.replace(world, hands={**world.hands, player: tuple(cards)})


def test_an_opened_hand_that_holds_a_meld_disagrees() -> None:
    view, truth, player = _an_opened_opponent(_views_with_the_truth("classic", 2, range(6)))
    size = len(truth.hands[player])
    meld = [parse_card(c) for c in ("7H", "7S", "7D")]
    rest = [c for c in truth.hands[player] if c.rank != meld[0].rank and not c.is_joker]
    assert disagreements(view, _with_hand(truth, player, [*meld, *rest][:size])) == 1
    assert disagreements(view, truth) == 0


def test_a_hand_not_opened_that_could_have_opened_disagrees() -> None:
    for view, truth in _views_with_the_truth("classic", 2, range(6)):
        player = view.opponents()[0]
        if player in view.opened or player not in view.played:
            continue
        size = len(truth.hands[player])
        opening = [parse_card(c) for c in ("KH", "KS", "KD", "QH", "QS", "QD")]
        filler = [c for c in truth.hands[player] if c.rank not in (12, 13) and not c.is_joker]
        if len(filler) + len(opening) < size:
            continue
        assert disagreements(view, _with_hand(truth, player, [*opening, *filler][:size])) == 1
        return
    raise AssertionError("no opponent before its opening")


def test_one_try_is_the_world_drawn_and_more_tries_only_change_it_to_one_that_agrees() -> None:
    views = _views_with_the_truth("classic", 2, range(4))
    changed = 0
    for n, (view, _truth) in enumerate(views):
        first = sample_world(view, random.Random(n))
        assert read_world(view, random.Random(n), None, 1) == first
        read = read_world(view, random.Random(n), None, 20)
        if read != first:
            changed += 1
            assert disagreements(view, first) > 0
        assert read.hands[view.me] == view.hand
        assert len(read.stock) == view.stock_size
        for player in view.order:
            assert Counter(view.held.get(player, ())) <= Counter(read.hands[player])
            assert len(read.hands[player]) == view.hand_sizes.get(player, len(view.hand))
    assert changed > 0
