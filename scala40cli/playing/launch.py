"""Start the page's server on 127.0.0.1 and open the browser on it (uvicorn).

The token is 16 random bytes, new at every start; the address printed and opened
carries it, and the server answers nothing without it.
"""

from __future__ import annotations

import secrets
import socket
import threading
import webbrowser
from collections.abc import Callable

from scala40cli.playing.controller import Controller

HOST = "127.0.0.1"


def free_port() -> int:
    """A port nobody listens on now (the system's choice)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def serve(controller: Controller, *, port: int = 0, open_browser: bool = True,
          say: Callable[[str], None] = print) -> None:
    """Serve the game until Ctrl-C (the log is saved after every move, so nothing is
    lost when the server stops)."""
    import uvicorn

    from scala40cli.playing.server import make_app

    port = port or free_port()
    token = secrets.token_urlsafe(16)
    url = f"http://{HOST}:{port}/{token}/"
    app = make_app(controller, token=token, port=port)
    say(f"scala40 play: {url}")
    say(f"the game is saved in {controller.path}")
    if open_browser:
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    uvicorn.run(app, host=HOST, port=port, log_level="warning")


__all__ = ["HOST", "free_port", "serve"]
