"""The viewer's page and the review's page in Italian and French, in Chromium: what
the page shows once its script ran (its text, titles and labels) holds no English word
the log did not bring (see tests/test_translated_pages.py for how that is told); a
hostile log on an Italian page is shown as text, never run, its names never filled as
placeholders; axe-core finds nothing serious on the Italian review, on a computer and
on a phone; ``play`` in Italian opens its review in Italian.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe_check import axe_violations
from test_translated_pages import (
    ALIKE,
    FIXTURES,
    HOSTILE,
    LOGS,
    STANDIN,
    TRANSLATED,
    _reviewed,
    _text,
    _values,
    words_of,
)
from test_viewer_bidi import renamed
from test_viewer_browser import DESKTOP, PHONE, Opened
from test_viewer_browser import browser as browser  # the shared Chromium fixture

from scala40cli.review.page import review_page
from scala40cli.translation.catalogue import ENGLISH, Catalogue, catalogue
from scala40cli.viewing.loading import view_bytes
from scala40cli.viewing.page import page

pytestmark = pytest.mark.slow

#: What a person reads or hears of the page as drawn: its text, its titles and labels.
SHOWN = """() => [document.title, document.body.innerText,
  ...[...document.querySelectorAll('[aria-label], [title]')].flatMap(
      node => [node.getAttribute('aria-label') || '', node.getAttribute('title') || ''])
].join('\\n')"""
#: The places the text is read at: the start, each of the first marked decisions (the
#: review's box), a violation, the end (the outcome).
KEYS = (["Home"], ["]"], ["]"], ["n"], ["End"])


def _shown(browser: Any, path: Path, viewport: dict[str, int] = DESKTOP) -> str:
    opened = Opened(browser, path, viewport)
    texts = []
    for keys in KEYS:
        for key in keys:
            opened.page.keyboard.press(key)
        texts.append(opened.page.evaluate(SHOWN))
    assert opened.requests == [] and opened.errors == []
    opened.close()
    return "\n".join(texts)


def _review_file(tmp_path: Path, log: str, words: Catalogue, text: str | None = None) -> Path:
    text = _text(log) if text is None else text
    data, review = _reviewed("game.s40", text)
    path = tmp_path / f"review-{words.language}.html"
    path.write_text(review_page(view_bytes(data, "game.s40"), review, STANDIN, words),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("log", LOGS)
def test_every_word_the_review_page_shows_is_the_languages(
        browser: Any, tmp_path: Path, log: str, language: str) -> None:
    _, review = _reviewed("game.s40", _text(log))
    english = _shown(browser, _review_file(tmp_path, log, ENGLISH))
    other = _shown(browser, _review_file(tmp_path, log, catalogue(language)))
    assert "Review" in english and english != other
    left = (words_of(english) & words_of(other)) - _values(review, _text(log)) \
        - ALIKE[language]
    assert sorted(left) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_the_viewer_page_shows_is_the_languages(
        browser: Any, tmp_path: Path, language: str) -> None:
    log = LOGS[1]
    data = (FIXTURES / log).read_bytes()
    _, review = _reviewed("game.s40", _text(log))
    pages = {}
    for words in (ENGLISH, catalogue(language)):
        path = tmp_path / f"view-{words.language}.html"
        path.write_text(page(view_bytes(data, "game.s40"), words=words), encoding="utf-8")
        pages[words.language] = _shown(browser, path)
    english, other = pages["en"], pages[language]
    assert "Keys" in english and "Melds" in english and "violation" in english
    left = (words_of(english) & words_of(other)) - _values(review, _text(log)) \
        - ALIKE[language]
    assert sorted(left) == []


def test_a_hostile_log_on_the_italian_review_is_text(browser: Any, tmp_path: Path) -> None:
    text = _text(LOGS[0])
    text = renamed(text, HOSTILE)
    path = _review_file(tmp_path, LOGS[0], catalogue("it"), text)
    opened = Opened(browser, path, DESKTOP)
    opened.page.keyboard.press("Home")
    opened.page.keyboard.press("]")
    heads = opened.page.evaluate(
        "[...document.querySelectorAll('#table .review .head .who')].map(h => h.textContent)")
    assert heads and all(h.startswith(tuple(f"{n}, " for n in HOSTILE.values())) for h in heads)
    status = opened.page.inner_text("#where")
    assert "Partita 1, riga" in status
    summaries = opened.page.evaluate(
        "[...document.querySelectorAll('#review tbody th')].map(th => th.textContent)")
    assert sorted(summaries) == sorted(HOSTILE.values())
    assert opened.page.evaluate("document.querySelectorAll('img').length") == 0
    opened.page.keyboard.press("End")
    assert "{hand}" in opened.page.inner_text("#table")
    assert opened.requests == [] and opened.errors == []
    opened.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious_on_the_italian_review(
        browser: Any, tmp_path: Path, viewport: dict[str, int]) -> None:
    path = _review_file(tmp_path, LOGS[0], catalogue("it"))
    opened = Opened(browser, path, viewport)
    assert opened.page.evaluate("document.documentElement.lang") == "it"
    found = {}
    for state, keys in (("start", ["Home"]), ("a marked decision", ["]"]),
                        ("the end", ["End"])):
        for key in keys:
            opened.page.keyboard.press(key)
        found[state] = axe_violations(opened.page)
    assert found == {state: [] for state in found}
    opened.close()
