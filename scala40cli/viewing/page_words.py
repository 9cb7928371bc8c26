"""The words of the viewer's page, given to its script in the page's data.

The script (``viewing/assets/viewer.js``, and ``review/assets/review.js`` on the
review's page) draws every word it shows from this dict: ``messages``, each English
``msgid`` it asks for with its text in the page's language; ``plurals``, the forms of
each sentence that counts; ``plural``, which form each count takes (the language's
rule worked out here, count by count, so that the script applies no rule of its own).
The script fills the ``{name}`` placeholders itself, once each, the values of the log
drawn as text in their own isolate. Every ``msgid`` lives in the ``viewer`` (or
``review``) catalogue domain.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scala40cli.judging.hands.phases import Phase
from scala40cli.translation.catalogue import Catalogue

#: What ``viewer.js`` says (its ``say`` and ``sayParts`` calls), the names of the cards
#: in the labels read aloud, and the phases of a hand the status line names.
VIEWER_MESSAGES: tuple[str, ...] = (
    "ace", "jack", "queen", "king", "spades", "hearts", "diamonds", "clubs", "joker",
    "unknown card", "{rank} of {suit}", "joker as {cards}", "or", "{card}, not in hand",
    "to play", "opened", "out", "total {total}", "Melds", "Melds: none", "refused",
    "this line", "Pile ({size}, top last)", "known, top first:", "Problems of this line",
    "note", "violation", "Winner: {winner}", "Match finished with no winner.",
    "Match not finished.", "Totals:", "Eliminated:", "{player} in hand {hand}",
    "Game {game}, line {line}", ", before the first hand", ", hand {hand} ({phase})",
    ", dealer {dealer}", ", {player}'s turn", "No game in this file.",
    "first", "hand", "turn", "line", "last", "First line", "Previous hand",
    "Previous turn", "Previous line", "Next line", "Next turn", "Next hand", "Last line",
    "Previous violation", "Next violation", *(phase.value for phase in Phase))
#: The sentences of ``viewer.js`` that count (its ``sayCount`` calls).
VIEWER_PLURALS: tuple[tuple[str, str], ...] = (
    ("Stock: {count} card", "Stock: {count} cards"),
    ("stock, {count} card", "stock, {count} cards"))
#: The page's own words, written in its HTML: the keys' help, the panels' names.
KEYS_HELP = ("Keys: \u2190 \u2192 a line, \u2191 \u2193 a turn, Page Up/Down a hand, "
             "Home/End, n/p the next/previous violation; click a line of the log, or "
             "reach it with Tab to scroll it.")
TABLE_LABEL = "The table"
LOG_LABEL = "The log"
#: The counts whose plural form the page is told: more than the cards of two decks.
MOST_COUNTED = 120


def script_words(words: Catalogue, messages: Iterable[str],
                 plurals: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The words the page's script draws from (see the module docstring)."""
    forms = {}
    for singular, plural in plurals:
        entry = words.entries.get(singular)
        forms[singular] = list(entry.forms) if entry is not None and len(entry.forms) > 1 \
            else [singular, plural]
    return {"language": words.language,
            "messages": {msgid: words.gettext(msgid) for msgid in messages},
            "plurals": forms,
            "plural": [words.plural(count) for count in range(MOST_COUNTED + 1)]}


__all__ = ["KEYS_HELP", "LOG_LABEL", "MOST_COUNTED", "TABLE_LABEL", "VIEWER_MESSAGES",
           "VIEWER_PLURALS", "script_words"]
