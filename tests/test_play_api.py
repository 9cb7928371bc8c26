"""``scala40 play``'s server over HTTP (Starlette's TestClient): the game through its API,
and the checks every request passes (token, Host, Origin, body size, malformed bodies,
no file outside the page's own)."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from play_players import Send, planned_turn, random_turn
from starlette.testclient import TestClient

from scala40cli import api
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.playing.controller import Controller, Options
from scala40cli.playing.server import MAX_BODY, make_app, nesting_depth
from scala40cli.simulate.bots import Bot

PORT = 8765
TOKEN = "t0k3n-for-tests"
BASE = f"http://127.0.0.1:{PORT}"


def client_for(controller: Controller) -> TestClient:
    return TestClient(make_app(controller, token=TOKEN, port=PORT), base_url=BASE)


@pytest.fixture
def game(tmp_path: Path) -> tuple[Controller, TestClient]:
    controller = Controller(Options(seed="api", save_dir=tmp_path, language="auto"))
    return controller, client_for(controller)


#: Matches a preset and level in the slow sweep: a few in CI, more by hand.
SWEEP = int(os.environ.get("SCALA40_PLAY_SWEEP", "4"))

def http_send(client: TestClient) -> Send:
    def send(action: str, cards: list[str], meld: int) -> tuple[dict[str, Any], Any]:
        before = client.get(f"/{TOKEN}/api/state").json()
        answer = client.post(f"/{TOKEN}/api/move",
                             json={"action": action, "cards": cards, "meld": meld})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        if body["refused"] is not None:
            assert body["state"] == before
            assert body["frames"] == []
        return body["state"], body["refused"]
    return send


def play_match(controller: Controller, client: TestClient, rng: random.Random,
               planned: bool, person: str = "normal") -> Counter[str]:
    """One match to its end through HTTP; its saved log replays clean with the page's
    totals and winner. What the person did: their lines of the log by kind, and the
    hands they closed (``planned``: the person plays as a bot of level ``person``)."""
    send = http_send(client)
    bot = Bot(person, rng)
    state = client.get(f"/{TOKEN}/api/state").json()
    while state["phase"] != "match_over":
        if planned:
            state, refusals = planned_turn(controller, bot, send)
            assert refusals == []
        else:
            state, _ = random_turn(state, send, rng, controller.session.setup.rules)
    result = api.audit_text(controller.path.read_text(encoding="utf-8")).games[0]
    assert [(p.code, p.message) for p in result.violations] == []
    assert result.totals == {p["name"]: p["total"] for p in state["players"]}
    assert result.winner == state["winner"]
    return person_did(controller)


def person_did(controller: Controller) -> Counter[str]:
    me = controller.session.me
    done: Counter[str] = Counter()
    for event in controller.session.events:
        if getattr(event, "player", None) == me:
            done[type(event).__name__] += 1
    done["closed"] = sum(line.closer == me for line in controller.session.sheet)
    done["hands closed"] = sum(line.closer is not None for line in controller.session.sheet)
    return done


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_whole_matches_through_http_replay_clean(tmp_path: Path, level: str) -> None:
    for planned in (True, False):
        controller = Controller(Options(seed=f"http-{level}-{planned}", save_dir=tmp_path,
                                        level=level, players=2 + planned))
        play_match(controller, client_for(controller), random.Random(level), planned)


@pytest.mark.slow
def test_the_random_player_opens_attaches_and_takes_back_jokers(tmp_path: Path) -> None:
    """Random moves reach the legal moves of a turn, not only refusals and discards (the
    planned player closes hands: see the sweep)."""
    done: Counter[str] = Counter()
    for index in range(4):
        controller = Controller(Options(seed=f"random-{index}", save_dir=tmp_path, players=2))
        done += play_match(controller, client_for(controller), random.Random(index), False)
    assert done["Meld"] >= 4 and done["Attach"] >= 1 and done["Swap"] >= 1, done


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["classic", "traditional", "strict"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_matches_of_every_preset_and_level_replay_clean(tmp_path: Path, preset: str,
                                                       level: str) -> None:
    """SWEEP matches a preset and level (SCALA40_PLAY_SWEEP, 23 for the 200 in all the
    issue asks for), random players and planned, 2 to 6 at the table."""
    done: Counter[str] = Counter()
    for index in range(SWEEP):
        controller = Controller(Options(seed=f"sweep-{index}", save_dir=tmp_path, level=level,
                                        players=2 + index % 5,
                                        choice=RuleChoice(preset=preset)))
        done += play_match(controller, client_for(controller), random.Random(index),
                           index % 2 == 0)
    assert done["Meld"] and done["Attach"] and done["hands closed"], done


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["classic", "traditional", "strict"])
def test_a_person_closes_hands_through_http(tmp_path: Path, preset: str) -> None:
    """The person's own closing goes through the page too (a few matches of the sweep
    against stronger bots may see the person close no hand: here, against easy bots)."""
    controller = Controller(Options(seed=f"closing-{preset}", save_dir=tmp_path,
                                    level="easy", players=2,
                                    choice=RuleChoice(preset=preset)))
    done = play_match(controller, client_for(controller), random.Random(0), True, "hard")
    assert done["closed"] >= 1, done


def test_the_page_and_its_assets(game: tuple[Controller, TestClient]) -> None:
    _controller, client = game
    page = client.get(f"/{TOKEN}/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert page.status_code == 200 and '<html lang="fr">' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get(f"/{TOKEN}/assets/play.js").status_code == 200
    words = client.get(f"/{TOKEN}/api/words?lang=it").json()
    assert words["messages"]["Draw"] == "Pesca" and words["plural"] == "n != 1"


def test_the_seat_sees_only_its_own_cards(game: tuple[Controller, TestClient]) -> None:
    controller, client = game
    state = client.get(f"/{TOKEN}/api/state").json()
    engine = controller.session.engine
    assert engine is not None
    text = client.get(f"/{TOKEN}/api/state").text
    assert "stock" not in {k for k in state if k not in ("stock_size",)}
    assert sorted(state["hand"]) == sorted(c.code for c in engine.hands["Player"].elements())
    for player in state["players"]:
        assert set(player) == {"name", "cards", "opened", "total", "dealt"}
    stock = " ".join(c.code for c in engine.stock[-5:])
    assert stock not in text
    answer = client.post(f"/{TOKEN}/api/move", json={"action": "draw"}).json()
    for frame in answer["frames"]:
        if frame["said"]["verb"] == "draw":
            assert frame["said"]["cards"] == []  # a bot's draw shows no card


@pytest.mark.parametrize(("path", "headers", "status"), [
    ("/api/state", {}, 404),  # no token
    ("/wrong-token/api/state", {}, 404),
    (f"/{TOKEN}/api/state", {"Host": "evil.example:8765"}, 421),  # DNS rebinding
    (f"/{TOKEN}/api/state", {"Host": "127.0.0.1:9999"}, 421),
    (f"/{TOKEN}/assets/..%2fserver.py", {}, 404),
    (f"/{TOKEN}/assets/server.py", {}, 404),
    (f"/{TOKEN}/assets/locale/it.po", {}, 404),
    (f"/{TOKEN}/nowhere", {}, 404),
])
def test_requests_that_are_refused(game: tuple[Controller, TestClient], path: str,
                                   headers: dict[str, str], status: int) -> None:
    _controller, client = game
    answer = client.get(path, headers=headers)
    assert answer.status_code == status
    assert "error" in answer.json()


@pytest.mark.parametrize(("body", "headers", "status"), [
    (b"{not json", {}, 400),
    (b"[1, 2]", {}, 400),
    (b'{"action": "fly"}', {}, 400),
    (b'{"action": "lay", "cards": ["ZZ"]}', {}, 400),
    (b'{"action": "lay", "cards": "7H"}', {}, 400),
    (b'{"action": "attach", "cards": ["7H"], "meld": -1}', {}, 400),
    (b'{"action": "draw"}', {"Origin": "http://evil.example"}, 403),
    (b'{"action": "draw"}', {"Origin": "http://127.0.0.1:1"}, 403),
    (b'{"action": "draw", "pad": "' + b"x" * MAX_BODY + b'"}', {}, 413),
    (b"\xff\xfe", {}, 400),
])
def test_bad_moves_are_4xx_json_and_change_nothing(
        game: tuple[Controller, TestClient], body: bytes, headers: dict[str, str],
        status: int) -> None:
    controller, client = game
    before, log = client.get(f"/{TOKEN}/api/state").json(), controller.path.read_bytes()
    answer = client.post(f"/{TOKEN}/api/move", content=body,
                         headers={"Content-Type": "application/json", **headers})
    assert answer.status_code == status
    assert answer.headers["content-type"].startswith("application/json")
    assert "error" in answer.json()
    assert client.get(f"/{TOKEN}/api/state").json() == before
    assert controller.path.read_bytes() == log
    # the game survives it
    assert client.post(f"/{TOKEN}/api/move", json={"action": "draw"}).status_code == 200


@pytest.mark.parametrize("path", ["api/move", "api/new"])
@pytest.mark.parametrize("body", ["[" * 1500 + "]" * 1500,  # 1,500 levels of arrays
                                  '[{"":' * 550 + "0" + "}]" * 550])  # 1,100 mixed
def test_a_deeply_nested_body_is_a_400_not_a_traceback(
        game: tuple[Controller, TestClient], capsys: pytest.CaptureFixture[str],
        path: str, body: str) -> None:
    """Within the size bound, such a body is refused before it is parsed (Python 3.11's
    parser gives up on it, 3.12's parses it): a bad request like any other, the game
    untouched."""
    _controller, client = game
    before = client.get(f"/{TOKEN}/api/state").json()
    assert len(body) <= MAX_BODY
    answer = client.post(f"/{TOKEN}/{path}", content=body.encode(),
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    assert answer.json() == {"error": "the body is nested too deeply to be a move"}
    assert client.get(f"/{TOKEN}/api/state").json() == before
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(("body", "depth"), [
    (b'{"action": "meld", "cards": [["QS", "QH", "QD"]]}', 3),
    (b'{"say": "[[[[{{{{", "x": ["\\"]]]"]}', 2),
    (b"0", 0),
])
def test_the_nesting_is_counted_outside_strings(body: bytes, depth: int) -> None:
    assert nesting_depth(body) == depth


def test_the_review_page_is_refused_while_the_match_is_played(
        game: tuple[Controller, TestClient]) -> None:
    """The review is the viewer's page of the whole log (every deal, the stock): served
    before the match is over, it would show the bots' cards."""
    controller, client = game
    answer = client.get(f"/{TOKEN}/review")
    assert answer.status_code == 409
    assert answer.json() == {"error": "the review opens when the match is over"}
    assert client.post(f"/{TOKEN}/api/move", json={"action": "draw"}).status_code == 200
    answer = client.get(f"/{TOKEN}/review")
    assert answer.status_code == 409
    assert controller.state()["phase"] != "match_over"


def test_the_pages_own_origin_is_welcome(game: tuple[Controller, TestClient]) -> None:
    _controller, client = game
    for origin in (BASE, f"http://localhost:{PORT}"):
        answer = client.post(f"/{TOKEN}/api/move", json={"action": "sort"},
                             headers={"Origin": origin})
        assert answer.status_code == 400  # past the guard: sort is the page's own
    answer = client.post(f"/{TOKEN}/api/move", json={"action": "draw"}, headers={"Origin": BASE})
    assert answer.status_code == 200 and answer.json()["refused"] is None


def test_a_body_without_a_length_is_bounded_too(game: tuple[Controller, TestClient]) -> None:
    _controller, client = game

    def pieces() -> Any:
        for _ in range(10):
            yield b" " * 1000

    answer = client.post(f"/{TOKEN}/api/move", content=pieces(),
                         headers={"Content-Type": "application/json"})
    assert answer.status_code in (400, 413)
    assert "error" in answer.json()


def test_new_game_and_level(game: tuple[Controller, TestClient]) -> None:
    controller, client = game
    first = controller.path
    answer = client.post(f"/{TOKEN}/api/new", json={"level": "hard"})
    assert answer.status_code == 200 and answer.json()["state"]["level"] == "hard"
    assert controller.path != first and first.exists() and controller.path.exists()
    assert client.post(f"/{TOKEN}/api/new", json={"level": "godlike"}).status_code == 400
