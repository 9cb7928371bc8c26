"""Syntax errors in words: what to tell the reader of a log about a line Lark refused.

Lark reports a failure as the set of terminals it expected and the token it found,
which means little to someone who typed a game log by hand. :func:`explain` turns such
an exception, with the text of its line, into a column and a message in the log's own
terms ("unknown verb 'drew': expected draw, take, ...", "unexpected '6H': 'draw' takes
one card"). The parser's callbacks raise :class:`LineError` for a line the grammar
lexes but that means nothing; its message is already in words.

It is a module of its own because it is a concern of its own, sizeable and reached
only on the error path: the parser needs just :class:`LineError` and :func:`explain`.
"""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from typing import Final

from lark.exceptions import UnexpectedToken

from scala40cli.model.cards import CardError, parse_card
from scala40cli.reading.fastlines import BLANK, LINE_KEYWORDS, VERBS, fast_event
from scala40cli.reading.words import (
    LINE_SPELLINGS,
    SPELLINGS,
    VERB_SPELLINGS,
    VERB_WORDS,
    Language,
    Word,
    terminal,
    terminal_words,
)


class LineError(Exception):
    """A line the grammar lexes but that means nothing (a 5S that declares a card)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(message)
        self.line, self.column, self.message = line, column, message


_TERMINAL_WORDS = {
    "CARD": "a card like 7H or JK", "CARDS": "cards like 7H 10S JK",
    "MCARDS": "cards like 7H 8H JK(9H)", "DEALT": "cards like 7H 10S JK, or ? for unknown ones",
    "UNKNOWN": "? (a card the log does not know)", "PLAYER": "a player name", "NAME": "a tag name",
    "STRING": 'a quoted value like "Anna"', "RSQB": "']'", "NUMBER": "a number",
    "POINTS": "a number of points", "_TO": "'to'", "_IN": "'in'", "LSQB": "a header tag",
    "_NL": "the end of the line", "$END": "the end of the line",
    "HAND": "'hand'", "DEALER": "'dealer'", "DEAL": "'deal'", "UPCARD": "'upcard'",
    "STOCK": "'stock'", "RESHUFFLE": "'reshuffle'", "SCORE": "'score'",
    **terminal_words(),
}
#: Characters a hand at a keyboard types for the digits of a card: 1O for 10, I0 for 10.
_LOOKALIKES = {"O": "0", "o": "0", "I": "1", "i": "1", "l": "1", "L": "1", "|": "1"}
#: Ranks written as the number they count for in a run: 11 the jack, 1 the ace.
_RANK_NUMBERS = {"1": "A", "11": "J", "12": "Q", "13": "K", "14": "A"}
#: The characters of a card code, for the one-edit suggestions.
_CARD_CHARS = "0123456789AJQKTSHDC"
#: The words before a meld number, in every language.
_PREPOSITIONS = frozenset({*SPELLINGS[Word.TO].values(), *SPELLINGS[Word.IN].values()})
#: Words of the format itself, never a typo for a card (``stock to``).
_KEYWORDS = frozenset({*VERBS, *LINE_KEYWORDS, *_PREPOSITIONS})
#: A card code is at most 3 characters: a longer word is no typo for one (and the
#: one-edit search stays small on hostile input).
_MAX_TYPO_LENGTH = 5
#: More suggestions than this say nothing useful: none is given.
_MAX_SUGGESTIONS = 4
_VERB_TERMINALS = frozenset(terminal(v, language) for v in VERB_WORDS for language in Language)
_CARD_TERMINALS = frozenset({"CARD", "CARDS", "MCARDS", "DEALT"})
_ONE_CARD = frozenset({"draw", "take", "discard", "upcard", "buy"})
_VERB_LIST = "draw, take, meld, attach, swap, discard or buy"
#: What follows the English verbs where all of them are expected.
_OTHER_LANGUAGES = " (or their Italian or French words)"
#: How close a word must be to a verb to be suggested for it (difflib's ratio).
_VERB_CLOSENESS = 0.75
_LINE_START = "a line starts with a player name, a keyword (hand, dealer, deal, upcard, " \
    "stock, reshuffle, score) or a header tag like [Players \"Anna\" \"Bruno\"]"
#: A word as the reader sees it: a quoted string (closed or not), a mark, or a run.
_WORD = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[;#\]]|[^ \t\r\n";#\]]+')


def _words(text: str) -> list[re.Match[str]]:
    """The words of a line as the reader sees them, up to a comment."""
    found = []
    for match in _WORD.finditer(text):
        if match.group() in (";", "#"):
            break
        found.append(match)
    return found


def _in_words(names: set[str]) -> str:
    """The terminals Lark expected, in the log's words (never a grammar-internal name)."""
    phrases = [_TERMINAL_WORDS.get(n, f"'{n.lstrip('_').lower()}'") for n in sorted(names)]
    unique = list(dict.fromkeys(phrases))
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " or " + unique[-1]


def _not_a_card(word: str, declarations: bool, following: str = "") -> str:
    if word.startswith("?"):
        said = "'?'" if word == "?" else f"'{word}': '?'"
        return (f"{said} (a card the log does not know) may stand only in a deal or a draw; "
                "what is laid, discarded, taken or turned up is always written")
    if "(" in word and not declarations:
        return f"'{word}': a joker declares the card it stands for only in meld or attach"
    try:
        parse_card(word)
    except CardError as exc:
        joined = _card(word + following) if following and _card(following) is None else None
        if joined is not None:  # a card typed with a space in it: ``10 H``
            return f"'{word} {following}' is not a card; did you mean {joined}?"
        guesses = card_suggestions(word)
        if guesses:
            return f"'{word}' is not a card; did you mean {_or_list(guesses)}?"
        return str(exc)
    return f"unexpected card '{word}'"


def unknown_json_verb(shown: str, verb: object, known: list[str]) -> str:
    """The message of a JSON event's unknown ``verb`` (``shown`` as the message shows
    it), with the verb of ``known`` it most likely misspells (``drew``: draw)."""
    close = [(SequenceMatcher(None, verb.lower(), w).ratio(), w) for w in known
             ] if isinstance(verb, str) else []
    ratio, meant = max(close, default=(0.0, ""), key=lambda pair: pair[0])
    said = f" (did you mean {meant}?)" if ratio >= _VERB_CLOSENESS else ""
    return f"unknown verb {shown}{said}: \"verb\" is one of {', '.join(known)}"


def no_json_verb(keys: list[str]) -> str:
    """The message of a JSON event with no ``verb`` key (``keys``: its keys as shown)."""
    if not keys:
        return 'no "verb": an event names its verb, like {"verb": "draw", ...}; it is empty'
    held = ", ".join(keys[:8]) + (", ..." if len(keys) > 8 else "")
    return f'no "verb": an event names its verb, like {{"verb": "draw", ...}}; its keys are {held}'


def card_problem(word: str) -> str | None:
    """What is wrong with ``word`` as a card, in words, the cards one typo away said as
    in a ``.s40`` line (``'1OH' is not a card; did you mean 10H?``); None for a card."""
    try:
        parse_card(word)
    except CardError as exc:
        return str(exc) if word.startswith("?") else _not_a_card(word, declarations=True)
    return None


def card_suggestions(word: str) -> list[str]:
    """The cards one typo away from ``word``, as a person would mean them.

    A lookalike typed for a digit (``1OH``, ``I0H``: 10H) is the likeliest typo, so
    when replacing lookalikes gives a card, that card alone is suggested. Otherwise
    every card one edit away (one character replaced, removed, added, or two swapped:
    ``QX`` gives QS, QH, QD, QC); none when there are too many to help.
    """
    if len(word) > _MAX_TYPO_LENGTH or word.lower() in _KEYWORDS:
        return []
    plain = "".join(_LOOKALIKES.get(char, char) for char in word)
    if plain != word and (card := _card(plain)):
        return [card]
    if (card := _card(_RANK_NUMBERS.get(word[:-1], "") + word[-1:])) is not None:
        return [card]  # a rank written as its number: 11H is the jack
    found = dict.fromkeys(
        card for edit in _one_edit(word.upper()) if (card := _card(edit)) is not None
    )
    return list(found) if len(found) <= _MAX_SUGGESTIONS else []


def _one_edit(word: str) -> list[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    removed = [a + b[1:] for a, b in splits if b]
    swapped = [a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1]
    replaced = [a + c + b[1:] for a, b in splits if b for c in _CARD_CHARS]
    added = [a + c + b for a, b in splits for c in _CARD_CHARS]
    return [*replaced, *removed, *swapped, *added]


def _card(text: str) -> str | None:
    """The canonical code of ``text`` if it is a card, else None."""
    try:
        return str(parse_card(text))
    except CardError:
        return None


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _english(word: str) -> str:
    """A word of the format as English spells it (``pesca``: draw); any other word as it
    is. The messages below reason on the English words whatever the line's language."""
    found = LINE_SPELLINGS.get(word) or VERB_SPELLINGS.get(word)
    return word if found is None else found[0].value


def _alike(word: str, verb: str) -> str:
    """``word`` in the language of ``verb`` as written (``take`` after ``pesca``: prende)."""
    found = LINE_SPELLINGS.get(verb) or VERB_SPELLINGS.get(verb)
    return SPELLINGS[Word(word)][found[1] if found else Language.EN]


def _unaccented(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def verb_suggestions(word: str) -> list[str]:
    """The verbs, in any of the three languages, that ``word`` most likely misspells,
    closest first: ``drw`` draw, ``peska`` pesca, ``defausse`` défausse (accents left
    out of the comparison, as a keyboard without them leaves them out)."""
    if not 1 < len(word) <= 2 * max(map(len, VERBS)):
        return []
    plain = _unaccented(word.lower())
    ratios = [(SequenceMatcher(None, plain, _unaccented(verb)).ratio(), index)
              for index, verb in enumerate(VERBS)]
    return [VERBS[index] for ratio, index in sorted(ratios, key=lambda pair: (-pair[0], pair[1]))
            if ratio >= _VERB_CLOSENESS][:3]


def _unknown_verb(found: str) -> str:
    close = verb_suggestions(found)
    if close:
        return f"unknown verb '{found}'; did you mean {_or_list(close)}?"
    return f"unknown verb '{found}': expected {_VERB_LIST}{_OTHER_LANGUAGES}"


def _message(expected: set[str], found: str, prev: str, verb: str, following: str = "") -> str:
    """What went wrong, in words, from what Lark expected and the words around it."""
    expected = expected - {"WS", "COMMENT"}
    after = f" after '{prev}'" if prev else ""
    card_ish = found[:1] in set("0123456789AaTtJjQqKk*") and found not in _PREPOSITIONS
    written, verb, prev_word = verb, _english(verb), _english(prev)
    if expected <= _VERB_TERMINALS:
        if found and found.lower() not in VERBS and verb_suggestions(found):
            return _unknown_verb(found)
        if prev.lower() in LINE_KEYWORDS:
            return f"keywords are lower case: write '{prev.lower()}', not '{prev}'"
        if not found:
            return f"expected a verb{after}: {_VERB_LIST}{_OTHER_LANGUAGES}"
        if found.lower() in VERBS:
            return f"keywords are lower case: write '{found.lower()}', not '{found}'"
        return _unknown_verb(found)
    cards_go_on = (verb in ("deal", "stock", "meld", "attach") and not prev.isdigit()
                   and "PLAYER" not in expected)
    if found and (expected & _CARD_TERMINALS or (cards_go_on and card_ish
                                                 and "NUMBER" not in expected)):
        return _not_a_card(found, declarations=verb in ("meld", "attach"), following=following)
    shown = f", found '{found}'" if found else ""
    if expected == {"NUMBER"}:
        return f"expected {'a hand' if prev_word == 'hand' else 'a meld'} number{after}{shown}"
    if "RSQB" in expected:
        if not found:
            return "the tag is not closed: expected ']'"
        return f"tag values must be quoted, like [Date \"2026-11-12\"]{shown}"
    if not found:
        take = _alike("take", written)
        hint = (f" (only '{take}' may leave out its card)" if verb == prev_word == "draw"
                else "")
        return f"expected {_in_words(expected)}{after}{hint}"
    if "LSQB" in expected:
        return f"unexpected '{found}': {_LINE_START}"
    if expected <= {"_NL", "$END"} and card_ish and verb in _ONE_CARD:
        return f"unexpected '{found}': '{written}' takes one card"
    return f"unexpected '{found}'{after}: expected {_in_words(expected)}"


def _a_turn_of(text: str, word: str) -> bool:
    """Whether ``text`` would be a good turn line were its first word, ``word``, the
    name of a player (``mano scarta 5H``; not ``score draw``, a score line cut short)."""
    before, _, rest = text.partition(word)
    return fast_event(f"{before}Anna{rest}", 1) not in (None, BLANK)


def _keyword_meant(text: str, first: re.Match[str]) -> str | None:
    """The line keyword that ``first``, the line's first word, most likely misspells:
    one close to it (``scroe`` score, ``manoo`` mano, ``deler`` dealer) with which the
    line reads (a quoted name stands for a bare one in that test)."""
    word = first.group()
    if (not 1 < len(word) <= 2 * max(map(len, LINE_KEYWORDS)) or word[0] in '"['
            or word.lower() in LINE_KEYWORDS):  # ``Deal``: keywords are lower case
        return None
    plain = _unaccented(word.lower())
    rest = re.sub(r'"(?:[^"\\\n]|\\.)*"', "X", text[first.end():])
    ratios = sorted(((SequenceMatcher(None, plain, _unaccented(k)).ratio(), k)
                     for k in LINE_KEYWORDS), key=lambda pair: -pair[0])
    return next((keyword for ratio, keyword in ratios if ratio >= _VERB_CLOSENESS
                 and fast_event(keyword + rest, 1) not in (None, BLANK)), None)


def _keyword_as_name(word: str) -> str:
    """A player named like a line word, bare at the start of a line (``mano draw 5H``):
    the word is read as the keyword there, so the name must be quoted."""
    english = _english(word)
    meaning = f" ({english})" if english != word else ""
    return (f"'{word}' starts a line of the format{meaning}; a player named {word} is "
            f"written \"{word}\" at the start of a line")


#: A CR that ends no line (no LF after it): lines ended so, or one CR inside a line.
CR_LINE_ENDS = ("the lines end with a CR alone, which a log does not: end them with LF "
                "(or CR LF)")
CR_ALONE = "a CR alone inside the line: remove it (a log's lines end with LF or CR LF)"


def explain(exc: Exception, text: str) -> tuple[int, str]:
    """The column and message of a parse error on the line ``text``."""
    if isinstance(exc, LineError):
        return exc.column, exc.message
    words = _words(text)
    if isinstance(exc, UnexpectedToken) and exc.token.type in ("_NL", "$END"):
        column = words[-1].end() + 1 if words else 1
        found, expected = "", set(exc.expected)
    elif isinstance(exc, UnexpectedToken):
        column, expected = exc.column, set(exc.expected)
        match = _WORD.match(text, column - 1)
        found = match.group() if match else str(exc.token)
    else:
        column = getattr(exc, "column", 1)
        column = column if isinstance(column, int) and column > 0 else 1
        char = text[column - 1:column] or "end of line"
        if char == '"':
            return column, "unterminated quoted string: a closing \" is missing"
        if char == "\r":  # a terminal shows it by hiding what came before it on the line
            return column, (CR_LINE_ENDS if text.count("\r") > 1 else CR_ALONE)
        allowed = set(getattr(exc, "allowed", None) or ()) - {"WS", "COMMENT"}
        if "LSQB" in allowed:
            return column, f"unexpected character {char!r}: {_LINE_START}"
        if allowed and allowed <= _VERB_TERMINALS:
            return column, (f"unexpected character {char!r}: expected a verb: {_VERB_LIST}"
                            f"{_OTHER_LANGUAGES}")
        return column, f"unexpected character {char!r}: expected {_in_words(allowed)}"
    before = [w.group() for w in words if w.end() < column]
    prev = before[-1] if before else ""
    after = [w.group() for w in words if w.start() >= column]
    following = after[0] if after else ""
    heads = [w.group() for w in words[:2]]
    if len(heads) == 2 and heads[0] in LINE_KEYWORDS and _a_turn_of(text, heads[0]):
        return 1, _keyword_as_name(heads[0])
    if (heads and heads[0] not in LINE_KEYWORDS and expected <= _VERB_TERMINALS
            and not (found and verb_suggestions(found))
            and (meant := _keyword_meant(text, words[0])) is not None):
        return words[0].start() + 1, (f"unknown word '{heads[0]}' at the start of a line; "
                                      f"did you mean {meant}?")
    verb = (heads[0] if heads and heads[0] in LINE_KEYWORDS
            else "" if not heads or heads[0].startswith("[") else heads[-1])
    return column, _message(expected, found, prev, verb, following)


def shown(value: object) -> str:
    """A JSON value as a message shows it, cut short."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return "an object" if isinstance(value, dict) else "a list"
    if isinstance(value, float) and abs(value) == float("inf"):  # 1e400 as JSON reads it
        return "a number over 1.7e308"
    if isinstance(value, int) and not -_SHORT_INT < value < _SHORT_INT:
        return _long_int(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


#: The whole numbers :func:`shown` writes in full: up to 39 digits.
_SHORT_INT: Final = 10**39


def _long_int(value: int) -> str:
    """A number of 40 digits or more cut short as :func:`shown` cuts a text, never written
    whole: Python writes none of over 4,300 digits (a ValueError where a message was to
    be). The digits dropped, from the bits' count times log10(2), leave 39 or 40."""
    dropped = (abs(value).bit_length() - 1) * 30103 // 100_000 - 38
    return ("-" if value < 0 else "") + str(abs(value) // 10**dropped)[:39] + "…"
