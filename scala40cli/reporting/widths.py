"""How wide a text is on a terminal, for the columns of the text tables.

A table measures its cells as they are printed: escaped first
(:func:`scala40cli.reporting.escape.terminal_cell`: a control character shown as
``\\x0d`` takes four columns, a bidi control shown as ``\\u202e`` six), then measured here.

A player's name is counted as a terminal shows it, not in code points: a combining
accent (``Nicolò`` written in NFD, ``o`` then U+0300) takes no column of its own, nor
does a zero-width character, and a wide character (CJK, fullwidth forms) takes two.
The standard library's :mod:`unicodedata` knows both properties; no table of our own.
"""

from __future__ import annotations

import unicodedata

#: East Asian widths a terminal draws in two columns.
_WIDE = frozenset({"W", "F"})
#: General categories that take no column: combining marks, format characters.
_ZERO = frozenset({"Mn", "Me", "Cf"})


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal (each character 0, 1 or 2)."""
    if text.isascii():
        return len(text)
    return sum(_char_width(char) for char in text)


def _char_width(char: str) -> int:
    if unicodedata.category(char) in _ZERO:
        return 0
    return 2 if unicodedata.east_asian_width(char) in _WIDE else 1


def pad(text: str, width: int, *, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` columns, on the left when ``right``
    (aligned to the right, as the numbers of a sheet are)."""
    fill = " " * max(width - display_width(text), 0)
    return fill + text if right else text + fill
