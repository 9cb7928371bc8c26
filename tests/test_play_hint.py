"""The hint of ``scala40 play`` (H, and its button): what the expert would play now, in
the person's language from the catalogues, never played for the person; in Chromium,
asked with the keyboard, said on the status line with its cards named, and no serious
axe-core violation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_viewer_browser import browser as browser

from scala40cli.model.cards import parse_card
from scala40cli.playing.controller import Controller, Options
from scala40cli.playing.hinting import NO_HINT, hint_words
from scala40cli.review.choices import PlanChoice, Stage
from scala40cli.review.hint import Hint, Reason
from scala40cli.simulate.plays import TurnPlan


def _loose_kh() -> Hint:
    return Hint(stage=Stage.PLAN, choice=PlanChoice(TurnPlan((), parse_card("KH"))),
                lines=("discard KH",), reason=Reason.DISCARD_LOOSE, card="KH", points=10,
                laid=0, gain=3.0)


def test_the_hint_is_said_in_the_three_languages_its_card_cut_out() -> None:
    said = {lang: hint_words(_loose_kh(), lang)["message"] for lang in ("en", "it", "fr")}
    assert said == {"en": "Discard KH: it fits nothing and costs 10.",
                    "it": "Scarta KH: non lega con niente e vale 10.",
                    "fr": "Défaussez KH, qui ne va avec rien et coûte 10."}
    assert {"card": "KH"} in hint_words(_loose_kh(), "it")["parts"]
    assert hint_words(None, "en")["message"] == NO_HINT


def _state_and_log(controller: Controller) -> tuple[dict[str, Any], bytes]:
    return controller.state("en"), controller.path.read_bytes()


@pytest.mark.slow
def test_the_hint_at_the_draw_and_after_it_plays_nothing(tmp_path: Path) -> None:
    controller = Controller(Options(seed="hint", save_dir=tmp_path, level="hard"))
    assert controller.session.current == controller.session.me
    before = _state_and_log(controller)
    drawn = controller.hint("en")
    assert drawn["message"].startswith(("Draw", "Take the")), drawn
    assert _state_and_log(controller) == before
    controller.move({"action": "draw"}, "en")
    before = _state_and_log(controller)
    said = controller.hint("it")
    assert said["message"].startswith(("Scarta", "Prima cala", "Chiudi")), said
    assert _state_and_log(controller) == before
    hand = set(before[0]["hand"])
    assert {p["card"] for p in said["parts"] if "card" in p} <= hand | {"JK"}
    # the same view gives the same hint
    assert controller.hint("it") == said


def test_there_is_no_hint_when_it_is_not_the_persons_move(tmp_path: Path) -> None:
    controller = Controller(Options(seed="hint", save_dir=tmp_path))
    controller.session.phase = "hand_over"
    assert controller.hint("fr")["message"] == "Vous n'avez pas de coup à jouer maintenant."


@pytest.mark.slow
def test_h_asks_the_expert_and_the_status_says_it_in_italian(browser: Any,
                                                              tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    from axe_check import axe_violations
    from test_play_access import FOCUS, key, opened_page
    from test_viewer_browser import DESKTOP

    controller = Controller(Options(seed="hint", save_dir=tmp_path, language="it"))
    with opened_page(browser, controller, DESKTOP) as page:
        before = controller.path.read_bytes()
        assert page.get_attribute("[data-do=hint]", "aria-keyshortcuts") == "H"
        focus = page.evaluate(FOCUS)
        key(page, "h")
        status = page.inner_text("#status")
        assert status.startswith(("Pesca", "Prendi")), status
        assert page.evaluate(FOCUS) == focus  # the hint moves no focus
        assert controller.path.read_bytes() == before  # and plays nothing
        key(page, "s")  # draw
        key(page, "h")
        status = page.inner_text("#status")
        assert status.startswith(("Scarta", "Prima cala", "Chiudi")), status
        assert page.locator("#status .card, #status [data-code], #status span").count() >= 1
        assert "H suggerimento" in page.inner_text("#keys")
        assert axe_violations(page) == []
        page.click("[data-do=hint]")
        page.wait_for_function("() => document.body.getAttribute('aria-busy') !== 'true'")
        assert page.inner_text("#status") == status


@pytest.mark.slow
def test_review_this_match_opens_the_persons_review_on_the_viewer_page(
        browser: Any, tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    from axe_check import axe_violations
    from test_play_access import opened_page, played_until
    from test_viewer_browser import DESKTOP

    controller = Controller(Options(seed="review-me", save_dir=tmp_path, level="hard",
                                    language="fr"))
    played_until(controller, lambda state: state["phase"] == "match_over")
    me = controller.session.me
    with opened_page(browser, controller, DESKTOP) as page:
        link = page.locator("#review")
        assert link.is_visible() and link.inner_text() == "Revoir cette partie"
        assert axe_violations(page) == []
        link.focus()
        page.keyboard.press("Enter")  # a link: the keyboard follows it
        page.wait_for_selector("#review tbody th", timeout=120_000)
        assert [th.inner_text() for th in page.locator("#review tbody th").all()] == [me]
        # the review in the page's language (the link asks for it), its words French
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert page.inner_text("#review h2").startswith("Analyse par le moteur")
        assert page.evaluate("window.scala40.line()") >= 1
        assert axe_violations(page) == []


def test_the_review_link_is_hidden_until_the_match_is_over(tmp_path: Path) -> None:
    html = (Path(__file__).resolve().parent.parent / "scala40cli/playing/assets"
            / "play.html").read_text("utf-8")
    assert '<p id="review-area" hidden>' in html and 'href="review"' in html
    controller = Controller(Options(seed="hint", save_dir=tmp_path))
    assert controller.state("en")["phase"] != "match_over"
