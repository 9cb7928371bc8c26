"""``scala40 play``'s server while the computer thinks: the page, its files and its words
are answered during a hint or a review, and the game's calls run one at a time.

The slow call is made to block on a :class:`threading.Event` the test releases, so that
nothing depends on how fast the machine is; every wait is bounded (:data:`PATIENCE`)
only so that a regression fails instead of hanging. Requests go to the ASGI application
in-process (httpx's ASGITransport), several at once in anyio tasks."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

import anyio
import anyio.abc

try:  # the client Starlette's own tests ask for since Starlette 1; httpx before it
    import httpx2 as httpx
except ModuleNotFoundError:
    httpx = pytest.importorskip("httpx")

from scala40cli.playing import server
from scala40cli.playing.controller import Controller, Options

PORT = 8765
TOKEN = "t0k3n-for-tests"
BASE = f"http://127.0.0.1:{PORT}"
#: Seconds: far longer than any of these requests takes, only to end a hung test.
PATIENCE = 30
REVIEW_PAGE = "<!doctype html><title>review</title>" + "<p>a decision</p>" * 2000


class Probe:
    """Stands in for a controller's methods: records which threads are inside the
    controller (a call it makes to itself, such as a move reading the state, is not a
    second entry), and a blocking method waits until :attr:`release` is set. Made in
    the test's thread, where :func:`run` runs the event loop."""

    def __init__(self) -> None:
        self.loop_thread = threading.get_ident()
        self.guard = threading.Lock()
        self.inside: dict[int, str] = {}
        self.overlaps: list[tuple[str, ...]] = []
        self.entered = threading.Event()
        self.release = threading.Event()
        self.order: list[str] = []

    def wrap(self, name: str, work: Callable[..., Any], *, blocks: bool) -> Callable[..., Any]:
        def probe(*args: Any) -> Any:
            me = threading.get_ident()
            with self.guard:
                if me in self.inside:  # the controller calling itself
                    return work(*args)
                if self.inside:
                    self.overlaps.append((*self.inside.values(), name))
                self.inside[me] = name
                self.order.append(f"{name} in")
            try:
                if blocks:
                    self.entered.set()
                    if me != self.loop_thread:  # on the loop, waiting would hang
                        assert self.release.wait(PATIENCE), "never released"
                return work(*args)
            finally:
                with self.guard:
                    del self.inside[me]
                    self.order.append(f"{name} out")
        return probe


@pytest.fixture
def controller(tmp_path: Path) -> Controller:
    controller = Controller(Options(seed="hint", save_dir=tmp_path, language="en"))
    assert controller.session.current == controller.session.me
    return controller


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch) -> list[server.OneAtATime]:
    """Every :class:`~scala40cli.playing.server.OneAtATime` the app makes, to see a call
    queue behind the one under way."""
    made: list[server.OneAtATime] = []
    if not hasattr(server, "OneAtATime"):  # a server without it fails on what it does
        return made

    class Recorded(server.OneAtATime):
        def __init__(self) -> None:
            super().__init__()
            made.append(self)
    monkeypatch.setattr(server, "OneAtATime", Recorded)
    return made


def run(controller: Controller, scenario: Callable[[Any], Awaitable[None]]) -> None:
    """``scenario(client)`` against the app, on an event loop in this thread."""
    async def main() -> None:
        transport = httpx.ASGITransport(app=server.make_app(controller, token=TOKEN,
                                                            port=PORT))
        async with httpx.AsyncClient(transport=transport, base_url=BASE) as client:
            with anyio.fail_after(PATIENCE):
                await scenario(client)
    anyio.run(main, backend="asyncio")


@asynccontextmanager
async def released_at_the_end(probe: Probe) -> AsyncIterator[anyio.abc.TaskGroup]:
    """A task group for the requests; the probe's blocked call is released when the
    block ends, even by a failed assertion (its thread cannot be cancelled)."""
    async with anyio.create_task_group() as tasks:
        try:
            yield tasks
        finally:
            probe.release.set()


def test_the_page_its_files_and_words_are_served_while_a_review_is_computed(
        controller: Controller, monkeypatch: pytest.MonkeyPatch) -> None:
    probe = Probe()
    monkeypatch.setattr(controller, "review_page",
                        probe.wrap("review", lambda lang: REVIEW_PAGE, blocks=True))
    answers: dict[str, Any] = {}

    async def scenario(client: Any) -> None:
        async def review() -> None:
            answers["review"] = await client.get(f"/{TOKEN}/review")
        async with released_at_the_end(probe) as tasks:
            tasks.start_soon(review)
            assert await anyio.to_thread.run_sync(probe.entered.wait, PATIENCE)
            assert probe.order == ["review in"], "the review ran on the event loop"
            served = [await client.get(f"/{TOKEN}/{path}")
                      for path in ("", "api/words", "assets/play.js", "assets/play.css")]
            assert [answer.status_code for answer in served] == [200] * 4
            assert served[1].json()["language"] == "en"
            assert "review" not in answers and list(probe.inside.values()) == ["review"]
            probe.release.set()
    run(controller, scenario)
    assert answers["review"].status_code == 200
    assert answers["review"].text == REVIEW_PAGE
    assert answers["review"].headers["cache-control"] == "no-store"
    assert probe.overlaps == []


def _probed(controller: Controller, monkeypatch: pytest.MonkeyPatch, blocked: str) -> Probe:
    """The controller's calls probed; ``blocked`` waits for its probe's release."""
    probe = Probe()
    for name in ("state", "move", "hint", "new_game"):
        monkeypatch.setattr(controller, name,
                            probe.wrap(name, getattr(controller, name), blocks=name == blocked))
    return probe


def test_a_move_and_a_state_read_sent_during_a_hint_wait_for_it(
        controller: Controller, monkeypatch: pytest.MonkeyPatch,
        games: list[server.OneAtATime]) -> None:
    probe = _probed(controller, monkeypatch, "hint")
    hand = len(controller.state("en")["hand"])
    probe.order.clear()
    answers: dict[str, Any] = {}

    async def scenario(client: Any) -> None:
        async def ask(name: str, method: str, path: str, move: Any = None) -> None:
            answers[name] = await client.request(method, f"/{TOKEN}/{path}", json=move)
        async with released_at_the_end(probe) as tasks:
            tasks.start_soon(ask, "hint", "POST", "api/hint")
            assert await anyio.to_thread.run_sync(probe.entered.wait, PATIENCE)
            assert probe.order == ["hint in"], "the hint ran on the event loop"
            tasks.start_soon(ask, "move", "POST", "api/move", {"action": "draw"})
            await anyio.wait_all_tasks_blocked()
            assert probe.order == ["hint in"] and games[0].waiting() == 1
            tasks.start_soon(ask, "state", "GET", "api/state")
            await anyio.wait_all_tasks_blocked()
            assert games[0].waiting() == 2
            words = await client.get(f"/{TOKEN}/api/words")
            assert words.status_code == 200
            assert probe.order == ["hint in"] and answers.keys() == set()
            probe.release.set()
    run(controller, scenario)
    assert probe.overlaps == []
    assert probe.order == ["hint in", "hint out", "move in", "move out",
                           "state in", "state out"]
    assert answers["hint"].status_code == 200 and answers["hint"].json()["message"]
    moved = answers["move"].json()
    assert moved["refused"] is None and len(moved["state"]["hand"]) == hand + 1
    assert answers["state"].json() == moved["state"]


def test_two_moves_at_once_are_played_one_after_the_other(
        controller: Controller, monkeypatch: pytest.MonkeyPatch,
        games: list[server.OneAtATime]) -> None:
    probe = _probed(controller, monkeypatch, "move")
    probe.order.clear()
    answers: list[Any] = []

    async def scenario(client: Any) -> None:
        async def draw() -> None:
            answers.append(await client.post(f"/{TOKEN}/api/move", json={"action": "draw"}))
        async with released_at_the_end(probe) as tasks:
            tasks.start_soon(draw)
            assert await anyio.to_thread.run_sync(probe.entered.wait, PATIENCE)
            assert probe.order == ["move in"], "the move ran on the event loop"
            tasks.start_soon(draw)
            await anyio.wait_all_tasks_blocked()
            assert probe.order == ["move in"] and games[0].waiting() == 1
            probe.release.set()
    run(controller, scenario)
    assert probe.overlaps == []
    assert probe.order == ["move in", "move out"] * 2
    first, second = (answer.json() for answer in answers)
    assert first["refused"] is None
    # the second draw sees the first one's hand: one draw a turn
    assert second["refused"] is not None
    assert second["state"]["hand"] == first["state"]["hand"]


def test_a_hint_given_up_by_its_page_still_ends_before_the_next_move(
        controller: Controller, monkeypatch: pytest.MonkeyPatch,
        games: list[server.OneAtATime]) -> None:
    """A request cancelled while its thread works (the tab closed) keeps the lock until
    the thread is done: the move waiting behind it never runs beside it."""
    probe = _probed(controller, monkeypatch, "hint")
    probe.order.clear()
    answers: list[Any] = []

    async def scenario(client: Any) -> None:
        asking = anyio.CancelScope()

        async def hint() -> None:
            with asking:
                await client.post(f"/{TOKEN}/api/hint")

        async def draw() -> None:
            answers.append(await client.post(f"/{TOKEN}/api/move", json={"action": "draw"}))
        async with released_at_the_end(probe) as tasks:
            tasks.start_soon(hint)
            assert await anyio.to_thread.run_sync(probe.entered.wait, PATIENCE)
            assert probe.order == ["hint in"], "the hint ran on the event loop"
            tasks.start_soon(draw)
            await anyio.wait_all_tasks_blocked()
            asking.cancel()
            await anyio.wait_all_tasks_blocked()
            assert probe.order == ["hint in"] and games[0].waiting() == 1
            probe.release.set()
    run(controller, scenario)
    assert probe.overlaps == []
    assert probe.order == ["hint in", "hint out", "move in", "move out"]
    assert answers[0].json()["refused"] is None
