"""JSON Lines events against ``.s40`` text: the same matches judged both ways, in CPU time.

    python bench/json_lines.py [--players P] [--matches N] [--audits A] [--seed S]
                               [--rounds R] [--installed] [--json]

A game server stores events, not text (issue 34): this measures, in one process, what a
match costs to judge from its ``.s40`` text (``audit_text``), from its JSON Lines
(``audit_text`` of the same match converted by ``scala40 convert``) and from its events
already decoded (``audit_events``, the objects a server holds):

- one match of ``--players`` players (``scala40 simulate --seed S``): the median CPU
  time of ``--audits`` audits of each form, taken in turns after a warm-up, as a server
  audits one match at a time;
- ``--matches`` such matches in one log: games judged a CPU second, the best of
  ``--rounds`` rounds of each form in turns.

Every run keeps the host's garbage collector as it is (the library never turns it off);
the collections each form set off are counted (``gc.get_stats``). ``--gc-off`` also
runs each form with the collector off for the whole process (what a host may choose,
and the library does not), in turns with it on, to show what the collector costs. It
asserts nothing; the target of issue 34 is JSON Lines within 1.5x of the text.
``--installed`` measures the scala40 installed in this Python (a compiled wheel), from a
folder outside the checkout.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INSTALLED = "--installed" in sys.argv
RUN_DIR = Path(tempfile.gettempdir()) if INSTALLED else ROOT
if not INSTALLED:
    sys.path.insert(0, str(ROOT))
else:
    sys.path = [entry for entry in sys.path if Path(entry or ".").resolve() != ROOT]

from scala40cli.api import audit_text  # noqa: E402

try:  # an older build, measured for a comparison, may not have it
    from scala40cli.api import audit_events
except ImportError:
    audit_events = None


def simulated(players: int, matches: int, seed: int) -> bytes:
    """``matches`` matches of ``players`` bots, as a ``.s40`` log."""
    return subprocess.run([sys.executable, "-m", "scala40cli", "simulate", "--players",
                           str(players), "--games", str(matches), "--seed", str(seed)],
                          check=True, capture_output=True, cwd=RUN_DIR).stdout


def converted(log: bytes) -> bytes:
    return subprocess.run([sys.executable, "-m", "scala40cli", "convert", "--to", "jsonl",
                           "-"], input=log, check=True, capture_output=True,
                          cwd=RUN_DIR).stdout


def collections() -> int:
    return sum(generation["collections"] for generation in gc.get_stats())


def cpu(action: Callable[[], object]) -> float:
    start = time.process_time()
    action()
    return time.process_time() - start


def one_match(forms: dict[str, Callable[[], object]], audits: int) -> dict[str, float]:
    """The median CPU seconds of an audit of each form, taken in turns."""
    for action in forms.values():
        for _ in range(20):
            action()
    times: dict[str, list[float]] = {name: [] for name in forms}
    for _ in range(audits):
        for name, action in forms.items():
            times[name].append(cpu(action))
    return {name: statistics.median(found) for name, found in times.items()}


def collector_off(action: Callable[[], object]) -> Callable[[], object]:
    """``action`` run with the collector off, as a host may choose."""
    def run() -> object:
        gc.disable()
        try:
            return action()
        finally:
            gc.enable()
    return run


def corpus(forms: dict[str, Callable[[], object]], rounds: int
           ) -> tuple[dict[str, float], dict[str, int]]:
    """The least CPU seconds of each form over ``rounds`` rounds in turns, and the
    collections each set off in its last round."""
    best = {name: float("inf") for name in forms}
    counted: dict[str, int] = {}
    for _ in range(rounds):
        for name, action in forms.items():
            before = collections()
            best[name] = min(best[name], cpu(action))
            counted[name] = collections() - before
    return best, counted


def measure(args: argparse.Namespace) -> dict[str, object]:
    match = simulated(args.players, 1, args.seed)
    match_jsonl = converted(match)
    match_events = [json.loads(line) for line in match_jsonl.splitlines()]
    forms: dict[str, Callable[[], object]] = {
        "s40": lambda: audit_text(match, name="m.s40"),
        "jsonl": lambda: audit_text(match_jsonl, name="m.jsonl"),
    }
    if audit_events is not None:
        forms["events"] = lambda: audit_events(match_events)
    single = one_match(forms, args.audits)
    log = simulated(args.players, args.matches, args.seed)
    log_jsonl = converted(log)
    games = len(audit_text(log, name="c.s40").games)
    on: dict[str, Callable[[], object]] = {
        "s40": lambda: audit_text(log, name="c.s40"),
        "jsonl": lambda: audit_text(log_jsonl, name="c.jsonl"),
    }
    if args.gc_off:
        on.update({f"{name} gc off": collector_off(action) for name, action in list(on.items())})
    best, counted = corpus(on, args.rounds)
    return {
        "players": args.players, "match_lines": match.count(b"\n"),
        "match_ms": {name: seconds * 1000 for name, seconds in single.items()},
        "match_ratio_jsonl": single["jsonl"] / single["s40"],
        "match_ratio_events": single.get("events", float("nan")) / single["s40"],
        "corpus_games": games, "corpus_mb": {"s40": len(log) / 1e6,
                                             "jsonl": len(log_jsonl) / 1e6},
        "games_per_cpu_second": {name: games / seconds for name, seconds in best.items()},
        "corpus_ratio_jsonl": best["jsonl"] / best["s40"],
        "collections": counted,
        "collector_cost": {name: best[name] / best[f"{name} gc off"] - 1
                           for name in ("s40", "jsonl") if f"{name} gc off" in best},
    }


def describe(figures: dict[str, object]) -> str:
    match_ms = figures["match_ms"]
    rate = figures["games_per_cpu_second"]
    assert isinstance(match_ms, dict) and isinstance(rate, dict)
    cost = figures["collector_cost"]
    assert isinstance(cost, dict)
    lines = "\n".join([
        f"one match of {figures['players']} players "
        f"({figures['match_lines']} lines), median CPU of an audit:",
        f"  .s40 text {match_ms['s40']:.3f} ms, JSON Lines {match_ms['jsonl']:.3f} ms "
        f"({figures['match_ratio_jsonl']:.2f}x), events given decoded "
        f"{match_ms.get('events', float('nan')):.3f} ms "
        f"({figures['match_ratio_events']:.2f}x)",
        f"{figures['corpus_games']} matches: .s40 {rate['s40']:,.0f} games a CPU second, "
        f"JSON Lines {rate['jsonl']:,.0f} ({figures['corpus_ratio_jsonl']:.2f}x the CPU "
        f"time; target <= 1.5x); collections set off {figures['collections']}",
    ])
    if cost:
        lines += "\nthe collector, left on by the library, costs " + ", ".join(
            f"{name} {share:+.1%}" for name, share in cost.items()) + " of the CPU time"
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--audits", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--installed", action="store_true",
                        help="measure the installed scala40 (such as a compiled wheel)")
    parser.add_argument("--gc-off", action="store_true",
                        help="also measure the corpus with the collector off, in turns")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    os.chdir(RUN_DIR)
    figures = measure(args)
    print(json.dumps(figures) if args.json else describe(figures))


if __name__ == "__main__":
    main()
