"""The viewer's page and the review (text and page) in Italian and French: every word a
person reads comes from the catalogues; the values of the log (names, paths, codes,
cards, the moves as the log writes them) are kept as written and shown as text; the
review's JSON stays English.

How "every word" is checked, as tests/test_translated_reports.py checks the reports:
the same review is written in English and in the language; a word (three letters or
more) of the English found again in the other is a word the catalogue did not give,
unless it is a value of the log or one of the few words both languages write alike.
For a page, the text is what Chromium shows after the script ran (its text, titles and
labels), and the script's dict of words is compared message by message.

Each test fails on the code before: the pages and the review's text were English
whatever the language, ``view`` and ``review`` had no ``--lang``, and ``play``'s review
page said ``lang="en"``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_translated_reports import words_of
from test_viewer_bidi import renamed

from scala40cli.cli.main import main
from scala40cli.judging.hands.phases import Phase
from scala40cli.review.choices import Stage
from scala40cli.review.grading import RATINGS, UNRATED, Verdict
from scala40cli.review.page import REVIEW_MESSAGES, review_page
from scala40cli.review.records import FileReview, Reviewed, Skipped
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.running import Source, review_files
from scala40cli.review.scorer import Budget, budget_text
from scala40cli.review.text import HEADINGS, review_text
from scala40cli.translation.catalogue import ENGLISH, catalogue
from scala40cli.viewing.loading import view_bytes
from scala40cli.viewing.page import page
from scala40cli.viewing.page_words import VIEWER_MESSAGES, VIEWER_PLURALS

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
TRANSLATED = ("it", "fr")
STANDIN = ReviewSettings(engine="standin", budget=Budget())
#: A match with decisions of every class, and one with a violation (decisions not
#: reviewed, a referee's sentence on the page).
LOGS = ("legal/two-players.s40", "illegal/T004-not-in-hand-discard.s40")
#: Words Italian or French write as English does (a word of ours, not of a log).
ALIKE = {"it": {"file"},
         "fr": {"violation", "violations", "expert", "table", "total", "points", "note",
                "engine", "joker", "partie"}}
#: Names no language translates: the game, the engines, the budget's keys, the Tab key.
NAMES = {"scala", "scala40", "view", "review", "standin", "expert", "worlds", "take",
         "horizon", "turns", "heat", "discards", "none", "seed", "tab"}
#: A player named as markup, and one named as a placeholder of the catalogues.
HOSTILE = {"Anna": "<img src=x onerror=alert(1)>", "Bruno": "{hand}"}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _text(name: str) -> str:
    return (FIXTURES / name).read_text("utf-8")


def _reviewed(name: str, text: str) -> tuple[bytes, FileReview]:
    data = text.encode()
    return data, review_files([Source(path=name, data=data)], seat=None, every=True,
                              settings=STANDIN)[0]


def _values(review: FileReview, text: str) -> set[str]:
    """The words of the log the review shows as written: its lines (names, cards, the
    moves' verbs), the referee's codes, the file's name, the budget's keys."""
    found = words_of(text) | words_of(review.path) | words_of(budget_text(STANDIN.budget))
    for game in review.games:
        found |= {word for code, _, _ in game.violations for word in words_of(code)}
    return found | NAMES


def _left(english: str, other: str, language: str, values: set[str]) -> list[str]:
    return sorted((words_of(english) & words_of(other)) - values - ALIKE[language])


# --- the words the pages' scripts draw from -------------------------------------------------


def _script_calls(name: str) -> tuple[set[str], set[str]]:
    """The messages a script asks for by their text: ``say``/``sayParts``, and
    ``sayCount``."""
    text = (ROOT / "scala40cli" / name).read_text("utf-8")
    said = set(re.findall(r'\bsay(?:Parts)?\("((?:[^"\\]|\\.)*)"', text))
    counted = set(re.findall(r'\bsayCount\("((?:[^"\\]|\\.)*)"', text))
    unescape = lambda found: {json.loads(f'"{t}"') for t in found}  # noqa: E731
    return unescape(said), unescape(counted)


def test_every_word_the_scripts_ask_for_is_given_to_them() -> None:
    viewer, viewer_counted = _script_calls("viewing/assets/viewer.js")
    review, review_counted = _script_calls("review/assets/review.js")
    assert viewer <= set(VIEWER_MESSAGES)
    assert review <= set(REVIEW_MESSAGES) | set(VIEWER_MESSAGES)
    assert viewer_counted | review_counted == {singular for singular, _ in VIEWER_PLURALS}
    # the words asked for through a table: ranks, suits, classes, stages, phases
    assert {"ace", "spades", "joker", "inaccuracy", "take or draw",
            *(phase.value for phase in Phase)} <= set(VIEWER_MESSAGES) | set(REVIEW_MESSAGES)


def _page_words(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html,
                      re.DOTALL)
    assert found is not None
    words: dict[str, Any] = json.loads(found.group(1))["words"]
    return words


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_review_page_gives_its_script_every_word_in_the_language(language: str) -> None:
    data, review = _reviewed("game.s40", _text(LOGS[0]))
    viewed = view_bytes(data, "game.s40")
    english = _page_words(review_page(viewed, review, STANDIN))
    other = _page_words(review_page(viewed, review, STANDIN, catalogue(language)))
    assert english["language"] == "en" and other["language"] == language
    assert set(other["messages"]) == set(english["messages"])
    assert english["messages"] == {msgid: msgid for msgid in english["messages"]}
    same = {msgid for msgid, text in other["messages"].items()
            if words_of(_PLACEHOLDER.sub("", text)) & words_of(_PLACEHOLDER.sub("", msgid))
            - ALIKE[language] - NAMES}
    assert sorted(same) == [], language
    for singular, forms in other["plurals"].items():
        assert not words_of(_PLACEHOLDER.sub("", " ".join(forms))) & words_of(
            _PLACEHOLDER.sub("", singular)) - ALIKE[language]
        assert set(_PLACEHOLDER.findall(forms[0])) == set(_PLACEHOLDER.findall(singular))
    # the language's own rule, count by count: French says "0 carte", Italian "0 carte"
    assert other["plural"][0] == (0 if language == "fr" else 1)
    assert other["plural"][1] == 0 and other["plural"][2] == 1


# --- the review as text ---------------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("log", LOGS)
def test_every_word_of_the_review_text_is_the_languages(language: str, log: str) -> None:
    text = _text(log)
    _, review = _reviewed(log, text)
    decisions = [d for g in review.games for d in g.decisions]
    assert any(isinstance(d, Reviewed) and d.verdict.value != "good" for d in decisions) \
        or any(isinstance(d, Skipped) for d in decisions)
    english = review_text([review], STANDIN)
    other = review_text([review], STANDIN, catalogue(language))
    assert english == review_text([review], STANDIN, ENGLISH)
    assert other != english
    assert _left(english, other, language, _values(review, text)) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_stage_class_and_rating_of_the_text_is_translated(language: str) -> None:
    words = catalogue(language)
    said = [*(stage.value for stage in Stage), *(verdict.value for verdict in Verdict),
            *(word for _, word in RATINGS), UNRATED, *HEADINGS[:5], HEADINGS[-1]]
    assert [text for text in said
            if words.gettext(text) == text and text not in ALIKE[language]] == []


@pytest.mark.slow
def test_the_review_text_writes_figures_as_the_language_does() -> None:
    _, review = _reviewed("game.s40", _text(LOGS[0]))
    english = review_text([review], STANDIN)
    assert re.search(r"\d\.\d%", english)
    french = review_text([review], STANDIN, catalogue("fr"))
    assert re.search(r"\d,\d\u202f%", french) and not re.search(r"\d\.\d", french)


@pytest.mark.slow
def test_a_name_like_a_placeholder_is_kept_in_the_italian_text() -> None:
    text = _text(LOGS[0])
    text = renamed(text, HOSTILE)
    _, review = _reviewed("game.s40", text)
    assert review.errors == () and set(review.games[0].seats) == set(HOSTILE.values())
    said = review_text([review], STANDIN, catalogue("it"))
    # the name as written where the catalogue's sentence puts a player, never a number
    assert "esaminata per <img src=x onerror=alert(1)>, {hand}" in said
    assert re.search(r"^\S+:\d+: \{hand\} \?", said, re.MULTILINE)


# --- the commands ---------------------------------------------------------------------------


def _run(*args: str, env: dict[str, str | None] | None = None) -> str:
    result = CliRunner().invoke(main, list(args), env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.slow
def test_review_lang_speaks_the_text_and_keeps_the_json_english(tmp_path: Path) -> None:
    log = str(FIXTURES / LOGS[0])
    base = ["review", log, "--all", "--engine", "standin"]
    italian = _run(*base, "--lang", "it")
    assert "esaminata per" in italian and "Giocatore" in italian
    assert _run(*base, env={"SCALA40_LANG": "fr", "LANGUAGE": ""}).count("examinée") >= 1
    # without --lang nor SCALA40_LANG (which the suite sets to English): the locale's
    assert _run(*base, env={"SCALA40_LANG": None, "LANGUAGE": "it_IT.UTF-8"}) == italian
    english_json = _run(*base, "--format", "json", "--lang", "en")
    assert _run(*base, "--format", "json", "--lang", "it") == english_json
    page_ = tmp_path / "review.html"
    _run(*base, "--format", "html", "--lang", "fr", "-o", str(page_))
    html = page_.read_text("utf-8")
    assert '<html lang="fr">' in html and "Touches" in html
    assert _page_words(html)["messages"]["Review"] == "Analyse"


def test_view_lang_writes_the_page_in_the_language(tmp_path: Path) -> None:
    log = str(FIXTURES / LOGS[1])
    out = tmp_path / "view.html"
    _run("view", log, "--lang", "it", "-o", str(out))
    html = out.read_text("utf-8")
    assert '<html lang="it">' in html and "Tasti:" in html and 'aria-label="Il registro"' in html
    data = json.loads(re.search(r'id="data">(.*?)</script>', html, re.DOTALL).group(1))
    message = data["games"][0]["problems"][0]["message"]
    english = json.loads(re.search(r'id="data">(.*?)</script>',
                                   page(view_bytes((FIXTURES / LOGS[1]).read_bytes(), log)),
                                   re.DOTALL).group(1))
    said = english["games"][0]["problems"][0]["message"]
    assert message == catalogue("it").translate(said) != said


# --- play's review ----------------------------------------------------------------------


@pytest.mark.slow
def test_play_in_italian_opens_its_review_in_italian(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's ``/review`` passes the session's language to the review's page (the
    review weighed by the stand-in engine, for speed: the page is the same one)."""
    pytest.importorskip("starlette")
    from test_play_access import played_until
    from test_play_api import TOKEN, client_for

    from scala40cli.playing import hinting
    from scala40cli.playing.controller import Controller, Options

    monkeypatch.setattr(hinting, "ReviewSettings",
                        lambda **settings: ReviewSettings(**settings | {"engine": "standin"}))
    controller = Controller(Options(seed="review-it", save_dir=tmp_path, language="it"))
    played_until(controller, lambda state: state["phase"] == "match_over")
    client = client_for(controller)
    for query in ("", "?lang=it"):
        html = client.get(f"/{TOKEN}/review{query}").text
        assert '<html lang="it">' in html and "Tasti:" in html
        assert _page_words(html)["messages"]["Review"] == "Analisi"
    french = client.get(f"/{TOKEN}/review?lang=fr").text
    assert '<html lang="fr">' in french and "Touches" in french
