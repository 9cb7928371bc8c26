"""``scala40 play`` keeps the bots' cards hidden: nothing the page receives (the page,
its scripts, its words, every state and frame, the log's name) holds the match's seed,
from which every hand could be dealt again, nor a card the person has not seen.

Hands are played through HTTP by the random player of tests/play_players.py; every
response is kept as text, then checked against the saved log: the seed (and its
``[Seed]`` tag) appears in none, and each state holds card codes only where the page
shows cards, never more of a card than the person has seen in that hand.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from play_players import random_turn
from starlette.testclient import TestClient

from scala40cli.model.cards import JOKER
from scala40cli.playing.controller import SEED_BYTES, Controller, Options
from scala40cli.playing.server import make_app
from scala40cli.reading.events import (
    Attach,
    Buy,
    Deal,
    Discard,
    Draw,
    Event,
    HandStart,
    Meld,
    Swap,
    Take,
    Upcard,
)

TOKEN = "secrecy-token"
PORT = 8766
NATURAL = r"(?:10|[2-9AJQK])[SHDC]"
#: A card code, or a joker that says what it stands for (``JK(8H)``).
CARD = re.compile(rf"^(?:JK(?:\({NATURAL}\))?|{NATURAL})$")
#: Where a state may hold card codes; ``*`` is any index. ``jokers`` says what a
#: joker on the table stands for (no card of its own).
CARD_PLACES = {"hand.*", "staged.*.*", "table.*.cards.*", "pile_top", "taken",
               "ended.players.*.cards.*"}
#: Where a state names cards it also shows elsewhere: what a joker on the table stands
#: for, a move told in words (its cards are on the table or the pile).
DESCRIBED = {"table.*.jokers.*", "said.cards.*"}


def card_strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (path, string) of a JSON value that reads as a card code."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from card_strings(inner, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for inner in value:
            yield from card_strings(inner, f"{path}.*" if path else "*")
    elif isinstance(value, str) and CARD.match(value):
        yield path, value.partition("(")[0]


def seen_in_hand(events: list[Event], me: str) -> Counter[str]:
    """The cards ``me`` has seen in the last hand of ``events``: their deal, the upcard,
    their own draws, and every card laid, taken, bought or thrown in the open."""
    start = max(i for i, e in enumerate(events) if isinstance(e, HandStart))
    seen: Counter[str] = Counter()
    for event in events[start:]:
        if isinstance(event, Deal) and event.player == me:
            seen.update(c.code for c in event.cards if c is not None)
        elif isinstance(event, (Upcard, Take, Buy, Discard, Swap)) or (
                isinstance(event, Draw) and event.player == me):
            if event.card is not None:
                seen[event.card.code] += 1
        elif isinstance(event, (Meld, Attach)):
            seen.update(tc.card.code for tc in event.cards)
    seen[JOKER.code] += 4  # a joker taken back stays a joker: never a secret
    return seen


def seed_of(log: str) -> str:
    found = re.search(r'^\[Seed "([^"]+)"\]', log, re.MULTILINE)
    assert found is not None
    return found.group(1)


@pytest.mark.slow
def test_no_response_holds_the_seed_or_a_card_not_seen(tmp_path: Path) -> None:
    controller = Controller(Options(players=3, save_dir=tmp_path, language="fr"))
    client = TestClient(make_app(controller, token=TOKEN, port=PORT),
                        base_url=f"http://127.0.0.1:{PORT}")
    texts: list[str] = []

    def get(path: str) -> Any:
        response = client.get(f"/{TOKEN}/{path}")
        assert response.status_code == 200, path
        texts.append(response.text)
        return response.json() if path.startswith("api/") else None

    for path in ("", "assets/play.js", "assets/play.css", "api/words"):
        get(path)
    me = controller.session.me
    checked = 0

    def send(action: str, cards: list[str], meld: int) -> tuple[dict[str, Any], Any]:
        nonlocal checked
        response = client.post(f"/{TOKEN}/api/move",
                               json={"action": action, "cards": cards, "meld": meld})
        assert response.status_code == 200, response.text
        texts.append(response.text)
        body = response.json()
        seen = seen_in_hand(list(controller.session.events), me)
        ended = body["state"]["ended"]
        if ended is not None:  # every hand laid down: all seen
            seen = Counter({code: 99 for code in seen} | {"JK": 99}) + Counter(
                code for p in ended["players"] for code in p["cards"])
        for shown in [body["state"], *body["frames"]]:
            found = list(card_strings(shown))
            where = {re.sub(r"\.\d+", ".*", path) for path, _ in found}
            assert where <= CARD_PLACES | DESCRIBED, where - CARD_PLACES - DESCRIBED
            physical = Counter(code for path, code in found if path not in DESCRIBED)
            assert physical <= seen, physical - seen
            assert {code for path, code in found if path == "said.cards.*"} <= set(seen)
            checked += 1
        return body["state"], body["refused"]

    rng, rules = random.Random(35), controller.session.setup.rules
    state = get("api/state")
    hands, ended_seen = 0, False
    while hands < 2 and state["phase"] != "match_over":
        state, _ = random_turn(state, send, rng, rules)
        if state["phase"] == "hand_over":
            hands += 1
            ended = get("api/state")["ended"]
            ended_seen = ended_seen or any(p["cards"] for p in ended["players"])
    client.post(f"/{TOKEN}/api/new", json={})
    texts.append(client.get(f"/{TOKEN}/api/state").text)

    seeds = {seed_of(path.read_text(encoding="utf-8")) for path in tmp_path.glob("*.s40")}
    assert len(seeds) == 2 and checked > 20 and ended_seen
    for seed in seeds:
        assert len(seed) >= 2 * SEED_BYTES  # from secrets, too many to try them all
        assert not any(seed in text for text in texts)
        assert all(seed not in path.name for path in tmp_path.glob("*.s40"))


def test_each_log_has_a_name_of_its_own(tmp_path: Path) -> None:
    first = Controller(Options(seed="same", save_dir=tmp_path))
    names = {first.path.name}
    first.new_game()
    names.add(first.path.name)
    names.add(Controller(Options(seed="same", save_dir=tmp_path)).path.name)
    assert len(names) == 3 and not any("same" in name for name in names)
