"""The simulator: ``scala40 simulate``, the bots and their levels, and the self-check.

The self-check is the point: every simulated match, under every preset and every
value of every switch, replays through the referee with no violation, and the
referee's penalties, totals, eliminations and winner are the simulator's own.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

import pytest
from click.testing import CliRunner, Result
from helpers import load_script

from scala40cli.audit.pipeline import audit_bytes
from scala40cli.cli.main import main
from scala40cli.judging.hands.deal import upcard_returned
from scala40cli.judging.rulebook.rules import (
    CLASSIC,
    PRESETS,
    RULE_KEYS,
    RuleChoice,
    Rules,
    value_tokens,
    with_values,
)
from scala40cli.judging.scores.scoring import hand_penalty
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.melds import build_meld, fits
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.model.cards import JOKER, Card, parse_card
from scala40cli.model.results import GameResult
from scala40cli.reading.events import (
    Buy,
    Discard,
    Event,
    Meld,
    PlayerEvent,
    Swap,
    TableCard,
    Take,
    Upcard,
)
from scala40cli.reading.parser import parse_text
from scala40cli.simulate import (
    Bot,
    Level,
    MatchRecord,
    PlayerView,
    game_text,
    header_tags,
    make_setup,
    play_match,
    simulate_game,
)
from scala40cli.simulate.board import Board
from scala40cli.simulate.engine import HandEngine
from scala40cli.simulate.planner import ace_points, legal_discards

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("easy", "normal", "hard")


def run(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


# --- the self-check ---------------------------------------------------------------------


def referee_result(record: MatchRecord) -> GameResult:
    """The referee's verdict on a simulated match, checked against the simulator's own.

    No violation but the discards the simulator itself says it was forced into, on
    their lines; the same hands, closings, penalties, running totals, eliminations,
    final totals and winner.
    """
    text = game_text(record)
    result = audit_bytes(text.encode("utf-8"), "simulated.s40")
    assert not result.errors, result.errors
    (game,) = result.games
    (parsed,) = parse_text(text).games
    forced_lines = sorted(parsed.events[i].line for i in record.forced_at)
    assert sorted(v.line for v in game.violations) == forced_lines, game.violations
    assert len(game.hands) == len(record.hands)
    for mine, theirs in zip(record.hands, game.hands, strict=True):
        assert theirs.number == mine.number
        assert theirs.dealer == mine.dealer
        assert theirs.closing is mine.closing
        assert theirs.closer == mine.closer
        assert theirs.penalties == mine.penalties, mine.number
        assert theirs.declared == mine.penalties
        assert theirs.totals == mine.totals, mine.number
        assert theirs.playoff == mine.playoff
    assert game.totals == record.totals
    assert game.winner == record.winner
    assert game.finished == record.finished
    assert game.eliminated == record.eliminated
    return game


def levels_for(players: int, k: int) -> str:
    return ",".join(LEVELS[(k + seat) % 3] for seat in range(players))


def preset_runs(name: str, games: int) -> Iterator[tuple[int, str, str]]:
    """(players, levels, seed) of the games played under a preset: 2 to 6 players."""
    for k in range(games):
        players = 4 if name == "teams" else 2 + k % 5
        yield players, levels_for(players, k), f"check-{name}-{k}"


PRESET_GAMES = 20


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_replays_with_no_violation_and_the_same_scores(name: str) -> None:
    closings: Counter[str] = Counter()
    for players, levels, seed in preset_runs(name, PRESET_GAMES):
        setup = make_setup(players=players, levels=levels, choice=RuleChoice(preset=name),
                           seed=seed)
        record = simulate_game(setup, 1)
        # discard_playable=forbidden (rientro) can leave no legal discard at all
        assert record.forced == 0 or PRESETS[name].rules.discard_playable == "forbidden"
        assert record.finished
        game = referee_result(record)
        assert game.rules == PRESETS[name].rules.as_tokens()
        closings.update(hand.closing.value for hand in game.hands)
    assert closings["normal"] > 0


def switch_values() -> list[tuple[str, ...]]:
    """Every value of every switch but classic's, as --set options."""
    cases: list[tuple[str, ...]] = []
    classic = CLASSIC.as_tokens()
    for key in RULE_KEYS:
        tokens = value_tokens(key) or {"opening_points": ("30", "60"),
                                       "fixed_hands": ("3",)}[key]
        for token in tokens:
            if token == classic[key]:
                continue
            if key == "fixed_hands":
                cases.append(("elimination=none", f"fixed_hands={token}"))
            elif key == "elimination" and token == "none":
                cases.append(("elimination=none", "fixed_hands=3"))
            else:
                cases.append((f"{key}={token}",))
    return cases


@pytest.mark.slow
@pytest.mark.parametrize("sets", switch_values(), ids=lambda sets: "+".join(sets))
def test_every_switch_value_replays_with_the_same_scores(sets: tuple[str, ...]) -> None:
    """Short matches (at most 8 hands) under each switch value, 2 to 6 players; the only
    violations allowed are the discards the simulator was forced into."""
    values = tuple((*item.split("=", 1), "--set") for item in sets)
    choice = RuleChoice(values=values)  # type: ignore[arg-type]
    teams = any(item.startswith("teams=") for item in sets)
    for k in range(3):
        players = 4 if teams else 2 + (k * 2 + len(sets[0])) % 5
        setup = make_setup(players=players, levels=levels_for(players, k), choice=choice,
                           seed=f"switch-{k}", max_hands=8)
        record = simulate_game(setup, 1)
        if record.forced:
            assert "discard_playable=forbidden" in sets
        referee_result(record)


@pytest.mark.slow
def test_reentry_and_mortal_combat_happen() -> None:
    """The match flows that are rarest in play are played and judged alike."""
    seen: Counter[str] = Counter()
    for k in range(6):
        setup = make_setup(players=3, levels=levels_for(3, k),
                           choice=RuleChoice(values=(("mortal_combat", "yes", "--set"),)),
                           seed=f"mortal-{k}")
        game = referee_result(simulate_game(setup, 1))
        seen["mortal"] += any(out.hand == 1 for out in game.eliminated)
    for k in range(6):
        setup = make_setup(players=4, levels=levels_for(4, k),
                           choice=RuleChoice(values=(("reentry", "yes", "--set"),)),
                           seed=f"reentry-{k}")
        record = simulate_game(setup, 1)
        game = referee_result(record)
        seen["reentry"] += any(out.player in hand.penalties for out in game.eliminated
                               for hand in game.hands if hand.number > out.hand)
    assert seen["reentry"] > 0 and seen["mortal"] > 0


# --- the command ------------------------------------------------------------------------


@pytest.mark.slow
def test_simulate_pipes_into_replay() -> None:
    simulated = run("simulate", "--players", "4", "--games", "3", "--seed", "1")
    assert simulated.exit_code == 0, simulated.stderr
    replayed = run("replay", "-", stdin=simulated.stdout_bytes)
    assert replayed.exit_code == 0, replayed.stdout
    parsed = parse_text(simulated.stdout)
    assert len(parsed.games) == 3 and not parsed.errors


@pytest.mark.slow
def test_the_same_seed_gives_the_same_bytes() -> None:
    args = ("simulate", "--players", "3", "--games", "2", "--seed", "7", "--level",
            "hard,normal,easy", "--rules", "compra")
    first, second = run(*args), run(*args)
    assert first.stdout_bytes == second.stdout_bytes
    assert run(*args[:-4], "--seed", "8", *args[-4:]).stdout_bytes != first.stdout_bytes


@pytest.mark.slow
def test_the_written_text_is_canonical() -> None:
    """The simulator writes with the canonical writer: ``fmt`` leaves it unchanged."""
    from scala40cli.reading.layout import format_log

    text = run("simulate", "--players", "3", "--games", "2", "--seed", "3").stdout
    assert format_log(text.encode("utf-8")) == text


@pytest.mark.slow
def test_a_pipe_between_two_processes() -> None:
    command = [sys.executable, "-m", "scala40cli"]
    simulated = subprocess.run([*command, "simulate", "--players", "4", "--games", "3",
                                "--seed", "1"], capture_output=True, check=True, cwd=ROOT)
    replayed = subprocess.run([*command, "replay", "-"], input=simulated.stdout,
                              capture_output=True, cwd=ROOT)
    assert replayed.returncode == 0, replayed.stdout.decode()


@pytest.mark.slow
def test_out_dir_writes_one_file_a_game(tmp_path: Path) -> None:
    out = tmp_path / "games"
    result = run("simulate", "--players", "2", "--games", "3", "--seed", "4", "--out",
                 str(out))
    assert result.exit_code == 0
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["game-0001.s40", "game-0002.s40", "game-0003.s40"]
    together = run("simulate", "--players", "2", "--games", "3", "--seed", "4").stdout
    assert "\n".join(f.read_text(encoding="utf-8") for f in files) == together
    assert run("replay", *map(str, files)).exit_code == 0


def test_a_file_as_out_is_a_usage_error(tmp_path: Path) -> None:
    target = tmp_path / "file.s40"
    target.write_text("", encoding="utf-8")
    assert run("simulate", "--out", str(target)).exit_code == 2


@pytest.mark.parametrize("args", [
    ("--level", "grandmaster"),
    ("--players", "3", "--level", "hard,easy"),
    ("--players", "7"),
    ("--players", "1"),
    ("--games", "0"),
    ("--rules", "no-such-preset"),
    ("--set", "opening_point=50"),
    ("--set", "take_after_opening=sometimes"),
    ("--players", "3", "--rules", "teams"),
    ("--set", "fixed_hands=5"),
])
def test_bad_options_exit_2(args: tuple[str, ...]) -> None:
    result = CliRunner().invoke(main, ["simulate", *args])
    assert result.exit_code == 2, result.output


def test_rules_tags_say_the_rules_played() -> None:
    result = run("simulate", "--players", "2", "--seed", "2", "--rules", "traditional",
                 "--set", "opening_points=50", "--level", "hard,normal")
    head = result.stdout.split("hand 1")[0]
    assert '[Rules "traditional"]' in head
    assert '[Rule "opening_points" "50"]' in head
    assert '[Levels "hard" "normal"]' in head


@pytest.mark.slow
def test_a_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('preset = "scala50"\n[rules]\ncompra = "yes"\n', encoding="utf-8")
    result = run("simulate", "--players", "3", "--seed", "5", "--rules", str(house),
                 "--set", "ace_penalty=1")
    assert result.exit_code == 0
    head = result.stdout.split("hand 1")[0]
    assert '[Rules "scala50"]' in head
    assert '[Rule "ace_penalty" "1"]' in head and '[Rule "compra" "yes"]' in head
    assert run("replay", "-", stdin=result.stdout_bytes).exit_code == 0


def test_no_progress_when_standard_error_is_not_a_terminal() -> None:
    result = run("simulate", "--players", "2", "--games", "2", "--seed", "1")
    assert result.exit_code == 0 and result.stderr == ""


def test_teams_are_named() -> None:
    text = run("simulate", "--players", "4", "--seed", "2", "--rules", "teams").stdout
    assert '[Teams "Anna & Carla" "Bruno & Dario"]' in text


# --- what a bot sees --------------------------------------------------------------------

VIEW_FIELDS = {
    "me", "rules", "players", "order", "dealer", "hand_number", "hand", "table", "owners",
    "discard_pile", "stock_size", "reshuffles", "hand_sizes", "opened", "played", "taken",
    "discarded", "totals", "partners", "turns", "opened_before", "drawn", "taken_now",
    "buying", "held", "turned", "seen",
}


def _dealt_hand(players: Sequence[str] = ("Anna", "Bruno", "Carla")) -> HandEngine:
    rng = random.Random(3)
    bots = {p: Bot(Level.HARD, random.Random(i)) for i, p in enumerate(players)}
    engine = HandEngine(number=1, dealer=players[0], order=tuple(players),
                        seats=tuple(players), rules=CLASSIC, rng=rng, bots=bots,
                        totals=dict.fromkeys(players, 0), partners={}, events=[])
    engine.deal()
    return engine


def _cards_in(value: object) -> Counter[Card]:
    """Every card reachable in a value of a view field."""
    found: Counter[Card] = Counter()
    if isinstance(value, Card):
        found[value] += 1
    elif isinstance(value, (tuple, list, frozenset)):
        for item in value:
            found += _cards_in(item)
    elif isinstance(value, MappingProxyType):
        for item in value.values():
            found += _cards_in(item)
    return found


def test_a_view_shows_only_what_the_player_sees() -> None:
    engine = _dealt_hand()
    view = engine.view("Bruno", Turn(player="Bruno", opened_before=False))
    assert {f.name for f in dataclasses.fields(view)} == VIEW_FIELDS
    assert Counter(view.hand) == engine.hands["Bruno"]
    assert view.stock_size == len(engine.stock)
    assert view.hand_sizes == {"Anna": 13, "Bruno": 13, "Carla": 13}
    # The only cards in the view are the player's own, the table's and the pile's.
    visible: Counter[Card] = Counter(view.hand) + Counter(view.discard_pile)
    for name in VIEW_FIELDS - {"hand", "discard_pile", "table", "rules"}:
        assert not _cards_in(getattr(view, name)), name
    assert _cards_in(view.hand) + _cards_in(view.discard_pile) == visible
    # No reference to the engine or its hidden containers.
    hidden = [engine, engine.stock, engine.hands, *engine.hands.values(), engine.pile]
    for referent in gc.get_referents(view):
        assert all(referent is not thing for thing in hidden)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.hand_sizes["Anna"] = 0  # type: ignore[index]


class SpyBot(Bot):
    """A bot that records every argument it is given."""

    def __init__(self, level: Level, rng: random.Random, seen: list[object]) -> None:
        super().__init__(level, rng)
        self.seen = seen

    def wants_take(self, view: PlayerView) -> bool:
        self.seen.append(view)
        return super().wants_take(view)

    def play(self, view: PlayerView) -> Any:
        self.seen.append(view)
        return super().play(view)

    def wants_buy(self, view: PlayerView) -> bool:
        self.seen.append(view)
        return super().wants_buy(view)


def test_bots_are_given_views_only() -> None:
    seen: list[object] = []
    rules = with_values(CLASSIC, {"compra": "yes"})
    bots = [SpyBot(Level.HARD, random.Random(i), seen) for i in range(3)]
    setup = make_setup(players=3, levels="hard", choice=RuleChoice(preset="compra"),
                       seed="spy")
    record = play_match(players=setup.players, bots=bots, rules=rules, seed="spy",
                        tags=header_tags(setup, 1), max_hands=3)
    referee_result(record)
    assert seen and all(type(view) is PlayerView for view in seen)
    for view in seen:
        assert isinstance(view, PlayerView)
        assert sum(view.hand_sizes.values()) + view.stock_size + len(view.discard_pile) <= 108


# --- the levels -------------------------------------------------------------------------


def _turns(events: Sequence[Event]) -> Iterator[list[PlayerEvent]]:
    """The turns of a log (a buy is a turn of its own)."""
    turn: list[PlayerEvent] = []
    for event in events:
        if not isinstance(event, PlayerEvent):
            if turn:
                yield turn
            turn = []
            continue
        if turn and (event.player != turn[0].player or isinstance(event, Buy)):
            yield turn
            turn = []
        turn.append(event)
        if isinstance(event, Discard):
            yield turn
            turn = []
    if turn:
        yield turn


def _matches(levels: str, rules: str, games: int, players: int) -> list[MatchRecord]:
    setup = make_setup(players=players, levels=levels, choice=RuleChoice(preset=rules),
                       seed=f"levels-{levels}-{rules}", games=games)
    return [simulate_game(setup, index) for index in range(1, games + 1)]


@pytest.mark.slow
def test_easy_never_takes_nor_buys() -> None:
    for record in _matches("easy,hard,easy", "compra", 4, 3):
        easy = {record.players[0], record.players[2]}
        for event in record.events:
            if isinstance(event, (Take, Buy)):
                assert event.player not in easy


@pytest.mark.slow
def test_normal_takes_only_to_complete_a_combination() -> None:
    takes = 0
    for record in _matches("normal", "classic", 6, 2):
        for turn in _turns(record.events):
            first = turn[0]
            if isinstance(first, Take):
                takes += 1
                assert any(isinstance(e, Meld) and first.card in [tc.card for tc in e.cards]
                           for e in turn[1:]), turn
            assert not any(isinstance(e, Swap) for e in turn)
    assert takes > 0


@pytest.mark.slow
def test_hard_takes_to_attach_and_takes_jokers_back() -> None:
    attach_takes = swaps = 0
    for record in _matches("hard,easy,normal", "classic", 8, 3):
        hard = record.players[0]
        for turn in _turns(record.events):
            first = turn[0]
            if first.player != hard:
                continue
            swaps += sum(isinstance(e, Swap) for e in turn)
            if isinstance(first, Take) and not any(
                    isinstance(e, Meld) and first.card in [tc.card for tc in e.cards]
                    for e in turn):
                attach_takes += 1
    assert attach_takes > 0
    assert swaps > 0


@pytest.mark.slow
def test_hard_never_discards_a_playable_card_when_it_has_another_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    choices: list[tuple[list[TableMeld], list[Card], Card]] = []
    original = Bot._choose_hard

    def spy(self: Bot, board: Board, legal: list[Card]) -> Card:
        chosen = original(self, board, legal)
        choices.append((list(board.table), legal, chosen))
        return chosen

    monkeypatch.setattr(Bot, "_choose_hard", spy)
    _matches("hard,normal", "classic", 4, 2)
    assert choices
    playable_chosen = 0
    for table, legal, chosen in choices:
        def playable(c: Card, table: list[TableMeld] = table) -> bool:
            return any(fits(meld, c, CLASSIC) for meld in table)
        if playable(chosen):
            playable_chosen += 1
            assert all(playable(c) for c in legal)
    assert playable_chosen < len(choices)


def _view(hand: str, *, table: Sequence[str] = (), pile: str = "5S", opened: bool = True,
          sizes: dict[str, int] | None = None, taken: dict[str, str] | None = None,
          others_opened: bool = True, rules: Rules = CLASSIC) -> PlayerView:
    cards = tuple(parse_card(code) for code in hand.split())
    melds = tuple(build_meld(tuple(TableCard(parse_card(c)) for c in meld.split()), rules)
                  for meld in table)
    players = ("Anna", "Bruno")
    return PlayerView(
        me="Anna", rules=rules, players=players, order=players, dealer="Bruno",
        hand_number=1, hand=cards, table=melds, owners=("Bruno",) * len(melds),
        discard_pile=tuple(parse_card(c) for c in pile.split()), stock_size=40,
        reshuffles=0,
        hand_sizes=MappingProxyType(sizes or {"Anna": len(cards), "Bruno": 9}),
        opened=frozenset(({"Anna"} if opened else set()) | ({"Bruno"} if others_opened
                                                             else set())),
        played=frozenset(players),
        taken=MappingProxyType({p: tuple(parse_card(c) for c in (taken or {}).get(p, "")
                                         .split()) for p in players}),
        discarded=MappingProxyType({p: () for p in players}),
        totals=MappingProxyType({"Anna": 0, "Bruno": 0}), partners=frozenset(), turns=10,
        opened_before=opened)


def _discard(level: Level, view: PlayerView) -> Card:
    board = Board.of(view)
    return Bot(level, random.Random(1)).choose_discard(board, legal_discards(board))


def test_hard_keeps_a_card_an_opponent_could_attach() -> None:
    view = _view("9H 3C 7S 7D", table=["6H 7H 8H"], opened=False)
    assert _discard(Level.NORMAL, view) is parse_card("9H")
    assert _discard(Level.HARD, view) is parse_card("3C")


def test_hard_gets_rid_of_high_cards_when_an_opponent_is_about_to_close() -> None:
    calm = _view("KH KS 2C", pile="5S KD KC")
    assert _discard(Level.HARD, calm) is parse_card("2C")
    threat = _view("KH KS 2C", pile="5S KD KC", sizes={"Anna": 3, "Bruno": 2})
    assert _discard(Level.HARD, threat) in (parse_card("KH"), parse_card("KS"))
    assert _discard(Level.NORMAL, threat) is parse_card("2C")


def test_hard_does_not_feed_what_an_opponent_collects() -> None:
    plain = _view("7C 6D QS QH")
    assert _discard(Level.HARD, plain) is parse_card("7C")
    watched = _view("7C 6D QS QH", taken={"Bruno": "7H"})
    assert _discard(Level.HARD, watched) is parse_card("6D")


def test_easy_discards_somewhat_at_random() -> None:
    view = _view("9H 3C 7S 2D QS QH QD")
    chosen = {Bot(Level.EASY, random.Random(seed)).choose_discard(
        Board.of(view), legal_discards(Board.of(view))) for seed in range(30)}
    assert len(chosen) > 1
    assert not chosen & {parse_card("QS"), parse_card("QH"), parse_card("QD")}


def test_openings_are_found_by_a_search_over_the_hand() -> None:
    """JS QS KS AS (41) hidden among other cards: every level opens with it at once."""
    hand = "2H JS 9D QS 4C KS 7H AS 5D 8C 3S 10H 6C 2D"
    for level in Level:
        plan = Bot(level, random.Random(0)).play(_view(hand, opened=False, pile="5S"))
        laid = [tc.card.code for play in plan.plays if hasattr(play, "cards")
                for tc in play.cards]
        assert laid == ["JS", "QS", "KS", "AS"], level
    short = "2H JS 9D QS 4C KS 7H 3S 5D 8C 9S 10H 6C 2D"  # J Q K of spades: 30
    assert not Bot(Level.HARD, random.Random(0)).play(_view(short, opened=False)).plays


def test_no_joker_in_the_opening_when_the_rules_forbid_it() -> None:
    hand = "JS QS JK AS 4C 9D 7H 2H 5D 8C 3D 10H 6C 2D"  # J Q (K) A: 41
    allowed = Bot(Level.HARD, random.Random(0)).play(_view(hand, opened=False))
    assert any(JOKER in [tc.card for tc in getattr(p, "cards", ())] for p in allowed.plays)
    forbidden = with_values(CLASSIC, {"opening_jokers": "forbidden"})
    plan = Bot(Level.HARD, random.Random(0)).play(_view(hand, opened=False, rules=forbidden))
    assert not plan.plays


def test_a_take_before_opening_is_an_opening_with_that_card() -> None:
    """Before opening the discard is taken only to open with it, this very turn."""
    bot = Bot(Level.NORMAL, random.Random(0))
    kings = "QH QC KH KC KS 4C 9D 7H 2H 5D 8C 3S 6C"  # KKK 30: not enough alone
    assert bot.wants_take(_view(kings, opened=False, pile="5S QS")) is True  # QQQ + KKK
    assert bot.wants_take(_view(kings, opened=False, pile="5S 9S")) is False
    pairs = kings.replace("KS", "2S")  # QQQ with the QS is 30 only
    assert bot.wants_take(_view(pairs, opened=False, pile="5S QS")) is False
    forbidden = with_values(CLASSIC, {"take_before_opening": "forbidden"})
    assert bot.wants_take(_view(kings, opened=False, pile="5S QS", rules=forbidden)) is False


# --- the strength bench -----------------------------------------------------------------


def _bench() -> ModuleType:
    return load_script(ROOT / "bench" / "strength.py")


@pytest.mark.slow
def test_the_bench_is_an_arena_of_every_level_and_the_greedy_baseline(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bench()
    assert bench.default_engines()[:-1] == [level.value for level in reversed(Level)]
    assert bench.main(["--games", "2", "--jobs", "1", "--engines", "hard", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "duplicate deals" in out and "hard vs greedy" in out and "95% interval" in out


@pytest.mark.slow
def test_the_bench_plays_random_deals_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bench()
    assert bench.main(["--games", "2", "--jobs", "1", "--engines", "hard", "easy",
                       "--random-deals", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["duplicate"] is False and document["matches"] == 2


@pytest.mark.slow
def test_hard_beats_easy_in_a_short_run() -> None:
    wins = 0
    for index in range(20):
        bots = [Bot(Level.HARD, random.Random(index)), Bot(Level.EASY, random.Random(-index))]
        record = play_match(players=("Anna", "Bruno"), bots=bots, rules=CLASSIC,
                            seed=f"strength-{index}", first_dealer=index % 2)
        wins += record.winner == "Anna"
    assert wins >= 15


# --- the dealer -------------------------------------------------------------------------


@pytest.mark.parametrize("upcard_joker", ["returned", "stays"])
def test_the_dealer_returns_a_joker_upcard_only_under_upcard_joker_returned(
        upcard_joker: str) -> None:
    """The simulator's dealer follows the referee's rule (judging.deal.upcard_returned)."""
    rules = with_values(CLASSIC, {"upcard_joker": upcard_joker})
    assert upcard_returned(JOKER, rules) is (upcard_joker == "returned")
    assert not upcard_returned(parse_card("5S"), rules)
    seen = 0
    for seed in range(400):
        engine = HandEngine(number=1, dealer="Anna", order=("Anna", "Bruno"),
                            seats=("Anna", "Bruno"), rules=rules, rng=random.Random(seed),
                            bots={}, totals={"Anna": 0, "Bruno": 0}, partners={}, events=[])
        engine.deal()
        upcards = [e.card for e in engine.events if isinstance(e, Upcard)]
        if upcards[0].is_joker:
            seen += 1
            assert len(upcards) == (2 if upcard_joker == "returned" else 1)
            assert engine.pile == upcards[-1:]
        else:
            assert len(upcards) == 1
    assert seen > 0


@pytest.mark.parametrize("ace_penalty", ["11", "1", "1_if_last"])
def test_the_search_weighs_an_ace_as_the_scoring_charges_it(ace_penalty: str) -> None:
    rules = with_values(CLASSIC, {"ace_penalty": ace_penalty})
    hand = Counter(parse_card(code) for code in ("AS", "5D", "KC"))
    assert hand_penalty(hand, rules) == ace_points(rules) + 5 + 10
