"""reading/chunks.py: a log cut into games as its lines come.

(Cutting lines from blocks of 256 KiB instead of ``readline`` was tried: compiled, the
generator and a ``bytes.find`` a line cost more than ``readline`` did.)
"""

from __future__ import annotations

import os
import threading

from scala40cli.reading.chunks import game_chunks


def test_a_pipe_s_game_is_cut_as_soon_as_the_next_one_starts() -> None:
    # A game server writing to `scala40 replay -`: the first game is judged once the
    # second begins, not when a block's worth of bytes has come or the pipe closes.
    read_end, write_end = os.pipe()
    game = b'[Event "Club"]\n[Players "Anna" "Bruno"]\nhand 1\n'
    with os.fdopen(read_end, "rb") as reader, os.fdopen(write_end, "wb") as writer:
        writer.write(game + b'[Event "Club"]\n')
        writer.flush()
        first: list[bytes] = []
        thread = threading.Thread(target=lambda: first.append(next(game_chunks(reader)).data))
        thread.start()
        thread.join(timeout=10)
        alive = thread.is_alive()
        writer.close()
        thread.join()
    assert not alive, "the first game waited for more input"
    assert first == [game]
