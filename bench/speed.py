"""How fast scala40 audits, as ratios measured in one run on this machine.

    python bench/speed.py [--copies N] [--corpus FILE]

Builds a corpus by repeating the shipped legal fixtures (or reads FILE), then measures
on the same file, one after the other:

- the bare cost of reading and splitting its lines (``for line in f: line.split()``);
- the parser alone (cut into games, decode, parse into events);
- the referee alone (replay the parsed games);
- the full audit (``audit_path``: read, parse, replay, collect), in events a second;
- the full audit with ``--jobs 2``, and its speed-up over one process;
- peak memory of ``replay --format jsonl`` on the corpus and on one 16 times larger.

It prints times and ratios; it asserts nothing (machines are noisy: compare ratios).
Targets (issue 5): full audit within 10x of the split loop, 100,000 events a second on
one core, memory flat in the file's size, --jobs 2 at least 1.8x faster than 1.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scala40cli.audit import audit_path  # noqa: E402
from scala40cli.chunks import decode_chunk, game_chunks  # noqa: E402
from scala40cli.events import GameLog  # noqa: E402
from scala40cli.parser import iter_games  # noqa: E402
from scala40cli.referee import replay  # noqa: E402

MEMORY_PROBE = """
import contextlib, os, resource, sys
from scala40cli.cli import main
with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
    main(["replay", "--format", "jsonl", "--exit-zero", sys.argv[1]], standalone_mode=False)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

def build_corpus(folder: Path, copies: int) -> Path:
    fixtures = sorted((ROOT / "fixtures" / "legal").glob("*.s40"))
    text = "\n".join(path.read_text(encoding="utf-8") for path in fixtures)
    corpus = folder / f"corpus-{copies}.s40"
    corpus.write_text("\n".join([text] * copies) + "\n", encoding="utf-8")
    return corpus


def timed(action: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


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


def peak_memory_kb(path: Path) -> int:
    """Peak memory of ``scala40 replay --format jsonl`` over the file, in a fresh process."""
    out = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(path)], check=True,
                         capture_output=True, text=True, cwd=ROOT).stdout.split()
    return int(out[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=40, help="repeats of the fixtures")
    parser.add_argument("--corpus", type=Path, help="a log to measure instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        corpus = args.corpus or build_corpus(Path(folder), args.copies)
        size = corpus.stat().st_size
        # Memory first: a child started later would count the pages of this process,
        # which by then holds every parsed game (Linux keeps ru_maxrss across exec).
        small = peak_memory_kb(corpus)
        big_corpus = Path(folder) / "big.s40"
        data = corpus.read_bytes()
        with big_corpus.open("wb") as big_file:  # 16 copies, never 16x in memory
            for _ in range(16):
                big_file.write(data if data.endswith(b"\n") else data + b"\n")
        del data
        big = peak_memory_kb(big_corpus)
        t_split, _ = timed(lambda: split_loop(corpus))
        t_parse, games = timed(lambda: parse_only(corpus))
        parsed: list[GameLog] = games  # type: ignore[assignment]
        events = sum(len(g.events) for g in parsed)
        t_referee, _ = timed(lambda: [replay(g) for g in parsed])
        t_full, result = timed(lambda: audit_path(str(corpus)))
        t_jobs2, result2 = timed(lambda: audit_path(str(corpus), jobs=2))
        assert result == result2, "--jobs 2 must give the same result"
    print(f"corpus: {size / 1e6:.1f} MB, {len(parsed)} games, {events} events")
    print(f"split loop        {t_split:8.3f} s   1.0x")
    print(f"parser alone      {t_parse:8.3f} s  {t_parse / t_split:5.1f}x  "
          f"{events / t_parse:10,.0f} events/s")
    print(f"referee alone     {t_referee:8.3f} s  {t_referee / t_split:5.1f}x  "
          f"{events / t_referee:10,.0f} events/s")
    print(f"full audit        {t_full:8.3f} s  {t_full / t_split:5.1f}x  "
          f"{events / t_full:10,.0f} events/s   (target: <= 10x, >= 100,000 events/s)")
    print(f"full audit -j 2   {t_jobs2:8.3f} s  speed-up {t_full / t_jobs2:4.2f}x "
          "(target: >= 1.8x on two cores)")
    print(f"peak memory of replay --format jsonl: {small / 1024:.0f} MB for {len(parsed)} "
          f"games, {big / 1024:.0f} MB for {16 * len(parsed)} games "
          f"(ratio {big / small:.2f} for 16x the games; target: flat)")


if __name__ == "__main__":
    main()
