"""JSON Lines events as a careless or hostile game server writes them: a key written
twice, an object with no verb, a number JSON cannot hold. Each line is refused in words
on its line, and the game after it is still judged.
"""

from __future__ import annotations

import json
from pathlib import Path

from scala40cli.api import audit_text
from scala40cli.model.results import FileResult
from scala40cli.reading.jsonl_logs import jsonl_to_s40
from scala40cli.reporting.events_jsonl import s40_to_jsonl
from scala40cli.translation.catalogue import catalogue

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"


def game_lines() -> list[str]:
    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    return [line for line in jsonl.splitlines() if '"comment"' not in line[:30]]


def first(lines: list[str], verb: str) -> int:
    return next(i for i, line in enumerate(lines) if json.loads(line)["verb"] == verb)


def judged(bad_line: str, verb: str) -> tuple[FileResult, int]:
    """A game whose first ``verb`` line is ``bad_line``, then the same game untouched;
    the result and the bad line's number."""
    lines = game_lines()
    at = first(lines, verb)
    broken = [*lines[:at], bad_line, *lines[at + 1:]]
    result = audit_text("\n".join(broken + lines) + "\n", name="g.jsonl")
    assert len(result.games) == 2
    assert result.games[1].ok, "the good game after a bad one is judged, and legal"
    return result, at + 1


def only_file_error(result: FileResult, line: int) -> str:
    errors = [p for p in result.errors if p.code == "F003"]
    assert [p.line for p in errors] == [line]
    return errors[0].message


def test_a_key_written_twice_is_refused_not_read_as_its_last_value() -> None:
    """``json`` keeps the last of two keys silently, another reader the first: the line
    would be one event to the server's viewer and another to the referee."""
    lines = game_lines()
    draw = json.loads(lines[first(lines, "draw")])
    twice = json.dumps(draw)[:-1] + ', "card": "2C"}'
    result, line = judged(twice, "draw")
    assert only_file_error(result, line) == \
        "not an event: the key 'card' is written twice in one object"
    assert not any(v.code == "T004" for v in result.games[0].violations)


def test_a_second_verb_key_does_not_start_a_game() -> None:
    lines = game_lines()
    twice = lines[first(lines, "draw")][:-1] + ', "verb": "tag", "name": "Event"}'
    result, line = judged(twice, "draw")
    assert "the key 'verb' is written twice" in only_file_error(result, line)


def test_convert_refuses_a_key_written_twice() -> None:
    lines = game_lines()
    at = first(lines, "discard")
    lines[at] = lines[at][:-1] + ', "player": "Anna"}'
    problems = jsonl_to_s40(("\n".join(lines) + "\n").encode())
    assert isinstance(problems, tuple)
    assert [(p.line, p.message) for p in problems] == [
        (at + 1, "not an event: the key 'player' is written twice in one object")]


def test_an_object_without_a_verb_says_so_and_names_its_keys() -> None:
    lines = game_lines()
    draw = json.loads(lines[first(lines, "draw")])
    typed = {"type": draw.pop("verb"), **draw}
    result, line = judged(json.dumps(typed), "draw")
    assert only_file_error(result, line) == (
        'no "verb": an event names its verb, like {"verb": "draw", ...}; '
        "its keys are 'type', 'player', 'card'")
    result, line = judged("{}", "draw")
    assert only_file_error(result, line).endswith("; it is empty")


def test_a_number_beyond_a_float_is_not_shown_as_inf() -> None:
    lines = game_lines()
    score = json.loads(lines[first(lines, "score")])
    written = json.dumps(score).replace(f'"points": {score["scores"][0]["points"]}',
                                        '"points": 1e400', 1)
    result, line = judged(written, "score")
    message = only_file_error(result, line)
    assert message == "points must be a whole number, not a number over 1.7e308"


def test_a_json_array_of_events_is_read_as_json_and_refused_in_words() -> None:
    """A server that writes its events as one JSON array, an object a line: the file
    was read as a ``.s40`` log (a syntax error at each '{'), or, named .jsonl, as JSON
    lines whose errors (a value expected at column 65) did not say what was wrong; then
    each line said it (one problem a line): now the file has one problem, on line 1."""
    lines = game_lines()
    said = ("F003", "the file is a JSON array of events, not JSON Lines, which holds one "
            "event object a line with nothing around it: write each event on one line "
            "(jq -c '.[]' does it) (the file is not read)")
    for array in ("[" + ",\n".join(lines) + "]\n", "[\n" + ",\n".join(lines) + "\n]\n"):
        result = audit_text(array, name="match.json")
        assert [(p.line, p.code, p.message) for p in result.errors] == [(1, *said)]
        assert not result.games
    pieces = "\n".join(line + "," for line in lines)  # an array's lines without its [ ]
    hint = "a JSON array of events? JSON Lines holds one event object a line"
    assert all(hint in p.message for p in audit_text(pieces, name="m.jsonl").errors)


def test_a_line_that_is_only_broken_json_gets_no_array_hint() -> None:
    lines = game_lines()
    result, line = judged(lines[first(lines, "draw")][:20], "draw")
    assert "array" not in only_file_error(result, line)


def test_a_json_log_not_in_utf8_says_which_encoding_as_a_s40_log_does() -> None:
    """The F002 of a JSON line named the byte's place only, where a ``.s40`` log's
    says UTF-16 or Windows-1252 and what to do."""
    lines = game_lines()
    text = "\n".join(line.replace("Anna", "Annà") for line in lines) + "\n"
    latin = audit_text(text.encode("cp1252"), name="g.jsonl").errors[0]
    assert (latin.code, latin.message.split(" (")[1]) == (
        "F002", "0xE0, à in Windows-1252: save the file as UTF-8)")
    errors = audit_text(text.encode("utf-16"), name="g.jsonl").errors  # one for the file
    assert [(e.line, e.code, e.message) for e in errors] == [(1, "F002", (
        "the file is in UTF-16, not UTF-8 as JSON Lines is: save it as UTF-8 (the file "
        "is not read)"))]
    converted = jsonl_to_s40(text.encode("utf-16"))
    assert isinstance(converted, tuple) and [p.message for p in converted] == [
        errors[0].message]
    crashed = audit_text(f"{lines[0]}\n{lines[1]}\n".encode() + b"\x00\x00\x89\n",
                         name="g.jsonl").errors  # NUL bytes after a good line
    assert [e.line for e in crashed] == [3]
    assert "NUL bytes: a file in UTF-16" in crashed[0].message


def test_lines_ended_by_a_cr_alone_are_said_so() -> None:
    """A file of CR line ends is one line to a JSON Lines reader: its F003 said only
    'more after the JSON value' (of a file longer than a line may be, the line's length
    is said, as before)."""
    text = "\r".join(game_lines()[:6]) + "\r"
    errors = audit_text(text, name="g.jsonl").errors
    assert [e.line for e in errors] == [1]
    assert errors[0].message.endswith(
        "; the lines end with a CR alone, which JSON Lines does not: end them with LF")
    crlf = audit_text("\r\n".join(game_lines()) + "\r\n", name="g.jsonl")
    assert crlf.ok


def test_the_new_messages_are_said_in_italian_and_french() -> None:
    """Each message above has its catalogue entry: without one, --lang it wrote them in
    English, or half-translated word by word."""
    lines = game_lines()
    utf16 = audit_text(("\n".join(lines) + "\n").encode("utf-16"), name="g.jsonl").errors
    utf16 += audit_text(f"{lines[0]}\n".encode() + b"\x00\x00\x89\n", name="g.jsonl").errors
    array = audit_text("[" + ",\n".join(lines) + "]\n", name="g.json").errors
    twice, _line = judged(lines[first(lines, "draw")][:-1] + ', "card": "2C"}', "draw")
    messages = [utf16[0].message, utf16[1].message, array[0].message,
                twice.errors[0].message, audit_text("\r".join(lines[:6]) + "\r",
                                                    name="g.jsonl").errors[0].message]
    for language in ("it", "fr"):
        words = catalogue(language)
        said = [words.translate(message) for message in messages]
        assert not any(text == message for text, message in zip(said, messages, strict=True)), said
        assert not any(english in text for text in said for english in
                       ("the file is", "holds NUL", "nothing around", "written twice",
                        "CR alone")), said
