"""The expert level: what its seat has seen, the worlds it samples, its playouts, the
legality of every candidate it weighs, and that it never peeks.

The figures of strength and cost are the benchmarks' (bench/duplicate.py,
bench/expert_turn.py; docs/expert.md): no test here is timed.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from scala40cli.judging.hands.deal import game_deck
from scala40cli.judging.rulebook.rules import CLASSIC, PRESETS, Rules
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.model.cards import Card
from scala40cli.simulate import Bot, Level, make_bot, parse_levels, play_match
from scala40cli.simulate import match as match_module
from scala40cli.simulate.engine import HandEngine
from scala40cli.simulate.expert import Budget, Expert, ExpertBot
from scala40cli.simulate.fitting import meld_cards
from scala40cli.simulate.playout import PlanChoice, Playout, TakeChoice, play_out
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.sampling import World, hidden_places, sample_world, unseen
from scala40cli.simulate.search import sort_key
from scala40cli.simulate.view import PlayerView

#: The least budget that still searches: the properties hold whatever the budget.
TINY = Budget(worlds=1, take_worlds=1, heat=1, discards=2)
PLAYERS = ("Anna", "Bruno", "Carla", "Dario")


class Watched(HandEngine):
    """A hand engine that shows each view it builds to ``watch`` with itself."""

    watch: Callable[[HandEngine, PlayerView, Turn], None] | None = None

    def view(self, player: str, turn: Turn, *, buying: bool = False) -> PlayerView:
        seen = super().view(player, turn, buying=buying)
        if Watched.watch is not None:
            Watched.watch(self, seen, turn)
        return seen


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Watched]]:
    monkeypatch.setattr(match_module, "HandEngine", Watched)
    yield Watched
    Watched.watch = None


def _match(rules: Rules, players: int, seed: int, levels: tuple[str, ...] | None = None,
           max_hands: int = 200) -> None:
    chosen = levels or tuple(("hard", "normal", "easy", "hard")[:players])
    bots = [make_bot(level, random.Random(f"{seed}:{n}"), TINY)
            for n, level in enumerate(chosen)]
    play_match(players=PLAYERS[:players], bots=bots, rules=rules, seed=f"t{seed}",
               max_hands=max_hands)


def _true_world(engine: HandEngine) -> World:
    return World(hands={p: tuple(engine.hands[p].elements()) for p in engine.order},
                 stock=tuple(engine.stock))


# --- what the seat has seen ---------------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "traditional", "scala50"])
def test_the_cards_seen_go_into_a_hand_are_there_and_a_reshuffled_stock_is_known(
        watched: type[Watched], preset: str) -> None:
    checked = Counter[str]()

    def watch(engine: HandEngine, view: PlayerView, turn: Turn) -> None:
        for player, cards in view.held.items():
            assert not Counter(cards) - engine.hands[player], (player, cards)
            checked["held"] += 1
        if view.turned:
            assert not Counter(engine.stock) - Counter(view.turned)
            checked["turned"] += 1
        assert sum(hidden_places(view).values()) + view.stock_size == unseen(view).total()

    watched.watch = watch
    for seed in range(2):
        _match(PRESETS[preset].rules, 4, seed)
    assert checked["held"] > 0


def test_a_sampled_world_holds_every_card_once_and_what_each_player_is_seen_to_hold(
        watched: type[Watched]) -> None:
    deck = game_deck(CLASSIC)
    worlds = 0

    def watch(engine: HandEngine, view: PlayerView, turn: Turn) -> None:
        nonlocal worlds
        world = sample_world(view, random.Random(worlds))
        worlds += 1
        placed: Counter[Card] = Counter(world.stock)
        for player in view.order:
            assert len(world.hands[player]) == engine.hands[player].total()
            assert not Counter(view.held.get(player, ())) - Counter(world.hands[player])
            placed.update(world.hands[player])
        placed.update(view.discard_pile)
        for meld in view.table:
            placed.update(meld_cards(meld))
        assert placed == deck
        assert world.hands[view.me] == view.hand
        assert len(world.stock) == view.stock_size

    watched.watch = watch
    _match(CLASSIC, 3, 1)
    assert worlds > 50


# --- playouts -----------------------------------------------------------------------------


def test_a_playout_in_the_true_world_ends_the_hand_as_the_table_did(
        watched: type[Watched]) -> None:
    """From a turn's plays, the true hidden cards and the seats' own choices replay the
    rest of the hand exactly: the playout is set up as the table was."""
    replayed: list[tuple[dict[str, int], dict[str, int] | None]] = []
    pending: list[tuple[HandEngine, Any]] = []

    def watch(engine: HandEngine, view: PlayerView, turn: Turn) -> None:
        if (view.drawn is None and view.taken_now is None) or view.buying or pending:
            return
        state = random.Random()
        state.setstate(engine.rng.getstate())
        plan = Bot(Level.HARD, random.Random(0)).play(view)
        world = _true_world(engine)
        outcome = play_out(view, world, PlanChoice(plan),
                           lambda p: Bot(Level.HARD, random.Random(0)), state, queued=False)
        pending.append((engine, outcome))

    watched.watch = watch
    for seed in range(4):
        bots = [Bot(Level.HARD, random.Random(0)) for _ in range(2)]
        record = play_match(players=PLAYERS[:2], bots=bots, rules=CLASSIC, seed=f"p{seed}",
                            max_hands=1)
        for _engine, outcome in pending:
            replayed.append((dict(outcome.penalties), record.hands[0].penalties))
        pending.clear()
    assert replayed
    for mine, real in replayed:
        assert mine == real


def test_each_player_draws_from_a_queue_of_its_own() -> None:
    """The stock is dealt out in turn from the next player to draw, so a take by one
    player does not change the cards the others draw."""
    seen: list[PlayerView] = []

    class Spy(Bot):
        def play(self, view: PlayerView) -> TurnPlan:
            seen.append(view)
            return super().play(view)

    play_match(players=PLAYERS[:3], bots=[Spy(Level.HARD, random.Random(0)),
                                          Bot(Level.HARD, random.Random(1)),
                                          Bot(Level.HARD, random.Random(2))],
               rules=CLASSIC, seed="q", max_hands=1)
    view = seen[0]
    world = sample_world(view, random.Random(0))
    engine = Playout.of(view, world, {}, random.Random(0))
    after = engine.next_after(view.me)
    top = list(reversed(world.stock))
    assert engine.queues[after][::-1][:2] == [top[0], top[3]]
    assert engine.queues[view.me][::-1][:2] == [top[2], top[5]]


# --- candidates -----------------------------------------------------------------------------


@pytest.mark.slow
def test_every_candidate_the_expert_weighs_is_carried_out_by_the_judge(
        watched: type[Watched]) -> None:
    """Each candidate plan and take is played in the true world by a playout, whose
    engine asks the judging core's ``verify_*`` functions of every move (a refused one
    is an IllegalMove, which would fail the test)."""
    expert = Expert(seed="legal", budget=Budget(worlds=1, discards=6))
    tried = Counter[str]()

    def watch(engine: HandEngine, view: PlayerView, turn: Turn) -> None:
        if view.me != PLAYERS[0] or view.buying:
            return
        state = random.Random(0)
        if view.drawn is None and view.taken_now is None:
            choices: list[Any] = expert.take_choices(view)
        else:
            choices = expert.plan_choices(view)
        for choice in choices:
            play_out(view, _true_world(engine), choice,
                     lambda p: Bot(Level.HARD, random.Random(0)), state)
            tried[type(choice).__name__] += 1

    watched.watch = watch
    for seed in range(2):
        _match(CLASSIC, 2, seed, levels=("hard", "normal"), max_hands=2)
    assert tried["PlanChoice"] > tried["TakeChoice"] > 0


def _hard_views(seed: str, hands: int = 3) -> list[PlayerView]:
    """The views of the first seat's turns, once drawn, in a match of hard bots."""
    seen: list[PlayerView] = []

    class Spy(Bot):
        def play(self, view: PlayerView) -> TurnPlan:
            seen.append(view)
            return super().play(view)

    play_match(players=PLAYERS[:2], bots=[Spy(Level.HARD, random.Random(1)),
                                          Bot(Level.HARD, random.Random(2))],
               rules=CLASSIC, seed=seed, max_hands=hands)
    return seen


def test_the_expert_weighs_the_hard_levels_favourite_discards_its_own_first() -> None:
    expert = Expert(seed="s", budget=Budget(worlds=2, discards=3, variants=False))
    view = next(v for v in _hard_views("w") if len(expert.plan_choices(v)) == 3)
    choices = expert.plan_choices(view)
    assert choices[0] == PlanChoice(Bot(Level.HARD, random.Random(0)).play(view))
    assert len({c.plan.discard for c in choices}) == 3
    assert len({c.plan.plays for c in choices}) == 1
    scored = expert.score(view, choices)
    assert [s.choice for s in scored] == choices
    assert all(s.worlds == 2 for s in scored)
    assert scored[0].gain == 0.0


def test_a_review_weighs_the_move_played_against_every_legal_discard() -> None:
    """What a review of a recorded match needs: every candidate of a decision, the move
    played among them (first, so that each gain is what playing it would have gained
    on the move played), weighed over the same worlds from the seat's view."""
    from scala40cli.simulate.planner import legal_discards

    expert = Expert(seed="r", budget=Budget(worlds=3, variants=False))
    view = next(v for v in _hard_views("w") if len(expert.plan_choices(v)) == 4)
    planned = Bot(Level.HARD, random.Random(0))._plan(view)
    assert planned is not None
    plan, board = planned
    legal = set(legal_discards(board))
    worst = max(legal, key=lambda c: (c.is_joker, sort_key(c)))
    played = PlanChoice(TurnPlan(plan.plays, worst))
    scored = expert.review(view, played)
    assert scored[0].choice == played and scored[0].gain == 0.0
    assert {s.choice.plan.discard for s in scored if isinstance(s.choice, PlanChoice)} == legal
    assert all(s.worlds == 3 for s in scored)


def test_the_expert_weighs_humbler_plays_beside_the_hard_levels() -> None:
    """Where the hard level opens or attaches, not opening yet (or not attaching) is
    weighed too, with the discard the hard level would then choose."""
    expert = Expert(seed="s", budget=Budget(discards=1))
    humbler = [c for v in _hard_views("w") for c in expert.plan_choices(v)[1:]]
    assert humbler
    assert all(isinstance(c, PlanChoice) and c.plan.discard is not None for c in humbler)


def test_more_humbler_plays_add_plays_that_lay_less_and_drop_none() -> None:
    """The three humbler plays after the first two (attaches but no new meld, a card or
    three kept back) add candidates where they play otherwise, and take none away."""
    two = Expert(seed="s", budget=Budget(discards=1, humbler=2))
    five = Expert(seed="s", budget=Budget(discards=1, humbler=5))
    added = 0
    for seed in ("w", "x", "y"):
        for view in _hard_views(seed, hands=4):
            fewer = two.plan_choices(view)
            more = five.plan_choices(view)
            assert more[:len(fewer)] == fewer
            assert len({c.plan.plays for c in more}) == len(more)
            added += len(more) - len(fewer)
    assert added > 0


def test_a_candidate_races_on_only_while_it_gains_on_the_hard_levels_choice() -> None:
    """The race spends the worlds where they can change the choice: past the heat, only
    a candidate whose gain is ``promise`` standard errors above zero goes on; at the
    recheck, only one whose gain over the worlds since the heat is above zero."""
    loose = Budget(worlds=8, heat=2, promise=0.0, recheck=None, variants=False)
    view = next(v for v in _hard_views("w")
                if len(Expert(seed="s", budget=loose).plan_choices(v)) == 4)
    choices = Expert(seed="s", budget=loose).plan_choices(view)
    never = Expert(seed="s", budget=dataclasses.replace(loose, promise=1e9))
    assert [s.worlds for s in never.score(view, choices, race=True)] == [2, 2, 2, 2]
    heat = Expert(seed="s", budget=dataclasses.replace(loose, worlds=2)).score(view, choices)
    upto = Expert(seed="s", budget=dataclasses.replace(loose, worlds=4)).score(view, choices)
    raced = Expert(seed="s", budget=dataclasses.replace(loose, recheck=4)).score(
        view, choices, race=True)
    for n in range(1, 4):
        since_heat = (4 * upto[n].points - 2 * heat[n].points) / 2 - (
            4 * upto[0].points - 2 * heat[0].points) / 2
        if heat[n].points <= heat[0].points:
            assert raced[n].worlds == 2
        elif since_heat <= 1e-9:
            assert raced[n].worlds == 4
        else:
            assert raced[n].worlds in (4, 8)


def test_a_humbler_play_races_past_the_heat_whatever_it_gained_there() -> None:
    """What laying less is worth shows later than a discard's worth: a humbler play goes
    on past the heat even where it has not gained, a discard that has not gained stops."""
    strict = Budget(worlds=6, heat=2, promise=1e9, recheck=None, turns=10**6, discards=2)
    expert = Expert(seed="s", budget=strict)
    raced = 0
    for view in _hard_views("w", hands=4):
        choices = expert.plan_choices(view)
        if len(choices) < 3:
            continue
        scored = expert.score(view, choices, race=True)
        for n, s in enumerate(scored[1:], start=1):
            humbler = choices[n].plan.plays != choices[0].plan.plays
            assert s.worlds == (6 if humbler else 2)
            raced += humbler
        if raced >= 3:
            break
    assert raced >= 3


def test_near_the_hands_end_the_plays_are_played_to_its_end() -> None:
    """With ``short``, a turn's plays are weighed by the hand's end, as a take is, once
    another hand holds that many cards or fewer; before, by two turns and the estimate."""
    base = Budget(worlds=2, take_worlds=2, discards=2, variants=False)
    views = [v for v in _hard_views("w")
             if len(Expert(seed="s", budget=base).plan_choices(v)) == 2]
    near = next(v for v in views if min(v.hand_sizes[p] for p in v.order if p != v.me) <= 4)
    far = next(v for v in views if min(v.hand_sizes[p] for p in v.order if p != v.me) > 4)

    def points(view: PlayerView, budget: Budget) -> list[float]:
        expert = Expert(seed="s", budget=budget)
        return [s.points for s in expert.score(view, expert.plan_choices(view))]

    short = dataclasses.replace(base, short=4)
    assert points(near, short) == points(near, dataclasses.replace(base, horizon=None))
    assert points(far, short) == points(far, base)


def test_the_hard_levels_take_comes_first() -> None:
    expert = Expert(seed="s", budget=Budget())
    hard = Bot(Level.HARD, random.Random(0))
    seen: list[PlayerView] = []

    class Spy(Bot):
        def wants_take(self, view: PlayerView) -> bool:
            seen.append(view)
            return super().wants_take(view)

    play_match(players=PLAYERS[:2], bots=[Spy(Level.HARD, random.Random(1)),
                                          Bot(Level.HARD, random.Random(2))],
               rules=CLASSIC, seed="t", max_hands=3)
    both = [v for v in seen if len(expert.take_choices(v)) == 2]
    assert both
    for view in both:
        assert expert.take_choices(view)[0] == TakeChoice(hard.wants_take(view))


# --- it never peeks ----------------------------------------------------------------------------


def reshuffle_hidden(engine: HandEngine, me: str, rng: random.Random) -> None:
    """Deal again the cards ``me`` cannot see, as the table could have lain: the other
    hands keep their sizes and the cards they are seen to hold, and a stock made by a
    reshuffle keeps its cards (only their order changes)."""
    held = engine.sightings.held()
    others = [p for p in engine.order if p != me]
    pool: list[Card] = []
    kept: dict[str, Counter[Card]] = {}
    for player in others:
        kept[player] = Counter(held.get(player, ()))
        pool += list((engine.hands[player] - kept[player]).elements())
    stock_known = bool(engine.sightings.turned())
    if not stock_known:
        pool += engine.stock
    rng.shuffle(pool)
    if stock_known:
        rng.shuffle(engine.stock)
    else:
        engine.stock = [pool.pop() for _ in range(len(engine.stock))]
    for player in others:
        size = engine.hands[player].total() - kept[player].total()
        engine.hands[player] = kept[player] + Counter(pool[:size])
        del pool[:size]
    assert not pool


def ask(seat: Bot, view: PlayerView) -> object:
    """The question the engine asks a seat with this view."""
    if view.buying:
        return seat.wants_buy(view) if view.taken_now is None else seat.play(view)
    if view.drawn is None and view.taken_now is None:
        return seat.wants_take(view)
    return seat.play(view)


class Twin:
    """At each decision of ``seat``, the same question asked first of the table with its
    cards the seat cannot see dealt again (:func:`reshuffle_hidden`), while they lie so:
    the view must be the same, and so must the answer."""

    def __init__(self, seat: Bot, name: str) -> None:
        self.seat = seat
        self.name = name
        self.expected: tuple[PlayerView, object] | None = None
        self.decisions = 0
        self.differ = 0

    def watch(self, engine: HandEngine, view: PlayerView, turn: Turn) -> None:
        if view.me != self.name:
            return
        hands, stock = dict(engine.hands), engine.stock
        saved = {p: Counter(h) for p, h in hands.items()}, list(stock)
        reshuffle_hidden(engine, view.me, random.Random(self.decisions))
        twin = HandEngine.view(engine, view.me, turn, buying=view.buying)
        self.expected = (twin, ask(self.seat, twin))
        # the very objects back (the engine holds some of them while it asks), as
        # they were
        engine.hands, engine.stock = hands, stock
        for player, cards in saved[0].items():
            hands[player].clear()
            hands[player].update(cards)
        stock[:] = saved[1]

    def answer(self, view: PlayerView) -> object:
        assert self.expected is not None
        twin, expected = self.expected
        assert twin == view
        answer = ask(self.seat, view)
        self.decisions += 1
        self.differ += answer != expected
        return answer


def _twin_match(watched: type[Watched], seat: Bot, seed: int, players: int,
                max_hands: int) -> Twin:
    twin = Twin(seat, PLAYERS[0])
    watched.watch = twin.watch

    class Checked(Bot):
        def wants_take(self, view: PlayerView) -> bool:
            return bool(twin.answer(view))

        def play(self, view: PlayerView) -> TurnPlan:
            plan = twin.answer(view)
            assert isinstance(plan, TurnPlan)
            return plan

        def wants_buy(self, view: PlayerView) -> bool:
            return bool(twin.answer(view))

    others = [Bot(Level.HARD, random.Random(f"{seed}:{n}")) for n in range(1, players)]
    play_match(players=PLAYERS[:players], bots=[Checked(Level.HARD, random.Random(0)),
                                                *others],
               rules=CLASSIC, seed=f"twin{seed}", max_hands=max_hands)
    return twin


def test_a_table_dealt_again_where_the_seat_cannot_see_changes_no_decision(
        watched: type[Watched]) -> None:
    twin = _twin_match(watched, ExpertBot(random.Random(5), TINY), 1, 2, max_hands=1)
    assert twin.decisions > 10
    assert twin.differ == 0


@pytest.mark.parametrize("players", [2, 4])
def test_worlds_read_from_what_the_others_did_depend_on_nothing_the_seat_cannot_see(
        watched: type[Watched], players: int) -> None:
    """The reading of the other hands (``Budget.agree``) draws its worlds from the view
    alone, as the plain sampling does."""
    reading = dataclasses.replace(TINY, worlds=4, agree=20)
    twin = _twin_match(watched, ExpertBot(random.Random(3), reading), 2, players, max_hands=1)
    assert twin.decisions > 10
    assert twin.differ == 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_over_fifty_matches_no_decision_depends_on_a_card_the_seat_cannot_see(
        watched: type[Watched], players: int) -> None:
    """100 matches in all (50 of two players, 50 of four), every decision checked."""
    decisions = 0
    for seed in range(50):
        twin = _twin_match(watched, ExpertBot(random.Random(seed), TINY), seed, players,
                           max_hands=200)
        assert twin.differ == 0
        decisions += twin.decisions
    assert decisions > 1000


def test_the_twin_check_catches_a_seat_that_peeks(watched: type[Watched]) -> None:
    """A seat that reads the stock through a back door answers otherwise when the
    hidden cards lie otherwise: the check above would fail it."""
    door: list[HandEngine] = []

    class Peeker(Bot):
        def wants_take(self, view: PlayerView) -> bool:
            return bool(door) and door[0].stock[-1].code < "5"

    peeker = Peeker(Level.HARD, random.Random(0))
    twin = Twin(peeker, PLAYERS[0])

    def both(engine: HandEngine, view: PlayerView, turn: Turn) -> None:
        door[:] = [engine]
        twin.watch(engine, view, turn)

    watched.watch = both

    class Checked(Bot):
        def wants_take(self, view: PlayerView) -> bool:
            twin.answer(view)
            return False

    for seed in range(3):
        play_match(players=PLAYERS[:2], bots=[Checked(Level.HARD, random.Random(0)),
                                              Bot(Level.HARD, random.Random(1))],
                   rules=CLASSIC, seed=f"peek{seed}", max_hands=1)
    assert twin.differ > 0


# --- the level by name -------------------------------------------------------------------------


def test_expert_is_a_level_by_name() -> None:
    assert parse_levels("expert,hard", 2) == (Level.EXPERT, Level.HARD)
    assert isinstance(make_bot("expert", random.Random(0)), ExpertBot)
    assert type(make_bot("hard", random.Random(0))) is Bot


def test_the_same_seed_gives_the_same_expert_match() -> None:
    def once() -> tuple[Any, ...]:
        bots = [make_bot("expert", random.Random(3), TINY), Bot(Level.HARD, random.Random(4))]
        record = play_match(players=PLAYERS[:2], bots=bots, rules=CLASSIC, seed="same",
                            max_hands=1)
        return record.events

    assert once() == once()


# --- the match, not the hand ----------------------------------------------------------------


def test_match_equity_is_a_chance_both_sides_agree_on_and_points_cost_it() -> None:
    from scala40cli.simulate.equity import match_equity

    for mine in range(0, 101, 7):
        for theirs in range(0, 101, 9):
            chance = match_equity(mine, theirs, 101)
            assert 0.0 <= chance <= 1.0
            assert chance + match_equity(theirs, mine, 101) == pytest.approx(1.0)
            if mine + 5 < 101:
                assert match_equity(mine + 5, theirs, 101) <= chance
    assert match_equity(0, 0, 101) == pytest.approx(0.5)
    assert match_equity(101, 40, 101) == 0.0
    assert match_equity(40, 120, 101) == 1.0
    # 100 points against 60: the difference of 40 points is worth far more than
    # 40 points are at the start
    assert match_equity(60, 0, 101) - match_equity(100, 0, 101) > \
        match_equity(0, 0, 101) - match_equity(40, 0, 101)


def test_a_duel_near_its_end_is_weighed_by_the_chance_of_winning_it() -> None:
    from scala40cli.simulate.playout import Outcome
    from scala40cli.simulate.worth import equity_threshold, match_value

    view = _hard_views("e", hands=1)[0]
    assert equity_threshold(view) == 101
    near = dataclasses.replace(view, totals={view.me: 95, "Bruno": 30})
    close = Outcome(penalties={view.me: 0, "Bruno": 20}, closer=view.me)
    caught = Outcome(penalties={view.me: 6, "Bruno": 0}, closer="Bruno")
    assert match_value(caught, near, 101) == 0.0
    assert match_value(close, near, 101) > 10


@pytest.mark.slow
def test_simulate_seats_the_expert_by_name_and_its_match_replays_clean() -> None:
    from click.testing import CliRunner

    from scala40cli.audit.pipeline import audit_bytes
    from scala40cli.cli.main import main

    result = CliRunner().invoke(main, ["simulate", "--level", "expert,hard", "--max-hands",
                                       "1", "--budget", "0.2", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert '[Levels "expert" "hard"]' in result.stdout
    report = audit_bytes(result.stdout.encode(), "expert.s40")
    assert report.ok and report.games


def test_a_budget_of_nothing_is_refused() -> None:
    from click.testing import CliRunner

    from scala40cli.cli.main import main

    result = CliRunner().invoke(main, ["simulate", "--level", "expert", "--budget", "0"])
    assert result.exit_code == 2


def test_the_game_against_the_computer_offers_the_expert_in_every_language() -> None:
    from scala40cli.playing.catalogue import catalogue
    from scala40cli.playing.controller import LEVELS

    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert catalogue("it").gettext("expert") == "esperto"
    assert catalogue("fr").gettext("expert") == "expert"
