"""Player names: when two spellings are one player, and when two players look alike.

A name is written by people on different keyboards and systems: ``José`` may come as
one precomposed letter (NFC) from one editor and as ``e`` plus a combining accent (NFD)
from another. Both are the same player, so names are compared after NFC normalisation
(:func:`same_name`), and an event written in either form is the player of the
``[Players]`` tag, shown as the tag spells the name.

Two *different* names may still look the same on a screen or a score sheet: Latin
``Anna`` and ``Anna`` written with a Cyrillic A (U+0410), ``Anna`` and ``anna``,
``Anna`` and ``Anna`` with a zero-width joiner inside. A log whose players cannot be
told apart by reading it is not trustworthy, so :func:`lookalikes` finds the names that
look alike and those that hold invisible characters; the referee reports each problem
once, as one ``G009`` (a name that looks like another because of an invisible character
is one problem). The table of lookalike letters is small on purpose: the Cyrillic and
Greek letters that look like Latin ones in common fonts (Unicode's full confusables list
is thousands of entries, most between symbols nobody puts in a name).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from scala40cli.judging.tabletop.findings import Finding, said_name
from scala40cli.model.violations import Code
from scala40cli.reading.event_base import replace
from scala40cli.reading.events import Event, Score

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
    """One problem with the names of a game (one ``G009``): the names it is about, in
    the order of the tag, the one or more it is said of (``subject``), and why in words.

    A name is in one problem at most: a name holding an invisible character that makes
    it look like another is one problem, not one for the character and one for the
    pair."""

    names: tuple[str, ...]
    subject: tuple[str, ...]
    reason: str

    def message(self) -> str:
        """The problem in words, each name quoted so that an invisible character shows
        as its escape (``'An\\u200dna'``)."""
        if len(self.subject) == 1:
            return f"the player name {quoted(self.subject[0])} {self.reason}"
        return f"the players {_listed(self.subject)} {self.reason}"


def quoted(name: str) -> str:
    """``repr(name)``, with the invisible characters ``repr`` leaves as they are (a
    Hangul filler, a variation selector) escaped too: ``'An\\u3164na'``."""
    return "".join(_escaped(char) if is_invisible(char) else char for char in repr(name))


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _listed(names: Sequence[str]) -> str:
    """``'A'``, ``'A' and 'B'``, ``'A', 'B' and 'C'``: names quoted, in words."""
    shown = [quoted(name) for name in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def lookalikes(names: Sequence[str]) -> tuple[Lookalike, ...]:
    """The problems of a game's names, in the order of ``names``: each set of names
    that look alike is one problem, and so is each other name that holds invisible
    characters. Names equal after NFC are one name: not reported here.

    Remembered for the last few hundred sets of names: a file's games are mostly
    played by the same people, and the check reads every character several times."""
    return _lookalikes(tuple(names))


@lru_cache(maxsize=256)
def _lookalikes(names: tuple[str, ...]) -> tuple[Lookalike, ...]:
    return tuple(_each_lookalike(names))


def _each_lookalike(names: tuple[str, ...]) -> Iterator[Lookalike]:
    """One problem a group of names alike (at its first name), or a name alone that
    holds invisible characters."""
    groups = _alike_groups(names)
    for name in names:
        group = groups.get(name, (name,))
        if group[0] != name:
            continue
        if len(group) > 1:
            yield _group_problem(group)
        elif invisible_characters(name):
            yield Lookalike(group, group, "holds " + _invisibles(name))


def _alike_groups(names: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each name that looks like another -> every name it cannot be told apart from,
    directly or through a third (``Anna``, ``anna``, ``\u0410nna``), in tag order."""
    group_of = {name: [name] for name in names}
    for first, second in combinations(names, 2):
        one, other = group_of[first], group_of[second]
        if one is not other and _why_alike(first, second) is not None:
            one.extend(other)
            for name in other:
                group_of[name] = one
    return {name: tuple(sorted(group, key=names.index))
            for name, group in group_of.items() if len(group) > 1}


def _group_problem(group: tuple[str, ...]) -> Lookalike:
    """Names that look alike, as one problem: said of the one name that holds invisible
    characters when dropping them is all that makes it look like the others, else of
    all of them with what makes them alike (the invisible characters of each
    included)."""
    holders = [name for name in group if invisible_characters(name)]
    visible = _why_alike_visible(group)
    if visible is None and len(holders) == 1:
        others = tuple(name for name in group if name != holders[0])
        return Lookalike(group, (holders[0],), f"holds {_invisibles(holders[0])} and so "
                         f"looks like {_listed(others)}")
    held = "; ".join(f"{quoted(name)} holds {_invisibles(name)}" for name in holders)
    if visible is None:
        return Lookalike(group, group, f"differ only in invisible characters: {held}")
    if held:
        visible += f" once invisible characters are dropped: {held}"
    return Lookalike(group, group, visible)


def _invisibles(name: str) -> str:
    """``an invisible character U+200D ZERO WIDTH JOINER``, or the characters, in
    words."""
    hidden = invisible_characters(name)
    if len(hidden) == 1:
        return f"an invisible character {hidden[0]}"
    return f"invisible characters {', '.join(hidden[:-1])} and {hidden[-1]}"


def _why_alike(first: str, second: str) -> str | None:
    if same_name(first, second):
        return None
    if _without_invisible(first) == _without_invisible(second):
        return "differ only in invisible characters"
    return _why_alike_visible((first, second))


def _why_alike_visible(group: Sequence[str]) -> str | None:
    """What makes names look alike once their invisible characters are dropped: None
    when they are then one name or do not look alike, else all of what differs:
    lookalike letters, case, other forms or spacing."""
    visible = {_without_invisible(name) for name in group}
    if len(visible) == 1 or len({skeleton(name) for name in visible}) > 1:
        return None
    latin = {name.translate(_TO_LATIN) for name in visible}
    folded = {name.casefold() for name in latin}
    foreign = _lookalike_letters("".join(group))
    if not foreign and len(folded) == 1:
        return "differ only in case"
    parts = []
    if len(foreign) == 1:
        parts.append(f"{foreign[0]} looks like a Latin letter")
    elif foreign:
        parts.append(f"{', '.join(foreign)} look like Latin letters")
    if len(folded) < len(latin):
        parts.append("the case differs")
    if len(folded) > 1:
        parts.append("the same letters in other forms or spacing")
    return f"look alike ({'; '.join(parts)})"


def _without_invisible(name: str) -> str:
    return "".join(char for char in nfc(name) if not is_invisible(char))


def _lookalike_letters(text: str) -> list[str]:
    found = dict.fromkeys(char for char in nfc(text) if char in _LOOKALIKE_LETTERS)
    return [_described(char) for char in found]


def _described(char: str) -> str:
    """``U+0410 CYRILLIC CAPITAL LETTER A``: a character by its code and name, never
    itself (it may be invisible or reorder the text around it)."""
    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed character')}"


#: How alike a misspelt name and a player's must be (difflib's ratio) to be read as one.
NAME_CUTOFF = 0.75


def closest_player(name: str, players: Sequence[str]) -> str | None:
    """The one player whose name ``name`` most likely misspells, or None when no name
    is close or several are (``Ann`` for Anna and Anne: nobody can tell)."""
    import difflib  # only for a name that is nobody's: most games never need it

    by_folded = {player.casefold(): player for player in players}
    close = difflib.get_close_matches(name.casefold(), by_folded, n=2, cutoff=NAME_CUTOFF)
    return by_folded[close[0]] if len(close) == 1 else None


def as_spelled(event: Event, as_tagged: Collection[str], spelling: Mapping[str, str]) -> Event:
    """The event with its player names spelled as the [Players] tag spells them
    (``as_tagged``; ``spelling``: each name in NFC -> so spelled), when they are the
    same name in another Unicode form (NFD ``José``)."""
    player = event.named_player()
    if player is not None:
        if player in as_tagged:
            return event
        spelled = spelling.get(nfc(player), player)
        return event if spelled == player else replace(event, player=spelled)
    if isinstance(event, Score):
        entries = tuple((spelling.get(nfc(name), name), points)
                        for name, points in event.entries)
        if entries != event.entries:
            return replace(event, entries=entries)
    return event


def score_names_read(event: Score, as_tagged: Collection[str],
                     players: Sequence[str]) -> tuple[Score, list[tuple[str, str]]]:
    """A score line with each name that is nobody's read as the one player it most
    likely misspells among those the line does not name (``Brunoo`` for Bruno), and
    those misspellings: one typo on a paper sheet is one violation, and the penalty
    written beside it still counts."""
    named = {name for name, _ in event.entries}
    entries, typos = [], []
    for name, points in event.entries:
        meant = None if name in as_tagged else closest_player(
            name, [player for player in players if player not in named])
        if meant is not None:
            typos.append((name, meant))
            named.add(meant)
            name = meant
        entries.append((name, points))
    return (replace(event, entries=tuple(entries)) if typos else event), typos


def misspelt_name(event: Event, name: str, meant: str) -> Finding:
    """The one G003 of a name close to exactly one player's: a turn line and a score line
    say it in the same words, so a translation catalogue holds it once."""
    return Finding(Code.UNKNOWN_PLAYER, event, f"{said_name(name)} is not a player of this "
                   f"game; did you mean {meant}?")
