"""How the outcome of a game changes from one rule set to another.

The same game is replayed under several rule sets (``scala40 replay --compare``); this
module lines the results up and lists what differs: the winner, the totals, who was
eliminated and when, each hand's closing and penalties, and which violations are found
under which rule sets. Everything is turned into short texts so that a person reads a
difference at a glance and a program compares values without knowing their types.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from .results import FileResult, GameResult


@dataclass(frozen=True, slots=True, kw_only=True)
class Difference:
    """One thing that is not the same under every rule set: its value under each."""

    topic: str
    values: dict[str, str]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameComparison:
    """One game replayed under several rule sets, and what differs."""

    path: str
    index: int
    line: int
    rule_sets: tuple[str, ...]
    results: tuple[GameResult, ...]
    differences: tuple[Difference, ...]

    @property
    def same(self) -> bool:
        return not self.differences


Probe = Callable[[GameResult], str]


def _winner(game: GameResult) -> str:
    return game.winner or ("none" if game.finished else "not finished")


def _eliminated(game: GameResult) -> str:
    return ", ".join(f"{e.player} (hand {e.hand})" for e in game.eliminated) or "nobody"


def _violations(game: GameResult) -> str:
    return str(len(game.violations))


def _probes(results: Sequence[GameResult]) -> list[tuple[str, Probe]]:
    """Every topic worth comparing, in the order a reader wants them."""
    probes: list[tuple[str, Probe]] = [
        ("winner", _winner), ("eliminated", _eliminated), ("violations", _violations)]
    players = results[0].players
    probes += [(f"total {p}", partial(_total, player=p)) for p in players]
    numbers = sorted({hand.number for game in results for hand in game.hands})
    for number in numbers:
        probes.append((f"hand {number} closing", partial(_hand_closing, number=number)))
        probes += [(f"hand {number} {p}", partial(_hand_penalty, number=number, player=p))
                   for p in players]
    return probes


def _total(game: GameResult, *, player: str) -> str:
    return str(game.totals.get(player, "-"))


def _hand_closing(game: GameResult, *, number: int) -> str:
    hand = next((h for h in game.hands if h.number == number), None)
    if hand is None:
        return "not played"
    return f"{hand.closer} ({hand.closing})" if hand.closer else str(hand.closing)


def _hand_penalty(game: GameResult, *, number: int, player: str) -> str:
    hand = next((h for h in game.hands if h.number == number), None)
    if hand is None or player not in hand.penalties:
        return "-"
    return str(hand.penalties[player])


def _violation_differences(names: Sequence[str], results: Sequence[GameResult]
                           ) -> list[Difference]:
    """A violation found under some rule sets and not others (by code, line, player)."""
    found = [{(v.line, v.code, v.player or ""): v.message for v in game.violations}
             for game in results]
    differences = []
    for key in sorted(set().union(*found)):
        present = [key in per_set for per_set in found]
        if all(present):
            continue
        line, code, player = key
        values = {name: (per_set[key] if here else "legal")
                  for name, per_set, here in zip(names, found, present, strict=True)}
        topic = f"line {line}: {code}" + (f" {player}" if player else "")
        differences.append(Difference(topic=topic, values=values))
    return differences


def compare_results(names: Sequence[str], results: Sequence[GameResult]) -> tuple[Difference, ...]:
    """What differs between the results of one game under the named rule sets."""
    differences = []
    for topic, probe in _probes(results):
        values = {name: probe(game) for name, game in zip(names, results, strict=True)}
        if len(set(values.values())) > 1:
            differences.append(Difference(topic=topic, values=values))
    differences += _violation_differences(names, results)
    return tuple(differences)


def compare_game(path: str, names: Sequence[str], results: Sequence[GameResult]
                 ) -> GameComparison:
    first = results[0]
    return GameComparison(path=path, index=first.index, line=first.line,
                          rule_sets=tuple(names), results=tuple(results),
                          differences=compare_results(names, results))


def compare_files(names: Sequence[str], runs: Sequence[Sequence[FileResult]]
                  ) -> list[GameComparison]:
    """Every game of every file, compared across the rule sets.

    ``runs[i]`` holds the results of every file under rule set ``names[i]``; the files
    and their games come in the same order in each run.
    """
    comparisons = []
    for per_set in zip(*runs, strict=True):
        path = per_set[0].path
        for games in zip(*(result.games for result in per_set), strict=True):
            comparisons.append(compare_game(path, names, games))
    return comparisons
