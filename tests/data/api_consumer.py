"""An example program using the public API, type-checked by tests/test_api.py with
``mypy --strict``: what a consumer writes must check without ignores or casts."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import scala40
from scala40cli import FileResult, GameResult, Problem, Summary, audit_file, iter_games


def audit_folder(folder: Path, rules: scala40.Rules = None) -> tuple[list[FileResult], Summary]:
    """Every log of a folder, and the totals."""
    results = [audit_file(path, rules=rules) for path in sorted(folder.glob("*.s40"))]
    return results, sum((scala40.summarize([result]) for result in results), Summary.zero())


def problems(result: FileResult) -> list[str]:
    found: list[str] = [f"{error.code} {error.message}" for error in result.errors]
    for game in result.games:
        found += [f"{v.code} line {v.line}: {v.message}" for v in game.violations]
    return found


def winners(lines: Iterable[str]) -> dict[int, str | None]:
    out: dict[int, str | None] = {}
    for item in iter_games(lines, rules={"preset": "classic", "opening_points": 40}):
        if isinstance(item, GameResult):
            out[item.index] = item.winner
        else:
            problem: Problem = item
            print(problem.to_dict()["message"], file=sys.stderr)
    return out


def as_json(result: FileResult) -> dict[str, Any]:
    document: dict[str, Any] = scala40.json_report([result])
    games: list[dict[str, Any]] = [game.to_dict() for game in result.games]
    assert document["files"][0]["games"] == games
    return document


def main() -> int:
    results, summary = audit_folder(Path(sys.argv[1]), rules="scala50")
    text = scala40.audit_text(b"[Players \"A\" \"B\"]\n", name="inline.s40")
    for result in [*results, text]:
        print("\n".join(problems(result)))
        as_json(result)
    try:
        scala40.rule_choice(Path("rules.toml"))
    except scala40.RulesError as error:
        print(error)
    print(summary.to_dict(), winners(["[Players \"A\" \"B\"]"]))
    return 0 if summary.violations == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
