"""A language's messages, and the referee's English sentences said again in it.

A :class:`Catalogue` holds the entries of a language's ``.po`` files. Its words are
asked for by their English text, as gettext does: :meth:`Catalogue.gettext` for a
sentence with ``{name}`` values, :meth:`Catalogue.ngettext` for one that counts
something (the plural form chosen by the language's own rule: Italian says "1 carta,
0 carte", French "1 carte, 0 carte").

The referee, which never imports this layer, writes its findings as English sentences
built with values ("Anna does not hold KH"), and the JSON report keeps them so. A
catalogue's ``msgid`` with placeholders is also a pattern, so :meth:`Catalogue.translate`
finds the template that made a sentence and writes it again in the catalogue's
language, the values kept: a player's name or a card as written, and the values that
are words of the referee's (a sentence inside the sentence: "invalid meld: {why}",
see :data:`SAID`) translated in turn. A sentence
no template matches is given as the referee wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the reader is imported only to read a catalogue: English needs none
    from scala40cli.translation.po import Entry

#: The languages of the catalogues, English (the language of the source) first.
LANGUAGES = ("en", "it", "fr")
#: The catalogues of the referee's words, ``locale/<language>/<domain>.po``: the
#: violations' messages, what ``explain`` says of each code, the words of the reports, the
#: words of ``standings``, the viewer's page, the review.
DOMAINS = ("messages", "explanations", "reports", "standings", "viewer", "review")
#: Placeholders whose value is words of the referee's, translated in turn: a sentence
#: inside the sentence (``why``), a list of them (``first``, ``last``: "A, B and C" is
#: "A, B" and "C"; ``head``, ``rest``: "A; B; C" is "A" and "B; C"), a suit's name. Any
#: other value (a name, a card, a number, a word of the log) is kept as written.
SAID = frozenset({"why", "what", "when", "how", "rest", "head", "first", "last", "suit",
                  "verbs", "guesses", "holding", "invisible", "listed", "parts", "extra",
                  "expected", "error", "way", "quoted", "reason", "shown"})
#: What the value of a placeholder may be, by its name; any other takes as little of the
#: sentence as it can, but ``first``, which takes as much (a list is cut at its last
#: "and" or "or"). A card is one word; a name or a list of cards holds no ``:`` or ``;``,
#: which the sentences put between their parts, and neither does an item of a list
#: (``first``, ``last``): "A and B; C and D" is two parts before it is two lists; a
#: number is digits.
_NUMBER = r"-?[\d,]+"
_NAMES = r"[^:;]+?"
_VALUES = {
    "first": "[^;]+", "last": "[^;]+?", "card": r"\S+", "cards": _NAMES, "other": _NAMES,
    "player": _NAMES, "players": _NAMES, "dealer": _NAMES, "name": _NAMES, "seat": _NAMES,
    "rank": r"\S+", "suit": r"\S+",
    "quoted": r"(?:'[^']*'|\"[^\"]*\")(?:(?:, | and )(?:'[^']*'|\"[^\"]*\"))*",
    "field": r"[a-z]+(?: [a-z_]+)?",
    # what a name holds that cannot be seen, not the cards a player holds
    "invisible": r"(?:an invisible character|invisible characters) .+?",
    **dict.fromkeys(("count", "line", "hand", "meld", "size", "value", "needed", "points",
                     "computed", "declared", "held", "jokers", "played", "least", "most",
                     "start", "end", "length", "limit", "offset"), _NUMBER),
}
#: How deep values are translated inside values (a sentence in a sentence in ...).
_DEPTH = 4
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: The plural rules of gettext's ``Plural-Forms`` headers this reader knows.
_PLURAL_RULES: Mapping[str, Callable[[int], int]] = {
    "n != 1": lambda n: int(n != 1),
    "n > 1": lambda n: int(n > 1),
}


def plural_rule(header: str) -> Callable[[int], int]:
    """The rule of a header's ``Plural-Forms`` (``nplurals=2; plural=(n > 1);``)."""
    from scala40cli.translation.po import header_fields

    forms = header_fields(header).get("Plural-Forms", "nplurals=2; plural=(n != 1);")
    found = re.search(r"plural=\(?([^;]*?)\)?;", forms)
    rule = _PLURAL_RULES.get(found.group(1).strip()) if found else None
    if rule is None:
        raise ValueError(f"unknown Plural-Forms: {forms!r}")
    return rule


def _pattern(msgid: str) -> re.Pattern[str]:
    """The regular expression of the sentences a ``msgid`` makes (a placeholder written
    twice holds the same value twice)."""
    regex, seen = [], set()
    for index, part in enumerate(_PLACEHOLDER.split(msgid)):
        if index % 2 == 0:
            regex.append(re.escape(part))
        elif part in seen:
            regex.append(f"(?P={part})")
        else:
            seen.add(part)
            regex.append(f"(?P<{part}>{_VALUES.get(part, '.+?')})")
    return re.compile(f"^{''.join(regex)}$", re.DOTALL)


#: The values French elides "de" and "que" before ("la main d'Anna", "plus qu'Elsa"): a
#: name or a card as written, which the template cannot know begins with a vowel.
_ELIDED = frozenset({"player", "other", "players", "name", "dealer", "card", "cards",
                     "rank", "winner", "result", "closer"})
_BEFORE_VOWEL = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
_VOWELS = frozenset("AEIOUYaeiouyÀÂÄÉÈÊËÎÏÔÖÙÛÜàâäéèêëîïôöùûü")
#: Italian writes "ad Anna", "ed Elena": "a" and "e" take a d before the same vowel.
_BEFORE_SAME_VOWEL = re.compile(r"\b([AaEe]) \{(\w+)\}")
_SAME_VOWEL = {"a": frozenset("aAàÀ"), "e": frozenset("eEèéÈÉ")}


def _elided(text: str, values: Mapping[str, object]) -> str:
    """A French ``text`` whose "de {player}" is "d'{player}" where the value begins with
    a vowel ("d'Anna", "d'AS"), as French writes it; any other value kept as it is."""
    def elide(found: re.Match[str]) -> str:
        value = str(values.get(found.group(2), ""))
        if found.group(2) in _ELIDED and value[:1] in _VOWELS:
            return f"{found.group(1)[0]}'{{{found.group(2)}}}"
        return found.group(0)
    return _BEFORE_VOWEL.sub(elide, text)


def _euphonic(text: str, values: Mapping[str, object]) -> str:
    """An Italian ``text`` whose "a {player}" is "ad {player}" where the value begins
    with an a ("tocca ad Anna"), and "e {last}" "ed {last}" before an e ("ed Elena")."""
    def join(found: re.Match[str]) -> str:
        value = str(values.get(found.group(2), ""))
        if value[:1] in _SAME_VOWEL[found.group(1).lower()]:
            return f"{found.group(1)}d {{{found.group(2)}}}"
        return found.group(0)
    return _BEFORE_SAME_VOWEL.sub(join, text)


def _filled(text: str, values: Mapping[str, object]) -> str:
    """``text`` with each ``{name}`` of ``values`` replaced by its value; any other brace
    kept as written (a sentence may show JSON: ``like {"player": "Anna"}``)."""
    return _PLACEHOLDER.sub(lambda found: str(values[found.group(1)])
                            if found.group(1) in values else found.group(0), text)


class Catalogue:
    """One language's messages (see the module docstring). English has none: its
    words are the ``msgid`` themselves."""

    __slots__ = ("entries", "language", "patterns", "plural")

    def __init__(self, language: str, entries: Mapping[str, Entry],
                 plural: Callable[[int], int] = _PLURAL_RULES["n != 1"]) -> None:
        self.language = language
        self.entries = dict(entries)
        self.plural = plural
        found = [(_pattern(text), entry) for entry in self.entries.values()
                 for text in (entry.msgid, entry.plural) if text and "{" in text]
        # the longest literal text first: the most particular template wins
        found.sort(key=lambda pair: -len(_PLACEHOLDER.sub("", pair[1].msgid)))
        self.patterns = found

    def gettext(self, msgid: str, /, **values: object) -> str:
        """``msgid`` in this language, its ``{name}`` placeholders filled."""
        entry = self.entries.get(msgid)
        text = msgid if entry is None else entry.forms[0]
        return _filled(self._joined(text, values), values) if values else text

    def ngettext(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        """A sentence that counts ``count`` things (``{count}`` in it), in the plural
        form this language uses for that number."""
        entry = self.entries.get(singular)
        if entry is None or len(entry.forms) < 2:
            text = singular if count == 1 else plural
        else:
            text = entry.forms[min(self.plural(count), len(entry.forms) - 1)]
        return _filled(self._joined(text, values), {"count": count, **values})

    def translate(self, sentence: str, depth: int = 0) -> str:
        """One of the referee's English sentences in this language (see the module
        docstring); the sentence itself when no template made it."""
        entry = self.entries.get(sentence)
        if entry is not None:
            return entry.forms[0]
        if depth >= _DEPTH or not self.patterns:
            return sentence
        for pattern, entry in self.patterns:
            found = pattern.match(sentence)
            if found is not None:
                return self._said_again(entry, found.groupdict(), depth)
        return sentence

    def _said_again(self, entry: Entry, values: dict[str, str], depth: int) -> str:
        said = {name: self.translate(value, depth + 1) if name in SAID else value
                for name, value in values.items()}
        form = entry.forms[0]
        count = values.get("count", "").replace(",", "")  # 1,000 as the reports write it
        if len(entry.forms) > 1 and count.isdigit():
            form = entry.forms[min(self.plural(int(count)), len(entry.forms) - 1)]
        return _filled(self._joined(form, said), said)

    def _joined(self, text: str, values: Mapping[str, object]) -> str:
        """``text`` joined to its values as the language writes them: French elision
        (:func:`_elided`), the Italian euphonic d (:func:`_euphonic`)."""
        if self.language == "fr":
            return _elided(text, values)
        return _euphonic(text, values) if self.language == "it" else text


#: The English catalogue: every message is its own ``msgid``.
ENGLISH = Catalogue("en", {})


def _read(language: str, domain: str) -> tuple[dict[str, Entry], str]:
    from importlib import resources  # only for a language other than English: it loads tempfile

    from scala40cli.translation.po import read_entries

    path = resources.files("scala40cli.translation") / "locale" / language / f"{domain}.po"
    return read_entries(path.read_text(encoding="utf-8"))


@cache
def catalogue(language: str) -> Catalogue:
    """The referee's catalogue of ``language`` (one of :data:`LANGUAGES`): every domain."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}: {', '.join(LANGUAGES)}")
    if language == "en":
        return ENGLISH
    entries: dict[str, Entry] = {}
    header = ""
    for domain in DOMAINS:
        found, header = _read(language, domain)
        entries.update(found)
    return Catalogue(language, entries, plural_rule(header))


__all__ = ["DOMAINS", "ENGLISH", "LANGUAGES", "SAID", "Catalogue", "catalogue",
           "plural_rule"]
