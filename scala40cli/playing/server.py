"""The local web server of ``scala40 play`` (Starlette; imported by that command only).

Every request is checked before it reaches the game, in :class:`Guard`:

- the ``Host`` header must name the address the server was started on (``127.0.0.1``,
  ``localhost`` or the ``--host`` given) and its port, so that a page of another site
  that made its name resolve to 127.0.0.1 (DNS rebinding) is refused;
- the path must start with the random token printed and opened at start
  (``/<token>/...``); without it, 404, whatever the path;
- a request that changes something (POST) must come from the page itself: its
  ``Origin``, when the browser sends one, is the server's own;
- a body is at most :data:`MAX_BODY` bytes, read no further.

Refusals are JSON (``{"error": ...}``) with a 4xx status, never a traceback; the game is
untouched by them. Only the page's own files in ``assets/`` are served, by name from a
fixed list.

The computer thinks in a worker thread, never on the event loop: a hint (up to a
second), the bots' turns after a move, a whole match's review (up to a minute) would
otherwise stop the server answering anything, a reload or a second tab included. The
:class:`~scala40cli.playing.controller.Controller` is not thread-safe (it changes its
session and writes the log), so every call into it goes through one lock
(:class:`OneAtATime`): a move sent during a hint is played after the hint, never
interleaved with it. Reading the state takes the lock too, since it reads the session:
it is quick, but it waits for a hint or a review under way. The page, its files and its
words never touch the game and never wait. A request's body is read before the lock is
taken, so a slow client holds up nobody; and a call once started runs to its end (a
closed connection does not release the lock while the thread still works).
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from importlib import resources
from typing import Any, TypeVar

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from scala40cli.playing.catalogue import LANGUAGES, catalogue, choose_language
from scala40cli.playing.controller import BadMove, Controller

MAX_BODY = 4096
MAX_NESTING = 16
"""A move is an object holding lists of cards: a few levels. Checked before parsing,
because how deep Python's own JSON parser goes depends on its version (3.12 parses
1,100 levels that 3.11 refuses)."""
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
ASSETS = {"play.js": "text/javascript", "words.js": "text/javascript",
          "keys.js": "text/javascript", "play.css": "text/css"}
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]
Result = TypeVar("Result")


def nesting_depth(raw: bytes) -> int:
    """How deep the arrays and objects of a JSON text go, strings ignored."""
    depth = deepest = 0
    for bracket in _STRING.sub(b"", raw).translate(None, delete=_NOT_BRACKETS):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def asset(name: str) -> bytes:
    return (resources.files("scala40cli.playing") / "assets" / name).read_bytes()


async def _refuse(send: Send, status: int, error: str) -> None:
    body = json.dumps({"error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The checks every request passes (see the module docstring)."""

    def __init__(self, app: App, *, token: str, hosts: frozenset[str], port: int) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts
        self.port = port

    def _host_ok(self, host: str) -> bool:
        name, _, port = host.rpartition(":")
        return name in self.hosts and port == str(self.port)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "lifespan":
                await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        if not self._host_ok(headers.get("host", "")):
            await _refuse(send, 421, "wrong Host header")
            return
        path: str = scope.get("path", "")
        prefix = f"/{self.token}/"
        parts = path.split("/")
        if len(parts) < 3 or not secrets.compare_digest(parts[1], self.token):
            await _refuse(send, 404, "not found")
            return
        if scope.get("method") not in ("GET", "HEAD"):
            origin = headers.get("origin")
            if origin is not None and origin not in self._origins():
                await _refuse(send, 403, "wrong Origin")
                return
        if int(headers.get("content-length", "0") or 0) > MAX_BODY:
            await _refuse(send, 413, f"a body is at most {MAX_BODY} bytes")
            return
        scope = dict(scope, path="/" + path[len(prefix):])
        await self.app(scope, _bounded(receive), send)

    def _origins(self) -> set[str]:
        return {f"http://{host}:{self.port}" for host in self.hosts}


def _bounded(receive: Receive) -> Receive:
    """A body sent in pieces without a length is cut off past MAX_BODY as well."""
    seen = 0

    async def bounded() -> Message:
        nonlocal seen
        message = await receive()
        seen += len(message.get("body", b""))
        if seen > MAX_BODY:
            raise BodyTooLarge
        return message
    return bounded


class BodyTooLarge(Exception):
    """A body longer than MAX_BODY, found while reading it."""


class OneAtATime:
    """The controller's calls, one at a time, each run in a worker thread (see the
    module docstring): the event loop stays free to serve the page meanwhile."""

    def __init__(self) -> None:
        self._lock = anyio.Lock()

    async def __call__(self, work: Callable[[], Result]) -> Result:
        async with self._lock:
            return await run_in_threadpool(work)

    def waiting(self) -> int:
        """How many calls wait for the one under way (the tests watch a move queue)."""
        return self._lock.statistics().tasks_waiting


def make_app(controller: Controller, *, token: str, port: int,
             hosts: frozenset[str] = frozenset({"127.0.0.1", "localhost"})) -> App:
    """The server's ASGI application (see the module docstring)."""
    game = OneAtATime()

    def language(request: Request) -> str:
        asked = request.query_params.get("lang")
        if asked in LANGUAGES:
            return asked
        if controller.options.language in LANGUAGES and controller.options.language != "auto":
            return controller.options.language
        return choose_language(request.headers.get("accept-language", ""))

    async def page(request: Request) -> Response:
        html = asset("play.html").decode()
        return Response(html.replace("{{lang}}", language(request)), media_type="text/html",
                        headers={"Cache-Control": "no-store",
                                 "Content-Security-Policy": "default-src 'self'; "
                                 "img-src 'self' data:; frame-ancestors 'none'"})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return JSONResponse({"error": "not found"}, status_code=404)
        return Response(asset(name), media_type=ASSETS[name])

    async def words(request: Request) -> Response:
        words = catalogue(language(request))
        return JSONResponse({"language": words.language, "messages": words.messages,
                             "plurals": words.plurals, "plural": words.plural})

    async def state(request: Request) -> Response:
        lang = language(request)
        return JSONResponse(await game(lambda: controller.state(lang)))

    async def body_of(request: Request) -> Any:
        try:
            raw = await request.body()
        except BodyTooLarge:
            raise BadMove(f"a body is at most {MAX_BODY} bytes") from None
        if nesting_depth(raw) > MAX_NESTING:
            raise BadMove("the body is nested too deeply to be a move")
        try:
            return json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise BadMove("the body is not JSON") from None

    async def move(request: Request) -> Response:
        try:
            body, lang = await body_of(request), language(request)
            return JSONResponse(await game(lambda: controller.move(body, lang)))
        except BadMove as bad:
            return JSONResponse({"error": str(bad)}, status_code=400)

    async def hint(request: Request) -> Response:
        lang = language(request)
        return JSONResponse(await game(lambda: controller.hint(lang)))

    async def review(request: Request) -> Response:
        try:
            lang = language(request)
            html = await game(lambda: controller.review_page(lang))
        except BadMove as early:
            return JSONResponse({"error": str(early)}, status_code=409)
        # the viewer's page carries its own Content-Security-Policy
        return Response(html, media_type="text/html", headers={"Cache-Control": "no-store"})

    async def new(request: Request) -> Response:
        lang = language(request)

        def deal(level: str | None) -> dict[str, Any]:
            controller.new_game(level)
            return {"state": controller.state(lang), "frames": [], "refused": None}
        try:
            body = await body_of(request)
            level = body.get("level") if isinstance(body, dict) else None
            return JSONResponse(await game(
                lambda: deal(level if isinstance(level, str) else None)))
        except BadMove as bad:
            return JSONResponse({"error": str(bad)}, status_code=400)

    async def not_found(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": "not found"}, status_code=404)

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": "method not allowed"}, status_code=405)

    async def failed(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": "the server could not do that"}, status_code=500)

    app = Starlette(routes=[
        Route("/", page),
        Route("/assets/{name}", static),
        Route("/api/words", words),
        Route("/api/state", state),
        Route("/api/move", move, methods=["POST"]),
        Route("/api/new", new, methods=["POST"]),
        Route("/api/hint", hint, methods=["POST"]),
        Route("/review", review),
    ], exception_handlers={404: not_found, 405: not_allowed, Exception: failed})
    return Guard(app, token=token, hosts=hosts, port=port)


__all__ = ["MAX_BODY", "Guard", "OneAtATime", "make_app"]
