"""Writing one large JSON document as its parts come, without holding it.

The JSON report and the SARIF log are single documents, but most of their bytes are
arrays of games or results that the audit yields one at a time. A document is written
from a *template*: the document with :data:`HOLE` where an array (or a value known
only at the end) goes. :func:`template` cuts its indented JSON text at the holes; the
caller writes the pieces in turn and fills each hole with a :class:`JsonArray` or one
value. The text is exactly what ``json.dumps(document, indent=2)`` gives for the same
data, made :func:`~scala40cli.reporting.escape.json_safe`.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from scala40cli.reporting.escape import json_safe
from scala40cli.reporting.json_indent import Unsupported, indented

#: The value that marks where a part of the document is written later.
HOLE = "\x00hole\x00"
_HOLE_TEXT = json.dumps(HOLE)


def dumps(value: Any, indent: int = 0) -> str:
    """``value`` as indented JSON whose lines after the first are shifted by ``indent``
    (written by :mod:`~scala40cli.reporting.json_indent`, or by ``json`` for a value
    that module leaves to it)."""
    try:
        text = indented(value, indent)
    except Unsupported:
        text = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + " " * indent)
    return json_safe(text)


def template(document: Any, indent: int = 0) -> tuple[list[str], list[int]]:
    """The text of ``document`` (its lines shifted by ``indent``) cut at its holes, and
    the indentation of each hole's line."""
    pieces = dumps(document, indent).split(_HOLE_TEXT)
    indents = [_line_indent(piece) for piece in pieces[:-1]]
    return pieces, indents


def _line_indent(text: str) -> int:
    line = text[text.rfind("\n") + 1:]
    return len(line) - len(line.lstrip(" "))


class JsonArray:
    """An array written one item at a time at a hole indented by ``indent`` spaces."""

    def __init__(self, stream: TextIO, indent: int) -> None:
        self.stream, self.indent, self.count = stream, indent, 0

    def open_item(self) -> int:
        """Start the next item, whose text the caller writes; its indentation."""
        inner = self.indent + 2
        self.stream.write(("[" if self.count == 0 else ",") + "\n" + " " * inner)
        self.count += 1
        return inner

    def add(self, item: Any) -> None:
        self.stream.write(dumps(item, self.open_item()))

    def close(self) -> None:
        self.stream.write("[]" if self.count == 0 else "\n" + " " * self.indent + "]")
