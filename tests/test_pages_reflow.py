"""The viewer's and the review's pages under the WCAG 2.1 AA criteria axe-core cannot
check (Chromium, as tests/test_viewer_browser.py opens them): 1.4.10 reflow at 320 CSS
px wide and at 400 % zoom of a 1280 px window (320 x 215), 1.4.12 text spacing, a
sticky header that leaves the page its room (2.4.11: what has focus is not hidden under
it), and the marks of the table and the log in a forced-colours theme."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_viewer_browser import Opened
from test_viewer_browser import browser as browser  # the shared Chromium fixture

from scala40cli.review.page import review_page
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.running import Source, review_files
from scala40cli.review.scorer import Budget
from scala40cli.viewing.loading import load_file, view_bytes
from scala40cli.viewing.page import page

pytestmark = pytest.mark.slow  # a real browser: seconds a test (CI runs them all)

ROOT = Path(__file__).resolve().parent.parent
#: WCAG 1.4.10's 320 CSS px (an iPhone SE), and a 1280 x 860 window zoomed to 400 %.
NARROW, ZOOMED = {"width": 320, "height": 568}, {"width": 320, "height": 215}
#: WCAG 1.4.12's text spacing, as a reader's style sheet would force it.
SPACING = ("* { line-height: 1.5 !important; letter-spacing: .12em !important;"
           " word-spacing: .16em !important; } p { margin-bottom: 2em !important; }")


def viewer_page(tmp_path: Path, log: str = "fixtures/legal/six-players.s40") -> Path:
    path = tmp_path / "viewer.html"
    path.write_text(page(load_file(str(ROOT / log))), encoding="utf-8")
    return path


def reviewed_page(tmp_path: Path) -> Path:
    data = (ROOT / "fixtures/legal/two-players.s40").read_bytes()
    settings = ReviewSettings(engine="standin", budget=Budget())
    review = review_files([Source(path="two.s40", data=data)], seat=None, every=True,
                          settings=settings)[0]
    path = tmp_path / "review.html"
    path.write_text(review_page(view_bytes(data, "two.s40"), review, settings),
                    encoding="utf-8")
    return path


def opened(browser: Any, path: Path, viewport: dict[str, int], spaced: bool) -> Opened:
    return Opened(browser, path, viewport, reader_style=SPACING if spaced else "")


#: How much of the window the header covers once the page is scrolled down to the table.
COVERED = """() => { window.scrollTo(0, 400);
  const box = document.querySelector('header').getBoundingClientRect();
  return Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)); }"""


@pytest.mark.parametrize("viewport", [NARROW, ZOOMED], ids=["320-px", "zoom-400"])
@pytest.mark.parametrize("spaced", [False, True], ids=["plain", "spaced"])
@pytest.mark.parametrize("which", ["viewer", "review"])
def test_the_header_covers_a_quarter_of_the_window_at_most(
        browser: Any, tmp_path: Path, viewport: dict[str, int], spaced: bool,
        which: str) -> None:
    """At 320 x 568 the sticky header (its buttons in four rows) covered 230 px, 40 % of
    the screen, whatever was scrolled under it; with text spacing 311 px. Taller than a
    quarter of the window it now scrolls away with the page; the buttons still step."""
    path = viewer_page(tmp_path) if which == "viewer" else reviewed_page(tmp_path)
    shown = opened(browser, path, viewport, spaced)
    assert shown.page.evaluate(COVERED) <= viewport["height"] / 4
    shown.page.evaluate("window.scrollTo(0, 0)")
    shown.page.click("#buttons button[aria-label='Next turn']")
    assert shown.page.evaluate("window.scala40.line()") > 1
    assert shown.page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    assert shown.errors == []
    shown.close()


def test_the_header_stays_on_top_where_it_is_small(browser: Any, tmp_path: Path) -> None:
    """On a computer's window the header keeps its place at the top, the buttons at hand."""
    shown = opened(browser, viewer_page(tmp_path), {"width": 1280, "height": 860}, False)
    assert shown.page.evaluate(COVERED) > 0
    shown.close()


#: Each summary table's frame: whether it scrolls, whether the line saying so shows, and,
#: scrolled to its far end, whether each row's player is still whole in the frame.
SUMMARIES = """() => {
  const cue = document.querySelector('#review .scrolls');
  return [...document.querySelectorAll('#review table')].map(table => {
    const frame = table.parentElement;
    frame.scrollLeft = frame.scrollWidth;
    const edge = frame.getBoundingClientRect();
    const names = [...table.querySelectorAll('tbody th')].map(th => {
      const box = th.getBoundingClientRect();
      return box.left >= edge.left - 1 && box.right <= edge.right + 1 && box.width > 40; });
    return {scrolls: frame.scrollWidth > frame.clientWidth + 1,
            fits: table.getBoundingClientRect().width <= innerWidth,
            cue: Boolean(cue && cue.getClientRects().length), names: names,
            focusable: frame.tabIndex === 0}; }); }"""


@pytest.mark.parametrize("spaced", [False, True], ids=["plain", "spaced"])
def test_the_review_s_summaries_say_they_scroll_and_keep_the_names_in_view(
        browser: Any, tmp_path: Path, spaced: bool) -> None:
    """The summaries' nine columns are wider than 320 px: they scrolled sideways with
    nothing to say so, and the players' names went off the left edge. Now a line says
    the tables scroll, and each row's player stays in view at the frame's left."""
    shown = opened(browser, reviewed_page(tmp_path), NARROW, spaced)
    tables = shown.page.evaluate(SUMMARIES)
    assert tables
    for table in tables:
        assert table["fits"] or (table["scrolls"] and table["cue"] and table["focusable"]
                                 and all(table["names"])), table
    assert shown.page.evaluate("document.scrollingElement.scrollWidth") <= NARROW["width"]
    shown.close()


def test_the_review_s_summaries_say_nothing_of_scrolling_where_they_fit(
        browser: Any, tmp_path: Path) -> None:
    shown = opened(browser, reviewed_page(tmp_path), {"width": 1280, "height": 860}, False)
    tables = shown.page.evaluate(SUMMARIES)
    assert tables and not any(t["scrolls"] or t["cue"] for t in tables)
    shown.close()


#: The colours a forced-colours theme leaves on the marks of the table and of the log.
FRAMES = """() => {
  const border = (sel, side) => [...document.querySelectorAll(sel)]
    .map(e => getComputedStyle(e)['border' + side + 'Color']);
  return {turn: border('.player.turn', 'Top'), others: border('.player:not(.turn)', 'Top'),
          marked: border('#lines li.bad, #lines li.marked', 'Left'),
          plain: border('#lines li:not(.bad):not(.noted):not(.marked)', 'Left')}; }"""


@pytest.mark.parametrize("which", ["viewer", "review"])
def test_forced_colours_keep_the_marks_of_the_player_to_play_and_of_the_lines(
        browser: Any, tmp_path: Path, which: str) -> None:
    """In a forced-colours theme (Windows' contrast themes) a transparent border is drawn
    in the text's colour: every player, meld and line of the log had the frame that marks
    the player to play, a violation's meld and a line marked bad or by the review. The
    unmarked ones now take the background's colour, the marked the theme's highlight."""
    path = viewer_page(tmp_path, "docs/examples/game.s40") if which == "viewer" \
        else reviewed_page(tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 860},
                                  forced_colors="active")
    shown = context.new_page()
    shown.goto(path.as_uri())
    shown.keyboard.press("n" if which == "viewer" else "]")
    frames = shown.evaluate(FRAMES)
    assert frames["turn"] and frames["others"] and frames["marked"] and frames["plain"]
    assert not set(frames["turn"]) & set(frames["others"]), frames
    assert not set(frames["marked"]) & set(frames["plain"]), frames
    context.close()


def test_focus_going_back_up_the_page_is_not_left_under_the_sticky_header(
        browser: Any, tmp_path: Path) -> None:
    """The page scrolled down, Shift+Tab from the log panel goes back to a summary table
    above it, which comes into the window below the sticky header, not under it (WCAG
    2.4.11). Chromium brings it to the middle of the window; a scroll-margin on what
    takes the focus keeps it below the header in a browser that aligns it with the top edge."""
    shown = opened(browser, reviewed_page(tmp_path), {"width": 1280, "height": 600}, False)
    shown.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    shown.page.evaluate("document.getElementById('log').focus({preventScroll: true})")
    shown.page.keyboard.press("Shift+Tab")
    hidden = shown.page.evaluate("""() => {
      const e = document.activeElement, head = document.querySelector('header');
      return [e.className, Math.max(0, head.getBoundingClientRect().bottom
                                       - e.getBoundingClientRect().top)]; }""")
    assert hidden == ["frame", 0]
    shown.close()


#: What text spacing would cut or make overlap: each element that clips its content
#: (overflow hidden or clip) holding more than it shows, and each child standing out
#: of a box that does not scroll (a card's rank and suit out of its card, say).
CUT = """() => {
  const found = [];
  for (const e of document.body.querySelectorAll('*')) {
    if (!e.getClientRects().length) continue;
    const box = e.getBoundingClientRect();
    if (box.width <= 2 && box.height <= 2) continue;  // the screen readers' words
    const style = getComputedStyle(e), overflow = style.overflowX + style.overflowY;
    const name = e.tagName + '#' + e.id + '.' + e.className;
    if (/hidden|clip/.test(overflow) && (e.scrollHeight > e.clientHeight + 1
                                         || e.scrollWidth > e.clientWidth + 1))
      found.push('cut: ' + name);
    if (/hidden|clip|auto|scroll/.test(overflow)) continue;
    for (const child of e.children) {
      if (!child.getClientRects().length || getComputedStyle(child).position === 'absolute')
        continue;
      const inner = child.getBoundingClientRect();
      if (inner.right > box.right + 2 || inner.bottom > box.bottom + 2 || inner.left < box.left - 2)
        found.push('out of ' + name + ': ' + child.tagName + '.' + child.className);
    }
  }
  return found.slice(0, 10); }"""


@pytest.mark.parametrize("viewport", [NARROW, {"width": 1280, "height": 860}],
                         ids=["320-px", "desktop"])
@pytest.mark.parametrize("which", ["viewer", "review"])
def test_text_spacing_cuts_nothing(browser: Any, tmp_path: Path, viewport: dict[str, int],
                                   which: str) -> None:
    """WCAG 1.4.12: with the spacing forced, at a violation (the viewer) and a marked
    decision (the review), nothing is cut and nothing stands out of its box."""
    path = viewer_page(tmp_path, "docs/examples/game.s40") if which == "viewer" \
        else reviewed_page(tmp_path)
    shown = opened(browser, path, viewport, spaced=True)
    shown.page.keyboard.press("n" if which == "viewer" else "]")
    assert shown.page.evaluate(CUT) == []
    assert shown.page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    assert shown.errors == []
    shown.close()


#: The contrast of each ``selector``'s border with the colour painted behind it (its
#: nearest ancestor with an opaque background), WCAG's formula.
BORDERS = """(selector) => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => { const v = rgb(c).slice(0, 3).map(u => { u /= 255;
    return u <= 0.03928 ? u / 12.92 : Math.pow((u + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const behind = e => { for (let a = e.parentElement; a; a = a.parentElement) {
      const b = getComputedStyle(a).backgroundColor;
      if (rgb(b).length === 3 || rgb(b)[3] === 1) return b; }
    return 'rgb(255, 255, 255)'; };
  return [...document.querySelectorAll(selector)].map(e => {
    const pair = [lum(getComputedStyle(e).borderTopColor), lum(behind(e))].sort((a, b) => b - a);
    return Math.round((pair[0] + 0.05) / (pair[1] + 0.05) * 100) / 100; }); }"""


def test_the_cards_of_a_review_stand_3_to_1_against_its_white_box(
        browser: Any, tmp_path: Path) -> None:
    """WCAG 1.4.11: the review's box is white, and a card's edge there was #999, 2.8:1."""
    shown = opened(browser, reviewed_page(tmp_path), {"width": 1280, "height": 860}, False)
    shown.page.keyboard.press("]")
    contrasts = shown.page.evaluate(BORDERS, "#table .review .played .card")
    assert contrasts and min(contrasts) >= 3, contrasts
    shown.close()
