"""A real ``scala40 play`` server (uvicorn) on 127.0.0.1 and a free port, in a thread,
for the browser tests and the command's own test."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from scala40cli.playing.controller import Controller
from scala40cli.playing.launch import HOST, free_port
from scala40cli.playing.server import make_app

TOKEN = "test-token-0123456789"


@contextmanager
def running(controller: Controller) -> Iterator[str]:
    """The server's address (with its token) while the block runs."""
    port = free_port()
    app = make_app(controller, token=TOKEN, port=port)
    server = uvicorn.Server(uvicorn.Config(app, host=HOST, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the play server did not start")
        time.sleep(0.05)
    try:
        yield f"http://{HOST}:{port}/{TOKEN}/"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
