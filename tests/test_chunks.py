"""reading/chunks.py: a log cut into games as its lines come.

(Cutting lines from blocks of 256 KiB instead of ``readline`` was tried: compiled, the
generator and a ``bytes.find`` a line cost more than ``readline`` did.)
"""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

from scala40cli.audit.pipeline import audit_bytes, judge_chunk
from scala40cli.reading.chunks import game_chunks

LEGAL = Path(__file__).resolve().parent.parent / "fixtures" / "legal" / "two-players.s40"


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


def test_each_chunk_is_numbered_as_its_game_and_judged_so() -> None:
    # A chunk's number is the number of its game in the file, so that a game judged
    # alone (in a worker, say) already has the number the report gives it.
    log = (b"; notes\n" + LEGAL.read_bytes()) * 3
    cut = list(game_chunks(io.BytesIO(log)))
    assert [chunk.number for chunk in cut] == [1, 2, 3]
    judged = [item for chunk in cut for item in judge_chunk(chunk, (None,))[0]]
    assert [getattr(item, "index", None) for item in judged] == [1, 2, 3]
    assert [game.index for game in audit_bytes(log, "x.s40").games] == [1, 2, 3]
