"""The table protocol: the messages between the table and an outside program.

One JSON object a line, each way (``docs/protocol.md``, ``schemas/protocol.schema.json``).
The table writes ``hello``, ``ask``, ``checked``, ``result``, ``hand_end``,
``match_end`` and ``bye``; the program answers each ``ask`` with one move in the log's
own words, ``{"move": "meld 3S 4S 5S", "id": 7}``, which :func:`parse_move` reads with
the project's own log parser, the seat's name put in front: the move is literally a
line of the log. Protocol 2 adds the ``id`` an answer repeats, the ``events`` of each
ask, ``check`` requests and the buy out of turn (compra); a program written for
protocol 1 reads none of it and keeps working. An ``ask`` is built from the seat's
:class:`~scala40cli.simulate.view.PlayerView` only, so a program sees what a player
at the table sees and nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.meld_values import Group
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.melds import set_joker_card
from scala40cli.model.cards import Card, card
from scala40cli.reading.events import (
    Attach,
    Buy,
    Discard,
    Draw,
    Event,
    Meld,
    PlayerEvent,
    Reshuffle,
    Swap,
    Take,
)
from scala40cli.reading.parser import parse_text
from scala40cli.reading.words import VERB_SPELLINGS
from scala40cli.reading.writer import event_line
from scala40cli.simulate.view import PlayerView

PROTOCOL_VERSION = 2
#: The verbs an ``ask`` offers, by phase: a turn's first move, its plays, a buy out of
#: turn offered (compra, protocol 2) and the plays of a buy (no discard: ``end``).
DRAW_MOVES = ("draw", "take")
PLAY_MOVES = ("meld", "attach", "swap", "discard")
BUY_MOVES = ("buy", "pass")
BUY_PLAY_MOVES = ("meld", "attach", "swap", "end")
#: The answers that are no line of the log: a buy declined, a buy's plays ended.
PASS, END = "pass", "end"
#: ``check`` requests answered in one turn at most (protocol 2).
MAX_CHECKS = 1000
#: The longest move text read (a meld of fourteen cards is about 60 characters).
MAX_MOVE = 400

Move = Draw | Take | Meld | Attach | Swap | Discard | Buy
#: What an answer says: a move, or ``pass`` or ``end``.
Answer = Move | str


class BadMove(ValueError):
    """An answer that is not a move of this phase, with the reason in words."""


def hello(seat: str, players: Sequence[str], rules: Rules, timeout: float
          ) -> dict[str, object]:
    """The first message: who the program is and under which rules it plays."""
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "seat": seat,
            "players": list(players), "rules": dict(rules.as_tokens()),
            "move_timeout": timeout, "max_checks": MAX_CHECKS}


def ask(view: PlayerView, moves: Sequence[str], *, ask_id: int = 1,
        events: Sequence[Event] = ()) -> dict[str, object]:
    """What the seat may see, the kinds of moves it may make now, the ``id`` its answer
    repeats and the ``events`` of the hand since its last ask (as it saw them)."""
    opponents = [
        {"name": p, "cards": view.hand_sizes.get(p, 0), "opened": p in view.opened,
         "taken": _codes(view.taken.get(p, ())),
         "discarded": _codes(view.discarded.get(p, ())), "total": view.totals.get(p, 0)}
        for p in view.order if p != view.me]
    table = [{"number": index, "owner": owner, "cards": meld_cards(meld, view.rules)}
             for index, (meld, owner) in enumerate(zip(view.table, view.owners, strict=True), 1)]
    return {
        "type": "ask", "id": ask_id, "events": [event_message(e) for e in events],
        "hand": view.hand_number, "turn": view.turns, "dealer": view.dealer,
        "order": list(view.order), "moves": list(moves), "cards": _codes(view.hand),
        "opened": view.opened_before, "opened_now": view.me in view.opened,
        "drawn": _code(view.drawn), "taken": _code(view.taken_now), "table": table,
        "pile": {"top": _code(view.top), "size": len(view.discard_pile),
                 "cards": _codes(view.discard_pile)},
        "stock": view.stock_size, "reshuffles": view.reshuffles,
        "total": view.totals.get(view.me, 0), "partners": sorted(view.partners),
        "played": view.me in view.played, "opponents": opponents}


def meld_cards(meld: TableMeld, rules: Rules) -> list[str]:
    """A table meld's cards as an ask writes them: a joker with the card it stands
    for wherever that card is fixed (always in a run; in a set only under
    ``set_joker_suit=declared``, where the card its owner named binds it), else
    ``JK`` (a set's joker that may stand for any suit the set lacks)."""
    if not isinstance(meld, Group):
        return str(meld).split()
    bound = set_joker_card(meld, rules)
    joker = "JK" if bound is None else f"JK({bound})"
    return [card(meld.rank, suit).code for suit in meld.suits] + [joker] * meld.joker_count


def event_message(event: Event) -> dict[str, object]:
    """One event of an ask: who did what, in the words of an answer (a draw without
    its card, which only the one who drew sees)."""
    if isinstance(event, Reshuffle):
        return {"player": None, "move": "reshuffle"}
    assert isinstance(event, PlayerEvent)
    if isinstance(event, Draw):
        return {"player": event.player, "move": "draw"}
    return {"player": event.player, "move": move_text(event)}


def checked(check_id: object, problem: tuple[str | None, str] | None) -> dict[str, object]:
    """The answer to a ``check``: ``problem`` is the code and the reason the referee
    would refuse the move with, None when it would accept it."""
    code, reason = problem if problem is not None else (None, "")
    return {"type": "checked", "id": check_id, "ok": problem is None, "code": code,
            "reason": reason}


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


def parse_move(seat: str, answer: Mapping[str, object], moves: Sequence[str],
               top: Card | None = None) -> Answer:
    """The event of the program's answer ``{"move": "..."}`` (other keys ignored),
    read as the log line ``<seat> <move>``, or ``pass`` or ``end``; BadMove when it is
    not one of ``moves``. ``draw`` is written without its card (the program cannot
    know it): the table draws it; ``buy`` may leave out the card (``top``, the top of
    the discard pile) as ``take`` may."""
    text = answer.get("move")
    if not isinstance(text, str):
        raise BadMove('the answer has no "move" string')
    if len(text) > MAX_MOVE or any(c in text for c in "\r\n;#[\"") or not text.isprintable():
        raise BadMove(f"{_shown(text)} is not one move of the log")
    words = text.split()
    if not words or words[0] not in moves:
        raise BadMove(f"{_shown(text)}: the moves now are {', '.join(moves)}"
                      + _misread(words))
    if words[0] in (PASS, END):
        if len(words) > 1:
            raise BadMove(f"{_shown(text)}: {words[0]} is written alone")
        return words[0]
    if words[0] == "draw":
        if len(words) > 1:
            raise BadMove(f"{_shown(text)}: a draw is written without its card (the "
                          "table draws the top of the stock)")
        text = "draw ?"
    if words == ["buy"] and top is not None:
        text = f"buy {top}"
    parsed = parse_text(f"{_prefix(seat)} {text}\n")
    if parsed.errors:
        raise BadMove(f"{_shown(text)}: {parsed.errors[0].message}")
    events = [e for game in parsed.games for e in game.events]
    if len(events) != 1 or not isinstance(events[0], _MOVES):
        raise BadMove(f"{_shown(text)} is not one move of the log")
    event: Event = events[0]
    assert isinstance(event, _MOVES)
    return event


_MOVES = (Draw, Take, Meld, Attach, Swap, Discard, Buy)


def move_text(event: Event) -> str:
    """A move in the protocol's words: its log line without the player's name."""
    assert isinstance(event, _MOVES)
    line = event_line(event)
    return line[len(_prefix(event.player)) + 1:]


#: Every word that starts a move, in English, and the English word of each spelling.
_ENGLISH = {**{spelled: word.value for spelled, (word, _) in VERB_SPELLINGS.items()},
            PASS: PASS, END: END}


def _misread(words: Sequence[str]) -> str:
    """Why a move's first word is none of the moves, when a developer may not see it: a
    player's name in front (the table writes the seat's), a verb in capitals, in
    Italian or in French (the protocol's moves are the English words)."""
    if len(words) > 1 and words[1].lower() in _ENGLISH:
        return (f" (write the move without a player's name: {_shown(' '.join(words[1:]))};"
                " the table puts the seat's in front)")
    if words and words[0].lower() in _ENGLISH and words[0] not in _ENGLISH:
        return f" (moves are written in lower case: {words[0].lower()})"
    english = _ENGLISH.get(words[0], words[0]) if words else ""
    if english != (words[0] if words else ""):
        return f" (the protocol's moves are in English: {english}, not {words[0]})"
    return ""


def _prefix(seat: str) -> str:
    """The seat's name as a log line starts with it."""
    return event_line(Take(player=seat, card=None, line=0, column=0))[:-len(" take")]


def _shown(text: str) -> str:
    return repr(text[:60] + ("..." if len(text) > 60 else ""))


def _code(c: object) -> str | None:
    return None if c is None else str(getattr(c, "code", c))


def _codes(cards: Sequence[object]) -> list[str]:
    return [str(getattr(c, "code", c)) for c in cards]


__all__ = ["BUY_MOVES", "BUY_PLAY_MOVES", "DRAW_MOVES", "END", "MAX_CHECKS", "MAX_MOVE",
           "PASS", "PLAY_MOVES", "PROTOCOL_VERSION", "Answer", "BadMove", "Move", "ask", "bye",
           "checked", "event_message", "hand_end", "hello", "match_end", "meld_cards",
           "move_text", "parse_move", "refused"]
