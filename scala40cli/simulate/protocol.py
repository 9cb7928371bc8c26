"""The table protocol: the messages between the table and an outside program.

One JSON object a line, each way (``docs/protocol.md``, ``schemas/protocol.schema.json``).
The table writes ``hello``, ``ask``, ``result``, ``hand_end``, ``match_end`` and ``bye``;
the program answers each ``ask`` with one move in the log's own words,
``{"move": "meld 3S 4S 5S"}``, which :func:`parse_move` reads with the project's own
log parser, the seat's name put in front: the move is literally a line of the log.
An ``ask`` is built from the seat's :class:`~scala40cli.simulate.view.PlayerView`
only, so a program sees what a player at the table sees and nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.reading.events import Attach, Discard, Draw, Event, Meld, Swap, Take
from scala40cli.reading.parser import parse_text
from scala40cli.reading.writer import event_line
from scala40cli.simulate.view import PlayerView

PROTOCOL_VERSION = 1
#: The verbs an ``ask`` offers, by phase.
DRAW_MOVES = ("draw", "take")
PLAY_MOVES = ("meld", "attach", "swap", "discard")
#: The longest move text read (a meld of fourteen cards is about 60 characters).
MAX_MOVE = 400

Move = Draw | Take | Meld | Attach | Swap | Discard


class BadMove(ValueError):
    """An answer that is not a move of this phase, with the reason in words."""


def hello(seat: str, players: Sequence[str], rules: Rules, timeout: float
          ) -> dict[str, object]:
    """The first message: who the program is and under which rules it plays."""
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "seat": seat,
            "players": list(players), "rules": dict(rules.as_tokens()),
            "move_timeout": timeout}


def ask(view: PlayerView, moves: Sequence[str]) -> dict[str, object]:
    """What the seat may see, and the kinds of moves it may make now."""
    opponents = [
        {"name": p, "cards": view.hand_sizes.get(p, 0), "opened": p in view.opened,
         "taken": _codes(view.taken.get(p, ())),
         "discarded": _codes(view.discarded.get(p, ())), "total": view.totals.get(p, 0)}
        for p in view.order if p != view.me]
    table = [{"number": index, "owner": owner, "cards": str(meld).split()}
             for index, (meld, owner) in enumerate(zip(view.table, view.owners, strict=True), 1)]
    return {
        "type": "ask", "hand": view.hand_number, "turn": view.turns, "dealer": view.dealer,
        "order": list(view.order), "moves": list(moves), "cards": _codes(view.hand),
        "opened": view.opened_before, "opened_now": view.me in view.opened,
        "drawn": _code(view.drawn), "taken": _code(view.taken_now), "table": table,
        "pile": {"top": _code(view.top), "size": len(view.discard_pile),
                 "cards": _codes(view.discard_pile)},
        "stock": view.stock_size, "reshuffles": view.reshuffles,
        "total": view.totals.get(view.me, 0), "partners": sorted(view.partners),
        "played": view.me in view.played, "opponents": opponents}


def refused(code: str | None, reason: str) -> dict[str, object]:
    """The program's answer was refused: it forfeits the hand (docs/protocol.md).
    ``code`` is the violation code of a move the referee refused, None for an answer
    that is not JSON."""
    return {"type": "result", "accepted": False, "forfeit": True, "code": code,
            "reason": reason}


def hand_end(number: int, penalties: Mapping[str, int], totals: Mapping[str, int],
             closer: str | None, closing: str) -> dict[str, object]:
    return {"type": "hand_end", "hand": number, "closer": closer, "closing": closing,
            "penalties": dict(penalties), "totals": dict(totals)}


def match_end(totals: Mapping[str, int], winner: str | None) -> dict[str, object]:
    return {"type": "match_end", "totals": dict(totals), "winner": winner}


def bye() -> dict[str, object]:
    return {"type": "bye"}


def parse_move(seat: str, answer: Mapping[str, object], moves: Sequence[str]) -> Move:
    """The event of the program's answer ``{"move": "..."}``, read as the log line
    ``<seat> <move>``; BadMove when it is not one of ``moves``. ``draw`` is written
    without its card (the program cannot know it): the table fills it in."""
    text = answer.get("move")
    if not isinstance(text, str):
        raise BadMove('the answer has no "move" string')
    if len(text) > MAX_MOVE or any(c in text for c in "\r\n;#[\"") or not text.isprintable():
        raise BadMove(f"{_shown(text)} is not one move of the log")
    words = text.split()
    if not words or words[0] not in moves:
        raise BadMove(f"{_shown(text)}: the moves now are {', '.join(moves)}")
    if words == ["draw"]:
        text = "draw ?"
    parsed = parse_text(f"{_prefix(seat)} {text}\n")
    if parsed.errors:
        raise BadMove(f"{_shown(text)}: {parsed.errors[0].message}")
    events = [e for game in parsed.games for e in game.events]
    if len(events) != 1 or not isinstance(events[0], (Draw, Take, Meld, Attach, Swap,
                                                        Discard)):
        raise BadMove(f"{_shown(text)} is not one move of the log")
    event: Event = events[0]
    assert isinstance(event, (Draw, Take, Meld, Attach, Swap, Discard))
    return event


def move_text(event: Event) -> str:
    """A move in the protocol's words: its log line without the player's name."""
    assert isinstance(event, (Draw, Take, Meld, Attach, Swap, Discard))
    line = event_line(event)
    return line[len(_prefix(event.player)) + 1:]


def _prefix(seat: str) -> str:
    """The seat's name as a log line starts with it."""
    return event_line(Take(player=seat, card=None, line=0, column=0))[:-len(" take")]


def _shown(text: str) -> str:
    return repr(text[:60] + ("..." if len(text) > 60 else ""))


def _code(c: object) -> str | None:
    return None if c is None else str(getattr(c, "code", c))


def _codes(cards: Sequence[object]) -> list[str]:
    return [str(getattr(c, "code", c)) for c in cards]


__all__ = ["DRAW_MOVES", "MAX_MOVE", "PLAY_MOVES", "PROTOCOL_VERSION", "BadMove", "Move",
           "ask", "bye", "hand_end", "hello", "match_end", "move_text", "parse_move",
           "refused"]
