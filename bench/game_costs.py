"""What a game and a hand cost beyond their events, step by step, in CPU time.

    python bench/game_costs.py [FILE...] [--repeat R] [--sample N] [--installed]

A corpus of short matches (``bench/end_to_end.py``'s second corpus) costs more a byte
than one of whole matches: each game and each hand brings work of its own (the header
and the rules resolved, a table set up and scored, a result and its JSON). This times
every game of the logs given (by default both corpora of ``bench/end_to_end.py``, made
here) through each step of ``replay --format json`` apart, the least of ``--repeat``
runs of each, and fits ``time = a * events + b * hands + c`` by least squares: ``a`` is
what an event costs, ``b`` what a hand costs beyond its events, ``c`` what a game costs
beyond its hands. The steps: cutting and parsing a game's chunk, judging it, its JSON
object and text. It asserts nothing; ``--installed`` measures the installed scala40 (a
compiled wheel) from a folder outside the checkout.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INSTALLED = "--installed" in sys.argv
if not INSTALLED:
    sys.path.insert(0, str(ROOT))
else:
    sys.path = [entry for entry in sys.path if Path(entry or ".").resolve() != ROOT]
sys.path.insert(0, str(ROOT / "bench"))

import end_to_end  # noqa: E402

from scala40cli.judging.match.referee import replay  # noqa: E402
from scala40cli.model.results import GameResult, game_json  # noqa: E402
from scala40cli.reading.chunks import Chunk, decode_chunk, game_chunks  # noqa: E402
from scala40cli.reading.events import GameLog  # noqa: E402
from scala40cli.reading.parser import iter_games  # noqa: E402
from scala40cli.reporting.json_indent import indented  # noqa: E402

Row = tuple[int, int, float]  # events, hands, seconds


def least(action: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        action()
        best = min(best, time.process_time() - start)
    return best


def parse(chunk: Chunk) -> list[GameLog]:
    text = decode_chunk(chunk)
    assert isinstance(text, str)
    return [game for game in iter_games(text, first_line=chunk.first_line)
            if isinstance(game, GameLog)]


def fit(rows: list[Row]) -> tuple[float, float, float]:
    """``a``, ``b``, ``c`` of ``seconds = a * events + b * hands + c``, least squares
    (the normal equations, solved by Cramer's rule)."""
    xs = [(float(events), float(hands), 1.0) for events, hands, _ in rows]
    ys = [seconds for _, _, seconds in rows]
    m = [[sum(x[i] * x[j] for x in xs) for j in range(3)] for i in range(3)]
    v = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(3)]

    def det(a: list[list[float]]) -> float:
        return (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))

    whole = det(m)
    solved = []
    for column in range(3):
        swapped = [[v[i] if j == column else m[i][j] for j in range(3)] for i in range(3)]
        solved.append(det(swapped) / whole)
    return solved[0], solved[1], solved[2]


def measure(paths: list[Path], repeat: int, sample: int) -> dict[str, list[Row]]:
    steps: dict[str, list[Row]] = {"parse": [], "judge": [], "json": []}
    for path in paths:
        with path.open("rb") as handle:
            chunks = list(game_chunks(handle))
        for chunk in chunks[::sample]:
            games = parse(chunk)
            if len(games) != 1:
                continue
            result: GameResult = replay(games[0])
            size = (len(games[0].events), len(result.hands))
            steps["parse"].append((*size, least(lambda c=chunk: parse(c), repeat)))
            steps["judge"].append((*size, least(lambda g=games[0]: replay(g), repeat)))
            steps["json"].append((*size, least(lambda r=result: indented(game_json(r), 4),
                                               repeat)))
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sample", type=int, default=2, help="time every Nth game")
    parser.add_argument("--installed", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        paths = args.files or [end_to_end.make_corpus(Path(name), 100, 1, 1),
                               end_to_end.make_short_corpus(Path(name), 500, 1, 1)]
        steps = measure(paths, args.repeat, args.sample)
    games = len(steps["judge"])
    print(f"{games} games timed, each step the least of {args.repeat} runs:")
    for step, rows in steps.items():
        a, b, c = fit(rows)
        print(f"  {step:5}  an event {a * 1e6:6.2f} us, a hand {b * 1e6:6.1f} us more, "
              f"a game {c * 1e6:6.1f} us more")


if __name__ == "__main__":
    main()
