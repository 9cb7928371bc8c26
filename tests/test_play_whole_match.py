"""What docs/play.md promises a new user, as they would do it: the real ``scala40 play``
command started as docs/play.md says (with ``--no-browser``: the test's browser opens
the address it prints), a whole match played in Chromium in Italian with the keyboard
only (choosing cards, laying aside, opening, attaching to the meld chosen by its number,
discarding, the next hand) to its end; then ``scala40 replay`` judges the saved log
clean, with the totals and the winner the page showed.

The person's decisions (which cards make melds, which to discard) are the test's own,
from what the page shows; every move is a key press, judged by the server.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from test_play_browser import IDLE
from test_viewer_browser import (
    DESKTOP,
    browser,  # noqa: F401  (the shared Chromium fixture)
)

from scala40cli.judging.rulebook.presets import PRESETS
from scala40cli.model.cards import parse_card
from scala40cli.simulate.planner import ace_points
from scala40cli.simulate.search import INDEX_OF, best_packing, counts_of, penalty_of

RULES = PRESETS["classic"].rules
MY_TURN = ("() => document.body.getAttribute('aria-busy') !== 'true' && "
           "(!document.querySelector('[data-do=draw]').disabled || "
           "!document.querySelector('[data-do=next]').disabled || "
           "/vince la partita|vinto la partita|partita è finita/"
           ".test(document.querySelector('#status').textContent))")


def scala40_command() -> list[str]:
    script = Path(sys.executable).with_name("scala40")
    return [str(script)] if script.exists() else [sys.executable, "-m", "scala40cli"]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``scala40 play`` running; its address and the log it saves to."""
    command = [*scala40_command(), "play", "--no-browser", "--lang", "it",
               "--seed", "keyboard", "--save", str(tmp_path / "games")]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: queue.Queue[str] = queue.Queue()
    assert process.stderr is not None
    reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stderr],
                              daemon=True)
    reader.start()
    url = log = None
    try:
        while url is None or log is None:
            line = lines.get(timeout=30)
            if found := re.search(r"(http://127\.0\.0\.1:\d+/\S+/)", line):
                url = found.group(1)
            if found := re.search(r"saved in (.+\.s40)", line):
                log = Path(found.group(1).strip())
        yield url, log
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            raise


# --- the person at the keyboard -----------------------------------------------------------


def page_state(page: Any) -> dict[str, Any]:
    """What the page shows this seat (the page's own question to its server)."""
    answer: dict[str, Any] = page.evaluate(
        "async () => (await fetch('api/state')).json()")
    return answer


def shown_hand(page: Any) -> list[str]:
    codes: list[str] = page.eval_on_selector_all("#hand .card",
                                                 "els => els.map(e => e.dataset.code)")
    return codes


def press(page: Any, key: str) -> None:
    """A key that asks the server: pressed, then wait until the answer is shown."""
    page.keyboard.press(key)
    page.wait_for_function(IDLE)


def choose(page: Any, codes: list[str]) -> None:
    """Choose ``codes`` in the hand with Home, the arrows and Space."""
    hand = shown_hand(page)
    wanted: list[int] = []
    for code in codes:
        wanted.append(next(i for i, c in enumerate(hand) if c == code and i not in wanted))
    page.keyboard.press("Home")
    at = 0
    for index in sorted(wanted):
        for _ in range(index - at):
            page.keyboard.press("ArrowRight")
        at = index
        page.keyboard.press(" ")
    assert page.locator("#hand .card.chosen").count() == len(codes)


def refused(page: Any) -> bool:
    return bool(page.evaluate("() => document.querySelector('#status')"
                              ".classList.contains('refused')"))


def lay_melds(page: Any, opened: bool) -> None:
    """Lay the melds the hand holds (M): before opening only if they reach the threshold
    (then M with nothing chosen opens), keeping a card to discard."""
    hand = [parse_card(c) for c in shown_hand(page)]
    packing = best_packing(counts_of(hand), jokers_ok=opened, run_max=RULES.run_max,
                           threshold=0 if opened else RULES.opening_points, min_left=1,
                           ace_points=ace_points(RULES))
    if packing is None or not packing.melds:
        return
    for meld in packing.melds:
        choose(page, [tc.card.code for tc in meld.cards])
        press(page, "m")
        assert not refused(page), page.inner_text("#status")
    if not opened:
        press(page, "m")
        assert not refused(page), page.inner_text("#status")


def attach_what_fits(page: Any) -> None:
    """Each card (but the last) that looks as if it fits a meld of the table: A, the
    meld's number typed on the table, Enter; the server says whether it fits, and
    Escape lets the card go when it does not."""
    for code in list(shown_hand(page)):
        for number in fitting_melds(code, page_state(page)["table"]):
            state = page_state(page)
            if len(state["hand"]) <= 1 or code not in state["hand"]:
                return
            choose(page, [code])
            press(page, "a")
            for digit in str(number):
                page.keyboard.press(digit)
            press(page, "Enter")
            if not refused(page):
                break
            page.keyboard.press("Escape")  # choose nothing again


def fitting_melds(code: str, table: list[dict[str, Any]]) -> list[int]:
    card = parse_card(code)
    found = []
    for meld in table:
        naturals = [parse_card(c) for c in meld["cards"] if c != "JK"]
        if (card.is_joker or not naturals
                or (all(n.rank == card.rank for n in naturals) and len(meld["cards"]) < 4)
                or all(n.suit == card.suit for n in naturals)):
            found.append(meld["number"])
    return found


def discard(page: Any) -> None:
    """X on the costliest card that is not in a meld of the hand; the next if refused,
    and U (take back the turn) if none goes."""
    for _attempt in range(2):
        hand = [parse_card(c) for c in shown_hand(page)]
        aces = ace_points(RULES)
        order = sorted(range(len(hand)), key=lambda i: -penalty_of(INDEX_OF[hand[i]], aces))
        for index in order:
            page.keyboard.press("Home")
            for _ in range(index):
                page.keyboard.press("ArrowRight")
            press(page, "x")
            if not refused(page):
                return
        press(page, "u")
    raise AssertionError("no discard went")


def play_turn(page: Any) -> None:
    state = page_state(page)
    if state["phase"] == "hand_over":
        press(page, "Enter")
        return
    press(page, "s")
    assert not refused(page), page.inner_text("#status")
    lay_melds(page, page_state(page)["opened"])
    if page_state(page)["opened"]:
        attach_what_fits(page)
    if page_state(page)["phase"] == "play":
        discard(page)


# --- the test ----------------------------------------------------------------------------


@pytest.mark.slow
def test_a_whole_match_in_italian_with_the_keyboard_only(
        browser: Any, served: tuple[str, Path]) -> None:  # noqa: F811
    url, log = served
    context = browser.new_context(viewport=DESKTOP, locale="it-IT")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url + "?pace=0")
    page.wait_for_selector("#hand .card")
    assert page.inner_text("[data-do=draw]") == "Pesca"
    opened_hands = 0
    for _ in range(600):
        page.wait_for_function(MY_TURN)
        state = page_state(page)
        if state["phase"] == "match_over":
            break
        was_opened = state["opened"]
        play_turn(page)
        opened_hands += not was_opened and page_state(page)["opened"]
    else:
        raise AssertionError("the match did not end")
    status = page.inner_text("#status")
    assert re.search("vince la partita|vinto la partita|partita è finita", status)
    assert "Invio o N comincia una nuova partita" in status
    shown = shown_totals(page)
    press(page, "Enter")  # then a new match, in a new log
    fresh = page_state(page)
    assert fresh["log"] != log.name and fresh["sheet"] == [] and fresh["phase"] != "match_over"
    context.close()
    assert errors == []
    assert opened_hands >= 1

    replay = subprocess.run([*scala40_command(), "replay", str(log), "--format", "json"],
                            capture_output=True, text=True, check=False)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    game = json.loads(replay.stdout)["files"][0]["games"][0]
    assert game["violations"] == []
    assert game["totals"] == shown
    assert game["winner"] == state["winner"]
    assert state["winner"] in status or (state["winner"] == state["me"] and "Hai vinto" in status)


def shown_totals(page: Any) -> dict[str, int]:
    """The score sheet's last row, each under its player (the person's column reads
    "Tu", the player's name is in its data)."""
    totals = page.eval_on_selector_all(
        "#sheet tr.totals td", "els => els.map(e => [e.dataset.player, e.textContent])")
    return {name: int(total) for name, total in totals}
