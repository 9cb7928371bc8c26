"""The page's words in Italian, French and English, from gettext ``.po`` catalogues.

The catalogues are ordinary gettext sources (``assets/locale/<lang>.po``), read by the
small reader below (no compiler, no dependency): a ``msgid`` and its ``msgstr``, with
``{name}`` placeholders. An empty ``msgstr`` is the ``msgid`` itself, as in gettext.

The referee writes its refusals in English sentences built with values ("the opening
is worth 32, less than 40"); a catalogue's ``msgid`` with placeholders is also a
pattern, so :meth:`Catalogue.translate` finds the template that made a sentence and
writes it again in the chosen language, the values kept (and translated in turn when
they are sentences themselves, as in "invalid meld: {error}"). A sentence no template
matches is shown as the referee wrote it.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

LANGUAGES = ("it", "fr", "en")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def read_po(text: str) -> dict[str, str]:
    """The ``msgid`` -> ``msgstr`` pairs of a ``.po`` text (the header entry left out)."""
    pairs: dict[str, str] = {}
    key: str | None = None
    current: list[str] = []
    msgid = ""

    def close() -> None:
        nonlocal key
        if key == "msgstr" and msgid:
            pairs[msgid] = "".join(current) or msgid
        key = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            close()
            key, current = "msgid", [ast.literal_eval(line[6:])]
        elif line.startswith("msgstr "):
            msgid = "".join(current)
            key, current = "msgstr", [ast.literal_eval(line[7:])]
        elif line.startswith('"'):
            current.append(ast.literal_eval(line))
    close()
    return pairs


@dataclass(frozen=True)
class Catalogue:
    """One language's messages."""

    language: str
    messages: dict[str, str]
    patterns: list[tuple[re.Pattern[str], str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for msgid in self.messages:
            if "{" in msgid:
                parts = _PLACEHOLDER.split(msgid)
                regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                                for i, p in enumerate(parts))
                self.patterns.append((re.compile(f"^{regex}$"), msgid))
        self.patterns.sort(key=lambda pair: -len(pair[1]))

    def gettext(self, msgid: str, **values: object) -> str:
        return self.messages.get(msgid, msgid).format(**values)

    def translate(self, sentence: str) -> str:
        """A sentence of the referee's in this language (see the module docstring)."""
        if sentence in self.messages:
            return self.messages[sentence]
        for pattern, msgid in self.patterns:
            found = pattern.match(sentence)
            if found is not None:
                values = {k: self.translate(v) for k, v in found.groupdict().items()}
                return self.messages[msgid].format(**values)
        return sentence


@cache
def catalogue(language: str) -> Catalogue:
    """The catalogue of ``language`` (one of :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}: {', '.join(LANGUAGES)}")
    text = (resources.files("scala40cli.playing") / "assets" / "locale"
            / f"{language}.po").read_text(encoding="utf-8")
    return Catalogue(language, read_po(text))


def choose_language(accept: str, default: str = "en") -> str:
    """The first of the browser's ``Accept-Language`` that has a catalogue."""
    for part in accept.split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return default


__all__ = ["LANGUAGES", "Catalogue", "catalogue", "choose_language", "read_po"]
