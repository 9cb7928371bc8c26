"""The data of a viewer page: every table of a file, stored compactly.

A table after a line is mostly the table after the line before: one hand or the pile
changed. So each part of a table (a player, a meld, the pile, the known stock) is
stored once in a pool and a table names its parts by their place in the pool; and each
table is stored as what changed since the table before it. Cards are written as one
string (``"2S 9S 10S"``), a player and a meld as an array. The page's script only puts
the tables together again (``tableAt``): it holds no model of the game, and what it
draws is the JSON ``scala40 show`` prints, part for part (a browser test compares them
at every violation of every fixture). A 20-hand match of 6 players is a page of 190
to 350 KB, about 7 times its log (``tests/test_viewer_page.py`` keeps it under 500 KB;
it was about 15 times with every table and card list written out).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Discard, Event, Meld, Swap
from scala40cli.translation.catalogue import ENGLISH, Catalogue
from scala40cli.viewing.documents import problem_json
from scala40cli.viewing.loading import ViewedFile
from scala40cli.viewing.snapshot import MeldView, PlayerView, TableView
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


def cards(codes: tuple[str, ...]) -> str:
    """Cards as the page stores them: their codes in one string, a space between."""
    return " ".join(codes)


def player_part(player: PlayerView) -> list[Any]:
    """``[name, hand, unknown, opened, total, out]``, the flags as 0 or 1."""
    return [player.name, cards(player.hand), player.unknown, int(player.opened),
            player.total, int(player.out)]


def meld_part(meld: MeldView) -> list[Any]:
    """``[number, owner, cards, jokers, refused]``, the flag as 0 or 1."""
    return [meld.number, meld.owner, cards(meld.cards), cards(meld.jokers),
            int(meld.refused)]


def table_data(view: TableView, pool: Pool) -> list[Any]:
    """A table, flat: ``[hand, phase, dealer, turn, pile, stock count, known stock,
    number of players, each player, each meld]``, the parts named by their place in
    ``pool`` (the known stock is None when the log gave no ``stock`` line)."""
    known = view.stock_known
    return [view.hand, view.phase, view.dealer, view.turn, pool.add(cards(view.pile)),
            view.stock_count, None if known is None else pool.add(cards(known)),
            len(view.players), *(pool.add(player_part(p)) for p in view.players),
            *(pool.add(meld_part(m)) for m in view.melds)]


def change(before: list[Any], after: list[Any]) -> list[Any]:
    """``after`` as what changed since ``before``: its length, then each changed place
    and its new value (``[length, place, value, place, value, ...]``)."""
    found: list[Any] = [len(after)]
    for place, value in enumerate(after):
        if place >= len(before) or before[place] != value:
            found += [place, value]
    return found


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
            "tables": _changes([table_data(s.view, pool) for s in steps]),
            "problems": problems, "outcome": outcome(game)}


def outcome(game: SteppedGame) -> dict[str, Any]:
    """How the game ended, shown at its last line: the winner (None when there is none
    or the log stops before the end), the totals after the last hand is scored, who
    was eliminated in which hand."""
    result = game.result
    return {"finished": result.finished, "winner": result.winner,
            "totals": [[name, total] for name, total in result.totals.items()],
            "eliminated": [[out.player, out.hand] for out in result.eliminated]}


def _changes(tables: list[list[Any]]) -> list[list[Any]]:
    return [change(before, after) for before, after in zip([[], *tables], tables, strict=False)]


def page_data(viewed: ViewedFile, words: Catalogue = ENGLISH) -> dict[str, Any]:
    """Everything the page of a file shows, the referee's sentences in the language of
    ``words``."""
    pool = Pool()
    games = [game_data(game, pool) for game in viewed.games]
    errors = [problem_json(p) for p in viewed.errors]
    for problem in [*errors, *(p for game in games for p in game["problems"])]:
        problem["message"] = words.translate(problem["message"])
    return {"file": viewed.path, "lines": list(viewed.lines), "games": games,
            "parts": pool.values, "errors": errors}
