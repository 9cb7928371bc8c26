"""The viewer page for every reader (Chromium, as tests/test_viewer_browser.py): no
serious or critical axe-core violation of WCAG 2.1 A and AA in any state, on a desktop
and a phone; line numbers and comments that can be read; a log panel reached and
scrolled with the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_check import axe_violations
from test_viewer_bidi import COMMENT, NAMES, TAG, renamed
from test_viewer_browser import DESKTOP, PHONE, Opened, _corrupted_match
from test_viewer_browser import browser as browser  # the shared Chromium fixture

from scala40cli.viewing.loading import ViewedFile, load_file, view_bytes
from scala40cli.viewing.page import page

pytestmark = pytest.mark.slow  # a real browser: seconds a test (CI runs them all)

ROOT = Path(__file__).resolve().parent.parent


def _write(tmp_path: Path, viewed: ViewedFile, name: str) -> Path:
    path = tmp_path / f"{name}.html"
    path.write_text(page(viewed), encoding="utf-8")
    return path


def _small_states(tmp_path: Path) -> list[tuple[str, Path, str]]:
    """Pages of short logs and what to do to reach each state: a key, or a line to go
    to (axe-core takes about a second on such a page, five on a match of 600 lines)."""
    fixtures = ROOT / "fixtures"
    noted = load_file(str(fixtures / "illegal/D005-deal-size-12.s40"))
    pages = {name: _write(tmp_path, viewed, name) for name, viewed in (
        ("example", load_file(str(ROOT / "docs/examples/game.s40"))),
        ("noted", noted),
        ("finished", load_file(str(fixtures / "legal/in-one-go.s40"))),
        ("unknown", load_file(str(fixtures / "table/walk-through.s40"))),
        ("refused", load_file(str(fixtures / "illegal/M001-invalid-meld-two-jokers.s40"))),
        ("hostile", view_bytes(_hostile_short().encode(), "\u202etavolo.s40")))}
    return [("start", pages["example"], "Home"),
            ("a violation", pages["example"], "n"),
            ("a note", pages["noted"], str(noted.games[0].result.notes[0].line)),
            ("the end of a match", pages["finished"], "End"),
            ("unknown cards", pages["unknown"], "10"),
            ("a refused meld", pages["refused"], "n"),
            ("escaped controls", pages["hostile"], "End")]


def _hostile_short() -> str:
    text = (ROOT / "fixtures/legal/in-one-go.s40").read_text(encoding="utf-8")
    return renamed(text, NAMES).replace("\nhand 1", f"\n{TAG}\nhand 1 {COMMENT}", 1)


def _long_states(tmp_path: Path) -> list[tuple[str, Path, str]]:
    """A corrupted match of 4 players (about 600 lines): its start, a violation, a
    note, its end."""
    corrupted = view_bytes(_corrupted_match().encode(), "corrupted.s40")
    game = corrupted.games[0].result
    note = next(p.line for p in game.notes if p.line not in {v.line for v in game.violations})
    path = _write(tmp_path, corrupted, "corrupted")
    return [("start", path, "Home"), ("a violation", path, "n"),
            ("a note", path, str(note)), ("the end", path, "End")]


def _axe_in_each_state(browser: Any, viewport: dict[str, int],
                       states: list[tuple[str, Path, str]]) -> dict[str, list[Any]]:
    """The serious and critical violations axe-core finds in each state."""
    found = {}
    opened: dict[Path, Opened] = {}
    for state, path, how in states:
        if path not in opened:
            opened[path] = Opened(browser, path, viewport)
        page_ = opened[path].page
        if how.isdecimal():
            page_.evaluate(f"location.hash = '#L{how}'")
            page_.wait_for_timeout(50)
            assert page_.evaluate("window.scala40.line()") == int(how), state
        else:
            page_.keyboard.press(how)
        if state == "the end of a match":
            assert page_.query_selector(".outcome") is not None
        if state in ("a violation", "a note", "a refused meld"):
            assert page_.query_selector("#table .problems") is not None, state
        if state == "unknown cards":
            assert page_.query_selector("#table .card.back") is not None
        if state == "escaped controls":
            assert page_.query_selector("#table .escape") is not None
        found[state] = axe_violations(page_)
    for each in opened.values():
        assert each.errors == []
        each.close()
    return found


def test_no_serious_axe_violation_at_a_violation_on_a_phone(browser: Any,
                                                            tmp_path: Path) -> None:
    path = _write(tmp_path, load_file(str(ROOT / "docs/examples/game.s40")), "example")
    found = _axe_in_each_state(browser, PHONE, [("a violation", path, "n")])
    assert found == {"a violation": []}


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_serious_axe_violation_in_any_state(browser: Any, tmp_path: Path,
                                               viewport: dict[str, int]) -> None:
    found = _axe_in_each_state(browser, viewport, _small_states(tmp_path))
    assert len(found) == 7 and found == {state: [] for state in found}


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_serious_axe_violation_on_a_long_match(browser: Any, tmp_path: Path,
                                                  viewport: dict[str, int]) -> None:
    found = _axe_in_each_state(browser, viewport, _long_states(tmp_path))
    assert found == {state: [] for state in found}  # 1,276 nodes of too little contrast before


#: The colours of the log's line numbers and texts, and the background behind each,
#: on every kind of line.
COLOURS = """() => {
  const background = (node) => {
    for (; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return 'rgb(255, 255, 255)';
  };
  const kinds = {event: '#lines li.event:not(.bad):not(.noted):not(.current)',
                 comment: '#lines li:not(.event):not(.bad):not(.noted):not(.current)',
                 bad: '#lines li.bad:not(.current)', noted: '#lines li.noted:not(.current)',
                 current: '#lines li.current'};
  const found = {};
  for (const [kind, selector] of Object.entries(kinds)) {
    const line = document.querySelector(selector);
    if (!line) continue;
    for (const part of ['number', 'text']) {
      const node = line.querySelector('.' + part);
      if (node.textContent.trim()) found[kind + ' ' + part] =
        [getComputedStyle(node).color, background(node)];
    }
  }
  return found;
}"""


def _luminance(colour: str) -> float:
    red, green, blue = (int(part) / 255 for part in
                        colour.split("(")[1].rstrip(")").split(",")[:3])

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two opaque ``rgb(...)`` colours."""
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_line_numbers_and_comments_can_be_read_on_every_kind_of_line(browser: Any,
                                                                     tmp_path: Path) -> None:
    viewed = view_bytes(_corrupted_match().encode(), "corrupted.s40")
    opened = Opened(browser, _write(tmp_path, viewed, "corrupted"), DESKTOP)
    opened.page.keyboard.press("n")
    colours = opened.page.evaluate("(" + COLOURS + ")()")
    assert {"event number", "comment text", "bad number", "noted number",
            "current number"} <= set(colours)
    low = {kind: round(contrast(*pair), 2) for kind, pair in colours.items()
           if contrast(*pair) < 4.5}
    assert low == {}  # WCAG AA for text (the numbers were 3.54:1, 2.95:1 when current)
    opened.close()


def _scrolled(page_: Any, done: Callable[[float], bool]) -> float:
    """Where the log panel is scrolled once ``done`` says so, or after a second (a
    panel scrolled by a key may glide there)."""
    for _ in range(20):
        top: float = page_.evaluate("document.getElementById('log').scrollTop")
        if done(top):
            break
        page_.wait_for_timeout(50)
    return top


def test_the_log_panel_is_reached_and_scrolled_by_keyboard(browser: Any,
                                                           tmp_path: Path) -> None:
    path = _write(tmp_path, load_file(str(ROOT / "fixtures/legal/four-players.s40")), "four")
    opened = Opened(browser, path, DESKTOP)
    page_ = opened.page
    for _ in range(20):
        page_.keyboard.press("Tab")
        if page_.evaluate("document.activeElement.id") == "log":
            break
    assert page_.evaluate("document.activeElement.id") == "log"
    line = opened.drawn()["line"]
    before = page_.evaluate("document.getElementById('log').scrollTop")
    for key in ("PageDown", "ArrowDown", "End"):
        page_.keyboard.press(key)
        after = _scrolled(page_, lambda top, before=before: top > before)
        assert after > before and opened.drawn()["line"] == line, key
        before = after
    page_.keyboard.press("Home")
    assert _scrolled(page_, lambda top: top == 0) == 0
    page_.keyboard.press("ArrowRight")  # the keys that do not scroll still step
    assert opened.drawn()["line"] > line
    # A line clicked with the mouse: the keys step again, as everywhere on the page.
    page_.click("#lines li[data-line='40']")
    turn = page_.evaluate("window.scala40.table().turn")
    page_.keyboard.press("ArrowDown")
    assert page_.evaluate("window.scala40.table().turn") != turn
    opened.close()


#: Real phones' screens in CSS pixels (Playwright's descriptions of them): the Pixel 7 and
#: the iPhone 13 held sideways, and the 320 px of WCAG 1.4.10's reflow (an iPhone SE).
LANDSCAPES = [{"width": 863, "height": 360}, {"width": 750, "height": 342}]
NARROW = {"width": 320, "height": 568}


def test_every_line_of_the_log_is_a_target_a_finger_can_tap(browser: Any,
                                                              tmp_path: Path) -> None:
    """WCAG 2.5.8: 24 CSS px high at least on a touch screen; a tap on one steps there."""
    opened = Opened(browser, _write(tmp_path, view_bytes(_corrupted_match().encode(), "m.s40"),
                                    "tap"), NARROW, touch=True)
    heights = opened.page.evaluate(
        "[...document.querySelectorAll('#lines li')].map(li => li.getBoundingClientRect().height)")
    assert heights and min(heights) >= 24
    opened.page.tap("#lines li[data-line='12']")
    assert opened.drawn()["line"] == 12 and opened.errors == []
    opened.close()


def test_the_line_judged_is_whole_in_the_header_at_320_px(browser: Any,
                                                          tmp_path: Path) -> None:
    """A log line of 42 characters is not cut at the screen's edge (WCAG 1.4.10)."""
    path = _write(tmp_path, load_file(str(ROOT / "fixtures/legal/six-players.s40")), "six")
    opened = Opened(browser, path, NARROW, touch=True)
    said = opened.page.evaluate("""() => { const s = document.getElementById('said');
      return [s.textContent.length, s.scrollWidth, s.clientWidth, s.scrollHeight, s.clientHeight,
              document.scrollingElement.scrollWidth]; }""")
    length, width, shown_width, height, shown_height, page_width = said
    assert length > 40 and width <= shown_width and height <= shown_height, said
    assert page_width <= NARROW["width"]
    opened.close()


@pytest.mark.parametrize("viewport", LANDSCAPES, ids=["pixel-7", "iphone-13"])
def test_a_phone_held_sideways_keeps_most_of_its_screen_for_the_table(
        browser: Any, tmp_path: Path, viewport: dict[str, int]) -> None:
    """Scrolled down to the table, the header covers no more than a quarter of a phone's
    screen held sideways; the buttons at the top still step by a tap."""
    path = _write(tmp_path, load_file(str(ROOT / "fixtures/legal/six-players.s40")), "six")
    opened = Opened(browser, path, viewport, touch=True)
    opened.page.tap("#buttons button[aria-label='Next turn']")
    assert opened.drawn()["line"] > 1
    opened.page.evaluate("window.scrollTo(0, 400)")
    covered = opened.page.evaluate("""() => {
      const box = document.querySelector('header').getBoundingClientRect();
      return Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)); }""")
    assert covered <= viewport["height"] / 4, covered
    opened.close()


def test_a_long_file_name_is_whole_in_the_header_at_320_px(browser: Any,
                                                          tmp_path: Path) -> None:
    """A 51-character name was cut by an ellipsis on a phone; it takes two rows now."""
    name = "club-aurora/friday-night/2026-12-04-table-three.s40"
    text = (ROOT / "fixtures/legal/two-players.s40").read_bytes()
    opened = Opened(browser, _write(tmp_path, view_bytes(text, name), "long"), NARROW,
                    touch=True)
    title = opened.page.evaluate("""() => { const h = document.getElementById('title');
      return [h.textContent, h.scrollWidth, h.clientWidth, h.scrollHeight, h.clientHeight]; }""")
    shown, width, shown_width, height, shown_height = title
    assert name in shown and width <= shown_width and height <= shown_height, title
    opened.close()
