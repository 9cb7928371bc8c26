"""``--lang`` and the environment's language: ``replay``, ``show`` and ``explain`` speak
Italian and French; the JSON reports, the codes and the names never change.

The suite pins English (``SCALA40_LANG=en`` in conftest.py); each test here sets the
language it means, so none depends on the machine's locale.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scala40cli.cli.main import main
from scala40cli.playing.catalogue import catalogue as page_catalogue
from scala40cli.translation.language import chosen_language, environment_language

ROOT = Path(__file__).resolve().parent.parent
GAME = str(ROOT / "docs" / "examples" / "game.s40")
#: The environment variables of the language, all unset.
NO_LOCALE = {"SCALA40_LANG": None, "LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None,
             "LANG": None}


def run(*args: str, **environment: str) -> Result:
    return CliRunner().invoke(main, list(args), env={**NO_LOCALE, **environment})


# --- which language --------------------------------------------------------------------------


@pytest.mark.parametrize(("environ", "language"), [
    ({}, "en"),
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "en"),  # no catalogue: English
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_ALL": "fr_FR.UTF-8", "LANG": "it_IT.UTF-8"}, "fr"),
    ({"LC_MESSAGES": "it_IT", "LANG": "fr_FR"}, "it"),
    ({"LANGUAGE": "de:fr:it", "LANG": "it_IT.UTF-8"}, "fr"),  # the first known one
    ({"LANGUAGE": "", "LC_ALL": "", "LANG": "it"}, "it"),  # empty is unset
    ({"LC_ALL": "POSIX", "LANG": "it_IT"}, "en"),
])
def test_the_language_of_the_environment(environ: dict[str, str], language: str) -> None:
    assert environment_language(environ) == language


def test_the_option_wins_over_the_environment() -> None:
    assert chosen_language("fr", {"LANG": "it_IT.UTF-8"}) == "fr"
    assert chosen_language(None, {"LANG": "it_IT.UTF-8"}) == "it"


# --- replay -----------------------------------------------------------------------------------


def test_replay_speaks_the_language_asked_for() -> None:
    result = run("replay", "--lang", "it", GAME)
    assert result.exit_code == 1
    assert "game.s40:19:1: T004 Anna non ha KH; Anna non ha nessun K, e ha AH a cuori" \
        in result.stdout
    assert "  Mano    Anna  Bruno  Chiusa da" in result.stdout
    assert "1 file, 2 partite, 2 con violazioni, 2 violazioni, 1 errore di file" in result.stdout


def test_replay_takes_the_language_of_the_environment() -> None:
    assert "T004 Anna n'a pas KH" in run("replay", GAME, LANG="fr_FR.UTF-8").stdout
    assert "T004 Anna n'a pas KH" in run("replay", GAME, SCALA40_LANG="fr", LANG="it_IT").stdout
    assert "T004 Anna does not hold KH" in run("replay", GAME, LANG="it_IT",
                                                SCALA40_LANG="en").stdout


def test_an_unknown_language_is_a_usage_error() -> None:
    assert run("replay", "--lang", "de", GAME).exit_code == 2


def test_the_json_reports_stay_in_english() -> None:
    """A program reads the same JSON on every machine; codes and names are its keys."""
    for report_format in ("json", "jsonl"):
        text = run("replay", "--format", report_format, "--lang", "it", GAME).stdout
        assert "Anna does not hold KH" in text and "non ha" not in text
    document = json.loads(run("replay", "--format", "json", "--lang", "fr", GAME).stdout)
    violation = document["files"][0]["games"][0]["violations"][0]
    assert (violation["code"], violation["name"]) == ("T004", "not-in-hand")


@pytest.mark.parametrize(("report_format", "said"), [
    ("github", "T004 Anna non ha KH; Anna non ha nessun K"),
    ("sarif", "Anna non ha KH; Anna non ha nessun K"),
    ("junit", "T004 Anna non ha KH; Anna non ha nessun K"),
])
def test_the_ci_formats_a_person_reads_are_translated(report_format: str, said: str) -> None:
    result = run("replay", "--format", report_format, "--lang", "it", GAME)
    assert said in result.stdout
    assert "title=T004 not-in-hand" in result.stdout or report_format != "github"


# --- show and explain -----------------------------------------------------------------------


def test_show_speaks_the_language_and_its_json_does_not() -> None:
    text = run("show", "--lang", "fr", f"{GAME}:19").stdout
    assert "game.s40:19 : partie 1, manche 1 (jeu), donneur Anna, au tour de Bruno" in text
    assert "  violation T004 : Anna n'a pas KH" in text
    assert "Anna   total   0   8 cartes  2S AH" in text
    document = json.loads(run("show", "--format", "json", "--lang", "fr", f"{GAME}:19").stdout)
    assert document["on_line"][0]["message"].startswith("Anna does not hold KH")


def test_explain_speaks_the_language_and_keeps_the_code_and_name() -> None:
    text = run("explain", "--lang", "it", "T004").stdout
    assert text.splitlines()[0] == "T004 not-in-hand"
    assert "Il giocatore scarta, cala, attacca o scambia una carta che non ha in mano." in text
    assert "Esempio: Anna scarta KH quando Anna non ha KH" in text
    assert run("explain", "T004", LANG="fr_FR.UTF-8").stdout.startswith(
        "T004 not-in-hand\n\nLe joueur défausse")


def test_explain_says_where_its_quote_comes_from_in_the_language() -> None:
    """"From" and the page's name are one sentence, which each language joins as it
    must ("dalle decisioni", "du format"), and says that the quote is in English."""
    italian = run("explain", "--lang", "it", "G006").stdout
    assert "Dalle decisioni dell'arbitro (in inglese), D22. A game that stops in the middle " \
        "of a hand:" in italian
    french = run("explain", "--lang", "fr", "C006").stdout
    assert "Extrait du format des journaux (en anglais), A paper score sheet :" in french


# --- play falls back to the referee's catalogue -------------------------------------------


def test_play_says_the_referees_sentences_from_the_referee_catalogue() -> None:
    """A sentence the page's own catalogue does not hold (a T004) comes from the
    referee's; the page's own words stay its own."""
    italian = page_catalogue("it")
    assert italian.translate("the top of the discard pile is 9C, not 4D") == \
        "la prima carta del pozzo è 9C, non 4D"
    assert italian.messages["Stock"] == "Tallone"
    assert "Stock" not in page_catalogue("en").messages or \
        page_catalogue("en").translate("the discard pile is empty") == "the discard pile is empty"
