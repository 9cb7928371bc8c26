"""JSON events as a game server holds them: read straight from their objects, bounded
whatever the input, and every problem placed on its event (issue 34, parts 1 to 3).
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest

from scala40cli import api
from scala40cli.api import audit_events, audit_file, audit_text, iter_games
from scala40cli.audit import pipeline
from scala40cli.model.results import GameResult, Problem
from scala40cli.reading import chunks, json_games
from scala40cli.reading.json_objects import key_written_twice
from scala40cli.reading.json_words import MAX_DEPTH
from scala40cli.reporting.events_jsonl import s40_to_jsonl

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"


def legal_events() -> list[dict[str, object]]:
    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    return [json.loads(line) for line in jsonl.splitlines()]


def as_jsonl(events: list[object], blank_every: int = 0) -> str:
    lines = []
    for index, event in enumerate(events):
        if blank_every and index % blank_every == 0:
            lines.append("")
        lines.append(json.dumps(event))
    return "\n".join(lines) + "\n"


# --- 1. the events are built from the objects, with no text in between ---------------------


def test_a_json_lines_log_is_judged_without_the_s40_parser(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """Each object is read into its event directly: the ``.s40`` parser, which the JSON
    reader once fed with a line of text written for each object, is never asked."""
    expected = audit_file(LEGAL).games[0]

    def no_parse(*args: object, **kwargs: object) -> object:
        raise AssertionError("a JSON Lines log went through the .s40 parser")

    monkeypatch.setattr(pipeline, "iter_games", no_parse)
    game = audit_text(as_jsonl(legal_events()), name="g.jsonl").games[0]
    assert (game.totals, game.winner, game.violations) == (expected.totals, expected.winner, ())


def test_the_json_reader_is_compiled_like_the_text_reader() -> None:
    source = (ROOT / "hatch_build.py").read_text(encoding="utf-8")
    for module in ("reading/event_objects", "reading/json_games", "reading/json_words",
                   "reading/fastlines", "reading/parser"):
        assert f'"{module}"' in source


def test_a_line_met_again_is_rebuilt_on_its_own_line_number() -> None:
    """The line cache keys a line by its bytes; what comes back is on the new line."""
    draw = b'{"verb": "tag", "name": "Players", "values": ["A", "B"]}\n'
    lines = draw + b'{"verb": "draw", "player": "A", "card": "5S"}\n' * 3
    (chunk,) = json_games.json_chunks(io.BytesIO(lines))
    (game,) = json_games.read_chunk(chunk).items
    assert [event.line for event in game.events] == [1, 2, 3, 4]


# --- 2. junk cannot fill memory --------------------------------------------------------------


def test_a_game_keeps_its_first_problems_and_counts_the_rest(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """Lines past a game's bound are counted and skipped unread, as in a ``.s40`` log:
    one F003 says how many; the first lines' problems are kept."""
    monkeypatch.setattr(json_games, "MAX_GAME_LINES", 100)
    monkeypatch.setattr(chunks, "MAX_GAME_LINES", 100)
    junk = [b'{"verb": "draw"}\n'] * 1000
    items = list(iter_games(junk, input_format="jsonl"))
    problems = [item for item in items if isinstance(item, Problem)]
    assert len(problems) == 101
    assert all("a draw needs 'player'" in p.message for p in problems[:100])
    assert "more than 100 lines, the limit for a game: lines 101 to 1000 are not read" \
        in problems[-1].message


@pytest.mark.slow
def test_memory_stays_flat_however_much_junk_is_streamed() -> None:
    """The same peak for 100,000 junk lines and for 300,000: the lines after a game's
    bound (50,000) are never kept, nor their problems."""
    import tracemalloc

    def peak(lines: int) -> int:
        tracemalloc.start()
        count = sum(1 for _ in iter_games((b'{"verb": "draw"}\n' for _ in range(lines)),
                                          input_format="jsonl"))
        assert count == 50_001
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return peak

    small, large = peak(100_000), peak(300_000)
    assert large < small * 1.2, (small, large)


# --- 3. what a result means ------------------------------------------------------------------


def test_ok_is_legal_so_far_and_complete_is_a_whole_legal_match() -> None:
    cut_off = LEGAL.read_text(encoding="utf-8").split("\nhand 2\n")[0]
    for empty in ("", b"", "  \n", "\n\n"):
        result = audit_text(empty)
        assert result.ok and not result.complete and not result.to_dict()["complete"]
    unfinished = audit_text(cut_off)
    assert unfinished.ok and not unfinished.games[0].finished and not unfinished.complete
    whole = audit_file(LEGAL)
    assert whole.ok and whole.complete and whole.games[0].complete
    assert whole.to_dict()["complete"] and whole.games[0].to_dict()["complete"]


@pytest.mark.parametrize("wrong", ["json", "JSONL", "", 1])
def test_a_wrong_input_format_is_a_value_error_naming_the_allowed_values(wrong: object) -> None:
    for call in (lambda: audit_text("", input_format=wrong),  # type: ignore[arg-type]
                 lambda: list(iter_games([], input_format=wrong)),  # type: ignore[arg-type]
                 lambda: audit_file(LEGAL, input_format=wrong)):  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="input_format must be one of 's40', 'jsonl'"):
            call()


def test_json_lines_are_recognised_by_their_content_when_nothing_says() -> None:
    text = as_jsonl(legal_events(), blank_every=50)
    expected = audit_file(LEGAL).games[0].totals
    assert audit_text(text).games[0].totals == expected  # name "<text>"
    assert audit_text(text.encode(), name="upload").games[0].totals == expected
    (game,) = [item for item in iter_games(text.splitlines()) if isinstance(item, GameResult)]
    assert game.totals == expected
    assert audit_text(text, name="x.s40").errors  # the extension says .s40


def test_audit_events_judges_decoded_events_as_their_json_lines() -> None:
    events = legal_events()
    result = audit_events(events, name="match-17")
    assert result.path == "match-17" and result.complete
    assert result.to_dict() | {"path": "x"} == audit_text(as_jsonl(events)).to_dict() | {
        "path": "x"}
    assert audit_events(iter(events)).games[0].totals == result.games[0].totals


def test_audit_events_places_every_problem_on_its_event() -> None:
    events: list[object] = legal_events()
    draw = next(i for i, e in enumerate(events) if isinstance(e, dict) and e["verb"] == "draw")
    events[draw] = {"verb": "draw", "player": "Anna", "card": "XX"}
    events.insert(3, ["not", "an", "object"])
    result = audit_events(events)
    bad_line, bad_object = result.errors[1], result.errors[0]
    assert (bad_object.event, bad_object.line, bad_object.code) == (3, 4, "F003")
    assert (bad_line.event, bad_line.player, bad_line.code) == (draw + 1, "Anna", "F003")
    assert bad_line.hand == 1 and "'XX' is not a card" in bad_line.message
    g007 = next(v for v in result.games[0].violations if v.code == "G007" and v.line > 4)
    assert (g007.event, g007.player, g007.hand) == (draw + 1, "Anna", 1)
    assert result.to_dict()["errors"][1]["event"] == draw + 1


def test_problems_of_a_json_lines_file_name_their_event_not_only_their_line() -> None:
    """Blank lines move the JSON line away from the event's index; ``event`` stays."""
    events: list[object] = legal_events()
    draw = next(i for i, e in enumerate(events) if isinstance(e, dict) and e["verb"] == "draw")
    events[draw] = {"verb": "draw", "player": "Zed", "card": "5S"}
    result = audit_text(as_jsonl(events, blank_every=3), name="g.jsonl")
    g003 = next(v for v in result.games[0].violations if v.code == "G003")
    assert g003.event == draw and g003.line > draw + 1
    assert g003.player == "Zed"  # the name the line gives, though no player of the game
    assert result.games[0].to_dict()["violations"][0]["event"] == g003.event


def test_an_unreadable_hand_object_still_stands_for_a_hand() -> None:
    events: list[object] = legal_events()
    second = [i for i, e in enumerate(events) if isinstance(e, dict) and e["verb"] == "hand"][1]
    events[second] = {"verb": "hand", "number": "two"}
    result = audit_events(events)
    (error,) = result.errors
    assert error.hand == 2 and error.event == second
    assert 2 in [hand.number for hand in result.games[0].hands]


HUGE = 10**5_000  # more digits than Python writes (4,300): str() of it raises ValueError


@pytest.mark.parametrize(("item", "words"), [
    ({"verb": "hand", "number": HUGE}, "a hand number 1000000000"),
    ({"verb": "score", "scores": [{"player": "A", "points": -HUGE}]}, "points -1000000000"),
    ({"verb": "tag", "name": "Event", "values": [HUGE]}, "tag values must be a string"),
    ({"verb": "hand", HUGE: 1}, "a hand has no 1000000000"),
    ({"verb": "hand", "number": 1, 5: "x", "y": 1}, "a hand has no 5; its keys are"),
    ({"verb": "draw", None: 1}, "a draw has no null"),
    (HUGE, "a line holds one JSON object"),
], ids=["hand", "points", "tag", "key", "mixed-keys", "null-key", "item"])
def test_decoded_events_of_any_python_value_are_f003_never_an_exception(
        item: object, words: str) -> None:
    """Found by fuzzing: an int too long to write, or keys of mixed types (which cannot
    be sorted), raised from inside the message meant to say what is wrong."""
    (error,) = audit_events([{"verb": "hand", "number": 1}, item]).errors
    assert (error.code, error.event) == ("F003", 1) and words in error.message, error
    assert len(error.message) < 200  # the long number cut short, as any shown value


def test_s40_reports_are_unchanged_by_the_json_fields() -> None:
    """``event`` is written only for JSON input; a file error of a ``.s40`` log has no
    hand nor player."""
    result = audit_text('[Players "A" "B"]\nhand 1\ndealer A\nA draws 5S\n')
    (error,) = result.to_dict()["errors"]
    assert set(error) == {"code", "name", "message", "line", "column", "context"}


@pytest.mark.parametrize(("call", "words"), [
    (lambda: audit_text(123), "audit_text: data must be a str or bytes, not int"),  # type: ignore[arg-type]
    (lambda: audit_text(None), "audit_text: data must be a str or bytes, not None"),  # type: ignore[arg-type]
    (lambda: audit_text("", name=5), "audit_text: name must be a str, not int"),  # type: ignore[arg-type]
    (lambda: audit_file(3.5), "audit_file: path must be a str or an os.PathLike, not float"),  # type: ignore[arg-type]
    (lambda: audit_events("{}"), "audit_events: events must be an iterable of event objects"),  # type: ignore[arg-type]
    (lambda: audit_events({"verb": "hand"}), "audit_events: events must be an iterable"),  # type: ignore[arg-type]
    (lambda: iter_games(7), "iter_games: source must be a str, bytes, lines or an open file"),  # type: ignore[arg-type]
    (lambda: api.markdown_report([3]), "markdown_report: results must be FileResults"),  # type: ignore[list-item]
])
def test_a_wrong_call_fails_at_the_edge_naming_its_argument(call: object, words: str) -> None:
    with pytest.raises(TypeError) as raised:
        call()  # type: ignore[operator]
    assert words in str(raised.value)
    assert raised.traceback[-1].path.name == "api.py"  # raised at the API's edge


@pytest.mark.parametrize(("line", "words"), [
    ('{"verb": "hand", "number": 1,}', "not JSON: a comma before the closing '}' (column 29)"),
    ("[1, 2,]", "not JSON: a comma before the closing ']' (column 6)"),
    ('{"verb": "hand" "number": 1}', "not JSON: expected ',' or the end of the object or list"),
    ("{" * 70 + "}" * 70, "not an event: JSON nested too deeply"),
    ("[" * (MAX_DEPTH + 1), "not an event: JSON nested too deeply"),
    ('{"verb": "hand", "number": 1', "not JSON: expected ',' or the end of the object or list"),
])
def test_json_errors_are_in_our_words_on_every_python(line: str, words: str) -> None:
    """The json module words these differently on 3.13 ("Illegal trailing comma", no
    RecursionError); what a user reads does not change with the Python."""
    (error,) = audit_text(line + "\n", name="x.jsonl").errors
    assert words in error.message, error.message


def test_a_deep_line_is_refused_before_the_decoder_recurses() -> None:
    line = "[" * 100_000 + "]" * 100_000
    (error,) = audit_text(line[:9_000] + "\n", name="x.jsonl").errors
    assert "nested too deeply" in error.message


def test_the_problem_of_a_json_line_keeps_the_json_line_as_context() -> None:
    result = audit_text('{"verb": "draw", "player": "Anna", "card": 5}\n', name="x.jsonl")
    (error,) = result.errors
    assert error.context == '{"verb": "draw", "player": "Anna", "card": 5}'
    assert dataclasses.replace(error, context=None).player == "Anna"


@pytest.mark.parametrize(("pairs", "twice"), [
    ([("verb", "draw"), ("player", "Anna")], None),
    ([("verb", "draw"), ("verb", "take")], "verb"),
    ([("a", 1), ("b", 2), ("b", 3), ("a", 4)], "b"),
    ([], None),
])
def test_the_first_key_written_twice_is_named(pairs: list[tuple[str, object]],
                                              twice: str | None) -> None:
    """One check serves the JSON events and the engines' answers alike."""
    assert key_written_twice(pairs) == twice
