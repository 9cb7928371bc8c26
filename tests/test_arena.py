"""``scala40 arena`` (scala40cli/arena): engines, the schedule of duplicate deals, the
places and the tally, and the command end to end on a handful of matches.

The statistics themselves are tests/test_arena_stats.py's; outside programs, Dask and
Ctrl-C are tests/test_arena_programs.py's.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from jsonschema import Draft202012Validator

from scala40cli.api import audit_bytes
from scala40cli.arena.engines import Kind, levels, parse_engine, parse_engines
from scala40cli.arena.formats import write_text
from scala40cli.arena.outcome import Outcome, places
from scala40cli.arena.play import play
from scala40cli.arena.schedule import Match, deals_for, groups, rotated, schedule, total_matches
from scala40cli.arena.settings import arena_settings
from scala40cli.arena.tally import Tally
from scala40cli.cli.main import main
from scala40cli.model.results import Elimination
from scala40cli.reading.events import Deal, Dealer, HandStart, Stock, Upcard
from scala40cli.reading.parser import parse_text
from scala40cli.simulate.bots import Level
from scala40cli.simulate.match import MatchRecord

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "schemas" / "arena.schema.json").read_text("utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


def arena(*args: str) -> Result:
    return CliRunner().invoke(main, ["arena", *args], catch_exceptions=False)


def arena_json(*args: str) -> dict[str, Any]:
    result = arena(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    VALIDATOR.validate(document)
    return document


def test_the_schema_is_a_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


# --- engines ------------------------------------------------------------------------------


def test_every_level_of_the_simulators_registry_is_an_engine() -> None:
    """Taken from the registry, so that a level added there plays here unchanged."""
    assert levels() == tuple(level.value for level in Level)
    for level in Level:
        engine = parse_engine(level.value.upper())
        assert (engine.name, engine.kind, engine.what) == (level.value, Kind.LEVEL, level.value)


def test_an_engine_is_a_level_a_named_level_or_a_program() -> None:
    assert parse_engine("old=hard").what == "hard" and parse_engine("old=hard").name == "old"
    program = parse_engine(f"Greedy=cmd: {sys.executable} -m greedy")
    assert (program.name, program.kind, program.what) == ("Greedy", Kind.PROGRAM,
                                                          f"{sys.executable} -m greedy")
    assert program.tag == "program"
    for bad, words in [("grandmaster", "unknown level"), ("x=cmd:", "no command"),
                       ("9lives=hard", "a name being"), ("a b=cmd:x", "a name being")]:
        with pytest.raises(ValueError, match=words):
            parse_engine(bad)


def test_a_program_that_cannot_start_is_a_usage_error_before_any_match(
        tmp_path: Path) -> None:
    """A typo in a program's path was found only as a forfeit of every hand, after the
    whole arena had been played, and the command exited 0."""
    script = tmp_path / "bot.py"
    script.write_text("print('hello')\n", encoding="utf-8")
    for command, words in [("./no-such-bot --fast", "no program './no-such-bot'"),
                           ("no-such-bot-on-the-path", "no program 'no-such-bot-on-the-path' "
                                                       "on the PATH"),
                           (str(script), "is not executable"),
                           (f"{sys.executable} 'bot.py", "cannot be read: No closing")]:
        with pytest.raises(ValueError, match=re.escape(words)):
            parse_engine(f"mine=cmd:{command}")
        result = CliRunner().invoke(main, ["arena", f"mine=cmd:{command}", "easy",
                                           "--games", "2"])
        assert result.exit_code == 2 and words in result.stderr


def test_two_engines_of_one_name_are_refused_even_in_another_case() -> None:
    with pytest.raises(ValueError, match="two engines named"):
        parse_engines(["hard", "HARD=normal"])
    with pytest.raises(ValueError, match="two engines or more"):
        parse_engines(["hard"])
    assert [e.name for e in parse_engines(["hard", "hard2=hard"])] == ["hard", "hard2"]


# --- the schedule -------------------------------------------------------------------------


def test_a_round_robin_takes_every_combination_and_a_gauntlet_the_first_against_each() -> None:
    names = ["a", "b", "c", "d"]
    assert groups(names, 2) == [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"),
                                ("c", "d")]
    assert groups(names, 2, gauntlet=True) == [("a", "b"), ("a", "c"), ("a", "d")]
    assert groups(names, 3, gauntlet=True) == [("a", "b", "c"), ("a", "b", "d"),
                                               ("a", "c", "d")]
    assert len(groups(names, 3)) == 4
    with pytest.raises(ValueError, match="at most the number of engines"):
        groups(names, 5)


def test_each_deal_seats_every_engine_once_in_every_seat() -> None:
    matches = list(schedule(["a", "b", "c"], players=3, games=7, seed="s"))
    assert deals_for(7, 3) == 3 and len(matches) == 9 == total_matches(["a", "b", "c"],
                                                                       players=3, games=7)
    for deal in (1, 2, 3):
        seatings = [m for m in matches if m.deal == deal]
        assert {m.seed for m in seatings} == {f"s:{deal}"}
        for seat in range(3):
            assert sorted(m.seats[seat] for m in seatings) == ["a", "b", "c"]
    assert rotated(("a", "b"), 1) == ("b", "a")
    assert [m.index for m in matches] == list(range(1, 10))


def test_without_duplicate_deals_every_match_has_its_own_cards() -> None:
    seeds = [m.seed for m in schedule(["a", "b"], players=2, games=4, seed="s",
                                      duplicate=False)]
    assert len(set(seeds)) == 4


def _hands(text: str, seats: tuple[str, ...]) -> dict[int, tuple[object, ...]]:
    """Each hand's deal by seat number: the dealer's seat, the cards each seat was
    dealt, the upcards and the stock."""
    (game,) = parse_text(text).games
    found: dict[int, list[object]] = {}
    number = 0
    for event in game.events:
        if isinstance(event, HandStart):
            number = event.number
            found[number] = []
        elif isinstance(event, Dealer):
            found[number].append(("dealer", seats.index(event.player)))
        elif isinstance(event, Deal):
            found[number].append((seats.index(event.player), event.cards))
        elif isinstance(event, Upcard):
            found[number].append(("upcard", event.card))
        elif isinstance(event, Stock):
            found[number].append(("stock", event.cards))
    return {n: tuple(sorted(map(str, parts))) for n, parts in found.items()}


@pytest.mark.parametrize("players", [2, 3])
def test_the_seatings_of_a_deal_get_the_same_cards_seat_by_seat_every_hand(
        players: int) -> None:
    engines = parse_engines(["hard", "normal", "easy"][:players])
    settings = arena_settings(engines=engines, players=players, seed="dup", games=players,
                              keep_logs=True)
    seatings = list(schedule(settings.names, players=players, games=players, seed="dup"))
    dealt = []
    for match in seatings:
        outcome = play(match, settings)
        assert outcome.text is not None
        dealt.append(_hands(outcome.text, match.seats))
    # the hands every seating played with everyone still in (an elimination deals the
    # same deck to fewer players)
    common = {number for number in set.intersection(*(set(hands) for hands in dealt))
              if all(len(hands[number]) == players + 3 for hands in dealt)}
    assert 1 in common and len(common) >= 2
    for number in common:
        assert len({hands[number] for hands in dealt}) == 1, number
    assert len({m.seats for m in seatings}) == players


# --- places and the tally -----------------------------------------------------------------


def _record(players: tuple[str, ...], winner: str | None, totals: dict[str, int],
            out: dict[str, int]) -> MatchRecord:
    return MatchRecord(players=players, events=(), hands=(), totals=totals, winner=winner,
                       eliminated=tuple(Elimination(player=p, hand=h) for p, h in out.items()),
                       finished=winner is not None)


def test_places_rank_the_winner_then_the_last_eliminated_first() -> None:
    record = _record(("a", "b", "c", "d"), "c", {"a": 120, "b": 130, "c": 40, "d": 105},
                     {"a": 5, "b": 5, "d": 7})
    assert places(record) == (2, 3, 0, 1)
    tied = _record(("a", "b", "c"), "a", {"a": 10, "b": 110, "c": 110}, {"b": 4, "c": 4})
    assert places(tied) == (0, 1, 1)


def test_a_match_without_a_winner_ties_the_players_still_in() -> None:
    record = _record(("a", "b", "c"), None, {"a": 50, "b": 90, "c": 130}, {"c": 9})
    assert places(record) == (0, 0, 2)


def _outcome(index: int, deal: int, seats: tuple[str, ...], places: tuple[int, ...],
             forfeits: tuple[tuple[int, str, str], ...] = ()) -> Outcome:
    group = tuple(sorted(seats))
    match = Match(index=index, group=group, deal=deal, rotation=0 if seats == group else 1,
                  seats=seats, seed=f"s:{deal}")
    winner = seats[places.index(0)] if places.count(0) == 1 else None
    return Outcome(match=match, places=places, winner=winner, hands=3, dealt=(3,) * len(seats),
                   forfeits=forfeits)


def test_a_deal_counts_once_both_seatings_are_in_as_one_observation() -> None:
    tally = Tally(engines=("a", "b"), players=2, groups=(("a", "b"),))
    assert not tally.add(_outcome(2, 1, ("b", "a"), (0, 1)))  # b won at seat 1
    assert tally.incomplete == 1 and tally.first_pair().scores == []
    assert tally.add(_outcome(1, 1, ("a", "b"), (0, 1)))  # a won at seat 1: a split deal
    assert tally.add(_outcome(3, 2, ("a", "b"), (0, 1))) is False
    assert tally.add(_outcome(4, 2, ("b", "a"), (1, 0)))  # a won both
    pair = tally.first_pair()
    assert pair.scores == [0.5, 1.0] and (pair.ahead, pair.behind, pair.level) == (3, 1, 0)
    assert tally.incomplete == 0 and tally.played == 4
    assert [o.match.index for o in tally.counted] == [1, 2, 3, 4]
    assert tally.by_engine["a"].wins == 3 and tally.by_engine["a"].hands == 12
    logged = dataclasses.replace(_outcome(5, 3, ("a", "b"), (0, 1)), text="hand 1\n")
    tally.add(logged)
    assert tally.waiting[(("a", "b"), 3)][0].text is None  # logs are written, not kept


def test_an_engine_that_forfeits_every_hand_is_marked() -> None:
    tally = Tally(engines=("a", "b"), players=2, groups=(("a", "b"),))
    for index, seats in ((1, ("a", "b")), (2, ("b", "a"))):
        tally.add(_outcome(index, 1, seats, (1, 0) if seats[0] == "b" else (0, 1),
                           forfeits=tuple((hand, "b", "silence") for hand in (1, 2, 3))))
    assert tally.by_engine["b"].forfeits_every_hand
    assert not tally.by_engine["a"].forfeits_every_hand


# --- the command --------------------------------------------------------------------------


def test_a_run_prints_its_table_and_is_the_same_for_the_same_seed() -> None:
    result = arena("hard", "easy", "--games", "4", "--seed", "7")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("arena: 2 players, classic, duplicate deals, seed 7")
    assert lines[2].split()[:3] == ["pair", "matches", "wins"]
    assert lines[3].startswith("hard vs easy") and " 4 " in lines[3]
    assert result.stderr == ""  # no progress line off a terminal
    assert arena("hard", "easy", "--games", "4", "--seed", "7").stdout == result.stdout


def test_the_json_names_every_figure_and_validates() -> None:
    document = arena_json("hard", "normal", "--games", "4", "--seed", "3",
                          "--set", "opening_points=51")
    assert document["seed"] == "3" and document["matches"] == 4
    assert document["rules"] == {"preset": "classic", "set": {"opening_points": "51"}}
    (pair,) = document["pairs"]
    assert pair["engines"] == ["hard", "normal"] and pair["matches"] == 4
    assert pair["deals"] == 2 and sum(pair["pentanomial"]) == 2
    assert sum(pair["wins"]) + pair["ties"] == 4
    assert pair["score"] == pytest.approx(
        sum(i / 4 * n for i, n in enumerate(pair["pentanomial"])) / 2)
    assert document["ranking"] == [] and document["sprt"] is None
    assert document["stopped"] == "done"


def test_a_run_without_a_seed_draws_one_and_writes_it_in_the_json_and_the_logs(
        tmp_path: Path) -> None:
    document = arena_json("hard", "easy", "--games", "2", "--out", str(tmp_path))
    seed = document["seed"]
    assert seed.isdigit()
    logs = sorted(tmp_path.glob("*.s40"))
    assert [p.name for p in logs] == ["game-0001.s40", "game-0002.s40"]
    for log in logs:
        assert f'[Seed "{seed}:1"]' in log.read_text("utf-8")


@pytest.mark.slow
def test_every_log_of_a_run_replays_clean(tmp_path: Path) -> None:
    arena_json("hard", "normal", "easy", "--players", "3", "--games", "3", "--seed", "5",
               "--out", str(tmp_path))
    logs = sorted(tmp_path.glob("*.s40"))
    assert len(logs) == 3
    for log in logs:
        result = audit_bytes(log.read_bytes(), log.name)
        assert not result.errors
        (game,) = result.games
        assert not game.violations and game.winner is not None


def test_three_players_three_engines_rank_all_of_them() -> None:
    document = arena_json("hard", "normal", "easy", "--players", "3", "--games", "3",
                          "--seed", "2")
    assert document["matches"] == 3
    assert [p["engines"] for p in document["pairs"]] == [["hard", "normal"], ["hard", "easy"],
                                                         ["normal", "easy"]]
    assert all(p["matches"] == 3 and "pentanomial" not in p for p in document["pairs"])
    assert sorted(r["name"] for r in document["ranking"]) == ["easy", "hard", "normal"]
    ordinals = [r["ordinal"] for r in document["ranking"]]
    assert ordinals == sorted(ordinals, reverse=True)


def test_the_markdown_is_a_table_for_a_ci_summary() -> None:
    result = arena("hard", "easy", "--games", "2", "--seed", "1", "--format", "markdown")
    lines = result.stdout.splitlines()
    assert lines[0].startswith("### arena")
    assert lines[2].startswith("| pair | matches |") and lines[3].startswith("|---|")
    assert lines[4].startswith("| hard vs easy | 2 |")


@pytest.mark.slow
def test_the_sprt_stops_the_run_on_its_own_with_its_verdict() -> None:
    document = arena_json("hard", "easy", "--sprt", "elo0=0,elo1=200", "--seed", "1")
    sprt = document["sprt"]
    assert document["stopped"] == "sprt" and sprt["result"] == "H1"
    assert sprt["llr"] >= sprt["upper"] == pytest.approx(2.944, abs=1e-3)
    assert sprt["matches"] == document["pairs"][0]["matches"] == document["matches"] < 40
    assert f"H1 accepted after {sprt['matches']} matches" in write_text(document)


@pytest.mark.slow
def test_hard_against_normal_stops_on_its_own_at_elo1_30() -> None:
    """The issue's own command, ``scala40 arena hard normal --sprt elo0=0,elo1=30``."""
    result = arena("hard", "normal", "--sprt", "elo0=0,elo1=30", "--seed", "1")
    assert result.exit_code == 0
    assert "SPRT elo0=0 elo1=30 (alpha 0.05, beta 0.05): H1 accepted after" in result.stdout


@pytest.mark.parametrize(("args", "words"), [
    (["hard"], "two engines or more"),
    (["hard", "normal", "--players", "3"], "at most the number of engines"),
    (["hard", "normal", "easy", "--sprt", "elo0=0,elo1=5"], "two engines, two players"),
    (["hard", "normal", "--sprt", "elo0=5,elo1=0"], "below"),
    (["hard", "grandmaster"], "unknown level"),
    (["hard", "normal", "--seed", "a b"], "--seed"),
    (["hard", "normal", "easy", "x=hard", "--set", "teams=pairs", "--players", "4"],
     "not under rules played in teams"),
    (["hard", "normal", "--rules", "nosuchpreset"], "nosuchpreset"),
    (["hard", "normal", "--jobs", "2", "--dask", "tcp://127.0.0.1:1"], "choose one"),
])
def test_what_cannot_be_played_is_a_usage_error(args: list[str], words: str | None) -> None:
    result = arena(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    if words is not None:
        assert words in result.stderr


def test_dask_without_dask_installed_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    result = arena("hard", "normal", "--dask", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert "--dask needs Dask: pip install 'scala40[dask]'" in result.stderr


def test_out_refuses_a_folder_that_holds_logs(tmp_path: Path) -> None:
    (tmp_path / "old.s40").write_text("hand 1\n", encoding="utf-8")
    result = arena("hard", "easy", "--games", "2", "--out", str(tmp_path))
    assert result.exit_code == 2 and "already holds 1 .s40 log" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.s40"]


def test_a_progress_line_is_drawn_on_a_terminal_only() -> None:
    import io

    from scala40cli.arena.run import run_arena
    from scala40cli.arena.sprt import parse_sprt
    from scala40cli.cli.arena_command import Watcher

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    settings = arena_settings(engines=parse_engines(["hard", "easy"]), seed="1", games=2,
                              sprt=parse_sprt("elo0=0,elo1=30"))
    screen = Terminal()
    run_arena(settings, on_outcome=Watcher(settings, None, screen))
    drawn = screen.getvalue().split("\r\x1b[K")
    assert drawn[-1].startswith("2/2 matches  hard vs easy 100.0% Elo +inf (1 deal)")
    assert "LLR " in drawn[-1]
    quiet = io.StringIO()
    run_arena(settings, on_outcome=Watcher(settings, None, quiet))
    assert quiet.getvalue() == ""


def test_the_matches_of_a_run_are_counted_by_seat_and_engine() -> None:
    document = arena_json("hard", "normal", "easy", "--games", "2", "--seed", "4",
                          "--gauntlet")
    assert [p["engines"] for p in document["pairs"]] == [["hard", "normal"], ["hard", "easy"]]
    engines = {e["name"]: e for e in document["engines"]}
    assert Counter({n: e["matches"] for n, e in engines.items()}) == Counter(
        {"hard": 4, "normal": 2, "easy": 2})


def test_a_hand_deck_stream_shuffles_each_hand_as_its_own_seed_says() -> None:
    """``play_match(hand_decks=...)``: hand n's cards come from its own stream, in the
    order the dealer takes them (the deal round by round, the upcard, then the stock
    from its top), whatever the hands before it did."""
    import random

    from scala40cli.judging.hands.deal import game_deck
    from scala40cli.judging.rulebook.rules import resolve
    from scala40cli.simulate.bots import Bot
    from scala40cli.simulate.match import play_match
    from scala40cli.simulate.search import sorted_cards

    rules = resolve(log_preset=None, log_values=(), choice=None).rules
    record = play_match(players=("a", "b"), bots=[Bot("hard", random.Random(1)),
                                                   Bot("easy", random.Random(2))],
                        rules=rules, seed="x", first_dealer=0,
                        hand_decks=lambda n: random.Random(f"deck:{n}"))
    checked = 0
    for number in range(1, len(record.hands) + 1):
        start = next(i for i, e in enumerate(record.events)
                     if isinstance(e, HandStart) and e.number == number)
        events = record.events[start:]
        deals = [e for e in events[:4] if isinstance(e, Deal)]
        upcards = [e for e in events[:6] if isinstance(e, Upcard)]
        stock = next(e for e in events if isinstance(e, Stock))
        if len(upcards) != 1:
            continue  # a returned upcard goes back at a random place
        deck = sorted_cards(game_deck(rules).elements())
        random.Random(f"deck:{number}").shuffle(deck)
        first, second = deals  # the deal is written in seat order; the first is dealt
        dealer = next(e for e in events if isinstance(e, Dealer)).player
        order = (second, first) if dealer == "a" else (first, second)
        dealt = [card for pair in zip(*(d.cards for d in order), strict=True)
                 for card in pair]
        assert [*dealt, upcards[0].card, *stock.cards] == deck[::-1], number
        checked += 1
    assert checked >= 2
