"""How the outcome of a game changes from one rule set to another.

The same game is replayed under several rule sets (``scala40 replay --compare``); this
module lines the results up and lists what differs: the winner, the totals, who was
eliminated and when, each hand's closing and penalties, and which violations are found
under which rule sets. Everything is turned into short texts, in the words of the score
sheet, so that a person reads a difference at a glance and a program compares values
without knowing their types.

The text table (:func:`render_comparison_text`) shows only what differs, a row a topic
(a hand, the totals, a violation code), each cell wrapped rather than cut; the JSON
(:func:`comparison_document`) lists every difference, one a topic.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from scala40cli.model.results import FileResult, GameResult, HandResult, Problem
from scala40cli.model.violations import RULEBOOK, Code
from scala40cli.reporting.escape import (
    terminal_cell,
    terminal_line,
    terminal_safe,
    workflow_neutral,
)
from scala40cli.reporting.json_report import report_document
from scala40cli.reporting.text_report import closed_by
from scala40cli.reporting.translated import translated_game
from scala40cli.reporting.widths import display_width, pad
from scala40cli.translation.catalogue import ENGLISH, Catalogue


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


def _winner(game: GameResult, words: Catalogue = ENGLISH) -> str:
    """The winner as the score sheet says it, without its ``Winner:``."""
    if game.winner is not None:
        return game.winner
    return (words.gettext("match finished with no winner") if game.finished
            else words.gettext("match not finished"))


def _eliminated(game: GameResult, words: Catalogue = ENGLISH) -> str:
    return ", ".join(words.gettext("{player} in hand {hand}", player=e.player, hand=e.hand)
                     for e in game.eliminated) or words.gettext("nobody")


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
    hand = _hand(game, number)
    return "not played" if hand is None else closed_by(hand)


def _hand(game: GameResult, number: int) -> HandResult | None:
    return next((h for h in game.hands if h.number == number), None)


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


# --- the text table -----------------------------------------------------------------------

#: The width a comparison table aims at; a cell wraps within its share of it.
TABLE_WIDTH = 100
#: A cell never wraps narrower than this, however many rule sets are compared.
MIN_CELL_WIDTH = 24
JsonObject = dict[str, Any]


def comparison_rows(comparison: GameComparison, words: Catalogue = ENGLISH
                    ) -> list[tuple[str, list[str]]]:
    """What differs in one game, a row a topic: (label, the cell under each rule set).

    In the score sheet's words: the winner, the eliminations, the totals (only of the
    players whose totals differ), each hand that differs (only its differing players,
    and who closed when that differs), the number of violations, then a row a
    violation code found differently, its first place and message in full. In the
    language of ``words`` (codes, their names, players and values as they are).
    """
    games = comparison.results
    rows: list[tuple[str, list[str]]] = []
    for label, probe in ((words.gettext("Winner"), _winner),
                         (words.gettext("Eliminated"), _eliminated)):
        cells = [probe(game, words) for game in games]
        if len(set(cells)) > 1:
            rows.append((label, cells))
    players = games[0].players
    moved = [p for p in players if len({str(g.totals.get(p, "-")) for g in games}) > 1]
    if moved:
        rows.append((words.gettext("Total"),
                     [", ".join(f"{p} {g.totals.get(p, '-')}" for p in moved) for g in games]))
    numbers = sorted({hand.number for game in games for hand in game.hands})
    for number in numbers:
        hand_cells = _hand_cells(games, number, players, words)
        if hand_cells is not None:
            rows.append((words.gettext("Hand {number}", number=number), hand_cells))
    counts = [words.ngettext("{count} violation", "{count} violations", len(game.violations))
              for game in games]
    if len(set(counts)) > 1:
        rows.append((words.gettext("Violations"), counts))
    rows += _violation_rows(games, words)
    return rows


def _hand_cells(games: Sequence[GameResult], number: int, players: Sequence[str],
                words: Catalogue) -> list[str] | None:
    hands = [_hand(game, number) for game in games]
    if any(hand is None for hand in hands):
        return [(words.gettext("not played") if hand is None else _hand_text(
                    hand, [p for p in players if p in hand.penalties], True, words))
                for hand in hands]
    played = [hand for hand in hands if hand is not None]
    differ = [p for p in players if len({hand.penalties.get(p) for hand in played}) > 1]
    closing_differs = len({closed_by(hand) for hand in played}) > 1
    if not differ and not closing_differs:
        return None
    return [_hand_text(hand, differ, closing_differs, words) for hand in played]


def _hand_text(hand: HandResult, players: Sequence[str], with_closing: bool,
               words: Catalogue) -> str:
    scores = [f"{p} {hand.penalties[p]}" if p in hand.penalties
              else words.gettext("{player} not dealt in", player=p) for p in players]
    parts = [", ".join(scores)] if scores else []
    if with_closing:  # "closed by Anna (in one go)", or "void", "unfinished"
        closing = closed_by(hand, words)
        parts.append(words.gettext("closed by {closer}", closer=closing) if hand.closer
                     else closing)
    return "; ".join(parts)


def _violation_rows(games: Sequence[GameResult], words: Catalogue
                    ) -> list[tuple[str, list[str]]]:
    """A row a code whose violations are not the same under every rule set."""
    keys = [{(v.line, v.code, v.player or "", v.message) for v in game.violations}
            for game in games]
    shared = set.intersection(*keys)
    by_code: dict[Code, list[list[Problem]]] = defaultdict(lambda: [[] for _ in games])
    for k, game in enumerate(games):
        for v in game.violations:
            if (v.line, v.code, v.player or "", v.message) not in shared:
                by_code[v.code][k].append(v)
    return [(f"{code} {RULEBOOK[code].name}",
             [_violations_text(found, words) for found in per_set])
            for code, per_set in sorted(by_code.items())]


def _violations_text(found: Sequence[Problem], words: Catalogue) -> str:
    if not found:
        return "-"
    first = found[0]
    text = words.gettext("line {line}: {text}", line=first.line, text=first.message)
    if len(found) > 1:
        text += words.ngettext("; {count} more, on lines {lines}",
                               "; {count} more, on lines {lines}", len(found) - 1,
                               lines=", ".join(str(v.line) for v in found[1:]))
    return text


def render_comparison_text(names: Sequence[str], comparisons: Sequence[GameComparison],
                           words: Catalogue = ENGLISH) -> str:
    """One table a game: what differs (rows) under each rule set (columns), every cell
    in full, wrapped to its column; in the language of ``words``, the violations'
    messages too (:mod:`scala40cli.reporting.translated`)."""
    lines: list[str] = []
    for comparison in comparisons:
        lines.append(words.gettext("{path}: game {index} (line {line})",
                                   path=terminal_line(comparison.path),
                                   index=comparison.index, line=comparison.line))
        if comparison.same:
            lines += ["  " + words.gettext("the same outcome under every rule set"), ""]
            continue
        said = dataclasses.replace(comparison, results=tuple(
            translated_game(game, words) for game in comparison.results))
        lines += ["  " + line for line in _table(list(names), comparison_rows(said, words))]
        lines.append("")
    differing = sum(1 for c in comparisons if not c.same)
    lines.append(words.ngettext(
        "{count} game compared under {names}: {differing} with a different outcome",
        "{count} games compared under {names}: {differing} with a different outcome",
        len(comparisons), names=", ".join(names), differing=differing))
    return workflow_neutral(terminal_safe("\n".join(lines) + "\n"))


def _table(names: list[str], rows: list[tuple[str, list[str]]]) -> list[str]:
    """Rows in columns: labels left, each rule set's cell wrapped to its width; every
    cell escaped first (:func:`terminal_cell`), measured as it is printed."""
    names = [terminal_cell(name) for name in names]
    rows = [(terminal_cell(label), [terminal_cell(cell) for cell in cells])
            for label, cells in rows]
    label_width = max(display_width(label) for label, _ in [("", names), *rows])
    share = (TABLE_WIDTH - label_width) // len(names) - 2
    widths = [max(MIN_CELL_WIDTH, min(share, max(display_width(name),
                                                  *(display_width(cells[k]) for _, cells in rows))))
              for k, name in enumerate(names)]
    lines = [_row_line("", names, label_width, widths),
             _row_line("-" * label_width, ["-" * w for w in widths], label_width, widths)]
    for label, cells in rows:
        wrapped = [textwrap.wrap(cell, width) or [""] for cell, width in zip(cells, widths,
                                                                           strict=True)]
        for depth in range(max(len(parts) for parts in wrapped)):
            texts = [parts[depth] if depth < len(parts) else "" for parts in wrapped]
            lines.append(_row_line(label if depth == 0 else "", texts, label_width, widths))
    return lines


def _row_line(label: str, cells: Sequence[str], label_width: int, widths: Sequence[int]) -> str:
    padded = [pad(cell, width) for cell, width in zip(cells, widths, strict=True)]
    return "  ".join([pad(label, label_width), *padded]).rstrip()


# --- the JSON document ----------------------------------------------------------------------


def comparison_document(names: Sequence[str], runs: Sequence[Sequence[FileResult]],
                        comparisons: Sequence[GameComparison]) -> JsonObject:
    """The report under the first rule set, with what changes under the others."""
    document = report_document(runs[0])
    document["rule_sets"] = list(names)
    document["comparisons"] = [_comparison_json(c) for c in comparisons]
    return document


def _comparison_json(comparison: GameComparison) -> JsonObject:
    return {
        "path": comparison.path,
        "index": comparison.index,
        "line": comparison.line,
        "same": comparison.same,
        "outcomes": [
            {"rules": name, "ok": game.ok, "violations": len(game.violations),
             "finished": game.finished, "winner": game.winner, "totals": game.totals}
            for name, game in zip(comparison.rule_sets, comparison.results, strict=True)
        ],
        "differences": [{"topic": d.topic, "values": d.values}
                        for d in comparison.differences],
    }
