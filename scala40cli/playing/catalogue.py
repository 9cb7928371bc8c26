"""The page's words in Italian, French and English, from gettext ``.po`` catalogues.

The catalogues are ordinary gettext sources (``assets/locale/<lang>.po``), read by the
small reader below (no compiler, no dependency): a ``msgid`` and its ``msgstr``, with
``{name}`` placeholders. An empty ``msgstr`` is the ``msgid`` itself, as in gettext. A
message with a number in it has plural forms, as gettext writes them (``msgid_plural``,
``msgstr[0]``, ``msgstr[1]``): the header's ``Plural-Forms`` says which form a number
takes (``n != 1`` in English and Italian, ``n > 1`` in French, where 0 is singular), and
the number is the ``{count}`` placeholder.

The referee writes its refusals in English sentences built with values ("the opening
is worth 32, less than 40"); a catalogue's ``msgid`` with placeholders is also a
pattern, so :meth:`Catalogue.translate` finds the template that made a sentence and
writes it again in the chosen language, the values kept (and translated in turn when
they are sentences themselves, as in "invalid meld: {error}"). A sentence no template
matches is shown as the referee wrote it. The page speaks to the person: a template
that names the player (``{player} discards the {card} just taken``) is written in the
second person, since in ``play`` a refusal is always about the person's own move.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

LANGUAGES = ("it", "fr", "en")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: The ``plural=`` expressions of the catalogues' headers: the index of the form a
#: number takes.
PLURAL_RULES: dict[str, Callable[[int], int]] = {
    "n != 1": lambda n: int(n != 1),
    "n > 1": lambda n: int(n > 1),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """One message of a ``.po`` text: its ``msgid``, its ``msgid_plural`` (empty for
    a message without plural forms) and its forms (one without plural forms)."""

    msgid: str
    plural: str
    forms: tuple[str, ...]


def read_entries(text: str) -> list[Entry]:
    """The messages of a ``.po`` text, the header entry (``msgid ""``) first."""
    entries: list[Entry] = []
    fields: dict[str, list[str]] = {}
    key = ""

    def close() -> None:
        if "msgid" in fields:
            msgid, plural = "".join(fields["msgid"]), "".join(fields.get("msgid_plural", []))
            forms = [k for k in fields if k.startswith("msgstr")]
            strings = tuple("".join(fields[k]) for k in sorted(forms))
            defaults = (msgid, plural) if plural else (msgid,)
            entries.append(Entry(msgid=msgid, plural=plural, forms=tuple(
                s or defaults[min(i, len(defaults) - 1)] for i, s in enumerate(strings))))
        fields.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            fields[key].append(ast.literal_eval(line))
            continue
        key, _, value = line.partition(" ")
        if key == "msgid":
            close()
        fields[key] = [ast.literal_eval(value)]
    close()
    return entries


def read_po(text: str) -> dict[str, str]:
    """The ``msgid`` -> ``msgstr`` pairs of a ``.po`` text (the header entry left out;
    a message with plural forms gives its first)."""
    return {e.msgid: e.forms[0] for e in read_entries(text) if e.msgid}


def plural_rule(text: str) -> str:
    """The ``plural=`` expression of a ``.po`` text's header (one of PLURAL_RULES)."""
    header = next((e.forms[0] for e in read_entries(text) if not e.msgid), "")
    found = re.search(r"plural=\(?([^;]*?)\)?;", header)
    rule = found.group(1).strip() if found else "n != 1"
    if rule not in PLURAL_RULES:
        raise ValueError(f"unknown plural rule {rule!r}")
    return rule


@dataclass(frozen=True)
class Catalogue:
    """One language's messages."""

    language: str
    messages: dict[str, str]
    #: The forms of each message that has them, by its ``msgid``.
    plurals: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: The header's plural rule (a key of PLURAL_RULES).
    plural: str = "n != 1"
    patterns: list[tuple[re.Pattern[str], str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for msgid in self.messages:
            if "{" in msgid:
                parts = _PLACEHOLDER.split(msgid)
                regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                                for i, p in enumerate(parts))
                self.patterns.append((re.compile(f"^{regex}$"), msgid))
        self.patterns.sort(key=lambda pair: -len(pair[1]))

    def _form(self, msgid: str, values: dict[str, object]) -> str:
        forms = self.plurals.get(msgid)
        count = str(values.get("count", ""))
        if forms is None or not count.isdigit():
            return self.messages.get(msgid, msgid)
        index = PLURAL_RULES[self.plural](int(count))
        return forms[min(index, len(forms) - 1)]

    def gettext(self, msgid: str, **values: object) -> str:
        """The message in this language, its placeholders filled (the form of
        ``count``, for a message with plural forms)."""
        return self._form(msgid, values).format(**values)

    def translate(self, sentence: str) -> str:
        """A sentence of the referee's in this language (see the module docstring)."""
        if sentence in self.messages:
            return self.messages[sentence]
        for pattern, msgid in self.patterns:
            found = pattern.match(sentence)
            if found is not None:
                values = {k: self.translate(v) for k, v in found.groupdict().items()}
                return self._form(msgid, dict(values)).format(**values)
        return sentence


@cache
def catalogue(language: str) -> Catalogue:
    """The catalogue of ``language`` (one of :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}: {', '.join(LANGUAGES)}")
    text = (resources.files("scala40cli.playing") / "assets" / "locale"
            / f"{language}.po").read_text(encoding="utf-8")
    entries = [e for e in read_entries(text) if e.msgid]
    return Catalogue(language, {e.msgid: e.forms[0] for e in entries},
                     {e.msgid: e.forms for e in entries if e.plural}, plural_rule(text))


def choose_language(accept: str, default: str = "en") -> str:
    """The first of the browser's ``Accept-Language`` that has a catalogue."""
    for part in accept.split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return default


__all__ = ["LANGUAGES", "PLURAL_RULES", "Catalogue", "Entry", "catalogue", "choose_language",
           "plural_rule", "read_entries", "read_po"]
