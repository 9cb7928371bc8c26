"""The greedy baseline, an outside program that speaks the table protocol.

``python -m scala40cli.simulate.greedy`` reads the table's messages on standard input
and answers on standard output (``docs/protocol.md``). It plays the plainest strategy
that is still a fair yardstick: always draw from the stock, lay down everything it can
(opening as soon as its melds are worth it), and discard the costliest card that fits
nothing, neither a meld of its hand nor one on the table. Whether a play is legal is
asked of the same planner the built-in bots use, on a
:class:`~scala40cli.simulate.view.PlayerView` rebuilt from the ``ask`` alone: it
knows nothing the protocol does not tell it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TextIO

from scala40cli.judging.rulebook.rules import Rules, resolve
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.melds import build_meld
from scala40cli.model.cards import Card, parse_card
from scala40cli.reading.events import Attach, Discard, Event, Meld, Swap, TableCard
from scala40cli.simulate.board import Board
from scala40cli.simulate.fitting import fits_table
from scala40cli.simulate.planner import Style, ace_points, forced_plan, kept_cards, plan_turn
from scala40cli.simulate.plays import AttachPlay, MeldPlay, Play, TurnPlan
from scala40cli.simulate.protocol import move_text
from scala40cli.simulate.search import INDEX_OF, penalty_of, sort_key
from scala40cli.simulate.view import PlayerView

_AT = {"line": 0, "column": 0}


def rules_of(tokens: Mapping[str, str]) -> Rules:
    """The rules a ``hello`` names, switch by switch."""
    resolved = resolve(log_preset=None, log_values=[(0, k, v) for k, v in tokens.items()],
                       choice=None)
    return resolved.rules


def table_card(code: str) -> TableCard:
    """``7S`` or a joker that says what it stands for, ``JK(5S)``."""
    if "(" in code:
        joker, _, stands = code.partition("(")
        return TableCard(parse_card(joker), parse_card(stands.rstrip(")")))
    return TableCard(parse_card(code))


def view_of(hello: Mapping[str, Any], ask: Mapping[str, Any], rules: Rules) -> PlayerView:
    """The seat's view, rebuilt from the ``hello`` and an ``ask``."""
    me = str(hello["seat"])
    table: list[TableMeld] = [build_meld([table_card(c) for c in meld["cards"]], rules)
                              for meld in ask["table"]]
    others = {o["name"]: o for o in ask["opponents"]}
    opened = {name for name, o in others.items() if o["opened"]}
    if ask["opened_now"]:
        opened.add(me)
    cards = _cards
    return PlayerView(
        me=me, rules=rules, players=tuple(hello["players"]), order=tuple(ask["order"]),
        dealer=ask["dealer"], hand_number=ask["hand"], hand=cards(ask["cards"]),
        table=tuple(table), owners=tuple(m["owner"] for m in ask["table"]),
        discard_pile=cards(ask["pile"]["cards"]), stock_size=ask["stock"],
        reshuffles=ask["reshuffles"],
        hand_sizes=MappingProxyType({**{n: o["cards"] for n, o in others.items()},
                                     me: len(ask["cards"])}),
        opened=frozenset(opened), played=frozenset({me} if ask["played"] else ()),
        taken=MappingProxyType({n: cards(o["taken"]) for n, o in others.items()}),
        discarded=MappingProxyType({n: cards(o["discarded"]) for n, o in others.items()}),
        totals=MappingProxyType({**{n: o["total"] for n, o in others.items()},
                                 me: ask["total"]}),
        partners=frozenset(ask["partners"]), turns=ask["turn"],
        opened_before=ask["opened"], drawn=_card(ask["drawn"]), taken_now=_card(ask["taken"]))


def _card(code: str | None) -> Card | None:
    return None if code is None else parse_card(code)


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in codes)


def choose(board: Board, legal: list[Card]) -> Card:
    """The costliest legal discard that fits nothing: neither a meld of the hand's best
    packing nor a meld on the table; failing that, the costliest legal one."""
    rules = board.rules
    aces = ace_points(rules)
    kept = kept_cards(board)
    loose = [c for c in legal
             if kept[c] < board.hand[c] and not fits_table(board.table, c, rules)]
    return max(loose or legal, key=lambda c: (penalty_of(INDEX_OF[c], aces), sort_key(c)))


def plan(view: PlayerView) -> TurnPlan:
    """Lay down all it can, then discard by :func:`choose`."""
    planned = plan_turn(view, Style(), choose)
    return planned[0] if planned is not None else forced_plan(view, choose)


def play_events(me: str, turn: TurnPlan) -> list[Event]:
    events: list[Event] = [_event(me, p) for p in turn.plays]
    if turn.discard is not None:
        events.append(Discard(player=me, card=turn.discard, **_AT))
    return events


def _event(me: str, play: Play) -> Event:
    if isinstance(play, MeldPlay):
        return Meld(player=me, cards=play.cards, **_AT)
    if isinstance(play, AttachPlay):
        return Attach(player=me, cards=play.cards, meld=play.meld, **_AT)
    return Swap(player=me, card=play.card, meld=play.meld, **_AT)


def serve(stdin: TextIO, stdout: TextIO) -> None:
    """Answer every ``ask`` until ``bye`` or the end of the input."""
    hello: dict[str, Any] = {}
    rules: Rules | None = None
    queue: list[Event] = []
    for line in stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            hello, rules = message, rules_of(message["rules"])
        elif kind == "bye":
            return
        elif kind == "ask":
            assert rules is not None
            if "draw" in message["moves"]:
                queue, text = [], "draw"
            else:
                if not queue:
                    queue = play_events(hello["seat"], plan(view_of(hello, message, rules)))
                text = move_text(queue.pop(0))
            stdout.write(json.dumps({"move": text}) + "\n")
            stdout.flush()
        elif kind == "result":
            queue = []


def main() -> None:
    serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
