"""Tests of tools/make_matches.py, the independent generator of legal matches.

The generator must not share code with scala40cli: it is loaded here from its path, and
the log checks below (deck, scores, totals) are written again from scratch.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "make_matches.py"
LEGAL = ROOT / "fixtures" / "legal"


def _load_tool():
    spec = importlib.util.spec_from_file_location("make_matches", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


mm = _load_tool()

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
FULL_DECK = Counter({r + s: 2 for r in RANKS for s in "SHDC"})
FULL_DECK["JK"] = 4
assert sum(FULL_DECK.values()) == 108


# ----------------------------------------------------------- a small log reader


def split_games(text: str) -> list[list[str]]:
    """The lines of each game (a game starts at a header tag after a non-tag line)."""
    games: list[list[str]] = []
    in_header = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            if not in_header:
                games.append([])
            in_header = True
        else:
            in_header = False
        games[-1].append(line)
    return games


def read_game(lines: list[str]) -> dict:
    game: dict = {"players": [], "hands": [], "expect": {}, "closing": {}}
    hand = None
    for line in lines:
        if line.startswith("[Players"):
            game["players"] = [w.strip('"') for w in line[len("[Players"):-1].split()]
            continue
        if line.startswith(";"):
            w = line[1:].split()
            if w and w[0] == "expect":
                if w[1] == "closing":
                    game["closing"][int(w[2])] = w[3]
                else:
                    game["expect"][w[1]] = w[2:]
            continue
        if line.startswith("["):
            continue
        w = line.split()
        if w[0] == "hand":
            hand = {"no": int(w[1]), "deal": {}, "upcards": [], "stock": None,
                    "score": None, "events": []}
            game["hands"].append(hand)
        elif w[0] == "dealer":
            hand["dealer"] = w[1]
        elif w[0] == "deal":
            hand["deal"][w[1]] = w[2:]
        elif w[0] == "upcard":
            hand["upcards"].append(w[1])
        elif w[0] == "stock":
            hand["stock"] = w[1:]
        elif w[0] == "score":
            hand["score"] = {w[i]: int(w[i + 1]) for i in range(1, len(w), 2)}
        else:
            hand["events"].append(w)
    return game


def generated_samples() -> list[str]:
    out = []
    for n in range(2, 7):
        text, _ = mm.generate(n, 100 + n, max_hands=3)
        out.append(text)
    return out


SAMPLES = generated_samples()
FIXTURE_FILES = sorted(LEGAL.glob("*.s40"))


def all_logs() -> list[tuple[str, str]]:
    logs = [(f"fixture {f.name}", f.read_text(encoding="utf-8")) for f in FIXTURE_FILES
            if f.name in mm.FIXTURES]
    logs += [(f"sample {i}", t) for i, t in enumerate(SAMPLES)]
    return logs


LOGS = all_logs()
LOG_IDS = [name for name, _ in LOGS]


# ------------------------------------------------------------------ determinism


def test_same_seed_same_bytes() -> None:
    a, _ = mm.generate(3, 7, max_hands=3)
    b, _ = mm.generate(3, 7, max_hands=3)
    assert a == b
    assert a != mm.generate(3, 8, max_hands=3)[0]


def test_same_bytes_across_processes_and_hash_seeds() -> None:
    outs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        res = subprocess.run(
            [sys.executable, str(TOOL), "--players", "4", "--seed", "3", "--max-hands", "2"],
            capture_output=True, text=True, env=env, check=True)
        outs.append(res.stdout)
    assert outs[0] == outs[1]
    assert outs[0] == mm.generate(4, 3, max_hands=2)[0]


def test_fixtures_are_exactly_what_the_tool_writes() -> None:
    for name, spec in mm.FIXTURES.items():
        path = LEGAL / name
        assert path.exists(), f"missing fixture {name}: run tools/make_matches.py --fixtures"
        assert path.read_text(encoding="utf-8") == mm.make_fixture(spec), name


# ------------------------------------------------------------------- the logs


@pytest.mark.parametrize(("name", "text"), LOGS, ids=LOG_IDS)
def test_every_hand_has_the_full_deck(name: str, text: str) -> None:
    for game in map(read_game, split_games(text)):
        assert game["hands"], name
        for hand in game["hands"]:
            assert hand["stock"] is not None, f"{name}: hand {hand['no']} has no stock line"
            for p, cards in hand["deal"].items():
                assert len(cards) == 13, (name, hand["no"], p)
            # every upcard but the last is a joker, returned into the stock
            assert all(u == "JK" for u in hand["upcards"][:-1])
            assert hand["upcards"][-1] != "JK"
            cards = [c for d in hand["deal"].values() for c in d]
            cards += [hand["upcards"][-1]] + hand["stock"]
            assert Counter(cards) == FULL_DECK, (name, hand["no"])


@pytest.mark.parametrize(("name", "text"), LOGS, ids=LOG_IDS)
def test_scores_add_up_to_the_totals(name: str, text: str) -> None:
    for game in map(read_game, split_games(text)):
        players = game["players"]
        totals = dict.fromkeys(players, 0)
        alive = list(players)
        eliminated: list[str] = []
        for k, hand in enumerate(game["hands"], 1):
            assert hand["no"] == k
            assert list(hand["deal"]) == alive, "a deal line for each player still in"
            assert hand["score"] is not None and list(hand["score"]) == alive
            kind = game["closing"][k]
            pens = hand["score"]
            if kind == "void":
                assert set(pens.values()) == {0}
            else:
                assert sorted(pens.values()).count(0) >= 1  # the closer
                if kind == "in_one_go":
                    assert all(v % 2 == 0 for v in pens.values())
            for p in alive:
                totals[p] += pens[p]
            out = [p for p in alive if totals[p] >= 101]
            eliminated += [f"{p} {k}" for p in out]
            alive = [p for p in alive if p not in out]
        assert len(game["closing"]) == len(game["hands"])
        assert game["expect"]["totals"] == [x for p in players for x in (p, str(totals[p]))]
        assert game["expect"].get("eliminated", []) == " ".join(eliminated).split()
        want = alive[0] if len(alive) == 1 else "none"
        assert game["expect"]["winner"] == [want]
        assert "ok" in game["expect"]


@pytest.mark.parametrize(("name", "text"), LOGS, ids=LOG_IDS)
def test_the_tool_replays_its_logs_cleanly(name: str, text: str) -> None:
    assert mm.check_log(text) == []


def test_the_replay_check_is_not_vacuous() -> None:
    text = (LEGAL / "two-players.s40").read_text(encoding="utf-8")
    lines = text.splitlines()

    def corrupt(pred, change) -> list[str]:
        i = next(k for k, line in enumerate(lines) if pred(line))
        bad = list(lines)
        bad[i] = change(bad[i])
        return mm.check_log("\n".join(bad) + "\n")

    # a wrong score
    assert corrupt(lambda s: s.startswith("score"), lambda s: s.replace(" 0", " 1", 1))
    # a draw that is not the top of the stock
    assert corrupt(lambda s: " draw " in s,
                   lambda s: s.rsplit(" ", 1)[0] + (" 2S" if not s.endswith(" 2S") else " 3S"))
    # a discard of a card not in hand (a third copy)
    assert corrupt(lambda s: " discard " in s, lambda s: s.rsplit(" ", 1)[0] + " JK")
    # the wrong final totals
    assert corrupt(lambda s: s.startswith("; expect totals"), lambda s: s + "0")


def test_fixture_scenarios_show_what_their_names_say() -> None:
    def text(name: str) -> str:
        return (LEGAL / name).read_text(encoding="utf-8")

    assert "\nreshuffle\n" in text("reshuffle.s40")
    assert "; expect closing 2 void" in text("void-hand.s40")
    assert "; expect closing 1 in_one_go" in text("in-one-go.s40")
    assert "upcard JK\n" in text("upcard-joker.s40")
    assert " swap " in text("joker-swap.s40")
    assert " take " in text("take-discard.s40")
    for name in ("three-players.s40", "four-players.s40", "five-players.s40",
                 "six-players.s40", "two-players.s40"):
        assert "; expect eliminated" in text(name)
        assert "; expect winner none" not in text(name)


# ------------------------------------------------------------------ the rules


def cards(text: str) -> list[str]:
    return text.split()


def meld(text: str):
    return mm.meld_from_tokens(cards(text))


@pytest.mark.parametrize("bad", [
    "KS AS 2S",            # wrap
    "QS KS AS 2S",         # wrap
    "7H 7H 7C",            # two 7H in a set
    "7H 7C 7D 7S 7H",      # five cards
    "7H 7C",               # too short
    "5S 4S 3S",            # descending
    "3S 4S 5H",            # two suits
    "3S JK JK",            # two jokers
    "4S JK(6S) 6S",        # declaration contradicts its place
    "7H 7C JK(7H)",        # a set's joker declaring a suit already there
    "7H 7C JK(8D)",        # of another rank
    "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",   # two natural aces
    "JK AS 2S",            # a joker below the low ace
    "QS KS AS JK",         # a joker above the high ace
])
def test_invalid_melds_are_rejected(bad: str) -> None:
    assert meld(bad) is None


@pytest.mark.parametrize(("good", "value"), [
    ("AS 2S 3S", 6),
    ("QS KS AS", 31),
    ("JK 2S 3S", 6),       # the joker is the low ace
    ("QS KS JK", 31),      # the joker is the high ace
    ("4S JK 6S", 15),
    ("4S JK(5S) 6S", 15),
    ("AH AD AC", 33),
    ("7H JK 7C", 21),
    ("7H 7C JK(7D) 7S", 28),
    ("10S JS QS KS", 40),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", 96),
    ("JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", 96),
])
def test_valid_melds_and_their_opening_value(good: str, value: int) -> None:
    m = meld(good)
    assert m is not None and m.valid()
    assert m.value() == value
    again = mm.meld_from_tokens(m.tokens())  # written back, it is the same meld
    assert again is not None and again.value() == value and again.kind == m.kind
    if m.kind == "run" and "(" not in good:
        assert m.tokens() == cards(good)


def test_penalties() -> None:
    assert [mm.penalty(c) for c in ("AS", "2H", "10D", "JC", "QS", "KH", "JK")] == \
        [11, 2, 10, 10, 10, 10, 25]


def test_opening_search_needs_40_and_keeps_a_card() -> None:
    # 39 points: 10-J-Q hearts (30) + 2-3-4 spades (9), nothing else fits
    hand = cards("10H JH QH 2S 3S 4S 8C 6D KS 9C 5H 7D AC")
    assert mm.find_partition(hand, 40) is None
    # with KH the run is worth 40 + 9
    found = mm.find_partition([*hand, "KH"], 40)
    assert found is not None and sum(m.value() for m in found) >= 40
    # 14 cards that are all melds: one must stay in hand for the discard
    hand = cards("JS QS KS AS 3H 4H 5H 8C 8D 8S 2C 2D 2H 9D")
    found = mm.find_partition(hand, 40)
    laid = sum(m.size() for m in found)
    assert laid == 13
    hand = cards("JS QS KS AS 3H 4H 5H 8C 8D 8S 2C 2D 2H 2S")
    found = mm.find_partition(hand, 40)
    assert sum(m.size() for m in found) == 13  # not all 14


def test_attach_rules() -> None:
    run = meld("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    low = mm.attach_natural(run, "AS")
    assert (low.lo, low.hi) == (1, 13)           # an ace on a 2..K run goes low
    assert mm.attach_natural(low, "AS") is None   # never two natural aces
    assert mm.joker_places(run) == [14, 1]         # two places: must be declared
    assert mm.joker_places(low) == [14]
    assert mm.attach_natural(meld("7H 7C 7D"), "7H") is None
    assert mm.attach_natural(meld("7H 7C 7D JK"), "7S") is None  # full
    moved = mm.attach_natural(meld("7H 7C JK(7D)"), "7D")       # the joker moves
    assert moved is not None and moved.size() == 4
    assert mm.swap_cards(meld("4S JK 6S")) == ["5S"]
    assert sorted(mm.swap_cards(meld("7H 7C JK(7D)"))) == ["7D", "7S"]
    assert mm.swap_cards(meld("JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")) == []
