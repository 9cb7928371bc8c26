"""The Italian and French a player reads, checked where a mistake can be caught
mechanically, over every catalogue (the referee's six and the page of ``play``):
French spaces before ; : ! ? and inside « », no such space in Italian, no English left
untranslated, no article glued before a card (its name decides it: "l'8H", "l'AS"), and
the game's words as the glossary of docs/development.md says, the same in every
catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scala40cli.translation.po import read_entries

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "scala40cli" / "translation" / "locale"
PAGE = ROOT / "scala40cli" / "playing" / "assets" / "locale"
DOMAINS = ("messages", "explanations", "reports", "review", "standings", "viewer")
TRANSLATED = ("it", "fr")


def catalogue_files(language: str) -> list[Path]:
    return [LOCALE / language / f"{domain}.po" for domain in DOMAINS] + \
        [PAGE / f"{language}.po"]


def translations(language: str) -> list[tuple[str, str, str]]:
    """(file name, msgid, msgstr) of every form of every entry of the language."""
    found = []
    for path in catalogue_files(language):
        for msgid, entry in read_entries(path.read_text("utf-8"))[0].items():
            found += [(f"{path.parent.name}/{path.name}", msgid, form) for form in entry.forms]
    return found


#: What is written as the user writes it, not as prose: `code`, 'quoted', "quoted",
#: a JSON example {"verb": ...}, a placeholder.
_LITERAL = re.compile(r"`[^`]*`|'[^' ]*'|\"[^\"]*\"|\{\"[^}]*\}|\{\w+\}")


def prose(text: str) -> str:
    return _LITERAL.sub("x", text)


def test_french_puts_a_space_before_high_punctuation_and_inside_guillemets() -> None:
    """« Vous ne pouvez pas : ... » as French typography writes it; "{file}:{line}",
    "(?)" and a quoted ':' are not punctuation of the sentence."""
    wrong = []
    for where, msgid, text in translations("fr"):
        said = prose(text)
        if re.search(r"\S[;:!?](\s|$)|«\S|\S»", said):
            wrong.append((where, msgid, text))
    assert wrong == []


def test_italian_puts_no_space_before_punctuation() -> None:
    """"Tocca a te: pesca", never "te : pesca"; a ? or ; standing alone for itself
    (the unknown card, a comment's mark) stands as often as in the English."""
    standalone = re.compile(r"\s[;:!?](?=\s|$)")
    wrong = [(where, msgid, text) for where, msgid, text in translations("it")
             if len(standalone.findall(prose(text))) > len(standalone.findall(prose(msgid)))]
    assert wrong == []


#: The words a language writes as English does: a message made of these only (and of
#: values, tags and codes) may be the same in both.
SAME_WORDS = {"it": {"file"},
              "fr": {"total", "violation", "violations", "expert", "joker", "table",
                     "normal", "point"}}


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_is_left_in_english(language: str) -> None:
    left = []
    for where, msgid, text in translations(language):
        words = re.findall(r"[A-Za-z]{2,}", re.sub(r"\[[^]]*\]|\{\w+\}", "", text))
        if text == msgid and any(w.lower() not in SAME_WORDS[language] for w in words):
            left.append((where, msgid))
    assert left == []


#: Placeholders that hold a card or a rank: the article before one depends on how the
#: card is read ("il 7H" but "l'8H", "le 7H" but "l'AS").
_CARD = r"\{(?:card|cards|rank)\}"
ARTICLE_BEFORE_CARD = {
    "it": re.compile(r"\b(?:il|lo|la|i|gli|le|del|dello|al|allo|dal|nel|sul|un|uno)\s+" + _CARD,
                     re.IGNORECASE),
    "fr": re.compile(r"\b(?:le|la|les|du|au|aux|un|une)\s+" + _CARD, re.IGNORECASE),
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_article_is_glued_before_a_card(language: str) -> None:
    glued = [(where, text) for where, _, text in translations(language)
             if ARTICLE_BEFORE_CARD[language].search(text)]
    assert glued == []


#: A word of the game said otherwise than the glossary says (docs/development.md):
#: the variant, and the word to use.
NOT_THE_GLOSSARYS = {
    "it": {r"\bregina\b": "donna", r"\bal più\b": "al massimo",
           r"\bsta per\b": "sostituisce", r"\bjoker\b": "jolly",
           r"\bmazzo degli scarti\b": "pozzo", r"\blog\b": "registro"},
    "fr": {r"\bfermetures?\b": "terminer (une manche terminée)", r"\bpaquet\b": "jeu",
           r"\bjolly\b": "joker", r"\bpile de défausse\b": "défausse",
           r"\bhors d'ordre\b": "pas dans l'ordre", r"\blog\b": "journal"},
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_games_words_are_the_glossarys(language: str) -> None:
    found = [(where, text, NOT_THE_GLOSSARYS[language][variant])
             for where, msgid, text in translations(language)
             for variant in NOT_THE_GLOSSARYS[language]
             if re.search(variant, prose(text), re.IGNORECASE)
             and not re.search(variant, prose(msgid), re.IGNORECASE)]
    assert found == []


def test_the_page_says_stock_as_the_rules_do_and_the_referee_as_the_log_does() -> None:
    """The page's stock is French "pioche" (the rule texts' word); the referee's is
    "talon", the keyword of a log's stock line, as the Italian says "tallone" in both.
    A hand (a deal) is "manche" everywhere; in Italian "smazzata" on the page and
    "mano" in the referee's words, the keyword of a log's hand line."""
    page = {lang: {m: e.forms[0] for m, e in
                   read_entries((PAGE / f"{lang}.po").read_text("utf-8"))[0].items()}
            for lang in TRANSLATED}
    assert page["fr"]["Stock"] == "Pioche" and page["it"]["Stock"] == "Tallone"
    assert page["fr"]["Hand"] == "Manche" and page["it"]["Hand"] == "Smazzata"
    page_fr = " ".join(page["fr"].values())
    assert "talon" not in page_fr.lower()


def test_the_page_writes_no_de_that_a_name_would_elide() -> None:
    """The referee's catalogue elides "de Anna" to "d'Anna"; the page's script fills its
    words as they are, so its French says a name or a card without "de" or "que" before
    it ("Combinaison 2 (Anna)", not "Combinaison 2 de Anna")."""
    before = re.compile(r"\b(?:de|que) \{(?:player|other|card|cards|rank|name)\}", re.I)
    said = [(msgid, form) for msgid, entry in
            read_entries((PAGE / "fr.po").read_text("utf-8"))[0].items()
            for form in entry.forms if before.search(form)]
    assert said == []
