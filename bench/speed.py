"""How fast scala40 audits, in CPU time, as ratios measured in one run on this machine.

    pip install -e '.[bench]'        # python-chess 1.11.2, the yardstick
    python bench/speed.py [--matches N] [--seed S] [--corpus FILE] [--repeat R] [--installed]

The corpus is ``--matches`` simulated 4-player matches (``scala40 simulate``, seeded, so
the same bytes every run), or FILE. On it, one after the other, it measures:

- the bare cost of reading and splitting its lines (``for line in f: line.split()``);
- the parser alone (cut into games, decode, parse into events);
- the referee alone (replay the parsed games);
- the full audit (``audit_path``: read, parse, replay, collect);
- python-chess reading the same number of plies of PGN: random legal games from a
  seeded generator, read with ``chess.pgn.read_game``, which parses every move and
  checks it is legal, as the referee checks every event;
- the full audit with ``--jobs 2`` (see :func:`parallel_audit` for what is measured);
- the start-up: CPU time of ``scala40 --version`` and of a one-file ``replay``;
- peak memory of ``replay --format jsonl`` on the corpus and on 4 copies of it.

Every time is CPU time (``time.process_time`` here, ``getrusage`` of the children for
other processes), the best of ``--repeat`` runs: on a machine shared with other work,
wall time measures the other work too. It asserts nothing; compare the ratios.
Targets (issue 13): full audit >= 3x python-chess and <= 15x the split loop, --version
<= 0.08 s, --jobs 2 >= 1.8x; memory flat.
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import platform
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: ``--installed`` measures the scala40 installed in this Python (a compiled wheel, say)
#: rather than this checkout: then nothing runs from the checkout's folder.
INSTALLED = "--installed" in sys.argv
RUN_DIR = Path(tempfile.gettempdir()) if INSTALLED else ROOT
if not INSTALLED:
    sys.path.insert(0, str(ROOT))

from scala40cli.audit.parallel import ordered_map  # noqa: E402
from scala40cli.audit.pipeline import (  # noqa: E402
    Item,
    _chunk_weight,
    audit_path,
    collect,
    judge_chunk,
)
from scala40cli.judging.referee import replay  # noqa: E402
from scala40cli.reading.chunks import Chunk, decode_chunk, game_chunks  # noqa: E402
from scala40cli.reading.events import GameLog  # noqa: E402
from scala40cli.reading.parser import iter_games  # noqa: E402

MEMORY_PROBE = """
import contextlib, os, resource, sys
from scala40cli.cli.main import main
with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
    main(["replay", "--format", "jsonl", "--exit-zero", sys.argv[1]], standalone_mode=False)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def cpu_of(action: Callable[[], object], repeat: int) -> tuple[float, object]:
    """The least CPU time of ``repeat`` runs of ``action``, and its last value."""
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        value = action()
        best = min(best, time.process_time() - start)
    return best, value


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command_cpu(command: list[str], runs: int, env: dict[str, str]) -> float:
    """The least CPU time (user + system) of a command over ``runs`` runs."""
    best = float("inf")
    for _ in range(runs):
        before = children_cpu()
        subprocess.run(command, check=False, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env, cwd=RUN_DIR)
        best = min(best, children_cpu() - before)
    return best


# --- the corpus and the steps ------------------------------------------------------------


def simulated_corpus(folder: Path, matches: int, seed: int) -> Path:
    corpus = folder / f"simulated-{matches}-{seed}.s40"
    with corpus.open("wb") as out:
        subprocess.run([sys.executable, "-m", "scala40cli", "simulate", "--players", "4",
                        "--games", str(matches), "--seed", str(seed)], check=True,
                       stdout=out, cwd=RUN_DIR)
    return corpus


def split_loop(path: Path) -> int:
    words = 0
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            words += len(line.split())
    return words


def parse_only(path: Path) -> list[GameLog]:
    games: list[GameLog] = []
    with path.open("rb") as handle:
        for chunk in game_chunks(handle):
            text = decode_chunk(chunk)
            assert isinstance(text, str)
            games += [g for g in iter_games(text, first_line=chunk.first_line)
                      if isinstance(g, GameLog)]
    return games


def chess_games(plies: int, seed: int) -> tuple[str, int]:
    """PGN text of random legal games (at most 160 plies each) adding up to ``plies``."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    texts, total = [], 0
    while total < plies:
        board, game = chess.Board(), chess.pgn.Game()
        node: chess.pgn.GameNode = game
        while len(board.move_stack) < 160 and not board.is_game_over():
            move = rng.choice(list(board.legal_moves))
            node = node.add_variation(move)
            board.push(move)
        game.headers["Result"] = board.result()
        texts.append(str(game))
        total += len(board.move_stack)
    return "\n\n".join(texts) + "\n", total


def read_pgn(text: str) -> int:
    import chess.pgn

    stream, games = io.StringIO(text), 0
    while chess.pgn.read_game(stream) is not None:
        games += 1
    return games


# --- --jobs 2, measured in CPU time ----------------------------------------------------------


def judged_with_cpu(chunk: Chunk, choices: tuple[None]
                    ) -> tuple[tuple[list[Item], ...], int, float]:
    """``judge_chunk``, with the pid of the worker and its CPU time so far."""
    return judge_chunk(chunk, choices), os.getpid(), time.process_time()


def parallel_audit(path: Path, jobs: int) -> tuple[object, float, list[float], float]:
    """``audit_path(path, jobs=jobs)`` as it runs it (the same pool, batches and
    collection), and what each process spent: (result, the parent's CPU, each worker's
    CPU, the CPU of all children as the system counts it once they have ended).

    The speed-up reported is the serial CPU time over the largest of these per-process
    times: with one idle core for each process, that is the factor by which the run's
    wall time shrinks, and unlike wall time it does not depend on what else the
    machine runs. The efficiency is the serial CPU over the total CPU of the run (what
    the processes cost: pickling, the pool's threads, starting the workers)."""
    worker_cpu: dict[int, float] = {}
    start, before = time.process_time(), children_cpu()
    with path.open("rb") as handle:
        def results() -> Iterator[tuple[list[Item], ...]]:
            for judged, pid, cpu in ordered_map(judged_with_cpu, game_chunks(handle), (None,),
                                                jobs=jobs, weight=_chunk_weight):
                worker_cpu[pid] = max(cpu, worker_cpu.get(pid, 0.0))
                yield judged
        result = collect(str(path), results(), 1)[0]
    parent = time.process_time() - start
    return result, parent, sorted(worker_cpu.values()), children_cpu() - before


# --- the run -----------------------------------------------------------------------------------


def machine() -> str:
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return (f"{model}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}")


def peak_memory_kb(path: Path, env: dict[str, str]) -> int:
    """Peak memory of ``scala40 replay --format jsonl`` over the file, in a fresh process."""
    out = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(path)], check=True,
                         capture_output=True, text=True, cwd=RUN_DIR, env=env).stdout.split()
    return int(out[-1])


def start_up(folder: Path, game: Path, runs: int) -> dict[str, float]:
    """CPU of a bare Python, of ``scala40 --version`` and of a one-file replay (with the
    parser cache cold, once, then warm)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
    # What the installed ``scala40`` script runs, from this checkout.
    scala40 = [sys.executable, "-c", "import sys; from scala40cli.cli.main import main; "
               "sys.exit(main())"]
    cold = float("inf")
    for _ in range(max(1, runs // 3)):
        shutil.rmtree(folder / "cache", ignore_errors=True)
        cold = min(cold, command_cpu([*scala40, "replay", str(game)], 1, env))
    return {
        "python -c pass": command_cpu([sys.executable, "-c", "pass"], runs, env),
        "scala40 --version": command_cpu([*scala40, "--version"], runs, env),
        "scala40 replay (one game, parser cache cold)": cold,
        "scala40 replay (one game)": command_cpu([*scala40, "replay", str(game)], runs, env),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="simulated 4-player matches")
    parser.add_argument("--seed", type=int, default=1, help="seed of the matches and of chess")
    parser.add_argument("--corpus", type=Path, help="a log to measure instead")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each step (best kept)")
    parser.add_argument("--chess-plies", type=int, default=60_000, help="plies of PGN to read")
    parser.add_argument("--installed", action="store_true",
                        help="measure the installed scala40 (such as a compiled wheel)")
    args = parser.parse_args()
    import scala40cli.judging.referee

    build = "compiled" if not scala40cli.judging.referee.__file__.endswith(".py") else "pure Python"
    print(f"scala40 bench/speed.py, {datetime.date.today()}, {machine()}, {build}")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
        corpus = args.corpus or simulated_corpus(folder, args.matches, args.seed)
        size = corpus.stat().st_size
        # Memory first: a child started later would count the pages of this process,
        # which by then holds every parsed game (Linux keeps ru_maxrss across exec).
        small = peak_memory_kb(corpus, env)
        big_corpus = folder / "big.s40"
        with big_corpus.open("wb") as big_file:  # 4 copies, never 4x in memory
            for _ in range(4):
                with corpus.open("rb") as part:
                    shutil.copyfileobj(part, big_file)
        big = peak_memory_kb(big_corpus, env)
        big_corpus.unlink()
        one_game = folder / "one-game.s40"
        with corpus.open("rb") as handle:
            one_game.write_bytes(next(game_chunks(handle)).data)
        startup = start_up(folder, one_game, runs=10)

        pgn, plies = chess_games(args.chess_plies, args.seed)
        t_chess, _ = cpu_of(lambda: read_pgn(pgn), args.repeat)
        t_split, _ = cpu_of(lambda: split_loop(corpus), args.repeat)
        t_parse, games = cpu_of(lambda: parse_only(corpus), args.repeat)
        parsed: list[GameLog] = games  # type: ignore[assignment]
        events = sum(len(g.events) for g in parsed)
        t_referee, _ = cpu_of(lambda: [replay(g) for g in parsed], args.repeat)
        parsed.clear()  # the full audit below holds no parsed game
        t_full, result = cpu_of(lambda: audit_path(str(corpus)), args.repeat)
        runs = [parallel_audit(corpus, 2) for _ in range(args.repeat)]
        assert all(run[0] == result for run in runs), "--jobs 2 must give the same result"
        _, parent, workers, children = min(runs, key=lambda r: max(r[1], *r[2]))

    chess_rate = plies / t_chess
    print(f"corpus: {size / 1e6:.1f} MB, {len(result.games)} games, "  # type: ignore[attr-defined]
          f"{events:,} events; python-chess: {plies:,} plies of random legal games")
    print(f"{'step':<24}{'CPU s':>8}{'x split':>9}{'events/s':>12}{'x chess':>9}")
    print(f"{'split loop':<24}{t_split:8.3f}{1:9.1f}{events / t_split:12,.0f}")
    for label, cpu in (("parser alone", t_parse), ("referee alone", t_referee),
                       ("full audit", t_full)):
        rate = events / cpu
        print(f"{label:<24}{cpu:8.3f}{cpu / t_split:9.1f}{rate:12,.0f}{rate / chess_rate:9.2f}")
    print(f"{'python-chess read_game':<24}{t_chess:8.3f}{'':9}{chess_rate:12,.0f}"
          f"{1:9.2f}  (plies/s)")
    slowest = max(parent, *workers)
    print(f"full audit --jobs 2: parent {parent:.3f} s, workers "
          f"{', '.join(f'{w:.3f}' for w in workers)} s (all children {children:.3f} s); "
          f"speed-up {t_full / slowest:.2f}x (serial CPU / largest per-process CPU), "
          f"efficiency {t_full / (parent + children):.0%} (serial CPU / total CPU)")
    for label, cpu in startup.items():
        print(f"start-up: {label:<46}{cpu:6.3f} s CPU")
    print(f"peak memory of replay --format jsonl: {small / 1024:.0f} MB for the corpus, "
          f"{big / 1024:.0f} MB for 4 copies of it (ratio {big / small:.2f}; target: flat)")
    print("targets: full audit >= 3x python-chess and <= 15x the split loop; --version "
          "<= 0.08 s; --jobs 2 >= 1.8x")


if __name__ == "__main__":
    main()
