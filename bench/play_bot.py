"""CPU time of a hard bot's turn in ``scala40 play``: the longest and the mean, over the
bots' turns of a few matches played against a person who draws and discards.

Run: python3 bench/play_bot.py [MATCHES]. The brief's budget is 200 ms a turn.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from tempfile import TemporaryDirectory

from scala40cli.playing.controller import Controller, Options
from scala40cli.simulate.engine import HandEngine

TIMES: list[float] = []
_play_turn = HandEngine.play_turn


def timed_turn(self: HandEngine, player: str) -> None:
    start = time.process_time()
    _play_turn(self, player)
    TIMES.append(time.process_time() - start)


def main(matches: int) -> None:
    HandEngine.play_turn = timed_turn  # type: ignore[method-assign]
    with TemporaryDirectory() as folder:
        for index in range(matches):
            game = Controller(Options(seed=f"bench-{index}", level="hard", players=4,
                                      save_dir=Path(folder)))
            while game.session.phase != "match_over":
                if game.session.phase == "hand_over":
                    game.move({"action": "next"})
                    continue
                game.move({"action": "draw"})
                for code in game.state()["hand"]:
                    if game.move({"action": "discard", "cards": [code]})["refused"] is None:
                        break
    TIMES.sort()
    print(f"{len(TIMES)} hard bot turns: mean {1000 * sum(TIMES) / len(TIMES):.2f} ms, "
          f"99th percentile {1000 * TIMES[int(len(TIMES) * 0.99)]:.2f} ms, "
          f"longest {1000 * TIMES[-1]:.2f} ms of CPU")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
