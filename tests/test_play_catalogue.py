"""The page's words: every catalogue holds every message, and every word the page
shows or the session refuses with is a message of the catalogues."""

from __future__ import annotations

import re
from pathlib import Path

from scala40cli.playing.catalogue import LANGUAGES, catalogue, read_po

PLAYING = Path(__file__).resolve().parent.parent / "scala40cli" / "playing"


def test_the_three_catalogues_hold_the_same_messages_all_translated() -> None:
    texts = {lang: (PLAYING / "assets" / "locale" / f"{lang}.po").read_text(encoding="utf-8")
             for lang in LANGUAGES}
    ids = {lang: set(read_po(text)) for lang, text in texts.items()}
    assert ids["it"] == ids["fr"] == ids["en"]
    for lang in ("it", "fr"):
        same = [m for m, s in read_po(texts[lang]).items() if s == m and len(m) > 8]
        assert same == [], f"{lang}: untranslated {same[:3]}"
        for msgid, msgstr in read_po(texts[lang]).items():
            assert set(re.findall(r"\{\w+\}", msgid)) == set(re.findall(r"\{\w+\}", msgstr))


def test_every_word_of_the_page_and_every_refusal_is_in_the_catalogues() -> None:
    known = set(catalogue("en").messages)
    html = (PLAYING / "assets" / "play.html").read_text(encoding="utf-8")
    script = (PLAYING / "assets" / "play.js").read_text(encoding="utf-8")
    words = set(re.findall(r'data-t="([^"]+)"', html))
    words |= set(re.findall(r'\bt\("([^"]+)"', script))
    refusals = set()
    for module in ("human.py", "session.py", "buying.py", "controller.py"):
        source = (PLAYING / module).read_text(encoding="utf-8")
        refusals |= {re.sub(r"\{[^}]+\}", "{x}", m)
                     for m in re.findall(r'Refused\(f?"([^"]+)"', source)}
    assert words and refusals
    assert words - known == set()
    templates = {re.sub(r"\{\w+\}", "{x}", m) for m in known}
    assert refusals - templates == set()


def test_the_referees_sentences_are_translated_with_their_values() -> None:
    italian = catalogue("it")
    assert italian.translate("the opening is worth 32, less than 40") == \
        "l'apertura vale 32, meno di 40"
    assert catalogue("fr").translate("invalid meld: a set needs different suits: two 7H") \
        == "combinaison invalide : un brelan veut des couleurs différentes : deux 7H"
    assert italian.translate("a sentence nobody wrote") == "a sentence nobody wrote"
