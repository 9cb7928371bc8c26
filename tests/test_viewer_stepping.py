"""Stepping through the viewer page on a phone and a desktop (Chromium, as
tests/test_viewer_browser.py): the page stays where the person has it, only the log
panel scrolls to the line; the address's ``#L`` is followed after the page has loaded;
the last line of a game shows how the match ended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_viewer_browser import DESKTOP, PHONE, Opened, _corrupted_match
from test_viewer_browser import browser as browser  # the shared Chromium fixture

from scala40cli.viewing.loading import load_file, view_bytes
from scala40cli.viewing.page import page

pytestmark = pytest.mark.slow  # a real browser: seconds a test (CI runs them all)

ROOT = Path(__file__).resolve().parent.parent
FOUR = ROOT / "fixtures/legal/four-players.s40"

#: Where the parts a person steps with are on the screen, and where the page and the
#: log panel are scrolled.
PLACES = """() => {
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.top, r.bottom]; };
  const current = document.querySelector('#lines li.current');
  const problems = document.querySelector('#table .problems');
  return {page: window.scrollY, log: document.getElementById('log').scrollTop,
          screen: window.innerHeight, panel: box(document.getElementById('log')),
          current: box(current), buttons: box(document.getElementById('buttons')),
          where: box(document.getElementById('where')),
          table: box(document.getElementById('table')),
          problems: problems ? box(problems) : null};
}"""


def _on_screen(box: list[float], screen: int) -> bool:
    return box[0] >= 0 and box[1] <= screen


def _in_view(opened: Opened) -> dict[str, Any]:
    """Where things are, after asserting that the controls and the status are on the
    screen and the current line inside the log panel's visible part."""
    at = opened.page.evaluate(PLACES)
    assert _on_screen(at["buttons"], at["screen"]), at
    assert _on_screen(at["where"], at["screen"]), at
    top, bottom = at["panel"]
    assert top - 1 <= at["current"][0] and at["current"][1] <= bottom + 1, at
    return at


@pytest.mark.parametrize("viewport", [PHONE, pytest.param(DESKTOP, marks=pytest.mark.slow)],
                         ids=["phone", "desktop"])
def test_stepping_scrolls_the_log_panel_and_never_the_page(browser: Any, tmp_path: Path,
                                                           viewport: dict[str, int]) -> None:
    viewed = view_bytes(_corrupted_match().encode(), "corrupted.s40")
    path = tmp_path / "page.html"
    path.write_text(page(viewed), encoding="utf-8")
    opened = Opened(browser, path, viewport, "#L23")
    assert opened.drawn()["line"] == 23
    at = _in_view(opened)
    assert at["page"] == 0  # the log panel went to line 23, the page did not move
    assert at["table"][0] < at["screen"]
    buttons = ["Next line"] * 6 + ["Next turn"] * 4 + ["Next hand", "Previous turn",
                                                        "Last line", "First line"]
    for name in buttons:
        opened.page.click(f"#buttons button[aria-label='{name}']")
        assert _in_view(opened)["page"] == 0, name
    for _ in range(3):  # a violation's problems are shown at the top of the table
        opened.page.click("#buttons button[aria-label='Next violation']")
        at = _in_view(opened)
        assert at["page"] == 0 and at["problems"] is not None
        assert _on_screen(at["problems"], at["screen"]), at
    for key in ("ArrowRight", "ArrowDown", "PageDown", "End", "Home"):
        opened.page.keyboard.press(key)
        assert _in_view(opened)["page"] == 0, key
    assert opened.errors == []
    opened.close()


def test_on_a_phone_the_controls_stay_on_screen_below_the_table(browser: Any,
                                                                tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text(page(load_file(str(FOUR))), encoding="utf-8")
    opened = Opened(browser, path, PHONE, "#L100")
    opened.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # to the log
    scrolled = opened.page.evaluate("window.scrollY")
    assert scrolled > 0
    for _ in range(5):  # the page moves only as the table's height changes
        opened.page.click("#buttons button[aria-label='Next turn']")
        at = _in_view(opened)
        assert at["page"] > 0 and _on_screen(at["current"], at["screen"]), at
    opened.close()


def _drawn_line(opened: Opened, wanted: int) -> int:
    """The line drawn once it is ``wanted`` (the address's change is an event, which
    comes after the change), or after two seconds."""
    for _ in range(40):
        line = opened.drawn()["line"]
        if line == wanted:
            break
        opened.page.wait_for_timeout(50)
    return line


def test_a_change_of_the_address_after_loading_goes_to_its_line(browser: Any,
                                                                tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text(page(load_file(str(FOUR))), encoding="utf-8")
    opened = Opened(browser, path, DESKTOP, "#L23")
    assert opened.drawn()["line"] == 23
    opened.page.evaluate("location.hash = '#L140'")
    assert _drawn_line(opened, 140) == 140 and _in_view(opened)["page"] == 0
    opened.page.goto(path.as_uri() + "#L60")  # the same page: only the address changes
    assert _drawn_line(opened, 60) == 60
    assert opened.page.evaluate("location.hash") == "#L60"
    opened.page.evaluate("location.hash = '#elsewhere'")  # not a line: nothing moves
    assert opened.page.evaluate("window.scala40.line()") == 60
    opened.close()


def test_the_last_line_of_a_game_shows_how_the_match_ended(browser: Any,
                                                           tmp_path: Path) -> None:
    viewed = load_file(str(FOUR))
    result = viewed.games[0].result
    assert result.winner == "Anna" and result.eliminated
    path = tmp_path / "page.html"
    path.write_text(page(viewed), encoding="utf-8")
    opened = Opened(browser, path, DESKTOP)
    assert opened.page.query_selector(".outcome") is None
    opened.page.keyboard.press("End")
    assert opened.page.query_selector(".outcome") is not None
    outcome = opened.page.inner_text(".outcome")
    totals = ", ".join(f"{name} {total}" for name, total in result.totals.items())
    eliminated = ", ".join(f"{out.player} in hand {out.hand}" for out in result.eliminated)
    assert [line for line in outcome.splitlines() if line] == [
        "\u2605 Winner: Anna", f"Totals: {totals}", f"Eliminated: {eliminated}"]
    opened.page.keyboard.press("ArrowLeft")
    assert opened.page.query_selector(".outcome") is None
    opened.close()
    unfinished = load_file(str(ROOT / "docs/examples/game.s40"))
    path.write_text(page(unfinished), encoding="utf-8")
    opened = Opened(browser, path, DESKTOP)
    opened.page.keyboard.press("End")
    assert opened.page.inner_text(".outcome h2") == "Match not finished."
    opened.close()
