"""Events are values, as the dataclasses they once were: equal, hashed, shown, copied
and pickled by their fields, in both builds (the suite runs on the compiled wheel too,
where they are native classes)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from scala40cli.model.cards import JOKER, parse_card
from scala40cli.reading import events as events_module
from scala40cli.reading.event_base import Event, Place, fields, replace
from scala40cli.reading.events import (
    PLAYER_EVENTS,
    Buy,
    Deal,
    Dealer,
    Discard,
    Draw,
    PlayerEvent,
    Reshuffle,
    Score,
    Unparsed,
)
from scala40cli.reading.parser import parse_text

GAME = """[Players "Anna" "Bruno"]
hand 1
dealer Anna
deal Anna 5H 6H 7H
deal Bruno ?
upcard 7S
stock 8H 9H
Bruno draw 5H
Bruno meld 5S 5C JK(5D)
Bruno attach 6S to 1
Bruno swap 5D in 1
Bruno discard 2C
Anna take 2C
Anna buy 3C
reshuffle
score Anna 0 Bruno 5
"""


def _every_kind() -> list[Event]:
    parsed = parse_text(GAME)
    assert parsed.errors == ()
    return [*parsed.games[0].events, Unparsed(line=40, column=1, end_line=42, starts_hand=True),
            Place(line=41, column=1)]


EVENTS = _every_kind()


def test_the_events_cover_every_kind_of_line() -> None:
    kinds = {type(event) for event in EVENTS}
    defined = {value for value in vars(events_module).values()
               if isinstance(value, type) and issubclass(value, Event)
               and value not in (Event, PlayerEvent)}
    assert kinds == defined | {Place}


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_an_event_is_built_from_its_fields_by_position_or_by_name(event: Event) -> None:
    values = [getattr(event, name) for name in fields(event)]
    assert fields(event)[:2] == ("line", "column")
    assert type(event)(*values) == event
    assert type(event)(**dict(zip(fields(event), values, strict=True))) == event


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_an_event_is_a_value(event: Event) -> None:
    twin = replace(event)
    assert twin == event and twin is not event and hash(twin) == hash(event)
    assert hash(event) == hash(tuple(getattr(event, name) for name in fields(event)))
    assert replace(event, line=event.line + 1) != event
    assert len({event, twin, replace(event, column=9)}) == 2
    assert event != (event.line, event.column)


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_an_event_crosses_to_a_worker_intact(event: Event, protocol: int) -> None:
    back = pickle.loads(pickle.dumps(event, protocol))
    assert type(back) is type(event) and back == event
    assert pickle.loads(pickle.dumps((event, [event]), protocol))[1][0] == event


def test_an_event_shows_as_its_dataclass_did() -> None:
    assert repr(Draw(3, 1, "Anna", None)) == "Draw(line=3, column=1, player='Anna', card=None)"
    assert repr(Reshuffle(line=4, column=2)) == "Reshuffle(line=4, column=2)"
    assert repr(Place(line=5, column=1)) == "Place(line=5, column=1)"
    assert repr(Unparsed(line=6, column=1, end_line=6)) == (
        "Unparsed(line=6, column=1, end_line=6, starts_hand=False, rest_of_hand=False, "
        "player=None)")
    assert repr(Score(7, 1, (("Anna", 5),))) == "Score(line=7, column=1, entries=(('Anna', 5),))"


def test_two_kinds_with_the_same_fields_differ() -> None:
    assert Discard(1, 1, "Anna", parse_card("5H")) != Buy(1, 1, "Anna", parse_card("5H"))
    assert Discard(1, 1, "Anna", parse_card("5H")) == Discard(1, 1, "Anna", parse_card("5H"))


def test_replace_names_only_fields() -> None:
    draw = Draw(3, 1, "Anna", None)
    assert replace(draw, player="Bruno", card=JOKER) == Draw(3, 1, "Bruno", JOKER)
    with pytest.raises(TypeError, match="Draw has no field verb"):
        replace(draw, verb="take")


def test_the_player_a_line_names() -> None:
    """``named_player`` says what ``getattr(event, "player", None)`` says; a class a
    player writes is a PlayerEvent, and isinstance says so (in compiled modules too)."""
    for event in EVENTS:
        assert event.named_player() == getattr(event, "player", None)
        assert isinstance(event, PlayerEvent) == (type(event) in PLAYER_EVENTS)
    assert Dealer(1, 1, "Anna").named_player() == "Anna"
    assert Deal(1, 1, "Bruno", (None,)).named_player() == "Bruno"


def test_an_event_has_no_room_for_other_attributes() -> None:
    event: Any = Draw(3, 1, "Anna", None)
    with pytest.raises(AttributeError):
        event.note = "x"
