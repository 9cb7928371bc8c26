"""``scala40 play`` in a real browser (the system's Chromium driven by Playwright, as in
tests/test_viewer_browser.py): whole hands by keyboard, in Italian, by mouse, and by touch
in a phone-sized viewport; the saved log replays clean. Screenshots go to docs/images."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from play_server import running
from test_viewer_browser import DESKTOP, PHONE
from test_viewer_browser import browser as browser  # the shared Chromium fixture

from scala40cli import api
from scala40cli.playing.controller import Controller, Options

#: docs/play.md's screenshots, rewritten only when asked (SCALA40_SCREENSHOTS=1): each
#: shows the saved log's name, with its time, so a run would change them every time.
IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
READY = "() => !document.querySelector('[data-do=draw]').disabled || " \
        "!document.querySelector('[data-do=next]').disabled"
HAND_OVER = "() => !document.querySelector('[data-do=next]').disabled"
#: No move asked or shown at the moment (the page marks itself aria-busy meanwhile).
IDLE = "() => document.body.getAttribute('aria-busy') !== 'true'"


def play_hand(page: Any, turn: Any) -> None:
    """Turns until the hand is over (``turn`` plays one: draw, then discard)."""
    for _ in range(400):
        page.wait_for_function(READY)
        if page.evaluate(HAND_OVER):
            return
        turn(page)
    raise AssertionError("the hand did not end")


def by_keyboard(page: Any) -> None:
    page.keyboard.press("s")
    page.wait_for_function("() => !document.querySelector('[data-do=discard]').disabled")
    page.keyboard.press("Home")
    for _ in range(15):
        page.keyboard.press("x")
        page.wait_for_function(IDLE)
        if page.evaluate("() => document.querySelector('[data-do=discard]').disabled"):
            return
        page.keyboard.press("ArrowRight")


@contextmanager
def phone_page(browser: Any, controller: Controller,
               ready: str = "#hand .card") -> Iterator[Any]:
    """The match's page on a touch phone, the computer playing without a pause, once
    ``ready`` is shown; the page and its server are closed after."""
    with running(controller) as url:
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        try:
            page = context.new_page()
            page.goto(url + "?pace=0")
            page.wait_for_selector(ready)
            yield page
        finally:
            context.close()


def by_pointer(page: Any, touch: bool) -> None:
    click = (lambda sel: page.tap(sel)) if touch else (lambda sel: page.click(sel))
    click("#stock")
    page.wait_for_function("() => !document.querySelector('[data-do=discard]').disabled")
    for index in range(15):
        click(f"#hand .card:nth-child({index + 1})")
        click("[data-do=discard]")
        page.wait_for_function(IDLE)
        if page.evaluate("() => document.querySelector('[data-do=discard]').disabled"):
            return
        click(f"#hand .card:nth-child({index + 1})")


@pytest.mark.slow
@pytest.mark.parametrize("how", ["keyboard", "mouse", "touch"])
def test_whole_hands_in_the_browser(browser: Any, tmp_path: Path, how: str) -> None:
    controller = Controller(Options(seed=f"browser-{how}", save_dir=tmp_path, language="it"))
    viewport = PHONE if how == "touch" else DESKTOP
    errors: list[str] = []
    with running(controller) as url:
        context = browser.new_context(viewport=viewport, has_touch=how == "touch",
                                      is_mobile=how == "touch", bypass_csp=True)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url + "?pace=0")
        page.wait_for_selector("#hand .card")
        assert page.inner_text("[data-do=draw]") == "Pesca"
        if how == "keyboard":
            page.keyboard.press("x")  # before drawing: refused, in Italian
            page.wait_for_selector("#status.refused")
            assert "prima pesca" in page.inner_text("#status")
        play_hand(page, by_keyboard if how == "keyboard" else
                  lambda p: by_pointer(p, how == "touch"))
        folder = IMAGES if os.environ.get("SCALA40_SCREENSHOTS") else tmp_path
        if how != "mouse":
            size = "phone" if how == "touch" else "desktop"
            shot = folder / f"play-{size}.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 10_000
        assert page.locator("#sheet tr").count() >= 3
        context.close()
    assert errors == []
    result = api.audit_text(controller.path.read_text(encoding="utf-8")).games[0]
    assert [(p.code, p.message) for p in result.violations] == []


@pytest.mark.slow
def test_buying_a_discard_by_keyboard(browser: Any, tmp_path: Path) -> None:
    """Under compra: the offer shows Buy and Pass; C buys (the hand grows by two), U
    gives it all back and the offer stands, Enter passes; the log replays clean."""
    from scala40cli.judging.rulebook.rules import RuleChoice

    controller = Controller(Options(seed="browser-compra", save_dir=tmp_path, language="it",
                                    players=4, choice=RuleChoice(preset="compra")))
    state_js = "async () => (await fetch('api/state')).json()"
    with running(controller) as url:
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.goto(url + "?pace=0")
        page.wait_for_selector("#hand .card")
        for _ in range(200):
            page.wait_for_function(READY + " || document.querySelector('[data-do=buy]')"
                                   ".disabled === false")
            state = page.evaluate(state_js)
            if state["phase"] == "offer":
                break
            assert page.locator("[data-do=buy]").is_visible()
            if state["phase"] == "hand_over":
                page.keyboard.press("Enter")
            else:
                by_keyboard(page)
            page.wait_for_function(IDLE)
        else:
            raise AssertionError("no discard was offered")
        assert ": compri? C compra" in page.inner_text("#status")
        page.keyboard.press("c")
        page.wait_for_function(IDLE)
        bought = page.evaluate(state_js)
        if bought["phase"] == "buying":
            assert len(bought["hand"]) == len(state["hand"]) + 2
            page.keyboard.press("u")
            page.wait_for_function(IDLE)
            assert page.evaluate(state_js) == state
        else:  # refused (not opened): the offer stands
            assert bought == state and page.locator("#status.refused").count() == 1
        page.keyboard.press("Enter")
        page.wait_for_function(IDLE)
        assert page.evaluate(state_js) != state
        for _ in range(400):  # to the end of the hand, passing every offer
            page.wait_for_function(READY + " || document.querySelector('[data-do=pass]')"
                                   ".disabled === false")
            phase = page.evaluate(state_js)["phase"]
            if phase in ("hand_over", "match_over"):
                break
            if phase == "offer":
                page.keyboard.press("Enter")
            else:
                by_keyboard(page)
            page.wait_for_function(IDLE)
        context.close()
    result = api.audit_text(controller.path.read_text(encoding="utf-8")).games[0]
    assert [(p.code, p.message) for p in result.violations] == []


#: The smallest font of any text the page shows (the screen reader's hidden headings aside).
SMALLEST_TEXT = """() => Math.min(...[...document.body.querySelectorAll('*')]
  .filter(e => e.getClientRects().length && !e.closest('.sr, [hidden]') &&
          [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => parseFloat(getComputedStyle(e).fontSize)))"""


def test_a_jokers_card_on_the_table_is_legible_on_a_phone(browser: Any, tmp_path: Path) -> None:
    """The card a joker stands for, under it, was 10 px on a phone: no text under 12 px."""
    from test_play_access import opened_page, rigged

    controller = rigged(tmp_path, "it")
    for cards in (["KS", "KH", "JK"], ["7H", "8H", "9H"]):
        controller.move({"action": "lay", "cards": cards}, "en")
    controller.move({"action": "open"}, "en")
    with opened_page(browser, controller, PHONE, has_touch=True, is_mobile=True) as page:
        assert page.locator("#table .card .as").count() == 1
        assert page.evaluate(SMALLEST_TEXT) >= 12


@pytest.mark.slow
def test_the_computers_moves_by_taps_on_a_phone_pass_axe(browser: Any, tmp_path: Path) -> None:
    """A turn played by taps alone; the computer's moves, logged as it plays, are items of
    a list (the log around it), which axe-core finds clean."""
    from axe_check import axe_violations

    controller = Controller(Options(seed="phone-log", save_dir=tmp_path, language="fr"))
    with phone_page(browser, controller) as page:
        by_pointer(page, touch=True)
        page.wait_for_function(READY)
        assert page.locator("#moves li").count() > 0
        assert page.evaluate("() => document.querySelector('#moves').closest('[role=log]') "
                             "!== null") and axe_violations(page) == []


@pytest.mark.slow
def test_the_review_is_opened_by_a_tap_at_the_end_of_the_match(browser: Any,
                                                              tmp_path: Path) -> None:
    """On a phone, the link to the review is a target 24 px high (it was 20); a tap opens
    the review, which draws its marks and passes axe-core."""
    from axe_check import axe_violations
    from test_play_access import played_until

    from scala40cli.judging.rulebook.rules import RuleChoice

    controller = Controller(Options(
        seed="phone-review", save_dir=tmp_path, language="it", players=2,
        choice=RuleChoice(preset="classic", values=(("elimination", "none", "test"),
                                                    ("fixed_hands", "1", "test")))))
    played_until(controller, lambda s: s["phase"] == "match_over")
    with phone_page(browser, controller, ready="#review-area:not([hidden])") as page:
        assert page.locator("#review").bounding_box()["height"] >= 24
        page.tap("#review")
        page.wait_for_selector("#lines li", timeout=60_000)
        page.tap("#buttons button >> nth=-1")  # the next marked decision
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
        assert axe_violations(page) == []


@pytest.mark.slow
def test_the_language_is_switched_on_a_phone_and_the_match_goes_on(browser: Any,
                                                                     tmp_path: Path) -> None:
    """The page in French after a draw in Italian: the same hand, the same phase, every
    word French; the match is the server's, nothing of it is lost."""
    controller = Controller(Options(seed="phone-language", save_dir=tmp_path, language="it"))
    with phone_page(browser, controller) as page:
        page.tap("#stock")
        page.wait_for_function("() => !document.querySelector('[data-do=discard]').disabled")
        hand = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.code)")
        assert page.inner_text("[data-do=discard]") == "Scarta"
        with page.expect_navigation():  # the page is loaded again: wait on the new one only
            page.select_option("#language", "fr")
        page.wait_for_function("() => document.body.dataset.lang === 'fr' && "
                               "!document.querySelector('[data-do=discard]').disabled")
        assert page.inner_text("[data-do=discard]") == "Défausser"
        assert page.get_attribute("html", "lang") == "fr"
        assert page.input_value("#language") == "fr"
        assert page.eval_on_selector_all("#hand .card",
                                         "cards => cards.map(c => c.dataset.code)") == hand
