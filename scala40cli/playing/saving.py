"""The game's log on disk: written after every move, read back to go on with a match.

:func:`save` writes the canonical text of the events so far to a new file beside the
log and renames it over the log (``os.replace``): a log on disk is always a whole
game, the last move's or the one before, never half written. :func:`resume` reads a
saved log back: its tags give the setup (players, levels, rules, seed), a new session
deals the same cards from the same seed, and the person's moves written in the log
are played again through the session, so judged again; the result must give back the
log's own lines, or the log is refused (it was not written by this version from its
seed).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.playing.refusal import Refused
from scala40cli.playing.session import PERSON, Session
from scala40cli.reading.events import (
    Attach,
    Buy,
    Discard,
    Draw,
    Event,
    HandStart,
    Meld,
    Swap,
    Tag,
    Take,
)
from scala40cli.reading.parser import parse_text
from scala40cli.reading.writer import write_game
from scala40cli.simulate.runner import make_setup


class ResumeError(ValueError):
    """A log that cannot be played on."""


def save(path: Path, session: Session) -> None:
    """Write the session's log atomically (see the module docstring)."""
    text = write_game(session.events)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _tags(events: list[Event]) -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
    for event in events:
        if isinstance(event, Tag):
            found.setdefault(event.name, event.values)
    return found


def resume(path: Path) -> Session:
    """A session that goes on from the saved log at ``path``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ResumeError(f"cannot read the log: {error}") from None
    parsed = parse_text(text)
    if parsed.errors or len(parsed.games) != 1:
        raise ResumeError("the log does not read as one game: check it with scala40 replay")
    return replayed(list(parsed.games[0].events))


def replayed(events: list[Event]) -> Session:
    """A new session dealt from the tags of ``events``, with the person's moves among
    them played again: the match exactly as far as ``events`` go."""
    tags = _tags(events)
    if "Seed" not in tags or "Players" not in tags or "Levels" not in tags:
        raise ResumeError("not a log written by scala40 play (no Seed, Players or Levels tag)")
    rule_values = tuple((e.values[0], e.values[1], "the log") for e in events
                        if isinstance(e, Tag) and e.name == "Rule" and len(e.values) == 2)
    choice = RuleChoice(preset=(tags.get("Rules") or ("classic",))[0], values=rule_values,
                        preset_source="the log")
    players = tags["Players"]
    setup = make_setup(players=len(players), levels=",".join(_bot_levels(tags["Levels"])),
                       choice=choice, seed=tags["Seed"][0], names=players)
    session = Session(setup)
    _keep_levels_tag(session, events)
    for index, event in enumerate(events):
        if index == len(session.events) + len(session.staged):  # melds set aside: lines to come
            _unwritten_moves(session, event)
        _replay(session, event)
    if write_game(_without_result(session.events)) != write_game(_without_result(events)):
        raise ResumeError("the log does not follow from its seed: it cannot be played on")
    return session


def _without_result(events: list[Event]) -> list[Event]:
    """The events but the ``[Result]`` tag (a log of an earlier version has none)."""
    return [e for e in events if not (isinstance(e, Tag) and e.name == "Result")]


def undo_take(session: Session) -> Session | None:
    """The match as it was before the person took (or bought) the discard this turn:
    the card back on the pile, all they laid since back in hand (after a buy, the
    discard is offered to them again); None without such a take."""
    turn = session.turn
    if session.phase not in ("play", "buying") or turn is None or turn.take_event is None:
        return None
    taken_at = _index_of(session, turn.take_event)
    return replayed(list(session.events[:taken_at]))


def undo_turn(session: Session) -> Session | None:
    """The person's turn from its start again: all they laid, attached or took back
    since their draw back in hand (the card drawn stays: it was seen), or the discard
    they took back on the pile; None when nothing was laid or set aside since.

    Laying can lead where no discard is legal (a freed joker that fits nowhere, a taken
    card left unused): a person at the table picks their cards up again, and so can
    the person here. It is done by playing the match again from its log, cut at the
    draw, so the match is exactly what it would have been."""
    turn = session.turn
    if session.phase not in ("play", "buying") or turn is None:
        return None
    if turn.take_event is not None:
        return undo_take(session)
    drawn = next((e for e in reversed(session.events)
                  if isinstance(e, Draw) and e.player == session.me), None)
    if drawn is None:
        return None
    drawn_at = _index_of(session, drawn)
    if drawn_at == len(session.events) - 1 and not session.staged:
        return None
    return replayed(list(session.events[:drawn_at + 1]))


def _index_of(session: Session, event: Event) -> int:
    return next(i for i, e in enumerate(session.events) if e is event)


def _bot_levels(levels: tuple[str, ...]) -> tuple[str, ...]:
    """The ``[Levels]`` tag names the person's seat ``person``: it plays at the bots'
    level as far as the setup goes (logs of an earlier version give a level there)."""
    bots = [level for level in levels if level != PERSON]
    return tuple(bots[0] if level == PERSON and bots else level for level in levels)


def _keep_levels_tag(session: Session, events: list[Event]) -> None:
    """A log of an earlier version named a level for the person's seat: keep its tag."""
    for index, event in enumerate(session.events):
        if isinstance(event, Tag) and event.name == "Levels":
            logged = next((e for e in events if isinstance(e, Tag) and e.name == "Levels"),
                          None)
            if logged is not None:
                session.events[index] = logged
            return


def _unwritten_moves(session: Session, coming: Event) -> None:
    """The person's answers that leave no line of their own, read from the line that
    comes next: a pass when a discard was offered and the next line is not their buy,
    the end of a buy when the next line is not theirs."""
    mine = getattr(coming, "player", None) == session.me
    if session.phase == "offer" and not (mine and isinstance(coming, Buy)):
        session.move("pass", [])
    elif session.phase == "buying" and not mine:
        if session.staged:
            session.move("open", [])
        session.move("done", [])


def _replay(session: Session, event: Event) -> None:
    """One line of the saved log, played again if it is one of the person's moves."""
    if isinstance(event, HandStart):
        if session.phase == "hand_over":
            session.move("next", [])
        return
    if getattr(event, "player", None) != session.me or \
            session.phase not in ("draw", "play", "offer", "buying"):
        return
    try:
        if isinstance(event, Buy):
            session.move("buy", [])
        elif isinstance(event, Draw):
            if session.phase != "buying":  # a buy draws its extra card itself
                session.move("draw", [])
        elif isinstance(event, Take):
            session.move("take", [])
        elif isinstance(event, Meld):
            session.move("lay", [tc.card for tc in event.cards])
        elif isinstance(event, Attach):
            if session.staged:
                session.move("open", [])
            session.move("attach", [event.cards[0].card], event.meld)
        elif isinstance(event, Swap):
            if session.staged:
                session.move("open", [])
            session.move("swap", [event.card], event.meld)
        elif isinstance(event, Discard):
            if session.staged:
                session.move("open", [])
            session.move("discard", [event.card])
    except Refused as refused:
        raise ResumeError(f"line {event.line}: {refused.message}") from None


__all__ = ["ResumeError", "replayed", "resume", "save", "undo_take", "undo_turn"]
