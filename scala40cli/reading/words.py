"""The words of the log format in English, Italian and French: one table for every reader
and writer of a log.

The clubs that keep these records write what they say at the table (``Anna pesca 7C``,
``Anne défausse KH``), so each word of the format has a spelling in each language, and
all of them are other spellings of the same events: the grammar
(``grammar/scala40.lark``), the fast path (:mod:`scala40cli.reading.fastlines`), the
syntax errors and the writer all read this table, and a test keeps the grammar's
terminals equal to it. A log may mix the languages line by line; within a line the
prepositions go with the verb (``attacca ... a``, ``ajoute ... à``). Tag names and card
codes are never translated: ``C`` is clubs in every language, so a translated suit
letter is refused rather than guessed.

A grammar terminal is named after the English word and, for another language, its code:
``HAND``, ``HAND_IT``, ``HAND_FR``; a verb or preposition (``_DRAW_IT``) starts with an
underscore, as Lark leaves those out of the parse.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final


class Language(StrEnum):
    """A language the log may be written in; the value is its code (``--verbs it``)."""

    EN = "en"
    IT = "it"
    FR = "fr"


class Word(StrEnum):
    """A word of the format, named and valued by its English spelling."""

    HAND = "hand"
    DEALER = "dealer"
    DEAL = "deal"
    UPCARD = "upcard"
    STOCK = "stock"
    RESHUFFLE = "reshuffle"
    SCORE = "score"
    DRAW = "draw"
    TAKE = "take"
    MELD = "meld"
    ATTACH = "attach"
    TO = "to"
    SWAP = "swap"
    IN = "in"
    DISCARD = "discard"
    BUY = "buy"


#: Every word in every language: the table of docs/log-format.md.
SPELLINGS: Final[Mapping[Word, Mapping[Language, str]]] = {
    Word.HAND: {Language.EN: "hand", Language.IT: "mano", Language.FR: "manche"},
    Word.DEALER: {Language.EN: "dealer", Language.IT: "mazziere", Language.FR: "donneur"},
    Word.DEAL: {Language.EN: "deal", Language.IT: "carte", Language.FR: "cartes"},
    Word.UPCARD: {Language.EN: "upcard", Language.IT: "scoperta", Language.FR: "retournée"},
    Word.STOCK: {Language.EN: "stock", Language.IT: "tallone", Language.FR: "talon"},
    Word.RESHUFFLE: {Language.EN: "reshuffle", Language.IT: "rimescola",
                     Language.FR: "mélange"},
    Word.SCORE: {Language.EN: "score", Language.IT: "punti", Language.FR: "points"},
    Word.DRAW: {Language.EN: "draw", Language.IT: "pesca", Language.FR: "pioche"},
    Word.TAKE: {Language.EN: "take", Language.IT: "prende", Language.FR: "prend"},
    Word.MELD: {Language.EN: "meld", Language.IT: "cala", Language.FR: "pose"},
    Word.ATTACH: {Language.EN: "attach", Language.IT: "attacca", Language.FR: "ajoute"},
    Word.TO: {Language.EN: "to", Language.IT: "a", Language.FR: "à"},
    Word.SWAP: {Language.EN: "swap", Language.IT: "scambia", Language.FR: "échange"},
    Word.IN: {Language.EN: "in", Language.IT: "in", Language.FR: "dans"},
    Word.DISCARD: {Language.EN: "discard", Language.IT: "scarta", Language.FR: "défausse"},
    Word.BUY: {Language.EN: "buy", Language.IT: "compra", Language.FR: "achète"},
}

#: The words that start a line, in the order of a hand.
LINE_WORDS: Final = (Word.HAND, Word.DEALER, Word.DEAL, Word.UPCARD, Word.STOCK,
                     Word.RESHUFFLE, Word.SCORE)
#: The verbs, which follow a player name, in the order of a turn.
VERB_WORDS: Final = (Word.DRAW, Word.TAKE, Word.MELD, Word.ATTACH, Word.SWAP, Word.DISCARD,
                     Word.BUY)
#: The word before the meld number, for the verbs that have one.
PREPOSITION: Final[Mapping[Word, Word]] = {Word.ATTACH: Word.TO, Word.SWAP: Word.IN}


def spelling(word: Word, language: Language) -> str:
    """``word`` as ``language`` writes it."""
    return SPELLINGS[word][language]


def _reading(words: tuple[Word, ...]) -> dict[str, tuple[Word, Language]]:
    return {SPELLINGS[word][language]: (word, language)
            for language in Language for word in words}


#: Every spelling of a line word, and the word and language it is (no two share one).
LINE_SPELLINGS: Final[Mapping[str, tuple[Word, Language]]] = _reading(LINE_WORDS)
#: Every spelling of a verb, and the word and language it is.
VERB_SPELLINGS: Final[Mapping[str, tuple[Word, Language]]] = _reading(VERB_WORDS)


def preposition(verb: str) -> str | None:
    """The preposition that goes with a verb as spelled (``attacca``: ``a``), if any."""
    word, language = VERB_SPELLINGS[verb]
    follows = PREPOSITION.get(word)
    return None if follows is None else SPELLINGS[follows][language]


def terminal(word: Word, language: Language) -> str:
    """The grammar's terminal of ``word`` in ``language`` (see the module docstring)."""
    if language is Language.EN or SPELLINGS[word][language] == SPELLINGS[word][Language.EN]:
        name = word.name  # Italian ``in`` is English ``in``: one terminal for both
    else:
        name = f"{word.name}_{language.name}"
    return name if word in LINE_WORDS else f"_{name}"


def terminal_words() -> dict[str, str]:
    """Each terminal of a word, as a reader is told it was expected (``'mano'``)."""
    return {terminal(word, language): f"'{text}'" for word, spelled in SPELLINGS.items()
            for language, text in spelled.items()}


def language_of_line(words: list[str], starts_with_player: bool) -> Language | None:
    """The language of a line of the log from its words (comment left out): that of its
    line word, or of its verb after the player (``starts_with_player``); None when
    neither is a word of the format (a tag line)."""
    if starts_with_player:
        found = VERB_SPELLINGS.get(words[1]) if len(words) > 1 else None
    else:
        found = LINE_SPELLINGS.get(words[0]) if words else None
    return None if found is None else found[1]


__all__ = ["LINE_SPELLINGS", "LINE_WORDS", "PREPOSITION", "SPELLINGS", "VERB_SPELLINGS",
           "VERB_WORDS", "Language", "Word", "language_of_line", "preposition", "spelling",
           "terminal", "terminal_words"]
