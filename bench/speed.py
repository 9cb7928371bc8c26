"""How fast scala40 audits, in CPU time, as ratios measured in one run on this machine.

    pip install -e '.[bench]'        # python-chess 1.11.2, the yardstick
    python bench/speed.py [--matches N] [--seed S] [--corpus FILE] [--repeat R]
                          [--jobs-rounds J] [--side-rounds K] [--installed]

The corpus is ``--matches`` simulated 4-player matches (``scala40 simulate``, seeded, so
the same bytes every run), or FILE. On it, one after the other, it measures:

- the bare cost of reading and splitting its lines (``for line in f: line.split()``);
- the parser alone (cut into games, decode, parse into events);
- the referee alone (replay the parsed games);
- the full audit (``audit_path``: read, parse, replay, collect);
- python-chess reading the same number of plies of PGN: random legal games from a
  seeded generator, read with ``chess.pgn.read_game``, which parses every move and
  checks it is legal, as the referee checks every event;
- the full audit with ``--jobs 2``, as ``replay`` streams it, against the same with
  ``--jobs 1`` (see :meth:`JobsRun.least_wall` for what is measured), on the corpus
  and on 4 copies of it: a parallel run has a cost of its own that does not grow with
  the games (the fork, the pages the two processes then copy as they write to them),
  which weighs less on a bigger log;
- on the corpus, two serial audits side by side, each in a process forked for it,
  against one alone (see :func:`side_by_side`): the most two cores give any parallel
  run at that minute on this machine;
- the start-up: CPU time of ``scala40 --version`` and of a one-file ``replay``;
- the command as a user runs it (``bench/end_to_end.py``): ``scala40 replay --format
  json`` in a process of its own, start-up and report included, on a corpus the
  project's code did not make (``tools/make_matches.py``, 2 to 6 players), against the
  split loop over the same file;
- peak memory of ``replay --format jsonl`` on the corpus and on 4 copies of it.

Every time is CPU time (``time.process_time`` here, ``getrusage`` of the children for
other processes), the best of ``--repeat`` runs (5, as ``python -m timeit`` repeats):
on a machine shared with other work, wall time measures the other work too, and the
least CPU time is the run it slowed least. It asserts nothing; compare the ratios.
Targets (issue 13): full audit >= 3x python-chess and <= 15x the split loop, --version
<= 0.08 s, --jobs 2 >= 1.8x; memory flat. Issue 25: the command, end to end, <= 15x
the split loop too.

The ``--jobs 2`` speed-up is CPU-bound throughput: the serial run's CPU time over the
least wall time the parallel run could take on two cores of its own, given the CPU
each of its processes spent (the largest of one process's CPU time and of the run's
total CPU time over 2). Pickling, sending and receiving, starting and stopping the
workers all count, wherever they run; a loaded machine can slow both runs but can
neither hide that cost nor lend the run a third core. The two are run in turns,
``--jobs-rounds`` rounds of each: it prints the speed-up of the best runs and the
median and quartiles of each round's own (a round's serial CPU over its parallel
run's), which a lucky run cannot move. It prints the page faults of a serial run and
of each process of the parallel one too: copying the pages written after the fork is
most of what a parallel run pays. The comparison runs in a Python process of its own,
which only audits, as ``scala40 replay`` does (see :func:`jobs_compared_apart`).
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import io
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: ``--installed`` measures the scala40 installed in this Python (a compiled wheel, say)
#: rather than this checkout: then nothing runs from the checkout's folder.
INSTALLED = "--installed" in sys.argv
RUN_DIR = Path(tempfile.gettempdir()) if INSTALLED else ROOT
if not INSTALLED:
    sys.path.insert(0, str(ROOT))

import end_to_end  # noqa: E402  (bench/, the folder of this script)
from end_to_end import split_loop  # noqa: E402

from scala40cli.audit.pipeline import audit_path, stream_records  # noqa: E402
from scala40cli.judging.match.referee import replay  # noqa: E402
from scala40cli.reading.chunks import decode_chunk, game_chunks  # noqa: E402
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


def streamed(path: Path, jobs: int) -> tuple[int, int]:
    """Every record of ``stream_records`` over the file (what ``scala40 replay`` judges
    before it writes), and the most worker processes seen alive while they came."""
    sources = [(str(path), str(path))]
    records = workers = 0
    for _ in stream_records(sources, None, jobs=jobs):
        records += 1
        if records % 16 == 1:  # the workers live from the first batch to the end
            workers = max(workers, child_processes())
    return records, workers


def child_processes() -> int:
    """The processes this one has forked and not reaped (Linux /proc; 0 elsewhere)."""
    try:
        return sum(len((task / "children").read_text().split())
                   for task in Path("/proc/self/task").iterdir())
    except OSError:
        return 0


@dataclass(frozen=True)
class JobsRun:
    """What one run of ``stream_records(..., jobs=N)`` cost, in CPU seconds."""

    jobs: int
    records: int
    workers: int
    parent: float  # this process (judging, sending, receiving, reporting)
    children: float  # every worker, from its fork to its exit, as the system counts it
    #: Page faults (minor: a page copied after the fork, or first touched) of this
    #: process and of the workers: what a parallel run pays most for (see docs/performance.md).
    faults: int
    children_faults: int

    @property
    def total(self) -> float:
        return self.parent + self.children

    @property
    def least_wall(self) -> float:
        """The least wall time the run could take on ``jobs`` cores of its own, given
        the CPU it spent: no process can finish before its own CPU time, nor the run
        before its total CPU spread evenly over the cores (a worker's share is taken
        as the workers' mean, exact for ``--jobs 2``, which has one worker)."""
        return max(self.parent, self.children / max(self.workers, 1), self.total / self.jobs)


def jobs_run(path: Path, jobs: int) -> JobsRun:
    """One run of the audit as ``scala40 replay --jobs N`` does it (the same workers,
    batches and records; only the report is not written), measured in CPU time:
    this process's ``process_time`` and, for the workers, ``RUSAGE_CHILDREN`` once
    they are reaped."""
    start, before = time.process_time(), children_cpu()
    faults, children_faults = page_faults()
    records, workers = streamed(path, jobs)
    parent = time.process_time() - start
    after = page_faults()
    return JobsRun(jobs, records, workers, parent, children_cpu() - before,
                   after[0] - faults, after[1] - children_faults)


def page_faults() -> tuple[int, int]:
    """The minor page faults of this process and of its reaped children so far."""
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt)


def records_label(path: Path) -> str:
    """The size of a corpus, for the ``--jobs`` lines."""
    return f"{path.stat().st_size / 1e6:.1f} MB"


@dataclass(frozen=True)
class JobsComparison:
    """``--jobs 1`` and ``--jobs 2`` on one corpus, run in turns (a round is one of
    each), so that a change in the machine's load falls on both alike."""

    serial: float  # the least CPU time of a serial run
    serial_faults: int  # the median page faults of a serial run
    records: int
    best: JobsRun  # the parallel run of the least :meth:`JobsRun.least_wall`
    #: Each round's speed-up: its serial CPU over its parallel run's least wall time.
    #: Paired so, a round on a busier minute weighs both runs alike.
    paired: tuple[float, ...]
    #: Each round's speed-up of two independent audits side by side (:func:`side_by_side`).
    side_by_side: tuple[float, ...] = ()

    @property
    def speed_up(self) -> float:
        return self.serial / self.best.least_wall

    def spread(self) -> str:
        """The median and quartiles of the rounds' speed-ups."""
        return spread(self.paired)


def spread(ratios: tuple[float, ...]) -> str:
    """The median and quartiles of rounds' speed-ups (each round, if they are few)."""
    if len(ratios) < 4:
        return f"rounds {', '.join(f'{x:.2f}x' for x in ratios)}"
    low, middle, high = statistics.quantiles(ratios, n=4)
    return f"median of {len(ratios)} rounds {middle:.2f}x (quartiles {low:.2f}x, {high:.2f}x)"


def audit_in_a_child(path: Path) -> int:
    """Fork a process that audits ``path`` serially, as :func:`streamed`, and ends."""
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            streamed(path, 1)
            status = 0
        finally:
            os._exit(status)
    return pid


def child_cpu(pid: int) -> float:
    """The CPU time of a child, from its fork to its exit, once it has ended."""
    _, status, usage = os.wait4(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the audit in a child failed"
    return usage.ru_utime + usage.ru_stime


def side_by_side(path: Path) -> float:
    """One round's speed-up of two serial audits of ``path`` run at once, each in a
    process forked for it, over one run alone the same way: twice the CPU of the one
    alone over the larger of the two's. They share nothing once forked and send
    nothing, so what they lose is what the two cores (their caches, the memory, the
    host's other tenants) cost each other: no parallel run, which pays that and the
    cost of its messages, can beat it. A forked audit pays for the pages it copies
    either way."""
    alone = child_cpu(audit_in_a_child(path))
    pair = [audit_in_a_child(path) for _ in range(2)]
    return 2 * alone / max(child_cpu(pid) for pid in pair)


def jobs_compared(path: Path, rounds: int, side_rounds: int = 0) -> JobsComparison:
    """``rounds`` rounds of a serial streamed audit and a ``--jobs 2`` one, after one of
    each to warm up (the parser, the lines seen), in this process, and ``side_rounds``
    rounds of :func:`side_by_side` among them, so that both measure the same minutes."""
    streamed(path, 1)
    jobs_run(path, 2)
    serials: list[float] = []
    serial_faults: list[int] = []
    runs: list[JobsRun] = []
    side: list[float] = []
    every = max(rounds // max(side_rounds, 1), 1)
    records = 0
    for number in range(rounds):
        start, faults = time.process_time(), page_faults()[0]
        records = streamed(path, 1)[0]
        serials.append(time.process_time() - start)
        serial_faults.append(page_faults()[0] - faults)
        # Just before a fork: its children leave this process's pages to fault again at
        # their next write, which the parallel run's own fork does anyway.
        if number % every == 0 and len(side) < side_rounds:
            side.append(side_by_side(path))
        runs.append(jobs_run(path, 2))
        assert runs[-1].records == records, "--jobs 2 must give every record"
    side += [side_by_side(path) for _ in range(side_rounds - len(side))]
    paired = tuple(serial / run.least_wall for serial, run in zip(serials, runs, strict=True))
    return JobsComparison(min(serials), int(statistics.median(serial_faults)), records,
                          min(runs, key=lambda run: run.least_wall), paired, tuple(side))


def jobs_compared_apart(path: Path, rounds: int, side_rounds: int = 0) -> JobsComparison:
    """:func:`jobs_compared` in a Python process of its own, as ``scala40 replay`` has.

    A parallel run pays for every page either process writes after the fork, and how
    many pages a run's objects spread over depends on what the process did before. In
    this one, after python-chess and the other steps, the same runs faulted about
    twice as many pages as in a process that only audits, which no user's run pays."""
    command = [sys.executable, str(Path(__file__).resolve()), "--jobs-only", str(path),
               "--jobs-rounds", str(rounds), "--side-rounds", str(side_rounds),
               *(["--installed"] if INSTALLED else [])]
    out = subprocess.run(command, check=True, capture_output=True, text=True,
                         cwd=RUN_DIR).stdout
    fields = json.loads(out)
    fields["best"] = JobsRun(**fields["best"])
    fields["paired"] = tuple(fields["paired"])
    fields["side_by_side"] = tuple(fields["side_by_side"])
    return JobsComparison(**fields)


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
    parser.add_argument("--repeat", type=int, default=5, help="runs of each step (best kept)")
    parser.add_argument("--jobs-rounds", type=int, default=24,
                        help="rounds of --jobs 1 and --jobs 2 in turns, on each corpus")
    parser.add_argument("--side-rounds", type=int, default=8,
                        help="rounds of two independent audits side by side, on the corpus")
    parser.add_argument("--chess-plies", type=int, default=60_000, help="plies of PGN to read")
    parser.add_argument("--e2e-matches", type=int, default=100,
                        help="matches of tools/make_matches.py (2 to 6 players) end to end")
    parser.add_argument("--e2e-copies", type=int, default=8,
                        help="copies of those matches in the end-to-end corpus")
    parser.add_argument("--e2e-rounds", type=int, default=7,
                        help="rounds of the end-to-end command and the split loop")
    parser.add_argument("--installed", action="store_true",
                        help="measure the installed scala40 (such as a compiled wheel)")
    parser.add_argument("--jobs-only", type=Path, metavar="FILE",
                        help="only compare --jobs 1 and 2 on FILE, printed as JSON "
                             "(how the full run measures it, in a process of its own)")
    args = parser.parse_args()
    if args.jobs_only is not None:
        print(json.dumps(dataclasses.asdict(
            jobs_compared(args.jobs_only, args.jobs_rounds, args.side_rounds))))
        return
    import scala40cli.judging.match.referee

    referee = scala40cli.judging.match.referee
    build = "compiled" if not referee.__file__.endswith(".py") else "pure Python"
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
        jobs = [(f"the corpus, {records_label(corpus)}",
                 jobs_compared_apart(corpus, args.jobs_rounds, args.side_rounds), 1),
                (f"4 copies of it, {records_label(big_corpus)}",
                 jobs_compared_apart(big_corpus, args.jobs_rounds), 4)]
        big_corpus.unlink()
        independent = end_to_end.make_corpus(folder, args.e2e_matches, args.e2e_copies,
                                             args.seed)
        e2e = end_to_end.measure(independent, args.e2e_rounds, INSTALLED, env)
        e2e_events = end_to_end.count_events(independent, INSTALLED)

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
    print("full audit --jobs 2, as replay streams it; speed-up in CPU-bound throughput = "
          "serial CPU / least wall time on 2 cores (max(a process's CPU, total CPU / 2))")
    for label, compared, copies in jobs:
        best, t_stream = compared.best, compared.serial
        print(f"  on {label} ({compared.records:,} records): serial {t_stream:.3f} s; "
              f"parallel: this process {best.parent:.3f} s, {best.workers} worker(s) "
              f"{best.children:.3f} s, total {best.total:.3f} s "
              f"(+{best.total - t_stream:.3f} s)")
        print(f"    speed-up {compared.speed_up:.2f}x (the best runs), "
              f"{copies * events / best.least_wall:,.0f} events/s; efficiency "
              f"{t_stream / best.total:.0%} (serial CPU / total CPU); {compared.spread()}")
        print(f"    page faults: serial {compared.serial_faults:,}; parallel: this process "
              f"{best.faults:,}, worker(s) {best.children_faults:,}")
        if compared.side_by_side:
            print(f"    two serial audits side by side, each forked, sharing nothing: "
                  f"{spread(compared.side_by_side)}; no parallel run can beat it here")
    e2e_rate = e2e_events / e2e.replay
    print(f"{end_to_end.describe(e2e, e2e_events)}; {e2e_rate / chess_rate:.2f}x python-chess")
    for label, cpu in startup.items():
        print(f"start-up: {label:<46}{cpu:6.3f} s CPU")
    print(f"peak memory of replay --format jsonl: {small / 1024:.0f} MB for the corpus, "
          f"{big / 1024:.0f} MB for 4 copies of it (ratio {big / small:.2f}; target: flat)")
    print("targets: full audit >= 3x python-chess and <= 15x the split loop; --version "
          "<= 0.08 s; --jobs 2 >= 1.8x; the command end to end <= 15x the split loop")


if __name__ == "__main__":
    main()
