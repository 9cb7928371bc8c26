"""The page's words in Italian, French and English, from gettext ``.po`` catalogues.

The catalogues are ordinary gettext sources (``assets/locale/<lang>.po``), read by the
reader every command shares (:mod:`scala40cli.translation.po`): a ``msgid`` and its
``msgstr``, with ``{name}`` placeholders. A message with a number in it has plural
forms, as gettext writes them (``msgid_plural``, ``msgstr[0]``, ``msgstr[1]``): the
header's ``Plural-Forms`` says which form a number takes (``n != 1`` in English and
Italian, ``n > 1`` in French, where 0 is singular), and the number is the ``{count}``
placeholder. The page receives the forms and the rule's expression, and chooses itself.

The referee writes its refusals in English sentences built with values ("the opening
is worth 32, less than 40"); a catalogue's ``msgid`` with placeholders is also a
pattern, so :meth:`PageCatalogue.translate` finds the template that made a sentence and
writes it again in the chosen language, the values kept (and translated in turn when
they are sentences themselves, as in "invalid meld: {error}"). The page's own catalogue
is tried first, then the referee's (:func:`scala40cli.translation.catalogue.catalogue`,
every violation message); a sentence neither knows is shown as the referee wrote it.
The page speaks to the person: a template of the page's that names the player
(``{player} discards the {card} just taken``) is written in the second person, since in
``play`` a refusal is always about the person's own move.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from scala40cli.translation.catalogue import LANGUAGES, Catalogue
from scala40cli.translation.catalogue import catalogue as referee_catalogue
from scala40cli.translation.po import Entry, header_fields, read_entries

#: The ``plural=`` expressions of the catalogues' headers, as the page evaluates them:
#: the index of the form a number takes.
PLURAL_RULES: dict[str, Callable[[int], int]] = {
    "n != 1": lambda n: int(n != 1),
    "n > 1": lambda n: int(n > 1),
}


def plural_expression(header: str) -> str:
    """The ``plural=`` expression of a ``.po`` header (one of :data:`PLURAL_RULES`)."""
    forms = header_fields(header).get("Plural-Forms", "nplurals=2; plural=(n != 1);")
    found = re.search(r"plural=\(?([^;]*?)\)?;", forms)
    rule = found.group(1).strip() if found else "n != 1"
    if rule not in PLURAL_RULES:
        raise ValueError(f"unknown plural rule {rule!r}")
    return rule


@dataclass(frozen=True, slots=True)
class PageCatalogue:
    """One language's words of the page, and the sentences of the play it translates."""

    language: str
    #: The page's own messages (``msgid`` -> ``msgstr``), as the page asks for them.
    messages: dict[str, str]
    #: The forms of each of the page's messages that has them, by its ``msgid``.
    plurals: dict[str, tuple[str, ...]]
    #: The header's plural rule (a key of :data:`PLURAL_RULES`), for the page.
    plural: str
    #: The page's messages over the referee's, for :meth:`gettext` and :meth:`translate`.
    speaker: Catalogue

    def gettext(self, msgid: str, **values: object) -> str:
        """The message in this language, its placeholders filled (the form of
        ``count``, for a message with plural forms)."""
        entry = self.speaker.entries.get(msgid)
        count = str(values.get("count", ""))
        if entry is None or entry.plural is None or not count.isdigit():
            return self.speaker.gettext(msgid, **values)
        others = {name: value for name, value in values.items() if name != "count"}
        return self.speaker.ngettext(msgid, entry.plural, int(count), **others)

    def translate(self, sentence: str) -> str:
        """A sentence of the referee's in this language (see the module docstring)."""
        return self.speaker.translate(sentence)


def _page_entries(language: str) -> tuple[Mapping[str, Entry], str]:
    text = (resources.files("scala40cli.playing") / "assets" / "locale"
            / f"{language}.po").read_text(encoding="utf-8")
    return read_entries(text)


@cache
def catalogue(language: str) -> PageCatalogue:
    """The catalogue of ``language`` (one of :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}: {', '.join(LANGUAGES)}")
    own, header = _page_entries(language)
    referee = referee_catalogue(language)
    rule = plural_expression(header)
    speaker = Catalogue(language, {**referee.entries, **own}, PLURAL_RULES[rule])
    return PageCatalogue(
        language, {msgid: entry.forms[0] for msgid, entry in own.items()},
        {msgid: entry.forms for msgid, entry in own.items() if entry.plural is not None},
        rule, speaker)


def choose_language(accept: str, default: str = "en") -> str:
    """The first of the browser's ``Accept-Language`` that has a catalogue."""
    for part in accept.split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return default


__all__ = ["LANGUAGES", "PLURAL_RULES", "PageCatalogue", "catalogue", "choose_language",
           "plural_expression"]
