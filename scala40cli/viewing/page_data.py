"""The data of a viewer page: every table of a file, stored compactly.

A table after a line is mostly the table after the line before: one hand or the pile
changed. So each part of a table (a player, a meld, the pile, the known stock) is
stored once in a pool and a table names its parts by their place in the pool. The
page's script only looks the parts up again (``part(n)``): it holds no model of the
game, and what it draws is the JSON ``scala40 show`` prints, part for part.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Discard, Event, Meld, Swap
from scala40cli.viewing.documents import problem_json
from scala40cli.viewing.loading import ViewedFile
from scala40cli.viewing.snapshot import TableView
from scala40cli.viewing.stepping import SteppedGame


class Pool:
    """Distinct JSON values, each stored once; a value is named by its place."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        self._places: dict[str, int] = {}

    def add(self, value: Any) -> int:
        key = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        place = self._places.get(key)
        if place is None:
            place = self._places[key] = len(self.values)
            self.values.append(value)
        return place


def table_data(view: TableView, pool: Pool) -> list[Any]:
    """A table as ``[hand, phase, dealer, turn, [players], [melds], pile, stock count,
    known stock]``, the parts named by their place in ``pool``."""
    known = view.stock_known
    return [view.hand, view.phase, view.dealer, view.turn,
            [pool.add(p.to_json()) for p in view.players],
            [pool.add(m.to_json()) for m in view.melds],
            pool.add(list(view.pile)), view.stock_count,
            None if known is None else pool.add(list(known))]


def marks(problem: Problem, event: Event | None, before: TableView | None) -> dict[str, Any]:
    """Where a problem shows on the table: the cards of its line that the player did
    not hold (a card not in hand), the meld its line laid or touched."""
    found: dict[str, Any] = {}
    if isinstance(event, Attach | Swap):
        found["meld"] = event.meld
    if isinstance(event, Meld):
        found["laid"] = True
    if problem.code is Code.NOT_IN_HAND and before is not None and event is not None:
        found["cards"] = _not_held(event, before)
    return found


def _not_held(event: Event, before: TableView) -> list[str]:
    written: list[str] = []
    if isinstance(event, Discard | Swap):
        written = [event.card.code]
    elif isinstance(event, Meld | Attach):
        written = [tc.card.code for tc in event.cards]
    player = getattr(event, "player", None)
    held = Counter(next((p.hand for p in before.players if p.name == player), ()))
    missing = []
    for code in written:
        if held[code] > 0:
            held[code] -= 1
        else:
            missing.append(code)
    return missing


def game_data(game: SteppedGame, pool: Pool) -> dict[str, Any]:
    """One game's lines, tables and problems, for the page."""
    events = {event.line: event for event in game.game.events}
    steps = game.steps
    problems = []
    for problem in sorted((*game.result.violations, *game.result.notes),
                          key=lambda p: (p.line, p.column)):
        before = game.before(problem.line)
        item = problem_json(problem)
        item["note"] = problem.caused_by is not None
        item["mark"] = marks(problem, events.get(problem.line),
                             before.view if before is not None else None)
        problems.append(item)
    return {"index": game.result.index, "first": game.game.line, "last": game.last_line,
            "players": list(game.result.players),
            "lines": [s.line for s in steps],
            "tables": [table_data(s.view, pool) for s in steps],
            "problems": problems, "outcome": outcome(game)}


def outcome(game: SteppedGame) -> dict[str, Any]:
    """How the game ended, shown at its last line: the winner (None when there is none
    or the log stops before the end), the totals after the last hand is scored, who
    was eliminated in which hand."""
    result = game.result
    return {"finished": result.finished, "winner": result.winner,
            "totals": [[name, total] for name, total in result.totals.items()],
            "eliminated": [[out.player, out.hand] for out in result.eliminated]}


def page_data(viewed: ViewedFile) -> dict[str, Any]:
    """Everything the page of a file shows."""
    pool = Pool()
    games = [game_data(game, pool) for game in viewed.games]
    return {"file": viewed.path, "lines": list(viewed.lines), "games": games,
            "parts": pool.values,
            "errors": [problem_json(p) for p in viewed.errors]}
