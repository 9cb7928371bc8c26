"""The page's words in Italian, French and English, from gettext ``.po`` catalogues.

The catalogues are ordinary gettext sources (``assets/locale/<lang>.po``), read by the
reader every command shares (:mod:`scala40cli.translation.po`): a ``msgid`` and its
``msgstr``, with ``{name}`` placeholders. An empty ``msgstr`` is the ``msgid`` itself,
as in gettext.

The referee writes its refusals in English sentences built with values ("the opening
is worth 32, less than 40"); a catalogue's ``msgid`` with placeholders is also a
pattern, so :meth:`PageCatalogue.translate` finds the template that made a sentence and
writes it again in the chosen language, the values kept (and translated in turn when
they are sentences themselves, as in "invalid meld: {error}"). The page's own
catalogue is tried first, then the referee's (:func:`scala40cli.translation.catalogue`,
every violation message): a sentence neither knows is shown as the referee wrote it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from scala40cli.translation.catalogue import LANGUAGES, Catalogue
from scala40cli.translation.catalogue import catalogue as referee_catalogue
from scala40cli.translation.po import read_entries, read_po


@dataclass(frozen=True, slots=True)
class PageCatalogue:
    """One language's words of the page, and the sentences of the play it translates."""

    language: str
    #: The page's own messages (``msgid`` -> ``msgstr``), as the page asks for them.
    messages: dict[str, str]
    #: The page's messages over the referee's, for :meth:`translate`.
    speaker: Catalogue

    def gettext(self, msgid: str, **values: object) -> str:
        return self.speaker.gettext(msgid, **values)

    def translate(self, sentence: str) -> str:
        """A sentence of the referee's in this language (see the module docstring)."""
        return self.speaker.translate(sentence)


@cache
def catalogue(language: str) -> PageCatalogue:
    """The catalogue of ``language`` (one of :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}: {', '.join(LANGUAGES)}")
    text = (resources.files("scala40cli.playing") / "assets" / "locale"
            / f"{language}.po").read_text(encoding="utf-8")
    own = read_entries(text)[0]
    fallback = referee_catalogue(language)  # its plural rule too
    entries = {**fallback.entries, **own} if language != "en" else {}
    return PageCatalogue(language, read_po(text), Catalogue(language, entries, fallback.plural))


def choose_language(accept: str, default: str = "en") -> str:
    """The first of the browser's ``Accept-Language`` that has a catalogue."""
    for part in accept.split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return default


__all__ = ["LANGUAGES", "PageCatalogue", "catalogue", "choose_language", "read_po"]
