"""The cards named in a sentence, for the page to show and speak in its own language.

The referee's sentences name cards by their codes (``4S does not follow AS``). The page
must not show a code to a person: it shows a card's face and, to a screen reader, its
name in the page's language ("quatre de pique"). :func:`sentence_parts` cuts a
sentence into its words and its cards, so that the page draws each card as it draws
the cards of the table, whatever the language of the words around it.
"""

from __future__ import annotations

import re
from typing import Any

_NATURAL = r"(?:10|[2-9AJQK])[SHDC]"
#: A card code standing alone: a natural card, a joker, or a joker that says what it
#: stands for (``JK(8H)``, read whole). Upper case, with no letter or digit either side,
#: so that no word of the catalogues reads as one (a test makes sure).
CARD_CODE = re.compile(rf"(?<!\w)(JK\({_NATURAL}\)|JK|{_NATURAL})(?!\w)")


def sentence_parts(sentence: str) -> list[dict[str, Any]]:
    """``sentence`` as its pieces in order: ``{"text": ...}`` and ``{"card": code}``."""
    parts: list[dict[str, Any]] = []
    at = 0
    for found in CARD_CODE.finditer(sentence):
        if found.start() > at:
            parts.append({"text": sentence[at:found.start()]})
        parts.append({"card": found.group(1)})
        at = found.end()
    if at < len(sentence):
        parts.append({"text": sentence[at:]})
    return parts


__all__ = ["CARD_CODE", "sentence_parts"]
