"""The engines of an arena: a built-in level by its name, or an outside program.

``hard`` is the simulator's level of that name (any level its registry,
:class:`~scala40cli.simulate.bots.Level`, holds: a level added there is an engine here
with no change); ``NAME=cmd:COMMAND`` is a program that speaks the table protocol
(``docs/protocol.md``), seated through the same
:class:`~scala40cli.simulate.outside.OutsideSeat` as ``simulate --seat``, one process a
match; ``NAME=LEVEL`` is a level under another name, so that a level may meet itself.
An engine's name is its player's name in the logs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.simulate.bots import Level
from scala40cli.simulate.levels import make_bots
from scala40cli.simulate.outside import OutsideSeat
from scala40cli.simulate.program import cannot_start
from scala40cli.simulate.seats import Seat

#: An engine's name: a word the log writes bare (as ``simulate --seat`` takes it).
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]{0,31}")
#: What the ``[Levels]`` tag writes for an outside program's seat, as ``simulate`` does.
PROGRAM = "program"


class Kind(StrEnum):
    """What plays an engine's seat."""

    LEVEL = "level"
    PROGRAM = "program"


@dataclass(frozen=True, slots=True, kw_only=True)
class Engine:
    """One engine: its name, and the level or the command that plays it."""

    name: str
    kind: Kind
    #: The level's name (``Kind.LEVEL``) or the command (``Kind.PROGRAM``).
    what: str

    @property
    def tag(self) -> str:
        """The engine's word in the ``[Levels]`` tag."""
        return self.what if self.kind is Kind.LEVEL else PROGRAM


def levels() -> tuple[str, ...]:
    """Every built-in level, from the simulator's registry."""
    return tuple(level.value for level in Level)


def parse_engine(text: str) -> Engine:
    """``LEVEL``, ``NAME=LEVEL`` or ``NAME=cmd:COMMAND``; ValueError, in words, if not."""
    name, equals, what = (part.strip() for part in text.partition("="))
    if not equals:
        name, what = name.lower(), name.lower()
    if NAME.fullmatch(name) is None:
        raise ValueError(f"engine {text!r}: a level ({', '.join(levels())}) or "
                         "NAME=cmd:COMMAND, a name being a letter then letters, digits, "
                         "_ . or -, at most 32")
    if what.startswith("cmd:"):
        command = what.removeprefix("cmd:").strip()
        why = cannot_start(command) if command else "no command after cmd:"
        if why:
            raise ValueError(f"engine {text!r}: {why}")
        return Engine(name=name, kind=Kind.PROGRAM, what=command)
    if what.lower() not in levels():
        raise ValueError(f"engine {text!r}: unknown level {what!r}; the levels are "
                         f"{', '.join(levels())}, or NAME=cmd:COMMAND for a program")
    return Engine(name=name, kind=Kind.LEVEL, what=what.lower())


def parse_engines(texts: Sequence[str]) -> tuple[Engine, ...]:
    """Two engines or more, of names distinct even in case (a log tells its players
    apart by name); ValueError if not."""
    engines = tuple(parse_engine(text) for text in texts)
    if len(engines) < 2:
        raise ValueError("an arena needs two engines or more")
    seen: set[str] = set()
    for engine in engines:
        if engine.name.casefold() in seen:
            raise ValueError(f"two engines named {engine.name!r}: give one another name "
                             "(NAME=LEVEL or NAME=cmd:COMMAND)")
        seen.add(engine.name.casefold())
    return engines


def seats_of(engines: Sequence[Engine], *, rules: Rules, seed: str,
             move_timeout: float) -> list[Seat]:
    """Who plays each seat of a match of ``seed``: the bots the simulator makes for the
    levels' seats (:func:`~scala40cli.simulate.levels.make_bots`, each with a random
    stream of its own), and each program's seat its program (to be closed after the
    match), as ``simulate --seat`` seats it."""
    players = [engine.name for engine in engines]
    stand_in = next(iter(Level))  # a program's seat: its bot is made, then replaced
    bots = make_bots([Level(engine.what) if engine.kind is Kind.LEVEL else stand_in
                      for engine in engines], seed)
    return [bot if engine.kind is Kind.LEVEL else OutsideSeat(
                engine.name, engine.what, players=players, rules=rules,
                timeout=move_timeout)
            for engine, bot in zip(engines, bots, strict=True)]


__all__ = ["PROGRAM", "Engine", "Kind", "levels", "parse_engine", "parse_engines", "seats_of"]
