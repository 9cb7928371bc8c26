"""The play page for every player, in Chromium: the keyboard alone (real focus, moved by
the arrows among the cards and the melds, Enter and Space acting on the focused
control, the meld to attach to chosen by its number or the arrows), a screen reader
(cards named in the page's language, no live region rebuilt at every key, the
computer's moves in a log, refusals and the end of a hand in words), no serious or
critical axe-core violation in any state on a desktop and a phone, no page wider than
a phone for 2 to 6 players, and no animation for who asks for reduced motion."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from axe_check import axe_violations
from play_players import planned_turn
from play_server import running
from test_play_browser import IDLE
from test_viewer_browser import DESKTOP, PHONE
from test_viewer_browser import browser as browser  # the shared Chromium fixture

from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.cards import parse_card
from scala40cli.playing.controller import Controller, Options
from scala40cli.simulate.bots import Bot

pytestmark = pytest.mark.slow  # a real browser: seconds a test (CI runs them all)

State = dict[str, Any]
#: What has focus: its card, its meld, its button, or its tag.
FOCUS = """() => { const el = document.activeElement;
  if (el.closest('#hand')) return 'card ' + el.dataset.code;
  if (el.closest('#table')) return 'meld ' + el.dataset.meld;
  if (el.dataset.do) return 'button ' + el.dataset.do;
  return el.id ? '#' + el.id : el.tagName.toLowerCase(); }"""
HAND = "7H 8H 9H 2C 2D 2S KS KH KD 5C 9D JK 4S AS"


def send_to(controller: Controller) -> Callable[[str, list[str], int], tuple[State, Any]]:
    def send(action: str, cards: list[str], meld: int) -> tuple[State, Any]:
        answer = controller.move({"action": action, "cards": cards, "meld": meld}, "en")
        return answer["state"], answer["refused"]
    return send


def played_until(controller: Controller, done: Callable[[State], bool], seed: int = 1) -> State:
    """The match played as a bot would from the person's seat until ``done``."""
    send, bot = send_to(controller), Bot("normal", random.Random(seed))
    state = controller.state("en")
    while not done(state):
        assert state["phase"] != "match_over", "the match ended first"
        state, _ = planned_turn(controller, bot, send)
    return state


def rigged(tmp_path: Path, language: str = "fr") -> Controller:
    """The person has drawn and holds HAND (three melds worth 60, a joker, spare cards)."""
    controller = Controller(Options(seed="access", save_dir=tmp_path, language=language))
    controller.move({"action": "draw"}, "en")
    engine = controller.session.engine
    assert engine is not None
    engine.hands[controller.session.me] = Counter(parse_card(c) for c in HAND.split())
    return controller


@contextmanager
def opened_page(browser: Any, controller: Controller, viewport: dict[str, int],
                query: str = "?pace=0", **context: Any) -> Iterator[Any]:
    errors: list[str] = []
    with running(controller) as url:
        page = browser.new_context(viewport=viewport, bypass_csp=True, **context).new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url + query)
        page.wait_for_selector("#players li")
        page.wait_for_function(IDLE)
        yield page
        assert "undefined" not in page.inner_text("body")
        page.context.close()
    assert errors == []


def key(page: Any, name: str) -> str:
    """Press a key, wait for the page to be idle: what has focus then."""
    page.keyboard.press(name)
    page.wait_for_function(IDLE)
    focus: str = page.evaluate(FOCUS)
    return focus


def go_to(page: Any, code: str) -> str:
    """Home, then the arrows, to the card ``code`` of the hand: what has focus."""
    codes = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.code)")
    focus = key(page, "Home")
    for _ in range(codes.index(code)):
        focus = key(page, "ArrowRight")
    return focus


def test_enter_and_space_act_on_the_focused_control(browser: Any, tmp_path: Path) -> None:
    controller = Controller(Options(seed="focus", save_dir=tmp_path, language="fr"))
    with opened_page(browser, controller, DESKTOP) as page:
        first = page.eval_on_selector("#hand .card", "el => el.dataset.code")
        assert page.evaluate(FOCUS) == f"card {first}"
        assert page.eval_on_selector_all("#hand .card[tabindex='0']", "els => els.length") == 1
        second = page.eval_on_selector("#hand .card:nth-child(2)", "el => el.dataset.code")
        assert key(page, "ArrowRight") == f"card {second}"
        assert key(page, " ") == f"card {second}"  # Space chooses the focused card
        assert page.get_attribute("#hand .card:nth-child(2)", "aria-pressed") == "true"
        assert key(page, "o") == f"card {second}"  # sorted: focus and choice stay on it
        assert key(page, "o") == f"card {second}"
        assert page.get_attribute(f"#hand .card[data-code='{second}']", "aria-pressed") == "true"
        assert key(page, "Enter") == f"card {second}"  # so does Enter: chosen no more
        assert page.get_attribute("#hand .card:nth-child(2)", "aria-pressed") == "false"
        assert key(page, "Tab") == "button draw"
        size = len(controller.state()["hand"])
        focus = key(page, "Enter")  # Enter on a focused "Piocher" draws
        assert len(controller.state()["hand"]) == size + 1
        assert focus.startswith("card ")  # the button is disabled now: focus to the hand


def test_a_hand_played_with_the_keyboard_alone(browser: Any, tmp_path: Path) -> None:
    """Choose, lay aside, open, attach to the meld chosen by its number, a refusal in
    words, a discard: focus checked after each key."""
    controller = rigged(tmp_path)
    with opened_page(browser, controller, DESKTOP) as page:
        before = page.locator("#table .meld").count()  # the bots' melds
        for meld in (["KS", "KH", "KD"], ["7H", "8H", "9H"], ["2C", "2D", "2S"]):
            for code in meld:
                assert go_to(page, code) == f"card {code}"
                assert key(page, " ") == f"card {code}"
            focus = key(page, "m")
            assert focus.startswith("card ") and not page.locator("#status.refused").count()
        assert page.is_visible("#staged-area")
        assert page.inner_text("#staged-title") == "De côté : 60 points sur 40"
        focus = key(page, "m")  # nothing chosen: open with what is set aside
        assert focus.startswith("card ") and page.locator("#table .meld").count() == before + 3
        assert go_to(page, "JK") == "card JK"
        assert key(page, "a") == "meld 1"  # the meld to attach to is chosen on the table
        assert "Échap" in page.inner_text("#status")
        assert key(page, "End") == f"meld {before + 3}"
        assert key(page, "ArrowRight") == "meld 1"
        for digit in str(before + 3):  # its number, typed
            focus = key(page, digit)
        assert focus == f"meld {before + 3}"
        focus = key(page, "Enter")
        assert not page.locator("#status.refused").count(), page.inner_text("#status")
        assert focus.startswith("card ")
        assert controller.state()["table"][before + 2]["cards"].count("JK") == 1
        label = page.get_attribute(f"#table .meld:nth-child({before + 3})", "aria-label")
        assert "joker (2 de" in label
        for code in ("4S", "AS"):
            go_to(page, code)
            key(page, " ")
        before = controller.state()
        assert key(page, "x") == "card AS"  # two cards chosen: refused, in words
        assert page.locator("#status.refused").count() == 1
        status = page.inner_text("#status")
        assert status.startswith("Refusé :") and "une seule carte" in status
        assert controller.state() == before
        assert key(page, "Escape") == "card AS"
        assert page.locator("#hand .card.chosen").count() == 0
        assert go_to(page, "5C") == "card 5C"
        focus = key(page, "x")
        assert page.locator("#moves li").count() > 0  # the computer's moves, kept
        for _ in range(60):  # to the end of the hand: S, then X (the arrows if refused)
            if controller.state()["phase"] != "draw":
                break
            assert focus.startswith("card "), focus
            focus = key(page, "s")
            assert focus.startswith("card "), focus
            while page.locator("#status.refused").count() or controller.state()["phase"] == "play":
                focus = key(page, "x")
                if controller.state()["phase"] == "play":
                    assert focus.startswith("card "), focus
                    focus = key(page, "ArrowRight")
        assert controller.state()["phase"] in ("hand_over", "match_over")
        assert focus == "button next" or controller.state()["phase"] == "match_over"
        assert page.locator("#ended-players li").count() == 2


def test_a_meld_chosen_by_touch(browser: Any, tmp_path: Path) -> None:
    """The card touched, Attach, then the meld touched: the card goes to that meld."""
    controller = rigged(tmp_path, "en")
    send = send_to(controller)
    for cards in (["KS", "KH", "KD"], ["7H", "8H", "9H"], ["2C", "2D", "2S"]):
        send("lay", cards, 0)
    state, _ = send("open", [], 0)
    last = len(state["table"])
    with opened_page(browser, controller, PHONE, is_mobile=True, has_touch=True) as page:
        page.tap("#hand .card[data-code='JK']")
        page.tap("[data-do=attach]")
        assert "Escape cancels" in page.inner_text("#status")
        page.tap(f"#table .meld:nth-child({last})")
        page.wait_for_function(IDLE)
        assert not page.locator("#status.refused").count(), page.inner_text("#status")
    assert controller.state()["table"][last - 1]["cards"].count("JK") == 1


@pytest.mark.parametrize(("lang", "face", "name"), [
    ("en", "\u26058\u2665", "joker (8 of hearts)"),
    ("fr", "\u26058\u2665", "joker (8 de c\u0153ur)"),
    ("it", "\u2605K\u2660", "jolly (re di picche)"),
])
def test_a_joker_that_stands_for_a_card_is_named_whole(
        browser: Any, tmp_path: Path, lang: str, face: str, name: str) -> None:
    """``JK(8H)``, as the computer's moves and the referee's sentences write it: its face
    and its name, never 'JK(8Hundefined'."""
    code = "JK(8H)" if lang != "it" else "JK(KS)"
    controller = Controller(Options(seed="joker", save_dir=tmp_path, language=lang))
    with opened_page(browser, controller, DESKTOP) as page:
        shown = page.evaluate("""async ([lang, code]) => {
            const { makeWords } = await import('./assets/words.js');
            const words = makeWords(await (await fetch('api/words?lang=' + lang)).json());
            const el = words.inlineCard(code);
            return [words.face(code), words.name(code), el.textContent]; }""", [lang, code])
    assert shown == [face, name, face + name]


def test_cards_are_named_in_the_pages_language(browser: Any, tmp_path: Path) -> None:
    controller = rigged(tmp_path, "it")
    with opened_page(browser, controller, DESKTOP) as page:
        labels = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.ariaLabel)")
        assert "re di picche" in labels and "jolly" in labels and "asso di picche" in labels
        faces = page.eval_on_selector_all("#hand .card .face", "els => els.map(e => e.textContent)")
        assert "K\u2660" in faces and "\u2605" in faces
    controller = rigged(tmp_path, "fr")
    with opened_page(browser, controller, DESKTOP) as page:
        faces = page.eval_on_selector_all("#hand .card .face", "els => els.map(e => e.textContent)")
        assert "R\u2660" in faces and "R\u2665" in faces  # roi, not K


def test_no_live_region_is_rebuilt_at_each_key(browser: Any, tmp_path: Path) -> None:
    controller = Controller(Options(seed="live", save_dir=tmp_path, players=3))
    with opened_page(browser, controller, DESKTOP) as page:
        assert page.get_attribute("#players", "aria-live") is None
        assert page.evaluate("() => !document.querySelector('#players').closest('[aria-live]')")
        page.evaluate("""() => { window.changes = 0;
          const watch = new MutationObserver((list) => { window.changes += list.length; });
          document.querySelectorAll('[aria-live], [role=status], [role=log], [role=alert]')
            .forEach((el) => watch.observe(el, {childList: true, subtree: true,
                                                characterData: true})); }""")
        for name in ("ArrowRight", "ArrowRight", "ArrowLeft", " ", " ", "Home", "End"):
            key(page, name)
        assert page.evaluate("() => window.changes") == 0
        assert page.get_attribute("#moves-log", "role") == "log"


def test_a_server_that_does_not_answer_is_said_in_words(browser: Any, tmp_path: Path) -> None:
    controller = Controller(Options(seed="gone", save_dir=tmp_path, language="it"))
    with opened_page(browser, controller, DESKTOP) as page:
        page.route("**/api/move*", lambda route: route.abort())
        key(page, "s")
        status = page.inner_text("#status")
        assert status == "Errore: Il server non risponde: scala40 play è ancora in funzione?"
        assert "fetch" not in status.lower()


@pytest.mark.parametrize(("reduced", "pace"), [("reduce", "0"), ("no-preference", "650")])
def test_reduced_motion_shows_the_computers_moves_at_once(
        browser: Any, tmp_path: Path, reduced: str, pace: str) -> None:
    controller = Controller(Options(seed="motion", save_dir=tmp_path))
    with opened_page(browser, controller, DESKTOP, query="", reduced_motion=reduced) as page:
        assert page.evaluate("() => document.body.dataset.pace") == pace


def end_of_hand(tmp_path: Path, players: int, language: str = "it") -> Controller:
    controller = Controller(Options(seed=f"ended-{players}", save_dir=tmp_path,
                                    players=players, language=language))
    played_until(controller, lambda s: s["phase"] in ("hand_over", "match_over"))
    return controller


def test_the_end_of_a_hand_is_told_in_words(browser: Any, tmp_path: Path) -> None:
    controller = end_of_hand(tmp_path, 3)
    state = controller.state()
    with opened_page(browser, controller, DESKTOP) as page:
        status = page.inner_text("#status")
        assert "La smazzata 1 è finita." in status and "Punti:" in status
        assert "Player" not in page.inner_text("body")  # the person is "Tu"
        assert page.evaluate(FOCUS) == "button next"  # Enter starts the next hand
        shown = page.locator("#ended-players li").count()
        assert shown == len(state["ended"]["players"]) == 3
        for player in state["ended"]["players"]:
            if player["cards"]:
                assert page.locator(f"#ended-players .card[data-code='{player['cards'][0]}']"
                                    ).count() >= 1
        assert key(page, "Enter").startswith("card ")
        assert controller.state()["number"] == 2


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_no_horizontal_overflow_on_a_phone(browser: Any, tmp_path: Path, players: int) -> None:
    """At 390 px, with the score sheet, the table and the cards left of the end of a
    hand on the page."""
    controller = end_of_hand(tmp_path, players)
    with opened_page(browser, controller, PHONE, is_mobile=True, has_touch=True) as page:
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{players} players: the page is {width} px wide"


# --- axe-core in every state the page can be in ---------------------------------------------


def reach(tmp_path: Path, name: str) -> tuple[Controller, list[str]]:
    """A controller in the state ``name``, and the keys that finish the way there."""
    if name == "start":
        return Controller(Options(seed="axe", save_dir=tmp_path, language="fr")), []
    if name == "chosen":
        return rigged(tmp_path), ["ArrowRight", " "]
    if name == "set aside":
        controller = rigged(tmp_path)
        controller.move({"action": "lay", "cards": ["KS", "KH", "KD"]}, "en")
        return controller, []
    if name == "opened, choosing a meld":
        controller = rigged(tmp_path)
        for cards in (["KS", "KH", "KD"], ["7H", "8H", "9H"], ["2C", "2D", "2S"]):
            controller.move({"action": "lay", "cards": cards}, "en")
        controller.move({"action": "open"}, "en")
        return controller, ["a"]
    if name == "refused":
        return rigged(tmp_path), ["s"]
    if name == "end of a hand":
        return end_of_hand(tmp_path, 4, "fr"), []
    if name == "end of the match":
        controller = Controller(Options(
            seed="axe-end", save_dir=tmp_path, language="fr", players=2,
            choice=RuleChoice(preset="classic", values=(("elimination", "none", "test"),
                                                        ("fixed_hands", "1", "test")))))
        played_until(controller, lambda s: s["phase"] == "match_over")
        return controller, []
    controller = Controller(Options(seed="axe-offer", save_dir=tmp_path, language="fr",
                                    players=4, choice=RuleChoice(preset="compra")))
    played_until(controller, lambda s: s["phase"] == "offer")
    return controller, []


STATES = ["start", "chosen", "set aside", "opened, choosing a meld", "refused",
          "end of a hand", "end of the match", "the buy offer under compra"]


@pytest.mark.slow
@pytest.mark.parametrize("name", STATES)
def test_no_serious_axe_violation_in_any_state(browser: Any, tmp_path: Path,
                                               name: str) -> None:
    controller, keys = reach(tmp_path, name)
    for viewport in (DESKTOP, PHONE):
        with opened_page(browser, controller, viewport) as page:
            for pressed in keys:
                key(page, pressed)
            if name == "refused":
                assert page.locator("#status.refused").count() == 1
            assert axe_violations(page) == [], (name, viewport)
