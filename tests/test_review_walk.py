"""The decisions of a recorded game, and the seat's view at each, rebuilt from the log.

The proof is the simulator: a bot at its table is given a
:class:`~scala40cli.simulate.view.PlayerView` at each decision. A match is played with
bots that record every view they are given; the review reads the match's log and must
find the same decisions, in the same order, with the same views, and the move the bot
made as the one played.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from scala40cli.judging.rulebook.rules import PRESETS, RuleChoice
from scala40cli.reading.events import Event, GameLog, Tag
from scala40cli.reading.parser import parse_text
from scala40cli.reading.writer import write_log
from scala40cli.review.choices import BuyChoice, PlanChoice, Stage, TakeChoice, same_move
from scala40cli.review.walk import Decision, Unreviewed, walk_game
from scala40cli.simulate import Bot, Level, play_match
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.runner import game_text
from scala40cli.simulate.view import PlayerView

NAMES = ("Anna", "Bruno", "Carla", "Dario")


class Recording:
    """A bot that keeps each view it is given and what it answered."""

    def __init__(self, bot: Bot, kept: list[tuple[Stage, PlayerView, object]]) -> None:
        self.bot = bot
        self.kept = kept

    def wants_take(self, view: PlayerView) -> bool:
        answer = self.bot.wants_take(view)
        self.kept.append((Stage.TAKE, view, TakeChoice(answer)))
        return answer

    def play(self, view: PlayerView) -> TurnPlan:
        plan = self.bot.play(view)
        self.kept.append((Stage.PLAN, view, PlanChoice(plan)))
        return plan

    def wants_buy(self, view: PlayerView) -> bool:
        answer = self.bot.wants_buy(view)
        self.kept.append((Stage.BUY, view, BuyChoice(answer)))
        return answer


def played(players: int, preset: str, seed: str, level: Level = Level.HARD, hands: int = 2
           ) -> tuple[GameLog, dict[str, list[tuple[Stage, PlayerView, object]]]]:
    names = NAMES[:players]
    kept: dict[str, list[tuple[Stage, PlayerView, object]]] = {n: [] for n in names}
    bots = [Recording(Bot(level, random.Random(f"{seed}:{n}")), kept[n]) for n in names]
    tags = [Tag(name="Players", values=names, line=0, column=0),
            Tag(name="Rules", values=(preset,), line=0, column=0)]
    record = play_match(players=names, bots=bots, rules=PRESETS[preset].rules, seed=seed,
                        tags=tags, max_hands=hands)
    games = parse_text(game_text(record)).games
    assert len(games) == 1
    return games[0], kept


def _seen(events: Sequence[Event]) -> list[tuple[Any, ...]]:
    """The moves seen, without where they were written."""
    return [(type(e).__name__, *(getattr(e, f, None) for f in ("player", "card", "cards",
                                                                "meld")))
            for e in events]


def _fields(view: PlayerView) -> dict[str, Any]:
    found = {name: getattr(view, name) for name in view.__dataclass_fields__
             if name != "seen"}
    found["seen"] = _seen(view.seen)
    found["hand_sizes"] = dict(view.hand_sizes)
    found["totals"] = dict(view.totals)
    found["taken"] = {p: c for p, c in view.taken.items() if c}
    found["discarded"] = {p: c for p, c in view.discarded.items() if c}
    return found


CASES = [(2, "classic", "a"), (2, "classic", "b"), (3, "strict", "c"), (4, "classic", "d"),
         (4, "compra", "e"), (4, "teams", "f"), (3, "traditional", "g"), (2, "compra", "h")]


@pytest.mark.parametrize(("players", "preset", "seed"), CASES)
def test_every_decision_of_a_simulated_match_is_found_with_the_bots_view(
        players: int, preset: str, seed: str) -> None:
    game, kept = played(players, preset, seed)
    walked = walk_game(game, frozenset(kept))
    assert walked.result.violations == ()
    for seat, asked in kept.items():
        found = [d for d in walked.decisions if d.seat == seat]
        assert all(isinstance(d, Decision) for d in found)
        assert [d.stage for d in found] == [stage for stage, _, _ in asked]
        for decision, (_, view, answer) in zip(found, asked, strict=True):
            assert isinstance(decision, Decision)
            assert _fields(decision.view) == _fields(view), decision.line
            assert same_move(decision.played, answer, len(view.table)), decision.line  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_match_with_buys_has_buy_decisions_both_ways() -> None:
    stages: set[tuple[Stage, object]] = set()
    for seed in "hijk":
        game, kept = played(4, "compra", seed)
        walked = walk_game(game, frozenset(kept))
        stages |= {(d.stage, d.played) for d in walked.decisions
                   if isinstance(d, Decision) and d.stage is Stage.BUY}
    assert {(Stage.BUY, BuyChoice(True)), (Stage.BUY, BuyChoice(False))} <= stages


def test_only_the_seats_asked_for_are_read() -> None:
    game, kept = played(3, "classic", "s")
    walked = walk_game(game, frozenset({"Bruno"}))
    assert {d.seat for d in walked.decisions} == {"Bruno"}
    assert len(walked.decisions) == len(kept["Bruno"])


def _log(*lines: str) -> GameLog:
    return parse_text("\n".join(lines) + "\n").games[0]


HEADER = ('[Players "Anna" "Bruno"]', "hand 1", "dealer Bruno",
          "deal Anna 3S 8S 3H 3D 8D 9D JD AC 3C 5C 7C QC KC",
          "deal Bruno 2S 4S 6S 7S AH 6H 6H KH 4D 4C 6C KC JK", "upcard 9C")


def test_a_line_with_a_violation_is_not_reviewed_and_the_walk_goes_on() -> None:
    game = _log(*HEADER, "Anna draw 7D", "Anna discard 9H", "Bruno draw 3S",
                "Bruno discard KC", "Anna draw 4S", "Anna discard 4S")
    walked = walk_game(game, frozenset({"Anna", "Bruno"}))
    by_line = {(d.line, d.stage): d for d in walked.decisions}
    bad = by_line[(8, Stage.PLAN)]
    assert isinstance(bad, Unreviewed)
    assert bad.code == "T004" and "line 8" in bad.reason
    assert isinstance(by_line[(7, Stage.TAKE)], Decision)
    # Anna's cards are uncertain after her card not in hand: the worlds a seat could
    # sample would be wrong for everybody, so the rest of the hand is not reviewed
    for later in ((9, Stage.TAKE), (10, Stage.PLAN), (12, Stage.PLAN)):
        left = by_line[later]
        assert isinstance(left, Unreviewed)
        assert "line 8" in left.reason


def test_a_log_recorded_at_a_table_is_reviewed_for_the_seat_whose_cards_it_shows() -> None:
    with open("fixtures/table/table-recorded.s40", encoding="utf-8") as handle:
        game = parse_text(handle.read()).games[0]
    walked = walk_game(game, frozenset(game.players if hasattr(game, "players") else
                                       ("Anna", "Bruno", "Carla", "Dario")))
    reviewed = {d.seat for d in walked.decisions if isinstance(d, Decision)}
    assert reviewed == {"Anna"}
    others = [d for d in walked.decisions if d.seat != "Anna"]
    assert others and all(isinstance(d, Unreviewed) and "does not show" in d.reason
                          for d in others)


def test_the_first_turn_of_a_hand_is_read_before_its_draw() -> None:
    """The referee sets the table at the first line of play: the view is read after
    it, the card drawn put back."""
    game = _log(*HEADER, "Anna draw 7D", "Anna discard 9D")
    first, plan = walk_game(game, frozenset({"Anna"})).decisions
    assert isinstance(first, Decision) and first.stage is Stage.TAKE
    assert first.played == TakeChoice(False)
    assert [c.code for c in first.view.discard_pile] == ["9C"]
    assert len(first.view.hand) == 13 and "7D" not in [c.code for c in first.view.hand]
    assert first.view.stock_size == 108 - 26 - 1 and first.view.seen == ()
    assert isinstance(plan, Decision) and plan.view.drawn is not None
    assert plan.view.stock_size == first.view.stock_size - 1 and len(plan.view.seen) == 1


def test_rules_from_the_command_line_are_the_referees() -> None:
    game = _log(*HEADER, "Anna draw 7D", "Anna discard 9D")
    walked = walk_game(game, frozenset({"Anna"}), RuleChoice(preset="compra"))
    decision = walked.decisions[0]
    assert isinstance(decision, Decision)
    assert decision.view.rules.compra.value == "yes"


sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from table_seat import seat_log  # noqa: E402


@pytest.mark.parametrize(("players", "preset", "seed"), [(2, "classic", "t"),
                                                         (4, "compra", "u")])
def test_the_same_game_recorded_from_the_seat_gives_the_seat_the_same_views(
        players: int, preset: str, seed: str) -> None:
    """The seat's views read nothing the seat did not see: the full log and the log its
    seat would have written at the table (the others' cards ``?``, no stock line) give
    the same decisions and the same views."""
    game, _ = played(players, preset, seed)
    text = write_log([list(game.events)])
    at_table = parse_text(seat_log(text, "Anna")).games[0]
    full = walk_game(game, frozenset({"Anna"})).decisions
    seen = walk_game(at_table, frozenset({"Anna"})).decisions
    assert len(full) == len(seen) > 10
    for one, other in zip(full, seen, strict=True):
        assert isinstance(one, Decision) and isinstance(other, Decision), one.line
        assert (one.stage, one.played) == (other.stage, other.played)
        assert _fields(one.view) == _fields(other.view), one.line
