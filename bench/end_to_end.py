"""The speed a user meets: ``scala40 replay --format json FILE`` as a command, in CPU time.

    python bench/end_to_end.py [--matches N] [--copies C] [--seed S] [--corpus FILE]
                               [--short-matches N] [--short-copies C]
                               [--rounds R] [--installed] [--json]

``bench/speed.py`` times the audit inside one Python process, on matches of 4 players
made by the project's own simulator. A user runs the command: Python starts, the
command's modules load, the log is read, parsed and judged, and the JSON report is
written. This measures that, on a corpus the project's code did not make:
``tools/make_matches.py`` (an independent implementation of the game) plays ``--matches``
matches, as many of 2, 3, 4, 5 and 6 players, and the corpus is ``--copies`` copies of
them one after the other (100 matches, 8 copies: 8.6 MB, 384,160 events).

A second corpus stands for a site whose matches are mostly short (issue 35):
``--short-matches`` matches of ``tools/make_matches.py``, as many of each table size
from 2 to 6 players and of each length: closed in one go in their first hand, or
stopped after 1, 2 or 3 hands; a ``stock`` line each hand; ``--short-copies`` copies
(500 matches, 6 copies: about 6 MB). There a game and a hand weigh more against their
events: the figure of the two corpora side by side says what they cost.

Each round times, one after the other, the bare split loop over the file in this
process (``for line in f: line.split()``, as ``bench/speed.py`` does) and the command
in a child process, its standard output going to ``/dev/null`` (its CPU time, user and
system, from ``os.wait4``: start-up and the report's writing included). The rounds
alternate so that a change of the machine's load falls on both alike; the best of each
is kept, and the median of each round's own ratio is printed beside it. It asserts
nothing; compare the ratio with the target of issue 25: the command within 15x the
split loop.

``--installed`` runs the ``scala40`` installed beside this Python (a compiled wheel,
say), from a temporary folder; without it, ``python -m scala40cli`` from this checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAKE_MATCHES = ROOT / "tools" / "make_matches.py"
PLAYERS = (2, 3, 4, 5, 6)
#: The short matches: each ``tools/make_matches.py`` options, in turn.
SHORT_KINDS = (("--max-hands", "1", "--rig-in-one-go"), ("--max-hands", "1"),
               ("--max-hands", "2"), ("--max-hands", "3"))


def split_loop(path: Path) -> int:
    """The yardstick: read and split every line of the file, and nothing else."""
    words = 0
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            words += len(line.split())
    return words


def make_corpus(folder: Path, matches: int, copies: int, seed: int) -> Path:
    """``matches`` matches of ``tools/make_matches.py``, as many of each table size from
    2 to 6 players, written ``copies`` times into one log."""
    parts = []
    for number, players in enumerate(PLAYERS):
        games = matches // len(PLAYERS) + (number < matches % len(PLAYERS))
        part = folder / f"players-{players}.s40"
        subprocess.run([sys.executable, str(MAKE_MATCHES), "--players", str(players),
                        "--games", str(games), "--seed", str(seed + 1000 * players),
                        "--out", str(part)], check=True)
        parts.append(part.read_bytes().rstrip(b"\n") + b"\n\n")
    corpus = folder / f"matches-{matches}x{copies}.s40"
    with corpus.open("wb") as out:
        for _ in range(copies):
            for part_bytes in parts:
                out.write(part_bytes)
    return corpus


def make_short_corpus(folder: Path, matches: int, copies: int, seed: int) -> Path:
    """``matches`` short matches (see the module), as many of each table size and kind,
    written ``copies`` times into one log."""
    parts = []
    kinds = [(players, kind) for players in PLAYERS for kind in SHORT_KINDS]
    for number, (players, kind) in enumerate(kinds):
        games = matches // len(kinds) + (number < matches % len(kinds))
        if games == 0:
            continue
        part = folder / f"short-{number}.s40"
        subprocess.run([sys.executable, str(MAKE_MATCHES), "--players", str(players),
                        "--games", str(games), "--seed", str(seed + 1000 * number),
                        *kind, "--out", str(part)], check=True)
        parts.append(part.read_bytes().rstrip(b"\n") + b"\n\n")
    corpus = folder / f"short-{matches}x{copies}.s40"
    with corpus.open("wb") as out:
        for _ in range(copies):
            for part_bytes in parts:
                out.write(part_bytes)
    return corpus


def count_events(path: Path, installed: bool) -> int:
    """The events of the log, as the parser reads them (for events a second)."""
    if not installed and str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from scala40cli.reading.chunks import decode_chunk, game_chunks
    from scala40cli.reading.events import GameLog
    from scala40cli.reading.parser import iter_games

    events = 0
    with path.open("rb") as handle:
        for chunk in game_chunks(handle):
            text = decode_chunk(chunk)
            assert isinstance(text, str), f"{path} is not UTF-8"
            events += sum(len(game.events) for game in iter_games(text, first_line=chunk.first_line)
                          if isinstance(game, GameLog))
    return events


def command(installed: bool) -> tuple[list[str], Path]:
    """How to run ``scala40``, and from which folder."""
    if installed:
        script = Path(sys.executable).parent / "scala40"
        found = str(script) if script.is_file() else shutil.which("scala40")
        if found is None:
            raise SystemExit("--installed: no scala40 script beside this Python")
        return [found], Path(tempfile.gettempdir())
    return [sys.executable, "-m", "scala40cli"], ROOT


def command_cpu(words: list[str], folder: Path, env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one run of a command, its output to /dev/null."""
    with open(os.devnull, "wb") as sink:
        child = subprocess.Popen(words, stdout=sink, stderr=subprocess.DEVNULL, cwd=folder,
                                 env=env)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):  # 1: violations found, a report all the same
        raise SystemExit(f"{' '.join(words)} exited {child.returncode}")
    return usage.ru_utime + usage.ru_stime


def games_of(path: Path) -> int:
    """The games of a log: its lines that start one (a tag after an event)."""
    games, after_event = 0, True
    with path.open("rb") as handle:
        for line in handle:
            if line.startswith(b"["):
                games += after_event
                after_event = False
            elif line.strip() and not line.startswith((b";", b"#")):
                after_event = True
    return games


def split_cpu(path: Path) -> float:
    start = time.process_time()
    split_loop(path)
    return time.process_time() - start


@dataclass(frozen=True)
class EndToEnd:
    """Best CPU seconds of the split loop and of the command, and each round's ratio."""

    corpus_bytes: int
    split: float
    replay: float
    rounds: tuple[float, ...]

    @property
    def ratio(self) -> float:
        return self.replay / self.split


def measure(corpus: Path, rounds: int, installed: bool, env: dict[str, str]) -> EndToEnd:
    """``rounds`` rounds of the split loop and ``scala40 replay --format json``, in
    turns, after one of each to warm the file's pages and the parser's cache."""
    words, folder = command(installed)
    replay = [*words, "replay", "--format", "json", str(corpus)]
    split_cpu(corpus)
    command_cpu(replay, folder, env)
    splits, replays = [], []
    for _ in range(rounds):
        splits.append(split_cpu(corpus))
        replays.append(command_cpu(replay, folder, env))
    ratios = tuple(r / s for r, s in zip(replays, splits, strict=True))
    return EndToEnd(corpus.stat().st_size, min(splits), min(replays), ratios)


def describe(result: EndToEnd, events: int | None = None, name: str = "") -> str:
    rate = f", {events / result.replay:,.0f} events/s" if events else ""
    return (f"scala40 replay --format json, as a command ({name}{result.corpus_bytes / 1e6:.1f} "
            f"MB): "
            f"{result.replay:.3f} s CPU{rate}; split loop {result.split:.3f} s; "
            f"{result.ratio:.1f}x the split loop (best runs; median of {len(result.rounds)} "
            f"rounds {statistics.median(result.rounds):.1f}x; target <= 15x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100, help="matches, 2 to 6 players")
    parser.add_argument("--copies", type=int, default=8, help="copies of them in the corpus")
    parser.add_argument("--seed", type=int, default=1, help="seed of the matches")
    parser.add_argument("--corpus", type=Path, help="a log to measure instead of both")
    parser.add_argument("--short-matches", type=int, default=500,
                        help="short matches, 2 to 6 players (0: none)")
    parser.add_argument("--short-copies", type=int, default=6,
                        help="copies of them in the short corpus")
    parser.add_argument("--rounds", type=int, default=7, help="rounds (best kept)")
    parser.add_argument("--installed", action="store_true",
                        help="run the installed scala40 (such as a compiled wheel)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
        env.pop("GITHUB_STEP_SUMMARY", None)
        corpus = args.corpus or make_corpus(folder, args.matches, args.copies, args.seed)
        result = measure(corpus, args.rounds, args.installed, env)
        events = count_events(corpus, args.installed)
        short = None
        if args.corpus is None and args.short_matches > 0:
            short_corpus = make_short_corpus(folder, args.short_matches, args.short_copies,
                                             args.seed)
            short = (measure(short_corpus, args.rounds, args.installed, env),
                     count_events(short_corpus, args.installed), games_of(short_corpus))
    if args.json:
        figures: dict[str, object] = {**asdict(result), "ratio": result.ratio, "events": events}
        if short is not None:
            figures["short"] = {**asdict(short[0]), "ratio": short[0].ratio,
                                "events": short[1], "games": short[2]}
        print(json.dumps(figures))
    else:
        print(describe(result, events))
        if short is not None:
            print(describe(short[0], short[1], f"{short[2]:,} short matches, "))


if __name__ == "__main__":
    main()
