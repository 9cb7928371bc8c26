"""Peak memory of ``scala40 replay`` in each output format on a file of many tiny games.

    python bench/memory.py [--games N] [--formats text,json,jsonl,...] [--root DIR]

Writes a log of N tiny games (200,000 by default: two players, one unfinished hand, so
each game has one violation), runs ``replay --format F`` on it for each format in a new
process (standard output to /dev/null) and prints the process's peak resident memory
(``VmHWM``; ``ru_maxrss`` would be wrong, as Linux keeps it across exec) and the bytes a
game that this means, over the memory of a run on one game. ``--root`` measures the
scala40 of another checkout, to compare before and after a change. It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import contextlib, os, sys
from scala40cli.cli.main import main
with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
    try:
        main(["replay", "--format", sys.argv[1], "--exit-zero", sys.argv[2]])
    except SystemExit:
        pass
with open("/proc/self/status", encoding="ascii") as status:
    print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""

TINY_GAME = b'[Players "Anna" "Bruno"]\nhand 1\n'


def peak_kb(root: Path, report_format: str, log: Path) -> int:
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", PROBE, report_format, str(log)], env=env,
                          capture_output=True, text=True, check=True, cwd=root)
    return int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--formats", default="text,json,jsonl,sarif,junit,github")
    parser.add_argument("--root", type=Path, default=ROOT)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        one, many = Path(folder) / "one.s40", Path(folder) / "many.s40"
        one.write_bytes(TINY_GAME)
        many.write_bytes(TINY_GAME * options.games)
        print(f"{options.games:,} tiny games ({many.stat().st_size:,} bytes), "
              f"scala40 of {options.root}")
        print(f"{'format':8} {'1 game':>10} {'all games':>12} {'bytes a game':>13}")
        for report_format in options.formats.split(","):
            base = peak_kb(options.root, report_format, one)
            peak = peak_kb(options.root, report_format, many)
            each = (peak - base) * 1024 / options.games
            print(f"{report_format:8} {base:>8} KB {peak:>9} KB {each:>13,.0f}")


if __name__ == "__main__":
    main()
