"""Player names: when two spellings are one player, and when two players look alike.

A name is written by people on different keyboards and systems: ``José`` may come as
one precomposed letter (NFC) from one editor and as ``e`` plus a combining accent (NFD)
from another. Both are the same player, so names are compared after NFC normalisation
(:func:`same_name`), and an event written in either form is the player of the
``[Players]`` tag, shown as the tag spells the name.

Two *different* names may still look the same on a screen or a score sheet: Latin
``Anna`` and ``Anna`` written with a Cyrillic A (U+0410), ``Anna`` and ``anna``, ``Anna``
and ``Anna`` with a zero-width joiner inside. A log whose players cannot be told apart by reading it
is not trustworthy, so :func:`lookalikes` finds such pairs and names that hold invisible
characters; the referee reports each as ``G009``. The table of lookalike letters is
small on purpose: the Cyrillic and Greek letters that look like Latin ones in common
fonts (Unicode's full confusables list is thousands of entries, most between symbols
nobody puts in a name).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

#: Cyrillic and Greek letters that look like a Latin one, by their Unicode names (the
#: letters themselves would be unreadable here): (names of the script's letters,
#: Latin twins), upper and lower case apart, as Greek capital Nu looks like N and
#: small nu like v.
_LOOKALIKE_NAMES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("CYRILLIC CAPITAL LETTER", ("A", "VE", "IE", "KA", "EM", "EN", "O", "ER", "ES", "TE",
                                 "U", "HA", "DZE", "BYELORUSSIAN-UKRAINIAN I", "JE",
                                 "STRAIGHT U", "QA", "WE", "KOMI DE"),
     "ABEKMHOPCTYXSIJYQWD"),
    ("CYRILLIC SMALL LETTER", ("A", "IE", "O", "ER", "ES", "U", "HA", "DZE",
                               "BYELORUSSIAN-UKRAINIAN I", "JE", "KOMI DE", "QA", "WE", "SHHA",
                               "STRAIGHT U", "PALOCHKA"),
     "aeopcyxsijdqwhyl"),
    ("CYRILLIC LETTER", ("PALOCHKA",), "I"),
    ("GREEK CAPITAL LETTER", ("ALPHA", "BETA", "EPSILON", "ZETA", "ETA", "IOTA", "KAPPA",
                              "MU", "NU", "OMICRON", "RHO", "TAU", "UPSILON", "CHI"),
     "ABEZHIKMNOPTYX"),
    ("GREEK SMALL LETTER", ("ALPHA", "OMICRON", "IOTA", "KAPPA", "NU", "RHO", "TAU",
                            "UPSILON", "CHI", "GAMMA"),
     "aoikvptuxy"),
    ("GREEK", ("LUNATE SIGMA SYMBOL", "LETTER YOT"), "cj"),
    ("LATIN SMALL LETTER", ("DOTLESS I", "DOTLESS J"), "ij"),
)
_LOOKALIKE_LETTERS: dict[str, str] = {
    unicodedata.lookup(f"{prefix} {name}"): latin
    for prefix, letters, twins in _LOOKALIKE_NAMES
    for name, latin in zip(letters, twins, strict=True)
}
_TO_LATIN = str.maketrans(_LOOKALIKE_LETTERS)

#: Characters that show nothing, or nothing of their own, though not of category Cf:
#: the combining grapheme joiner, variation selectors, Hangul fillers, the braille blank.
_INVISIBLE_EXTRA = frozenset(
    "\u034f\u115f\u1160\u3164\uffa0\u2800"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)


def nfc(name: str) -> str:
    """The name in Unicode NFC, the form names are compared in."""
    return unicodedata.normalize("NFC", name)


def same_name(first: str, second: str) -> bool:
    """Do two spellings name one player (equal after NFC normalisation)?"""
    return first == second or nfc(first) == nfc(second)


def is_invisible(char: str) -> bool:
    """A character that shows nothing: format characters (zero-width space and joiners,
    bidi controls, the soft hyphen: category Cf), control characters (Cc), spaces other
    than the plain one, line and paragraph separators, and a few others."""
    category = unicodedata.category(char)
    if category in ("Cf", "Cc", "Zl", "Zp") or char in _INVISIBLE_EXTRA:
        return True
    return category == "Zs" and char != " "


def invisible_characters(name: str) -> list[str]:
    """The invisible characters of ``name``, each once, in order, as ``U+200D ZERO
    WIDTH JOINER``."""
    seen = dict.fromkeys(char for char in name if is_invisible(char))
    return [_described(char) for char in seen]


def skeleton(name: str) -> str:
    """What a reader sees of a name: compatibility forms folded (NFKC: fullwidth
    letters, ligatures), invisible characters dropped, runs of spaces as one, lookalike
    Cyrillic and Greek letters as their Latin twins, and case folded."""
    folded = unicodedata.normalize("NFKC", name)
    visible = "".join(char for char in folded if not is_invisible(char))
    return " ".join(visible.translate(_TO_LATIN).split()).casefold()


@dataclass(frozen=True, slots=True)
class Lookalike:
    """A problem with the names of a game: one name, or a pair, and why in words."""

    names: tuple[str, ...]
    reason: str

    def message(self) -> str:
        """The problem in words, each name quoted so that an invisible character shows
        as its escape (``'An\\u200dna'``)."""
        if len(self.names) == 1:
            return f"the player name {quoted(self.names[0])} {self.reason}"
        first, second = self.names
        return f"the players {quoted(first)} and {quoted(second)} {self.reason}"


def quoted(name: str) -> str:
    """``repr(name)``, with the invisible characters ``repr`` leaves as they are (a
    Hangul filler, a variation selector) escaped too: ``'An\\u3164na'``."""
    return "".join(_escaped(char) if is_invisible(char) else char for char in repr(name))


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def lookalikes(names: Sequence[str]) -> tuple[Lookalike, ...]:
    """Each name holding invisible characters, then each pair of names that look alike,
    in the order of ``names``. Names equal after NFC are one name: not reported here.

    Remembered for the last few hundred sets of names: a file's games are mostly
    played by the same people, and the check reads every character several times."""
    return _lookalikes(tuple(names))


@lru_cache(maxsize=256)
def _lookalikes(names: tuple[str, ...]) -> tuple[Lookalike, ...]:
    return tuple(_each_lookalike(names))


def _each_lookalike(names: tuple[str, ...]) -> Iterator[Lookalike]:
    for name in names:
        hidden = invisible_characters(name)
        if hidden:
            yield Lookalike((name,), "holds invisible characters: " + ", ".join(hidden))
    for first, second in combinations(names, 2):
        reason = _why_alike(first, second)
        if reason is not None:
            yield Lookalike((first, second), reason)


def _why_alike(first: str, second: str) -> str | None:
    if same_name(first, second):
        return None
    if _without_invisible(first) == _without_invisible(second):
        return "differ only in invisible characters"
    if nfc(first).casefold() == nfc(second).casefold():
        return "differ only in case"
    if skeleton(first) == skeleton(second):
        foreign = _lookalike_letters(first + second)
        if len(foreign) == 1:
            return f"look alike ({foreign[0]} looks like a Latin letter)"
        if foreign:
            return f"look alike ({', '.join(foreign)} look like Latin letters)"
        return "look alike (the same letters in other forms or spacing)"
    return None


def _without_invisible(name: str) -> str:
    return "".join(char for char in nfc(name) if not is_invisible(char))


def _lookalike_letters(text: str) -> list[str]:
    found = dict.fromkeys(char for char in nfc(text) if char in _LOOKALIKE_LETTERS)
    return [_described(char) for char in found]


def _described(char: str) -> str:
    """``U+0410 CYRILLIC CAPITAL LETTER A``: a character by its code and name, never
    itself (it may be invisible or reorder the text around it)."""
    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed character')}"
