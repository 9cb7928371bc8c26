"""A complete log as one player at the table would have written it (format 1.1).

A person recording a game at a club table knows their own hand and everything laid on
the table, not the others' hands or what they draw. This tool turns a log where every
card is known (one written by ``scala40 simulate``) into that log: the other players'
deal lines become ``deal P ?``, their draws ``P draw ?``, and the ``stock`` lines go
(nobody at the table sees the stock). Everything public stays: the upcard, takes,
melds, attaches, swaps, discards, reshuffles and the score lines.

    python tools/table_seat.py GAME.s40 --seat Anna > table.s40
    scala40 simulate --players 3 --seed 7 | python tools/table_seat.py - --seat Anna

The result must replay with no violation and the same standings as the original:
``tests/test_table_recorded.py`` checks it on simulated matches.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from scala40cli.reading.event_base import replace
from scala40cli.reading.events import Deal, Draw, Event, Stock
from scala40cli.reading.parser import parse_text
from scala40cli.reading.writer import write_log


def seat_view(events: Iterable[Event], seat: str) -> Iterator[Event]:
    """The events of one game as ``seat`` sees them: others' hidden cards unknown."""
    for event in events:
        if isinstance(event, Stock):
            continue
        if isinstance(event, Deal) and event.player != seat:
            yield replace(event, cards=(None,) * len(event.cards))
        elif isinstance(event, Draw) and event.player != seat:
            yield replace(event, card=None)
        else:
            yield event


def seat_log(text: str, seat: str) -> str:
    """The whole log as ``seat`` would have written it; ValueError if it has errors."""
    parsed = parse_text(text)
    if parsed.errors:
        first = parsed.errors[0]
        raise ValueError(f"line {first.line}: {first.message}")
    return write_log(list(seat_view(game.events, seat)) for game in parsed.games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", help="a .s40 file, or - for standard input")
    parser.add_argument("--seat", required=True, help="the player who writes the log")
    args = parser.parse_args(argv)
    text = sys.stdin.read() if args.log == "-" else Path(args.log).read_text(encoding="utf-8")
    try:
        sys.stdout.write(seat_log(text, args.seat))
    except ValueError as error:
        print(f"{args.log}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
