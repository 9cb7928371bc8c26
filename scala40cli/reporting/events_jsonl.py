"""A ``.s40`` log written as JSON Lines events (``scala40 convert``): the output half of
the conversion, whose input half is :mod:`scala40cli.reading.jsonl_logs`.

Each event becomes its object (:func:`scala40cli.reading.events_json.event_object`),
with the comment written after it on its line; a comment alone on its line becomes a
comment object. The JSON text is made safe for a terminal or a CI runner that shows it
(:func:`scala40cli.reporting.escape.json_safe`): it is output, like every report.
"""

from __future__ import annotations

import json

from scala40cli.model.results import Problem
from scala40cli.reading.comments import split_comment
from scala40cli.reading.events import Event
from scala40cli.reading.events_json import comment_object, event_object
from scala40cli.reading.log_files import log_file_problem
from scala40cli.reading.parser import decode_log, parse_text
from scala40cli.reporting.escape import json_safe


def s40_to_jsonl(data: bytes) -> str | tuple[Problem, ...]:
    """The JSON Lines of a ``.s40`` log's bytes: an object for each event (with the
    comment after it on its line) and for each comment alone on its line; or the
    problems that keep it from being converted (``F002``, ``F003``), as ``fmt`` refuses
    them. Blank lines are layout, not content: they are left out."""
    whole = log_file_problem(data)
    text = decode_log(data) if whole is None else whole
    if isinstance(text, Problem):
        return (text,)
    parsed = parse_text(text)
    if parsed.errors:
        return parsed.errors
    events = iter([event for game in parsed.games for event in game.events])
    written: list[str] = []
    for number, line in enumerate(text.split("\n"), start=1):
        before, comment = split_comment(line, number)
        if before.strip(" \t\r"):
            written.append(_object_line(next(events), None if comment is None
                                        else comment.text))
        elif comment is not None:
            written.append(comment_line(comment.text))
    return "".join(written)


def _object_line(event: Event, comment: str | None = None) -> str:
    return json_safe(json.dumps(event_object(event, comment), ensure_ascii=False)) + "\n"


def comment_line(text: str) -> str:
    """The JSON line of a comment alone on its line."""
    return json_safe(json.dumps(comment_object(text), ensure_ascii=False)) + "\n"
