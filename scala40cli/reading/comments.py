"""The comments of a log, for ``scala40 fmt``: what they say and where they stand.

A comment runs from ``;`` or ``#`` to the end of its line, outside a quoted string (the
grammar's ``COMMENT``). The referee has no use for comments, so the parser skips them
and the replay never pays for them; ``fmt`` must give them back in place, so it reads
them here from the same lines, with the grammar's rule for quoted strings: a ``"``
opens a string, ``\\`` escapes the next character, the next ``"`` closes it. On a line
the parser read without error this finds exactly the comment the grammar skipped.

Every line of a log that parses is then one of three kinds (see
:mod:`scala40cli.reading.layout`): an event (perhaps with a comment after it), a comment alone,
or blank.
"""

from __future__ import annotations

from dataclasses import dataclass

_BLANKS = " \t\r"


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment as written: its text from ``;`` or ``#`` on, trailing blanks left out.

    ``line`` and ``column`` (1-based, in characters) say where it starts in its file;
    ``alone`` is true for a comment that is the whole line (but for indentation).
    """

    line: int
    column: int
    text: str
    alone: bool


def comment_start(line: str) -> int:
    """The index of the ``;`` or ``#`` that starts the comment of ``line``, -1 if none."""
    if ";" not in line and "#" not in line:
        return -1
    quoted, i, size = False, 0, len(line)
    while i < size:
        char = line[i]
        if quoted:
            if char == "\\":
                i += 1
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in ";#":
            return i
        i += 1
    return -1


def split_comment(line: str, number: int) -> tuple[str, Comment | None]:
    """The part of ``line`` before its comment, and the comment (None if it has none)."""
    start = comment_start(line)
    if start < 0:
        return line, None
    before = line[:start]
    text = line[start:].rstrip(_BLANKS)
    alone = before.strip(_BLANKS) == ""
    return before, Comment(line=number, column=start + 1, text=text, alone=alone)


def comments_of(text: str, first_line: int = 1) -> list[Comment]:
    """Every comment of ``text``, in order; ``first_line`` is the line ``text`` starts at."""
    found = []
    for number, line in enumerate(text.split("\n"), start=first_line):
        comment = split_comment(line, number)[1]
        if comment is not None:
            found.append(comment)
    return found
