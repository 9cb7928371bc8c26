#!/usr/bin/env python3
"""Mutation testing of the judging core: would a test fail if a rule were broken?

Each mutant in :data:`MUTANTS` (bench/mutant_list.py) changes one rule of the referee
in one place: a switch's comparison inverted or made always true or false, a number
changed by one (the opening points, a run's length, 101, a card's value, the jokers a
meld holds), a ``<`` made ``<=``, a branch giving the other verdict. The script writes
the mutant into the file, runs a fixed selection of fast tests (``TESTS``, about 12 s
unmutated), notes whether some test fails (the mutant is *killed*) or none does (it
*survives*), and puts the file back (its bytes, then ``git checkout -- FILE``) before
the next one. A survivor is either equivalent (no verdict can change: docs/development.md
lists them, each with why) or a hole in the tests.

    python bench/mutants.py                 # every mutant, one at a time (~10 min)
    python bench/mutants.py --only scoring  # the mutants whose label holds 'scoring'
    python bench/mutants.py --numbers 18,60 # mutants 18 and 60 only
    python bench/mutants.py --list          # the mutants, without running anything

It prints one line a mutant and the figures at the end; the exit status is 1 when a
mutant that is not listed as equivalent survives. Run it on a clean checkout: it
refuses to start when the files it mutates have changes of their own.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from mutant_list import EQUIVALENT, MUTANTS, Mutant  # noqa: E402

#: The judging-related test files a mutant is run against (not slow: ~12 s in all).
TESTS = (
    "tests/test_melds.py", "tests/test_verify.py", "tests/test_scoring.py",
    "tests/test_standings.py", "tests/test_switches.py", "tests/test_rules.py",
    "tests/test_phases.py", "tests/test_hand_referee.py", "tests/test_hand_openings.py",
    "tests/test_placement.py", "tests/test_refused_melds.py", "tests/test_fixtures.py",
    "tests/test_one_mistake.py", "tests/test_boundaries.py", "tests/test_cards.py",
    "tests/test_held_cards.py", "tests/test_records.py", "tests/test_api.py",
)
#: A mutant that makes the tests run longer than this is killed (a loop it made endless).
TIMEOUT = 120


def label(mutant: Mutant) -> str:
    path, old, new = mutant
    return f"{path}: {old.strip()!r} -> {new.strip()!r}"


def mutated(mutant: Mutant) -> tuple[Path, str, str]:
    """The file, its text and the mutant's text; SystemExit when ``old`` is not in the
    file exactly once (the list no longer matches the code)."""
    path, old, new = mutant
    file = ROOT / "scala40cli" / path
    text = file.read_text(encoding="utf-8")
    if text.count(old) != 1:
        raise SystemExit(f"{label(mutant)}: found {text.count(old)} times, not once")
    changed = text.replace(old, new)
    compile(changed, str(file), "exec")  # a mutant must be valid Python
    return file, text, changed


def run_tests(python: str) -> tuple[bool, str]:
    """(some test failed, the first failure's name) for the code as it is now."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    command = ["nice", "-n", "19", python, "-m", "pytest", "-x", "-q", "-m", "not slow",
               "-p", "no:cacheprovider", "-p", "no:randomly", *TESTS]
    try:
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return True, "(timeout)"
    if done.returncode == 0:
        return False, ""
    failed = [line.split(" ", 1)[1].split(" - ")[0] for line in done.stdout.splitlines()
              if line.startswith(("FAILED ", "ERROR "))]
    return True, failed[0] if failed else f"(pytest exit {done.returncode})"


def check_clean(files: set[str]) -> None:
    paths = [str(ROOT / "scala40cli" / f) for f in sorted(files)]
    if subprocess.run(["git", "diff", "--quiet", "--", *paths], cwd=ROOT, check=False).returncode:
        raise SystemExit("the files to mutate have uncommitted changes: commit them first")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="run the mutants whose label holds this")
    parser.add_argument("--numbers", default="",
                        help="run these mutants only, by their numbers: 18,60,85")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--python", default=sys.executable, help="the Python that runs pytest")
    args = parser.parse_args()
    numbers = {int(n) for n in args.numbers.split(",") if n.strip()}
    chosen = [m for n, m in enumerate(MUTANTS, start=1)
              if args.only in label(m) and (not numbers or n in numbers)]
    for m in chosen:
        mutated(m)  # every mutant applies, before anything runs
    if args.list:
        print("\n".join(label(m) for m in chosen))
        return 0
    check_clean({m[0] for m in chosen})
    failed, first = run_tests(args.python)
    if failed:
        raise SystemExit(f"the tests fail on the code as it is ({first}): fix that first")
    killed = survived = 0
    holes: list[str] = []
    started = time.monotonic()
    for mutant in chosen:
        number = MUTANTS.index(mutant) + 1
        file, text, changed = mutated(mutant)
        try:
            file.write_text(changed, encoding="utf-8")
            failed, first = run_tests(args.python)
        finally:
            file.write_text(text, encoding="utf-8")
            subprocess.run(["git", "checkout", "--", str(file)], cwd=ROOT, check=True)
        if failed:
            killed += 1
            verdict = f"killed by {first}"
        else:
            survived += 1
            equivalent = EQUIVALENT.get(mutant)
            verdict = f"SURVIVED (equivalent: {equivalent})" if equivalent else "SURVIVED"
            if not equivalent:
                holes.append(label(mutant))
        print(f"{number:3} {label(mutant)}\n    {verdict}", flush=True)
    check_clean({m[0] for m in chosen})
    minutes = (time.monotonic() - started) / 60
    print(f"\n{len(chosen)} mutants in {minutes:.1f} min: {killed} killed, {survived} "
          f"survived ({survived - len(holes)} equivalent, {len(holes)} not)")
    for hole in holes:
        print(f"  hole: {hole}")
    return 1 if holes else 0


if __name__ == "__main__":
    sys.exit(main())
