"""The page's words: every message the page can show (each label of the page, each word
of its script, each refusal of the session) has an Italian and a French entry, with
plural forms where a number is in it, and a refusal is said to the person, its cards
named in the page's language, never as codes."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from play_players import random_turn

from scala40cli.playing.card_text import sentence_parts
from scala40cli.playing.catalogue import (
    LANGUAGES,
    PLURAL_RULES,
    PageCatalogue,
    catalogue,
    plural_expression,
)
from scala40cli.playing.controller import LEVELS, Controller, Options
from scala40cli.translation.po import read_entries, read_po

PLAYING = Path(__file__).resolve().parent.parent / "scala40cli" / "playing"
ASSETS = PLAYING / "assets"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: Messages that are the same words in English and in that language.
ALIKE = {"it": set(), "fr": {"total {total}", "joker ({card})", "{count} point"}}


def po_text(lang: str) -> str:
    return (ASSETS / "locale" / f"{lang}.po").read_text(encoding="utf-8")


def page_messages() -> set[str]:
    """Every message the page's HTML and scripts look up: the labels (``data-t``), the
    literal ``t``/``tn``/``nodes`` calls, the sentences of the computer's moves, the
    names of the cards and of the levels."""
    html = (ASSETS / "play.html").read_text(encoding="utf-8")
    script = "".join((ASSETS / name).read_text(encoding="utf-8")
                     for name in ("play.js", "words.js"))
    found = set(re.findall(r'data-t="([^"]+)"', html))
    found |= set(re.findall(r'\b(?:t|tn|nodes)\(\s*"((?:[^"\\]|\\.)+)"', script))
    told = script[script.index("function told"):script.index("function logMove")]
    found |= set(re.findall(r'"([^"]*(?:\{player\}|shuffled)[^"]*)"', told))
    for faces in re.findall(r"const (?:SUITS|FACES) = \{(.*?)\};", script, re.DOTALL):
        strings = re.findall(r'"((?:[^"\\]|\\.)*)"', faces)
        found |= {w for w in strings if len(w) > 2 and "\\" not in w}
    return found | set(LEVELS)


def session_refusals() -> set[str]:
    """The session's own refusals (``Refused("...")`` in the playing modules), their
    values as ``{x}``."""
    found: set[str] = set()
    for module in PLAYING.glob("*.py"):
        source = module.read_text(encoding="utf-8")
        found |= {re.sub(r"\{[^}]+\}", "{x}", m)
                  for m in re.findall(r'Refused\(f?"([^"]+)"', source)}
    return found


def test_the_three_catalogues_hold_the_same_messages_all_translated() -> None:
    entries = {lang: read_entries(po_text(lang))[0] for lang in LANGUAGES}
    assert set(entries["it"]) == set(entries["fr"]) == set(entries["en"])
    for lang in ("it", "fr"):
        same = [m for m, e in entries[lang].items()
                if e.forms[0] == m and len(m) > 8 and m not in ALIKE[lang]]
        assert same == [], f"{lang}: untranslated {same[:3]}"
        for msgid, entry in entries[lang].items():
            for form in entry.forms:
                # a sentence about the player's move is said to them: {player} may go
                wanted = set(PLACEHOLDER.findall(msgid))
                assert set(PLACEHOLDER.findall(form)) <= wanted, (lang, msgid)
                assert wanted - set(PLACEHOLDER.findall(form)) <= {"player"}, (lang, msgid)


def test_a_message_with_a_number_has_plural_forms_in_each_language() -> None:
    assert plural_expression(read_entries(po_text("fr"))[1]) == "n > 1"
    assert plural_expression(read_entries(po_text("it"))[1]) == "n != 1"
    for lang in LANGUAGES:
        for entry in read_entries(po_text(lang))[0].values():
            if "{count}" in entry.msgid:
                assert entry.plural and len(entry.forms) == 2, (lang, entry.msgid)
                assert all("{count}" in form for form in entry.forms), (lang, entry.msgid)
    french, italian = catalogue("fr"), catalogue("it")
    assert [french.gettext("{count} card", count=n) for n in (0, 1, 2)] == \
        ["0 carte", "1 carte", "2 cartes"]
    assert [italian.gettext("{count} card", count=n) for n in (0, 1, 2)] == \
        ["0 carte", "1 carta", "2 carte"]
    assert french.translate("invalid meld: at most 2 joker a meld, not 3") == \
        "combinaison invalide : au plus 2 jokers par combinaison, pas 3"
    assert set(PLURAL_RULES) == {"n != 1", "n > 1"}


def test_every_message_of_the_page_and_every_refusal_is_in_the_catalogues() -> None:
    words, refusals = page_messages(), session_refusals()
    assert len(words) > 60 and len(refusals) > 20
    for lang in ("it", "fr"):
        known = catalogue(lang).messages
        assert words - set(known) == set(), lang
        templates = {PLACEHOLDER.sub("{x}", m) for m in known}
        assert refusals - templates == set(), lang
        assert all(known[w] != w or len(w) <= 8 or w in ALIKE[lang] for w in words), lang


def test_the_referees_sentences_are_translated_with_their_values() -> None:
    italian = catalogue("it")
    assert italian.translate("the opening is worth 32, less than 40") == \
        "l'apertura vale 32, meno di 40"
    assert catalogue("fr").translate("invalid meld: a set needs different suits: two 7H") \
        == "combinaison invalide : un brelan demande des couleurs différentes : deux 7H"
    assert italian.translate("a sentence nobody wrote") == "a sentence nobody wrote"


@pytest.mark.parametrize("sentence", [
    "Player discards the 3D just taken",
    "Player may not attach before opening",
    "Player may not take the discard before opening",
    "Player took 7H and did not lay it down this turn",
    "in the opening turn Player may play only on their own melds",
])
def test_a_refusal_of_the_persons_move_is_said_to_them(sentence: str) -> None:
    for lang in LANGUAGES:
        said = catalogue(lang).translate(sentence)
        assert "Player" not in said and said != sentence, (lang, said)
    assert catalogue("en").translate(sentence).startswith(("you ", "in the turn you"))


def test_the_cards_of_a_sentence_are_cut_out_for_the_page() -> None:
    assert sentence_parts("4S ne suit pas AS (il manque 2S 3S)") == [
        {"card": "4S"}, {"text": " ne suit pas "}, {"card": "AS"},
        {"text": " (il manque "}, {"card": "2S"}, {"text": " "}, {"card": "3S"},
        {"text": ")"}]
    assert sentence_parts("joker JK(8H), 10D; no K-A-2 wrap") == [
        {"text": "joker "}, {"card": "JK(8H)"}, {"text": ", "}, {"card": "10D"},
        {"text": "; no K-A-2 wrap"}]
    for lang in LANGUAGES:  # no word of a catalogue reads as a card
        for text in catalogue(lang).messages.values():
            assert all("text" in part for part in sentence_parts(text)), (lang, text)


@pytest.mark.slow
def test_random_refusals_are_all_said_in_the_persons_language(tmp_path: Path) -> None:
    """Refusals met by a random player, in Italian and in French: none names the person
    (it is said to them), and each is a sentence of the catalogue, not the English."""
    met: dict[str, dict[str, str]] = {}
    for lang in ("it", "fr"):
        controller = Controller(Options(seed=f"words-{lang}", save_dir=tmp_path, players=3,
                                        language=lang))

        def send(action: str, cards: list[str], meld: int, c: Controller = controller,
                 lang: str = lang) -> tuple[dict[str, object], object]:
            answer = c.move({"action": action, "cards": cards, "meld": meld}, lang)
            if answer["refused"] is not None:
                met.setdefault(answer["refused"]["english"], {})[lang] = \
                    answer["refused"]["message"]
            return answer["state"], answer["refused"]

        rng, state = random.Random(lang), controller.state(lang)
        for _ in range(40):
            if state["phase"] == "match_over":
                break
            state, _ = random_turn(state, send, rng, controller.session.setup.rules)
    assert len(met) > 8
    for english, said in met.items():
        for lang, message in said.items():
            assert "Player" not in message, (lang, message)
            assert message != english or not re.search(r"[a-z]{4}", english), (lang, message)


def test_read_po_keeps_its_first_form() -> None:
    assert read_po(po_text("fr"))["{count} card"] == "{count} carte"
    assert isinstance(catalogue("fr"), PageCatalogue)
