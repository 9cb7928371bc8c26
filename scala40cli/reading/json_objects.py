"""A JSON object that means the same to every reader.

Python's ``json`` keeps the last value of a key written twice, silently, where another
reader may keep the first: ``{"move": "draw", "move": "take"}`` is one move to one
reader and another to the next. A server's event and an engine's answer are refused
rather than read one way; this module finds the key (and imports nothing, so the
table's engines can use it without the log's parser).
"""

from __future__ import annotations

from collections.abc import Sequence


def key_written_twice(pairs: Sequence[tuple[str, object]]) -> str | None:
    """The first key of an object's ``(key, value)`` pairs written twice, or None."""
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            return key
        seen.add(key)
    return None
