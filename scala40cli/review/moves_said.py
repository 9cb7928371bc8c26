"""A move of the review in the words of the review's language.

The review keeps each move as the English line a log writes for it (``discard 6H``,
``attach 7S 8S to 4``; the JSON document stays English, for programs). The text and
the page say it with the format's words of their language (``scarta 6H``,
``attacca 7S 8S a 4``; docs/log-format.md "The words in Italian and French"), so an
Italian review reads as the Italian log does; the two moves no log line writes, letting
a discard go by and laying nothing, are the catalogue's.
"""

from __future__ import annotations

from scala40cli.reading.words import SPELLINGS, Language, Word
from scala40cli.translation.catalogue import Catalogue

#: The verbs of a move, by their English spelling; the word before the meld's number.
_VERBS = {word.value: word for word in (Word.DRAW, Word.TAKE, Word.MELD, Word.ATTACH,
                                        Word.SWAP, Word.DISCARD, Word.BUY)}
_BEFORE_MELD = {Word.ATTACH: Word.TO, Word.SWAP: Word.IN}


def move_said(line: str, words: Catalogue) -> str:
    """``line``, a move as the review keeps it, in the language of ``words``."""
    if line == "lay nothing":
        return words.gettext("lay nothing")
    parts = line.split(" ")
    if len(parts) == 3 and parts[0] == "let" and parts[2] == "go":
        return words.gettext("let {card} go", card=parts[1])
    verb = _VERBS.get(parts[0])
    if verb is None or words.language not in {language.value for language in Language}:
        return line
    language = Language(words.language)
    parts[0] = SPELLINGS[verb][language]
    before = _BEFORE_MELD.get(verb)
    if before is not None and len(parts) >= 3 and parts[-2] == before.value:
        parts[-2] = SPELLINGS[before][language]
    return " ".join(parts)


__all__ = ["move_said"]
